"""Special-category data held back from default recall, on sentences the classifier never saw.

Reads tests/data/sensitivity/statements.jsonl (written blind, before the classifier changed;
see its README): what users tell their assistant about themselves and the people in their
life, half special-category data (health, beliefs, union membership, party affiliation,
activism, a named child's details, ...) and half benign look-alikes ("Union Station",
"a party on Saturday", "our dog turns six").

Each sentence is remembered by the user in a namespace of its own, then recalled with the
sentence itself as the query, by default (no ``max_sensitivity``). Printed: sensitive
sentences that default recall returns (the goal is 0) and look-alikes labelled sensitive
(the goal is <= 10%), per category and language. ``--source document`` stores every sentence
as a document instead (a stress of graphmem.trust.whose: a user's sentence filed as a
document must still be held back).

    .venv/bin/python bench/sensitivity.py [--store neo4j --uri bolt://127.0.0.1:7687]
    .venv/bin/python bench/sensitivity.py --corpus tests/data/sensitivity_heldout --source document
"""

from __future__ import annotations

import argparse
import json
import sys
import uuid
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._common import (
    DEFAULT_NEO4J,
    drop_neo4j_namespaces,
    machine,
    open_memory,
    progress,
    share,
)
from graphmem import Memory

CORPUS = Path(__file__).resolve().parent.parent / "tests" / "data" / "sensitivity"


def load(folder: Path) -> list[dict[str, Any]]:
    with (folder / "statements.jsonl").open(encoding="utf-8") as rows:
        return [json.loads(line) for line in rows]


def judge(mem: Memory, row: dict[str, Any], ns: str, source: str = "user") -> tuple[bool, bool]:
    """(returned by default recall, labelled sensitive) for one sentence."""
    written = mem.remember(row["text"], namespace=ns, source=source)
    labelled = False
    if written.episode_id is not None:
        labelled = mem.episode(written.episode_id, ns).sensitivity == "sensitive"
    facts = mem.facts(ns, include_candidates=True)
    labelled = labelled or any(f.sensitivity == "sensitive" for f in facts)
    returned = bool(mem.recall(row["text"], namespace=ns, k=5))
    return returned, labelled


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--store", choices=("embedded", "neo4j"), default="embedded")
    parser.add_argument("--uri", default=DEFAULT_NEO4J)
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--source", choices=("user", "document"), default="user")
    args = parser.parse_args()
    rows = load(args.corpus)
    prefix = f"sens-{uuid.uuid4().hex[:8]}"
    namespaces = [f"{prefix}-{row['id']}" for row in rows]
    counts: Counter[str] = Counter()
    print(
        f"# sensitivity — {machine()}, store {args.store}, {len(rows)} sentences "
        f"told by {args.source}"
    )
    with open_memory(args.store, uri=args.uri) as mem:
        try:
            for row, ns in zip(rows, namespaces, strict=True):
                returned, labelled = judge(mem, row, ns, args.source)
                side = "sensitive" if row["sensitive"] else "benign"
                failed = returned if row["sensitive"] else labelled
                for key in (side, f"{side} {row['category']}", f"{side} lang {row['language']}"):
                    counts[f"n {key}"] += 1
                    counts[f"failed {key}"] += failed
                if failed:
                    what = "returned by default" if row["sensitive"] else "labelled sensitive"
                    progress(f"  {what}: {row['id']} {row['category']} {row['text']!r}")
        finally:
            if args.store == "neo4j":
                drop_neo4j_namespaces(args.uri, namespaces)
    returned = share(counts["failed sensitive"], counts["n sensitive"])
    labelled = share(counts["failed benign"], counts["n benign"])
    print(f"sensitive returned by default recall: {returned}")
    print(f"look-alikes labelled sensitive:       {labelled}")
    print("\nper category / language (failed of n)")
    for key in sorted(k[2:] for k in counts if k.startswith("n ") and " " in k[2:]):
        print(f"  {key:<48} {share(counts[f'failed {key}'], counts[f'n {key}'])}")


if __name__ == "__main__":
    main()
