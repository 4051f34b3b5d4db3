"""Shared pytest fixtures for graphmem's tests."""

import os

import pytest

# --- Neo4j server (tests/neo4j_server.py): neo4j_uri, neo4j_auth, neo4j_driver ---
# --- A model behind HTTP (tests/model_server.py): server, fake_model ---
from tests.model_server import fake_model, server  # noqa: F401
from tests.neo4j_server import neo4j_auth, neo4j_driver, neo4j_uri  # noqa: F401

# --- end Neo4j server ---
# --- Both stores (tests/stores.py): store, memory, clock, ns ---
from tests.stores import clock, memory, ns, store  # noqa: F401

# --- The command line on a scratch store (tests/test_cli.py): cli ---
from tests.test_cli import cli  # noqa: F401


# --- The CLI's flags are variables of its process (graphmem/cli/__init__.py::_execute): a CLI run
# in the test process must not change the embedder or model of the tests after it. ---
@pytest.fixture(autouse=True)
def _cli_settings_stay_in_their_test(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("GRAPHMEM_MODEL", "GRAPHMEM_EMBEDDER"):
        # setenv records what to restore (absent included); then the value is as it was.
        before = os.environ.get(name)
        monkeypatch.setenv(name, before or "-")
        if before is None:
            monkeypatch.delenv(name)
