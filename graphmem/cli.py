"""``graphmem``: a thin command line over the public API.

The store is the embedded one at ``--path`` / ``GRAPHMEM_PATH``, or Neo4j with
``--neo4j URI`` / ``NEO4J_URI`` (``NEO4J_USER`` / ``NEO4J_PASSWORD``). Every
command prints a short, aligned summary, or JSON with ``--json``.

Exit codes: 0 done; 1 a run-time failure (store unavailable, model failed, or a
declined confirmation); 2 a usage error (bad argument, unknown id); 130
interrupted. Errors print ``graphmem: <message>`` on stderr, without a traceback.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import logging
import os
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from graphmem import __version__, config, residue
from graphmem.errors import GraphmemError, InvalidArgument, OperationFailed, UsageError
from graphmem.model import Authority, Claim, Fact, Sensitivity, SourceKind
from graphmem.results import DistillationRun, WriteResult
from graphmem.store import doctor

if TYPE_CHECKING:  # the store and model clients load only when a command needs them
    from graphmem.memory import Memory

# ---- what a command hands back ------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Output:
    """A command's result: ``payload`` for ``--json``, ``lines`` for people."""

    payload: Any
    lines: list[str]
    code: int = 0


Handler = Callable[["Memory", argparse.Namespace], Output]
Clock = Callable[[], datetime]


class Declined(Exception):
    """The user answered no to a confirmation prompt."""


# ---- arguments ----------------------------------------------------------------


def _parse_when(text: str, name: str = "at") -> datetime:
    try:
        value = datetime.fromisoformat(text)
    except (TypeError, ValueError) as exc:
        raise InvalidArgument(f"{name}={text!r} is not an ISO-8601 datetime") from exc
    if value.tzinfo is None:
        raise InvalidArgument(f"{name}={text!r} has no timezone; add Z or +00:00")
    return value


def _when(text: str) -> datetime:
    try:
        return _parse_when(text, "time")
    except InvalidArgument as exc:
        raise argparse.ArgumentTypeError(str(exc)) from exc


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive number of seconds")
    return value


def _positive(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive whole number")
    return int(text)


def _common(parser: argparse.ArgumentParser, *, top: bool) -> None:
    """Store and output options, accepted before or after the command name."""
    unset: dict[str, Any] = {} if top else {"default": argparse.SUPPRESS}
    store = parser.add_mutually_exclusive_group()
    store.add_argument("--path", help="embedded store folder (default: $GRAPHMEM_PATH)", **unset)
    store.add_argument("--neo4j", metavar="URI", help="Neo4j server (default: $NEO4J_URI)", **unset)
    parser.add_argument(
        "--model", help="model for extraction and decisions (default: $GRAPHMEM_MODEL)", **unset
    )
    parser.add_argument(
        "--embedder",
        help="hashing, semantic (pip install 'graphmem[semantic]'), openai:<model> or "
        "sentence-transformers:<path> (default: $GRAPHMEM_EMBEDDER)",
        **unset,
    )
    if top:
        parser.add_argument("--json", action="store_true", help="JSON output, for scripts")
        parser.add_argument(
            "-v", "--verbose", action="count", default=0, help="log to stderr (-vv: debug)"
        )
    else:
        parser.add_argument("--json", action="store_true", default=argparse.SUPPRESS)
        parser.add_argument("-v", "--verbose", action="count", default=argparse.SUPPRESS)


def _namespace(parser: argparse.ArgumentParser, *, required: bool = True) -> None:
    parser.add_argument("-n", "--namespace", required=required, help="the tenant, e.g. maya")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="graphmem",
        description="Agent memory on a temporal knowledge graph: a thin shell over the API.",
        epilog="Exit codes: 0 ok, 1 run-time failure, 2 usage error, 130 interrupted.",
    )
    parser.add_argument("--version", action="version", version=f"graphmem {__version__}")
    _common(parser, top=True)
    common = argparse.ArgumentParser(add_help=False)
    _common(common, top=False)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def add(name: str, text: str) -> argparse.ArgumentParser:
        return sub.add_parser(name, help=text, description=text, parents=[common])

    _add_write_commands(add)
    _add_read_commands(add)
    _add_lifecycle_commands(add)
    _add_mcp_command(add)
    add("demo", "replay the design's scenarios on a scratch embedded store")
    doc = add("doctor", "check an embedded store folder, only reading it; exit 1 when damaged")
    doc.add_argument("folder", type=Path, metavar="PATH")
    fix = add("repair", "salvage what is intact in a damaged embedded store into a new folder")
    fix.add_argument("folder", type=Path, metavar="PATH")
    fix.add_argument("--into", type=Path, required=True, metavar="NEWPATH", help="a new folder")
    ev = add("eval", "run evaluation scenarios (the built-in ones by default)")
    ev.add_argument("scenarios", nargs="*", type=Path, metavar="SCENARIO_FILE")
    ev.add_argument(
        "--store",
        choices=("embedded", "neo4j"),
        help="scratch embedded stores (default), or Neo4j (--neo4j URI or $NEO4J_URI)",
    )
    return parser


