"""The lexicon of words about access: what each word is a cue for, and where in a text
the words stand.

The words are data: ``cues.tsv`` holds each language's terms per concept, taken from the
translations that maintained projects ship for their login screens (``tools/lexicon/
README.md`` says which and under what licence), ``cues_extra.tsv`` what login screens do not
say (door and safe codes, identity documents, a mother's maiden name), and ``id_numbers.tsv``
the names of people's identity and tax numbers as python-stdnum names them. :func:`cues`
finds them in a text in one pass of an Aho-Corasick automaton, whole words or a compound's
last part, with the endings a language adds; :mod:`graphmem.trust.secrets.cues` then finds
the value beside each.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import ahocorasick

from graphmem.trust.secrets import loanwords, plain
from graphmem.trust.secrets.fold import BARE, case

_HERE = Path(__file__).parent
_FILES = (_HERE / "cues.tsv", _HERE / "cues_extra.tsv")
# Names of national identity and tax numbers (python-stdnum's, tools/lexicon/
# build_id_numbers.py): read after the others, never in place of a word they know ("PIN").
_ID_NUMBERS = _HERE / "id_numbers.tsv"
# ... and of a business's numbers (a company's register, its tax number): a sentence that
# names one is about a business.
_BUSINESS_IDS = _HERE / "business_ids.tsv"

# The concepts of the data files, by what their value looks like.
CREDENTIAL, KEY, CODE, LOCK, OPEN, NUMBER, ANSWER, PHRASE, NAME, PUBLIC, ASKS, SAY, LABEL = (
    "credential", "key", "code", "lock", "open", "number", "answer", "phrase", "name", "public",
    "asks", "say", "label",
)  # fmt: skip
MACHINE, TYPE, ENTER = "machine", "type", "enter"  # read by graphmem/trust/secrets/typed.py
# A text message or a notification: the digits it brought are a one-time code.
MESSAGE = "message"
# A company named, and a business identifier's name ("REGON", "SIRET"): the numbers of a
# business are printed on its invoices (graphmem.trust.secrets.business).
BUSINESS, BUSINESS_ID = "business", "business_id"
# A bill, an invoice, a receipt: what a seller prints for every customer.
INVOICE = "invoice"
_CONCEPTS = {
    "password": CREDENTIAL, "passphrase": PHRASE, "login": CREDENTIAL,
    "secret_key": KEY, "device": CREDENTIAL,
    "pin": CODE, "code": CODE, "door": LOCK, "unlock": OPEN, "message": MESSAGE,
    "account_number": NUMBER, "id_number": NUMBER,
    "security_question": ANSWER, "recovery": PHRASE, "username": NAME, "public": PUBLIC,
    "asks": ASKS, "say": SAY, "reference": LABEL,
    "machine": MACHINE, "type": TYPE, "enter": ENTER, "business": BUSINESS,
    "business_id": BUSINESS_ID, "invoice": INVOICE,
}  # fmt: skip
# Context only: a secret's word spelled the same wins.
_CONTEXT = (LABEL, MACHINE, TYPE, ENTER, INVOICE)
# Cues that name no secret: they stop or enable the others.
QUIET = (NAME, PUBLIC, ASKS, BUSINESS, BUSINESS_ID, *_CONTEXT)

# Scripts written without spaces between words: a cue is matched anywhere in them.
_UNSPACED = re.compile(r"[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u3400-\u9fff]")
# Letters a cue of a spaced language may take on ("heslo" -> "heslem", "passordet"); a
# short cue fewer ("marca" is no "marcador").
_INFLECTION = 5


@dataclass(frozen=True, slots=True)
class Cue:
    start: int
    end: int
    concept: str
    term: str = ""  # the lexicon's term it matched, without its ending


@functools.cache
def _automaton() -> tuple[ahocorasick.Automaton, dict[str, str]]:
    concepts: dict[str, str] = {}
    accented: dict[str, set[str]] = {}
    for path in (*_FILES, _ID_NUMBERS, _BUSINESS_IDS):
        if not path.exists():
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip() or line.startswith(("#", "lang\t")):
                continue
            lang, concept, term, *rest = line.split("\t")
            if path in (_ID_NUMBERS, _BUSINESS_IDS):
                key = case(term.strip()).translate(BARE)
                if term.strip().isupper():
                    _IN_CAPITALS.add(key)  # "SIN", "PAN", "RUT": the number's name in capitals
                if path == _ID_NUMBERS:
                    PERSONAL_TERMS.add(key)
                if key in concepts or len(key) < 3:
                    continue
            # The English strings a translation was made from are English words about access.
            for source in rest[0].split(" | ") if rest else ():
                english = source.partition(":")[2].strip().rstrip("?.").strip()
                if english and len(english.split()) <= 3:
                    _ENGLISH.add(case(english).translate(BARE))
            kind = _CONCEPTS.get(concept)
            cased = case(term.strip())  # the data's final sigmas folded like the text's
            term = cased.translate(BARE)
            if kind is None or len(term) < 2:
                continue
            if lang == "en" or lang.startswith("en-"):
                _ENGLISH.add(term)
            if concept == "invoice":
                INVOICE_TERMS.add(term)
            _SPELLED.setdefault(term, set()).add(cased)
            syllables = max(len(part) for part in term.split()) <= _SHORT - 1
            if (len(term) <= _SHORT or syllables) and term != cased:
                # A short word keeps its accents: Vietnamese "gõ" (type) is no English "go",
                # nor "số thẻ" (card number) English "so the".
                accented.setdefault(term, set()).add(cased)
            elif len(term) <= _SHORT:
                accented[term] = set()  # the bare spelling is a term of its own
            # A username cue or a reference's label never overrides a secret one spelled the
            # same ("login", "demande").
            quiet = (NAME, *_CONTEXT)
            if concepts.get(term) not in (None, *quiet) and kind in quiet:
                continue
            if concepts.get(term) == PUBLIC:
                continue  # "what makes it public" wins over a secret reading
            concepts[term] = kind
            if concept == "id_number":
                ID_TERMS.add(term)
    _EXACT.clear()
    _EXACT.update({term: forms for term, forms in accented.items() if forms})
    automaton = ahocorasick.Automaton()
    for term in concepts:
        automaton.add_word(term, term)
    automaton.make_automaton()
    return automaton, concepts


_SHORT = 4
# The terms that name an identity or tax number (not an account's or a card's): a business's
# is public (graphmem.trust.secrets.business).
ID_TERMS: set[str] = set()
# A bill's, an invoice's or a receipt's words, whichever concept a term kept ("receipt" is
# also a public reference's word).
INVOICE_TERMS: set[str] = set()
# The names python-stdnum gives a person's own numbers ("SSN", "PESEL", "Burgerservicenummer"):
# a sentence naming one is no business's alone.
PERSONAL_TERMS: set[str] = set()
_IN_CAPITALS: set[str] = set()  # terms matched only where the text writes them in capitals
_EXACT: dict[str, set[str]] = {}  # a short accented term -> its spellings with accents
_SPELLED: dict[str, set[str]] = {}  # a term without accents -> its spellings in the data
# English's own words about access, without accents: the English rows' terms and the
# English strings the catalogues were translated from (read by plain.py).
_ENGLISH: set[str] = set()


def overlaps(span: tuple[int, int], found: Iterable[Cue]) -> bool:
    """Whether ``span`` shares a character with one of the cues ``found``."""
    return any(c.start < span[1] and span[0] < c.end for c in found)


@functools.lru_cache(maxsize=64)
def cached_cues(text: str) -> tuple[Cue, ...]:
    """:func:`cues`, remembered: the cue and context layers read the same text."""
    return tuple(cues(text))


def cues(text: str) -> list[Cue]:
    automaton, concepts = _automaton()
    if not concepts:
        return []
    cased = case(text)
    folded = cased.translate(BARE)
    found: list[Cue] = []
    for last, term in automaton.iter(folded):
        start, end = last - len(term) + 1, last + 1
        if term in _EXACT and cased[start:end] not in _EXACT[term]:
            continue
        if term in _IN_CAPITALS and not text[start:end].isupper() and not _told(text, end):
            continue  # "precio sin iva: 1.250" (Spanish: without) is no Canadian SIN
        if _in_identifier(folded, start, end) or folded.startswith("redacted:", start - 9):
            continue  # "feature/login-otp-fix", "user_pin=1", a placeholder's own word
        if not _UNSPACED.match(term[0]):
            before = folded[start - 1] if start else " "
            # A vowel sign or a virama joins letters into one word ("ব্লক" is no "লক").
            inside = (
                before.isalpha() or unicodedata.category(before) in ("Mn", "Mc")
            ) and not _UNSPACED.match(before)
            # A word spelled with other accents than the data's is matched whole only:
            # "štítok" (Slovak: a label) does not end in Hungarian "titok" (a secret).
            loose = cased[start:end] not in _SPELLED.get(term, ())
            compound = _compound(term, concepts[term]) and not loose and _head(text, start)
            if inside and not _clitic(folded, start) and not compound:
                continue  # inside a word: "spin" is no "pin"
            tail, room = end, _INFLECTION if len(term) > 5 else 2
            while tail < len(folded) and folded[tail].isalpha() and tail - end < room:
                tail += 1
            if tail < len(folded) and folded[tail].isalpha():
                continue  # a longer word that starts like the cue
            glued = folded[end : end + 1].isdigit() and concepts[term] != PUBLIC  # not "sha256"
            if len(term) <= 3 and (tail > end or glued):
                continue  # a short cue ("pin", "pw", "код") only as a word of its own ("SI56")
            end = tail
        found.append(Cue(start, end, concepts[term], term))
    # "password" borrowed by a language the lexicon does not have ("phasewete", "پاسورڊ").
    for start, end in loanwords.spans(text):
        if not any(c.start < end and start < c.end for c in found):
            found.append(Cue(start, end, CREDENTIAL, "password"))
    found = _outermost(found)
    if any(c.concept not in _GUARDS for c in found) and plain.in_english(text):
        found = [
            c
            for c in found
            if c.concept in _GUARDS
            or not plain.plain_english(
                folded, c.start, c.end, c.term, english=_ENGLISH, concepts=concepts, quiet=QUIET
            )
        ]
    return found


# Cues that keep a value public or name what a number is: never dropped as plain words.
_GUARDS = (PUBLIC, LABEL, NAME, ASKS, INVOICE)


# Hebrew and Arabic write articles and prepositions as letters joined to the word before
# ("הראוטר" = "the router", "بالكود" = "with the code"): a cue may follow up to three.
_CLITICS = re.compile(r"(?:^|[^\w])(?:[הובלמשכ]{1,3}|(?:[وفبلك]{0,2}ال|[وفبلك]{1,2}))$")


# A number's abbreviation written in lower case names it only with the number right after it
# ("my sin is 046 454 286", "mi dni: 4812…"): in lower case it is often a word ("sin", "pan").
_TOLD = re.compile(
    r"[\s:：=#>→-]*(?:,\s*(?=(?:is|es|é|est|ist|je)\s))?"  # "el rut, es 17.4…", not "pan, 100 ml"
    r"(?:is|es|é|e|est|ist|je|to|:)?[\s:：=#>→-]*[A-Z]{0,4}\d",
    re.IGNORECASE,
)


def _told(text: str, end: int) -> bool:
    return _TOLD.match(text, end) is not None


def _compound(term: str, concept: str) -> bool:
    """Whether a cue may end a compound word: languages that join nouns write a pick-up code,
    a bike lock, a passphrase as one word ("noutokoodi", "sykkellåsen", "Passordfrasen").
    Only longer cues: "code" ends "barcode" and "Unicode", "pin" ends "spin"."""
    return len(term) >= 5 and concept in (CREDENTIAL, CODE, LOCK, KEY, PHRASE, NUMBER)


def _head(text: str, start: int) -> bool:
    """Whether the letters before a cue at ``start`` may be a compound's first noun: one
    capital Latin letter alone is a name's first letter ("S" + "portage" in "Sportage")."""
    return not (
        start >= 1
        and text[start - 1].isupper()
        and text[start - 1].isascii()
        and (start == 1 or not text[start - 2].isalpha())
    )


def _clitic(text: str, start: int) -> bool:
    return bool(_CLITICS.search(text, max(0, start - 5), start))


def _in_identifier(text: str, start: int, end: int) -> bool:
    """Whether the cue sits in a token joined by "/", "_", "=" or "." (a path, a branch, a
    field name): a name for something, not words about access."""
    lo = start
    while lo > 0 and not text[lo - 1].isspace():
        lo -= 1
    hi = end
    while hi < len(text) and not text[hi].isspace():
        hi += 1
    word = text[lo:hi].rstrip(".,;:!?)")
    return any(c in word for c in "/_=") or "." in word.strip(".")


def _outermost(found: list[Cue]) -> list[Cue]:
    """Cues not inside a longer one ("code" inside "security code")."""
    found.sort(key=lambda c: (c.start, -c.end))
    kept: list[Cue] = []
    for cue in found:
        if kept and cue.start < kept[-1].end:
            continue
        kept.append(cue)
    return kept
