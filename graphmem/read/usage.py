"""Use statistics written off the read path.

Every recall counts the facts it returned (``use_count``, ``last_used_at``: what
garbage collection and recall's use credit read). The counts are buffered and added by a
background flush, so a recall never waits for a write — neither a ``remember`` holding the
write lock nor a batch of its own. A flush adds to what the store holds when it writes
(``GraphStore.add_uses``), so processes counting the same fact lose none of its uses. The
buffer is bounded: when a flush is behind, new uses are dropped rather than kept without
limit. A lost batch only makes garbage collection a little more eager.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Iterable
from contextlib import AbstractContextManager
from datetime import datetime
from typing import Any

from graphmem.errors import GraphmemError
from graphmem.store.base import GraphStore
from graphmem.temporal import END_OF_TIME

USE_FLUSH_EVERY = 200  # distinct (namespace, fact) entries that start a background flush
USE_BUFFER_MAX = 20 * USE_FLUSH_EVERY  # entries beyond which new uses are dropped


class UseCounts:
    """The buffered use counts of one :class:`~graphmem.Memory`. ``write_lock`` is the
    memory's write lock: a flush writes under it, as every other write does."""

    def __init__(
        self,
        store: GraphStore,
        write_lock: AbstractContextManager[Any],
        clock: Callable[[], datetime],
    ) -> None:
        self._store = store
        self._write_lock = write_lock
        self._clock = clock
        self._uses: dict[str, dict[str, int]] = {}
        self._lock = threading.Lock()
        self._buffered = 0  # distinct (namespace, fact) entries in _uses
        self.flusher: threading.Thread | None = None

    def note(self, ns: str, fact_ids: Iterable[str]) -> None:
        """Count one use of each fact; start a background flush when enough are waiting."""
        with self._lock:
            pending = self._uses.setdefault(ns, {})
            if self._buffered >= USE_BUFFER_MAX:
                return  # a flush is behind: drop rather than grow without bound
            for fact_id in fact_ids:
                if fact_id not in pending:
                    self._buffered += 1
                pending[fact_id] = pending.get(fact_id, 0) + 1
            flushing = self.flusher is not None and self.flusher.is_alive()
            if self._buffered >= USE_FLUSH_EVERY and not flushing:
                self.flusher = threading.Thread(
                    target=self._flush_in_background, name="graphmem-use-flush", daemon=True
                )
                self.flusher.start()

    def _flush_in_background(self) -> None:
        with contextlib.suppress(GraphmemError):  # advisory statistics: the next batch goes on
            self.flush()

    def flush(self) -> None:
        """Write the buffered counts now."""
        with self._lock:
            uses, self._uses, self._buffered = self._uses, {}, 0
        with self._write_lock:
            at = self._clock()
            for ns, counts in uses.items():
                self._store.add_uses(ns, believed_now(self._store, ns, counts), at)

    def close(self) -> None:
        """Wait for a running flush, then write what is left."""
        if self.flusher is not None:
            self.flusher.join()
        self.flush()


def believed_now(store: GraphStore, namespace: str, uses: dict[str, int]) -> dict[str, int]:
    """The uses, each on the version of its value believed now. A version recalled and then
    retired before the flush (a later statement closed its validity, which writes the value
    again as a new version) passes its uses to that version: the value was asked about, and
    garbage collection and the monthly review read the version that is believed."""
    retired = [r for r in store.facts_by_id(namespace, list(uses)) if r["retired_at"] < END_OF_TIME]
    if not retired:
        return uses
    out = dict(uses)
    versions = store.slot_facts(namespace, {r["slot"] for r in retired})
    for old in retired:
        heirs = [
            f
            for f in versions
            if f["slot"] == old["slot"]
            and f["object_json"] == old["object_json"]
            and f["retired_at"] >= END_OF_TIME
            and f["recorded_at"] >= old["retired_at"]
        ]
        if heirs:
            heir = max(heirs, key=lambda f: (f["recorded_at"], f["id"]))["id"]
            out[heir] = out.get(heir, 0) + out.pop(old["id"])
    return out