Adder = Callable[[str, str], argparse.ArgumentParser]


def _add_write_commands(add: Adder) -> None:
    rem = add("remember", "remember text (an argument, --file, stdin) or JSON Lines (--jsonl)")
    rem.add_argument("text", nargs="?", help="the text; '-' or nothing reads stdin")
    given = rem.add_mutually_exclusive_group()
    given.add_argument("--file", type=Path, help="read the text from FILE")
    given.add_argument(
        "--jsonl",
        metavar="FILE",
        help='one episode per line: {"text"|"claims", "source", "at", "session", "speaker"} '
        "(the flags give the defaults); '-' reads stdin",
    )
    _namespace(rem)
    rem.add_argument("--source", choices=[s.value for s in SourceKind], default="user")
    rem.add_argument("--at", type=_when, help="when it happened (ISO-8601 with zone)")
    rem.add_argument("--session")
    rem.add_argument("--speaker")
    rem.add_argument("--source-ref", help="where it came from (a message id, a URL)")
    rem.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        help="progress bar on stderr for --jsonl (default: when stderr is a terminal)",
    )

    for name, text in (("confirm", "confirm a candidate fact"), ("reject", "reject a candidate")):
        cmd = add(name, text)
        cmd.add_argument("fact_id")
        _namespace(cmd)

    feedback = add("feedback", "report that acting on a fact went well or badly")
    feedback.add_argument("fact_id")
    feedback.add_argument("outcome", choices=("good", "bad"))
    _namespace(feedback)
    feedback.add_argument("--note")

    forget = add("forget", "forget an episode, a fact, an entity or everything, with what followed")
    what = forget.add_mutually_exclusive_group(required=True)
    what.add_argument("--episode", metavar="ID")
    what.add_argument("--fact", metavar="ID")
    what.add_argument("--entity", metavar="NAME")
    what.add_argument("--everything", action="store_true", help="the whole namespace")
    _namespace(forget)
    forget.add_argument("-y", "--yes", action="store_true", help="do not ask for confirmation")


def _add_read_commands(add: Adder) -> None:
    recall = add("recall", "evidence for a query: filtered, then ranked")
    recall.add_argument("query")
    _namespace(recall)
    _as_of(recall)
    recall.add_argument("--scope", action="append", help="e.g. project:apollo (repeatable)")
    recall.add_argument("-k", type=_positive, help="how many pieces of evidence")
    recall.add_argument("--candidates", action="store_true", help="include candidates")
    recall.add_argument("--review", action="store_true", help="include facts due for review")
    recall.add_argument("--no-episodes", action="store_true", help="facts only")
    recall.add_argument("--min-authority", choices=[a.value for a in Authority])
    recall.add_argument("--max-sensitivity", choices=[s.value for s in Sensitivity])

    facts = add("facts", "facts as of a time, as believed at a time")
    _namespace(facts)
    facts.add_argument("--subject")
    facts.add_argument("--predicate")
    _as_of(facts)
    facts.add_argument("--scope")
    facts.add_argument("--candidates", action="store_true", help="include candidates")
    facts.add_argument("--history", action="store_true", help="every version, at any time")

    hist = add("history", "the supersession chain of a fact, oldest first")
    hist.add_argument("fact_id")
    _namespace(hist)

    episode = add("episode", "one episode: what was observed, when, from where")
    episode.add_argument("episode_id")
    _namespace(episode)

    audit = add("audit", "who changed what, and when")
    _namespace(audit)
    audit.add_argument("--since", type=_when)

    _namespace(add("stats", "how many records of each kind"))

    chk = add("check", "report every broken invariant of a namespace (nothing when healthy)")
    _namespace(chk)
    chk.add_argument(
        "--repair", action="store_true", help="rewrite datetimes not stored as UTC (migration)"
    )


