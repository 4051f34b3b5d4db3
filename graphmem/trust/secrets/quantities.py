"""Quantities: a number that a word beside it marks as a count, a length, a time, an amount
or a place in a sequence is not a code.

A message about a password or a PIN often carries another number: "typed the PIN wrong 3
times", "the new PIN comes in 5 days", "at least 8 characters", "密码输错3次", "说明书第15页",
"buget 100 de lei". The word after the number (times, days, characters, 次, lei) or before it
(page, room, at least, 第) says what the number is, in any language the data covers
(``quantity_words.tsv``, one line per language, hand-written). What follows an access word
directly ("PIN 4821") has no such word and stays a secret; so does a token with letters in
it ("Tiger24 hours" is not excused: only a bare number is).
"""

from __future__ import annotations

import functools
import re
import unicodedata
from pathlib import Path

from graphmem.trust.secrets import labels
from graphmem.trust.secrets.common import UNSPACED, trim_edges
from graphmem.trust.secrets.fold import fold, word_columns
from graphmem.trust.secrets.lexicon import QUIET, SAY, Cue

_FILE = Path(__file__).with_name("quantity_words.tsv")
_INFLECTION = 3  # letters a word of four or more may gain: "minute" -> "minutes", "minuten"
_STEM = 4
# The number itself: digits, perhaps grouped ("12 400", "1,500"), or a range of two ("8-64
# characters", "8~16자", "3-5 días"); a safe's combination is three ("24-8-36") and no range.
_NUMBER = re.compile(r"\d+(?:[ ,.]\d{3})*(?:\s?[-–~〜～]\s?\d+(?:[ ,.]\d{3})*)?(?![-–~〜～]?\d)")
_GAP_AFTER = re.compile(r"[ \t\u00a0-]{0,2}")  # "3 times", "4-digit", "5分钟"
_LEADS = re.compile(r"[ \t\u00a0:]{1,3}\d")  # "minimum 10 caractères": a number next
_GAP_BEFORE = re.compile(r"[ \t\u00a0:#№.]{0,3}$")  # "page 15", "p. 15", "room #12", "第15"


@functools.cache
def _words() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The words said after a number and those said before it, folded, longest first."""
    after, before = word_columns(_FILE)
    return tuple(sorted(after, key=len, reverse=True)), tuple(sorted(before, key=len, reverse=True))


def _word_end_ok(folded: str, end: int, word: str) -> bool:
    """``word`` found ending at ``end`` is a whole word, or a stem with a short ending."""
    if not word[-1].isalpha() or UNSPACED.match(word[-1]):
        return True
    extra = 0
    while end + extra < len(folded) and folded[end + extra].isalpha():
        extra += 1
    if extra and UNSPACED.match(folded[end]):
        return True  # "3번째" : a script without spaces glues the next word on
    return extra == 0 or (len(word) >= _STEM and extra <= _INFLECTION)


def _after(folded: str, at: int) -> bool:
    gap = _GAP_AFTER.match(folded, at)
    at = gap.end() if gap else at
    for word in _words()[0]:
        if folded.startswith(word, at) and _word_end_ok(folded, at + len(word), word):
            return True
    return False


def _before(folded: str, at: int) -> int | None:
    """Where the word that marks the number at ``at`` as a page, a room, a minimum starts."""
    gap = _GAP_BEFORE.search(folded, max(0, at - 3), at)
    at = gap.start() if gap else at
    for word in _words()[1]:
        start = at - len(word)
        if start < 0 or not folded.startswith(word, start):
            continue
        if start == 0 or not folded[start - 1].isalpha() or UNSPACED.match(word[0]):
            return start
    return None


# Between an access word and the value it names: a colon, a dash, "is" ("my PIN is 4821
# times better" is no count, and no one counts in four digits after "PIN is").
_SAID = re.compile(
    r"[\s:：=\-–—'\"“”«»]*(?:(?:is|ist|est|es|é|è|er|on|je|ni|är|era|was|war|是|为|為|は|が"
    r"|는|은|이|가)[\s:：=]*)?$",
    re.IGNORECASE,
)
_YEAR = re.compile(r"(?:19|20)\d\d")
_NAMED_DIGITS = 3  # a count this long or longer right after an access word is its value
_AROUND = 64  # characters read on each side of a value: longer than any unit and its gap


def counted(text: str, start: int, end: int, found: tuple[Cue, ...] = ()) -> bool:
    """Whether the value ``text[start:end]`` is a bare number (what else the span holds is
    words of a script without spaces, as a cue layer may take them: "账户被锁了24") that a
    word beside it marks as a quantity."""
    start, end = trim_edges(text, start, end)
    value = text[start:end]
    if value and _LEADS.match(text, end) and fold(value) in _words()[1]:
        return True  # the word that says a number is a minimum, taken for the value itself
    if not value or not any(c.isdigit() for c in value):
        return False
    numbers = list(_NUMBER.finditer(value))
    if len(numbers) != 1:
        return False
    lo, hi = numbers[0].span()
    # Before the number, only words of a script without spaces ("账户被锁了24"); after it, an
    # ending glued on in a script of its own ("7කින්": in 7). Letters of a token ("Tiger24",
    # "Пароль24") make it no bare number.
    if not all(UNSPACED.match(c) for c in value[:lo]):
        return False
    if _YEAR.fullmatch(value, lo, hi) and text.startswith(("年", "년"), start + hi):
        return True  # a date written in its own order ("パスワードは2026年3月15日まで")
    longest = max(len(d) for d in re.findall(r"\d+", value[lo:hi]))  # "8~16": a range of two
    if longest >= _NAMED_DIGITS and _named(text, start + lo, found):
        return False
    # Only the words beside the value are read: fold them alone (fold keeps positions), not
    # the whole message once per value (a long message has many numbers).
    at = max(0, start - _AROUND)
    folded = fold(text[at : end + _AROUND])
    start, end = start - at, end - at
    if value[hi:] and _after(folded, start + hi) and not _letters_past_unit(folded, end):
        return True  # a unit glued on and taken with the number ("3krát", "5분")
    if not all(not c.isascii() and (c.isalpha() or _mark(c)) for c in value[hi:]):
        return False
    if _after(folded, start + hi):
        return True
    word = _before(folded, start + lo)
    # "admin code for the holiday flat: 83920471": the flat is what the code opens.
    return word is not None and not labels.headed(
        text, at + word, at + start + lo, found, place=True
    )


def _named(text: str, at: int, found: tuple[Cue, ...]) -> bool:
    """An access word right before ``at``, with no more than "is" between: "PIN 4821"."""
    return any(
        c.concept not in (*QUIET, SAY) and c.end <= at and _SAID.match(text[c.end : at])
        for c in found
        if at - c.end <= 8
    )


def _letters_past_unit(folded: str, end: int) -> bool:
    """The token goes on past the span's end: the span was cut inside a word."""
    return end < len(folded) and folded[end].isalnum() and folded[end - 1].isalnum()


def _mark(char: str) -> bool:
    return unicodedata.category(char).startswith("M")
