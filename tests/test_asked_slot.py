"""Recall reads the slot a question asks about (graphmem/read/asked.py): whose and which
relation, and the version of it that holds at the recall's point comes first — on both
stores. Regressions from bench/current_truth.py, where words alone put another slot of the
same person (or the same relation of another person) first."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import pytest

from graphmem import Claim, Evidence, Memory
from graphmem.extract.llm import LLMExtractor
from graphmem.models.llm import ModelClient
from graphmem.store.base import GraphStore
from tests.model_server import FakeModelServer
from tests.stores import Clock

Tell = Callable[[str, str, str, str, str, datetime], None]
JAN, MAY, SEP = (datetime(2025, m, 3, tzinfo=UTC) for m in (1, 5, 9))


@pytest.fixture(autouse=True)
def december(clock: Any) -> None:
    clock.set(datetime(2026, 12, 1, tzinfo=UTC))


@pytest.fixture
def memory(
    store: GraphStore, clock: Clock, fake_model: ModelClient, server: FakeModelServer
) -> Memory:
    """A memory whose model reads each message as the one triple it states (scripted)."""
    return Memory(store=store, clock=clock, extractor=LLMExtractor(fake_model))


@pytest.fixture
def tell(memory: Memory, server: FakeModelServer) -> Tell:
    def told(ns: str, subject: str, predicate: str, value: str, quote: str, at: datetime) -> None:  # noqa: PLR0917
        claim = {"subject": subject, "predicate": predicate, "object": value, "kind": "fact",
                 "valid_from": at.isoformat(), "confidence": 0.95, "quote": quote}  # fmt: skip
        memory.define_predicate(predicate, cardinality="one")
        server.script({"claims": [claim]})
        memory.remember(quote, ns, at=at)

    return told


def first(found: list[Evidence]) -> str:
    assert found, "recall found nothing"
    return found[0].text


def test_the_named_relation_of_the_named_person_comes_first(
    memory: Memory, tell: Tell, ns: Any
) -> None:
    space = ns("cousin")
    tell(space, "Valentina", "band", "Magpie Parade",
         "My cousin Valentina's favourite band is Magpie Parade.", JAN)  # fmt: skip
    tell(space, "Valentina", "band", "Hollow Pines",
         "My cousin Valentina's obsessed with Hollow Pines now.", MAY)  # fmt: skip
    tell(space, "Valentina", "doctor", "Dr. Theo Vance",
         "Dr. Theo Vance is my cousin Valentina's doctor now.", SEP)  # fmt: skip
    question = "What band is my cousin Valentina into at the moment?"
    assert "Hollow Pines" in first(memory.recall(question, space))
    # Asked as of another time, the version true then.
    assert "Magpie Parade" in first(
        memory.recall(question, space, at=datetime(2025, 3, 1, tzinfo=UTC))
    )


def test_a_relation_told_in_other_words_is_read_from_what_others_said(
    memory: Memory, tell: Tell, ns: Any
) -> None:
    """The user never said "drive"; the flatmate's car was told with it, so the question's
    word names the relation, and the user's own car answers "what do I drive?"."""
    space = ns("drive")
    tell(space, "user", "car", "Volvo XC40", "I got a Volvo XC40.", JAN)
    tell(space, "user", "car", "Tesla Model 3", "I just bought a Tesla Model 3.", MAY)
    tell(space, "Kalinda", "car", "Toyota Corolla",
         "My flatmate Kalinda drives a Toyota Corolla.", SEP)  # fmt: skip
    tell(space, "user", "doctor", "Dr. Ravi Menon", "My doctor is Dr. Ravi Menon.", SEP)
    assert "Tesla Model 3" in first(memory.recall("What do I drive?", space))
    assert "Toyota Corolla" in first(memory.recall("What does Kalinda drive?", space))


def test_the_person_a_role_names_is_read_from_the_messages_about_them(
    memory: Memory, tell: Tell, ns: Any
) -> None:
    """ "my flatmate" is whoever the messages that say it are about; the job title asked is
    hers, not the neighbour's whose message shares the words "job title"."""
    space = ns("flatmate")
    tell(space, "Kalinda", "gym", "Peak Form", "My flatmate Kalinda trains at Peak Form.", JAN)
    tell(space, "Kalinda", "job_title", "paralegal", "Kalinda works as a paralegal.", MAY)
    tell(space, "Greta", "job_title", "civil engineer",
         "Greta's job title is civil engineer.", SEP)  # fmt: skip
    assert "paralegal" in first(memory.recall("What is my flatmate's job title?", space))


