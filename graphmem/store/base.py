"""The seam between the memory logic and the databases.

A :class:`GraphStore` speaks in the domain — apply a change set (an episode,
its entities, new facts, supersessions, retractions, support, audit), read facts
as of a point in time, walk a supersession chain, read support — never "run this
Cypher". Both implementations (``neo4j.Neo4jStore`` and
``embedded.EmbeddedStore``) honour the same contract, checked by one
conformance suite. Nothing outside ``graphmem.store`` branches on which one it has.

Every method takes the namespace first; no operation reads or writes across
namespaces.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Generic, Protocol, TypeVar

from graphmem.results import PurgeReport
from graphmem.store.changes import ChangeSet, Row
from graphmem.temporal import AsOf

REEMBED_HINT = "configure the original embedder, or switch with `graphmem reembed --embedder …`"


def interrupted(embedder_name: str) -> str:
    return (
        f"a re-embed to {embedder_name!r} was interrupted, so the vectors are mixed; "
        "run `graphmem reembed` again to finish it"
    )


# The entity channel expands one hop (a named entity's facts, then the facts about the
# entities those link to), but never walks a hub: an entity with more linked facts than this
# (a city everyone lives in). Named, a hub credits only those of its facts the vector and
# keyword channels found; it is never expanded through. So naming a popular entity costs a
# question what naming any other does, not thousands of rows (bench/scale.py).
HUB_DEGREE = 100


# What forgetting an entity by name reads (GraphStore.naming): each label, and the properties
# whose text counts (None: any).
NAMING: dict[str, tuple[str, ...] | None] = {
    "Episode": ("content",),
    "Fact": ("subject", "object_text"),
    "Statement": ("subject", "object_text"),
    "Checkpoint": None,
}


def named_in(row: Row) -> bool:
    """Whether a ``find_text`` row is one :meth:`GraphStore.naming` gives."""
    wanted = NAMING.get(row["label"], ())
    return row["kind"] == "node" and (wanted is None or row["property"] in wanted)


@dataclass(frozen=True, slots=True)
class FactFilter:
    """Which facts a read wants. ``point=None`` means every version, whatever its time."""

    subject_key: str | None = None
    predicate: str | None = None
    scope: str | None = None
    point: AsOf | None = None
    include_candidates: bool = False
    statuses: frozenset[str] | None = None


@dataclass(frozen=True, slots=True)
class RecallFilter:
    """What recall may see, applied in the store's own query before any similarity."""

    point: AsOf
    statuses: tuple[str, ...]
    authorities: tuple[str, ...]
    sensitivities: tuple[str, ...]
    scopes: tuple[str, ...] | None = None
    include_review: bool = False


@dataclass(frozen=True, slots=True)
class Hit:
    """A recall candidate from one channel: the row, its cosine to the query, the channel score."""

    row: Row
    similarity: float
    score: float
    # A keyword hit: the idf of each distinct term of the query in its index (the same for
    # every hit of the channel), so recall can weigh the score against what the query could
    # score (graphmem.read.recall._keyword_scale); () for the other channels.
    idfs: tuple[float, ...] = ()


@dataclass(frozen=True, slots=True)
class Probe:
    """What recall asks every channel: the query's words, its embedding, the entity names it
    may mention, how many hits a channel may return, and whether episodes count."""

    text: str
    vector: list[float]
    keys: list[str]
    limit: int
    include_episodes: bool = True


@dataclass(frozen=True, slots=True)
class Candidates:
    """What recall's channels found, channel by channel, in the order recall pools them:
    (kind, channel, hits) with kind "fact" or "episode" and channel "vector", "keyword" or
    "entity". ``lean`` rows carry only the id and what scoring reads (``valid_from`` or
    ``occurred_at``, ``confidence``, ``authority``, ``use_count``, a fact's ``kind``): recall
    reads the whole rows of the final k with :meth:`GraphStore.recall_rows`."""

    channels: list[tuple[str, str, list[Hit]]]
    lean: bool = False


@dataclass(frozen=True, slots=True)
class Checked:
    """Candidates recall needs no whole row of, only whether they still exist and (episodes)
    whether they are outdated: those tied with its final k (graphmem.read.recall._best)."""

    fact_ids: tuple[str, ...] = ()
    episode_ids: tuple[str, ...] = ()


NOTHING_CHECKED = Checked()


