"""The connection every part of the Neo4j store shares: the driver, the one boundary where
driver exceptions become graphmem's (:func:`driver_errors`), the read and write plumbing,
the schema, and the store's housekeeping (dropping a namespace, store keys, purge)."""

from __future__ import annotations

import hashlib
import secrets
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, closing, contextmanager
from typing import Any, TypeVar

import neo4j
from neo4j.exceptions import DriverError, Neo4jError, ServiceUnavailable, TransientError

from graphmem.errors import (
    InvalidArgument,
    StoreUnavailable,
    WriteConflict,
)
from graphmem.model import check_namespace
from graphmem.results import PurgeReport
from graphmem.store import cypher
from graphmem.store.changes import LABELS, Row
from graphmem.store.keywords import OWN_WEIGHT, spaced, spaced_context
from graphmem.store.neo4j import schema
from graphmem.store.neo4j.purge import purge_neo4j
from graphmem.store.neo4j.values import outgoing, unlogged

# Below this many facts (or episodes) in a namespace, exact cosine over the filtered set; from
# it on, the vector index with the namespace filtered inside it. Exact costs ~50 µs a node
# (each embedding read from the property store), the index ~6-12 ms whatever the size: on
# LoCoMo's namespaces (369-663 turns) the episode channel took 17-28 ms exact, 10-12 by index,
# with the same nearest episodes for all 345 questions (docs/benchmarks-log.md, thirteenth session).
EXACT_BELOW = 100

# Facts or episodes of an older database counted into the keyword statistics a transaction.
KEYWORD_BATCH = 1000
KEYWORDS_VERSION = 1  # of the keyword statistics a database keeps (cypher/write/keywords_set)

# Connections that reads sent at once may hold together, in one process: fewer than the
# driver's pool (100), so that what takes one connection at a time always finds one.
SENT_CONNECTIONS = 48

T = TypeVar("T")
# A write runs in a managed transaction, or in the explicit one of a hold_slots block.
Tx = neo4j.ManagedTransaction | neo4j.Transaction


@contextmanager
def driver_errors(uri: str) -> Iterator[None]:
    try:
        yield
    except ServiceUnavailable as exc:
        raise StoreUnavailable(f"Neo4j at {uri} cannot be reached: {exc}") from exc
    except TransientError as exc:
        # A deadlock the driver's own retries did not get past: the write path decides
        # again, holding its slots (graphmem.write.slots.held_after).
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


class Activity:
    """The store's own statements in flight, and when the last one ended: what planning
    ahead (graphmem/store/neo4j/warmup.py) waits on, so that it plans while the store is
    idle and never takes the server's cores from a caller. Sharing them, it had added 3-4 s
    to a fresh database's open and first ``remember`` on two cores."""

    def __init__(self) -> None:
        self._changed = threading.Condition()
        self._running = 0
        self._ended = time.monotonic()
        self._stopped = False

    def begin(self) -> Callable[[], None]:
        """Count a statement in flight; returns what ends it (once)."""
        with self._changed:
            self._running += 1
        pending = [True]

        def end() -> None:
            with self._changed:
                if pending and pending.pop():
                    self._running -= 1
                    self._ended = time.monotonic()
                    self._changed.notify_all()

        return end

    @contextmanager
    def running(self) -> Iterator[None]:
        end = self.begin()
        try:
            yield
        finally:
            end()

    def wait_quiet(self, quiet: float) -> bool:
        """Wait until no statement of the store has run for ``quiet`` seconds. False when
        the store closed first."""
        with self._changed:
            while not self._stopped:
                idle = time.monotonic() - self._ended
                if self._running == 0 and idle >= quiet:
                    return True
                self._changed.wait(quiet - idle if self._running == 0 else None)
            return False

    def stop(self) -> None:
        with self._changed:
            self._stopped = True
            self._changed.notify_all()


