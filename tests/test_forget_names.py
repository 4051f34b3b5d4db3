"""Whatever names a person is forgettable (issue 37), on both stores: a name said only in
passing, and an episode that held nothing but what is forgotten."""

from __future__ import annotations

from typing import Any

from graphmem import Memory
from graphmem.store.base import named_in


def test_a_name_said_in_passing_is_forgotten(memory: Memory, ns: Any) -> None:
    maya = ns("maya")
    memory.remember("I met Ostrowski at the station yesterday.", maya)
    report = memory.forget(maya, entity="Ostrowski")
    assert report.redacted_episodes == 1
    found = memory.recall("Ostrowski station", maya, k=10)
    assert found
    assert all("Ostrowski" not in e.text for e in found)
    assert memory.store.find_text(maya, "Ostrowski") == []


def test_a_forgotten_name_no_longer_finds_what_named_it_by_meaning(memory: Memory, ns: Any) -> None:
    """The episode that stays, redacted, is embedded again: its old vector still held the
    name, and found it by that name alone."""
    maya = ns("maya")
    memory.remember("I had dinner with Zorblax yesterday at the harbour.", maya)
    memory.remember("I bought new shoes.", maya)
    assert memory.recall("Zorblax", maya, k=3)[0].text.startswith("I had dinner with Zorblax")

    memory.forget(maya, entity="Zorblax")

    assert memory.recall("Zorblax", maya, k=3) == []
    assert memory.recall("dinner at the harbour", maya, k=3)[0].text == (
        "I had dinner with [forgotten] yesterday at the harbour."
    )


def test_a_husk_is_no_memory(memory: Memory, ns: Any) -> None:
    maya = ns("maya")
    memory.remember("Zanzibarton.", maya)
    memory.remember("I like tea.", maya)
    memory.forget(maya, entity="Zanzibarton")
    texts = [e.text for e in memory.recall("forgotten Zanzibarton", maya, k=10)]
    assert all("[forgotten]" not in t for t in texts)


def test_a_checkpoint_that_names_it_is_saved_again_without_it(memory: Memory, ns: Any) -> None:
    maya = ns("maya")
    memory.remember("I am planning a trip to Zanzibarton in May.", maya)
    memory.checkpoint(
        maya, "trip", next_action="book the Zanzibarton hotel", pending=["ask about Zanzibarton"]
    )
    report = memory.forget(maya, entity="Zanzibarton")
    assert report.redacted_checkpoints == 1
    [saved] = memory.checkpoints(maya, "trip")
    assert "Zanzibarton" not in saved.model_dump_json()
    assert saved.next_action == "book the [forgotten] hotel"
    assert memory.store.find_text(maya, "Zanzibarton") == []


def test_what_naming_reads_is_what_the_scan_finds(memory: Memory, ns: Any) -> None:
    """Forgetting by name reads the records that name it through the store's indexes
    (GraphStore.naming); for these labels they are the rows the namespace-wide scan
    (find_text) gives — names of several words, with a hyphen, an apostrophe, in another
    script, and of stop words only."""
    maya = ns("maya")
    said = [
        "I met Ostrowski at the station yesterday.",
        "Jean-Luc Martin lent me his bike; Jean-Luc is moving to Lyon.",
        "Maya's sister Olga works at Acme Analytics.",
        "田中さんと東京で会いました。",
        "The Who played at the festival, and my friend Dara loved it.",
        "I like the ostrowski pierogi place on Main Street.",
    ]
    for text in said:
        memory.remember(text, maya)
    memory.checkpoint(maya, "trip", next_action="call Ostrowski about the tickets")
    for name in ("Ostrowski", "Jean-Luc", "Acme Analytics", "Olga", "田中", "The Who", "Lyon"):
        scanned = sorted(
            (r["label"], r["id"], r["property"])
            for r in memory.store.find_text(maya, name)
            if named_in(r)
        )
        named = sorted(
            (r["label"], r["id"], r["property"]) for r in memory.store.naming(maya, name)
        )
        assert named == scanned, name
        assert scanned, name
