"""The one place graphmem reads its environment, and only when asked."""

from __future__ import annotations

import os
from pathlib import Path


def default_path() -> Path:
    """Where ``Memory()`` keeps its embedded store: ``GRAPHMEM_PATH`` or ``./.graphmem``."""
    configured = os.environ.get("GRAPHMEM_PATH", "").strip()
    return Path(configured) if configured else Path.cwd() / ".graphmem"


def neo4j_uri() -> str | None:
    return os.environ.get("NEO4J_URI", "").strip() or None


def neo4j_auth() -> tuple[str, str] | None:
    user = os.environ.get("NEO4J_USER", "").strip()
    password = os.environ.get("NEO4J_PASSWORD", "")
    return (user, password) if user else None


def tombstone_key() -> bytes | None:
    """An operator-chosen key for tombstone digests (``GRAPHMEM_TOMBSTONE_KEY``), for stores
    that must recognise each other's tombstones; None: each store makes its own random key."""
    value = os.environ.get("GRAPHMEM_TOMBSTONE_KEY", "")
    return value.encode() if value else None
