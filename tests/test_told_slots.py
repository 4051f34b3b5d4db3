"""``GraphStore.told_slots``: the slots an episode's believed claims are about — what recall
reads to learn which relation a message spoke of — on both stores, agreeing with the slots
``succession`` reports, and never across namespaces or before the claims began."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

from graphmem import Claim, Memory
from graphmem.temporal import AsOf

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
