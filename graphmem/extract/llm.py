"""Extraction by a language model: text in, atomic :class:`~graphmem.model.Claim` out.

The response models below are part of the prompt: their field descriptions are
what the model reads about each field (``graphmem/models/prompts/extract.md`` has the
rest), and a snapshot of their JSON schema is checked in
``tests/snapshots/extract_response.schema.json`` so that a change shows in review.

The model proposes; this module validates. An item that does not fit the schema
or does not make a valid :class:`Claim` (a predicate that is not snake_case, an
unknown scope, a date that does not parse, a window that ends before it starts)
is dropped and counted, never fatal to the rest. A quote that is not found in the
text is not kept as evidence, and the claim's confidence is halved.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from pydantic import BaseModel, Field, ValidationError, model_validator
from pydantic.json_schema import SkipJsonSchema

from graphmem.errors import InvalidArgument
from graphmem.extract import connections
from graphmem.model import Cardinality, Claim, Kind
from graphmem.models.llm import ModelClient
from graphmem.temporal import check_window, utc

log = logging.getLogger(__name__)

PROMPT = "extract"
UNSUPPORTED_QUOTE_FACTOR = 0.5
_FIRST_PERSON = frozenset({"i", "me", "my", "mine", "myself", "the speaker", "speaker"})
_PREDICATE_SEPARATORS = re.compile(r"[\s\-]+")


class ExtractedClaim(BaseModel):
    """One atomic claim read from the message."""

    subject: str = Field(
        min_length=1,
        description="Who or what the claim is about. When the speaker talks about "
        "themself ('I', 'me', 'my'), use the speaker's name exactly as given.",
    )
    predicate: str = Field(
        description="The relation, in snake_case: lives_in, works_at, prefers, allergic_to.",
    )
    object: str | int | float | bool = Field(
        description="The value or the other entity the subject is related to: "
        "'Denver', 'dark mode', 3, true.",
    )
    kind: Kind = Field(
        description="preference: how someone wants things done. fact: stable data about "
        "a person or the world. constraint: a rule that must be followed. event: "
        "something that happened at a particular time.",
    )
    valid_from: str | None = Field(
        default=None,
        description="When the claim starts to hold, as an ISO-8601 date or date-time, "
        "resolved against the time the message was written. null when the message "
        "does not say.",
    )
    valid_until: str | None = Field(
        default=None,
        description="When the claim stops holding (the first moment it no longer "
        "does), as an ISO-8601 date or date-time. null when open-ended or not said.",
    )
    scope: str = Field(
        default="global",
        description="Where the claim applies: 'global', or 'project:<name>', "
        "'task:<name>', 'person:<name>', 'situation:<name>', 'topic:<name>'.",
    )
    confidence: float = Field(
        ge=0.0,
        le=1.0,
        description="How sure you are that the message really states this claim, 0 to 1.",
    )
    quote: str | None = Field(
        description="The exact words of the message that support the claim, copied "
        "character for character; null only for an inferred claim.",
    )
    negated: bool = Field(
        default=False,
        description="true when the message says this claim is NOT true: a correction "
        "or a denial of the claim as written.",
    )
    inferred: bool = Field(
        default=False,
        description="true when you concluded the claim instead of reading it in the message.",
    )
    one_value: bool | None = Field(
        default=None,
        description="true when the subject holds one value of this relation at a time, so "
        "a new value replaces the old (lives_in, employer, capital, chairperson); false "
        "when it can hold several at once (likes, speaks, visited, sibling); null when "
        "unsure.",
    )


class MarkedSecret(BaseModel):
    """A secret value the model found in the message."""

    value: str = Field(
        description="the secret exactly as written in the message, character for character",
    )
    kind: str = Field(
        "secret",
        description="password, pin, otp, passphrase, seed_phrase, card, bank_account, "
        "national_id, secret_answer, api_key, private_key or secret",
    )


class ExtractionResponse(BaseModel):
    """The claims worth remembering from one message."""

    claims: list[ExtractedClaim] = Field(
        description="Every atomic claim worth remembering, one thing per claim; an empty "
        "list when the message holds nothing worth remembering.",
    )
    secrets: list[MarkedSecret] = Field(
        default_factory=list,
        description="Every secret value in the message, in any language and however it is "
        "told (a password, PIN, door or safe code, one-time code, passphrase or recovery "
        "words, card or account number, ID number, security answer, key or token), so that "
        "it can be removed before the message is stored; an empty list when there is none.",
    )
    malformed: SkipJsonSchema[int] = 0
    """Items of ``claims`` that did not fit :class:`ExtractedClaim` and were set aside."""

    @model_validator(mode="before")
    @classmethod
    def _set_aside_malformed(cls, data: Any) -> Any:
        if not isinstance(data, dict) or not isinstance(data.get("claims"), list):
            return data
        items: list[Any] = data["claims"]
        kept: list[ExtractedClaim] = []
        for item in items:
            try:
                kept.append(ExtractedClaim.model_validate(item))
            except ValidationError as exc:
                log.debug("extraction item set aside: %s", exc.errors()[:1])
        return {**data, "claims": kept, "malformed": len(items) - len(kept)}


@dataclass(frozen=True, slots=True)
class Extraction:
    """Claims from one text, what was dropped, and what the model calls cost."""

    claims: list[Claim]
    calls: int
    prompt_tokens: int
    completion_tokens: int
    dropped: int = 0
    # Secret values the model marked, each found in the text: (value, kind).
    secrets: tuple[tuple[str, str], ...] = ()


class LLMExtractor:
    """Extracts claims with a model behind :class:`~graphmem.models.llm.ModelClient`."""

    name: str = "llm"

    def __init__(self, client: ModelClient) -> None:
        if not isinstance(client, ModelClient):
            raise InvalidArgument(
                f"client={client!r} is not a graphmem ModelClient; wrap your openai.OpenAI "
                "client: LLMExtractor(ModelClient(openai_client, model='...'))"
            )
        self._client = client

    @property
    def model(self) -> str:
        """The model it reads with."""
        return self._client.model

    def extract(self, text: str, *, occurred_at: datetime, speaker: str = "user") -> list[Claim]:
        return self.extract_with_usage(text, occurred_at=occurred_at, speaker=speaker).claims

    def extract_with_usage(
        self, text: str, *, occurred_at: datetime, speaker: str = "user"
    ) -> Extraction:
        when = utc(occurred_at, "occurred_at")
        if not speaker.strip():
            raise InvalidArgument("speaker is empty; name who wrote the text, e.g. 'maya'")
        if not text.strip():
            return Extraction([], 0, 0, 0)
        variables = {
            "text": text,
            "speaker": speaker,
            "occurred_at": f"{when.isoformat()} ({when:%A})",
        }
        reply = self._client.structured(PROMPT, variables, ExtractionResponse)
        claims: list[Claim] = []
        dropped = reply.value.malformed
        for item in reply.value.claims:
            try:
                claims.append(to_claim(item, text=text, speaker=speaker, occurred_at=when))
            except InvalidArgument as exc:
                dropped += 1
                log.debug("extracted claim dropped: %s", exc)
        return Extraction(
            claims,
            reply.calls,
            reply.prompt_tokens,
            reply.completion_tokens,
            dropped,
            secrets=marked_secrets(reply.value.secrets, text),
        )


def to_claim(
    item: ExtractedClaim, *, text: str, speaker: str, occurred_at: datetime | None = None
) -> Claim:
    """The claim an extracted item stands for; InvalidArgument when it cannot be one."""
    valid_from = parse_when(item.valid_from, "valid_from")
    valid_until = parse_when(item.valid_until, "valid_until")
    if valid_from is not None and valid_until is not None:
        check_window(valid_from, valid_until)
    quote = item.quote if item.quote and _contains(text, item.quote) else None
    confidence = item.confidence if quote else item.confidence * UNSUPPORTED_QUOTE_FACTOR
    subject = item.subject.strip()
    predicate = _PREDICATE_SEPARATORS.sub("_", item.predicate.strip().lower())
    value = item.object.strip() if isinstance(item.object, str) else item.object
    # "Slack connection_scope any scope, negated": the prompt's disconnection, whatever scope
    # Slack had; a change in the world when it was said, never a correction.
    ended = item.negated and predicate == connections.PREDICATE and value == connections.ANY_SCOPE
    if ended and valid_from is None:
        valid_from = occurred_at
    return Claim(
        speaker if subject.casefold() in _FIRST_PERSON else subject,
        predicate,
        value,
        kind=item.kind,
        valid_from=valid_from,
        valid_until=valid_until,
        scope=item.scope.strip(),
        confidence=confidence,
        quote=quote,
        negated=item.negated,
        any_value=ended,
        inferred=item.inferred,
        cardinality=None
        if item.one_value is None
        else (Cardinality.ONE if item.one_value else Cardinality.MANY),
    )


# What the model may name a secret's kind; anything else is stored as "secret".
_KINDS = frozenset({"password", "pin", "otp", "passphrase", "seed_phrase", "card",
                    "bank_account", "national_id", "secret_answer", "api_key",
                    "private_key", "token", "secret"})  # fmt: skip
_SHORTEST_SECRET = 3  # a shorter "secret" would erase ordinary words and numbers


def marked_secrets(marked: list[MarkedSecret], text: str) -> tuple[tuple[str, str], ...]:
    """The marked values that occur in ``text`` (a value the model made up or rewrote
    cannot be removed from it), longest first so that a value inside another goes with it."""
    found = {
        (m.value.strip(), kind if (kind := m.kind.strip().lower()) in _KINDS else "secret")
        for m in marked
        if len(m.value.strip()) >= _SHORTEST_SECRET
        and m.value.strip() in text
        and "[redacted:" not in m.value
    }
    return tuple(sorted(found, key=lambda pair: (-len(pair[0]), pair)))


def parse_when(value: str | None, name: str) -> datetime | None:
    """ISO-8601 from the model, in UTC: a date is its 00:00 UTC, a naive time is UTC."""
    if value is None or not value.strip():
        return None
    try:
        parsed = datetime.fromisoformat(value.strip())
    except ValueError as exc:
        raise InvalidArgument(f"{name}={value!r} is not an ISO-8601 date or date-time") from exc
    if parsed.tzinfo is None or parsed.utcoffset() is None:
        return parsed.replace(tzinfo=UTC)
    return parsed.astimezone(UTC)


def _contains(text: str, quote: str) -> bool:
    """Whether ``quote`` occurs in ``text``, ignoring case and runs of whitespace."""

    def norm(value: str) -> str:
        return " ".join(value.casefold().split())

    needle = norm(quote)
    return bool(needle) and needle in norm(text)


__all__ = [
    "ExtractedClaim",
    "Extraction",
    "ExtractionResponse",
    "LLMExtractor",
    "MarkedSecret",
    "marked_secrets",
    "parse_when",
    "to_claim",
]
