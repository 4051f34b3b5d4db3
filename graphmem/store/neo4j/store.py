"""The Neo4j store: runs only the Cypher files in ``cypher/``.

Writes go through one managed transaction per change set (the driver retries transient
failures), batched with ``UNWIND``. Driver exceptions are translated at one boundary,
:func:`~graphmem.store.neo4j.connection.driver_errors`. The class is assembled from one
part per concept: :mod:`.connection`, :mod:`.writes`, :mod:`.reads`, :mod:`.recall`,
:mod:`.vectors` (and :mod:`.values`, how values cross the driver).
"""

from __future__ import annotations

from graphmem.store.neo4j.reads import Reads
from graphmem.store.neo4j.recall import Channels
from graphmem.store.neo4j.vectors import Vectors
from graphmem.store.neo4j.writes import Writes


class Neo4jStore(Writes, Reads, Channels, Vectors):
    """A :class:`~graphmem.store.base.GraphStore` on a Neo4j server."""