def _as_of(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--at", type=_when, help="true at this time (default: now)")
    parser.add_argument("--known-at", type=_when, help="as believed at this time")


def _add_lifecycle_commands(add: Adder) -> None:
    export = add("export", "the namespace as one JSON document")
    _namespace(export)
    export.add_argument("-o", "--output", type=Path, help="write to FILE instead of stdout")

    imp = add("import", "restore an export into an empty namespace")
    imp.add_argument("file", nargs="?", default="-", help="the export document; '-' is stdin")
    _namespace(imp, required=False)

    _namespace(add("distill", "promote repeated patterns to candidates"))
    roll = add("rollback", "undo a distillation run")
    roll.add_argument("run_id")
    _namespace(roll)

    gc = add("gc", "remove weak, unused facts (a dry run unless --apply)")
    _namespace(gc)
    gc.add_argument("--apply", action="store_true", help="really remove and demote")

    _namespace(add("expire", "write down expired validity and lapsed reviews"))

    purge = add("purge", "rewrite the store's files without deleted values (all namespaces)")
    _namespace(purge, required=False)
    purge.add_argument(
        "--timeout", type=_positive_float, default=600.0, help="seconds to wait (default 600)"
    )
    add("config", "what configuration is in effect, and where each value came from")
    reembed = add("reembed", "switch the store to the configured embedder, every vector rewritten")
    reembed.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        help="progress bar on stderr (default: when stderr is a terminal)",
    )
    residue = add("residue", "scan every file under a folder for text that should be gone")
    residue.add_argument("folder", type=Path, help="the store folder, or the Neo4j home")
    residue.add_argument("text", nargs="+", help="the forgotten text (a long phrase is best)")


def _add_mcp_command(add: Adder) -> None:
    mcp = add("mcp", "serve the memory to agents over the Model Context Protocol (extra: mcp)")
    mcp.add_argument(
        "-n",
        "--namespace",
        help="the one namespace this server reads and writes (default: $GRAPHMEM_NAMESPACE)",
    )
    mcp.add_argument(
        "--namespace-from-model",
        action="store_true",
        help="let the model name the namespace in each tool call (trusted setups only)",
    )
    mcp.add_argument("--transport", choices=("stdio", "http"), default="stdio")
    mcp.add_argument("--host", default="127.0.0.1", help="http: the address to listen on")
    mcp.add_argument("--port", type=_positive, default=8000, help="http: the port (default 8000)")


# ---- input --------------------------------------------------------------------


def _read(path: str | Path) -> str:
    """A file's text, or stdin's for '-'."""
    if str(path) == "-":
        if sys.stdin.isatty():
            print("graphmem: reading stdin (end with Ctrl-D)", file=sys.stderr)
        return sys.stdin.read()
    try:
        return Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise InvalidArgument(f"cannot read {str(path)!r}: {exc.strerror or exc}") from exc
    except UnicodeDecodeError as exc:
        raise InvalidArgument(f"{str(path)!r} is not UTF-8 text: {exc.reason}") from exc


def _name(path: str | Path) -> str:
    return "stdin" if str(path) == "-" else repr(str(path))


def _text_input(args: argparse.Namespace) -> str:
    if args.file is not None:
        if args.text is not None:
            raise InvalidArgument("give the text or --file, not both")
        return _read(args.file)
    return _read("-") if args.text in (None, "-") else str(args.text)


_JSONL_KEYS = ("text", "claims", "source", "at", "session", "speaker", "source_ref")


def _jsonl_entry(line: str, args: argparse.Namespace) -> tuple[str | list[Claim], dict[str, Any]]:
    """One JSON Lines record as ``remember``'s content and options (flags as defaults)."""
    try:
        record = json.loads(line)
    except json.JSONDecodeError as exc:
        raise InvalidArgument(f"not JSON: {exc.msg} (column {exc.colno})") from exc
    if not isinstance(record, dict):
        raise InvalidArgument("each line must be a JSON object")
    unknown = sorted(set(record) - set(_JSONL_KEYS))
    if unknown:
        raise InvalidArgument(f"unknown keys {unknown}; use {', '.join(_JSONL_KEYS)}")
    if ("text" in record) == ("claims" in record):
        raise InvalidArgument('each line needs "text" or "claims" (one of them)')
    content: str | list[Claim]
    if "text" in record:
        if not isinstance(record["text"], str):
            raise InvalidArgument('"text" must be a string')
        content = record["text"]
    else:
        content = _claims(record["claims"])
    at = record.get("at")
    options = {
        "source": record.get("source", args.source),
        "at": args.at if at is None else _parse_when(str(at)),
        "session": record.get("session", args.session),
        "speaker": record.get("speaker", args.speaker),
        "source_ref": record.get("source_ref", args.source_ref),
    }
    return content, options


def _claims(value: Any) -> list[Claim]:
    if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
        raise InvalidArgument(
            '"claims" must be a list of objects like {"subject", "predicate", "object", ...}'
        )
    return [Claim(**item) for item in value]


