"""Reads: facts, statements, slots, episodes, audit, export — one ``cypher/read`` query
each, rows handed back with Python datetimes in UTC."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import datetime
from typing import Any

import neo4j

from graphmem.errors import (
    InvalidArgument,
)
from graphmem.model import check_namespace
from graphmem.store import cypher
from graphmem.store.base import FactFilter, Pending, SlotBeliefs, named_in
from graphmem.store.changes import LABELS, Row
from graphmem.store.neo4j.connection import Connection, Sent
from graphmem.store.neo4j.recall import lucene_query
from graphmem.store.neo4j.values import (
    from_columns,
    from_epoch,
    native,
    support_row,
)
from graphmem.store.rows import slot_key, slot_node_id
from graphmem.temporal import END_OF_TIME

# The columns of a support link (cypher/read/fact_support, and facts_of_slots' support).
_SUPPORT = ("fact_id", "episode_id", "role", "added_at", "source", "session", "occurred_at")


class Reads(Connection):
    def facts(self, namespace: str, where: FactFilter) -> list[Row]:
        check_namespace(namespace)
        point = where.point
        params: dict[str, Any] = {
            "namespace": namespace,
            "at": point.at if point else None,
            "known_at": point.known_at if point else None,
            "include_candidates": where.include_candidates,
            "statuses": sorted(where.statuses) if where.statuses is not None else None,
            "predicate": where.predicate,
            "scope": where.scope,
        }
        if where.subject_key is not None and where.predicate is not None and where.scope:
            name = "read/facts_by_slot"
            params["slot"] = slot_key(where.subject_key, where.predicate, where.scope)
            del params["predicate"], params["scope"]
        elif where.subject_key is not None:
            name = "read/facts_by_subject"
            params["subject_key"] = where.subject_key
        else:
            name = "read/facts_in_namespace"
        return [native(r["f"]) for r in self._read(name, **params)]

    def slot_facts(self, namespace: str, slots: Iterable[str]) -> list[Row]:
        return self._slot_facts(namespace, list(slots), history=True).facts

    def slot_beliefs(self, namespace: str, slots: Iterable[str]) -> Pending[SlotBeliefs]:
        ns = check_namespace(namespace)
        wanted = list(slots)
        versions = self.slot_versions(ns, wanted)  # waited for: read before the state
        # Two statements, each on a server thread of its own, and neither waited for.
        (statements, facts), let_go = self._send_at_once(
            [
                ("read/slot_statements", {"namespace": ns, "slots": wanted}),
                ("read/facts_of_slots", facts_params(ns, wanted, history=False)),
            ]
        )
        return _Beliefs(versions, statements, facts, let_go)

    def _slot_facts(self, namespace: str, slots: list[str], *, history: bool) -> SlotBeliefs:
        ns = check_namespace(namespace)
        records = self._read_plain(
            "read/facts_of_slots", **facts_params(ns, slots, history=history)
        )
        return _decode_facts(records)

    def facts_by_id(self, namespace: str, ids: Iterable[str]) -> list[Row]:
        rows = self._read("read/facts_by_id", namespace=check_namespace(namespace), ids=list(ids))
        return [native(r["f"]) for r in rows]

    def slot_versions(self, namespace: str, slots: Iterable[str]) -> dict[str, int]:
        ns = check_namespace(namespace)
        keys = {slot_node_id(ns, key): key for key in slots}
        rows = self._read_plain("read/slot_versions", namespace=ns, ids=list(keys))
        return {keys[r["id"]]: int(r["version"]) for r in rows}

    def slot_statements(self, namespace: str, slots: Iterable[str]) -> list[Row]:
        rows = self._read_plain(
            "read/slot_statements", namespace=check_namespace(namespace), slots=list(slots)
        )
        return from_columns(rows)

    def statements_by_id(self, namespace: str, ids: Iterable[str]) -> list[Row]:
        rows = self._read(
            "read/statements_by_id", namespace=check_namespace(namespace), ids=list(ids)
        )
        return [native(r["s"]) for r in rows]

    def episode_statements(self, namespace: str, episode_ids: Iterable[str]) -> list[Row]:
        rows = self._read(
            "read/episode_statements",
            namespace=check_namespace(namespace),
            episode_ids=list(episode_ids),
        )
        return [native(r["s"]) for r in rows]

    def statements_about(self, namespace: str, entity_key: str) -> list[Row]:
        rows = self._read(
            "read/statements_about_entity", namespace=check_namespace(namespace), key=entity_key
        )
        return [native(r["s"]) for r in rows]

    def entities_still_named(
        self, namespace: str, keys: Iterable[str], excluded: Iterable[str]
    ) -> set[str]:
        rows = self._read_plain(
            "read/entities_still_named",
            namespace=check_namespace(namespace),
            keys=list(keys),
            excluded=list(excluded),
        )
        return {r["key"] for r in rows}

    def entities_told_by(
        self, namespace: str, keys: Iterable[str], authorities: Iterable[str]
    ) -> set[str]:
        rows = self._read_plain(
            "read/entities_told_by",
            namespace=check_namespace(namespace),
            keys=list(keys),
            authorities=list(authorities),
        )
        return {r["key"] for r in rows}

    def chain(self, namespace: str, fact_id: str) -> list[Row]:
        rows = self._read("read/fact_chain", namespace=check_namespace(namespace), fact_id=fact_id)
        return [native(r["f"]) for r in rows]

    def support(self, namespace: str, fact_ids: Iterable[str]) -> list[Row]:
        rows = self._read_plain(
            "read/fact_support", namespace=check_namespace(namespace), fact_ids=list(fact_ids)
        )
        return [support_row(r) for r in rows]

    def episode_facts(self, namespace: str, episode_id: str) -> list[Row]:
        rows = self._read(
            "read/episode_facts", namespace=check_namespace(namespace), episode_id=episode_id
        )
        return [native(r["f"]) for r in rows]

    def episodes_of_source(self, namespace: str, source_ref: str) -> list[str]:
        rows = self._read(
            "read/episodes_of_source", namespace=check_namespace(namespace), source_ref=source_ref
        )
        return [r["id"] for r in rows]

    def episodes_pending(self, namespace: str, limit: int) -> list[str]:
        rows = self._read(
            "read/episodes_pending", namespace=check_namespace(namespace), limit=limit
        )
        return [r["id"] for r in rows]

    def episodes_to_reduce(self, namespace: str, before: datetime, limit: int) -> list[str]:
        rows = self._read(
            "read/episodes_to_reduce",
            namespace=check_namespace(namespace),
            before=before,
            limit=limit,
        )
        return [r["id"] for r in rows]

    def episodes_by_id(self, namespace: str, ids: Iterable[str]) -> list[Row]:
        rows = self._read(
            "read/episodes_by_id", namespace=check_namespace(namespace), ids=list(ids)
        )
        return [native(r["e"]) for r in rows]

    def thread_turns(
        self, namespace: str, thread: str, around: datetime | None, reach: int
    ) -> list[Row]:
        ns = check_namespace(namespace)
        if around is None:
            rows = self._read("read/thread_turns", namespace=ns, thread=thread)
        else:
            rows = self._read(
                "read/thread_turns_around", namespace=ns, thread=thread, at=around, reach=reach
            )
        return [native(r["e"]) for r in rows]

    def audit(self, namespace: str, since: datetime | None) -> list[Row]:
        rows = self._read("read/audit_list", namespace=check_namespace(namespace), since=since)
        return [native(r["a"]) for r in rows]

    def tombstoned(self, namespace: str, digests: Iterable[str]) -> set[str]:
        rows = self._read(
            "read/tombstones_find", namespace=check_namespace(namespace), digests=list(digests)
        )
        return {r["digest"] for r in rows}

    def checkpoints(self, namespace: str, task: str, limit: int) -> list[Row]:
        rows = self._read(
            "read/checkpoints_of_task", namespace=check_namespace(namespace), task=task, limit=limit
        )
        return [native(r["c"]) for r in rows]

    def links(self, namespace: str, fact_ids: Iterable[str]) -> list[Row]:
        rows = self._read(
            "read/supersession_links", namespace=check_namespace(namespace), fact_ids=list(fact_ids)
        )
        return [native(r) for r in rows]

    def audit_of(self, namespace: str, target_ids: Iterable[str]) -> list[Row]:
        rows = self._read(
            "read/audit_of_targets", namespace=check_namespace(namespace), ids=list(target_ids)
        )
        return [native(r["a"]) for r in rows]

    def facts_about(self, namespace: str, entity_key: str) -> list[Row]:
        rows = self._read(
            "read/facts_about_entity", namespace=check_namespace(namespace), key=entity_key
        )
        return [native(r["f"]) for r in rows]

    def entity_id(self, namespace: str, key: str) -> str | None:
        rows = self._read("read/entity_by_key", namespace=check_namespace(namespace), key=key)
        return str(rows[0]["id"]) if rows else None

    def ids(self, namespace: str, label: str) -> list[str]:
        if label not in LABELS:
            raise InvalidArgument(f"label={label!r} is not one of {LABELS}")
        rows = self._read("read/namespace_ids", namespace=check_namespace(namespace), label=label)
        return [r["id"] for r in rows]

    def run(self, namespace: str, run_id: str) -> Row | None:
        rows = self._read("read/run_get", namespace=check_namespace(namespace), run_id=run_id)
        return native(rows[0]["r"]) if rows else None

    def export_rows(self, namespace: str) -> dict[str, list[Row]]:
        ns = check_namespace(namespace)
        out: dict[str, list[Row]] = {}
        for label in LABELS:
            rows = self._read("read/export_nodes", namespace=ns, label=label)
            out[label] = [{k: v for k, v in native(r["n"]).items() if v is not None} for r in rows]
        out["supports"], out["supersessions"], out["stated"] = [], [], []
        for link in self._read("read/export_links", namespace=ns):
            props = native(link["props"])
            if link["type"] == "SUPPORTED_BY":
                out["supports"].append(
                    {"fact_id": link["fact_id"], "episode_id": link["other_id"], **props}
                )
            elif link["type"] == "STATED_IN":
                out["stated"].append(
                    {"statement_id": link["fact_id"], "episode_id": link["other_id"]}
                )
            else:
                out["supersessions"].append(
                    {"new_id": link["fact_id"], "old_id": link["other_id"], **props}
                )
        return out

    def naming(self, namespace: str, name: str) -> list[Row]:
        ns = check_namespace(namespace)
        lucene = lucene_query(ns, name, every=True)
        if lucene is None:
            # A name of stop words or signs only: no index term finds it, the scan does.
            return [row for row in self.find_text(ns, name) if named_in(row)]
        return self._read("read/text_naming", namespace=ns, needle=name, lucene=lucene)

    def find_text(self, namespace: str, needle: str) -> list[Row]:
        ns = check_namespace(namespace)
        found = self._read("explore/find_text", namespace=ns, needle=needle)
        # The full-text indexes are checked too: their entries go with the nodes.
        query = lucene_query(ns, needle, every=True)
        for name in ("recall/facts_keyword_raw", "recall/episodes_keyword_raw"):
            if query is not None:
                for row in self._read(name, lucene=query, namespace=ns):
                    found.append(
                        {"kind": "index", "label": name, "id": row["id"], "property": "keywords"}
                    )
        return found

    def noncanonical_datetimes(self, namespace: str) -> list[Row]:
        return self._read("admin/datetimes_noncanonical", namespace=check_namespace(namespace))

    def canonicalise_datetimes(self, namespace: str) -> int:
        ns = check_namespace(namespace)
        fixed = 0
        with self._talk():
            for label in LABELS:
                records, _, _ = self._driver.execute_query(
                    cypher.load("admin/datetimes_canonicalise"),
                    {"namespace": ns, "label": label},
                    database_=self.database,
                    bookmark_manager_=self._bookmarks,
                )
                fixed += int(records[0]["fixed"] or 0) if records else 0
        return fixed

    def fact_relation_drift(self, namespace: str) -> list[Row]:
        return self._read("admin/fact_relation_drift", namespace=check_namespace(namespace))

    def rebuild_fact_relations(self, namespace: str) -> int:
        with self._talk():
            records, _, _ = self._driver.execute_query(
                cypher.load("admin/fact_relations_rebuild"),
                {"namespace": check_namespace(namespace)},
                database_=self.database,
                bookmark_manager_=self._bookmarks,
            )
        return int(records[0]["rebuilt"] or 0) if records else 0

    def counts(self, namespace: str) -> dict[str, int]:
        rows = self._read("read/namespace_counts", namespace=check_namespace(namespace))
        return {r["label"]: r["n"] for r in rows}


class _Beliefs:
    """Slot beliefs being read (:meth:`Reads.slot_beliefs`): the versions already read, the
    statements and the facts sent."""

    def __init__(
        self,
        versions: dict[str, int],
        statements: Sent,
        facts: Sent,
        let_go: Callable[[], None],
    ) -> None:
        self._versions = versions
        self._statements = statements
        self._facts = facts
        self._let_go = let_go  # closes both and gives their connections' permits back
        self._read: SlotBeliefs | None = None

    def result(self) -> SlotBeliefs:
        if self._read is None:
            try:
                said = self._statements.record()
                read = _decode_facts(_one(self._facts.record()))
            finally:
                self.close()
            read.versions = self._versions
            read.statements = from_columns(_one(said))
            self._read = read
        return self._read

    def close(self) -> None:
        self._let_go()


def _one(record: neo4j.Record | None) -> list[Row]:
    return [] if record is None else [dict(record)]


def facts_params(namespace: str, slots: list[str], *, history: bool) -> dict[str, Any]:
    return {
        "namespace": namespace,
        "slots": slots,
        "history": history,
        "end_of_time": END_OF_TIME,
    }


def _decode_facts(records: list[Row]) -> SlotBeliefs:
    """cypher/read/facts_of_slots' row: the facts, and with history off the others' last
    change and the facts' support."""
    read = SlotBeliefs({}, [], from_columns(records), [], {})
    for record in records:
        for slot, micros in record["history"]:
            at = from_epoch(micros)
            read.history_changed[slot] = max(read.history_changed.get(slot, at), at)
        for fact_id, links in record["support"]:
            read.support += sorted(
                (support_row(dict(zip(_SUPPORT, [fact_id, *link], strict=True))) for link in links),
                key=lambda row: (row["added_at"], row["episode_id"]),
            )
    return read
