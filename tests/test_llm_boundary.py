"""The model boundary, run with the real openai client against FakeModelServer."""

from __future__ import annotations

import json
import os
import re
import socket
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import openai
import pytest
from pydantic import BaseModel, ValidationError

from graphmem.errors import (
    InvalidArgument,
    ModelCallFailed,
    ModelReplyInvalid,
    NaiveDatetime,
)
from graphmem.extract.llm import ExtractionResponse, LLMExtractor, parse_when
from graphmem.model import Claim, Kind
from graphmem.models.llm import ModelClient, PromptTemplate, RetryPolicy, load_prompt
from graphmem.testing import FakeModelServer, FakeReply, fake_embedding

SNAPSHOT = Path(__file__).parent / "snapshots" / "extract_response.schema.json"
AT = datetime(2026, 3, 4, 10, 0, tzinfo=UTC)
POLICY = RetryPolicy(attempts=3, base_delay=0.01, max_delay=0.02, max_retry_after=0.05)
VARIABLES = {"text": "I moved to Denver.", "speaker": "maya", "occurred_at": AT.isoformat()}


class Answer(BaseModel):
    city: str
    year: int


@pytest.fixture
def server() -> Iterator[FakeModelServer]:
    with FakeModelServer() as running:
        yield running


@pytest.fixture
def openai_client(server: FakeModelServer) -> Iterator[openai.OpenAI]:
    with openai.OpenAI(base_url=server.base_url, api_key="test", timeout=5.0) as client:
        yield client


@pytest.fixture
def sleeps() -> list[float]:
    return []


@pytest.fixture
def model(openai_client: openai.OpenAI, sleeps: list[float]) -> ModelClient:
    return ModelClient(openai_client, "fake-model", retry=POLICY, sleep=sleeps.append, seed=7)


def ask(model: ModelClient) -> Any:
    return model.structured("extract", VARIABLES, Answer)


# -- structured replies -------------------------------------------------------------------


def test_good_reply_is_parsed_and_counted(model: ModelClient, server: FakeModelServer) -> None:
    server.script(Answer(city="Denver", year=2026))

    reply = ask(model)

    assert reply.value == Answer(city="Denver", year=2026)
    assert reply.calls == 1
    assert reply.prompt_tokens > 0
    assert reply.completion_tokens == len('{"city":"Denver","year":2026}') // 4
    (body,) = server.requests
    assert body["model"] == "fake-model"
    assert body["temperature"] == 0
    assert body["response_format"] == {
        "type": "json_schema",
        "json_schema": {"name": "Answer", "schema": Answer.model_json_schema(), "strict": False},
    }
    system, user = body["messages"]
    assert system["role"] == "system"
    assert "maya" in system["content"]
    assert user["role"] == "user"
    assert "I moved to Denver." in user["content"]


def test_tokens_add_up_over_calls_and_missing_usage_counts_zero(
    model: ModelClient, server: FakeModelServer
) -> None:
    server.script({"city": "Denver", "year": 2026})
    single = ask(model)
    server.script("not json", {"city": "Denver", "year": 2026})
    double = ask(model)
    server.script(FakeReply.content({"city": "Denver", "year": 2026}, usage=False))
    unknown = ask(model)

    assert double.calls == 2
    assert double.prompt_tokens == 2 * single.prompt_tokens
    assert double.completion_tokens == single.completion_tokens + len("not json") // 4
    assert (unknown.calls, unknown.prompt_tokens, unknown.completion_tokens) == (1, 0, 0)


def test_malformed_json_is_asked_again_once_then_invalid(
    model: ModelClient, server: FakeModelServer
) -> None:
    server.script('{"city": "Den', "still not JSON " + "x" * 400)

    with pytest.raises(ModelReplyInvalid, match="does not fit Answer") as caught:
        ask(model)

    message = str(caught.value)
    assert "still not JSON " + "x" * 185 in message
    assert "x" * 400 not in message
    assert isinstance(caught.value.__cause__, ValidationError)
    assert len(server.requests) == 2


def test_json_that_does_not_fit_the_model_is_invalid_without_retry(
    model: ModelClient, server: FakeModelServer
) -> None:
    server.script({"city": "Denver", "year": "soon"})

    with pytest.raises(ModelReplyInvalid, match=r"year: .*integer"):
        ask(model)

    assert len(server.requests) == 1


