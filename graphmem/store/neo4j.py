"""The Neo4j store: runs only the Cypher files in ``cypher/``.

Writes go through one managed transaction per change set (the driver retries
transient failures), batched with ``UNWIND``. Driver exceptions are translated
at one boundary, :func:`_driver_errors`.
"""

from __future__ import annotations

import hashlib
import secrets
import threading
import time
from collections.abc import Callable, Collection, Iterable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar

import neo4j
from neo4j.exceptions import DriverError, Neo4jError, ServiceUnavailable, TransientError

from graphmem.context import CONTEXT_BOOST
from graphmem.errors import (
    EmbeddingMismatch,
    InvalidArgument,
    StoreUnavailable,
    UnknownId,
    WriteConflict,
)
from graphmem.model import check_namespace
from graphmem.results import PurgeReport
from graphmem.store import channels, cypher
from graphmem.store.base import (
    HUB_DEGREE,
    LABELS,
    REEMBED_HINT,
    Candidates,
    ChangeSet,
    FactFilter,
    Hit,
    Probe,
    RecallFilter,
    Row,
    interrupted,
)
from graphmem.store.purge import purge_neo4j
from graphmem.store.rows import slot_key, slot_node_id
from graphmem.temporal import AsOf
from graphmem.text import words

# Below this many facts (or episodes) in a namespace, exact cosine over the filtered set
# beats the index; measured on 2 cores: 5,000 facts take ~120 ms exact, ~30 ms by index.
EXACT_BELOW = 1_000
_SIZE_TTL = 60.0  # seconds a namespace's size is trusted: only its magnitude matters

T = TypeVar("T")
# A write runs in a managed transaction, or in the explicit one of a hold_slots block.
Tx = neo4j.ManagedTransaction | neo4j.Transaction


@contextmanager
def _driver_errors(uri: str) -> Iterator[None]:
    try:
        yield
    except ServiceUnavailable as exc:
        raise StoreUnavailable(f"Neo4j at {uri} cannot be reached: {exc}") from exc
    except TransientError as exc:
        # A deadlock the driver's own retries did not get past: the write path decides
        # again, holding its slots (graphmem.slots.held_after).
        raise WriteConflict(f"Neo4j at {uri}: {exc.code}; try the write again") from exc
    except Neo4jError as exc:
        if exc.code and "ClientError.Statement" in exc.code:
            raise InvalidArgument(f"Neo4j refused the query: {exc.message}") from exc
        raise StoreUnavailable(f"Neo4j at {uri} failed: {exc.code}: {exc.message}") from exc
    except DriverError as exc:
        raise StoreUnavailable(f"Neo4j driver failed for {uri}: {exc}") from exc


# What the driver speaks; http(s) is Neo4j's HTTP API, which the driver would try to load
# an optional async transport for and fail.
_SCHEMES = frozenset({"bolt", "bolt+s", "bolt+ssc", "neo4j", "neo4j+s", "neo4j+ssc"})


def ns_token(namespace: str) -> str:
    """A single analyzer token standing for the namespace inside full-text indexes."""
    return "ns" + hashlib.sha256(namespace.encode("utf-8")).hexdigest()[:24]


