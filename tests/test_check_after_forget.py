"""``check`` neither cries wolf nor misses (issue 37): forgetting the earlier of two
assertions of one value left a retired version naming the forgotten statement, reported as
``dangling_statement``, not repaired, and carried by export/import. On both stores."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from graphmem import Claim, Memory


def test_forgetting_one_of_two_assertions_of_a_value_leaves_no_dangling_name(
    memory: Memory, ns: Any, clock: Any
) -> None:
    clock.set(datetime(2026, 6, 1, tzinfo=UTC))
    maya = ns("maya")
    first = memory.remember(
        [Claim("user", "lives_in", "Austin", valid_from=datetime(2026, 1, 1, tzinfo=UTC))], maya
    )
    memory.remember(
        [Claim("user", "lives_in", "Austin", valid_from=datetime(2026, 3, 1, tzinfo=UTC))], maya
    )
    memory.forget(maya, episode=first.episode_id)
    assert memory.check(maya).problems == []
    copy = ns("copy")
    memory.import_(memory.export(maya), namespace=copy)
    assert memory.check(copy).problems == []
    assert [f.object for f in memory.facts(maya)] == ["Austin"]
