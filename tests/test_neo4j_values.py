"""Datetimes leave graphmem as Bolt structures it builds itself (graphmem/store/neo4j/values.py,
``canonical``), not through the driver's temporal types. The bytes on the wire must be the
ones the driver would have sent, for every instant, and the server must read back exactly
the instant written: any zone, any microsecond, before 1970 and at the ends of the calendar."""

from __future__ import annotations

import io
import logging
import uuid
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from neo4j import Driver
from neo4j._codec.hydration.bolt.v3 import HydrationHandler
from neo4j._codec.packstream.v2 import Packer

from graphmem.store.neo4j.values import canonical, unlogged

# Offsets in whole minutes, as real zones have them (Bolt refuses sub-second offsets).
offsets = st.integers(min_value=-18 * 60, max_value=18 * 60).map(
    lambda minutes: timezone(timedelta(minutes=minutes))
)
instants = st.datetimes(
    min_value=datetime(1, 1, 2), max_value=datetime(9999, 12, 30), timezones=offsets
)
EDGES = [
    datetime(1, 1, 2, tzinfo=UTC),
    datetime(1969, 12, 31, 23, 59, 59, 999_999, tzinfo=UTC),
    datetime(1970, 1, 1, tzinfo=UTC),
    datetime(1970, 1, 1, 0, 0, 0, 1, tzinfo=UTC),
    datetime(2026, 3, 29, 1, 30, tzinfo=timezone(timedelta(hours=-5))),
    datetime(9999, 12, 31, 23, 59, 59, 999_999, tzinfo=UTC),
]


def _driver_bytes(value: Any) -> bytes:
    buffer = io.BytesIO()
    hooks = HydrationHandler().new_hydration_scope().dehydration_hooks
    Packer(buffer).pack(value, dehydration_hooks=hooks)
    return buffer.getvalue()


@given(instants)
def test_a_datetime_leaves_as_the_bytes_the_driver_would_send(value: datetime) -> None:
    assert _driver_bytes(canonical(value)) == _driver_bytes(value.astimezone(UTC))


@pytest.mark.parametrize("value", EDGES, ids=str)
def test_the_edges_of_the_calendar_leave_as_the_driver_would_send_them(value: datetime) -> None:
    assert _driver_bytes(canonical(value)) == _driver_bytes(value.astimezone(UTC))


def test_datetimes_inside_rows_are_converted_and_nothing_else_is() -> None:
    at = datetime(2026, 5, 1, 12, 0, 0, 250_000, tzinfo=timezone(timedelta(hours=2)))
    row = {"at": at, "n": 3, "text": "x", "tags": ["a"], "embedding": [0.5, 0.25], "none": None}
    sent = canonical({"rows": [row]})["rows"][0]
    assert {k: v for k, v in sent.items() if k != "at"} == {
        k: v for k, v in row.items() if k != "at"
    }
    assert _driver_bytes(sent["at"]) == _driver_bytes(at.astimezone(UTC))


@pytest.mark.neo4j
def test_the_server_reads_back_the_instant_written(neo4j_driver: Driver) -> None:
    written = [*EDGES, datetime(2026, 12, 2, 23, 59, 59, 123_456, tzinfo=UTC)]
    records, _, _ = neo4j_driver.execute_query(
        "UNWIND $values AS v RETURN v, toString(v) AS text",
        canonical({"values": written}),
    )
    assert [r["v"].to_native() for r in records] == [v.astimezone(UTC) for v in written]
    # Offset Z, never a named zone: Cypher orders "…Z" and "…Z[UTC]" apart.
    assert all(r["text"].endswith("Z") for r in records)


def test_unlogged_parameters_pack_as_they_are_and_print_as_their_sizes() -> None:
    at = datetime(2026, 5, 1, 12, 0, tzinfo=UTC)
    rows = [{"id": f"f{i}", "at": at, "embedding": [0.5, -0.25] * 64} for i in range(3)]
    sent = canonical({"rows": rows, "ids": ["a", "b"], "n": 2, "q": "wörds", "namespace": "n"})
    quiet = unlogged(sent)
    assert _driver_bytes(quiet) == _driver_bytes(sent)
    assert repr(quiet) == (
        "{'rows': <3 values>, 'ids': <2 values>, 'n': 2, 'q': <5 characters>, 'namespace': 'n'}"
    )


@pytest.mark.neo4j
def test_the_driver_debug_log_holds_nothing_a_user_said(
    neo4j_uri: str, caplog: pytest.LogCaptureFixture
) -> None:
    from graphmem import Memory
    from graphmem.store.neo4j import Neo4jStore

    memory = Memory(store=Neo4jStore(neo4j_uri))
    space = f"quiet-{uuid.uuid4().hex[:8]}"
    said = "Quillon Marsh keeps bees behind the Vantorra mill"
    with caplog.at_level(logging.DEBUG, logger="neo4j"):
        memory.remember(said, namespace=space)
        found = memory.recall("who keeps bees near the Vantorra mill", namespace=space)
    memory.store.drop_namespace(space)  # type: ignore[attr-defined]
    memory.close()
    assert any("Vantorra" in e.text for e in found)  # the text went there and came back
    assert any("C: RUN" in r.getMessage() for r in caplog.records)  # the log was on
    assert not [r for r in caplog.records if "vantorra" in r.getMessage().casefold()]
