"""MCP forget's first call shows what goes and what comes back (issue 37), on both stores, and
``everything`` is a boolean, not anything that looks like one."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import anyio
import pytest

pytest.importorskip("mcp")

from mcp import Client

from graphmem import Memory
from graphmem.adapters.mcp import build_server


def call(memory: Memory, ns: str, tool: str, **args: Any) -> Any:
    async def run() -> Any:
        async with Client(build_server(memory, ns, user_verbatim=True)) as client:
            return await client.call_tool(tool, args)

    return anyio.run(run)


def test_the_preview_shows_what_goes_and_what_holds_again(
    memory: Memory, ns: Any, clock: Any
) -> None:
    clock.set(datetime(2026, 12, 1, tzinfo=UTC))
    maya = ns("maya")
    memory.remember("I live in Austin.", maya, at=datetime(2026, 3, 2, tzinfo=UTC))
    moved = memory.remember("I just moved to Denver.", maya, at=datetime(2026, 7, 2, tzinfo=UTC))
    preview = call(memory, maya, "forget", episode=moved.episode_id).structured_content
    shown = preview["preview"]
    assert [f["object"] for f in shown["facts"]] == ["Denver"]
    assert len(shown["holds_again"]) == 1
    assert "Austin" in shown["holds_again"][0]
    assert shown["report"]["removed"]["Episode"] == 1
    assert [f.object for f in memory.facts(maya)] == ["Denver"]  # a preview changes nothing


def test_an_entity_preview_lists_the_facts_that_name_it(memory: Memory, ns: Any) -> None:
    maya = ns("maya")
    memory.remember("I live in Denver.", maya)
    shown = call(memory, maya, "forget", entity="Denver").structured_content["preview"]
    assert [f["object"] for f in shown["facts"]] == ["Denver"]


def test_everything_is_a_boolean(memory: Memory, ns: Any) -> None:
    maya = ns("maya")
    memory.remember("I live in Denver.", maya)
    result = call(memory, maya, "forget", everything="yes")
    assert result.is_error
    assert memory.facts(maya)
