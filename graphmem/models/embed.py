"""Embedders behind one interface, and exact cosine search.

An :class:`Embedder` turns texts into unit vectors. Its ``name`` and
``dimensions`` are recorded with a vector index, and :func:`check_compatible`
refuses to mix vectors from two embedders::

    embedder = HashingEmbedder()                      # no model at all, no download
    embedder = OpenAIEmbedder(openai.OpenAI(), "text-embedding-3-small")
    vectors = embedder.embed(["maya lives_in Denver"])
    top_k(embedder.embed(["where does Maya live"])[0], list(zip(ids, vectors)), k=5)

:class:`HashingEmbedder` needs nothing but the standard library and gives the
same vectors on every machine; it matches words and their light variants
("lives", "living", "live"), not meanings ("home" does not match "lives"); for
meanings offline, :class:`graphmem.models.semantic.WordLlamaEmbedder` (``semantic``, the
default for a new store) or :class:`graphmem.models.contextual.MiniLMEmbedder` (the
``contextual`` extra).
Everything here is plain Python: numpy would not speed up :func:`top_k` on
lists of floats, since converting them costs as much as the arithmetic.
"""

from __future__ import annotations

import functools
import hashlib
import heapq
import importlib
import math
import operator
import re
from collections.abc import Iterable, Sequence
from itertools import pairwise
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from graphmem.errors import EmbeddingMismatch, InvalidArgument, ModelReplyInvalid

if TYPE_CHECKING:  # the openai client loads only with an OpenAI embedder
    import openai

    from graphmem.models.llm import RetryPolicy


class Embedder(Protocol):
    """Turns texts into unit vectors of ``dimensions`` floats, one per text, in order."""

    @property
    def name(self) -> str:
        """Which embedder made the vectors, e.g. ``"hashing-v1"`` or ``"openai:<model>"``."""
        ...

    @property
    def dimensions(self) -> int: ...

    def embed(self, texts: Sequence[str]) -> list[list[float]]: ...


def check_compatible(recorded_name: str, recorded_dimensions: int, embedder: Embedder) -> None:
    """Raise :class:`EmbeddingMismatch` unless ``embedder`` is the one the index was built with."""
    if recorded_name == embedder.name and recorded_dimensions == embedder.dimensions:
        return
    raise EmbeddingMismatch(
        f"the vector index was built with embedder {recorded_name!r} "
        f"({recorded_dimensions} dimensions), but the configured embedder is "
        f"{embedder.name!r} ({embedder.dimensions} dimensions); vectors of different "
        f"embedders cannot be compared. Configure the original embedder "
        f"({recorded_name!r}, {recorded_dimensions} dimensions), or re-embed the stored "
        f"texts with {embedder.name!r}."
    )


# -- vectors ---------------------------------------------------------------------------


def cosine(a: Sequence[float], b: Sequence[float]) -> float:
    """Cosine similarity; 0.0 when either vector is all zeros."""
    if len(a) != len(b):
        raise InvalidArgument(f"cosine of vectors with {len(a)} and {len(b)} dimensions")
    norms = math.sqrt(_dot(a, a)) * math.sqrt(_dot(b, b))
    return _dot(a, b) / norms if norms else 0.0


def top_k(
    query_vec: Sequence[float], candidates: Sequence[tuple[str, Sequence[float]]], k: int
) -> list[tuple[str, float]]:
    """The ``k`` candidates most cosine-similar to ``query_vec``, best first, exactly.

    Equal scores are ordered by id, so the answer does not depend on input order.
    """
    if isinstance(k, bool) or not isinstance(k, int) or k < 0:
        raise InvalidArgument(f"k={k!r}: use a whole number, 0 or more")
    width = len(query_vec)
    query_norm = math.sqrt(_dot(query_vec, query_vec))
    scored: list[tuple[str, float]] = []
    for key, vector in candidates:
        if len(vector) != width:
            raise InvalidArgument(
                f"candidate {key!r} has {len(vector)} dimensions, the query {width}"
            )
        norms = query_norm * math.sqrt(_dot(vector, vector))
        scored.append((key, _dot(query_vec, vector) / norms if norms else 0.0))
    return heapq.nsmallest(k, scored, key=lambda pair: (-pair[1], pair[0]))


def _dot(a: Iterable[float], b: Iterable[float]) -> float:
    total: float = sum(map(operator.mul, a, b))
    return total


def _unit(vector: Sequence[float]) -> list[float]:
    norm = math.sqrt(_dot(vector, vector))
    return [float(x) / norm for x in vector] if norm else [float(x) for x in vector]


def _check_texts(texts: Sequence[str]) -> list[str]:
    if isinstance(texts, str):
        raise InvalidArgument("embed() takes a sequence of texts; wrap one text as [text]")
    wrong = [i for i, text in enumerate(texts) if not isinstance(text, str)]
    if wrong:
        raise InvalidArgument(f"embed(): texts at positions {wrong[:5]} are not str")
    return list(texts)


