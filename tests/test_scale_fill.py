"""The fill of bench/scale.py (--fill-to): a copy of what remember applied is about other
people — ids suffixed, every person renamed in texts, entity keys and slot keys — while the
shared values (cities) keep their names, and datetimes reach the driver as Bolt structures."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

import scale
from recall_latency import World, define_predicates, person

from graphmem import Memory
from graphmem.store.changes import ChangeSet
from graphmem.store.rows import slot_node_id


def _strings(value: Any) -> list[str]:
    if isinstance(value, dict):
        return [s for item in value.values() for s in _strings(item)]
    if isinstance(value, list):
        return [s for item in value for s in _strings(item)]
    return [value] if isinstance(value, str) else []


def test_a_copy_is_about_other_people(tmp_path: Path) -> None:
    memory = Memory(tmp_path / "store")
    define_predicates(memory)
    applied: list[ChangeSet] = []
    scale.recording(memory, applied)
    claims = World(random.Random(1)).claims(60)
    memory.remember(claims, namespace="grown", source="user")
    memory.close()
    change = next(c for c in applied if c.facts)
    names = scale._people(2)
    someone = person(3)  # "<first> <last> 1"
    other = someone.removesuffix(" 1") + " 2001"
    assert names(f"Where does {someone} live? {someone.casefold()} in Lisbon") == (
        f"Where does {other} live? {other.casefold()} in Lisbon"
    )
    params = scale.ceiling_params(change, "grown", "~fill2", names)
    facts = params["facts"]
    assert all(f["props"]["id"].endswith("~fill2") for f in facts)
    originals = {str(c.subject) for c in claims}
    copied = set(_strings(params)) - {"grown"}
    assert not any(person in text for text in copied for person in originals)
    renamed = {names(p) for p in originals}
    assert renamed & {e["name"] for e in params["entities"]}
    assert params["slots"] == sorted(slot_node_id("grown", names(key)) for key in change.slots)
