"""Special categories are data about the user and the people in their life (issue 39): a
third party's document (encyclopaedic, news, product text) is not the user's finances,
politics or health because it mentions a loan, a party or a disease — while the same words
from the user, in an email, in a first-person document, in a document naming someone the
memory knows, or in a language not read here stay held back. Known means told of by the
user's side: a name learnt only from documents is not someone in the user's life. On both
stores."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
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


# ---- whose names count, and an article's own voice (issue 39) ----------------------------

SENATOR = "Dana Whitfield lives in Ohio."
SENATOR_ILL = "Dana Whitfield was treated for pneumonia at a hospital in Ohio last week."


def test_a_name_learnt_from_documents_does_not_make_the_next_document_personal(
    memory: Memory, ns: Any
) -> None:
    # A news namespace read of the senator last week: this week's article about her
    # illness is still a third party's, found by default.
    news = ns("news")
    memory.remember(SENATOR, news, source="document", source_ref="week-1")
    memory.remember(SENATOR_ILL, news, source="document", source_ref="week-2")
    assert any(SENATOR_ILL in t for t in returned(memory, news, "Whitfield pneumonia hospital"))


@pytest.mark.parametrize("told_by", ["user", "relayed"])
def test_a_name_the_user_told_of_keeps_the_document_theirs(
    memory: Memory, ns: Any, told_by: str
) -> None:
    # The same article after the user said Dana is their friend: someone in their life.
    maya = ns("maya")
    memory.remember("My friend is Dana Whitfield.", maya, source=told_by)
    own = "My friend Dana Whitfield has diabetes."
    memory.remember(own, maya, source=told_by)
    memory.remember(SENATOR_ILL, maya, source="document", source_ref="week-2")
    assert not any(SENATOR_ILL in t for t in returned(memory, maya, "Whitfield pneumonia"))
    assert not any(own in t for t in returned(memory, maya, "Dana Whitfield diabetes"))
    assert any(own in e.text for e in memory.recall(own, maya, k=10, max_sensitivity="sensitive"))


@pytest.mark.parametrize(
    "text",
    [
        # The authors' "we" of an article, "i.e.", "(i)" and a type I interferon.
        "In our cohort we found that patients with diabetes (i.e. type 2) had a higher risk "
        "of severe pneumonia, and type I interferon was low in (i) older patients.",
        # "US" in capitals is the country; "a" and "to" do not make an English text Czech.
        "Across the US, borrowers with student loan debt wait for a decision of the court.",
        "Kenneth Branagh wears a wig to play a former PM who has cancer in a new series.",
        # COVID-QA paragraphs that default recall held back: a citation's "et al." read as
        # French and Italian (pro-drop), a model's compartments "(I P )" as a pronoun, and the
        # "us" a method lets its authors do something with.
        "An alarmin pathway around IL-25 and IL-33 (Nagarkar et al., 2012; Hong et al., "
        "2018) drives the inflammation of the airway in asthma.",
        "People are susceptible (S P ), exposed (E P ), symptomatic infected (I P ) or "
        "removed (R P ), and in this model we set the infection rate of each.",
        "Using exported cases, we estimate the incidence of pneumonia in real time, "
        "allowing us to update the extent of transmission at the source.",
        # A single author at work: "I estimated", "I have to point out", "my opinion".
        "To understand the risk of infection on a cruise ship, I estimated the incidence "
        "of infection with the novel coronavirus from the dates of illness onset.",
        "I have to point out that the cases of avian influenza were few. My opinion is "
        "anti-traditional: I believe influenza infections are preventable.",
    ],
)
def test_a_third_partys_article_about_a_disease_is_found_by_default(
    memory: Memory, ns: Any, text: str
) -> None:
    reader = ns("reader")
    memory.remember(text, reader, source="document", source_ref="journal")
    assert any(text in t for t in returned(memory, reader, text))


@pytest.mark.parametrize(
    "text",
    [
        "We found out our son Tom has asthma and we see the doctor on Friday.",
        "We got married in May and we are expecting; the pregnancy is going well.",
        "Wir haben festgestellt, dass die Patienten mit Diabetes ein höheres Risiko haben.",
        "I think we should talk about my diagnosis of diabetes with the doctor.",
        # An author's "I" beside the writer's own life stays the writer's.
        "I estimated that I spend $300 a month on my therapy for depression.",
        "I believe my depression is getting worse.",
        # "us" that is no method's: told something, helped somewhere.
        "We went to the clinic and the nurse helped us to the ward, where the doctor "
        "explained the pneumonia to us.",
    ],
)
def test_a_household_we_and_other_first_persons_stay_held_back(
    memory: Memory, ns: Any, text: str
) -> None:
    maya = ns("maya")
    memory.remember(text, maya, source="document", source_ref="a-note")
    assert not any(text in t for t in returned(memory, maya, text))


def test_languages_are_read_on_words_of_their_own() -> None:
    english = "Kenneth Branagh dons a wig and prosthetics to portray the former PM in a series."
    assert whose.languages(english) == ["en"]
    czech = "Pacient je v nemocnici a lékař řekl, že to je na dlouho."
    assert "cs" in whose.languages(czech)
    assert not whose.third_party(czech, lambda n: False)


def test_entities_told_by_counts_only_the_authorities_asked(memory: Memory, ns: Any) -> None:
    space = ns("space")
    memory.remember("My friend is Dana Whitfield.", space)
    memory.remember(SENATOR, space, source="document", source_ref="news")
    keys = ["dana whitfield", "ohio", "nobody"]
    users_side = memory.store.entities_told_by(space, keys, whose.TOLD_BY_USERS_SIDE)
    everyone = memory.store.entities_still_named(space, keys, [])
    assert "dana whitfield" in users_side
    assert users_side < everyone  # the document's names are known, not told by the user
    assert memory.store.entities_told_by(ns("other"), keys, whose.TOLD_BY_USERS_SIDE) == set()


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("Scores were taken for (i) symptoms and (ii) sleep, i.e. twice a day.", []),
        ("Type I interferon and HSV I-II were low 48 h p.i. in the mice.", []),
        ("It is a Schedule I substance in the US since World War I.", []),
        ("The group I joined for depression meets on Tuesdays.", ["i"]),
        ("Tell us what the doctor said.", ["us"]),
        ("Infected bats (I B ) and removed bats (R B ) were counted.", []),
        ("These results led us to test the drug, which allows us to treat more.", ["we", "we"]),
        ("I B-roll the video and I M-ed him.", ["i", "i"]),
    ],
)
def test_an_english_pronoun_is_read_as_one(text: str, said: list[str]) -> None:
    assert whose.personal_words(text, ["en"]) == said


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("The minister said: “I will not stand again.”", []),
        # A reported "you" may be the reader: it counts (fail closed).
        (
            'Ardern said: "You can be anxious, kind and wear your heart on your sleeve."',
            ["you", "your", "your"],
        ),
        ('Dr Lee said: "your HbA1c is 8.1 and you have type 2 diabetes"', ["your", "you"]),
        ("“You’re fine, I promise,” the nurse told me.", ["you're", "me"]),
        ("“I am gay, and I no longer want to hide myself,” the midfielder told reporters.", []),
        ("The midfielder announced that “I am gay” in a video.", []),
        ("He starred in “The Last of Us” and in a show named “Why I Love Him and you”.", []),
        ('Dr Lee: "your HbA1c is 8.1 and you have type 2 diabetes"', ["your", "you"]),
        ('I said: "the results are fine".', ["i"]),
        ("The nurse wrote “stable” and then you were discharged.", ["you"]),
    ],
)
def test_a_quotation_someone_is_reported_saying_is_theirs(text: str, said: list[str]) -> None:
    assert whose.personal_words(text, ["en"]) == said


QUOTED = (
    "The actor said of the diagnosis: “I have had cancer for two years and I am not ashamed,” "
    "and the studio confirmed that filming will resume in the spring."
)


def test_a_news_item_quoting_someones_health_is_found_by_default(memory: Memory, ns: Any) -> None:
    news = ns("news")
    memory.remember(QUOTED, news, source="document", source_ref="news")
    assert any("filming will resume" in t for t in returned(memory, news, "the actor's cancer"))
    unframed = ns("unframed")
    memory.remember(
        "“I have had cancer for two years and I am not ashamed” and filming will resume "
        "in the spring.",
        unframed,
        source="document",
        source_ref="note",
    )
    assert not any("filming" in t for t in returned(memory, unframed, "cancer for two years"))


def test_a_note_of_what_the_doctor_told_the_user_stays_held_back(memory: Memory, ns: Any) -> None:
    """The user's own note, filed as a document: the doctor's "your" is the user's."""
    notes = ns("notes")
    memory.remember(
        'Dr Lee said: "your HbA1c is 8.1 and you have type 2 diabetes, so we start metformin."',
        notes,
        source="document",
        source_ref="clinic-note",
    )
    assert not any("HbA1c" in t for t in returned(memory, notes, "HbA1c diabetes"))