class Neo4jStore:
    """A :class:`~graphmem.store.base.GraphStore` on a Neo4j server."""

    def __init__(
        self,
        uri: str,
        *,
        auth: tuple[str, str] | None = None,
        database: str | None = None,
        install_schema: bool = True,
        exact_below: int = EXACT_BELOW,
    ) -> None:
        scheme = uri.split("://", 1)[0].lower() if isinstance(uri, str) and "://" in uri else ""
        if scheme not in _SCHEMES:
            raise InvalidArgument(
                f"{uri!r} is not a Neo4j URI: use a Bolt address such as bolt://127.0.0.1:7687 "
                f"(schemes: {', '.join(sorted(_SCHEMES))})"
            )
        self.uri = uri
        self.exact_below = exact_below
        self._sizes: dict[tuple[str, str], tuple[float, int]] = {}
        self.database = database
        self._keys: dict[tuple[str, str], bytes] = {}
        self._held = threading.local()  # .tx: the transaction of an open hold_slots block
        with _driver_errors(uri):
            # Server notifications (e.g. "property key does not exist" on a fresh
            # database) are about our fixed queries, not the caller's: keep them out.
            self._driver = neo4j.GraphDatabase.driver(
                uri, auth=auth, notifications_min_severity="OFF"
            )
            self._driver.verify_connectivity()
        self.in_index_filter = _version(self._read("admin/server_version")) >= (2026, 2)
        if install_schema:
            self.install_schema()

    # ---- plumbing ---------------------------------------------------------

    def _read(self, name: str, **params: Any) -> list[Row]:
        return [record.data() for record in self._records(name, params)]

    def _read_plain(self, name: str, **params: Any) -> list[Row]:
        """``_read`` for queries that return only plain values (no nodes, relationships or
        paths): the records as they came, without ``Record.data``'s walk of every nested
        value — slot reads return thousands of property triples a write."""
        return [dict(record) for record in self._records(name, params)]

    def _records(self, name: str, params: dict[str, Any]) -> list[neo4j.Record]:
        if "namespace" in params:  # tenancy below the API, whatever the caller checked
            check_namespace(params["namespace"])
        query = cypher.load(name)
        with _driver_errors(self.uri):
            records, _, _ = self._driver.execute_query(
                query, params, database_=self.database, routing_=neo4j.RoutingControl.READ
            )
        return records

    def _write(self, work: Callable[[neo4j.ManagedTransaction], T]) -> T:
        with _driver_errors(self.uri), self._driver.session(database=self.database) as session:
            return session.execute_write(work)

    def install_schema(self) -> None:
        """Create the constraints and indexes of ``cypher/schema`` (idempotent)."""
        for name in cypher.names():
            if name.startswith("schema/"):
                self._create_rule(name)
        with _driver_errors(self.uri):
            self._driver.execute_query(cypher.load("admin/await_indexes"), database_=self.database)

    def _create_rule(self, name: str, **params: Any) -> None:
        """Run an ``IF NOT EXISTS`` schema query; a rule another process created
        between that check and ours is the rule we wanted."""
        with _driver_errors(self.uri):
            try:
                self._driver.execute_query(cypher.load(name), params, database_=self.database)
            except Neo4jError as exc:
                if "AlreadyExists" not in (exc.code or ""):
                    raise

    # ---- writes -----------------------------------------------------------

    @contextmanager
    def hold_slots(self, namespace: str, slots: Iterable[str]) -> Iterator[None]:
        ns = check_namespace(namespace)
        ids = sorted({slot_node_id(ns, key) for key in slots})
        with _driver_errors(self.uri), self._driver.session(database=self.database) as session:
            tx = session.begin_transaction()
            self._held.tx = tx
            try:
                tx.run(cypher.load("write/slots_hold"), {"namespace": ns, "ids": ids}).consume()
                # Reads inside the block run in their own transactions: they see committed
                # data, and nobody can commit to these slots while we hold them.
                yield
                tx.commit()
            except TransientError as exc:  # a deadlock with another writer: start over
                raise WriteConflict(
                    f"lost a deadlock on slots in namespace {ns!r}; try the write again"
                ) from exc
            finally:
                self._held.tx = None
                tx.close()  # rolls back unless committed

    def apply(self, change: ChangeSet) -> None:
        change.validate()
        if change.is_empty():
            return
        held: neo4j.Transaction | None = getattr(self._held, "tx", None)
        if held is not None:
            _apply(held, change)  # committed when the hold_slots block ends
            return
        self._write(lambda tx: _apply(tx, change))

    # ---- reads ------------------------------------------------------------

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
        return [_native(r["f"]) for r in self._read(name, **params)]

    def slot_facts(self, namespace: str, slots: Iterable[str]) -> list[Row]:
        rows = self._read_plain(
            "read/facts_of_slots", namespace=check_namespace(namespace), slots=list(slots)
        )
        return [_from_triples(r["f"]) for r in rows]

    def facts_by_id(self, namespace: str, ids: Iterable[str]) -> list[Row]:
        rows = self._read("read/facts_by_id", namespace=check_namespace(namespace), ids=list(ids))
        return [_native(r["f"]) for r in rows]

    def slot_versions(self, namespace: str, slots: Iterable[str]) -> dict[str, int]:
        ns = check_namespace(namespace)
        keys = {slot_node_id(ns, key): key for key in slots}
        rows = self._read_plain("read/slot_versions", namespace=ns, ids=list(keys))
        return {keys[r["id"]]: int(r["version"]) for r in rows}

    def slot_statements(self, namespace: str, slots: Iterable[str]) -> list[Row]:
        rows = self._read_plain(
            "read/slot_statements", namespace=check_namespace(namespace), slots=list(slots)
        )
        return [_from_triples(r["s"]) for r in rows]

    def statements_by_id(self, namespace: str, ids: Iterable[str]) -> list[Row]:
        rows = self._read(
            "read/statements_by_id", namespace=check_namespace(namespace), ids=list(ids)
        )
        return [_native(r["s"]) for r in rows]

    def episode_statements(self, namespace: str, episode_ids: Iterable[str]) -> list[Row]:
        rows = self._read(
            "read/episode_statements",
            namespace=check_namespace(namespace),
            episode_ids=list(episode_ids),
        )
        return [_native(r["s"]) for r in rows]

    def statements_about(self, namespace: str, entity_key: str) -> list[Row]:
        rows = self._read(
            "read/statements_about_entity", namespace=check_namespace(namespace), key=entity_key
        )
        return [_native(r["s"]) for r in rows]

    def chain(self, namespace: str, fact_id: str) -> list[Row]:
        rows = self._read("read/fact_chain", namespace=check_namespace(namespace), fact_id=fact_id)
        return [_native(r["f"]) for r in rows]

    def support(self, namespace: str, fact_ids: Iterable[str]) -> list[Row]:
        rows = self._read_plain(
            "read/fact_support", namespace=check_namespace(namespace), fact_ids=list(fact_ids)
        )
        return [_support_row(r) for r in rows]

    def episode_facts(self, namespace: str, episode_id: str) -> list[Row]:
        rows = self._read(
            "read/episode_facts", namespace=check_namespace(namespace), episode_id=episode_id
        )
        return [_native(r["f"]) for r in rows]

    def episodes_of_source(self, namespace: str, source_ref: str) -> list[str]:
        rows = self._read(
            "read/episodes_of_source", namespace=check_namespace(namespace), source_ref=source_ref
        )
        return [r["id"] for r in rows]

    def episodes_by_id(self, namespace: str, ids: Iterable[str]) -> list[Row]:
        rows = self._read(
            "read/episodes_by_id", namespace=check_namespace(namespace), ids=list(ids)
        )
        return [_native(r["e"]) for r in rows]

    def session_turns(
        self, namespace: str, session: str, around: datetime | None, reach: int
    ) -> list[Row]:
        ns = check_namespace(namespace)
        if around is None:
            rows = self._read("read/session_turns", namespace=ns, session=session)
        else:
            rows = self._read(
                "read/session_turns_around", namespace=ns, session=session, at=around, reach=reach
            )
        return [_native(r["e"]) for r in rows]

    def audit(self, namespace: str, since: datetime | None) -> list[Row]:
        rows = self._read("read/audit_list", namespace=check_namespace(namespace), since=since)
        return [_native(r["a"]) for r in rows]

    def tombstoned(self, namespace: str, digests: Iterable[str]) -> set[str]:
        rows = self._read(
            "read/tombstones_find", namespace=check_namespace(namespace), digests=list(digests)
        )
        return {r["digest"] for r in rows}

    def checkpoints(self, namespace: str, task: str, limit: int) -> list[Row]:
        rows = self._read(
            "read/checkpoints_of_task", namespace=check_namespace(namespace), task=task, limit=limit
        )
        return [_native(r["c"]) for r in rows]

    def links(self, namespace: str, fact_ids: Iterable[str]) -> list[Row]:
        rows = self._read(
            "read/supersession_links", namespace=check_namespace(namespace), fact_ids=list(fact_ids)
        )
        return [_native(r) for r in rows]

    def audit_of(self, namespace: str, target_ids: Iterable[str]) -> list[Row]:
        rows = self._read(
            "read/audit_of_targets", namespace=check_namespace(namespace), ids=list(target_ids)
        )
        return [_native(r["a"]) for r in rows]

    def facts_about(self, namespace: str, entity_key: str) -> list[Row]:
        rows = self._read(
            "read/facts_about_entity", namespace=check_namespace(namespace), key=entity_key
        )
        return [_native(r["f"]) for r in rows]

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
        return _native(rows[0]["r"]) if rows else None

    def export_rows(self, namespace: str) -> dict[str, list[Row]]:
        ns = check_namespace(namespace)
        out: dict[str, list[Row]] = {}
        for label in LABELS:
            rows = self._read("read/export_nodes", namespace=ns, label=label)
            out[label] = [{k: v for k, v in _native(r["n"]).items() if v is not None} for r in rows]
        out["supports"], out["supersessions"], out["stated"] = [], [], []
        for link in self._read("read/export_links", namespace=ns):
            props = _native(link["props"])
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

    def find_text(self, namespace: str, needle: str) -> list[Row]:
        ns = check_namespace(namespace)
        found = self._read("explore/find_text", namespace=ns, needle=needle)
        # The full-text indexes are checked too: their entries go with the nodes.
        for name, field in (
            ("recall/facts_keyword_raw", "search_text"),
            ("recall/episodes_keyword_raw", "content"),
            ("recall/episodes_keyword_raw", "context_text"),
        ):
            query = _lucene(ns, (field,), needle, every=True)
            if query is not None:
                for row in self._read(name, lucene=query, namespace=ns):
                    found.append(
                        {"kind": "index", "label": name, "id": row["id"], "property": field}
                    )
        return found

    def noncanonical_datetimes(self, namespace: str) -> list[Row]:
        return self._read("admin/datetimes_noncanonical", namespace=check_namespace(namespace))

    def canonicalise_datetimes(self, namespace: str) -> int:
        ns = check_namespace(namespace)
        fixed = 0
        with _driver_errors(self.uri):
            for label in LABELS:
                records, _, _ = self._driver.execute_query(
                    cypher.load("admin/datetimes_canonicalise"),
                    {"namespace": ns, "label": label},
                    database_=self.database,
                )
                fixed += int(records[0]["fixed"] or 0) if records else 0
        return fixed

    def counts(self, namespace: str) -> dict[str, int]:
        rows = self._read("read/namespace_counts", namespace=check_namespace(namespace))
        return {r["label"]: r["n"] for r in rows}

    # ---- recall -----------------------------------------------------------

    def ensure_vectors(self, embedder_name: str, dimensions: int) -> None:
        recorded = self._read("admin/embedder_get")
        if recorded and recorded[0]["pending"]:
            raise EmbeddingMismatch(interrupted(recorded[0]["name"]))
        if recorded and (recorded[0]["name"], recorded[0]["dimensions"]) != (
            embedder_name,
            dimensions,
        ):
            raise EmbeddingMismatch(
                f"this Neo4j database's vectors were built by {recorded[0]['name']!r} "
                f"({recorded[0]['dimensions']} dimensions) but the configured embedder is "
                f"{embedder_name!r} ({dimensions}); {REEMBED_HINT}"
            )
        for name in ("admin/fact_vector_index", "admin/episode_vector_index"):
            self._create_rule(name, dimensions=dimensions)
        with _driver_errors(self.uri):
            self._driver.execute_query(
                cypher.load("admin/embedder_set"),
                {"name": embedder_name, "dimensions": dimensions},
                database_=self.database,
            )
            self._driver.execute_query(cypher.load("admin/await_indexes"), database_=self.database)
        for row in self._read("admin/vector_indexes"):
            if row["dimensions"] != dimensions:
                raise EmbeddingMismatch(
                    f"vector index {row['name']} has {row['dimensions']} dimensions; the "
                    f"embedder {embedder_name!r} makes {dimensions}"
                )

    # ---- re-embedding (graphmem/reembed.py) ---------------------------------------

    def namespaces(self) -> list[str]:
        return [r["namespace"] for r in self._read("admin/namespaces")]

    def begin_vectors(self, embedder_name: str, dimensions: int) -> None:
        with _driver_errors(self.uri):
            for name in ("admin/fact_vector_index_drop", "admin/episode_vector_index_drop"):
                self._driver.execute_query(cypher.load(name), database_=self.database)
        self._record_embedder(embedder_name, dimensions, pending=True)

    def set_vectors(self, namespace: str, vectors: dict[str, list[float]]) -> None:
        rows = [{"id": node_id, "vector": vector} for node_id, vector in vectors.items()]
        self._write(
            lambda tx: tx.run(
                cypher.load("admin/vectors_set"),
                {"namespace": check_namespace(namespace), "rows": rows},
            ).consume()
        )

    def end_vectors(self, embedder_name: str, dimensions: int) -> None:
        self._record_embedder(embedder_name, dimensions, pending=False)
        self.ensure_vectors(embedder_name, dimensions)

    def _record_embedder(self, embedder_name: str, dimensions: int, *, pending: bool) -> None:
        with _driver_errors(self.uri):
            self._driver.execute_query(
                cypher.load("admin/embedder_replace"),
                {"name": embedder_name, "dimensions": dimensions, "pending": pending},
                database_=self.database,
            )

    def _filter_params(self, namespace: str, where: RecallFilter) -> dict[str, Any]:
        return {
            "namespace": check_namespace(namespace),
            "at": where.point.at,
            "known_at": where.point.known_at,
            "statuses": list(where.statuses),
            "authorities": list(where.authorities),
            "sensitivities": list(where.sensitivities),
            "scopes": None if where.scopes is None else list(where.scopes),
            "include_review": where.include_review,
        }

    def similar_facts(
        self, namespace: str, where: RecallFilter, vector: list[float], limit: int
    ) -> list[Hit]:
        params = self._filter_params(namespace, where)
        if not self.in_index_filter or self._small(namespace, "Fact"):
            rows = self._read("recall/facts_vector_exact", vector=vector, limit=limit, **params)
        else:
            rows = self._read(
                "recall/facts_vector_index", vector=vector, limit=limit, fetch=limit * 4, **params
            )
        return _hits(rows, "f")

    def _small(self, namespace: str, label: str) -> bool:
        """Whether exact search suits this namespace (sizes cached for a minute)."""
        now = time.monotonic()
        seen = self._sizes.get((namespace, label))
        if seen is None or now - seen[0] > _SIZE_TTL:
            rows = self._read("read/label_count", namespace=namespace, label=label)
            seen = (now, int(rows[0]["n"]) if rows else 0)
            self._sizes[(namespace, label)] = seen
        return seen[1] < self.exact_below

    def keyword_facts(
        self,
        namespace: str,
        where: RecallFilter,
        text: str,
        vector: list[float] | None,
        limit: int,
    ) -> list[Hit]:
        lucene = _lucene(namespace, ("search_text",), text)
        if lucene is None:
            return []
        rows = self._read(
            "recall/facts_keyword",
            lucene=lucene,
            vector=vector,
            limit=limit,
            **self._filter_params(namespace, where),
        )
        return _hits(rows, "f")

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
        if not keys:
            return []
        rows = self._read(
            "recall/facts_of_entities",
            keys=keys,
            vector=vector,
            hub_degree=HUB_DEGREE,
            found=list(found),
            limit=limit,
            **self._filter_params(namespace, where),
        )
        return _hits(rows, "f")

    def similar_episodes(
        self, namespace: str, where: RecallFilter, vector: list[float], limit: int
    ) -> list[Hit]:
        params = {**_episode_params(namespace, where), "vector": vector, "limit": limit}
        if not self.in_index_filter or self._small(namespace, "Episode"):
            rows = self._read("recall/episodes_vector_exact", **params)
        else:
            rows = self._read("recall/episodes_vector_index", fetch=limit * 4, **params)
        return _hits(rows, "e")

    def keyword_episodes(
        self,
        namespace: str,
        where: RecallFilter,
        text: str,
        vector: list[float] | None,
        limit: int,
    ) -> list[Hit]:
        lucene = _lucene(namespace, ("content", "context_text"), text)
        if lucene is None:
            return []
        rows = self._read(
            "recall/episodes_keyword",
            lucene=lucene,
            vector=vector,
            limit=limit,
            **_episode_params(namespace, where),
        )
        return _hits(rows, "e")

    def episodes_standing(self, namespace: str, ids: Iterable[str], point: AsOf) -> dict[str, bool]:
        rows = self._read(
            "recall/episodes_standing",
            namespace=check_namespace(namespace),
            ids=list(ids),
            at=point.at,
            known_at=point.known_at,
        )
        return {r["id"]: bool(r["current"]) for r in rows}

    def recall_candidates(
        self,
        namespace: str,
        where: RecallFilter,
        probe: Probe,
    ) -> Candidates:
        if not self.in_index_filter:  # no SEARCH clause on this server: a query a channel
            return channels.compose(self, namespace, where, probe)
        found = self._read_once(
            "recall/candidates",
            vector=probe.vector,
            fact_lucene=_lucene(namespace, ("search_text",), probe.text),
            episode_lucene=_lucene(namespace, ("content", "context_text"), probe.text),
            keys=probe.keys,
            hub_degree=HUB_DEGREE,
            exact_facts=self._small(namespace, "Fact"),
            exact_episodes=probe.include_episodes and self._small(namespace, "Episode"),
            include_episodes=probe.include_episodes,
            fetch=probe.limit * 4,
            limit=probe.limit,
            **self._filter_params(namespace, where),
        )
        standing = {row["id"]: row["standing"] for row in found["episode_standing"]}
        return Candidates(
            [
                ("fact", "vector", _lean_hits(found["fact_vector"], "valid_from")),
                ("fact", "keyword", _lean_hits(found["fact_keyword"], "valid_from")),
                ("fact", "entity", _lean_hits(found["fact_entity"], "valid_from")),
                ("episode", "vector", _lean_hits(found["episode_vector"], "occurred_at")),
                ("episode", "keyword", _lean_hits(found["episode_keyword"], "occurred_at")),
            ][: 5 if probe.include_episodes else 3],
            lean=True,
            standing=standing,
        )

    def _read_once(self, name: str, **params: Any) -> Row:
        """The one row of a read statement, in an auto-commit transaction: RUN and PULL go in
        one round trip, where a managed transaction (``_read``) adds one for its COMMIT —
        recall's two statements are most of its latency. No retry; the driver's bookmarks
        are shared with ``_read``, so a recall still reads this process's own writes."""
        check_namespace(params["namespace"])
        with (
            _driver_errors(self.uri),
            self._driver.session(
                database=self.database,
                default_access_mode=neo4j.READ_ACCESS,
                bookmark_manager=self._driver.execute_query_bookmark_manager,
            ) as session,
        ):
            return dict(session.run(cypher.load(name), params).single(strict=True))

    def recall_rows(
        self, namespace: str, fact_ids: list[str], episode_ids: list[str]
    ) -> tuple[dict[str, Row], list[Row]]:
        found = self._read_once(
            "recall/rows",
            namespace=check_namespace(namespace),
            fact_ids=fact_ids,
            episode_ids=episode_ids,
        )
        rows = [_from_triples(triples) for triples in (*found["facts"], *found["episodes"])]
        return {row["id"]: row for row in rows}, [_support_row(r) for r in found["support"]]

    def drop_namespace(self, namespace: str) -> None:
        """Delete a whole namespace, tombstones included, in batches: housekeeping for
        benchmarks and scratch databases. Users forget with ``Memory.forget``."""
        query = cypher.load("admin/namespace_drop")
        ns = check_namespace(namespace)
        with _driver_errors(self.uri), self._driver.session(database=self.database) as session:
            for label in (*LABELS, "StoreKey"):
                session.run(query, {"namespace": ns, "label": label}).consume()

    def store_key(self, namespace: str, name: str) -> bytes:
        cached = self._keys.get((namespace, name))
        if cached is None:
            rows = self._write(
                lambda tx: tx.run(
                    cypher.load("admin/store_key"),
                    {
                        "namespace": check_namespace(namespace),
                        "name": name,
                        "candidate": secrets.token_hex(32),
                    },
                ).data()
            )
            cached = self._keys[(namespace, name)] = bytes.fromhex(rows[0]["key"])
        return cached

    def purge(self, timeout: float) -> PurgeReport:
        with _driver_errors(self.uri):
            return purge_neo4j(self._driver, self.database, timeout)

    def close(self) -> None:
        self._driver.close()


