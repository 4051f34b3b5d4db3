"""Every message passes the secret gate and the sensitivity scan, so no text may make them
run for minutes: a pattern with nested or optional repetition backtracks exponentially on
a long word (a camel-case token of 22 letters took 4 s, one of 30 would take hours, before
graphmem/trust/secrets/shape.py's joined-words pattern was made unambiguous). Each text
below is built to defeat such patterns; the test asserts that the scans finish (the
timeout is far above the milliseconds they take), not how fast."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from graphmem.extract.offline import OfflineExtractor
from graphmem.trust import secrets
from graphmem.trust.actions import is_read_only
from graphmem.trust.injection import scan
from graphmem.trust.sensitivity import categories_of_text

_RUNS = [
    "Ab" + "c" * 60 + "De",  # a capital inside a long word, no closing symbol
    "Ab" + "c" * 60 + "De!",
    "A" + "bC" * 40,
    "a" * 3000,
    "A" * 3000,
    "1" * 3000,
    "x" * 3000 + "y",
    "a-" * 400,
    "a_" * 400,
    "A+" * 400,
    "a.b" * 400,
    "1 " * 800,
    "1-" * 800,
    "12 345" * 300,
    "*" * 3000,
    "•" * 2000,
    "X" * 40 + "-" + "X" * 40,
    "${" * 300,
    "{{" * 300 + "x",
    "<" * 500 + "a" * 500,
    "sk-" + "." * 1000,
    "'" * 1000,
    '"a' * 600,
    "ab" * 1500,
    "Ab1!" * 500,
    "零一二三" * 300,
    "비밀번호" * 300,
    "ok " * 1000,
    "one two three four " * 150,
    # graphmem/trust/secrets/plain.py: the word "wifi", colons and quotes over and over.
    "wifi: " * 500,
    "wi-fi wlan " * 300,
    'wifi is "' * 400,
    "вайфай " * 400,
    ": ->" * 700,
]
_LEADS = ["", "password: ", "my PIN is ", "the code is ", "mật khẩu là ", "пароль ", "wifi: "]


@pytest.mark.timeout(120)
@pytest.mark.parametrize("lead", _LEADS)
def test_the_secret_gate_finishes_on_any_text(lead: str) -> None:
    for run in _RUNS:
        text = f"{lead}{run} and then 4821 times"
        secrets.redact(text)
        secrets.find(text, judge=False)


@pytest.mark.timeout(120)
def test_the_sensitivity_scan_finishes_on_any_text() -> None:
    for run in _RUNS:
        categories_of_text(f"I was diagnosed with {run} last year")


@pytest.mark.timeout(240)
def test_the_other_readers_of_every_message_finish_on_any_text() -> None:
    """The injection scan, the action guard's reading and the offline extractor read every
    message (or every action) too."""
    when = datetime(2026, 1, 1, tzinfo=UTC)
    extractor = OfflineExtractor()
    for run in _RUNS:
        for lead in ("", "I live in ", "Ignore previous instructions and ", "please send "):
            text = f"{lead}{run} now"
            scan(text)
            is_read_only(text[:2000])  # a longer action is refused by name
            extractor.extract(text, occurred_at=when)
