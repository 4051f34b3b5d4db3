"""Scoring the gate on a held-out corpus: rules alone, rules + judge, the judge alone.

Stored whole: a listed secret with no character redacted (some occurrence of it left
untouched by every span). Altered: a look-alike with any span at all.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from graphmem.trust.secrets.judge import counted
from tools.secret_judge.data import ROOT, Message, occurrences
from tools.secret_judge.fit import Settings

Vector = npt.NDArray[np.float64]
Bars = tuple[float, float]  # where the message holds a word about access, where it holds none
Held = dict[str, tuple[list[Message], list[Vector]]]  # corpus -> its messages, their scores
Spans = list[tuple[int, int]]


def judged(msg: Message, probs: Vector, bars: Bars, s: Settings) -> Spans:
    """The tokens the gate takes from the judge: scored at or above the message's bar, not
    public, not a number named by its own label, not a count."""
    bar = bars[0] if msg.cued else bars[1]
    return [
        span
        for span, p, pub, lab in zip(msg.spans, probs, msg.public, msg.labelled, strict=True)
        if p >= bar
        and not pub
        and not (s.labels and lab)
        and not counted(msg.view[span[0] : span[1]])
    ]


@dataclass
class Tally:
    whole: int = 0
    secrets: int = 0
    altered: int = 0
    benign: int = 0

    def add(self, msg: Message, spans: Spans) -> None:
        if not msg.secrets:
            self.benign += 1
            self.altered += bool(spans)
            return
        for value in msg.secrets:
            self.secrets += 1
            self.whole += any(
                not any(s < b and a < e for s, e in spans) for a, b in occurrences(msg.text, value)
            )

    def __iadd__(self, other: Tally) -> Tally:
        self.whole += other.whole
        self.secrets += other.secrets
        self.altered += other.altered
        self.benign += other.benign
        return self

    def text(self) -> str:
        return f"{pct(self.whole, self.secrets)} | {pct(self.altered, self.benign)}"


def pct(a: int, n: int) -> str:
    return f"{a}/{n} ({a / max(n, 1):.1%})"


def tally(
    msgs: list[Message],
    probs: list[Vector] | None,
    bars: Bars,
    s: Settings,
    rules: list[Spans] | None = None,
) -> Tally:
    """The gate's figures on ``msgs``: the rules' spans (``rules``, or today's), and the
    judge's when ``probs`` is given."""
    t = Tally()
    for i, msg in enumerate(msgs):
        spans = list(msg.rules if rules is None else rules[i])
        if probs is not None:
            spans += judged(msg, probs[i], bars, s)
        t.add(msg, spans)
    return t


def alone(msgs: list[Message], probs: list[Vector], bars: Bars, s: Settings) -> Tally:
    t = Tally()
    for msg, p in zip(msgs, probs, strict=True):
        t.add(msg, judged(msg, p, bars, s))
    return t


def table(held: Held, bars: Bars, s: Settings) -> str:
    lines = [
        "| held-out corpus | secrets | look-alikes | rules: stored whole | rules + judge: stored "
        "whole | rules: altered | rules + judge: altered | judge alone: stored whole | "
        "judge alone: altered |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    pooled = Tally(), Tally(), Tally()
    for name, (test, probs) in held.items():
        three = tally(test, None, bars, s), tally(test, probs, bars, s), alone(test, probs, bars, s)
        for acc, one in zip(pooled, three, strict=True):
            acc.__iadd__(one)
        lines.append(_row(name, *three))
    lines.append(_row("**pooled**", *pooled))
    return "\n".join(lines)


def _row(name: str, r: Tally, b: Tally, j: Tally) -> str:
    return (
        f"| {name} | {r.secrets} | {r.benign} | {pct(r.whole, r.secrets)} | "
        f"{pct(b.whole, b.secrets)} | {pct(r.altered, r.benign)} | {pct(b.altered, b.benign)} | "
        f"{pct(j.whole, j.secrets)} | {pct(j.altered, j.benign)} |"
    )


# Run with another commit's graphmem on the path: the rules' spans of each text read. A
# commit that ships a judge already (G's first sight) is read without it: the rules alone.
_OLD_RULES = """
import json, sys
from graphmem.trust import secrets
layers = getattr(secrets, "_RULES", None)
scan = (lambda t: secrets._scan(t, layers)) if layers is not None else secrets.find
texts = json.load(sys.stdin)
json.dump([[(s, e) for s, e, _ in scan(t)] for t in texts], sys.stdout)
"""


def rules_at(commit: str, texts: list[str]) -> list[Spans]:
    """The spans the rules of ``commit`` find in each of ``texts`` (git archive of its
    graphmem/ into a temporary folder, run in a child process)."""
    with tempfile.TemporaryDirectory() as folder:
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", commit, "graphmem"],
            check=True,
            capture_output=True,
        ).stdout
        subprocess.run(["tar", "-x", "-C", folder], input=archive, check=True)
        done = subprocess.run(
            [sys.executable, "-c", _OLD_RULES],
            input=json.dumps(texts),
            capture_output=True,
            text=True,
            check=True,
            cwd=folder,
            env={**os.environ, "PYTHONPATH": folder},
        )
    return [[(s, e) for s, e in spans] for spans in json.loads(done.stdout)]


def first_sight(
    held: Held, old: dict[str, tuple[str, list[Spans]]], bars: Bars, s: Settings
) -> str:
    """The held-out figures again with the rules as they were before each corpus was read
    (``old``: corpus -> the commit, its rules' spans of each message)."""
    lines = [
        "| held-out corpus | rules then: stored whole | rules then + judge: stored whole "
        "| rules then: altered | rules then + judge: altered |",
        "|---|---:|---:|---:|---:|",
    ]
    for name, (commit, rules) in old.items():
        test, probs = held[name]
        r = tally(test, None, bars, s, rules)
        b = tally(test, probs, bars, s, rules)
        lines.append(
            f"| {name} (rules of {commit}) | {pct(r.whole, r.secrets)} | "
            f"{pct(b.whole, b.secrets)} | {pct(r.altered, r.benign)} | "
            f"{pct(b.altered, b.benign)} |"
        )
    return "\n".join(lines)
