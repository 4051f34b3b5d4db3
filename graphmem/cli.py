"""``graphmem``: a thin command line over the public API.

A :class:`~graphmem.errors.GraphmemError` prints its message and exits 1 (2 for
a usage error), without a traceback. The store is the embedded one at
``--path`` / ``GRAPHMEM_PATH``, or Neo4j with ``--neo4j URI`` / ``NEO4J_URI``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from graphmem import config
from graphmem.demo import run_demo
from graphmem.errors import GraphmemError, UsageError
from graphmem.memory import Memory


def _when(text: str) -> datetime:
    try:
        value = datetime.fromisoformat(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"{text!r} is not an ISO-8601 datetime") from exc
    if value.tzinfo is None:
        raise argparse.ArgumentTypeError(f"{text!r} has no timezone; add Z or +00:00")
    return value


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="graphmem", description=__doc__.splitlines()[0])
    parser.add_argument("--path", help="embedded store folder (default: $GRAPHMEM_PATH)")
    parser.add_argument("--neo4j", metavar="URI", help="use Neo4j at URI (default: $NEO4J_URI)")
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    sub = parser.add_subparsers(dest="command", required=True)

    rem = sub.add_parser("remember", help="remember text (an argument, a file, or stdin)")
    rem.add_argument("text", nargs="?", help="the text; '-' or nothing reads stdin")
    rem.add_argument("--file", help="read the text from this file")
    rem.add_argument("-n", "--namespace", required=True)
    rem.add_argument("--source", default="user")
    rem.add_argument("--at", type=_when, help="when it happened (ISO-8601 with zone)")
    rem.add_argument("--session")

    facts = sub.add_parser("facts", help="facts as of a time, as believed at a time")
    facts.add_argument("-n", "--namespace", required=True)
    facts.add_argument("--subject")
    facts.add_argument("--predicate")
    facts.add_argument("--at", type=_when)
    facts.add_argument("--known-at", type=_when)
    facts.add_argument("--candidates", action="store_true", help="include candidates")

    hist = sub.add_parser("history", help="the supersession chain of a fact")
    hist.add_argument("fact_id")
    hist.add_argument("-n", "--namespace", required=True)

    sub.add_parser("demo", help="replay the design's scenarios on a scratch embedded store")
    return parser


def _open(args: argparse.Namespace) -> Memory:
    uri = args.neo4j or (None if args.path else config.neo4j_uri())
    if uri:
        return Memory.neo4j(uri, auth=config.neo4j_auth())
    return Memory(args.path)


def _emit(args: argparse.Namespace, payload: Any, lines: Sequence[str]) -> None:
    if args.json:
        print(json.dumps(payload, indent=2, default=str))
    else:
        for line in lines:
            print(line)


def _run(args: argparse.Namespace) -> None:
    if args.command == "demo":
        run_demo(print)
        return
    with _open(args) as mem:
        if args.command == "remember":
            text = args.text
            if args.file:
                with open(args.file, encoding="utf-8") as handle:
                    text = handle.read()
            elif text in (None, "-"):
                text = sys.stdin.read()
            result = mem.remember(
                text, namespace=args.namespace, source=args.source, at=args.at, session=args.session
            )
            lines = [f"episode {result.episode_id}"]
            lines += [f"  {op.kind:<6} {op.claim}  ({op.reason})" for op in result.operations]
            lines += [f"  REFUSED {r.claim}: {r.reason}" for r in result.refused]
            _emit(args, result.model_dump(mode="json"), lines)
        elif args.command == "facts":
            found = mem.facts(
                args.namespace,
                subject=args.subject,
                predicate=args.predicate,
                at=args.at,
                known_at=args.known_at,
                include_candidates=args.candidates,
            )
            _emit(
                args,
                [f.model_dump(mode="json") for f in found],
                [f"{f.id}  {f.text}  [{f.status.value}, {f.authority.value}]" for f in found],
            )
        elif args.command == "history":
            chain = mem.history(args.fact_id, namespace=args.namespace)
            _emit(
                args,
                [f.model_dump(mode="json") for f in chain],
                [
                    f"{f.valid_from:%Y-%m-%d} .. "
                    f"{'now' if f.valid_until is None else f'{f.valid_until:%Y-%m-%d}'}  {f.text}  "
                    f"[{f.status.value}] from {', '.join(s.episode_id for s in f.support)}"
                    for f in chain
                ],
            )


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        _run(args)
    except GraphmemError as exc:
        print(f"graphmem: {exc}", file=sys.stderr)
        return 2 if isinstance(exc, UsageError) else 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
