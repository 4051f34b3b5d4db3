"""What the second judge (:mod:`graphmem.trust.secrets.judge`) reads of a token, in any language.

A message is cut into candidate tokens (whitespace-separated, quotes and sentence
punctuation off, a run in a script written without spaces apart from the Latin or digits
beside it, digit groups told with single spaces between them as one run: "602 913",
"4400 4301 2345 6781"). Each candidate is described by features that do not depend on
knowing its language:

* its own shape: character classes (upper, lower, caseless letter, digit, each symbol),
  their runs, length, entropy, digit structure (a year, a date, leading zeros, Luhn);
* the words around it, casefolded and without accents, by side and distance, with the
  ends of the words beside it (an inflected word or a run of kana still shows its stem);
* the multilingual cue lexicon (``cues.tsv``, ``cues_extra.tsv``, read by
  :mod:`graphmem.trust.secrets.cues`): which concept of word (a password, a code, a lock,
  a security question, a public or reference word, ...) stands how many tokens away, on
  which side;
* the punctuation around it (a colon, "=", quotes, an arrow), its place in the message;
* conjunctions of its shape with the nearest cue and the word before it, which a linear
  model needs to read "four digits after a PIN's word" apart from "four digits after a
  year's".

Every feature is a string hashed (CRC-32) into one of :data:`DIM` slots, so the weights
are one vector and the code needs no vocabulary file. Hashing is deterministic across
processes (``hash()`` of a string is not).
"""

from __future__ import annotations

import itertools
import math
import re
import unicodedata
import zlib
from bisect import bisect_right
from collections import Counter
from dataclasses import dataclass

from graphmem.trust.secrets import lexicon
from graphmem.trust.secrets.fold import BARE

DIM = 1 << 18  # hashed feature slots of the wide part
DEEP = 1 << 16  # ... folded to these for the deep part's embeddings

# Scripts written without spaces between words: a run of them is a token of its own.
_UNSPACED = "\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff"
_TOKEN = re.compile(rf"[{_UNSPACED}]+|[^\s{_UNSPACED}]+")
_UNSPACED_CHAR = re.compile(rf"[{_UNSPACED}]")
# Quotes and brackets around a token, and sentence punctuation after it, are not its own.
_LEAD = "\"'“”‘’«»„「」『』【】()[]{}<>*_`"
# Other scripts' full stops and commas too: Arabic's, Urdu's, Devanagari's, Ethiopic's, Armenian's.
_TRAIL = "\"'“”‘’«»「」『』【】()[]{}<>`.,;:、，。：；…،؛؟۔।॥።፣፤։"
# A label glued to its value: "PIN:4821", "pw=hunter2" (letters before the sign); values
# joined by a comma or a semicolon, as in a CSV row ("AKIA…,q9FAKE…"; not "1,250").
_GLUED = re.compile(r"(?<=[^\W\d_])[:=：](?=\S)|(?<=[^\d\s])[,;](?=[^\d\s])")
_DIGIT_GROUP = re.compile(r"\d{1,6}[#*]?")
_YEAR = re.compile(r"(?:19|20)\d\d")
_DATE = re.compile(r"\d{1,4}[./-]\d{1,2}(?:[./-]\d{2,4})?")
_TIME = re.compile(r"\d{1,2}[:h.]\d{2}(?:[:.]\d{2})?")
_WINDOW = 5  # words looked at on each side


@dataclass(frozen=True, slots=True)
class Token:
    start: int
    end: int
    word: str  # casefolded, without accents


def tokens(text: str) -> list[Token]:
    """The candidate tokens of ``text``, in order."""
    found: list[tuple[int, int]] = []
    for m in _TOKEN.finditer(text):
        start, end = m.span()
        pieces = [start]
        if not _UNSPACED_CHAR.match(text, start):
            pieces += [g.end() for g in _GLUED.finditer(text, start, end)]
        pieces.append(end)
        for lo, hi in itertools.pairwise(pieces):
            s, e = lo, hi
            while s < e and text[s] in _LEAD:
                s += 1
            while e > s and text[e - 1] in _TRAIL:
                e -= 1
            if e > s and not (e - s == 1 and text[s] in "-–—:=>→|/"):
                found.append((s, e))
    merged: list[tuple[int, int]] = []
    run = False  # whether the last merged token is digit groups only (kept as it grows)
    for s, e in found:
        group = _DIGIT_GROUP.fullmatch(text, s, e) is not None
        if merged and run and group and s - merged[-1][1] == 1 and text[s - 1] == " ":
            merged[-1] = (merged[-1][0], e)
        else:
            merged.append((s, e))
            run = _digit_run(text, s, e)
    return [Token(s, e, _fold(text[s:e])) for s, e in merged]


def _digit_run(text: str, start: int, end: int) -> bool:
    return all(_DIGIT_GROUP.fullmatch(part) for part in text[start:end].split(" "))


def _fold(word: str) -> str:
    return word.lower().translate(BARE)


