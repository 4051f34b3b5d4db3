"""The default embedder: it matches meanings, offline, from one wheel.

graphmem depends on the PyPI package ``wordllama``, whose wheel
ships a static embedding table (l2_supercat: 256 dimensions, one vector per token of the
Llama 2 tokenizer, trained to embed sentences) and its tokenizer. A text's vector is the
mean of its tokens' vectors, so "who is my employer" lands near "I work at Acme"
although they share no word — which :class:`~graphmem.models.embed.HashingEmbedder` cannot do.
A new store uses it unless ``GRAPHMEM_EMBEDDER`` (or ``--embedder``) names another; switch an
existing store to it with ``graphmem reembed --embedder semantic``.

Nothing is downloaded, ever: the two files are read from the installed package with
``tokenizers`` and ``safetensors``. The package's own Python code is not imported, since
its loader looks for the bundled tokenizer in the wrong folder and then fetches it from
a model hub, and its inference module configures the root logger on import.
bench/embedders.py compares this model with the other candidates (size, latency,
quality); docs/benchmarks-log.md has the figures.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from graphmem.errors import InvalidArgument
from graphmem.models import extras
from graphmem.models.embed import _check_texts

PACKAGE = "wordllama"
TOKENIZER = "tokenizers/l2_supercat_tokenizer_config.json"
WEIGHTS = "weights/l2_supercat_256.safetensors"
_CHUNK = 4096  # tokens summed at a time: a long email needs no big temporary array
_INSTALL = (
    "the semantic embedder needs wordllama, tokenizers and safetensors, which graphmem "
    "installs: reinstall graphmem (or set GRAPHMEM_EMBEDDER=hashing, which needs nothing)"
)


def model_folder() -> Path:
    """Where the installed ``wordllama`` package keeps its files, found without importing it."""
    locations = extras.package_folders(PACKAGE, _INSTALL)
    for folder in locations:
        if (folder / TOKENIZER).is_file() and (folder / WEIGHTS).is_file():
            return folder
    raise InvalidArgument(
        f"the installed {PACKAGE} package in {locations[0]} has no {WEIGHTS} and "
        f"{TOKENIZER}: {_INSTALL}, which installs a version that ships them"
    )


@functools.cache
def _model() -> tuple[Any, np.ndarray]:
    """The tokenizer and the table, read once per process: every store a process opens
    shares them (both are only read), so opening a store costs no 0.1 s reload."""
    tokenizers = extras.module("tokenizers", _INSTALL)
    safetensors = extras.module("safetensors", _INSTALL)
    folder = model_folder()
    tokenizer = tokenizers.Tokenizer.from_file(str(folder / TOKENIZER))
    tokenizer.no_padding()
    tokenizer.no_truncation()
    with safetensors.safe_open(str(folder / WEIGHTS), framework="np") as weights:
        table = np.ascontiguousarray(weights.get_tensor("embedding.weight"), np.float32)
    if table.ndim != 2 or table.shape[1] != WordLlamaEmbedder.dimensions:
        raise InvalidArgument(
            f"{folder / WEIGHTS} holds a {table.shape} table, "
            f"not {WordLlamaEmbedder.dimensions} columns"
        )
    table.setflags(write=False)
    return tokenizer, table


class WordLlamaEmbedder:
    """WordLlama's l2_supercat model, 256 dimensions, from the ``semantic`` extra.

    Texts are tokenized without special tokens; a text's vector is the mean of its
    tokens' rows, L2-normalised. A text with no tokens (the empty string) gets one
    fixed direction, as with the hashing embedder. The :attr:`name` names the model and
    its size; the extra pins the package's major version, so the name always means the
    same table.
    """

    name = "semantic:wordllama-l2-supercat-256"
    dimensions = 256

    def __init__(self) -> None:
        self._tokenizer, self._table = _model()
        self._empty = np.zeros(self.dimensions, np.float64)
        self._empty[0] = 1.0

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        checked = _check_texts(texts)
        if not checked:
            return []
        rows = np.empty((len(checked), self.dimensions), np.float64)
        last = self._table.shape[0] - 1
        for i, text in enumerate(checked):
            # One text at a time: encode_batch would start a thread pool, which costs more
            # than it saves on short texts and warns in a process that forks afterwards.
            encoding = self._tokenizer.encode(text, add_special_tokens=False)
            ids = np.clip(np.asarray(encoding.ids, np.int64), 0, last)
            total = np.zeros(self.dimensions, np.float64)
            for start in range(0, len(ids), _CHUNK):
                total += self._table[ids[start : start + _CHUNK]].sum(axis=0, dtype=np.float64)
            norm = float(np.linalg.norm(total))
            rows[i] = total / norm if norm else self._empty
        vectors: list[list[float]] = rows.tolist()
        return vectors

    def __repr__(self) -> str:
        return f"WordLlamaEmbedder({self.name!r}, dimensions={self.dimensions})"


__all__ = ["WordLlamaEmbedder", "model_folder"]
