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
from graphmem.trust.secrets.fold import case, fold
from graphmem.trust.secrets.shape import evenly_spaced
from graphmem.trust.secrets.values import YEAR

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
    for digits in (row for path in _FILES for row in _rows(path)):
        for digit, spellings in enumerate(digits):
            for spelling in spellings.split("|"):
                # "márùn-ún": the word before the hyphen is the one said.
                word = fold(spelling.strip()).split(" ")[0].strip(_EDGE_QUOTES)
                if word:
                    names.setdefault(word, str(digit))
    return names


def _rows(path: Path) -> Iterator[list[str]]:
    """The cells after the language of each line of a number-word table."""
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith(("#", "lang\t")):
            yield line.split("\t")[1:]


def spelled(text: str, lo: int, hi: int) -> list[tuple[int, int]]:
    """Runs of four or more digits said in words within ``text[lo:hi]``; not a year."""
    return [(start, end) for start, end, _ in _runs(text, lo, hi)]


# A code read out, told with no word about access: four digits (a PIN) to eight (a long
# one-time code). A phone number read out is longer; "one, two, three, four" is counting.
LONGEST = 8
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
        elif len(values) <= LONGEST and not _counting(values) and not _word(text[start:end]):
            yield start, end, _RANK, "password"
    # A number as long as the words before it say: an identity or tax number when long ("my
    # twelve-digit number: …"), a code when a colon brings it ("received six numbers: 530
    # 928"); a shorter one without a colon needs a machine or a form (typed.py).
    for start, end, n, close in counted(text):
        if n >= _LONG_COUNT:
            yield start, end, _RANK, "national_id"
        elif close and not YEAR.match(text[start:end]):
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


# "asks for four digits: 7202", "meine zwölfstellige Nummer: …": the message says how many
# digits a value has, and a run of exactly that many follows in the sentence.
_COUNTS_FILE = Path(__file__).with_name("number_words_counts.tsv")
_LONG_COUNT = 9  # from here on an identity or tax number's length, not a code's
_COUNT_REACH = 64  # characters from the count's word to its value
_SENTENCE_END = re.compile(r"[.;!?。！？।；](?=\s|$)|\n")
_BETWEEN = 4  # words between the count's word and a code ("vier Ziffern:", "अंक माँगे त")
_BETWEEN_LONG = 6  # ... and a long number ("the nine digits the tax office gave me: …")
_DIGIT_RUN = re.compile(r"(?<![\w.,/:+-])\d(?:[ -]?\d){3,15}(?![\w/:+-]|[.,]\d)")


@functools.cache
def _counts() -> tuple[dict[str, int], dict[str, int]]:
    """Words that say a count from 4 to 16, as written (case aside, accents kept: Kurdish
    "çar", four, is no English "car"; Hungarian "hét", seven, no Dutch "het"), to the count:
    the digits' names and CLDR's spellings (several words: "он екі"); and, folded, the stems
    of the long ones, which start compounds and take endings ("tiosiffriga", "vienuolikos",
    "თერთმეტნიშნა")."""
    words: dict[str, int] = {}
    stems: dict[str, int] = {}
    for digits in (row for path in _FILES for row in _rows(path)):
        for digit, spellings in enumerate(digits):
            for spelling in spellings.split("|") if 4 <= digit <= LONGEST else ():
                word = case(spelling.strip()).strip(_EDGE_QUOTES)
                if word and word not in _COLLIDING and not _little(word):
                    words.setdefault(word, digit)
    for spelled in _rows(_COUNTS_FILE):
        for n, spelling in enumerate(spelled, start=4):
            said = case(spelling.strip())
            if said not in _COLLIDING and not _little(said):
                words.setdefault(said, n)
            key = fold(spelling.strip())
            if n >= _LONG_COUNT and " " not in key and len(key) >= 4:
                stems.setdefault(key[:-1] if len(key) >= 6 else key, n)
    return words, stems


# Digits' names that are everyday words of another language, accents and all: English
# "fire", "hat", "set", "sex", Portuguese "sei" (I know).
_COLLIDING = frozenset({"fire", "hat", "set", "sex", "sei", "sat", "pet", "ot", "so"})


def _little(word: str) -> bool:
    """A Latin word of one or two letters ("at", "ok", "öt"): some language's everyday word."""
    return len(word) <= 2 and all(ord(c) < 0x250 for c in word)


def _count_at(words: list[re.Match[str]], i: int) -> tuple[int, int] | None:
    """(count, index of its last word) for a count said from word ``i``, if one is."""
    exact, stems = _counts()
    for size in (3, 2, 1):
        if i + size <= len(words):
            said = " ".join(case(w.group().strip(_EDGE_QUOTES)) for w in words[i : i + size])
            n = exact.get(said)
            # A long count in a short word is another language's little word too (Turkish
            # "on", ten; Danish "ni", nine): counted only as a compound's first part
            # ("ten-digit").
            if n is not None and (n < _LONG_COUNT or len(said) >= 4 or _hyphened(words[i])):
                return n, i + size - 1
    said = words[i].group()
    if len(said) > _COMPOUND:
        return None  # no count starts a word this long (nor does a megabyte of "x")
    word = fold(said.strip(_EDGE_QUOTES))
    for cut in range(len(word), 3, -1):
        n = stems.get(word[:cut])
        if n is not None:
            return n, i
    return None


_COMPOUND = 40  # letters in a compound a count starts ("üheteistkohalist", "tiosiffriga")


def _hyphened(word: re.Match[str]) -> bool:
    return word.string[word.end() : word.end() + 1] == "-"


def counted_at(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is a long number whose length the words before it tell."""
    return any((a, b) == (start, end) and n >= _LONG_COUNT for a, b, n, _ in counted(text))


@functools.lru_cache(maxsize=64)  # the numerals, typed and redaction steps read one text
def counted(text: str) -> tuple[tuple[int, int, int, bool], ...]:
    """Runs of digits whose length the words before them tell, within the sentence:
    (start, end, count, close), ``close`` when a colon introduces the run right after the
    count's words ("vier Ziffern: 7202")."""
    words = list(_WORD.finditer(text))
    out: list[tuple[int, int, int, bool]] = []
    for i in range(len(words)):
        found = _count_at(words, i)
        if found is None:
            continue
        n, last = found
        after = words[last].end()
        stop = _SENTENCE_END.search(text, after)
        hi = min(after + _COUNT_REACH, stop.start() if stop else len(text))
        run = _DIGIT_RUN.search(text, after, hi)
        if run is None or sum(c.isdigit() for c in run.group()) != n:
            continue
        between = len(_WORD.findall(text, after, run.start()))
        if between > (_BETWEEN_LONG if n >= _LONG_COUNT else _BETWEEN):
            continue
        close = between <= 2 and any(c in text[after : run.start()] for c in ":：")
        out.append((*run.span(), n, close))
    return tuple(out)
