"""A code read out digit by digit in words is a secret wherever it is told (issue 40): no
word about access need be near it ("Grandpa says at the cash machine he presses ..."), in
any language of ``number_words.tsv``, with the commas of Latin, Arabic and Chinese text.
Counting, a countdown, a year and a phone number read out are not codes. The sentences are
written for this test."""

from __future__ import annotations

import pytest

from graphmem.trust.redact import redact

READ_OUT = [
    (
        "Grandpa says the one he always presses is three, eight, one, five, don't forget it.",
        "three, eight, one, five",
    ),
    (
        "Dziadek mówi, że zawsze wciska dwa, siedem, zero, cztery i czeka.",
        "dwa, siedem, zero, cztery",
    ),
    (
        "La abuela dice que en el cajero marca nueve, cuatro, cuatro, uno y ya.",
        "nueve, cuatro, cuatro, uno",
    ),
    ("قالت جدتي: عند الصراف اضغط تسعة، اثنان، سبعة، خمسة ثم انتظر.", "تسعة، اثنان، سبعة، خمسة"),
    ("外婆说在取款机上按 六、零、三、九 就可以了。", "六、零、三、九"),
    (
        "Bibi anasema kwenye ATM bonyeza tisa, moja, sita, mbili kisha subiri.",
        "tisa, moja, sita, mbili",
    ),
    # Languages the hand-written list lacks, read from Unicode CLDR (number_words_cldr.tsv):
    # Sundanese, Akan, Quechua.
    ("Aki nitah mencet opat, hiji, genep, salapan, ulah bejakeun.", "opat, hiji, genep, salapan"),
    ("Nana ka sɛ wɔmfa anan, abien, asia, koro nhyɛ mu.", "anan, abien, asia, koro"),
    ("Machuy nin: pusaq, iskay, suqta, kinsa ñit'iy.", "pusaq, iskay, suqta, kinsa"),
]

KEPT = [
    "One, two, three, four: everybody clap along now!",
    "Ten, nine, eight, seven, six, five, four, three, two, one, liftoff!",
    "She was born in nineteen eighty-four, the same year as her cousin.",
    "Call the surgery on oh one two one four nine six three eight two seven before noon.",
    "Uno, due, tre, quattro: i bambini contano i gradini.",
    # Digits run together that are words: "in twos and threes", "nearly done", "in between".
    "他们三三两两地走进教室。",
    "活儿干得七七八八了。",
    "책상 사이사이에 먼지가 많아.",
]


@pytest.mark.parametrize(("text", "code"), READ_OUT)
def test_a_code_read_out_in_words_is_hidden_without_a_word_about_access(
    text: str, code: str
) -> None:
    assert code not in redact(text).text


@pytest.mark.parametrize("text", KEPT)
def test_counting_a_year_and_a_phone_number_read_out_stay(text: str) -> None:
    assert redact(text).text == text