class Sent:
    """A read statement sent in an auto-commit transaction, its one record not yet read: the
    server runs it while the caller goes on (no thread: the driver sends RUN and PULL and
    waits only for the RUN's reply). :meth:`record` collects it, once; the connection it
    holds goes back to the pool then, or on :meth:`close`. It counts as the store's
    :class:`Activity` from its sending to its close."""

    def __init__(
        self,
        uri: str,
        session: neo4j.Session,
        query: str,
        params: dict[str, Any],
        activity: Activity,
    ):
        self._uri = uri
        self._session = session
        self._done = activity.begin()
        try:
            with driver_errors(uri):
                self._result = session.run(query, outgoing(params))
        except BaseException:
            self.close()
            raise

    def record(self) -> neo4j.Record | None:
        """The statement's one record (None when it returned no row)."""
        try:
            with driver_errors(self._uri):
                return self._result.single(strict=False)
        finally:
            self.close()

    def close(self) -> None:
        self._session.close()  # a second close does nothing
        self._done()


class Budget:
    """Permits taken several at a time, all or none. A caller that sends reads at once takes
    a permit for each connection they will hold before it opens any: callers that held some
    connections while they waited for more could each hold part of the pool and wait for
    the rest forever (measured: 150 threads recalling at once, three connections each, gave
    103 pool timeouts)."""

    def __init__(self, permits: int) -> None:
        self._free = permits
        self._freed = threading.Condition()

    def take(self, n: int) -> Callable[[], None]:
        """Wait for ``n`` permits and take them; returns what gives them back (once)."""
        with self._freed:
            self._freed.wait_for(lambda: self._free >= n)
            self._free -= n
        held = [n]  # what is still to give back: n, then nothing

        def give_back() -> None:
            with self._freed:
                self._free += held.pop() if held else 0
                self._freed.notify_all()

        return give_back


def _one_row(sent: Sent) -> Row:
    record = sent.record()
    if record is None:
        raise StoreUnavailable("a read that always returns one row returned none")
    return dict(record)


