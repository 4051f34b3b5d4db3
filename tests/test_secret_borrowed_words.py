""" "Password" as the languages the cue lexicon does not have borrow it, in any script, and
a card number read out in four groups whatever its check digit (issue 40). The sentences are
written for this test: languages of corpus H's misses (Sesotho, Shona, Dhivehi, Sindhi),
others that borrow the word the same way (Amharic, Nepali in Latin letters, Hausa), and the
common words of other languages that share the borrowing's consonants."""

from __future__ import annotations

from pathlib import Path

import pytest

from graphmem.trust.redact import redact
from graphmem.trust.secrets import loanwords

BORROWED = [
    (
        "Phasewete ea komporo ea sekolo ke Letsatsi_Thaba41, o se ke wa e bolella motho",
        "Letsatsi_Thaba41",
    ),
    ("Pasiwedhi yefoni yangu i Mbira_Harare22, ndibatsirewo", "Mbira_Harare22"),
    ("ޓެބްލެޓުގެ ޕާސްވޯޑަކީ Rihaakuru_Addu7 ، ހަނދާން ކުރޭ", "Rihaakuru_Addu7"),
    ("منهنجي اي ميل جو پاسورڊ Ajrak_Hala2024 آهي", "Ajrak_Hala2024"),
    ("የኢሜይሌ ፓስዎርድ Buna_Gondar88 ነው፣ እባክህ አትንገር", "Buna_Gondar88"),
    ("mero email ko pasword Sagarmatha_9 ho, kasailai nabhannu", "Sagarmatha_9"),
    ("Pasiwadi na waya shine Kano_Dabino5, kada ka gaya wa kowa", "Kano_Dabino5"),
    # Kannada and Malayalam keep a zero-width non-joiner inside the word (after the virama).
    ("ನಮ್ಮ ಶಾಲೆಯ ಕಂಪ್ಯೂಟರ್ ಪಾಸ್\u200cವರ್ಡ್ h4mpi7@.", "h4mpi7"),
    ("ക്ലബ്ബിന്റെ ലാപ്ടോപ്പ് പാസ്\u200cവേഡ് Kerala_Onam24 ആണ്.", "Kerala_Onam24"),
]

# Words of their own languages with a borrowing's consonants (p-s-w-d): no cue.
OWN_WORDS = [
    "Pesawat saya berangkat jam 7 pagi dari gate B12, nomor GA-408",  # Indonesian: aeroplane
    "Han var passivt närvarande på mötet i rum 4B hela dagen",  # Swedish: passive
    "Opiskelijat pääsevät kurssille 12 ja kurssille 14 ensi viikolla",  # Finnish: get to
    "Ik heb een nieuwe pasfoto nodig voor mijn paspoort, afspraak om 14:30",  # Dutch
]


@pytest.mark.parametrize(("text", "secret"), BORROWED)
def test_a_borrowed_password_word_is_a_cue_in_any_script(text: str, secret: str) -> None:
    assert secret not in redact(text).text


@pytest.mark.parametrize("text", OWN_WORDS)
def test_a_languages_own_word_with_those_consonants_is_no_cue(text: str) -> None:
    assert redact(text).text == text


def test_the_list_of_own_words_holds_only_that_skeleton() -> None:
    # What tools/lexicon/build_loanword_exclusions.py wrote: each word has the borrowing's
    # consonants (else it excludes nothing), and the lexicon's own spellings are among them.
    path = Path(loanwords.__file__).with_name("loanwords_common.txt")
    words = [w for w in path.read_text(encoding="utf-8").splitlines() if not w.startswith("#")]
    assert len(words) > 500
    assert all(loanwords.skeleton(w).startswith(loanwords.SKELETONS) for w in words)
    assert {"password", "passwort", "pesawat", "pasfoto"} <= set(words)


@pytest.mark.parametrize(
    "text",
    [
        "the long number on my blue Monzo one is 5355 0148 2273 9906 if you need to book it",
        "kortet slutter ikke på noget: 4917-3320-8841-0267, udløb 09/28",
    ],
)
def test_a_card_read_out_in_four_groups_is_hidden_whatever_its_check_digit(text: str) -> None:
    kept = redact(text).text
    assert "2273 9906" not in kept
    assert "8841-0267" not in kept


@pytest.mark.parametrize(
    "text",
    [
        "Tracking number for the parcel: 4412 5521 0098 1234",
        "We were there in 2019 2020 2021 2022, every summer",
        "Call the clinic on 0800 123 4567 after 9",
    ],
)
def test_four_groups_that_are_labelled_or_are_years_stay(text: str) -> None:
    assert redact(text).text == text
