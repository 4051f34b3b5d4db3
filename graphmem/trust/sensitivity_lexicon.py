"""The special categories' words in some thirty languages, read from data.

``graphmem/trust/sensitivity_terms/<language>.tsv`` holds, per line, a category and a term
that discloses it when said of a person ("diagnosed with", "on antidepressants", "shop
steward", "asielprocedure", "הפסקת הריון"): lower case, one space between words, a
trailing ``*`` for any ending. Terms are matched at the start of a word (anywhere in
Chinese, Japanese and Thai, written without spaces) and must end a word unless they
end in ``*``. One pass over the text finds every term of every language
(Aho-Corasick), so adding languages costs nothing per message.

The lists were written for graphmem, by category and language, preferring the words
that disclose over the topic's vocabulary ("my therapist", not "therapy"): the README
beside them says how. They add to the hand-written rules of
:mod:`graphmem.trust.sensitivity_words`, which keep the English grammar of a child's details
and of figurative uses.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from pathlib import Path

import ahocorasick

_FOLDER = Path(__file__).with_name("sensitivity_terms")
_UNSPACED = re.compile(r"[\u0e00-\u0eff\u3040-\u30ff\u3400-\u9fff]")
_SPACES = re.compile(r"\s+")


Entry = tuple[str, bool]  # (category, a stem: any ending allowed)


@functools.cache
def _automaton() -> ahocorasick.Automaton | None:
    terms: dict[str, list[Entry]] = {}
    for path in sorted(_FOLDER.glob("*.tsv")):
        for line in path.read_text(encoding="utf-8").splitlines():
            category, _, term = line.partition("\t")
            term = _SPACES.sub(" ", unicodedata.normalize("NFC", term.strip()).lower())
            word = term.rstrip("*")
            # Three letters or fewer make other words too often ("auf", "tcc"); the
            # hand-written rules keep the acronyms that matter ("HIV", "IVF", "OCD").
            if not category.strip() or (len(word) < 4 and not _UNSPACED.match(word[:1])):
                continue
            terms.setdefault(word, []).append((category.strip(), term.endswith("*")))
    if not terms:
        return None
    automaton = ahocorasick.Automaton()
    for word, entries in terms.items():
        automaton.add_word(word, (word, tuple(entries)))
    automaton.make_automaton()
    return automaton


def _in_word(char: str) -> bool:
    # Devanagari and Thai vowel signs are marks, not letters, yet part of the word.
    return char.isalnum() or unicodedata.category(char).startswith("M")


def categories(text: str) -> set[str]:
    """The categories whose terms ``text`` holds."""
    return {category for category, _ in matches(text)}


def matches(text: str) -> list[tuple[str, str]]:
    """(category, the words matched) for each term found: what made ``text`` sensitive."""
    automaton = _automaton()
    if automaton is None:
        return []
    folded = _SPACES.sub(" ", unicodedata.normalize("NFC", text).lower())
    out: list[tuple[str, str]] = []
    for last, (word, entries) in automaton.iter(folded):
        start = last - len(word) + 1
        unspaced = bool(_UNSPACED.match(word[0]))
        if not unspaced and start > 0 and (_in_word(folded[start - 1]) or folded[start - 1] == "-"):
            continue  # inside a word: "ill" is not in "bill", "agnostic" in "platform-agnostic"
        after = folded[last + 1 : last + 2]
        for category, stem in entries:
            if unspaced or stem or not after or not _in_word(after):
                out.append((category, folded[start : last + 1]))
    return out
