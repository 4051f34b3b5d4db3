"""A value told again, changed: the later message first, for a question about the value now.

People restate a number or a date as it changes, in messages no relation reads: "the
dashboard API responds in 300ms" one hour, "it has recently improved to 250ms" the next;
"my sprint deadline is April 1", then "the new sprint deadline is April 5". Nothing in the
graph says the second replaced the first, and the first often matches the question's words
as well or better ("What is the average response time of the dashboard API?"). Recall's
other rules need a slot (``graphmem.read.asked``, ``graphmem.read.currency``); this one
needs none.

So, for a question asking what a value is now (a wh- or how-many question, in the present,
about no other time), a message of the user's among the best k that says a value changed
("increased to 7", "the new deadline of April 5", "moved to Denver") goes just before an
earlier message of the user's that gave a value (a figure or a name) and that it restates:
the two share at least half of the question's words, names aside. Only places within the
best k change: what is found stays found. A question about another time, or about what
happened ("did I…", "was it…"), keeps the ranking as it is.
"""

from __future__ import annotations

import functools
import re

from graphmem.extract.relation_words import asked_by, relations
from graphmem.extract.relation_words import said as phrase_of
from graphmem.read.asked import COUNTING, names_in, one_question
from graphmem.read.request import USERS_WORDS, Candidate, RecallRequest, read_whole
from graphmem.read.time_focus import focus_of, untimed
from graphmem.store.base import GraphStore
from graphmem.store.text import terms

# A question for a value: opens with a wh-word or a "how" of measure (how many, how fast…).
_OPENS_FOR_VALUE = re.compile(
    r"^\s*(?:what|which|when|where|who|how\s+(?!(?:do|does|did|can|could|should|would|will|"
    r"to|is|are|am|was|were|about)\b)\w+)\b",
    re.IGNORECASE,
)
# A question about another time, about what happened or about the time between two events
# ("how many days passed between …") keeps its ranking.
_ABOUT_THEN = re.compile(
    r"\b(?:did|was|were|had|used\s+to|before|initially|originally|at\s+first|previously|"
    r"first|ago|last\s+(?:week|month|year|time)|between|passed)\b",
    re.IGNORECASE,
)
# A message saying that a value changed: a word of change, then a value (a figure, a date, a
# name) within ten words ("has recently improved to 250ms", "the new sprint deadline of April
# 5", "I just moved to Denver"). A word of change alone is chatter ("congrats on the new
# fashion piece!").
_CHANGED = re.compile(
    r"\b(?:now|new|newly|recently|latest|updated?|changed?|adjusted|revised|increased|"
    r"decreased|raised|lowered|reduced|improved|dropped|grown|grew|rose|risen|fell|fallen|"
    r"extended|shortened|mov(?:ed|ing)|rescheduled|postponed|pushed\s+back|brought\s+forward|"
    r"cut|reached|switched|expanded|went\s+(?:up|down))\b(?:\W+\w+){0,9}?\W+(?:\S*\d|(?-i:[A-Z]))",
    re.IGNORECASE,
)
# A message that gave a value: a figure, or a name (a capital not opening a sentence).
_VALUE = re.compile(r"\d|(?<=\w\W)(?<!\.\s)[A-Z]")


