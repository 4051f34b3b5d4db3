"""A chat turn's keyword window — the two turns before it and the one after, in its
session — compared with a reference model on generated sessions, on both stores: turns
arriving out of date order, several at one instant, tool output between turns, sensitive
turns, and turns forgotten afterwards."""

from __future__ import annotations

import random
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from graphmem import Memory
from graphmem.write.context import from_ids
from tests.stores import Clock

NS = Callable[[str], str]
T0 = datetime(2026, 5, 2, 18, 0, tzinfo=UTC)
SESSION = "s1"


@dataclass(frozen=True)
class Turn:
    minute: int  # when it occurred; equal minutes are one instant
    source: str
    sensitive: bool

    def text(self, number: int) -> str:
        if self.sensitive:
            return f"Caroline: I was diagnosed with diabetes, said in turn {number}."
        return f"Caroline: we talked about kayaks in turn {number}."


turns = st.lists(
    st.builds(
        Turn,
        minute=st.integers(0, 3),
        source=st.sampled_from(["user", "agent", "tool"]),
        sensitive=st.booleans(),
    ),
    min_size=1,
    max_size=6,
)


def expected(session: list[tuple[str, Turn, str]]) -> dict[str, tuple[list[str], str | None]]:
    """The reference: each turn's window over the session in order (id, turn, text)."""
    out = {}
    for at, (ep_id, turn, _) in enumerate(session):
        around = [*session[max(0, at - 2) : at], *session[at + 1 : at + 2]]
        lenders = [
            (i, text)
            for i, t, text in around
            if t.source in ("user", "agent") and not t.sensitive and turn.source != "tool"
        ]
        joined = "\n".join(text for _, text in lenders) or None
        out[ep_id] = ([i for i, _ in lenders], joined)
    return out


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    session=turns,
    arrival=st.randoms(use_true_random=False),
    forgotten=st.lists(st.integers(0, 5), max_size=2, unique=True),
)
def test_windows_match_the_reference_in_any_arrival_order(
    memory: Memory,
    clock: Clock,
    ns: NS,
    *,
    session: list[Turn],
    arrival: random.Random,
    forgotten: list[int],
) -> None:
    space = ns(f"window-{uuid.uuid4().hex[:6]}")  # one per example: forgotten text stays refused
    order = list(range(len(session)))
    arrival.shuffle(order)
    stored: list[tuple[int, str, Turn, str]] = []  # arrival, id, turn, text
    for arrived, number in enumerate(order):
        turn = session[number]
        clock.advance(seconds=1)  # recorded in arrival order
        result = memory.remember(
            turn.text(number),
            namespace=space,
            source=turn.source,
            at=T0 + timedelta(minutes=turn.minute),
            session=SESSION,
        )
        assert result.episode_id is not None
        stored.append((arrived, result.episode_id, turn, turn.text(number)))
    gone = {stored[i][1] for i in forgotten if i < len(stored)}
    for episode_id in sorted(gone):
        memory.forget(space, episode=episode_id)
    # Same instant: the turn recorded first comes first.
    ordered = sorted((s for s in stored if s[1] not in gone), key=lambda s: (s[2].minute, s[0]))
    reference = expected([(ep_id, turn, text) for _, ep_id, turn, text in ordered])

    rows = memory.store.thread_turns(space, SESSION, None, 0)
    assert [r["id"] for r in rows] == [s[1] for s in ordered]
    for row in rows:
        want_from, want_text = reference[row["id"]]
        assert from_ids(row.get("context_from")) == want_from, row["content"]
        assert row.get("context_text") == want_text, row["content"]


def test_a_turn_is_found_through_the_reply_that_names_it(memory: Memory, ns: NS) -> None:
    space = ns("window")
    ids = []
    for i, text in enumerate(
        [
            "Caroline: Guess where we went on Saturday?",
            "Melanie: The Pemaquid lighthouse, with the kayaking club!",
        ]
    ):
        result = memory.remember(
            text, namespace=space, at=T0 + timedelta(seconds=5 * i), session=SESSION
        )
        ids.append(result.episode_id)
    found = memory.recall("Pemaquid lighthouse", namespace=space, k=5, at=T0 + timedelta(days=1))
    ranked = [e.episode_id for e in found if e.kind == "episode"]
    # The reply says the words, so it comes first; the question is found through it.
    assert ranked[:2] == [ids[1], ids[0]]
    assert found[1].text == "Caroline: Guess where we went on Saturday?"
