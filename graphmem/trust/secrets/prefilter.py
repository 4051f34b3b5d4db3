"""Which detectors could match a text at all, decided before their regular expressions run.

Most texts a write scans hold no secret, and each detector's expression, tried at every
position of the text, costs a few microseconds whether it matches or not; some forty of
them ran on every text. Most expressions cannot match without some literal in them
("password", "pin", "-----BEGIN", one of a list of keywords in many languages), and a
substring test for those literals costs almost nothing. :func:`needles` reads them from the
parsed expression, keeping only what *every* match must contain; :func:`could_match` skips
an expression when none of its needles is in the text. So a skip never loses a match: the
test only removes expressions that had none to find.

Case is compared the way Python's ``re`` compares it under IGNORECASE (each character
lowered on its own, with the equivalences ``re`` adds: "ı" ~ "i", "ſ" ~ "s", ...): text and
needles are folded alike, so a needle found exactly is found folded, and a match made
ignoring case still contains the folded needle.
"""

from __future__ import annotations

import functools
import re
import threading
from typing import Any

import ahocorasick

try:  # the standard library's own reading of an expression (CPython 3.11 to 3.13)
    import _sre  # type: ignore[import-not-found]
    from re import _parser  # type: ignore[attr-defined]
    from re._casefix import _EXTRA_CASES  # type: ignore[import-not-found]
    from re._constants import (  # type: ignore[import-not-found]
        ATOMIC_GROUP,
        BRANCH,
        IN,
        LITERAL,
        MAX_REPEAT,
        MIN_REPEAT,
        POSSESSIVE_REPEAT,
        RANGE,
        SUBPATTERN,
    )
except ImportError:  # a Python whose re is built otherwise: every detector runs, as before
    _parser = None
    _EXTRA_CASES = {}

Needles = frozenset[str]

# Beyond this many literal choices a set costs more to test than it spares.
_MAX_NEEDLES = 400
# A class of more characters than this is not spelled out as choices.
_MAX_CLASS = 8


def _equivalence_classes() -> dict[int, int]:
    """Each character ``re`` treats as another under IGNORECASE, mapped to one of its class."""
    parent: dict[int, int] = {}

    def root(c: int) -> int:
        while parent.get(c, c) != c:
            c = parent[c]
        return c

    for lower, extras in _EXTRA_CASES.items():
        for extra in extras:
            a, b = root(lower), root(extra)
            if a != b:
                parent[max(a, b)] = min(a, b)
    return {c: root(c) for c in {*parent, *(e for es in _EXTRA_CASES.values() for e in es)}}


_CLASSES = _equivalence_classes()


class _Fold(dict[int, int]):
    """A ``str.translate`` table made on demand: a character to its folded form (one
    character for one, so positions and lengths stay)."""

    def __missing__(self, char: int) -> int:
        lowered = int(_sre.unicode_tolower(char))
        folded = _CLASSES.get(lowered, lowered)
        self[char] = folded
        return folded


_FOLD = _Fold()


def fold(text: str) -> str:
    """``text`` with case folded as IGNORECASE compares it."""
    return text.translate(_FOLD)


class _Index:
    """Every needle handed out by :func:`needles`, in one Aho–Corasick automaton: a text is
    read once for all of them (some four hundred, in a dozen scripts), where a substring
    test each, or one regular expression of them all, cost more than the detectors spared."""

    def __init__(self) -> None:
        self._needles: set[str] = set()
        self._automaton: ahocorasick.Automaton | None = None
        self._lock = threading.Lock()

    def add(self, found: Needles) -> None:
        with self._lock:
            self._needles |= found
            self._automaton = None  # made again, whole, on the next question
        present.cache_clear()

    def _built(self) -> ahocorasick.Automaton | None:
        with self._lock:
            if self._automaton is None and self._needles:
                automaton = ahocorasick.Automaton()
                for needle in sorted(self._needles):
                    automaton.add_word(needle, needle)
                automaton.make_automaton()
                self._automaton = automaton  # never changed once made: threads share it
            return self._automaton

    def present(self, text: str) -> frozenset[str]:
        automaton = self._automaton or self._built()
        if automaton is None:
            return frozenset()
        return frozenset(needle for _, needle in automaton.iter(fold(text)))


_INDEX = _Index()


@functools.lru_cache(maxsize=64)
def present(text: str) -> frozenset[str]:
    """The needles of every detector that ``text`` holds (cached: each detector of a scan
    asks about the same text)."""
    return _INDEX.present(text)


