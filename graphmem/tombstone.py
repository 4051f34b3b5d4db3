"""Tombstones: content-free markers that something was deliberately forgotten.

A tombstone holds a keyed hash (HMAC-SHA256) of the forgotten episode's
content or of the forgotten claim, never the text. The key is random, made per store and
namespace on first use and kept with the store (never exported, never a constant), so a
digest confirms no guessed text to anyone who holds a copy of the tombstones alone.
Before writing, the write path checks new material against them: a re-sync or a
replayed email with the same content does not bring a forgotten fact back, while a
fresh explicit statement by the user still can.
"""

from __future__ import annotations

import hashlib
import hmac

from graphmem import config
from graphmem.records import new_id
from graphmem.store.base import GraphStore, Row


def key(store: GraphStore, namespace: str) -> bytes:
    """``GRAPHMEM_TOMBSTONE_KEY`` when the operator set one (to share tombstones between
    stores), else the random key the store made for this namespace on first use."""
    return config.tombstone_key() or store.store_key(namespace, "tombstone")


def _digest(secret: bytes, namespace: str, kind: str, text: str) -> str:
    message = "\x1f".join((namespace, kind, text)).encode("utf-8")
    return hmac.new(secret, message, hashlib.sha256).hexdigest()


def episode_digest(secret: bytes, namespace: str, content: str) -> str:
    return _digest(secret, namespace, "episode", " ".join(content.casefold().split()))


def fact_digest(
    secret: bytes, namespace: str, subject_key: str, predicate: str, object_json: str
) -> str:
    text = f"{subject_key}\x1f{predicate}\x1f{object_json.casefold()}"
    return _digest(secret, namespace, "fact", text)


def row(digest: str, kind: str, at: object) -> Row:
    return {"id": new_id("tomb"), "digest": digest, "kind": kind, "created_at": at}
