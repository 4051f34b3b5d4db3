"""What a value *is* decides (issue 40): a postal item's S10 number, an age recipient (a
public key) and a card's visible last digits are public, whatever word about access or lock
stands near them. The sentences are written for this test, after the false alarms of
corpus I (spent: tests/data/secrets_blind_i)."""

from __future__ import annotations

import pytest

from graphmem.trust.redact import redact

RECIPIENT = "age1" + "qpzry9x8gf2tvdw0s3jn54khce6mua7l" + "qpzry9x8gf2tvdw0s3jn54khce"

PUBLIC = [
    "Il codice di tracciamento del lucchetto è RR123456785IT, arriva giovedì.",
    "The code to follow the padlock's parcel: CX987654321DE",
    f"Encrypt the backups with this key: {RECIPIENT}",
    "My card: **** **** **** 5521 was charged twice for the locker.",
    "The bank app shows the Mastercard ending 3308 and a new PIN letter on its way.",
    # A standard's and a release's designation, counts of keys and tokens, a length in
    # a language that joins a number to its word (after corpus O's false alarms, spent).
    "RFC 6238 describes how the one-time code is computed from the secret.",
    "Firmware v3.12.4 finally fixed the door keypad locking up.",
    "Our gateway rotated 2,118 API keys this month and revoked 94 that were stale.",
    "The token bucket allows 250 requests per 30 seconds.",
    "Private key size: 3072 bits is enough for now.",
    "Iphasiwedi kufanele ibe nezinhlamvu ezingu-12 okungenani.",
]

SECRET = [
    ("The safe's code is 4471 and the key is in the drawer.", "4471"),
    ("age secret: AGE-SECRET-KEY-1QYQSZQGPQYQSZQGPQYQSZQGPQYQSZQGPQYQSZQGPQYQSZQGPQYQSZQG",
     "AGE-SECRET-KEY-1QYQSZQGPQYQSZQGPQYQSZQGPQYQSZQGPQYQSZQGPQYQSZQGPQYQSZQG"),
]  # fmt: skip


@pytest.mark.parametrize("text", PUBLIC)
def test_public_formats_stay_beside_a_word_about_access(text: str) -> None:
    assert redact(text).text == text


@pytest.mark.parametrize(("text", "secret"), SECRET)
def test_the_secret_beside_them_is_still_hidden(text: str, secret: str) -> None:
    assert secret not in redact(text).text