def _check_dimensions(dimensions: int) -> int:
    if isinstance(dimensions, bool) or not isinstance(dimensions, int) or dimensions < 1:
        raise InvalidArgument(f"dimensions={dimensions!r}: use a whole number, 1 or more")
    return dimensions


# -- the embedder without a model ---------------------------------------------------------

_WORD = re.compile(r"[^\W_]+")  # letters and digits; "lives_in" is two words
_STOP_TEXT = """
    a about above after again all am an and any are as at be been being before below
    between both but by can could did do does doing done down during each few for from
    further had has have having he her here hers herself him himself his how i if in into
    is it its itself just me more most my myself no nor not now of off on once only or
    other our ours ourselves out over own same she should so some such than that the
    their theirs them themselves then there these they this those through to too under
    until up very was we were what when where which while who whom why will with would
    you your yours yourself yourselves d ll m re s t ve
"""
_STOP_WORDS = frozenset(_STOP_TEXT.split())
_UNIGRAM, _BIGRAM, _TRIGRAM = 1.0, 0.7, 0.25  # weight of one occurrence of each feature kind
_HASH_KEY = b"graphmem-hv1"  # part of the algorithm: changing it changes every vector


@functools.lru_cache(maxsize=1 << 16)
def _hash(feature: str) -> int:
    """A 64-bit hash, the same on every machine (unlike ``hash()``)."""
    digest = hashlib.blake2b(feature.encode(), digest_size=8, person=_HASH_KEY).digest()
    return int.from_bytes(digest, "little")


@functools.lru_cache(maxsize=1 << 16)
def _stem(word: str) -> str:
    """A light English stemmer: plurals, -ing and -ed, then a final e ("lives" -> "liv")."""
    if len(word) <= 3 or not word.isalpha():
        return word
    if word.endswith(("ies", "ied")) and len(word) > 4:
        word = word[:-3] + "y"
    elif word.endswith("sses"):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    elif word.endswith("ing") and len(word) >= 6:
        word = _undouble(word[:-3])
    elif word.endswith("ed") and not word.endswith("eed") and len(word) >= 5:
        word = _undouble(word[:-2])
    if len(word) >= 4 and word.endswith("e"):
        word = word[:-1]
    return word


def _undouble(stem: str) -> str:
    """running -> runn -> run, stopped -> stopp -> stop (but falling -> fall)."""
    if len(stem) >= 3 and stem[-1] == stem[-2] and stem[-1] not in "aeiouls":
        return stem[:-1]
    return stem


@functools.lru_cache(maxsize=1 << 16)
def _word_features(word: str) -> tuple[tuple[int, float], ...]:
    """The word's stem and its character trigrams (with boundary marks), hashed."""
    padded = f"<{word}>"
    trigrams = [(_hash("c:" + padded[i : i + 3]), _TRIGRAM) for i in range(len(padded) - 2)]
    return ((_hash("w:" + _stem(word)), _UNIGRAM), *trigrams)


def _features(text: str) -> dict[int, float]:
    """Hashed features with sublinear tf: ``weight * (1 + ln(count))``."""
    words = _WORD.findall(text.lower())
    content = [w for w in words if w not in _STOP_WORDS] or words
    found: list[tuple[int, float]] = []
    for word in content:
        found.extend(_word_features(word))
    stems = [_stem(w) for w in content]
    found.extend((_hash(f"b:{a} {b}"), _BIGRAM) for a, b in pairwise(stems))
    if not found:
        found.append((_hash("e:"), 1.0))  # empty or punctuation only: one shared direction
    counts: dict[int, list[float]] = {}
    for key, weight in found:
        entry = counts.setdefault(key, [weight, 0.0])
        entry[1] += 1.0
    return {key: weight * (1.0 + math.log(n)) for key, (weight, n) in counts.items()}


class HashingEmbedder:
    """Feature hashing of words, word pairs and character trigrams; offline and deterministic.

    Lower-cased words, stop words dropped (kept when a text has nothing else),
    lightly stemmed; features are hashed with blake2b into ``dimensions`` signed
    buckets with sublinear term frequency, then L2-normalised. Any change to
    the algorithm must change :attr:`name`, so that old indexes are refused.
    """

    name = "hashing-v1"

    def __init__(self, dimensions: int = 256) -> None:
        self.dimensions = _check_dimensions(dimensions)

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        return [self._vector(text) for text in _check_texts(texts)]

    def _vector(self, text: str) -> list[float]:
        size = self.dimensions
        buckets: dict[int, float] = {}
        for key, value in _features(text).items():
            index = (key & 0x7FFF_FFFF_FFFF_FFFF) % size
            signed = value if key >> 63 else -value
            buckets[index] = buckets.get(index, 0.0) + signed
        norm = math.sqrt(sum(v * v for v in buckets.values()))
        vector = [0.0] * size
        if norm:
            for index, value in buckets.items():
                vector[index] = value / norm
        return vector

    def __repr__(self) -> str:
        return f"HashingEmbedder(dimensions={self.dimensions})"


# -- model endpoints -----------------------------------------------------------------------

