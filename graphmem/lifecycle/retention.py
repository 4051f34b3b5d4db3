"""Retention: how long a namespace keeps the raw text of what it was told.

The default keeps every episode verbatim. With ``keep_days`` set (``Memory.retention``), the
daily maintenance job reduces each episode older than that to what was extracted from it:
its text becomes its claims ("user lives_in Denver; user likes green tea"), and the quotes
its statements and facts carry go. What it supports stays supported — the episode node, its
links, its time and source remain, so provenance, history and the audit still say where a
fact came from — and forgetting works as before (a reduced episode is forgotten like any
other, and tombstones keep a forgotten one from coming back). Reducing is not forgetting:
it writes no tombstone, and the claims themselves stay until forgotten or collected.

The policy is the namespace's latest ``retention`` audit entry, so it needs no schema of its
own, moves with export and import, and its changes are an audit trail themselves.
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta

from graphmem.lifecycle.quotes import rewrite_quotes
from graphmem.model import Actor
from graphmem.records import audit_row
from graphmem.store.base import GraphStore
from graphmem.store.changes import ChangeSet, Row
from graphmem.write import context

ACTION = "retention"
TARGET = "policy:retention"  # one audit target, so the policy is read by an indexed lookup
BATCH = 500  # episodes reduced per transaction: a first run on a large namespace takes several


def policy(store: GraphStore, namespace: str) -> tuple[int | None, datetime | None]:
    """(keep_days, when it was set) — (None, None) when raw text is kept for good."""
    rows = [r for r in store.audit_of(namespace, [TARGET]) if r["action"] == ACTION]
    if not rows:
        return None, None
    latest = max(rows, key=lambda r: (r["at"], r["id"]))
    keep = json.loads(latest.get("after_json") or "{}").get("keep_days")
    return (int(keep) if keep is not None else None), latest["at"]


def set_policy(keep_days: int | None, now: datetime) -> Row:
    """The audit entry that sets the policy."""
    return audit_row(
        now,
        Actor.USER,
        ACTION,
        target_id=TARGET,
        after={"keep_days": keep_days},
        note="raw episode text kept for good" if keep_days is None else None,
    )


def reduced_text(statements: list[Row], keep_days: int) -> str:
    """What a reduced episode says: the claims extracted from it, in one line."""
    claims = sorted(
        dict.fromkeys(
            f"{s['subject']} {s['predicate']} {'not ' if s['op'] != 'assert' else ''}"
            f"{s.get('object_text') or ''}".strip()
            for s in statements
        )
    )
    kept = "; ".join(claims) if claims else "nothing was extracted from it"
    return f"[kept as its claims after {keep_days} days] {kept}"


def reduce_due(store: GraphStore, namespace: str, now: datetime, keep_days: int) -> ChangeSet:
    """One batch of episodes past the policy, reduced to their claims, as one change set."""
    change = ChangeSet(namespace=namespace)
    due = store.episodes_to_reduce(namespace, now - timedelta(days=keep_days), BATCH)
    if not due:
        return change
    episodes = {row["id"]: row for row in store.episodes_by_id(namespace, due)}
    said = store.episode_statements(namespace, due)
    rewritten: dict[str, str] = {}
    for episode_id, row in episodes.items():
        mine = [s for s in said if episode_id in s["episodes"]]
        text = reduced_text(mine, keep_days)
        rewritten[episode_id] = text
        change.redactions.append(
            {
                "id": episode_id,
                "content": text,
                "redactions": row.get("redactions") or 0,
                "reduced_at": now,
            }
        )
        _drop_quotes(store, namespace, mine, change)
    # The turns beside a reduced one carried its words as keyword context: windowed again.
    change.contexts = context.refreshed(store, namespace, {}, rewritten)
    change.audit.append(
        audit_row(now, Actor.SYSTEM, "reduce", after={"episodes": len(episodes)}, note=ACTION)
    )
    return change


def _drop_quotes(store: GraphStore, namespace: str, said: list[Row], change: ChangeSet) -> None:
    """The verbatim quotes a reduced episode's statements, and their facts, carry."""
    quotes = {s["quote"] for s in said if s.get("quote")}
    if quotes:
        rewrite_quotes(store, namespace, said, change, lambda q: None if q in quotes else q)