@contextmanager
def _at_line(where: str, written: int) -> Iterator[None]:
    """Name the record that failed, and what was already written before it."""
    try:
        yield
    except GraphmemError as exc:
        note = f" ({_records(written)} before it remembered)" if written else ""
        raise type(exc)(f"{where}: {exc}{note}") from exc


def _records(n: int) -> str:
    return f"{n} record" + ("" if n == 1 else "s")


class Progress:
    """A one-line progress bar on a stream: ``remember [#####.....]  50/100``."""

    WIDTH = 30

    def __init__(self, total: int, stream: TextIO, *, enabled: bool, label: str) -> None:
        self.total, self.stream, self.enabled, self.label = total, stream, enabled, label
        self._shown = -1.0
        self._start = time.monotonic()

    def update(self, done: int) -> None:
        now = time.monotonic()
        if not self.enabled or (done < self.total and now - self._shown < 0.1):
            return
        self._shown = now
        filled = self.WIDTH * done // max(self.total, 1)
        bar = "#" * filled + "." * (self.WIDTH - filled)
        rate = done / max(now - self._start, 1e-9)
        self.stream.write(f"\r{self.label} [{bar}] {done}/{self.total}  {rate:.1f}/s")
        self.stream.flush()

    def close(self) -> None:
        if self.enabled and self._shown >= 0:
            self.stream.write("\n")
            self.stream.flush()


# ---- output helpers -----------------------------------------------------------


def _table(rows: Sequence[Sequence[str]], indent: str = "") -> list[str]:
    """Rows with every column but the last padded to its widest cell."""
    if not rows:
        return []
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]) - 1)]
    padded = ([c.ljust(w) for c, w in zip(row[:-1], widths, strict=True)] for row in rows)
    return [
        (indent + "  ".join([*cells, row[-1]])).rstrip()
        for cells, row in zip(padded, rows, strict=True)
    ]


def _day(value: datetime | None, open_end: str = "") -> str:
    return open_end if value is None else f"{value:%Y-%m-%d}"


def _span(start: datetime | None, end: datetime | None) -> str:
    if start is None and end is None:
        return ""
    return f"{_day(start, '…')}..{_day(end, 'now')}"


def _one_line(text: str, width: int = 100) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= width else flat[: width - 1] + "…"


def _fact_rows(facts: Sequence[Fact]) -> list[list[str]]:
    return [
        [f.id, f"{f.status.value}/{f.authority.value}", _span(f.valid_from, f.valid_until), f.text]
        for f in facts
    ]


def _dump(items: Sequence[Any]) -> list[Any]:
    return [item.model_dump(mode="json") for item in items]


def _ids(label: str, ids: Sequence[str]) -> list[str]:
    return [f"{label}: {', '.join(ids)}"] if ids else []


def _opts(args: argparse.Namespace, *names: str) -> dict[str, Any]:
    """The options the user gave; the API's own defaults stand for the rest."""
    return {name: getattr(args, name) for name in names if getattr(args, name) is not None}


# ---- write commands -----------------------------------------------------------


def _write_lines(result: WriteResult) -> list[str]:
    lines = [f"episode {result.episode_id}" if result.episode_id else "nothing stored"]
    if result.episode_id and not result.operations and not result.refused:
        lines.append("  no new facts")
    lines += _table(
        [[op.kind, op.fact_id or "", f"{op.claim}  — {op.reason}"] for op in result.operations]
        + [["REFUSED", "", f"{r.claim}  — {r.reason}"] for r in result.refused],
        indent="  ",
    )
    return lines


def _remember(mem: Memory, args: argparse.Namespace) -> Output:
    if args.jsonl is not None:
        if args.text is not None:
            raise InvalidArgument("give the text or --jsonl, not both")
        return _remember_jsonl(mem, args)
    result = mem.remember(
        _text_input(args),
        namespace=args.namespace,
        source=args.source,
        at=args.at,
        session=args.session,
        source_ref=args.source_ref,
        speaker=args.speaker,
    )
    return Output(result.model_dump(mode="json"), _write_lines(result))


def _remember_jsonl(mem: Memory, args: argparse.Namespace) -> Output:
    records = [
        (number, line)
        for number, line in enumerate(_read(args.jsonl).splitlines(), 1)
        if line.strip()
    ]
    shown = sys.stderr.isatty() if args.progress is None else args.progress
    bar = Progress(len(records), sys.stderr, enabled=shown, label="remember")
    results: list[WriteResult] = []
    try:
        for number, line in records:
            with _at_line(f"{_name(args.jsonl)} line {number}", len(results)):
                content, options = _jsonl_entry(line, args)
                results.append(mem.remember(content, namespace=args.namespace, **options))
            bar.update(len(results))
    except KeyboardInterrupt:
        raise KeyboardInterrupt(f"{len(results)} of {_records(len(records))} remembered") from None
    finally:
        bar.close()
    return Output(_dump(results), _bulk_summary(results))


