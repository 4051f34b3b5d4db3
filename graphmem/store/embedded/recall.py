"""The embedded store's recall channels: the filter as numpy columns, vectors through
the HNSW index or exact cosine, BM25 keywords, the entity neighbourhood with hubs capped."""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, cast

import numpy as np

from graphmem.store import channels
from graphmem.store.base import (
    HUB_DEGREE,
    NOTHING_CHECKED,
    Candidates,
    Checked,
    GraphStore,
    Hit,
    Probe,
    RecallFilter,
    Succession,
    WholeRows,
)
from graphmem.store.changes import ChangeSet
from graphmem.store.columns import Admitted, Columns
from graphmem.store.embedded.state import LINKS, State, locked, public_row
from graphmem.store.indexes import INDEXED, Table
from graphmem.store.ranking import best_rows
from graphmem.store.vectors import unit
from graphmem.temporal import AsOf, holds


class Channels(State):
    def _admitted(self, namespace: str, where: RecallFilter, label: str = "Fact") -> Admitted:
        """What recall may see: the filter runs over numpy columns of the namespace (built
        once per write), so a recall costs a few vector operations, not a Python loop."""
        key = (namespace, label, where)
        cached = self._seen.get(key)
        if cached is not None and cached[0] == self._version:
            return cached[1]
        table = self._tables[(label, namespace)]
        mask = self._columns(namespace, label).mask(where)
        if label == "Episode" and where.scopes is not None:
            for row in np.flatnonzero(mask):
                node = table.ids[row]
                mask[row] = node is not None and self._in_scope(node, where.scopes)
        has = table.vectors.has
        width = min(len(mask), len(has))
        vector_rows = np.flatnonzero(mask[:width] & has[:width])
        admitted = Admitted(mask=mask, vector_rows=vector_rows)
        if len(self._seen) > 64:
            self._seen.clear()
        self._seen[key] = (self._version, admitted)
        return admitted

    def _columns(self, namespace: str, label: str) -> Columns:
        cached = self._cols.get((namespace, label))
        if cached is not None and cached[0] == self._version:
            return cached[1]
        table = self._tables[(label, namespace)]
        changed = self._changed.pop((namespace, label), set())
        if cached is None:
            cols = Columns.build(label, table.ids, self._graph._node)
        else:
            # Only the rows a write touched: a full build reads every node (seconds at 100k).
            cols = cached[1]
            cols.refresh(table.ids, self._graph._node, changed)
        self._cols[(namespace, label)] = (self._version, cols)
        return cols

    def _mark_changed(self, change: ChangeSet) -> None:
        """Note, before ``change`` applies, the existing rows whose filter columns it may
        alter: patched, rewritten or removed nodes. New rows are known by their numbers."""
        ns = change.namespace
        ids = [patch.fact_id for patch in change.patches]
        ids += [row["id"] for row in (*change.facts, *change.episodes)]
        ids += [node for nodes in change.removals.values() for node in nodes]
        for node in ids:
            data = self._graph.nodes.get(node)
            if data is None or data["label"] not in INDEXED or data["namespace"] != ns:
                continue
            key = (ns, data["label"])
            row = self._tables[(data["label"], ns)].row_of.get(node)
            if key in self._cols and row is not None:
                self._changed.setdefault(key, set()).add(row)

    def _ranked(
        self, table: Table, rows: Any, scores: Any, *, vector: Any, limit: int
    ) -> list[Hit]:
        """The best ``limit`` rows of a channel: by score, then cosine to the query, then id."""
        query = None if vector is None else unit(vector)
        nodes = self._graph.nodes
        return [
            Hit(public_row(nodes[table.ids[row]]), similarity, score)
            for row, similarity, score in best_rows(
                table.vectors, table.ids, rows, scores, query=query, limit=limit
            )
        ]

    def _nearest(
        self, label: str, namespace: str, admitted: Admitted, vector: list[float], limit: int
    ) -> list[Hit]:
        table = self._tables[(label, namespace)]
        nodes = self._graph.nodes
        return [
            Hit(public_row(nodes[table.ids[row]]), similarity, similarity)
            for row, similarity in table.vectors.search(vector, admitted.vector_rows, limit)
        ]

    def _keyword(
        self,
        label: str,
        namespace: str,
        admitted: Admitted,
        text: str,
        *,
        vector: list[float] | None,
        limit: int,
    ) -> list[Hit]:
        table = self._tables[(label, namespace)]
        found = table.keywords.search(text, limit, admitted.mask, table.ids)
        rows, scores = [row for row, _ in found], [score for _, score in found]
        hits = self._ranked(table, rows, scores, vector=vector, limit=limit)
        idfs = table.keywords.idfs(text) if hits else ()
        return [Hit(hit.row, hit.similarity, hit.score, idfs) for hit in hits]

    @locked
    def similar_facts(
        self, namespace: str, where: RecallFilter, vector: list[float], limit: int
    ) -> list[Hit]:
        return self._nearest("Fact", namespace, self._admitted(namespace, where), vector, limit)

    @locked
    def keyword_facts(
        self,
        namespace: str,
        where: RecallFilter,
        text: str,
        vector: list[float] | None,
        limit: int,
    ) -> list[Hit]:
        admitted = self._admitted(namespace, where)
        return self._keyword("Fact", namespace, admitted, text, vector=vector, limit=limit)

    @locked
    def entity_facts(
        self,
        namespace: str,
        where: RecallFilter,
        keys: list[str],
        vector: list[float] | None,
        limit: int,
        *,
        found: Collection[str] = (),
    ) -> list[Hit]:
        # A fact linked to a named entity scores 1, one reached in one hop 0.5 (a named link
        # wins whatever the order): rows, so a hub's thousands of facts stay numpy.
        named: list[Any] = []
        reached: list[Any] = []
        nodes, succ = self._graph._node, self._graph._succ
        expanded: set[str] = set()  # neighbours reached through several links: looked at once
        for key in keys:
            entity = self._entity.get((namespace, key))
            if entity is None:
                continue
            if self._is_hub(entity):  # never walked: only what the other channels found counts
                row_of = self._tables[("Fact", namespace)].row_of
                credited = [
                    row_of.get(fact_id, -1)
                    for fact_id in found
                    if any(rel in LINKS for rel in succ.get(fact_id, {}).get(entity, ()))
                ]
                named.append(np.array(credited, dtype=np.int64))
                continue
            named.append(self._linked_rows(namespace, entity))
            for fact_id in self._linked_facts(entity):
                link = nodes[fact_id]
                if not holds(
                    link["valid_from"],
                    link["valid_until"],
                    link["recorded_at"],
                    link["retired_at"],
                    where.point,
                ):
                    continue
                # The adjacency itself, in out_edges' order (networkx's views cost more).
                for other, rels in succ[fact_id].items():
                    linking = "SUBJECT" in rels or "OBJECT" in rels
                    if not linking or other == entity or other in expanded:
                        continue
                    expanded.add(other)
                    if not self._is_hub(other):
                        reached.append(self._linked_rows(namespace, other, subject_only=True))
        if not named:
            return []
        direct = np.concatenate(named)
        rows = np.union1d(direct, np.concatenate(reached)) if reached else np.unique(direct)
        rows = rows[rows >= 0]  # -1: a fact without a row (none expected)
        rows = rows[self._admitted(namespace, where).mask[rows]]
        scores = np.where(np.isin(rows, direct), 1.0, 0.5)
        table = self._tables[("Fact", namespace)]
        return self._ranked(table, rows, scores, vector=vector, limit=limit)

    def _until_write(self) -> dict[tuple[str, str], Any]:
        """What recall learnt about the graph since the last write (hubs, linked rows):
        the recalls between two writes ask about the same cities and companies."""
        if self._memo[0] != self._version:
            self._memo = (self._version, {})
        return self._memo[1]

    def _linked_rows(self, namespace: str, entity: str, *, subject_only: bool = False) -> Any:
        """:meth:`_linked_facts` as rows of the namespace's Fact table."""
        memo = self._until_write()
        key = ("subject rows" if subject_only else "rows", entity)
        rows = memo.get(key)
        if rows is None:
            row_of = self._tables[("Fact", namespace)].row_of
            linked = self._linked_facts(entity, subject_only=subject_only)
            rows = np.fromiter((row_of.get(f, -1) for f in linked), np.int64, len(linked))
            memo[key] = rows
        return rows

    def _is_hub(self, entity: str) -> bool:
        """More than ``HUB_DEGREE`` linked facts; counts no further than that."""
        memo = self._until_write()
        known = memo.get(("hub", entity))
        if known is None:
            known = memo[("hub", entity)] = self._count_over_hub(entity)
        return bool(known)

    def _count_over_hub(self, entity: str) -> bool:
        count = 0
        for rels in self._graph._pred[entity].values():
            for rel in rels:
                if rel in LINKS:
                    count += 1
                    if count > HUB_DEGREE:
                        return True
        return False

    def _in_scope(self, episode_id: str, scopes: tuple[str, ...] | None) -> bool:
        """An episode behind a fact of another scope stays out of a scoped recall."""
        if scopes is None:
            return True
        held = self._episode_scopes.get(episode_id)
        if held is None:
            nodes = self._graph.nodes
            held = frozenset(
                nodes[fact]["scope"]
                for fact, rels in self._graph._pred[episode_id].items()
                if "SUPPORTED_BY" in rels
            )
            self._episode_scopes[episode_id] = held
        return held.issubset(scopes)

    @locked
    def similar_episodes(
        self, namespace: str, where: RecallFilter, vector: list[float], limit: int
    ) -> list[Hit]:
        admitted = self._admitted(namespace, where, "Episode")
        return self._nearest("Episode", namespace, admitted, vector, limit)

    @locked
    def keyword_episodes(
        self,
        namespace: str,
        where: RecallFilter,
        text: str,
        vector: list[float] | None,
        limit: int,
    ) -> list[Hit]:
        admitted = self._admitted(namespace, where, "Episode")
        return self._keyword("Episode", namespace, admitted, text, vector=vector, limit=limit)

    @locked
    def episodes_standing(self, namespace: str, ids: Iterable[str], point: AsOf) -> dict[str, bool]:
        out: dict[str, bool] = {}
        nodes, pred = self._graph._node, self._graph._pred
        for episode in ids:
            data = nodes.get(episode)
            if data is None or data["namespace"] != namespace or data["label"] != "Episode":
                continue
            # Lazily, stopping at the first fact that holds: an episode may support thousands.
            # The adjacency itself, in in_edges' order (networkx's views cost more).
            facts = (nodes[f] for f, rels in pred[episode].items() if "SUPPORTED_BY" in rels)
            seen = False
            for f in facts:
                seen = True
                if holds(
                    f["valid_from"], f["valid_until"], f["recorded_at"], f["retired_at"], point
                ):
                    out[episode] = True
                    break
            else:
                if seen:
                    out[episode] = False
        return out

    def _claims_of(self, namespace: str, episode: str, point: AsOf) -> list[dict[str, Any]]:
        """The believed facts ``episode`` supports that began by ``point``."""
        found = self._believed(namespace, episode, point)
        if found is None:
            return []
        supported, held = found
        return [supported.facts[i] for i in np.flatnonzero(held)]

    def _slots_told(self, namespace: str, episode: str, point: AsOf) -> tuple[str, ...]:
        """The slots of :meth:`_claims_of`, in order, each once."""
        found = self._believed(namespace, episode, point)
        if found is None:
            return ()
        supported, held = found
        if held.all():
            return supported.slots
        told, first = np.unique(supported.slot_of[held], return_index=True)
        return tuple(supported.slots[i] for i in told[np.argsort(first)])

    def _believed(self, namespace: str, episode: str, point: AsOf) -> tuple[Supported, Any] | None:
        """What ``episode`` supports (:meth:`_supported`) and which of it is believed and
        began by ``point``; None for no episode of the namespace, or one supporting nothing."""
        data = self._graph._node.get(episode)
        if data is None or data["namespace"] != namespace or data["label"] != "Episode":
            return None
        supported = self._supported(episode)
        if not supported.facts:
            return None
        at, known, times = _micros(point.at), _micros(point.known_at), supported.times
        held = (times[:, 0] <= at) & (times[:, 1] <= known) & (known < times[:, 2])
        return (supported, held) if held.any() else None

    def _supported(self, episode: str) -> Supported:
        """Every fact ``episode`` supports, with its valid-from, recorded-at and retired-at
        times (exact microseconds) as an array, and their slots (each once, and which is each
        fact's), kept until the next write: a pasted document supports hundreds of facts, and
        recall asks about the same episodes question after question."""
        memo = self._until_write()
        key = ("supported", episode)
        found = memo.get(key)
        if found is None:
            nodes = self._graph._node
            facts = [
                nodes[f] for f, rels in self._graph._pred[episode].items() if "SUPPORTED_BY" in rels
            ]
            times = np.array(
                [
                    (_micros(f["valid_from"]), _micros(f["recorded_at"]), _micros(f["retired_at"]))
                    for f in facts
                ],
                dtype=np.int64,
            ).reshape(-1, 3)
            slots = tuple(dict.fromkeys(f["slot"] for f in facts))
            place = {slot: i for i, slot in enumerate(slots)}
            slot_of = np.fromiter((place[f["slot"]] for f in facts), np.int64, len(facts))
            found = memo[key] = Supported(facts, times, slots, slot_of)
        return found

    @locked
    def told_slots(
        self, namespace: str, ids: Iterable[str], point: AsOf
    ) -> dict[str, tuple[str, ...]]:
        return {
            episode: told
            for episode in ids
            if (told := self._slots_told(namespace, episode, point))
        }

    @locked
    def succession(self, namespace: str, ids: Iterable[str], point: AsOf) -> Succession:
        found = Succession()
        for episode in ids:
            said = self._claims_of(namespace, episode, point)
            if not said:
                continue
            found.ended[episode] = max(f["valid_until"] for f in said)
            found.slots[episode] = tuple(dict.fromkeys(f["slot"] for f in said))
        slots = {slot for held in found.slots.values() for slot in held}
        for row in cast("GraphStore", self).slot_facts(namespace, slots) if slots else ():
            if holds(
                row["valid_from"], row["valid_until"], row["recorded_at"], row["retired_at"], point
            ):
                found.current[row["slot"]] = (*found.current.get(row["slot"], ()), row["id"])
        return found

    def recall_candidates(
        self,
        namespace: str,
        where: RecallFilter,
        probe: Probe,
    ) -> Candidates:
        # In process, a channel costs no round trip: the default composition serves.
        return channels.compose(cast("GraphStore", self), namespace, where, probe)

    def recall_rows(
        self,
        namespace: str,
        fact_ids: list[str],
        episode_ids: list[str],
        point: AsOf,
        *,
        checked: Checked = NOTHING_CHECKED,
    ) -> WholeRows:
        store = cast("GraphStore", self)
        return channels.rows(store, namespace, fact_ids, episode_ids, point, checked=checked)


@dataclass(frozen=True, slots=True)
class Supported:
    """What an episode supports: its facts, their [valid_from, recorded_at, retired_at] in
    microseconds (an int64 array, a row a fact), their slots each once, and the index of
    each fact's slot among them."""

    facts: list[dict[str, Any]]
    times: Any
    slots: tuple[str, ...]
    slot_of: Any


_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_MICROSECOND = timedelta(microseconds=1)


def _micros(at: datetime) -> int:
    """``at`` as whole microseconds since 1970, exactly (a float timestamp rounds)."""
    return (at - _EPOCH) // _MICROSECOND
