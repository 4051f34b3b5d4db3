"""A question that names no one is not read as a question about a document's subject
(graphmem.read.asked, whose): in COVID-QA "Which kit is currently used in China?" put
"Chloroquine is immunomodulatory" first, a fact the offline extractor drew from a paper,
because most of the paper's keyword matches spoke of chloroquine."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from graphmem import Memory

MARCH = datetime(2026, 3, 1, tzinfo=UTC)
KIT = "In China, the RT-PCR kit from one maker is currently used in most hospitals."
PAPER = [
    "Chloroquine is immunomodulatory. It is currently used in China in several trials.",
    "Chloroquine is cheap. Hospitals in China currently keep it in stock.",
    KIT,
    "Rapid antigen kits were evaluated later in the year.",
]
QUESTION = "Which kit is currently used in China?"


@pytest.fixture(autouse=True)
def december(clock: Any) -> None:
    clock.set(datetime(2026, 12, 1, tzinfo=UTC))


def stored(memory: Memory, ns: str, source: str) -> None:
    for minute, text in enumerate(PAPER):
        memory.remember(
            text, ns, source=source, session="paper", at=MARCH + timedelta(minutes=minute)
        )


def test_a_documents_subject_is_not_whom_an_unnamed_question_asks_about(
    memory: Memory, ns: Any
) -> None:
    paper = ns("paper")
    stored(memory, paper, "document")
    found = memory.recall(QUESTION, paper, k=4)
    assert found[0].text == KIT, [e.text for e in found]
    assert not any("slot" in e.matched for e in found), [(e.text, e.matched) for e in found]
