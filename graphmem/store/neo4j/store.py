"""The Neo4j store: runs only the Cypher files in ``cypher/``.

Writes go through one managed transaction per change set (the driver retries transient
failures), batched with ``UNWIND``. Driver exceptions are translated at one boundary,
:func:`~graphmem.store.neo4j.connection.driver_errors`. The class is assembled from one
part per concept: :mod:`.connection`, :mod:`.writes`, :mod:`.reads`, :mod:`.recall`,
:mod:`.vectors`, :mod:`.warmup` (and :mod:`.values`, how values cross the driver).
"""

from __future__ import annotations

from graphmem.store.neo4j.reads import Reads
from graphmem.store.neo4j.vectors import Vectors
from graphmem.store.neo4j.warmup import PlanAhead
from graphmem.store.neo4j.writes import Writes


class Neo4jStore(Writes, Reads, PlanAhead, Vectors):
    """A :class:`~graphmem.store.base.GraphStore` on a Neo4j server.

    ``plan_ahead``: have the server plan recall's statements in the background once the
    embedding size is known (:mod:`.warmup`), so the first question after a server restart
    does not wait for it.
    """

    def ensure_vectors(self, embedder_name: str, dimensions: int) -> None:
        super().ensure_vectors(embedder_name, dimensions)
        if self._plan_ahead:
            self._plan_ahead = False  # once per store
            self.plan_ahead(dimensions)
