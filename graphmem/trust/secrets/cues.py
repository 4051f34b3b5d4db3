"""Cues: a word about access, in any of some sixty languages, and the value beside it.

A message is *about* access when it names a password, a PIN, a code, a login, an account
or ID number, a security question or a recovery phrase; the value is then the token near
that word that has the shape its kind takes (:mod:`graphmem.trust.secrets.shape` for
chosen credentials, digits for codes and numbers, the rest of the clause for an answer).
The words are data, not grammar (:mod:`graphmem.trust.secrets.lexicon` reads them and finds
them in a text). No word order is assumed: the value may come after its cue ("heslo je X")
or before it ("X je heslo", "X là pass"), within the same clause; a label a word about access
heads names the value after its colon, whatever thing it ends with ("NIF para la factura:").
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from graphmem.trust.secrets import answers, cue_phrases, numerals
from graphmem.trust.secrets.common import (
    WHERE_IT_IS,
    Candidate,
    answer_like,
    kept_in,
)
from graphmem.trust.secrets.cue_phrases import CLAUSE, COLON, WORD
from graphmem.trust.secrets.lexicon import (
    ANSWER,
    ASKS,
    CODE,
    CREDENTIAL,
    KEY,
    LOCK,
    MESSAGE,
    NAME,
    NUMBER,
    OPEN,
    PHRASE,
    PUBLIC,
    QUIET,
    SAY,
    Cue,
    cached_cues,
    overlaps,
)
from graphmem.trust.secrets.shape import evenly_spaced, tokens, weak
from graphmem.trust.secrets.values import (
    CODE_VALUE,
    DIGITS,
    DOCUMENT,
    HEX,
    IBAN_SHAPE,
    NUMBER_VALUE,
    UNSPACED_VALUE,
    is_code,
    is_number,
    joined_words,
    password_words,
    quoted_spans,
)

_LOCKS = (LOCK, OPEN)  # what opens a door or a safe (a noun), what one does to open it (a verb)
_ACCESS = (CREDENTIAL, KEY, CODE, LOCK, OPEN, PHRASE)  # cues that name a secret
_PUBLIC_BEFORE = 16  # a public cue this close before a code word makes it public
_PUBLIC_AFTER = 24  # ... or this close after a value ("K7XQPB for your hotel")
_KIND = {CREDENTIAL: "password", KEY: "api_key", CODE: "password", LOCK: "password",
         OPEN: "password", NUMBER: "national_id",
         ANSWER: "secret_answer", PHRASE: "password", SAY: "secret_answer",
         MESSAGE: "otp"}  # fmt: skip
_RANK = 10  # after the layers that read a value's own format
# The end of a clause: sentence punctuation, a line break.
# A short word's dot with the sentence going on in lower case: "el. pašto", "z.B. die".
_ABBREVIATION = re.compile(r"(?:^|\s)[^\W\d_]{1,3}\.\s[^\W\d_A-Z]")
_AFTER, _BEFORE = 64, 40  # characters looked at after and before a cue
_COMMA_TOLD = re.compile(r"\s*,\s*(?:is|es|é|est|ist|je)\s+[A-Z]{0,4}\d", re.IGNORECASE)


def _clause(text: str, start: int, end: int) -> tuple[int, int]:
    """The clause around ``[start, end)``, at most _BEFORE before and _AFTER after."""
    lo = max(0, start - _BEFORE)
    for m in CLAUSE.finditer(text, lo, start):
        if not _ABBREVIATION.search(text, max(0, m.start() - 5), m.end() + 2):
            lo = m.end()
    hi = min(len(text), end + _AFTER)
    # An abbreviation's dot right after the cue does not end it ("Reisepass-Nr. C4J9K7L2M").
    for stop in CLAUSE.finditer(text, end + (text[end : end + 1] == "."), hi):
        # "passport no. ko P4829173B": a short word's dot with the sentence going on.
        if not _ABBREVIATION.search(text, max(0, stop.start() - 4), stop.end() + 2):
            hi = stop.start()
            break
    return lo, hi


def spans(text: str) -> Iterator[Candidate]:
    if len(text) < 6:
        return
    found = list(cached_cues(text))
    names = [c for c in found if c.concept == NAME]
    shared = [c for c in found if c.concept == PUBLIC]
    asked = any(c.concept == ASKS for c in found)
    for cue in found:
        if cue.concept == SAY and not asked:
            # "say" alone is everyday speech; what one must say in quotes is a code word
            # ("måste säga 'röd traktor' till personalen").
            said = _said_quoted(text, cue)
            if said is not None:
                yield said[0], said[1], _RANK, "secret_answer"
            continue
        if cue.concept in QUIET:
            continue
        # "booking code", "promo code": a public word names the code; a safe or a door in a
        # hotel room is still a safe or a door ("la cassaforte in camera si apre con 7-21-40").
        # A number between them is the public one's ("sort code 30-92-18 acc 55190374").
        if cue.concept not in _LOCKS and any(
            (
                0 <= cue.start - p.end <= _PUBLIC_BEFORE
                and not _HAS_DIGIT.search(text, p.end, cue.start)
            )
            or 0 <= p.start - cue.end <= 2
            for p in shared
        ):
            continue
        span = _value(text, cue, found, names)
        if span is not None:
            kind = _KIND[cue.concept]
            if cue.concept == NUMBER and span[1] - span[0] == 3:
                kind = "card"  # a card's check digits (_card_check_digits)
            yield span[0], span[1], _RANK, kind


_HAS_DIGIT = re.compile(r"\d")


def _said_quoted(text: str, cue: Cue) -> tuple[int, int] | None:
    _, hi = _clause(text, cue.start, cue.end)
    for start, end in quoted_spans(text, cue.end, min(hi, cue.end + 24)):
        if 1 <= len(text[start:end].split()) <= 4:
            return start, end
    return None


def _value(text: str, cue: Cue, found: list[Cue], names: list[Cue]) -> tuple[int, int] | None:
    lo, hi = _clause(text, cue.start, cue.end)
    if cue.concept == SAY:
        return _said(text, cue, hi)
    if cue.concept == ANSWER and not WHERE_IT_IS.match(_LEAD.sub("", text[cue.end : hi])):
        # Where the answer sits in its sentence (answers.py); else a colon's clause.
        colon = COLON.search(text, cue.end, hi)
        if colon is None or colon.start() - cue.end > _LABEL_REACH:
            # No label's colon: where the answer sits (answers.py). With one, the answer is
            # what follows it ("… কেল্লা প্রশ্নের উত্তর (প্রথম পোষা প্রাণী): মিনি"), not the
            # word "answer" before the question in brackets.
            told = answers.told(text, cue.end, [(n.start, n.end) for n in names])
            return told or _token(text, cue, (lo, hi), found=found, names=names)
        # After a label's colon the answer may hold commas ("… was born in: Pennycook, and
        # Kirkcudbright"): it runs to the sentence's end.
        stop = _SENTENCE.search(text, colon.end(), min(len(text), colon.end() + 120))
        hi = max(hi, stop.start() if stop is not None else min(len(text), colon.end() + 120))
    if cue.concept in (ANSWER, PHRASE):
        return _rest(text, cue, hi) or _token(text, cue, (lo, hi), found=found, names=names)
    span = _token(text, cue, (lo, hi), found=found, names=names)
    if span is None and cue.concept in (CODE, *_LOCKS):
        # A comma need not end what a lock's word is about: "pakkeboksen, afhentning med
        # 8830 41", "hengelås, den går opp på 7-2-4". Past it, only to the sentence's end (a
        # password's word is not: "Passwort vergessen, meine Kundennummer ist 44871203").
        stop = _SENTENCE.search(text, hi, min(len(text), cue.end + _AFTER))
        far = stop.start() if stop is not None else min(len(text), cue.end + _AFTER)
        if far > hi:
            span = _token(text, cue, (hi, far), found=found, names=names)
    if span is None and cue.concept == NUMBER and _COMMA_TOLD.match(text, cue.end):
        # "me pide el rut, es 17.482.093-K": the number told right after its name's comma.
        stop = _SENTENCE.search(text, hi, min(len(text), cue.end + _AFTER))
        far = stop.start() if stop is not None else min(len(text), cue.end + _AFTER)
        span = _token(text, cue, (hi, far), found=found, names=names) if far > hi else None
    if span is None and cue.concept == NUMBER and _CARD_WORD.search(text, cue.start, cue.end):
        span = _card_check_digits(text, cue)
    if span is None and cue.concept == CREDENTIAL:
        span = cue_phrases.phrase_after_copula(text, cue, hi, found)
    # After a door's or a safe's word only: "Passwort: siehe Zettel im Büro" is an instruction.
    if span is None and cue.concept == LOCK:
        span = cue_phrases.phrase_after_colon(text, cue, hi, found)
    if span is None and cue.concept in _LOCKS:
        span = _dialled(text, cue)
    # Words typed to open something, when something else in the message is about access too
    # ("Šifrovaný disk se odemkne, když napíšeš zelený čaj o páté ráno").
    if span is None and cue.concept == OPEN and sum(c.concept in _ACCESS for c in found) >= 2:
        span = cue_phrases.typed_phrase(text, cue, hi, found)
    if span is None and cue.concept == OPEN:
        span = _quoted_after(text, cue)
    return span


def _quoted_after(text: str, cue: Cue) -> tuple[int, int] | None:
    """Words in quotes right after a verb of typing ("tape « la mouette danse … »",
    "andika 'twiga mrefu anakula maembe'"): what is typed, several words, is a passphrase."""
    for start, end in quoted_spans(text, cue.end, min(len(text), cue.end + 96)):
        if start - cue.end <= 3 and 2 <= len(text[start:end].split()) <= 10:
            return start, end
        break
    return None


# A card named and three digits told after it, with no card number: the digits on its back
# ("Die drei Ziffern hinten auf der neuen Karte sind 604", "kartın arkasındaki üç hane 418").
_CARD_WORD = re.compile(
    r"kart|card|cart|tarjeta|карт|кард|カード|卡|카드|بطاقة|کارت|کارڈ|कार्ड|บัตร", re.IGNORECASE
)
_TOLD_LAST = re.compile(r"[\s,)\]]*(?:[^\W\d_]{1,3}[\s,]*)?")
_THREE_DIGITS = re.compile(r"(?<![\w.,/:+-])\d{3}(?![\w/:+-]|[.,]\d)")


def _card_check_digits(text: str, cue: Cue) -> tuple[int, int] | None:
    stop = _SENTENCE.search(text, cue.end, min(len(text), cue.end + _AFTER))
    hi = stop.start() if stop is not None else min(len(text), cue.end + _AFTER)
    if len(re.findall(r"\d+", text[cue.end : hi])) != 1:
        return None  # "the card game ended 120 to 80": a score, a count
    found = [m for m in _THREE_DIGITS.finditer(text, cue.end, hi) if is_code(text, *m.span())]
    # Told last, as a card's check digits are ("... sind 604", "3桁は 093 です"), not a count
    # of something ("the card has 100 points").
    if not found or not _TOLD_LAST.fullmatch(text, found[0].end(), hi):
        return None
    return found[0].span()


# A dial's numbers one after another ("24, sonra 11, sonra 36", "18 pa 4 pa 27", "30, потом 12,
# потом 7"): two-digit numbers joined by a comma or one short word.
# Turns told in words between ("right to 62, left past it to 15", "12 แล้ว 30"): up to four.
_DIAL_GAP = r"(?:\s*[,，、]\s*(?:[^\s\d,，、]{1,8}\s*){0,4}|\s+(?:[^\s\d,，、]{1,8}\s+){0,4})"
_DIAL = re.compile(
    r"(?<![\d.,])(?<![A-Za-z])\d{1,2}(?:" + _DIAL_GAP + r"\d{1,2}(?!\d)){2,5}(?![\w.,:/]\d|\d)"
)


def _dialled(text: str, cue: Cue) -> tuple[int, int] | None:
    stop = _SENTENCE.search(text, cue.end, min(len(text), cue.end + _AFTER))
    hi = stop.start() if stop is not None else min(len(text), cue.end + _AFTER)
    m = _DIAL.search(text, cue.end, hi)
    if m is None or evenly_spaced([int(n) for n in re.findall(r"\d+", m.group())]):
        return None  # "Locker 12, 13, 14 are free": numbers in order are a list
    return m.span()


_LABEL_REACH = 48  # characters from a question's name to the colon that ends its label


_SENTENCE = re.compile(r"[.;!?](?=\s|$)|[。！？；\n]")


def _token(
    text: str, cue: Cue, clause: tuple[int, int], *, found: list[Cue], names: list[Cue]
) -> tuple[int, int] | None:
    """The nearest acceptable value after the cue, else before it, within ``clause``."""
    lo, hi = clause
    if "[redacted:" in text[cue.end : hi] or "-----" in text[max(0, cue.start - 6) : cue.end + 6]:
        return None  # its value is gone already; a PEM header is the providers' business
    after = [t for t in _candidates(text, cue, cue.end, hi) if not overlaps(t, found)]
    before = [t for t in _candidates(text, cue, lo, cue.start) if not overlaps(t, found)]
    for start, end in [*after, *reversed(before)]:
        # A document's number named by its word keeps it, whatever follows ("ho chieu cua em
        # C4829173 nhe, dien vao don visa"): letters and digits mixed, as documents print.
        document = cue.concept == NUMBER and (
            _adjacent(text, cue, start) or DOCUMENT.match(text[start:end]) is not None
        )
        if not document and any(
            (0 <= start - p.end <= _PUBLIC_BEFORE and not p.end <= cue.start < start)
            # A door opened by a code is a door whatever is delivered through it.
            or (0 <= p.start - end <= _PUBLIC_AFTER and cue.concept not in _LOCKS)
            for p in found
            if p.concept == PUBLIC
        ):
            continue  # "commit a3f9c2e", "K7XQPB for your hotel": named as something public
        if _named(text, start, names):
            continue
        # "in 1Password", "on the fridge": where it is kept. A bare number is no place, and
        # "on" or "i" may be another language's "is" ("PUK on 60194827").
        if document or not kept_in(text[max(0, start - 16) : start]):
            return start, _symbols_after(text, end)
        if DIGITS.fullmatch(text[start:end]):
            return start, end
        if cue.concept == CREDENTIAL and _told_whole(text, cue, (start, end), hi):
            return start, end  # "salasana on saunailta&pulla&kahvi": "on" says "is" here
    return None


def _symbols_after(text: str, end: int) -> int:
    """A password's closing symbols, which a token loses as sentence punctuation
    ("비번 bibimbap2024!"): a "!" too many costs less than a password told."""
    tail = end
    while tail < len(text) and text[tail] in "!?#$*&~" and tail - end < 3:
        tail += 1
    return tail if tail == len(text) or not text[tail].isalnum() else end


def _adjacent(text: str, cue: Cue, start: int) -> bool:
    """The value right after its cue ("pasaporte PAB841923 pa la reserva"): an identity
    document's cue names it, whatever public words follow."""
    return start >= cue.end and not text[cue.end : start].strip(" \t:：=-–—>\"'«„“")


