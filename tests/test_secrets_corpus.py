"""The secrets corpus end to end: no secret of any kind or language is stored or echoed,
and look-alikes are kept as they were (tests/data/secrets, made by make_corpus.py)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from graphmem import Claim, Memory
from graphmem.store.embedded import EmbeddedStore
from graphmem.trust.secrets import find

HERE = Path(__file__).parent / "data" / "secrets"
SECRETS = [json.loads(line) for line in (HERE / "secrets.jsonl").read_text().splitlines()]
BENIGN = [json.loads(line) for line in (HERE / "benign.jsonl").read_text().splitlines()]
SOURCES = ("user", "email", "tool", "document", "agent")
NS = Callable[[str], str]


def needles(row: dict[str, Any], secret: str) -> set[str]:
    """What finding in storage means the secret leaked. A long secret is itself the needle;
    a short one (a PIN, a CVV) could turn up inside an id or a timestamp by chance, so it is
    looked for with the text just before it, as the message had it."""
    if len(secret) >= 8 and not secret.replace(" ", "").isdigit():
        return {secret}
    text = row["text"]
    start = text.index(secret)
    context = text[max(0, start - 6) : start] + secret
    if start < 3:  # nothing before it ("623968 ist dein Anmeldecode"): the text after it
        context = secret + text[start + len(secret) : start + len(secret) + 6]
    return {context, json.dumps(context)[1:-1]}


def test_the_corpus_is_large_and_varied() -> None:
    assert len(SECRETS) >= 400
    assert len({row["kind"] for row in SECRETS}) >= 40
    assert len({row["lang"] for row in SECRETS}) >= 12
    assert len(BENIGN) >= 150
    for row in SECRETS:
        assert all(secret in row["text"] for secret in row["secrets"]), row


def _scan_files(folder: Path) -> bytes:
    return b"\n".join(p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file())


def test_no_secret_survives_anywhere_on_the_embedded_store(tmp_path: Path, ns: NS) -> None:
    folder = tmp_path / "store"
    memory = Memory(store=EmbeddedStore(folder))
    space = ns("secrets")
    results = []
    for i, row in enumerate(SECRETS):
        result = memory.remember(row["text"], namespace=space, source=SOURCES[i % len(SOURCES)])
        assert result.redactions >= 1, row
        results.append((row, result))
        episode = memory.episode(result.episode_id, space)
        for secret in row["secrets"]:
            assert secret not in episode.content, row
    # Everything a caller can read back, and every byte on disk.
    seen = [
        repr([r for _, r in results]),
        json.dumps(memory.export(space), default=str, ensure_ascii=False),
        repr(memory.audit(space)),
        repr(memory.facts(space, history=True, include_candidates=True)),
    ]
    for query in ("password", "Passwort contraseña 密码", "code PIN", "token key", "seed wallet"):
        seen.append(repr(memory.recall(query, space, k=50, include_candidates=True)))
    memory.flush()
    disk = _scan_files(folder)
    text = "\n".join(seen)
    leaks = [
        (row["kind"], needle)
        for row in SECRETS
        for secret in row["secrets"]
        for needle in needles(row, secret)
        if needle in text or needle.encode() in disk
    ]
    assert leaks == []
    memory.close()


def test_look_alikes_are_stored_as_they_were(tmp_path: Path, ns: NS) -> None:
    memory = Memory(store=EmbeddedStore(tmp_path / "store"))
    space = ns("benign")
    altered = []
    for row in BENIGN:
        result = memory.remember(row["text"], namespace=space, source="user")
        if memory.episode(result.episode_id, space).content != row["text"]:
            altered.append(row)
    assert len(altered) <= len(BENIGN) // 100, altered
    memory.close()


# A sample of every kind, on both stores (Neo4j with NEO4J_URI set).
SAMPLE = [
    next(row for row in SECRETS if row["kind"] == kind)
    for kind in dict.fromkeys(row["kind"] for row in SECRETS)
]


def test_a_sample_of_every_kind_leaves_no_property_behind(memory: Memory, ns: NS) -> None:
    space = ns("sample")
    for i, row in enumerate(SAMPLE):
        result = memory.remember(row["text"], namespace=space, source=SOURCES[i % len(SOURCES)])
        assert result.redactions >= 1, row
    memory.flush()
    leaks = {
        needle: hits
        for row in SAMPLE
        for secret in row["secrets"]
        for needle in needles(row, secret)
        if (hits := memory.store.find_text(space, needle))
    }
    assert leaks == {}


@pytest.mark.parametrize(
    ("predicate", "value"),
    [
        ("wifi_password", "pencil-maple-canyon"),
        ("social", "619663866"),
        ("ssn", "619-66-3866"),
        ("pin", "4821"),
        ("passcode", "190223"),
        ("recovery_code", "quiet-otter-19"),
        ("mot_de_passe", "soleil"),
    ],
)
def test_a_claim_that_is_a_credential_is_refused_and_not_echoed(
    memory: Memory, ns: NS, predicate: str, value: str
) -> None:
    space = ns("claims")
    result = memory.remember([Claim("user", predicate, value)], namespace=space, source="user")
    assert result.operations == []
    assert len(result.refused) == 1
    assert value not in repr(result)
    assert memory.facts(space) == []
    assert memory.store.find_text(space, value) == []


def test_a_credential_said_in_text_never_becomes_a_fact(memory: Memory, ns: NS) -> None:
    space = ns("social")
    result = memory.remember("my social is 619663866", namespace=space, source="user")
    assert result.redactions == 1
    assert "619663866" not in repr(result)
    assert all("619663866" not in repr(f) for f in memory.facts(space))
    assert memory.store.find_text(space, "619663866") == []


def test_source_ref_is_redacted(memory: Memory, ns: NS) -> None:
    space = ns("ref")
    token = "Zx81Qm4Lr7Tn2Vb9Kc3Hd6Jf"
    ref = f"https://files.example/export?format=csv&token={token}"
    result = memory.remember(
        "The Q3 export is ready", namespace=space, source="tool", source_ref=ref
    )
    episode = memory.episode(result.episode_id, space)
    assert episode.source_ref is not None
    assert token not in episode.source_ref
    assert re.search(r"format=csv&token=\[redacted:token\]", episode.source_ref)
    memory.flush()
    assert memory.store.find_text(space, token) == []


def test_feedback_notes_in_the_audit_are_redacted(memory: Memory, ns: NS) -> None:
    space = ns("audit")
    result = memory.remember("I live in Lisbon", namespace=space, source="user")
    fact_id = result.operations[0].fact_id
    assert fact_id is not None
    memory.feedback(fact_id, space, "bad", note="it asked for my PIN: 4821 and I gave it")
    assert all("PIN: 4821" not in repr(entry) for entry in memory.audit(space))


def test_a_source_with_a_token_in_its_ref_can_still_be_removed(memory: Memory, ns: NS) -> None:
    space = ns("removed")
    ref = "https://crm.example/contacts?id=7&access_token=Qw3rTy8Ui0Op2As4Df6Gh8Jk"
    memory.remember(
        [Claim("maya", "works_at", "Acme")], namespace=space, source="tool", source_ref=ref
    )
    assert memory.facts(space, subject="maya")
    ended = memory.source_removed(space, ref)
    assert len(ended) == 1


def test_every_secret_lies_wholly_inside_one_redaction() -> None:
    """Stricter than "not found whole": no piece of a secret ("O" of "Ozzy") is left over."""
    partial = []
    for row in SECRETS:
        spans = find(row["text"])
        for secret in row["secrets"]:
            start = row["text"].index(secret)
            if not any(s <= start and start + len(secret) <= e for s, e, _ in spans):
                partial.append((row["kind"], row["text"]))
    assert partial == []
