"""The Enter key: what someone is told to type before pressing it is a way in.

"ბიძის ლეპტოპზე ჩაწერე khachapuri 1988 და მერე Enter", "کمپیوٹر پر لکھنا chai_paratha_2
اور انٹر دبانا", "andika simba mlima 88 kisha bonyeza Enter": no word for a password, and the
machine's name may be one the lexicon lacks, but a value typed and then entered with the
key is what a lock screen or a login asks for. The key has one name the world over: its
keycap says "Enter" (or shows ⏎ / ↵), and languages in other scripts borrow the word
("ენტერი", "انٹر", "एंटर", "އެންޓަރ", "ኢንተር", "エンター", "엔터"): romanised
(anyascii) and stripped of vowels, n-t-r. What is typed is read from the key's clause, before
the key:

* in a text written in another script, the run of Latin letters and digits nearest the key
  (a password is typed on a Latin keyboard, the words around it are the language's own);
* in Latin script, the words after the verb that says to type (``cues_extra.tsv``: type,
  write, key in), up to the next cue or the key; or, the verb last ("çiberek 1956 yaz da
  Enter bas"), up to five words before it.

A few words too many cost less than a password kept; a clause with no verb and no machine in
the message is not an instruction to type (the key alone is named in help text).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from graphmem.trust.secrets import loanwords
from graphmem.trust.secrets.common import WHERE_IT_IS, Candidate
from graphmem.trust.secrets.lexicon import ASKS, MACHINE, OPEN, TYPE, Cue, cached_cues, overlaps
from graphmem.trust.secrets.typed import DEIXIS

_RANK = 10
# The keycap as printed: capitalised or in capitals (lowercase "enter" is the verb), or drawn.
_KEYCAP = re.compile(r"(?<!\w)(?:Enter|ENTER)(?!\w)|[⏎↵]")
# Kana and hangul borrow it without the r: エンター, 엔터 (and with a particle, 엔터를).
_SYLLABIC = re.compile(r"エンター|엔터")
_LATIN = re.compile(r"[A-Za-z0-9]")
_CLAUSE_END = re.compile(r"[.;!?。！？।۔](?=\s|$)|\n|[,،]\s")
_TOKEN = re.compile(r"[^\s,;:!?()\"'«»“”„،]+")
_VERB_LAST = 5  # words before a verb that comes last


def _borrowed(word: str) -> bool:
    """``word`` in a script other than Latin is "Enter" borrowed: its consonants romanised are
    n-t-r, perhaps with one consonant of a case ending ("ენტერს"), not "internet"."""
    if _LATIN.search(word):
        return False
    bare = loanwords.consonants(word).replace("m", "n")  # t and d are one class: n-d-r
    return bare == "ndr" or (len(bare) == 4 and bare.startswith("ndr") and bare[3] != "n")


def keys(text: str) -> list[tuple[int, int]]:
    """Where ``text`` names the Enter key."""
    found = [m.span() for m in _KEYCAP.finditer(text)]
    found += [m.span() for m in _SYLLABIC.finditer(text)]
    if not text.isascii():
        found += [m.span() for m in loanwords.WORD.finditer(text) if _borrowed(m.group())]
    return sorted(found)


def _latin_text(text: str) -> bool:
    letters = [c for c in text if c.isalpha()]
    return sum(c < "\u0250" for c in letters) * 2 >= len(letters)


def _clause_start(text: str, at: int) -> int:
    lo = 0
    for stop in _CLAUSE_END.finditer(text, 0, at):
        lo = stop.end()
    return lo


def _latin_run(text: str, lo: int, hi: int) -> tuple[int, int] | None:
    """The last run of tokens with Latin letters or digits between ``lo`` and ``hi``."""
    tokens = [m for m in _TOKEN.finditer(text, lo, hi) if _LATIN.search(m.group())]
    if not tokens:
        return None
    run = [tokens[-1]]
    for token in reversed(tokens[:-1]):
        if text[token.end() : run[0].start()].strip():
            break  # a word of the text's own script between them
        run.insert(0, token)
    return run[0].start(), run[-1].end()


def _typed_words(
    text: str, lo: int, key: int, verbs: list[Cue], found: tuple[Cue, ...]
) -> tuple[int, int] | None:
    """Latin script: the words after the first verb of the clause, up to the next cue or the
    key; the verb last, the words before it."""
    verb = next((v for v in verbs if lo <= v.start < key), None)
    if verb is None:
        return None
    stop = min([c.start for c in found if verb.end <= c.start < key] + [key])
    words = list(_TOKEN.finditer(text, verb.end, stop))
    if words and (len(words) > 1 or len(words[0].group()) > 4):
        return _told(text, words)
    before = list(_TOKEN.finditer(text, lo, verb.start))[-_VERB_LAST:]
    return _told(text, [w for w in before if not overlaps(w.span(), found)])


def _told(text: str, words: list[re.Match[str]]) -> tuple[int, int] | None:
    """The words as a value, unless they point at one ("type your name", "the code on the
    sticker")."""
    if not words or DEIXIS.match(words[0].group()) or WHERE_IT_IS.match(text, words[0].start()):
        return None
    return words[0].start(), words[-1].end()


def spans(text: str) -> Iterator[Candidate]:
    if len(text) < 12 or not (pressed := keys(text)):
        return
    found = cached_cues(text)
    found = tuple(c for c in found if not any(overlaps(key, [c]) for key in pressed))
    verbs = [c for c in found if c.concept in (TYPE, OPEN)]
    if not verbs and not any(c.concept in (MACHINE, ASKS) for c in found):
        return
    start, _ = pressed[0]
    lo = _clause_start(text, start)
    if not _latin_text(text):
        span = _latin_run(text, lo, start)
    else:
        span = _typed_words(text, lo, start, verbs, found)
    if span is not None:
        yield span[0], span[1], _RANK, "password"
