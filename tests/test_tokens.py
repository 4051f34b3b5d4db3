"""Token counting: exact from the shipped encodings, an estimate otherwise, never the network."""

from __future__ import annotations

import dataclasses
import socket
import warnings
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from tiktoken_ext import openai_public  # type: ignore[import-untyped]

from graphmem.errors import InvalidArgument
from graphmem.models import tokens
from graphmem.models.tokens import (
    ESTIMATED,
    SHIPPED,
    TokenCounter,
    TokenEstimateWarning,
    default_counter,
    estimate_tokens,
)

PROSE = (
    "Maya moved to Denver in March 2021 and has worked at Acme ever since. "
    "She prefers short meetings, writes her notes in Markdown, and asks that "
    "reminders arrive the evening before."
)


def clear_caches() -> None:
    tokens._load.cache_clear()
    tokens._warn_estimate.cache_clear()
    default_counter.cache_clear()


@pytest.fixture
def fresh() -> Iterator[None]:
    """Loading and warning start from scratch, and nothing odd is left cached."""
    clear_caches()
    yield
    clear_caches()


@pytest.fixture
def no_network(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """Any socket connect fails, and tiktoken's download cache is an empty folder."""

    def refuse(*args: object, **kwargs: object) -> None:
        raise OSError("the network is not reachable in this test")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    cache = tmp_path / "tiktoken-cache"
    cache.mkdir()
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", str(cache))
    return cache


# -- exact --------------------------------------------------------------------------------------


def test_default_counter_is_exact_o200k_and_cached() -> None:
    counter = default_counter()
    assert counter is default_counter()
    assert (counter.encoding, counter.exact) == ("o200k_base", True)
    assert repr(counter) == "TokenCounter('o200k_base', exact=True)"


@pytest.mark.parametrize(
    ("encoding", "ids"), [("o200k_base", [24912, 2375]), ("cl100k_base", [15339, 1917])]
)
def test_shipped_encodings_give_tiktokens_ids(encoding: str, ids: list[int]) -> None:
    counter = TokenCounter(encoding)
    assert counter.exact
    assert counter._tiktoken is not None
    assert counter._tiktoken.encode_ordinary("hello world") == ids
    assert counter.count("hello world") == 2


@pytest.mark.parametrize("encoding", sorted(SHIPPED))
def test_shipped_patterns_and_special_tokens_are_tiktokens(
    encoding: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Run tiktoken's own constructor with its download replaced by a stand-in.
    stand_in = {b"!": 0}
    monkeypatch.setattr(openai_public, "load_tiktoken_bpe", lambda *a, **k: stand_in)
    theirs: dict[str, Any] = openai_public.ENCODING_CONSTRUCTORS[encoding]()
    ours = SHIPPED[encoding]
    assert theirs["mergeable_ranks"] is stand_in
    assert ours.pattern == theirs["pat_str"]
    assert ours.special_tokens == theirs["special_tokens"]


def test_counts_differ_between_encodings_and_text() -> None:
    o200k, cl100k = TokenCounter("o200k_base"), TokenCounter("cl100k_base")
    assert o200k.count("") == 0
    assert 30 < o200k.count(PROSE) < 60
    assert o200k.count("Привет, как дела? 你好") < cl100k.count("Привет, как дела? 你好")


def test_special_token_text_is_ordinary_text() -> None:
    assert default_counter().count("<|endoftext|>") > 1


def test_count_takes_text_only() -> None:
    with pytest.raises(InvalidArgument, match="takes a str, not bytes"):
        default_counter().count(b"bytes")  # type: ignore[arg-type]


def test_the_encoding_files_ship_inside_graphmem() -> None:
    folder = resources.files("graphmem.models").joinpath("encodings")
    for encoding in SHIPPED:
        assert folder.joinpath(f"{encoding}.tiktoken.gz").is_file()
    assert "MIT License" in folder.joinpath("LICENSE-tiktoken").read_text(encoding="utf-8")


@pytest.mark.usefixtures("fresh")
def test_loading_uses_no_network_and_no_tiktoken_cache(no_network: Path) -> None:
    counter = default_counter()
    assert counter.exact
    assert counter.count(PROSE) == TokenCounter("o200k_base").count(PROSE)
    assert TokenCounter("cl100k_base").exact
    assert list(no_network.iterdir()) == []


# -- estimate ----------------------------------------------------------------------------------


def test_unknown_encoding_names_the_choices() -> None:
    with pytest.raises(InvalidArgument, match=r"no tiktoken encoding named 'o200k'; exact: \["):
        TokenCounter("o200k")


@pytest.mark.usefixtures("fresh", "no_network")
def test_unshipped_encoding_estimates_after_one_warning() -> None:
    with pytest.warns(TokenEstimateWarning, match="'p50k_base' are estimates.*ships only"):
        counter = TokenCounter("p50k_base")
    assert not counter.exact
    assert counter.count(PROSE) == estimate_tokens(PROSE)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert not TokenCounter("p50k_base").exact  # warned once is enough


@pytest.mark.usefixtures("fresh", "no_network")
@pytest.mark.parametrize("encoding", sorted(ESTIMATED))
def test_every_unshipped_encoding_falls_back(encoding: str) -> None:
    with pytest.warns(TokenEstimateWarning):
        assert TokenCounter(encoding).count("hello world") == 3


@pytest.mark.usefixtures("fresh")
def test_a_damaged_file_falls_back(monkeypatch: pytest.MonkeyPatch) -> None:
    damaged = dataclasses.replace(SHIPPED["cl100k_base"], sha256="0" * 64)
    monkeypatch.setitem(SHIPPED, "cl100k_base", damaged)
    with pytest.warns(TokenEstimateWarning, match="cannot be used.*expected sha256"):
        counter = TokenCounter("cl100k_base")
    assert not counter.exact
    assert counter.count("") == 0


def test_estimate_is_close_and_errs_high() -> None:
    exact = default_counter().count(PROSE)
    assert exact <= estimate_tokens(PROSE) <= 1.5 * exact
    assert estimate_tokens("") == 0
    assert estimate_tokens("a") == 1
    assert estimate_tokens("東京") == 2  # six UTF-8 bytes
    assert estimate_tokens("a b c d e f") == 6  # words, not characters, dominate
