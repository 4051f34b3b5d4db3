"""Secrets told by what is done with them, in any language (issue 40):

- a value typed and then entered with the Enter key, the key named as its keycap says or as
  another script borrows the word (graphmem/trust/secrets/enter_key.py);
- a card number in the groups a card network prints (American Express 4-6-5, Diners 4-6-4),
  whether or not its check digit holds, and a card told in two halves of eight digits
  (providers.py ``_printed_as_card``, ``_halves``);
- "the password is literally …": an adverb between the copula and the value.

Sentences written for this test after the misses of corpus P (spent:
tests/data/secrets_blind_p); none is a row of it."""

from __future__ import annotations

import pytest

from graphmem.trust import secrets
from graphmem.trust.redact import redact
from graphmem.trust.secrets import enter_key

KEYED = [
    # Another script around a Latin value, the key borrowed or as its keycap.
    ("ნოუთბუქზე აკრიფე lobio_2004 და მერე ენტერი.", "lobio_2004"),
    ("دفتر والے کمپیوٹر پر لکھو samosa77 پھر انٹر دباؤ۔", "samosa77"),
    ("ऑफिस के कंप्यूटर में लिखो chai4two फिर एंटर दबाओ।", "chai4two"),
    ("Компьютер в гараже: набери garazh-1979 и жми Enter.", "garazh-1979"),
    # Latin script: the words after the verb, or before a verb that comes last.
    ("Kwenye kompyuta ya duka andika nyota bahari 45 kisha bonyeza Enter.", "nyota bahari 45"),
    ("Dükkanın bilgisayarında lahmacun 1971 yaz ve Enter bas.", "lahmacun 1971"),
    ("On the shop laptop type pebble river 8 and hit Enter.", "pebble river 8"),
]

NOT_TYPED = [
    "Type your name and press Enter to continue.",
    "Press Enter to start the game.",
    "Type the code from the sticker and hit Enter.",
    "The Enter key on my laptop is sticky, I need a new keyboard.",
    "Нажми Enter, чтобы продолжить установку.",
]


@pytest.mark.parametrize(("text", "secret"), KEYED)
def test_what_is_typed_before_the_enter_key_is_hidden(text: str, secret: str) -> None:
    assert secret not in redact(text).text


@pytest.mark.parametrize("text", NOT_TYPED)
def test_the_enter_key_alone_hides_nothing(text: str) -> None:
    assert redact(text).text == text


@pytest.mark.parametrize(
    ("word", "is_key"),
    [
        ("ენტერი", True),
        ("انٹر", True),
        ("एंटर", True),
        ("エンター", True),
        ("엔터를", True),
        ("ინტერნეტი", False),  # internet
        ("центр", False),  # a centre
        ("enter", False),  # the verb, lower case
    ],
)
def test_the_key_is_known_in_other_scripts(word: str, is_key: bool) -> None:
    assert bool(enter_key.keys(f"x {word} y")) is is_key


CARDS = [
    ("amex 3714 496353 98431 exp 09/29", "3714 496353 98431"),
    ("Diners: 3056 930902 5904, valid thru 04/28", "3056 930902 5904"),
    ("Kaart deel een: 5391 2207\nDeel twee: 6613 4058, geldig tot 07/29", "6613 4058"),
    ("kartın ilk yarısı 4127 8830, ikinci yarısı 2291 5506 son kullanma 03/30", "4127 8830"),
]

NOT_CARDS = [
    "Call the office on 2345 6789 or my mobile 3456 7890.",
    "Order 2291 5506 shipped, tracking 4127 8830 2291 5506 3.",
    "Flight 3714 leaves at 06:35 from gate 49.",
    # Spans of years are periods, whatever word is near (they were read as an identity
    # number after "card").
    "Sort the card catalogue by decade: 1990-1999, then 2000-2009, then 2010-2019.",
    "Membership card fees changed: 2000-2009 joiners pay less, 2010-2019 joiners pay more.",
]


@pytest.mark.parametrize(("text", "secret"), CARDS)
def test_a_card_printed_or_told_in_halves_is_hidden(text: str, secret: str) -> None:
    assert secret not in redact(text).text


@pytest.mark.parametrize("text", NOT_CARDS)
def test_numbers_in_pairs_of_four_are_no_card(text: str) -> None:
    assert redact(text).text == text


@pytest.mark.parametrize(
    "text",
    [
        "my work password is literally sunflower",
        "the router password is still sunflower",
        "wifi password is actually sunflower lol",
    ],
)
def test_an_adverb_before_the_password_does_not_hide_it(text: str) -> None:
    assert "sunflower" not in redact(text).text


@pytest.mark.parametrize(
    "text",
    ["my password is really long", "the password is just too short", "password is now changed"],
)
def test_an_adverb_before_a_description_stays(text: str) -> None:
    assert redact(text).text == text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("portkoden är 1987, glöm inte", "1987"),
        ("the door code is 1987, don't tell anyone", "1987"),
        ("Le code de la porte est 2019.", "2019"),
    ],
)
def test_a_code_told_after_its_word_and_is_is_no_year_to_the_rules(text: str, value: str) -> None:
    # The rules alone (the learnt judge had been the one to take these): a value right
    # after its word and a copula is told as the value, whatever its digits look like.
    found = [text[a:b] for a, b, _ in secrets._scan(text, list(secrets._RULES))]
    assert value in found


@pytest.mark.parametrize(
    "text",
    ["the door code changed in 1987, the year we moved in", "Zmieniłam PIN w 2020 i tyle."],
)
def test_a_year_near_a_code_word_without_is_stays(text: str) -> None:
    assert [text[a:b] for a, b, _ in secrets._scan(text, list(secrets._RULES))] == []
