"""The vector indexes: checked against the configured embedder when a store opens, and
dropped, refilled and rebuilt by a re-embedding (graphmem/lifecycle/reembed.py)."""

from __future__ import annotations

from typing import Any

from graphmem.errors import EmbeddingMismatch
from graphmem.model import check_namespace
from graphmem.store import cypher
from graphmem.store.base import (
    REEMBED_HINT,
    interrupted,
)
from graphmem.store.neo4j.connection import Connection
from graphmem.store.neo4j.values import unlogged

# graphmem's vector indexes and the queries that create them.
_VECTOR_INDEXES = (
    ("fact_embedding", "admin/fact_vector_index"),
    ("episode_embedding", "admin/episode_vector_index"),
)


class Vectors(Connection):
    def recorded_embedder(self) -> dict[str, Any] | None:
        recorded = self._read("admin/embedder_get")
        return dict(recorded[0]) if recorded else None

    def ensure_vectors(self, embedder_name: str, dimensions: int) -> None:
        recorded = self.recorded_embedder()
        if recorded is None:  # the first store here records its embedder (or reads the winner's)
            with self._talk():
                records, _, _ = self._driver.execute_query(
                    cypher.load("admin/embedder_set"),
                    {"name": embedder_name, "dimensions": dimensions},
                    database_=self.database,
                )
            recorded = dict(records[0])
        if recorded["pending"]:
            raise EmbeddingMismatch(interrupted(recorded["name"]))
        if (recorded["name"], recorded["dimensions"]) != (embedder_name, dimensions):
            raise EmbeddingMismatch(
                f"this Neo4j database's vectors were built by {recorded['name']!r} "
                f"({recorded['dimensions']} dimensions) but the configured embedder is "
                f"{embedder_name!r} ({dimensions}); {REEMBED_HINT}"
            )
        # Listed once: an index there is checked, one missing is created (None: this user may
        # not list indexes; creating is idempotent).
        indexes = {r["name"]: r for r in self.indexes() or []}
        waiting = False
        for index, query in _VECTOR_INDEXES:
            found = indexes.get(index)
            if found is None:
                self._create_rule(query, dimensions=dimensions)
                waiting = True
            elif found["dimensions"] != dimensions:
                raise EmbeddingMismatch(
                    f"vector index {index} has {found['dimensions']} dimensions; the "
                    f"embedder {embedder_name!r} makes {dimensions}"
                )
            else:
                waiting = waiting or found["state"] != "ONLINE"
        if waiting:
            with self._talk():
                self._driver.execute_query(
                    cypher.load("admin/await_indexes"), database_=self.database
                )

    # ---- re-embedding (graphmem/lifecycle/reembed.py) ---------------------------------------

    def namespaces(self) -> list[str]:
        return [r["namespace"] for r in self._read("admin/namespaces")]

    def begin_vectors(self, embedder_name: str, dimensions: int) -> None:
        with self._talk():
            for name in ("admin/fact_vector_index_drop", "admin/episode_vector_index_drop"):
                self._driver.execute_query(cypher.load(name), database_=self.database)
        self._record_embedder(embedder_name, dimensions, pending=True)

    def set_vectors(self, namespace: str, vectors: dict[str, list[float]]) -> None:
        rows = [{"id": node_id, "vector": vector} for node_id, vector in vectors.items()]
        self._write(
            lambda tx: tx.run(
                cypher.load("admin/vectors_set"),
                unlogged({"namespace": check_namespace(namespace), "rows": rows}),
            ).consume()
        )

    def end_vectors(self, embedder_name: str, dimensions: int) -> None:
        self._record_embedder(embedder_name, dimensions, pending=False)
        self.ensure_vectors(embedder_name, dimensions)

    def _record_embedder(self, embedder_name: str, dimensions: int, *, pending: bool) -> None:
        with self._talk():
            self._driver.execute_query(
                cypher.load("admin/embedder_replace"),
                {"name": embedder_name, "dimensions": dimensions, "pending": pending},
                database_=self.database,
            )