def _after_copula(text: str, cue: Cue, start: int) -> bool:
    """The value right after its word and a copula alone ("the door code is 1987")."""
    between = text[cue.end : start] if start >= cue.end else ""
    return len(between.split()) == 1 and _COPULA.search(between) is not None


def _candidates(text: str, cue: Cue, lo: int, hi: int) -> list[tuple[int, int]]:
    if lo >= hi:
        return []
    if cue.concept == MESSAGE:
        # What a message brought: digits only ("the numbers from the message: 82 61 49"); a
        # word beside "message" is its text, not a code.
        return [m.span() for m in CODE_VALUE.finditer(text, lo, hi) if is_code(text, *m.span())]
    if cue.concept in (CODE, *_LOCKS):
        # Keyed: after a verb of keying, or right before one where verbs come last
        # ("kapısını 1903 yazarak açıyorsun").
        codes = [
            m.span()
            for m in CODE_VALUE.finditer(text, lo, hi)
            if is_code(
                text,
                *m.span(),
                # Keyed, or right after its own word or its word and "is": "portkod 1946",
                # "portkoden är 1987" are no years.
                keyed=(cue.concept == OPEN and (lo >= cue.end or 0 <= cue.start - m.end() <= 1))
                or _adjacent(text, cue, m.start())
                or _after_copula(text, cue, m.start()),
            )
        ]
        shaped = [t for t in tokens(text, lo, hi) if weak(text[t[0] : t[1]])]
        return sorted(codes + shaped + numerals.spelled(text, lo, hi))
    if cue.concept == NUMBER:
        # An IBAN's bank letters break a number at a space ("GE64 TB71 8203 …"): whole here.
        ibans = [m.span() for m in IBAN_SHAPE.finditer(text, lo, hi)]
        return sorted(
            ibans + [m.span() for m in NUMBER_VALUE.finditer(text, lo, hi) if is_number(m.group())]
        )
    quoted = quoted_spans(text, lo, hi)
    if cue.concept == KEY:
        quoted = [q for q in quoted if " " not in text[q[0] : q[1]]]  # a key has no spaces
    quoted += [m.span() for m in UNSPACED_VALUE.finditer(text, lo, hi)]
    shaped = [
        t
        for t in tokens(text, lo, hi)
        if (
            weak(text[t[0] : t[1]])
            or joined_words(text[t[0] : t[1]])
            or (
                _HYPHENED.match(text[t[0] : t[1]]) and _COPULA.search(text, max(lo, t[0] - 8), t[0])
            )
            or (cue.concept == CREDENTIAL and _told_whole(text, cue, t, hi))
        )
        and (cue.concept == KEY or not HEX.match(text[t[0] : t[1]]))
    ]
    # A software key or a token is no short run of digits ("rotated 3,412 API keys", "private
    # key size: 4096 bits", "token bucket: 100 requests"); a key one presses or turns may be.
    software = cue.concept == KEY and any(w in cue.term for w in _SOFTWARE_KEY)
    codes = [
        m.span()
        for m in CODE_VALUE.finditer(text, lo, hi)
        if not software and is_code(text, *m.span())
    ]
    return sorted(quoted + shaped + codes + numerals.spelled(text, lo, hi))


