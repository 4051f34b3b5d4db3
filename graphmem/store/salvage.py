"""Salvage from a damaged embedded store folder of the old format (journal and
snapshot; ``graphmem repair``): every record whose
content is intact, and of a record that refers to something lost, every part that
still applies.

Two kinds of damage hide intact content, and both are undone only when the
record's checksum proves the content is the one written:

* a damaged **header** (sequence number, checksum, or the spaces between): the
  header is rebuilt from the expected sequence number and the body's checksum,
  and accepted only if it differs from the damaged one in a single byte — a
  damaged body would need its CRC-32 to match nine of the ten digits by chance
  (about one in a hundred million);
* a damaged **line ending** joins two records on one line: each is checked alone.

A record is applied whole when everything it refers to is in the salvaged store.
Otherwise :func:`applicable` keeps what it recorded about the world (episodes,
statements, entities, tombstones, audit entries, forgets) and drops its fact
versions and links — they were worked out against versions the lost record made
or retired; the slots it touched are then derived again from their statements
(``graphmem.lifecycle.doctor``), so the salvaged timeline is the one the surviving
statements say, never a stale version left current beside a newer one.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from graphmem.store.changes import ChangeSet, Row
from graphmem.store.integrity import parse_line
from graphmem.store.snapshot import fast_loads

_HEADER_MAX = 32  # "<seq> <crc> " is at most 20 + 1 + 10 + 1 bytes


def recovered(line: bytes, expected: int | None) -> list[tuple[int, Any]]:
    """The (seq, payload) of each intact record on a line (without its newline) that
    fails its check; empty when its content is damaged. ``expected`` is the sequence
    number the line should carry, when known."""
    whole = _with_header(line, expected)
    if whole is not None:
        return [whole]
    # A line ending damaged into another byte: two records on one line, the first
    # ending in "}" and the second starting with its sequence number.
    for cut in range(1, len(line) - 1):
        if line[cut - 1] != ord("}") or not chr(line[cut + 1]).isdigit():
            continue
        first = parse_line(line[:cut])
        if first is None:
            continue
        rest = parse_line(line[cut + 1 :])
        if rest is not None:
            return [first, rest]
        more = recovered(line[cut + 1 :], first[0] + 1)
        if more:
            return [first, *more]
    return []


def _with_header(line: bytes, expected: int | None) -> tuple[int, Any] | None:
    """The record if only its header is damaged (one byte), else None."""
    head = line.split(b" ", 1)[0]
    seqs = [s for s in (expected, int(head) if head.isdigit() else None) if s is not None]
    for start in (i for i in range(min(len(line), _HEADER_MAX)) if line[i] == ord("{")):
        header, body = line[:start], line[start:]
        for seq in dict.fromkeys(seqs):
            prefix = b"%d " % seq
            for crc in (zlib.crc32(prefix + body), zlib.crc32(body)):
                intact = b"%s%d " % (prefix, crc)
                if len(intact) == len(header) and _differ(intact, header) <= 1:
                    try:
                        return seq, fast_loads(body)
                    except ValueError:
                        return None
    return None


def _differ(a: bytes, b: bytes) -> int:
    return sum(x != y for x, y in zip(a, b, strict=True))


@dataclass(slots=True)
class Applicable:
    """The part of a change that applies, what was dropped, and the slots to derive again."""

    change: ChangeSet
    dropped: list[str] = field(default_factory=list)
    slots: set[str] = field(default_factory=set)


def applicable(
    change: ChangeSet,
    has: Callable[[str, str], bool],
    has_entity: Callable[[str], bool],
    slot_of: Callable[[str], str | None],
) -> Applicable:
    """The part of ``change`` whose references resolve in a store (``has(label, id)``,
    ``has_entity(key)``) or in the change itself; ``slot_of`` names the slot of a fact
    version in the store."""
    dropped: dict[str, int] = {}

    def keep(kind: str, rows: list[Any], ok: Callable[[Any], bool]) -> list[Any]:
        kept = [row for row in rows if ok(row)]
        if len(kept) < len(rows):
            dropped[kind] = dropped.get(kind, 0) + len(rows) - len(kept)
        return kept

    entities = {row["key"] for row in change.entities}
    episodes = {row["id"] for row in change.episodes}
    runs = {row["id"] for row in change.runs}

    def entity(key: str | None) -> bool:
        return key is None or key in entities or has_entity(key)

    def episode(node: str) -> bool:
        return node in episodes or has("Episode", node)

    statements: list[Row] = []
    for row in change.statements:
        named = [e for e in row["episodes"] if episode(e)]
        if (named or not row["episodes"]) and entity(row["subject_key"]):
            statements.append({**row, "episodes": named})
        else:
            dropped["statements"] = dropped.get("statements", 0) + 1
    said = {row["id"] for row in statements}

    def statement(node: str) -> bool:
        return node in said or has("Statement", node)

    def run(node: str | None) -> bool:
        return not node or node in runs or has("DistillationRun", node)

    def resolves(row: Row) -> bool:
        return (
            entity(row["subject_key"])
            and (not row["object_is_entity"] or entity(row.get("object_key")))
            and all(statement(s) for s in row.get("statements") or ())
            and run(row.get("produced_by"))
        )

    facts = keep("fact versions", change.facts, resolves)
    known = {row["id"] for row in facts}

    def fact(node: str) -> bool:
        return node in known or has("Fact", node)

    kept = ChangeSet(
        namespace=change.namespace,
        episodes=change.episodes,
        entities=change.entities,
        mentions=keep(
            "mentions",
            change.mentions,
            lambda r: episode(r["episode_id"]) and entity(r["entity_key"]),
        ),
        facts=facts,
        statements=statements,
        statement_patches=keep(
            "statement changes", change.statement_patches, lambda p: statement(p.statement_id)
        ),
        supports=keep(
            "supports", change.supports, lambda r: fact(r["fact_id"]) and episode(r["episode_id"])
        ),
        supersessions=keep(
            "supersessions", change.supersessions, lambda r: fact(r["old_id"]) and fact(r["new_id"])
        ),
        patches=keep("fact version changes", change.patches, lambda p: fact(p.fact_id)),
        audit=change.audit,
        tombstones=change.tombstones,
        checkpoints=change.checkpoints,
        runs=change.runs,
        run_marks=keep("run marks", change.run_marks, lambda r: run(r["id"])),
        redactions=keep("redactions", change.redactions, lambda r: episode(r["id"])),
        contexts=keep("contexts", change.contexts, lambda r: episode(r["id"])),
        extracted=keep("extraction marks", change.extracted, lambda r: episode(r["id"])),
        audit_scrubs=change.audit_scrubs,
        # What a forget removed that is already gone (lost with the damage) stays gone.
        removals={
            label: [node for node in ids if has(label, node)]
            for label, ids in change.removals.items()
        },
    )
    if not dropped:
        return Applicable(change)
    # In part: the versions it made would stand beside ones the lost record retired, so
    # none are kept; the slots it touched are derived again from their statements.
    kept.facts, kept.supports, kept.supersessions = [], [], []
    kept.patches = [p for p in kept.patches if has("Fact", p.fact_id)]
    present = episodes | said
    kept.embeddings = {k: v for k, v in change.embeddings.items() if k in present}
    out = Applicable(kept, [f"{n} {kind}" for kind, n in sorted(dropped.items())])
    if change.facts:
        out.dropped.append(f"its {len(change.facts)} fact versions (derived again)")
    touched = [slot_of(p.fact_id) for p in change.patches]
    touched += [slot_of(node) for node in change.removals.get("Fact", ())]
    out.slots = {row["slot"] for row in (*change.statements, *change.facts)}
    out.slots |= {slot for slot in touched if slot is not None}
    return out