def could_match(found: Needles | None, text: str) -> bool:
    """False only when no match of the expression ``found`` was read from can be in
    ``text``."""
    return found is None or not found.isdisjoint(present(text))


@functools.cache
def needles(pattern: re.Pattern[str]) -> Needles | None:
    """Strings (folded) of which every match of ``pattern`` contains at least one; None when
    nothing is certain (an expression of character classes only, say)."""
    if _parser is None:
        return None
    found = _required(_parser.parse(pattern.pattern, pattern.flags))
    if found is None or len(found) > _MAX_NEEDLES:  # never holds "": _better drops those
        return None
    kept = _shortest(found)
    _INDEX.add(kept)
    return kept


def _shortest(found: Needles) -> Needles:
    """``found`` without the needles that hold another one: finding "pin" in a text is
    what "sim pin" needed, so testing "pin" alone decides the same."""
    kept: list[str] = []
    for needle in sorted(found, key=len):
        if not any(shorter in needle for shorter in kept):
            kept.append(needle)
    return frozenset(kept)


def _char(code: int) -> str:
    return chr(code).translate(_FOLD)


def _strings(op: Any, av: Any) -> Needles | None:
    """The few strings an element matches, when they are few (a literal, a small class of
    literals, a group or alternation of such, an optional one); else None."""
    if op is LITERAL:
        return frozenset({_char(av)})
    if op is IN:
        chars: list[int] = []
        for kind, value in av:
            if kind is LITERAL:
                chars.append(value)
            elif kind is RANGE and value[1] - value[0] < _MAX_CLASS:
                chars.extend(range(value[0], value[1] + 1))
            else:
                return None  # a category or a negated class: too many
        return frozenset(_char(c) for c in chars) if len(chars) <= _MAX_CLASS else None
    if op is SUBPATTERN:
        return _sequence_strings(av[3])
    if op is ATOMIC_GROUP:
        return _sequence_strings(av)
    if op is BRANCH:
        out: set[str] = set()
        for branch in av[1]:
            found = _sequence_strings(branch)
            if found is None:
                return None
            out |= found
        return frozenset(out) if len(out) <= _MAX_NEEDLES else None
    if op in (MAX_REPEAT, MIN_REPEAT, POSSESSIVE_REPEAT):
        low, high, body = av
        if low == 0 and high == 1:
            found = _sequence_strings(body)
            return None if found is None else found | {""}
    return None


def _join(left: Needles, right: Needles) -> Needles | None:
    if len(left) * len(right) > _MAX_NEEDLES:
        return None
    return frozenset(a + b for a in left for b in right)


def _sequence_strings(items: Any) -> Needles | None:
    out: Needles | None = frozenset({""})
    for op, av in items:
        found = _strings(op, av)
        if found is None or out is None:
            return None
        out = _join(out, found)
    return out


def _better(a: Needles | None, b: Needles | None) -> Needles | None:
    """The more telling of two needle sets: the longer shortest needle, then the fewer."""
    if a is None or "" in a:
        return None if b is None or "" in b else b
    if b is None or "" in b:
        return a
    key_a = (min(map(len, a)), -len(a))
    key_b = (min(map(len, b)), -len(b))
    return a if key_a >= key_b else b


def _required(items: Any) -> Needles | None:
    """Needles of a sequence: any one element's will do (each element is matched), and runs
    of elements that match a few strings each join into longer literals (every choice)."""
    best: Needles | None = None
    run: Needles = frozenset({""})
    for op, av in items:
        found = _strings(op, av)
        joined = None if found is None else _join(run, found)
        if joined is not None:
            run = joined
            continue
        best = _better(best, run)
        run = frozenset({""}) if found is None else found
        if found is None:
            best = _better(best, _element(op, av))
    return _better(best, run)


def _element(op: Any, av: Any) -> Needles | None:
    if op is BRANCH:
        union: set[str] = set()
        for branch in av[1]:
            found = _required(branch)
            if found is None:
                return None  # an alternative without a certain literal: the whole has none
            union |= found
        return frozenset(union)
    if op is SUBPATTERN:
        return _required(av[3])
    if op is ATOMIC_GROUP:
        return _required(av)
    if op in (MAX_REPEAT, MIN_REPEAT, POSSESSIVE_REPEAT):
        low, _, body = av
        return _required(body) if low >= 1 else None
    # Classes, anchors, look-arounds (their text need not be in the match), back
    # references, conditionals: nothing certain.
    return None
