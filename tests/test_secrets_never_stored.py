"""No secret from a corpus of realistic messages survives anywhere in either store."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from graphmem import Memory

NS = Callable[[str], str]
CORPUS = [
    json.loads(line)
    for line in (Path(__file__).parent / "data" / "secrets_corpus.jsonl").read_text().splitlines()
    if line.strip()
]
SECRET_ROWS = [row for row in CORPUS if row["secrets"]]
SOURCES = ("user", "email", "tool", "document", "agent")


def _checkable(secret: str) -> bool:
    """Long enough that finding it as a substring means it leaked, not that an id or a time
    happened to contain the same digits; and not also said openly in another message."""
    said_openly = any(secret in row["text"] and secret not in row["secrets"] for row in CORPUS)
    # Digits alone need more length: six digits can turn up in an id or a timestamp.
    long_enough = len(secret) >= (9 if secret.replace("-", "").isdigit() else 6)
    return long_enough and not said_openly


CHECKED = sorted({s for row in SECRET_ROWS for s in row["secrets"] if _checkable(s)})


def test_the_corpus_is_large_enough() -> None:
    assert len(SECRET_ROWS) >= 50


def test_no_secret_is_found_in_any_stored_property(memory: Memory, ns: NS) -> None:
    space = ns("secrets")
    for i, row in enumerate(SECRET_ROWS):
        result = memory.remember(row["text"], namespace=space, source=SOURCES[i % len(SOURCES)])
        assert result.redactions >= 1, row["text"]
    memory.recall("password api key token code card", namespace=space)
    memory.flush()

    leaks = {secret: hits for secret in CHECKED if (hits := memory.store.find_text(space, secret))}
    assert len(CHECKED) >= 50
    assert leaks == {}
    assert memory.stats(space)["Episode"] == len(SECRET_ROWS)


def test_the_caller_is_told_what_was_replaced_by_kind_never_the_value(
    memory: Memory, ns: NS
) -> None:
    space = ns("told")
    said = "wifi password is Parrot!8812 and my card is 4111 1111 1111 1111"
    result = memory.remember(said, namespace=space)
    assert result.secrets == {"card": 1, "password": 1}
    assert result.redactions == 2
    dumped = result.model_dump_json()
    assert "Parrot!8812" not in dumped
    assert "4111 1111" not in dumped


def test_the_cli_says_how_many_secrets_it_replaced_and_of_which_kind(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from graphmem.cli import main

    code = main(["remember", "my gmail password is Gl@ci3r?Harbor", "-n", "cli-secrets",
                 "--path", str(tmp_path / "store")])  # fmt: skip
    out = capsys.readouterr().out
    assert code == 0
    assert "1 secret(s) replaced before storing (password 1)" in out
    assert "Gl@ci3r" not in out
