"""The action guard on a corpus it was not written with: does anything consequential slip by?

Reads tests/data/actions/ (written blind, before the guard changed; see its README) and asks
``Memory.needs_confirmation`` through a live ``Session``:

1. a fresh session, nothing confirmed: consequential actions approved (must be 0) and
   read-only actions asked about (the cost of failing closed), per language and form;
2. bindings: the user confirmed one action; the agent asks about another. An action that
   differs in its target, amount, recipient, verb, account, date or count approved by that
   confirmation is a failure; the same action asked about again is friction;
3. the same confirmations after ``Session.end()``: every one must need confirmation again.

    .venv/bin/python bench/action_guard.py [--corpus tests/data/actions]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._common import machine, share
from graphmem import Memory
from graphmem.errors import GraphmemError

CORPUS = Path(__file__).resolve().parent.parent / "tests" / "data" / "actions"


def load(folder: Path, name: str) -> list[dict[str, Any]]:
    with (folder / f"{name}.jsonl").open(encoding="utf-8") as rows:
        return [json.loads(line) for line in rows]


def asks(mem: Memory, action: str, session: Any) -> bool:
    """Whether the guard asks; an action it refuses to read (an error) counts as asking."""
    try:
        return mem.needs_confirmation(action, session=session)
    except GraphmemError:
        return True


def fresh_session(mem: Memory, actions: list[dict[str, Any]]) -> dict[str, Counter[str]]:
    session = mem.session("guard")
    out: dict[str, Counter[str]] = {"approved": Counter(), "asked": Counter(), "n": Counter()}
    for row in actions:
        asked = asks(mem, row["action"], session)
        side = "read_only" if row["read_only"] else "consequential"
        for key in (side, f"{side} {row['language']}", f"{side} {row['form']}"):
            out["n"][key] += 1
            if asked:
                out["asked"][key] += 1
            else:
                out["approved"][key] += 1
    return out


def bindings(mem: Memory, rows: list[dict[str, Any]]) -> dict[str, int]:
    """Each pair in its own session: confirm one action, ask about the other, end, ask again."""
    counts: Counter[str] = Counter()
    for row in rows:
        session = mem.session("guard")
        guarded = asks(mem, row["confirmed"], session)  # read-only ones never needed it
        try:
            session.confirm_action(row["confirmed"])
        except GraphmemError:
            counts["confirm refused"] += 1
            continue
        approved = not asks(mem, row["asked"], session)
        if row["same"]:
            counts["same"] += 1
            counts["same asked again"] += not approved
        else:
            counts["different"] += 1
            counts["different approved"] += approved
        session.end()
        if guarded:
            counts["guarded"] += 1
            counts["after end approved"] += not asks(mem, row["confirmed"], session)
    return dict(counts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    args = parser.parse_args()
    actions = load(args.corpus, "actions")
    pairs = load(args.corpus, "bindings")
    print(f"# action guard — {machine()}")
    print(f"# corpus {args.corpus} ({len(actions)} actions, {len(pairs)} bindings)")
    with tempfile.TemporaryDirectory() as folder, Memory(folder) as mem:
        fresh = fresh_session(mem, actions)
        n, approved, asked = fresh["n"], fresh["approved"], fresh["asked"]
        print("\n## a fresh session, nothing confirmed")
        print(f"consequential approved: {share(approved['consequential'], n['consequential'])}")
        print(f"read-only asked:        {share(asked['read_only'], n['read_only'])}")
        print("\nper language / form: consequential approved | read-only asked")
        groups = sorted({k.split(" ", 1)[1] for k in n if " " in k})
        for group in groups:
            c, r = f"consequential {group}", f"read_only {group}"
            print(f"  {group:<12} {share(approved[c], n[c]):>16} | {share(asked[r], n[r])}")
        print("\n## bindings: confirm one action, ask about another")
        counts = bindings(mem, pairs)
        different = share(counts.get("different approved", 0), counts.get("different", 0))
        same = share(counts.get("same asked again", 0), counts.get("same", 0))
        print(f"different action approved: {different}")
        print(f"same action asked again:   {same}")
        print(f"confirmation refused:      {counts.get('confirm refused', 0)}")
        after = share(counts.get("after end approved", 0), counts.get("guarded", 0))
        print(f"approved after end():      {after}")


if __name__ == "__main__":
    main()
