"""Shared pytest fixtures for graphmem's tests."""

# --- Neo4j server (tests/neo4j_server.py): neo4j_uri, neo4j_auth, neo4j_driver ---
# --- A model behind HTTP (tests/model_server.py): server, fake_model ---
from tests.model_server import fake_model, server  # noqa: F401
from tests.neo4j_server import neo4j_auth, neo4j_driver, neo4j_uri  # noqa: F401

# --- end Neo4j server ---
# --- Both stores (tests/stores.py): store, memory, clock, ns ---
from tests.stores import clock, memory, ns, store  # noqa: F401
