"""Current truth: when a one-valued fact changed, does recall's first item state the version
true now for a question about now, and the version true then for one about the past?

Seeded slots (a subject and a one-valued relation: where someone lives, works, their car,
gym, doctor, a child's school, ...; the relations, values, people and phrasings of
bench/data/current_truth_templates.py, or of the module ``--templates`` names) get 2-5
values over 2022-2026, told as text through ``Memory.remember(text, at=...)``; some
back-dated (an older change told after a newer one, with its real ``at``), some ending in a
tie (two changes with the same ``at``, not scored: the README does not say which holds).
Questions about now (no ``at``), then (``at`` inside an older version's validity) and the
past in words ("before Denver", "in March 2024", "last year") are asked with ``k=5``; the
first item is scored by the version it states (a fact by its value, an episode by what its
statement asserted). Public API only. A fifth of the slots are alone in their namespace (one
slot's versions against each other); the rest share namespaces of ten (a user, relatives, a
child), where slots of one relation compete.

    .venv/bin/python bench/current_truth.py [--store neo4j --uri bolt://127.0.0.1:7687]
    .venv/bin/python bench/current_truth.py --compare --quick     # both stores, 40 slots
    .venv/bin/python bench/current_truth.py --templates current_truth_templates_b --quick
        # another module of bench/data: other relations, values, people and phrasings
"""

from __future__ import annotations

import argparse
import importlib
import itertools
import random
import re
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

sys.path[:0] = [str(Path(__file__).resolve().parent), str(Path(__file__).resolve().parent / "data")]

import _common as common  # noqa: E402
import current_truth_templates as tpl  # noqa: E402

from graphmem import Evidence, Fact, Memory  # noqa: E402
from graphmem.read.request import Weights  # noqa: E402

START, END = datetime(2022, 1, 10, tzinfo=UTC), datetime(2026, 8, 1, tzinfo=UTC)
MIN_GAP, MARGIN = timedelta(days=240), timedelta(days=12)
SHARED, SOLO_SHARE = 10, 0.2
KINDS, STATES = ("now", "then", "before"), ("correct", "wrong", "other")
MONTH_NO = range(1, 13)
MONTHS = [datetime(2000, m, 1).strftime("%B") for m in MONTH_NO]
_ALT = re.compile(r"\{([^{}|]*)\|([^{}|]*)\}")


@dataclass(frozen=True)
class Person:
    first: bool
    name: str = ""
    label: str = ""


@dataclass
class Version:
    value: str
    change: datetime  # when it became true
    said: datetime  # the statement's ``at``
    text: str = ""
    early: datetime | None = None  # the earliest start a reading of its time words can give
    episode: str | None = None  # the episode that told it, and whether it produced a fact:
    extracted: bool = False  # set by ingest on each store


@dataclass
class Slot:
    idx: int
    ns: str
    person: Person
    relation: str
    versions: list[Version]
    tie: bool = False
    backdated: int | None = None  # the version told after all others

    def window(self, i: int, now: datetime) -> tuple[datetime, datetime]:
        """When version i surely holds, whatever the store makes of the time words."""
        end = (self.versions[i + 1].early or now) if i + 1 < len(self.versions) else now
        return self.versions[i].said + MARGIN, end - MARGIN


@dataclass(frozen=True)
class Question:
    slot: int
    kind: str
    text: str
    at: datetime | None
    expected: int
    tie: bool = False


@dataclass
class Outcome:
    state: str  # correct / wrong / other / tie-later / tie-earlier
    first: tuple[str, str]  # (kind, text) of the first item, for --compare
    later: bool = False  # states a later version than the expected one
    stale_above: bool = False
    current_missing: bool = False
    facts_hold: bool | None = None


@dataclass
class World:
    slots: list[Slot]
    questions: list[Question]
    namespaces: dict[str, list[int]] = field(default_factory=dict)


def article(value: str) -> str:
    return ("an " if value[0].lower() in "aeiou" else "a ") + value


def render(template: str, person: Person, form: str, **values: str) -> str:
    text = _ALT.sub(lambda m: m.group(1) if person.first else m.group(2), template)
    names = {"S": "I", "P": "my", "O": "me", "WE": "we", "SP": "I", "PP": "my"}
    if not person.first:
        sp, pp = tpl.PRONOUNS.get(person.label, ("they", "their"))
        names = {"S": form, "P": form + "'s", "O": person.name, "WE": form, "SP": sp, "PP": pp}
    for key in ("v", "old", "next"):
        if key in values:
            values["a" + key if key != "v" else "av"] = article(values[key])
    text = text.format_map(names | values)
    return text[0].upper() + text[1:]


