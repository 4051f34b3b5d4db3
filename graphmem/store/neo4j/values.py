"""Values across the driver boundary: datetimes sent as UTC (:func:`canonical`), rows read
back as Python datetimes in UTC (:func:`native`), and the lean forms some queries return
(datetimes as epoch microseconds, rows as property triples) read without the driver's
temporal decoding."""

from __future__ import annotations

import functools
from datetime import UTC, datetime, timedelta
from typing import Any

from neo4j._codec.packstream import Structure

from graphmem.store.changes import Row

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def from_epoch(microseconds: int) -> datetime:
    return _EPOCH + timedelta(microseconds=microseconds)


def from_triples(triples: list[list[Any]]) -> Row:
    """A row read as [key, value, is_time] triples (zoned datetimes as epoch microseconds)."""
    row = {
        key: from_epoch(value) if is_time and value is not None else value
        for key, value, is_time in triples
    }
    return native(row)  # a temporal of another kind, should one be stored


def from_columns(records: list[Row]) -> list[Row]:
    """Rows read as positional lists (a query's one record: the ``plain`` and ``times``
    column names and the ``rows``, each row's plain columns, then its times as epoch
    microseconds, then the triples of any other property; absent ones null)."""
    out: list[Row] = []
    for record in records:
        plain, times = record["plain"], record["times"]
        first = len(plain)
        last = first + len(times)
        for values in record["rows"]:
            row = {
                key: value
                for key, value in zip(plain, values[:first], strict=True)
                if value is not None
            }
            row.update(
                (key, from_epoch(value))
                for key, value in zip(times, values[first:last], strict=True)
                if value is not None
            )
            if values[last]:
                row.update(from_triples(values[last]))
            out.append(row)
    return out


def support_row(row: Row) -> Row:
    return {
        **row,
        "added_at": from_epoch(row["added_at"]),
        "occurred_at": from_epoch(row["occurred_at"]),
    }


# Properties the Neo4j store keeps for its own queries, never part of a row: the embedding,
# the namespace's full-text token, an episode's support_scopes (cypher/write/supports_add),
# the keyword terms and their count (cypher/write/keywords_set).
STORE_ONLY = frozenset(
    {"embedding", "ns_token", "support_scopes", "keywords", "keywords_context", "keyword_length"}
)


def native(row: Row) -> Row:
    """Driver temporal values to Python datetimes in UTC; drop store-only properties."""
    out: Row = {}
    for key, stored in row.items():
        if key in STORE_ONLY:
            continue
        value = stored.to_native() if hasattr(stored, "to_native") else stored
        if isinstance(value, datetime) and value.tzinfo is not None:
            value = value.astimezone(UTC)
        out[key] = value
    return out


def canonical(value: Any) -> Any:
    """Every datetime sent to Neo4j as UTC with offset Z — never a named zone, whichever path
    produced it: Cypher orders ``…Z`` and ``…Z[UTC]`` differently for the same instant.

    A zoned datetime leaves as the Bolt structure the driver would have made of it (seconds
    and nanoseconds since the epoch, offset 0): the driver gets there through its own
    temporal types, about 75 µs a value, and a write of 500 claims sends some 6,000 of them
    (docs/benchmarks-log.md, "Datetimes leave as Bolt structures"). tests/test_neo4j_values.py
    checks the bytes are the driver's own."""
    if isinstance(value, datetime):
        if value.tzinfo is None:
            return value  # a local datetime: the driver's path, rare
        return utc_struct(value)
    # A write sends tens of thousands of values: plain ones are kept without a call each.
    if isinstance(value, dict):
        return {k: v if type(v) in _PLAIN else canonical(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        if value and type(value[0]) is float and set(map(type, value)) == _FLOATS:
            return list(value)  # an embedding: nothing in it to convert, and it is long
        return [v if type(v) in _PLAIN else canonical(v) for v in value]
    return value


# A write's rows repeat a few instants thousands of times (its own time, the end of time,
# the claims' dates): each is converted once. Equal instants make equal structures, whatever
# their zones, so the cache is keyed by the instant.
@functools.lru_cache(maxsize=4096)
def utc_struct(value: datetime) -> Structure:
    """A zoned datetime as Bolt's DateTime structure in UTC: tag ``I``, seconds since the
    epoch, nanoseconds within the second (never negative) and an offset of 0 seconds."""
    since = value - _EPOCH  # exact: timedelta keeps microseconds, days may be negative
    return Structure(b"I", since.days * 86_400 + since.seconds, since.microseconds * 1_000, 0)


_PLAIN = frozenset({str, int, float, bool, type(None)})
_FLOATS = frozenset({float})


class Unlogged(list[Any]):
    """A list parameter whose ``repr`` is its length. The driver formats every statement's
    parameters for its debug log whether that log is on or not (neo4j 6.4, ``Bolt6x0.run``:
    ``" ".join(map(repr, fields))``): for a write of 500 claims, every row and embedding
    turned into text, about 50 ms a write of nothing. And were the log on, a memory's
    contents — what users said — have no place in it. Packed as the list it is."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"<{len(self)} values>"


class UnloggedText(str):
    """A text parameter (a question's words in a Lucene query, say) kept out of the driver's
    debug log, as :class:`Unlogged`. Packed as the string it is."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"<{len(self)} characters>"


def outgoing(params: dict[str, Any]) -> dict[str, Any]:
    """A statement's parameters as they leave for the server: datetimes canonical (UTC,
    Bolt structures), lists and texts unlogged."""
    return unlogged(canonical(params))


def unlogged(params: dict[str, Any]) -> dict[str, Any]:
    """``params`` with its lists and texts (the namespace aside) unlogged: the driver copies
    the dict itself, not its values, so the top level is what it formats."""
    return {key: _unlogged(key, value) for key, value in params.items()}


def _unlogged(key: str, value: Any) -> Any:
    if isinstance(value, list):
        return Unlogged(value)
    if isinstance(value, str) and key != "namespace":
        return UnloggedText(value)
    return value
