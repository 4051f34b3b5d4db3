"""Connection records, the :class:`graphmem.Memory` half: list them, revoke one.

A connection is a fact (``graphmem.extract.connections``, read back by
``graphmem.read.connections``), so its history, provenance, export and forgetting are a
fact's. Revoking ends it now with a system statement, as a removed source ends what it
alone supported (``graphmem.lifecycle.sweep.end_now``): the scope it had stays as history.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import datetime

from graphmem import arguments
from graphmem.errors import UnknownId
from graphmem.lifecycle.sweep import end_now
from graphmem.model import Actor, check_namespace
from graphmem.models.embed import Embedder
from graphmem.read import connections as records
from graphmem.results import Connection
from graphmem.store.base import GraphStore
from graphmem.store.changes import ChangeSet
from graphmem.temporal import optional_utc
from graphmem.write.remember import embed_change
from graphmem.write.slots import apply_fresh


class ConnectionOperations:
    """Mixed into :class:`~graphmem.memory.Memory`, which sets these attributes."""

    store: GraphStore
    embedder: Embedder
    _lock: threading.RLock
    _clock: Callable[[], datetime]

    def connections(
        self,
        namespace: str,
        *,
        at: datetime | None = None,
        include_revoked: bool = False,
        include_candidates: bool = False,
    ) -> list[Connection]:
        """The services connected at ``at`` (now by default): which service and account,
        which permission scope, since when and on whose word — never a credential.
        ``include_revoked`` adds the connections that ended before ``at`` (revoked, or
        superseded by a later scope); ``include_candidates`` those told by someone other
        than the user, waiting for the user to confirm them."""
        ns = check_namespace(namespace)
        point = optional_utc(at, "at", self._clock())
        include_revoked = arguments.flag(include_revoked, "include_revoked")
        include_candidates = arguments.flag(include_candidates, "include_candidates")
        return records.records(
            self.store,
            ns,
            point,
            include_revoked=include_revoked,
            include_candidates=include_candidates,
        )

    def revoke_connection(
        self, service: str, namespace: str, *, account: str | None = None
    ) -> list[str]:
        """End the current connection to ``service`` now (of ``account``, or of every
        account of it), keeping its history; audited. Returns the ids of the facts ended.
        Raises :class:`~graphmem.errors.UnknownId` when nothing is connected to it."""
        ns = check_namespace(namespace)
        service = arguments.text(service, "service", max_chars=arguments.MAX_NAME_CHARS)
        account = arguments.optional_text(account, "account", max_chars=arguments.MAX_NAME_CHARS)
        with self._lock:
            ended: list[str] = []

            def build() -> ChangeSet:
                now = self._clock()
                rows = records.current(self.store, ns, service, account, now)
                if not rows:
                    whose = "" if account is None else f" (account {account!r})"
                    raise UnknownId(
                        f"no current connection to {service!r}{whose} in namespace {ns!r}; "
                        "Memory.connections lists them"
                    )
                ids = {s for row in rows for s in row.get("statements") or ()}
                statements = {s["id"]: s for s in self.store.statements_by_id(ns, ids)}
                ended[:] = [row["id"] for row in rows]
                change = end_now(
                    self.store,
                    ns,
                    rows,
                    statements,
                    now,
                    actor=Actor.USER,
                    action="revoke_connection",
                    note="the connection was revoked",
                )
                embed_change(self.embedder, change)  # the ended versions are facts of their own
                return change

            apply_fresh(self.store, build)
        return ended
