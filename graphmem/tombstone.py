"""Tombstones: content-free markers that something was deliberately forgotten.

A tombstone holds a keyed hash (HMAC-SHA256) of the forgotten episode's
content or of the forgotten claim, never the text. Before writing, the write
path checks new material against them: a re-sync or a replayed email with the
same content does not bring a forgotten fact back, while a fresh explicit
statement by the user still can.
"""

from __future__ import annotations

import hashlib
import hmac

from graphmem import config
from graphmem.records import new_id
from graphmem.store.base import Row


def _digest(namespace: str, kind: str, text: str) -> str:
    message = "\x1f".join((namespace, kind, text)).encode("utf-8")
    return hmac.new(config.tombstone_key(), message, hashlib.sha256).hexdigest()


def episode_digest(namespace: str, content: str) -> str:
    return _digest(namespace, "episode", " ".join(content.casefold().split()))


def fact_digest(namespace: str, subject_key: str, predicate: str, object_json: str) -> str:
    return _digest(namespace, "fact", f"{subject_key}\x1f{predicate}\x1f{object_json.casefold()}")


def row(digest: str, kind: str, at: object) -> Row:
    return {"id": new_id("tomb"), "digest": digest, "kind": kind, "created_at": at}
