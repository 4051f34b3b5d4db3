"""Loanwords: "password" as the world's languages borrow it, in any script.

The cue lexicon (``cues.tsv``) has the languages that maintained projects translate their
login screens into, about a hundred. Most of the world's other languages borrow the English
word, each in its own spelling or script: Sesotho "phasewete", Shona "pasiwedhi", Dhivehi
"ޕާސްވޯޑު", Sindhi "پاسورڊ", Amharic "ፓስዎርድ", Japanese "パスワード". Romanised (anyascii)
and reduced to its consonants, each is p-s-w-(r)-d: vowels, "h" and "y" dropped, v / f / w
one sound, t / d one, s / z / c one. A word of that skeleton is the cue "password" unless it
is a word of its own in a language wordfreq knows (``loanwords_common.txt``: "pesawat" is
Indonesian for an aeroplane, "passivt" Swedish for passive, "pääsevät" Finnish for "they
get to"); a borrowing into a language no list covers is, by that absence, no word anyone
there spells otherwise. Only the skeleton is matched, never a translation: a language's own
word for a password ("achinsinsi", "loyniorð") still needs the lexicon.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

import regex
from anyascii import anyascii

# A word: letters with the marks that join them (Dhivehi and Indic vowel signs are marks),
# and the zero-width (non-)joiners Indic spellings keep inside a word ("ಪಾಸ್‌ವರ್ಡ್").
WORD = regex.compile(r"[\p{L}\p{M}]+(?:(?:['’]|[\u200c\u200d]+)[\p{L}\p{M}]+)*")
_NOT_LETTERS = re.compile(r"[^a-z]")
_SILENT = re.compile(r"[aeiouyh]")
_SOUNDS = str.maketrans("vftzc", "wwdss")
_DOUBLED = re.compile(r"(.)\1+")
SKELETONS = ("pswd", "pswrd")


def _roman(word: str) -> str:
    return _NOT_LETTERS.sub("", anyascii(word).lower())


def _reduced(roman: str) -> str:
    return _DOUBLED.sub(r"\1", _SILENT.sub("", roman).translate(_SOUNDS))


def consonants(word: str) -> str:
    """The consonants of ``word`` romanised, in the classes a borrowing keeps apart."""
    return _reduced(_roman(word))


def skeleton(word: str) -> str:
    """:func:`consonants` of a word that starts with a p ("password" borrowed), else ""."""
    roman = _roman(word)
    return _reduced(roman) if roman.startswith("p") else ""


@functools.lru_cache(maxsize=4096)
def borrowed_password(word: str) -> bool:
    """Whether ``word`` is "password" as a language borrowed it (see the module's doc)."""
    return skeleton(word).startswith(SKELETONS) and word.casefold() not in _common()


@functools.cache
def _common() -> frozenset[str]:
    """The words of that skeleton in wordfreq's lists (every language it has), written out
    by tools/lexicon/build_loanword_exclusions.py: loading the lists themselves takes
    seconds and a gigabyte."""
    text = (Path(__file__).parent / "loanwords_common.txt").read_text(encoding="utf-8")
    return frozenset(line for line in text.splitlines() if line and not line.startswith("#"))


def spans(text: str) -> list[tuple[int, int]]:
    """Where ``text`` says "password" in a borrowed spelling."""
    return [
        m.span()
        for m in WORD.finditer(text)
        # Only a word that romanises to a "p" can be one: the rest cost one look.
        if anyascii(m.group()[0])[:1] in ("p", "P") and borrowed_password(m.group())
    ]
