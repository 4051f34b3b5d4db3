"""Shape: a token a person chose as a credential, found in any language.

What makes a value secret-shaped does not depend on the words around it: people build
passwords from a word, digits and a symbol ("Smrk&Jedle42", "Sib@Golab98", "Kaveri#2003")
in every language, and ordinary text almost never holds one. A token that joins letters and
digits with a symbol from inside it is taken for a password whatever surrounds it.

Weaker shapes ("maplePorch26", "BanhMi_0607", "Merdeka1945!", a run of digits) are common
in ordinary text too (product names, file names, years); they are values only beside a word
about access (:mod:`graphmem.trust.secrets.cues`), which reads them with :func:`weak`.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator

from graphmem.trust.secrets.common import Candidate

# A whitespace-separated token, without the quotes and sentence punctuation around it.
# Scripts written without spaces (Thai, Lao, Burmese, Khmer, kana, CJK) and Hangul, whose
# particles join the word before, end a token: "密码长度至少8位" holds no value, "X입니다" holds X.
_TOKEN = re.compile(
    r"[^\s\"'«»„“”‘’「」『』()\[\]{}<>,;，、。：；"
    r"\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]+"
)
_EDGE = ".,;:!?)]}>…。、，：；"
# Symbols people put inside passwords. Not "+", "=", "%", "/" or "-": those join phone
# numbers, sums, percentages, paths, dates and compound words.
_CHOSEN_SYMBOLS = frozenset("!@#$^&*?~")
_EMAIL = re.compile(r"^[\w.+-]+@[\w-]+(?:\.[\w-]+)+$")
_SKIP_PREFIX = ("http", "www.", "@", "#", "$", "data:", "ssh-", "[redacted")
_PLACEHOLDER = re.compile(r"^(?:your|my|the|some)?_?(?:api_?)?(?:key|token|password|secret)", re.I)
_DATETIME = re.compile(r"^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d\d:?\d\d)?)?$")
_MONEY = re.compile(r"^[$€£¥₹₽]?\d[\d.,]*[$€£¥₹₽kKmM]?$")
# A decade ("1960s", "the '90s", "1980's") or an ordinal ("21st", "3rd", "100th").
_DECADE_OR_ORDINAL = re.compile(r"^'?(?:1[89]|20)?\d0'?s$|^\d+(?:st|nd|rd|th)$", re.IGNORECASE)


def _parts(token: str) -> tuple[bool, bool, bool, bool]:
    """(letters, digits, upper case after the first character, lower case)."""
    letters = any(c.isalpha() for c in token)
    digits = any(c.isdigit() for c in token)
    inner_upper = any(c.isupper() for c in token[1:])
    lower = any(c.islower() for c in token)
    return letters, digits, inner_upper, lower


def _trimmed(text: str, start: int, end: int) -> tuple[int, int]:
    while end > start and text[end - 1] in _EDGE:
        end -= 1
    return start, end


def tokens(text: str, start: int = 0, end: int | None = None) -> Iterator[tuple[int, int]]:
    """The tokens of ``text[start:end]``, trailing sentence punctuation cut off."""
    for m in _TOKEN.finditer(text, start, len(text) if end is None else end):
        s, e = _trimmed(text, *m.span())
        if e > s:
            yield s, e


# A small number with a word's ending or a prefix joined by a hyphen: a count or a date in
# languages that write numbers so ("ezi-8", "tat-28", "lango-1", "1-dekabr", "12-р").
_INFLECTED_NUMBER = re.compile(r"^[^\W\d_]{1,7}-\d{1,2}$|^\d{1,2}-[^\W\d_]+$")


def excluded(token: str) -> bool:
    low = token.lower()
    return (
        bool(_INFLECTED_NUMBER.match(token) and (token[0].islower() or token[0].isdigit()))
        or low.startswith(_SKIP_PREFIX)
        or "://" in token
        or "/" in token
        or "\\" in token
        or "=" in token
        or bool(_EMAIL.match(token))
        or bool(_PLACEHOLDER.match(token))
        or bool(_MONEY.match(token))
        or bool(_DATETIME.match(token))
        or bool(_DECADE_OR_ORDINAL.match(token))
    )


def strong(token: str) -> bool:
    """A token only a credential looks like: letters and digits, with a symbol inside."""
    if not 6 <= len(token) <= 64 or excluded(token):
        return False
    letters, digits, _, _ = _parts(token)
    inner = token[1:-1]
    return letters and digits and any(c in _CHOSEN_SYMBOLS for c in inner)


# Arabic typed in Latin letters writes some letters as digits ("7oroof", "a2al", "3al"):
# one digit leading or inside a lower-case word is a word, not a password.
_ARABIZI = re.compile(r"^[a-z]*[235679][a-z]{2,}$")


def weak(token: str) -> bool:
    """A token that may be a credential when the words around it are about access."""
    if not 4 <= len(token) <= 64 or excluded(token) or _ARABIZI.match(token):
        return False
    if strong(token):
        return True
    # "Harbor2020", "BanhMi_0607", "C68936881"; a word alone ("BankID") names a site.
    letters, digits, _, _ = _parts(token)
    return (letters and digits and len(token) >= 5) or _capitalised_words(token)


# Words joined into one token with capitals inside and a symbol a person adds
# ("Burek_Sa_Mesom!", "Acaraje!Baiano", "Cepelinai+Spirgai", "Kilu-Leib-Ja-Sibul"): chosen,
# as a name is not. Two words joined by a hyphen are a name or a place ("Oduya-Finch",
# "Baden-Württemberg", "Wi-Fi"), so a hyphen joins three at least.
_JOINED_CAPITALISED = re.compile(
    r"^[^\W\d_]+(?:[_+][^\W\d_]+)+[!?#$*&~]?$|^[^\W\d_]+(?:-[^\W\d_]+){2,}[!?#$*&~]?$"
)
# The separator between two runs of letters is not optional: two runs without one are one
# run, and an optional separator makes the pattern backtrack exponentially on a long word.
_CLOSED = re.compile(r"^[^\W\d_]+(?:[_+.!#$&*-][^\W\d_]+)*[!?#$*&~]$|^[^\W\d_]+[!#$&*@][^\W\d_]+$")


def _capitalised_words(token: str) -> bool:
    # All capitals is a constant's or a template's name ("DATABASE_PASSWORD", "ВАШ_ПАРОЛЬ").
    if len(token) < 8 or not any(c.isupper() for c in token[1:]) or token.upper() == token:
        return False
    return bool(_JOINED_CAPITALISED.match(token) or _CLOSED.match(token))


# Single digits keyed one by one ("0-4-2-9", "3 1 4 1", "6-6-0-4"): a keypad or a lock's
# combination in every language; dates, times, phone numbers and scores group digits in twos
# and more, and no count or list of figures comes four single digits in a row.
_KEYPAD = re.compile(r"(?<![\w.,/:+-])\d(?P<sep>[- ])\d(?:(?P=sep)\d){2,6}(?![\w/:+-]|[.,]\d)")


# A code keyed and confirmed ("4718#", "4451*"): a keypad's enter key after the digits; a
# service code (USSD, "*123#") starts with its star.
_KEYED = re.compile(r"(?<![\w.,/:+*#-])\d{4,8}[#*](?![\w#*])")
# An authenticator's secret as apps show it: base32 in groups of four ("KTDN LUG3 VVJA FR7L").
_BASE32_GROUPS = re.compile(r"(?<![\w-])[A-Z2-7]{4}(?:[ ][A-Z2-7]{4}){3,}(?![\w-])")


# A licence or gift-card key: four to eight groups of four to six capitals and digits
# ("XKCD-4H7J-PL92-QQ81", "7QKPM-3XWRT-..."); a UUID is hex in groups of other lengths,
# an order number digits only.
_KEY_GROUPS = re.compile(r"(?<![\w-])[A-Z0-9]{4,6}(?:-[A-Z0-9]{4,6}){3,7}(?![\w-])")
# What names a product's or a build's number, not a key ("Part numbers: A1B2-C3D4-…").
_PART_LABEL = re.compile(
    r"(?<![^\W\d_])(?:part|parts|model|build|serial|sku|ref|order|version|invoice|tracking|item"
    r"|article|artikel|référence|pieza|teil)(?![^\W\d_])",
    re.IGNORECASE,
)
# A BitLocker recovery key: eight groups of six digits; nothing else is written so.
_BITLOCKER = re.compile(r"(?<![\w-])\d{6}(?:-\d{6}){7}(?![\w-])")
# Backup codes handed out as a list: three or more codes of one shape in a row.
_ONE_CODE = r"[A-Za-z0-9]{4,5}[- ][A-Za-z0-9]{4,5}"
_CODE_SEP = r"(?:[ \t]*[,;\n][ \t]*|[ \t]+)"
_CODE_LIST = re.compile(rf"(?<![\w-]){_ONE_CODE}(?:{_CODE_SEP}{_ONE_CODE}){{2,15}}(?![\w-])")
_YEAR = re.compile(r"^(?:19|20)\d\d$")


def counted_or_formation(digits: list[int]) -> bool:
    """A countdown or a count ("5 4 3 2 1", "1 2 3 4 5"), or a team's formation ("4-2-3-1":
    outfield players, ten): single digits in a row that are not a code."""
    steps = {b - a for a, b in itertools.pairwise(digits)}
    return steps in ({1}, {-1}) or (sum(digits) == 10 and min(digits) >= 1 and max(digits) <= 5)


def ascending(numbers: list[int]) -> bool:
    """Numbers counting up: a list of rooms, seats or chapters, not a combination."""
    return all(b > a for a, b in itertools.pairwise(numbers))


def evenly_spaced(numbers: list[int]) -> bool:
    """12, 13, 14 or 10, 20, 30: numbered things in a row, not a dial's positions."""
    return len({b - a for a, b in itertools.pairwise(numbers)}) == 1


