"""graphmem on a Neo4j server (:class:`Neo4jStore`): every query is a file of ``cypher/``
loaded by name, each run with its namespace; see :mod:`.store` for its parts."""

from graphmem.store.neo4j.connection import EXACT_BELOW, ns_token
from graphmem.store.neo4j.recall import lucene_query
from graphmem.store.neo4j.store import Neo4jStore
from graphmem.store.neo4j.values import canonical

__all__ = ["EXACT_BELOW", "Neo4jStore", "canonical", "lucene_query", "ns_token"]
