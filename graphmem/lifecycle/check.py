"""The invariant checker for auditors: what must hold of a namespace, and where it does not.

``check`` reads every statement and fact version of a namespace and reports:

* ``overlap`` — two versions of a one-valued slot (same lane, not candidates) that
  hold at one instant of valid time *and* were believed at one instant of belief
  time: the store would answer with two values;
* ``empty_window`` / ``inverted_belief`` — a validity that ends where or before it
  starts, a belief that ends before it starts;
* ``out_of_step`` — the believed versions of a slot are not what its standing
  statements derive (``graphmem.write.timeline``): a version too many or missing;
* ``dangling_statement`` — a version that names a statement that does not exist;
* ``unsupported`` — a believed version whose statements came from episodes but
  that links to none of them; ``broken_chain`` — a SUPERSEDES link between
  versions of different slots, or to a version that is gone;
* ``noncanonical_datetime`` — a datetime not stored as UTC with offset Z;
* ``projection_drift`` — on Neo4j, a fact whose (subject)-[:FACT]->(object) relationship
  is missing or says other bounds or status, or one left without its fact.

A healthy store reports nothing. ``repair=True`` rewrites non-canonical datetimes
and writes the FACT relationships again (the migrations for stores written before
datetimes were canonical and before facts were projected); the other problems need a
person, so they are only reported.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from pydantic import Field

from graphmem.model import Model
from graphmem.store.base import FactFilter, GraphStore
from graphmem.store.changes import Row
from graphmem.temporal import END_OF_TIME
from graphmem.write.consolidate import is_candidate, piece_key
from graphmem.write.statements import live, one_valued
from graphmem.write.timeline import derive


class Problem(Model):
    """One broken invariant."""

    kind: str
    ids: list[str] = Field(default_factory=list, description="the records involved")
    detail: str


class CheckReport(Model):
    """What ``Memory.check`` found; ``ok`` when nothing."""

    namespace: str
    facts: int
    statements: int
    problems: list[Problem] = Field(default_factory=list)
    repaired: int = 0

    @property
    def ok(self) -> bool:
        return not self.problems


def check(store: GraphStore, namespace: str, *, repair: bool = False) -> CheckReport:
    repaired = 0
    if repair:
        repaired += store.canonicalise_datetimes(namespace)
        if store.fact_relation_drift(namespace):  # a store written before the projection
            repaired += store.rebuild_fact_relations(namespace)
    facts = store.facts(namespace, FactFilter(include_candidates=True))
    statements = store.statements_by_id(namespace, store.ids(namespace, "Statement"))
    problems = [
        *_windows(facts),
        *_overlaps(facts, statements),
        *_derivation(facts, statements),
        *_links(store, namespace, facts, statements),
        *(
            Problem(
                kind="noncanonical_datetime",
                ids=[str(row["id"])],
                detail=f"{row['label']}.{row['property']} = {row['value']} has a named zone",
            )
            for row in store.noncanonical_datetimes(namespace)
        ),
        *(
            Problem(
                kind="projection_drift",
                ids=[str(row["fact_id"])],
                detail=f"the fact's FACT relationship between its entities: {row['problem']}",
            )
            for row in store.fact_relation_drift(namespace)
        ),
    ]
    return CheckReport(
        namespace=namespace,
        facts=len(facts),
        statements=len(statements),
        problems=problems,
        repaired=repaired,
    )


def _by_slot(rows: Iterable[Row]) -> dict[str, list[Row]]:
    out: dict[str, list[Row]] = defaultdict(list)
    for row in rows:
        out[row["slot"]].append(row)
    return out


def _windows(facts: list[Row]) -> list[Problem]:
    problems = []
    for f in facts:
        if f["valid_until"] <= f["valid_from"]:
            problems.append(
                Problem(
                    kind="empty_window",
                    ids=[f["id"]],
                    detail=f"valid {f['valid_from'].isoformat()}..{f['valid_until'].isoformat()}",
                )
            )
        if f["retired_at"] < f["recorded_at"]:
            problems.append(
                Problem(
                    kind="inverted_belief",
                    ids=[f["id"]],
                    detail=(
                        f"believed {f['recorded_at'].isoformat()}..{f['retired_at'].isoformat()}"
                    ),
                )
            )
    return problems


def _overlaps(facts: list[Row], statements: list[Row]) -> list[Problem]:
    # Since when each slot holds one value: its first statement said so, or the day the
    # history taught it (learn_cardinality): before, two values at once were its right.
    one = {
        slot: min(s.get("learnt_at") or s["recorded_at"] for s in rows if s["cardinality"] == "one")
        for slot, rows in _by_slot(statements).items()
        if one_valued(rows)
    }
    problems = []
    for slot, versions in _by_slot(facts).items():
        if slot not in one:
            continue
        since = one[slot]
        rows = [r for r in versions if not is_candidate(r)]
        for i, a in enumerate(rows):
            for b in rows[i + 1 :]:
                if (a.get("lane") or "main") != (b.get("lane") or "main"):
                    continue
                valid = a["valid_from"] < b["valid_until"] and b["valid_from"] < a["valid_until"]
                believed = max(a["recorded_at"], b["recorded_at"], since) < min(
                    a["retired_at"], b["retired_at"]
                )
                if valid and believed:
                    problems.append(
                        Problem(
                            kind="overlap",
                            ids=[a["id"], b["id"]],
                            detail=(
                                f"{a['object_text']!r} and {b['object_text']!r} hold at once in "
                                f"a one-valued slot of {a['subject']} {a['predicate']}"
                            ),
                        )
                    )
    return problems


def _derivation(facts: list[Row], statements: list[Row]) -> list[Problem]:
    problems = []
    said_by_slot = _by_slot(statements)
    believed = _by_slot(f for f in facts if f["retired_at"] >= END_OF_TIME)
    for slot in sorted(set(said_by_slot) | set(believed)):
        said_here = said_by_slot.get(slot, [])
        runs = {r.key for r in derive(live(said_here), one_valued=one_valued(said_here))}
        held = {piece_key(f): f for f in believed.get(slot, [])}
        for key in sorted(set(held) - runs, key=str):
            problems.append(
                Problem(
                    kind="out_of_step",
                    ids=[held[key]["id"]],
                    detail="a believed version that the slot's statements do not derive",
                )
            )
        for key in sorted(runs - set(held), key=str):
            problems.append(
                Problem(
                    kind="out_of_step",
                    ids=[],
                    detail=f"the statements derive {key[0]} from {key[1].isoformat()}, "
                    "but no believed version holds it",
                )
            )
    return problems


def _links(
    store: GraphStore, namespace: str, facts: list[Row], statements: list[Row]
) -> list[Problem]:
    problems = []
    by_id = {f["id"]: f for f in facts}
    said_by_id = {s["id"]: s for s in statements}
    for f in facts:
        missing = [s for s in f.get("statements") or () if s not in said_by_id]
        if missing:
            problems.append(
                Problem(
                    kind="dangling_statement",
                    ids=[f["id"], *missing],
                    detail="the version names statements that do not exist",
                )
            )
    believed = [f["id"] for f in facts if f["retired_at"] >= END_OF_TIME]
    linked: dict[str, set[str]] = defaultdict(set)
    for link in store.support(namespace, believed) if believed else []:
        linked[link["fact_id"]].add(link["episode_id"])
    for fact_id in believed:
        episodes = {
            e
            for s in by_id[fact_id].get("statements") or ()
            for e in said_by_id.get(s, {}).get("episodes", [])
        }
        if episodes and not linked.get(fact_id):
            problems.append(
                Problem(
                    kind="unsupported",
                    ids=[fact_id],
                    detail="its statements came from episodes, but it links to none",
                )
            )
    for link in store.links(namespace, list(by_id)):
        new, old = by_id.get(link["new_id"]), by_id.get(link["old_id"])
        if new is None or old is None or new["slot"] != old["slot"]:
            problems.append(
                Problem(
                    kind="broken_chain",
                    ids=[link["new_id"], link["old_id"]],
                    detail=f"a {link['reason']!r} link between versions of different slots",
                )
            )
    return problems
