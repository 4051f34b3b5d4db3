"""Does Lucene find every keyword hit recall keeps? (issue 36)

On Neo4j, recall's keyword channels ask the full-text index for ``KEYWORD_FETCH`` times the
rows they keep, ordered by Lucene's BM25 over the whole index (every tenant's documents), then
score the passing ones with BM25 over the namespace's own statistics and keep the best
(cypher/recall/candidates_facts). A hit that the namespace's BM25 ranks among the kept but
Lucene ranked below the fetched would be lost. This asks each question of the namespaces a
``retrieval.py --store neo4j --keep`` run left (LoCoMo's, by default) both ways: as recall
does, and with every match fetched; and counts the questions whose kept hits differ.

    .venv/bin/python bench/keyword_candidates.py --uri bolt://127.0.0.1:7688 --prefix rb-locomo-
"""

from __future__ import annotations

import argparse
import re
from datetime import UTC, datetime
from pathlib import Path

from _common import DEFAULT_NEO4J, add_data_argument, progress
from _retrieval_data import ADAPTERS, DEFAULT_EXTRA, default_paths

from graphmem.model import Authority
from graphmem.store.base import RecallFilter
from graphmem.store.neo4j import Neo4jStore
from graphmem.store.neo4j import recall as neo4j_recall
from graphmem.temporal import AsOf

EVERY = 1_000_000  # a fetch no namespace of the bench reaches


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--uri", default=DEFAULT_NEO4J)
    parser.add_argument("--prefix", default="rb-locomo-", help="namespaces of one dataset")
    parser.add_argument("--dataset", default="locomo", choices=sorted(ADAPTERS))
    parser.add_argument("--run", default="", help="only namespaces ending so (a run's suffix)")
    parser.add_argument("--fetch", type=int, default=0, help="instead of KEYWORD_FETCH")
    parser.add_argument("--limit", type=int, default=40, help="rows a channel keeps (k 10 x 4)")
    parser.add_argument("--data-extra", type=Path, default=DEFAULT_EXTRA)
    add_data_argument(parser)
    args = parser.parse_args()
    paths = default_paths(args.data, args.data_extra)
    conversations = ADAPTERS[args.dataset](paths[args.dataset], None).conversations
    store = Neo4jStore(args.uri)
    far = datetime(2100, 1, 1, tzinfo=UTC)
    where = RecallFilter(
        point=AsOf(far, far),
        statuses=("active",),
        authorities=tuple(a.value for a in Authority),
        sensitivities=("normal", "personal", "sensitive"),
    )
    asked = differ = lower = 0
    fetch_as_recall = args.fetch or neo4j_recall.KEYWORD_FETCH
    for namespace in store.namespaces():
        found = re.match(re.escape(args.prefix) + r"(\d+)-", namespace)
        if not found or not namespace.endswith(args.run):
            continue
        conversation = conversations[int(found.group(1))]
        for question in conversation.questions:
            kept, scores = [], []
            for fetch in (fetch_as_recall, EVERY // args.limit):
                neo4j_recall.KEYWORD_FETCH = fetch
                hits = store.keyword_episodes(namespace, where, question.text, None, args.limit)
                hits += store.keyword_facts(namespace, where, question.text, None, args.limit)
                kept.append({h.row["id"] for h in hits})
                scores.append(sorted(round(h.score, 9) for h in hits))
            neo4j_recall.KEYWORD_FETCH = fetch_as_recall
            asked += 1
            differ += kept[0] != kept[1]
            lower += scores[0] != scores[1]
        progress(f"  {namespace}: {asked} questions, {differ} other hits, {lower} lower scores")
    print(
        f"{asked} questions; the hits kept differ from those of every match fetched in {differ}"
        f" (a tie cut otherwise), and score lower in {lower} (a better hit not fetched)"
    )
    store.close()


if __name__ == "__main__":
    main()
