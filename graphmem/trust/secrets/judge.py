"""The second judge: a learnt classifier that reads every token of a message as a secret or not.

The rule layers trail what people write: each new corpus written by others shows a way of
telling a password, a PIN or a security answer that no rule foresaw. The judge is
independent of them: a logistic regression over hashed features of each token
(:mod:`graphmem.trust.secrets.judge_features`: its character shape, the words around it, the
multilingual cue lexicon's words by distance, the punctuation about it), trained offline by
``tools/secret_judge/train.py`` on the project's own secret corpora and shipped as
``judge.npz`` beside this module (its model card: ``judge.md``). Inference needs numpy only.

:func:`spans` yields the tokens it scores at or above the bar stored with the weights, a
higher one where the message holds no word about access (both chosen on held-out corpora,
never on the fit); the gate
(:func:`graphmem.trust.secrets.find`) redacts what the rules find *or* what the judge finds,
and public material still overrules both. Tokens the judge takes that stand side by side,
separated only by spaces, are one span: a passphrase's words go together.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

from graphmem.trust.secrets import lexicon, plain
from graphmem.trust.secrets.common import Candidate
from graphmem.trust.secrets.judge_features import DEEP, DIM, features, hashed
from graphmem.trust.secrets.shape import counted_or_formation

WEIGHTS = Path(__file__).with_name("judge.npz")
KIND = "password"  # what the judge names its spans: a credential of some kind
_RANK = 50  # after every rule layer: a rule that read the value's format names it
# Zipf 4.5: thirty times per million English words or more ("remain", "cheese"). Chosen
# on the spent corpora and the --ordinary sets: none of the spent corpora's secrets is
# lost at 4.5; the first is at 4.0, seven at 3.5 (bench/secret_detection.py).
COMMON = 4.5
_ADDRESSED = re.compile(r"\s+to\s", re.IGNORECASE)  # "answering to Rowena": whom, not what


class JudgeWeightsMissing(RuntimeError):
    """The judge's weights file is not where the package keeps it."""


@dataclass(frozen=True, slots=True)
class Judge:
    """Wide and deep: a weight per hashed slot (the wide part), plus a small hidden layer
    over the sum of each slot's embedding (the deep part, which reads features together:
    four digits *and* a code's word before them)."""

    wide: npt.NDArray[np.float32]  # (DIM,): one weight per hashed slot; slot 0 is the bias
    deep: npt.NDArray[np.float32]  # (DEEP, H): an embedding per slot, folded to DEEP slots
    hidden: npt.NDArray[np.float32]  # (H,): the hidden layer's bias
    out: npt.NDArray[np.float32]  # (H,): the hidden layer's weights to the score
    threshold: float  # a token's probability at or above this is a secret ...
    bare: float  # ... and this, where the message holds no word about access (:func:`cued`)

    @classmethod
    def load(cls, path: Path = WEIGHTS) -> Judge:
        if not path.exists():
            raise JudgeWeightsMissing(
                f"the secret judge's weights are missing: {path} (build them with "
                "tools/secret_judge/train.py, or reinstall graphmem)"
            )
        with np.load(path) as data:
            missing = {"wide", "deep", "hidden", "out", "threshold", "bare"} - set(data.files)
            if missing:
                raise JudgeWeightsMissing(f"{path} lacks {', '.join(sorted(missing))}")
            arrays = {k: data[k].astype(np.float32) for k in ("wide", "deep", "hidden", "out")}
            bars = float(data["threshold"]), float(data["bare"])
        if arrays["wide"].shape != (DIM,) or arrays["deep"].shape[0] != DEEP:
            raise JudgeWeightsMissing(f"{path} was built for other features than these")
        return cls(**arrays, threshold=bars[0], bare=bars[1])

    def probabilities(self, rows: list[list[int]]) -> npt.NDArray[np.float64]:
        """The probability of each row of hashed slots (:func:`hashed`) being a secret."""
        if not rows:
            return np.zeros(0)
        slots = np.fromiter((s for row in rows for s in row), dtype=np.int64)
        starts = np.cumsum([0, *(len(row) for row in rows[:-1])])
        wide = np.add.reduceat(self.wide[slots], starts)
        embedded = np.add.reduceat(self.deep[slots & (DEEP - 1)], starts) + self.hidden
        logits = wide + np.maximum(embedded, 0.0) @ self.out
        return 1.0 / (1.0 + np.exp(-logits.astype(np.float64)))

    def scores(self, text: str) -> list[tuple[int, int, float]]:
        """Each candidate token of ``text`` with its probability of being a secret."""
        spans, feats = features(text)
        probs = self.probabilities([hashed(f) for f in feats])
        return [(s, e, float(p)) for (s, e), p in zip(spans, probs, strict=True)]

    def spans(self, text: str, threshold: float | None = None) -> list[tuple[int, int]]:
        """The tokens scored at or above ``threshold`` (by default the stored bar for a
        message like ``text``), those separated only by spaces joined into one span. A
        long text is read block by block (:func:`blocks`), each with its own bar."""
        out: list[tuple[int, int]] = []
        for at, block in blocks(text):
            bar = threshold
            if bar is None:
                bar = self.threshold if cued(block) else self.bare
            for first, last, p in self.scores(block):
                start, end = first + at, last + at
                if p < bar or counted(text[start:end]) or common(text, start, end):
                    continue
                if out and not text[out[-1][1] : start].strip():
                    out[-1] = (out[-1][0], end)
                else:
                    out.append((start, end))
        return out


