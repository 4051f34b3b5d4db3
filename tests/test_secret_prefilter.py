"""The secret detectors' prefilter (graphmem/trust/secrets/prefilter.py) skips an expression only
when it could not have matched: every match of every detector holds one of its needles,
case folded as ``re`` folds it, and a scan with the prefilter finds exactly what a scan
without it finds — on the secrets corpora and on generated texts built from the detectors'
own keywords in mixed case, with the characters ``re`` treats as equal under IGNORECASE."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from graphmem.trust import secrets
from graphmem.trust.secrets import common, english, phrases, prefilter, providers, structure

DATA = Path(__file__).parent / "data"


def _expressions() -> list[tuple[str, re.Pattern[str], frozenset[str] | None]]:
    rules = [*english._ENGLISH, *providers._RULES, *structure._RULES]
    found = [(f"{r.kind}:{r.pattern.pattern[:40]!r}", r.pattern, r.needles) for r in rules]
    found += [(f"phrases:{k.kind}", k.keys, k.needles) for k in phrases._KINDS]
    found.append(("phrases:answer", phrases._ANSWER_KEYS, phrases._ANSWER_NEEDLES))
    return found


EXPRESSIONS = _expressions()
ALL_NEEDLES = sorted({n for _, _, found in EXPRESSIONS if found for n in found})


def _corpus_texts() -> Iterator[str]:
    for path in (
        DATA / "secrets" / "secrets.jsonl",
        DATA / "secrets" / "benign.jsonl",
        DATA / "secrets" / "heldout.jsonl",
        DATA / "secrets_corpus.jsonl",
    ):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                yield json.loads(line)["text"]


CORPUS = list(_corpus_texts())


def _scan_both(text: str, monkeypatch: pytest.MonkeyPatch) -> tuple[list, list]:
    filtered = secrets._scan(text)
    with monkeypatch.context() as patch:
        everything = frozenset(ALL_NEEDLES)
        patch.setattr(common, "present", lambda text: everything)
        patch.setattr(phrases, "could_match", lambda found, text: True)
        whole = secrets._scan(text)
    return filtered, whole


def test_most_detectors_have_needles_and_few_texts_pass_them_all() -> None:
    with_needles = [name for name, _, found in EXPRESSIONS if found is not None]
    assert len(with_needles) >= 0.9 * len(EXPRESSIONS)
    held = prefilter.present("Ada Berg 3 lives in Paris since March")
    skipped = [name for name, _, found in EXPRESSIONS if found and found.isdisjoint(held)]
    assert len(skipped) >= 0.7 * len(EXPRESSIONS)


def test_the_corpora_scan_the_same_with_and_without_the_prefilter(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert len(CORPUS) > 800
    for text in CORPUS:
        filtered, whole = _scan_both(text, monkeypatch)
        assert filtered == whole, text


def test_no_detector_matches_a_corpus_text_its_needles_rule_out() -> None:
    for text in CORPUS:
        held = prefilter.present(text)
        for name, pattern, found in EXPRESSIONS:
            if found is not None and pattern.search(text):
                assert not found.isdisjoint(held), (name, text)


# Characters Python's re matches with another under IGNORECASE, beside plain case pairs.
_TRICKY = "ıİiIſsSKkµμßẞΣσςΩωÅåﬅﬆ"


def _cased(word: str) -> st.SearchStrategy[str]:
    return st.sampled_from([word, word.upper(), word.title(), word.swapcase(), word.casefold()])


def _with_equivalents(word: str) -> str:
    # The equivalences re adds: the dotless i, the long s, the Kelvin sign, ...
    return word.replace("i", "ı").replace("s", "ſ").replace("k", "K")


_FRAGMENTS = st.one_of(
    st.sampled_from(ALL_NEEDLES).flatmap(_cased),
    st.sampled_from(ALL_NEEDLES).map(_with_equivalents),
    st.sampled_from([" ", "  ", "\n", ": ", "=", " is ", " ist ", "-", "_", "#", ".", "'", '"']),
    st.from_regex(r"[A-Za-z0-9!#$%&*+/=?@^_-]{1,24}", fullmatch=True),
    st.text(alphabet=_TRICKY + "abc 0123456789:=", max_size=8),
    st.text(max_size=6),
)
TEXTS = st.lists(_FRAGMENTS, max_size=12).map("".join)


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(TEXTS)
def test_a_detector_that_matches_a_generated_text_is_never_skipped(text: str) -> None:
    held = prefilter.present(text)
    for name, pattern, found in EXPRESSIONS:
        if found is not None and pattern.search(text):
            assert not found.isdisjoint(held), (name, text)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(TEXTS)
def test_a_generated_text_scans_the_same_with_and_without_the_prefilter(text: str) -> None:
    with pytest.MonkeyPatch.context() as monkeypatch:
        filtered, whole = _scan_both(text, monkeypatch)
    assert filtered == whole


@pytest.mark.parametrize(
    "text",
    [
        "my PASSWORD is Tr0ub4dor&3",
        "PIN: 4821",
        "pın: 4821",  # dotless i: re matches it with "i" ignoring case
        "my paſsword = Gr33nTea#7",  # long s
        "Mein Passwort ist Zugspitze#9",
        "パスワードはabc123です",
    ],
)
def test_case_is_folded_as_re_folds_it(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    filtered, whole = _scan_both(text, monkeypatch)
    assert whole, text  # each holds a secret the detectors find
    assert filtered == whole


def test_needles_of_an_expression_are_what_every_match_holds() -> None:
    def of(pattern: str, flags: int = re.IGNORECASE) -> frozenset[str] | None:
        return prefilter.needles(re.compile(pattern, flags))

    assert of(r"\bpass(?:word|phrase)\s*[:=]\s*(?P<v>\S+)") == {"password", "passphrase"}
    assert of(r"(?:front[ ]door|gate)[ ]code") == {"front door code", "gate code"}
    assert of(r"social(?:[ ]security)?[ ]number") == {"social number", "social security number"}
    assert of(r"(?<=secret)\d+") is None  # a look-behind's text is not in the match
    assert of(r"(?:pin)?\d{4}") is None  # optional: a match may hold no literal
    assert of(r"[A-Z]{3}\d+") is None  # classes only
    assert of(r"PIN") == {"pin"}  # folded
    assert of(r"API_KEY", 0) == {"api_key"}  # folded even when case counts: still a superset