def test_refusal_is_invalid(model: ModelClient, server: FakeModelServer) -> None:
    server.script(FakeReply.refusal("I can't help with that."))

    with pytest.raises(ModelReplyInvalid, match=re.escape('refused: "I can\'t help with that."')):
        ask(model)

    assert len(server.requests) == 1


# -- retries and failures ---------------------------------------------------------------------


def test_rate_limit_then_success_honours_retry_after(
    model: ModelClient, server: FakeModelServer, sleeps: list[float]
) -> None:
    server.script(FakeReply.status(429, retry_after=0), {"city": "Denver", "year": 2026})

    reply = ask(model)

    assert reply.value.city == "Denver"
    assert reply.calls == 2
    assert sleeps == [0.0]
    assert len(server.requests) == 2


def test_retry_after_is_capped(
    model: ModelClient, server: FakeModelServer, sleeps: list[float]
) -> None:
    server.script(FakeReply.status(429, retry_after=3600), {"city": "Denver", "year": 2026})

    assert ask(model).calls == 2
    assert sleeps == [POLICY.max_retry_after]


def test_backoff_grows_exponentially_with_jitter(
    model: ModelClient, server: FakeModelServer, sleeps: list[float]
) -> None:
    server.script(FakeReply.status(503), FakeReply.status(502), {"city": "Denver", "year": 2026})

    assert ask(model).calls == 3

    first, second = sleeps
    assert POLICY.base_delay * (1 - POLICY.jitter) <= first <= POLICY.base_delay
    capped = min(POLICY.max_delay, 2 * POLICY.base_delay)
    assert capped * (1 - POLICY.jitter) <= second <= capped


def test_server_errors_exhaust_the_attempts(
    model: ModelClient, server: FakeModelServer, sleeps: list[float]
) -> None:
    server.script(*[FakeReply.status(500, message="boom")] * 3)

    with pytest.raises(ModelCallFailed, match="failed after 3 attempts: HTTP 500") as caught:
        ask(model)

    assert server.base_url in str(caught.value)
    assert isinstance(caught.value.__cause__, openai.InternalServerError)
    assert len(server.requests) == 3
    assert len(sleeps) == 2


def test_client_errors_are_not_retried(model: ModelClient, server: FakeModelServer) -> None:
    server.script(FakeReply.status(400, message="unsupported response_format"))

    with pytest.raises(ModelCallFailed, match="after 1 attempt: HTTP 400") as caught:
        ask(model)

    assert "unsupported response_format" in str(caught.value)
    assert isinstance(caught.value.__cause__, openai.BadRequestError)
    assert len(server.requests) == 1


def test_unscripted_request_fails_with_a_hint(model: ModelClient) -> None:
    with pytest.raises(ModelCallFailed, match=r"no reply scripted.*server\.script"):
        ask(model)


def test_timeout_fails_after_retries(server: FakeModelServer, sleeps: list[float]) -> None:
    server.script(FakeReply.delay(5), FakeReply.delay(5))
    retry = RetryPolicy(attempts=2, base_delay=0.01)
    with openai.OpenAI(base_url=server.base_url, api_key="test", timeout=0.2) as client:
        model = ModelClient(client, "fake-model", retry=retry, sleep=sleeps.append)

        with pytest.raises(ModelCallFailed, match="after 2 attempts: timed out") as caught:
            ask(model)

    assert isinstance(caught.value.__cause__, openai.APITimeoutError)
    assert len(server.requests) == 2


def test_unreachable_endpoint_is_a_connection_failure(sleeps: list[float]) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    url = f"http://127.0.0.1:{port}/v1"
    with openai.OpenAI(base_url=url, api_key="test", timeout=2.0) as client:
        model = ModelClient(client, "fake-model", retry=POLICY, sleep=sleeps.append)

        with pytest.raises(ModelCallFailed, match="connection error") as caught:
            ask(model)

    assert isinstance(caught.value.__cause__, openai.APIConnectionError)
    assert len(sleeps) == 2


def test_responder_answers_by_content(model: ModelClient, server: FakeModelServer) -> None:
    def responder(request: dict[str, Any]) -> dict[str, Any]:
        city = "Denver" if "Denver" in request["messages"][1]["content"] else "Austin"
        return {"city": city, "year": 2026}

    server.respond_with(responder)

    assert ask(model).value.city == "Denver"