class Connection:
    """The driver and the plumbing of :class:`~graphmem.store.neo4j.Neo4jStore`."""

    def __init__(
        self,
        uri: str,
        *,
        auth: tuple[str, str] | None = None,
        database: str | None = None,
        install_schema: bool = True,
        exact_below: int = EXACT_BELOW,
        plan_ahead: bool = True,
        bookmarks: neo4j.api.BookmarkManager | None = None,
    ) -> None:
        scheme = uri.split("://", 1)[0].lower() if isinstance(uri, str) and "://" in uri else ""
        if scheme not in _SCHEMES:
            raise InvalidArgument(
                f"{uri!r} is not a Neo4j URI: use a Bolt address such as bolt://127.0.0.1:7687 "
                f"(schemes: {', '.join(sorted(_SCHEMES))})"
            )
        self.uri = uri
        self._auth = auth
        self.exact_below = exact_below
        self._sizes: dict[tuple[str, str], tuple[float, int]] = {}
        self.database = database
        self._keys: dict[tuple[str, str], bytes] = {}
        self._held = threading.local()  # .tx: the transaction of an open hold_slots block
        self._sent_connections = Budget(SENT_CONNECTIONS)
        # Namespaces this store has begun a write to (see :meth:`unwritten`).
        self._written: set[str] = set()
        self._empty_at_open = False
        # Plan recall's statements in the background once the embedding size is known
        # (graphmem/store/neo4j/warmup.py); `planned` is set when that has ended.
        self._plan_ahead = plan_ahead
        self.activity = Activity()
        self.planned = threading.Event()
        if not plan_ahead:
            self.planned.set()
        with driver_errors(uri):
            # Server notifications (e.g. "property key does not exist" on a fresh
            # database) are about our fixed queries, not the caller's: keep them out.
            self._driver = neo4j.GraphDatabase.driver(
                uri, auth=auth, notifications_min_severity="OFF"
            )
        # Every read and write of this store shares one bookmark manager: in a cluster a read
        # sent to a follower waits until it has what this store wrote (causal consistency).
        # Given one (``bookmarks``), processes that share it read each other's writes.
        self._bookmarks = bookmarks or self._driver.execute_query_bookmark_manager
        try:  # a server or a database that is not there: the driver must not leak
            with driver_errors(uri):
                self._driver.verify_connectivity()
            state = self._read("admin/open_state")[0]
            self.in_index_filter = _version(state["version"]) >= (2026, 2)
            self._empty_at_open = not state["stored"]
            if install_schema:
                self.install_schema(keywords=state["keywords"], stored=state["stored"])
        except BaseException:
            self._driver.close()
            raise

    def unwritten(self, namespace: str) -> bool:
        """Whether ``namespace`` is known to hold nothing: the database held no fact and no
        episode when this store opened, and this store has not begun a write to it since. A
        first ``remember`` on a fresh database then reads no slot and no thread it would find
        empty (four statements a cold server plans and runs for nothing, about a second:
        docs/benchmarks-log.md, twenty-second session). Another process writing the same
        slots meanwhile is caught by the write's claim of its slots (a stale version), and
        the write tried again reads them: a conflict marks the namespace as written."""
        return self._empty_at_open and namespace not in self._written

    def written(self, namespace: str) -> None:
        """Mark ``namespace`` as one this store has begun to write (or met a conflict in)."""
        self._written.add(namespace)

    # ---- plumbing ---------------------------------------------------------

    @contextmanager
    def _talk(self) -> Iterator[None]:
        """Around every statement of the store's own: the driver's errors become graphmem's,
        and the statement counts as the store's :class:`Activity`."""
        with driver_errors(self.uri), self.activity.running():
            yield

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
        with self._talk():
            records, _, _ = self._driver.execute_query(
                query,
                outgoing(params),
                database_=self.database,
                routing_=neo4j.RoutingControl.READ,
                bookmark_manager_=self._bookmarks,
            )
        return records

    def _session(self, **options: Any) -> neo4j.Session:
        """A session on the store's database that shares its bookmarks."""
        return self._driver.session(
            database=self.database, bookmark_manager=self._bookmarks, **options
        )

    def _write(self, work: Callable[[neo4j.ManagedTransaction], T]) -> T:
        with self._talk(), self._session() as session:
            return session.execute_write(work)

    def install_schema(self, *, keywords: int | None = None, stored: bool = True) -> None:
        """Create what the database lacks of ``cypher/schema`` (:mod:`.schema`), wait for the
        indexes to be online, and count the keyword terms of the facts and episodes stored
        before the keyword statistics existed. ``keywords`` and ``stored`` are what
        ``cypher/admin/open_state`` read: the statistics' version (None: not counted yet) and
        whether the database holds any fact or episode."""
        indexes = self.indexes()
        todo = schema.pending(None if indexes is None else {r["name"] for r in indexes})
        schema.create(todo, self._create_rule)
        if todo or indexes is None or any(r["state"] != "ONLINE" for r in indexes):
            with driver_errors(self.uri):
                self._driver.execute_query(
                    cypher.load("admin/await_indexes"), database_=self.database
                )
        if keywords is None:
            if stored:
                self.count_keywords()
            else:  # nothing to count
                self._write_query("admin/keywords_version_set", {"version": KEYWORDS_VERSION})

    def indexes(self) -> list[Row] | None:
        """The database's indexes (``cypher/admin/indexes``); None when this user may not
        list them (a role without SHOW INDEX): then every rule runs, each idempotent."""
        try:
            return self._read("admin/indexes")
        except StoreUnavailable as exc:
            refused = exc.__cause__
            if isinstance(refused, Neo4jError) and "Security" in (refused.code or ""):
                return None
            raise

    def count_keywords(self) -> int:
        """Count the keyword terms of every fact and episode stored before the keyword
        statistics existed (cypher/write/keywords_set), namespace by namespace, in batches
        of ``KEYWORD_BATCH``; then record that the database has them. Returns how many
        nodes it counted. Run once, when a Memory first opens an older database."""
        counted = 0
        for namespace in [r["namespace"] for r in self._read("admin/namespaces")]:
            for label in ("Fact", "Episode"):
                while batch := self._read(
                    "admin/keywords_uncounted",
                    namespace=namespace,
                    label=label,
                    batch=KEYWORD_BATCH,
                ):
                    rows = [
                        {
                            "id": node["id"],
                            "own": spaced(node["own"]),
                            "context_set": True,
                            "context": spaced_context(node["context"]),
                            "gone": False,
                        }
                        for node in batch
                    ]
                    self._write_query(
                        "write/keywords_set",
                        {
                            "namespace": namespace,
                            "label": label,
                            "weight": OWN_WEIGHT,
                            "rows": rows,
                        },
                    )
                    counted += len(rows)
        self._write_query("admin/keywords_version_set", {"version": KEYWORDS_VERSION})
        return counted

    def _write_query(self, name: str, params: dict[str, Any]) -> None:
        """Run one write query in a managed transaction of its own."""
        query = cypher.load(name)
        self._write(lambda tx: tx.run(query, outgoing(params)).consume())

    def _create_rule(self, name: str, **params: Any) -> None:
        """Run an ``IF NOT EXISTS`` schema query; a rule another process created
        between that check and ours is the rule we wanted."""
        with driver_errors(self.uri):
            try:
                self._driver.execute_query(cypher.load(name), params, database_=self.database)
            except Neo4jError as exc:
                if "AlreadyExists" not in (exc.code or ""):
                    raise

    def _read_once(self, name: str, params: dict[str, Any]) -> Row:
        """The one row of a read statement, in an auto-commit transaction: RUN and PULL go in
        one round trip, where a managed transaction (``_read``) adds one for its COMMIT —
        recall's statements are most of its latency. No retry; the driver's bookmarks
        are shared with ``_read``, so a recall still reads this process's own writes."""
        return _one_row(self._send(name, params))

    def _send(self, name: str, params: dict[str, Any]) -> Sent:
        """Send a read statement of at most one row, without waiting for it (:class:`Sent`).
        The driver's bookmarks are shared with ``_read``, so it reads this process's own
        writes."""
        check_namespace(params["namespace"])
        query = cypher.load(name)
        with driver_errors(self.uri):
            session = self._session(default_access_mode=neo4j.READ_ACCESS)
        return Sent(self.uri, session, query, params, self.activity)

    def _send_at_once(
        self, statements: list[tuple[str, dict[str, Any]]]
    ) -> tuple[list[Sent], Callable[[], None]]:
        """Send every read statement before any is read, each on a connection of its own
        (the server runs them at once, a thread each), after taking a permit for each
        connection (:class:`Budget`). Returns the sent reads and what lets them all go: it
        closes each and gives the permits back, once. A send that fails lets go of what was
        sent before it."""
        with ExitStack() as undo:
            undo.callback(self._sent_connections.take(len(statements)))
            sent = [undo.enter_context(closing(self._send(*s))) for s in statements]
            return sent, undo.pop_all().close

    def _read_at_once(self, *statements: tuple[str, dict[str, Any]] | None) -> list[Row | None]:
        """The one row of each read statement (None for a statement left out), all sent
        before any is read (:meth:`_send_at_once`), while this thread waits for the first."""
        sent, let_go = self._send_at_once([s for s in statements if s is not None])
        try:
            rows = iter([_one_row(s) for s in sent])
        finally:
            let_go()
        return [None if s is None else next(rows) for s in statements]

    def drop_namespace(self, namespace: str) -> None:
        """Delete a whole namespace, tombstones included, in batches: housekeeping for
        benchmarks and scratch databases. Users forget with ``Memory.forget``."""
        query = cypher.load("admin/namespace_drop")
        ns = check_namespace(namespace)
        with self._talk(), self._session() as session:
            for label in (*LABELS, "StoreKey", "KeywordTerm", "KeywordStats"):
                session.run(query, {"namespace": ns, "label": label}).consume()

    def store_key(self, namespace: str, name: str, *, replace: bytes | None = None) -> bytes:
        cached = self._keys.get((namespace, name))
        if cached is None or (replace is not None and cached != replace):
            rows = self._write(
                lambda tx: tx.run(
                    cypher.load("admin/store_key"),
                    unlogged(
                        {
                            "namespace": check_namespace(namespace),
                            "name": name,
                            "candidate": secrets.token_hex(32),  # a key: never in a log
                            "replace": None if replace is None else replace.hex(),
                        }
                    ),
                ).data()
            )
            cached = self._keys[(namespace, name)] = bytes.fromhex(rows[0]["key"])
        return cached

    def purge(self, timeout: float) -> PurgeReport:
        with driver_errors(self.uri):
            return purge_neo4j(self._driver, self.database, timeout)

    def close(self) -> None:
        self.activity.stop()
        self._driver.close()


def _version(version: str | None) -> tuple[int, int]:
    """(year, month) of a calendar release, or (major, minor) of 5.x — 5.26 < 2026.02."""
    parts = str(version or "0.0").split(".")
    try:
        return int(parts[0]), int(parts[1])
    except (ValueError, IndexError):
        return (0, 0)
