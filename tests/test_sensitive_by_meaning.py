"""Special-category data by meaning (issue 36): union membership, party affiliation, activism
and a named child's details are sensitive — held back from default recall, returned when
asked — on both stores; their look-alikes are not.

Corpora: tests/data/sensitivity/ (written blind, before the classifier changed) and
tests/data/sensitivity_heldout/ (written after); bench/sensitivity.py prints the figures.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from graphmem import Memory
from graphmem.trust.sensitivity import categories_of_text

DATA = Path(__file__).parent / "data"
SENSITIVE = [
    "I'm a member of the Teamsters union.",
    "I'm a registered Republican and I volunteer for the party.",
    "I support Extinction Rebellion and marched with them in May.",
    "Our twins turn six on 4 May.",
    "Ich bin Gewerkschaftsmitglied bei ver.di.",
    "Je suis syndiqué à la CGT depuis dix ans.",
    "Mi hijo Pablo empieza en la guardería en septiembre.",
    # A minor's age, however a language gives it (graphmem/trust/minor_age.py); written here,
    # not taken from a corpus.
    "Milo turns 9 next Tuesday, can you find a climbing gym for the party?",
    "Mateusz, nasz sąsiad, ma 11 lat i sam jeździ autobusem.",
    "A Beatriz tem 4 anos e ainda não dorme a noite toda.",
    "Torben fylder syv i morgen, husk kagen.",
    "Yeğenim Ayşe 12 yaşında ve piyano çalıyor.",
    "Cucu saya Dimas berumur 3 tahun minggu depan.",
    "Léon a 8 ans et il veut un vélo rouge.",
    "Unsere Kleine wird 5 und wünscht sich ein Einhorn.",
]
LOOK_ALIKES = [
    "Union Station is closer than the airport.",
    "We're throwing a party on Saturday.",
    "I support Arsenal.",
    "I marched in the school band parade when I was young.",
    "Our dog turns six in May.",
    "The bakery on Elm Street turns 10 this year.",
    "I have 5 years of experience with Kotlin.",
    "Il y a 5 ans, nous étions à Lyon.",
    "Naše kočka Micka má 3 roky.",
    "Unser Kater Felix wird 7.",
    "うちの猫は今年で5歳です。",
    "Trabalho nesta empresa há 6 anos.",
    "I opened an account at the bank on Main Street.",
]


def load(folder: str) -> list[dict[str, Any]]:
    with (DATA / folder / "statements.jsonl").open(encoding="utf-8") as rows:
        return [json.loads(line) for line in rows]


@pytest.mark.parametrize("text", SENSITIVE)
def test_special_category_data_is_held_back_by_default(memory: Memory, ns: Any, text: str) -> None:
    maya = ns("maya")
    memory.remember(text, maya)
    assert memory.recall(text, maya) == []
    asked = memory.recall(text, maya, max_sensitivity="sensitive")
    assert asked
    assert all(e.sensitivity == "sensitive" for e in asked)


@pytest.mark.parametrize("text", LOOK_ALIKES)
def test_look_alikes_stay_ordinary(memory: Memory, ns: Any, text: str) -> None:
    maya = ns("maya")
    memory.remember(text, maya)
    assert memory.recall(text, maya)


@pytest.mark.parametrize(
    ("folder", "missed", "false_alarms"),
    [
        ("sensitivity", 0.02, 0.07),
        ("sensitivity_heldout", 0.12, 0.125),
        ("sensitivity_blind_b", 0.14, 0.14),
        ("sensitivity_feelings", 0.04, 0.0),
    ],
)
def test_the_corpora_stay_where_they_were_measured(
    folder: str, missed: float, false_alarms: float
) -> None:
    """A floor against regressions. The word lists of some thirty languages
    (graphmem/trust/sensitivity_terms) traded false alarms for far fewer misses: held-out
    missed 81 -> 27 of 192, flagged 19 -> 23; corpus B, sealed until they were written,
    missed 39 of 223 (the classifier before: 109) and flagged 31 (before: 16). A minor's age in
    any language (graphmem/trust/minor_age.py): held-out missed 26 -> 22, B 39 -> 31, flags
    unchanged; corpus C, sealed, 77 -> 73 of 232 missed (children 10 -> 7 of 14), 25 flagged
    before and after. Passing feelings (graphmem/trust/feelings.py; tests/data/sensitivity_feelings,
    written blind): missed 11 -> 3 of 83, flagged 10 -> 0 of 85; its sealed twin 10 -> 9 and
    6 -> 3 of 84, measured once."""
    rows = load(folder)
    sensitive = [r for r in rows if r["sensitive"]]
    benign = [r for r in rows if not r["sensitive"]]
    not_found = [r["text"] for r in sensitive if not categories_of_text(r["text"])]
    flagged = [r["text"] for r in benign if categories_of_text(r["text"])]
    assert len(not_found) <= missed * len(sensitive), not_found
    assert len(flagged) <= false_alarms * len(benign), flagged


def test_what_is_read_out_of_a_sensitive_message_is_held_back_too(memory: Memory, ns: Any) -> None:
    # The fact drawn from it ("takes things slowly") names no category; it was said because
    # of one, so it is as sensitive as the message.
    maya = ns("maya")
    said = "I had a miscarriage last month and I'm still taking things slowly."
    result = memory.remember(said, maya)
    assert result.fact_ids
    assert memory.recall(said, maya) == []
    asked = memory.recall(said, maya, max_sensitivity="sensitive")
    assert {e.sensitivity for e in asked} == {"sensitive"}
