"""The embedded store: zero configuration, in process, durable in a local folder.

The graph lives in a networkx ``MultiDiGraph`` whose nodes and relationships
have the same labels and property names as in Neo4j. Its records live in one
SQLite database (``storage.py``): every change set is one transaction of the rows
it touched, so a write that returned survives a kill; damage is refused with
``StoreCorrupt`` (``graphmem doctor``). A reopen finishes a forget a kill
interrupted before serving anything. Changes are checked completely before the
graph is touched, so a refused write changes nothing.
"""

from graphmem.store.embedded.store import EmbeddedStore

__all__ = ["EmbeddedStore"]
