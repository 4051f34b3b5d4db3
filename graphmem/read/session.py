"""Sessions: the working memory of one task, a token-budgeted buffer that ends in an episode.

A session holds the goal, the current request, the turns of the conversation,
tool results, pending decisions and notes. ``context()`` renders them, with the
evidence recall finds, as one block that fits the token budget (counted with
tiktoken, see ``graphmem.models.tokens``)::

    session = mem.session("maya", task="plan-trip")
    session.set_goal("Plan Maya's trip to Denver")
    session.add_user("Find me a hotel near the office for next week.")
    found = session.add_tool_result("hotels", {"best": "The Crawford", "results": [...]},
                                    keep=["best"])
    prompt = session.context().text
    session.end("Booked The Crawford for 3 nights.")

Staying in budget is deterministic, no model involved. The working memory keeps
to ``WORKING_SHARE`` of the budget, so that evidence always has room: when it
would grow past that, the oldest turns roll into a running summary (their first
sentences, clipped) and the newest stay verbatim. A large tool result is shown
as a digest (its ``keep`` fields, or the first and last lines of text) while the
whole result stays in the session, retrievable with ``session.raw(id)``.

Sessions live in the process only; what outlives them is the episode ``end()``
writes, and the checkpoints ``checkpoint()`` saves (see ``graphmem.read.checkpoint``).
A session is not thread-safe: it is one agent's working memory.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal, Protocol

from pydantic import Field

from graphmem.errors import InvalidArgument, UnknownId
from graphmem.model import Claim, Model
from graphmem.models.tokens import TokenCounter, default_counter
from graphmem.read.checkpoint import Checkpoint, check_task
from graphmem.read.session_text import (
    EVIDENCE_HEADER,
    REQUEST_CHARS,
    ToolResult,
    _check_result,
    _check_session_id,
    _clip,
    _clip_tokens,
    _dict_digest,
    _first_sentences,
    _join,
    _text,
    _text_digest,
    render_evidence,
    render_progress,
)
from graphmem.records import new_id
from graphmem.results import Evidence, WriteResult
from graphmem.temporal import now
from graphmem.trust.actions import Confirmations, needs_confirmation
from graphmem.trust.gate import TODO

DEFAULT_WINDOW = 128_000
DEFAULT_SHARE = 0.6
MIN_BUDGET = 64
WORKING_SHARE = 0.75  # of the budget; the rest is kept free for recalled evidence
SUMMARY_SHARE = 0.3  # of the working memory, for the running summary of older entries
TOOL_SHARE = 0.05  # of the budget: a tool result above it is shown as a digest
MIN_TOOL_TOKENS = 64
OUTCOME_CHARS = 600


EntryKind = Literal["user", "agent", "tool"]


def session_budget(budget: int | None, window: int, share: float) -> int:
    """The token budget: ``budget`` when given, else ``share`` of the context ``window``."""
    if budget is None:
        if isinstance(window, bool) or not isinstance(window, int) or window < MIN_BUDGET:
            raise InvalidArgument(
                f"window={window!r} is not usable: pass the model's context window in tokens "
                f"(an integer of at least {MIN_BUDGET}), e.g. 128000"
            )
        if isinstance(share, bool) or not isinstance(share, int | float) or not 0 < share <= 1:
            raise InvalidArgument(
                f"share={share!r} is not usable: pass the part of the window the session may "
                "use, above 0 and at most 1 (e.g. 0.6)"
            )
        budget = int(window * share)
    if isinstance(budget, bool) or not isinstance(budget, int) or budget < MIN_BUDGET:
        raise InvalidArgument(
            f"budget={budget!r} is not usable: pass a token count of at least {MIN_BUDGET}"
        )
    return budget


class SessionMemory(Protocol):
    """What a session needs from ``Memory`` (so that this module need not import it)."""

    def remember(
        self,
        content: str | list[Claim],
        namespace: str,
        source: str = ...,
        at: datetime | None = ...,
        session: str | None = ...,
        *,
        speaker: str | None = ...,
    ) -> WriteResult: ...

    def recall(self, query: str, namespace: str, *, k: int = ...) -> list[Evidence]: ...

    def checkpoint(self, namespace: str, task: str, **state: Any) -> Checkpoint: ...


class Context(Model):
    """What ``Session.context()`` returns: one block for the prompt, within the budget."""

    text: str = Field(description="working memory, then the recalled evidence")
    working: str = Field(description="the working-memory part of text")
    evidence: list[Evidence] = Field(default_factory=list, description="included, best first")
    left_out: int = Field(0, description="evidence recalled but not within the budget")
    query: str | None = Field(None, description="what recall was asked")
    tokens: int
    budget: int


@dataclass(slots=True)
class _Entry:
    """One turn or tool result, with its verbatim line and its running-summary line."""

    id: str
    kind: EntryKind
    at: datetime
    text: str  # what the user or agent said; for a tool, the text shown (whole or digest)
    line: str
    summary: str
    tokens: int
    summary_tokens: int
    raw: ToolResult | None = None


@dataclass(slots=True)
class _Ending:
    """What ``end()`` writes, kept so that a retry after a failure writes nothing twice."""

    writes: list[tuple[str, str | list[Claim], datetime | None]] = field(default_factory=list)
    done: list[WriteResult] = field(default_factory=list)


class Session:
    """Working memory of one task. Make one with ``Memory.session()``; see the module docs."""

    def __init__(
        self,
        memory: SessionMemory,
        namespace: str,
        *,
        task: str | None = None,
        budget: int,
        session_id: str | None = None,
        clock: Callable[[], datetime] = now,
        counter: TokenCounter | None = None,
    ) -> None:
        self._memory = memory
        self.namespace = namespace
        self.task = None if task is None else check_task(task)
        self.budget = session_budget(budget, DEFAULT_WINDOW, DEFAULT_SHARE)
        self.id = new_id("ses") if session_id is None else _check_session_id(session_id)
        self._clock = clock
        self._counter = counter or default_counter()
        self._goal: str | None = None
        self._request: str | None = None
        self._request_at: int | None = None  # index of the request's own turn
        self._entries: list[_Entry] = []
        self._folded = 0  # entries[:folded] are in the running summary
        self._omitted = 0  # entries[:omitted] no longer fit even as summary lines
        self._pending: list[str] = []
        self._decided: list[tuple[str, str]] = []
        self._notes: list[str] = []
        self._progress: Checkpoint | None = None
        self._resumed_from: Checkpoint | None = None
        self._ending: _Ending | None = None
        self._ended = False
        self._cached: tuple[str, int] | None = None
        # Held in this object only: never checkpointed, never restored, never remembered.
        self._confirmations = Confirmations()

    # ---- what the session holds --------------------------------------------

    def set_goal(self, goal: str) -> None:
        self._check_open()
        self._goal = _text(goal, "goal")
        self._changed()

    def add_user(self, text: str) -> None:
        """A user message; it becomes the current request."""
        entry = self._add_turn("user", text)
        self._request, self._request_at = entry.text, len(self._entries) - 1
        self._changed()

    def add_agent(self, text: str) -> None:
        self._add_turn("agent", text)
        self._changed()

    def add_tool_result(
        self, name: str, result: ToolResult, *, keep: list[str] | None = None
    ) -> str:
        """Record a tool's result and return its id for ``raw()``.

        A result larger than ``TOOL_SHARE`` of the budget is shown as a digest: the
        ``keep`` fields of a dict (else its short scalar fields), or the first and last
        lines of text.
        """
        self._check_open()
        name = _text(name, "tool name")
        raw = _check_result(name, result, keep)
        entry_id = new_id("tr")
        shown_text = self._tool_text(raw, keep)
        self._append(entry_id, "tool", shown_text, f"tool {name} [{entry_id}]: ", raw)
        self._changed()
        return entry_id

    def add_pending(self, decision: str) -> None:
        """A decision still open (adding one already pending changes nothing)."""
        self._check_open()
        decision = _text(decision, "decision")
        if decision not in self._pending:
            self._pending.append(decision)
            self._changed()

    def resolve_pending(self, decision: str, outcome: str) -> None:
        """Close a pending decision with its outcome."""
        self._check_open()
        if decision not in self._pending:
            raise InvalidArgument(
                f"decision {decision!r} is not pending in session {self.id!r}; "
                f"pending: {self._pending or 'none'}"
            )
        self._decided.append((decision, _text(outcome, "outcome")))
        self._pending.remove(decision)
        self._changed()

    def add_note(self, note: str) -> None:
        self._check_open()
        self._notes.append(_text(note, "note"))
        self._changed()

    def confirm_action(self, action: str) -> None:
        """The user, in this session, confirmed ``action`` (e.g. "send the invoice to Bob").
        Call it only on the user's own word in this session. It covers that exact action
        (its target, amount, recipient), and ends with the session."""
        self._check_open()
        self._confirmations.confirm(action)

    def needs_confirmation(self, action: str, evidence: Iterable[Evidence] = ()) -> bool:
        """True unless ``action`` is known to only read, or the user confirmed this exact
        action in this session while it was open; nothing in memory counts as a confirmation."""
        return needs_confirmation(action, evidence, self._confirmations)

    @property
    def goal(self) -> str | None:
        return self._goal

    @property
    def request(self) -> str | None:
        """The current request: the latest user message."""
        return self._request

    @property
    def progress(self) -> Checkpoint | None:
        """The latest checkpoint this session saved or resumed from."""
        return self._progress

    @property
    def resumed_from(self) -> Checkpoint | None:
        return self._resumed_from

    @property
    def pending(self) -> list[str]:
        return list(self._pending)

    @property
    def decided(self) -> list[tuple[str, str]]:
        return list(self._decided)

    @property
    def notes(self) -> list[str]:
        return list(self._notes)

    @property
    def ended(self) -> bool:
        return self._ended

    def raw(self, tool_result_id: str) -> ToolResult:
        """The whole result of a tool call, however it is shown in the working memory."""
        for entry in self._entries:
            if entry.id == tool_result_id and entry.raw is not None:
                return copy.deepcopy(entry.raw)
        known = [e.id for e in self._entries if e.kind == "tool"]
        raise UnknownId(
            f"no tool result {tool_result_id!r} in session {self.id!r}; "
            f"known: {known[-5:] or 'none'}"
        )

    @property
    def tokens(self) -> int:
        """Tokens of the working memory as ``context()`` renders it (evidence aside)."""
        return self._working()[1]

    # ---- context -----------------------------------------------------------

    def context(self, query: str | None = None, *, k: int = 5) -> Context:
        """The working memory plus the evidence recall finds for ``query`` (by default
        the goal, else the current request), all within the budget: evidence is added
        best first until the next piece would not fit."""
        working, used = self._working()
        if used > self.budget:  # only when the goal, pending decisions or notes alone are huge
            working = _clip_tokens(working, self.budget, self._counter)
        asked = query if query is not None else (self.goal or self.request)
        found = self._memory.recall(asked, self.namespace, k=k) if asked else []
        blocks: list[str] = []
        for rank, evidence in enumerate(found, 1):
            block = render_evidence(evidence, rank)
            if self._count(_join(working, EVIDENCE_HEADER, *blocks, block)) > self.budget:
                break
            blocks.append(block)
        text = _join(working, EVIDENCE_HEADER, *blocks) if blocks else working
        return Context(
            text=text,
            working=working,
            evidence=found[: len(blocks)],
            left_out=len(found) - len(blocks),
            query=asked,
            tokens=self._count(text),
            budget=self.budget,
        )

    # ---- progress ----------------------------------------------------------

    def checkpoint(self, **state: Any) -> Checkpoint:
        """Save the task's progress: ``last_success``, ``outputs``, ``next_action``, and
        ``pending`` (by default the decisions still open here) and ``goal`` (this one)."""
        self._check_open()
        if self.task is None:
            raise InvalidArgument(
                f"session {self.id!r} has no task to checkpoint; open it with "
                "Memory.session(namespace, task=...)"
            )
        state.setdefault("pending", list(self._pending))
        state.setdefault("goal", self.goal)
        state["session"] = self.id
        saved = self._memory.checkpoint(self.namespace, self.task, **state)
        self._progress = saved
        self._changed()
        return saved

    def restore(self, checkpoint: Checkpoint) -> None:
        """Take up ``checkpoint``'s task where it stopped: goal, pending decisions, progress."""
        self._check_open()
        if self._entries or self._pending:
            raise InvalidArgument(
                f"session {self.id!r} already holds work; restore {checkpoint.id!r} into a new one"
            )
        self.task = checkpoint.task
        self._goal = checkpoint.goal
        self._pending = list(checkpoint.pending)
        self._progress = self._resumed_from = checkpoint
        self._changed()

    def compact(self) -> None:
        """Roll every turn and tool result into the running summary.

        For when the agent's own context is compacted: save a ``checkpoint()`` first,
        and the progress survives in the store. Whole texts stay in the session, for
        ``raw()`` and for the episode ``end()`` writes.
        """
        self._check_open()
        self._folded = len(self._entries)
        self._changed()

    # ---- end ---------------------------------------------------------------

    def end(
        self,
        summary: str | None = None,
        *,
        speaker: str | None = None,
        todos: Iterable[str] = (),
    ) -> WriteResult:
        """Write the session to memory and close it.

        Authority follows the source of an episode, so the session is written as up to
        two episodes, both carrying the session id: the user's own turns, verbatim, as
        a ``user`` episode (what the user said keeps user authority), and the outcome —
        ``summary``, or one assembled from the goal, the last agent turn and the
        decisions — as an ``agent`` episode (the agent's account stays inferred and never
        gains user authority). Tool results are not written: they were the tools' word.
        What is still open — the pending decisions and ``todos`` — becomes the user's todo
        list (``Memory.todos``), proposed by the agent: listed for the next session to take
        up, close or cancel, directing nothing until the user does. Nothing qualifies,
        nothing is written.

        Returns the user episode's result (the agent's when the user said nothing; an
        empty one when neither exists); ``written`` holds every result. A retry after a
        failure writes only what is still missing.
        """
        self._check_open()
        self._confirmations.end()  # a confirmation lives only as long as its session
        if self._ending is None:
            self._ending = self._plan_ending(summary, [_text(t, "todo") for t in todos])
        ending = self._ending
        for source, text, at in ending.writes[len(ending.done) :]:
            who = speaker if source == "user" else None
            ending.done.append(
                self._memory.remember(
                    text, self.namespace, source=source, at=at, session=self.id, speaker=who
                )
            )
        self._ended = True
        return ending.done[0] if ending.done else WriteResult(episode_id=None)

    @property
    def written(self) -> list[WriteResult]:
        """What ``end()`` wrote, user episode first."""
        return [] if self._ending is None else list(self._ending.done)

    def _plan_ending(self, summary: str | None, todos: list[str]) -> _Ending:
        ending = _Ending()
        users = [e for e in self._entries if e.kind == "user"]
        if users:
            ending.writes.append(("user", "\n".join(e.text for e in users), users[-1].at))
        outcome = _text(summary, "summary") if summary is not None else self._outcome()
        if outcome:
            ending.writes.append(("agent", outcome, None))
        if open_items := list(dict.fromkeys([*self._pending, *todos])):
            items = [Claim("user", TODO, item, kind="fact") for item in open_items]
            ending.writes.append(("agent", items, None))
        return ending

    def _outcome(self) -> str:
        agents = [e for e in self._entries if e.kind == "agent"]
        if not agents and not self._decided:
            return ""
        lines = [] if self.goal is None else [f"Goal: {self.goal}"]
        if agents:
            lines.append(f"Outcome: {_clip(agents[-1].text, OUTCOME_CHARS)}")
        lines.extend(f"Decided: {d} — {o}" for d, o in self._decided)
        lines.extend(f"Still pending: {p}" for p in self._pending)
        return "\n".join(lines)

    # ---- inside ------------------------------------------------------------

    def _check_open(self) -> None:
        if self._ended:
            raise InvalidArgument(
                f"session {self.id!r} has already ended; open a new one with Memory.session()"
            )

    def _add_turn(self, kind: Literal["user", "agent"], text: str) -> _Entry:
        self._check_open()
        return self._append(new_id("turn"), kind, _text(text, f"{kind} turn"), f"{kind}: ")

    def _append(
        self, entry_id: str, kind: EntryKind, text: str, label: str, raw: ToolResult | None = None
    ) -> _Entry:
        line = label + text
        summary = "- " + label + _first_sentences(text)
        entry = _Entry(
            entry_id,
            kind,
            self._clock(),
            text,
            line,
            summary,
            self._count(line),
            self._count(summary),
            raw,
        )
        self._entries.append(entry)
        return entry

    def _tool_text(self, raw: ToolResult, keep: list[str] | None) -> str:
        whole = raw if isinstance(raw, str) else json.dumps(raw, ensure_ascii=False)
        limit = max(MIN_TOOL_TOKENS, int(self.budget * TOOL_SHARE))
        if self._count(whole) <= limit:
            return whole
        note = " (digest; the whole result is kept under this id)"
        room = limit - self._count(note)
        if isinstance(raw, str):
            return _text_digest(raw, room, self._counter) + note
        digest = _dict_digest(raw, keep)
        return _clip_tokens(digest, room, self._counter) + note

    def _changed(self) -> None:
        self._cached = None
        self._fit()

    def _fit(self) -> None:
        # Over its share, the working memory folds its oldest verbatim entries into the
        # running summary; the summary itself keeps to SUMMARY_SHARE of that, losing its
        # oldest lines first, so that the newest turns stay verbatim as long as possible.
        limit = int(self.budget * WORKING_SHARE)
        summary_limit = int(limit * SUMMARY_SHARE)
        fixed = self._count(self._render_fixed())
        while True:
            summary, verbatim = self._costs()
            if fixed + summary + verbatim <= limit:
                return
            if summary > summary_limit and self._omitted < self._folded:
                self._omitted += 1
            elif self._folded < len(self._entries):
                self._folded += 1
            elif self._omitted < self._folded:
                self._omitted += 1
            else:
                return  # only the fixed part is left; context() clips it to the budget

    def _costs(self) -> tuple[int, int]:
        """Tokens of the running summary and of the verbatim entries (one more per line,
        for its line break)."""
        summarised = self._entries[self._omitted : self._folded]
        summary = sum(e.summary_tokens + 1 for e in summarised) + (12 if self._omitted else 0)
        request = self._request_line()
        summary += self._count(request) if request else 0
        verbatim = sum(e.tokens + 1 for e in self._entries[self._folded :])
        return summary, verbatim

    def _working(self) -> tuple[str, int]:
        if self._cached is None:
            text = self._render()
            self._cached = (text, self._count(text))
        return self._cached

    def _render(self) -> str:
        sections = [self._render_fixed()]
        summarised = self._entries[self._omitted : self._folded]
        if summarised or self._omitted:
            lines = ["Earlier in this session (summarised):"]
            if self._omitted:
                lines.append(f"({self._omitted} earlier entries left out)")
            lines.extend(e.summary for e in summarised)
            sections.append("\n".join(lines))
        request = self._request_line()
        if request:
            sections.append(request)
        verbatim = self._entries[self._folded :]
        if verbatim:
            sections.append("Recent:\n" + "\n".join(e.line for e in verbatim))
        return _join(*sections)

    def _render_fixed(self) -> str:
        task = "" if self.task is None else f", task {self.task!r}"
        lines = [f"## Working memory (session {self.id}{task})"]
        if self.goal:
            lines.append(f"Goal: {self.goal}")
        if self.progress is not None:
            lines.append(render_progress(self.progress))
        if self._pending:
            lines.append("Pending decisions:")
            lines.extend(f"- {p}" for p in self._pending)
        if self._decided:
            lines.append("Decided:")
            lines.extend(f"- {d}: {o}" for d, o in self._decided)
        if self._notes:
            lines.append("Notes:")
            lines.extend(f"- {n}" for n in self._notes)
        return "\n".join(lines)

    def _request_line(self) -> str:
        """The current request, shown apart once its own turn has lost words to the summary."""
        at = self._request_at
        if self.request is None or at is None or at >= self._folded:
            return ""
        if at >= self._omitted and self._entries[at].summary == "- user: " + self.request:
            return ""
        return f"Current request: {_clip(self.request, REQUEST_CHARS)}"

    def _count(self, text: str) -> int:
        return self._counter.count(text)

    def __repr__(self) -> str:
        return f"Session({self.id!r}, namespace={self.namespace!r}, task={self.task!r})"


__all__ = [
    "DEFAULT_SHARE",
    "DEFAULT_WINDOW",
    "EVIDENCE_HEADER",
    "Context",
    "Session",
    "render_evidence",
    "render_progress",
    "session_budget",
]
