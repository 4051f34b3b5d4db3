"""How people ask about a relation without naming it: ``relation_words.tsv``.

"Where does Joaquin work out?" asks for his ``gym``, not where he works; "what is Tamsin
working as?" for her ``job_title``; "who does my aunt root for?" for her ``team``. A
relation's own name rarely appears in the question, and the offline embedders do not
bridge these: the static table puts "work out" nearest "works at". The table lists, for
everyday relations (by the words of their names, so a model's ``favourite_gym`` is a gym
too), the phrases that ask about them; recall reads a question's relation as the one
whose phrase it says, the longest phrase winning ("work out" over "work").

Words are compared as stems, accents folded ("café" is "cafe", "check-ups" is "check
up"). English only: a question in another language is left to the embedder.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from pathlib import Path

from graphmem.store.text import stem

_TABLE = Path(__file__).with_name("relation_words.tsv")
_WORD = re.compile(r"[^\W_]+")  # "check-ups" is two words, "wi-fi" too

Phrase = tuple[str, ...]


@functools.lru_cache(maxsize=1024)
def said(text: str) -> Phrase:
    """The stems of ``text``'s words, lower-cased and without accents, stop words kept
    ("do for a living" is four words); kept for the last 1,024 texts, as :func:`terms`."""
    folded = text.casefold()
    if not folded.isascii():  # nothing to fold otherwise: recall reads whole documents
        folded = unicodedata.normalize("NFKD", folded)
        folded = "".join(ch for ch in folded if not unicodedata.combining(ch))
    return tuple(map(stem, _WORD.findall(folded)))


@functools.cache
def _table() -> tuple[tuple[list[str], list[str]], ...]:
    """The table's rows as written: (names, phrases)."""
    rows = []
    for line in _TABLE.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith(("#", "names\t")):
            names, phrases = line.split("\t")
            rows.append((names.split("|"), phrases.split("|")))
    return tuple(rows)


@functools.cache
def _rows() -> tuple[tuple[tuple[frozenset[str], ...], tuple[Phrase, ...]], ...]:
    return tuple(
        (
            tuple(frozenset(said(n.replace("_", " "))) for n in names),
            tuple(p for p in (said(p) for p in phrases) if p),
        )
        for names, phrases in _table()
    )


def relations() -> tuple[str, ...]:
    """The first name of every row: a relation for each everyday thing the table knows."""
    return tuple(names[0] for names, _ in _table())


@functools.cache
def phrases_of(relation: str) -> tuple[Phrase, ...]:
    """The phrases that ask about ``relation``: those of every row one of whose names has
    all its words in the relation's name (none for a relation no row is about)."""
    name = frozenset(said(relation.replace("_", " ")))
    found: dict[Phrase, None] = {}
    for names, phrases in _rows():
        if any(n and n <= name for n in names):
            found.update(dict.fromkeys(phrases))
    return tuple(found)


def asked_by(question: Phrase, relation: str) -> int:
    """How many words the longest phrase of ``relation`` that ``question`` (its
    :func:`said` words) says, word for word, has; 0 when it says none."""
    best = 0
    for phrase in phrases_of(relation):
        size = len(phrase)
        if size > best and any(
            question[at : at + size] == phrase for at in range(len(question) - size + 1)
        ):
            best = size
    return best
