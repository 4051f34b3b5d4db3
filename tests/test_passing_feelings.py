"""A passing feeling is no mental-health data; a grown-up son is no child; code is no school
(issue 39: sensitivity reads whose data it is and what it says). Told by the user, these are
returned by default recall on both stores, while the conditions and children beside them are
held back. The sentences are written here; tests/data/sensitivity_feelings holds the corpus."""

from __future__ import annotations

from typing import Any

import pytest

from graphmem import Memory
from graphmem.trust import feelings
from graphmem.trust.sensitivity import categories_of_text

ORDINARY = [
    "Tomasz was late for the school concert and felt very anxious, but his teacher understood "
    "and his anxiety dissipated once he started playing.",
    "Waiting for the visa letter was causing Ines extreme anxiety until it came on Friday.",
    "My anxiety about the driving test faded after the first roundabout.",
    "I was a bit depressed when the match got rained off, I'd looked forward to it for weeks.",
    "Felt a wave of panic when I couldn't find my passport at the gate.",
    "Ruth, who works as a therapist, was nervous before her first marathon.",
    # a grown-up child, code, reaching out
    "I've been working with my son Anselm, who's 34, on the shop's website.",
    "My daughter Clea, 41, is coming over for lunch on Sunday.",
    "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)",
    "I'm reaching out to my old friend Wren about the job at the studio.",
]
HELD_BACK = [
    "My anxiety has been really bad again since March, I might ask the GP about it.",
    "I take propranolol for my anxiety before big meetings.",
    "Nervous about my first therapy session tomorrow, what should I even say?",
    "I've been depressed for months and can't face the office.",
    "Dad's been in a dark place since the divorce and won't get help.",
    "My sister was sectioned last spring.",
    "My son Anselm, who's 7, starts at Birchfield Primary in September.",
    "I'm not out to my parents yet, so keep it off the family calendar.",
]


@pytest.mark.parametrize("text", ORDINARY)
def test_ordinary_moods_and_grown_ups_are_returned_by_default(
    memory: Memory, ns: Any, text: str
) -> None:
    maya = ns("maya")
    memory.remember(text, maya)
    assert categories_of_text(text) == []
    assert memory.recall(text, maya)


@pytest.mark.parametrize("text", HELD_BACK)
def test_conditions_and_children_stay_held_back(memory: Memory, ns: Any, text: str) -> None:
    maya = ns("maya")
    memory.remember(text, maya)
    assert memory.recall(text, maya) == []
    assert memory.recall(text, maya, max_sensitivity="sensitive")


def test_only_the_passing_sentence_is_set_aside() -> None:
    """A message with a passing mood and a condition keeps the condition."""
    text = "My anxiety about the flight faded quickly. My OCD has been awful this week though."
    assert not feelings.without_passing(text).startswith("My anxiety")
    assert categories_of_text(text) == ["mental_health"]


@pytest.mark.parametrize(
    "sentence",
    [
        "My anxiety about the exam has been constant for months.",  # it lasts
        "Her anxiety before flights is why the doctor prescribed something.",  # care
        "I've struggled with anxiety about crowds since university.",
    ],
)
def test_a_feeling_that_lasts_or_is_treated_is_not_passing(sentence: str) -> None:
    assert not feelings.passing(sentence)
    assert "mental_health" in categories_of_text(sentence)
