"""Tombstone digests are keyed per store: a copy of the tombstones confirms no guess."""

from __future__ import annotations

import hashlib
import hmac
import json
import sqlite3
import stat
from datetime import UTC, datetime
from pathlib import Path

import pytest

from graphmem import Claim, Memory

EMAIL = [Claim("acme invoice 4411", "due_on", "2026-03-31")]
AT = datetime(2026, 3, 1, tzinfo=UTC)


def forgotten_digests(memory: Memory, namespace: str) -> set[str]:
    first = memory.remember(EMAIL, namespace=namespace, source="email", at=AT)
    content = memory.episode(str(first.episode_id), namespace).content
    memory.forget(namespace, episode=first.episode_id)
    digests = {t["digest"] for t in memory.export(namespace)["tombstones"]}
    # What anyone could compute for a guess of the content with the old public constant:
    guessed = hmac.new(
        b"graphmem-default-tombstone-key",
        "\x1f".join((namespace, "episode", " ".join(content.casefold().split()))).encode(),
        hashlib.sha256,
    ).hexdigest()
    assert guessed not in digests
    return digests


def test_two_stores_never_share_a_digest(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("GRAPHMEM_TOMBSTONE_KEY", raising=False)
    with Memory(tmp_path / "a") as a, Memory(tmp_path / "b") as b:
        assert forgotten_digests(a, "maya").isdisjoint(forgotten_digests(b, "maya"))


def test_the_key_stays_with_the_store_and_out_of_exports(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("GRAPHMEM_TOMBSTONE_KEY", raising=False)
    folder = tmp_path / "store"
    with Memory(folder) as memory:
        forgotten_digests(memory, "maya")
        exported = json.dumps(memory.export("maya"), default=str)
    database = folder / "store.db"  # the keys are a row of its meta table
    assert stat.S_IMODE(database.stat().st_mode) == 0o600
    db = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    try:
        (body,) = db.execute("SELECT body FROM meta WHERE name = 'keys'").fetchone()
    finally:
        db.close()
    secrets = json.loads(body).values()
    assert secrets
    for secret in secrets:
        assert secret not in exported
    with Memory(folder) as memory:  # reopened: the same key still recognises the replay
        replay = memory.remember(EMAIL, namespace="maya", source="email", at=AT)
        assert replay.episode_id is None
        assert "forgotten" in replay.refused[0].reason


def test_an_operator_key_lets_stores_recognise_each_other(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GRAPHMEM_TOMBSTONE_KEY", "shared-by-the-operator")
    with Memory(tmp_path / "a") as a, Memory(tmp_path / "b") as b:
        assert forgotten_digests(a, "maya") == forgotten_digests(b, "maya")


@pytest.mark.neo4j
def test_neo4j_keeps_one_key_per_namespace(neo4j_uri: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("GRAPHMEM_TOMBSTONE_KEY", raising=False)
    from graphmem.store.neo4j import Neo4jStore

    first, second = Neo4jStore(neo4j_uri), Neo4jStore(neo4j_uri)
    try:
        namespace = f"keys-{AT.timestamp():.0f}-{id(first)}"
        key = first.store_key(namespace, "tombstone")
        assert len(key) == 32
        assert second.store_key(namespace, "tombstone") == key  # made once, then kept
        assert second.store_key(namespace + "x", "tombstone") != key
    finally:
        first.close()
        second.close()
