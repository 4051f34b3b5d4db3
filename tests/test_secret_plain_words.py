"""Ordinary English is not about access (issue 40): a cue of another language spelled like an
English word ("digital" and Italian "digita", "important" and "porta", "introduce" and Spanish
"introduce"), a letter run inside an English word ("cy-tokin-e", "alarm-in"), and everyday
words the learnt judge scores high beside "they say" left scientific articles, news and chats
altered (COVID-QA paragraphs 8.6%, a user's chats with an assistant 18.8%). Written in
English, they say nothing about access; what does still does, in English and beside it, and
a language's own cue ("digita" in Italian) still counts in that language."""

from __future__ import annotations

import pytest

from graphmem.trust.redact import redact
from graphmem.trust.secrets import lexicon

# Each was altered by the gate before (a value beside a cue that is no cue in English).
ORDINARY = [
    "An alarmin pathway around IL-25 and IL-33 drives the inflammation of the airway in mice.",
    "Use a digital tool like Canva for the posters; it is important to introduce the plan.",
    "Expression of the anti-viral cytokine IFNB1 was reduced in the transfected cells of the mice.",
    "The cytokine storm was driven by IL-6 and IL-1β in most of the patients in the ward.",
    "The secretion of IL-8 rose to 120 pg/mL in the cells at 24 h.",
    "Honnold became the first known climber to free solo Taipei 101, a 101-story skyscraper.",
    "Use a digital planner like Notion2Go for the schedule and introduce it to the team.",
    "It is important to note that IL-25 and IL-33 were both raised in the samples.",
    "The premium plan costs more, but the dialog on the website explains it to users.",
    # English's own word about access as a modifier of a plural noun.
    "The key stakeholders met in May and agreed the key milestones for Q3-2025.",
]
SECRETS = [
    ("My wifipassword is harborCandle26 and the router is in the hall.", "harborCandle26"),
    ("The contraseña for the wifi is Brno!Kolo63 and it works in the whole house.", "Brno!Kolo63"),
    ("The padlock on the shed opens with 4417 and the keypad is by the door.", "4417"),
    ("The door alarm code is 8812 and the alarms are on when we are away.", "8812"),
    ("It's harborCandle26 - that's the Dropbox password.", "harborCandle26"),
    ("Digita il codice 5531 sulla tastiera del portone per entrare.", "5531"),
    ("the side gate takes 4471 then # and the main one is broken", "4471"),
    ("The safe behind the painting opens with 4417 and the spare key is under the mat.", "4417"),
    ("my key sunflower99 works for the shed and the bikes are in there", "sunflower99"),
    ('The SSID is "Kowalczyk_Home" and the WPA2 key is kettle-on-at-four.', "kettle-on-at-four"),
    (
        "backup words dont lose: 1 walnut 2 empty 3 prison 4 rhythm 5 cargo 6 lizard 7 sorry "
        "8 tiny 9 abandon 10 velvet 11 orchard 12 fence",
        "walnut",
    ),
]


@pytest.mark.parametrize("text", ORDINARY)
def test_ordinary_english_is_left_whole(text: str) -> None:
    assert redact(text).text == text


@pytest.mark.parametrize(("text", "secret"), SECRETS)
def test_words_about_access_still_find_the_secret(text: str, secret: str) -> None:
    assert secret not in redact(text).text


def test_another_languages_cue_counts_in_its_own_language_not_in_english() -> None:
    english = "Use a digital tool for the posters and introduce it to the team at the meeting."
    italian = "Digita il codice sulla tastiera e poi premi il tasto verde per aprire."
    assert not [c for c in lexicon.cues(english) if c.concept not in lexicon.QUIET]
    assert any(
        italian[c.start : c.end].casefold().startswith("digita") for c in lexicon.cues(italian)
    )
