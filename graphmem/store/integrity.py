"""How the old format's files (journal and snapshot, before the embedded store moved
to SQLite: read to move a folder and to repair one) prove they are intact, and how
damage is found.

Journal lines are ``<seq> <crc> <body>\\n`` where the CRC-32 covers ``b"<seq> " +
body``, so a flipped digit in the sequence number is caught as surely as one in
the body (lines written before the sequence was covered carry a CRC of the body
alone, and are still read). CRC-32 catches every error of up to 32 adjacent bits,
so any single flipped byte fails the check.

Which damage may be dropped, and which is corruption:

- A **torn tail** is the bytes after the last newline. ``append`` writes a line
  with its newline in one write and returns only after fsync, so an
  acknowledged line always ends in ``\\n``; bytes without one were never
  acknowledged and are dropped (the file is cut there).
- A **complete line** (ending in ``\\n``) that fails its CRC or does not parse is
  corruption wherever it is, the last line included: a crash does not make an
  acknowledged line wrong after the fact.
- A tail that is a whole valid record followed by one byte other than a newline
  (NUL included) is an acknowledged record whose newline was damaged, not a torn
  write: corruption. (A crash can leave a whole record without its newline, or
  with a run of NULs after a partial one; those are torn, and dropped.)
- Sequence numbers go up by exactly one from line to line; anything else is
  corruption.

Snapshot and meta files (``snapshot.json``, ``keys.json``, ...) are *sealed*: a
header line ``graphmem-sealed 1 <length> <crc>`` before the JSON body. A file
that starts with ``{`` is an older, unsealed one and is read as plain JSON. A
snapshot that carries binary data after its JSON (the vectors) is sealed as
``graphmem-sealed 2 <length> <crc> <json length>``: the length and CRC cover the
JSON and the binary tail together.

Scanning never changes a file: the callers decide (the journal cuts a torn tail
only after the whole file proved intact; the doctor only reads).
"""

from __future__ import annotations

import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from graphmem.errors import StoreCorrupt
from graphmem.store.snapshot import fast_loads

_SEALED = b"graphmem-sealed"
_SEAL_VERSION = 1


@dataclass(frozen=True, slots=True)
class Damage:
    """One damaged stretch of one file; ``seqs`` is the range of journal records it
    hides (inclusive; ``None`` at an end means "unknown, up to the end")."""

    file: str
    offset: int
    reason: str
    seqs: tuple[int | None, int | None] | None = None
    recovered: bool = False  # the records it holds were read intact all the same

    def describe(self) -> str:
        text = f"{self.file} at byte {self.offset}: {self.reason}"
        if self.seqs is not None:
            low, high = self.seqs
            if low is not None and low == high:
                text += f" (record {low})"
            else:
                text += f" (records {low if low is not None else '?'}"
                text += f"..{high if high is not None else 'end'})"
        return text

    def error(self, folder: object) -> StoreCorrupt:
        return StoreCorrupt(
            f"the embedded store is damaged: {self.describe()}. Its files were left as "
            f"they were. Run `graphmem doctor {folder}` to see what is intact, and "
            f"`graphmem repair {folder} --into NEW_FOLDER` to salvage it into a new store"
        )


@dataclass(frozen=True, slots=True)
class Record:
    """One intact journal line: its bytes are ``data[offset:end]``."""

    seq: int
    offset: int
    end: int
    payload: Any


@dataclass(slots=True)
class JournalScan:
    records: list[Record] = field(default_factory=list)
    damage: list[Damage] = field(default_factory=list)
    torn_at: int | None = None  # where an unacknowledged tail starts


def seal_line(seq: int, body: bytes) -> bytes:
    head = b"%d " % seq
    return b"%s%d %s\n" % (head, zlib.crc32(head + body), body)


def parse_line(line: bytes) -> tuple[int, Any] | None:
    """The (seq, payload) of one line without its newline, or None if it fails."""
    try:
        seq_text, crc_text, body = line.split(b" ", 2)
        if not seq_text.isdigit() or not crc_text.isdigit():
            return None
        crc = int(crc_text)
        if zlib.crc32(seq_text + b" " + body) != crc and zlib.crc32(body) != crc:
            return None
        return int(seq_text), fast_loads(body)
    except ValueError:  # also UnicodeDecodeError and JSONDecodeError
        return None


