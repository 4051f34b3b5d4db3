"""FactConsolidation (MemoryAgentBench, Conflict_Resolution): the dataset adapter.

The file holds two subsets that share one context: ``data[0]`` multi-hop and
``data[1]`` single-hop (the reverse of its ``subsets`` list). The context is 455
numbered facts, one per line, each written from one of a few dozen sentence
templates (MQuAKE's relation templates); a higher-numbered fact overrides an
earlier one about the same subject and relation.

This module is pure (no graphmem, no services). It turns

* each context line into a :class:`Triple` through :data:`RELATIONS`, a table
  of sentence templates, one per predicate;
* each question into a :class:`Chain` — an anchor entity and the predicates to
  follow from it, in order:

  - a question written from a single-hop question template (also in
    :data:`RELATIONS`) whose slot names a known subject is one lookup;
  - any other question (the multi-hop ones are free paraphrases, e.g. "What is
    the country of citizenship of the spouse of the author of X?") is *planned*:
    its anchor is the longest context entity named in it, its relation cues come
    from :data:`CUES` (a phrase may stand for several predicates, e.g. "language"),
    and the order of the hops is the one under which the chain exists in the
    context graph — all versions of every fact, so the plan never depends on which
    value is current. Paraphrases that leave a hop unsaid ("the sport of Daniele
    De Rossi" goes through his position) may get one implicit hop from
    :data:`BRIDGES`. The cheapest plan wins; its cost counts implicit hops, weak
    cues left out, cues read as other than their first predicate, and the distance
    from the reversed order of the cues in the text ("the X of the Y of Z" reads as
    Z → Y → X). The next-cheapest plans ride along as alternatives.

Scoring is SQuAD-style normalised exact match (:func:`normalize_answer`).
"""

from __future__ import annotations

import functools
import itertools
import json
import re
import string
from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

DATA_RELPATH = Path("shared") / "data" / "factconsolidation" / "factconsolidation_official_6k.json"
Subset = Literal["multi_hop", "single_hop"]
MULTI_HOP: Subset = "multi_hop"
SINGLE_HOP: Subset = "single_hop"
# data[i] -> subset; the file's `subsets` list is in the other order.
SUBSET_INDEX: dict[Subset, int] = {MULTI_HOP: 0, SINGLE_HOP: 1}


def default_data_path(repo: Path | None = None) -> Path:
    """``<repo>/../shared/data/factconsolidation/factconsolidation_official_6k.json``."""
    root = repo if repo is not None else Path(__file__).resolve().parent.parent
    return root.parent / DATA_RELPATH


# ---- the relation table ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Relation:
    """A predicate: the sentence template that states it and its single-hop question forms.

    Templates use ``{s}`` (the subject) and ``{o}`` (the object); question forms use ``{s}``.
    Matching is on the whole line, so a template's fixed words decide between relations.
    """

    predicate: str
    template: str
    questions: tuple[str, ...] = ()


