"""Replaying generated operations on a real store and on the reference model, side by side.

``Replay`` drives a :class:`graphmem.Memory` through its public API (remember with
Claims, forget, confirm, reject) and :class:`tests.reference_model.Model` with the
same operations, and ``compare`` asks both the same questions: what holds at an
instant as believed at another, at every boundary (exact starts and ends, one
microsecond either side), and each fact's history. ``tests/test_conformance.py``
runs it under hypothesis; ``bench/conformance.py`` runs it longer and counts.
"""

from __future__ import annotations

import json
import re
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from hypothesis import strategies as st

from graphmem import Claim, Memory, UnknownId
from tests.reference_model import OPEN, TIERS, Model, Statement, Version, after, before

DAY0 = datetime(2026, 1, 1, tzinfo=UTC)
CLOCK0 = datetime(2027, 1, 1, tzinfo=UTC)
SUBJECTS = ("maya", "sam")
VALUES = ("Austin", "Boston", "Denver", "Lima")
SCOPES = ("global", "project:apollo")
# name: (one-valued, literal object, preference)
PREDICATES = {
    "lives_in": (True, False, False),
    "likes": (False, True, True),
    "writing_block": (True, True, True),
}
SOURCE_AUTHORITY = {"user": "user", "email": "external", "agent": "inferred"}


def day(n: int) -> datetime:
    return DAY0 + timedelta(days=n)


@st.composite
def say(draw: st.DrawFn) -> dict[str, Any]:
    source = draw(st.sampled_from(["user", "user", "user", "email", "agent"]))
    predicate = "lives_in" if source == "email" else draw(st.sampled_from(sorted(PREDICATES)))
    start = draw(st.integers(0, 40))
    length = draw(st.one_of(st.none(), st.integers(1, 15)))
    return {
        "op": "say",
        "subject": draw(st.sampled_from(SUBJECTS)),
        "predicate": predicate,
        "value": draw(st.sampled_from(VALUES)),
        "scope": draw(st.sampled_from(SCOPES)),
        "start": start,
        "until": None if length is None else start + length,
        "said": draw(st.integers(0, 60)),
        "source": source,
        "event": source == "user" and draw(st.booleans()) and draw(st.booleans()),
    }


@st.composite
def negate(draw: st.DrawFn) -> dict[str, Any]:
    dated = draw(st.booleans())
    return {
        "op": "end" if dated else "retract",
        "subject": draw(st.sampled_from(SUBJECTS)),
        "predicate": draw(st.sampled_from(sorted(PREDICATES))),
        "value": draw(st.sampled_from(VALUES)),
        "scope": draw(st.sampled_from(SCOPES)),
        "start": draw(st.integers(0, 40)),
        "said": draw(st.integers(0, 60)),
        "source": draw(st.sampled_from(["user", "user", "email"])),
    }


def operation() -> st.SearchStrategy[dict[str, Any]]:
    pick = st.integers(0, 1000)
    return st.one_of(
        say(),
        say(),
        say(),
        negate(),
        st.fixed_dictionaries({"op": st.just("forget_episode"), "index": pick}),
        st.fixed_dictionaries({"op": st.just("forget_fact"), "index": pick}),
        st.fixed_dictionaries(
            {"op": st.just("forget_entity"), "name": st.sampled_from(VALUES + SUBJECTS)}
        ),
        st.fixed_dictionaries({"op": st.sampled_from(["confirm", "reject"]), "index": pick}),
    )


def operations(max_size: int = 14) -> st.SearchStrategy[list[dict[str, Any]]]:
    return st.lists(operation(), min_size=1, max_size=max_size)


