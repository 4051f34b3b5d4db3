"""AsyncMemory: the same operations as coroutines, on the same code path."""

from __future__ import annotations

import asyncio
from pathlib import Path

from graphmem import AsyncMemory, Claim


def test_async_memory_remembers_recalls_and_forgets(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with AsyncMemory(tmp_path / "store") as mem:
            first, second = await asyncio.gather(
                mem.remember([Claim("maya", "likes", "tea")], namespace="maya"),
                mem.remember([Claim("maya", "likes", "chess")], namespace="maya"),
            )
            assert {first.operations[0].kind, second.operations[0].kind} == {"ADD"}
            found = await mem.recall("tea", namespace="maya", include_episodes=False)
            assert found[0].text == "maya likes tea"
            report = await mem.forget("maya", episode=first.episode_id)
            assert report.removed["Fact"] == 1
            assert [f.object for f in await mem.facts("maya")] == ["chess"]

    asyncio.run(scenario())