ARTICLE = [
    "Seasonal influenza spreads in the winter months and the vaccine is updated every year.",
    "Heart disease",
    "Older adults with chronic conditions are at higher risk of complications from influenza.",
]
LETTER = [
    "Your test results came back from the clinic this week.",
    "Heart disease",
    "The doctor will call you to book a follow-up appointment.",
]


@pytest.mark.parametrize("order", [(0, 1, 2), (0, 2, 1), (2, 1, 0)])
def test_a_heading_is_read_with_the_article_around_it(
    memory: Memory, ns: Any, order: tuple[int, ...]
) -> None:
    """A part too short to read in any language is a third party's when the parts of its
    session around it are (graphmem/write/owner.py), whichever arrived first of them."""
    reader = ns("reader")
    start = datetime(2025, 12, 1, 9, tzinfo=UTC)
    for i in order:
        at = start + timedelta(minutes=i)
        memory.remember(ARTICLE[i], reader, source="document", session="flu-article", at=at)
    assert any(t == "Heart disease" for t in returned(memory, reader, "heart disease"))


@pytest.mark.parametrize("session", ["letter", None])
def test_a_heading_of_a_letter_to_the_user_stays_held_back(
    memory: Memory, ns: Any, session: str | None
) -> None:
    maya = ns("maya")
    start = datetime(2025, 12, 1, 9, tzinfo=UTC)
    texts = LETTER if session else ARTICLE
    for i, text in enumerate(texts):
        at = start + timedelta(minutes=i)
        memory.remember(text, maya, source="document", session=session, at=at)
    # Beside a letter that says "you", or with no session to read it in, it is the user's.
    assert "Heart disease" not in returned(memory, maya, "heart disease")
    asked = memory.recall("heart disease", maya, k=10, max_sensitivity="sensitive")
    assert any(e.text == "Heart disease" for e in asked)


LIST = [
    "Older adults are at higher risk of severe illness from the novel coronavirus.",
    "People who have serious chronic medical conditions like:",
    "Heart disease",
    "Diabetes",
    "Lung disease",
]


@pytest.mark.parametrize(
    ("opening", "found"),
    [
        (None, True),
        # an item passed over that speaks in the first person keeps the list the user's
        ("My diagnoses:", False),
    ],
)
def test_a_list_of_short_items_is_read_with_the_article_around_it(
    memory: Memory, ns: Any, opening: str | None, found: bool
) -> None:
    """COVID-QA: a CDC page's list of conditions ("Heart disease", "Diabetes") was held back
    as the user's health: each item's nearest parts were other items, too short to read.
    The nearest parts that can be read decide, unless an item passed over says "my"."""
    reader = ns("reader")
    start = datetime(2025, 12, 1, 9, tzinfo=UTC)
    parts = LIST[:1] + ([opening] if opening else []) + LIST[1:]
    for i, text in enumerate(parts):
        at = start + timedelta(minutes=i)
        memory.remember(text, reader, source="document", session="cdc-page", at=at)
    assert ("Diabetes" in returned(memory, reader, "diabetes")) is found