RELATIONS: tuple[Relation, ...] = (
    Relation("born_in", "{s} was born in the city of {o}",
             ("Which city was {s} born in?", "Where was {s} born?")),
    Relation("died_in", "{s} died in the city of {o}",
             ("Which city did {s} die in?", "Where did {s} die?")),
    Relation("worked_in", "{s} worked in the city of {o}",
             ("Which city did {s} work in?",)),
    Relation("plays_position", "{s} plays the position of {o}",
             ("What position does {s} play?",)),
    Relation("continent", "{s} is located in the continent of {o}",
             ("Which continent is {s} located in?",)),
    Relation("director", "The director of {s} is {o}",
             ("Who is the director of {s}?",)),
    Relation("spouse", "{s} is married to {o}",
             ("Who is {s} married to?",)),
    Relation("headquarters_in", "The headquarters of {s} is located in the city of {o}",
             ("Which city is the headquarter of {s} located in?",
              "Which city is the headquarters of {s} located in?")),
    Relation("author", "The author of {s} is {o}",
             ("Who is the author of {s}?",)),
    Relation("ceo", "The chief executive officer of {s} is {o}",
             ("Who is the chief executive officer of {s}?",)),
    Relation("educated_at", "The univeristy where {s} was educated is {o}",
             ("Which university was {s} educated at?",)),
    Relation("founded_in", "{s} was founded in the city of {o}",
             ("Where was {s} founded?",)),
    Relation("founded_by", "{s} was founded by {o}",
             ("Who founded {s}?", "Who was {s} founded by?")),
    Relation("sport", "{s} is associated with the sport of {o}",
             ("Which sport is {s} associated with?",)),
    Relation("capital", "The capital of {s} is {o}",
             ("What is the capital of {s}?",)),
    Relation("citizen_of", "{s} is a citizen of {o}",
             ("What is the country of citizenship of {s}?",)),
    Relation("performer", "{s} was performed by {o}",
             ("Who performed {s}?",)),
    Relation("speaks", "{s} speaks the language of {o}",
             ("What language does {s} speak?", "Which language does {s} speak?")),
    Relation("famous_for", "{s} is famous for {o}",
             ("What is {s} famous for?",)),
    Relation("employer", "{s} is employed by {o}",
             ("Who is the employer of {s}?",)),
    Relation("chairperson", "The chairperson of {s} is {o}",
             ("Who is the chairperson of {s}?",)),
    Relation("head_of_government", "The name of the current head of the {s} government is {o}",
             ("What is the name of the current head of the {s} government?",)),
    # One line says it otherwise: "The Prime Minister of Sweden is Stefan Löfven."
    Relation("head_of_government", "The Prime Minister of {s} is {o}",
             ("Who is the Prime Minister of {s}?",)),
    Relation("head_of_state", "The name of the current head of state in {s} is {o}",
             ("What is the name of the current head of state in {s}?",)),
    Relation("child", "{s}'s child is {o}",
             ("Who is {s}'s child?",)),
    Relation("religion", "{s} is affiliated with the religion of {o}",
             ("Which religion is {s} affiliated with?",)),
    Relation("developer", "{s} was developed by {o}",
             ("Who is the developer of {s}?", "Who developed {s}?")),
    Relation("country_of_origin", "{s} was created in the country of {o}",
             ("Which country was {s} created in?",)),
    Relation("creator", "{s} was created by {o}",
             ("Who was {s} created by?", "Who created {s}?")),
    Relation("manufacturer", "The company that produced {s} is {o}",
             ("Which company is {s} produced by?", "Which company produced {s}?")),
    Relation("occupation", "{s} works in the field of {o}",
             ("What kind of work does {s} do?",)),
    Relation("official_language", "The official language of {s} is {o}",
             ("What is the official language of {s}?",)),
    Relation("language_of_work", "{s} was written in the language of {o}",
             ("Which language was {s} written in?", "What language was {s} written in?")),
    # sic: the dataset spells it "origianl".
    Relation("original_broadcaster", "The origianl broadcaster of {s} is {o}",
             ("Who is the original broadcaster of {s}?", "Who is the origianl broadcaster of {s}?",
              "Which company originally broadcast {s}?")),
    Relation("genre", "The type of music that {s} plays is {o}",
             ("What type of music does {s} play?",)),
)  # fmt: skip

PREDICATES: tuple[str, ...] = tuple(dict.fromkeys(r.predicate for r in RELATIONS))


def _compile(template: str) -> re.Pattern[str]:
    parts = re.split(r"(\{s\}|\{o\})", template)
    body = "".join(
        "(?P<s>.+?)" if p == "{s}" else "(?P<o>.+)" if p == "{o}" else re.escape(p) for p in parts
    )
    return re.compile(rf"^{body}$")


_FACT_PATTERNS: tuple[tuple[Relation, re.Pattern[str]], ...] = tuple(
    (r, _compile(r.template)) for r in RELATIONS
)
_QUESTION_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (r.predicate, _compile(q)) for r in RELATIONS for q in r.questions
)


# ---- the context ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Triple:
    number: int
    subject: str
    predicate: str
    object: str
    sentence: str


_LINE = re.compile(r"^(?P<n>\d+)\. (?P<text>.+)$")


def strip_sentence(text: str) -> str:
    """The sentence without its final full stop ("Washington, D.C.." -> "Washington, D.C.")."""
    text = text.strip()
    return text[:-1] if text.endswith(".") else text


def template_matches(sentence: str) -> list[tuple[str, str, str]]:
    """Every (subject, predicate, object) reading of one sentence (one, in a sound table)."""
    body = strip_sentence(sentence)
    found = []
    for relation, pattern in _FACT_PATTERNS:
        m = pattern.match(body)
        if m:
            found.append((m["s"].strip(), relation.predicate, m["o"].strip()))
    return found