def _bulk_summary(results: Sequence[WriteResult]) -> list[str]:
    kinds = [op.kind for result in results for op in result.operations]
    counts = ", ".join(f"{kinds.count(k)} {k.lower()}" for k in ("ADD", "UPDATE", "DELETE", "NOOP"))
    refused = sum(len(result.refused) for result in results)
    return [f"remembered {len(results)} episodes: {counts}; {refused} refused"]


def _confirm(mem: Memory, args: argparse.Namespace) -> Output:
    fact = mem.confirm(args.fact_id, namespace=args.namespace)
    return Output(fact.model_dump(mode="json"), _table(_fact_rows([fact])))


def _reject(mem: Memory, args: argparse.Namespace) -> Output:
    fact = mem.reject(args.fact_id, namespace=args.namespace)
    return Output(fact.model_dump(mode="json"), _table(_fact_rows([fact])))


def _feedback(mem: Memory, args: argparse.Namespace) -> Output:
    mem.feedback(args.fact_id, args.namespace, args.outcome, args.note)
    payload = {"fact_id": args.fact_id, "outcome": args.outcome, "note": args.note}
    return Output(payload, [f"noted: {args.fact_id} {args.outcome}"])


def _check_forget(args: argparse.Namespace) -> None:
    """Forgetting a whole namespace is asked for twice: by flag, then at a prompt."""
    if not args.everything or args.yes:
        return
    if not sys.stdin.isatty():
        raise InvalidArgument(
            f"forget --everything erases namespace {args.namespace!r}; stdin is not a "
            "terminal, so nobody can confirm: add --yes"
        )
    print(
        f"Forget everything in namespace {args.namespace!r}? This cannot be undone. [y/N] ",
        end="",
        file=sys.stderr,
        flush=True,
    )
    if sys.stdin.readline().strip().lower() not in ("y", "yes"):
        raise Declined("nothing forgotten")


def _forget(mem: Memory, args: argparse.Namespace) -> Output:
    report = mem.forget(
        args.namespace,
        episode=args.episode,
        fact=args.fact,
        entity=args.entity,
        everything=args.everything,
    )
    removed = ", ".join(f"{n} {label}" for label, n in sorted(report.removed.items()) if n)
    rows = [
        ["removed", removed or "nothing"],
        ["restored", ", ".join(report.restored)],
        ["dependents", ", ".join(report.dependents)],
        ["redacted", f"{report.redacted_episodes} episodes"],
        ["scrubbed", f"{report.scrubbed_audit_entries} audit entries"],
        ["tombstones", str(report.tombstones)],
    ]
    return Output(report.model_dump(mode="json"), _table([r for r in rows if r[1]]))


def _purge(mem: Memory, args: argparse.Namespace) -> Output:
    report = mem.purge(args.namespace, timeout=args.timeout)
    lines = [f"purged the {report.store} store in {report.seconds:.1f} s", *report.steps]
    return Output(report.model_dump(mode="json"), lines)


def _config(args: argparse.Namespace) -> Output:
    settings = config.described(
        path=args.path, neo4j=args.neo4j, model=args.model, embedder_override=args.embedder
    )
    payload = [{"setting": s.name, "value": s.value, "from": s.source} for s in settings]
    return Output(payload, _table([[s.name, s.value, s.source] for s in settings]))


def _reembed(args: argparse.Namespace) -> Output:
    # The raw store: a Memory would refuse to open on the very mismatch this resolves.
    from graphmem.reembed import reembed  # noqa: PLC0415 - keeps start-up light

    embedder = config.embedder()
    store = config.open_store(args.path, args.neo4j)
    shown = sys.stderr.isatty() if args.progress is None else args.progress
    bar = Progress(0, sys.stderr, enabled=shown, label="reembed")

    def progress(done: int, total: int) -> None:
        bar.total = total
        bar.update(done)

    try:
        count = reembed(store, embedder, progress=progress)
    finally:
        bar.close()
        store.close()
    payload = {"embedder": embedder.name, "dimensions": embedder.dimensions, "rewritten": count}
    return Output(payload, [f"{count} vectors rewritten with {embedder.name}"])


def _residue(args: argparse.Namespace) -> Output:
    found = residue.scan(args.folder, args.text)
    payload = [{"file": r.file, "offset": r.offset, "text": r.needle} for r in found]
    if not found:
        return Output(payload, ["PASS: found in no file under " + str(args.folder)])
    rows = [[r.file, str(r.offset), r.needle] for r in found]
    return Output(payload, ["FAIL: still on disk", *_table(rows)], code=1)


