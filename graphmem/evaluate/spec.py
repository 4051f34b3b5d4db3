"""The scenario format: the TOML a scenario is written in, as pydantic models, and the
scenario clock its steps move."""

from __future__ import annotations

import typing
from collections.abc import Callable, Sequence
from datetime import UTC, date, datetime, time, timedelta
from typing import Annotated, Any, Literal, Union

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    JsonValue,
    PrivateAttr,
    field_validator,
    model_validator,
)

from graphmem.errors import InvalidArgument
from graphmem.model import (
    Authority,
    Cardinality,
    Claim,
    Kind,
    Sensitivity,
    SourceKind,
    Status,
    canonical_json,
    check_predicate,
    check_scope,
)

DEFAULT_START = datetime(2026, 1, 1, tzinfo=UTC)
MAIN = "main"
_SLUG = r"^[a-z0-9][a-z0-9-]{0,63}$"
_LOGICAL = r"^[a-z0-9][a-z0-9_-]{0,31}$"


class ScenarioError(InvalidArgument):
    """A scenario file that cannot be used; the message names the file and the step."""


# ---- time --------------------------------------------------------------------------------


def _moment(value: Any) -> Any:
    """TOML offset datetimes and ISO strings with an offset; a bare date is UTC midnight."""
    if isinstance(value, str):
        try:
            value = datetime.fromisoformat(value)
        except ValueError:
            raise ValueError(
                f"{value!r} is not an ISO-8601 datetime; write e.g. 2026-09-01T09:00:00Z"
            ) from None
    if isinstance(value, datetime):
        if value.tzinfo is None or value.tzinfo.utcoffset(value) is None:
            raise ValueError(
                f"naive datetime {value.isoformat()}: add a UTC offset, "
                f"e.g. {value.isoformat()}Z (or a bare date for UTC midnight)"
            )
        return value.astimezone(UTC)
    if isinstance(value, date):
        return datetime.combine(value, time(), UTC)
    if isinstance(value, time):
        raise ValueError(f"a time of day ({value.isoformat()}) needs a date and a UTC offset")
    return value


Moment = Annotated[datetime, BeforeValidator(_moment)]


def _checked(check: Callable[[str], str], value: str) -> str:
    try:
        return check(value)
    except InvalidArgument as exc:
        raise ValueError(str(exc)) from None


PredicateName = Annotated[str, AfterValidator(lambda v: _checked(check_predicate, v))]
ScopeName = Annotated[str, AfterValidator(lambda v: _checked(check_scope, v))]


class ScenarioClock:
    """The settable clock of one scenario: the store's "now"."""

    def __init__(self, start: datetime = DEFAULT_START) -> None:
        self.current = start

    def __call__(self) -> datetime:
        return self.current

    def set(self, value: datetime) -> None:
        self.current = value

    def advance(self, delta: timedelta) -> datetime:
        self.current += delta
        return self.current


# ---- the format ----------------------------------------------------------------------------


