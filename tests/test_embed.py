"""Embedders and exact cosine search; the OpenAI embedder against FakeModelServer."""

from __future__ import annotations

import hashlib
import itertools
import json
import math
import os
import socket
import subprocess
import sys
import types
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import openai
import pytest

from graphmem.errors import EmbeddingMismatch, InvalidArgument, ModelCallFailed, ModelReplyInvalid
from graphmem.models.embed import (
    Embedder,
    HashingEmbedder,
    OpenAIEmbedder,
    SentenceTransformerEmbedder,
    _stem,
    check_compatible,
    cosine,
    top_k,
)
from graphmem.models.llm import RetryPolicy
from graphmem.testing import FakeModelServer, FakeReply, fake_embedding

SAMPLES = [
    "where does Maya live",
    "maya lives_in Denver",
    "",
    "?!",
    "who is it",
    "Ünïcödé straße 東京 2026",
    "the quarterly revenue report is due on Friday " * 40,
]
QUIET = RetryPolicy(attempts=1)


def norm(vector: Sequence[float]) -> float:
    return math.sqrt(sum(x * x for x in vector))


# -- HashingEmbedder ----------------------------------------------------------------------------


def test_hashing_embedder_is_an_embedder() -> None:
    embedder: Embedder = HashingEmbedder(64)
    assert (embedder.name, embedder.dimensions) == ("hashing-v1", 64)
    assert repr(embedder) == "HashingEmbedder(dimensions=64)"


def test_vectors_are_unit_length_and_sized() -> None:
    for dimensions in (8, 256, 1000):
        vectors = HashingEmbedder(dimensions).embed(SAMPLES)
        assert len(vectors) == len(SAMPLES)
        for vector in vectors:
            assert len(vector) == dimensions
            assert norm(vector) == pytest.approx(1.0)


@pytest.mark.parametrize(
    ("words", "stem"),
    [
        ("lives living lived live", "liv"),
        ("cities city", "city"),
        ("married marry", "marry"),
        ("classes class", "class"),
        ("running run", "run"),
        ("stopped stop", "stop"),
        ("falling fall", "fall"),
        ("status", "status"),
        ("need", "need"),
        ("2021", "2021"),
    ],
)
def test_light_stemming(words: str, stem: str) -> None:
    assert {_stem(word) for word in words.split()} == {stem}


def test_no_texts_no_vectors() -> None:
    assert HashingEmbedder().embed([]) == []


def test_same_vectors_in_fresh_processes_whatever_the_hash_seed() -> None:
    script = (
        "import json, sys; from graphmem.models.embed import HashingEmbedder; "
        "print(json.dumps(HashingEmbedder().embed(json.loads(sys.argv[1]))))"
    )
    runs = []
    for seed in ("1", "2"):
        done = subprocess.run(
            [sys.executable, "-c", script, json.dumps(SAMPLES)],
            env={**os.environ, "PYTHONHASHSEED": seed},
            capture_output=True,
            text=True,
            check=True,
            timeout=60,
        )
        runs.append(json.loads(done.stdout))
    assert runs[0] == runs[1] == HashingEmbedder().embed(SAMPLES)


def test_vectors_are_pinned() -> None:
    # A change here changes every stored vector: bump HashingEmbedder.name with it.
    vector = HashingEmbedder().embed(["Maya lives in Denver since 2021."])[0]
    pinned = hashlib.sha256(json.dumps([round(x, 6) for x in vector]).encode()).hexdigest()
    assert pinned == PINNED_SHA256


PINNED_SHA256 = "d77312a8b746c611cfadc1e11c29c7b43cc93d4126276aec26d045cc0d3a6bec"


def test_question_is_closest_to_its_fact() -> None:
    embedder = HashingEmbedder()
    facts = [
        "maya lives_in Denver",
        "Maya works_at Acme",
        "Bob lives_in Paris",
        "Denver is a city in Colorado",
        "the quarterly revenue report is due on Friday",
    ]
    query = embedder.embed(["where does Maya live"])[0]
    scores = [cosine(query, vector) for vector in embedder.embed(facts)]
    assert scores[0] == max(scores)
    assert scores[0] > 0.6
    assert scores[0] - sorted(scores)[-2] > 0.2
    assert abs(scores[-1]) < 0.1


