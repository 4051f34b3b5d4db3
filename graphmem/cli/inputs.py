"""What a command reads: files, standard input, JSON lines; and its progress line."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from graphmem.cli.arguments import _parse_when
from graphmem.errors import GraphmemError, InvalidArgument
from graphmem.model import Claim

if TYPE_CHECKING:  # the store and model clients load only when a command needs them
    pass

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
        raise InvalidArgument(f"cannot read {_name(path)}: {exc.strerror or exc}") from exc
    except UnicodeDecodeError as exc:
        raise InvalidArgument(f"{_name(path)} is not UTF-8 text: {exc.reason}") from exc
    except ValueError as exc:  # a NUL in the path
        raise InvalidArgument(f"cannot read {_name(path)}: {exc}") from exc


def _name(path: str | Path) -> str:
    text = str(path)
    if text == "-":
        return "stdin"
    # A path is told by its end: a long one keeps its last part.
    return repr(text) if len(text) <= 300 else f"'…{text[-200:]}' ({len(text):,} chars)"


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
