"""Bitemporal semantics: when a claim holds in the world, and when the store believed it.

Every fact carries two half-open intervals, both in UTC:

* **validity** ``[valid_from, valid_until)`` — when the claim holds in the world.
  A change in the world closes validity: "I moved to Denver in July" ends the
  Austin fact at July while Austin stays true for March to July. A window such
  as "only for September" is a validity interval, not a permanent rule.
* **belief** ``[recorded_at, retired_at)`` — when the store believed the claim.
  A correction retires belief: "my surname is not Wang" means the old fact was
  never true, but the store did believe it until the correction, so asking
  "what did we believe last week" still shows it.

**Valid time is a function of the set of statements, never of their order.**
What a slot (subject, predicate, scope) holds at an instant is computed from
every statement that still stands about it — what value, from when, until when,
said when, by whom — by :func:`graphmem.write.timeline.derive`. Two stores that
received the same statements in different orders answer every ``facts(at=…)``
identically. Belief time is different by definition: ``known_at`` asks what the
store believed after the statements that had *arrived* by then, so its answers
do depend on arrival. Concretely:

* **Backfill.** "I live in Austin" valid from 2 March, arriving after "I moved to
  Denver" valid from 10 July, fills March to July with Austin and leaves Denver
  current: a value learned late but valid earlier is history, not news.
* **Same start.** Two values of a one-valued slot starting at the same instant:
  the one said later holds (a correction in all but name); said at the same
  instant too, the order is fixed by value, so replicas agree.
* **Ends.** "I no longer work at Acme" (a claim with ``valid_until``, or an
  end statement) stops Acme at that instant whether it arrives before or after
  the successor value; a value that does not hold at the end's instant is not
  touched by it.
* **Windows.** "Only in September" holds inside its bounds over the standing
  value, which resumes after it; a window across a change of the standing value
  covers both sides; a window after the last change is a future exception.
  Overlapping windows: the one said later wins where they overlap.
* **Scopes** are separate slots: ``project:apollo`` never cuts ``global``.
* **Many-valued** slots (``likes``) keep one timeline per value; a value ends
  only by an explicit end or retraction of that value.
* **Corrections.** A retraction ("that was wrong, it was never Austin")
  cancels every assertion of its value said at or before it, at every valid
  time, even when later values arrived in between; an assertion said after the
  retraction stands.
* **Authority.** A lower tier (external < inferred < user = confirmed <
  system) only fills instants no higher tier speaks to, whatever the order.
* **Forgetting** ``x`` (an episode, a fact, an entity) leaves valid time exactly
  as if ``x`` had never arrived — the timeline is re-derived from the statements
  that remain — and is recorded as a new belief: ``known_at`` before the forget
  still shows what was believed then, minus the forgotten content itself.

A fact answers a query ``(at, known_at)`` when ``valid_from <= at < valid_until``
and ``recorded_at <= known_at < retired_at``. Open ends are stored as the
sentinels :data:`BEGINNING` and :data:`END_OF_TIME`, never as null, because Neo4j
indexes skip nulls and the vector index's filter treats a missing property as
null. Comparing a zoned with a local datetime yields null in Cypher, so every
datetime that reaches a store is zoned UTC: :func:`utc` enforces it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from graphmem import arguments
from graphmem.errors import InvalidArgument, InvalidValidity, NaiveDatetime

BEGINNING = datetime(1, 1, 1, tzinfo=UTC)
END_OF_TIME = datetime(9999, 12, 31, 23, 59, 59, tzinfo=UTC)


def now() -> datetime:
    return datetime.now(UTC)


# The instants a caller may pass: a year inside both open ends, so that reviews and
# relative dates ("in six months") computed from them stay representable.
EARLIEST = datetime(2, 1, 1, tzinfo=UTC)
LATEST = datetime(9998, 12, 31, 23, 59, 59, 999999, tzinfo=UTC)


def utc(value: datetime | str, name: str = "datetime") -> datetime:
    """Return ``value`` in UTC; refuse a naive datetime rather than guess its zone.

    ISO-8601 text with an offset ("2026-03-01T09:00Z") is read as that instant; anything
    else that is not an aware datetime between 0002-01-01 and 9998-12-31 is refused with
    an error naming the argument."""
    if isinstance(value, str):
        try:
            value = datetime.fromisoformat(value.strip())
        except ValueError as exc:
            raise InvalidArgument(
                f"{name}={arguments.shown(value)} is not an ISO-8601 date-time; write e.g. "
                "'2026-03-01T09:00:00+00:00' or pass an aware datetime"
            ) from exc
    if not isinstance(value, datetime):
        raise InvalidArgument(
            f"{name} must be an aware datetime (or ISO-8601 text with an offset), "
            f"not {type(value).__name__} {arguments.shown(value)}"
        )
    if value.tzinfo is None or value.tzinfo.utcoffset(value) is None:
        raise NaiveDatetime(
            f"{name}={value.isoformat()} has no timezone; pass an aware datetime, "
            "e.g. datetime(2026, 3, 1, tzinfo=timezone.utc)"
        )
    try:
        out = value.astimezone(UTC)
    except OverflowError:
        out = None
    if out is None or not EARLIEST <= out <= LATEST:
        raise InvalidArgument(
            f"{name}={value.isoformat()} is outside the times graphmem holds "
            "(0002-01-01 to 9998-12-31 UTC); leave a bound out (None) for an open end"
        )
    return out


def optional_utc(value: datetime | str | None, name: str, default: datetime) -> datetime:
    return default if value is None else utc(value, name)


def check_window(valid_from: datetime, valid_until: datetime, what: str = "validity") -> None:
    if valid_until <= valid_from:
        raise InvalidValidity(
            f"{what} window ends before it starts: valid_from={valid_from.isoformat()}, "
            f"valid_until={valid_until.isoformat()}"
        )


def shown(value: datetime) -> datetime | None:
    """The public face of a stored bound: an open end reads as None."""
    return None if value >= END_OF_TIME or value <= BEGINNING else value


@dataclass(frozen=True, slots=True)
class AsOf:
    """The point a read looks from: world time ``at`` and belief time ``known_at``."""

    at: datetime
    known_at: datetime

    @classmethod
    def of(cls, at: datetime | None = None, known_at: datetime | None = None) -> AsOf:
        current = now()
        return cls(optional_utc(at, "at", current), optional_utc(known_at, "known_at", current))


def holds(
    valid_from: datetime,
    valid_until: datetime,
    recorded_at: datetime,
    retired_at: datetime,
    point: AsOf,
) -> bool:
    """The one definition of "this fact answers a query as of ``point``"."""
    return valid_from <= point.at < valid_until and recorded_at <= point.known_at < retired_at
