"""Turn context: a chat turn's keyword entry also holds the words of the turns around it.

A turn is often unreadable alone ("Yes, twice last summer!"): its question is in the turn
before, and what it was about is often named in the reply. So a chat turn (said by the
user, relayed, or the agent's) is indexed for keyword search with a window of its thread:
the ``BEFORE`` turns before it and the ``AFTER`` turn after it (``context_text``, the ids in
``context_from``). Recall still returns and quotes the turn itself; the context only helps
it be found.

A turn's thread is its session when the caller named one; most callers name none, so a
chat turn without one belongs to the thread of its day (UTC): the chat turns of the
namespace told that day, in time order, of which only those told within ``GAP`` of it lend
it words (one conversation, not the day's notes). Derived from the turns alone, a window
does not depend on the order they arrive in.

The window moves as the session grows: a new turn joins its neighbours' windows (and one
arriving out of date order pushes an older turn out of theirs), so ``remember`` writes the
context of the turns around the new one in the same transaction.

The copies are text, so forgetting must reach them: when a turn is forgotten or redacted,
the windows of its session are computed again from what remains. Only a normal-sensitivity
turn lends its words, so a sensitive turn is never found through its neighbours.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, datetime, timedelta

from graphmem.model import Sensitivity, SourceKind
from graphmem.store.base import GraphStore
from graphmem.store.changes import Row

CHAT_SOURCES = frozenset({SourceKind.USER.value, SourceKind.RELAYED.value, SourceKind.AGENT.value})
# Two turns before and one after, chosen on LoCoMo and REALTALK together (a simulation of
# the fusion over every window up to three each side; docs/benchmarks-log.md): the previous turn
# alone gave R@10 0.766 / 0.688, this window 0.800 / 0.691; wider windows gained nothing.
BEFORE = 2
AFTER = 1
# Turns read on each side of a new one: enough to compute every window it changes.
REACH = BEFORE + AFTER
# Without a session, turns lend each other words only when told this close together.
GAP = timedelta(minutes=30)


def thread_of(source: str, session: str | None, occurred_at: datetime) -> str | None:
    """The thread a new episode's context is read in: its session, or for a chat turn
    without one the day it was told ("~" and the UTC date: no session a caller names
    starts with it by accident — it is still only a grouping, never shown)."""
    if session is not None:
        return session
    if source not in CHAT_SOURCES:
        return None
    return f"~{occurred_at.astimezone(UTC):%Y-%m-%d}"


def pace(thread: str) -> timedelta | None:
    """How close in time two turns of a thread must be to lend each other words: any in a
    session the caller named; in a day's thread, those of one conversation — told within
    ``GAP`` of each other (notes an hour apart are not a dialogue)."""
    return GAP if thread.startswith("~") else None


def _thread(row: Row) -> str | None:
    """A stored episode's thread (episodes stored before threads: their session)."""
    thread: str | None = row.get("thread") or row.get("session")
    return thread


def _lends(row: Row) -> bool:
    sensitivity = row.get("sensitivity") or Sensitivity.NORMAL.value
    return row.get("source") in CHAT_SOURCES and sensitivity == Sensitivity.NORMAL.value


def window(turns: Sequence[Row], at: int, *, within: timedelta | None = None) -> Row:
    """The context fields of ``turns[at]`` (one thread, oldest first): the words of the
    chat turns in its window that may lend them — only those told ``within`` of it, when
    given; both None when there are none."""
    row = turns[at]
    if row.get("source") not in CHAT_SOURCES:
        return {"context_text": None, "context_from": None}
    around = [*turns[max(0, at - BEFORE) : at], *turns[at + 1 : at + 1 + AFTER]]
    if within is not None:
        around = [t for t in around if abs(t["occurred_at"] - row["occurred_at"]) <= within]
    lenders = [t for t in around if _lends(t)]
    if not lenders:
        return {"context_text": None, "context_from": None}
    return {
        "context_text": "\n".join(str(t["content"]) for t in lenders),
        "context_from": [str(t["id"]) for t in lenders],
    }