def _mixed_groups(value: str) -> bool:
    groups = re.split(r"[- ]", value)
    with_digit = sum(any(c.isdigit() for c in g) for g in groups)
    return with_digit >= 2 and any(c.isalpha() for c in value)


def spans(text: str) -> Iterator[Candidate]:
    if any(c.isdigit() for c in text):
        for m in _KEY_GROUPS.finditer(text):
            if _mixed_groups(m.group()) and not _PART_LABEL.search(
                text, max(0, m.start() - 24), m.start()
            ):
                yield m.start(), m.end(), 9, "api_key"
        for m in _CODE_LIST.finditer(text):
            halves = re.split(r"[- \t,;\n]+", m.group())
            if all(any(c.isdigit() for c in h) for h in halves) and not all(
                _YEAR.match(h) for h in halves
            ):
                yield m.start(), m.end(), 9, "otp"  # not "the years 2019 2020 2021 2022"
        for m in _KEYPAD.finditer(text):
            digits = [int(c) for c in m.group() if c.isdigit()]
            if counted_or_formation(digits) or (m["sep"] == " " and ascending(digits)):
                continue  # "chapters 2 5 7 9": a list in order
            yield m.start(), m.end(), 9, "password"
        for m in _BITLOCKER.finditer(text):
            yield m.start(), m.end(), 9, "api_key"
        for m in _KEYED.finditer(text):
            yield m.start(), m.end(), 9, "password"
        for m in _BASE32_GROUPS.finditer(text):
            groups = m.group().split()
            if sum(any(c.isdigit() for c in g) for g in groups) >= 2:
                yield m.start(), m.end(), 9, "api_key"
    if any(c.isdigit() for c in text):
        yield from _leet_spans(text)
    if not any(c in _CHOSEN_SYMBOLS for c in text):
        return
    for s, e in tokens(text):
        if strong(text[s:e]):
            yield s, e, 9, "password"


