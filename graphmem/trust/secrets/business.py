"""A business's numbers are public: its register, tax and VAT numbers are printed on every
invoice it writes, so the secret gate leaves them as they are.

Three ways a number is told as a business's (``business_numbers``):

- after a business identifier's name ("REGON", "SIRET": python-stdnum's names, in
  ``business_ids.tsv``), with the other numbers of its sentence unless a person's own number
  is named there;
- after an identity or tax number's name with a company's word beside it ("Mã số thuế công
  ty 0316…", "NPWP perusahaan 01.842…");
- on a line that names the seller: a company by its legal form ("Stolárstvo Kováč s.r.o.",
  "ООО «Северный Лес»", ``legal_forms.tsv``), or a bill, invoice or receipt from a named
  seller ("Resibo ng Aling Nena Sari-Sari, TIN 417-…") — the numbers after the first
  identity or tax number's name on it, unless the line speaks in the first person ("m'n
  btw-id … voor op de factuur", "put my UTR on the invoice" are the user's own).
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

from graphmem.trust.secrets.fold import fold
from graphmem.trust.secrets.lexicon import (
    BUSINESS,
    BUSINESS_ID,
    ID_TERMS,
    INVOICE_TERMS,
    PERSONAL_TERMS,
    Cue,
    cached_cues,
)
from graphmem.trust.secrets.values import NUMBER_VALUE

_LEGAL_FORMS = Path(__file__).with_name("legal_forms.tsv")

_NEAR_BUSINESS = 12  # characters between a number's name and the company it is of
_OWN_NUMBER = re.compile(r"[\s:：#№-]*(?:n[°º.o]\s*)?")
# What may stand between a number's name and the company it is of: spaces, a possessive
# ("dell'", "of the", "の"), no clause ("会社に出すマイナンバー": the number given to a company).
_OF = re.compile(r"[\s'’:-]*(?:[^\W\d_]{1,4}[\s'’]+){0,2}(?:の|的)?[\s'’:-]*")
_SENTENCE = re.compile(r"[.;!?](?=\s|$)|[。！？；\n]")
_LINE = re.compile(r"[^\n]+")
# A seller named after a bill's word: a short preposition at most, then a capital or a quote
# ("Invoice from Acme", "Faktura od Stolarnia", "Счёт от ООО", "Resibo ng Aling Nena").
_FROM_NAME = re.compile(r"[\s:：–—-]*(?:[^\W\d_]{1,4}\s+)?[«\"„“‘'(]?(?P<initial>[^\W\d_])")
# The user speaking of their own ("my", "our"): first-person words of languages whose
# business words the lexicon has, without those another language uses for something else
# (German "mit", Portuguese "os", Scandinavian "ja").
_FIRST_PERSON_WORDS = """
    i me my mine we us our ours myself i'm i've yo mi mis mío mía nosotros nuestro nuestra
    nuestros je moi mon mes nous notre nos ich mich mir mein meine meinen meinem meiner wir
    uns unser unsere unseren io mio mia miei mie noi nostro nostra eu mim meu minha meus
    minhas nós nosso nossa ik mij mijn m'n wij ons onze jag jeg mig meg min mitt mina vi oss
    vår vårt våra vores våre mnie mój moja moje mojego nasz nasza nasze já mě můj náš naše
    môj я меня мне мой моя моё мои мы наш наша мій моє мої мене ми benim bizim saya aku kami
    kita ako akin namin mojej mojego moim moją moi naszej naszego naszym naszą nasi mého mé
    mému mým moji našeho naší moego моей моему моим моих нашего нашей нашему нашим наших мого
    моєї моїй нашої нашого μου μας"""
_FIRST_PERSON = frozenset(_FIRST_PERSON_WORDS.split())
_WORD = re.compile(r"[^\W\d_][\w'’]*")
# A capitalised name beside a legal form of two capitals.
_NAME = re.compile(r"[A-ZÀ-ÖØ-Þ][\w&'’-]*")
_NAME_ENDS = re.compile(r"[A-ZÀ-ÖØ-Þ][\w&'’-]*$")
# A first-person possessive ending written after a number's name (Turkish, Azerbaijani).
_OWN_SUFFIX = re.compile(r"[-'’](?:[iıuü]m|m)(?![^\W\d_])")


def business_numbers(text: str) -> list[tuple[int, int]]:
    """The spans of ``text`` that are a business's numbers (module docstring)."""
    found = cached_cues(text)
    out: list[tuple[int, int]] = []
    for b in (c for c in found if c.concept in (BUSINESS, BUSINESS_ID)):
        lead = _OWN_NUMBER.match(text, b.end)  # matches the empty string at least
        own = NUMBER_VALUE.match(text, lead.end() if lead else b.end)
        if b.concept == BUSINESS_ID and own is not None and any(c.isdigit() for c in own.group()):
            out.append(own.span())
            # The sentence's other numbers too, when no person's number is named in it ("NIP
            # 527-…, REGON 146…" is a seller's; "my SSN …, the company's EIN …" is not).
            lo, hi = _sentence(text, b.start)
            if not any(c.term in PERSONAL_TERMS and lo <= c.start < hi for c in found):
                out += [m.span() for m in NUMBER_VALUE.finditer(text, lo, hi)]
        for cue in found:
            if cue.term in ID_TERMS and _beside(text, cue, b):
                lo, hi = _sentence(text, cue.start)
                out += [m.span() for m in NUMBER_VALUE.finditer(text, max(lo, cue.end), hi)]
    return out + _sellers_numbers(text, found)


