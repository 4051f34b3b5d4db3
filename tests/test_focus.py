"""Whose facts a question asks about (graphmem.read.focus): the user's own, or someone the
user knows — read from the question's words, used by recall on both stores."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from graphmem import Claim, Memory
from graphmem.read.focus import Focus, focus_of
from tests.stores import Clock

NS = Callable[[str], str]


@pytest.mark.parametrize(
    ("question", "focus"),
    [
        ("Where do I work?", Focus.USER),
        ("Where am I working at the moment?", Focus.USER),
        ("Who is my doctor?", Focus.USER),  # a relation the user has, not a person asked about
        ("What's my current role?", Focus.USER),
        ("Who's my flatmate's doctor now?", Focus.OTHER),
        ("Which doctor does my older sister see?", Focus.OTHER),
        ("What band is my cousin Valentina into?", Focus.OTHER),
        ("Who is my doctor Priya's receptionist?", Focus.OTHER),
        ("What do my kids' teachers say?", Focus.OTHER),
        ("Where does Caroline live?", None),  # no first person: nothing is read into it
        ("¿Dónde trabajo?", None),  # a language the rules do not read: no focus
    ],
)
def test_who_a_question_is_about(question: str, focus: Focus | None) -> None:
    assert focus_of(question) is focus


def test_a_question_about_me_puts_my_fact_before_my_sisters(
    memory: Memory, clock: Clock, ns: NS
) -> None:
    maya = ns("maya")
    memory.remember([Claim("user", "works_at", "Copperfield Motors")], maya)
    clock.advance(days=30)  # the sister's is newer, and says "works at" just as well
    memory.remember([Claim("Ana", "works_at", "Norrvik Logistics")], maya)

    mine = memory.recall("Where do I work?", maya, k=2, include_episodes=False)
    hers = memory.recall("Where does my sister work?", maya, k=2, include_episodes=False)

    assert mine[0].text.endswith("Copperfield Motors")
    assert hers[0].text.endswith("Norrvik Logistics")
    assert len(mine) == 2  # the other fact is ranked lower, never dropped