# ---- read commands ------------------------------------------------------------


def _recall(mem: Memory, args: argparse.Namespace) -> Output:
    found = mem.recall(
        args.query,
        namespace=args.namespace,
        at=args.at,
        known_at=args.known_at,
        scope=args.scope,
        include_candidates=args.candidates,
        include_review=args.review,
        include_episodes=not args.no_episodes,
        **_opts(args, "k", "min_authority", "max_sensitivity"),
    )
    rows = [
        [
            f"{e.score:.2f}",
            e.fact_id or e.episode_id or "",
            "/".join(x.value for x in (e.authority, e.status) if x is not None),
            _span(e.valid_from, e.valid_until),
            _one_line(e.text) + ("  (verify)" if e.needs_verification else ""),
        ]
        for e in found
    ]
    return Output(_dump(found), _table(rows) or ["no evidence"])


def _facts(mem: Memory, args: argparse.Namespace) -> Output:
    found = mem.facts(
        args.namespace,
        subject=args.subject,
        predicate=args.predicate,
        at=args.at,
        known_at=args.known_at,
        scope=args.scope,
        include_candidates=args.candidates,
        history=args.history,
    )
    return Output(_dump(found), _table(_fact_rows(found)) or ["no facts"])


def _history(mem: Memory, args: argparse.Namespace) -> Output:
    chain = mem.history(args.fact_id, namespace=args.namespace)
    rows = [
        [*row, ", ".join(s.episode_id for s in fact.support)]
        for row, fact in zip(_fact_rows(chain), chain, strict=True)
    ]
    return Output(_dump(chain), _table(rows))


def _episode(mem: Memory, args: argparse.Namespace) -> Output:
    ep = mem.episode(args.episode_id, namespace=args.namespace)
    rows = [
        ["id", ep.id],
        ["source", f"{ep.source.value} ({ep.authority.value})" + f"  {ep.source_ref or ''}"],
        ["occurred", f"{ep.occurred_at:%Y-%m-%d %H:%M:%S}"],
        ["recorded", f"{ep.recorded_at:%Y-%m-%d %H:%M:%S}"],
        ["session", ep.session or ""],
        ["redactions", str(ep.redactions)],
    ]
    lines = [*_table([r for r in rows if r[1]]), "", ep.content]
    return Output(ep.model_dump(mode="json"), lines)


def _audit(mem: Memory, args: argparse.Namespace) -> Output:
    entries = mem.audit(args.namespace, since=args.since)
    rows = [
        [f"{e.at:%Y-%m-%d %H:%M:%S}", e.actor.value, e.action, e.target_id or "", e.note or ""]
        for e in entries
    ]
    return Output(_dump(entries), _table(rows) or ["no audit entries"])


def _stats(mem: Memory, args: argparse.Namespace) -> Output:
    counts = mem.stats(args.namespace)
    return Output(counts, _table([[label, str(n)] for label, n in sorted(counts.items())]))


def _check(mem: Memory, args: argparse.Namespace) -> Output:
    report = mem.check(args.namespace, repair=args.repair)
    lines = [f"{p.kind:<22} {' '.join(p.ids)}  {p.detail}" for p in report.problems]
    summary = f"{report.facts} fact versions, {report.statements} statements: " + (
        "healthy" if report.ok else f"{len(report.problems)} problem(s)"
    )
    if report.repaired:
        summary += f"; {report.repaired} datetime(s) rewritten as UTC"
    return Output(report.model_dump(mode="json"), [*lines, summary], 0 if report.ok else 1)


# ---- lifecycle commands -------------------------------------------------------


def _export(mem: Memory, args: argparse.Namespace) -> Output:
    doc = mem.export(args.namespace)
    text = json.dumps(doc, indent=2, ensure_ascii=False)
    if args.output is None:
        return Output(doc, [text])
    try:
        args.output.write_text(text + "\n", encoding="utf-8")
    except OSError as exc:
        raise OperationFailed(f"cannot write {str(args.output)!r}: {exc.strerror or exc}") from exc
    counts = {key: len(value) for key, value in doc.items() if isinstance(value, list)}
    summary = ", ".join(f"{n} {key}" for key, n in counts.items() if n)
    return Output(
        {"namespace": args.namespace, "file": str(args.output), "counts": counts},
        [f"exported {args.namespace!r} to {args.output}: {summary or 'nothing'}"],
    )


