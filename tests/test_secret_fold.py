"""Folding keeps positions: the cue layers look words up in the folded text and cut values out
of the original at the same offsets, so ``case`` must map each character to exactly one.
Checked against the character-by-character reference on any text (``str.lower`` of a whole
text is the fast path; a letter that lowers into two, "İ", stays as written)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from graphmem.trust.secrets.fold import case, fold


def _one_by_one(text: str) -> str:
    lowered = "".join(c.lower() if len(c.lower()) == 1 else c for c in text)
    return lowered.replace("ς", "σ").replace("-", " ")


@given(st.text(max_size=40))
def test_case_is_the_character_by_character_lowering(text: str) -> None:
    assert case(text) == _one_by_one(text)
    assert len(case(text)) == len(text) == len(fold(text))


def test_a_letter_lowered_into_two_stays_and_the_rest_is_lowered() -> None:
    assert case("İSTANBUL ŞİFRE") == "İstanbul şİfre"
    assert case("ΚΩΔΙΚΟΣ") == "κωδικοσ"  # a final sigma as the data folds it
