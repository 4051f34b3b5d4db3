"""The embedded store's keyword index: Okapi BM25 (k1 1.2, b 0.75) over
``graphmem.store.text.tokens``, in tantivy once a namespace is large.

tantivy's commit takes 0.1-0.5 s, too slow to follow every write, so the index
has two parts: a *base* in tantivy (written when the store compacts) and a
*delta* in Python of the documents written or changed since. A query scores the
base in tantivy and the delta here with the same formula (document frequencies
summed over both), and merges them. A namespace below ``BASE_FROM`` documents
never gets a base: its delta scores exactly like ``graphmem.store.text.BM25``.

The filter applies before ranking: base hits are read in growing pages until
``limit`` admitted ones are found or the matches run out, so an admitted
document is never lost to refused ones above it.

A forget rebuilds the base from the live documents (tantivy only marks deleted
documents, their terms stay in its files until a merge): no file keeps a
forgotten document's words.
"""

from __future__ import annotations

import math
import shutil
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import numpy as np
import tantivy

from graphmem.store.text import tokens

# A turn is indexed with the words of the turns around it (graphmem/write/context.py).
# Both stores index a turn and its context as one BM25 text with the turn's own words
# written this many times (a field weight). Without it, a turn and its neighbours held the
# same words and tied; at 3, simulated R@10 / R@1: LoCoMo 0.805 / 0.403 (equal weights
# 0.800 / 0.354), REALTALK 0.714 / 0.378 (0.691 / 0.306); 2 gave 0.808 / 0.396 and
# 0.697 / 0.361. (Neo4j once scored content and context as two Lucene fields, the context
# boosted by half; one text scored alike on both stores replaced it, issue 36.)
OWN_WEIGHT = 3
BASE_FROM = 2000  # documents; below, the Python delta alone is exact and fast
K1, B = 1.2, 0.75  # Okapi BM25, on both stores (the Neo4j store passes them to its Cypher)

_HEAP = 15_000_000


def keyword_text(data: dict[str, Any]) -> str:
    """What a node's keyword entry indexes: a fact's search text; an episode's content
    and the words of the turns around it (never quoted, only matched). The content is
    written ``OWN_WEIGHT`` times so that the turn that says the words outranks the
    neighbours that only heard them (BM25F with the context at a lower weight)."""
    if data.get("label") == "Fact":
        return str(data.get("search_text") or "")
    content = str(data.get("content") or "")
    context = data.get("context_text")
    if not context:
        return content
    return "\n".join([content] * OWN_WEIGHT + [str(context)])


def keyword_counts(data: dict[str, Any]) -> Counter[str]:
    """``Counter(tokens(keyword_text(data)))``, analysing an episode's content once
    rather than ``OWN_WEIGHT`` times (the pieces of a text never join across a line)."""
    if data.get("label") == "Fact" or not data.get("context_text"):
        return Counter(tokens(keyword_text(data)))
    own = Counter(tokens(str(data.get("content") or "")))
    counts = Counter({term: n * OWN_WEIGHT for term, n in own.items()})
    counts.update(tokens(str(data["context_text"])))
    return counts


def spaced(text: str | None) -> str:
    """The keyword terms of ``text`` as the Neo4j store keeps them: each with a space on
    either side (" live  denver "), so that a Lucene whitespace analyzer reads the terms,
    two such texts join by concatenation, and a term's count is the number of pieces a
    split on " term " makes, less one (cypher/recall/candidates_facts)."""
    return "".join(f" {term} " for term in tokens(text or ""))


def spaced_context(text: str | None) -> str | None:
    """The spaced terms of an episode's context; None when it has none (an episode without
    one is indexed by its content alone: keyword_text)."""
    return spaced(text) if text else None


def _idf(n: int, df: int) -> float:
    """Okapi BM25's idf of a term ``df`` of ``n`` documents hold."""
    return math.log(1 + (n - df + 0.5) / (df + 0.5))


def _schema() -> Any:
    builder = tantivy.SchemaBuilder()
    # The text is already analysed by tokens(): tantivy only splits it again on spaces.
    builder.add_text_field("body", tokenizer_name="whitespace")
    builder.add_integer_field("row", stored=False, indexed=True, fast=True)
    return builder.build()


_SCHEMA = _schema()