def subject_form(rng: random.Random, person: Person, question: bool) -> str:
    if person.first:
        return "I"
    forms = [person.name, f"my {person.label} {person.name}"]
    return rng.choice([*forms, f"my {person.label}"] if question else forms)


def timeline(rng: random.Random, n: int, tie: bool) -> list[datetime]:
    distinct = n - 1 if tie else n
    while True:
        days = sorted(rng.randrange((END - START).days) for _ in range(distinct))
        if all(b - a >= MIN_GAP.days for a, b in itertools.pairwise(days)):
            dates = [START + timedelta(days=d, hours=rng.randrange(8, 21)) for d in days]
            return [*dates, dates[-1]] if tie else dates


def make_versions(rng: random.Random, slot: Slot, values: list[str], dates: list[datetime]) -> None:
    form = subject_form(rng, slot.person, question=False)
    first = rng.choice(tpl.RELATIONS[slot.relation]["first"])
    slot.versions = [
        Version(values[0], dates[0], dates[0], render(first, slot.person, form, v=values[0]))
    ]
    for i in range(1, len(dates)):
        timing, template = rng.choice(tpl.CHANGES[slot.relation])
        if slot.tie and i >= len(dates) - 2:
            plain = [c for c in tpl.CHANGES[slot.relation] if c[0] == "now" and "{old}" not in c[1]]
            timing, template = rng.choice(plain)
        change = said = early = dates[i]
        if timing == "since":
            change = early = change.replace(day=1, hour=0)
            said = change + timedelta(days=rng.randrange(60, 120), hours=rng.randrange(9, 20))
        elif timing == "last_month":
            early = change.replace(day=1, hour=0)
            said = (early + timedelta(days=32)).replace(day=rng.randrange(2, 26))
        elif timing == "weeks_ago":
            said = change + timedelta(days=rng.randrange(12, 17))
            early = said - timedelta(days=21)
        elif not (slot.tie and i >= len(dates) - 2):
            said = change + timedelta(days=rng.randrange(0, 7))
        if slot.tie and i == len(dates) - 1:  # said in sequence with the same ``at``
            change, said = slot.versions[-1].change, slot.versions[-1].said
        fill = {"v": values[i], "old": values[i - 1], "month": MONTHS[change.month - 1]}
        text = render(template, slot.person, subject_form(rng, slot.person, False), **fill)
        slot.versions.append(Version(values[i], change, said, text, early=early))


def ask(rng: random.Random, slot: Slot, now: datetime) -> list[Question]:
    rel, n, out = tpl.RELATIONS[slot.relation], len(slot.versions), []
    spans = [slot.window(i, now) for i in range(n - 1)]
    scored = [i for i in range(n - 1) if spans[i][1] - spans[i][0] > MARGIN]
    scored = [i for i in scored if not (slot.tie and i == n - 2)]

    def q(template: str, **values: str) -> str:
        return render(template, slot.person, subject_form(rng, slot.person, True), **values)

    for template in rng.sample(rel["now"], 2):
        out.append(Question(slot.idx, "now", q(template), None, n - 1, slot.tie))
    for i in rng.sample(scored, min(2, len(scored))):
        lo, hi = spans[i]
        at = lo + timedelta(seconds=rng.uniform(0, (hi - lo).total_seconds()))
        out.append(Question(slot.idx, "then", q(rng.choice(rel["then"])), at, i))
    for i in rng.sample(scored, min(2, len(scored))):
        nxt_ok = not (slot.tie and i + 1 >= n - 2)
        whens: list[str] = []
        lo, hi = spans[i]
        for y in range(lo.year, hi.year + 1):
            if datetime(y, 1, 1, tzinfo=UTC) >= lo and datetime(y + 1, 1, 1, tzinfo=UTC) <= hi:
                words = "last year" if y == now.year - 1 and rng.random() < 0.5 else f"in {y}"
                whens.append(words)
        fm = [datetime(y, m, 1, tzinfo=UTC) for y in range(lo.year, hi.year + 2) for m in MONTH_NO]
        if months := [a for a, b in itertools.pairwise(fm) if a >= lo and b <= hi]:
            m = rng.choice(months)
            whens.append(f"in {MONTHS[m.month - 1]} {m.year}")
        modes = (["next"] if nxt_ok else []) + (["when"] if whens else [])
        if not modes:
            continue
        mode = rng.choice(modes)
        template = rng.choice([t for md, t in tpl.BEFORE[slot.relation] if md == mode])
        text = q(template, next=slot.versions[i + 1].value, when=rng.choice(whens or [""]))
        out.append(Question(slot.idx, "before", text, None, i))
    return out


