"""Which relations hold one value at a time, known without declaring them
(graphmem/write/cardinality.py): the statement's own reading, Wikidata's single-value
constraints, a declaration that always wins, and the reason a guess gives."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

import pytest

from graphmem import Claim, Memory
from graphmem.model import Cardinality
from graphmem.write import cardinality
from tests.stores import Clock

NS = Callable[[str], str]
MARCH = datetime(2026, 3, 2, tzinfo=UTC)


def told(memory: Memory, clock: Clock, space: str, *texts: str) -> list[str]:
    """Each text remembered a day after the last; the reasons of the last write."""
    reasons: list[str] = []
    for i, text in enumerate(texts):
        clock.set(MARCH + timedelta(days=i))
        result = memory.remember(text, namespace=space, source="document")
        reasons = [op.reason for op in result.operations]
    return reasons


def current(memory: Memory, space: str, predicate: str) -> list[object]:
    return sorted(str(f.object) for f in memory.facts(space, predicate=predicate))


def test_the_definite_singular_names_one_value(memory: Memory, clock: Clock, ns: NS) -> None:
    space = ns("fc")
    reasons = told(
        memory,
        clock,
        space,
        "The chairperson of Harbor Trust is Ines Vale.",
        "The chairperson of Harbor Trust is Tomas Reyes.",
    )
    assert current(memory, space, "chairperson") == ["Tomas Reyes"]
    assert any("as the statement reads" in r and "define_predicate" in r for r in reasons)


def test_a_wikidata_single_value_property_supersedes(memory: Memory, ns: NS) -> None:
    space = ns("born")
    for city in ("Lyon", "Porto"):
        result = memory.remember([Claim("Ada Kwan", "place_of_birth", city)], namespace=space)
    assert current(memory, space, "place_of_birth") == ["Porto"]
    assert "Wikidata P19" in result.operations[0].reason
    # The same property under one of its aliases.
    for city in ("Lyon", "Porto"):
        memory.remember([Claim("Ada Kwan", "born_in", city)], namespace=space)
    assert current(memory, space, "born_in") == ["Porto"]


def test_a_favourite_is_one_at_a_time(memory: Memory, clock: Clock, ns: NS) -> None:
    space = ns("favourites")
    memory.remember("My favourite colour is blue.", namespace=space)
    clock.advance(days=1)
    result = memory.remember("My favourite colour is green.", namespace=space)
    assert current(memory, space, "favourite_colour") == ["green"]
    assert "a favourite is one at a time" in result.operations[0].reason
    # Not a word that merely contains one: "favourites" (a list) keeps every value.
    for item in ("Rome", "Kyoto"):
        memory.remember([Claim("user", "favourites_list", item)], namespace=space)
    assert current(memory, space, "favourites_list") == ["Kyoto", "Rome"]


def test_a_relation_nobody_knows_keeps_every_value(memory: Memory, ns: NS) -> None:
    space = ns("visits")
    for city in ("Lyon", "Porto"):
        memory.remember([Claim("Ada Kwan", "visited", city)], namespace=space)
    assert current(memory, space, "visited") == ["Lyon", "Porto"]


def test_a_declaration_wins_over_every_guess(memory: Memory, ns: NS) -> None:
    space = ns("declared")
    memory.define_predicate("place_of_birth", cardinality="many")
    for city in ("Lyon", "Porto"):
        memory.remember([Claim("Ada Kwan", "place_of_birth", city)], namespace=space)
    assert current(memory, space, "place_of_birth") == ["Lyon", "Porto"]


@pytest.mark.parametrize(
    ("hint", "expected"),
    [(Cardinality.ONE, ["Porto"]), (Cardinality.MANY, ["Lyon", "Porto"])],
)
def test_the_claims_own_reading_outranks_the_public_list(
    memory: Memory, ns: NS, hint: Cardinality, expected: list[str]
) -> None:
    space = ns("hint")
    predicate = "capital" if hint is Cardinality.MANY else "favourite_city"
    for city in ("Lyon", "Porto"):
        memory.remember([Claim("Ada Kwan", predicate, city, cardinality=hint)], namespace=space)
    assert current(memory, space, predicate) == expected


def test_generic_and_shared_names_are_not_in_the_list() -> None:
    known = cardinality.single_valued()
    assert known["capital"] == "P36"
    assert known["birthplace"] == "P19"
    # An alias two properties share ("parent": father and mother) or a word that names no
    # relation ("when", "gift") says nothing about one value.
    for name in ("parent", "when", "gift", "member", "child", "spouse", "employer"):
        assert cardinality._snake(name) not in known, name
