"""Turn context: a chat turn is found through the turn before it, quotes only itself, and
forgetting the earlier turn takes its words out of the later one — on both stores."""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from graphmem import Claim, Memory
from graphmem.store.base import RecallFilter
from graphmem.temporal import AsOf
from graphmem.write import context

NS = Callable[[str], str]
T0 = datetime(2026, 5, 2, 18, 0, tzinfo=UTC)
QUESTION = "Caroline: Which lighthouse did you visit with the kayaking club?"
ANSWER = "Melanie: The one at Pemaquid Point, twice last summer!"


def chat(
    memory: Memory, space: str, *turns: str, session: str = "s1", source: str = "user"
) -> list[str | None]:
    ids = []
    for i, text in enumerate(turns):
        result = memory.remember(
            text, namespace=space, at=T0 + timedelta(seconds=5 * i), session=session, source=source
        )
        ids.append(result.episode_id)
    return ids


def episodes_found(memory: Memory, space: str, query: str) -> dict[str, str]:
    found = memory.recall(query, namespace=space, k=10, at=T0 + timedelta(days=1))
    return {e.episode_id: e.text for e in found if e.kind == "episode" and e.episode_id}


def test_a_turn_is_found_through_the_question_before_it(memory: Memory, ns: NS) -> None:
    space = ns("ctx")
    question, answer = chat(memory, space, QUESTION, ANSWER)
    found = episodes_found(memory, space, "lighthouse kayaking")
    assert answer in found
    assert question in found
    # The answer is quoted as it was said: the question only helped find it.
    assert found[answer] == ANSWER
    assert memory.episode(answer, space).content == ANSWER


def test_context_stays_within_its_session_and_chat(memory: Memory, ns: NS) -> None:
    space = ns("ctx")
    chat(memory, space, QUESTION)
    (other_session,) = chat(memory, space, ANSWER, session="s2")
    (tool_result,) = chat(memory, space, "Weather: sunny at Pemaquid", source="tool")
    found = episodes_found(memory, space, "lighthouse kayaking")
    assert other_session not in found
    assert tool_result not in found


def test_forgetting_a_turn_takes_its_words_out_of_the_next(memory: Memory, ns: NS) -> None:
    space = ns("ctx")
    question, answer = chat(memory, space, QUESTION, ANSWER)
    memory.forget(space, episode=question)
    assert answer not in episodes_found(memory, space, "lighthouse kayaking")
    assert answer in episodes_found(memory, space, "Pemaquid")
    assert memory.store.find_text(space, "kayaking club") == []
    assert memory.store.find_text(space, "lighthouse") == []


def test_forgetting_a_name_redacts_it_in_the_next_turns_context(memory: Memory, ns: NS) -> None:
    space = ns("ctx")
    memory.remember([Claim("caroline", "friend_of", "Zebulon")], namespace=space, at=T0)
    chat(memory, space, "Caroline: I went hiking with Zebulon on Sunday.", "Melanie: Fun, where?")
    memory.forget(space, entity="Zebulon")
    assert memory.store.find_text(space, "Zebulon") == []


def test_forgetting_the_later_turn_leaves_the_earlier_one(memory: Memory, ns: NS) -> None:
    space = ns("ctx")
    question, answer = chat(memory, space, QUESTION, ANSWER)
    memory.forget(space, episode=answer)
    assert memory.store.find_text(space, "Pemaquid") == []
    assert question in episodes_found(memory, space, "lighthouse kayaking")


def test_the_turn_that_says_the_words_ranks_above_the_reply(memory: Memory, ns: NS) -> None:
    space = ns("ctx")
    question, answer = chat(memory, space, QUESTION, ANSWER)
    where = RecallFilter(
        point=AsOf(T0 + timedelta(days=1), T0 + timedelta(days=1)),
        statuses=("active",),
        authorities=("system", "user", "confirmed", "inferred", "external"),
        sensitivities=("normal",),
    )
    hits = memory.store.keyword_episodes(space, where, "lighthouse kayaking club", None, 10)
    scores = {hit.row["id"]: hit.score for hit in hits}
    assert scores[question] > scores[answer] > 0


def test_a_sensitive_turn_lends_no_words(memory: Memory, ns: NS) -> None:
    space = ns("ctx")
    said, reply = chat(
        memory, space, "Caroline: I was diagnosed with diabetes last week.", "Melanie: Oh no!"
    )
    assert memory.episode(said, space).sensitivity.value == "sensitive"
    found = memory.recall(
        "diabetes", namespace=space, k=10, at=T0 + timedelta(days=1), max_sensitivity="sensitive"
    )
    assert said in {e.episode_id for e in found}
    assert reply not in {e.episode_id for e in found}


