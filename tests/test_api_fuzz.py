"""No call of the public API, whatever it is given, raises anything but a GraphmemError.

Hypothesis draws arguments of every kind (None, numbers, bools, text with surrogates and
control characters, bytes, naive and aware datetimes at the edges of time, lists, dicts)
for each parameter of each method; a valid call may succeed, a wrong one must be refused
with an error that is graphmem's own."""

from __future__ import annotations

import inspect
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from graphmem import Claim, GraphmemError, Memory

EDGES = [
    datetime(1, 1, 1, tzinfo=UTC),
    datetime(1, 1, 1, 0, 30, tzinfo=timezone(timedelta(hours=2))),
    datetime(9999, 12, 31, 23, 59, tzinfo=UTC),
    datetime(2026, 3, 1),  # naive
]
ANYTHING = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=40),
    st.text(alphabet=st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF), max_size=3),
    st.binary(max_size=20),
    st.sampled_from(EDGES),
    st.datetimes(timezones=st.just(UTC)),
    st.sampled_from(["maya", "lives_in", "user", "2026-03-01T09:00Z", "", " ", "a\n", "k"]),
    st.lists(st.text(max_size=5), max_size=3),
    st.just([Claim("maya", "likes", "tea")]),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=2),
)
# Methods that end the object's life or wait on a server are exercised elsewhere.
SKIP = {"close", "purge", "neo4j", "import_", "session"}
METHODS = sorted(
    name
    for name, member in inspect.getmembers(Memory, inspect.isfunction)
    if not name.startswith("_") and name not in SKIP
)


@pytest.fixture(scope="module")
def mem(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Memory]:
    folder: Path = tmp_path_factory.mktemp("fuzz") / "store"
    with Memory(folder) as memory:
        memory.remember("I live in Oslo and I like tea.", "maya")
        yield memory


@pytest.mark.parametrize("method", METHODS)
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_only_graphmem_errors_escape(mem: Memory, method: str, data: st.DataObject) -> None:
    params = [
        p
        for p in inspect.signature(getattr(Memory, method)).parameters.values()
        if p.name != "self" and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
    ]
    chosen = data.draw(st.lists(st.sampled_from(params), unique=True) if params else st.just([]))
    kwargs: dict[str, Any] = {p.name: data.draw(ANYTHING, label=p.name) for p in chosen}
    try:
        getattr(mem, method)(**kwargs)
    except GraphmemError:
        pass
    except TypeError as exc:
        # Only a missing or unknown parameter (the call itself was malformed) is Python's.
        if "required positional argument" not in str(exc):
            raise


@pytest.mark.parametrize("scope", [False, 3, b"project:a", {"project": "a"}])
def test_a_scope_that_is_no_scope_or_list_of_them_is_refused_by_name(
    mem: Memory, scope: Any
) -> None:
    # Hypothesis found scope=False raising TypeError from list(False) inside recall.
    with pytest.raises(GraphmemError, match="scope="):
        mem.recall("where does maya live", "fuzz-scope", scope=scope)
