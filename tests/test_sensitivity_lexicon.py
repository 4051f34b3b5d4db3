"""The special categories' words in some thirty languages (graphmem/trust/sensitivity_lexicon.py
and the lists in graphmem/trust/sensitivity_terms)."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest

from graphmem.trust import sensitivity_lexicon
from graphmem.trust.sensitivity import CATEGORIES, categories_of_text

TERMS = Path(sensitivity_lexicon.__file__).with_name("sensitivity_terms")


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("У меня диабет второго типа", "health"),
        ("Tengo asma desde niño", "health"),
        ("Ich bin schwanger", "pregnancy"),
        ("Jestem w ciąży", "pregnancy"),
        ("我有糖尿病", "health"),
        ("אני בהריון", "pregnancy"),
        ("ฉันเป็นโรคเบาหวาน", "health"),
        ("Nina ugonjwa wa kisukari", "health"),
        ("Hän on raskaana", "pregnancy"),
        ("Ελπίζω να μην έχω διαβήτη", "health"),
    ],
)
def test_a_disclosure_is_read_in_many_languages(text: str, category: str) -> None:
    assert category in sensitivity_lexicon.categories(text)
    assert category in categories_of_text(text)


def test_vietnamese_is_read_whatever_its_unicode_form() -> None:
    said = "Tôi bị tiểu đường"
    for form in ("NFC", "NFD"):
        assert "health" in sensitivity_lexicon.categories(unicodedata.normalize(form, said))


@pytest.mark.parametrize(
    "text",
    [
        "मुझे बौद्धिक काम पसंद है",  # "intellectual" starts like "Buddhist"
        "the bill is due on Friday",
        "Paganini wrote 24 caprices",
        "Our platform-agnostic design ships next week",
    ],
)
def test_a_term_inside_another_word_is_not_read(text: str) -> None:
    assert sensitivity_lexicon.categories(text) == set()


def test_the_lists_cover_every_category_in_thirty_languages() -> None:
    files = sorted(TERMS.glob("*.tsv"))
    assert len(files) >= 30
    for path in files:
        seen = set()
        for line in path.read_text(encoding="utf-8").splitlines():
            category, term = line.split("\t")
            assert category in CATEGORIES, (path.name, line)
            assert term == term.lower().strip(), (path.name, line)
            assert "*" not in term[:-1], (path.name, line)
            seen.add(category)
        assert len(seen) >= 15, path.name


# Another language's word for a condition that is an everyday English word (or the start of
# one) read English text as special-category data: "sourd" in "sourdough", Danish
# "handicap" in a golf handicap, Czech "aids" in "visual aids", Spanish "zona" as French
# shingles. Each list keeps the forms that disclose; English keeps its own phrases.
@pytest.mark.parametrize(
    "text",
    [
        "Yesterday I baked sourdough for the first time and it came out flat.",
        "My golf handicap dropped to 12.",
        "What a doofus.",
        "We used visual aids in the talk.",
        "The new bypass opens in May.",
        "She switched to a faster stroke in the pool.",
        "It's a borderline case, ask the referee.",
        "Abort the upload if it takes too long.",
        "La zona centro está cerrada por obras.",
        "The Great Depression hit the town hard.",
        "A tropical depression formed off the coast.",
        "This weather is depressing.",
        "Homo sapiens left Africa long ago.",
        "The tax amnesty ends in March.",
    ],
)
def test_a_false_friend_from_another_language_is_not_read(text: str) -> None:
    assert categories_of_text(text) == []


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("Il est sourd depuis l'enfance.", "disability"),
        ("Mon frère a un handicap.", "disability"),
        ("Min søn har et handicap.", "disability"),
        ("Mio zio è handicappato.", "disability"),
        ("He has AIDS.", "health"),
        ("I had a stroke last year.", "health"),
        ("Ich habe eine Depression.", "mental_health"),
        ("Jag har depression.", "mental_health"),
        ("I was depressed all winter.", "mental_health"),
        ("Hon gjorde abort förra året.", "pregnancy"),
        ("Il a le zona depuis lundi.", "health"),
        ("Je suis militant au parti socialiste.", "politics"),
        ("I'm a member of Amnesty International.", "activism"),
    ],
)
def test_the_disclosing_forms_of_those_words_are_still_read(text: str, category: str) -> None:
    assert category in categories_of_text(text)


def test_militants_in_the_news_are_no_party_membership() -> None:
    found = categories_of_text("The militants were arrested near the border.")
    assert "politics" not in found
    assert "activism" not in found
