"""Turn context: a chat turn's keyword entry also holds the turn before it in its session.

A turn is often unreadable alone ("Yes, twice last summer!"); its question is in the turn
before. So an episode said in a session (by the user or the agent) is indexed for keyword
search with the previous turn's words (``context_text``, copied from ``context_from``).
Recall still returns and quotes the turn itself; the context only helps it be found.

The copy is text, so forgetting must reach it: when a turn is forgotten its neighbour's
context goes, and when a turn is redacted its neighbour's context is redacted with it.
Only a normal-sensitivity turn lends its words, so a sensitive turn is never found through
its neighbour.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from graphmem.model import Sensitivity, SourceKind
from graphmem.store.base import GraphStore, Row

CHAT_SOURCES = frozenset({SourceKind.USER.value, SourceKind.AGENT.value})
# Neo4j scores content and context as two Lucene fields and adds them up, so a reply
# after a matching question outranked the answer itself; boosting the context field by
# half fixes that (LoCoMo, 3 conversations: R@1 0.219 -> 0.300, bench/README.md). The
# embedded store indexes a turn and its context as one text, where BM25's term
# saturation already does it (there, a separate index at half weight measured worse).
CONTEXT_BOOST = 0.5


def turn_context(
    store: GraphStore, namespace: str, source: SourceKind, session: str | None, at: datetime
) -> Row:
    """The context fields of a new episode: the previous turn of its session, if any."""
    if session is None or source.value not in CHAT_SOURCES:
        return {}
    before = store.session_turn_before(namespace, session, at)
    if (
        before is None
        or before.get("source") not in CHAT_SOURCES
        or (before.get("sensitivity") or Sensitivity.NORMAL.value) != Sensitivity.NORMAL.value
    ):
        return {}
    return {"context_text": before["content"], "context_from": before["id"]}


def refreshed(
    store: GraphStore,
    namespace: str,
    removed: Iterable[str],
    redacted: dict[str, str],
) -> list[Row]:
    """Context rows for the episodes whose context came from a removed episode (it goes) or
    a redacted one (it becomes the redacted text); ``redacted`` maps id to new content."""
    gone = set(removed)
    sources = gone | set(redacted)
    if not sources:
        return []
    rows = []
    for row in store.context_dependents(namespace, sorted(sources)):
        if row["id"] in gone:
            continue
        origin = row["context_from"]
        if origin in gone:
            rows.append({"id": row["id"], "context_text": None, "context_from": None})
        else:
            rows.append({"id": row["id"], "context_text": redacted[origin], "context_from": origin})
    return sorted(rows, key=lambda r: str(r["id"]))
