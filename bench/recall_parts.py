"""Where a Neo4j recall's time goes, on a namespace a ``bench/scale.py --keep`` run left.

Two views of the same questions (``recall_latency``'s world, as ``scale.py`` asks them):

* **steps**: marks around each step of every recall (the candidate statements sent, the
  fact statement's row, the other rows, scoring, the ``recall/rows`` round trip, the
  evidence), p50 of each in ms;
* **leave one out**: recall as shipped, with a scope (every fact of this world is global,
  so it admits the same), without its entity statement, without its episode statement,
  without either, beside the one-query ceiling, the same bare searches over
  episodes too (``cypher/bench/recall_ceiling_episodes`` sent beside the ceiling, each on a
  connection of its own, as recall sends its statements: the fewest index work recall's fact
  and episode channels need) and four statements that do nothing — blocks of 20
  questions in shuffled order, p50 wall and the CPU a recall of the client and
  (``--server-pid``) of the server.

    .venv/bin/python bench/recall_parts.py --namespace scale-<run> --server-pid <pid>

The namespace must hold about ``--facts`` claims of that world (the people asked about).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import defaultdict
from collections.abc import Callable
from typing import Any

import neo4j
from _common import DEFAULT_NEO4J, CpuMeter, machine
from scale import open_world

import graphmem.read.recall as recall_module
from graphmem import Memory
from graphmem.store import cypher
from graphmem.store.neo4j import connection, lucene_query

K = 10


def _marked(owner: Any, name: str, tag: str, marks: list[tuple[str, float]]) -> None:
    """Wrap ``owner.name`` so that every call appends (tag + ">", start) and (tag + "<", end)."""
    inner = getattr(owner, name)

    def timed(*args: Any, **kwargs: Any) -> Any:
        marks.append((f"{tag}>", time.perf_counter()))
        try:
            return inner(*args, **kwargs)
        finally:
            marks.append((f"{tag}<", time.perf_counter()))

    setattr(owner, name, timed)


def steps(mem: Memory, namespace: str, questions: list[str]) -> dict[str, float]:
    """p50 ms of each step of a recall."""
    marks: list[tuple[str, float]] = []
    _marked(mem.store, "_send_at_once", "send", marks)
    _marked(connection, "_one_row", "row", marks)
    _marked(mem.store, "recall_rows", "rows", marks)
    _marked(recall_module, "_order_within", "order", marks)
    spans: dict[str, list[float]] = defaultdict(list)
    for question in questions:
        marks.clear()
        started = time.perf_counter()
        mem.recall(question, namespace=namespace, k=K)
        ended = time.perf_counter()
        first: dict[str, float] = {}
        last: dict[str, float] = {}
        for tag, at in marks:
            first.setdefault(tag, at)
            last[tag] = at
        for name, begin, end in (
            ("before the statements leave", started, first["send>"]),
            ("sending the candidate statements", first["send>"], last["send<"]),
            ("until the fact statement's row", last["send<"], first["row<"]),
            ("reading the other candidate rows", first["row<"], first["order>"]),
            ("scoring", first["order>"], first["rows>"]),
            ("recall/rows", first["rows>"], last["rows<"]),
            ("the evidence", last["rows<"], ended),
            ("whole recall", started, ended),
        ):
            spans[name].append(1000 * (end - begin))
    return {name: statistics.median(values) for name, values in spans.items()}


def leave_one_out(
    mem: Memory, driver: neo4j.Driver, namespace: str, questions: list[str], server_pid: int | None
) -> dict[str, tuple[float, float, float | None]]:
    """p50 ms, client and server CPU ms a recall, for each variant."""
    ceiling = cypher.load("bench/recall_ceiling")
    ceiling_episodes = cypher.load("bench/recall_ceiling_episodes")
    nothing_query = cypher.load("bench/nothing")
    named = recall_module.query_entity_keys

    def no_entities(query: str) -> list[str]:
        return []

    def variant(entities: bool, episodes: bool, scope: str | None = None) -> Callable[[str], None]:
        def ask(question: str) -> None:
            recall_module.query_entity_keys = named if entities else no_entities
            mem.recall(question, namespace=namespace, k=K, include_episodes=episodes, scope=scope)

        return ask

    def ceiling_params(question: str, vector: list[float]) -> Any:
        lucene = lucene_query(namespace, question)
        return {"namespace": namespace, "vector": vector, "lucene": lucene, "limit": K * 4}

    def one_query(question: str) -> None:
        vector = mem.embedder.embed([question])[0]
        params = ceiling_params(question, vector)
        driver.execute_query(ceiling, params, routing_=neo4j.RoutingControl.READ)

    def with_episodes(question: str) -> None:
        vector = mem.embedder.embed([question])[0]
        sent = []
        for query in (ceiling, ceiling_episodes):
            session = driver.session(default_access_mode=neo4j.READ_ACCESS)
            params = ceiling_params(question, vector)
            sent.append((session, session.run(query, params)))
        for session, result in sent:
            result.consume()
            session.close()

    def nothing(_: str) -> None:
        for _round in range(4):
            with driver.session(default_access_mode=neo4j.READ_ACCESS) as session:
                session.run(nothing_query).consume()

    variants: dict[str, Callable[[str], None]] = {
        "recall as shipped": variant(True, True),
        "recall with a scope": variant(True, True, "project:elsewhere"),
        "without the entity statement": variant(False, True),
        "without the episode statement": variant(True, False),
        "without either": variant(False, False),
        "the one-query ceiling": one_query,
        "the ceiling, and its searches over episodes beside it": with_episodes,
        "four statements that do nothing": nothing,
    }
    walls: dict[str, list[float]] = {name: [] for name in variants}
    meters = {name: CpuMeter(server_pid) for name in variants}
    for question in questions[:20]:  # plans made, caches warm
        for ask in variants.values():
            ask(question)
    rng = random.Random(5)
    for block in range(20, len(questions), 20):
        for name in rng.sample(list(variants), len(variants)):
            for question in questions[block : block + 20]:
                with meters[name].time():
                    started = time.perf_counter()
                    variants[name](question)
                    walls[name].append(1000 * (time.perf_counter() - started))
    recall_module.query_entity_keys = named
    out = {}
    for name, meter in meters.items():
        client, server = meter.per_block()
        out[name] = (
            statistics.median(walls[name]),
            1000 * client,
            None if server is None else 1000 * server,
        )
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--uri", default=DEFAULT_NEO4J)
    parser.add_argument("--namespace", required=True, help="a namespace scale.py --keep left")
    parser.add_argument("--facts", type=int, default=100_000, help="claims it was grown by")
    parser.add_argument("--queries", type=int, default=300)
    parser.add_argument("--server-pid", type=int, default=None)
    args = parser.parse_args()
    mem, driver, world = open_world(args.uri)
    world.written = args.facts
    questions = world.questions(args.queries + 20)
    try:
        parts = leave_one_out(mem, driver, args.namespace, questions, args.server_pid)
        timeline = steps(mem, args.namespace, questions[20:])
    finally:
        driver.close()
        mem.close()
    print(f"recall's parts on Neo4j, {args.namespace} ({machine()}), k={K}\n")
    print("| step of a recall | p50 ms |\n|---|---|")
    for name, value in timeline.items():
        print(f"| {name} | {value:.1f} |")
    print("\n| recall | p50 ms | CPU client + server ms |\n|---|---|---|")
    for name, (wall, client, server) in parts.items():
        cpu = f"{client:.1f} + {server:.1f}" if server is not None else f"{client:.1f} + —"
        print(f"| {name} | {wall:.1f} | {cpu} |")


if __name__ == "__main__":
    main()
