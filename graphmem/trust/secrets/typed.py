"""Typed: the words someone is told to type to get into a machine, in any language.

"laptop kholne ke liye likhna baarish mein pakode", "чтобы войти в ноут, пиши зелёный чай
без сахара", "salondaki bilgisayara girmek için kedi balkonda uyuyor yaz": no word for a
password, yet what is typed is one. Three cues say so together (``cues_extra.tsv``): a
machine (laptop, computer, PC), a way in (get into, log in, open) and a verb of typing. The
words typed follow the verb to the end of its clause, or stand on the next line after a
colon, or, where the verb comes last, precede it. Told so, a passphrase is plain words, so
its shape cannot decide; a few words too many cost less than a passphrase kept.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from graphmem.trust.secrets import numerals
from graphmem.trust.secrets.common import WHERE_IT_IS, Candidate
from graphmem.trust.secrets.lexicon import (
    ASKS,
    CREDENTIAL,
    ENTER,
    MACHINE,
    NUMBER,
    OPEN,
    QUIET,
    TYPE,
    Cue,
    cached_cues,
)
from graphmem.trust.secrets.shape import weak
from graphmem.trust.secrets.values import is_code, password_words

_RANK = 10
_WORD = re.compile(r"[^\W_][^\s,;:!?()\"'«»“”„]*")
_CLAUSE_END = re.compile(r"[.;!?。！？](?=\s|$)|\n|,\s")
_MAX_WORDS = 10
_JOINED = re.compile(r"^[^\W\d_]+(?:[-_.][^\W_]+){2,}$")
_BEFORE = 5  # words before a verb that comes last
# Cues a typed phrase may hold: context, and a number's name ("ein", "EIN") in words
# without digits.
_INSIDE = (*QUIET, NUMBER)
_CODE = re.compile(r"^\d{4,12}[#*]?$")


def _typed_token(word: str) -> bool:
    """One token typed that only a credential looks like: a code, letters with digits,
    words joined with digits."""
    word = word.rstrip(".")
    return bool(_CODE.match(word)) or (weak(word) and not word.isdigit())


# What is typed is not another instruction: "type your password", "type it in".
DEIXIS = re.compile(
    r"(?:your|the|it|this|that|what|something|anything|dein|deine|votre|ton|tu|su)$", re.IGNORECASE
)


def spans(text: str) -> Iterator[Candidate]:
    if len(text) < 16:
        return
    found = cached_cues(text)
    machine = [c for c in found if c.concept == MACHINE]
    verbs = [c for c in found if c.concept in (TYPE, OPEN)]
    # Digits typed when something asks, or into a machine, are its code, whatever asks
    # ("when the bank app asks, type ៤៩១៧"): two of the three cues are enough for a code.
    if any(c.concept in (MACHINE, ENTER, ASKS, TYPE, OPEN) for c in found):
        # A machine or a form asks for a code of so many digits ("at the pump it asks for
        # four numbers, it's 8354"): the code that many digits long after it.
        for start, end, n, _ in numerals.counted(text):
            if n <= numerals.LONGEST and is_code(text, start, end):  # a year is no code
                yield start, end, _RANK, "password"  # a PIN: KINDS names it so
                return
    if any(c.concept in (MACHINE, ENTER, ASKS) for c in found):
        keyed = bool(machine)  # a year's digits are typed into a machine, not into a form
        for verb in (c for c in verbs if c.concept == TYPE):
            span = _code_after(text, verb, keyed) or _code_before(text, verb, found, keyed)
            if span is not None:
                yield span[0], span[1], _RANK, "password"
                return
    # Words joined as a password joins them, typed beside a machine or something that asks
    # ("the till asks … type Merlot&Mud&Mist", "अदरक_इलायची टाइप करो, खुल जाएगा"): the token's
    # shape says what it is, the verb that it is typed.
    if any(c.concept in (MACHINE, ASKS, OPEN, ENTER) for c in found):
        for verb in (c for c in verbs if c.concept == TYPE):
            span = _shaped_near(text, verb, found)
            if span is not None:
                yield span[0], span[1], _RANK, "password"
                return
    if not machine or not any(c.concept in (ENTER, CREDENTIAL, OPEN) for c in found):
        return
    if not verbs:
        span = _colon_phrase(text, found) if any(c.concept == ENTER for c in found) else None
        if span is not None:
            yield span[0], span[1], _RANK, "password"
        return
    for verb in verbs:
        span = _after(text, verb, found) or _before(text, verb, found)
        if span is not None:
            yield span[0], span[1], _RANK, "password"
            return


# A code typed: digits, perhaps keyed one by one ("4 6 1 9"), in any script's digits.
_TYPED_CODE = re.compile(r"(?<![\w.,/:-])\d(?:[ ]?\d){3,7}(?![\w/:-]|[.,]\d)")
_CODE_WORDS = 3  # words between a verb and the code it types, either side


def _code_after(text: str, verb: Cue, keyed: bool) -> tuple[int, int] | None:
    stop = _CLAUSE_END.search(text, verb.end)
    hi = stop.start() if stop is not None else len(text)
    m = _TYPED_CODE.search(text, verb.end, hi)
    if m is None or len(_WORD.findall(text, verb.end, m.start())) > _CODE_WORDS:
        return None
    return m.span() if is_code(text, *m.span(), keyed=keyed) else None


def _code_before(
    text: str, verb: Cue, found: tuple[Cue, ...], keyed: bool
) -> tuple[int, int] | None:
    """The verb last ("ወደ ስልኩ 4721 አስገባ", "៤៩១៧ វាយ"): the code just before it."""
    lo = max((c.end for c in found if c.end <= verb.start), default=0)
    for stop in _CLAUSE_END.finditer(text, lo, verb.start):
        lo = stop.end()
    codes = list(_TYPED_CODE.finditer(text, lo, verb.start))
    if not codes or len(_WORD.findall(text, codes[-1].end(), verb.start)) > _CODE_WORDS:
        return None
    m = codes[-1]
    return m.span() if is_code(text, *m.span(), keyed=keyed) else None


_SHAPED_AFTER, _SHAPED_BEFORE = 5, 2  # words between a verb and the token it types


def _shaped_near(text: str, verb: Cue, found: tuple[Cue, ...]) -> tuple[int, int] | None:
    """The nearest token after the verb (within _SHAPED_AFTER words: "tik je na je naam
    stracciatella.3bollen in"), else just before it, in its clause, that a password's
    words make (``values.password_words``)."""
    stop = _CLAUSE_END.search(text, verb.end)
    after = list(_WORD.finditer(text, verb.end, stop.start() if stop else len(text)))
    lo = 0
    for end in _CLAUSE_END.finditer(text, 0, verb.start):
        lo = end.end()
    before = list(_WORD.finditer(text, lo, verb.start))[::-1]
    for word in [*after[:_SHAPED_AFTER], *before[:_SHAPED_BEFORE]]:
        token = word.group().rstrip(".")
        inside = any(c.start < word.end() and word.start() < c.end for c in found)
        if not inside and password_words(token):
            return word.start(), word.start() + len(token)
    return None


def _colon_phrase(text: str, found: tuple[Cue, ...]) -> tuple[int, int] | None:
    """ "Pour déchiffrer le disque externe : les chaussettes rouges…": a way in and a
    machine, then a colon and the words to its clause's end."""
    last = max(c.end for c in found)
    colon = re.compile(r"\s*[:：]\s*").match(text, last)
    if colon is None:
        return None
    stop = _CLAUSE_END.search(text, colon.end())
    words = list(_WORD.finditer(text, colon.end(), stop.start() if stop else len(text)))
    return _phrase(text, words, found)


def _after(text: str, verb: Cue, found: tuple[Cue, ...]) -> tuple[int, int] | None:
    start = verb.end
    stop = _CLAUSE_END.search(text, start)
    hi = stop.start() if stop is not None else len(text)
    words = list(_WORD.finditer(text, start, hi))
    if words and _typed_token(words[0].group()):
        return words[0].span()  # "type 551903", "Type zebra-cobalt-1102 when it asks"
    colon_last = bool(words) and text[words[-1].end() : hi].strip().startswith(":")
    bare = not words and text[start:].lstrip(" :\t").startswith("\n")
    if colon_last or bare:
        # "type this at the prompt:\ncorrect-pony-staple-river": the next line.
        line = text.find("\n", start)
        if line < 0:
            return None
        end = text.find("\n", line + 1)
        words = list(_WORD.finditer(text, line + 1, len(text) if end < 0 else end))
        if len(words) == 1 and _JOINED.search(words[0].group()):
            return words[0].span()  # one token of words joined: "correct-pony-staple-river"
    return _phrase(text, words, found)


def _before(text: str, verb: Cue, found: tuple[Cue, ...]) -> tuple[int, int] | None:
    """The verb last ("kedi balkonda uyuyor yaz"): the words after the last cue before it."""
    lo = max((c.end for c in found if c.end <= verb.start), default=0)
    if lo == 0 or len(text[verb.end :].strip(" .!。")) > 2:
        return None  # the verb ends the message (a particle may follow: "打ってね")
    for stop in _CLAUSE_END.finditer(text, lo, verb.start):
        lo = stop.end()
    words = list(_WORD.finditer(text, lo, verb.start))[-_BEFORE:]
    return _phrase(text, words, found)


def _phrase(
    text: str, words: list[re.Match[str]], found: tuple[Cue, ...]
) -> tuple[int, int] | None:
    if not 2 <= len(words) <= _MAX_WORDS:
        return None
    start, end = words[0].start(), words[-1].end()
    if WHERE_IT_IS.match(text, start) or DEIXIS.match(words[0].group()):
        return None  # "type what's on the sticker", "type your password"
    if any(c.concept not in _INSIDE and c.start < end and start < c.end for c in found):
        return None  # a word about access inside: an instruction, not the phrase
    return start, end
