"""Sentences and clauses of a message, in time linear in its length.

Every step looks at a bounded window of text: the word before a full stop is read
from at most ``_LOOKBACK`` characters, and a sentence longer than ``MAX_SENTENCE``
characters (a transcript without punctuation, a pasted log) is cut into pieces of
that size at a space, so that the grammar, which reads each clause as a whole,
never sees more than a bounded amount of text at once.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from graphmem.extract.phrases import words as _words

__all__ = ["MAX_SENTENCE", "NORMALISE", "clauses", "compact", "sentences"]

_I = re.IGNORECASE


MAX_SENTENCE = 600
_LOOKBACK = 24

# Spaces of any kind and number are one space to the grammar: its patterns allow a space
# or several between words, and over a run of hundreds (a table, a drawing made of text)
# trying each way to split it took minutes for one message.
_GAP = re.compile(r"\s+")

# One character for one, so that offsets into the message stay valid.
NORMALISE = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"', "–": "-", "—": "-"})
_BOUNDARY = re.compile(r"[.!?]+(?=[\s\"')\]]|$)|[;\n]+")
_ABBREVIATIONS = _words(
    "mr mrs ms dr st prof sr jr vs e.g i.e eg ie approx mt ave dept a.m p.m no inc ltd co"
    " corp d.c u.s u.k"
)
_LAST_WORD = re.compile(r"(\S+)$")
_INITIAL = re.compile(r"[A-HJ-Z]|(?:[A-Z]\.)+[A-Z]")
# Tried only where a gap begins, and without giving back what it took: inside a run of
# spaces (a table, a drawing in text) every start and every split of the run was tried.
_CLAUSE_BREAK = re.compile(
    r"(?<![\s,;])(?>\s*[,;])?\s++(?:and also|and then|and|but|plus|also)\s+"
    r"(?=(?:i|i'm|im|i've|i'd|i'll|my|please|always|never|call me|remember)\b)",
    _I,
)
LEADING_FILLER = r"\W*(?:(?:oh|so|and|but|well|ok|okay|hmm|also|hey|hi|just|please)[,!]?\s+)*"
_POLITE_QUESTION = re.compile(rf"{LEADING_FILLER}(?:can|could|would|will) you\b", _I)
_HYPOTHETICAL = re.compile(
    rf"{LEADING_FILLER}(?:if|suppose|supposing|imagine|what if|assuming|hypothetically|in case"
    r"|let's say|say|unless|whether|were I)\b",
    _I,
)


def _abbreviated(text: str, start: int, dot: int) -> bool:
    """Whether the full stop at ``dot`` ends "Dr", "e.g" or an initial ("J. Smith")."""
    word = _LAST_WORD.search(text, max(start, dot - _LOOKBACK), dot)
    if word is None:
        return False
    return word[1].lower().strip("(") in _ABBREVIATIONS or _INITIAL.fullmatch(word[1]) is not None


def _bounded(start: int, end: int, text: str) -> Iterator[tuple[int, int]]:
    """``[start, end)`` in pieces of at most MAX_SENTENCE characters, cut at a space."""
    while end - start > MAX_SENTENCE:
        cut = text.rfind(" ", start + MAX_SENTENCE // 2, start + MAX_SENTENCE)
        cut = cut if cut > start else start + MAX_SENTENCE
        yield start, cut
        start = cut
    yield start, end


def sentences(text: str) -> Iterator[tuple[int, int]]:
    """Spans of the sentences of ``text`` (split at . ! ? ; and new lines)."""
    start = 0
    for m in _BOUNDARY.finditer(text):
        abbreviated = m.group() == "." and _abbreviated(text, start, m.start())
        if abbreviated and m.end() - start <= MAX_SENTENCE:
            continue
        yield from _bounded(start, m.end(), text)
        start = m.end()
    if start < len(text):
        yield from _bounded(start, len(text), text)


def compact(clause: str) -> str:
    """``clause`` with each run of spaces (tabs, line breaks) as one space, for the grammar."""
    return _GAP.sub(" ", clause)


def clauses(text: str) -> Iterator[tuple[int, int]]:
    """Spans of the clauses worth reading: not questions, not hypotheticals."""
    for start, end in sentences(text):
        sentence = text[start:end].strip()
        if not sentence or _HYPOTHETICAL.match(sentence):
            continue
        if sentence.endswith("?") and not _POLITE_QUESTION.match(sentence):
            continue
        piece = start
        for m in _CLAUSE_BREAK.finditer(text, start, end):
            yield piece, m.start()
            piece = m.end()
        yield piece, end
