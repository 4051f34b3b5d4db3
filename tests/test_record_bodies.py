"""A record body read back fast (every open reads a million) is the record that was written:
``snapshot.fast_loads`` against the plain reader ``rows.loads`` on generated records —
datetimes at the top, nested in lists and objects, keys and texts that look like the
``{"$dt": …}`` form, escapes, non-ASCII."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

from hypothesis import given, settings
from hypothesis import strategies as st

from graphmem.store.rows import dumps, loads
from graphmem.store.snapshot import fast_loads

_TRICKY = st.sampled_from(
    ['{"$dt":"2026-01-01T00:00:00+00:00"}', '"$dt"', "$dt", '\\"', "שלום", "a\nb", '":{"']
)
texts = st.one_of(st.text(max_size=12), _TRICKY)
times = st.datetimes(
    min_value=datetime(1, 1, 2), max_value=datetime(9999, 12, 30), timezones=st.just(UTC)
) | st.builds(
    lambda d, h: d.replace(tzinfo=timezone(timedelta(hours=h))),
    st.datetimes(min_value=datetime(1, 1, 2), max_value=datetime(9999, 12, 30)),
    st.integers(-12, 12),
)
# Integers as both stores keep them: 64 bits (a claim's value travels as JSON text).
leaves = st.one_of(st.none(), st.booleans(), st.integers(-(2**63), 2**63 - 1), texts, times)
# The format's one reserved form: an object whose only key is "$dt" is a datetime.
keys = texts.filter(lambda k: k != "$dt")
values = st.recursive(
    leaves,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(keys, inner, max_size=3),
    max_leaves=8,
)
records = st.dictionaries(keys, values, max_size=8)


@settings(max_examples=400, deadline=None)
@given(records)
def test_a_body_reads_back_as_the_plain_reader_reads_it(record: dict) -> None:
    body = dumps(record)
    assert fast_loads(body.encode("utf-8")) == loads(body) == record


def test_a_node_as_the_store_writes_it() -> None:
    at = datetime(2026, 3, 1, 9, 30, tzinfo=UTC)
    node = {
        "id": "f_1",
        "valid_from": at,
        "valid_until": datetime(9999, 12, 31, 23, 59, 59, tzinfo=UTC),
        "quote": 'she said "valid_from":{"$dt":"1999-01-01T00:00:00+00:00"}',
        "statements": ["st_1"],
        "history": [{"at": at}],
    }
    assert fast_loads(dumps(node).encode("utf-8")) == node
