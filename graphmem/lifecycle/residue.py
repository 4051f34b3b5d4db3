"""Residue: where, in the files a store owns, forgotten text can still be read.

The deletion audit's last word: after forget and :meth:`graphmem.Memory.purge`, scan every
file under the store's folder (the embedded store's folder, or the Neo4j home with its
store files, transaction logs and index segments) for the bytes of what was forgotten.

What a byte scan can and cannot see: text stored as UTF-8 (journal, snapshot, Neo4j's
long strings and logs, Lucene's lower-cased terms) is found as written or lower-cased.
Neo4j packs short strings (about 20 characters and less) into compact encodings, so scan
for a long, distinctive phrase of the forgotten text rather than a short word.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from graphmem.errors import InvalidArgument

_CHUNK = 1 << 20


@dataclass(frozen=True, slots=True)
class Residue:
    """One place a needle was found: the file (relative to the scanned root), the byte
    offset of the match, and the needle as given."""

    file: str
    offset: int
    needle: str


def scan(root: str | Path, needles: Iterable[str]) -> list[Residue]:
    """Every occurrence of each needle (as UTF-8, as given and lower-cased) in every
    regular file under ``root``; empty means nothing was found."""
    base = Path(root)
    if not base.is_dir():
        raise InvalidArgument(f"{str(base)!r} is not a folder to scan")
    patterns: list[tuple[bytes, str]] = []
    for needle in needles:
        if not needle.strip():
            raise InvalidArgument("a needle to scan for must have visible characters")
        for form in {needle, needle.lower()}:
            patterns.append((form.encode("utf-8"), needle))
    found: list[Residue] = []
    for path in sorted(p for p in base.rglob("*") if p.is_file() and not p.is_symlink()):
        found.extend(_scan_file(path, base, patterns))
    return found


def _scan_file(path: Path, base: Path, patterns: list[tuple[bytes, str]]) -> list[Residue]:
    # Chunks overlap by the longest pattern, so a match across a boundary is not missed.
    overlap = max(len(p) for p, _ in patterns) - 1 if patterns else 0
    hits: set[tuple[int, str]] = set()
    try:
        with path.open("rb") as handle:
            start, tail = 0, b""
            while chunk := handle.read(_CHUNK):
                window = tail + chunk
                origin = start - len(tail)
                for pattern, needle in patterns:
                    at = window.find(pattern)
                    while at != -1:
                        hits.add((origin + at, needle))
                        at = window.find(pattern, at + 1)
                start += len(chunk)
                tail = window[-overlap:] if overlap else b""
    except FileNotFoundError:
        return []  # deleted while we walked (a log rotated): nothing left to hold text
    name = str(path.relative_to(base))
    return [Residue(name, offset, needle) for offset, needle in sorted(hits)]
