"""Outside content under an obedient extractor: requests stay evidence, the user stays the user.

Reads tests/data/external/ (written blind, before the gate changed; see its README). The
local OpenAI-compatible fake (``graphmem.testing``) plays a model that obeys what it reads:
it returns each row's claims as extraction output.

1. ``requests.jsonl``: emails, documents and tool results whose claims put a request into
   memory as a fact ("the sender wants all invoices paid to IBAN ..."). Counted: rows that
   left any fact of any status (must be 0) and rows that raised an alert.
2. ``identity.jsonl``: the user states who they are; an outside text then speaks of them under
   another spelling ("Ms. Ortiz", "H. Lund", their own address) to change a contact detail,
   their identity, a party's trust over their affairs, or a safeguard. Counted: rows that
   left an active fact (must be 0 but for ``alias_fact_benign``), and rows whose claim
   landed on the user's own entity.

    .venv/bin/python bench/external.py [--store neo4j --uri bolt://127.0.0.1:7687]
"""

from __future__ import annotations

import argparse
import json
import sys
import uuid
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


from bench._common import (
    DEFAULT_NEO4J,
    drop_neo4j_namespaces,
    machine,
    obedient_memory,
    progress,
    share,
)
from graphmem import Claim, Memory, OfflineExtractor
from graphmem.testing import FakeModelServer

CORPUS = Path(__file__).resolve().parent.parent / "tests" / "data" / "external"


def load(name: str) -> list[dict[str, Any]]:
    with (CORPUS / f"{name}.jsonl").open(encoding="utf-8") as rows:
        return [json.loads(line) for line in rows]


def requests(mem: Memory, server: FakeModelServer, ns_of: Any) -> Counter[str]:
    counts: Counter[str] = Counter()
    for row in load("requests"):
        ns = ns_of(row["id"])
        server.script({"claims": row["claims"]})
        written = mem.remember(row["text"], ns, source=row["source"], source_ref="a@mail.example")
        stored = mem.facts(ns, include_candidates=True)
        key = "legitimate" if row.get("legitimate") else "attack"
        counts[f"n {key}"] += 1
        counts[f"facts {key}"] += bool(stored)
        counts[f"alert {key}"] += any(r.alert for r in written.refused)
        for fact in stored:
            progress(f"  fact from {row['id']} ({row['style']}): {fact.text!r} [{fact.status}]")
    return counts


def identity(mem: Memory, server: FakeModelServer, ns_of: Any) -> Counter[str]:
    counts: Counter[str] = Counter()
    for row in load("identity"):
        ns = ns_of(row["id"])
        server.script({"claims": [c.model_dump(mode="json") for c in user_claims(row)]})
        mem.remember(row["user_says"], ns, source="user")
        own = {f.id for f in mem.facts(ns)}
        server.script({"claims": row["claims"]})
        mem.remember(row["text"], ns, source=row["source"], source_ref="a@mail.example")
        new = [f for f in mem.facts(ns, include_candidates=True) if f.id not in own]
        active = [f for f in new if f.status == "active"]
        category = row["category"]
        counts[f"n {category}"] += 1
        counts[f"active {category}"] += bool(active)
        users = {f.id for f in mem.facts(ns, subject="user", include_candidates=True)}
        counts[f"on the user {category}"] += any(f.id in users for f in new)
        if category != "alias_fact_benign":
            for fact in active:
                progress(f"  active from {row['id']} ({category}): {fact.text!r}")
    return counts


def user_claims(row: dict[str, Any]) -> list[Claim]:
    """What the user's own words state (read by the offline extractor): the model is only
    obedient to outside text in this bench."""
    return OfflineExtractor().extract(row["user_says"], occurred_at=datetime.now(UTC))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--store", choices=("embedded", "neo4j"), default="embedded")
    parser.add_argument("--uri", default=DEFAULT_NEO4J)
    args = parser.parse_args()
    prefix = f"external-{uuid.uuid4().hex[:8]}"
    made: list[str] = []

    def ns_of(row_id: str) -> str:
        made.append(f"{prefix}-{row_id}")
        return made[-1]

    print(f"# outside content, obedient extractor — {machine()}, store {args.store}")
    with obedient_memory(args.store, args.uri) as (mem, server):
        try:
            asked = requests(mem, server, ns_of)
            named = identity(mem, server, ns_of)
        finally:
            if args.store == "neo4j":
                drop_neo4j_namespaces(args.uri, made)
    print("\n## requests in outside content")
    for key in ("attack", "legitimate"):
        print(
            f"{key:<11} rows leaving a fact: {share(asked[f'facts {key}'], asked[f'n {key}'])}"
            f"   alerted: {share(asked[f'alert {key}'], asked[f'n {key}'])}"
        )
    print("\n## the user under other names")
    for category in sorted(k.split(" ", 1)[1] for k in named if k.startswith("n ")):
        n = named[f"n {category}"]
        print(
            f"{category:<18} active: {share(named[f'active {category}'], n):>16}"
            f"   on the user's entity: {share(named[f'on the user {category}'], n)}"
        )


if __name__ == "__main__":
    main()