def test_a_relation_holding_many_values_is_no_single_answer(memory: Memory, ns: Any) -> None:
    """A list (more than a few values at once) is left to the ranking by words."""
    space = ns("likes")
    for i, dish in enumerate(["ramen", "tacos", "paella", "pho", "dal"]):
        memory.remember(
            [Claim("user", "likes", dish, valid_from=JAN, quote=f"I like {dish}.")],
            space,
            at=datetime(2025, 1, 3 + i, tzinfo=UTC),
        )
    assert "pho" in first(memory.recall("Do I like pho?", space))


def test_a_role_the_user_gave_someone_names_them(memory: Memory, tell: Tell, ns: Any) -> None:
    """A question about "my flatmate's GP" asks about the person the user called "my
    flatmate", though it does not name them and other people's doctors share its words."""
    space = ns("role")
    tell(space, "Kalinda", "doctor", "Dr. Amara Osei",
         "My flatmate Kalinda's GP is Dr. Amara Osei.", JAN)  # fmt: skip
    tell(space, "Kalinda", "doctor", "Dr. Piotr Sadowski",
         "Kalinda switched to Dr. Piotr Sadowski last month.", MAY)  # fmt: skip
    tell(space, "Kalinda", "restaurant", "The Brass Lantern",
         "Kalinda's favourite restaurant is The Brass Lantern.", MAY)  # fmt: skip
    tell(space, "Hamid", "doctor", "Dr. Helga Marsh",
         "My colleague Hamid's GP is Dr. Helga Marsh.", SEP)  # fmt: skip
    tell(space, "Hamid", "gym", "Riverbend Fitness",
         "My colleague Hamid trains at Riverbend Fitness.", SEP)  # fmt: skip
    tell(space, "Ana", "doctor", "Dr. Ruth Okonkwo",
         "My sister Ana's GP at the moment is Dr. Ruth Okonkwo.", SEP)  # fmt: skip
    tell(space, "Yannick", "doctor", "Dr. Theo Vance",
         "My friend Yannick's GP is Dr. Theo Vance.", SEP)  # fmt: skip
    assert "Sadowski" in first(memory.recall("Who's my flatmate's GP at the moment?", space))
    assert "Marsh" in first(memory.recall("Who is my colleague's GP?", space))


def test_the_relation_is_read_from_the_persons_own_words(
    memory: Memory, tell: Tell, ns: Any
) -> None:
    """Nothing in the question names the relation ("root for" is not "team"), and nobody
    else's messages use its words; Zelda's own first message did: the relation it told is
    the one asked about, and its version that holds now answers. Words about when ("now")
    say nothing about which relation."""
    space = ns("own-words")
    tell(space, "Zelda", "team", "Brackwater Rovers",
         "My partner Zelda roots for the Brackwater Rovers.", JAN)  # fmt: skip
    tell(space, "Zelda", "team", "Harbor City Gulls",
         "My partner Zelda's team is the Harbor City Gulls now.", MAY)  # fmt: skip
    tell(space, "Zelda", "gym", "Anchor CrossFit",
         "My partner Zelda's gym is Anchor CrossFit now.", SEP)  # fmt: skip
    tell(space, "Zelda", "employer", "Juniper Row Books",
         "My partner Zelda works at Juniper Row Books.", SEP)  # fmt: skip
    assert "Gulls" in first(memory.recall("Who does Zelda root for these days?", space))


def test_a_built_in_relation_is_read_from_the_words_it_is_asked_by(
    memory: Memory, tell: Tell, ns: Any
) -> None:
    """The word "company" is no relation's name, but works_at is asked about with it (its
    facts carry the words: graphmem/write/predicates.py ASKED_AS)."""
    space = ns("asked-by")
    tell(space, "Rhiannon", "works_at", "Quarrystone Bank",
         "My partner Rhiannon works at Quarrystone Bank.", JAN)  # fmt: skip
    tell(space, "Rhiannon", "works_at", "Lumenhall",
         "My partner Rhiannon moved to Lumenhall.", MAY)  # fmt: skip
    tell(space, "Rhiannon", "band", "Fable Arcade",
         "My partner Rhiannon's favourite band is Fable Arcade now.", SEP)  # fmt: skip
    tell(space, "Rhiannon", "doctor", "Dr. Mei Tanaka",
         "My partner Rhiannon's doctor is Dr. Mei Tanaka now.", SEP)  # fmt: skip
    assert "Lumenhall" in first(memory.recall("What company is Rhiannon at right now?", space))