@dataclass
class Replay:
    memory: Memory
    clock: Any
    namespace: str
    model: Model = field(default_factory=Model)
    episodes: list[tuple[str | None, int | None]] = field(default_factory=list)
    forgotten_texts: set[str] = field(default_factory=set)
    texts: dict[int, str] = field(default_factory=dict)
    tombstones: set[tuple[str, str, str]] = field(default_factory=set)
    instants: set[datetime] = field(default_factory=set)
    recorded: list[datetime] = field(default_factory=list)

    def run(self, op: dict[str, Any]) -> None:
        now = self.clock.advance(minutes=1)
        self.recorded.append(now)
        getattr(self, f"_{op['op']}")(op, now)

    # ---- what the store is told, and what the model expects of it -----------------------------

    def _claim(self, op: dict[str, Any]) -> Claim:
        data: dict[str, Any] = {"scope": op["scope"]}
        if op["op"] == "say":
            data["valid_from"] = day(op["start"])
            if op["until"] is not None:
                data["valid_until"] = day(op["until"])
            if op.get("event"):
                data["kind"] = "event"
            if op["source"] == "agent":
                data["inferred"] = True
        else:
            data["negated"] = True
            if op["op"] == "end":
                data["valid_from"] = day(op["start"])
        return Claim(op["subject"], op["predicate"], op["value"], **data)

    def _say(self, op: dict[str, Any], now: datetime) -> None:
        self._remember(op, now)

    _end = _retract = _say

    def _remember(self, op: dict[str, Any], now: datetime) -> None:
        claim = self._claim(op)
        text = f"{claim.subject} {claim.predicate} {'not ' if claim.negated else ''}{op['value']}"
        result = self.memory.remember(
            [claim], namespace=self.namespace, source=op["source"], at=day(op["said"])
        )
        replay = (
            op["source"] != "user" and " ".join(text.casefold().split()) in self.forgotten_texts
        )
        assert (result.episode_id is None) == replay, (op, result)
        index = len(self.texts)
        self.episodes.append((result.episode_id, index))
        self.texts[index] = text
        if replay:
            return
        outcome = self._expected(op, now, index)
        assert bool(result.refused) == (outcome == "refused"), (op, result, outcome)

    def _expected(self, op: dict[str, Any], now: datetime, episode: int) -> str:
        """What the model does with one claim — "stored", "refused" or "noop" — through the
        gate, the tombstones and the rules."""
        one, literal, preference = PREDICATES[op["predicate"]]
        authority = SOURCE_AUTHORITY[op["source"]]
        m = self.model
        slot = (op["subject"], op["predicate"], op["scope"])
        if op["source"] == "email" and preference:
            return "refused"  # external content never becomes a preference
        if TIERS[authority] < TIERS["user"] and (slot[0], slot[1], op["value"]) in self.tombstones:
            return "refused"  # forgotten on request
        said = day(op["said"])
        if op["op"] == "say":
            start = day(op["start"])
            until = OPEN if op["until"] is None else day(op["until"])
        else:
            start = day(op["start"]) if op["op"] == "end" else said
            until = OPEN
        statement = Statement(
            id=m.next_id + 1,
            slot=slot,
            op="assert" if op["op"] == "say" else op["op"],
            value=op["value"],
            start=start,
            until=until,
            said=said,
            recorded=now,
            authority=authority,
            status="candidate" if op["source"] == "agent" else "active",
            lane="event" if op.get("event") else "main",
            episode=episode,
            one_valued=one,
            literal=literal,
        )
        self.instants |= {start, until, said}
        if statement.op != "assert":
            if self._outranked(statement):
                return "refused"
        elif statement.status == "candidate":
            if any(
                v.value == statement.value and v.start < until and start < v.until
                for v in m.believed(slot)
                if not v.candidate
            ):
                return "noop"  # already known
        elif self._hidden(statement):
            return "refused"
        m.next_id += 1
        if statement.op == "assert" and statement.status == "active":
            for s in m.slot_statements(slot):
                if s.status == "candidate" and s.value == statement.value:
                    s.status, s.authority = "active", "confirmed"
        m.statements.append(statement)
        m.settle(slot, now)
        return "stored"

    def _outranked(self, s: Statement) -> bool:
        return any(
            o.op == "assert"
            and o.value == s.value
            and o.status in ("active", "candidate")
            and o.tier > s.tier
            and (s.op == "end" or o.said <= s.said)
            for o in self.model.slot_statements(s.slot)
        )

    def _hidden(self, s: Statement) -> bool:
        """A statement that would only sit behind a higher tier's other value is refused."""
        from tests.reference_model import derive

        runs = derive([*self.model.slot_statements(s.slot), s])
        if any(s.id in r.contributors for r in runs):
            return False
        return any(
            not r.candidate
            and r.tier > s.tier
            and r.value != s.value
            and r.start < s.until
            and s.start < r.until
            for r in runs
        )

    def _forget_episode(self, op: dict[str, Any], now: datetime) -> None:
        live = [(e, i) for e, i in self.episodes if e is not None]
        if not live:
            return
        episode_id, index = live[op["index"] % len(live)]
        self.memory.forget(self.namespace, episode=episode_id)
        self.episodes = [(e, i) for e, i in self.episodes if e != episode_id]
        gone = {s.id for s in self.model.statements if s.episode == index}
        self._forget(gone, now, episodes={index})

    def _forget_fact(self, op: dict[str, Any], now: datetime) -> None:
        versions = sorted(
            (v for v in self.model.versions if v.retired == OPEN),
            key=lambda v: (v.slot, v.key),
        )
        if not versions:
            return
        version = versions[op["index"] % len(versions)]
        self.memory.forget(self.namespace, fact=self.fact_id(version))
        gone = set(version.contributors)
        # An episode whose every statement goes is removed with them.
        episodes = {
            s.episode
            for s in self.model.statements
            if s.id in gone
            and s.episode is not None
            and all(o.id in gone for o in self.model.statements if o.episode == s.episode)
        }
        self.episodes = [(e, i) for e, i in self.episodes if i not in episodes]
        self._forget(gone, now, episodes={e for e in episodes if e is not None})

    def _forget_entity(self, op: dict[str, Any], now: datetime) -> None:
        key = op["name"].casefold()
        gone = {
            s.id
            for s in self.model.statements
            if s.slot[0] == key
            or (not s.literal and s.value.casefold() == key)
            or (s.literal and key in s.value.casefold())
        }
        try:
            self.memory.forget(self.namespace, entity=op["name"])
        except UnknownId:
            assert not gone, ("the store knows nothing about", op["name"])
            return
        # The episodes stay, with the entity's name and the forgotten values taken out.
        for s in self.model.statements:
            if s.id in gone and s.episode is not None:
                words = sorted({s.value, op["name"]}, key=len, reverse=True)
                pattern = re.compile("|".join(map(re.escape, words)), re.IGNORECASE)
                self.texts[s.episode] = pattern.sub("[forgotten]", self.texts[s.episode])
        self._forget(gone, now, episodes=set())

    def _forget(self, gone: set[int], now: datetime, episodes: set[int]) -> None:
        for s in self.model.statements:
            if s.id in gone and s.op == "assert":
                self.tombstones.add((s.slot[0], s.slot[1], s.value))
        for index in episodes:
            self.forgotten_texts.add(" ".join(self.texts[index].casefold().split()))
        self.model.remove(gone, now)

    def _candidates(self) -> list[Version]:
        return sorted(
            (v for v in self.model.versions if v.retired == OPEN and v.candidate),
            key=lambda v: (v.slot, v.key),
        )

    def _confirm(self, op: dict[str, Any], now: datetime) -> None:
        pending = self._candidates()
        if not pending:
            return
        version = pending[op["index"] % len(pending)]
        self.memory.confirm(self.fact_id(version), self.namespace)
        mine = [s for s in self.model.statements if s.id in version.contributors]
        for s in mine:
            s.status, s.authority = "active", "confirmed"
        if version.start < now < version.until:
            base = max(mine, key=lambda s: (s.said, s.recorded, s.id))
            self.model.next_id += 1
            self.model.statements.append(
                Statement(
                    id=self.model.next_id,
                    slot=base.slot,
                    op="assert",
                    value=base.value,
                    start=now,
                    until=base.until,
                    said=now,
                    recorded=now,
                    authority="confirmed",
                    status="active",
                    lane=base.lane,
                    episode=None,
                    one_valued=base.one_valued,
                    literal=base.literal,
                )
            )
            self.instants.add(now)
        self.model.settle(version.slot, now)

    def _reject(self, op: dict[str, Any], now: datetime) -> None:
        pending = self._candidates()
        if not pending:
            return
        version = pending[op["index"] % len(pending)]
        self.memory.reject(self.fact_id(version), self.namespace)
        for s in self.model.statements:
            if s.id in version.contributors:
                s.status = "rejected"
        self.model.settle(version.slot, now)

    # ---- questions ------------------------------------------------------------------------------

    def fact_id(self, version: Version) -> str:
        for fact in self.memory.facts(self.namespace, include_candidates=True, history=True):
            if fact.retired_at is None and _key(fact) == (*version.slot, *version.key):
                return fact.id
        raise AssertionError(f"the store has no fact for the model's {version}")

    def answers(self, at: datetime, known_at: datetime, candidates: bool = False) -> set[tuple]:
        facts = self.memory.facts(
            self.namespace, at=at, known_at=known_at, include_candidates=candidates
        )
        return {
            (
                f.subject.casefold(),
                f.predicate,
                f.scope,
                f.object,
                f.valid_from,
                f.valid_until or OPEN,
            )
            for f in facts
        }

    def probe_points(self) -> list[datetime]:
        points = set()
        for instant in self.instants:
            if instant != OPEN:
                points |= {instant, before(instant), after(instant)}
        return sorted(points)

    def compare(
        self, *, at: list[datetime], known: list[datetime], candidates: bool = False
    ) -> int:
        asked = 0
        for known_at in known:
            for instant in at:
                expected = self.model.facts(instant, known_at, candidates)
                got = self.answers(instant, known_at, candidates)
                assert got == expected, _mismatch(instant, known_at, got, expected)
                asked += 1
        return asked

    def compare_histories(self) -> int:
        asked = 0
        for version in self.model.versions:
            if version.retired != OPEN or version.candidate:
                continue
            chain = self.memory.history(self.fact_id(version), self.namespace)
            got = sorted((f.object, f.valid_from, f.valid_until or OPEN) for f in chain)
            assert got == self.model.history(version), (version, got)
            asked += 1
        return asked