@dataclass(frozen=True, slots=True)
class WholeRows:
    """What :meth:`GraphStore.recall_rows` reads for recall's final k: the whole rows by id,
    the facts' support rows (as :meth:`GraphStore.support`), ``standing``: for the episodes
    read or checked that support facts, whether one of those holds (as
    :meth:`GraphStore.episodes_standing`), and ``present``: the checked ids that exist."""

    rows: dict[str, Row]
    support: list[Row]
    standing: dict[str, bool]
    present: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class Succession:
    """What took the place of outdated episodes (:meth:`GraphStore.succession`): for each,
    when its claims stopped holding (``ended``) and the slots they were about (``slots``);
    for each of those slots, the ids of the facts that hold at the point (``current``)."""

    ended: dict[str, datetime] = field(default_factory=dict)
    slots: dict[str, tuple[str, ...]] = field(default_factory=dict)
    current: dict[str, tuple[str, ...]] = field(default_factory=dict)


T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)


class Pending(Protocol[T_co]):
    """A read sent to the store and not yet collected."""

    def result(self) -> T_co:
        """What was read (raises what the read raised); the first call waits for it."""

    def close(self) -> None:
        """Let the read go, collected or not (what it holds, e.g. a connection, returns)."""


class Ready(Generic[T]):
    """A :class:`Pending` whose read is done: an in-process store reads at once."""

    def __init__(self, value: T) -> None:
        self._value = value

    def result(self) -> T:
        return self._value

    def close(self) -> None:
        pass


@dataclass(slots=True)
class SlotBeliefs:
    """What :meth:`GraphStore.slot_beliefs` reads."""

    # The version of each slot that has one, read before everything else here.
    versions: dict[str, int]
    # Every statement of the slots, as slot_statements returns them.
    statements: list[Row]
    # The believed facts (retired_at at the end of time), oldest valid_from first.
    facts: list[Row]
    # Their support links, as GraphStore.support returns them.
    support: list[Row]
    # For each slot with retired versions, the last instant one was recorded or retired.
    history_changed: dict[str, datetime]


