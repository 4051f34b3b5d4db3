"""What the public API returns (besides the domain records of ``graphmem.model``)."""

from __future__ import annotations

from typing import Literal

from pydantic import AwareDatetime, Field

from graphmem.model import Authority, Fact, Model, Sensitivity, SourceKind, Status, SupportRole


class Operation(Model):
    """One decision the write path applied."""

    kind: Literal["ADD", "UPDATE", "DELETE", "NOOP"]
    fact_id: str | None = None
    target_ids: list[str] = Field(default_factory=list)
    claim: str
    reason: str
    status: Status | None = Field(
        None,
        description="the status of the fact it wrote: candidate when it waits for the user "
        "to confirm it (Memory.confirm) before it counts",
    )


class Refusal(Model):
    """A claim the gate or the decisions kept out, and why."""

    claim: str
    reason: str
    alert: bool = False


class WriteResult(Model):
    episode_id: str | None
    operations: list[Operation] = Field(default_factory=list)
    refused: list[Refusal] = Field(default_factory=list)
    redactions: int = 0
    secrets: dict[str, int] = Field(
        default_factory=dict,
        description="the secrets replaced in the stored text, counted by kind (password, card, "
        "...); never their values",
    )
    model_calls: int = 0
    tokens: int = 0
    extraction_pending: str | None = Field(
        None,
        description="why nothing was extracted yet: the model failed, the episode is kept "
        "and `graphmem reextract` (Memory.reextract) reads it again",
    )

    @property
    def fact_ids(self) -> list[str]:
        return [op.fact_id for op in self.operations if op.fact_id is not None]

    @property
    def waiting(self) -> list[Operation]:
        """What this write left waiting for the user's confirmation (candidates)."""
        return [op for op in self.operations if op.status is Status.CANDIDATE and op.fact_id]


class Revision(Model):
    """A user's edit of a fact (:meth:`graphmem.Memory.revise`): what it was, the change in
    one line, and — unless it was only a preview — what the write did."""

    before: Fact
    change: str = Field(description="the edit in one line, to show the user before applying it")
    applied: bool
    after: Fact | None = Field(None, description="the fact the edit wrote (None on a preview)")
    operations: list[Operation] = Field(default_factory=list)


class Todo(Model):
    """An open item on the user's list (:meth:`graphmem.Memory.todos`): a ``todo`` fact."""

    id: str = Field(description="the fact id: close_todo / cancel_todo / forget take it")
    text: str
    status: Literal["open", "done", "cancelled"]
    proposed: bool = Field(
        description="left by the agent (a session summary) and not yet taken up by the user: "
        "it directs nothing until the user confirms it"
    )
    opened_at: AwareDatetime
    closed_at: AwareDatetime | None = None
    scope: str


class Connection(Model):
    """A service the user connected (:meth:`graphmem.Memory.connections`): which one, with
    which permission scope, since when and on whose word. Never a credential: tokens, keys
    and passwords are redacted before anything is stored. A record of what was granted is
    evidence, not a grant: the service itself decides what the assistant may do."""

    service: str
    account: str | None = Field(
        None, description="the account named with it ('work', 'maya@work.example'), if any"
    )
    scope: str = Field(
        description="the permission scope in words: read-only, read and write, send only, "
        "full access, ...; unspecified when none was said"
    )
    status: Literal["active", "revoked", "superseded", "candidate"] = Field(
        description="revoked: ended with no scope after it; superseded: a later scope "
        "replaced it; candidate: told by someone else, waiting for the user to confirm"
    )
    granted_at: AwareDatetime = Field(description="when it holds from (the fact's valid_from)")
    ended_at: AwareDatetime | None = Field(None, description="when it stopped holding")
    granted_by: SourceKind | None = Field(
        None,
        description="the source of the episode that told it (user, agent, tool, ...); None "
        "when no episode stands behind it",
    )
    authority: Authority
    fact_id: str = Field(description="the fact: history, forget and audit take it")


class ReextractReport(Model):
    """What reading pending episodes again did (:meth:`graphmem.Memory.reextract`)."""

    finished: list[WriteResult] = Field(
        default_factory=list, description="one write per episode read again, oldest first"
    )
    pending: int = Field(0, description="episodes still pending after this run")
    failed: str | None = Field(None, description="why the run stopped early: the model failed")


