"""The spent secret corpora the judge may learn from, read into one form, and featurised.

Only corpora that are spent (read to fix the detector already) are listed; the others
(tests/data/secrets_blind_c and _f, whose READMEs do not say they were spent, and _r, sealed
and held out) are never opened here. G was sealed until 2026-12-05, measured at first
sight, then spent for development (its README says so); H to Q were spent the same way one
after another, and added on 2026-12-07.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import numpy.typing as npt

from graphmem.trust import secrets
from graphmem.trust.secrets import labels, lexicon, public
from graphmem.trust.secrets.judge import cued
from graphmem.trust.secrets.judge_features import features, hashed

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"

# corpus name -> its files (secret rows list their values, look-alike rows none)
CORPORA: dict[str, tuple[str, ...]] = {
    "own": ("secrets/secrets.jsonl", "secrets/benign.jsonl"),
    "own-heldout": ("secrets/heldout.jsonl",),
    "corpus": ("secrets_corpus.jsonl",),
    "fresh": ("secrets_fresh/secrets.jsonl", "secrets_fresh/benign.jsonl"),
    "A": ("secrets_blind_a/secrets.jsonl", "secrets_blind_a/benign.jsonl"),
    "B": ("secrets_blind_b/secrets.jsonl", "secrets_blind_b/benign.jsonl"),
    "D": ("secrets_blind_d/secrets.jsonl", "secrets_blind_d/benign.jsonl"),
    "E": ("secrets_blind_e/secrets.jsonl", "secrets_blind_e/benign.jsonl"),
    "G": ("secrets_blind_g/secrets.jsonl", "secrets_blind_g/benign.jsonl"),
    **{
        name: (
            f"secrets_blind_{name.lower()}/secrets.jsonl",
            f"secrets_blind_{name.lower()}/benign.jsonl",
        )
        for name in "HIJKLMNOPQ"
    },
}
SEALED = ("secrets_blind_c", "secrets_blind_f", "secrets_blind_r")


@dataclass
class Message:
    corpus: str
    text: str
    secrets: list[str]
    view: str = ""
    spans: list[tuple[int, int]] = field(default_factory=list)  # candidate tokens
    slots: list[list[int]] = field(default_factory=list)  # hashed features per token
    labels: list[int] = field(default_factory=list)  # 1: the token overlaps a secret
    public: list[bool] = field(default_factory=list)  # the token lies in public material
    labelled: list[bool] = field(default_factory=list)  # a number named by its own label
    rules: list[tuple[int, int]] = field(default_factory=list)  # the rules' spans
    cued: bool = False  # the message holds a word about access (judge.cued)


def load() -> list[Message]:
    out: list[Message] = []
    for name, files in CORPORA.items():
        for rel in files:
            assert not any(s in rel for s in SEALED), rel
            for line in (DATA / rel).read_text(encoding="utf-8").splitlines():
                if line.strip():
                    row = json.loads(line)
                    out.append(Message(name, row["text"], list(row.get("secrets") or [])))
    return out


def occurrences(text: str, value: str) -> list[tuple[int, int]]:
    found, at = [], text.find(value)
    while at >= 0 and value:
        found.append((at, at + len(value)))
        at = text.find(value, at + 1)
    return found


def featurise(msg: Message) -> None:
    text = msg.text
    view = text if text.isascii() else text.translate(secrets._DIGITS)
    msg.view = view
    msg.spans, feats = features(view)
    msg.slots = [hashed(f) for f in feats]
    found = lexicon.cached_cues(view)
    truth = [span for value in msg.secrets for span in occurrences(text, value)]
    msg.labels = [int(any(s < b and a < e for a, b in truth)) for s, e in msg.spans]
    shared = public.spans(view)
    msg.public = [public.inside(shared, s, e) for s, e in msg.spans]
    msg.labelled = [labels.labelled(view, s, found, e) for s, e in msg.spans]
    msg.cued = cued(view)
    msg.rules = [(s, e) for s, e, _ in secrets._scan(text, secrets._RULES)]


@dataclass
class Matrix:
    """Tokens as rows of hashed slots (CSR without values: each slot counts once)."""

    indices: npt.NDArray[np.int64]
    starts: npt.NDArray[np.int64]
    y: npt.NDArray[np.float64]

    @classmethod
    def of(cls, msgs: list[Message]) -> Matrix:
        rows = [row for m in msgs for row in m.slots]
        ys = [y for m in msgs for y in m.labels]
        lengths = np.array([len(r) for r in rows], dtype=np.int64)
        starts = np.concatenate([[0], np.cumsum(lengths)[:-1]]).astype(np.int64)
        indices = np.fromiter((s for r in rows for s in r), dtype=np.int64)
        return cls(indices, starts, np.array(ys, dtype=np.float64))

    @property
    def lengths(self) -> npt.NDArray[np.int64]:
        return np.diff(np.append(self.starts, len(self.indices)))
