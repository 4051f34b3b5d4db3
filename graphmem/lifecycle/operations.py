"""The lifecycle half of :class:`graphmem.Memory`: forget, expire, sources removed,
distillation and its rollback, re-extraction, garbage collection, scheduled maintenance,
export and import, invariant checks and purge. Each method checks its arguments and runs
one flow of this folder under the memory's lock; :class:`~graphmem.memory.Memory` inherits
them, so they are its methods (the public API of DESIGN.md).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from contextlib import AbstractContextManager
from datetime import datetime
from typing import Any, TypeVar

from graphmem import arguments, config
from graphmem.arguments import shown
from graphmem.errors import InvalidArgument
from graphmem.lifecycle import distill as distillation
from graphmem.lifecycle import duplicates, learn_cardinality, model_switch, sweep
from graphmem.lifecycle import export as export_format
from graphmem.lifecycle import gc as garbage
from graphmem.lifecycle import maintain as maintenance
from graphmem.lifecycle import reextract as reextraction
from graphmem.lifecycle import retention as retained
from graphmem.lifecycle.check import CheckReport
from graphmem.lifecycle.check import check as check_namespace_invariants
from graphmem.lifecycle.forget import ForgetPlan, Target, forget_report, plan_forget
from graphmem.lifecycle.sweep import Sweep
from graphmem.model import check_namespace
from graphmem.models.embed import Embedder
from graphmem.results import (
    DistillationRun,
    ForgetReport,
    GcReport,
    MaintenanceReport,
    ModelComparison,
    PurgeReport,
    ReextractReport,
    Retention,
)
from graphmem.store.base import GraphStore
from graphmem.store.changes import ChangeSet, Row
from graphmem.temporal import utc
from graphmem.write import tombstone
from graphmem.write.inputs import scrub_ref
from graphmem.write.predicates import PredicateRegistry
from graphmem.write.remember import Extractor, WritePath, embed_change
from graphmem.write.slots import apply_fresh

_T = TypeVar("_T")

# Ids, counts and timings only: text, claims and secrets never reach a log.
log = logging.getLogger("graphmem")

# A purge restarts Neo4j on a copy of the live graph; a day is already more than any store needs.
MAX_PURGE_SECONDS = 86_400


class LifecycleOperations:
    """Mixed into :class:`~graphmem.memory.Memory`, which sets these attributes."""

    store: GraphStore
    embedder: Embedder
    predicates: PredicateRegistry
    # A model name -> its extractor, client closed on exit (graphmem.factory, a layer above).
    _model_extractor: Callable[[str], AbstractContextManager[Extractor]]
    _lock: threading.RLock
    _clock: Callable[[], datetime]
    _writer: WritePath

    def flush(self) -> None:
        raise NotImplementedError  # Memory's: write buffered use statistics

    def _fact_row(self, ns: str, fact_id: str) -> dict[str, Any]:
        raise NotImplementedError  # Memory's: the fact row, or UnknownId

    def forget(
        self,
        namespace: str,
        episode: str | None = None,
        fact: str | None = None,
        entity: str | None = None,
        everything: bool = False,
        *,
        dry_run: bool = False,
    ) -> ForgetReport:
        """Forget an episode, a fact, an entity or the whole namespace — with everything
        derived from it — in one transaction. Returns what was removed and re-derived.
        ``dry_run=True`` changes nothing and returns what would go and what would hold
        again (a preview to show the user before they confirm)."""
        dry_run = arguments.flag(dry_run, "dry_run")
        ns = check_namespace(namespace)
        episode = arguments.optional_identifier(episode, "episode")
        fact = arguments.optional_identifier(fact, "fact")
        entity = arguments.optional_text(entity, "entity", max_chars=arguments.MAX_NAME_CHARS)
        if not isinstance(everything, bool):
            raise InvalidArgument(f"everything must be True or False, not {everything!r}")
        chosen = [
            name
            for name, value in (
                ("episode", episode),
                ("fact", fact),
                ("entity", entity),
                ("everything", everything),
            )
            if value
        ]
        if len(chosen) != 1:
            raise InvalidArgument(
                "forget needs exactly one of episode=, fact=, entity= or everything=True; "
                f"got {', '.join(chosen) or 'none'}"
            )
        with self._lock:
            self.flush()
            plans: list[ForgetPlan] = []

            def build() -> ChangeSet:
                target = Target(episode=episode, fact=fact, entity=entity, everything=everything)
                plans[:] = [plan_forget(self.store, ns, self._clock(), target)]
                # Re-derived facts and redacted episodes get vectors of what they now say.
                embed_change(self.embedder, plans[0].change)
                return plans[0].change

            if dry_run:
                build()
            else:
                apply_fresh(self.store, build)
            plan = plans[0]
        change = plan.change
        log.info(
            "forget%s ns=%s removed=%s redacted=%d tombstones=%d",
            " (dry run)" if dry_run else "",
            ns,
            {label: len(ids) for label, ids in change.removals.items()},
            plan.redacted,
            len(change.tombstones),
        )
        return forget_report(plan, ns, self._clock())

    def expire(self, namespace: str) -> Sweep:
        """Write down what time did: expired validity, lapsed reviews (with audit)."""
        ns = check_namespace(namespace)
        with self._lock:
            return sweep.sweep(self.store, ns, self._clock())

    def source_removed(self, namespace: str, source_ref: str) -> list[str]:
        """A source went away (an account, a project): the facts it alone supported stop
        being current, kept as history. Returns their ids."""
        ns = check_namespace(namespace)
        source_ref = arguments.text(source_ref, "source_ref", max_chars=arguments.MAX_REF_CHARS)
        source_ref = scrub_ref(source_ref) or source_ref  # stored refs are redacted alike
        return self._apply_made(
            lambda: sweep.source_removed(self.store, ns, source_ref, self._clock())
        )

    def distill(self, namespace: str) -> DistillationRun:
        """One distillation run: patterns to candidates, expiry marks, confidence decay."""
        ns = check_namespace(namespace)
        _, run = self._distill(ns, self._clock())
        return distillation.to_run(run)

    def _distill(self, ns: str, now: datetime) -> tuple[ChangeSet, Row]:
        """One distillation run as of ``now``, applied: its change set and its run row."""

        def made() -> tuple[ChangeSet, tuple[ChangeSet, Row]]:
            change, run = distillation.distill(self.store, ns, now)
            return change, (change, run)

        return self._apply_made(made)

    def _apply_made(self, make: Callable[[], tuple[ChangeSet, _T]]) -> _T:
        """Apply the change ``make`` builds from fresh reads (built again if a slot moved in
        between, see apply_fresh), its vectors embedded, under the memory's lock; what
        ``make`` returned beside the change that was applied."""
        made: list[_T] = []

        def build() -> ChangeSet:
            change, value = make()
            made[:] = [value]
            embed_change(self.embedder, change)
            return change

        with self._lock:
            apply_fresh(self.store, build)
        return made[0]

    def reextract(self, namespace: str, limit: int = 100) -> ReextractReport:
        """Read again, oldest first, up to ``limit`` episodes kept while the model failed
        (``WriteResult.extraction_pending``): what each says is written beside it, as
        ``remember`` would have. A model that fails again stops the run; the rest wait."""
        ns = check_namespace(namespace)
        limit = arguments.whole(limit, "limit", maximum=arguments.MAX_K)
        with self._lock:
            return reextraction.finish(self._writer, self.store, ns, limit)

    def rollback(self, run_id: str, namespace: str) -> DistillationRun:
        """Undo a distillation run: its candidates go, the fields it changed come back."""
        ns = check_namespace(namespace)
        run_id = arguments.identifier(run_id, "run_id")
        with self._lock:
            self.store.apply(distillation.rollback(self.store, ns, run_id, self._clock()))
            row = self.store.run(ns, run_id)
        assert row is not None  # rollback() has just found it
        return distillation.to_run(row)

    def gc(self, namespace: str, dry_run: bool = True) -> GcReport:
        """Remove weak, unused facts and demote those that led to bad outcomes."""
        ns = check_namespace(namespace)
        dry_run = arguments.flag(dry_run, "dry_run")
        return self._gc(ns, self._clock(), dry_run=dry_run)

    def _gc(self, ns: str, now: datetime, *, dry_run: bool) -> GcReport:
        with self._lock:
            _, removed, demoted = garbage.plan(self.store, ns, now)
            if not dry_run:
                apply_fresh(self.store, lambda: garbage.plan(self.store, ns, now)[0])
        return GcReport(dry_run=dry_run, removed=removed, demoted=demoted)

    def retention(self, namespace: str) -> Retention:
        """How long the namespace keeps raw episode text (``keep_days`` None: for good, the
        default). See :meth:`set_retention`."""
        ns = check_namespace(namespace)
        keep, since = retained.policy(self.store, ns)
        return Retention(namespace=ns, keep_days=keep, since=since)

    def set_retention(self, namespace: str, keep_days: int | None) -> Retention:
        """Keep raw episode text ``keep_days`` days, then let the daily maintenance job reduce
        each older episode to its claims (provenance, history and the audit stay; see
        graphmem.lifecycle.retention); ``None`` keeps it for good. Audited."""
        ns = check_namespace(namespace)
        if keep_days is not None:
            keep_days = arguments.whole(keep_days, "keep_days", minimum=1, maximum=36_500)
        with self._lock:
            self.store.apply(
                ChangeSet(namespace=ns, audit=[retained.set_policy(keep_days, self._clock())])
            )
        return self.retention(ns)

    def _reduce(self, ns: str, now: datetime) -> list[str]:
        """The episodes past the namespace's retention, reduced to their claims, batch by
        batch (each one transaction)."""
        keep, _ = retained.policy(self.store, ns)
        reduced: list[str] = []
        while keep is not None:
            done = self._reduce_batch(ns, now, keep)
            reduced += done
            if len(done) < retained.BATCH:
                break
        return reduced

    def _reduce_batch(self, ns: str, now: datetime, keep_days: int) -> list[str]:
        def made() -> tuple[ChangeSet, list[str]]:
            change = retained.reduce_due(self.store, ns, now, keep_days)
            return change, [row["id"] for row in change.redactions]  # their text re-embedded

        return self._apply_made(made)

    def _merge(self, ns: str, now: datetime) -> list[str]:
        """Duplicate values merged into the value they repeat: the versions merged."""
        groups = self._apply_made(lambda: duplicates.merge(self.store, ns, now))
        return sorted(row["id"] for group in groups for row in group.merged)

    def _learn(self, ns: str, now: datetime) -> list[str]:
        """Relations the namespace's history shows holding one value at a time, applied."""
        declared = self.predicates.get
        return self._apply_made(
            lambda: learn_cardinality.learn(self.store, ns, now, lambda p: declared(p) is not None)
        )

    def compare_models(
        self,
        namespace: str,
        other: str | Extractor | None = None,
        *,
        sample: int = model_switch.SAMPLE,
        now: datetime | None = None,
    ) -> ModelComparison:
        """Read a sample of the namespace's messages again with the configured model (or the
        offline extractor) and with ``other`` — a model name at the same endpoint, an
        extractor, or by default ``GRAPHMEM_COMPARE_MODEL`` — each through the same gate,
        writing nothing, and say where their permission decisions differ: what either would
        make a current rule or preference, hold for the user, or refuse. Run it before a
        switch of model; the monthly maintenance runs it when the setting is there."""
        ns = check_namespace(namespace)
        sample = arguments.whole(sample, "sample", minimum=1, maximum=arguments.MAX_K)
        at = self._clock() if now is None else utc(now, "now")
        if (
            other is not None
            and not isinstance(other, str)
            and not callable(getattr(other, "extract", None))
        ):
            raise InvalidArgument(
                f"other must be a model name or an extractor (with extract()), not {shown(other)}"
            )
        if isinstance(other, str | None):
            if other is not None:
                other = arguments.text(other, "other", max_chars=arguments.MAX_NAME_CHARS)
            name = other or config.compare_model_name()
            if name is None:
                raise InvalidArgument(
                    "no model to compare with: pass other='<model>' or set GRAPHMEM_COMPARE_MODEL"
                )
            with self._model_extractor(name) as extractor:
                return self._compare(ns, at, extractor, name, sample)
        return self._compare(
            ns, at, other, str(getattr(other, "model", type(other).__name__)), sample
        )

    def _compare(
        self, ns: str, at: datetime, other: Extractor, name: str, sample: int
    ) -> ModelComparison:
        # Named by its model when it reads with one, else by what it is (the offline rules).
        first = str(getattr(self._writer.extractor, "model", type(self._writer.extractor).__name__))
        # Not under the memory's lock: it writes nothing, reads through the store's own
        # locking, and its model calls may take minutes that remember and recall need not wait.
        return model_switch.compare(
            self._writer, self.store, ns, at, other, sample=sample, names=(first, name)
        )

    def _configured_comparison(self) -> maintenance.Compare | None:
        """The monthly comparison, when GRAPHMEM_COMPARE_MODEL names a second model."""
        if config.compare_model_name() is None:
            return None
        return lambda ns, when: self.compare_models(ns, now=when)

    def maintain(
        self, namespace: str | None = None, now: datetime | None = None
    ) -> MaintenanceReport:
        """Run what is due, as of ``now`` (default: the clock), in ``namespace`` or in every
        namespace of the store: daily the sweep and a distillation run, weekly garbage
        collection (for real), monthly a review of what needs a human look. A job is due
        when it never ran in the namespace or its period has passed since it last did; each
        run is recorded in the audit, so calling again at the same time runs nothing.
        Made to be called by a scheduler (cron, a systemd timer, a CronJob, an agent
        framework's): graphmem runs no daemon."""
        names = None if namespace is None else [check_namespace(namespace)]
        at = self._clock() if now is None else utc(now, "now")
        with self._lock:
            self.flush()  # uses still buffered would make recalled facts look unused
            report = maintenance.maintain(
                self.store,
                names if names is not None else self.store.namespaces(),
                at,
                distill=self._distill,
                gc=lambda ns, when: self._gc(ns, when, dry_run=False),
                reduce=self._reduce,
                merge=self._merge,
                learn=self._learn,
                compare=self._configured_comparison(),
            )
        log.info("maintain at=%s ran=%s", at.isoformat(), report.ran)
        return report

    def export(self, namespace: str) -> dict[str, Any]:
        """The namespace as one JSON-ready document (see ``graphmem.lifecycle.export``)."""
        ns = check_namespace(namespace)
        self.flush()
        return export_format.document(ns, self.store.export_rows(ns), self._clock())

    def import_(self, data: dict[str, Any], namespace: str | None = None) -> dict[str, int]:
        """Restore an exported namespace into an empty one, in one transaction. Returns
        the namespace's counts by label, and ``inactive_tombstones`` when some of the
        document's tombstones cannot stop a replay here (their key stayed with another
        store: see ``graphmem.write.tombstone``)."""
        if namespace is not None:
            check_namespace(namespace)  # before the document: the caller's mistake first
        ns, change = export_format.change_set(data, namespace)
        check_namespace(ns)
        with self._lock:
            if any(self.store.counts(ns).values()):
                raise InvalidArgument(
                    f"namespace {ns!r} is not empty; import into an empty namespace "
                    "(pass namespace= to choose another)"
                )
            change.validate()  # a hand-edited document names what it lacks, before any work
            source = str(data.get("namespace"))
            adoption = tombstone.adopt(self.store, ns, source, change.tombstones)
            embed_change(self.embedder, change)
            if adoption.key is not None:  # the namespace is empty: its own key guards nothing
                self.store.store_key(ns, "tombstone", replace=adoption.key)
            self.store.apply(change)
        counts = self.store.counts(ns)
        if adoption.inactive:
            counts["inactive_tombstones"] = adoption.inactive
        return counts

    def check(self, namespace: str, *, repair: bool = False) -> CheckReport:
        """Every invariant of the namespace that does not hold (empty when healthy): values
        overlapping in a one-valued slot on either time axis, empty or inverted windows,
        versions out of step with their statements, dangling statements, unsupported facts,
        broken chains, datetimes not stored as UTC. ``repair=True`` rewrites non-canonical
        datetimes (the migration for stores written before they were canonical)."""
        ns = check_namespace(namespace)
        repair = arguments.flag(repair, "repair")
        with self._lock:
            self.flush()
            return check_namespace_invariants(self.store, ns, repair=repair)

    def purge(self, namespace: str | None = None, *, timeout: float = 600.0) -> PurgeReport:
        """Take what was deleted (forgotten, superseded and removed) off the disk: rewrite
        the store's files from the live data, for every namespace. Forget already makes
        the data unreachable; purge is what makes a byte scan of the files come back clean.

        On the embedded store this is cheap (forget compacts already). On Neo4j it needs
        the purge procedure of ``tools/neo4j/neo4j-local`` and restarts the server on a
        copy of the live graph, so its cost follows the store's size; run it after a batch
        of forgets, not after each. Raises :class:`~graphmem.errors.PurgeUnavailable` on a
        server that cannot do it, saying what to do instead.

        ``namespace`` names the tenant asking; the files are shared, so the rewrite covers
        every namespace of the store (and changes no data in any)."""
        if namespace is not None:
            check_namespace(namespace)
        if (
            isinstance(timeout, bool)
            or not isinstance(timeout, int | float)
            or not 0 < timeout <= MAX_PURGE_SECONDS
        ):
            raise InvalidArgument(
                f"timeout must be a positive number of seconds, at most {MAX_PURGE_SECONDS:,}, "
                f"not {shown(timeout)}"
            )
        self.flush()
        with self._lock:
            report = self.store.purge(float(timeout))
        log.info("purge store=%s %.1f s", report.store, report.seconds)
        return report
