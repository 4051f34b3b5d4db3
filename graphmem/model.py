"""The domain vocabulary of DESIGN.md as frozen pydantic models.

These are the values users see (results of ``Memory`` calls, the export
format); changes go through ``model_copy(update=...)``. Inside a store the same
records travel as plain property dicts (see ``graphmem.store.rows``).
"""

from __future__ import annotations

import json
import re
from datetime import timedelta
from enum import StrEnum
from typing import Annotated, Any

from pydantic import (
    AwareDatetime,
    BaseModel,
    ConfigDict,
    Field,
    JsonValue,
    ValidationError,
    ValidationInfo,
    field_validator,
)

from graphmem import arguments
from graphmem.arguments import shown
from graphmem.errors import InvalidArgument, NotSerialisable


class Authority(StrEnum):
    """Who stands behind a claim, highest first. ``relayed``: the user's words as a model
    passed them on (an MCP tool call, an agent framework's memory tool) — the host decides
    who is speaking, and a model saying "the user told me" is not the user."""

    SYSTEM = "system"
    USER = "user"
    CONFIRMED = "confirmed"
    RELAYED = "relayed"
    INFERRED = "inferred"
    EXTERNAL = "external"

    @property
    def rank(self) -> int:
        return _AUTHORITY_RANK[self]


_AUTHORITY_RANK = {
    Authority.SYSTEM: 5,
    Authority.USER: 4,
    Authority.CONFIRMED: 3,
    Authority.RELAYED: 2,
    Authority.INFERRED: 1,
    Authority.EXTERNAL: 0,
}


class Status(StrEnum):
    CANDIDATE = "candidate"
    ACTIVE = "active"
    SUPERSEDED = "superseded"
    EXPIRED = "expired"
    RETRACTED = "retracted"
    NEEDS_REVIEW = "needs_review"


class Kind(StrEnum):
    PREFERENCE = "preference"
    FACT = "fact"
    CONSTRAINT = "constraint"
    EVENT = "event"


class Cardinality(StrEnum):
    ONE = "one"
    MANY = "many"


class SourceKind(StrEnum):
    """Where an episode came from. ``relayed``: what a model says the user said (the
    MCP server and the adapters write the model's ``remember`` calls with it); ``agent``:
    the agent's own notes and guesses."""

    USER = "user"
    SYSTEM = "system"
    AGENT = "agent"
    RELAYED = "relayed"
    TOOL = "tool"
    EMAIL = "email"
    DOCUMENT = "document"


class SupportRole(StrEnum):
    STATED = "stated"
    CORROBORATED = "corroborated"
    CONFIRMED = "confirmed"


class Sensitivity(StrEnum):
    NORMAL = "normal"
    PERSONAL = "personal"
    SENSITIVE = "sensitive"


class Actor(StrEnum):
    USER = "user"
    SYSTEM = "system"
    DISTILLATION = "distillation"
    GC = "gc"
    AGENT = "agent"


_NAMESPACE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.:@-]{0,127}$")
_PREDICATE = re.compile(r"^[a-z][a-z0-9_]{0,63}$")
SCOPE_KINDS = ("project", "task", "person", "situation", "topic")
_SCOPE = re.compile(r"^(global|(" + "|".join(SCOPE_KINDS) + r"):[^\s:][^:]{0,127})$")
GLOBAL = "global"


def check_namespace(namespace: str) -> str:
    """A namespace is the tenant boundary: never empty, never ambiguous."""
    if not isinstance(namespace, str) or not _NAMESPACE.fullmatch(namespace):
        raise InvalidArgument(
            f"namespace={shown(namespace)} is not usable: it must be 1-128 characters of letters, "
            "digits and _ . : @ -, starting with a letter or digit"
        )
    return namespace


def check_predicate(name: str) -> str:
    if not isinstance(name, str) or not _PREDICATE.fullmatch(name):
        raise InvalidArgument(
            f"predicate={shown(name)} is not usable: use snake_case such as 'lives_in' "
            "(lower-case letters, digits and _, at most 64)"
        )
    return name


def check_scope(scope: str | None) -> str:
    if scope is None:
        return GLOBAL
    if not isinstance(scope, str) or not _SCOPE.fullmatch(scope):
        raise InvalidArgument(
            f"scope={shown(scope)} is not usable: use 'global' or '<kind>:<name>' with kind one of "
            f"{', '.join(SCOPE_KINDS)} (for example 'project:apollo')"
        )
    return scope


def entity_key(name: str) -> str:
    """How entity names are matched: case and spacing do not make a new entity."""
    return " ".join(name.casefold().split())