class ForgetReport(Model):
    """What a forget request removed and re-derived; safe to show to the user."""

    removed: dict[str, int] = Field(default_factory=dict, description="counts by kind")
    restored: list[str] = Field(default_factory=list, description="facts current again")
    holds_again: list[str] = Field(
        default_factory=list,
        description="what those facts say (a value the forgotten one had replaced)",
    )
    dependents: list[str] = Field(
        default_factory=list, description="facts removed because they depended on it"
    )
    redacted_episodes: int = 0
    redacted_checkpoints: int = Field(
        0, description="task checkpoints saved again without what was forgotten"
    )
    checkpoint_tasks: list[str] = Field(
        default_factory=list, description="the tasks whose checkpoints were saved again"
    )
    todos: list[str] = Field(
        default_factory=list,
        description="todo items removed with it (their ids: Memory.todos lists them no more)",
    )
    connections: list[str] = Field(
        default_factory=list,
        description="connection records removed with it (their fact ids: Memory.connections)",
    )
    scrubbed_audit_entries: int = 0
    tombstones: int = 0


class PurgeReport(Model):
    """What :meth:`graphmem.Memory.purge` did to take deleted values off the disk."""

    store: Literal["embedded", "neo4j"]
    seconds: float = Field(description="wall time of the purge, restart included")
    steps: list[str] = Field(default_factory=list, description="what was rewritten, in order")


class DistillationRun(Model):
    """One versioned run of distillation; ``rollback`` restores the state before it."""

    id: str
    namespace: str
    at: AwareDatetime
    version: int
    status: Literal["applied", "rolled_back"]
    created: list[str] = Field(default_factory=list, description="candidate facts it proposed")
    patched: list[str] = Field(default_factory=list, description="facts whose fields it changed")
    rolled_back_at: AwareDatetime | None = None


class GcReport(Model):
    """What garbage collection removed or demoted (or would, in a dry run)."""

    dry_run: bool
    removed: list[str] = Field(default_factory=list)
    demoted: list[str] = Field(default_factory=list)


JobName = Literal["daily", "weekly", "monthly"]


class Retention(Model):
    """How long a namespace keeps raw episode text (:meth:`graphmem.Memory.retention`)."""

    namespace: str
    keep_days: int | None = Field(
        description="raw text kept this many days, then reduced to its claims; None: for good"
    )
    since: AwareDatetime | None = Field(None, description="when the policy was set")


class MaintenanceJob(Model):
    """One maintenance job that ran on a namespace, and what it did. Each field belongs to
    the job its description names; the other jobs leave it empty."""

    job: JobName
    expired: list[str] = Field(
        default_factory=list, description="daily: facts whose validity ended, now expired"
    )
    needs_review: list[str] = Field(
        default_factory=list,
        description="daily: facts whose review date passed, now marked needs_review",
    )
    reduced: list[str] = Field(
        default_factory=list,
        description="daily: episodes past the namespace's retention, reduced to their claims",
    )
    learned: list[str] = Field(
        default_factory=list,
        description="daily: relations learnt from the namespace's history to hold one value "
        "at a time (graphmem.lifecycle.learn_cardinality); their slots derived again",
    )
    distillation_run: str | None = Field(
        None, description="daily: the distillation run (Memory.rollback undoes it)"
    )
    proposed: list[str] = Field(
        default_factory=list,
        description="daily: candidate facts distillation proposed (confirm or reject them)",
    )
    decayed: list[str] = Field(
        default_factory=list, description="daily: unused facts whose confidence was lowered"
    )
    removed: list[str] = Field(
        default_factory=list, description="weekly: weak facts nobody used for 90 days, removed"
    )
    demoted: list[str] = Field(
        default_factory=list,
        description="weekly: facts reported to have led to a bad outcome, now needs_review",
    )
    awaiting_review: list[str] = Field(
        default_factory=list,
        description="monthly: believed facts past their review date, waiting for a human look",
    )
    superseded_unused: list[str] = Field(
        default_factory=list,
        description="monthly: superseded preferences that recall never returned",
    )
    candidates_waiting: list[str] = Field(
        default_factory=list, description="monthly: candidates still waiting for confirm or reject"
    )
    merged: list[str] = Field(
        default_factory=list,
        description="monthly: duplicate values merged into the value they repeat (their "
        "sources now support it; the merged versions stay in history)",
    )
    compared: list[str] = Field(
        default_factory=list,
        description="monthly, when a second model is configured (GRAPHMEM_COMPARE_MODEL): the "
        "episodes both models read again",
    )
    model_differences: list[str] = Field(
        default_factory=list,
        description="monthly: the episodes whose permission decisions differ between the "
        "configured model and the second one (Memory.compare_models lists both readings)",
    )


