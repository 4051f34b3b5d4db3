"""Which words make a text sensitive: what everyday conversation says in passing must not
hold a turn back from recall, and what names a special category still must."""

from __future__ import annotations

import pytest

from graphmem.sensitivity import categories_of_text


@pytest.mark.parametrize(
    "text",
    [
        # A health term inside another word.
        'Two of my favourites are "The Stormlight Archive" and "Mistborn".',
        "The beehive behind the shed is buzzing again.",
        # A distance is not a street address.
        "It was a 3 hour drive from me and the sunset was amazing!",
        "Only 2 more laps to drive.",
        # Money verbs used for praise and thanks.
        "You earned all the kudos for your hard work.",
        "Enjoy the weekend, you earned it!",
        "Cheers! I owe you one.",
    ],
)
def test_words_said_in_passing_are_not_sensitive(text: str) -> None:
    assert categories_of_text(text) == []


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("I was diagnosed with HIV in 2019.", "health"),
        ("My asthma got worse this winter.", "health"),
        ("Send it to 221 Baker Street, please.", "home_location"),
        ("We moved to 14 Elm Drive last spring.", "home_location"),
        ("I earn 80k a year before tax.", "finances"),
        ("She earned $4,500 last month.", "finances"),
        ("I still owe the bank 5000 dollars.", "finances"),
        ("He owes me money since March.", "finances"),
        ("My salary went up in May.", "finances"),
    ],
)
def test_special_categories_are_still_found(text: str, category: str) -> None:
    assert category in categories_of_text(text)