def parse_fact(line: str) -> Triple | None:
    """One numbered context line as a triple, or None when no template (or several) fits."""
    m = _LINE.match(line.strip())
    if not m:
        return None
    readings = template_matches(m["text"])
    if len(readings) != 1:
        return None
    subject, predicate, obj = readings[0]
    return Triple(int(m["n"]), subject, predicate, obj, m["text"])


def fact_lines(context: str) -> list[str]:
    """The numbered lines of the context (the header and blank lines dropped)."""
    return [line for line in context.splitlines() if _LINE.match(line.strip())]


def parse_context(context: str) -> tuple[list[Triple], list[str]]:
    """(triples in number order, lines that did not parse)."""
    triples: list[Triple] = []
    failed: list[str] = []
    for line in fact_lines(context):
        triple = parse_fact(line)
        if triple is None:
            failed.append(line)
        else:
            triples.append(triple)
    triples.sort(key=lambda t: t.number)
    return triples, failed


def key(name: str) -> str:
    """Entity matching as graphmem does it (``graphmem.model.entity_key``): casefold, spaces."""
    return " ".join(name.casefold().split())


class ContextGraph:
    """Every version of every fact, as edges; the plan checks its chains against it."""

    def __init__(self, triples: Iterable[Triple]) -> None:
        self.edges: dict[tuple[str, str], set[str]] = defaultdict(set)
        self.versions: dict[tuple[str, str], list[Triple]] = defaultdict(list)
        self.names: dict[str, str] = {}  # key -> first surface form
        self.subjects: set[str] = set()
        for t in sorted(triples, key=lambda t: t.number):
            s, o = key(t.subject), key(t.object)
            self.edges[(s, t.predicate)].add(o)
            self.versions[(s, t.predicate)].append(t)
            self.subjects.add(s)
            self.names.setdefault(s, t.subject)
            self.names.setdefault(o, t.object)
        # Anchors are found by their surface form, longest first.
        self._anchors = sorted({self.names[k] for k in self.subjects}, key=lambda n: (-len(n), n))

    def follow(self, start: Iterable[str], predicate: str) -> set[str]:
        return {o for s in start for o in self.edges.get((s, predicate), ())}

    def reaches(self, anchor: str, predicates: Sequence[str]) -> bool:
        frontier = {key(anchor)}
        for p in predicates:
            frontier = self.follow(frontier, p)
            if not frontier:
                return False
        return True

    def paths(self, anchor: str, predicates: Sequence[str]) -> list[list[Triple]]:
        """Every path of fact versions from ``anchor`` along ``predicates``."""
        found: list[list[Triple]] = [[]]
        for p in predicates:
            found = [
                [*path, t]
                for path in found
                for t in self.versions.get((key(path[-1].object if path else anchor), p), ())
            ]
        return found

    def anchors_in(self, text: str) -> list[tuple[int, int, str]]:
        """Context subjects named in ``text``: (start, end, name), longest first, no overlaps."""
        taken: list[tuple[int, int, str]] = []
        for name in self._anchors:
            pattern = re.compile(r"(?<![\w])" + re.escape(name) + r"(?![\w])")
            for m in pattern.finditer(text):
                if all(m.end() <= a or m.start() >= b for a, b, _ in taken):
                    taken.append((m.start(), m.end(), name))
        return taken


# ---- questions -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Cue:
    """Words that name a relation in a paraphrase, and the predicates they may stand for.

    ``weak`` cues may be left out of a plan (at a cost): they often only restate a hop
    another cue already names ("the educational institution where X was educated").
    An empty ``predicates`` marks filler that merely hides words from other cues.
    """

    pattern: str
    predicates: tuple[str, ...]
    weak: bool = False


