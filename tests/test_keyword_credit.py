"""A keyword hit's credit does not depend on what else was retrieved (issue 39): a hit
that shares one common word of a question with four informative ones is weak evidence
whether or not anything better was found, so a memory the embedder ties to the question's
meaning ranks above it. On both stores, with the semantic embedder."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from graphmem import Memory
from graphmem.models.semantic import WordLlamaEmbedder
from graphmem.store.base import GraphStore
from tests.stores import Clock

SAID = [
    "Please give 5 book recommendations for my trip to Spain.",
    "I dislike leather furniture.",
    "My sister recommended a podcast about history.",
    "I went to the gym on Tuesday.",
]
SOFA = "Do you have any recommendations for a durable and stylish sofa?"


@pytest.fixture(scope="module")
def semantic() -> WordLlamaEmbedder:
    return WordLlamaEmbedder()


def test_one_shared_common_word_does_not_outrank_the_meaning(
    store: GraphStore, clock: Clock, ns: Any, semantic: WordLlamaEmbedder
) -> None:
    memory = Memory(store=store, clock=clock, embedder=semantic)
    sam = ns("sam")
    start = datetime(2025, 12, 1, tzinfo=UTC)
    for day, text in enumerate(SAID):  # a day apart: no turn lends another its words
        memory.remember(text, sam, at=start + timedelta(days=day))
    found = [e.text for e in memory.recall(SOFA, sam, k=10)]
    leather = next(i for i, text in enumerate(found) if "leather furniture" in text)
    recommended = [i for i, text in enumerate(found) if "recommend" in text]
    assert leather == 0, found
    assert all(i > leather for i in recommended), found
