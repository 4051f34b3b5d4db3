"""Special categories are data about the user and the people in their life (issue 39): a
third party's document (encyclopaedic, news, product text) is not the user's finances,
politics or health because it mentions a loan, a party or a disease — while the same words
from the user, in an email, in a first-person document, in a document naming someone the
memory knows, or in a language not read here stay held back. On both stores."""

from __future__ import annotations

from typing import Any

import pytest

from graphmem import Memory
from graphmem.trust import whose

LOAN = "Lee Nogan joined Brentford on loan in March 1987."
PARTY = (
    "The Labour Party won the election in 1997 and its leader became prime minister of the country."
)


def returned(memory: Memory, namespace: str, query: str) -> list[str]:
    return [e.text for e in memory.recall(query, namespace, k=10)]


@pytest.mark.parametrize("text", [LOAN, PARTY])
def test_a_third_partys_document_is_found_by_default(memory: Memory, ns: Any, text: str) -> None:
    maya = ns("maya")
    memory.remember(text, maya, source="document", source_ref="encyclopedia")
    assert any(text in t for t in returned(memory, maya, text))


@pytest.mark.parametrize(
    ("source", "text"),
    [
        ("user", LOAN),
        ("email", LOAN),
        ("document", "I was diagnosed with diabetes in 2019 and the doctor said it is manageable."),
        ("document", "Your loan of 5,000 EUR was approved by the bank on Monday."),
    ],
)
def test_the_same_words_about_someone_stay_held_back(
    memory: Memory, ns: Any, source: str, text: str
) -> None:
    maya = ns("maya")
    memory.remember(text, maya, source=source, source_ref="a-source")
    assert not any(text in t for t in returned(memory, maya, text))
    assert any(text in e.text for e in memory.recall(text, maya, k=10, max_sensitivity="sensitive"))


def test_a_document_naming_someone_the_memory_knows_is_theirs(memory: Memory, ns: Any) -> None:
    maya = ns("maya")
    memory.remember("My daughter is Noa Ortiz.", maya)
    record = "Noa Ortiz was diagnosed with asthma at the clinic in May."
    memory.remember(record, maya, source="document", source_ref="clinic-letter")
    assert not any(record in t for t in returned(memory, maya, "Noa asthma clinic"))


def test_a_language_not_read_here_is_nobodys_third_party() -> None:
    # Fail closed: without its function words, the absence of "I" or "my" means nothing.
    assert whose.languages("Pasienten har diabetes og får behandling hos legen.") == ["da", "no"]
    assert not whose.third_party("Hasta diyabet tanısı aldı ve tedavi görüyor.", lambda n: False)
    assert not whose.third_party("Diabetes", lambda n: False)
    assert not whose.third_party("Polish: Mam cukrzycę i leczę się u lekarza.", lambda n: False)
