"""Whose facts a question asks about (graphmem.read.focus): the user's own, or someone the
user knows — read from the question's words, used by recall on both stores."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pytest

from graphmem import Claim, Memory, Weights
from graphmem.extract.llm import LLMExtractor
from graphmem.models.llm import ModelClient
from graphmem.read.focus import Focus, focus_of
from graphmem.store.base import GraphStore
from tests.model_server import FakeModelServer
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


def _claim(subject: str, obj: str, quote: str) -> dict[str, object]:
    return {"subject": subject, "predicate": "favourite_band", "object": obj, "kind": "fact",
            "confidence": 0.95, "quote": quote}  # fmt: skip


def test_a_message_about_someone_else_ranks_below_mine_for_a_question_about_me(
    store: GraphStore, clock: Clock, fake_model: ModelClient, server: FakeModelServer, ns: NS
) -> None:
    """Whom a message is about is read from what was extracted from it (its claims'
    subjects), so it holds in any language the model reads."""
    # A strong factor, so that the test shows the mark itself: by default (0.6) a message
    # that matches many more of the question's words may still come first.
    weights = dataclasses.replace(Weights.balanced(), off_focus_factor=0.2)
    memory = Memory(store=store, clock=clock, extractor=LLMExtractor(fake_model), weights=weights)
    maya = ns("maya")
    mine = "My favourite band is Lowland Echo."
    hers = "Ottilie's favourite band these days is Hollow Pines."  # more of the question's words
    server.script({"claims": [_claim("user", "Lowland Echo", mine)]})
    memory.remember(mine, maya)
    clock.advance(days=30)  # hers is newer, and shares the question's words as well
    server.script({"claims": [_claim("Ottilie", "Hollow Pines", hers)]})
    memory.remember(hers, maya)

    found = memory.recall("Which band is my favourite these days?", maya, k=4)
    texts = [e.text for e in found]

    assert texts.index(mine) < texts.index(hers)
    about_her = memory.recall("Which band is Ottilie's favourite?", maya, k=4)
    assert "Hollow Pines" in about_her[0].text