def _class(char: str) -> str:
    if char.isdigit():
        return "9"
    if char.isalpha():
        if char.isupper():
            return "A"
        if char.islower():
            return "a"
        return "L"
    if unicodedata.category(char) in ("Mn", "Mc"):
        return "L"
    return char if char.isascii() else "p"


def shape(token: str) -> str:
    """Character classes of ``token``, one for one ("Tiger8375!" -> "Aaaaa9999!")."""
    return "".join(_class(c) for c in token)


def _squeeze(shaped: str) -> str:
    """Runs of one class as one ("Aaaaa9999!" -> "Aa9!")."""
    out: list[str] = []
    for c in shaped:
        if not out or out[-1] != c:
            out.append(c)
    return "".join(out)


def _bucket(n: int) -> str:
    for limit, name in ((1, "1"), (2, "2"), (3, "3"), (4, "4"), (5, "5"), (6, "6"), (8, "7-8")):
        if n <= limit:
            return name
    return "9-12" if n <= 12 else "13-20" if n <= 20 else "21+"


def _distance(d: int) -> str:
    return str(d) if d <= 3 else "4-6" if d <= 6 else "7+"


def _entropy(value: str) -> float:
    counts = Counter(value)
    n = len(value)
    return -sum(c / n * math.log2(c / n) for c in counts.values())


def _luhn(digits: str) -> bool:
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch)
        if i % 2:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


def _self_features(text: str, token: Token) -> tuple[str, list[str]]:
    """A short key of the token's shape, and the features of the token alone."""
    value = text[token.start : token.end]
    shaped = shape(value)
    squeezed = _squeeze(shaped)
    classes = "".join(sorted(set(squeezed)))
    if len(classes) > 6:
        classes = classes[:6]
    n = len(value)
    digits = sum(c.isdigit() for c in value)
    if digits == n or (value.replace(" ", "").isdigit() and " " in value):
        plain = value.replace(" ", "")
        key = f"d{len(plain)}" if len(plain) <= 12 else "d13+"
        if " " in value:
            key += f"g{value.count(' ') + 1}"
    else:
        key = f"{classes}:{_bucket(n)}"
    feats = [
        "k=" + key,
        "sq=" + squeezed[:10],
        "cl=" + classes,
        "len=" + _bucket(n),
        "dig=" + _bucket(digits) if digits else "dig=0",
        f"ent={min(int(_entropy(value) * 2), 10)}",
    ]
    padded = "^" + shaped[:24] + "$"
    feats += ["s3=" + padded[i : i + 3] for i in range(len(padded) - 2)]
    if digits:
        plain = value.replace(" ", "")
        if _YEAR.fullmatch(plain):
            feats.append("year")
        if _DATE.fullmatch(value):
            feats.append("date")
        if _TIME.fullmatch(value):
            feats.append("time")
        if plain.isdigit():
            if plain[0] == "0":
                feats.append("lead0")
            if len(set(plain)) == 1:
                feats.append("same")
            if len(plain) >= 12 and _luhn(plain):
                feats.append("luhn")
        if not value[0].isdigit() and value[-1].isdigit():
            feats.append("ends-digit")
    if value[0].isupper() and squeezed in ("Aa", "AaL", "A"):
        feats.append("cap-word")
    if token.word.isalpha():
        feats.append("w=" + token.word)
        if len(token.word) > 4:
            feats.append("w4=" + token.word[:4])
    return key, feats


_BREAKS = frozenset(".;!?,。！？；，、\n")
_SIGNS = frozenset(":：=→>")
_QUOTES = frozenset("\"'“”‘’«»„「」『』")


def _gaps(text: str, toks: list[Token]) -> list[str]:
    """What stands between each token and the one before it, spaces off ("" at the start)."""
    out, last = [], 0
    for tok in toks:
        out.append("".join(text[last : tok.start].split())[-3:])
        last = tok.end
    out.append("".join(text[last:].split())[:3])
    return out


def _structure(text: str, toks: list[Token]) -> list[list[str]]:
    """Each token's place in its clause: from its start and to its end, after a colon or an
    arrow, inside quotes."""
    gaps = _gaps(text, toks)
    n = len(toks)
    clause = [0] * n  # tokens since the clause began
    sign = [-1] * n  # tokens since a colon, "=" or an arrow in the clause (-1: none)
    quoted = [False] * n
    inside = False
    for i in range(n):
        gap = gaps[i]
        if i and not any(c in _BREAKS for c in gap):
            clause[i] = clause[i - 1] + 1
            sign[i] = sign[i - 1] + 1 if sign[i - 1] >= 0 else -1
        if any(c in _SIGNS for c in gap) or gap.endswith("-"):
            sign[i] = 0
        for c in gap:
            if c in _QUOTES:
                inside = not inside  # each quote opens or closes
        quoted[i] = inside
    to_end = [0] * n
    for i in range(n - 2, -1, -1):
        if not any(c in _BREAKS for c in gaps[i + 1]):
            to_end[i] = to_end[i + 1] + 1
    out = []
    for i in range(n):
        feats = [
            f"cs={min(clause[i], 4)}",
            f"ce={min(to_end[i], 4)}",
            "gap=" + gaps[i],
            "gap+=" + gaps[i + 1],
        ]
        if sign[i] >= 0:
            feats.append(f"sign={min(sign[i], 4)}|ce={min(to_end[i], 4)}")
        if quoted[i]:
            feats.append("quoted")
        out.append(feats)
    return out


