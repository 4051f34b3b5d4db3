"""An episode's keyword terms counted without analysing its content three times
(``keywords.keyword_counts``) are the terms of the text both stores index."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from graphmem.store.keywords import keyword_counts, keyword_text
from graphmem.store.text import tokens

_WORDS = st.sampled_from(
    [
        *("Maya", "lives", "in", "Lisbon", "don't", "co-op", "e-mail", "naïve", "東京"),
        *("3.5kg", "re-", "-ing", "'s", "U.S.", "x", "", "\n", "  ", "-", "—", "living"),
        *("the", "C++"),
    ]
)
_TEXT = st.lists(_WORDS, max_size=12).map(" ".join) | st.text(max_size=40)


@settings(max_examples=300, deadline=None)
@given(content=_TEXT, context=st.none() | _TEXT, label=st.sampled_from(["Episode", "Fact"]))
def test_counted_terms_are_the_terms_of_the_indexed_text(
    content: str, context: str | None, label: str
) -> None:
    data = {"label": label, "content": content, "context_text": context, "search_text": content}
    assert keyword_counts(data) == Counter(tokens(keyword_text(data)))
