"""A slot's timeline, derived from what was said about it — where supersession happens.

Nothing here reads a store or a clock: :func:`derive` is a pure function from
the set of statements about one slot (subject, predicate, scope) to the runs of
values it holds over valid time. Because it looks at the *set*, the answer is the
same whatever order the statements arrived in; the write path stores its result
as fact versions (``graphmem.write.consolidate``), and belief time records when each
version was the store's view.

The rules (``graphmem.temporal`` states them for users):

* An **open assertion** ("I live in Austin", from March) sets the slot's value
  from its start until the next change point — a later start of another value,
  or an end. A **backfill** (a value that starts before the current one, learned
  late) fills history up to the next known change and does not supersede it.
* A **bounded assertion** (a window: "only in September") holds inside its
  bounds over whatever the open assertions say, and the underlying value resumes
  after it. Between windows that overlap, the one said later wins.
* An **end** ("I no longer work at Acme", from May) stops its value at its
  instant: in a one-valued slot only if that value holds just then; a window of
  that value containing the instant is cut there too.
* A **retraction** ("that was wrong") cancels every assertion of its value said
  at or before it — the value was never true.
* Ties: change points at one instant apply in the order they were said; said at
  the same instant too, assertions (by value) come before ends, so an end wins.
  An assertion restating the value set at the same instant contributes to it.
* **Authority**: each tier (system > user = confirmed > inferred > external)
  has its own timeline, built from its statements and from ends and
  retractions of its tier or higher; a lower tier only fills instants where no
  higher tier holds a value (where it says the same value as the higher tier, it
  corroborates it). So external content never outranks the user, whatever order
  things arrived in.
* **Lanes**: one-off events have a timeline of their own beside the standing
  value ("move Thursday's block to 3pm" does not rewrite the rule).
* **Candidates** (inferred, unconfirmed) never compete: candidates of one value
  whose intervals overlap or touch form one run of their own, awaiting review.
* A **many-valued** slot keeps one timeline per value; values never cut each other.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from graphmem.temporal import END_OF_TIME


class Op(StrEnum):
    ASSERT = "assert"
    END = "end"
    RETRACT = "retract"


class Ended(StrEnum):
    """Why a run stops where it does — the status its fact version carries."""

    OPEN = "open"  # it still holds
    LAPSED = "lapsed"  # its own window ended
    SUPERSEDED = "superseded"  # another value (or a higher authority) took over
    EXPIRED = "expired"  # an end statement stopped it


@dataclass(frozen=True, slots=True)
class Said:
    """One statement about a slot, as derivation sees it."""

    id: str
    op: Op
    value: str  # the object as canonical JSON
    start: datetime
    until: datetime
    said_at: datetime
    tier: int
    lane: str = "main"
    candidate: bool = False

    @property
    def bounded(self) -> bool:
        return self.until < END_OF_TIME


@dataclass(frozen=True, slots=True)
class Run:
    """A maximal interval over which the slot holds ``value`` on one tier and lane."""

    value: str
    start: datetime
    until: datetime
    tier: int
    lane: str
    candidate: bool
    statements: tuple[str, ...]
    ended: Ended

    @property
    def key(self) -> tuple[str, datetime, datetime, str, bool]:
        """What makes two versions the same fact: value, bounds, lane, candidacy."""
        return (self.value, self.start, self.until, self.lane, self.candidate)


@dataclass(frozen=True, slots=True)
class _Segment:
    start: datetime
    until: datetime
    value: str | None
    setters: frozenset[str]


def derive(statements: Iterable[Said], *, one_valued: bool) -> list[Run]:
    """The runs of values the statements imply, ordered by lane, start and value."""
    said = list(statements)
    standing = _standing(said)
    runs = _candidate_runs([s for s in standing if s.candidate and s.op is Op.ASSERT])
    active = [s for s in standing if not s.candidate]
    ends = [s for s in active if s.op is Op.END]
    for lane in sorted({s.lane for s in active if s.op is Op.ASSERT}):
        asserts = [s for s in active if s.op is Op.ASSERT and s.lane == lane]
        if one_valued:
            runs += _one_valued(asserts, ends, lane)
        else:
            for value in sorted({s.value for s in asserts}):
                mine = [s for s in asserts if s.value == value]
                runs += _one_valued(mine, [e for e in ends if e.value == value], lane)
    runs.sort(key=lambda r: (r.lane, r.candidate, r.start, r.value, r.tier))
    return runs


def _standing(said: list[Said]) -> list[Said]:
    gone = cancelled(said)
    return [s for s in said if s.op is not Op.RETRACT and s.id not in gone]


def cancelled(said: Iterable[Said]) -> set[str]:
    """Assertions that a retraction of their value, said at or after them by the same tier
    or a higher one, cancels."""
    statements = list(said)
    retractions = [s for s in statements if s.op is Op.RETRACT and not s.candidate]
    return {
        s.id
        for s in statements
        if s.op is Op.ASSERT
        and any(
            r.value == s.value and r.tier >= s.tier and s.said_at <= r.said_at for r in retractions
        )
    }


def _candidate_runs(candidates: list[Said]) -> list[Run]:
    """Candidates of one value and lane that overlap or touch are one run awaiting review."""
    runs: list[Run] = []
    for lane, value in sorted({(s.lane, s.value) for s in candidates}):
        mine = sorted((s for s in candidates if (s.lane, s.value) == (lane, value)), key=_span)
        group: list[Said] = []
        for s in mine:
            if group and s.start > max(g.until for g in group):
                runs.append(_candidate_run(group))
                group = []
            group.append(s)
        runs.append(_candidate_run(group))
    return runs


def _span(s: Said) -> tuple[datetime, datetime, str]:
    return (s.start, s.until, s.id)


def _candidate_run(group: list[Said]) -> Run:
    first = group[0]
    until = max(s.until for s in group)
    ended = Ended.LAPSED if until < END_OF_TIME else Ended.OPEN
    start = min(s.start for s in group)
    tier = max(s.tier for s in group)
    ids = tuple(sorted(s.id for s in group))
    return Run(first.value, start, until, tier, first.lane, True, ids, ended)


def _one_valued(asserts: list[Said], ends: list[Said], lane: str) -> list[Run]:
    """One lane of a slot where one value holds at a time: tiers overlaid, highest first."""
    tiers = sorted({s.tier for s in asserts}, reverse=True)
    layers = [
        _tier_timeline([s for s in asserts if s.tier == tier], [e for e in ends if e.tier >= tier])
        for tier in tiers
    ]
    merged = _overlay(list(zip(tiers, layers, strict=True)))
    return _runs(merged, ends, lane)


def _tier_timeline(asserts: list[Said], ends: list[Said]) -> list[_Segment]:
    base = _base([s for s in asserts if not s.bounded], ends)
    windows = sorted(
        (w for w in (_cut(s, ends) for s in asserts if s.bounded) if w is not None),
        key=lambda w: (w.said_at, w.start, w.value, w.id),
    )
    for window in windows:
        base = _paint(
            base, _Segment(window.start, window.until, window.value, frozenset({window.id}))
        )
    return base


def _base(asserts: list[Said], ends: list[Said]) -> list[_Segment]:
    """Open assertions and ends as change points, applied in order; segments between them."""
    points = sorted(
        [(s.start, s.said_at, 0, s.value, s.id) for s in asserts]
        + [(e.start, e.said_at, 1, e.value, e.id) for e in ends]
    )
    segments: list[_Segment] = []
    state: str | None = None
    setters: frozenset[str] = frozenset()
    set_at: datetime | None = None
    i = 0
    while i < len(points):
        instant = points[i][0]
        while i < len(points) and points[i][0] == instant:
            _, _, is_end, value, sid = points[i]
            if is_end:
                if state == value:
                    state, setters, set_at = None, frozenset(), None
            elif state == value and set_at == instant:
                setters |= {sid}  # restating the value set at this very instant joins it
            else:
                state, setters, set_at = value, frozenset({sid}), instant
            i += 1
        segments.append(_Segment(instant, END_OF_TIME, state, setters))
    return _close(segments)


def _close(segments: list[_Segment]) -> list[_Segment]:
    """Each segment runs until the next one starts; empty ones are dropped."""
    out = []
    for here, after in zip(segments, [*segments[1:], None], strict=False):
        until = END_OF_TIME if after is None else after.start
        if here.value is not None and here.start < until:
            out.append(_Segment(here.start, until, here.value, here.setters))
    return out


def _cut(window: Said, ends: list[Said]) -> Said | None:
    """A window of a value that an end statement stops early ends there."""
    stops = [
        e.start for e in ends if e.value == window.value and window.start <= e.start < window.until
    ]
    if not stops:
        return window
    until = min(stops)
    if until <= window.start:
        return None
    return Said(
        window.id,
        window.op,
        window.value,
        window.start,
        until,
        window.said_at,
        window.tier,
        window.lane,
        window.candidate,
    )


def _paint(segments: list[_Segment], top: _Segment) -> list[_Segment]:
    """Lay ``top`` over ``segments``: inside its bounds it wins, outside nothing changes."""
    out: list[_Segment] = []
    for seg in segments:
        if seg.until <= top.start or seg.start >= top.until:
            out.append(seg)
            continue
        if seg.start < top.start:
            out.append(_Segment(seg.start, top.start, seg.value, seg.setters))
        if seg.until > top.until:
            out.append(_Segment(top.until, seg.until, seg.value, seg.setters))
    out.append(top)
    out.sort(key=lambda s: s.start)
    return out


def _overlay(layers: list[tuple[int, list[_Segment]]]) -> list[tuple[_Segment, int]]:
    """Where tiers overlap, the highest holds; lower tiers fill the gaps."""
    bounds = sorted({b for _, segs in layers for s in segs for b in (s.start, s.until)})
    out: list[tuple[_Segment, int]] = []
    for start, until in itertools.pairwise(bounds):
        held = [(tier, seg) for tier, segs in layers if (seg := _at(segs, start)) is not None]
        if held:
            tier, top = held[0]
            # Lower tiers saying the same thing at the same time corroborate the top one.
            setters = top.setters.union(*(s.setters for _, s in held[1:] if s.value == top.value))
            out.append((_Segment(start, until, top.value, setters), tier))
    return out


def _at(segments: list[_Segment], instant: datetime) -> _Segment | None:
    for seg in segments:
        if seg.start <= instant < seg.until:
            return seg
    return None


def _runs(pieces: list[tuple[_Segment, int]], ends: list[Said], lane: str) -> list[Run]:
    """Adjacent pieces of one value and tier become one run; each run says why it ends."""
    groups: list[tuple[_Segment, int]] = []
    for seg, tier in pieces:
        if groups:
            last, last_tier = groups[-1]
            if last.until == seg.start and last.value == seg.value and last_tier == tier:
                groups[-1] = (
                    _Segment(last.start, seg.until, seg.value, last.setters | seg.setters),
                    tier,
                )
                continue
        groups.append((seg, tier))
    starts = {seg.start for seg, _ in groups}
    runs = []
    for seg, tier in groups:
        assert seg.value is not None  # _close and _overlay keep only valued segments
        if seg.until >= END_OF_TIME:
            ended = Ended.OPEN
        elif any(e.value == seg.value and e.start == seg.until for e in ends):
            ended = Ended.EXPIRED
        elif seg.until in starts:
            ended = Ended.SUPERSEDED
        else:
            ended = Ended.LAPSED
        runs.append(
            Run(
                seg.value,
                seg.start,
                seg.until,
                tier,
                lane,
                False,
                tuple(sorted(seg.setters)),
                ended,
            )
        )
    return runs