def _key(fact: Any) -> tuple:
    return (
        fact.subject.casefold(),
        fact.predicate,
        fact.scope,
        fact.object,
        fact.valid_from,
        fact.valid_until or OPEN,
        "event" if fact.kind.value == "event" else "main",
        fact.status.value == "candidate",
    )


def _mismatch(at: datetime, known_at: datetime, got: set, expected: set) -> str:
    def show(rows: set) -> str:
        return json.dumps(sorted([list(map(str, r)) for r in rows]), indent=1)

    return (
        f"at={at.isoformat()} known_at={known_at.isoformat()}\n"
        f"store only: {show(got - expected)}\nmodel only: {show(expected - got)}"
    )


def check_sequence(memory: Memory, clock: Any, ops: list[dict[str, Any]]) -> int:
    """Replay ``ops`` on ``memory`` and on the model, comparing after every step and, at the
    end, as believed at every moment the store changed, candidates and histories included.
    Returns how many questions were compared."""
    memory.define_predicate(
        "writing_block", cardinality="one", kind="preference", object_is_entity=False
    )
    clock.set(CLOCK0)
    run = Replay(memory, clock, f"conf-{uuid.uuid4().hex[:10]}")
    asked = 0
    for op in ops:
        run.run(op)
        asked += run.compare(at=run.probe_points(), known=[clock()])
    known = sorted({k for r in run.recorded for k in (before(r), r, after(r))})
    every = [*known[:: max(1, len(known) // 12)], clock()]
    asked += run.compare(at=run.probe_points(), known=every)
    asked += run.compare(at=run.probe_points(), known=[clock()], candidates=True)
    asked += run.compare_histories()
    report = memory.check(run.namespace)
    assert report.ok, report.problems
    return asked
