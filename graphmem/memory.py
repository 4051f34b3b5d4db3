"""``Memory`` and ``AsyncMemory``: the public API of DESIGN.md.

``Memory`` is a thin shell: it checks arguments, hands the write path or the
store the work, and maps rows to the public models. ``AsyncMemory`` runs the
same methods in a worker thread, so there is one code path per operation.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

from graphmem import arguments, config, factory
from graphmem.arguments import shown
from graphmem.errors import GraphmemError, InvalidArgument, UnknownId
from graphmem.extract.offline import OfflineExtractor
from graphmem.lifecycle.connections import ConnectionOperations
from graphmem.lifecycle.edits import EditOperations
from graphmem.lifecycle.operations import LifecycleOperations
from graphmem.model import (
    Actor,
    AuditEntry,
    Authority,
    Cardinality,
    Claim,
    Episode,
    Fact,
    Kind,
    Predicate,
    Sensitivity,
    SourceKind,
    Status,
    Support,
    check_namespace,
    check_predicate,
    check_scope,
)
from graphmem.models.embed import Embedder
from graphmem.read.checkpoint import Checkpoint, CheckpointInput
from graphmem.read.checkpoint import history as checkpoint_history
from graphmem.read.checkpoint import latest as latest_checkpoint
from graphmem.read.checkpoint import save as save_checkpoint
from graphmem.read.recall import recall as recall_evidence
from graphmem.read.request import DEFAULT_MAX_CHARS, MIN_CHARS, RecallRequest, Weights
from graphmem.read.session import DEFAULT_SHARE, DEFAULT_WINDOW, Session, session_budget
from graphmem.read.usage import UseCounts
from graphmem.records import audit_row
from graphmem.results import Evidence, WriteResult
from graphmem.store.base import FactFilter, GraphStore
from graphmem.store.changes import ChangeSet, FactPatch
from graphmem.store.rows import to_audit, to_episode, to_fact, to_support
from graphmem.temporal import END_OF_TIME, AsOf, now, optional_utc, utc
from graphmem.trust.actions import needs_confirmation
from graphmem.write import candidates
from graphmem.write.predicates import PredicateRegistry
from graphmem.write.remember import Decider, Extractor, WritePath, subject_key
from graphmem.write.slots import apply_fresh, fact_history

P = ParamSpec("P")
R = TypeVar("R")
W = TypeVar("W", bound=Callable[..., Any])


# Ids, counts and timings only: text, claims and secrets never reach a log.
log = logging.getLogger("graphmem")


class Memory(LifecycleOperations, ConnectionOperations, EditOperations):
    """Agent memory on a graph store: remember, recall, correct, forget."""

    def __init__(
        self,
        path: str | Path | None = None,
        *,
        store: GraphStore | None = None,
        extractor: Extractor | None = None,
        decider: Decider | None = None,
        embedder: Embedder | None = None,
        clock: Callable[[], datetime] = now,
        weights: Weights | None = None,
    ) -> None:
        # Nothing given: the configuration (GRAPHMEM_MODEL, GRAPHMEM_EMBEDDER) decides.
        # Settled before a store is opened, so a bad setting leaves nothing open.
        self._model = factory.model_client() if extractor is None and decider is None else None
        if extractor is None:
            extractor = factory.extractor_for(self._model) if self._model else OfflineExtractor()
        if decider is None and self._model is not None:
            decider = factory.decider_for(self._model)
        if embedder is None and config.embedder_configured() is not None:
            embedder = factory.embedder()
        owned = store is None
        if store is None:
            store = factory.open_store(path)
        self.store = store
        self.predicates = PredicateRegistry()
        self._model_extractor = factory.model_extractor
        self._clock: Callable[[], datetime] = lambda: utc(clock(), "clock()")
        self._lock = threading.RLock()
        self._closed = False
        try:
            # Nothing configured: the embedder the store's vectors were built by.
            self.embedder: Embedder = embedder or factory.recorded_embedder(
                store.recorded_embedder()
            )
            store.ensure_vectors(self.embedder.name, self.embedder.dimensions)
        except GraphmemError:
            if owned:  # a store this constructor opened must not outlive its failure
                store.close()
            raise
        self.weights = weights or Weights.for_embedder(self.embedder.name)
        self._usage = UseCounts(store, self._lock, self._clock)  # written off the read path
        self._writer = WritePath(
            store, extractor, self.predicates, self._clock, self.embedder, decider
        )

    @classmethod
    def neo4j(
        cls,
        uri: str,
        *,
        auth: tuple[str, str] | None = None,
        database: str | None = None,
        bookmarks: Any = None,
        **options: Any,
    ) -> Memory:
        """Memory on a Neo4j server (the production store): ``bolt://`` for one server,
        ``neo4j://`` (or ``neo4j+s://``) for a cluster or Aura, reads routed to followers.
        ``database`` names the database (the server's default when None). ``bookmarks``: a
        driver bookmark manager (``neo4j.GraphDatabase.bookmark_manager``) shared by the
        processes that must read each other's writes in a cluster (docs/scaling.md)."""
        store = factory.neo4j_store(uri, auth=auth, database=database, bookmarks=bookmarks)
        try:
            return cls(store=store, **options)
        except GraphmemError:
            store.close()
            raise

    # ---- write ------------------------------------------------------------

    def remember(
        self,
        content: str | Episode | Sequence[Claim],
        namespace: str,
        source: str | SourceKind = "user",
        at: datetime | None = None,
        session: str | None = None,
        *,
        source_ref: str | None = None,
        speaker: str | None = None,
    ) -> WriteResult:
        """Write an episode and what it says, through the gate and the decisions."""
        inp = self._writer.prepare(
            content,
            namespace,
            source=source,
            at=at,
            session=session,
            source_ref=source_ref,
            speaker=speaker,
        )
        started = time.perf_counter()
        with self._lock:
            result = self._writer.remember(inp)
        log.debug(
            "remember ns=%s episode=%s operations=%d refused=%d redactions=%d %.1f ms",
            inp.namespace,
            result.episode_id,
            len(result.operations),
            len(result.refused),
            result.redactions,
            (time.perf_counter() - started) * 1000,
        )
        return result

    def define_predicate(
        self,
        name: str,
        cardinality: str | Cardinality = Cardinality.MANY,
        kind: str | Kind = Kind.FACT,
        ttl: timedelta | None = None,
        review_every: timedelta | None = None,
        *,
        sensitivity: str | Sensitivity = Sensitivity.NORMAL,
        object_is_entity: bool = True,
    ) -> Predicate:
        try:
            predicate = Predicate(
                name=check_predicate(name),
                cardinality=Cardinality(cardinality),
                kind=Kind(kind),
                ttl=ttl,
                review_every=review_every,
                sensitivity=Sensitivity(sensitivity),
                object_is_entity=object_is_entity,
            )
        except ValueError as exc:
            raise InvalidArgument(f"cannot define predicate {shown(name)}: {exc}") from exc
        return self.predicates.define(predicate)

    def confirm(self, fact_id: str, namespace: str) -> Fact:
        """A candidate the user confirmed becomes active with authority ``confirmed`` (and,
        in a one-valued slot, supersedes the value it contradicts)."""
        ns = check_namespace(namespace)
        fact_id = arguments.identifier(fact_id, "fact_id")
        with self._lock:
            result: list[dict[str, Any]] = []

            def build() -> ChangeSet:
                change, row = candidates.confirm(
                    self.store, ns, self._fact_row(ns, fact_id), self._clock()
                )
                result[:] = [row]
                return change

            apply_fresh(self.store, build)
            return to_fact(self._fact_row(ns, result[0]["id"]))

    def reject(self, fact_id: str, namespace: str) -> Fact:
        """A rejected candidate is retired: no longer believed, still in the history."""
        ns = check_namespace(namespace)
        fact_id = arguments.identifier(fact_id, "fact_id")
        with self._lock:
            result: list[dict[str, Any]] = []

            def build() -> ChangeSet:
                change, row = candidates.reject(
                    self.store, ns, self._fact_row(ns, fact_id), self._clock()
                )
                result[:] = [row]
                return change

            apply_fresh(self.store, build)
            return to_fact(self._fact_row(ns, result[0]["id"]))

    # ---- forget -----------------------------------------------------------

    # ---- lifecycle ----------------------------------------------------------

    def feedback(self, fact_id: str, namespace: str, outcome: str, note: str | None = None) -> None:
        """Report that acting on a fact went well or badly; gc() demotes the bad ones."""
        ns = check_namespace(namespace)
        fact_id = arguments.identifier(fact_id, "fact_id")
        note = arguments.optional_text(note, "note", max_chars=arguments.MAX_NOTE_CHARS)
        if outcome not in ("good", "bad"):
            raise InvalidArgument(f"outcome={shown(outcome)}; use 'good' or 'bad'")
        with self._lock:
            row = self._fact_row(ns, fact_id)
            change = ChangeSet(namespace=ns)
            if outcome == "bad":
                change.patches.append(
                    FactPatch(fact_id, {"bad_outcomes": (row.get("bad_outcomes") or 0) + 1})
                )
            change.audit.append(
                audit_row(
                    self._clock(),
                    Actor.USER,
                    "feedback",
                    target_id=fact_id,
                    after={"outcome": outcome},
                    note=note,
                )
            )
            self.store.apply(change)

    # ---- read -------------------------------------------------------------

    def facts(
        self,
        namespace: str,
        subject: str | None = None,
        predicate: str | None = None,
        at: datetime | None = None,
        known_at: datetime | None = None,
        *,
        scope: str | None = None,
        include_candidates: bool = False,
        history: bool = False,
    ) -> list[Fact]:
        """Facts as of ``at`` (world time) as believed at ``known_at``; now by default.

        ``history=True`` returns every version regardless of time instead (the versions
        a later revision retired are left out: ask with ``known_at`` to see them).
        """
        ns = check_namespace(namespace)
        point = (
            None
            if history
            else AsOf.of(
                optional_utc(at, "at", self._clock()),
                optional_utc(known_at, "known_at", self._clock()),
            )
        )
        where = FactFilter(
            subject_key=None
            if subject is None
            else subject_key(
                arguments.text(subject, "subject", max_chars=arguments.MAX_NAME_CHARS), ns
            ),
            predicate=None if predicate is None else check_predicate(predicate),
            scope=None if scope is None else check_scope(scope),
            point=point,
            include_candidates=include_candidates,
        )
        rows = self.store.facts(ns, where)
        if history:
            rows = [row for row in rows if not _revised(row)]
        return [to_fact(row, point) for row in rows]

    def recall(  # noqa: PLR0917 - the positional order is DESIGN.md's public API
        self,
        query: str,
        namespace: str,
        at: datetime | None = None,
        known_at: datetime | None = None,
        scope: str | Sequence[str] | None = None,
        k: int = 5,
        *,
        include_candidates: bool = False,
        include_review: bool = False,
        include_episodes: bool = True,
        min_authority: str | Authority = Authority.EXTERNAL,
        max_sensitivity: str | Sensitivity = Sensitivity.PERSONAL,
        weights: Weights | None = None,
        max_chars: int = DEFAULT_MAX_CHARS,
    ) -> list[Evidence]:
        """Evidence for ``query``: filtered first (time, belief, scope, authority,
        sensitivity), then ranked. Evidence informs; it never authorises."""
        ns = check_namespace(namespace)
        request = RecallRequest(
            query=arguments.text(query, "query", max_chars=arguments.MAX_QUERY_CHARS),
            namespace=ns,
            point=AsOf.of(
                optional_utc(at, "at", self._clock()),
                optional_utc(known_at, "known_at", self._clock()),
            ),
            k=arguments.whole(k, "k", maximum=arguments.MAX_K),
            scopes=_scopes(scope),
            include_candidates=include_candidates,
            include_review=include_review,
            include_episodes=include_episodes,
            min_authority=_enum(Authority, min_authority, "min_authority"),
            max_sensitivity=_enum(Sensitivity, max_sensitivity, "max_sensitivity"),
            weights=weights or self.weights,
            max_chars=arguments.whole(max_chars, "max_chars", minimum=MIN_CHARS),
            at_given=at is not None,
        )
        started = time.perf_counter()
        found = recall_evidence(self.store, self.embedder, request)
        log.debug(
            "recall ns=%s k=%d found=%d %.1f ms",
            ns,
            request.k,
            len(found),
            (time.perf_counter() - started) * 1000,
        )
        self._usage.note(ns, [e.fact_id for e in found if e.fact_id is not None])
        return found

    def flush(self) -> None:
        """Write buffered use statistics (also done on close)."""
        self._usage.flush()

    def history(self, fact_id: str, namespace: str, *, revisions: bool = False) -> list[Fact]:
        """The supersession chain through ``fact_id``, oldest first, with each one's support.

        Closing a fact's validity writes a new version and retires the one believed before;
        ``revisions=True`` also lists those retired versions (belief-time history).
        """
        ns = check_namespace(namespace)
        fact_id = arguments.identifier(fact_id, "fact_id")
        revisions = arguments.flag(revisions, "revisions")
        row = self._fact_row(ns, fact_id)
        chain = fact_history(self.store, ns, row, revisions=revisions)
        support: dict[str, list[Support]] = {}
        for link in self.store.support(ns, [row["id"] for row in chain]):
            support.setdefault(link["fact_id"], []).append(to_support(link))
        return [
            to_fact(row).model_copy(update={"support": support.get(row["id"], [])}) for row in chain
        ]

    def episode(self, episode_id: str, namespace: str) -> Episode:
        episode_id = arguments.identifier(episode_id, "episode_id")
        rows = self.store.episodes_by_id(check_namespace(namespace), [episode_id])
        if not rows:
            raise UnknownId(f"no episode {episode_id!r} in namespace {namespace!r}")
        return to_episode(rows[0])

    def audit(self, namespace: str, since: datetime | None = None) -> list[AuditEntry]:
        ns = check_namespace(namespace)
        start = None if since is None else utc(since, "since")
        return [to_audit(row) for row in self.store.audit(ns, start)]

    def stats(self, namespace: str) -> dict[str, int]:
        return self.store.counts(check_namespace(namespace))

    # ---- working memory and checkpoints ---------------------------------------

    def session(
        self,
        namespace: str,
        *,
        task: str | None = None,
        budget: int | None = None,
        window: int = DEFAULT_WINDOW,
        share: float = DEFAULT_SHARE,
        session_id: str | None = None,
    ) -> Session:
        """Working memory of one task: a token-budgeted buffer that ends in an episode.

        The budget is ``budget`` tokens, or ``share`` of the model's context ``window``
        (by default 60% of 128,000), counted with tiktoken.
        """
        task = arguments.optional_text(task, "task", max_chars=arguments.MAX_NAME_CHARS)
        session_id = arguments.optional_text(
            session_id, "session_id", max_chars=arguments.MAX_NAME_CHARS
        )
        return Session(
            self,
            check_namespace(namespace),
            task=task,
            budget=session_budget(budget, window, share),
            session_id=session_id,
            clock=self._clock,
        )

    def needs_confirmation(
        self,
        action: str,
        evidence: Evidence | Sequence[Evidence] = (),
        *,
        session: Session | None = None,
    ) -> bool:
        """True for an action that sends, pays, publishes, deletes or shares, unless the user
        confirmed it in ``session`` (``Session.confirm_action``). Evidence from memory never
        approves an action: an old "you may pay my invoices" is what was said then."""
        action = arguments.text(action, "action")
        given = [evidence] if isinstance(evidence, Evidence) else evidence
        if isinstance(given, str | bytes) or not isinstance(given, Sequence):
            raise InvalidArgument(f"evidence must be Evidence or a list of it, not {given!r}")
        items = list(given)
        if not all(isinstance(e, Evidence) for e in items):
            raise InvalidArgument("evidence must hold Evidence objects (what recall returned)")
        if session is not None and not isinstance(session, Session):
            raise InvalidArgument(f"session must be a Session (Memory.session), not {session!r}")
        if session is not None:
            return session.needs_confirmation(action, items)
        return needs_confirmation(action, items)

    def checkpoint(self, namespace: str, task: str, **state: Any) -> Checkpoint:
        """Save the progress of ``task`` so that it survives context compaction.

        ``state``: ``next_action`` (required), ``last_success``, ``outputs``, ``pending``,
        ``goal``, ``session``. Secrets in it are redacted before it is stored.
        """
        ns = check_namespace(namespace)
        task = arguments.text(task, "task", max_chars=arguments.MAX_NAME_CHARS)
        progress = CheckpointInput.of(task=task, **state)
        with self._lock:
            return save_checkpoint(self.store, ns, progress, self._clock())

    def checkpoints(self, namespace: str, task: str, limit: int = 10) -> list[Checkpoint]:
        """The task's checkpoints, newest first."""
        ns = check_namespace(namespace)
        task = arguments.text(task, "task", max_chars=arguments.MAX_NAME_CHARS)
        limit = arguments.whole(limit, "limit", maximum=arguments.MAX_K)
        return checkpoint_history(self.store, ns, task, limit)

    def resume(
        self,
        namespace: str,
        task: str,
        *,
        budget: int | None = None,
        window: int = DEFAULT_WINDOW,
        share: float = DEFAULT_SHARE,
    ) -> Session:
        """A new session that takes ``task`` up from its latest checkpoint."""
        ns = check_namespace(namespace)
        task = arguments.text(task, "task", max_chars=arguments.MAX_NAME_CHARS)
        saved = latest_checkpoint(self.store, ns, task)
        if saved is None:
            raise UnknownId(f"no checkpoint for task {task!r} in namespace {ns!r}")
        session = self.session(ns, task=task, budget=budget, window=window, share=share)
        session.restore(saved)
        return session

    def _fact_row(self, ns: str, fact_id: str) -> dict[str, Any]:
        rows = self.store.facts_by_id(ns, [fact_id])
        if not rows:
            raise UnknownId(f"no fact {fact_id!r} in namespace {ns!r}")
        return rows[0]

    def close(self) -> None:
        """Write what is buffered and let the store go; a second close does nothing, and
        any other call after it raises :class:`~graphmem.errors.StoreUnavailable`."""
        if self._closed:
            return
        self._closed = True
        try:
            self._usage.close()
        finally:
            self.store.close()
            if self._model is not None:  # made from the configuration, so ours to close
                self._model.close()

    def __enter__(self) -> Memory:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _revised(row: dict[str, Any]) -> bool:
    """A version retired because a later version closed its validity (not a correction)."""
    return bool(row["status"] == Status.SUPERSEDED.value and row["retired_at"] < END_OF_TIME)


def _scopes(scope: str | Sequence[str] | None) -> tuple[str, ...] | None:
    """A task's scope sees its own facts and the global ones."""
    if scope is None:
        return None
    # Anything but a scope or a list of them is named by check_scope's error (scope=False).
    listed = isinstance(scope, (list, tuple, set, frozenset))
    asked: list[Any] = list(scope) if listed else [scope]
    return tuple(dict.fromkeys(["global", *(check_scope(s) for s in asked)]))


def _enum(kind: Any, value: Any, name: str) -> Any:
    try:
        return kind(value)
    except ValueError:
        allowed = ", ".join(v.value for v in kind)
        raise InvalidArgument(
            f"{name}={shown(value)} is not known; use one of: {allowed}"
        ) from None
