"""An agent's reply never outranks the user's message it answers (graphmem.read.answered):
BEAM's assistant replies restate the user's message at length and matched its questions
better, while the user's words, the evidence, fell behind or out of the best k."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from graphmem import Memory, Weights
from graphmem.errors import InvalidArgument

MORNING = datetime(2026, 4, 5, 9, tzinfo=UTC)
ASKED = "I've added 52 sources to my Zotero library, how can I organise them?"
REPLY = (
    "Organising 52 sources in a Zotero library works best with collections and tags: "
    "make a Zotero collection per chapter, tag each of the sources by theme, and let the "
    "Zotero library sync so that your sources stay organised across devices."
)
QUESTION = "How many sources are in my Zotero library?"
QUESTION_API = "What is the average response time of the dashboard API?"


@pytest.fixture(autouse=True)
def december(clock: Any) -> None:
    clock.set(datetime(2026, 12, 1, tzinfo=UTC))


def told(memory: Memory, ns: str, turns: list[tuple[str, str]]) -> None:
    for minute, (source, text) in enumerate(turns):
        memory.remember(text, ns, source=source, at=MORNING + timedelta(minutes=minute))


MESSAGE = "The dashboard API went down to 250ms after I added caching."
ANSWER = (
    "Great to hear the average response time of the dashboard API is 250ms now! To keep the "
    "average response time of the dashboard API low, cache the heavy queries and watch the "
    "response time of each API endpoint on the dashboard."
)


def test_the_users_message_comes_before_the_reply_that_answers_it(memory: Memory, ns: Any) -> None:
    """The reply holds every word of the question and matches it far better; the message
    it answers is the evidence and comes first."""
    maya = ns("maya")
    told(memory, maya, [("user", MESSAGE), ("agent", ANSWER)])
    found = [e.text for e in memory.recall(QUESTION_API, maya, k=5)]
    assert found[:2] == [MESSAGE, ANSWER], found


def test_a_reply_pulls_in_no_message_that_does_not_match(memory: Memory, ns: Any) -> None:
    """The reply answers the message before it, not an older one of another talk, and
    that message shares no word with the question: the reply stays first."""
    maya = ns("maya")
    other = "My sister Dana keeps 52 cookbooks on one shelf."
    memory.remember(other, maya, at=MORNING - timedelta(days=30))
    told(memory, maya, [("user", "Can you help me with my thesis?"), ("agent", REPLY)])
    found = [e.text for e in memory.recall(QUESTION, maya, k=5)]
    assert found[0] == REPLY, found


def test_a_held_back_message_is_not_pulled_in_by_its_reply(memory: Memory, ns: Any) -> None:
    """Default recall holds sensitive messages back: a reply that matches does not bring its
    message back with it."""
    maya = ns("maya")
    asked = "My therapist says my depression is worse; I added 52 sources on it to Zotero."
    told(memory, maya, [("user", asked), ("agent", REPLY)])
    found = [e.text for e in memory.recall(QUESTION, maya, k=5)]
    assert asked not in found, found
    assert REPLY in found, found


TRACKED = "I track the dashboard API's average response time in Grafana every week."


def test_a_reply_after_its_message_leaves_its_place_to_other_evidence(
    memory: Memory, ns: Any
) -> None:
    """The reply restates the message placed just before it: the pair would take two of the
    k places for one piece of evidence, so the reply goes after the other candidates (it is
    not dropped: with room it is still returned)."""
    maya = ns("maya")
    memory.remember(TRACKED, maya, at=MORNING - timedelta(days=3))
    told(memory, maya, [("user", MESSAGE), ("agent", ANSWER)])
    found = [e.text for e in memory.recall(QUESTION_API, maya, k=2)]
    assert found == [MESSAGE, TRACKED], found
    found = [e.text for e in memory.recall(QUESTION_API, maya, k=3)]
    assert found == [MESSAGE, TRACKED, ANSWER], found


def test_a_question_about_what_the_agent_said_keeps_its_reply_in_place(
    memory: Memory, ns: Any
) -> None:
    """Asked what the agent recommended, its reply is the evidence: it keeps its place
    after the message it answers."""
    maya = ns("maya")
    memory.remember(TRACKED, maya, at=MORNING - timedelta(days=3))
    told(memory, maya, [("user", MESSAGE), ("agent", ANSWER)])
    question = "What did you recommend to keep the dashboard API's average response time low?"
    found = [e.text for e in memory.recall(question, maya, k=2)]
    assert found == [MESSAGE, ANSWER], found


def test_the_read_steps_lookahead_decides_what_takes_the_freed_place(
    memory: Memory, ns: Any
) -> None:
    """The message and its reply are the best two; a weaker match is third. With a lookahead of
    1 the read steps see only the best k: the reply moves down, but nothing they judged can
    take its place. The default lookahead lets the third take it. A lookahead below 1 is refused
    by name."""
    maya = ns("maya")
    weaker = "I watch the API response in Grafana."
    memory.remember(weaker, maya, at=MORNING - timedelta(days=3))
    told(memory, maya, [("user", MESSAGE), ("agent", ANSWER)])
    narrow = replace(Weights.balanced(), lookahead=1)
    found = [e.text for e in memory.recall(QUESTION_API, maya, k=2, weights=narrow)]
    assert found == [MESSAGE, ANSWER], found
    found = [e.text for e in memory.recall(QUESTION_API, maya, k=2)]
    assert found == [MESSAGE, weaker], found
    with pytest.raises(InvalidArgument, match="lookahead"):
        Weights(lookahead=0)
