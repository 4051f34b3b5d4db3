"""Keyword matching: one analysis and a small BM25, shared by the embedded store and benches.

The analysis is Lucene's english analyzer, word for word, so that the embedded store and
the Neo4j full-text indexes match the same texts for the same query.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable
from functools import lru_cache

import regex
import Stemmer

# Unicode default word boundaries (UAX #29), as Lucene's StandardTokenizer splits words:
# "didn't", "3.14" and "snake_case" stay one word; hyphens and spaces split.
_BOUNDARY = regex.compile(r"(?w)\b")
# The same rules for ASCII text, five times faster: letters join across : . ' between
# letters, digits across , ; . ' between digits, and "_" joins anything.
_ASCII_WORD = re.compile(
    r"[A-Za-z0-9_]+(?:(?:(?<=[A-Za-z])[:.'](?=[A-Za-z])|(?<=[0-9])[,;.'](?=[0-9]))[A-Za-z0-9_]+)*"
)
_APOSTROPHES = "'\u2019\uff07"
# Lucene's StandardTokenizer cuts a longer word into pieces of this many characters (its
# maxTokenLength): so do the stores, whose keyword terms are then small enough for an index
# key (Neo4j's KeywordTerm nodes: cypher/write/keywords_set).
LONGEST = 255
# A contraction's tail after the apostrophe; its head carries the meaning.
_CLITICS = frozenset({"m", "re", "ve", "ll", "d", "t"})
_IRREGULAR_NOT = {"ca": "can", "wo": "will", "sha": "shall", "ai": "am"}

STOP_WORDS = frozenset(
    {
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "be",
        "been",
        "but",
        "by",
        "did",
        "do",
        "does",
        "for",
        "from",
        "had",
        "has",
        "have",
        "he",
        "her",
        "hers",
        "him",
        "his",
        "how",
        "i",
        "if",
        "in",
        "into",
        "is",
        "it",
        "its",
        "me",
        "my",
        "of",
        "on",
        "or",
        "our",
        "she",
        "so",
        "than",
        "that",
        "the",
        "their",
        "them",
        "then",
        "there",
        "these",
        "they",
        "this",
        "to",
        "was",
        "we",
        "were",
        "what",
        "when",
        "where",
        "which",
        "who",
        "whom",
        "why",
        "will",
        "with",
        "you",
        "your",
        "yours",
        "s",
        "t",
        "can",
        "could",
        "would",
        "should",
        "about",
        # The rest of Lucene's english stop set, so that no word the Neo4j index drops is
        # ever asked of the embedded one.
        "no",
        "not",
        "such",
        "am",
    }
)


@lru_cache(maxsize=1)
def _porter() -> Stemmer.Stemmer:
    return Stemmer.Stemmer("porter")


def _is_consonant(word: str, i: int) -> bool:
    # Porter's definition: not a, e, i, o, u, and y only after a vowel or at the start.
    if word[i] in "aeiou":
        return False
    if word[i] == "y":
        return i == 0 or not _is_consonant(word, i - 1)
    return True


def _has_measure(stem: str) -> bool:
    """Porter's m > 0: the stem has a vowel followed by a consonant."""
    return any(
        not _is_consonant(stem, i) and _is_consonant(stem, i + 1) for i in range(len(stem) - 1)
    )


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """Porter stem of a lower-cased word, as Lucene's PorterStemFilter makes it.

    Snowball's ``porter`` is the published algorithm; Lucene ports Porter's reference code,
    which leaves words of one or two letters alone and maps "-bli" to "-ble" and "-logi"
    to "-log" (Porter's noted departures). Those three differences are made here, so that
    "possibly" and "biology" meet the same words on both stores.
    """
    if len(word) <= 2:
        return word
    out = str(_porter().stemWord(word))
    if out.endswith("logi") and _has_measure(out[:-4]):
        return out[:-1]
    if out.endswith("bli") and _has_measure(out[:-3]):
        return str(_porter().stemWord(out[:-3] + "ble"))
    return out


def _lower(word: str) -> str:
    # Character by character, as Lucene lower-cases: no final sigma, "İ" becomes "i".
    if word.isascii():
        return word.lower()
    return "".join(ch.lower()[0] for ch in word)


def _contraction_of_stop_word(word: str) -> bool:
    """ "didn't", "I'm", "we've", "they'll": a stop word with its clitic."""
    for mark in _APOSTROPHES:
        head, found, tail = word.partition(mark)
        if found:
            break
    else:
        return False
    if tail not in _CLITICS:
        return False
    if tail == "t":
        if not head.endswith("n"):
            return False
        head = _IRREGULAR_NOT.get(head[:-1], head[:-1])
    return head in STOP_WORDS


def words(text: str) -> list[str]:
    """Lower-cased content words, unstemmed, as Lucene's english analyzer reads them.

    Words break at Unicode word boundaries; a possessive "'s" goes ("veteran's" is
    "veteran"); stop words go, and so do contractions of them ("didn't", "I'm", "we've")
    and words that stem to one ("doing"); any other contraction stays one word, as
    Lucene indexes it ("caroline'll").
    """
    return [word for piece in _pieces(text) if (word := _word(piece))]