class GraphStore(Protocol):
    """What the memory logic needs from a graph database."""

    def apply(self, change: ChangeSet) -> None:
        """Apply every part of ``change`` in one transaction, or nothing."""

    def add_uses(self, namespace: str, uses: dict[str, int], at: datetime) -> None:
        """Add ``uses`` (fact id -> times recalled) to those facts' ``use_count`` and set
        their ``last_used_at`` to ``at``, in one transaction, adding to what the store holds
        when it writes: writers counting the same fact at once lose none of its uses. Ids no
        longer in the namespace are skipped."""

    def store_key(self, namespace: str, name: str, *, replace: bytes | None = None) -> bytes:
        """A random key kept with this store for ``namespace``, made on first use and never
        exported: what tombstone digests are keyed with (``name='tombstone'``). ``replace``
        keeps that key from now on instead (an import adopting its source's key)."""

    def hold_slots(self, namespace: str, slots: Iterable[str]) -> AbstractContextManager[None]:
        """Lock these slots for what this thread reads and applies until the block ends:
        no other writer can change them in between, so the ``apply`` inside cannot conflict
        on them. Raises :class:`~graphmem.errors.WriteConflict` on a deadlock (try again)."""

    def facts(self, namespace: str, where: FactFilter) -> list[Row]:
        """Fact rows matching ``where``, oldest ``valid_from`` first."""

    def slot_facts(self, namespace: str, slots: Iterable[str]) -> list[Row]:
        """Every fact of these slots, in any state, oldest ``valid_from`` first."""

    def unwritten(self, namespace: str) -> bool:
        """Whether ``namespace`` is known to hold nothing yet — a server's database that held
        no fact and no episode when the store opened, and no write to it begun since — so a
        ``remember`` need not read its slots or its thread (the claim of its slots still
        catches another writer that came first). False whenever it is not known."""

    def slot_beliefs(self, namespace: str, slots: Iterable[str]) -> Pending[SlotBeliefs]:
        """What a write weighs new claims against, without reading the slots' history: their
        versions, statements, believed facts and those facts' support (see
        :class:`SlotBeliefs`). The versions are read first: a version read after the state
        could hide a commit in between. A store that talks to a server returns once the
        rest is sent, so the caller's own work overlaps the server's; ``result()`` collects
        it."""

    def facts_by_id(self, namespace: str, ids: Iterable[str]) -> list[Row]:
        """The fact rows with these ids that exist in the namespace."""

    def slot_versions(self, namespace: str, slots: Iterable[str]) -> dict[str, int]:
        """The version of each of these slots that has one (a slot nobody wrote is at 0)."""

    def slot_statements(self, namespace: str, slots: Iterable[str]) -> list[Row]:
        """Every statement of these slots, with ``episodes`` (ids), oldest said first."""

    def statements_by_id(self, namespace: str, ids: Iterable[str]) -> list[Row]:
        """The statements with these ids, with ``episodes``."""

    def episode_statements(self, namespace: str, episode_ids: Iterable[str]) -> list[Row]:
        """The statements these episodes made, with ``episodes``."""

    def statements_about(self, namespace: str, entity_key: str) -> list[Row]:
        """Statements whose subject or object is this entity, or whose literal object names it."""

    def entities_still_named(
        self, namespace: str, keys: Iterable[str], excluded: Iterable[str]
    ) -> set[str]:
        """Of ``keys`` (entity keys), those some statement not in ``excluded`` (statement
        ids) names as its subject or object."""

    def entities_told_by(
        self, namespace: str, keys: Iterable[str], authorities: Iterable[str]
    ) -> set[str]:
        """Of ``keys`` (entity keys), those some statement of one of ``authorities``
        (:class:`graphmem.model.Authority` values) names as its subject or object."""

    def chain(self, namespace: str, fact_id: str) -> list[Row]:
        """The supersession chain through ``fact_id``, oldest first."""

    def support(self, namespace: str, fact_ids: Iterable[str]) -> list[Row]:
        """Support rows of facts (fact_id, episode_id, role, added_at, source, session,
        occurred_at), oldest first."""

    def episode_facts(self, namespace: str, episode_id: str) -> list[Row]:
        """Fact rows an episode supports."""

    def episodes_of_source(self, namespace: str, source_ref: str) -> list[str]:
        """Ids of the episodes that came from this source."""

    def episodes_by_id(self, namespace: str, ids: Iterable[str]) -> list[Row]:
        """The episode rows with these ids that exist in the namespace."""

    def episodes_to_reduce(self, namespace: str, before: datetime, limit: int) -> list[str]:
        """Ids of up to ``limit`` episodes that happened before ``before`` and were not yet
        reduced to their claims by the namespace's retention, oldest first."""

    def episodes_pending(self, namespace: str, limit: int) -> list[str]:
        """Ids of up to ``limit`` episodes whose extraction is pending (the model failed when
        they were told), oldest told first."""

    def thread_turns(
        self, namespace: str, thread: str, around: datetime | None, reach: int
    ) -> list[Row]:
        """Episodes of ``thread`` (an episode's ``thread``, or its ``session`` when it was
        stored before threads), oldest first (by occurred_at, then recorded_at, then id):
        every one when ``around`` is None, else at least the ``reach`` latest that occurred
        at or before ``around`` and the ``reach`` first after it. Fields: id, content,
        source, sensitivity, occurred_at, recorded_at, context_text, context_from."""

    def audit(self, namespace: str, since: datetime | None) -> list[Row]:
        """Audit rows, oldest first."""

    def tombstoned(self, namespace: str, digests: Iterable[str]) -> set[str]:
        """Which of ``digests`` have a tombstone."""

    def checkpoints(self, namespace: str, task: str, limit: int) -> list[Row]:
        """The task's checkpoints, newest first."""

    # ---- forgetting: find what depends on what ------------------------------

    def links(self, namespace: str, fact_ids: Iterable[str]) -> list[Row]:
        """SUPERSEDES links starting or ending at these facts (new_id, old_id, at, reason,
        previous_until)."""

    def audit_of(self, namespace: str, target_ids: Iterable[str]) -> list[Row]:
        """Audit rows whose target is one of these ids."""

    def facts_about(self, namespace: str, entity_key: str) -> list[Row]:
        """Every fact, in any state, whose subject or object is this entity."""

    def entity_id(self, namespace: str, key: str) -> str | None:
        """The id of the entity with this normalised name, if any."""

    def ids(self, namespace: str, label: str) -> list[str]:
        """The ids of every node of ``label`` in the namespace."""

    def run(self, namespace: str, run_id: str) -> Row | None:
        """A distillation run, if it exists in the namespace."""

    def export_rows(self, namespace: str) -> dict[str, list[Row]]:
        """Everything of a namespace but embeddings: nodes by label, plus 'supports' and
        'supersessions' link rows."""

    def find_text(self, namespace: str, needle: str) -> list[Row]:
        """Where ``needle`` still occurs: every stored property, index and file of the
        namespace (kind, label, id, property). A deletion audit expects none."""

    def naming(self, namespace: str, name: str) -> list[Row]:
        """Where ``name`` occurs (case-insensitive) in what forgetting an entity by name
        reads — an episode's content, a fact's or a statement's subject or value, anything of
        a checkpoint (:data:`NAMING`) — as :meth:`find_text` rows. Unlike ``find_text``, the
        store may read only those records, through its indexes."""

    def noncanonical_datetimes(self, namespace: str) -> list[Row]:
        """Datetimes of the namespace not stored as UTC with offset Z (kind, label, id,
        property, value): what ``check`` reports and ``canonicalise_datetimes`` repairs."""

    def canonicalise_datetimes(self, namespace: str) -> int:
        """Rewrite every non-canonical datetime of the namespace as UTC; how many."""

    def fact_relation_drift(self, namespace: str) -> list[Row]:
        """Where a fact and its entity-to-entity FACT relationship disagree (problem, fact_id):
        a relationship missing, differing, or left without its fact. Neo4j only; empty when
        healthy and on a store that keeps no such relationships."""

    def rebuild_fact_relations(self, namespace: str) -> int:
        """Write every FACT relationship of the namespace again from its facts; how many."""

    def counts(self, namespace: str) -> dict[str, int]:
        """How many episodes, entities, facts, audit entries and tombstones the namespace holds."""

    # ---- recall: each channel filters first, then ranks ----------------------

    def recorded_embedder(self) -> dict[str, Any] | None:
        """The embedder the store's vectors were built by (name, dimensions, pending), or
        None before the first."""

    def ensure_vectors(self, embedder_name: str, dimensions: int) -> None:
        """Prepare vector search for this embedder; refuse one that does not match the index."""

    def namespaces(self) -> list[str]:
        """Every namespace holding facts or episodes (for store-wide re-embedding)."""

    def begin_vectors(self, embedder_name: str, dimensions: int) -> None:
        """Start replacing every vector: record the new embedder as pending, drop indexes
        that cannot hold its size. Until :meth:`end_vectors`, the store refuses to open."""

    def set_vectors(self, namespace: str, vectors: dict[str, list[float]]) -> None:
        """Replace the embeddings of these facts and episodes."""

    def end_vectors(self, embedder_name: str, dimensions: int) -> None:
        """Finish a re-embed: the new embedder is recorded as complete, indexes rebuilt."""

    def similar_facts(
        self, namespace: str, where: RecallFilter, vector: list[float], limit: int
    ) -> list[Hit]:
        """Facts nearest to ``vector`` among those ``where`` admits."""

    def keyword_facts(
        self,
        namespace: str,
        where: RecallFilter,
        text: str,
        vector: list[float] | None,
        limit: int,
    ) -> list[Hit]:
        """Facts matching the words of ``text`` among those ``where`` admits."""

    def entity_facts(
        self,
        namespace: str,
        where: RecallFilter,
        keys: list[str],
        vector: list[float] | None,
        limit: int,
        *,
        found: Collection[str] = (),
    ) -> list[Hit]:
        """Admitted facts about the entities ``keys`` and one hop beyond them. A hub (more
        than ``HUB_DEGREE`` linked facts) is never walked: of its facts, only those among
        ``found`` (the ids the vector and keyword channels returned) count."""

    def similar_episodes(
        self, namespace: str, where: RecallFilter, vector: list[float], limit: int
    ) -> list[Hit]:
        """Episodes nearest to ``vector`` that had happened and been recorded by
        ``where.point``, from sources at or above the authority floor."""

    def keyword_episodes(
        self,
        namespace: str,
        where: RecallFilter,
        text: str,
        vector: list[float] | None,
        limit: int,
    ) -> list[Hit]:
        """Episodes matching the words of ``text``, admitted as for ``similar_episodes``."""

    def episodes_standing(self, namespace: str, ids: Iterable[str], point: AsOf) -> dict[str, bool]:
        """For the episodes among ``ids`` that support facts: whether any of them holds."""

    def succession(self, namespace: str, ids: Iterable[str], point: AsOf) -> Succession:
        """For outdated episodes among ``ids``: when their claims stopped holding, their slots,
        and what holds in those slots at ``point`` (see :class:`Succession`)."""

    def told_slots(
        self, namespace: str, ids: Iterable[str], point: AsOf
    ) -> dict[str, tuple[str, ...]]:
        """For the episodes among ``ids`` that support a fact believed at ``point`` which began
        by then: the slots of those facts (``Succession.slots`` without reading the slots'
        other facts: an episode of a long document speaks of hundreds of slots)."""

    def recall_candidates(
        self,
        namespace: str,
        where: RecallFilter,
        probe: Probe,
    ) -> Candidates:
        """Every recall channel at once (up to ``probe.limit`` hits each): facts by vector,
        by words and about the entities named; episodes by vector and words when
        ``probe.include_episodes``. ``channels.compose`` is the default, one method a channel."""

    def recall_rows(
        self,
        namespace: str,
        fact_ids: list[str],
        episode_ids: list[str],
        point: AsOf,
        *,
        checked: Checked = NOTHING_CHECKED,
    ) -> WholeRows:
        """The whole rows of these facts and episodes by id, the facts' support rows and the
        episodes' standing at ``point``: what recall quotes for the final k of lean
        candidates, and what says whether an episode among them is outdated. Of the
        ``checked`` candidates (tied with the final k) only whether they exist and, for
        episodes, their standing."""

    def purge(self, timeout: float) -> PurgeReport:
        """Rewrite the store's files so that nothing deleted stays in any of them (old
        transactions, freed records, index segments); the live data is unchanged."""

    def close(self) -> None:
        """Release connections, locks and files."""