def canonical_json(value: Any, what: str = "object") -> str:
    try:
        return json.dumps(value, sort_keys=True, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise NotSerialisable(
            f"{what}={shown(value)} ({type(value).__name__}) cannot be stored: "
            "use a JSON value (str, int, float, bool, list or dict of those)"
        ) from exc


def render_value(value: JsonValue) -> str:
    return value if isinstance(value, str) else canonical_json(value)


class Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", use_enum_values=False)


class Predicate(Model):
    """A registered relation and its defaults."""

    name: str
    cardinality: Cardinality = Cardinality.MANY
    kind: Kind = Kind.FACT
    ttl: timedelta | None = None
    review_every: timedelta | None = None
    sensitivity: Sensitivity = Sensitivity.NORMAL
    object_is_entity: bool = True

    @field_validator("name")
    @classmethod
    def _name(cls, value: str) -> str:
        return check_predicate(value)


class Entity(Model):
    id: str
    namespace: str
    name: str
    key: str


class Episode(Model):
    """Something observed. Immutable but for redaction of its content."""

    id: str
    namespace: str
    content: str
    source: SourceKind
    authority: Authority
    occurred_at: AwareDatetime
    recorded_at: AwareDatetime
    source_ref: str | None = None
    session: str | None = None
    redactions: int = 0
    sensitivity: Sensitivity = Sensitivity.NORMAL
    alerts: list[str] = Field(
        default_factory=list, description="injection attempts found in it (kept inert)"
    )
    extraction_pending: bool = Field(
        False,
        description="the model failed when it was told: kept as evidence, nothing derived "
        "from it yet (Memory.reextract reads it again)",
    )


class Support(Model):
    episode_id: str
    role: SupportRole
    added_at: AwareDatetime


class Fact(Model):
    """One atomic claim with its validity, belief time, status and provenance."""

    id: str
    namespace: str
    subject: str
    predicate: str
    object: JsonValue
    object_is_entity: bool
    kind: Kind
    scope: str = GLOBAL
    valid_from: AwareDatetime
    valid_until: AwareDatetime | None = Field(None, description="None: still holds")
    recorded_at: AwareDatetime
    retired_at: AwareDatetime | None = Field(None, description="None: still believed")
    status: Status
    authority: Authority
    confidence: float = Field(ge=0.0, le=1.0)
    sensitivity: Sensitivity = Sensitivity.NORMAL
    quote: str | None = None
    review_at: AwareDatetime | None = None
    use_count: int = 0
    last_used_at: AwareDatetime | None = None
    support: list[Support] = Field(default_factory=list, description="filled by history()")

    @property
    def text(self) -> str:
        """The claim as one readable line, as recall quotes it."""
        scope = "" if self.scope == GLOBAL else f" [{self.scope}]"
        predicate = self.predicate.replace("_", " ")
        return f"{self.subject} {predicate} {render_value(self.object)}{scope}"


class AuditEntry(Model):
    """Who did what, when, with the before and after (content-free once forgotten)."""

    id: str
    namespace: str
    at: AwareDatetime
    actor: Actor
    action: str
    target_id: str | None = None
    before: dict[str, JsonValue] | None = None
    after: dict[str, JsonValue] | None = None
    confidence_change: float | None = None
    note: str | None = None


class Tombstone(Model):
    """A content-free marker that something was deliberately forgotten."""

    id: str
    namespace: str
    digest: str
    kind: str
    created_at: AwareDatetime


Confidence = Annotated[float, Field(ge=0.0, le=1.0)]


# A claim is one atomic statement: what it may hold, the same on both stores.
MAX_OBJECT_CHARS = 10_000
MAX_QUOTE_CHARS = 5_000


class Claim(Model):
    """An atomic subject–predicate–object statement on its way into memory.

    ``Claim("maya", "lives_in", "Denver", valid_from=...)``. Claims given to
    ``remember`` skip extraction but still pass the gate, the decisions and
    consolidation. ``negated=True`` states that the claim is false (a correction).
    ``any_value=True`` (with ``negated=True``) denies whatever value the slot holds, the
    object aside: "I disconnected Slack" ends Slack's ``connection_scope``, whichever it was.
    """

    subject: str = Field(min_length=1, max_length=200)
    predicate: str
    object: JsonValue
    kind: Kind | None = None
    valid_from: AwareDatetime | None = None
    valid_until: AwareDatetime | None = None
    scope: str = GLOBAL
    confidence: Confidence = 1.0
    quote: str | None = None
    negated: bool = False
    # The value is not known to whoever said it ("I disconnected Slack"): with a date every
    # value the slot holds then ends; without one every value believed is retracted.
    any_value: bool = False
    inferred: bool = False
    object_is_entity: bool | None = None
    # How many values the relation holds at a time, as its source read it ("the capital of
    # Peru is Lima": one). A predicate declared with define_predicate keeps its declaration.
    cardinality: Cardinality | None = None

    def __init__(
        self,
        subject: str | None = None,
        predicate: str | None = None,
        object: JsonValue = None,
        /,
        **data: Any,
    ) -> None:
        # Positional subject, predicate, object read like the triple they are.
        if subject is not None:
            data["subject"] = subject
        if predicate is not None:
            data["predicate"] = predicate
        if object is not None:
            data["object"] = object
        try:
            super().__init__(**data)
        except ValidationError as exc:
            raise InvalidArgument(f"invalid Claim: {exc}") from exc

    @field_validator("predicate")
    @classmethod
    def _predicate(cls, value: str) -> str:
        return check_predicate(value)

    @field_validator("scope")
    @classmethod
    def _scope(cls, value: str) -> str:
        return check_scope(value)

    @field_validator("object")
    @classmethod
    def _object(cls, value: JsonValue) -> JsonValue:
        if value is None or value == "":
            raise InvalidArgument("a claim needs an object; got an empty value")
        text = canonical_json(value)
        if len(text) > MAX_OBJECT_CHARS:
            raise InvalidArgument(
                f"a claim's object is {len(text):,} characters as JSON; at most "
                f"{MAX_OBJECT_CHARS:,}: a claim is one atomic statement, remember a text instead"
            )
        if "\\u0000" in text:
            raise InvalidArgument("a claim's object contains a NUL character; remove it")
        arguments.text(text, "a claim's object")  # lone surrogates
        return value

    @field_validator("subject")
    @classmethod
    def _subject(cls, value: str) -> str:
        return arguments.text(value, "a claim's subject")

    @field_validator("any_value")
    @classmethod
    def _any_value(cls, value: bool, info: ValidationInfo) -> bool:
        if value and not info.data.get("negated"):
            raise InvalidArgument("any_value=True denies whatever the slot holds: set negated=True")
        return value

    @field_validator("quote")
    @classmethod
    def _quote(cls, value: str | None) -> str | None:
        # A quote is where in the text the claim was read: its start says it.
        return None if value is None else arguments.text(value[:MAX_QUOTE_CHARS], "quote")