def _pieces(text: str) -> Iterable[str]:
    return _cut(_split(text))


def _split(text: str) -> list[str]:
    return _ASCII_WORD.findall(text) if text.isascii() else _BOUNDARY.split(text)


@lru_cache(maxsize=65536)
def _word(piece: str) -> str:
    """The content word of one piece of text, or "" (a stop word, a mark): words repeat,
    so each is judged once (a store's texts share most of theirs)."""
    if not any(ch.isalpha() or ch.isdecimal() for ch in piece):
        return ""
    possessive = len(piece) >= 2 and piece[-2] in _APOSTROPHES and piece[-1] in "sS"
    word = _lower(piece[:-2] if possessive else piece)
    if word in STOP_WORDS or _contraction_of_stop_word(word) or stem(word) in _stop_stems():
        return ""
    return word


@lru_cache(maxsize=65536)
def _term(piece: str) -> str:
    word = _word(piece)
    return stem(word) if word else ""


def _cut(pieces: list[str]) -> Iterable[str]:
    """Each piece, a piece longer than ``LONGEST`` characters cut into pieces of that
    length (the last shorter), as Lucene's tokenizer cuts it."""
    for piece in pieces:
        if len(piece) <= LONGEST:
            yield piece
        else:
            yield from (piece[at : at + LONGEST] for at in range(0, len(piece), LONGEST))


@lru_cache(maxsize=1)
def _stop_stems() -> frozenset[str]:
    # "abouting" stems to "about": Lucene would match the "about" it indexes, which the
    # embedded index drops as a stop word. A word that stems to a stop word is one too.
    return frozenset(stem(w) for w in STOP_WORDS)


def tokens(text: str) -> list[str]:
    """The keyword terms of ``text``: its content words, Porter-stemmed. The one analysis
    every keyword index calls (the embedded store, benches); the Neo4j full-text indexes
    make the same terms with Lucene's english analyzer."""
    return [term for piece in _pieces(text) if (term := _term(piece))]


@lru_cache(maxsize=1024)
def terms(text: str) -> frozenset[str]:
    """``set(tokens(text))``, each distinct piece of the text analysed once (recall asks it
    of whole documents, whose words repeat), kept for the last 1,024 texts: recall reads the
    same candidates' words question after question."""
    return frozenset(term for piece in _cut(list(set(_split(text)))) if (term := _term(piece)))


class BM25:
    """Okapi BM25 over a set of documents that can grow and shrink."""

    def __init__(self, k1: float = 1.2, b: float = 0.75) -> None:
        self.k1, self.b = k1, b
        self._docs: dict[str, Counter[str]] = {}
        self._lengths: dict[str, int] = {}
        self._postings: dict[str, set[str]] = {}
        self._total = 0

    def __len__(self) -> int:
        return len(self._docs)

    def add(self, doc_id: str, text: str) -> None:
        self.remove(doc_id)
        counts = Counter(tokens(text))
        self._docs[doc_id] = counts
        self._lengths[doc_id] = sum(counts.values())
        self._total += self._lengths[doc_id]
        for term in counts:
            self._postings.setdefault(term, set()).add(doc_id)

    def remove(self, doc_id: str) -> None:
        counts = self._docs.pop(doc_id, None)
        if counts is None:
            return
        self._total -= self._lengths.pop(doc_id)
        for term in counts:
            posting = self._postings[term]
            posting.discard(doc_id)
            if not posting:
                del self._postings[term]

    def holds_all(self, doc_id: str, text: str) -> bool:
        """Whether the document has every word of ``text`` (its index entry still exists)."""
        counts = self._docs.get(doc_id)
        return counts is not None and all(term in counts for term in tokens(text))

    def search(
        self, query: str, limit: int, allowed: Iterable[str] | None = None
    ) -> list[tuple[str, float]]:
        """The best ``limit`` documents for ``query``, restricted to ``allowed`` ids if given."""
        terms = set(tokens(query))
        if not terms or not self._docs:
            return []
        keep = None if allowed is None else set(allowed)
        n = len(self._docs)
        mean = self._total / n or 1.0
        scores: dict[str, float] = {}
        for term in sorted(terms):  # the order the stores add a score's terms up in
            posting = self._postings.get(term)
            if not posting:
                continue
            idf = math.log(1 + (n - len(posting) + 0.5) / (len(posting) + 0.5))
            for doc_id in posting:
                if keep is not None and doc_id not in keep:
                    continue
                tf = self._docs[doc_id][term]
                norm = tf + self.k1 * (1 - self.b + self.b * self._lengths[doc_id] / mean)
                scores[doc_id] = scores.get(doc_id, 0.0) + idf * tf * (self.k1 + 1) / norm
        ranked = sorted(scores.items(), key=lambda item: (-item[1], item[0]))
        return ranked[:limit]
