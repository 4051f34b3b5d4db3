"""The predicate registry: which relations hold one value at a time, and their defaults.

A one-valued predicate defines a slot (subject, predicate, scope) where a new
value supersedes the old. Unknown predicates are allowed and treated
conservatively: they never supersede by rule (the write path adds them beside
what is there, or asks a model when one is configured).
"""

from __future__ import annotations

from datetime import timedelta

from graphmem.model import Cardinality, Kind, Predicate, Sensitivity

_ONE, _MANY = Cardinality.ONE, Cardinality.MANY
_YEAR = timedelta(days=365)

BUILT_IN: tuple[Predicate, ...] = (
    Predicate(
        name="lives_in", cardinality=_ONE, review_every=_YEAR / 2, sensitivity=Sensitivity.PERSONAL
    ),
    Predicate(name="name", cardinality=_ONE, object_is_entity=False),
    Predicate(name="preferred_name", cardinality=_ONE, object_is_entity=False),
    Predicate(name="surname", cardinality=_ONE, object_is_entity=False),
    Predicate(name="timezone", cardinality=_ONE, object_is_entity=False, review_every=_YEAR),
    Predicate(name="works_at", cardinality=_ONE, review_every=_YEAR),
    Predicate(name="job_title", cardinality=_ONE, object_is_entity=False, review_every=_YEAR),
    Predicate(name="manager", cardinality=_ONE, review_every=_YEAR),
    Predicate(name="working_hours", cardinality=_ONE, object_is_entity=False, review_every=_YEAR),
    Predicate(name="selected_calendar", cardinality=_ONE, object_is_entity=False),
    Predicate(
        name="birthday", cardinality=_ONE, object_is_entity=False, sensitivity=Sensitivity.PERSONAL
    ),
    Predicate(name="prefers", kind=Kind.PREFERENCE, object_is_entity=False),
    Predicate(name="likes", kind=Kind.PREFERENCE, object_is_entity=False),
    Predicate(name="dislikes", kind=Kind.PREFERENCE, object_is_entity=False),
    Predicate(name="avoids", kind=Kind.PREFERENCE, object_is_entity=False),
    Predicate(name="instruction", kind=Kind.CONSTRAINT, object_is_entity=False),
    Predicate(name="policy", kind=Kind.CONSTRAINT, object_is_entity=False, ttl=timedelta(days=30)),
    Predicate(name="noted", object_is_entity=False),
    Predicate(
        name="project_status",
        cardinality=_ONE,
        object_is_entity=False,
        review_every=timedelta(days=30),
    ),
    Predicate(name="subscribed_to", review_every=timedelta(days=90)),
    # A service the user connected, and its permission scope ("Google Calendar": "read-only"):
    # one scope per service and account at a time, a changed one supersedes. Never a credential.
    Predicate(name="connection_scope", cardinality=_ONE, object_is_entity=False),
    Predicate(
        name="schedule", cardinality=_ONE, object_is_entity=False, review_every=timedelta(days=90)
    ),
)


# The words a question about a built-in relation uses, which its triple does not say: "what
# is my current city?" asks about lives_in, "who is my boss?" about manager. They join the
# fact's search text (keywords and vector), so recall finds the relation by what people ask.
ASKED_AS: dict[str, str] = {
    "lives_in": "live home city town based where address located",
    "name": "name called",
    "preferred_name": "name called call go by",
    "surname": "surname last name family name",
    "timezone": "time zone timezone local time",
    "works_at": "work employer company job workplace office",
    "job_title": "job role position occupation profession work as do for a living",
    "manager": "boss manager supervisor reports to line manager",
    "working_hours": "working hours work hours schedule when work",
    "birthday": "birthday born birth date",
    "schedule": "schedule when",
    "connection_scope": "connected connection linked access permission scope account integration",
}


class PredicateRegistry:
    """Built-in predicates plus those an application defines."""

    def __init__(self) -> None:
        self._known: dict[str, Predicate] = {p.name: p for p in BUILT_IN}

    def define(self, predicate: Predicate) -> Predicate:
        self._known[predicate.name] = predicate
        return predicate

    def get(self, name: str) -> Predicate | None:
        return self._known.get(name)

    def all(self) -> list[Predicate]:
        return sorted(self._known.values(), key=lambda p: p.name)
