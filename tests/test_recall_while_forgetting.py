"""Recall survives concurrent forgets (issue 37): a node deleted between an index hit and the
read of its properties is gone, not a ``TypeError`` from a null datetime. A real forgetting
process runs beside 2,000 recalls on Neo4j; any error but a ``GraphmemError`` fails."""

from __future__ import annotations

import json
import subprocess
import sys
import traceback
import uuid
from pathlib import Path

import pytest

from graphmem import Memory
from graphmem.errors import GraphmemError

pytestmark = pytest.mark.neo4j

FORGETTER = """
import json, sys
from graphmem import Memory
uri, ns, ids = sys.argv[1], sys.argv[2], json.loads(open(sys.argv[3]).read())
with Memory.neo4j(uri) as mem:
    for episode in ids:
        mem.forget(ns, episode=episode)
"""
CITIES = ["Austin", "Denver", "Boise", "Reno", "Tulsa", "Omaha", "Fresno", "Mesa"]


def test_two_thousand_recalls_beside_a_forgetting_process(neo4j_uri: str, tmp_path: Path) -> None:
    ns = f"race-{uuid.uuid4().hex[:8]}"
    with Memory.neo4j(neo4j_uri) as mem:
        ids = [
            mem.remember(
                f"I visited {CITIES[i % len(CITIES)]} with Ana on trip {i}.", ns
            ).episode_id
            for i in range(240)
        ]
        listed = tmp_path / "ids.json"
        listed.write_text(json.dumps(ids))
        forgetter = subprocess.Popen([sys.executable, "-c", FORGETTER, neo4j_uri, ns, str(listed)])
        unexpected: list[str] = []  # tracebacks: a race names where it struck
        try:
            for n in range(2000):
                try:
                    mem.recall(f"trip to {CITIES[n % len(CITIES)]} with Ana", ns, k=10)
                except GraphmemError:
                    pass  # a named failure is an answer; anything else is a bug
                except Exception as exc:
                    unexpected.append("".join(traceback.format_exception(exc)))
        finally:
            forgetter.wait(timeout=600)
        assert forgetter.returncode == 0
        assert unexpected == []
        assert mem.recall("trip to Austin with Ana", ns) == []  # every episode forgotten
