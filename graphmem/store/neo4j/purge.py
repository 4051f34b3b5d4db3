"""Purge on Neo4j: ask the server to rewrite its store without deleted values, and wait.

Neo4j deletes logically. After a forget, the forgotten text is still in the transaction
log (before-images, until the file is pruned), in the freed string-store records (until
their ids are reused), in Lucene segments (deleted documents, until a merge) and in the
dead space of index trees. Community can force none of that from Cypher, so the launcher
in ``tools/neo4j`` registers ``graphmem.purge()``: the server stops, copies the live graph
into a fresh store, swaps it in and starts again on the same port. Cost: a restart plus a
copy that grows with the live graph (not with what was forgotten); clients see the server
go away for that time, and the driver reconnects.
"""

from __future__ import annotations

import time
from typing import Any

import neo4j
from neo4j.exceptions import ClientError, DriverError, Neo4jError

from graphmem.errors import OperationFailed, PurgeUnavailable, StoreUnavailable
from graphmem.results import PurgeReport
from graphmem.store import cypher

_POLL = 0.5  # seconds between two looks at a restarting server

NO_PROCEDURE = (
    "this Neo4j server has no graphmem.purge procedure, so deleted values stay in its "
    "files until Neo4j reuses the space. Servers started by tools/neo4j/neo4j-local have it. "
    "Elsewhere: keep db.tx_log.rotation.retention_policy small (docker-compose.yml), and "
    "rewrite the store offline (neo4j-admin database copy on Enterprise, or graphmem export "
    "into a fresh server and graphmem import)"
)


def purge_neo4j(driver: neo4j.Driver, database: str | None, timeout: float) -> PurgeReport:
    began = time.monotonic()
    try:
        # Auto-commit, never retried: a retry after the restart would order a second copy.
        with driver.session(database=database) as session:
            record = session.run(cypher.load("admin/purge")).single(strict=True)
    except ClientError as exc:
        if "ProcedureNotFound" in (exc.code or ""):
            raise PurgeUnavailable(NO_PROCEDURE) from exc
        raise
    ticket = int(record["ticket"])
    status = _wait(driver, database, ticket, began + timeout)
    if not str(status["last"]).startswith("ok"):
        raise OperationFailed(f"the Neo4j purge failed: {status['last']}")
    return PurgeReport(
        store="neo4j",
        seconds=round(time.monotonic() - began, 3),
        steps=[
            "server stopped; the live graph copied into a fresh store "
            f"({status['last'].removeprefix('ok: ')})",
            "constraints and indexes (full-text, range, vector) rebuilt from the live graph",
            "the old store, its transaction logs and index files deleted; server restarted",
        ],
    )


def _wait(driver: neo4j.Driver, database: str | None, ticket: int, deadline: float) -> Any:
    # The driver's own retry backs off to many seconds; a restart takes a few, so look often.
    while True:
        try:
            with driver.session(database=database) as session:
                record = session.run(cypher.load("admin/purge_status")).single()
            if record is not None and int(record["done"]) >= ticket:
                return record
        except (DriverError, Neo4jError):
            pass  # the server is down for the copy
        if time.monotonic() > deadline:
            raise StoreUnavailable(
                f"the Neo4j purge (ticket {ticket}) did not finish in time; the server "
                "keeps going and its log says how it ended"
            )
        time.sleep(_POLL)
