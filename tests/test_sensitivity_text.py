"""Which words make a text sensitive: what everyday conversation says in passing must not
hold a turn back from recall, and what names a special category still must."""

from __future__ import annotations

import pytest

from graphmem.trust.sensitivity import categories_of_text


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
        # Having children is not a detail about a child; "my girl" is often a partner.
        "Since we last spoke, I took my kids to a park yesterday. They had fun.",
        "My kids are so excited about summer break!",
        "Check it out, my girl & I tried out that new cafe last weekend!",
        "The kids loved the film.",
        "The twins from the band played a great set.",
        "I go to yoga classes at the gym every Tuesday.",
        # Therapy as a figure of speech.
        "I signed up for a pottery class. It's like therapy for me.",
        "When I'm away from the court, cooking is therapy for me.",
        "It's both a creative outlet and a form of therapy.",
        "I need to go on a hike with them, it's going to be a great therapy!",
        # Religion as a topic, or of other people; "faithful" is not faith.
        "I'm reading \"Dune\". It's a great story about religion and ecology.",
        "On the hike I ran into a group of religious conservatives.",
        "My faithful furry friend lay down next to me.",
        # A race that is run (MADial-Bench's "the race was no longer about winning").
        "Lisa and her classmates had a bicycle race, and the race was no longer about fun.",
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
        ("On the form my race is listed as Black Caribbean.", "ethnicity"),
        # A child's name, age, school, birthday or health.
        ("My daughter Lily is 7 and goes to Maple Primary.", "children"),
        ("Our kids are allergic to peanuts.", "children"),
        ("My son is 7.", "children"),
        ("We celebrated my daughter's birthday at the lake.", "children"),
        ("Yesterday my son had a soccer accident and hurt his ankle.", "children"),
        ("That's the school my daughter goes to.", "children"),
        ("Our twins were born in May.", "children"),
        ("my 5-year-old son loves trains", "children"),
        ("Meine Tochter spielt Fußball.", "children"),
        # Children however they are named: "the twins", a friend's son, ours, a nephew.
        ("The twins turn seven on 12 May, so I need a bouncy castle booked.", "children"),
        ("My friend's son Oscar has swimming lessons every Tuesday at 5.", "children"),
        ("Mi sobrino Mateo cumple cinco años el 22 de marzo.", "children"),
        ("Onze zoon Daan zit in groep 5 van de Klimopschool.", "children"),
        ("Unsere Tochter geht seit August in die Kita am Park.", "children"),
        ("Nossa filha começa na escola em março.", "children"),
        # Therapy as treatment; a person's own faith.
        ("I do physical therapy exercises every day.", "health"),
        ("I see my therapist on Mondays.", "mental_health"),
        ("I joined a church to feel closer to my faith.", "religion"),
        ("I grew up religious.", "religion"),
    ],
)
def test_special_categories_are_still_found(text: str, category: str) -> None:
    assert category in categories_of_text(text)


@pytest.mark.parametrize("gap", ["  ", "\t", " \u00a0 ", " " * 300])
def test_spaces_between_words_change_nothing(gap: str) -> None:
    """Text laid out with runs of spaces (a table, a drawing, a pasted form) is read as its
    words are; the runs are read as one space (a drawing of 348 KB took 11 s, now 0.25)."""
    for text, category in [
        ("My daughter Lily is 7 and goes to Maple Primary.", "children"),
        ("I was diagnosed with HIV in 2019.", "health"),
        ("I'm not out to my parents yet.", "sexual_orientation"),
    ]:
        spaced = text.replace(" ", gap)
        assert category in categories_of_text(text)
        assert categories_of_text(spaced) == categories_of_text(text)
    assert categories_of_text("The kids loved the film.".replace(" ", gap)) == []
