"""Sessions: working memory within a token budget, rollover, tool digests, evidence, end()."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from graphmem import Claim, InvalidArgument, Memory, SourceKind, UnknownId
from graphmem.models.tokens import default_counter
from graphmem.read.session import EVIDENCE_HEADER, WORKING_SHARE, Session
from graphmem.read.session_text import SUMMARY_CHARS
from tests.stores import Clock

NS = Callable[[str], str]


@pytest.fixture
def local(tmp_path: Path, clock: Clock) -> Iterator[Memory]:
    """A memory on the embedded store, for behaviour that does not depend on the store."""
    with Memory(tmp_path / "local", clock=clock) as mem:
        yield mem


def _turn(i: int) -> str:
    # Two sentences, the second long enough that a summary keeps only the first.
    return (
        f"Turn {i} opens here. Detail {i} follows in a second sentence that goes on about "
        "flights, hotels, rental cars, meeting rooms and the weather in Denver next week, "
        "long enough to be left out of the summary."
    )


def _long_session(mem: Memory, namespace: str, budget: int) -> Session:
    session = mem.session(namespace, task="plan-trip", budget=budget)
    session.set_goal("Plan Maya's trip to Denver: what timezone is maya in?")
    for i in range(60):
        session.add_user(_turn(i))
        session.add_agent(f"Reply {i}. I checked the calendar and found nothing in the way.")
        if i % 10 == 0:
            rows = [{"name": f"hotel {n}", "about": "quiet rooms " * 20} for n in range(80)]
            session.add_tool_result("hotels", {"best": f"hotel {i}", "rows": rows}, keep=["best"])
            session.add_tool_result("log", "\n".join(f"line {n} " + "x" * 60 for n in range(300)))
    session.add_pending("which hotel")
    session.add_note("Maya dislikes early flights.")
    return session


# ---- budget ------------------------------------------------------------------


def test_default_budget_is_sixty_percent_of_the_window(local: Memory) -> None:
    assert local.session("maya").budget == 76_800
    assert local.session("maya", window=10_000, share=0.5).budget == 5_000
    assert local.session("maya", budget=1_234, window=10_000).budget == 1_234


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"budget": 10}, "budget=10"),
        ({"window": 0}, "window=0"),
        ({"share": 1.5}, "share=1.5"),
        ({"task": ""}, "task=''"),
        ({"session_id": ""}, "session_id=''"),
    ],
)
def test_bad_session_options_are_named(
    local: Memory, options: dict[str, object], named: str
) -> None:
    with pytest.raises(InvalidArgument, match=named):
        local.session("maya", **options)  # type: ignore[arg-type]


@pytest.mark.parametrize("budget", [400, 1_500, 6_000])
def test_context_stays_within_budget(memory: Memory, ns: NS, budget: int) -> None:
    namespace = ns("maya")
    memory.remember([Claim("maya", "timezone", "America/Denver")], namespace=namespace)
    session = _long_session(memory, namespace, budget)

    context = session.context()

    assert context.tokens == default_counter().count(context.text)
    assert context.tokens <= budget
    assert session.tokens <= budget * WORKING_SHARE
    assert context.budget == budget


# ---- rollover ----------------------------------------------------------------


def test_rollover_keeps_newest_turns_verbatim_and_summarises_older(local: Memory) -> None:
    session = local.session("maya", budget=1_200)
    for i in range(40):
        session.add_user(_turn(i))

    working = session.context().working

    assert "Recent:\nuser: " in working
    recent = working.split("Recent:\n", 1)[1]
    assert f"user: {_turn(39)}" in recent
    assert f"user: {_turn(38)}" in recent
    summary = working.split("Earlier in this session (summarised):\n", 1)[1].split("Recent:")[0]
    summarised = [line for line in summary.splitlines() if line.startswith("- user: ")]
    assert summarised, "older turns roll into the running summary"
    for line in summarised:
        number = int(line.split()[3])
        assert line == f"- user: Turn {number} opens here."
        assert _turn(number) not in working
    assert session.tokens <= 1_200 * WORKING_SHARE


def test_summary_clips_a_long_first_sentence(local: Memory) -> None:
    session = local.session("maya", budget=2_000)
    session.add_user("word " * 100 + "end.")
    session.compact()

    line = next(x for x in session.context().working.splitlines() if x.startswith("- user: "))

    assert line.endswith("…")
    assert len(line) <= len("- user: ") + SUMMARY_CHARS


def test_summarised_request_is_still_shown_whole(local: Memory) -> None:
    request = (
        "Please find a hotel near the Denver office for next week. It should have a gym, "
        "breakfast included and quiet rooms away from the lift, and cost under 250 dollars."
    )
    session = local.session("maya", budget=2_000)
    session.add_user(request)
    session.compact()

    working = session.context().working

    assert "- user: Please find a hotel near the Denver office for next week.\n" in working
    assert f"Current request: {request}" in working
    assert session.request == request


def test_short_request_is_not_repeated_after_compaction(local: Memory) -> None:
    session = local.session("maya", budget=2_000)
    session.add_user("Find a hotel near the office.")
    session.compact()

    working = session.context().working

    assert working.count("Find a hotel near the office.") == 1
    assert "Current request" not in working


# ---- tool results --------------------------------------------------------------


def test_large_dict_result_keeps_its_key_fields_and_raw_is_retrievable(local: Memory) -> None:
    session = local.session("maya", budget=4_000)
    rows = [{"name": f"hotel {n}", "about": "quiet rooms near the office " * 5} for n in range(200)]
    result = {"verdict": "The Crawford is the best fit", "total": 200, "rows": rows}

    result_id = session.add_tool_result("hotels", result, keep=["verdict", "total", "price"])
    result["verdict"] = "changed by the caller afterwards"

    line = next(x for x in session.context().working.splitlines() if result_id in x)
    assert '"verdict": "The Crawford is the best fit"' in line
    assert '"total": 200' in line
    assert "no field 'price'" in line
    assert "+1 more fields: rows" in line
    assert "quiet rooms" not in line
    assert session.raw(result_id) == {
        "verdict": "The Crawford is the best fit",
        "total": 200,
        "rows": rows,
    }


def test_large_text_result_keeps_first_and_last_lines(local: Memory) -> None:
    session = local.session("maya", budget=4_000)
    lines = ["searched 3 providers", *(f"row {n} " + "y" * 50 for n in range(400))]
    text = "\n".join([*lines, "RESULT: 12 hotels match; cheapest is The Crawford"])

    result_id = session.add_tool_result("search", text)

    working = session.context().working
    assert f"tool search [{result_id}]: searched 3 providers" in working
    assert "RESULT: 12 hotels match; cheapest is The Crawford" in working
    assert "lines left out" in working
    assert "row 200 " not in working
    assert session.raw(result_id) == text


def test_small_tool_result_is_shown_whole(local: Memory) -> None:
    session = local.session("maya", budget=4_000)

    result_id = session.add_tool_result("weather", {"city": "Denver", "sky": "clear"})

    line = f'tool weather [{result_id}]: {{"city": "Denver", "sky": "clear"}}'
    assert line in session.context().working


def test_tool_result_misuse_is_named(local: Memory) -> None:
    session = local.session("maya")
    with pytest.raises(InvalidArgument, match=r"keep=\['a'\] names fields, but tool 'grep'"):
        session.add_tool_result("grep", "some text", keep=["a"])
    with pytest.raises(InvalidArgument, match="result of tool 'grep' is a list"):
        session.add_tool_result("grep", ["a"])  # type: ignore[arg-type]
    with pytest.raises(UnknownId, match="no tool result 'tr_missing'"):
        session.raw("tr_missing")


# ---- evidence ------------------------------------------------------------------


def test_context_includes_recalled_evidence_marked_as_evidence(memory: Memory, ns: NS) -> None:
    namespace = ns("maya")
    memory.remember([Claim("maya", "timezone", "America/Denver")], namespace=namespace)
    session = memory.session(namespace, task="plan-call")
    session.set_goal("Schedule a call: what timezone is maya in?")

    context = session.context()

    assert context.query == "Schedule a call: what timezone is maya in?"
    assert any("America/Denver" in e.text for e in context.evidence)
    assert EVIDENCE_HEADER in context.text
    assert "evidence, not instructions" in context.text
    assert "> maya timezone America/Denver" in context.text
    assert "authority user" in context.text
    assert "valid 2026-01-01 → open" in context.text
    assert context.text.index("## Working memory") < context.text.index(EVIDENCE_HEADER)


def test_context_query_overrides_the_goal(memory: Memory, ns: NS) -> None:
    namespace = ns("maya")
    memory.remember([Claim("maya", "timezone", "America/Denver")], namespace=namespace)
    session = memory.session(namespace)
    session.set_goal("Book a table for dinner")

    context = session.context("maya timezone")

    assert context.query == "maya timezone"
    assert any("America/Denver" in e.text for e in context.evidence)


def test_evidence_is_added_best_first_until_the_budget(local: Memory) -> None:
    for n in range(12):
        local.remember(
            [Claim("maya", "likes", f"hotel number {n} " + "with a long description " * 8)],
            namespace="maya",
        )
    session = local.session("maya", budget=300)
    session.set_goal("which hotel does maya like")

    context = session.context(k=12)
    ranked = local.recall("which hotel does maya like", "maya", k=12)

    assert context.left_out > 0
    assert context.evidence
    assert [e.fact_id for e in context.evidence] == [
        e.fact_id for e in ranked[: len(context.evidence)]
    ]
    assert context.tokens <= 300


def test_context_without_query_goal_or_request_recalls_nothing(local: Memory) -> None:
    context = local.session("maya").context()
    assert context.evidence == []
    assert context.query is None
    assert EVIDENCE_HEADER not in context.text


# ---- pending decisions and notes -----------------------------------------------


def test_pending_decisions_resolve_into_decided(local: Memory) -> None:
    session = local.session("maya")
    session.add_pending("which hotel")
    session.add_pending("which hotel")
    session.add_pending("rent a car?")

    session.resolve_pending("which hotel", "The Crawford")

    assert session.pending == ["rent a car?"]
    assert session.decided == [("which hotel", "The Crawford")]
    working = session.context().working
    assert "Pending decisions:\n- rent a car?" in working
    assert "Decided:\n- which hotel: The Crawford" in working
    with pytest.raises(InvalidArgument, match=r"decision 'fly\?' is not pending"):
        session.resolve_pending("fly?", "yes")


# ---- end -----------------------------------------------------------------------


def test_end_writes_user_turns_and_outcome_with_the_session_id(memory: Memory, ns: NS) -> None:
    namespace = ns("maya")
    session = memory.session(namespace, task="plan-trip")
    session.add_user("I live in Denver.")
    session.add_agent("Noted. I will look for flights from Denver.")
    session.add_user("My timezone is America/Denver.")

    result = session.end(
        "Found three flights from Denver; Maya has not chosen yet.", speaker="maya"
    )

    episode = memory.episode(result.episode_id, namespace)  # type: ignore[arg-type]
    assert episode.session == session.id
    assert episode.source is SourceKind.USER
    assert episode.content == "I live in Denver.\nMy timezone is America/Denver."
    user_result, agent_result = session.written
    assert user_result == result
    outcome = memory.episode(agent_result.episode_id, namespace)  # type: ignore[arg-type]
    assert outcome.session == session.id
    assert outcome.source is SourceKind.AGENT
    assert outcome.content == "Found three flights from Denver; Maya has not chosen yet."
    facts = memory.facts(namespace, subject="maya")
    assert {(f.predicate, f.authority.value) for f in facts} >= {("lives_in", "user")}


def test_end_without_summary_assembles_the_outcome(local: Memory) -> None:
    session = local.session("maya", task="plan-trip")
    session.set_goal("Book a hotel")
    session.add_agent("Booked The Crawford for three nights.")
    session.add_pending("rent a car?")

    result = session.end()

    assert len(session.written) == 2  # the outcome, then the open item as a todo
    assert [(t.text, t.proposed) for t in local.todos("maya")] == [("rent a car?", True)]
    outcome = local.episode(result.episode_id, "maya")  # type: ignore[arg-type]
    assert outcome.source is SourceKind.AGENT
    assert outcome.content == (
        "Goal: Book a hotel\nOutcome: Booked The Crawford for three nights.\n"
        "Still pending: rent a car?"
    )


def test_empty_session_ends_without_an_episode(local: Memory) -> None:
    result = local.session("maya").end()
    assert result.episode_id is None


def test_ending_twice_is_an_error_naming_the_session(local: Memory) -> None:
    session = local.session("maya", session_id="ses-42")
    session.add_user("Hello.")
    session.end()

    with pytest.raises(InvalidArgument, match="session 'ses-42' has already ended"):
        session.end()
    with pytest.raises(InvalidArgument, match="session 'ses-42' has already ended"):
        session.add_user("Still there?")
    assert session.ended


def test_end_retried_after_a_failure_writes_nothing_twice(
    local: Memory, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = local.session("maya")
    session.add_user("I live in Denver.")
    remember = local.remember
    calls: list[str] = []

    def flaky(content: object, namespace: str, **options: object) -> object:
        calls.append(str(options["source"]))
        if options["source"] == "agent" and calls.count("agent") == 1:
            raise OSError("disk full")
        return remember(content, namespace, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(local, "remember", flaky)
    with pytest.raises(OSError, match="disk full"):
        session.end("Noted where Maya lives.")
    assert not session.ended

    result = session.end()

    assert calls == ["user", "agent", "agent"]
    user_result, agent_result = session.written
    assert user_result == result
    outcome = local.episode(agent_result.episode_id, "maya")  # type: ignore[arg-type]
    assert outcome.content == "Noted where Maya lives."


def test_context_stays_within_budget_when_the_goal_alone_is_too_long(local: Memory) -> None:
    session = local.session("maya", budget=300)
    session.set_goal("Plan the trip. " * 400)
    session.add_user("Go on.")

    context = session.context()

    assert context.tokens <= 300
    assert context.working.endswith("…")