def test_word_variants_match_and_function_words_do_not() -> None:
    embedder = HashingEmbedder()
    a, b, c, d = embedder.embed(
        [
            "Maya lives in Denver",
            "Maya living in Denver",
            "the report is in the drawer",
            "it is in the box of the house",
        ]
    )
    assert cosine(a, b) > 0.75
    assert abs(cosine(c, d)) < 0.2  # they share only stop words


def test_unrelated_texts_are_far_apart() -> None:
    embedder = HashingEmbedder()
    a, b = embedder.embed(["maya lives_in Denver", "quarterly revenue report friday"])
    assert abs(cosine(a, b)) < 0.1


@pytest.mark.parametrize("dimensions", [0, -1, True, 2.5, "256"])
def test_dimensions_must_be_a_positive_int(dimensions: Any) -> None:
    with pytest.raises(InvalidArgument, match="dimensions="):
        HashingEmbedder(dimensions)


def test_a_single_string_is_refused() -> None:
    with pytest.raises(InvalidArgument, match=r"wrap one text as \[text\]"):
        HashingEmbedder().embed("where does Maya live")
    with pytest.raises(InvalidArgument, match=r"positions \[1\]"):
        HashingEmbedder().embed(["ok", 3])  # type: ignore[list-item]


def test_hashing_uses_no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("network used")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    assert norm(HashingEmbedder().embed(["offline"])[0]) == pytest.approx(1.0)


# -- compatibility -------------------------------------------------------------------------------


def test_the_same_embedder_is_compatible() -> None:
    check_compatible("hashing-v1", 256, HashingEmbedder())


@pytest.mark.parametrize(("name", "dimensions"), [("hashing-v1", 128), ("openai:x", 256)])
def test_another_embedder_is_refused_with_both_named(name: str, dimensions: int) -> None:
    with pytest.raises(EmbeddingMismatch) as caught:
        check_compatible(name, dimensions, HashingEmbedder())
    message = str(caught.value)
    assert f"built with embedder {name!r} ({dimensions} dimensions)" in message
    assert "configured embedder is 'hashing-v1' (256 dimensions)" in message
    assert "Configure the original embedder" in message
    assert "re-embed" in message


# -- cosine and top_k ---------------------------------------------------------------------------


def test_cosine() -> None:
    assert cosine([1.0, 0.0], [2.0, 0.0]) == pytest.approx(1.0)
    assert cosine([1.0, 0.0], [0.0, 3.0]) == pytest.approx(0.0)
    assert cosine([1.0, 1.0], [-1.0, -1.0]) == pytest.approx(-1.0)
    assert cosine([0.0, 0.0], [1.0, 0.0]) == 0.0
    with pytest.raises(InvalidArgument, match="2 and 3 dimensions"):
        cosine([1.0, 0.0], [1.0, 0.0, 0.0])


def test_top_k_is_exact_and_ordered() -> None:
    embedder = HashingEmbedder(64)
    texts = [f"note {i} about topic {i % 7}" for i in range(200)]
    candidates = list(zip([f"id{i:03}" for i in range(200)], embedder.embed(texts), strict=True))
    query = embedder.embed(["topic 3"])[0]
    brute = sorted(((key, cosine(query, v)) for key, v in candidates), key=lambda p: -p[1])

    best = top_k(query, candidates, 10)

    assert [score for _, score in best] == pytest.approx([score for _, score in brute[:10]])
    assert all(a[1] >= b[1] for a, b in itertools.pairwise(best))
    assert len(top_k(query, candidates, 500)) == 200
    assert top_k(query, candidates, 0) == []
    assert top_k(query, [], 3) == []


