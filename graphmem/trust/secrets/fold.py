"""Folding text to look its cue words up: lower case, and without accents, one character
for one, so that positions in the folded text are positions in the original."""

from __future__ import annotations

import unicodedata


class _Bare(dict[int, int]):
    """A ``str.translate`` table made on demand: a letter with accents to its base letter
    ("ž" -> "z", "ó" -> "o"), one character for one. People type without diacritics
    ("slaptazodis", "ο κωδικος"); Hangul and scripts whose marks are letters stay."""

    def __missing__(self, char: int) -> int:
        parts = unicodedata.normalize("NFD", chr(char))
        plain = len(parts) > 1 and all(unicodedata.category(c) == "Mn" for c in parts[1:])
        self[char] = ord(parts[0]) if plain and parts[0].isalpha() else char
        return self[char]


BARE = _Bare()


def case(text: str) -> str:
    """Lower case, one character for one."""
    # One character for one character, so positions in the folded text are positions in
    # the original (str.casefold may lengthen "ß"); a final sigma folds like the data's; a
    # hyphen joins words as a space does ("first-school question", "Wi-Fi").
    lowered = "".join(c.lower() if len(c.lower()) == 1 else c for c in text)
    return lowered.replace("ς", "σ").replace("-", " ")


def fold(text: str) -> str:
    """:func:`case`, then without accents."""
    return case(text).translate(BARE)
