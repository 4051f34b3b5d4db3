"""Forgetting removes influence, not only rows — on both stores."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

import pytest

from graphmem import Claim, InvalidArgument, Memory, UnknownId
from tests.stores import Clock

NS = Callable[[str], str]


def d(month: int, day: int = 1) -> datetime:
    return datetime(2026, month, day, tzinfo=UTC)


def current(memory: Memory, ns: str, predicate: str) -> list:
    return [f.object for f in memory.facts(ns, predicate=predicate)]


def traces(memory: Memory, ns: str, *needles: str) -> list[dict]:
    return [hit for needle in needles for hit in memory.store.find_text(ns, needle)]


def test_forget_the_move_and_austin_is_current_again(memory: Memory, clock: Clock, ns: NS) -> None:
    maya = ns("maya")
    clock.set(d(3, 2))
    austin = memory.remember([Claim("maya", "lives_in", "Austin")], namespace=maya, at=d(3))
    clock.set(d(7, 2))
    denver = memory.remember([Claim("maya", "lives_in", "Denver")], namespace=maya, at=d(7))
    clock.set(d(8))

    report = memory.forget(maya, episode=denver.episode_id)

    assert current(memory, maya, "lives_in") == ["Austin"]
    assert [f.object for f in memory.facts(maya, history=True) if f.id in report.restored] == [
        "Austin"
    ]
    assert report.removed == {"Fact": 1, "Statement": 1, "Episode": 1, "Entity": 1}
    history = memory.history(austin.fact_ids[0], namespace=maya)
    assert [f.object for f in history] == ["Austin"]
    # Belief-time history stays: in June the store believed Austin, open-ended.
    june = memory.facts(maya, predicate="lives_in", at=d(9), known_at=d(6))
    assert [(f.object, f.valid_until) for f in june] == [("Austin", None)]
    assert history[0].valid_until is None
    assert [s.episode_id for s in history[0].support] == [austin.episode_id]
    assert traces(memory, maya, "Denver") == []


def test_forget_a_fact_leaves_no_string_anywhere(memory: Memory, clock: Clock, ns: NS) -> None:
    maya, other = ns("maya"), ns("other")
    clock.set(d(3))
    memory.remember(
        [
            Claim("maya", "writing_schedule", "Tuesdays at dawn"),
            Claim("maya", "likes", "green tea"),
        ],
        namespace=maya,
    )
    memory.remember([Claim("sam", "writing_schedule", "Tuesdays at dawn")], namespace=other)
    schedule = memory.facts(maya, predicate="writing_schedule")[0]
    memory.recall("Tuesdays at dawn", namespace=maya)  # use statistics are written too

    memory.forget(maya, fact=schedule.id)

    assert traces(memory, maya, "Tuesdays at dawn", "dawn") == []
    assert current(memory, maya, "likes") == ["green tea"]
    assert memory.recall("Tuesdays at dawn", namespace=maya, include_episodes=True) == [] or all(
        "dawn" not in e.text for e in memory.recall("Tuesdays at dawn", namespace=maya)
    )
    assert all(
        "content removed" in (a.note or "") or a.target_id != schedule.id
        for a in memory.audit(maya)
    )
    # The other namespace keeps its own copy.
    assert current(memory, other, "writing_schedule") == ["Tuesdays at dawn"]


def test_forget_everything(memory: Memory, clock: Clock, ns: NS) -> None:
    maya, other = ns("maya"), ns("other")
    clock.set(d(3))
    memory.remember("My password is hunter2horse and I live in Lisbon", namespace=maya)
    memory.remember(
        [Claim("maya", "lives_in", "Lisbon"), Claim("maya", "likes", "fado")], namespace=maya
    )
    memory.remember([Claim("rui", "lives_in", "Lisbon")], namespace=other)

    report = memory.forget(maya, everything=True)

    assert report.removed["Fact"] >= 2
    assert traces(memory, maya, "Lisbon", "fado", "hunter2horse") == []
    assert memory.facts(maya) == []
    assert memory.recall("Lisbon fado", namespace=maya) == []
    assert [e.action for e in memory.audit(maya)] == ["forget"]
    assert current(memory, other, "lives_in") == ["Lisbon"]


def test_replayed_email_does_not_come_back(memory: Memory, clock: Clock, ns: NS) -> None:
    maya = ns("maya")
    clock.set(d(3))
    email = [Claim("acme invoice 4411", "due_on", "2026-03-31")]
    first = memory.remember(email, namespace=maya, source="email")
    memory.forget(maya, episode=first.episode_id)

    replay = memory.remember(email, namespace=maya, source="email")

    assert replay.episode_id is None
    assert "forgotten" in replay.refused[0].reason
    assert memory.facts(maya) == []
    # A fresh explicit statement by the user can bring it back.
    fresh = memory.remember(email, namespace=maya, source="user")
    assert [op.kind for op in fresh.operations] == ["ADD"]


def test_shared_support_keeps_a_fact(memory: Memory, clock: Clock, ns: NS) -> None:
    maya = ns("maya")
    clock.set(d(3))
    first = memory.remember([Claim("maya", "likes", "jazz")], namespace=maya)
    memory.remember([Claim("maya", "likes", "jazz")], namespace=maya)
    report = memory.forget(maya, episode=first.episode_id)
    assert current(memory, maya, "likes") == ["jazz"]
    assert report.removed == {"Statement": 1, "Episode": 1}


def test_forget_a_window_restores_the_interrupted_value(
    memory: Memory, clock: Clock, ns: NS
) -> None:
    maya = ns("maya")
    memory.define_predicate("writing_block", cardinality="one", kind="preference")
    clock.set(d(2))
    memory.remember([Claim("maya", "writing_block", "mornings")], namespace=maya, at=d(2))
    clock.set(d(8, 20))
    window = memory.remember(
        [Claim("maya", "writing_block", "afternoons", valid_from=d(9), valid_until=d(10))],
        namespace=maya,
    )
    memory.forget(maya, episode=window.episode_id)
    for month in (8, 9, 10, 11):
        assert [
            f.object for f in memory.facts(maya, predicate="writing_block", at=d(month, 15))
        ] == ["mornings"]


def test_forget_needs_one_target(memory: Memory, ns: NS) -> None:
    with pytest.raises(InvalidArgument, match="exactly one"):
        memory.forget(ns("m"))
    with pytest.raises(InvalidArgument, match="exactly one"):
        memory.forget(ns("m"), episode="e", fact="f")
    with pytest.raises(UnknownId):
        memory.forget(ns("m"), fact="f_missing")


def test_forgetting_one_of_two_facts_from_one_message_keeps_the_other_clean(
    memory: Memory, clock: Clock, ns: NS
) -> None:
    maya = ns("maya")
    clock.set(d(8))
    memory.remember("I work at Acme as a travel agent.", namespace=maya, speaker="Priya")
    facts = {f.predicate: f for f in memory.facts(maya)}
    assert set(facts) >= {"works_at", "job_title"}

    memory.forget(maya, fact=facts["job_title"].id)

    assert traces(memory, maya, "travel agent") == []
    kept = memory.facts(maya, predicate="works_at")
    assert [f.object for f in kept] == ["Acme"]
    assert "Acme" in memory.history(kept[0].id, maya)[0].quote


def test_forget_entity_reaches_literals_and_bare_mentions(
    memory: Memory, clock: Clock, ns: NS
) -> None:
    maya = ns("maya")
    clock.set(d(3))
    memory.define_predicate("nickname", cardinality="one", kind="fact", object_is_entity=False)
    memory.remember([Claim("maya", "nickname", "Zanzibar")], namespace=maya)  # a literal
    memory.remember([Claim("maya", "visited", "Zanzibar")], namespace=maya)  # as object
    memory.remember([Claim("Zanzibar", "part_of", "Tanzania")], namespace=maya)  # as subject
    # Mentioned in passing by an episode kept for something else.
    memory.remember("I loved the beaches of Zanzibar and I live in Oslo.", namespace=maya)
    memory.remember([Claim("maya", "likes", "tea")], namespace=maya)

    report = memory.forget(maya, entity="Zanzibar")

    assert report.removed["Fact"] == 3
    assert report.redacted_episodes >= 1
    assert traces(memory, maya, "Zanzibar") == []
    assert sorted(str(f.object) for f in memory.facts(maya)) == ["Oslo", "tea"]


def test_forgetting_removes_an_entity_only_when_nothing_else_names_it(
    memory: Memory, clock: Clock, ns: NS
) -> None:
    """After a forget, an entity named only by what was forgotten is gone; one another
    statement still names (as subject or object) stays — also when the only other mention
    is a literal text, which does not name the entity."""
    space = ns("orphans")
    clock.set(d(3))
    memory.define_predicate("visited", cardinality="many", kind="event")
    memory.define_predicate("note", cardinality="many", kind="fact")
    only = memory.remember([Claim("maya", "visited", "Tromso")], space)
    memory.remember([Claim("maya", "visited", "Oslo")], space)
    shared = memory.remember([Claim("ivan", "visited", "Oslo")], space)
    memory.remember([Claim("ivan", "note", "Tromso was cold")], space, at=d(3, 2))
    key = memory.store.entity_id

    memory.forget(space, episode=only.episode_id)
    assert key(space, "tromso") is None  # only the forgotten visit named it as an entity
    assert key(space, "maya") is not None  # her Oslo visit still names her

    memory.forget(space, episode=shared.episode_id)
    assert key(space, "oslo") is not None  # maya's visit still names it
    assert key(space, "ivan") is not None  # his note still names him


def test_entities_still_named_reads_the_keys_not_the_namespace(
    memory: Memory, clock: Clock, ns: NS
) -> None:
    """The store call behind it: keys named by a statement outside ``excluded``."""
    space = ns("named")
    clock.set(d(3))
    memory.define_predicate("visited", cardinality="many", kind="event")
    first = memory.remember([Claim("maya", "visited", "Lima")], space)
    memory.remember([Claim("ivan", "visited", "Lima")], space)
    said = memory.store.episode_statements(space, [first.episode_id])
    assert len(said) == 1
    keys = {"maya", "lima", "ivan", "nobody"}
    assert memory.store.entities_still_named(space, keys, []) == {"maya", "lima", "ivan"}
    gone = [said[0]["id"]]
    assert memory.store.entities_still_named(space, keys, gone) == {"lima", "ivan"}
    assert memory.store.entities_still_named(ns("other"), keys, []) == set()  # tenancy
