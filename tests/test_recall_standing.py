"""Recall brings the user's standing preferences to a request they should shape ("book me a
trip to Chicago" after "I hate flying, I always take the train"), though the two share no
word; questions about what happened rank as without the credit (graphmem.read.standing)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

import pytest

from graphmem import Memory, Weights
from graphmem.read.standing import asks_for_help

NS = Callable[[str], str]
BASE = datetime(2026, 4, 1, 9, 0, tzinfo=UTC)
ASKED = BASE + timedelta(days=3)
CHAT = [
    "The printer on the third floor is broken.",
    "I lost my umbrella on the bus.",
    "My sister is vegan.",
    "We watched the football game at Mark's place last night.",
    "I signed up for a pottery class.",
    "The library is closed for renovations until March.",
]
TRAIN = "I hate flying, I always take the train."
JAZZ = "I love jazz, especially the old bebop records."


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("Book me a trip to Chicago.", True),
        ("Can you suggest a recipe for dinner tonight?", True),
        ("Please plan a team lunch for Friday.", True),
        ("What should I bring to the housewarming party?", True),
        ("How do I get rid of aphids on my roses?", True),
        ("Any good restaurants near the station?", True),
        ("Where did I lose my umbrella?", False),
        ("What did Melanie paint last year?", False),
        ("When is my dentist appointment?", False),
        ("Who won the trivia night?", False),
        ("What book did Melanie recommend to Caroline?", False),
        ("What advice did my mentor give me?", False),
        ("Which restaurant had a good view?", False),
        ("Any advice for my interview tomorrow?", True),
    ],
)
def test_a_request_for_help_is_told_from_a_question_about_what_happened(
    query: str, *, expected: bool
) -> None:
    assert asks_for_help(query) is expected


def _converse(memory: Memory, space: str, said: list[str]) -> None:
    for hour, text in enumerate(said):
        memory.remember(text, namespace=space, at=BASE + timedelta(hours=hour))


def test_a_request_brings_the_standing_preference_it_shares_no_word_with(
    memory: Memory, ns: NS
) -> None:
    space = ns("standing-train")
    _converse(memory, space, [CHAT[0], TRAIN, *CHAT[1:]])
    found = memory.recall("Book me a trip to Chicago.", namespace=space, k=5, at=ASKED)
    first = found[0]
    assert first.kind == "fact"
    assert "flying" in first.text
    assert first.parts.standing == 1.0
    # Without the credit the statement is at most a weak match by meaning ("trip" is near
    # "train"; the hashing embedder, which reads words only, does not find it at all).
    plain = dataclasses.replace(Weights.balanced(), standing=0.0)
    without = memory.recall(
        "Book me a trip to Chicago.", namespace=space, k=5, at=ASKED, weights=plain
    )
    assert all(e.score < first.score / 2 for e in without if "flying" in e.text)


def test_the_credit_goes_by_rank_so_one_request_is_not_flooded(memory: Memory, ns: NS) -> None:
    space = ns("standing-rank")
    _converse(memory, space, [TRAIN, JAZZ, *CHAT])
    found = memory.recall("Book me a trip to Chicago.", namespace=space, k=10, at=ASKED)
    credits = sorted((e.parts.standing for e in found if e.parts.standing), reverse=True)
    # Two standing preferences: the nearer takes the whole credit, the other half of it.
    assert credits == [1.0, 0.5]


def test_a_question_about_what_happened_ranks_as_without_the_credit(memory: Memory, ns: NS) -> None:
    space = ns("standing-none")
    _converse(memory, space, [TRAIN, JAZZ, *CHAT])
    plain = dataclasses.replace(Weights.balanced(), standing=0.0)
    for query in ("Where did I lose my umbrella?", "Which printer is broken?"):
        found = memory.recall(query, namespace=space, k=5, at=ASKED)
        without = memory.recall(query, namespace=space, k=5, at=ASKED, weights=plain)
        assert [(e.fact_id, e.episode_id, e.score) for e in found] == [
            (e.fact_id, e.episode_id, e.score) for e in without
        ]
        assert all(e.parts.standing == 0.0 for e in found)
        assert all("flying" not in e.text and "jazz" not in e.text for e in found)


def test_other_kinds_of_fact_take_no_credit(memory: Memory, ns: NS) -> None:
    space = ns("standing-kinds")
    # "user is a beginner" is a fact about the user, not how they want things done.
    _converse(memory, space, ["I'm a beginner at programming.", *CHAT])
    found = memory.recall("Explain how photosynthesis works.", namespace=space, k=10, at=ASKED)
    assert all(e.parts.standing == 0.0 for e in found)
