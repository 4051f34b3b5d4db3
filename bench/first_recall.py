"""The first question after a server restart: what planning recall's statement costs it,
and what planning ahead (graphmem/store/neo4j/warmup.py) saves.

A restart empties Neo4j's plan cache; this benchmark empties it with
``db.clearQueryCaches()`` (cypher/admin/query_caches_clear) instead, so only the planning
is measured, not a cold page cache. Then, each round, on the same small namespace:

* **no planning ahead**: open a store with ``plan_ahead=False``, ask at once;
* **asked at once**: open a store that plans ahead and ask at once (the thread and the
  question race for the same plan);
* **asked after planning ended**: open a store that plans ahead, wait until it is done
  (the time is printed), then ask.

Each row gives the first recall and the slowest of three more, each question of another
shape (a name or none, short or long, with a scope or not: shapes the server could plan
apart), in milliseconds; medians over the rounds. The store plans ahead once the Memory on
it knows its embedding size, so "open" includes creating the Memory.

    python bench/first_recall.py --uri bolt://127.0.0.1:7687 --rounds 5
"""

from __future__ import annotations

import argparse
import statistics
import time
import uuid

import neo4j
from _common import DEFAULT_NEO4J, machine

from graphmem import Claim, Memory
from graphmem.store import cypher
from graphmem.store.neo4j import Neo4jStore
from graphmem.store.neo4j.warmup import PlanAhead

QUESTIONS = (
    ("where does maya live", None),
    ("Tom?", None),
    (
        "what does tom like to drink on a long summer afternoon by the sea, and where is he now",
        None,
    ),
    ("who lives in Oslo", "project:atlas"),
)


def _seed(uri: str, namespace: str) -> None:
    memory = Memory.neo4j(uri)
    try:
        people = ["maya", "tom", "ana", "li", "sam"]
        claims = [
            Claim(p, "lives_in", city)
            for p, city in zip(people, ["Lisbon", "Oslo", "Lima", "Kyoto", "Quito"], strict=True)
        ]
        claims += [
            Claim(p, "likes", drink)
            for p, drink in zip(people, ["tea", "coffee", "mate", "sake", "juice"], strict=True)
        ]
        memory.remember(claims, namespace=namespace)
    finally:
        memory.close()


def _round(uri: str, namespace: str, driver: neo4j.Driver, mode: str) -> dict[str, float]:
    driver.execute_query(cypher.load("admin/query_caches_clear"))
    PlanAhead._started.clear()  # each round stands for a process of its own
    started = time.perf_counter()
    store = Neo4jStore(uri, plan_ahead=mode != "no planning ahead")
    memory = Memory(store=store)
    opened = time.perf_counter() - started
    try:
        figures = {"open": opened}
        if mode == "asked after planning ended":
            store.planned.wait(600)
            figures["planning ahead"] = time.perf_counter() - started
        took = []
        for question, scope in QUESTIONS:
            asked = time.perf_counter()
            memory.recall(question, namespace=namespace, scope=scope)
            took.append(time.perf_counter() - asked)
        figures["first"], figures["others"] = took[0], max(took[1:])
        store.planned.wait(600)  # a thread still planning would share the next round's server
        return figures
    finally:
        store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--uri", default=DEFAULT_NEO4J)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    namespace = f"first-recall-{uuid.uuid4().hex[:8]}"
    _seed(args.uri, namespace)
    modes = ("no planning ahead", "asked at once", "asked after planning ended")
    results: dict[str, list[dict[str, float]]] = {mode: [] for mode in modes}
    with neo4j.GraphDatabase.driver(args.uri, notifications_min_severity="OFF") as driver:
        try:
            for _ in range(args.rounds):
                for mode in modes:  # interleaved: every mode sees the same load
                    results[mode].append(_round(args.uri, namespace, driver, mode))
        finally:
            store = Neo4jStore(args.uri, plan_ahead=False)
            store.drop_namespace(namespace)
            store.close()
    print(f"\nfirst recall after the plan cache is emptied ({machine()}), {args.rounds} rounds")
    print("| mode | open ms | planning ahead ms | first recall ms | slowest of the next 3 ms |")
    print("|---|---|---|---|---|")
    for mode in modes:
        cells = [_median(results[mode], key) for key in ("open", "planning ahead", "first")]
        cells.append(_median(results[mode], "others"))
        print(f"| {mode} | " + " | ".join(cells) + " |")


def _median(rows: list[dict[str, float]], key: str) -> str:
    if key not in rows[0]:
        return "—"
    return f"{statistics.median(r[key] for r in rows) * 1000:.0f}"


if __name__ == "__main__":
    main()