def _sellers_numbers(text: str, found: tuple[Cue, ...]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for lo, hi in _lines(text):
        named = [
            c
            for c in found
            if lo <= c.start < hi and (c.term in ID_TERMS or c.concept == BUSINESS_ID)
        ]
        seller = _seller(text, lo, hi, found) if named else None
        if seller is None:
            continue
        if any(w.group().casefold() in _FIRST_PERSON for w in _WORD.finditer(text, lo, hi)):
            continue  # the user's own number, for an invoice ("put my UTR on the invoice")
        if any(_OWN_SUFFIX.match(text, c.end) for c in named):
            continue  # "VÖEN-im", "vergi no'm": a possessive ending says whose
        # From the seller's name or the first number's name on: "s.r.o., IČO 4728…, DIČ 2024…".
        first = min(seller, *(c.end for c in named))
        out += [m.span() for m in NUMBER_VALUE.finditer(text, first, hi)]
    return out


def _seller(text: str, lo: int, hi: int, found: tuple[Cue, ...]) -> int | None:
    """Where the line ``[lo, hi)`` names a seller, if it does: the end of a company's legal
    form, of a bill's word beside a company's word, or of a bill's word before a name."""
    forms = [m.end() for m in _legal_forms().finditer(text, lo, hi) if _legal_form(text, m)]
    bills = [c for c in found if lo <= c.start < hi and _is_bill(text, c)]
    if bills and any(c.concept == BUSINESS and lo <= c.start < hi for c in found):
        forms += [c.end for c in bills]  # "فاتورة شركة النخيل …": a bill and a company's word
    forms += [c.end for c in bills if _before_a_name(text, c.end, hi)]
    return min(forms, default=None)


def _before_a_name(text: str, at: int, hi: int) -> bool:
    """Whether a capitalised name follows ``at`` (after a short preposition or a quote); in a
    script without capitals, whatever a heading's colon puts after the bill ("بل: الفلاح …")."""
    m = _FROM_NAME.match(text, at, hi)
    if m is None:
        return False
    initial = m.group("initial")
    caseless = initial.lower() == initial.upper()
    return initial.isupper() or (caseless and any(c in m.group() for c in ":："))


def _is_bill(text: str, cue: Cue) -> bool:
    """Whether the cue is a bill's word, whichever term it matched ("resibo" read as "resi")."""
    return cue.term in INVOICE_TERMS or fold(text[cue.start : cue.end]) in INVOICE_TERMS


def _legal_form(text: str, m: re.Match[str]) -> bool:
    """Whether a legal form's match stands as one: two Latin capitals ("AS", "CV", "PT") only
    beside a capitalised name ("Equinor ASA", "PT Maju Jaya", "CV Jati Makmur")."""
    form = m.group()
    if not (len(form) == 2 and form.isascii() and form.isupper()):
        return True
    before = text[max(0, m.start() - 40) : m.start()].rstrip(" ,")
    after = text[m.end() : m.end() + 40].lstrip(" ")
    return _NAME_ENDS.search(before) is not None or _NAME.match(after) is not None


@functools.cache
def _legal_forms() -> re.Pattern[str]:
    forms: set[str] = set()
    for line in _LEGAL_FORMS.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith(("#", "country\t")):
            forms.update(f.strip() for f in line.split("\t")[1].split("|") if f.strip())
    # Longest first, so that "GmbH & Co. KG" is read whole; as a word of its own.
    alternatives = "|".join(re.escape(f) for f in sorted(forms, key=len, reverse=True))
    return re.compile(rf"(?<![\w.])(?:{alternatives})(?![\w])")


def _lines(text: str) -> list[tuple[int, int]]:
    return [m.span() for m in _LINE.finditer(text)]


def _beside(text: str, number: Cue, business: Cue) -> bool:
    first, last = (number, business) if number.end <= business.start else (business, number)
    gap = _OF.match(text, first.end, last.start)
    return last.start - first.end <= _NEAR_BUSINESS and gap is not None and gap.end() == last.start


def _sentence(text: str, at: int) -> tuple[int, int]:
    lo = 0
    for m in _SENTENCE.finditer(text, 0, at):
        lo = m.end()
    stop = _SENTENCE.search(text, at)
    return lo, stop.start() if stop is not None else len(text)
