"""A reference model of graphmem's temporal semantics, written to be obviously right.

It shares no code with graphmem. It keeps every statement made about a slot
and answers by brute force: the value of a slot at an instant is worked out
from scratch, instant by instant, straight from the rules in the docstring of
``graphmem.write.timeline`` (which ``graphmem.temporal`` summarises for users). Belief
time is kept as versions: after every operation each touched slot is derived
again, versions whose (value, bounds, lane, candidacy) still appear stay, others
are retired, new ones are recorded — the definition of a bitemporal view.

The conformance tests (tests/test_conformance.py) replay the same generated
operations on a real store through the public API and on this model, and compare
every answer.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

OPEN = datetime.max.replace(tzinfo=UTC)
TIERS = {"system": 4, "user": 3, "confirmed": 3, "inferred": 1, "external": 0}


@dataclass
class Statement:
    id: int
    slot: tuple[str, str, str]  # subject key, predicate, scope
    op: str  # "assert" | "end" | "retract"
    value: str
    start: datetime
    until: datetime  # OPEN when open-ended
    said: datetime
    recorded: datetime
    authority: str
    status: str  # "active" | "candidate" | "rejected"
    lane: str
    episode: int | None
    one_valued: bool
    literal: bool  # the value is a literal, not an entity

    @property
    def tier(self) -> int:
        return TIERS[self.authority]


@dataclass
class Version:
    slot: tuple[str, str, str]
    value: str
    start: datetime
    until: datetime
    lane: str
    candidate: bool
    recorded: datetime
    retired: datetime = OPEN
    contributors: set[int] = field(default_factory=set)

    @property
    def key(self) -> tuple[str, datetime, datetime, str, bool]:
        return (self.value, self.start, self.until, self.lane, self.candidate)


@dataclass(frozen=True)
class Run:
    value: str
    start: datetime
    until: datetime
    lane: str
    candidate: bool
    tier: int
    contributors: frozenset[int]

    @property
    def key(self) -> tuple[str, datetime, datetime, str, bool]:
        return (self.value, self.start, self.until, self.lane, self.candidate)


# ---- the value of a slot at one instant ------------------------------------------------


def cancelled(statements: list[Statement]) -> set[int]:
    """Assertions a retraction of their value (same tier or higher, said then or later) undoes."""
    out = set()
    for s in statements:
        for r in statements:
            if (
                s.op == "assert"
                and r.op == "retract"
                and r.status == "active"
                and r.value == s.value
                and r.tier >= s.tier
                and s.said <= r.said
            ):
                out.add(s.id)
    return out


def window_end(w: Statement, ends: list[Statement]) -> datetime:
    """A window stops at the first end of its value inside it (of its tier or higher)."""
    stops = [e.start for e in ends if e.value == w.value and w.start <= e.start < w.until]
    return min([w.until, *stops])


def base_at(
    x: datetime, asserts: list[Statement], ends: list[Statement]
) -> tuple[str | None, set[int]]:
    """Apply every change point at or before ``x`` in order; what holds, and who set it."""
    points = [(s.start, s.said, 0, s.value, s.id) for s in asserts if s.until == OPEN]
    points += [(e.start, e.said, 1, e.value, e.id) for e in ends]
    state, setters, set_at = None, set(), None
    for when, _, is_end, value, sid in sorted(p for p in points if p[0] <= x):
        if is_end:
            if state == value:
                state, setters, set_at = None, set(), None
        elif state == value and set_at == when:
            setters.add(sid)
        else:
            state, setters, set_at = value, {sid}, when
    return state, setters


def tier_at(
    x: datetime, asserts: list[Statement], ends: list[Statement]
) -> tuple[str | None, set[int]]:
    """One tier's value at ``x``: the window said last, else the open assertions."""
    windows = [w for w in asserts if w.until != OPEN and w.start <= x < window_end(w, ends)]
    if windows:
        top = max(windows, key=lambda w: (w.said, w.start, w.value, w.id))
        return top.value, {top.id}
    return base_at(x, asserts, ends)


def held_at(
    x: datetime, asserts: list[Statement], ends: list[Statement]
) -> tuple[str | None, int, set[int]]:
    """The highest tier holding a value at ``x``; lower tiers saying the same corroborate."""
    found: tuple[str | None, int, set[int]] = (None, -1, set())
    for tier in sorted({s.tier for s in asserts}, reverse=True):
        mine = [s for s in asserts if s.tier == tier]
        value, setters = tier_at(x, mine, [e for e in ends if e.tier >= tier])
        if value is None:
            continue
        if found[0] is None:
            found = (value, tier, set(setters))
        elif value == found[0]:
            found[2].update(setters)
    return found