def use_templates(name: str) -> None:
    """Render from bench/data/<name>.py instead of current_truth_templates."""
    globals()["tpl"] = importlib.import_module(name)


def build(seed: int, n_slots: int, now: datetime) -> World:
    rng = random.Random(seed)
    relations = list(tpl.RELATIONS)
    n_solo = round(n_slots * SOLO_SHARE)
    sizes = [1] * n_solo + [SHARED] * ((n_slots - n_solo) // SHARED)
    if (rest := n_slots - sum(sizes)) > 0:
        sizes.append(rest)
    rng.shuffle(sizes)
    world = World([], [])
    for k, size in enumerate(sizes):
        ns = f"{tpl.PERSONAS[k % len(tpl.PERSONAS)]}-ct{k:03d}"
        names, labels = rng.sample(tpl.ADULT_NAMES, 3), rng.sample(tpl.ADULT_LABELS, 3)
        people = [Person(True)] + [Person(False, a, b) for a, b in zip(names, labels, strict=True)]
        child = Person(False, rng.choice(tpl.CHILD_NAMES), rng.choice(tpl.CHILD_LABELS))
        pairs = [(p, r) for p in people for r in relations if r not in tpl.CHILD_ONLY]
        pairs += [(child, r) for r in tpl.CHILD_ONLY]
        pool = {r: rng.sample(d["values"], len(d["values"])) for r, d in tpl.RELATIONS.items()}
        for person, relation in rng.sample(pairs, size):
            n = rng.choices([2, 3, 4, 5], weights=[3, 4, 3, 2])[0]
            tie = n >= 3 and rng.random() < 0.08
            slot = Slot(len(world.slots), ns, person, relation, [], tie=tie)
            values = [pool[relation].pop() for _ in range(n)]
            make_versions(rng, slot, values, timeline(rng, n, tie))
            if not tie and n >= 3 and rng.random() < 0.2:
                slot.backdated = rng.randrange(1, n - 1)
            world.slots.append(slot)
            world.namespaces.setdefault(ns, []).append(slot.idx)
            world.questions += ask(rng, slot, now)
    return world


def gold_claim(slot: Slot, version: Version) -> dict[str, object]:
    """What a model that reads the statement right returns: the one triple it states."""
    return {
        "subject": "user" if slot.person.first else slot.person.name,
        "predicate": slot.relation,
        "object": version.value,
        "kind": "fact",
        "valid_from": version.change.isoformat(),
        "confidence": 0.95,
        "quote": version.text,
    }


def ingest(mem: Memory, world: World, model: Any = None) -> None:
    """Every statement remembered as said; with ``model`` (the fake model server), its
    extraction is the statement's gold triple (``--extractor gold``)."""
    if model is not None:
        for relation in tpl.RELATIONS:  # a model-backed app names its one-valued relations
            mem.define_predicate(relation, cardinality="one")
    for ns, idxs in world.namespaces.items():
        told = sorted((v.said, s, i) for s in idxs for i, v in enumerate(world.slots[s].versions))
        late = [t for t in told if world.slots[t[1]].backdated == t[2]]
        for _, s, i in [t for t in told if t not in late] + late:
            version = world.slots[s].versions[i]
            if model is not None:
                model.script({"claims": [gold_claim(world.slots[s], version)]})
            result = mem.remember(version.text, namespace=ns, source="user", at=version.said)
            version.episode, version.extracted = result.episode_id, bool(result.fact_ids)


class Reader:
    """Maps evidence to the (slot, version) it states, within one namespace."""

    def __init__(self, mem: Memory, world: World, ns: str) -> None:
        self.mem, self.ns = mem, ns
        self.by_episode: dict[str, tuple[int, int]] = {}
        self.by_value: dict[str, tuple[int, int]] = {}
        for s in world.namespaces[ns]:
            for i, v in enumerate(world.slots[s].versions):
                if v.episode:
                    self.by_episode[v.episode] = (s, i)
                self.by_value[v.value.casefold()] = (s, i)
        self.facts: dict[str, Fact] = {}
        self.refresh()

    def refresh(self) -> None:
        for fact in self.mem.facts(self.ns, history=True, include_candidates=True):
            self.facts[fact.id] = fact

    def value(self, text: str) -> tuple[int, int] | None:
        text = text.casefold()
        if text in self.by_value:
            return self.by_value[text]
        found = [v for v in self.by_value if v in text or (len(text) > 3 and text in v)]
        return self.by_value[found[0]] if len(found) == 1 else None  # none, or ambiguous

    def states(self, ev: Evidence) -> tuple[int, int] | None:
        if ev.kind == "episode":
            return self.by_episode.get(ev.episode_id or "")
        if ev.fact_id and ev.fact_id not in self.facts:
            self.refresh()
        fact = self.facts.get(ev.fact_id or "")
        provenance = {self.by_episode.get(p.episode_id) for p in ev.episodes} - {None}
        found = self.value(str(fact.object)) if fact else None
        found = found or (provenance.pop() if len(provenance) == 1 else None)
        return found or self.value(ev.text)

    def holds(self, at: datetime | None) -> set[tuple[int, int]]:
        """The (slot, version)s ``facts`` says hold at ``at``."""
        facts = self.mem.facts(self.ns, at=at)
        return {hit for f in facts if (hit := self.value(str(f.object))) is not None}


def run(
    mem: Memory,
    world: World,
    sensitivity: str,
    model: Any = None,
    weights: Weights | None = None,
) -> tuple[list[Outcome], str, Counter[str]]:
    """Outcomes, a timing line, and what facts() says about ties and one-valued slots."""
    t0 = time.perf_counter()
    ingest(mem, world, model)
    ingest_s = time.perf_counter() - t0
    common.progress(f"ingested in {ingest_s:.1f} s")
    readers = {ns: Reader(mem, world, ns) for ns in world.namespaces}
    now_holds = {ns: r.holds(None) for ns, r in readers.items()}
    watch, outcomes = common.Stopwatch(), []
    for n, q in enumerate(world.questions):
        slot = world.slots[q.slot]
        reader = readers[slot.ns]
        with watch.time():
            found = mem.recall(
                q.text,
                namespace=slot.ns,
                at=q.at,
                k=5,
                max_sensitivity=sensitivity,
                weights=weights,
            )
        states = [reader.states(ev) for ev in found]
        top = states[0] if states else None
        if top is None or top[0] != q.slot:
            state = "other"
        elif q.tie and top[1] >= len(slot.versions) - 2:
            state = "tie-later" if top[1] == q.expected else "tie-earlier"
        else:
            state = "correct" if top[1] == q.expected else "wrong"
        first = (found[0].kind, found[0].text) if found else ("", "")
        out = Outcome(state, first, later=top is not None and top[1] > q.expected)
        if q.kind == "now":
            mine = [(r, st[1]) for r, st in enumerate(states) if st and st[0] == q.slot]
            current = [r for r, v in mine if v == q.expected]
            stale = [r for r, v in mine if v != q.expected and not (q.tie and v == q.expected - 1)]
            out.stale_above = bool(stale) and (not current or min(stale) < min(current))
            out.current_missing = bool(stale) and not current
            out.facts_hold = (q.slot, q.expected) in now_holds[slot.ns]
        elif q.kind == "then":
            out.facts_hold = (q.slot, q.expected) in reader.holds(q.at)
        outcomes.append(out)
        if n % 500 == 499:
            common.progress(f"  {n + 1}/{len(world.questions)} questions")
    held = {s.idx: {i for t, i in now_holds[s.ns] if t == s.idx} for s in world.slots}
    both = [s for s in world.slots if s.tie and all(v.extracted for v in s.versions[-2:])]
    ties: Counter[str] = Counter()
    for s in both:
        later, earlier = len(s.versions) - 1 in held[s.idx], len(s.versions) - 2 in held[s.idx]
        ties[("neither", "later only", "earlier only", "both")[later + 2 * earlier]] += 1
    ties["slots"], ties["multi"] = len(both), sum(len(v) > 1 for v in held.values())
    return outcomes, f"ingest {ingest_s:.1f} s; recall {watch.summary()}", ties


def rates(sel: list[Outcome]) -> str:
    """n, then the correct, wrong-version and other shares."""
    c = Counter(o.state for o in sel)
    return f"{len(sel):>6}" + "".join(f"{c[k] / max(len(sel), 1):>8.3f}" for k in STATES)


def report(world: World, outcomes: list[Outcome], timing: str, t: Counter[str], store: str) -> None:
    print(f"\n## {store}: {timing}")
    told = [(s.relation, v.extracted) for s in world.slots for v in s.versions]
    lost, said = Counter(r for r, x in told if not x), Counter(r for r, _ in told)
    print(
        f"statements that produced no fact (WriteResult.fact_ids empty): {lost.total()} of "
        f"{len(told)}; by relation: " + ", ".join(f"{r} {lost[r]}/{said[r]}" for r in tpl.RELATIONS)
    )
    pairs = list(zip(world.questions, outcomes, strict=True))
    scored = [(q, o) for q, o in pairs if not q.tie]
    by = [(q.kind, world.slots[q.slot].relation, o) for q, o in scored]
    w = max(12, *(len(r) + 1 for r in tpl.RELATIONS))  # the relation column
    for kind in KINDS:
        print(f"\n{kind}{ {'then': ' (by at=)', 'before': ' (in words)'}.get(kind, '') }")
        print(f"  {'relation':<{w}}{'n':>6}{'correct':>8}{'wrong':>8}{'other':>8}")
        for rel in [*tpl.RELATIONS, "all"]:
            print(f"  {rel:<{w}}{rates([o for k, r, o in by if k == kind and rel in ('all', r)])}")
        sel = [o for k, _, o in by if k == kind]
        first = {k: [o for o in sel if o.first[0] == k] for k in ("fact", "episode")}
        later = sum(o.later for o in sel if o.state == "wrong")
        print(f"  first item a fact{rates(first['fact'])}; an episode{rates(first['episode'])}")
        print(f"  wrong versions later than the expected one: {later}")
    print(f"\n  {'total':<{w}}{rates([o for _, o in scored])}")
    alone = {s for idx in world.namespaces.values() if len(idx) == 1 for s in idx}
    for name, want in (("alone in ns", True), (f"ns of {SHARED}", False)):
        print(f"  {name:<{w}}{rates([o for q, o in scored if (q.slot in alone) == want])}")
    empty = sum(o.first == ("", "") for _, o in scored)
    other = sum(o.state == "other" for _, o in scored)
    print(f"other = {empty} empty recalls + {other - empty} first items from another slot")
    now = [o for q, o in scored if q.kind == "now"]
    print(
        f"now questions with a superseded version above the current one in the top 5: "
        f"{sum(o.stale_above for o in now)} of {len(now)} "
        f"({sum(o.current_missing for o in now)} of them without the current one in the top 5)"
    )
    for kind in ("now", "then"):
        hold = [o for q, o in scored if q.kind == kind and o.facts_hold]
        print(
            f"{kind}: facts(at) holds the expected value for {len(hold)} of "
            f"{sum(q.kind == kind for q, _ in scored)}; first item there:{rates(hold)}"
        )
    back = [o for q, o in scored if q.kind == "now" and world.slots[q.slot].backdated is not None]
    print(f"now questions on slots with a back-dated arrival:{rates(back)}")
    ties = Counter(o.state for q, o in pairs if q.tie)
    print(f"slots for which facts() now holds two or more of their values at once: {t['multi']}")
    print(
        f"ties (not scored; {sum(s.tie for s in world.slots)} slots end in two changes with the "
        f"same at): where both produced a fact ({t['slots']} slots), facts() now holds the "
        f"later-said value only on {t['later only']}, the earlier-said only on "
        f"{t['earlier only']}, both on {t['both']}; the first item of the ties' now questions "
        f"states the later-said {ties['tie-later']}, the earlier-said {ties['tie-earlier']}, an "
        f"older version {ties['wrong']}, other {ties['other']}"
    )


def print_misses(world: World, outcomes: list[Outcome], n: int, kind: str = "now") -> None:
    """The first ``n`` questions of ``kind`` whose first item is not the version asked for."""
    print(f"\nmissed '{kind}' questions (first {n}):")
    pairs = [(q, o) for q, o in zip(world.questions, outcomes, strict=True) if q.kind == kind]
    for q, o in [(q, o) for q, o in pairs if not q.tie and o.state != "correct"][:n]:
        slot = world.slots[q.slot]
        want = slot.versions[q.expected].value
        print(f"  [{o.state}] {q.text!r} want {want!r} ({slot.relation}); first {o.first}")
        for i, v in enumerate(slot.versions):  # what was told, in the order of its dates
            mark = "*" if i == q.expected else " "
            fact = "fact" if v.extracted else "    "
            print(f"     {mark} {v.said:%Y-%m-%d} {fact} {v.text!r}")


def one_store(args: argparse.Namespace, store: str, world: World) -> list[Outcome]:
    names = list(world.namespaces)
    if store == "neo4j":
        common.drop_neo4j_namespaces(args.uri, names)  # leftovers of an interrupted run
    try:
        if args.extractor == "gold":
            with common.obedient_memory(store, args.uri) as (mem, server):
                outcomes, timing, facts_say = run(
                    mem, world, args.sensitivity, server, args.weights.for_memory(mem)
                )
        else:
            with common.open_memory(store, uri=args.uri) as mem:
                outcomes, timing, facts_say = run(
                    mem, world, args.sensitivity, weights=args.weights.for_memory(mem)
                )
    finally:
        if store == "neo4j":
            common.drop_neo4j_namespaces(args.uri, names)
    report(world, outcomes, timing, facts_say, store)
    if args.misses:
        print_misses(world, outcomes, args.misses, args.misses_kind)
    return outcomes


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--slots", type=int, default=520)
    parser.add_argument("--quick", action="store_true", help="40 slots")
    parser.add_argument("--store", choices=["embedded", "neo4j"], default="embedded")
    parser.add_argument("--uri", default=common.DEFAULT_NEO4J)
    parser.add_argument("--compare", action="store_true", help="run both stores")
    parser.add_argument("--sensitivity", default="sensitive", help="recall's max_sensitivity")
    parser.add_argument("--misses", type=int, default=0, help="print this many missed questions")
    parser.add_argument("--misses-kind", choices=KINDS, default="now", help="of this kind")
    parser.add_argument(
        "--extractor",
        choices=["offline", "gold"],
        default="offline",
        help="offline: the default extractor reads the statements; gold: a model (the fake "
        "server) returns each statement's one triple, so only recall's ranking is measured",
    )
    parser.add_argument(
        "--templates",
        default="current_truth_templates",
        help="the module in bench/data with the relations, phrasings and names",
    )
    parser.add_argument(
        "--weights",
        type=common.parse_weights,
        default=common.parse_weights("default"),
        help="recall's weights, as in bench/locomo.py (default: the library default)",
    )
    args = parser.parse_args(argv)
    use_templates(args.templates)
    started, now = time.perf_counter(), datetime.now(UTC)
    print(f"# bench/current_truth.py, {now:%Y-%m-%d %H:%M} UTC, {common.machine()}")
    print(f"# command: {' '.join([Path(sys.argv[0]).name, *sys.argv[1:]])}")
    print(f"# extractor: {args.extractor}; weights: {args.weights.label}")
    if args.templates != "current_truth_templates":
        print(f"# templates: {args.templates}")
    world = build(args.seed, 40 if args.quick else args.slots, now)
    kinds = Counter(q.kind for q in world.questions if not q.tie)
    print(
        f"{len(world.slots)} slots in {len(world.namespaces)} namespaces "
        f"({sum(len(v) == 1 for v in world.namespaces.values())} alone, the rest up to {SHARED} "
        f"a namespace); {sum(len(s.versions) for s in world.slots)} statements, "
        f"{sum(s.backdated is not None for s in world.slots)} slots with a back-dated arrival, "
        f"{sum(s.tie for s in world.slots)} ending in a tie; questions: "
        + ", ".join(f"{k} {kinds[k]}" for k in KINDS)
        + f", ties {sum(q.tie for q in world.questions)}; recall max_sensitivity={args.sensitivity}"
    )
    stores = ["embedded", "neo4j"] if args.compare else [args.store]
    results = {store: one_store(args, store, world) for store in stores}
    if args.compare:
        a, b = results["embedded"], results["neo4j"]
        differ = sum(x.first != y.first for x, y in zip(a, b, strict=True))
        verdict = sum(x.state != y.state for x, y in zip(a, b, strict=True))
        print(
            f"\ncompare: {differ} of {len(a)} questions got a different first item on the two "
            f"stores; {verdict} a different verdict"
        )
        for q, x, y in zip(world.questions, a, b, strict=True):
            if x.first != y.first:
                print(f"  {q.text!r}: embedded {x.first}, neo4j {y.first}")
    print(f"\nrun time {time.perf_counter() - started:.1f} s")


if __name__ == "__main__":
    main()
