"""What a new user types in the first hour: every wrong argument is a GraphmemError that
names it, never a TypeError, OverflowError or UnicodeEncodeError from deep inside."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

from graphmem import Claim, GraphmemError, InvalidArgument, Memory
from graphmem.cli import main

WRONG: dict[str, tuple[str, Any]] = {
    "content None": ("content", lambda m: m.remember(None, "ns")),
    "content int": ("content", lambda m: m.remember(123, "ns")),
    "claims mixed": ("content", lambda m: m.remember([Claim("a", "likes", "b"), "x"], "ns")),
    "at as date text": ("at", lambda m: m.remember("hi", "ns", at="2026-03-02")),
    "at not a time": ("at", lambda m: m.remember("hi", "ns", at=3.5)),
    "k fractional": ("k", lambda m: m.recall("x", namespace="ns", k=2.5)),
    "k bool": ("k", lambda m: m.recall("x", namespace="ns", k=True)),
    "query None": ("query", lambda m: m.recall(None, namespace="ns")),
    "lone surrogate": ("content", lambda m: m.remember("Z\udcfcrich is nice", "ns")),
    "end of time": ("at", lambda m: m.remember("hi", "ns", at=datetime(9999, 12, 31, tzinfo=UTC))),
    "year one with offset": (
        "at",
        lambda m: m.remember(
            "hi", "ns", at=datetime(1, 1, 1, 0, 30, tzinfo=timezone(timedelta(hours=2)))
        ),
    ),
    "facts at end of time": (
        "at",
        lambda m: m.facts("ns", at=datetime(9999, 12, 31, 23, 59, tzinfo=UTC)),
    ),
    "episode id int": ("episode", lambda m: m.forget("ns", episode=123)),
    "subject int": ("subject", lambda m: m.facts("ns", subject=5)),
    "session int": ("session", lambda m: m.remember("hi", "ns", session=5)),
}


@pytest.mark.parametrize("case", sorted(WRONG))
def test_a_wrong_argument_is_named(case: str, tmp_path: Path) -> None:
    name, call = WRONG[case]
    with Memory(tmp_path / "store") as mem:
        with pytest.raises(GraphmemError, match=name):
            call(mem)
        assert mem.stats("ns").get("Episode", 0) == 0  # and nothing was written


def test_an_iso_text_with_an_offset_is_a_time(tmp_path: Path) -> None:
    with Memory(tmp_path / "store") as mem:
        mem.remember("I live in Oslo.", "ns", at="2026-03-02T09:00+01:00")
        [episode] = mem.export("ns")["episodes"]
        assert episode["occurred_at"].startswith("2026-03-02T08:00")


def test_a_review_after_the_end_of_time_is_no_review(tmp_path: Path) -> None:
    with Memory(tmp_path / "store") as mem:
        # lives_in asks for a review months later: near the last day that would overflow.
        mem.remember("I live in Oslo.", "ns", at=datetime(9998, 12, 1, tzinfo=UTC))
        assert [f.object for f in mem.facts("ns", at=datetime(9998, 12, 2, tzinfo=UTC))]


def test_an_import_missing_a_field_says_which(tmp_path: Path) -> None:
    with Memory(tmp_path / "store") as mem:
        mem.remember("I live in Oslo.", "a")
        doc = mem.export("a")
        for fact in doc["facts"]:
            del fact["search_text"]
        with pytest.raises(InvalidArgument, match="search_text"):
            mem.import_(doc, "b")
        assert not any(mem.stats("b").values())


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--neo4j", "http://127.0.0.1:7474", "stats", "-n", "x"], "not a Neo4j URI"),
        (["--neo4j", "", "stats", "-n", "x"], "--neo4j needs a URI"),
        (["remember", "-n", "x", "--at", "9999-12-31T23:59Z", "hi"], "outside the times"),
    ],
)
def test_cli_first_hour_mistakes_are_one_line(
    argv: list[str],
    said: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("NEO4J_URI", raising=False)
    monkeypatch.setenv("GRAPHMEM_PATH", str(tmp_path / "store"))
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert said in err
    assert "Traceback" not in err


def test_both_stores_configured_is_refused_not_guessed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("NEO4J_URI", "bolt://127.0.0.1:1")
    monkeypatch.setenv("GRAPHMEM_PATH", str(tmp_path / "store"))
    with pytest.raises(InvalidArgument, match="both NEO4J_URI and GRAPHMEM_PATH"):
        Memory()
    assert main(["stats", "-n", "x"]) == 2
    assert "both NEO4J_URI and GRAPHMEM_PATH" in capsys.readouterr().err


def test_a_password_alone_is_for_the_default_user(monkeypatch: pytest.MonkeyPatch) -> None:
    from graphmem import config

    monkeypatch.delenv("NEO4J_USER", raising=False)
    monkeypatch.setenv("NEO4J_PASSWORD", "s3cret-for-tests")
    assert config.neo4j_auth() == ("neo4j", "s3cret-for-tests")


def test_stdin_that_is_not_utf8_is_an_error_not_a_traceback(tmp_path: Path) -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "graphmem.cli",
            "--path",
            str(tmp_path / "s"),
            "remember",
            "-n",
            "x",
        ],
        input=b"Z\xfcrich is lovely",
        capture_output=True,
        check=False,
        timeout=120,
    )
    assert done.returncode == 2
    assert b"Traceback" not in done.stderr
    assert b"not valid Unicode" in done.stderr


def test_version_does_not_load_the_store_or_model_clients() -> None:
    code = "import sys, graphmem.cli; print('openai' in sys.modules, 'neo4j' in sys.modules)"
    started = time.monotonic()
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert out.stdout.split() == ["False", "False"]
    assert time.monotonic() - started < 60


def test_an_embedded_memory_loads_neither_the_model_client_nor_the_neo4j_driver(
    tmp_path: Path,
) -> None:
    """Opening, writing and recalling offline costs nothing of what it does not use (the
    openai client and the Neo4j driver were two thirds of a second of every MCP start)."""
    code = (
        "import sys; from graphmem import Memory; m = Memory(sys.argv[1]); "
        "m.remember('I live in Oslo.', 'ns'); m.recall('where do I live', 'ns'); m.close(); "
        "print('openai' in sys.modules, 'neo4j' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path / "s")],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
        env={k: v for k, v in os.environ.items() if not k.startswith(("GRAPHMEM_", "NEO4J_"))},
    )
    assert out.stdout.split() == ["False", "False"]


def test_recall_quotes_a_long_episode_around_the_match(tmp_path: Path) -> None:
    filler = "The minutes of the meeting continue without anything of note. " * 7000
    text = filler + "The quartermaster ordered forty brass lanterns. " + filler
    with Memory(tmp_path / "store") as mem:
        written = mem.remember(text, "ns")
        [found] = [e for e in mem.recall("brass lanterns", namespace="ns") if e.kind == "episode"]
        assert found.truncated
        assert len(found.text) <= 2002
        assert "forty brass lanterns" in found.text
        assert written.episode_id is not None
        assert mem.episode(written.episode_id, "ns").content == text  # all of it, one call away
        short = mem.recall("brass lanterns", namespace="ns", max_chars=100)[0]
        assert len(short.text) <= 102
        with pytest.raises(InvalidArgument, match="max_chars"):
            mem.recall("brass lanterns", namespace="ns", max_chars=0)


def test_debug_log_says_what_happened_but_never_the_text(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    import logging

    with caplog.at_level(logging.DEBUG, logger="graphmem"), Memory(tmp_path / "store") as mem:
        written = mem.remember("I live in Tromsø and my password is hunter2horse", "ns")
        mem.recall("where do I live", namespace="ns")
        assert written.episode_id is not None
        mem.forget("ns", episode=written.episode_id)
    logged = caplog.text
    assert written.episode_id in logged
    assert "recall ns=ns" in logged
    assert "forget ns=ns" in logged
    assert "Tromsø" not in logged
    assert "hunter2horse" not in logged


@pytest.mark.slow
def test_a_type_checker_sees_async_memory_like_memory(tmp_path: Path) -> None:
    script = tmp_path / "agent.py"
    script.write_text(
        "from graphmem import AsyncMemory, WriteResult\n"
        "async def main(amem: AsyncMemory) -> None:\n"
        "    ok: WriteResult = await amem.remember('I live in Oslo.', 'ns')\n"
        "    await amem.remembr('typo', 'ns')\n"
        "    await amem.recall('where', namespace='ns', k='3')\n",
        encoding="utf-8",
    )
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-incremental", str(script)],
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    assert 'has no attribute "remembr"' in done.stdout
    assert 'Argument "k"' in done.stdout
    assert "agent.py:3" not in done.stdout  # the right call checks clean


def test_five_megabytes_is_refused_at_once_with_the_way_out(tmp_path: Path) -> None:
    text = "Quarterly figures were read aloud to the committee. " * 100_000  # ~5 MB
    with Memory(tmp_path / "store") as mem:
        started = time.monotonic()
        with pytest.raises(InvalidArgument, match="split it"):
            mem.remember(text, "ns")
        assert time.monotonic() - started < 10
        assert mem.stats("ns").get("Episode", 0) == 0


def test_version_answers_before_anything_heavy_loads() -> None:
    code = (
        "import sys; from graphmem.console import main; main(['--version']); "
        "print(sorted(m for m in ('pydantic', 'openai', 'neo4j', 'numpy') if m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert out.stdout.splitlines() == ["graphmem 0.1.0", "[]"]