def derive(statements: list[Statement]) -> list[Run]:
    """Every run of a slot, by brute force over the instants where anything can change."""
    live = [s for s in statements if s.status in ("active", "candidate")]
    gone = cancelled(live)
    live = [s for s in live if s.id not in gone and s.op != "retract"]
    runs = candidate_runs([s for s in live if s.status == "candidate"])
    active = [s for s in live if s.status == "active"]
    ends = [s for s in active if s.op == "end"]
    one = any(s.one_valued for s in statements)
    for lane in sorted({s.lane for s in active if s.op == "assert"}):
        asserts = [s for s in active if s.op == "assert" and s.lane == lane]
        groups = (
            [asserts]
            if one
            else [[s for s in asserts if s.value == v] for v in {s.value for s in asserts}]
        )
        for group in groups:
            mine_ends = ends if one else [e for e in ends if e.value == group[0].value]
            runs += lane_runs(group, mine_ends, lane)
    return runs


def lane_runs(asserts: list[Statement], ends: list[Statement], lane: str) -> list[Run]:
    instants = sorted(
        {s.start for s in asserts}
        | {s.until for s in asserts if s.until != OPEN}
        | {e.start for e in ends}
        | {window_end(s, ends) for s in asserts if s.until != OPEN}
    )
    pieces = []
    for i, x in enumerate(instants):
        value, tier, setters = held_at(x, asserts, ends)
        if value is not None:
            until = instants[i + 1] if i + 1 < len(instants) else OPEN
            pieces.append([value, x, until, tier, set(setters)])
    runs: list[list] = []
    for piece in pieces:
        last = runs[-1] if runs else None
        if last and last[2] == piece[1] and last[0] == piece[0] and last[3] == piece[3]:
            last[2] = piece[2]
            last[4] |= piece[4]
        else:
            runs.append(piece)
    return [Run(v, a, b, lane, False, t, frozenset(c)) for v, a, b, t, c in runs]


def candidate_runs(candidates: list[Statement]) -> list[Run]:
    """Candidates of one value and lane whose intervals overlap or touch: one run each."""
    runs = []
    for lane, value in {(s.lane, s.value) for s in candidates}:
        group = sorted(
            (s for s in candidates if (s.lane, s.value) == (lane, value)),
            key=lambda s: (s.start, s.until, s.id),
        )
        merged: list[list] = []
        for s in group:
            if merged and s.start <= merged[-1][1]:
                merged[-1][1] = max(merged[-1][1], s.until)
                merged[-1][2].add(s.id)
            else:
                merged.append([s.start, s.until, {s.id}])
        for start, until, ids in merged:
            tier = max(s.tier for s in group if s.id in ids)
            runs.append(Run(value, start, until, lane, True, tier, frozenset(ids)))
    return runs


# ---- the store as the model sees it --------------------------------------------------------


@dataclass
class Model:
    statements: list[Statement] = field(default_factory=list)
    versions: list[Version] = field(default_factory=list)
    next_id: int = 0

    def slot_statements(self, slot: tuple[str, str, str]) -> list[Statement]:
        return [s for s in self.statements if s.slot == slot]

    def believed(self, slot: tuple[str, str, str]) -> list[Version]:
        return [v for v in self.versions if v.slot == slot and v.retired == OPEN]

    def settle(self, slot: tuple[str, str, str], now: datetime, forgetting: bool = False) -> None:
        """Derive the slot again and keep versions in step, as of belief time ``now``."""
        remaining = {s.id for s in self.slot_statements(slot)}
        if forgetting:
            self.versions = [
                v for v in self.versions if v.slot != slot or v.contributors & remaining
            ]
        believed = {v.key: v for v in self.believed(slot)}
        for run in derive(self.slot_statements(slot)):
            version = believed.pop(run.key, None)
            if version is None:
                self.versions.append(
                    Version(
                        slot,
                        run.value,
                        run.start,
                        run.until,
                        run.lane,
                        run.candidate,
                        now,
                        contributors=set(run.contributors),
                    )
                )
            else:
                version.contributors = set(run.contributors)
        for version in believed.values():
            version.retired = now

    def add(self, **fields: object) -> Statement:
        self.next_id += 1
        statement = Statement(id=self.next_id, **fields)  # type: ignore[arg-type]
        self.statements.append(statement)
        return statement

    def remove(self, ids: set[int], now: datetime) -> None:
        slots = {s.slot for s in self.statements if s.id in ids}
        self.statements = [s for s in self.statements if s.id not in ids]
        for slot in slots:
            self.settle(slot, now, forgetting=True)

    # ---- answers ---------------------------------------------------------------------------

    def facts(
        self, at: datetime, known_at: datetime, candidates: bool = False
    ) -> set[tuple[str, str, str, str, datetime, datetime]]:
        return {
            (*v.slot, v.value, v.start, v.until)
            for v in self.versions
            if v.start <= at < v.until
            and v.recorded <= known_at < v.retired
            and (candidates or not v.candidate)
        }

    def history(self, version: Version) -> list[tuple[str, datetime, datetime]]:
        one = any(s.one_valued for s in self.slot_statements(version.slot))
        chain = [
            v
            for v in self.believed(version.slot)
            if v.lane == version.lane and not v.candidate and (one or v.value == version.value)
        ]
        return sorted((v.value, v.start, v.until) for v in chain)


def after(instant: datetime) -> datetime:
    return instant + timedelta(microseconds=1)


def before(instant: datetime) -> datetime:
    return instant - timedelta(microseconds=1)