def test_top_k_breaks_ties_by_id() -> None:
    candidates = [("b", [1.0, 0.0]), ("c", [2.0, 0.0]), ("a", [3.0, 0.0]), ("z", [0.0, 1.0])]
    assert [key for key, _ in top_k([1.0, 0.0], candidates, 2)] == ["a", "b"]
    assert [key for key, _ in top_k([1.0, 0.0], candidates[::-1], 2)] == ["a", "b"]


def test_top_k_refuses_bad_input() -> None:
    with pytest.raises(InvalidArgument, match="k=-1"):
        top_k([1.0], [("a", [1.0])], -1)
    with pytest.raises(InvalidArgument, match="candidate 'b' has 3 dimensions, the query 2"):
        top_k([1.0, 0.0], [("a", [1.0, 0.0]), ("b", [1.0, 0.0, 0.0])], 1)


# -- OpenAIEmbedder against FakeModelServer -----------------------------------------------------


@pytest.fixture
def server() -> Iterator[FakeModelServer]:
    with FakeModelServer() as running:
        yield running


@pytest.fixture
def client(server: FakeModelServer) -> Iterator[openai.OpenAI]:
    with openai.OpenAI(base_url=server.base_url, api_key="test", timeout=5.0) as made:
        yield made


def test_openai_embedder_batches_and_normalises(
    client: openai.OpenAI, server: FakeModelServer
) -> None:
    embedder = OpenAIEmbedder(client, "fake-embedding", 16, batch_size=2, retry=QUIET)
    texts = ["a", "b", "c", "d", "e"]

    vectors = embedder.embed(texts)

    assert vectors == [pytest.approx(fake_embedding(text, 16)) for text in texts]
    assert [body["input"] for body in server.requests] == [["a", "b"], ["c", "d"], ["e"]]
    assert {body["dimensions"] for body in server.requests} == {16}
    assert (embedder.name, embedder.dimensions) == ("openai:fake-embedding", 16)
    check_compatible("openai:fake-embedding", 16, embedder)


def test_openai_vectors_come_back_unit_length(
    client: openai.OpenAI, server: FakeModelServer
) -> None:
    server.script([[3.0, 4.0]], endpoint="embeddings")
    embedder = OpenAIEmbedder(client, "fake-embedding", retry=QUIET)
    assert embedder.embed(["x"]) == [pytest.approx([0.6, 0.8])]
    assert embedder.dimensions == 2


def test_known_models_need_no_call(client: openai.OpenAI, server: FakeModelServer) -> None:
    assert OpenAIEmbedder(client, "text-embedding-3-large").dimensions == 3072
    assert OpenAIEmbedder(client, "text-embedding-3-small", 256).dimensions == 256
    assert OpenAIEmbedder(client, "fake-embedding").embed([]) == []
    assert server.requests == []


def test_unknown_model_size_is_learnt_once(client: openai.OpenAI, server: FakeModelServer) -> None:
    embedder = OpenAIEmbedder(client, "fake-embedding", retry=QUIET)
    assert embedder.dimensions == server.dimensions
    assert embedder.dimensions == server.dimensions
    assert len(server.requests) == 1
    assert "dimensions" not in server.requests[0]


def test_a_reply_of_another_size_is_refused(client: openai.OpenAI, server: FakeModelServer) -> None:
    server.script([[1.0, 0.0, 0.0]], endpoint="embeddings")
    embedder = OpenAIEmbedder(client, "fake-embedding", 4, retry=QUIET)
    with pytest.raises(ModelReplyInvalid, match=r"\[3\] dimensions; expected 4 \(requested\)"):
        embedder.embed(["x"])


def test_sizes_must_stay_the_same(client: openai.OpenAI, server: FakeModelServer) -> None:
    server.script([[1.0, 0.0]], [[1.0, 0.0], [0.0, 1.0, 0.0]], endpoint="embeddings")
    embedder = OpenAIEmbedder(client, "fake-embedding", retry=QUIET)
    embedder.embed(["first"])
    with pytest.raises(ModelReplyInvalid, match=r"\[2, 3\] dimensions; expected 2 \(the size of"):
        embedder.embed(["a", "b"])


