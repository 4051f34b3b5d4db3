"""The workload `neo4j-local train` runs against a server that records an AOT cache.

Java 25 can keep, between runs of a JVM, the classes it loaded and linked and the profiles
of the methods it ran (JEP 483, 514, 515). A Neo4j server started with such a cache begins
where this run left off: its first Cypher statements are planned and compiled by code that
is already loaded and profiled, not by a cold JVM (bench/neo4j_cold_start.py has the
figures). So this workload does what graphmem asks of a server: open a fresh database,
write messages (facts, supersession, an external source), recall, read facts and history,
forget an episode and an entity, and open again.

    .venv/bin/python tools/neo4j/aot_training.py bolt://127.0.0.1:PORT
"""

from __future__ import annotations

import sys
from datetime import UTC, datetime, timedelta

from graphmem import Memory

_MESSAGES = [
    "I live in Lisbon and work at Acme as a data engineer.",
    "My sister Ana lives in Porto; she is a nurse.",
    "I prefer window seats and I am allergic to peanuts.",
    "Please never book flights before 9am.",
    "I just moved to Madrid.",
    "Ana switched jobs: she works at the city hospital now.",
    "My dentist is Dr. Rui Costa.",
    "We booked a table for four at the harbour place on Friday.",
]
_QUESTIONS = [
    "where do I live now?",
    "where did I live before Madrid?",
    "what does Ana do?",
    "anything I should know before booking a flight?",
    "who is my dentist?",
]


def main(uri: str) -> None:
    start = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
    for round_ in range(2):  # the second round meets a schema that exists (a restart)
        memory = Memory.neo4j(uri)
        try:
            ns = f"aot-training-{round_}"
            written = []
            for day, text in enumerate(_MESSAGES * 2):
                at = start + timedelta(days=day)
                written.append(memory.remember(text, ns, at=at, session=f"s{day // 4}"))
            memory.remember("Ana's email says the party moved to Saturday.", ns, source="email")
            for question in _QUESTIONS:
                memory.recall(question, ns)
            facts = memory.facts(ns)
            if facts:
                memory.history(facts[0].id, ns)
            memory.forget(ns, episode=written[0].episode_id)
            memory.forget(ns, entity="Rui Costa")
            memory.recall("where do I live?", ns)
        finally:
            memory.close()


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: aot_training.py bolt://HOST:PORT")
    main(sys.argv[1])