# The judge learnt from messages of a few sentences (the longest 465 characters). Its
# features read the whole message ("a word of saying is somewhere in it"), so in a
# long text — an assistant's answer, a document, code — every word met cues paragraphs
# away: "remain", "aloud" and "\\frac" scored as passwords. A long text is read in
# blocks the size of what it learnt from: runs of its paragraphs (of the lines of a long
# paragraph, of the sentences of a long line) up to that size, so that a cue and the
# value told in the next line or sentence mostly stay together.
_LONG = 500
_PARAGRAPH = re.compile(r"\n[ \t]*\n")
_LINE = re.compile(r"\n")
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=\S)")


def blocks(text: str) -> list[tuple[int, str]]:
    """``text`` as (offset, block): whole when short, else as described above."""
    if len(text) <= _LONG:
        return [(0, text)]
    units: list[tuple[int, int]] = []
    for start, end in _parts(text, 0, len(text), _PARAGRAPH):
        if end - start <= _LONG:
            units.append((start, end))
            continue
        for first, last in _parts(text, start, end, _LINE):
            if last - first > _LONG:
                units += _parts(text, first, last, _SENTENCE)
            else:
                units.append((first, last))
    out: list[tuple[int, str]] = []
    run_start, run_end = units[0]
    for first, last in units[1:]:  # consecutive units, up to _LONG together
        if last - run_start > _LONG:
            out.append((run_start, text[run_start:run_end]))
            run_start = first
        run_end = last
    out.append((run_start, text[run_start:run_end]))
    return [(at, block) for at, block in out if block.strip()]


def _parts(text: str, start: int, end: int, gap: re.Pattern[str]) -> list[tuple[int, int]]:
    """``text[start:end]`` cut at each match of ``gap``, as (start, end) offsets."""
    parts, at = [], start
    for match in gap.finditer(text, start, end):
        parts.append((at, match.start()))
        at = match.end()
    parts.append((at, end))
    return [(a, b) for a, b in parts if b > a]


def cued(text: str) -> bool:
    """Whether ``text`` holds a word about access: a cue of the lexicon that names a secret
    (a password, a code, a lock, a security question, ...; not a username or a public or
    reference word). Where none is, most harmless look-alikes are, and the bar is higher. A
    word of saying followed by "to" names whom one answers, not what ("she's been answering
    to Rowena since May")."""
    return any(
        c.concept not in lexicon.QUIET
        and c.concept != lexicon.MESSAGE  # "I got your message": chat, not access
        and not (c.concept == lexicon.SAY and _ADDRESSED.match(text, c.end))
        for c in lexicon.cached_cues(text)
    )


def common(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]``, in a text that reads as English, is one of the words
    English says most ("the", "really", "remain"): beside a word of saying ("what would
    you say is the best one") the judge took them for passwords. Told as one after a word
    about access ("my password is sunshine"), the rules find it. Another language, or too
    few words to tell, is read as before."""
    word = text[start:end]
    return word.isalpha() and plain.zipf(word.lower()) >= COMMON and plain.in_english(text)


def counted(value: str) -> bool:
    """Single digits told with spaces that count up or down, or a team's formation ("5 4 3 2
    1"): what the shape layer knows is no code is none of the judge's either."""
    parts = value.split()
    return (
        len(parts) >= 3
        and all(len(p) == 1 and p.isdigit() for p in parts)
        and counted_or_formation([int(p) for p in parts])
    )


@functools.cache
def judge() -> Judge:
    """The judge shipped with the package, loaded once."""
    return Judge.load()


def spans(text: str) -> Iterator[Candidate]:
    """The judge's secrets in ``text``, as a detector layer's candidates. A text the gate
    has redacted already is left to the rules: its words read otherwise beside a
    placeholder than beside the value, and a second pass must change nothing."""
    if "[redacted:" in text:
        return
    for start, end in judge().spans(text):
        yield start, end, _RANK, KIND