def _import(mem: Memory, args: argparse.Namespace) -> Output:
    try:
        data = json.loads(_read(args.file))
    except json.JSONDecodeError as exc:
        raise InvalidArgument(
            f"{_name(args.file)} is not JSON: {exc.msg} (line {exc.lineno})"
        ) from exc
    if not isinstance(data, dict):
        raise InvalidArgument(f"{_name(args.file)} is not a graphmem export document")
    counts = mem.import_(data, namespace=args.namespace)
    target = args.namespace or data.get("namespace")
    lines = [f"imported into {target!r}"]
    lines += _table([[label, str(n)] for label, n in sorted(counts.items())], indent="  ")
    return Output(counts, lines)


def _run_lines(run: DistillationRun) -> list[str]:
    head = f"run {run.id}  version {run.version}  {run.status}"
    return [
        head,
        f"  {len(run.created)} candidates proposed, {len(run.patched)} facts changed",
        *("  " + line for line in _ids("candidates", run.created)),
    ]


def _distill(mem: Memory, args: argparse.Namespace) -> Output:
    run = mem.distill(args.namespace)
    return Output(run.model_dump(mode="json"), _run_lines(run))


def _rollback(mem: Memory, args: argparse.Namespace) -> Output:
    run = mem.rollback(args.run_id, namespace=args.namespace)
    return Output(run.model_dump(mode="json"), _run_lines(run))


def _gc(mem: Memory, args: argparse.Namespace) -> Output:
    report = mem.gc(args.namespace, dry_run=not args.apply)
    if report.dry_run:
        head = f"dry run: would remove {len(report.removed)}, demote {len(report.demoted)}"
        head += " (--apply to do it)" if report.removed or report.demoted else ""
    else:
        head = f"removed {len(report.removed)}, demoted {len(report.demoted)}"
    lines = [head, *_ids("  remove", report.removed), *_ids("  demote", report.demoted)]
    return Output(report.model_dump(mode="json"), lines)


def _expire(mem: Memory, args: argparse.Namespace) -> Output:
    sweep = mem.expire(args.namespace)
    lines = [
        f"expired {len(sweep.expired)}, due for review {len(sweep.needs_review)}",
        *_ids("  expired", sweep.expired),
        *_ids("  review", sweep.needs_review),
    ]
    return Output(dataclasses.asdict(sweep), lines)


def _mcp(mem: Memory, args: argparse.Namespace) -> Output:
    from graphmem import mcp_server  # noqa: PLC0415 - an optional extra

    mcp_server.serve(
        mem,
        None if args.namespace_from_model else args.namespace,
        namespace_from_model=args.namespace_from_model,
        transport=args.transport,
        host=args.host,
        port=args.port,
    )
    return Output(None, [])  # stdout belongs to the protocol: print nothing after it


def _check_mcp(args: argparse.Namespace) -> None:
    """Before the store opens: the SDK is there, and exactly one namespace policy."""
    from graphmem import mcp_server  # noqa: PLC0415 - light; the SDK loads in require_sdk

    mcp_server.require_sdk()
    args.namespace = args.namespace or config.default_namespace()
    if args.namespace_from_model and args.namespace:
        raise InvalidArgument("give --namespace or --namespace-from-model, not both")
    if not args.namespace_from_model and not args.namespace:
        raise InvalidArgument(
            "mcp needs --namespace (or GRAPHMEM_NAMESPACE): the model never picks one "
            "unless you pass --namespace-from-model"
        )


# ---- commands without a store of their own -----------------------------------


def _demo(args: argparse.Namespace) -> Output:
    from graphmem.demo import run_demo  # noqa: PLC0415 - keeps start-up light

    if not args.json:
        run_demo(print)
        return Output(None, [])
    chunks: list[str] = []
    run_demo(chunks.append)
    return Output({"output": "\n".join(chunks).splitlines()}, [])


def _eval(args: argparse.Namespace) -> Output:
    from graphmem import evaluate  # noqa: PLC0415 - only this command needs it

    scenarios = evaluate.load_scenarios(list(args.scenarios) or None)
    with _eval_memories(args) as factory:
        report = evaluate.run(scenarios, factory)
    return Output(
        report.model_dump(mode="json"),
        [evaluate.format_report(report)],
        code=0 if report.ok else 1,
    )


