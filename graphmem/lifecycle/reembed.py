"""Re-embedding: switch a store to another embedder, every vector rewritten.

Vectors of two embedders cannot be compared, so the store records which embedder built
its vectors and refuses another (``EmbeddingMismatch``). To switch, every fact and episode
of every namespace is embedded again with the new one, in batches. The store marks the
switch as pending first, so an interrupted run leaves a store that says so and refuses
recall until ``graphmem reembed`` is run again, never one with mixed vectors in use.
"""

from __future__ import annotations

from collections.abc import Callable

from graphmem.models.embed import Embedder
from graphmem.store.base import GraphStore

BATCH = 256

Progress = Callable[[int, int], None]


def reembed(store: GraphStore, embedder: Embedder, *, progress: Progress | None = None) -> int:
    """Embed every fact and episode again with ``embedder``; how many were rewritten."""
    dimensions = embedder.dimensions
    work = [
        (ns, label, store.ids(ns, label))
        for ns in store.namespaces()
        for label in ("Fact", "Episode")
    ]
    total = sum(len(ids) for _, _, ids in work)
    store.begin_vectors(embedder.name, dimensions)
    done = 0
    for ns, label, ids in work:
        for start in range(0, len(ids), BATCH):
            chunk = ids[start : start + BATCH]
            if label == "Fact":
                texts = {r["id"]: r["search_text"] for r in store.facts_by_id(ns, chunk)}
            else:
                texts = {r["id"]: r["content"] for r in store.episodes_by_id(ns, chunk)}
            vectors = embedder.embed(list(texts.values())) if texts else []
            store.set_vectors(ns, dict(zip(texts, vectors, strict=True)))
            done += len(chunk)
            if progress is not None:
                progress(done, total)
    store.end_vectors(embedder.name, dimensions)
    return done
