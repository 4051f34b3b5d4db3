"""One configuration for the API and the CLI: the model and the embedder come from the
environment (or a flag), and `graphmem config` says what is in effect and from where."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from graphmem import InvalidArgument, Memory
from graphmem.cli import main
from graphmem.testing import FakeModelServer, FakeReply

VARIABLES = (
    "NEO4J_URI",
    "NEO4J_USER",
    "NEO4J_PASSWORD",
    "GRAPHMEM_PATH",
    "GRAPHMEM_MODEL",
    "GRAPHMEM_EMBEDDER",
    "OPENAI_BASE_URL",
    "OPENAI_API_KEY",
    "GRAPHMEM_MODEL_TIMEOUT",
    "GRAPHMEM_MODEL_RETRIES",
)


@pytest.fixture
def env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> pytest.MonkeyPatch:
    for name in VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("GRAPHMEM_PATH", str(tmp_path / "store"))
    return monkeypatch


@pytest.fixture
def server() -> Iterator[FakeModelServer]:
    with FakeModelServer() as running:
        yield running


def _lives_in(city: str) -> dict[str, Any]:
    claim = {
        "subject": "maya",
        "predicate": "lives_in",
        "object": city,
        "kind": "fact",
        "valid_from": None,
        "valid_until": None,
        "scope": "global",
        "confidence": 0.95,
        "quote": f"I live in {city}",
        "negated": False,
        "inferred": False,
    }
    return {"claims": [claim]}


def _use_fake_model(env: pytest.MonkeyPatch, server: FakeModelServer) -> None:
    env.setenv("GRAPHMEM_MODEL", "fake-model")
    env.setenv("OPENAI_BASE_URL", server.base_url)
    env.setenv("OPENAI_API_KEY", "unused")


def test_the_model_setting_makes_the_cli_use_the_model(
    env: pytest.MonkeyPatch, server: FakeModelServer, capsys: pytest.CaptureFixture[str]
) -> None:
    _use_fake_model(env, server)
    server.script(_lives_in("Tórshavn"))  # the rules alone would not invent this city

    assert main(["--json", "config"]) == 0
    shown = {row["setting"]: row for row in json.loads(capsys.readouterr().out)}
    assert shown["model"]["value"] == "fake-model"
    assert shown["model"]["from"] == "GRAPHMEM_MODEL"
    assert shown["model key"]["value"] == "set"  # never the key itself
    assert "unused" not in json.dumps(shown)

    assert main(["remember", "-n", "maya", "Guess where I ended up living."]) == 0
    assert "Tórshavn" in capsys.readouterr().out
    assert len(server.requests) == 1
    assert server.requests[0]["model"] == "fake-model"


def test_a_slow_model_is_given_up_on_in_the_time_set_and_the_message_is_kept(
    env: pytest.MonkeyPatch, server: FakeModelServer, capsys: pytest.CaptureFixture[str]
) -> None:
    _use_fake_model(env, server)
    env.setenv("GRAPHMEM_MODEL_TIMEOUT", "0.3")
    env.setenv("GRAPHMEM_MODEL_RETRIES", "1")
    server.script(FakeReply.delay(3), FakeReply.delay(3))

    started = time.monotonic()
    assert main(["remember", "-n", "maya", "I live in Tórshavn."]) == 0
    assert time.monotonic() - started < 3  # two tries of 0.3 s and a pause, not minutes
    shown = capsys.readouterr()
    assert "extraction pending" in shown.out
    assert "trying again" in shown.err  # said while the user waits

    server.script(_lives_in("Tórshavn"))
    assert main(["reextract", "-n", "maya"]) == 0
    assert "still pending 0" in capsys.readouterr().out
    assert main(["facts", "-n", "maya"]) == 0
    assert "Tórshavn" in capsys.readouterr().out


def test_a_model_setting_that_is_no_number_is_named(env: pytest.MonkeyPatch) -> None:
    env.setenv("GRAPHMEM_MODEL", "fake-model")
    env.setenv("OPENAI_API_KEY", "unused")
    env.setenv("GRAPHMEM_MODEL_TIMEOUT", "soon")
    with pytest.raises(InvalidArgument, match="GRAPHMEM_MODEL_TIMEOUT='soon'"):
        Memory()


def test_a_model_without_a_key_is_refused_by_name(
    env: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    env.setenv("GRAPHMEM_MODEL", "fake-model")
    with pytest.raises(InvalidArgument, match="OPENAI_API_KEY"):
        Memory()
    assert main(["stats", "-n", "maya"]) == 2
    assert "OPENAI_API_KEY" in capsys.readouterr().err


def test_the_embedder_setting(env: pytest.MonkeyPatch, server: FakeModelServer) -> None:
    env.setenv("GRAPHMEM_EMBEDDER", "word2vec")
    with pytest.raises(InvalidArgument, match="word2vec"):
        Memory()
    env.setenv("GRAPHMEM_EMBEDDER", "openai:text-embedding-fake")
    env.setenv("OPENAI_BASE_URL", server.base_url)
    env.setenv("OPENAI_API_KEY", "unused")
    with Memory() as mem:
        assert mem.embedder.name == "openai:text-embedding-fake"
        mem.remember("I live in Oslo.", "maya")
    assert any(r.get("model") == "text-embedding-fake" for r in server.requests)


def test_a_flag_overrides_its_variable(
    env: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    env.setenv("GRAPHMEM_EMBEDDER", "openai:some-model")
    assert main(["--embedder", "hashing", "--json", "config"]) == 0
    shown = {row["setting"]: row for row in json.loads(capsys.readouterr().out)}
    assert shown["embedder"] == {"setting": "embedder", "value": "hashing", "from": "--embedder"}


def test_config_says_where_the_contextual_model_is_kept(
    env: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    env.delenv("GRAPHMEM_CACHE", raising=False)
    env.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert main(["--embedder", "contextual", "--json", "config"]) == 0
    shown = {row["setting"]: row for row in json.loads(capsys.readouterr().out)}
    assert shown["model cache"]["value"] == str(tmp_path / "xdg" / "graphmem")
    assert shown["model cache"]["from"] == "default"
    env.setenv("GRAPHMEM_CACHE", str(tmp_path / "kept"))
    assert main(["--embedder", "contextual", "--json", "config"]) == 0
    shown = {row["setting"]: row for row in json.loads(capsys.readouterr().out)}
    assert shown["model cache"] == {
        "setting": "model cache",
        "value": str(tmp_path / "kept"),
        "from": "GRAPHMEM_CACHE",
    }
    assert main(["--embedder", "hashing", "--json", "config"]) == 0
    assert "model cache" not in {row["setting"] for row in json.loads(capsys.readouterr().out)}


def test_config_with_both_stores_set_fails(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Both NEO4J_URI and GRAPHMEM_PATH: no command can open a store, so config says so
    and exits 2, not 0 (issue 37)."""
    monkeypatch.setenv("NEO4J_URI", "bolt://127.0.0.1:1")
    monkeypatch.setenv("GRAPHMEM_PATH", str(tmp_path / "store"))
    assert main(["config"]) == 2
    assert "ambiguous" in capsys.readouterr().out