KNOWN_DIMENSIONS = {
    "text-embedding-3-small": 1536,
    "text-embedding-3-large": 3072,
    "text-embedding-ada-002": 1536,
}
"""Native sizes of OpenAI's embedding models; other models' sizes are learnt from a reply."""


class OpenAIEmbedder:
    """An OpenAI-compatible embeddings endpoint, through :class:`~graphmem.models.llm.ModelClient`.

    Texts are sent ``batch_size`` at a time, with the model client's retries and
    error translation (:class:`~graphmem.errors.ModelCallFailed` when the endpoint
    keeps failing). ``dimensions`` is sent to the endpoint (text-embedding-3 models
    shorten their vectors); without it the size is the model's native one, known
    for OpenAI's models and otherwise learnt from the first reply (reading
    :attr:`dimensions` before any call embeds one probe text). Every reply must
    keep that size, or :class:`~graphmem.errors.ModelReplyInvalid` is raised.
    """

    def __init__(
        self,
        client: openai.OpenAI,
        model: str,
        dimensions: int | None = None,
        *,
        batch_size: int = 256,
        retry: RetryPolicy | None = None,
    ) -> None:
        from graphmem.models.llm import ModelClient  # noqa: PLC0415 - openai loads on use

        self._client = ModelClient(client, model, retry=retry)
        if isinstance(batch_size, bool) or not isinstance(batch_size, int) or batch_size < 1:
            raise InvalidArgument(f"batch_size={batch_size!r}: use a whole number, 1 or more")
        self.model = model
        self.batch_size = batch_size
        self._requested = None if dimensions is None else _check_dimensions(dimensions)
        self._dimensions = self._requested or KNOWN_DIMENSIONS.get(model)
        self._sized_by = "requested" if self._requested else f"the size of {model!r}"

    @property
    def name(self) -> str:
        return f"openai:{self.model}"

    @property
    def dimensions(self) -> int:
        if self._dimensions is None:
            self.embed(["dimension probe"])
        if self._dimensions is None:  # pragma: no cover - embed() sets it or raises
            raise ModelReplyInvalid(f"{self.name} returned no vector to learn its size from")
        return self._dimensions

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        batch = self.batch_size
        checked = _check_texts(texts)
        vectors: list[list[float]] = []
        for start in range(0, len(checked), batch):
            vectors.extend(self._embed_batch(checked[start : start + batch]))
        return vectors

    def _embed_batch(self, texts: list[str]) -> list[list[float]]:
        rows = self._client.embed(texts, model=self.model, dimensions=self._requested).value
        expected = self._dimensions or (len(rows[0]) if rows else None)
        sizes = sorted({len(row) for row in rows})
        if expected is not None and sizes and sizes != [expected]:
            raise ModelReplyInvalid(
                f"model {self.model!r} at {self._client.endpoint} returned vectors of "
                f"{sizes} dimensions; expected {expected} ({self._sized_by})"
            )
        if expected == 0:
            raise ModelReplyInvalid(f"model {self.model!r} returned empty vectors")
        if self._dimensions is None:
            self._dimensions = expected
            self._sized_by = f"the size of its first reply for {self.model!r}"
        return [_unit(row) for row in rows]

    def __repr__(self) -> str:
        return f"OpenAIEmbedder(model={self.model!r}, dimensions={self._dimensions})"


class SentenceTransformerEmbedder:
    """A local sentence-transformers model (the optional ``sentence-transformers`` extra).

    Pass a local folder to stay offline; a model name is fetched from its hub by
    sentence-transformers itself. The :attr:`name` of a folder is its last path
    part, so that moving the folder keeps the index compatible.
    """

    def __init__(self, model_name_or_path: str) -> None:
        try:
            module = importlib.import_module("sentence_transformers")
        except ImportError as exc:
            raise InvalidArgument(
                "SentenceTransformerEmbedder needs the optional sentence-transformers extra: "
                "pip install 'graphmem[sentence-transformers]' (or use HashingEmbedder, "
                "which needs nothing)"
            ) from exc
        self._model = module.SentenceTransformer(model_name_or_path)
        folder = Path(model_name_or_path)
        label = folder.name if folder.is_dir() else model_name_or_path
        self.name = f"sentence-transformers:{label}"
        # sentence-transformers 5 renamed the method; older releases have only the old name.
        dimension = (
            getattr(self._model, "get_embedding_dimension", None)
            or self._model.get_sentence_embedding_dimension
        )
        self.dimensions = _check_dimensions(int(dimension()))

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        checked = _check_texts(texts)
        if not checked:
            return []
        rows = self._model.encode(checked, normalize_embeddings=True, show_progress_bar=False)
        return [_unit([float(x) for x in row]) for row in rows]

    def __repr__(self) -> str:
        return f"SentenceTransformerEmbedder({self.name!r}, dimensions={self.dimensions})"


__all__ = [
    "KNOWN_DIMENSIONS",
    "Embedder",
    "HashingEmbedder",
    "OpenAIEmbedder",
    "SentenceTransformerEmbedder",
    "check_compatible",
    "cosine",
    "top_k",
]
