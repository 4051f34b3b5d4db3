"""A later instruction or preference about the same thing replaces the earlier one in its
scope; unrelated ones stay side by side (graphmem/write/governs.py, graphmem/write/decide.py)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from graphmem import Claim, Memory
from graphmem.write.governs import same_subject
from tests.stores import Clock

NS = Callable[[str], str]


@pytest.mark.parametrize(
    ("earlier", "later", "same"),
    [
        ("reply in English", "reply in German", True),
        ("a window seat", "an aisle seat", True),
        ("metric units", "imperial units", True),
        ("Python for scripts", "Go for scripts", True),
        ("tea", "coffee", False),
        ("short answers", "bullet points", False),
        ("reply in English", "reply in English, briefly", False),
        ("emails in the morning", "calls after 6pm", False),
        ("reply in English", "reply in English", False),
    ],
)
def test_what_a_preference_governs_is_read_from_its_words(
    earlier: str, later: str, same: bool
) -> None:
    assert same_subject(earlier, later) is same


def current(memory: Memory, space: str) -> list[str]:
    return sorted(str(f.object) for f in memory.facts(space, predicate="prefers"))


def test_a_changed_instruction_replaces_the_earlier_one(
    memory: Memory, ns: NS, clock: Clock
) -> None:
    space = ns("maya")
    memory.remember("Always reply in English.", namespace=space)
    clock.advance(days=3)
    result = memory.remember("Always reply in German.", namespace=space)
    assert [op.kind for op in result.operations] == ["UPDATE"]
    assert "about the same thing (reply in English)" in result.operations[0].reason
    memory.remember("I prefer a window seat.", namespace=space)
    memory.remember("I prefer an aisle seat.", namespace=space)
    memory.remember("I prefer tea.", namespace=space)
    assert current(memory, space) == ["an aisle seat", "reply in German", "tea"]
    # The earlier rule is history, not lost: it held until the change.
    past = memory.facts(space, predicate="prefers", history=True)
    [english] = [f for f in past if f.object == "reply in English"]
    assert english.valid_until is not None


def test_another_scope_or_a_lower_tier_replaces_nothing(memory: Memory, ns: NS) -> None:
    space = ns("maya")
    memory.remember([Claim("user", "prefers", "reply in English")], namespace=space)
    memory.remember(
        [Claim("user", "prefers", "reply in German", scope="project:berlin")], namespace=space
    )
    memory.remember([Claim("user", "prefers", "reply in French")], namespace=space, source="tool")
    assert "reply in English" in current(memory, space)
    assert "reply in German" in current(memory, space)
