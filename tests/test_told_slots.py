"""``GraphStore.told_slots``: the slots an episode's believed claims are about — what recall
reads to learn which relation a message spoke of — on both stores, agreeing with the slots
``succession`` reports, and never across namespaces or before the claims began."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from graphmem import Claim, Memory
from graphmem.temporal import AsOf
from tests.stores import Clock

NS = Callable[[str], str]
JAN, MAR, JUN = (datetime(2026, m, 1, tzinfo=UTC) for m in (1, 3, 6))


def test_an_episode_tells_the_slots_of_the_claims_it_supports(memory: Memory, ns: NS) -> None:
    space, elsewhere = ns("told"), ns("told-other")
    lives = memory.remember(
        [
            Claim("user", "lives_in", "Lisbon", valid_from=MAR, quote="I live in Lisbon."),
            Claim("user", "works_at", "Initech", valid_from=MAR, quote="I work at Initech."),
        ],
        namespace=space,
    ).episode_id
    quiet = memory.remember("Nothing much happened today.", namespace=space).episode_id
    moved = memory.remember(
        [Claim("user", "lives_in", "Porto", valid_from=JUN, quote="I moved to Porto.")],
        namespace=space,
    ).episode_id
    store, ids = memory.store, [lives, quiet, moved, "ep_unknown"]

    now = AsOf(datetime(2026, 7, 1, tzinfo=UTC), datetime(2100, 1, 1, tzinfo=UTC))
    told = store.told_slots(space, ids, now)
    assert set(told) == {lives, moved}  # the quiet message supports nothing
    assert {slot.split("\x1f")[1] for slot in told[lives]} == {"lives_in", "works_at"}
    assert [slot.split("\x1f")[1] for slot in told[moved]] == ["lives_in"]
    # Lisbon was replaced, not unsaid: the first message still told where the user lives.
    assert told == store.succession(space, ids, now).slots

    before_june = AsOf(datetime(2026, 4, 1, tzinfo=UTC), now.known_at)
    assert set(store.told_slots(space, ids, before_june)) == {lives}
    assert store.told_slots(space, ids, AsOf(JAN, now.known_at)) == {}
    assert store.told_slots(elsewhere, ids, now) == {}


def test_told_slots_hold_from_the_first_microsecond_and_change_with_a_forget(
    memory: Memory, clock: Clock, ns: NS
) -> None:
    """Exact at both edges, valid time and belief time (the embedded store compares whole
    microseconds, kept between writes), and what a forget removes is gone at the next read
    although the same episode was read just before it."""
    space = ns("edges")
    said = memory.remember(
        [
            Claim("user", "lives_in", "Lisbon", valid_from=MAR, quote="I live in Lisbon."),
            Claim("user", "works_at", "Initech", valid_from=JUN, quote="I work at Initech."),
        ],
        namespace=space,
    )
    written = clock()
    store, ids = memory.store, [said.episode_id]
    known = datetime(2100, 1, 1, tzinfo=UTC)

    def relations(point: AsOf) -> list[str]:
        # Sorted: which slot comes first is no part of told_slots' answer (Neo4j's collect
        # gives them in the order it meets the facts).
        return sorted(
            s.split("\x1f")[1] for s in store.told_slots(space, ids, point).get(ids[0], ())
        )

    assert relations(AsOf(MAR, known)) == ["lives_in"]
    assert relations(AsOf(MAR - timedelta(microseconds=1), known)) == []
    assert relations(AsOf(JUN, written)) == ["lives_in", "works_at"]
    assert relations(AsOf(JUN, written - timedelta(microseconds=1))) == []
    [lisbon] = [f.id for f in memory.facts(space, predicate="lives_in", at=JUN)]
    memory.forget(space, fact=lisbon)
    assert relations(AsOf(JUN, known)) == ["works_at"]
