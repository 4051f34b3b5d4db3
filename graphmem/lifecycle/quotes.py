"""The verbatim words a statement and its fact carry (``quote``), rewritten where the episode
they were cut from is: forgetting takes the forgotten words out of them
(graphmem.lifecycle.forget), retention drops a reduced episode's quotes whole
(graphmem.lifecycle.retention)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from graphmem.store.base import GraphStore
from graphmem.store.changes import ChangeSet, FactPatch, Row, StatementPatch

Rewrite = Callable[[str], str | None]  # a quote -> what it becomes (None: no quote)


def rewrite_quotes(
    store: GraphStore,
    namespace: str,
    statements: Iterable[Row],
    change: ChangeSet,
    rewrite: Rewrite,
) -> None:
    """Patch the quotes of ``statements``, and of the facts of their slots, through
    ``rewrite``; the slots' facts are read once."""
    slots = set()
    for statement in statements:
        quote = statement.get("quote")
        if not quote:
            continue
        slots.add(statement["slot"])
        new = rewrite(quote)
        if new != quote:
            change.statement_patches.append(StatementPatch(statement["id"], {"quote": new}))
    for fact in store.slot_facts(namespace, slots) if slots else []:
        quote = fact.get("quote")
        if quote and (new := rewrite(quote)) != quote:
            change.patches.append(FactPatch(fact["id"], {"quote": new}))
