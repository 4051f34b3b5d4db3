"""Turn context: a chat turn's keyword entry also holds the words of the turns around it.

A turn is often unreadable alone ("Yes, twice last summer!"): its question is in the turn
before, and what it was about is often named in the reply. So an episode said in a session
(by the user or the agent) is indexed for keyword search with a window of its session:
the ``BEFORE`` turns before it and the ``AFTER`` turn after it (``context_text``, the ids in
``context_from``). Recall still returns and quotes the turn itself; the context only helps
it be found.

The window moves as the session grows: a new turn joins its neighbours' windows (and one
arriving out of date order pushes an older turn out of theirs), so ``remember`` writes the
context of the turns around the new one in the same transaction.

The copies are text, so forgetting must reach them: when a turn is forgotten or redacted,
the windows of its session are computed again from what remains. Only a normal-sensitivity
turn lends its words, so a sensitive turn is never found through its neighbours.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

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


def _lends(row: Row) -> bool:
    sensitivity = row.get("sensitivity") or Sensitivity.NORMAL.value
    return row.get("source") in CHAT_SOURCES and sensitivity == Sensitivity.NORMAL.value


def window(turns: Sequence[Row], at: int) -> Row:
    """The context fields of ``turns[at]`` (one session, oldest first): the words of the
    chat turns in its window that may lend them; both None when there are none."""
    row = turns[at]
    if row.get("source") not in CHAT_SOURCES:
        return {"context_text": None, "context_from": None}
    around = [*turns[max(0, at - BEFORE) : at], *turns[at + 1 : at + 1 + AFTER]]
    lenders = [t for t in around if _lends(t)]
    if not lenders:
        return {"context_text": None, "context_from": None}
    return {
        "context_text": "\n".join(str(t["content"]) for t in lenders),
        "context_from": [str(t["id"]) for t in lenders],
    }


def _changed(turns: Sequence[Row], positions: Iterable[int]) -> list[Row]:
    """Context rows for the turns at ``positions`` whose window differs from what is stored."""
    rows = []
    for at in positions:
        fields = window(turns, at)
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
    its session whose windows it joins. ``episode`` needs id, content, source, sensitivity,
    session and occurred_at."""
    session = episode.get("session")
    if session is None:
        return {}, []
    neighbours = store.session_turns(namespace, session, episode["occurred_at"], REACH)
    # Earlier-or-equal turns come before it: a turn recorded now is the latest of its instant.
    place = sum(1 for t in neighbours if t["occurred_at"] <= episode["occurred_at"])
    turns = [*neighbours[:place], episode, *neighbours[place:]]
    own = window(turns, place)
    if own["context_text"] is None:
        own = {}
    others = range(max(0, place - AFTER), min(len(turns), place + BEFORE + 1))
    return own, _changed(turns, (at for at in others if at != place))


def refreshed(
    store: GraphStore,
    namespace: str,
    episodes: Mapping[str, Row],
    redacted: Mapping[str, str],
) -> list[Row]:
    """Context rows for the turns whose windows change when ``episodes`` (id -> row, with
    session) are removed and the episodes in ``redacted`` (id -> new content) rewritten:
    every session they belong to is windowed again from what remains."""
    if not episodes and not redacted:
        return []
    sessions = {row["session"] for row in episodes.values() if row.get("session") is not None}
    sessions |= {
        row["session"]
        for row in store.episodes_by_id(namespace, sorted(set(redacted) - set(episodes)))
        if row.get("session") is not None
    }
    rows: list[Row] = []
    for session in sorted(sessions):
        turns = [
            {**t, "content": redacted.get(t["id"], t["content"])}
            for t in store.session_turns(namespace, session, None, 0)
            if t["id"] not in episodes
        ]
        rows.extend(_changed(turns, range(len(turns))))
    return sorted(rows, key=lambda r: str(r["id"]))