@contextmanager
def _eval_memories(args: argparse.Namespace) -> Iterator[Callable[[Clock], Memory]]:
    """A fresh memory per scenario (a new embedded folder, or the Neo4j server),
    all closed at the end: ``evaluate.run`` leaves closing to the factory."""
    from graphmem.memory import Memory  # noqa: PLC0415 - keeps start-up light

    uri = None
    if (args.store or ("neo4j" if args.neo4j else "embedded")) == "neo4j":
        uri = args.neo4j or config.neo4j_uri()
        if not uri:
            raise InvalidArgument("eval --store neo4j needs --neo4j URI or NEO4J_URI")
    opened: list[Memory] = []
    with tempfile.TemporaryDirectory(prefix="graphmem-eval-") as scratch:

        def make(clock: Clock) -> Memory:
            if uri:
                mem = Memory.neo4j(uri, auth=config.neo4j_auth(), clock=clock)
            else:
                mem = Memory(tempfile.mkdtemp(dir=scratch), clock=clock)
            opened.append(mem)
            return mem

        try:
            yield make
        finally:
            for mem in opened:
                mem.close()


def _doctor(args: argparse.Namespace) -> Output:
    report = doctor.diagnose(args.folder)
    return Output(report.to_json(), report.lines(), code=1 if report.damaged else 0)


def _repair(args: argparse.Namespace) -> Output:
    salvage = doctor.repair(args.folder, args.into)
    return Output(salvage.to_json(), salvage.lines())


# ---- dispatch -----------------------------------------------------------------

HANDLERS: dict[str, Handler] = {
    "remember": _remember,
    "confirm": _confirm,
    "reject": _reject,
    "feedback": _feedback,
    "forget": _forget,
    "recall": _recall,
    "facts": _facts,
    "history": _history,
    "episode": _episode,
    "audit": _audit,
    "stats": _stats,
    "check": _check,
    "export": _export,
    "import": _import,
    "distill": _distill,
    "rollback": _rollback,
    "gc": _gc,
    "expire": _expire,
    "purge": _purge,
    "mcp": _mcp,
}
STORELESS: dict[str, Callable[[argparse.Namespace], Output]] = {
    "config": _config,
    "reembed": _reembed,
    "demo": _demo,
    "eval": _eval,
    "residue": _residue,
    "doctor": _doctor,
    "repair": _repair,
}
PREFLIGHT: dict[str, Callable[[argparse.Namespace], None]] = {
    "forget": _check_forget,
    "mcp": _check_mcp,
}


def _open(args: argparse.Namespace) -> Memory:
    """Flags first (``--neo4j``, ``--path``), then the configuration (``config.open_store``)."""
    from graphmem.memory import Memory  # noqa: PLC0415 - keeps start-up light

    if args.neo4j is not None and args.path is not None:
        raise InvalidArgument("give --path or --neo4j, not both")
    if args.neo4j is not None and not args.neo4j.strip():
        raise InvalidArgument("--neo4j needs a URI, e.g. bolt://127.0.0.1:7687")
    if args.path is not None and not str(args.path).strip():
        raise InvalidArgument("--path needs a folder")
    if args.neo4j:
        return Memory.neo4j(args.neo4j, auth=config.neo4j_auth())
    return Memory(args.path)  # no path: the configuration chooses, as for Memory()


def _execute(args: argparse.Namespace) -> Output:
    # A flag is its variable, set for this process (and what it starts): one rule for all.
    for flag, variable in (("model", "GRAPHMEM_MODEL"), ("embedder", "GRAPHMEM_EMBEDDER")):
        if getattr(args, flag, None):
            os.environ[variable] = getattr(args, flag)
    if args.verbose:
        logging.basicConfig(
            level=logging.DEBUG if args.verbose > 1 else logging.INFO,
            format="graphmem: %(levelname)s %(name)s: %(message)s",
            stream=sys.stderr,
        )
    if args.command in STORELESS:
        return STORELESS[args.command](args)
    if args.command in PREFLIGHT:
        PREFLIGHT[args.command](args)
    with _open(args) as mem:
        return HANDLERS[args.command](mem, args)


def _emit(args: argparse.Namespace, out: Output) -> None:
    if args.json:
        if out.payload is not None:
            print(json.dumps(out.payload, indent=2, ensure_ascii=False))
        return
    for line in out.lines:
        print(line)


def _fail(message: str, code: int) -> int:
    print(f"graphmem: {message}", file=sys.stderr)
    return code


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = _parser().parse_args(argv)
    except SystemExit as exc:  # --help, --version, or a usage error already printed
        return exc.code if isinstance(exc.code, int) else 2
    try:
        out = _execute(args)
        _emit(args, out)
    except KeyboardInterrupt as exc:
        return _fail(f"interrupted{': ' if exc.args else ''}{exc}", 130)
    except Declined as exc:
        return _fail(str(exc), 1)
    except GraphmemError as exc:
        return _fail(str(exc), 2 if isinstance(exc, UsageError) else 1)
    except BrokenPipeError:  # the reader went away (| head): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    return out.code


if __name__ == "__main__":
    sys.exit(main())