_SOFTWARE_KEY = ("api", "token", "secret key", "private key", "access key")


# Words joined by hyphens, told right after "is" or a colon: three words at least
# ("cochonnet-carreau-tir", "BYREK-ME-SPINAQ"), or two, one in capitals and one in lower
# case ("VASKERI-brunost"); "case-sensitive", "Self-Service" are words of a sentence.
_HYPHENED = re.compile(
    r"^[^\W\d_]{2,}(?:-[^\W\d_]{2,}){2,5}$"
    r"|^[^\W\d_a-z]{2,}-[^\W\d_A-Z]{2,}$|^[^\W\d_A-Z]{2,}-[^\W\d_a-z]{2,}$"
)
_COPULA = re.compile(
    r"(?:^|\s)(?:is|er|est|es|è|é|ist|är|on|je|jest|ni|e|era|was|је|е|є|это)\s+$|[:：=]\s*$"
)
# What may follow the value in its clause: nothing, or a verb that closes it ("… TxistuDanbolin
# da", "… vallamkali है").
_CLOSING = re.compile(r"^[\s\"'»“”)]*(?:[^\W\d_]{1,4})?[\s\"'»“”).!?]*$")


def _told_whole(text: str, cue: Cue, token: tuple[int, int], hi: int) -> bool:
    """A password's words joined into one token (``values.password_words``), told as the
    password's value: right after its word, or after "is" or a colon later in the clause,
    and ending it."""
    start, end = token
    if start < cue.end or not password_words(text[start:end]):
        return False
    adjacent = not text[cue.end : start].strip(" \t:：=-–—>\"'«„“")
    told = adjacent or _COPULA.search(text, max(cue.end, start - 8), start) is not None
    return told and _CLOSING.match(text[end:hi]) is not None