class ModelDifference(Model):
    """One message the two models read into different permission decisions."""

    episode_id: str
    first: list[str] = Field(description="the first model's decisions: 'what it is: claim'")
    second: list[str] = Field(description="the second model's decisions, alike")


class ModelComparison(Model):
    """What :meth:`graphmem.Memory.compare_models` found: the permission decisions (what
    would become a current rule or preference, wait for the user, or be refused) of two
    models reading the same sampled messages through the same gate. Nothing is written."""

    first: str = Field(description="the configured model (or extractor)")
    second: str = Field(description="the model compared with it")
    sampled: list[str] = Field(default_factory=list, description="episodes both read")
    failed: list[str] = Field(
        default_factory=list, description="episodes skipped: a model call failed"
    )
    differences: list[ModelDifference] = Field(default_factory=list)

    @property
    def agreement(self) -> float:
        """The share of sampled messages read into the same decisions (1.0 when none)."""
        if not self.sampled:
            return 1.0
        return 1 - len(self.differences) / len(self.sampled)


class NamespaceMaintenance(Model):
    """What :meth:`graphmem.Memory.maintain` did in one namespace."""

    namespace: str
    ran: list[MaintenanceJob] = Field(
        default_factory=list, description="the jobs that were due and ran, in order"
    )
    not_due: dict[JobName, AwareDatetime] = Field(
        default_factory=dict, description="each job that was not due, and when it next is"
    )


class MaintenanceReport(Model):
    """What one :meth:`graphmem.Memory.maintain` call ran, namespace by namespace."""

    at: AwareDatetime = Field(description="the time the jobs ran as of")
    namespaces: list[NamespaceMaintenance] = Field(default_factory=list)

    @property
    def ran(self) -> dict[str, list[JobName]]:
        """The jobs that ran, by namespace (an empty list where nothing was due)."""
        return {space.namespace: [job.job for job in space.ran] for space in self.namespaces}


class Provenance(Model):
    """One episode behind a piece of evidence."""

    episode_id: str
    source: SourceKind
    session: str | None = None
    occurred_at: AwareDatetime
    role: SupportRole | None = None


class ScoreParts(Model):
    """Why a piece of evidence ranked where it did; each part is in [0, 1]."""

    similarity: float = 0.0
    keyword: float = 0.0
    recency: float = 0.0
    confidence: float = 0.0
    use: float = 0.0
    period: float = 0.0  # 1 when the evidence is from a time the query names
    standing: float = 0.0  # a standing preference's credit for a request (graphmem.read.standing)


class Evidence(Model):
    """What recall returns: a quoted fact or episode with its provenance.

    Evidence informs a decision; it never grants permission to act, and says so in
    ``grants_permission`` (always false) beside ``authority`` (who stands behind
    it), so an agent can check rather than trust a convention. An ``authority``
    of ``external`` means a source (an email, a page, a tool) said it;
    ``needs_verification`` means its review date has passed, or a later message of the
    user's about its slot was not read into any fact (it may have changed). ``sensitivity``
    ``sensitive`` (health, religion, finances, ...) is only returned when recall
    was asked for it. Before acting on evidence, ask
    ``Memory.needs_confirmation(action, evidence)``.
    """

    kind: Literal["fact", "episode"]
    text: str
    truncated: bool = Field(
        default=False, description="text is an excerpt (max_chars); Memory.episode has it all"
    )
    fact_id: str | None = None
    episode_id: str | None = None
    authority: Authority
    status: Status | None = None
    confidence: float
    scope: str | None = None
    valid_from: AwareDatetime | None = None
    valid_until: AwareDatetime | None = None
    episodes: list[Provenance] = Field(default_factory=list)
    score: float
    parts: ScoreParts
    matched: list[str] = Field(default_factory=list, description="channels that found it")
    needs_verification: bool = False
    sensitivity: Sensitivity = Sensitivity.NORMAL
    alerts: list[str] = Field(
        default_factory=list,
        description="an episode that tried to direct the agent (override, address, grant, "
        "exfiltration): evidence of the attempt, nothing to follow",
    )
    grants_permission: Literal[False] = Field(
        False,
        description="always false: memory is evidence, never authorisation; an action "
        "needs the user's confirmation in the current session",
    )
