"""The command line's grammar: every command, its flags and their checks."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from graphmem import __version__
from graphmem.errors import InvalidArgument
from graphmem.model import Authority, Sensitivity, SourceKind

if TYPE_CHECKING:  # the store and model clients load only when a command needs them
    pass

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
        help="semantic (offline, the default for a new store), hashing (no model), contextual "
        "(pip install 'graphmem[contextual]'), openai:<model> or sentence-transformers:<path> "
        "(default: $GRAPHMEM_EMBEDDER, else the store's own)",
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
        epilog="Exit codes: 0 ok, 1 run-time failure, 2 usage error, 3 needs-confirmation: yes, "
        "130 interrupted.",
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

    edit = add("edit", "the user's edit of a fact: a new value that supersedes it (history kept)")
    edit.add_argument("fact_id")
    edit.add_argument("value", help="the new value (JSON if it parses as JSON, else text)")
    _namespace(edit)
    edit.add_argument("--from", dest="valid_from", type=_when, help="when the new value holds from")
    edit.add_argument(
        "--correction", action="store_true", help="the old value was never right: retract it"
    )
    edit.add_argument("--preview", action="store_true", help="show the change, write nothing")

    todos = add("todos", "the open items on the user's list; --done / --cancel one")
    _namespace(todos)
    closing = todos.add_mutually_exclusive_group()
    closing.add_argument("--done", metavar="ID", help="close a todo as done")
    closing.add_argument("--cancel", metavar="ID", help="take a todo off the list, not done")
    closing.add_argument("--all", action="store_true", help="include done and cancelled ones")

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

    guard = add(
        "needs-confirmation",
        "whether an action needs the user's confirmation: yes unless known to only read "
        "(exit 0: no, 3: yes)",
    )
    guard.add_argument("action", help='e.g. "sendEmail", "pay the rent", "ls -la"')

    chk = add("check", "report every broken invariant of a namespace (nothing when healthy)")
    _namespace(chk)
    chk.add_argument(
        "--repair", action="store_true", help="rewrite datetimes not stored as UTC (migration)"
    )

    links = add("connections", "the services connected, with their permission scope; --revoke one")
    _namespace(links)
    links.add_argument("--at", type=_when, help="connected at this time (default: now)")
    links.add_argument("--all", action="store_true", help="include revoked and superseded ones")
    links.add_argument("--revoke", metavar="SERVICE", help="end the connection to SERVICE now")
    links.add_argument("--account", help="with --revoke: only this account of the service")


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
    again = add("reextract", "read again the episodes kept while the model failed")
    _namespace(again)
    again.add_argument("--limit", type=int, default=100, help="at most this many (100)")
    roll = add("rollback", "undo a distillation run")
    roll.add_argument("run_id")
    _namespace(roll)

    gc = add("gc", "remove weak, unused facts (a dry run unless --apply)")
    _namespace(gc)
    gc.add_argument("--apply", action="store_true", help="really remove and demote")

    _namespace(add("expire", "write down expired validity and lapsed reviews"))

    maintain = add(
        "maintain",
        "run the lifecycle jobs that are due (daily, weekly, monthly): for cron or any scheduler",
    )
    maintain.add_argument(
        "-n", "--namespace", help="one tenant (default: every namespace of the store)"
    )
    maintain.add_argument(
        "--now", type=_when, help="run what is due as of this time (default: the clock)"
    )

    compare = add(
        "compare-models",
        "read sampled messages with the configured model and another; show where their "
        "permission decisions differ (writes nothing)",
    )
    compare.add_argument(
        "other", nargs="?", help="the model to compare with (default: GRAPHMEM_COMPARE_MODEL)"
    )
    _namespace(compare)
    compare.add_argument(
        "--sample", type=_positive, default=20, help="messages read again (default 20)"
    )

    retention = add(
        "retention", "how long raw episode text is kept before maintain reduces it to its claims"
    )
    _namespace(retention)
    keep = retention.add_mutually_exclusive_group()
    keep.add_argument("--keep-days", type=_positive, help="keep raw text this many days")
    keep.add_argument("--forever", action="store_true", help="keep raw text for good (default)")

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
    mcp.add_argument(
        "--user-verbatim",
        action="store_true",
        help="the host passes the user's own messages to remember unchanged: store "
        "source=user as the user's (by default it is stored as relayed by the model)",
    )
    mcp.add_argument("--transport", choices=("stdio", "http"), default="stdio")
    mcp.add_argument("--host", default="127.0.0.1", help="http: the address to listen on")
    mcp.add_argument("--port", type=_positive, default=8000, help="http: the port (default 8000)")