def test_a_relation_is_read_from_the_phrase_people_ask_it_with(
    memory: Memory, tell: Tell, ns: Any
) -> None:
    """Nobody ever said "work out" or "working as": the phrases people ask a gym and a job
    title with (graphmem/extract/relation_words.tsv) name them, and the longer phrase wins
    over the one word "work" that names works_at."""
    space = ns("phrases")
    tell(space, "Joaquin", "works_at", "Brightfold", "Joaquin works at Brightfold.", JAN)
    tell(space, "Joaquin", "favourite_gym", "Lumen Yoga House",
         "Joaquin's gym is Lumen Yoga House.", JAN)  # fmt: skip
    tell(space, "Joaquin", "favourite_gym", "Anchor CrossFit",
         "Joaquin switched to Anchor CrossFit.", MAY)  # fmt: skip
    tell(space, "Joaquin", "job_title", "electrician", "Joaquin is an electrician.", SEP)
    assert "Anchor CrossFit" in first(memory.recall("Where does Joaquin work out?", space))
    assert "electrician" in first(memory.recall("What is Joaquin working as these days?", space))
    assert "electrician" in first(memory.recall("What does Joaquin do for a living?", space))
    assert "Brightfold" in first(memory.recall("Where does Joaquin work?", space))


def test_a_relative_the_word_list_does_not_name_is_someone_else(
    memory: Memory, tell: Tell, ns: Any
) -> None:
    """ "my godmother" is made from "mother": a question about her is not about the user,
    whose own landlord would otherwise answer."""
    space = ns("godmother")
    tell(space, "user", "landlord", "Grange Properties",
         "I rent from Grange Properties.", JAN)  # fmt: skip
    tell(space, "Jolene", "landlord", "Lantern Lettings",
         "My godmother Jolene rents from Lantern Lettings.", MAY)  # fmt: skip
    tell(space, "Jolene", "dentist", "Dr. Rafferty Lund",
         "My godmother Jolene's dentist is Dr. Rafferty Lund.", SEP)  # fmt: skip
    found = memory.recall("Who's my godmother's landlord currently?", space)
    assert "Lantern Lettings" in first(found)


@pytest.mark.parametrize(
    "question",
    [
        "What did I trade in for the Hyundai Ioniq 5?",
        "What was I driving until the Hyundai Ioniq 5 came along?",
        "Which car did I give up for the Hyundai Ioniq 5?",
        "What did I drive before Hyundai Ioniq 5?",
        "Which car did I replace with the Hyundai Ioniq 5?",
        "What was I driving when the Hyundai Ioniq 5 showed up?",
        "What did the Hyundai Ioniq 5 replace?",
    ],
)
def test_the_version_given_up_for_a_named_one_answers(
    memory: Memory, tell: Tell, ns: Any, question: str
) -> None:
    """Not only "before X": "until X", "traded in / gave up for X" ask for the version that
    held just before the one they name."""
    space = ns("given-up")
    tell(space, "user", "car", "Kia Sportage", "I drive a Kia Sportage.", JAN)
    tell(space, "user", "car", "Ford Puma", "I swapped the Kia for a Ford Puma.", MAY)
    tell(space, "user", "car", "Hyundai Ioniq 5", "I just got a Hyundai Ioniq 5.", SEP)
    assert "Ford Puma" in first(memory.recall(question, space))


def test_a_value_that_reads_as_a_time_is_still_a_version(
    memory: Memory, tell: Tell, ns: Any
) -> None:
    """ "Last Year Live" is a podcast, not last year: the version it names is tried before
    the period its words would make."""
    space = ns("value-as-time")
    tell(space, "user", "podcast", "Forgotten Maps", "I listen to Forgotten Maps.", JAN)
    tell(space, "user", "podcast", "Last Year Live", "I'm hooked on Last Year Live now.", SEP)
    found = memory.recall("What was I listening to before Last Year Live?", space)
    assert "Forgotten Maps" in first(found)


def test_a_service_who_acts_is_someone_else(memory: Memory, tell: Tell, ns: Any) -> None:
    """ "my mentor" is the user's mentor; when the question has the mentor act ("who does my
    mentor cheer for?") it asks about the mentor's team, not the user's."""
    space = ns("mentor")
    tell(space, "user", "team", "Bramcote Vipers", "I support the Bramcote Vipers.", JAN)
    tell(space, "Xander", "team", "Sable City Comets",
         "My mentor Xander supports the Sable City Comets.", MAY)  # fmt: skip
    assert "Sable City Comets" in first(
        memory.recall("Who does my mentor cheer for these days?", space)
    )
    assert "Bramcote Vipers" in first(memory.recall("Which team do I support now?", space))


def test_a_phrases_words_one_by_one_name_no_relation(memory: Memory, tell: Tell, ns: Any) -> None:
    """ "kind of work" asks for a job title; "kind" and "do" alone do not: "which kind of music
    do I enjoy?" is not about the user's job."""
    space = ns("phrase-words")
    tell(space, "user", "job_title", "data engineer", "I work as a data engineer.", JAN)
    tell(space, "user", "works_at", "Acme Corp", "I work at Acme Corp.", JAN)
    tell(
        space,
        "user",
        "favourite_genre",
        "jazz",
        "I like jazz and go to a concert every month.",
        MAY,
    )
    assert "jazz" in first(memory.recall("Which kind of music do I enjoy?", space))