CUES: tuple[Cue, ...] = (
    # filler first: phrases whose words would otherwise read as cues
    Cue(r"holds? the position of", ()),
    Cue(r"religious leader", ()),
    Cue(r"(?:a )?sports competition", ("sport",), weak=True),
    Cue(r"political (?:organization|entity)", ()),
    # relations
    Cue(r"capital", ("capital",)),
    Cue(r"citizen(?:ship)?s?", ("citizen_of",)),
    Cue(r"belong(?:s|ed)?(?: to)?|(?:was )?part of", ("citizen_of", "employer", "religion"),
        weak=True),
    Cue(r"hail(?:s|ed)? from", ("citizen_of", "country_of_origin")),
    Cue(r"(?:originally )?comes? from", ("citizen_of", "country_of_origin", "born_in"),
        weak=True),
    Cue(r"spouse|partner|married|wife|husband", ("spouse",)),
    Cue(r"author|writer", ("author",)),
    Cue(r"creator|created(?: by)?|creates?", ("creator", "author", "famous_for"), weak=True),
    Cue(r"(?:significant )?creation|notable work|famous(?: for)?", ("famous_for",)),
    Cue(r"known for", ("famous_for",), weak=True),
    Cue(r"sports?(?:person)?", ("sport",)),
    Cue(r"birthplace|place of birth|born", ("born_in", "country_of_origin")),
    Cue(r"(?:country )?of origin|origin(?:ate[sd]?|ated)?|originally made"
        r"|gave rise to|(?:first )?came from|first developed|developed",
        ("country_of_origin", "born_in", "founded_in")),
    Cue(r"come into existence|first established|established", ("founded_in", "founded_by")),
    Cue(r"continent", ("continent",)),
    Cue(r"pass(?:ed)? away|passed|die[sd]?|death|breathe[sd]? (?:his|her|their) last"
        r"|took (?:his|her|their) last breath|last breath",
        ("died_in",)),
    Cue(r"perform(?:er|ed|s)?", ("performer",)),
    Cue(r"director(?:/(?:manager|producer))?|manager", ("director",)),
    Cue(r"CEO|chief executive officer", ("ceo",)),
    Cue(r"chief executive|head of (?:the )?government|prime minister",
        ("head_of_government", "head_of_state")),
    Cue(r"head of state|chief of state", ("head_of_state", "head_of_government")),
    Cue(r"chair(?:person|man|woman)?", ("chairperson",)),
    Cue(r"work location|location of work|work hours|works? in the city", ("worked_in",)),
    Cue(r"employ(?:s|ed|er)?|works? for|worked", ("employer", "worked_in")),
    Cue(r"founder|found(?:ed|ing)", ("founded_by", "founded_in")),
    Cue(r"official languages?", ("official_language",)),
    Cue(r"languages?", ("speaks", "official_language", "language_of_work"), weak=True),
    Cue(r"(?:musical )?genre(?: of music)?|(?:type|kind) of music", ("genre",)),
    Cue(r"religious affiliation|religion|faith", ("religion",)),
    Cue(r"educational institution", ("educated_at",), weak=True),
    Cue(r"educat(?:ed|ion)|attended|studied|universit(?:y|ies)|alma mater", ("educated_at",)),
    Cue(r"headquarters?", ("headquarters_in",)),
    Cue(r"manufacturer", ("manufacturer",)),
    Cue(r"produced(?: by)?|made by|manufactured(?: by)?", ("manufacturer",), weak=True),
    Cue(r"professional role|job title|occupation|profession|kind of work", ("occupation",)),
    Cue(r"child|son|daughter|successor|offspring", ("child",)),
    Cue(r"developer", ("developer",)),
    Cue(r"position", ("plays_position",)),
    Cue(r"specializ(?:es|ed) in|specialty", ("plays_position",), weak=True),
    Cue(r"(?:original )?broadcaster|broadcast", ("original_broadcaster",)),
    Cue(r"location", ("headquarters_in", "founded_in", "worked_in"), weak=True),
)  # fmt: skip

_CUE_PATTERNS: tuple[tuple[Cue, re.Pattern[str]], ...] = tuple(
    (c, re.compile(rf"(?<![\w])(?:{c.pattern})(?![\w])", re.IGNORECASE)) for c in CUES
)

# Hops a paraphrase may leave unsaid: "the sport of <player>" goes through the position.
BRIDGES: tuple[str, ...] = (
    "plays_position",
    "sport",
    "performer",
    "original_broadcaster",
    "famous_for",
    "citizen_of",
    "founded_in",
)
MAX_HOPS = 5
# Plan costs: an implicit hop, a weak cue left out, a cue read as its n-th predicate.
BRIDGE_COST, DROP_COST, ALTERNATIVE_COST = 10, 4, 1


@dataclass(frozen=True, slots=True)
class Mention:
    start: int
    end: int
    text: str
    predicates: tuple[str, ...]
    weak: bool