def _named(text: str, start: int, names: list[Cue]) -> bool:
    """A value right after a username cue is the username, not the secret."""
    return any(0 <= start - n.end <= 4 for n in names)


# What comes between a question's name and its answer: "is", ":", "-".
_LEAD = re.compile(r"^[\s:：=-]*(?:is|was|ist|est|es|è|é|are)?\s*")


def _said(text: str, cue: Cue, hi: int) -> tuple[int, int] | None:
    """What one is told to say when asked: one to five words, to the end of the clause; or,
    where the verb comes last ("… सरस्वती विद्या मंदिर बताना"), up to three words before it."""
    words = list(WORD.finditer(text, cue.end, hi))
    if not words and not CLAUSE.search(text, cue.end, hi):
        lo, _ = _clause(text, cue.start, cue.end)
        words = list(WORD.finditer(text, lo, cue.start))[-3:]
    if not 1 <= len(words) <= 5 or not answer_like([w.group() for w in words]):
        return None  # "tell them I'm travelling": something said, not an answer
    return words[0].start(), words[-1].end()


def _rest(text: str, cue: Cue, hi: int) -> tuple[int, int] | None:
    """An answer or a phrase: what follows the cue's separator to the clause's end, or the
    last words of the clause when no separator is said."""
    tail = text[cue.end : hi]
    if WHERE_IT_IS.match(_LEAD.sub("", tail)):
        return None  # "... maiden name is on the family tree": where it is, not what
    colon = re.search(r"[:：=]\s*", tail)
    if colon is not None:
        start = cue.end + colon.end()
    else:
        words = list(WORD.finditer(text, cue.end, hi))
        if not words:
            return None
        if cue.concept == PHRASE:
            # A passphrase told without a colon: the rest of its clause, when it is several
            # words ("Lösenfrasen till datorn är blå cykel i regnet"); a few words too many
            # cost less than a phrase kept.
            if len(words) < 3 or any(c.isdigit() for c in text[cue.end : hi]):
                return None
            start = words[0].start()
        else:
            start = words[-1].start()
            keep = words[-1]
            # A name of two words ("Vlasta Nováková") stays whole.
            if len(words) > 1 and words[-2].group()[:1].isupper() and keep.group()[:1].isupper():
                start = words[-2].start()
    end = hi
    while end > start and text[end - 1] in " \t\"'»“”」』,.!?":
        end -= 1
    while start < end and text[start] in "\"'«„“「『":
        start += 1
    value = text[start:end]
    if not value.strip() or len(value) > 120:
        return None
    if not value[:1].isalnum():
        return None  # an answer is words: "**", "\\( P(B|A) = \\frac{3}{51} \\)" are markup
    return start, end