def _changed(turns: Sequence[Row], positions: Iterable[int], within: timedelta | None) -> list[Row]:
    """Context rows for the turns at ``positions`` whose window differs from what is stored."""
    rows = []
    for at in positions:
        fields = window(turns, at, within=within)
        stored = {
            "context_text": turns[at].get("context_text"),
            "context_from": from_ids(turns[at].get("context_from")) or None,
        }
        if fields != stored:
            rows.append({"id": turns[at]["id"], **fields})
    return rows


def from_ids(value: object) -> list[str]:
    """``context_from`` as a list (stores written before the window kept one id)."""
    if value is None:
        return []
    if isinstance(value, str):
        return [value]
    return [str(v) for v in value]  # type: ignore[attr-defined]


def for_new_turn(
    store: GraphStore,
    namespace: str,
    episode: Row,
) -> tuple[Row, list[Row]]:
    """A new episode's own context fields, and the context rows of the turns around it in
    its thread whose windows it joins. ``episode`` needs id, content, source, sensitivity,
    thread and occurred_at."""
    thread = episode.get("thread")
    if thread is None:
        return {}, []
    neighbours = (
        []  # a namespace known empty has no turn (GraphStore.unwritten)
        if store.unwritten(namespace)
        else store.thread_turns(namespace, thread, episode["occurred_at"], REACH)
    )
    # Earlier-or-equal turns come before it: a turn recorded now is the latest of its instant.
    place = sum(1 for t in neighbours if t["occurred_at"] <= episode["occurred_at"])
    turns = [*neighbours[:place], episode, *neighbours[place:]]
    within = pace(thread)
    own = window(turns, place, within=within)
    if own["context_text"] is None:
        own = {}
    others = range(max(0, place - AFTER), min(len(turns), place + BEFORE + 1))
    return own, _changed(turns, (at for at in others if at != place), within)


def refreshed(
    store: GraphStore,
    namespace: str,
    episodes: Mapping[str, Row],
    redacted: Mapping[str, str],
) -> list[Row]:
    """Context rows for the turns whose windows change when ``episodes`` (id -> row, with
    thread or session and occurred_at) are removed and the episodes in ``redacted`` (id ->
    new content) rewritten. Only the turns around each of them are read and windowed again
    (what a forget costs follows what it forgets, not the length of the session); a thread
    that loses or rewrites many turns at once is read whole."""
    if not episodes and not redacted:
        return []
    rewritten = store.episodes_by_id(namespace, sorted(set(redacted) - set(episodes)))
    touched: dict[str, list[Row]] = {}
    for row in [*episodes.values(), *rewritten]:
        thread = _thread(row)
        if thread is not None:
            touched.setdefault(thread, []).append(row)
    rows: dict[str, Row] = {}
    for thread in sorted(touched):
        centres = touched[thread]
        whole = len(centres) > _LOCAL
        if whole:
            read = store.thread_turns(namespace, thread, None, 0)
        else:
            near: dict[str, Row] = {}
            for centre in centres:
                for turn in store.thread_turns(namespace, thread, centre["occurred_at"], 2 * REACH):
                    near[turn["id"]] = turn
            read = sorted(near.values(), key=_order)
        turns = [
            {**t, "content": redacted.get(t["id"], t["content"])}
            for t in read
            if t["id"] not in episodes
        ]
        positions = range(len(turns)) if whole else _around(turns, centres)
        for row in _changed(turns, positions, pace(thread)):
            rows[str(row["id"])] = row
    return [rows[key] for key in sorted(rows)]


# More turns of one thread than this forgotten or rewritten at once: the thread is read whole.
_LOCAL = 8


def _order(turn: Row) -> tuple[datetime, datetime, str]:
    return (turn["occurred_at"], turn["recorded_at"], str(turn["id"]))


def _around(turns: Sequence[Row], centres: Iterable[Row]) -> list[int]:
    """The positions in ``turns`` whose window may hold a centre (a turn removed or rewritten):
    ``REACH`` on each side of where it is, or was. Each was read with twice that on each side,
    so every window computed here sees its whole neighbourhood."""
    keys = [_order(t) for t in turns]  # in order: the turns were sorted by it
    found: set[int] = set()
    for centre in centres:
        place = bisect.bisect_left(keys, _order(centre))
        found.update(range(max(0, place - REACH), min(len(turns), place + REACH + 1)))
    return sorted(found)