class KeywordRows:
    """BM25 over the documents of one namespace and label, keyed by row."""

    def __init__(self) -> None:
        self.base: Any = None  # tantivy.Index
        self._searcher: Any = None
        self.base_rows: set[int] = set()
        self.base_tokens = 0
        self.stale: set[int] = set()  # base rows removed or rewritten since
        self.erased = False  # a forget since the base was written: rebuild it
        # Each base row's analysed terms, as tantivy was given them: a rebuild after a
        # forget reads these instead of analysing every text again.
        self.base_terms: dict[int, str] = {}
        self.docs: dict[int, Counter[str]] = {}
        self.lengths: dict[int, int] = {}
        self.postings: dict[str, set[int]] = {}
        self.delta_tokens = 0
        # A term's postings as arrays (rows, term counts, document lengths), made when a
        # query asks and dropped when a document with the term changes.
        self._arrays: dict[str, tuple[Any, Any, Any]] = {}

    def __len__(self) -> int:
        return len(self.base_rows) - len(self.stale) + len(self.docs)

    # ---- changes ----------------------------------------------------------

    def add(self, row: int, counts: Counter[str]) -> None:
        """Index ``row`` by its terms, counted (``keyword_counts``)."""
        self.remove(row)
        self.docs[row] = counts
        self.lengths[row] = counts.total()
        self.delta_tokens += self.lengths[row]
        for term in counts:
            self.postings.setdefault(term, set()).add(row)
            self._arrays.pop(term, None)

    def remove(self, row: int, *, erase: bool = False) -> None:
        if row in self.base_rows:
            self.stale.add(row)
            self.erased = self.erased or erase
            self.base_terms.pop(row, None)
        counts = self.docs.pop(row, None)
        if counts is None:
            return
        self.delta_tokens -= self.lengths.pop(row)
        for term in counts:
            self._arrays.pop(term, None)
            posting = self.postings[term]
            posting.discard(row)
            if not posting:
                del self.postings[term]

    # ---- reads ------------------------------------------------------------

    def search(
        self, text: str, limit: int, admitted: Any, names: list[str | None]
    ) -> list[tuple[int, float]]:
        """The best ``limit`` (row, score) among rows where ``admitted[row]``; ties go
        to the smaller id (``names[row]``), as in ``graphmem.store.text.BM25``."""
        terms = set(tokens(text))
        if not terms or not len(self) or limit <= 0:
            return []
        found = self._search_delta(terms, admitted) + self._search_base(terms, limit, admitted)
        found.sort(key=lambda hit: (-hit[1], names[hit[0]] or ""))
        return found[:limit]

    def idfs(self, text: str) -> tuple[float, ...]:
        """The idf of each distinct term of ``text`` in this index, in term order (a term
        no document holds has the largest): what recall bounds a query's keyword score by."""
        n = len(self.base_rows) + len(self.docs)
        return tuple(_idf(n, self._stats(term)) for term in sorted(set(tokens(text))))

    def _stats(self, term: str) -> int:
        base = self._searcher.doc_freq("body", term) if self._searcher is not None else 0
        return int(base) + len(self.postings.get(term, ()))

    def _search_delta(self, terms: set[str], admitted: Any) -> list[tuple[int, float]]:
        n = len(self.base_rows) + len(self.docs)
        mean = (self.base_tokens + self.delta_tokens) / n or 1.0
        total = np.zeros(len(admitted), dtype=np.float64)
        found = np.zeros(len(admitted), dtype=bool)
        for term in sorted(terms):  # a score adds its terms up in this order on both stores
            posting = self.postings.get(term)
            if not posting:
                continue
            idf = _idf(n, self._stats(term))
            rows, tf, length = self._posting_arrays(term, posting)
            keep = admitted[rows]
            rows, tf, length = rows[keep], tf[keep], length[keep]
            norm = tf + K1 * (1 - B + B * length / mean)
            total[rows] += idf * tf * (K1 + 1) / norm
            found[rows] = True
        hits = np.flatnonzero(found)
        return list(zip(hits.tolist(), total[hits].tolist(), strict=True))

    def _posting_arrays(self, term: str, posting: set[int]) -> tuple[Any, Any, Any]:
        arrays = self._arrays.get(term)
        if arrays is None:
            rows = np.fromiter(posting, np.int64, len(posting))
            docs, lengths = self.docs, self.lengths
            tf = np.fromiter((docs[row][term] for row in rows.tolist()), np.float64, len(rows))
            length = np.fromiter((lengths[row] for row in rows.tolist()), np.float64, len(rows))
            arrays = self._arrays[term] = (rows, tf, length)
        return arrays

    def _query(self, terms: Iterable[str], occur: Any) -> Any:
        clauses = [(occur, tantivy.Query.term_query(_SCHEMA, "body", t)) for t in sorted(terms)]
        return tantivy.Query.boolean_query(clauses)

    def _search_base(self, terms: set[str], limit: int, admitted: Any) -> list[tuple[int, float]]:
        if self._searcher is None:
            return []
        query = self._query(terms, tantivy.Occur.Should)
        page = max(4 * limit, 64)
        while True:
            hits = self._searcher.search(query, page).hits
            rows = self._searcher.fast_field_values("row", [address for _, address in hits])
            out = [
                (int(row), float(score))
                for (score, _), row in zip(hits, rows, strict=True)
                if row is not None and row not in self.stale and admitted[row]
            ]
            if len(out) >= limit or len(hits) < page:
                return out[:limit]
            page *= 4  # the filter refused too many: read further down

    def holds_all(self, row: int, text: str) -> bool:
        """Whether the row's entry has every word of ``text`` (the entry still exists)."""
        terms = tokens(text)
        counts = self.docs.get(row)
        if counts is not None:
            return all(term in counts for term in terms)
        if row not in self.base_rows or row in self.stale or self._searcher is None:
            return False
        must = [(tantivy.Occur.Must, tantivy.Query.term_query(_SCHEMA, "body", t)) for t in terms]
        must.append((tantivy.Occur.Must, tantivy.Query.term_query(_SCHEMA, "row", row)))
        return bool(self._searcher.search(tantivy.Query.boolean_query(must), 1).count)

    # ---- the base on disk --------------------------------------------------

    def wants_base(self) -> bool:
        return len(self) >= BASE_FROM or self.base is not None

    def write_base(self, folder: Path, live: Iterable[tuple[int, str]]) -> None:
        """Move the delta into tantivy at ``folder``; rebuild it when there is no base yet
        or a forget erased from it, from the terms it holds (``live``, every live row and
        its text, is read only for rows whose terms are not held: a base read from files
        written before they were kept)."""
        if self.base is None or self.erased or not folder.exists():
            fresh = folder.with_name(folder.name + ".new")
            shutil.rmtree(fresh, ignore_errors=True)
            fresh.mkdir(parents=True)
            index = tantivy.Index(_SCHEMA, path=str(fresh))
            writer = index.writer(heap_size=_HEAP, num_threads=1)
            kept = self.base_rows - self.stale
            if kept <= self.base_terms.keys():
                rows = [(row, self.base_terms[row]) for row in sorted(kept)]
            else:
                rows = [(row, " ".join(tokens(text))) for row, text in live if row not in self.docs]
            rows += [(row, " ".join(counts.elements())) for row, counts in self.docs.items()]
            total = 0
            for row, body in rows:
                writer.add_document(tantivy.Document(body=body, row=row))
                total += body.count(" ") + 1 if body else 0
            writer.commit()
            writer.wait_merging_threads()
            del writer, index
            shutil.rmtree(folder, ignore_errors=True)
            fresh.rename(folder)
            self.base_terms = dict(rows)
            self.base_rows, self.base_tokens = set(self.base_terms), total
        else:
            writer = self.base.writer(heap_size=_HEAP, num_threads=1)
            for row in self.stale | set(self.docs):
                writer.delete_documents_by_term("row", row)
            added = {row: " ".join(counts.elements()) for row, counts in self.docs.items()}
            for row, body in added.items():
                writer.add_document(tantivy.Document(body=body, row=row))
            writer.commit()
            writer.wait_merging_threads()
            del writer
            for row in self.stale:
                self.base_terms.pop(row, None)
            self.base_terms.update(added)
            self.base_rows = (self.base_rows - self.stale) | set(self.docs)
            self.base_tokens = self.base_tokens + self.delta_tokens
        self.open_base(folder)
        self.docs, self.postings, self.lengths, self.delta_tokens = {}, {}, {}, 0
        self._arrays = {}
        self.stale, self.erased = set(), False

    def open_base(self, folder: Path) -> None:
        self.base = tantivy.Index.open(str(folder))
        self.base.reload()
        self._searcher = self.base.searcher()

    def drop_base(self) -> None:
        self.base = self._searcher = None
