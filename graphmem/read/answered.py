"""A reply never outranks the message it answers: the user's words first, the agent's after.

An assistant's reply restates the user's message it answers, at greater length: "Great to
hear the average response time of the dashboard API is 250ms now! To keep it low…" holds
every word of "what is the average response time of the dashboard API?", and so matches it
better than the user's own "the dashboard API went down to 250ms". But the reply is the
agent's (authority ``inferred``), drawn from the user's message: the message is the
evidence. So when a reply is among the best k, the message it answers — the user's latest
among the turns the reply was read with (its turn context, ``context_from``) — goes just
before it, if that message is one of the recall's candidates (it passed the recall's filter),
still holds, and says a word of the question in its own text (a turn's context lends it its
neighbours' words, the reply's among them: "can you help me with my thesis?" is no answer
to a question about Zotero). Otherwise the reply keeps its place.

A reply placed after its message says again what the message said: the pair would take two
of the k places for one piece of evidence. So, unless the question asks what the agent said
("what did you recommend…", "your advice"), such a reply goes after the candidates that are
no one's restatement, and its place goes to the next of them (recall orders more than k,
``Weights.lookahead``). The reply is not dropped: with room to spare it is still returned.
"""

from __future__ import annotations

import re

from graphmem.model import Authority
from graphmem.read.request import USERS_WORDS, Candidate, RecallRequest, read_whole
from graphmem.store.base import GraphStore
from graphmem.store.text import terms

# A question about what the agent itself said before: its reply is then the evidence. A request
# for advice now ("what would you suggest?", "can you help me…?") is not one.
_ASKS_AGENTS_WORDS = re.compile(
    r"\b(?:did|had|have) you\b"
    r"|\byou (?:\w+ed|said|told|gave|made|wrote|taught|showed|meant)\b"
    r"|\byour (?:advice|suggestions?|recommendations?|answers?|repl(?:y|ies)|explanations?)\b",
    re.IGNORECASE,
)


def answered_first(
    store: GraphStore, request: RecallRequest, ranked: list[Candidate], pool: dict[str, Candidate]
) -> list[Candidate]:
    """``ranked`` with the user's message each agent reply answers placed just before the
    reply, when the message is a candidate that says a word of the question itself and
    still holds, and the replies so answered after every other candidate unless the question
    asks what the agent said (see the module); at most ``request.k`` long."""
    replies = [
        c
        for c in ranked
        if c.kind == "episode" and c.row.get("authority") == Authority.INFERRED.value
    ]
    if not replies:
        return ranked[: request.k]
    read_whole(store, request, replies)  # a lean row has no turn context
    # The turns the replies were read with, whole (a lean row says not who told it): one read.
    told = [c for r in replies for i in r.row.get("context_from") or () if (c := pool.get(i))]
    read_whole(store, request, told)
    messages = {r.row["id"]: m for r in replies if (m := _message_of(r, pool)) is not None}
    # Its own words, not those its turn context lent it (the reply's among them).
    asked = terms(request.query)
    placed = {c.row["id"] for c in ranked}
    unread = [m.row["id"] for m in messages.values() if m.row["id"] not in placed]
    standing = store.episodes_standing(request.namespace, unread, request.point) if unread else {}
    order = list(ranked)
    answered: list[Candidate] = []
    for reply in replies:
        message = messages.get(reply.row["id"])
        if (
            message is None
            or standing.get(message.row["id"]) is False
            or not asked & terms(str(message.row["content"]))
        ):
            continue
        answered.append(reply)
        at = order.index(reply)
        if message in order:
            if order.index(message) < at:
                continue
            order.remove(message)
        order.insert(at, message)
    if answered and not _ASKS_AGENTS_WORDS.search(request.query):
        moved = {id(c) for c in answered}
        order = [c for c in order if id(c) not in moved] + answered
    return order[: request.k]


def _message_of(reply: Candidate, pool: dict[str, Candidate]) -> Candidate | None:
    """The user's latest message among those the reply was read with (its turn context),
    if it is a current candidate of the recall."""
    told = [
        c
        for i in reply.row.get("context_from") or ()
        if (c := pool.get(i)) is not None
        and c.kind == "episode"
        and not c.outdated
        and c.row.get("source") in USERS_WORDS
        and c.row["occurred_at"] <= reply.row["occurred_at"]
    ]
    return max(told, key=lambda c: (c.row["occurred_at"], c.row["id"]), default=None)
