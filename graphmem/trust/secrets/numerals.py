"""Digits said in words: a code read aloud or spelled out ("PIN ni moja tano sifuri nane",
"el pin es ocho uno cinco cero", "密码是三九零七一二").

A code told digit by digit is a run of the digits' names, in any language
(``number_words.tsv``, one line per language, written by hand, and ``number_words_cldr.tsv``,
Unicode CLDR's spellings for 74 languages). Four names in a row are a code's length and no
sentence's: counts and amounts are said as numbers ("two thousand", "vingt-deux"), not
digit by digit. The cue layer reads these runs beside a word about access
(:mod:`graphmem.trust.secrets.cues`), and a run of four to eight is a layer of its own
(:func:`spans`): a code read out needs no word about access around it ("Grandma says at the
ATM you press six, two, nine, nine").
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from pathlib import Path

from graphmem.trust.secrets.common import Candidate
from graphmem.trust.secrets.fold import fold
from graphmem.trust.secrets.shape import evenly_spaced

# Written by hand first; then the languages Unicode CLDR spells numbers in
# (tools/lexicon/build_number_words.py). A word both name is read as the first says.
_FILES = (
    Path(__file__).with_name("number_words.tsv"),
    Path(__file__).with_name("number_words_cldr.tsv"),
)
_RUN = 4  # a PIN's length: fewer names in a row are words of a sentence ("one or two")
# A word of a spaced script, marks and inner apostrophes included ("to'rt", "п'ять", "पाँच").
_WORD = re.compile(r"[^\s\d,.;:!?…—–\-\"«»“”„()\[\]{}<>/|·、，。：；،]+")
_EDGE_QUOTES = "'’ʼ`"
# Between two names of one code: a space, a comma (Latin, Arabic, CJK), a dash, a middle dot.
_GAP = re.compile(r"[\s,\-–·、，،]{1,3}")
# Chinese and Japanese digits, and Korean's Sino-Korean ones, run together without spaces.
# Either may set them apart with an enumeration comma ("四、七、二、八"), or read them out in
# groups ("幺三七，洞五八": 幺 and 洞 are one and zero as a code is read aloud).
_UNSPACED_DIGITS = re.compile(
    r"[零〇一二三四五六七八九两幺洞](?:[、，]?[零〇一二三四五六七八九两幺洞]){3,11}(?![十百千万萬])"
    r"|(?<![\uac00-\ud7af])[공영일이삼사오육칠팔구]{4,12}"
)
_YEAR = re.compile(r"^(?:19|20)\d\d$")
_UNSPACED_VALUE = str.maketrans(
    "零〇一二三四五六七八九两幺洞공영일이삼사오육칠팔구", "0012345678921000123456789", "、，"
)


@functools.cache
def _names() -> dict[str, str]:
    """Each digit's name, folded as the text is (:func:`~graphmem.trust.secrets.fold.fold`),
    to its digit."""
    names: dict[str, str] = {}
    lines = [line for path in _FILES for line in path.read_text(encoding="utf-8").splitlines()]
    for line in lines:
        if not line.strip() or line.startswith(("#", "lang\t")):
            continue
        _, *digits = line.split("\t")
        for digit, spellings in enumerate(digits):
            for spelling in spellings.split("|"):
                # "márùn-ún": the word before the hyphen is the one said.
                word = fold(spelling.strip()).split(" ")[0].strip(_EDGE_QUOTES)
                if word:
                    names.setdefault(word, str(digit))
    return names


def spelled(text: str, lo: int, hi: int) -> list[tuple[int, int]]:
    """Runs of four or more digits said in words within ``text[lo:hi]``; not a year."""
    return [(start, end) for start, end, _ in _runs(text, lo, hi)]


# A code read out, told with no word about access: four digits (a PIN) to eight (a long
# one-time code). A phone number read out is longer; "one, two, three, four" is counting.
_LONGEST = 8
_RANK = 10  # as the cue layer's values
_CARD_DIGITS = (15, 19)  # an Amex's to the longest card's; a phone number has at most 15


def spans(text: str) -> Iterator[Candidate]:
    """The layer: every run of four to eight digits said one by one that is not counting
    (digits one step apart, up or down), and of fifteen to nineteen (a card's number). In
    some 30,000 messages of six public sets (bench/secret_detection.py --ordinary) and every
    look-alike corpus, no run was found."""
    for start, end, digits in _runs(text, 0, len(text)):
        values = [int(d) for d in digits]
        if _CARD_DIGITS[0] <= len(values) <= _CARD_DIGITS[1]:
            yield start, end, _RANK, "card"  # a card's number read out: longer than a phone's
        elif len(values) <= _LONGEST and not _counting(values) and not _word(text[start:end]):
            yield start, end, _RANK, "password"


def _word(run: str) -> bool:
    """Four or five digits run together in Chinese or Korean are as often a word ("三三两两",
    in twos and threes; "七七八八", nearly all; "사이사이", in between) as a code: set apart
    ("四、七、二、八") or longer, they are read out; else only beside a word about access."""
    return _UNSPACED_DIGITS.fullmatch(run) is not None and "、" not in run and len(run) < 6


def _counting(values: list[int]) -> bool:
    return evenly_spaced(values) and abs(values[1] - values[0]) <= 1


def _runs(text: str, lo: int, hi: int) -> list[tuple[int, int, str]]:
    names = _names()
    out: list[tuple[int, int, str]] = []
    run: list[tuple[int, int, str]] = []

    def close() -> None:
        digits = "".join(d for _, _, d in run)
        if len(run) >= _RUN and not _YEAR.match(digits):
            out.append((run[0][0], run[-1][1], digits))
        run.clear()

    for m in _WORD.finditer(text, lo, hi):
        start, end = m.span()
        while start < end and text[start] in _EDGE_QUOTES:
            start += 1
        while end > start and text[end - 1] in _EDGE_QUOTES:
            end -= 1
        digit = names.get(fold(text[start:end])) if end > start else None
        if digit is None:
            close()
            continue
        if run and not _GAP.fullmatch(text, run[-1][1], start):
            close()
        run.append((start, end, digit))
    close()
    for m in _UNSPACED_DIGITS.finditer(text, lo, hi):
        digits = m.group().translate(_UNSPACED_VALUE)
        if not _YEAR.match(digits):
            out.append((*m.span(), digits))
    return sorted(out)
