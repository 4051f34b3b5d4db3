"""The slot a question asks about, answered from the graph: whose it is and which relation.

"What band is my cousin Valentina into?" asks for one slot — Valentina's band — and the
graph holds the version of it that is true at the recall's point. Matching words alone
ranked a message about Valentina's doctor first (it shares "my cousin Valentina" with the
question) and the band fact third. So recall reads the question as a slot where it can,
and puts the facts that hold in it first, credited with the best match of the recall.

* **Whose**: a subject the question names (an entity key among its words, a possessive
  read as the name: "Hamid's"); else the user, when it speaks in the first person of
  itself (``graphmem.read.focus``); else someone the user knows ("my flatmate's"), read
  from the evidence: the subject that the keyword matches not explained by the relation
  are about, when one subject has most of them — counting only matches someone in the
  conversation stands behind: a document's subjects ("chloroquine is immunomodulatory"
  for "which kit is used in China?") are no one a question means without naming them.
* **Which relation**: a relation whose name the question uses ("band", "job title",
  "live" for ``lives_in``) or a phrase people ask it with ("work out" for a ``gym``,
  ``graphmem.extract.relation_words``), the longest phrase winning ("working as" is a job
  title, not ``works_at``); else the relation that the keyword matches about *other*
  subjects point to. Those matched the question's words although they are not about the
  one asked about, so the words they share are the relation's: "what do I drive?" meets
  "my flatmate drives a Clio", which told a ``car``; the user's ``car`` answers, although
  the user said "I bought a Tesla" and never "drive".
* Nothing is promoted unless both are read and one is clearly ahead (``DOMINANT``), the
  slot holds at the point, the recall filter admits it, and it holds few values
  (``MAX_VALUES``: a list of many likes is no single answer). Both stores give the same
  rows to read from (slots of facts, the slots each episode supports), so the same order.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Iterable
from datetime import UTC, datetime

from graphmem.extract.relation_words import asked_by, relations, said
from graphmem.model import Authority, entity_key
from graphmem.models.embed import Embedder
from graphmem.read.focus import SELF_KEY, Focus, about_user, focus_of, roles_of
from graphmem.read.request import (
    USERS_WORDS,
    Candidate,
    RecallRequest,
    admits,
    read_whole,
    supported,
)
from graphmem.read.standing import asks_for_help, is_standing
from graphmem.read.time_focus import untimed
from graphmem.results import Provenance
from graphmem.store.base import FactFilter, GraphStore
from graphmem.store.changes import Row
from graphmem.store.rows import slot_subject
from graphmem.store.text import terms

_EVER = datetime.min.replace(tzinfo=UTC)
DOMINANT = 0.6  # the share of the votes the leading subject or relation must have
MAX_WORDS = 30  # a longer query is no one question (a dialogue, a document)
MAX_VALUES = 3  # a slot holding more values at once is a list, not the answer
VOTERS = 20  # the keyword matches read for votes, best first
ROLE_READ = 50  # the messages using a role's word read for the name it is given
# A relation read by meaning: the question's cosine to its name at least this, and this
# far ahead of the next relation's.
MEANING_FLOOR, MEANING_MARGIN = 0.2, 0.05
# The cosine of a question's words (those left once whose and when are taken out) to each
# relation name (embedded as words: "job title"); the whole question's when none are left.
Meaning = Callable[[list[str], str], list[float]]
_POSSESSIVE = ("'s", "’s", "'", "’")
# A question for a slot's value: one with a wh-word ("who is my GP?", "if the car broke
# down, which garage would I ring?") or asking what holds now. Any other ("have I ever…",
# "how much had I saved…") asks about what happened.
_ASKS_VALUE = re.compile(
    r"\b(?:what|which|who|whom|whose|where)\b|\b(?:now|today|current|currently|these days|"
    r"nowadays|still|any ?more|at the moment|at present|latest)\b",
    re.IGNORECASE,
)


def asked_first(
    store: GraphStore,
    request: RecallRequest,
    ranked: list[Candidate],
    pool: dict[str, Candidate],
    support: dict[str, list[Provenance]],
    *,
    meaning: Meaning | None = None,
) -> tuple[list[Candidate], dict[str, list[Provenance]]]:
    """``ranked`` with the facts of the slot the question asks about first, when it is read.
    ``meaning`` gives relation names vectors comparable with ``vector`` (the embedder's),
    for a question that names its relation in other words ("GP" for ``doctor``)."""
    if not one_question(request.query):
        return ranked, support
    votes = _Votes(store, request, pool)
    subject = _whose(store, request, pool, votes)
    if subject is None:
        return ranked, support
    admitted = admits(request.filter())
    where = FactFilter(subject_key=subject, point=request.point)
    held: dict[str, list[Row]] = defaultdict(list)
    for row in store.facts(request.namespace, where):
        if admitted(row):
            held[row["predicate"]].append(row)
    relation = _by_name(request.query, set(held)) or _leader(
        (_predicate(s), weight) for s, weight in votes.cast() if slot_subject(s) != subject
    )
    if relation is None and len(held) > 1:
        relation = _told_with(store, request, subject, held)
    if relation is None and meaning is not None:
        relation = _by_meaning(meaning, sorted(held), _relation_words(request.query, subject))
    rows = held.get(relation or "", [])
    if not rows:
        return _told_newest_first(
            store, request, ranked, pool, support, subject=subject, relation=relation
        )
    if len(rows) > MAX_VALUES:
        return ranked, support
    promoted = []
    for row in sorted(rows, key=lambda r: (-r["valid_from"].timestamp(), r["id"])):
        c = pool.get(row["id"]) or Candidate("fact", row)
        c.row = row
        c.matched = [*c.matched, "slot"]
        promoted.append(c)
    # A later message about the slot that told no version of it (the extractor did not read
    # it: "I switched to Dr Varghese as my GP") may have changed it: it comes first, and
    # the facts are marked as needing a check.
    since = max(row["valid_from"] for row in rows)
    # Only the newest: the others are what it changed, in their own places (a dozen messages
    # about work put first buried the one a question asked about).
    unread = _told_since(
        store, request, pool, subject=subject, relation=relation or "", since=since
    )[:1]
    for c in promoted:
        c.contested = bool(unread)
    return _first(store, request, [*unread, *promoted], ranked=ranked, pool=pool, support=support)


def _first(
    store: GraphStore,
    request: RecallRequest,
    first: list[Candidate],
    *,
    ranked: list[Candidate],
    pool: dict[str, Candidate],
    support: dict[str, list[Provenance]],
) -> tuple[list[Candidate], dict[str, list[Provenance]]]:
    """``first`` ahead of the rest of ``ranked``, each credited with the best match of the
    whole pool, not of the first ranked: which candidate ranks first depends on k (an
    outdated episode is found out only in the best k), the pool does not."""
    best_similarity = max((c.similarity for c in pool.values()), default=0.0)
    best_keyword = max((c.keyword for c in pool.values()), default=0.0)
    for c in first:
        c.similarity, c.keyword = max(c.similarity, best_similarity), max(c.keyword, best_keyword)
    ids = {c.row["id"] for c in first}
    ordered = [*first, *(c for c in ranked if c.row["id"] not in ids)][: request.k]
    return supported(store, request.namespace, ordered, support)


def _told_newest_first(
    store: GraphStore,
    request: RecallRequest,
    ranked: list[Candidate],
    pool: dict[str, Candidate],
    support: dict[str, list[Provenance]],
    *,
    subject: str,
    relation: str | None,
) -> tuple[list[Candidate], dict[str, list[Provenance]]]:
    """No fact holds the slot (nothing was read from what was said of it: "Static Meridian
    are my favourite band", then "these days Lowland Echo is"): when several messages speak
    of it, the newest comes first — what the user said last of their band, not whichever of
    their words match the question best — and the others keep their places."""
    # Only for a question that asks for the slot's value ("what's my band now?"): "have I
    # sent my cover letter?" says "cover", an insurer's word, and asks for no insurer.
    if not _ASKS_VALUE.search(request.query):
        return ranked, support
    # With no fact to confirm it, a relation is read only by a phrase people ask it with:
    # its name's words alone say other things too ("have I worked with Flask?" is no
    # employer).
    relation = relation or _by_name(request.query, set(relations()), by_words=False)
    if relation is None:
        return ranked, support
    told = _told_since(
        store, request, pool, subject=subject, relation=relation, since=_EVER, read=True
    )
    if len(told) < 2:
        return ranked, support
    return _first(store, request, told[:1], ranked=ranked, pool=pool, support=support)


def _told_since(
    store: GraphStore,
    request: RecallRequest,
    pool: dict[str, Candidate],
    *,
    subject: str,
    relation: str,
    since: datetime,
    read: bool = False,
) -> list[Candidate]:
    """The messages among the candidates that the user told (:data:`USERS_WORDS`) after
    ``since`` and by the recall's point, that speak of ``subject``'s ``relation`` (its
    words, and the user in the first person or the subject by name), and from which no
    fact was read at all (``read``: or only versions of the relation): newest first."""
    later = [
        c
        for c in pool.values()
        if c.kind == "episode"
        and not c.outdated
        and since < c.row["occurred_at"] <= request.point.at
    ]
    if not later:
        return []
    # Read as something else ("traded in the Leaf for a Duster" told a car, not a trade),
    # a message is accounted for: only one the extractor read nothing from counts, and with
    # ``read``, one read as a version of this relation too. Asked before the words are
    # read: a long document's every word is costly, what was read from it is not.
    told = store.told_slots(request.namespace, [c.row["id"] for c in later], request.point)
    unread = [
        c
        for c in later
        if not (slots := told.get(c.row["id"], ()))
        or (read and any(_predicate(slot) == relation for slot in slots))
    ]
    read_whole(store, request, unread)
    key_words = terms(subject.replace("_", " "))
    spoken = [
        c
        for c in unread
        if "content" in c.row
        and c.row.get("source") in USERS_WORDS
        and (
            about_user(c.row["content"])
            if subject == SELF_KEY
            else bool(key_words) and key_words <= terms(c.row["content"])
        )
        and asked_by(said(c.row["content"]), relation)  # the costliest test last
    ]
    return sorted(spoken, key=lambda c: (-c.row["occurred_at"].timestamp(), c.row["id"]))


_NAMES: dict[tuple[str, str], list[float]] = {}  # (embedder, relation) -> its name's vector


def meaning_of(embedder: Embedder, vector: list[float]) -> Meaning | None:
    """How near ``vector`` (the question's) is to relation names, by ``embedder``; None for
    an embedder whose vectors hold no more than the words (the hashing one: names are read
    by their words already). Names are embedded once per process."""
    if embedder.name.startswith("hashing"):
        return None

    def near(relations: list[str], words: str) -> list[float]:
        new = [r for r in relations if (embedder.name, r) not in _NAMES]
        if new:
            for r, v in zip(new, embedder.embed([r.replace("_", " ") for r in new]), strict=True):
                _NAMES[(embedder.name, r)] = v
        asked = embedder.embed([words])[0] if words else vector
        names = [_NAMES[(embedder.name, r)] for r in relations]
        return [sum(a * b for a, b in zip(asked, v, strict=False)) for v in names]

    return near


def one_question(query: str) -> bool:
    """A question short enough to ask for one slot: a dialogue or a document pasted as the
    query speaks of many things, and its words would read as a slot by chance."""
    return "\n" not in query.strip() and len(query.split()) <= MAX_WORDS


# Who speaks in the conversation; a document, an email, a tool, or an authority not known
# here, stands outside it (fails closed: it elects no one a question means).
_SPOKEN = frozenset(a.value for a in Authority if a is not Authority.EXTERNAL)


class _Votes:
    """The slots the best keyword matches speak of, each with its match's weight (a fact its
    own slot, an episode those it supports, its weight shared among them): read from the
    store once, and only when a step needs them."""

    def __init__(self, store: GraphStore, request: RecallRequest, pool: dict[str, Candidate]):
        self._store, self._request = store, request
        self._voters = sorted(
            (c for c in pool.values() if "keyword" in c.ranks),
            key=lambda c: (-c.keyword, c.row["id"]),
        )[:VOTERS]
        # (slot, weight, whether no one in the conversation stands behind the match)
        self._cast: list[tuple[str, float, bool]] | None = None

    def cast(self, *, external: bool = True) -> list[tuple[str, float]]:
        """The votes; with ``external=False`` only those of matches someone in the
        conversation stands behind (not a document's, an email's, a tool's)."""
        if self._cast is None:
            slots: dict[str, tuple[str, ...]] = {}
            episodes = []
            for c in self._voters:
                if c.kind == "episode":
                    episodes.append(c.row["id"])
                elif c.row.get("slot"):
                    slots[c.row["id"]] = (c.row["slot"],)
            if episodes:
                told = self._store.told_slots(
                    self._request.namespace, episodes, self._request.point
                )
                slots.update((i, s) for i, s in told.items() if s)
            self._cast = [
                (s, c.keyword / len(found), c.row.get("authority") not in _SPOKEN)
                for c in self._voters
                if (found := slots.get(c.row["id"], ()))
                for s in found
            ]
        return [(s, weight) for s, weight, outside in self._cast if external or not outside]


def _whose(
    store: GraphStore, request: RecallRequest, pool: dict[str, Candidate], votes: _Votes
) -> str | None:
    """Whose slot the question asks about: a subject it names among those of the candidates
    (then of the slots the matches speak of), the user when it speaks of itself, the person
    a role it names was given ("my flatmate's"), or whom the matches not about the relation
    its words name are about."""
    query = request.query
    subjects = {slot_subject(c.row["slot"]) for c in pool.values() if c.row.get("slot")}
    if (named := _named(query, subjects)) is not None:
        return named
    if focus_of(query) is Focus.USER:
        return SELF_KEY
    cast = votes.cast()
    known = subjects | {slot_subject(s) for s, _ in cast}
    if (named := _named(query, known - subjects)) is not None:
        return named
    if (called := _by_role(store, request, known)) is not None:
        return called
    said = _by_name(query, {_predicate(s) for s, _ in cast} - {""})
    # Someone the question does not name is someone the conversation spoke of: a document's
    # subjects ("chloroquine", a virus) are no person a question means without naming them.
    return _leader(
        (slot_subject(s), weight)
        for s, weight in votes.cast(external=False)
        if _predicate(s) != said and slot_subject(s) != SELF_KEY
    )


def _by_role(store: GraphStore, request: RecallRequest, subjects: set[str]) -> str | None:
    """The one person among ``subjects`` the user calls by the role the question names
    ("my flatmate's GP" after "My flatmate Kalinda ..."): a name right after "my <role>", or
    before ", my <role>", in the messages that use the role's word (the store's keyword
    matches, the same on both stores). None when the question names no role, or the
    messages give that role to several people or to nobody known."""
    query = request.query
    roles = roles_of(query)
    if len(roles) != 1:
        return None
    role = re.escape(roles[0])
    told = re.compile(
        rf"\b(?i:my)\s+(?:[a-z]+\s+)?(?i:{role})\s+({_NAME})|({_NAME}),\s+(?i:my)\s+"
        rf"(?:[a-z]+\s+)?(?i:{role})\b"
    )
    found = set()
    hits = store.keyword_episodes(request.namespace, request.filter(), roles[0], None, ROLE_READ)
    for hit in hits:
        for m in told.finditer(hit.row.get("content") or ""):
            words = [_bare(w) for w in (m.group(1) or m.group(2)).split()]
            # "my flatmate Kalinda Ortiz" or "my flatmate Kalinda Saturday": the longer if known
            for name in (" ".join(words), words[0]):
                if (key := entity_key(name)) in subjects and key != SELF_KEY:
                    found.add(key)
                    break
    return found.pop() if len(found) == 1 else None


# A person's name as a message writes it: one or two words, each capitalised.
_NAME = r"(?-i:[A-Z\u00c0-\u024f][\w'’-]*(?:\s+[A-Z\u00c0-\u024f][\w'’-]*)?)"


def _predicate(slot: str) -> str:
    return slot.split("\x1f")[1] if slot.count("\x1f") >= 2 else ""


def _named(query: str, subjects: set[str]) -> str | None:
    """The one subject among ``subjects`` the query names (1-3 words, a possessive as the
    name), or None when it names none or several."""
    words = [w.strip('.,;:!?"()[]') for w in query.split()]
    words = [_bare(w) for w in words if w]
    found = {
        key
        for size in (1, 2, 3)
        for at in range(len(words) - size + 1)
        if (key := entity_key(" ".join(words[at : at + size]))) in subjects and key != SELF_KEY
    }
    # "Ana Lopez" names one person, not also "ana": keep the longest of nested names.
    found = {k for k in found if not any(k != o and k in o.split() for o in found)}
    return found.pop() if len(found) == 1 else None


def _bare(word: str) -> str:
    for ending in _POSSESSIVE:
        if word.endswith(ending) and len(word) > len(ending):
            return word[: -len(ending)]
    return word


def _by_name(query: str, relations: set[str], *, by_words: bool = True) -> str | None:
    """The one relation the query asks about by its words: by its name (stemmed: "living"
    is ``lives_in``; at least half of its words: "job" is ``job_title``), or by a phrase
    people ask it with (``graphmem.extract.relation_words``: "work out" for a ``gym``). The
    relation with the most words said wins ("working as" is ``job_title``, not
    ``works_at``); a tie is no answer. ``by_words=False``: by a phrase only."""
    asked, question = terms(query), said(query)
    scored: dict[str, int] = {}
    for relation in relations:
        named = terms(relation.replace("_", " "))
        by_name = (
            len(named & asked) if by_words and named and 2 * len(named & asked) >= len(named) else 0
        )
        if score := max(by_name, asked_by(question, relation)):
            scored[relation] = score
    if not scored:
        return None
    top = max(scored.values())
    best = [r for r, n in scored.items() if n == top]
    return best[0] if len(best) == 1 else None


def _told_with(
    store: GraphStore, request: RecallRequest, subject: str, held: dict[str, list[Row]]
) -> str | None:
    """The one relation of ``subject`` whose own messages use the question's words: "who
    does Zelda root for?" after "Zelda roots for the Rovers" (since superseded, but the
    words said which relation it was), or its facts' search text (a built-in relation's
    carries the words it is asked by: "company" for ``works_at``). Words every relation's
    messages share (the person's name, "my partner") tell none apart, nor do words about
    when ("now", "last year"); a tie is no answer."""
    slots = {row["slot"] for rows in held.values() for row in rows}
    told: dict[str, str] = {}  # fact id -> its relation, every version of the slots
    for row in store.slot_facts(request.namespace, slots):
        told[row["id"]] = row["predicate"]
    support = store.support(request.namespace, told)
    said = {
        row["id"]: row.get("content") or ""
        for row in store.episodes_by_id(request.namespace, {row["episode_id"] for row in support})
    }
    words: dict[str, set[str]] = defaultdict(set)
    for relation, rows in held.items():  # a built-in's search text has how it is asked
        for row in rows:
            words[relation] |= terms(row.get("search_text") or "")
    for row in support:
        version = told.get(row["fact_id"])
        if version is not None and version in held:
            words[version] |= terms(said.get(row["episode_id"], ""))
    if len(words) < 2:
        return None
    shared = set.intersection(*words.values())
    asked = terms(untimed(request.query)) - shared - terms(subject) - COUNTING
    # A preference or an instruction is one of a list the user keeps adding to: it answers a
    # request for help ("where should I work on my essay?"), not a question about a value
    # ("how many sources are in my Zotero library?") unless that names it.
    helping = asks_for_help(request.query)
    scored = {
        r: len(asked & w)
        for r, w in words.items()
        if helping or not all(is_standing(row) for row in held.get(r, ()))
    }
    top = max(scored.values(), default=0)
    best = [r for r, n in scored.items() if n == top]
    # The relation's messages must say at least half of what the question asks: one word of
    # four met in a long message ("budget" for "what is my total budget for holiday gifts?")
    # is chance, not the relation. A name the question gives ("before Lanternfield Trust?")
    # may be a value never told as this relation: it counts when met, not when missed.
    needed = asked - names_in(request.query) - terms(" ".join(roles_of(request.query)))
    return best[0] if top and 2 * top >= len(needed) and len(best) == 1 else None


def names_in(query: str) -> frozenset[str]:
    """The tokens of the capitalised words of ``query`` after its first."""
    words = query.split()[1:]
    return terms(" ".join(w for w in words if w[:1].isupper()))


# Words that say whose, and what kind of question, not which relation.
_WH = frozenset({"who", "whom", "whose", "what", "which", "where", "when", "how", "why"})
_AUXILIARY = frozenset({
    "is", "are", "am", "was", "were", "do", "does", "did", "has", "have", "had", "will",
    "would", "can",
})  # fmt: skip
_PERSONAL = frozenset({
    "i", "me", "my", "mine", "myself", "you", "your", "he", "him", "his", "she", "her",
    "they", "them", "their", "we", "us", "our",
})  # fmt: skip


# "How many" / "how much" asks for a count, not for a relation.
COUNTING = frozenset(terms("many much"))


def _relation_words(query: str, subject: str) -> str:
    """What is left of ``query`` once the words about whose and when are taken out: "Where
    does my aunt Mireille work out these days?" -> "work out"; "What does Hamid do for a
    living?" -> "do for a living" (the auxiliary after the question word goes, a verb stays)."""
    gone = _WH | _PERSONAL | set(subject.split()) | set(roles_of(query))
    words = [_bare(w.strip('.,;:!?"()[]')) for w in untimed(query).split()]
    folded = [w.casefold() for w in words]
    return " ".join(
        word
        for at, (word, fold) in enumerate(zip(words, folded, strict=True))
        if word
        and fold not in gone
        and not (at > 0 and folded[at - 1] in _WH and fold in _AUXILIARY)
    )


def _by_meaning(meaning: Meaning, relations: list[str], words: str) -> str | None:
    """The relation whose name the question's words are clearly nearest, if any."""
    if not relations:
        return None
    near = sorted(zip(meaning(relations, words), relations, strict=True), reverse=True)
    top, relation = near[0]
    second = near[1][0] if len(near) > 1 else 0.0
    return relation if top >= MEANING_FLOOR and top - second >= MEANING_MARGIN else None


def _leader(votes: Iterable[tuple[str, float]]) -> str | None:
    """The key with at least ``DOMINANT`` of the votes' weight, if any."""
    total: dict[str, float] = defaultdict(float)
    for key, weight in votes:
        total[key] += weight
    whole = sum(total.values())
    if whole <= 0:
        return None
    key, weight = max(total.items(), key=lambda kv: (kv[1], kv[0]))
    return key if weight / whole >= DOMINANT else None
