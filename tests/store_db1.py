"""What the test of a database of format 1 compares (``tests/data/store_db1``): shared by
the fixture's maker, run with the graphmem that wrote that format, and the test."""

from __future__ import annotations

from typing import Any

from graphmem import Memory
from graphmem.store.embedded import EmbeddedStore

NAMESPACES = ("db1", "other")
_USE = ("use_count", "last_used_at")  # reads count their uses: not what is compared


def view(mem: Memory) -> dict[str, Any]:
    """Every record of each namespace, its audit, and each entity's facts (its links)."""
    store = mem.store
    assert isinstance(store, EmbeddedStore)
    out: dict[str, Any] = {}
    for ns in NAMESPACES:
        rows = store.export_rows(ns)
        out[ns] = {
            "rows": {
                label: [{k: v for k, v in row.items() if k not in _USE} for row in found]
                for label, found in rows.items()
            },
            "audit": [entry.model_dump(mode="json") for entry in mem.audit(ns)],
            "about": {
                entity["key"]: sorted(row["id"] for row in store.facts_about(ns, entity["key"]))
                for entity in rows["Entity"]
            },
        }
    return out
