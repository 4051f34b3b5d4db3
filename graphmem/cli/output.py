"""What a command hands back, and the helpers that lay its lines out."""

from __future__ import annotations

import argparse
import dataclasses
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from graphmem.model import Fact

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
