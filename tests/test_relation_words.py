"""The phrases a relation is asked with (graphmem/extract/relation_words.py): matched word
for word as stems, by the words of the relation's name, the longest phrase counting."""

from __future__ import annotations

import pytest

from graphmem.extract.relation_words import asked_by, phrases_of, said
from graphmem.read.asked import _relation_words
from graphmem.read.focus import Focus, focus_of, roles_of


def test_words_are_compared_as_stems_without_accents() -> None:
    assert said("Which café?") == said("which cafe")
    assert said("working out") == said("works out")
    assert said("check-ups") == ("check", "up")


@pytest.mark.parametrize(
    ("relation", "question", "words"),
    [
        ("gym", "Where does Ana work out?", 2),
        ("favourite_gym", "Where do I work out these days?", 2),
        ("job_title", "What does Hamid do for a living?", 4),
        ("works_at", "What does Hamid do for a living?", 0),
        ("doctor", "Who's my flatmate's GP?", 1),
        ("team", "Who does my aunt root for?", 2),
        ("coffee_shop", "Which café does she like?", 1),
        ("quarterly_budget", "Where does Ana work out?", 0),  # no row is about it
    ],
)
def test_a_question_says_a_relations_phrase(relation: str, question: str, words: int) -> None:
    assert asked_by(said(question), relation) == words


def test_a_relation_no_row_names_has_no_phrases() -> None:
    assert phrases_of("quarterly_budget") == ()
    assert ("gym",) in phrases_of("gym_membership")


@pytest.mark.parametrize(
    "word", ["godmother", "stepbrother", "half-sister", "great-aunt", "sister-in-law", "bandmate"]
)
def test_a_relative_made_from_a_known_word_is_someone_else(word: str) -> None:
    question = f"Where does my {word} live?"
    assert roles_of(question) == [word]
    assert focus_of(question) is Focus.OTHER


@pytest.mark.parametrize("question", ["Where does my salary go now?", "Where is my stepladder?"])
def test_a_thing_of_the_users_is_the_users(question: str) -> None:
    assert focus_of(question) is Focus.USER


@pytest.mark.parametrize(
    ("question", "subject", "words"),
    [
        ("Where does my aunt Mireille work out these days?", "mireille", "work out"),
        ("What does Hamid do for a living?", "hamid", "do for a living"),
        ("Who's my flatmate's GP at the moment?", "kalinda", "GP"),
        ("Who do I listen to most?", "user", "listen to most"),
    ],
)
def test_the_words_left_for_meaning_are_the_relations(
    question: str, subject: str, words: str
) -> None:
    """What the embedder compares with relation names when no phrase names one: the
    question without whose ("my aunt Mireille", "I") and when ("these days")."""
    assert _relation_words(question, subject) == words


@pytest.mark.parametrize(
    ("question", "role"),
    [
        ("Who does my mentor cheer for these days?", ["mentor"]),
        ("Where does my manager live?", ["manager"]),
        ("Who is my mentor now?", []),
        ("Who was my doctor before Dr. Osei?", []),
        ("Who is my doctor at the clinic?", []),
    ],
)
def test_a_service_is_someone_else_when_they_act(question: str, role: list[str]) -> None:
    assert roles_of(question) == role
