"""Fixtures that run one behavioural test against both stores (the conformance suite)."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from graphmem import Memory
from graphmem.store.base import GraphStore
from graphmem.store.embedded import EmbeddedStore


class Clock:
    """A settable clock, so belief time ("what did we believe then") is testable."""

    def __init__(self, start: datetime | None = None) -> None:
        self.current = start or datetime(2026, 1, 1, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.current

    def set(self, value: datetime) -> None:
        self.current = value

    def advance(self, **delta: float) -> datetime:
        self.current += timedelta(**delta)
        return self.current


@pytest.fixture(params=["embedded", pytest.param("neo4j", marks=pytest.mark.neo4j)])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[GraphStore]:
    """Each store kind in turn; tests use fresh namespaces, so Neo4j needs no cleanup."""
    if request.param == "embedded":
        embedded = EmbeddedStore(tmp_path / "store")
        yield embedded
        embedded.close()
    else:
        from graphmem.store.neo4j import Neo4jStore

        uri = request.getfixturevalue("neo4j_uri")
        neo = Neo4jStore(uri)
        yield neo
        neo.close()


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def memory(store: GraphStore, clock: Clock) -> Memory:
    return Memory(store=store, clock=clock)


@pytest.fixture
def ns() -> Callable[[str], str]:
    """Fresh namespaces per test: ns('maya') -> 'maya-1a2b3c4d'."""
    suffix = uuid.uuid4().hex[:8]
    return lambda name="t": f"{name}-{suffix}"
