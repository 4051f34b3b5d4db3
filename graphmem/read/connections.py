"""Connection records read from the facts that hold them (``connection_scope``).

A connection is a fact (``graphmem.extract.connections``): subject the service and its
account ("Gmail (work)"), object the permission scope. Its versions are its history: the
scope that holds at a time is active, a scope a later one replaced is superseded, and one
that ended with nothing after it (disconnected, revoked) is revoked. Who granted it is the
source of the episode behind it, so a tool's or the agent's word is never the user's.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Literal

from graphmem.extract.connections import PREDICATE, split_subject
from graphmem.model import Authority, SourceKind, Status, entity_key
from graphmem.results import Connection
from graphmem.store.base import FactFilter, GraphStore
from graphmem.store.changes import Row
from graphmem.temporal import END_OF_TIME, shown

ConnectionStatus = Literal["active", "revoked", "superseded", "candidate"]


def believed(store: GraphStore, namespace: str, *, include_candidates: bool) -> list[Row]:
    """Every version of every connection the store believes now, oldest first."""
    where = FactFilter(predicate=PREDICATE, include_candidates=include_candidates)
    return [
        row
        for row in store.facts(namespace, where)
        if row["retired_at"] >= END_OF_TIME and row["status"] != Status.RETRACTED.value
    ]


def status_at(row: Row, at: datetime) -> ConnectionStatus | None:
    """What the version was at ``at``; None before it was granted."""
    if row["valid_from"] > at:
        return None
    if row["status"] == Status.CANDIDATE.value:
        return "candidate"
    if row["valid_until"] > at:
        return "active"
    # The stored status says why it ended: another value took over, or an end stopped it
    # (a disconnection, a revocation) or its own window closed.
    return "superseded" if row["status"] == Status.SUPERSEDED.value else "revoked"


def current(
    store: GraphStore, namespace: str, service: str, account: str | None, at: datetime
) -> list[Row]:
    """The connections to ``service`` active at ``at`` (of ``account``, or of every account)."""
    service_key = entity_key(service)
    account_key = None if account is None else entity_key(account)
    found = []
    for row in believed(store, namespace, include_candidates=False):
        name, label = split_subject(row["subject"])
        if entity_key(name) != service_key or status_at(row, at) != "active":
            continue
        if account_key is None or entity_key(label or "") == account_key:
            found.append(row)
    return found


def records(
    store: GraphStore,
    namespace: str,
    at: datetime,
    *,
    include_revoked: bool,
    include_candidates: bool,
) -> list[Connection]:
    """The connections at ``at``: active ones (and candidates when asked), and with
    ``include_revoked`` the ones that ended before it."""
    listed: list[tuple[Row, ConnectionStatus]] = []
    for row in believed(store, namespace, include_candidates=include_candidates):
        status = status_at(row, at)
        if status is None or (status in ("revoked", "superseded") and not include_revoked):
            continue
        listed.append((row, status))
    sources = _granted_by(store, namespace, [row["id"] for row, _ in listed])
    out = []
    for row, status in listed:
        service, account = split_subject(row["subject"])
        out.append(
            Connection(
                service=service,
                account=account,
                scope=str(json.loads(row["object_json"])),
                status=status,
                granted_at=row["valid_from"],
                ended_at=shown(row["valid_until"]),
                granted_by=sources.get(row["id"]),
                authority=Authority(row["authority"]),
                fact_id=row["id"],
            )
        )
    return sorted(out, key=lambda c: (entity_key(c.service), c.account or "", c.granted_at))


def _granted_by(store: GraphStore, namespace: str, fact_ids: list[str]) -> dict[str, SourceKind]:
    """For each fact, the source of the episode that stands behind it most: the highest
    authority, then the earliest (a user's word over a tool's that repeated it)."""
    if not fact_ids:
        return {}
    links = store.support(namespace, fact_ids)
    episodes = {
        row["id"]: row
        for row in store.episodes_by_id(namespace, {link["episode_id"] for link in links})
    }
    best: dict[str, Row] = {}
    for link in links:
        episode = episodes.get(link["episode_id"])
        if episode is None:
            continue
        held = best.get(link["fact_id"])
        if held is None or _stands_more(episode, held):
            best[link["fact_id"]] = episode
    return {fact_id: SourceKind(episode["source"]) for fact_id, episode in best.items()}


def _stands_more(episode: Row, than: Row) -> bool:
    rank, other = Authority(episode["authority"]).rank, Authority(than["authority"]).rank
    return rank > other or (rank == other and episode["occurred_at"] < than["occurred_at"])
