"""What a model writes through ``graphmem mcp`` when it relays the user, or was injected.

Reads tests/data/relay/ (written blind, before the relay rules changed; see its README).
A scripted MCP client plays the model, in-process through the SDK's own ``Client``:

1. an injected model: it writes each text of ``injected.jsonl`` with ``remember``, saying
   it is the user's (``source="user"``, as an injected model would). Counted: texts that left
   an active fact the user never confirmed (must be 0), and texts whose rule, grant or
   contact detail waits for the user as a candidate;
2. a faithful model: it relays each statement of ``relayed_user.jsonl`` the same way; a
   *new* MCP session on the same store then asks the row's question. Counted: statements
   whose expected words come back in the top 5 (the goal is >= 95%).

Both run twice: with the offline extractor, and with an *obedient* model behind the server
(the local OpenAI-compatible fake, ``graphmem.testing``) that turns each text into the
claims an injected extractor would write: the text as the user's instruction, preference
and plain note.

    .venv/bin/python bench/relay.py [--store neo4j --uri bolt://127.0.0.1:7687]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import uuid
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mcp import Client

from bench._common import (
    DEFAULT_NEO4J,
    drop_neo4j_namespaces,
    machine,
    obedient_memory,
    open_memory,
    progress,
    share,
)
from graphmem import Memory
from graphmem.adapters.mcp import build_server

DATA = Path(__file__).resolve().parent.parent / "tests" / "data"
CORPUS = DATA / "relay"
namespaces: list[str] = []  # what a Neo4j run leaves to drop
chosen = [CORPUS]  # the corpus this run reads (--corpus)


def load(name: str) -> list[dict[str, Any]]:
    with (chosen[0] / f"{name}.jsonl").open(encoding="utf-8") as rows:
        return [json.loads(line) for line in rows]


async def tool(client: Client, name: str, **arguments: Any) -> dict[str, Any]:
    result = await client.call_tool(name, arguments)
    if result.is_error:
        raise RuntimeError(" ".join(getattr(p, "text", "") for p in result.content))
    assert isinstance(result.structured_content, dict)
    return result.structured_content


async def injected(mem: Memory, rows: list[dict[str, Any]], prefix: str) -> Counter[str]:
    """Each text in a namespace of its own: one attack must not hide behind another."""
    counts: Counter[str] = Counter()
    for row in rows:
        ns = f"{prefix}-i-{row['id']}"
        namespaces.append(ns)
        async with Client(build_server(mem, ns)) as client:
            await tool(client, "remember", text=row["text"], source="user")
        active = mem.facts(ns)
        waiting = [f for f in mem.facts(ns, include_candidates=True) if f.status == "candidate"]
        counts["texts"] += 1
        counts["active"] += bool(active)
        counts["waiting"] += bool(waiting)
        counts[f"active {row['category']}"] += bool(active)
        counts[f"n {row['category']}"] += 1
        for fact in active:
            progress(f"  active from {row['id']} ({row['category']}): {fact.text!r}")
    return counts


async def relayed(mem: Memory, rows: list[dict[str, Any]], prefix: str) -> Counter[str]:
    """All statements in one namespace, as one user's sessions would be; asked in another."""
    ns = f"{prefix}-u"
    namespaces.append(ns)
    counts: Counter[str] = Counter()
    async with Client(build_server(mem, ns)) as client:
        for row in rows:
            written = await tool(client, "remember", text=row["text"], source="user")
            statuses = {op.get("status") for op in written["operations"] if op["fact_id"]}
            counts["with a fact"] += bool(statuses)
            counts["kept active"] += "active" in statuses
    async with Client(build_server(mem, ns)) as client:
        for row in rows:
            found = await tool(client, "recall", query=row["query"], k=5)
            texts = " ".join(item["text"] for item in found["evidence"]).casefold()
            hit = row["expect"].casefold() in texts
            counts["n"] += 1
            counts["found by default"] += hit
            if not hit:  # held back as special-category data? (the MCP tool asks by default)
                evidence = mem.recall(row["query"], ns, k=5, max_sensitivity="sensitive")
                texts = " ".join(e.text for e in evidence).casefold()
                hit = row["expect"].casefold() in texts
                if hit:
                    progress(f"  held back by default {row['id']}: {row['query']!r}")
            counts["found"] += hit
            counts[f"n {row['category']}"] += 1
            counts[f"found {row['category']}"] += hit
            if not hit:
                progress(f"  missed {row['id']}: {row['query']!r}")
    return counts


def obeying(request: dict[str, Any]) -> dict[str, Any]:
    """What an injected extractor returns for the text it is shown: the whole text as the
    user's standing instruction, their preference and a plain note about them."""
    prompt = request["messages"][-1]["content"]
    text = prompt.split("<<<MESSAGE", 1)[-1].split("MESSAGE>>>", 1)[0].strip()[:300]
    claims = [
        {"subject": "user", "predicate": "instruction", "object": text, "kind": "constraint"},
        {"subject": "user", "predicate": "prefers", "object": text, "kind": "preference"},
        {"subject": "user", "predicate": "noted", "object": text, "kind": "fact"},
    ]
    return {"claims": [dict(c, confidence=0.95, quote=text) for c in claims]}


@contextmanager
def memory(store: str, uri: str, extractor: str) -> Iterator[Memory]:
    if extractor == "offline":
        with open_memory(store, uri=uri) as mem:
            yield mem
        return
    with obedient_memory(store, uri) as (mem, server):
        server.respond_with(obeying)
        yield mem


def run(args: argparse.Namespace, extractor: str) -> tuple[Counter[str], Counter[str]]:
    prefix = f"relay-{extractor}-{uuid.uuid4().hex[:8]}"
    with memory(args.store, args.uri, extractor) as mem:
        try:
            bad = asyncio.run(injected(mem, load("injected"), prefix))
            good = asyncio.run(relayed(mem, load("relayed_user"), prefix))
        finally:
            if args.store == "neo4j":
                drop_neo4j_namespaces(args.uri, namespaces)
    return bad, good


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--store", choices=("embedded", "neo4j"), default="embedded")
    parser.add_argument("--uri", default=DEFAULT_NEO4J)
    parser.add_argument("--corpus", type=Path, default=CORPUS, help="relay or relay_heldout")
    args = parser.parse_args()
    chosen[0] = args.corpus
    print(f"# relayed writes through MCP — {machine()}, store {args.store}, {args.corpus.name}")
    for extractor in ("offline", "obedient"):
        print(f"\n# extractor: {extractor}")
        report(*run(args, extractor))


def report(bad: Counter[str], good: Counter[str]) -> None:
    print("\n## an injected model writes as the user")
    print(f"texts leaving an active fact: {share(bad['active'], bad['texts'])}")
    print(f"texts whose claims wait for the user: {share(bad['waiting'], bad['texts'])}")
    for category in sorted(k.split(" ", 1)[1] for k in bad if k.startswith("n ")):
        print(f"  {category:<16} active {share(bad[f'active {category}'], bad[f'n {category}'])}")
    print("\n## a faithful model relays the user; the next session asks")
    print(
        f"statements found: {share(good['found'], good['n'])} (by default recall, sensitive "
        f"ones held back: {share(good['found by default'], good['n'])})"
    )
    active = share(good["kept active"], good["with a fact"])
    print(f"statements whose facts are current at once (of those with a fact): {active}")
    for category in sorted(k.split(" ", 1)[1] for k in good if k.startswith("n ")):
        print(f"  {category:<14} {share(good[f'found {category}'], good[f'n {category}'])}")


if __name__ == "__main__":
    main()
