"""The version before one a question names (graphmem/read/time_focus.py): "before X", and
the other ways of saying it — "until X", "what did I leave / trade in / drop for X", "which
gym did she leave when she joined X" — while "for" in a question about now is no marker."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from graphmem.read.time_focus import focus_of, untimed

AT = datetime(2026, 12, 1, tzinfo=UTC)


@pytest.mark.parametrize(
    ("question", "named"),
    [
        ("What did I leave for the Chapter and Verse Circle?", "Chapter and Verse Circle"),
        ("Which gym did Percival leave when she joined Grindstone Gym?", "Grindstone Gym"),
        ("What was she driving around in until the Renault Zoe came along?", "Renault Zoe"),
        ("What did I trade in for the Hyundai Ioniq 5?", "Hyundai Ioniq 5"),
        ("Which side did my neighbour drop for the Vexley Thunder?", "Vexley Thunder"),
        ("Which doctor did I have until Dr Hesper Maddox?", "Dr Hesper Maddox"),
        ("Where did I live before moving to Denver?", "Denver"),
        ("Who was my accountant prior to Ledgerwell?", "Ledgerwell"),
        ("Which of my managers got replaced by Fergus Oyelaran?", "Fergus Oyelaran"),
        ("Which cleaner did my housemate replace with Sudsy Badger?", "Sudsy Badger"),
        ("What did Ruby Tiffin House replace as my top restaurant?", "Ruby Tiffin House"),
        ("What was Sigrid using when the Novaline Pebble showed up?", "Novaline Pebble"),
        ("What did I cancel when I switched to The Pennyweight Times?", "Pennyweight Times"),
    ],
)
def test_a_question_names_the_version_after_the_one_it_asks_for(question: str, named: str) -> None:
    focus = focus_of(question, AT)
    assert focus.kind == "before"
    assert named in focus.tail


@pytest.mark.parametrize(
    "question",
    [
        "Who do I go to for check-ups?",
        "What did I pay for lunch?",
        "Where do I live now?",
        "What replaced the Tesla?",  # the version after it: not read, so asked about now
        "Where did I work when I lived in Denver?",
    ],
)
def test_for_alone_asks_about_now(question: str) -> None:
    assert focus_of(question, AT).kind == "now"


@pytest.mark.parametrize(
    ("question", "left"),
    [
        (
            "Which vet was Oisin registered with at the time?",
            "Which vet was Oisin registered with ?",
        ),
        ("Where did I keep my money back then?", "Where did I keep my money ?"),
        ("Who is my dentist now?", "Who is my dentist ?"),
        ("Where did I live last year?", "Where did I live ?"),
    ],
)
def test_untimed_leaves_what_a_question_asks_about(question: str, left: str) -> None:
    assert " ".join(untimed(question).split()) == left
