"""The batched slot reads a write weighs its claims against (``slot_facts``,
``slot_statements``) return every property a fact or statement holds, exactly as the
generic reads do. On Neo4j they read the usual properties by name and the rest through
``keys()`` (cypher/read/facts_of_slots, cypher/read/slot_statements); a property missed by
both, or a datetime read in the wrong unit, would change what a write decides."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from graphmem import Claim, Memory
from graphmem.store.base import FactFilter
from graphmem.store.changes import ChangeSet, FactPatch, StatementPatch
from graphmem.store.rows import slot_key
from graphmem.temporal import END_OF_TIME

AT = datetime(2025, 3, 1, 9, 30, 15, 123_456, tzinfo=UTC)


def _varied(memory: Memory, ns: str) -> None:
    memory.remember(
        [
            Claim("maya", "lives_in", "Lisbon", valid_from=AT),
            Claim("maya", "likes", "green tea", confidence=0.7),
            Claim("maya", "works_at", "Acme", valid_from=AT, valid_until=AT + timedelta(days=90)),
            Claim("maya", "meets", "Ana", scope="project:atlas", object_is_entity=True),
        ],
        namespace=ns,
        source="user",
        at=AT,
    )
    memory.remember(
        [Claim("maya", "lives_in", "Porto", valid_from=AT + timedelta(days=40))],
        namespace=ns,
        source="user",
        at=AT + timedelta(days=41),
    )
    memory.remember(
        [Claim("maya", "likes", "green tea", negated=True)],
        namespace=ns,
        source="user",
        at=AT + timedelta(days=42),
    )
    memory.remember(
        [Claim("maya", "lives_in", "Faro")],
        namespace=ns,
        source="email",
        source_ref="someone@example.org",
        at=AT + timedelta(days=43),
    )


def _with_extra_properties(memory: Memory, ns: str) -> str:
    """Properties only some facts have (set by later lifecycle steps), and properties no read
    names at all (a fact written by a newer graphmem, say): both must come back."""
    facts = memory.store.facts(ns, FactFilter())
    statements = memory.store.slot_statements(ns, [facts[0]["slot"]])
    change = ChangeSet(namespace=ns)
    change.patches.append(
        FactPatch(
            facts[0]["id"],
            {"quote": "she said so", "bad_outcomes": 2, "last_used_at": AT, "decayed_at": AT},
        )
    )
    change.statement_patches.append(StatementPatch(statements[0]["id"], {"quote": "so"}))
    newer = {
        **facts[1],
        "id": f"fact-newer-{ns}",
        "note": "kept",
        "checked_at": AT + timedelta(microseconds=7),
    }
    change.facts.append(newer)
    change.statements.append(
        {
            **statements[0],
            "id": f"st-newer-{ns}",
            "origin": "import",
            "seen_at": AT - timedelta(days=1),
        }
    )
    memory.store.apply(change)
    return f"fact-newer-{ns}"


def facts_with_quote(facts: dict[str, dict[str, object]]) -> str:
    return next(i for i, f in facts.items() if f.get("quote") == "she said so")


def test_slot_reads_return_every_property_the_generic_reads_do(
    memory: Memory, ns: Callable[[str], str]
) -> None:
    space = ns("slots")
    _varied(memory, space)
    extra = _with_extra_properties(memory, space)
    store = memory.store
    every = store.facts(space, FactFilter(include_candidates=True))
    slots = sorted({f["slot"] for f in every})
    assert slot_key("maya", "lives_in", "global") in slots

    by_slot = {f["id"]: f for f in store.slot_facts(space, slots)}
    assert by_slot == {f["id"]: f for f in every}
    assert by_slot[extra]["note"] == "kept"
    assert by_slot[extra]["checked_at"] == AT + timedelta(microseconds=7)

    statements = store.slot_statements(space, slots)
    generic = store.statements_by_id(space, [s["id"] for s in statements])
    assert {s["id"]: s for s in statements} == {s["id"]: s for s in generic}
    newer = next(s for s in statements if s["id"].startswith("st-newer-"))
    assert newer["origin"] == "import"
    assert newer["seen_at"] == AT - timedelta(days=1)
    assert any(s.get("quote") == "so" for s in statements)
    assert by_slot[facts_with_quote(by_slot)]["last_used_at"] == AT
    assert all(f["valid_from"].tzinfo is UTC for f in by_slot.values())
    # Microseconds survive the epoch form.
    assert any(f["valid_from"] == AT for f in every)
    # The order a slot's timeline is derived in: statements as said, facts by validity.
    said = [(s["said_at"], s["recorded_at"], s["id"]) for s in statements]
    assert said == sorted(said)
    valid = [(f["valid_from"], f["recorded_at"], f["id"]) for f in store.slot_facts(space, slots)]
    assert valid == sorted(valid)


def test_slot_beliefs_are_the_believed_facts_their_support_and_when_the_others_changed(
    memory: Memory, ns: Callable[[str], str]
) -> None:
    """What a write reads instead of a slot's whole history: the believed versions, exactly
    as ``slot_facts`` returns them, their support as ``support`` returns it, and for each
    slot the last instant any other version was recorded or retired (a write's belief time
    never goes back past it)."""
    space = ns("beliefs")
    _varied(memory, space)
    store = memory.store
    every = store.facts(space, FactFilter(include_candidates=True))
    slots = sorted({f["slot"] for f in every})
    whole = store.slot_facts(space, slots)
    read = store.slot_beliefs(space, slots).result()

    believed = [f for f in whole if f["retired_at"] >= END_OF_TIME]
    assert read.versions == store.slot_versions(space, slots)
    assert read.facts == believed
    assert read.statements == store.slot_statements(space, slots)
    retired = [f for f in whole if f["retired_at"] < END_OF_TIME]
    assert retired, "the scenario retires versions (Lisbon, Porto, green tea)"
    expected: dict[str, datetime] = {}
    for fact in retired:
        last = max(fact["recorded_at"], fact["retired_at"])
        expected[fact["slot"]] = max(expected.get(fact["slot"], last), last)
    assert read.history_changed == expected

    def by_fact(links: list[dict[str, object]]) -> dict[object, list[dict[str, object]]]:
        grouped: dict[object, list[dict[str, object]]] = {}
        for link in links:
            grouped.setdefault(link["fact_id"], []).append(link)
        return grouped

    links = store.support(space, [f["id"] for f in believed])
    assert len(links) >= len(believed)
    assert by_fact(read.support) == by_fact(links)
    empty = store.slot_beliefs(space, []).result()
    assert (empty.versions, empty.facts, empty.support, empty.history_changed) == ({}, [], [], {})
