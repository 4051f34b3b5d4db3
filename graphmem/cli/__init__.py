"""``graphmem``: a thin command line over the public API.

The store is the embedded one at ``--path`` / ``GRAPHMEM_PATH``, or Neo4j with
``--neo4j URI`` / ``NEO4J_URI`` (``NEO4J_USER`` / ``NEO4J_PASSWORD``). Every
command prints a short, aligned summary, or JSON with ``--json``.

Exit codes: 0 done; 1 a run-time failure (store unavailable, model failed, or a
declined confirmation); 2 a usage error (bad argument, unknown id); 3 from
``needs-confirmation``: the action needs the user's confirmation; 130 interrupted.
Errors print ``graphmem: <message>`` on stderr, without a traceback.

The package reads as the command line does: ``arguments`` (the grammar), ``inputs``
(files, stdin, JSON lines), the commands by what they do (``write_commands``,
``read_commands``, ``lifecycle_commands``), ``output`` (what a command hands back and
how it is laid out), and here the dispatch.
"""

from __future__ import annotations

import argparse
import importlib
import json
import logging
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from graphmem import config
from graphmem.cli.arguments import _parser
from graphmem.cli.output import Declined, Output
from graphmem.errors import GraphmemError, InvalidArgument, UsageError

if TYPE_CHECKING:  # the store and model clients load only when a command needs them
    from graphmem.memory import Memory

# Each command's function, as "module:function" of this package: a command imports only
# its own module (``graphmem --help`` loads no store, no numpy, no pydantic model).
HANDLERS: dict[str, str] = {
    "remember": "write_commands:_remember",
    "confirm": "write_commands:_confirm",
    "reject": "write_commands:_reject",
    "edit": "write_commands:_edit",
    "todos": "write_commands:_todos",
    "feedback": "write_commands:_feedback",
    "forget": "write_commands:_forget",
    "recall": "read_commands:_recall",
    "facts": "read_commands:_facts",
    "history": "read_commands:_history",
    "episode": "read_commands:_episode",
    "audit": "read_commands:_audit",
    "stats": "read_commands:_stats",
    "check": "read_commands:_check",
    "connections": "read_commands:_connections",
    "export": "lifecycle_commands:_export",
    "import": "lifecycle_commands:_import",
    "distill": "lifecycle_commands:_distill",
    "reextract": "lifecycle_commands:_reextract",
    "rollback": "lifecycle_commands:_rollback",
    "gc": "lifecycle_commands:_gc",
    "expire": "lifecycle_commands:_expire",
    "maintain": "lifecycle_commands:_maintain",
    "compare-models": "lifecycle_commands:_compare_models",
    "retention": "lifecycle_commands:_retention",
    "purge": "write_commands:_purge",
    "mcp": "lifecycle_commands:_mcp",
}
STORELESS: dict[str, str] = {
    "config": "write_commands:_config",
    "reembed": "write_commands:_reembed",
    "demo": "lifecycle_commands:_demo",
    "eval": "lifecycle_commands:_eval",
    "residue": "write_commands:_residue",
    "doctor": "lifecycle_commands:_doctor",
    "repair": "lifecycle_commands:_repair",
    "needs-confirmation": "read_commands:_needs_confirmation",
}
PREFLIGHT: dict[str, str] = {
    "forget": "write_commands:_check_forget",
    "mcp": "lifecycle_commands:_check_mcp",
}


def command(spec: str) -> Callable[..., Any]:
    """The function a "module:function" spec of this package names, imported now."""
    module, _, name = spec.partition(":")
    function: Callable[..., Any] = getattr(importlib.import_module(f"graphmem.cli.{module}"), name)
    return function


def _open(args: argparse.Namespace) -> Memory:
    """Flags first (``--neo4j``, ``--path``), then the configuration (``factory.open_store``)."""
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
        out: Output = command(STORELESS[args.command])(args)
        return out
    if args.command in PREFLIGHT:
        command(PREFLIGHT[args.command])(args)
    with _open(args) as mem:
        out = command(HANDLERS[args.command])(mem, args)
        return out


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


@contextmanager
def _notices(*, quiet: bool) -> Iterator[None]:
    """Warnings (a model being retried, a message kept while the model failed) reach the
    person waiting, on stderr, while the command runs; ``-v`` has its own logging."""
    if quiet:
        yield
        return
    handler = logging.StreamHandler(sys.stderr)
    handler.setLevel(logging.WARNING)
    handler.setFormatter(logging.Formatter("graphmem: %(message)s"))
    logger = logging.getLogger("graphmem")
    logger.addHandler(handler)
    try:
        yield
    finally:
        logger.removeHandler(handler)


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = _parser().parse_args(argv)
    except SystemExit as exc:  # --help, --version, or a usage error already printed
        return exc.code if isinstance(exc.code, int) else 2
    try:
        with _notices(quiet=bool(args.verbose)):
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
