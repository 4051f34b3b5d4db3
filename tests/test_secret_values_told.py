"""Values told without the words a detector waits for (issue 40), hidden by what they are:

- a password made of words joined into one token (by a symbol repeated, by hyphens, in
  capitals, or with capitals inside), told as the password's value: right after its word,
  or after "is" in its language or a colon, ending the clause (cues.py ``_told_whole``);
- such a token typed into a machine, or when something asks (typed.py ``_shaped_near``);
- a code as many digits long as the words before it say ("asks for four digits: 7202",
  numerals.py ``counted``).

Sentences written for this test, after the misses of corpus O (spent:
tests/data/secrets_blind_o)."""

from __future__ import annotations

import pytest

from graphmem.trust.redact import redact

TOLD = [
    ("Heslo k počítači spolku je lípa+med+včela.", "lípa+med+včela"),
    ("Lozinka za ruter je more-sunce-kamen.", "more-sunce-kamen"),
    ("Лозинка за рутер је мора-сунце-камен.", "мора-сунце-камен"),
    ("Құпиясөз KOKPAR-ZHAILAU", "KOKPAR-ZHAILAU"),
    ("Klubbens salasana on mustikka&kaneli&kahvi.", "mustikka&kaneli&kahvi"),
    ("Passordet til kontoret er brunost+sykkel+fjell.", "brunost+sykkel+fjell"),
    ("Etxeko ordenagailuaren pasahitza ArranoBeltzaMendian da.", "ArranoBeltzaMendian"),
]

NOT_A_VALUE = [
    "The password is case-sensitive.",
    "Password manager: LastPass, synced on both laptops.",
    'В примере конфига стоит password: "ВАШ_ПАРОЛЬ" — это заглушка.',
    "Пароль забыл, как восстановить?",
    "The password is on the fridge.",
    "Our Wi-Fi password is written on the router's sticker.",
]


@pytest.mark.parametrize(("text", "secret"), TOLD)
def test_joined_words_told_as_the_password_are_hidden(text: str, secret: str) -> None:
    assert secret not in redact(text).text


@pytest.mark.parametrize("text", NOT_A_VALUE)
def test_words_about_a_password_stay(text: str) -> None:
    assert redact(text).text == text


TYPED = [
    ("When the bakery till asks for more after your name, type Rye&Honey&Salt.", "Rye&Honey&Salt"),
    ("Op de kassa van de snackbar tik je na je naam frikandel.speciaal.mayo in.",
     "frikandel.speciaal.mayo"),
    ("No quiosque, quando a caixa pede a palavra, digita pastel.nata.3x.", "pastel.nata.3x"),
    ("काउंटर के टैबलेट पर नाम के बाद गुलाब_जामुन टाइप करो, खुल जाएगा।", "गुलाब_जामुन"),
]  # fmt: skip

TYPED_NOT_A_PASSWORD = [
    "On the shop's kiosk, type www.example-bakery.com to see the menu.",
    "At the till, type your name and press OK.",
]


@pytest.mark.parametrize(("text", "secret"), TYPED)
def test_joined_words_typed_into_a_machine_are_hidden(text: str, secret: str) -> None:
    assert secret not in redact(text).text


@pytest.mark.parametrize("text", TYPED_NOT_A_PASSWORD)
def test_what_is_typed_that_is_no_password_stays(text: str) -> None:
    assert redact(text).text == text


COUNTED = [
    ("At the car wash the kiosk asks for five digits: 48213.", "48213"),
    ("Bei der Ladesäule fragt das Terminal nach sechs Ziffern, gib 730915 ein.", "730915"),
    ("La borne demande quatre chiffres : 6620, puis valider.", "6620"),
]
COUNTED_NOT_A_CODE = [
    "The kiosk takes four coins; I had 1250 in my wallet.",
    "Four of us went to the pump and paid 7.50 each.",
]


@pytest.mark.parametrize(("text", "secret"), COUNTED)
def test_a_code_as_long_as_the_digits_asked_for_is_hidden(text: str, secret: str) -> None:
    assert secret not in redact(text).text


@pytest.mark.parametrize("text", COUNTED_NOT_A_CODE)
def test_a_count_that_names_no_code_changes_nothing(text: str) -> None:
    assert redact(text).text == text


COUNTED_LONG = [
    ("For the lease they need my ten-digit number: 4820193376.", "4820193376"),
    ("The new bank wants the nine digits the tax office gave me: 512 304 778.", "512 304 778"),
    ("Для договору потрібні мої одинадцять цифр: 29804156731.", "29804156731"),
    ("Till hyresvärden behövs mitt elvasiffriga nummer: 19870314-123.", "19870314-123"),
    ("Sutarčiai reikia mano vienuolikos skaitmenų: 38703140218.", "38703140218"),
]
COUNTED_LONG_NOT_AN_ID = [
    "Call the front desk on +44 20 7946 0321 if the shuttle is late.",
    "Simu ya hoteli ni +255 22 211 6310, wanajibu mchana.",
    "Ring the marina on 01392 557204, ten minutes before you arrive.",
]


@pytest.mark.parametrize(("text", "secret"), COUNTED_LONG)
def test_a_number_as_long_as_the_message_says_is_hidden(text: str, secret: str) -> None:
    assert secret not in redact(text).text


@pytest.mark.parametrize("text", COUNTED_LONG_NOT_AN_ID)
def test_phone_numbers_beside_a_little_word_that_counts_elsewhere_stay(text: str) -> None:
    assert redact(text).text == text
