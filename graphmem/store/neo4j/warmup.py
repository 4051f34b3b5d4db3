"""Recall's plans made before the first question.

Neo4j plans a statement the first time it sees it and caches the plan (per statement text,
parameter types and parameter size classes) for as long as the server runs.
Recall's candidate statements are large: planning them takes seconds on a fresh server
(bench/first_recall.py), and without this the agent's first question after a server restart
pays for it. So once a store knows its embedding size (``ensure_vectors``, when a Memory
opens on it), a background thread runs recall's statements with parameters of the types
and sizes a recall sends (recall.py's ``one_size`` keeps those few), in a namespace no
tenant can have, so they find nothing. Running rather than ``EXPLAIN``: EXPLAIN caches the
plan but leaves 0.3-0.5 s of building it for execution to the first question. On a server
that has the plans already this costs a few milliseconds; within one process it is done
once per server.

Planning ahead is a courtesy: it never raises and never delays anything. It sends each
statement only once the store has been idle for :data:`QUIET` seconds (the first for
:data:`QUIET_FIRST`; the store's
:class:`~graphmem.store.neo4j.connection.Activity`): planning takes the server's cores, and
on a fresh database on two cores, planning beside the first ``remember`` had made opening and
that ``remember`` take 10.4 s instead of 6.6 (bench/neo4j_cold_start.py). A caller that
keeps the store busy defers it; an agent's pauses (a user typing, a model answering) are
when it runs. It talks through a driver of its own, so a store closed while it plans leaves
the statement running to finish alone (closing the store's driver under a running query
would fail in the caller) and plans nothing more.
"""

from __future__ import annotations

import threading
from datetime import UTC, datetime
from typing import Any, ClassVar

import neo4j

from graphmem.model import GLOBAL, Authority, Sensitivity
from graphmem.store import cypher
from graphmem.store.base import Probe, RecallFilter
from graphmem.store.neo4j.reads import facts_params
from graphmem.store.neo4j.recall import Channels, candidate_statement, rows_params
from graphmem.store.neo4j.values import outgoing
from graphmem.store.rows import slot_key, slot_node_id
from graphmem.temporal import AsOf

# Placeholders: only the types and sizes of the values matter (the statements run in a
# namespace no tenant can have, see _nobody). Namespaces of up to 10 and of 11 to 100
# characters are two size classes (see recall.one_size).
_NAMESPACES = ("plan-ahead", "graphmem-plan-ahead")

# Seconds without a statement of the store's own before planning sends its next one: longer
# than the gaps between the statements of one remember or recall (milliseconds of Python).
QUIET = 0.25
# Seconds without one before the first: a program that opens the store and calls it at once
# spends its first call's first moments in Python (the extraction, the secret gate's tables),
# which looked idle — planning then ran beside that first remember (measured on a fresh
# database: open + first remember 4.7 s without it beside, 5.4-6.6 s with it). An agent that
# opens its memory and waits for its user still plans within seconds.
QUIET_FIRST = 2.0


def _nobody(namespace: str) -> str:
    """A namespace of the same length that no tenant can have (none starts with "-"): the
    statements run, so that the server also builds what it executes, and find nothing."""
    return "-" + namespace[1:]


class PlanAhead(Channels):
    """Plans recall's statements on the server, in the background."""

    # Set once planning ahead has ended: done, failed, or left to another store of this
    # process on the same server.
    planned: threading.Event
    _started: ClassVar[set[tuple[str, str | None, int]]] = set()
    _started_lock: ClassVar[threading.Lock] = threading.Lock()

    def plan_ahead(self, dimensions: int) -> None:
        """Start planning recall's statements for embeddings of ``dimensions``; returns at once."""
        key = (self.uri, self.database, dimensions)
        with self._started_lock:
            first = key not in self._started
            self._started.add(key)
        if not first or not self.in_index_filter:  # older servers: one query a channel
            self.planned.set()
            return
        thread = threading.Thread(
            target=self._plan_recall, args=(dimensions,), name="graphmem-plan-ahead", daemon=True
        )
        thread.start()

    def recall_plans(self, dimensions: int) -> list[tuple[str, dict[str, Any]]]:
        """The statements recall sends, with parameters of the types and sizes it sends them
        with: for each namespace size class, without a scope and with one (a list where the
        other has null is another plan)."""
        point = AsOf.of()
        unit = [1.0] + [0.0] * (dimensions - 1)  # a valid query vector, should it run
        probe = Probe("what is planned ahead", unit, ["planned"], limit=40)
        plans = []
        for namespace in _NAMESPACES:
            for scopes in (None, (GLOBAL, "planned")):
                where = RecallFilter(
                    point=point,
                    statuses=("active",),
                    authorities=tuple(a.value for a in Authority),
                    sensitivities=(Sensitivity.NORMAL.value,),
                    scopes=scopes,
                )
                params = self._candidates_params(
                    namespace, where, probe, exact_facts=False, exact_episodes=False
                )
                params["namespace"] = _nobody(namespace)
                plans += [
                    candidate_statement(name, params)
                    for name in (
                        "recall/candidates_facts",
                        "recall/candidates_episodes",
                        "recall/candidates_entity",
                    )
                ]
            rows = rows_params(namespace, ["planned"], ["planned"], point)
            plans.append(("recall/rows", {**rows, "namespace": _nobody(namespace)}))
        return plans

    def remember_plans(self) -> list[tuple[str, dict[str, Any]]]:
        """The reads a ``remember`` sends before it writes (its slots, its thread's turns),
        with parameters of the types it sends them with. A first ``remember`` on a database
        that was empty when the store opened skips them (Connection.unwritten): planned
        here, the second does not plan them either."""
        plans: list[tuple[str, dict[str, Any]]] = []
        now = datetime.now(UTC)
        day = "~" + now.date().isoformat()
        slot = slot_key("planned", "planned", GLOBAL)
        for namespace in _NAMESPACES:
            ns = _nobody(namespace)
            plans += [
                ("read/slot_versions", {"namespace": ns, "ids": [slot_node_id(ns, slot)]}),
                ("read/slot_statements", {"namespace": ns, "slots": [slot]}),
                ("read/facts_of_slots", facts_params(ns, [slot], history=False)),
                (
                    "read/thread_turns_around",
                    # A thread without a session is "~" and a date; any instant, any reach.
                    {"namespace": ns, "thread": day, "at": now, "reach": 3},
                ),
            ]
        return plans

    def _plan_recall(self, dimensions: int) -> None:
        done = False
        try:
            with (
                neo4j.GraphDatabase.driver(
                    self.uri, auth=self._auth, notifications_min_severity="OFF"
                ) as driver,
                driver.session(database=self.database) as session,
            ):
                # A remember's few reads first: the next call is as likely a remember.
                quiet = max(QUIET, QUIET_FIRST)
                for name, params in [*self.remember_plans(), *self.recall_plans(dimensions)]:
                    if not self.activity.wait_quiet(quiet):
                        return  # the store closed first
                    session.run(cypher.load(name), outgoing(params)).consume()
                    quiet = QUIET
                done = True
        except Exception:  # a courtesy: the first recall plans what this did not
            pass
        finally:
            if not done:  # another store of this process on the server may plan instead
                with self._started_lock:
                    self._started.discard((self.uri, self.database, dimensions))
            self.planned.set()
