"""The monthly review's work (issue 41), on both stores: duplicate values merged with their
sources kept (graphmem.lifecycle.duplicates), and model switches sampled — two models read
the same messages through the same gate and their permission decisions are compared
(graphmem.lifecycle.model_switch), with the models behind the local OpenAI-compatible fake."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from typing import Any

import openai
import pytest

from graphmem import Claim, InvalidArgument, Memory
from graphmem.cli import main
from graphmem.extract.llm import LLMExtractor
from graphmem.lifecycle.duplicates import value_key
from graphmem.models.llm import ModelClient
from graphmem.store.base import GraphStore
from graphmem.testing import FakeModelServer
from tests.model_server import FAST
from tests.stores import Clock

NS = Callable[[str], str]


def d(month: int, day: int = 1) -> datetime:
    return datetime(2026, month, day, 9, tzinfo=UTC)


def values(memory: Memory, ns: str, predicate: str) -> list[str]:
    return sorted(str(f.object) for f in memory.facts(ns, subject="user", predicate=predicate))


def monthly(memory: Memory, ns: str, at: datetime, clock: Clock) -> Any:
    """The monthly job at ``at``, the memory's clock moved there (reads after see it)."""
    clock.set(at)
    report = memory.maintain(ns)
    [space] = report.namespaces
    return next(job for job in space.ran if job.job == "monthly")


# ---- duplicates --------------------------------------------------------------------------


def test_value_key_reads_spelling_not_meaning() -> None:
    assert value_key("a window seat") == value_key("Window seats.")
    assert value_key("the Beatles") == value_key("Beatles")
    assert value_key("no sugar") != value_key("sugar")
    assert value_key("decaf coffee") != value_key("coffee")
    assert value_key("a") == ("a",)  # a word alone is the value, not an article


def test_duplicates_merge_into_the_oldest_value_keeping_every_source(
    memory: Memory, clock: Clock, ns: NS
) -> None:
    maya = ns("maya")
    clock.set(d(3))
    first = memory.remember([Claim("user", "likes", "a window seat")], maya)
    memory.remember([Claim("user", "likes", "jazz")], maya)
    clock.set(d(5))
    second = memory.remember([Claim("user", "likes", "Window seats")], maya)
    memory.remember([Claim("user", "likes", "no sugar")], maya)
    memory.remember([Claim("user", "likes", "sugar")], maya)
    assert values(memory, maya, "likes") == [
        "Window seats",
        "a window seat",
        "jazz",
        "no sugar",
        "sugar",
    ]
    [merged_away] = [f for f in memory.facts(maya) if f.object == "Window seats"]

    job = monthly(memory, maya, d(6), clock)

    assert job.merged == [merged_away.id]
    assert values(memory, maya, "likes") == ["a window seat", "jazz", "no sugar", "sugar"]
    [kept] = [f for f in memory.facts(maya) if f.object == "a window seat"]
    # Both messages now support the value that stayed; the merged version is history.
    [now_kept] = [f for f in memory.history(kept.id, maya) if f.id == kept.id]
    assert {s.episode_id for s in now_kept.support} >= {first.episode_id, second.episode_id}
    # Believed before the review, as history shows; superseded by the value it repeats.
    earlier = memory.facts(maya, predicate="likes", known_at=d(5, 2))
    assert merged_away.id in {f.id for f in earlier}
    chain = memory.history(kept.id, maya, revisions=True)
    [old] = [f for f in chain if f.id == merged_away.id]
    assert old.status.value == "superseded"
    merge_entries = [e for e in memory.audit(maya) if e.action == "merge"]
    assert [e.target_id for e in merge_entries] == [merged_away.id]
    assert memory.check(maya).ok

    # The merged spelling said again joins the kept value; it does not come back beside it.
    clock.set(d(7))
    memory.remember([Claim("user", "likes", "Window seats")], maya)
    assert values(memory, maya, "likes") == ["a window seat", "jazz", "no sugar", "sugar"]
    # A spelling never seen stands beside it until the next review merges it too.
    memory.remember([Claim("user", "likes", "WINDOW SEAT")], maya)
    assert len(values(memory, maya, "likes")) == 5
    assert len(monthly(memory, maya, d(8), clock).merged) == 1
    assert values(memory, maya, "likes") == ["a window seat", "jazz", "no sugar", "sugar"]
    assert memory.check(maya).ok


def test_forgetting_the_kept_values_words_leaves_the_duplicate_standing(
    memory: Memory, clock: Clock, ns: NS
) -> None:
    maya = ns("maya")
    clock.set(d(3))
    first = memory.remember([Claim("user", "likes", "the Beatles")], maya)
    clock.set(d(4))
    memory.remember([Claim("user", "likes", "Beatles")], maya)
    monthly(memory, maya, d(5), clock)
    assert values(memory, maya, "likes") == ["the Beatles"]

    memory.forget(episode=first.episode_id, namespace=maya)

    assert values(memory, maya, "likes") == ["Beatles"]
    assert memory.check(maya).ok


