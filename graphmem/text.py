"""Keyword matching: one tokenizer and a small BM25, shared by the embedded store and benches."""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable

_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")

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
    }
)


def _stem(word: str) -> str:
    # Light suffix folding so that "lives" meets "live" and "meetings" meets "meeting".
    for suffix, keep in (("ies", "y"), ("ing", ""), ("ed", ""), ("es", ""), ("s", "")):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: len(word) - len(suffix)] + keep
    return word


def words(text: str) -> list[str]:
    """Lower-cased content words, unstemmed (what a Lucene standard analyzer indexes)."""
    found = _WORD.findall(text.replace("_", " ").casefold())
    return [w for w in found if w not in STOP_WORDS]


def tokens(text: str) -> list[str]:
    """Lower-cased, stemmed content words; snake_case predicates split into words."""
    words = _WORD.findall(text.replace("_", " ").casefold())
    return [_stem(w) for w in words if w not in STOP_WORDS]


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
        for term in terms:
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
