"""The write path with a model behind a real HTTP boundary (a local OpenAI-compatible server):
rules decide what they can, the model only the rest, and failures write nothing."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import pytest

from graphmem import Claim, Memory, ModelCallFailed, ModelReplyInvalid
from graphmem.extract.llm import LLMExtractor
from graphmem.models.llm import ModelClient, RetryPolicy
from graphmem.store.base import GraphStore
from graphmem.testing import FakeModelServer, FakeReply
from graphmem.write.decide_llm import ModelDecider
from tests.stores import Clock

NS = Callable[[str], str]
FAST = RetryPolicy(attempts=3, base_delay=0.01, max_delay=0.02, max_retry_after=0.05)


def claim(subject: str, predicate: str, obj: str, **extra: Any) -> dict[str, Any]:
    return {
        "subject": subject,
        "predicate": predicate,
        "object": obj,
        "kind": "fact",
        "valid_from": None,
        "valid_until": None,
        "scope": "global",
        "confidence": 0.95,
        "quote": extra.pop("quote", None),
        "negated": False,
        "inferred": False,
        **extra,
    }


def extraction(*claims: dict[str, Any]) -> dict[str, Any]:
    return {"claims": list(claims)}


def works_at_acme(memory: Memory, server: FakeModelServer, clock: Clock, ns: NS) -> str:
    """A fresh namespace where Maya said on March 2 that she works for Acme."""
    maya = ns("maya")
    clock.set(datetime(2026, 3, 2, tzinfo=UTC))
    server.script(extraction(claim("maya", "employer", "Acme", quote="I work for Acme")))
    memory.remember("I work for Acme", namespace=maya, speaker="maya")
    return maya


def script_globex_update(server: FakeModelServer) -> None:
    """The model reads "I joined Globex" and decides it replaces the employer shown as n1."""
    server.script(
        extraction(claim("maya", "employer", "Globex", quote="I joined Globex")),
        {"action": "UPDATE", "target_ids": ["n1"], "reason": "changed jobs"},
    )


@pytest.fixture
def llm_memory(store: GraphStore, clock: Clock, fake_model: ModelClient) -> Memory:
    return Memory(
        store=store,
        clock=clock,
        extractor=LLMExtractor(fake_model),
        decider=ModelDecider(fake_model),
    )


def test_one_valued_contradiction_needs_no_decision_call(
    llm_memory: Memory, server: FakeModelServer, clock: Clock, ns: NS
) -> None:
    maya = ns("maya")
    clock.set(datetime(2026, 3, 2, tzinfo=UTC))
    server.script(extraction(claim("maya", "lives_in", "Austin", quote="I live in Austin")))
    llm_memory.remember("I live in Austin", namespace=maya, speaker="maya")
    clock.set(datetime(2026, 7, 2, tzinfo=UTC))
    server.script(extraction(claim("maya", "lives_in", "Denver", quote="I moved to Denver")))

    result = llm_memory.remember("I moved to Denver", namespace=maya, speaker="maya")

    assert [op.kind for op in result.operations] == ["UPDATE"]
    assert result.model_calls == 1  # the extraction; the rules decided
    assert result.tokens > 0
    assert [f.object for f in llm_memory.facts(maya, predicate="lives_in")] == ["Denver"]


def test_ambiguous_neighbours_take_exactly_one_decision_call(
    llm_memory: Memory, server: FakeModelServer, clock: Clock, ns: NS
) -> None:
    maya = works_at_acme(llm_memory, server, clock, ns)
    old = llm_memory.facts(maya, predicate="employer")[0]
    script_globex_update(server)

    result = llm_memory.remember("I joined Globex", namespace=maya, speaker="maya")

    assert result.model_calls == 2  # one extraction, one decision
    assert [op.kind for op in result.operations] == ["UPDATE"]
    assert result.operations[0].target_ids == [old.id]
    assert [f.object for f in llm_memory.facts(maya, predicate="employer")] == ["Globex"]
    decision_prompt = server.requests[-1]["messages"][-1]["content"]
    assert "Acme" in decision_prompt
    assert old.id not in decision_prompt  # the model sees aliases, never real ids


def test_a_decision_naming_an_unknown_fact_changes_nothing(
    llm_memory: Memory, server: FakeModelServer, clock: Clock, ns: NS
) -> None:
    maya = works_at_acme(llm_memory, server, clock, ns)
    before = llm_memory.facts(maya, history=True)
    server.script(
        extraction(claim("maya", "employer", "Globex", quote="I joined Globex")),
        {"action": "DELETE", "target_ids": ["n7", "f_made_up"], "reason": "hallucinated"},
    )

    result = llm_memory.remember("I joined Globex", namespace=maya, speaker="maya")

    assert [op.kind for op in result.operations] == ["NOOP"]
    assert "not shown" in result.operations[0].reason
    assert llm_memory.facts(maya, history=True) == before


@pytest.mark.parametrize(
    ("replies", "error"),
    [
        (["{not json", "{still not json"], ModelReplyInvalid),
        ([FakeReply.refusal("I can't help with that")], ModelReplyInvalid),
        ([FakeReply.status(500)] * 3, ModelCallFailed),
        ([FakeReply.status(429, retry_after=0)] * 3, ModelCallFailed),
        ([FakeReply.delay(5)] * 3, ModelCallFailed),
    ],
    ids=["malformed-json", "refusal", "500s", "429s", "timeouts"],
)
def test_a_model_failure_keeps_the_message_with_its_extraction_pending(
    llm_memory: Memory,
    server: FakeModelServer,
    ns: NS,
    replies: list[Any],
    error: type[Exception],
) -> None:
    maya = ns("maya")
    server.script(*replies)
    result = llm_memory.remember("I live in Austin", namespace=maya, speaker="maya")
    assert result.extraction_pending
    assert result.operations == []
    assert llm_memory.facts(maya) == []
    episode = llm_memory.episode(str(result.episode_id), maya)
    assert episode.content == "I live in Austin"
    assert episode.extraction_pending
    [entry] = [a for a in llm_memory.audit(maya) if a.action == "extraction pending"]
    assert entry.target_id == result.episode_id
    assert error.__name__ in {"ModelCallFailed", "ModelReplyInvalid"}

    # The model answers again: the message is read as remember would have read it.
    server.script(extraction(claim("maya", "lives_in", "Austin", quote="I live in Austin")))
    report = llm_memory.reextract(maya)
    assert (len(report.finished), report.pending, report.failed) == (1, 0, None)
    assert report.finished[0].episode_id == result.episode_id
    assert [f.object for f in llm_memory.facts(maya, predicate="lives_in")] == ["Austin"]
    [fact] = llm_memory.facts(maya, predicate="lives_in")
    support = llm_memory.history(fact.id, maya)[-1].support
    assert [s.episode_id for s in support] == [result.episode_id]
    assert not llm_memory.episode(str(result.episode_id), maya).extraction_pending
    assert llm_memory.reextract(maya).finished == []  # nothing is read twice


def test_a_failed_decision_keeps_the_message_too(
    llm_memory: Memory, server: FakeModelServer, clock: Clock, ns: NS
) -> None:
    maya = works_at_acme(llm_memory, server, clock, ns)
    server.script(
        extraction(claim("maya", "employer", "Globex", quote="I joined Globex")),
        *[FakeReply.status(500)] * 3,
    )
    result = llm_memory.remember("I joined Globex", namespace=maya, speaker="maya")
    assert "HTTP 500" in str(result.extraction_pending)
    assert [f.object for f in llm_memory.facts(maya, predicate="employer")] == ["Acme"]

    # Still failing: the run stops, the episode stays pending and says why.
    server.script(*[FakeReply.status(503)] * 3)
    report = llm_memory.reextract(maya)
    assert (report.finished, report.pending) == ([], 1)
    assert "503" in str(report.failed)

    script_globex_update(server)
    report = llm_memory.reextract(maya)
    assert (len(report.finished), report.pending) == (1, 0)
    assert [f.object for f in llm_memory.facts(maya, predicate="employer")] == ["Globex"]


def test_claims_given_as_such_stay_with_the_caller_when_the_model_fails(
    llm_memory: Memory, server: FakeModelServer, clock: Clock, ns: NS
) -> None:
    maya = ns("maya")
    clock.set(datetime(2026, 3, 2, tzinfo=UTC))
    llm_memory.remember([Claim("maya", "employer", "Acme")], namespace=maya)
    server.script(*[FakeReply.status(500)] * 3)
    with pytest.raises(ModelCallFailed):
        llm_memory.remember([Claim("maya", "employer", "Globex")], namespace=maya)
    assert llm_memory.stats(maya)["Episode"] == 1


def test_retry_after_a_429_succeeds_and_counts_both_calls(
    llm_memory: Memory, server: FakeModelServer, ns: NS
) -> None:
    maya = ns("maya")
    server.script(
        FakeReply.status(429, retry_after=0),
        extraction(claim("maya", "likes", "tea", quote="I like tea")),
    )
    result = llm_memory.remember("I like tea", namespace=maya, speaker="maya")
    assert result.model_calls == 2
    assert [f.object for f in llm_memory.facts(maya)] == ["tea"]


# A secret told in a way the offline gate does not read (no word about access beside it):
# the model marks it.
TOLD_THE_BANK = "I told the bank our first dog was Kestrelfjord, keep it in mind"


def test_a_secret_the_model_marks_is_never_stored_nor_echoed(
    llm_memory: Memory, server: FakeModelServer, ns: NS
) -> None:
    maya = ns("maya")
    server.script(
        {
            "claims": [claim("maya", "first_dog", "Kestrelfjord", quote=TOLD_THE_BANK)],
            "secrets": [{"value": "Kestrelfjord", "kind": "secret_answer"}],
        }
    )
    result = llm_memory.remember(TOLD_THE_BANK, namespace=maya, speaker="maya")
    assert result.operations == []
    assert result.secrets.get("secret_answer") == 1
    [refusal] = [r for r in result.refused if "the model marked" in r.reason]
    assert "Kestrel" not in refusal.claim
    assert "Kestrel" not in result.model_dump_json()
    episode = llm_memory.episode(str(result.episode_id), maya)
    assert "Kestrelfjord" not in episode.content
    assert "[redacted:secret_answer]" in episode.content
    assert "first dog" in episode.content
    llm_memory.flush()
    assert llm_memory.store.find_text(maya, "Kestrelfjord") == []


def test_a_value_the_model_invents_or_a_tiny_one_redacts_nothing(
    llm_memory: Memory, server: FakeModelServer, ns: NS
) -> None:
    maya = ns("maya")
    said = "I moved to Oslo in 2021"
    server.script(
        {
            "claims": [claim("maya", "lives_in", "Oslo", quote=said)],
            "secrets": [{"value": "hunter2-not-said", "kind": "password"}, {"value": "21"}],
        }
    )
    result = llm_memory.remember(said, namespace=maya, speaker="maya")
    assert result.secrets == {}
    assert llm_memory.episode(str(result.episode_id), maya).content == said
    assert [f.object for f in llm_memory.facts(maya, predicate="lives_in")] == ["Oslo"]


def test_a_pending_episode_read_again_loses_what_the_model_marks(
    llm_memory: Memory, server: FakeModelServer, ns: NS
) -> None:
    maya = ns("maya")
    server.script("{not json", "{still not json")
    first = llm_memory.remember(TOLD_THE_BANK, namespace=maya, speaker="maya")
    assert first.extraction_pending
    server.script({"claims": [], "secrets": [{"value": "Kestrelfjord", "kind": "secret_answer"}]})
    report = llm_memory.reextract(maya)
    assert report.finished[0].secrets == {"secret_answer": 1}
    assert "Kestrel" not in llm_memory.episode(str(first.episode_id), maya).content
    llm_memory.flush()
    assert llm_memory.store.find_text(maya, "Kestrelfjord") == []