def scan_journal(
    data: bytes,
    name: str = "journal.jsonl",
    *,
    recover: Callable[[bytes, int | None], list[tuple[int, Any]]] | None = None,
    first: int | None = None,
) -> JournalScan:
    """Every intact record and every damaged stretch of a journal, in file order.

    ``recover`` (the doctor's, :func:`graphmem.store.salvage.recovered`) finds the
    intact records on a line that fails its check, given the sequence number it should
    carry (``first`` for the first line, when known); such a line is still reported
    as damage, marked recovered. Opening a store never recovers: it refuses."""
    scan = JournalScan()
    pending: list[tuple[int, str]] = []  # damage waiting for the next good seq
    offset = 0
    while offset < len(data):
        newline = data.find(b"\n", offset)
        if newline < 0:
            _tail(scan, data, offset, pending, name=name, recover=recover is not None)
            break
        line = data[offset:newline]
        parsed = parse_line(line)
        if parsed is not None:
            _good(scan, Record(parsed[0], offset, newline + 1, parsed[1]), pending, name)
        elif recover is not None and (found := recover(line, _next(scan, first))):
            for seq, payload in found:
                _good(scan, Record(seq, offset, newline + 1, payload), pending, name)
            seqs = (found[0][0], found[-1][0])
            kind = "line ending" if len(found) > 1 else "header"
            reason = f"a damaged {kind}; the content is intact (repair keeps it)"
            scan.damage.append(Damage(name, offset, reason, seqs, recovered=True))
        else:
            pending.append((offset, "the record fails its checksum or does not parse"))
        offset = newline + 1
    last = scan.records[-1].seq if scan.records else None
    for at, reason in pending:
        scan.damage.append(Damage(name, at, reason, (None if last is None else last + 1, None)))
    return scan


def _next(scan: JournalScan, first: int | None) -> int | None:
    return scan.records[-1].seq + 1 if scan.records else first


def _tail(
    scan: JournalScan,
    data: bytes,
    offset: int,
    pending: list[tuple[int, str]],
    *,
    name: str,
    recover: bool,
) -> None:
    tail = data[offset:]
    whole = parse_line(tail[:-1]) if len(tail) > 1 else None
    if whole is None:
        scan.torn_at = offset
    elif recover:
        _good(scan, Record(whole[0], offset, len(data), whole[1]), pending, name)
        reason = "a damaged line ending; the content is intact (repair keeps it)"
        scan.damage.append(Damage(name, len(data) - 1, reason, (whole[0], whole[0]), True))
    else:
        # A whole record whose newline became another byte: it was acknowledged.
        pending.append((len(data) - 1, "the line ending of the last record is damaged"))


def _good(scan: JournalScan, record: Record, pending: list[tuple[int, str]], name: str) -> None:
    before = scan.records[-1].seq if scan.records else None
    for at, reason in pending:
        low = None if before is None else before + 1
        scan.damage.append(Damage(name, at, reason, (low, record.seq - 1)))
    if before is not None and record.seq <= before:
        reason = f"sequence number {record.seq} does not follow {before}"
        scan.damage.append(Damage(name, record.offset, reason, (record.seq, record.seq)))
        return
    if before is not None and not pending and record.seq != before + 1:
        reason = f"sequence jumps from {before} to {record.seq}: records are missing"
        scan.damage.append(Damage(name, record.offset, reason, (before + 1, record.seq - 1)))
    pending.clear()
    scan.records.append(record)


def seal(body: bytes, tail: bytes = b"") -> bytes:
    if tail:
        head = b"%s 2 %d %d %d\n" % (
            _SEALED,
            len(body) + len(tail),
            zlib.crc32(tail, zlib.crc32(body)),
            len(body),
        )
        return head + body + tail
    return b"%s %d %d %d\n%s" % (_SEALED, _SEAL_VERSION, len(body), zlib.crc32(body), body)


def unseal(data: bytes, name: str) -> Any:
    """The JSON value in a sealed (or older plain JSON) file; :class:`DamageFound`
    when it is not intact."""
    return unseal_parts(data, name)[0]


def unseal_parts(
    data: bytes, name: str, parse: Callable[[memoryview], Any] = fast_loads
) -> tuple[Any, memoryview]:
    """The JSON value in a sealed (or older plain JSON) file, read by ``parse``, and
    the binary data after it (empty when none); :class:`DamageFound` when it is not
    intact."""
    start = 0
    end = len(data)
    if not data.startswith(b"{"):
        newline = data.find(b"\n")
        head = data[:newline].split(b" ") if newline > 0 else []
        version = head[1] if len(head) > 1 and head[0] == _SEALED else None
        if not (version == b"1" and len(head) == 4) and not (version == b"2" and len(head) == 5):
            raise DamageFound(Damage(name, 0, "the header is damaged or missing"))
        start = newline + 1
        size = len(data) - start
        if not head[2].isdigit() or int(head[2]) != size:
            raise DamageFound(
                Damage(name, start, f"the body is {size} bytes, the header says {head[2]!r}")
            )
        if not head[3].isdigit() or zlib.crc32(memoryview(data)[start:]) != int(head[3]):
            raise DamageFound(Damage(name, start, "the body fails its checksum"))
        if version == b"2":
            if not head[4].isdigit() or int(head[4]) > size:
                raise DamageFound(Damage(name, 0, "the header is damaged or missing"))
            end = start + int(head[4])
    view = memoryview(data)
    try:
        return parse(view[start:end]), view[end:]
    except UnicodeDecodeError as exc:
        raise DamageFound(Damage(name, start + exc.start, "not UTF-8 text")) from exc
    except ValueError as exc:
        at = getattr(exc, "pos", 0)
        raise DamageFound(Damage(name, start + at, f"not valid JSON ({exc})")) from exc


class DamageFound(ValueError):
    """A sealed file is not intact; ``damage`` says where."""

    def __init__(self, damage: Damage) -> None:
        super().__init__(damage.describe())
        self.damage = damage