# A digit standing in for a letter inside a word ("H0ney", "Brambl3", "Ch4rcoal").
_LEET = re.compile(r"[^\W\d_]\d[^\W\d_]")


def _leet_spans(text: str) -> Iterator[Candidate]:
    """Words spelled with digits for letters, capitals inside, and a closing symbol, a second
    word joined by a dot or a second digit for a letter ("H0neyBadg3r$", "Brambl3Hedge!",
    "Ch4rcoal.Pelican"): made up to be a password, as no word of a sentence or a product is."""
    for s, e in tokens(text):
        token = text[s:e]
        if len(token) < 8 or excluded(token) or not _LEET.search(token):
            continue
        closing = e < len(text) and text[e] in "!$#@&*?" and text[e + 1 : e + 2] in ("", " ")
        # Words, not an id: few digits, lower case, none of a hash's or a path's marks
        # ("Ziggo8A2F1C", "HMQ4Z8TX2P", "SHA256:Xq7Lp2…" are names and digests).
        # Random ids switch case often ("req_hWeULbuNTm8t…"); chosen words capitalise each.
        lower = sum(c.islower() for c in token)
        upper = sum(c.isupper() for c in token)
        digits = sum(c.isdigit() for c in token)
        if lower < 6 or digits > 3 or upper > 3 or any(c in ":/+=_" for c in token):
            continue
        if not any(c.isupper() for c in token[1:]):
            continue
        joined = bool(re.search(r"[a-z]\.[A-Z][a-z]", token))
        if closing or joined or token[-1] in "!$#@&*?" or len(_LEET.findall(token)) >= 2:
            yield s, e + closing, 9, "password"
