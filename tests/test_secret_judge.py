"""The secret gate's second judge (issue 40): a learnt classifier beside the rules.

graphmem/trust/secrets/judge.py scores every token of a message; the gate redacts what the
rules find or what the judge scores at or above its threshold. The messages here were
written for these tests (none is from a corpus the judge learnt from); the first ones are
secrets the rule layers alone let through when the judge was built.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from graphmem.trust.redact import redact
from graphmem.trust.secrets import find, judge
from graphmem.trust.secrets.judge import Judge, JudgeWeightsMissing

ROOT = Path(__file__).resolve().parents[1]

# (message, the secret in it): a chosen password told beside an account's word in a shape
# the rules do not take alone (words joined by dots, digits last).
CAUGHT = [
    ("For the streaming account I went with Mango.Tango.44", "Mango.Tango.44"),
    ("the account for the electricity bill uses Teapot.Whistle.63", "Teapot.Whistle.63"),
    ("na konto w banku daję teraz Sowa.Nocna.27", "Sowa.Nocna.27"),
    ("Konto bei der Sparkasse: Eichhorn.Rot.39", "Eichhorn.Rot.39"),
    ("účet v bance mám teď Jezevec.Sedy.71", "Jezevec.Sedy.71"),
]

# Look-alikes: numbers, names and tokens shaped like a secret that are none.
KEPT = [
    "The meeting moved to room 4127 on the third floor",
    "Train 8563 leaves from platform 4 at 7:45",
    "Hab die Datei als Urlaub_Fotos_2023 gespeichert",
    "mi usuario en el foro es gato_negro_77",
    "the recipe needs 250 g flour and 3 eggs",
    "saved the draft as report.final.2023 in the team folder",
    "my handle there is maple.leaf.301",
    "the file Budget.Q3.2024 is on the drive",
    "Teilnehmer 4471 hat gewonnen",
    "Das Passwort muss mindestens 12 Zeichen haben",
    "Count down: 5 4 3 2 1 go!",
]


@pytest.mark.parametrize(("text", "secret"), CAUGHT)
def test_the_judge_catches_what_the_rules_let_through(text: str, secret: str) -> None:
    start = text.index(secret)
    end = start + len(secret)
    assert any(s <= start and end <= e for s, e in judge.judge().spans(text))
    out = redact(text).text
    assert secret not in out
    assert "[redacted:" in out


@pytest.mark.parametrize("text", KEPT)
def test_a_look_alike_is_left_alone(text: str) -> None:
    assert redact(text).text == text
    assert not judge.judge().spans(text)


def test_the_judge_names_its_spans_and_redaction_stays_idempotent() -> None:
    text = CAUGHT[0][0]
    assert [kind for *_, kind in find(text)] == ["password"]
    once = redact(text).text
    assert redact(once).text == once


def test_scores_are_the_same_every_time_and_in_every_process() -> None:
    text = "the account for the electricity bill uses Teapot.Whistle.63, the bike 5512"
    first = judge.judge().scores(text)
    assert judge.judge().scores(text) == first
    # Features are hashed with CRC-32, not hash(): another seed gives the same scores.
    code = (
        "import json; from graphmem.trust.secrets import judge; "
        f"print(json.dumps(judge.judge().scores({text!r})))"
    )
    env = {**os.environ, "PYTHONHASHSEED": "12345", "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env
    )
    assert [tuple(x) for x in json.loads(done.stdout)] == first


def test_a_long_text_reads_each_line_alike() -> None:
    block = "the bike lock combo went back to 5512\nlunch at 12.30 in room B.204\n"
    assert redact(block * 30).count == 30 * redact(block).count


def test_missing_weights_are_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(JudgeWeightsMissing, match="weights are missing"):
        Judge.load(tmp_path / "judge.npz")


def test_weights_for_other_features_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "judge.npz"
    np.savez(
        path,
        wide=np.zeros(16),
        deep=np.zeros((16, 4)),
        hidden=np.zeros(4),
        out=np.zeros(4),
        threshold=0.5,
        bare=0.9,
    )
    with pytest.raises(JudgeWeightsMissing, match="other features"):
        Judge.load(path)
    np.savez(path, wide=np.zeros(16))
    with pytest.raises(JudgeWeightsMissing, match="lacks bare, deep"):
        Judge.load(path)


def test_the_shipped_weights_are_small_and_carry_their_threshold() -> None:
    assert judge.WEIGHTS.stat().st_size < 4 * 1024 * 1024
    assert 0.5 <= judge.judge().threshold <= judge.judge().bare
    card = judge.WEIGHTS.with_suffix(".md").read_text(encoding="utf-8")
    assert "Leave-one-corpus-out" in card


def test_claims_given_as_data_are_read_by_the_rules_not_the_judge(tmp_path: Path) -> None:
    # "person 4 lives_in city 4-2" is graphmem's rendering of a claim, not a message: the
    # judge, trained on messages, took "4-2" for a code and the claim was refused.
    from graphmem import Claim, Memory

    memory = Memory(tmp_path)
    try:
        written = memory.remember([Claim("person 4", "lives_in", "city 4-2")], "w")
        assert written.fact_ids
        [fact] = memory.facts("w", subject="person 4")
        assert fact.object == "city 4-2"
        assert "[redacted" not in memory.episode(written.episode_id, "w").content
        # A claim that does carry a secret is still held back, by its fields.
        held = memory.remember([Claim("user", "note", "the wifi password is Gl@ci3r?x9")], "w")
        assert not held.fact_ids
    finally:
        memory.close()


def test_a_message_named_in_chat_is_no_word_about_access() -> None:
    # The digits a text message brought are the cue layer's (an otp); the judge's lower bar
    # is for messages about a password, a code or a lock, not every "I got your message".
    assert not judge.cued("I got your text message about the party, see you at 8")
    assert judge.cued("the door code is on the fridge")


def test_the_judges_tokens_of_a_long_run_of_spaced_digits_take_linear_time() -> None:
    """Digits spaced one by one merge into one token as they are read; each merge re-read
    the whole run, and 40,000 characters of "1 1 1 …" took 23 s to judge. Ten times the text
    must cost about ten times as much, not a hundred."""
    from graphmem.trust.secrets.judge_features import tokens

    def took(n: int) -> float:
        text = "1 " * n
        started = time.perf_counter()
        merged = tokens(text)
        assert len(merged) == 1, "a run of spaced digits is one token"
        return time.perf_counter() - started

    took(200)  # warm
    small, large = min(took(2_000) for _ in range(3)), min(took(20_000) for _ in range(3))
    assert large < 40 * max(small, 1e-4), f"{small * 1e3:.1f} ms -> {large * 1e3:.1f} ms"