class _Spec(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class PredicateSpec(_Spec):
    name: PredicateName
    cardinality: Cardinality = Cardinality.MANY
    kind: Kind = Kind.FACT
    ttl_days: float | None = Field(None, gt=0)
    review_days: float | None = Field(None, gt=0)
    sensitivity: Sensitivity = Sensitivity.NORMAL
    object_is_entity: bool = True


class ClaimSpec(_Spec):
    """One claim of a ``remember`` step; see :class:`graphmem.Claim`."""

    subject: str = "user"
    predicate: str
    object: JsonValue
    valid_from: Moment | None = None
    valid_until: Moment | None = None
    scope: str = "global"
    kind: Kind | None = None
    negated: bool = False
    inferred: bool = False
    confidence: float = Field(1.0, ge=0.0, le=1.0)
    quote: str | None = None
    object_is_entity: bool | None = None

    @model_validator(mode="after")
    def _claim(self) -> ClaimSpec:
        self.to_claim()
        return self

    def to_claim(self) -> Claim:
        try:
            return Claim(**self.model_dump())
        except InvalidArgument as exc:
            raise ValueError(str(exc)) from None


class FactQuery(_Spec):
    """Finds one fact: by subject (default the user), predicate, object and scope."""

    subject: str = "user"
    predicate: PredicateName | None = None
    object: JsonValue = None
    scope: ScopeName | None = None

    def describe(self) -> str:
        shown = "*" if self.object is None else show_value(self.object)
        parts = [self.subject, self.predicate or "*", shown]
        return " ".join(parts) + ("" if self.scope is None else f" [{self.scope}]")


class _Step(_Spec):
    title: str | None = None
    namespace: str = Field(MAIN, pattern=_LOGICAL)


class _Check(_Step):
    expect_failure: str | None = Field(None, min_length=1)


def _exactly_one(model: BaseModel, names: Sequence[str]) -> None:
    given = [n for n in names if getattr(model, n) is not None and getattr(model, n) is not False]
    if len(given) != 1:
        raise ValueError(
            f"give exactly one of {', '.join(names)}; got {', '.join(given) or 'none'}"
        )


class RememberStep(_Step):
    step: Literal["remember"]
    label: str | None = Field(None, min_length=1)
    text: str | None = Field(None, min_length=1)
    claims: list[ClaimSpec] | None = Field(None, min_length=1)
    source: SourceKind = SourceKind.USER
    at: Moment | None = None
    session: str | None = None
    speaker: str | None = None
    source_ref: str | None = None

    @model_validator(mode="after")
    def _content(self) -> RememberStep:
        _exactly_one(self, ("text", "claims"))
        return self


class ClockStep(_Step):
    step: Literal["clock"]
    at: Moment | None = None
    advance_days: float | None = None

    @model_validator(mode="after")
    def _one(self) -> ClockStep:
        _exactly_one(self, ("at", "advance_days"))
        return self


class ForgetStep(_Step):
    step: Literal["forget"]
    episode: str | None = None
    fact: FactQuery | None = None
    entity: str | None = None
    everything: bool = False

    @model_validator(mode="after")
    def _one(self) -> ForgetStep:
        _exactly_one(self, ("episode", "fact", "entity", "everything"))
        return self


class DistillStep(_Step):
    step: Literal["distill"]


class ExpireStep(_Step):
    step: Literal["expire"]


class ConfirmStep(_Step, FactQuery):
    step: Literal["confirm"]
    predicate: PredicateName
    object: JsonValue


class RejectStep(_Step, FactQuery):
    step: Literal["reject"]
    predicate: PredicateName
    object: JsonValue


class FeedbackStep(_Step, FactQuery):
    step: Literal["feedback"]
    predicate: PredicateName
    outcome: Literal["good", "bad"]
    note: str | None = None


class FactsCheck(_Check):
    step: Literal["facts"]
    subject: str | None = None
    predicate: PredicateName | None = None
    scope: ScopeName | None = None
    object: JsonValue = None
    at: Moment | None = None
    known_at: Moment | None = None
    include_candidates: bool = False
    history: bool = False
    expect: list[JsonValue] | None = None
    contains: list[JsonValue] = Field(default_factory=list)
    not_contains: list[JsonValue] = Field(default_factory=list)
    status: Status | None = None
    authority: Authority | None = None

    @model_validator(mode="after")
    def _expects(self) -> FactsCheck:
        if self.history and (self.at is not None or self.known_at is not None):
            raise ValueError("history = true reads every version: leave out at and known_at")
        if self.expect is None and not (
            self.contains or self.not_contains or self.status or self.authority
        ):
            raise ValueError(
                "nothing to check: give expect, contains, not_contains, status or authority"
            )
        return self


class RecallCheck(_Check):
    step: Literal["recall"]
    query: str = Field(min_length=1)
    at: Moment | None = None
    known_at: Moment | None = None
    scope: ScopeName | list[ScopeName] | None = None
    k: int = Field(5, ge=1)
    include_candidates: bool = False
    include_review: bool = False
    include_episodes: bool = True
    min_authority: Authority = Authority.EXTERNAL
    contains: list[str] = Field(default_factory=list)
    not_contains: list[str] = Field(default_factory=list)
    empty: bool = False
    top_contains: str | None = None
    top_authority: Authority | None = None
    flagged: list[str] = Field(default_factory=list)

    @model_validator(mode="after")
    def _expects(self) -> RecallCheck:
        if not (
            self.contains
            or self.not_contains
            or self.empty
            or self.top_contains
            or self.top_authority
            or self.flagged
        ):
            raise ValueError(
                "nothing to check: give contains, not_contains, empty, top_contains, "
                "top_authority or flagged"
            )
        if self.empty and (self.contains or self.top_contains or self.top_authority):
            raise ValueError("empty = true contradicts contains / top_contains / top_authority")
        return self


class RefusedCheck(_Check):
    step: Literal["refused"]
    reason: str | None = None
    claim: str | None = None
    alert: bool | None = None
    nothing: bool = False

    @model_validator(mode="after")
    def _either(self) -> RefusedCheck:
        if self.nothing and (self.reason or self.claim or self.alert is not None):
            raise ValueError("nothing = true contradicts reason / claim / alert")
        return self


class NoTraceCheck(_Check):
    step: Literal["no_trace"]
    strings: list[str] = Field(min_length=1)

    @field_validator("strings")
    @classmethod
    def _non_empty(cls, value: list[str]) -> list[str]:
        if any(not s.strip() for s in value):
            raise ValueError("an empty string is found everywhere; give real strings")
        return value


class HistoryCheck(_Check):
    step: Literal["history"]
    subject: str = "user"
    predicate: PredicateName
    scope: ScopeName = "global"
    object: JsonValue = None
    expect: list[JsonValue]
    statuses: list[Status] | None = None
    episodes: list[str | list[str]] | None = None

    @model_validator(mode="after")
    def _aligned(self) -> HistoryCheck:
        for name in ("statuses", "episodes"):
            value = getattr(self, name)
            if value is not None and len(value) != len(self.expect):
                raise ValueError(f"{name} needs one entry per version in expect")
        return self


Step = Annotated[
    Union[  # noqa: UP007 - a discriminated union reads best spelled out
        RememberStep,
        ClockStep,
        ForgetStep,
        DistillStep,
        ExpireStep,
        ConfirmStep,
        RejectStep,
        FeedbackStep,
        FactsCheck,
        RecallCheck,
        RefusedCheck,
        NoTraceCheck,
        HistoryCheck,
    ],
    Field(discriminator="step"),
]

STEP_MODELS: dict[str, type[_Step]] = {
    typing.get_args(model.model_fields["step"].annotation)[0]: model
    for model in typing.get_args(typing.get_args(Step)[0])
}
CHECKS = frozenset(name for name, model in STEP_MODELS.items() if issubclass(model, _Check))


class Scenario(_Spec):
    """One scenario file, validated."""

    model_config = ConfigDict(extra="forbid", frozen=False)

    name: str = Field(pattern=_SLUG)
    description: str = Field(min_length=1)
    start: Moment = DEFAULT_START
    predicates: list[PredicateSpec] = Field(default_factory=list)
    steps: list[Step] = Field(min_length=1)
    _origin: str = PrivateAttr("<string>")

    @property
    def origin(self) -> str:
        """The file the scenario was read from."""
        return self._origin

    @model_validator(mode="after")
    def _labels(self) -> Scenario:
        labels: set[str] = set()
        for index, step in enumerate(self.steps, 1):
            if isinstance(step, RememberStep) and step.label is not None:
                if step.label in labels:
                    raise _StepError(index, step, f"label {step.label!r} is used twice")
                labels.add(step.label)
            wanted: list[str] = []
            if isinstance(step, ForgetStep) and step.episode is not None:
                wanted = [step.episode]
            elif isinstance(step, HistoryCheck) and step.episodes is not None:
                wanted = [x for e in step.episodes for x in ([e] if isinstance(e, str) else e)]
            for label in wanted:
                if label not in labels:
                    raise _StepError(index, step, f"no earlier remember step is labelled {label!r}")
        return self


class _StepError(ValueError):
    def __init__(self, index: int, step: _Step, message: str) -> None:
        super().__init__(f"step {index} ({step_kind(step)}): {message}")


def step_kind(step: _Step) -> str:
    return str(step.step)  # type: ignore[attr-defined]


def show_value(value: Any) -> str:
    if isinstance(value, datetime):
        return value.isoformat().replace("+00:00", "Z")
    return value if isinstance(value, str) else canonical_json(value)