@dataclass(frozen=True, slots=True)
class Chain:
    """What to look up: start at ``anchor`` and follow ``predicates`` in order."""

    anchor: str
    predicates: tuple[str, ...]
    how: Literal["template", "plan"]
    bridged: tuple[int, ...] = ()  # positions in ``predicates`` that no cue named
    mentions: tuple[Mention, ...] = ()
    cost: int = 0
    alternatives: tuple[tuple[str, ...], ...] = ()  # next-best readings, best first

    def describe(self) -> str:
        hops = [f"{p}*" if i in self.bridged else p for i, p in enumerate(self.predicates)]
        return " -> ".join([repr(self.anchor), *hops])


def find_mentions(text: str) -> list[Mention]:
    """Relation cues in ``text`` (table order decides between overlapping cues)."""
    found: list[Mention] = []
    for cue, pattern in _CUE_PATTERNS:
        for m in pattern.finditer(text):
            if all(m.end() <= f.start or m.start() >= f.end for f in found):
                found.append(Mention(m.start(), m.end(), m[0], cue.predicates, cue.weak))
    return sorted((f for f in found if f.predicates), key=lambda f: f.start)


def match_template(question: str) -> tuple[str, str] | None:
    """(subject, predicate) when the question is a single-hop question template."""
    q = " ".join(question.split())
    for predicate, pattern in _QUESTION_PATTERNS:
        m = pattern.match(q)
        if m:
            return _unquote(m["s"]), predicate
    return None


def _unquote(text: str) -> str:
    text = text.strip()
    if len(text) > 1 and text[0] == text[-1] and text[0] in "\"'":
        return text[1:-1]
    return text


def _inversions(order: Sequence[int]) -> int:
    """Distance from the reversed text order (the outermost relation is named first)."""
    return sum(1 for i, j in itertools.combinations(range(len(order)), 2) if order[i] < order[j])


def _plans(mentions: Sequence[Mention], max_bridges: int) -> Iterator[tuple[int, list[Any]]]:
    """(cost, [(predicate, mention index or None), ...]) for every arrangement to try."""
    strong = [i for i, m in enumerate(mentions) if not m.weak]
    weak = [i for i, m in enumerate(mentions) if m.weak]
    for n_kept in range(len(weak), -1, -1):
        for kept in itertools.combinations(weak, n_kept):
            used = sorted([*strong, *kept])
            if not used or len(used) > MAX_HOPS:
                continue
            drop_cost = DROP_COST * (len(weak) - n_kept)
            for order in itertools.permutations(used):
                order_cost = _inversions(order)
                choices = [mentions[i].predicates for i in order]
                for picks in itertools.product(*(range(len(c)) for c in choices)):
                    base = [(choices[k][p], order[k]) for k, p in enumerate(picks)]
                    alt_cost = ALTERNATIVE_COST * sum(1 for p in picks if p)
                    cost = drop_cost + alt_cost + order_cost
                    yield cost, base
                    for n_bridges in range(1, max_bridges + 1):
                        if len(base) + n_bridges > MAX_HOPS:
                            break
                        for spots in itertools.combinations_with_replacement(
                            range(len(base) + 1), n_bridges
                        ):
                            for extra in itertools.product(BRIDGES, repeat=n_bridges):
                                hops: list[Any] = list(base)
                                for spot, bridge in sorted(
                                    zip(spots, extra, strict=True), reverse=True
                                ):
                                    hops.insert(spot, (bridge, None))
                                yield cost + BRIDGE_COST * n_bridges, hops


def plan(
    question: str, graph: ContextGraph, *, max_bridges: int = 1, keep: int = 3
) -> Chain | None:
    """The cheapest chain from the anchor through the cued relations that exists in ``graph``.

    The next ``keep - 1`` cheapest distinct chains ride along as ``alternatives``: the
    all-versions graph cannot tell which reading of an ambiguous cue ("head of
    government") leads somewhere in the *current* facts.
    """
    anchors = graph.anchors_in(question)
    if not anchors:
        return None
    # The anchor: the longest context subject named (anchors_in is longest first).
    start, end, anchor = anchors[0]
    rest = question[:start] + " " * (end - start) + question[end:]
    mentions = find_mentions(rest)
    found: dict[tuple[str, ...], tuple[int, int, tuple[int, ...]]] = {}
    for n, (cost, hops) in enumerate(_plans(mentions, max_bridges)):
        predicates = tuple(p for p, _ in hops)
        if predicates in found and found[predicates][0] <= cost:
            continue
        if _repeats(predicates) or not graph.reaches(anchor, predicates):
            continue
        bridged = tuple(i for i, (_, m) in enumerate(hops) if m is None)
        found[predicates] = (cost, n, bridged)
    if not found:
        return None
    ranked = sorted(found.items(), key=lambda item: item[1][:2])[:keep]
    (predicates, (cost, _, bridged)), others = ranked[0], ranked[1:]
    return Chain(
        anchor=anchor,
        predicates=predicates,
        how="plan",
        bridged=bridged,
        mentions=tuple(mentions),
        cost=cost,
        alternatives=tuple(p for p, _ in others),
    )


