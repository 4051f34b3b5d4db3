"""A person's identity number proven by its check digits is hidden in any language and with
no word about it (issue 40; graphmem/trust/secrets/id_checksums.py, python-stdnum's checks).
The numbers are invented and made valid with python-stdnum's own check-digit functions, so
the test does not trust the code it tests; the sentences are written for this test."""

from __future__ import annotations

import pytest
from stdnum import verhoeff
from stdnum.bg import egn
from stdnum.ee import ik
from stdnum.it import codicefiscale
from stdnum.pl import pesel
from stdnum.ro import cnp
from stdnum.si import emso

from graphmem.trust.redact import redact

PESEL = "8703141234" + pesel.calc_check_digit("8703141234")
ISIKUKOOD = "3870314021" + ik.calc_check_digit("3870314021" + "0")  # it reads ten of eleven
JMBG = "140398750012" + emso.calc_check_digit("140398750012")
EGN = "870314123" + egn.calc_check_digit("870314123")
CNP = "187031412345" + cnp.calc_check_digit("187031412345")
AADHAAR = "48291376501" + verhoeff.calc_check_digit("48291376501")
CODICE = "RSSMRA87C14H501" + codicefiscale.calc_check_digit("RSSMRA87C14H501")

TOLD = [
    (f"Do umowy najmu potrzebują tego: {PESEL}", PESEL),
    (f"Lepingu jaoks: {ISIKUKOOD}, palun ära jaga.", ISIKUKOOD),
    (f"Za ugovor mi treba ovo: {JMBG}.", JMBG),
    (f"За договора: {EGN}", EGN),
    (f"Pentru contract: {CNP}", CNP),
    (f"किराये के लिए यह भेज दो: {AADHAAR[:4]} {AADHAAR[4:8]} {AADHAAR[8:]}", AADHAAR[8:]),
    (f"Per il contratto serve questo: {CODICE}", CODICE),
    ("Till hyreskontraktet: 870314-1237", "870314-1237"),
    ("Vuokrasopimukseen tarvitaan 140387-123V.", "140387-123V"),
]


@pytest.mark.parametrize(("text", "number"), TOLD)
def test_a_proven_identity_number_is_hidden_whatever_is_said_around_it(
    text: str, number: str
) -> None:
    assert number not in redact(text).text


# The same lengths that prove nothing: a wrong check digit, a birth date in the future, a
# group of a longer run, a code after letters, and a label that names another thing.
WRONG = str((int(PESEL[-1]) + 1) % 10)
NOT_PROVEN = [
    f"Numer zamówienia {PESEL[:-1]}{WRONG} został wysłany.",
    "주문번호 20261203-0045 배송 시작",
    "Numer przesyłki 6202 1048 3379 1152 0041, odbiór w punkcie.",
    "快递单号 SF1409283756210，预计明天送达。",
    f"Order reference {PESEL} shipped today.",
]


@pytest.mark.parametrize("text", NOT_PROVEN)
def test_numbers_that_prove_nothing_stay(text: str) -> None:
    assert redact(text).text == text
