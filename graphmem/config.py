"""The one place graphmem reads its environment, and only when asked."""

from __future__ import annotations

import os
from pathlib import Path

from graphmem.errors import InvalidArgument


def default_path() -> Path:
    """Where an embedded store lives when no path is given: ``GRAPHMEM_PATH`` or
    ``./.graphmem``."""
    configured = os.environ.get("GRAPHMEM_PATH", "").strip()
    return Path(configured) if configured else Path.cwd() / ".graphmem"


def neo4j_uri() -> str | None:
    return os.environ.get("NEO4J_URI", "").strip() or None


def neo4j_auth() -> tuple[str, str] | None:
    """``NEO4J_USER``/``NEO4J_PASSWORD``; a password alone is for the user ``neo4j``
    (the server's default), never silently dropped."""
    user = os.environ.get("NEO4J_USER", "").strip()
    password = os.environ.get("NEO4J_PASSWORD", "")
    if password and not user:
        user = "neo4j"
    return (user, password) if user else None


def chosen_neo4j() -> str | None:
    """The Neo4j URI that ``Memory()`` and the CLI use when not told otherwise: ``NEO4J_URI``,
    unless ``GRAPHMEM_PATH`` is set too — then nobody can tell which was meant."""
    uri = neo4j_uri()
    if uri and os.environ.get("GRAPHMEM_PATH", "").strip():
        raise InvalidArgument(
            "both NEO4J_URI and GRAPHMEM_PATH are set, so the store is ambiguous: unset one, "
            "or choose explicitly (Memory(path) / Memory.neo4j(uri); --path / --neo4j)"
        )
    return uri


def tombstone_key() -> bytes | None:
    """An operator-chosen key for tombstone digests (``GRAPHMEM_TOMBSTONE_KEY``), for stores
    that must recognise each other's tombstones; None: each store makes its own random key."""
    value = os.environ.get("GRAPHMEM_TOMBSTONE_KEY", "")
    return value.encode() if value else None