def test_a_failing_responder_is_reported_to_the_client(
    model: ModelClient, server: FakeModelServer
) -> None:
    def responder(request: dict[str, Any]) -> dict[str, Any]:
        raise KeyError("city")

    server.respond_with(responder)
    server.script({"city": "Austin", "year": 2025})

    assert ask(model).value.city == "Austin"  # the script goes first
    assert server.pending() == 0
    with pytest.raises(ModelCallFailed, match="responder raised KeyError"):
        ask(model)
    with pytest.raises(InvalidArgument, match="use 'chat' or 'embeddings'"):
        server.script({}, endpoint="completions")  # type: ignore[arg-type]


# -- construction and prompts -----------------------------------------------------------------


def test_model_client_needs_an_openai_client() -> None:
    with pytest.raises(InvalidArgument, match=r"not an openai\.OpenAI client"):
        ModelClient("http://localhost", "m")  # type: ignore[arg-type]


def test_from_settings_makes_and_closes_its_client(server: FakeModelServer) -> None:
    server.script({"city": "Denver", "year": 2026})

    with ModelClient.from_settings(server.base_url, "test", "fake-model", timeout=5.0) as model:
        assert model.retry.attempts == 3
        assert ask(model).calls == 1
    with pytest.raises(InvalidArgument, match="api_key is empty"):
        ModelClient.from_settings(server.base_url, "", "fake-model")


def test_retry_policy_rejects_unusable_values() -> None:
    with pytest.raises(InvalidArgument, match="attempts=0"):
        RetryPolicy(attempts=0)
    with pytest.raises(InvalidArgument, match="jitter=2"):
        RetryPolicy(jitter=2)


def test_placeholders_are_checked_before_any_call(
    model: ModelClient, server: FakeModelServer
) -> None:
    assert load_prompt("extract").placeholders == {"text", "speaker", "occurred_at"}

    with pytest.raises(InvalidArgument, match=r"missing \['speaker'\], not in the template \[\]"):
        model.structured("extract", {"text": "x", "occurred_at": "now"}, Answer)
    with pytest.raises(InvalidArgument, match=r"missing \[\], not in the template \['mood'\]"):
        model.structured("extract", {**VARIABLES, "mood": "happy"}, Answer)

    assert server.requests == []


def test_prompt_names_and_layout_are_checked() -> None:
    with pytest.raises(
        InvalidArgument, match=r"no prompt named 'extrakt'; available: \[.*'extract'"
    ):
        load_prompt("extrakt")
    with pytest.raises(InvalidArgument, match="is not usable"):
        load_prompt("../secrets")
    with pytest.raises(InvalidArgument, match="exactly one line '---user---'"):
        PromptTemplate.parse("broken", "system only {x}")


def test_values_are_substituted_once() -> None:
    template = PromptTemplate.parse("t", 'Be {tone}. Keep {"json": 1} as is.\n---user---\n{text}')

    system, user = template.render({"tone": "brief", "text": "say {tone}"})

    assert system["content"] == 'Be brief. Keep {"json": 1} as is.'
    assert user["content"] == "say {tone}"


# -- embeddings -----------------------------------------------------------------------------


def test_embeddings_are_deterministic(
    model: ModelClient, server: FakeModelServer, openai_client: openai.OpenAI
) -> None:
    reply = model.embed(["a", "b"], model="fake-embedding", dimensions=4)
    default = openai_client.embeddings.create(model="fake-embedding", input="a")  # base64

    assert reply.value == [fake_embedding("a", 4), fake_embedding("b", 4)]
    assert reply.calls == 1
    assert default.data[0].embedding == pytest.approx(fake_embedding("a", 8), rel=1e-6)

    server.script(FakeReply.status(503), [[1.0, 0.0]], endpoint="embeddings")
    assert model.embed(["x"], model="fake-embedding").value == [[1.0, 0.0]]


# -- the extractor ------------------------------------------------------------------------------

TEXT = (
    "I moved to Denver on July 1st. On the Apollo project I want weekly reports "
    "until the end of March. My surname is not Wang."
)


def item(**fields: Any) -> dict[str, Any]:
    return {
        "subject": "maya",
        "predicate": "lives_in",
        "object": "Denver",
        "kind": "fact",
        "confidence": 0.9,
        "quote": "I moved to Denver",
        **fields,
    }


