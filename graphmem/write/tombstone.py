"""Tombstones: content-free markers that something was deliberately forgotten.

A tombstone holds a keyed hash (HMAC-SHA256) of the forgotten episode's
content or of the forgotten claim, never the text. The key is random, made per store and
namespace on first use and kept with the store (never exported, never a constant), so a
digest confirms no guessed text to anyone who holds a copy of the tombstones alone.
Before writing, the write path checks new material against them: a re-sync or a
replayed email with the same content does not bring a forgotten fact back, while a
fresh explicit statement by the user still can.

Each tombstone names its key by a fingerprint (``key_fp``), so a namespace restored from
an export knows which key its tombstones need: an import into an empty namespace of the
same store adopts the key of the namespace the document came from, and one whose key is
not here (another store, without a shared ``GRAPHMEM_TOMBSTONE_KEY``) is reported as
unable to stop a replay (:func:`adopt`). Digests written before fingerprints also hashed
the namespace's name; they are still checked in the namespace that wrote them.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
from collections.abc import Iterable
from dataclasses import dataclass

from graphmem import config
from graphmem.records import new_id
from graphmem.store.base import GraphStore
from graphmem.store.changes import Row

log = logging.getLogger("graphmem.write.tombstone")


def key(store: GraphStore, namespace: str) -> bytes:
    """``GRAPHMEM_TOMBSTONE_KEY`` when the operator set one (to share tombstones between
    stores), else the random key the store made for this namespace on first use."""
    return config.tombstone_key() or store.store_key(namespace, "tombstone")


def fingerprint(secret: bytes) -> str:
    """Names a key without revealing it: which key a tombstone's digest needs."""
    return hmac.new(secret, b"graphmem tombstone key", hashlib.sha256).hexdigest()[:16]


def _digest(secret: bytes, kind: str, text: str) -> str:
    return hmac.new(secret, f"{kind}\x1f{text}".encode(), hashlib.sha256).hexdigest()


def _legacy(secret: bytes, namespace: str, kind: str, text: str) -> str:
    """The digest before fingerprints: the namespace's name was hashed in too."""
    message = "\x1f".join((namespace, kind, text)).encode("utf-8")
    return hmac.new(secret, message, hashlib.sha256).hexdigest()


def _episode_text(content: str) -> str:
    return " ".join(content.casefold().split())


def _fact_text(subject_key: str, predicate: str, object_json: str) -> str:
    return f"{subject_key}\x1f{predicate}\x1f{object_json.casefold()}"


def episode_digest(secret: bytes, content: str) -> str:
    return _digest(secret, "episode", _episode_text(content))


def fact_digest(secret: bytes, subject_key: str, predicate: str, object_json: str) -> str:
    return _digest(secret, "fact", _fact_text(subject_key, predicate, object_json))


def episode_digests(secret: bytes, namespace: str, content: str) -> list[str]:
    """Every digest a tombstone of this content may carry (today's and the legacy one)."""
    text = _episode_text(content)
    return [_digest(secret, "episode", text), _legacy(secret, namespace, "episode", text)]


def fact_digests(
    secret: bytes, namespace: str, subject_key: str, predicate: str, object_json: str
) -> list[str]:
    text = _fact_text(subject_key, predicate, object_json)
    return [_digest(secret, "fact", text), _legacy(secret, namespace, "fact", text)]


def row(digest: str, kind: str, at: object, secret: bytes) -> Row:
    return {
        "id": new_id("tomb"),
        "digest": digest,
        "kind": kind,
        "created_at": at,
        "key_fp": fingerprint(secret),
    }


@dataclass(frozen=True)
class Adoption:
    """What an import does about the keys of the tombstones it brings."""

    key: bytes | None  # the key the namespace takes on, if it must change
    inactive: int  # tombstones whose key is not here: they cannot stop a replay


def adopt(store: GraphStore, namespace: str, source: str, tombstones: Iterable[Row]) -> Adoption:
    """Which key an empty ``namespace`` needs for the tombstones of a document exported
    from ``source``: its own when they match it, else the source's key when this store
    holds it. Tombstones whose key is in neither place are counted as inactive."""
    rows = list(tombstones)
    if not rows:
        return Adoption(None, 0)
    own = key(store, namespace)
    needed = {r.get("key_fp") for r in rows}
    if needed == {fingerprint(own)}:
        return Adoption(None, 0)
    adopted: bytes | None = None
    if config.tombstone_key() is None and source != namespace and source in store.namespaces():
        theirs = store.store_key(source, "tombstone")
        if fingerprint(theirs) in needed:
            adopted = theirs
    usable: set[str | None] = {fingerprint(adopted or own)}
    if source == namespace:
        usable.add(None)  # a legacy digest hashed the source's name: only it can check one
    inactive = sum(1 for r in rows if r.get("key_fp") not in usable)
    if inactive:
        log.warning(
            "%d imported tombstones cannot stop a replay in namespace %r: their key stays "
            "with the store that made them (set GRAPHMEM_TOMBSTONE_KEY in both stores to "
            "share it)",
            inactive,
            namespace,
        )
    return Adoption(adopted, inactive)
