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
import json
import logging
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING

from graphmem import config
from graphmem.cli.arguments import _parser
from graphmem.cli.lifecycle_commands import (
    _check_mcp,
    _demo,
    _distill,
    _doctor,
    _eval,
    _expire,
    _export,
    _gc,
    _import,
    _mcp,
    _reextract,
    _repair,
    _rollback,
)
from graphmem.cli.output import Declined, Handler, Output
from graphmem.cli.read_commands import (
    _audit,
    _check,
    _episode,
    _facts,
    _history,
    _needs_confirmation,
    _recall,
    _stats,
)
from graphmem.cli.write_commands import (
    _check_forget,
    _config,
    _confirm,
    _feedback,
    _forget,
    _purge,
    _reembed,
    _reject,
    _remember,
    _residue,
)
from graphmem.errors import GraphmemError, InvalidArgument, UsageError

if TYPE_CHECKING:  # the store and model clients load only when a command needs them
    from graphmem.memory import Memory

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
    "reextract": _reextract,
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
    "needs-confirmation": _needs_confirmation,
}
PREFLIGHT: dict[str, Callable[[argparse.Namespace], None]] = {
    "forget": _check_forget,
    "mcp": _check_mcp,
}


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
