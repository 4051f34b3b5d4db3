"""Every input has a limit, the same on both stores (issue 37): a huge claim object, a huge
query, a huge ``k`` and NUL characters are refused with an error that names them, in bounded
time, through the API, the CLI and MCP — never a raw driver error or minutes of work."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import anyio
import pytest

from graphmem import Claim, Memory
from graphmem.cli import main
from graphmem.errors import InvalidArgument

SECONDS = 5.0  # each refusal, well under: nothing big is processed before it


def refused(call: Any, match: str) -> None:
    started = time.perf_counter()
    with pytest.raises(InvalidArgument, match=match):
        call()
    assert time.perf_counter() - started < SECONDS


def test_each_limit_is_named_on_both_stores(memory: Memory, ns: Any) -> None:
    maya = ns("maya")
    big = "x" * 10_000_000
    refused(lambda: memory.remember([Claim("maya", "notes", big)], maya), "object")
    refused(lambda: memory.recall(big, maya), "query is 10,000,000 characters")
    refused(lambda: memory.recall("where", maya, k=10**18), "k=")
    refused(lambda: memory.recall("where", maya, k=10**9), "k=")
    refused(lambda: memory.remember("I live in Den\x00ver.", maya), "NUL")
    refused(lambda: memory.remember([Claim("maya", "lives_in", "Den\x00ver")], maya), "NUL")
    refused(lambda: memory.recall("where\x00", maya), "NUL")
    # At the limit, it works.
    memory.remember([Claim("maya", "notes", "y" * 9_000)], maya)
    assert memory.recall("where", maya, k=1_000) is not None
    assert memory.facts(maya)[0].object == "y" * 9_000


def test_the_cli_names_the_limit(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store = str(tmp_path / "store")
    assert main(["--path", store, "recall", "where", "-n", "maya", "-k", str(10**9)]) == 2
    assert "k=" in capsys.readouterr().err
    assert main(["--path", store, "remember", "a\x00b", "-n", "maya"]) == 2
    assert "NUL" in capsys.readouterr().err


def test_mcp_names_the_limit(tmp_path: Path) -> None:
    pytest.importorskip("mcp")
    from mcp import Client

    from graphmem.adapters.mcp import build_server

    async def run() -> list[str]:
        with Memory(tmp_path / "store") as mem:
            async with Client(build_server(mem, "maya")) as client:
                said = [
                    await client.call_tool("remember", {"text": "a\x00b"}),
                    await client.call_tool("recall", {"query": "q" * 20_000}),
                ]
        return [" ".join(getattr(p, "text", "") for p in r.content) for r in said if r.is_error]

    errors = anyio.run(run)
    assert len(errors) == 2
    assert "NUL" in errors[0]
    assert "characters" in errors[1]