def test_known_sizes_are_checked(client: openai.OpenAI, server: FakeModelServer) -> None:
    server.script([[1.0, 0.0]], endpoint="embeddings")
    embedder = OpenAIEmbedder(client, "text-embedding-3-small", retry=QUIET)
    with pytest.raises(ModelReplyInvalid, match="expected 1536 \\(the size of 'text-embedding"):
        embedder.embed(["x"])


def test_empty_vectors_are_refused(client: openai.OpenAI, server: FakeModelServer) -> None:
    server.script([[]], endpoint="embeddings")
    embedder = OpenAIEmbedder(client, "fake-embedding", retry=QUIET)
    with pytest.raises(ModelReplyInvalid, match="empty vectors"):
        embedder.embed(["x"])
    assert repr(embedder) == "OpenAIEmbedder(model='fake-embedding', dimensions=None)"


def test_endpoint_failures_become_model_call_failed(
    client: openai.OpenAI, server: FakeModelServer
) -> None:
    server.script(FakeReply.status(400, message="input is too long"), endpoint="embeddings")
    embedder = OpenAIEmbedder(client, "fake-embedding", retry=QUIET)
    with pytest.raises(ModelCallFailed, match=r"HTTP 400: .*input is too long") as caught:
        embedder.embed(["x"])
    assert isinstance(caught.value.__cause__, openai.BadRequestError)


def test_server_errors_are_retried_then_translated(
    client: openai.OpenAI, server: FakeModelServer
) -> None:
    retry = RetryPolicy(attempts=2, base_delay=0.0, max_retry_after=0.0)
    server.script(FakeReply.status(503), FakeReply.status(503), endpoint="embeddings")
    embedder = OpenAIEmbedder(client, "fake-embedding", retry=retry)
    with pytest.raises(ModelCallFailed, match="after 2 attempts") as caught:
        embedder.embed(["x"])
    assert isinstance(caught.value.__cause__, openai.APIStatusError)


def test_openai_embedder_checks_its_arguments(client: openai.OpenAI) -> None:
    with pytest.raises(InvalidArgument, match=r"not an openai\.OpenAI client"):
        OpenAIEmbedder("sk-...", "text-embedding-3-small")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgument, match="batch_size=0"):
        OpenAIEmbedder(client, "text-embedding-3-small", batch_size=0)
    with pytest.raises(InvalidArgument, match="dimensions=0"):
        OpenAIEmbedder(client, "text-embedding-3-small", 0)


# -- SentenceTransformerEmbedder -----------------------------------------------------------------


def test_missing_extra_names_the_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "sentence_transformers", None)  # import fails
    with pytest.raises(InvalidArgument, match=r"pip install 'graphmem\[sentence-transformers\]'"):
        SentenceTransformerEmbedder("all-MiniLM-L6-v2")


class _FakeSentenceTransformer:
    def __init__(self, name: str) -> None:
        self.loaded = name

    def get_sentence_embedding_dimension(self) -> int:
        return 2

    def encode(self, texts: list[str], **options: Any) -> list[list[float]]:
        assert options["normalize_embeddings"] is True
        return [[float(len(text)), 1.0] for text in texts]


def test_sentence_transformer_wrapper(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    module = types.ModuleType("sentence_transformers")
    module.SentenceTransformer = _FakeSentenceTransformer  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "sentence_transformers", module)
    folder = tmp_path / "models" / "mini-lm"
    folder.mkdir(parents=True)

    by_name = SentenceTransformerEmbedder("org/mini-lm")
    by_path = SentenceTransformerEmbedder(str(folder))

    assert (by_name.name, by_name.dimensions) == ("sentence-transformers:org/mini-lm", 2)
    assert by_path.name == "sentence-transformers:mini-lm"
    assert by_name.embed(["abc"]) == [pytest.approx([3 / math.sqrt(10), 1 / math.sqrt(10)])]
    assert by_name.embed([]) == []
    assert (
        repr(by_path)
        == "SentenceTransformerEmbedder('sentence-transformers:mini-lm', dimensions=2)"
    )