def features(text: str) -> tuple[list[tuple[int, int]], list[list[str]]]:
    """The candidate tokens of ``text`` and the features of each, as strings.

    Each line is read on its own, with the cue concepts of the whole text: a token reads
    the same wherever its line stands (a long text is its lines, repeated or not)."""
    concepts = sorted({c.concept for c in lexicon.cached_cues(text)})
    spans: list[tuple[int, int]] = []
    rows: list[list[str]] = []
    at = 0
    for line in text.split("\n"):
        toks = tokens(line)
        if toks:
            rows += features_of(line, toks, lexicon.cached_cues(line), concepts)
            spans += [(at + t.start, at + t.end) for t in toks]
        at += len(line) + 1
    return spans, rows


def features_of(
    text: str, toks: list[Token], found: tuple[lexicon.Cue, ...], concepts_in: list[str]
) -> list[list[str]]:
    """The features of each of ``toks`` in ``text``, one line; ``concepts_in``: the cue
    concepts of the whole message."""
    starts = [t.start for t in toks]
    structure = _structure(text, toks)
    # Each cue by the token it starts in.
    placed = [(bisect_right(starts, c.start) - 1, c) for c in found]
    counts = Counter(t.word for t in toks)
    out: list[list[str]] = []
    for i, tok in enumerate(toks):
        key, feats = _self_features(text, tok)
        feats += structure[i]
        feats += ["msg=" + c for c in concepts_in]
        first = _class(text[tok.start])
        end = structure[i][1]
        feats += [f"msg={c}|{end}|{first}" for c in concepts_in]
        feats += _cue_features(i, tok, placed, key)
        feats += _word_features(i, toks, key)
        # The characters around it.
        before = text[max(0, tok.start - 2) : tok.start].strip() or "_"
        after = text[tok.end : tok.end + 2].strip() or "_"
        feats.append("pre=" + before[-1])
        feats.append("post=" + after[0])
        feats.append(f"pre={before[-1]}|k={key}")
        feats.append(f"pos={'first' if i == 0 else 'last' if i == len(toks) - 1 else 'mid'}")
        if counts[tok.word] > 1:
            feats.append("repeated")
        out.append(feats)
    return out


def _cue_features(i: int, tok: Token, placed: list[tuple[int, lexicon.Cue]], key: str) -> list[str]:
    """The nearest cue of each concept, by side and distance in tokens; the nearest that
    names a secret, with the token's shape."""
    nearest: dict[str, tuple[int, str]] = {}
    own = ""
    for j, cue in placed:
        if cue.start < tok.end and tok.start < cue.end:
            own = cue.concept
            continue
        side, d = ("L", i - j) if cue.end <= tok.start else ("R", j - i)
        prev = nearest.get(cue.concept)
        if prev is None or d < prev[0]:
            nearest[cue.concept] = (d, side)
    feats = []
    best, best_d = "", 99
    for concept, (d, side) in nearest.items():
        feats.append(f"cue={concept}{side}{_distance(d)}")
        if concept not in lexicon.QUIET and d < best_d:
            best, best_d = f"{concept}{side}{_distance(d)}", d
    if own:
        feats.append("own=" + own)
    feats.append("best=" + best)
    feats.append(f"best={best}|k={key}")
    return feats


def _word_features(i: int, toks: list[Token], key: str) -> list[str]:
    """The words beside the token by place, and those within the window by side; a run
    of a script written without spaces by its ends, or its pairs of characters."""
    feats = []
    for off in (-2, -1, 1, 2):
        j = i + off
        if not 0 <= j < len(toks):
            if off in (-1, 1):
                feats.append(f"n{off}=<edge>")
            continue
        word = toks[j].word
        if _UNSPACED_CHAR.match(word):
            word = word[-3:] if off < 0 else word[:3]
        feats.append(f"n{off}={word}")
        if off == -1:
            feats.append(f"n-1={word}|k={key}")
            if len(word) > 4:
                feats.append(f"n-1s={word[:4]}")
            feats.append(f"n-1e={word[-2:]}")
        elif off == 1:
            feats.append(f"n1s={word[:2]}")
    for j in range(max(0, i - _WINDOW), min(len(toks), i + _WINDOW + 1)):
        if j == i:
            continue
        word = toks[j].word
        side = "L" if j < i else "R"
        if _UNSPACED_CHAR.match(word):
            feats += [f"b{side}={word[k : k + 2]}" for k in range(len(word) - 1)]
        else:
            feats.append(f"b{side}={word}")
    return feats


def hashed(feats: list[str]) -> list[int]:
    """Each feature's slot, and the bias's (slot 0)."""
    return [0, *(zlib.crc32(f.encode()) & (DIM - 1) for f in feats)]
