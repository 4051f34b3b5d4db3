"""The preferences bench (bench/preferences.py): its corpus keeps its promises (two halves
of 60, no request sharing a word with its preference, 20-40 distractors a case) and one
small run scores graphmem, BM25 and dense side by side."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

import preferences


@pytest.mark.parametrize("split", preferences.SPLITS)
def test_the_corpus_keeps_its_promises(split: str) -> None:
    cases = preferences.load(split)
    assert len(cases) == 60
    assert [c.id for c in cases if preferences.shared_words(c)] == []
    for case in cases:
        ids = [t.id for t in case.turns]
        assert ids.count("pref") == 1
        assert ids.index("pref") <= len(ids) // 2
        assert 20 <= sum(i.startswith("d") for i in ids) <= 40
        assert sum(i.startswith("o") for i in ids) == preferences.OTHER_PREFERENCES
        assert case.probe_gold in ids


def test_a_small_run_prints_every_system(capsys: pytest.CaptureFixture[str]) -> None:
    assert preferences.main(["--split", "dev", "--limit", "3"]) == 0
    out = capsys.readouterr().out
    for label in ("BM25", "dense[hashing]", "graphmem[hashing]"):
        assert label in out
    assert "hit@5" in out