# ---- without a session (issue 39): the conversation of the day -------------------------


def told(memory: Memory, space: str, text: str, at: datetime, source: str = "user") -> str:
    result = memory.remember(text, namespace=space, at=at, source=source)
    assert result.episode_id is not None
    return result.episode_id


def test_a_turn_without_a_session_is_found_through_the_question_before_it(
    memory: Memory, ns: NS
) -> None:
    space = ns("ctx")
    told(memory, space, QUESTION, T0)
    answer = told(memory, space, ANSWER, T0 + timedelta(seconds=5))
    found = episodes_found(memory, space, "lighthouse kayaking")
    assert answer in found
    assert found[answer] == ANSWER


def test_without_a_session_context_stays_within_its_day_and_chat(memory: Memory, ns: NS) -> None:
    space = ns("ctx")
    told(memory, space, QUESTION, T0)
    next_day = told(memory, space, ANSWER, T0 + timedelta(days=1))
    tool_result = told(memory, space, "Weather: sunny at Pemaquid", T0, source="tool")
    in_session = chat(memory, space, "Melanie: Yes, with the club.", session="s9")[0]
    found = episodes_found(memory, space, "lighthouse kayaking")
    assert next_day not in found
    assert tool_result not in found
    assert in_session not in found


def test_without_a_session_the_window_does_not_depend_on_arrival_order(
    memory: Memory, ns: NS
) -> None:
    turns = [(QUESTION, T0), (ANSWER, T0 + timedelta(seconds=5))]
    answers = {}
    for space, order in ((ns("ctx-a"), turns), (ns("ctx-b"), turns[::-1])):
        ids = {text: told(memory, space, text, at) for text, at in order}
        [row] = memory.store.episodes_by_id(space, [ids[ANSWER]])
        answers[space] = row.get("context_text")
    first, second = answers.values()
    assert first == second
    assert "lighthouse" in str(first)


def test_forgetting_a_turn_without_a_session_takes_its_words_out_of_the_next(
    memory: Memory, ns: NS
) -> None:
    space = ns("ctx")
    question = told(memory, space, QUESTION, T0)
    answer = told(memory, space, ANSWER, T0 + timedelta(seconds=5))
    memory.forget(space, episode=question)
    assert answer not in episodes_found(memory, space, "lighthouse kayaking")
    row = memory.store.episodes_by_id(space, [answer])[0]
    assert "lighthouse" not in str(row.get("context_text") or "")


def test_windows_after_forgets_are_the_windows_of_what_remains(memory: Memory, ns: NS) -> None:
    """A forget windows again only the turns around what it takes (write/context.refreshed);
    after each of a run of forgets, one turn or several at once, every turn's context is
    still the window computed from scratch over the turns that remain — in a session and in
    day threads, turns told out of order and some far apart."""
    rng = random.Random(7)
    things = ["kettle", "bicycle", "garden", "ticket", "violin", "harbour", "lantern"]
    for session in ("s1", None):
        space = ns("session" if session else "days")
        start = datetime(2026, 3, 2, 9, tzinfo=UTC)
        told = [
            memory.remember(
                f"Turn {i}: the {rng.choice(['red', 'blue', 'green'])} {rng.choice(things)}.",
                space,
                session=session,
                at=start + timedelta(minutes=rng.choice([1, 2, 3, 45]) * i),
            ).episode_id
            for i in range(30)
        ]
        for round_ in range(7):
            if round_ == 6:  # a word in many turns: they are rewritten at once
                texts = [r["content"] for r in memory.store.episodes_by_id(space, told)]
                memory.forget(space, entity=max(things, key=lambda w: sum(w in t for t in texts)))
            for gone in rng.sample(told, min(len(told), rng.choice([1, 1, 2, 3, 9]))):
                told.remove(gone)
                memory.forget(space, episode=gone)
            rows = memory.store.episodes_by_id(space, [t for t in told if t])
            for thread in {str(r.get("thread") or r.get("session")) for r in rows}:
                turns = memory.store.thread_turns(space, thread, None, 0)
                for at, turn in enumerate(turns):
                    want = context.window(turns, at, within=context.pace(thread))
                    assert turn.get("context_text") == want["context_text"], (thread, at)
