"""The secret gate: every secret in the corpus goes, every look-alike stays."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from graphmem.trust.redact import KINDS, Redaction, contains_secret, redact

_CORPUS = Path(__file__).parent / "data" / "secrets_corpus.jsonl"
_WINDOW = 8  # no run of this many characters from a secret may survive


def _load() -> list[dict[str, Any]]:
    with _CORPUS.open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


_ROWS = _load()
_SECRET_ROWS = [r for r in _ROWS if r["secrets"]]
_BENIGN_ROWS = [r for r in _ROWS if not r["secrets"]]


def _short(row: dict[str, Any]) -> str:
    return str(row["text"])[:40]


def _windows(secret: str) -> set[str]:
    if len(secret) <= _WINDOW:
        return {secret}
    return {secret[i : i + _WINDOW] for i in range(len(secret) - _WINDOW + 1)}


def test_corpus_has_enough_lines() -> None:
    assert len(_SECRET_ROWS) >= 60
    assert len(_BENIGN_ROWS) >= 30
    for row in _SECRET_ROWS:
        assert set(row["kinds"]) <= set(KINDS), row
        assert all(s in row["text"] for s in row["secrets"]), row


@pytest.mark.parametrize("row", _SECRET_ROWS, ids=_short)
def test_secrets_are_gone(row: dict[str, Any]) -> None:
    result = redact(row["text"])
    for secret in row["secrets"]:
        assert secret not in result.text
        # A secret cut in half still leaks: no long piece of it may survive either.
        leaked = {w for w in _windows(secret) if w in result.text}
        assert not leaked, (secret, leaked, result.text)
    assert result.count >= len(row["secrets"])
    assert result.kinds == tuple(sorted(set(row["kinds"])))
    assert contains_secret(row["text"])


@pytest.mark.parametrize("row", _SECRET_ROWS, ids=_short)
def test_redaction_is_idempotent(row: dict[str, Any]) -> None:
    once = redact(row["text"])
    twice = redact(once.text)
    assert twice.count == 0
    assert twice.text == once.text
    assert not contains_secret(once.text)


@pytest.mark.parametrize("row", _SECRET_ROWS, ids=_short)
def test_placeholders_name_only_the_kind(row: dict[str, Any]) -> None:
    result = redact(row["text"])
    assert result.text.count("[redacted:") == result.count
    for kind in result.kinds:
        assert f"[redacted:{kind}]" in result.text


@pytest.mark.parametrize("row", _BENIGN_ROWS, ids=_short)
def test_look_alikes_are_left_alone(row: dict[str, Any]) -> None:
    result = redact(row["text"])
    assert result == Redaction(text=row["text"], count=0, kinds=())
    assert not contains_secret(row["text"])


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("my password is hunter2!", "my password is [redacted:password]"),
        ("the wifi password is BlueFox42.", "the wifi password is [redacted:password]."),
        ("login: bob / pass: S3cret!", "login: bob / pass: [redacted:password]"),
        ("password=Tr0ub4dor&3", "password=[redacted:password]"),
        ("pw: Xk9#mQ2", "pw: [redacted:password]"),
        ("postgres://bob:pa55@db:5432/x", "postgres://bob:[redacted:password]@db:5432/x"),
        ("your code is 482913", "your code is [redacted:otp]"),
        ("SSN 123-45-6789", "SSN [redacted:national_id]"),
        ("4111 1111 1111 1111 12/27 123", "[redacted:card] [redacted:card] [redacted:card]"),
        ("/login?password=S3cret&next=/", "/login?password=[redacted:password]&next=/"),
        ('{\\"password\\": \\"hunter22\\"}', '{\\"password\\": \\"[redacted:password]\\"}'),
        (
            "a\n-----BEGIN RSA PRIVATE KEY-----\nMIIfake\n-----END RSA PRIVATE KEY-----\nb",
            "a\n[redacted:private_key]\nb",
        ),
    ],
)
def test_only_the_value_is_replaced(text: str, expected: str) -> None:
    assert redact(text).text == expected


@pytest.mark.parametrize(
    "text",
    [
        "I forgot my password",
        "reset my password tomorrow",
        "what's the token budget for this run?",
        "my password is wrong, the login keeps failing",
        "the password to the account which is annoying",
        "Your password must be at least 12 characters",
        "password: <your password here>",
        "the secret is out",
        # Fails Luhn, and is not written as a card is (four groups of four are a card's
        # whatever their check digit: test_secret_borrowed_words.py).
        "4111111111111112",
        "IMEI 490154203237518",
        "see you at 8 a.m. on 12/27",  # an expiry-like date with no card near it
        "",
    ],
)
def test_words_without_values_stay(text: str) -> None:
    assert redact(text).count == 0


def test_counts_and_kinds_cover_mixed_text() -> None:
    text = "pw: Xk9#mQ2, card 5555-5555-5555-4444, OTP: 9921 and SSN 123-45-6789"
    result = redact(text)
    assert result.count == 4
    assert result.kinds == ("card", "national_id", "otp", "password")


def test_existing_placeholders_are_kept() -> None:
    text = "password: [redacted:password] and token: [redacted:token]"
    assert redact(text) == Redaction(text=text, count=0, kinds=())


def test_large_text_redacts_every_repeat() -> None:
    benign = " ".join(r["text"] for r in _BENIGN_ROWS)
    secret = " ".join(r["text"] for r in _SECRET_ROWS[:10])
    block = benign + "\n" + secret + "\n"
    result = redact(block * 40)  # ~200 kB
    assert result.count == 40 * redact(block).count