def _repeats(predicates: Sequence[str]) -> bool:
    # The same relation twice in a row ("the spouse of the spouse") is never meant here.
    return any(a == b for a, b in itertools.pairwise(predicates))


def parse_question(question: str, graph: ContextGraph) -> Chain | None:
    """The chain a question asks for, or None when it cannot be read."""
    found = match_template(question)
    if found is not None and key(found[0]) in graph.subjects:
        subject, predicate = found
        return Chain(anchor=subject, predicates=(predicate,), how="template")
    return plan(question, graph)


# ---- the dataset ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Question:
    subset: Subset
    index: int
    qa_id: str
    text: str
    answers: tuple[str, ...]


@dataclass
class Dataset:
    triples: list[Triple]
    unparsed: list[str]
    questions: dict[Subset, list[Question]]
    source: dict[str, Any] = field(default_factory=dict)

    @functools.cached_property
    def graph(self) -> ContextGraph:
        return ContextGraph(self.triples)


def load(path: Path) -> Dataset:
    raw = json.loads(path.read_text(encoding="utf-8"))
    parts = raw["data"]
    contexts = {p["context"] for p in parts}
    if len(contexts) != 1:
        raise ValueError(f"{path}: expected one context shared by the subsets")
    triples, unparsed = parse_context(parts[0]["context"])
    questions: dict[Subset, list[Question]] = {}
    for subset, i in SUBSET_INDEX.items():
        part = parts[i]
        ids = part.get("metadata", {}).get("qa_pair_ids") or []
        questions[subset] = [
            Question(
                subset=subset,
                index=n,
                qa_id=ids[n] if n < len(ids) else f"{subset}_{n}",
                text=q,
                answers=tuple(a if isinstance(a, list) else [a]),
            )
            for n, (q, a) in enumerate(zip(part["questions"], part["answers"], strict=True))
        ]
    source = {k: raw.get(k) for k in ("dataset", "revision", "split", "subsets")}
    return Dataset(triples, unparsed, questions, source)


def latest_values(triples: Iterable[Triple]) -> dict[tuple[str, str], str]:
    """A reference reading of the context: the highest-numbered value per (subject, relation).

    Only a diagnostic — it separates question-reading errors from store errors; the
    benchmark's answers come from graphmem.
    """
    out: dict[tuple[str, str], str] = {}
    for t in sorted(triples, key=lambda t: t.number):
        out[(key(t.subject), t.predicate)] = t.object
    return out


def follow_reference(chain: Chain, latest: dict[tuple[str, str], str]) -> str | None:
    """The chain's answer over ``latest_values``; a reading that dead-ends gives way to the
    next alternative, as the benchmark does with the store."""
    for predicates in (chain.predicates, *chain.alternatives):
        current: str | None = chain.anchor
        for p in predicates:
            current = latest.get((key(current), p)) if current is not None else None
        if current is not None:
            return current
    return None


# ---- scoring -------------------------------------------------------------------------

_ARTICLES = re.compile(r"\b(a|an|the)\b")
_PUNCT = frozenset(string.punctuation)


def normalize_answer(text: str) -> str:
    """SQuAD normalisation: lower-case, drop punctuation and articles, collapse spaces."""
    text = text.lower()
    text = "".join(ch for ch in text if ch not in _PUNCT)
    text = _ARTICLES.sub(" ", text)
    return " ".join(text.split())


def exact_match(prediction: str | None, answers: Iterable[str]) -> bool:
    if prediction is None:
        return False
    got = normalize_answer(prediction)
    return any(got == normalize_answer(a) for a in answers)