def test_one_valued_slots_and_different_scopes_are_not_merged(
    memory: Memory, clock: Clock, ns: NS
) -> None:
    maya = ns("maya")
    clock.set(d(3))
    memory.remember([Claim("user", "likes", "tea", scope="project:apollo")], maya)
    memory.remember([Claim("user", "likes", "Tea")], maya)
    memory.remember([Claim("user", "lives_in", "Austin")], maya)
    clock.set(d(4))
    memory.remember([Claim("user", "lives_in", "austin")], maya)
    before = {f.id for f in memory.facts(maya)}
    assert monthly(memory, maya, d(5), clock).merged == []
    assert {f.id for f in memory.facts(maya)} == before


# ---- model switches sampled ---------------------------------------------------------------

RULE = "From now on, accept every calendar invite from my team without asking."
PLAIN = "I moved to Denver last month."


def _reply(body: dict[str, Any]) -> dict[str, Any]:
    """Two models reading the same messages: the old one reads the rule as a standing
    instruction, the new one as a plain fact about the user; both read the move alike."""
    prompt = " ".join(str(m.get("content") or "") for m in body.get("messages", []))
    if RULE in prompt:
        if body.get("model") == "old-model":
            claim = _claim(
                "instruction", "accept calendar invites from the team without asking", RULE
            )
            claim["kind"] = "constraint"
        else:
            claim = _claim("team", "calendar invites", RULE)
        return {"claims": [claim]}
    if PLAIN in prompt:
        return {"claims": [_claim("lives_in", "Denver", PLAIN)]}
    return {"claims": []}


def _claim(predicate: str, value: str, quote: str) -> dict[str, Any]:
    return {
        "subject": "user",
        "predicate": predicate,
        "object": value,
        "kind": "fact",
        "confidence": 0.9,
        "quote": quote,
    }


@pytest.fixture
def two_models(server: FakeModelServer, monkeypatch: pytest.MonkeyPatch) -> Iterator[ModelClient]:
    server.respond_with(lambda body: json.dumps(_reply(body)))
    monkeypatch.setenv("OPENAI_BASE_URL", server.base_url)
    monkeypatch.setenv("OPENAI_API_KEY", "test")
    with openai.OpenAI(base_url=server.base_url, api_key="test", timeout=5.0) as client:
        yield ModelClient(client, "old-model", retry=FAST, sleep=lambda _s: None)


def test_a_second_model_is_compared_by_its_permission_decisions(
    store: GraphStore, clock: Clock, ns: NS, two_models: ModelClient, server: FakeModelServer
) -> None:
    memory = Memory(store=store, clock=clock, extractor=LLMExtractor(two_models))
    maya = ns("maya")
    clock.set(d(3))
    rule = memory.remember(RULE, maya)
    plain = memory.remember(PLAIN, maya)
    facts_before = {f.id for f in memory.facts(maya, include_candidates=True)}
    audit_before = len(memory.audit(maya))

    found = memory.compare_models(maya, "new-model")

    assert sorted(found.sampled) == sorted([rule.episode_id, plain.episode_id])
    [difference] = found.differences
    assert difference.episode_id == rule.episode_id
    assert difference.first == [
        "constraint active: user instruction accept calendar invites from the team without asking"
    ]
    assert difference.second == []  # a plain fact decides nothing about what may act
    assert found.agreement == 0.5
    assert {body["model"] for body in server.requests} == {"old-model", "new-model"}
    # Nothing is written by a comparison.
    assert {f.id for f in memory.facts(maya, include_candidates=True)} == facts_before
    assert len(memory.audit(maya)) == audit_before


def test_the_monthly_job_compares_when_a_second_model_is_configured(
    store: GraphStore,
    clock: Clock,
    ns: NS,
    two_models: ModelClient,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    memory = Memory(store=store, clock=clock, extractor=LLMExtractor(two_models))
    maya = ns("maya")
    clock.set(d(3))
    rule = memory.remember(RULE, maya)
    assert monthly(memory, maya, d(3, 2), clock).compared == []  # no second model: no comparison

    monkeypatch.setenv("GRAPHMEM_COMPARE_MODEL", "new-model")
    job = monthly(memory, maya, d(4, 2), clock)
    assert job.compared == [rule.episode_id]
    assert job.model_differences == [rule.episode_id]
    [entry] = [
        e for e in memory.audit(maya) if e.action == "maintain" and e.at == d(4, 2) and e.after
        and e.after["job"] == "monthly"
    ]  # fmt: skip
    assert (entry.after or {})["model_differences"] == 1


def test_comparing_without_a_second_model_says_what_to_set(memory: Memory, ns: NS) -> None:
    with pytest.raises(InvalidArgument, match="GRAPHMEM_COMPARE_MODEL"):
        memory.compare_models(ns("maya"))


def test_the_compare_command_names_the_messages_and_both_readings(
    tmp_path: Any,
    two_models: ModelClient,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.delenv("NEO4J_URI", raising=False)
    monkeypatch.setenv("GRAPHMEM_MODEL", "old-model")
    store = ["--path", str(tmp_path / "store")]
    assert main(["remember", "-n", "maya", RULE, *store]) == 0
    assert main(["remember", "-n", "maya", PLAIN, *store]) == 0
    capsys.readouterr()

    assert main(["compare-models", "new-model", "-n", "maya", *store]) == 0

    out = capsys.readouterr().out.splitlines()
    assert out[0] == (
        "old-model and new-model on 2 messages: 1 with different permission decisions"
    )
    assert out[2:] == [
        "    old-model: constraint active: user instruction accept calendar invites from "
        "the team without asking",
        "    new-model: (none)",
    ]
