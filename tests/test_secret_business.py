"""A business's numbers are public (issue 40; graphmem/trust/secrets/business.py): a line
that names the seller — a company by its legal form, or a bill from a named seller — prints
its register and tax numbers for every customer. The user's own number for an invoice
("my", "our", a possessive ending) stays a secret. The sentences are written for this test,
after the false alarms of corpus O (spent: tests/data/secrets_blind_o)."""

from __future__ import annotations

import pytest

from graphmem.trust.redact import redact

SELLERS = [
    "Invoice from Harbour Joinery Ltd, VAT number 294 7718 30, due in 30 days.",
    "Faktura od Tiskárna Lipová s.r.o., IČO 27195834, DIČ CZ27195834, splatnost 14 dní.",
    "Rachunek: Piekarnia Kłos sp. z o.o., NIP 731-204-55-18, KRS 0000391822.",
    "Счёт от ООО «Ладога», ИНН 7802915463, ОГРН 1147847022561.",
    "Τιμολόγιο από Κάβα Ερμής Ε.Π.Ε., ΑΦΜ 801552937.",
    "Hóa đơn Công ty TNHH Nam Phong, mã số thuế 0316295847.",
    "Ankara ya Mawe Builders Ltd, KRA PIN P051739264R.",
    "Resibo ng Tindahan ni Mang Ben, TIN 402-118-735-000.",
    "Sąskaita: UAB „Vilkas ir partneriai“, įmonės kodas 305118274, PVM LT100013551928.",
    "فاتورة شركة الواحة للتجارة، الرقم الضريبي 310284617500003.",
    "Fatura: Demir Yapı A.Ş., vergi no 4820917365.",
]

OWN = [
    ("For the invoice from Harbour Joinery Ltd, my tax ID is 294-77-1830.", "294-77-1830"),
    ("Na fakturu od Tiskárna Lipová s.r.o. dej moje DIČ CZ8807125531.", "CZ8807125531"),
    ("Fatura için VÖEN-im: 1403928174, Demir Yapı A.Ş. istiyor.", "1403928174"),
    ("ΑΦΜ 148372915 για το τιμολόγιο, ευχαριστώ", "148372915"),
]


@pytest.mark.parametrize("text", SELLERS)
def test_a_sellers_numbers_stay_as_they_are(text: str) -> None:
    assert redact(text).text == text


@pytest.mark.parametrize(("text", "secret"), OWN)
def test_the_users_own_number_for_an_invoice_is_hidden(text: str, secret: str) -> None:
    assert secret not in redact(text).text


def test_two_capitals_are_a_legal_form_only_beside_a_name() -> None:
    # "SA" beside no name is no company ("SA" for South Africa): the tax number is the user's.
    assert "0123456789" not in redact("SA tax number for the form: 0123456789").text
    assert redact("Invoice: Lumen Optics SA, VAT number 0123456789.").count == 0