def _episode_params(namespace: str, where: RecallFilter) -> dict[str, Any]:
    return {
        "namespace": check_namespace(namespace),
        "at": where.point.at,
        "known_at": where.point.known_at,
        "authorities": list(where.authorities),
        "sensitivities": list(where.sensitivities),
        "scopes": None if where.scopes is None else list(where.scopes),
    }


def _version(rows: list[Row]) -> tuple[int, int]:
    """(year, month) of a calendar release, or (major, minor) of 5.x — 5.26 < 2026.02."""
    parts = str(rows[0]["version"] if rows else "0.0").split(".")
    try:
        return int(parts[0]), int(parts[1])
    except (ValueError, IndexError):
        return (0, 0)


def _lucene(
    namespace: str, fields: tuple[str, ...], text: str, *, every: bool = False
) -> str | None:
    """A Lucene query for the analysed words of ``text`` in any of ``fields``.

    The words are graphmem.text's (possessives and stop words already gone); each is quoted,
    so no user text is parsed as query syntax, and Lucene's english analyzer stems it the
    way graphmem.text.tokens does for the embedded store. The turn context field is
    boosted by CONTEXT_BOOST.
    """
    terms = sorted(set(words(text)))
    if not terms:
        return None
    joined = (" AND " if every else " OR ").join(_quoted(t) for t in terms)
    where = " OR ".join(
        f"{field}:({joined})" + (f"^{CONTEXT_BOOST}" if field == "context_text" else "")
        for field in fields
    )
    return f"ns_token:{ns_token(namespace)} AND ({where})"


