"""Scanning each distinct text once (graphmem/trust/secrets/memo.py) never lets a secret through:
a text seen before is caught again, wherever it turns up next."""

from __future__ import annotations

from collections.abc import Callable

from graphmem import Claim, Memory
from graphmem.trust.secrets import claim_secret, find, redact
from graphmem.trust.secrets.memo import ScanMemo

KEY = "sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z"
SAID = f"the deploy key is {KEY}"
PASSWORD = "my wifi password is Harbor969"


def test_the_same_text_is_caught_every_time() -> None:
    first = redact(SAID)
    again = redact(SAID)
    assert KEY not in first.text
    assert again == first
    # The same words inside a longer text, and the value alone, are caught too.
    assert KEY not in redact(f"note: {SAID}. thanks").text
    assert find(KEY)


def test_a_caller_changing_the_spans_it_got_changes_nothing() -> None:
    spans = find(SAID)
    spans.clear()
    assert find(SAID)
    assert KEY not in redact(SAID).text


def test_a_text_seen_in_an_episode_is_refused_as_a_claim() -> None:
    assert redact(SAID).count == 1
    assert claim_secret("deploy", "is", "the key", SAID) is not None
    assert claim_secret("deploy", "key", KEY) is not None


def test_the_memo_keeps_no_text_and_stays_bounded() -> None:
    scanned: list[str] = []

    def scan(text: str) -> list[tuple[int, int, str]]:
        scanned.append(text)
        return find(text)

    memo = ScanMemo(scan, max_entries=2, max_chars=100)
    assert memo(SAID)
    assert memo(SAID)
    assert scanned == [SAID]  # asked twice, scanned once
    assert not any(KEY in repr(key) for key in memo._seen)  # keyed by digest only
    memo("a")
    memo("b")
    assert len(memo) == 2  # the oldest went
    assert memo(SAID)
    assert scanned.count(SAID) == 2
    long = SAID + " " + "x" * 200
    memo(long)
    memo(long)
    assert scanned.count(long) == 2  # long texts are not kept


def test_a_secret_repeated_across_writes_is_never_stored(
    memory: Memory, ns: Callable[[str], str]
) -> None:
    space = ns("memo")
    for _ in range(2):  # the second time every text is one the memo has seen
        said = memory.remember(f"{SAID}. {PASSWORD}", namespace=space)
        assert said.redactions == 2
        claims = [
            Claim("deploy", "key", KEY),  # a credential by its predicate
            Claim("ops", "mentioned", "the deploy setup", quote=SAID),  # by its quote
            Claim("user", "said", PASSWORD),  # by its value
            Claim("user", "lives_in", "Lisbon"),
        ]
        result = memory.remember(claims, namespace=space)
        assert len(result.refused) == 3
        assert all(KEY not in r.claim and "Harbor969" not in r.claim for r in result.refused)
    memory.flush()
    assert memory.store.find_text(space, KEY) == []
    assert memory.store.find_text(space, "Harbor969") == []
    assert [f.object for f in memory.facts(space, subject="user")] == ["Lisbon"]
