"""Folding text to look its cue words up: lower case, and without accents, one character
for one, so that positions in the folded text are positions in the original."""

from __future__ import annotations

import unicodedata
from pathlib import Path


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
    lowered = text.lower()
    if len(lowered) != len(text):  # a letter lowered into two ("İ"): keep it as it was
        lowered = "".join(c.lower() if len(c.lower()) == 1 else c for c in text)
    return lowered.replace("ς", "σ").replace("-", " ")


def fold(text: str) -> str:
    """:func:`case`, then without accents."""
    return case(text).translate(BARE)


def word_columns(path: Path) -> list[set[str]]:
    """The words of each column after the first (a language's code) of a hand-written table,
    one line per language, words split by "|", folded; "#" lines and the header skipped."""
    columns: list[set[str]] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith(("#", "lang\t")):
            continue
        _, *cells = line.split("\t")
        columns += [set() for _ in range(len(cells) - len(columns))]
        for column, cell in zip(columns, cells, strict=False):
            column.update(fold(w.strip()) for w in cell.split("|") if w.strip())
    return columns