def _quoted(word: str) -> str:
    escaped = word.replace("\\", "\\\\").replace('"', '\\"')
    return f'"{escaped}"'


def _hits(rows: list[Row], key: str) -> list[Hit]:
    # Neo4j reports cosine similarity as (1 + cos) / 2; both stores hand back plain cosine.
    return [
        Hit(
            _native(r[key]),
            2 * float(r["similarity"]) - 1 if r["similarity"] else 0.0,
            float(r["score"] or 0.0),
        )
        for r in rows
    ]


_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def _from_epoch(microseconds: int) -> datetime:
    return _EPOCH + timedelta(microseconds=microseconds)


def _from_triples(triples: list[list[Any]]) -> Row:
    """A row read as [key, value, is_time] triples (zoned datetimes as epoch microseconds)."""
    row = {key: _from_epoch(value) if is_time else value for key, value, is_time in triples}
    return _native(row)  # a temporal of another kind, should one be stored


def _support_row(row: Row) -> Row:
    return {
        **row,
        "added_at": _from_epoch(row["added_at"]),
        "occurred_at": _from_epoch(row["occurred_at"]),
    }


def _lean_hits(rows: list[Row], when: str) -> list[Hit]:
    """Hits of recall/candidates: the datetime scoring reads comes as epoch microseconds (no
    driver temporal to decode), and an absent field stays absent so scoring's defaults apply."""
    hits = []
    for r in rows:
        row: Row = {
            key: value
            for key in ("id", "confidence", "authority", "use_count", "slot", "kind")
            if (value := r.get(key)) is not None
        }
        row[when] = _from_epoch(r[when])
        similarity = r["similarity"]
        score = float(r["score"] or 0.0)
        hits.append(Hit(row, 2 * float(similarity) - 1 if similarity else 0.0, score))
    return hits


