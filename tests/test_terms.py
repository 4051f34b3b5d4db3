"""``text.terms``, the keyword terms of a text as a set, analysing each distinct piece once
(recall asks it of whole documents): the same set ``tokens`` gives, on any text — long
pieces cut as Lucene cuts them, possessives, stop words, scripts other than Latin."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from graphmem.store.text import LONGEST, terms, tokens

_WORDS = st.sampled_from(
    ["veteran's", "didn't", "doing", "the", "Lisbon", "café", "שלום", "東京", "x" * (LONGEST + 7)]
)
texts = st.lists(st.one_of(st.text(max_size=20), _WORDS), max_size=30).map(" ".join)


@settings(max_examples=300, deadline=None)
@given(texts)
def test_terms_are_the_set_of_tokens(text: str) -> None:
    assert terms(text) == set(tokens(text))