def later_told_first(
    store: GraphStore, request: RecallRequest, ranked: list[Candidate]
) -> list[Candidate]:
    """``ranked`` with each of the user's later messages saying a value changed placed just
    before the earliest-ranked earlier message it restates (see the module)."""
    query = request.query
    if (
        not one_question(query)
        or not _OPENS_FOR_VALUE.search(query)
        or _ABOUT_THEN.search(query)
        or focus_of(query, request.point.at).kind != "now"
    ):
        return ranked
    asked = terms(untimed(query)) - COUNTING
    if len(asked) < 2 and _relation_asked(query) is None:
        return ranked  # "where is it?": too few words to say what two messages share
    # A name the question gives (a person, "API") is said in most messages of a chat about
    # them: two messages restate each other by the rest of its words.
    core = asked - names_in(query)
    contents = _contents(store, request, ranked)
    said = {i: terms(text) for i, text in contents.items()}
    spoken: dict[str, bool] = {}

    def speaks(i: str) -> bool:
        """Whether message ``i`` says the words of the relation asked about: "Finally
        settled into our new place in Denver!" restates "I live in Boston." for "where do I
        live now?", though they share no word of the question. Read only when needed."""
        if i not in spoken:
            relation = _relation_asked(query)
            spoken[i] = relation is not None and bool(asked_by(phrase_of(contents[i]), relation))
        return spoken[i]

    asked_names = names_in(query)
    named: dict[str, frozenset[str]] = {}

    def names(i: str) -> frozenset[str]:
        if i not in named:
            named[i] = names_in(contents[i]) - asked_names
        return named[i]

    def restates(new: str, old: str, changed: bool, left: frozenset[str]) -> bool:
        if changed:
            shared = core & said[new] & said[old]
            if (bool(shared) and 2 * len(shared) >= len(core)) or (speaks(new) and speaks(old)):
                return True
        # The earlier message's value named again as the one left ("Ana sold the Skoda
        # Octavia and got an Opel Astra" after "… got a Skoda Octavia"): a name the two share,
        # not given by the question, right after a word of leaving.
        return bool(left) and bool(left & names(new) & names(old))

    order = list(ranked)
    for c in ranked:
        new_id = c.row["id"]
        if new_id not in said:
            continue
        # Only a message saying a value changed, or leaving one, may restate another;
        # reading whether two messages restate each other costs more.
        changed, left = _CHANGED.search(_text(c)) is not None, _left(_text(c))
        if not changed and not left:
            continue
        at = order.index(c)
        earlier = next(
            (
                i
                for i, o in enumerate(order[:at])
                if (
                    o.row["id"] in said
                    and o.row["occurred_at"] < c.row["occurred_at"]
                    and _VALUE.search(_text(o))
                    and restates(new_id, o.row["id"], changed, left)
                )
                or (changed and _replaces(c, o))
            ),
            None,
        )
        if earlier is not None:
            order.insert(earlier, order.pop(at))
    return order


# Words of leaving a value: what follows them is the old one ("switched from the Seat Ibiza",
# "sold the Tesla", "left Dr. Petrova's practice", "gave up on the Royals").
_LEAVING = re.compile(
    r"\b(?:from|sold|left|leaving|traded(?:\s+in)?|replaced|swapped|instead\s+of|no\s+longer"
    r"|gave\s+up(?:\s+on)?|quit|ditched|dropped|stopped\s+(?:going\s+to|seeing|using))\s+"
    r"((?:\S+\s+){0,3}\S+)",
    re.IGNORECASE,
)


def _left(text: str) -> frozenset[str]:
    """The terms of the few words after each word of leaving in ``text``."""
    return frozenset().union(*(terms(m.group(1)) for m in _LEAVING.finditer(text)))


def _replaces(message: Candidate, fact: Candidate) -> bool:
    """Whether the user's ``message``, later than the user's ``fact``, names the fact's value
    as it says a change: "Valentina switched from the Seat Ibiza to a Skoda Octavia" replaces
    "Valentina drives Seat Ibiza", which the offline reader took from an earlier message."""
    if fact.kind != "fact" or fact.row.get("authority") != "user":
        return False
    value = str(fact.row.get("object_text") or "")
    started = fact.row.get("valid_from")
    if len(value) < 3 or started is None or started >= message.row["occurred_at"]:
        return False
    text = _text(message)
    told = _named(text, value)
    # Named beside another value, the one it changed to ("… from the Seat Ibiza to a Skoda
    # Octavia"): a message naming only the fact's value may be the one it was read from.
    return told is not None and _VALUE.search(text[: told[0]] + text[told[1] :]) is not None


def _named(text: str, value: str) -> tuple[int, int] | None:
    """Where ``value`` stands in ``text`` as whole words, case aside."""
    m = re.search(r"(?<!\w)" + re.escape(value) + r"(?!\w)", text, re.IGNORECASE)
    return m.span() if m is not None else None


@functools.lru_cache(maxsize=256)
def _relation_asked(query: str) -> str | None:
    """The one everyday relation whose words the question says most fully, if one does."""
    words = phrase_of(untimed(query))
    sizes = {relation: asked_by(words, relation) for relation in relations()}
    best = max(sizes.values(), default=0)
    leaders = [relation for relation, size in sizes.items() if size == best]
    return leaders[0] if best and len(leaders) == 1 else None


def _text(c: Candidate) -> str:
    return str(c.row.get("content") or "")


def _contents(store: GraphStore, request: RecallRequest, ranked: list[Candidate]) -> dict[str, str]:
    """The text of each of the user's current messages in ``ranked``, by id."""
    episodes = [c for c in ranked if c.kind == "episode" and not c.outdated]
    read_whole(store, request, episodes)
    return {c.row["id"]: _text(c) for c in episodes if c.row.get("source") in USERS_WORDS}