def _native(row: Row) -> Row:
    """Driver temporal values to Python datetimes in UTC; drop store-only properties."""
    out: Row = {}
    for key, stored in row.items():
        if key in ("embedding", "ns_token"):
            continue
        value = stored.to_native() if hasattr(stored, "to_native") else stored
        if isinstance(value, datetime) and value.tzinfo is not None:
            value = value.astimezone(UTC)
        out[key] = value
    return out


def canonical(value: Any) -> Any:
    """Every datetime sent to Neo4j as UTC with offset Z — never a named zone, whichever path
    produced it: Cypher orders ``…Z`` and ``…Z[UTC]`` differently for the same instant."""
    if isinstance(value, datetime):
        if value.tzinfo is None or value.tzinfo is UTC:
            return value
        return value.astimezone(UTC)
    # A write sends tens of thousands of values: plain ones are kept without a call each.
    if isinstance(value, dict):
        return {k: v if type(v) in _PLAIN else canonical(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        if value and type(value[0]) is float and all(type(v) is float for v in value):
            return list(value)  # an embedding: nothing in it to convert, and it is long
        return [v if type(v) in _PLAIN else canonical(v) for v in value]
    return value


_PLAIN = frozenset({str, int, float, bool, type(None)})


def _run(tx: Tx, name: str, expected: int | None, **params: Any) -> None:
    record = tx.run(cypher.load(name), canonical(params)).single()
    count = 0 if record is None else record[0]
    if expected is not None and count != expected:
        # Raising inside the transaction function rolls the whole change set back.
        raise UnknownId(
            f"{name}: {expected - count} of {expected} rows name a fact or episode that does "
            f"not exist in namespace {params['namespace']!r}"
        )


def _claim_slots(tx: Tx, change: ChangeSet) -> None:
    """Lock the change's slots first and check nobody moved them since they were read."""
    rows = sorted(
        (
            {"id": slot_node_id(change.namespace, key), "expected": expected}
            for key, expected in change.slots.items()
        ),
        key=lambda row: str(row["id"]),
    )
    record = tx.run(
        cypher.load("write/slots_claim"), {"namespace": change.namespace, "rows": rows}
    ).single()
    if record is not None and record["stale"]:
        # Raising inside the transaction function rolls it back; the write path decides again.
        raise WriteConflict(
            f"{record['stale']} slot(s) in namespace {change.namespace!r} changed since they "
            "were read: another writer was first"
        )


def _apply(tx: Tx, change: ChangeSet) -> None:
    ns = change.namespace
    token = ns_token(ns)
    if change.slots:
        _claim_slots(tx, change)
    if change.episodes:
        episodes = [
            {**row, "embedding": change.embeddings.get(row["id"])} for row in change.episodes
        ]
        _run(tx, "write/episodes_create", None, namespace=ns, ns_token=token, rows=episodes)
    if change.entities:
        _run(tx, "write/entities_merge", None, namespace=ns, rows=change.entities)
    if change.mentions:
        _run(tx, "write/mentions_create", None, namespace=ns, rows=change.mentions)
    if change.runs:
        _run(tx, "write/runs_add", None, namespace=ns, rows=change.runs)
    if change.facts:
        rows = [
            {"props": row, "embedding": change.embeddings.get(row["id"])} for row in change.facts
        ]
        _run(tx, "write/facts_create", len(rows), namespace=ns, ns_token=token, rows=rows)
    if change.statements:
        statements = [
            {
                "props": {k: v for k, v in row.items() if k != "episodes"},
                "episodes": row["episodes"],
            }
            for row in change.statements
        ]
        _run(tx, "write/statements_create", len(statements), namespace=ns, rows=statements)
    if change.statement_patches:
        patches = [
            {"statement_id": p.statement_id, "changes": p.changes} for p in change.statement_patches
        ]
        _run(tx, "write/statements_patch", len(patches), namespace=ns, rows=patches)
    if change.supports:
        _run(tx, "write/supports_add", len(change.supports), namespace=ns, rows=change.supports)
    if change.supersessions:
        _run(
            tx,
            "write/supersessions_add",
            len(change.supersessions),
            namespace=ns,
            rows=change.supersessions,
        )
    if change.patches:
        patches = [{"fact_id": p.fact_id, "changes": p.changes} for p in change.patches]
        _run(tx, "write/facts_patch", len(patches), namespace=ns, rows=patches)
    if change.redactions:
        _run(
            tx,
            "write/episodes_redact",
            len(change.redactions),
            namespace=ns,
            rows=change.redactions,
        )
    if change.contexts:
        _run(tx, "write/episodes_context", len(change.contexts), namespace=ns, rows=change.contexts)
    if change.audit:
        _run(tx, "write/audit_append", None, namespace=ns, rows=change.audit)
    if change.audit_scrubs:
        _run(tx, "write/audit_scrub", None, namespace=ns, ids=change.audit_scrubs)
    if change.run_marks:
        _run(tx, "write/runs_mark", len(change.run_marks), namespace=ns, rows=change.run_marks)
    if change.checkpoints:
        _run(tx, "write/checkpoints_add", None, namespace=ns, rows=change.checkpoints)
    if change.tombstones:
        _run(tx, "write/tombstones_add", None, namespace=ns, rows=change.tombstones)
    for label, ids in change.removals.items():
        _run(tx, "write/nodes_remove", None, namespace=ns, label=label, ids=ids)