def test_extractor_turns_a_reply_into_claims(model: ModelClient, server: FakeModelServer) -> None:
    server.script(
        {
            "claims": [
                item(subject="I", valid_from="2026-07-01"),
                item(
                    predicate="wants_reports",
                    object="weekly",
                    kind="preference",
                    scope="project:apollo",
                    valid_from="2026-03-04T10:00:00",
                    valid_until="2026-04-01T00:00:00+02:00",
                    quote="I want weekly reports",
                ),
                item(predicate="surname", object="Wang", negated=True, quote="not Wang"),
                item(predicate="likes", object="hiking", inferred=True, quote="loves hiking"),
                item(predicate="lives in!"),  # not a predicate
                item(scope="client:acme"),  # not a scope
                item(valid_from="2026-05-01", valid_until="2026-04-01"),  # ends before it starts
                item(kind="opinion"),  # does not fit the schema
            ]
        }
    )

    extraction = LLMExtractor(model).extract_with_usage(TEXT, occurred_at=AT, speaker="maya")

    moved, reports, surname, hiking = extraction.claims
    assert moved == Claim(
        "maya",
        "lives_in",
        "Denver",
        kind=Kind.FACT,
        valid_from=datetime(2026, 7, 1, tzinfo=UTC),
        confidence=0.9,
        quote="I moved to Denver",
    )
    assert reports.scope == "project:apollo"
    assert reports.valid_from == datetime(2026, 3, 4, 10, 0, tzinfo=UTC)
    assert reports.valid_until == datetime(2026, 3, 31, 22, 0, tzinfo=UTC)
    assert surname.negated
    assert (hiking.inferred, hiking.quote, hiking.confidence) == (True, None, 0.45)
    for claim in extraction.claims:
        for when in (claim.valid_from, claim.valid_until):
            assert when is None or when.utcoffset() == timedelta(0)
    assert extraction.dropped == 4
    assert extraction.calls == 1
    assert extraction.prompt_tokens > 0
    assert extraction.completion_tokens > 0
    user = server.requests[0]["messages"][1]["content"]
    assert TEXT in user
    assert "2026-03-04T10:00:00+00:00 (Wednesday)" in user


def test_extract_returns_claims_and_refuses_naive_time(
    model: ModelClient, server: FakeModelServer
) -> None:
    extractor = LLMExtractor(model)
    server.script({"claims": [item()]})

    assert extractor.name == "llm"
    assert [c.object for c in extractor.extract(TEXT, occurred_at=AT, speaker="maya")] == ["Denver"]
    with pytest.raises(NaiveDatetime):
        extractor.extract(TEXT, occurred_at=datetime(2026, 3, 4))
    assert extractor.extract_with_usage("  ", occurred_at=AT).calls == 0
    assert len(server.requests) == 1


def test_parse_when_reads_dates_as_utc() -> None:
    assert parse_when("2026-07-01", "valid_from") == datetime(2026, 7, 1, tzinfo=UTC)
    assert parse_when("2026-07-01T08:00:00Z", "x") == datetime(2026, 7, 1, 8, tzinfo=UTC)
    east = timezone(timedelta(hours=5))
    assert parse_when("2026-07-01T05:00+05:00", "x") == datetime(2026, 7, 1, 5, tzinfo=east)
    assert parse_when(None, "x") is None
    with pytest.raises(InvalidArgument, match="valid_from='next week'"):
        parse_when("next week", "valid_from")


def test_extraction_schema_matches_snapshot() -> None:
    current = json.dumps(ExtractionResponse.model_json_schema(), indent=2, sort_keys=True) + "\n"
    if os.environ.get("GRAPHMEM_UPDATE_SNAPSHOTS") == "1":
        SNAPSHOT.parent.mkdir(parents=True, exist_ok=True)
        SNAPSHOT.write_text(current, encoding="utf-8")
    stored = SNAPSHOT.read_text(encoding="utf-8") if SNAPSHOT.exists() else ""
    assert current == stored, (
        f"the JSON schema of ExtractionResponse (the model's answer format) differs from "
        f"{SNAPSHOT}. If the change is intended, review the prompt with it and update the "
        f"snapshot: GRAPHMEM_UPDATE_SNAPSHOTS=1 pytest {Path(__file__).name}"
    )
