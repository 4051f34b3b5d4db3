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

from graphmem.errors import InvalidValidity, NaiveDatetime

BEGINNING = datetime(1, 1, 1, tzinfo=UTC)
END_OF_TIME = datetime(9999, 12, 31, 23, 59, 59, tzinfo=UTC)


def now() -> datetime:
    return datetime.now(UTC)


def utc(value: datetime, name: str = "datetime") -> datetime:
    """Return ``value`` in UTC; refuse a naive datetime rather than guess its zone."""
    if value.tzinfo is None or value.tzinfo.utcoffset(value) is None:
        raise NaiveDatetime(
            f"{name}={value.isoformat()} has no timezone; pass an aware datetime, "
            "e.g. datetime(2026, 3, 1, tzinfo=timezone.utc)"
        )
    return value.astimezone(UTC)


def optional_utc(value: datetime | None, name: str, default: datetime) -> datetime:
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
