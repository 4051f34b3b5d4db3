"""Labels: a number named by a label of its own is that thing's number, not a secret.

A message about a password or a code often carries another number: "my customer number is
88231047, I need to reset my password", "PIN vergessen, Filiale 7731 hat bis 18 Uhr offen",
"the code comes by SMS, order 5501827". The number is labelled by what it numbers (a
customer, a branch, an order), and that label, not the access word further off, says what
it is. Two kinds of label, in any language:

* a public cue or a reference's label (``public``, ``reference`` in ``cues_extra.tsv``:
  order, ticket, room, customer, branch, invoice, ...) right before the value;
* a word for "number" ("number", "Nr.", "№", "رقم", "番号", "번호", "नंबर", ...) right
  before the value, perhaps after or before the noun it numbers ("customer number",
  "номер обращения", "nomor tiket", "会員番号"), when no word about access is part of that
  label ("PIN number", "номер карты", "パスポート番号" stay secrets).

What follows an access word directly ("PIN 4821") is never excused here.
"""

from __future__ import annotations

import re

from graphmem.trust.secrets import vocabulary
from graphmem.trust.secrets.common import UNSPACED
from graphmem.trust.secrets.lexicon import CODE, LABEL, NUMBER, PUBLIC, QUIET, SAY, Cue

# "Number" in the languages the cue data covers; the class is small and closed, and a word
# for a thing's number says nothing about whether the thing is secret.
_NUMBER_WORD = (
    r"(?:number|num|nos?\.?|nr\.?|n[°º]|n\.º|#|№|nummer|numéro|número|numero|núm\.?|numer"
    r"|номер|нөмірі|дугаар|број|broj|číslo|č\.|številka|szám|număr|numara\w{0,3}|nömrə"
    r"|raqam\w?|numurs|numeris|numri|númer|numru|namba|nambari|inombolo|lambar|nọmba|nomor"
    r"|nombor|số|αριθμός|αρ\.|رقم|شماره|شمېره|نمبر|नंबर|नम्बर|সংখ্যা|নম্বর|নং|எண்"
    r"|నంబర్|సంఖ్య|අංකය|หมายเลข|เลขที่|ເລກທີ|ເລກ|លេខ|နံပါတ်|ቁጥ[^\W\d_]|ნომერი|համար\w{0,2}|מספר"
    r"|编号|編號|单号|號|号|番号|번호)"
    r"[^\W\d_A-Z]{0,2}"  # an ending: "ቁጥሬ" (my number), "numri", "номера"
)
# A label's end: the number word, then ":", "is", "#" before the value.
_THEN = r"[\s:：#№=-]*(?:is|ist|est|es|é|è|er|on|je|ni|ni:)?[\s:：#№=-]*"
_NUMBERED = re.compile(_NUMBER_WORD + _THEN + r"$", re.IGNORECASE)
# The number word, then the noun it numbers: "номер обращения 5530-118", "nomor tiket 88".
_NUMBER_OF = re.compile(
    r"(?<![^\W\d_])" + _NUMBER_WORD + r"(?:\s+[^\W\d_]{1,16}){1,2}" + _THEN + r"$", re.IGNORECASE
)
_CONNECTOR = re.compile(_THEN + r"$", re.IGNORECASE)
# A maker's or a carrier's prefix in capitals between the label and the number: "el modelo es
# HGU 2741", "flight LH 2041". The thing's own name, not a word about access.
_PREFIXED = re.compile(r"(?i:" + _THEN + r")[A-Z]{1,5}[ -]?$")
# A card's last digits, printed on every receipt: "ends in 4402", "VISA ending 2290", "endet
# auf", "eindigt op", "last 4 digits 0071", and after the masked rest ("**** **** **** 4417").
_LAST_DIGITS = re.compile(
    r"(?:\bends?|\bending|endet|eindigt|termina|se[ ]termine|kończy[ ]się|заканчивается)"
    r"\s+(?:(?:in|with|on|auf|mit|op|met|en|em|con|par|na)\s*)?$"
    r"|(?:([*•●xX#])\1{2,}[ -]?){1,4}$"
    r"|(?:\blast|letzten|laatste|últimos|derniers|ultime|последние)\s*(?:4|four|vier|cuatro"
    r"|quatre|quattro|quatro)\s*(?:digits?|ziffern|cijfers|dígitos|chiffres|cifre|цифры)?"
    r"\s*(?:are|is|sind|zijn|:)?\s*$",
    re.IGNORECASE,
)
_REACH = 32
_QUIET = (*QUIET, SAY)
_BREAK = re.compile(r"[,;.!?，。；！？、\n]\s")


# The words that name a secret in the other layers ("인증번호", "PIN-Nummer", "رقم الهوية"):
# a label holding one names the secret.
_SECRET_WORD = re.compile(
    r"(?<![a-zà-ÿ])(?:"
    + "|".join(
        vocabulary.PASSWORD + vocabulary.PASSWORD_EN + vocabulary.PIN + vocabulary.OTP
        + vocabulary.RECOVERY + vocabulary.CVV + vocabulary.NATIONAL_ID
    )
    + ")",
    re.IGNORECASE,
)  # fmt: skip
# A PIN by any name: a label's own code word, unless it is one ("helpline PIN 4821").
_PIN = re.compile(
    r"pin(?:[ -]?(?:code|kode|kod|nummer|number|numero|número|kodu))?|pinkod|kod[ ]pin|geheimzahl"
    r"|пин(?:-код)?|पिन|পিন|핀[ ]?번호|暗証番号|暗证码|暗證碼",
    re.IGNORECASE,
)
# Two groups of three digits are how a one-time code is read out ("815 203"), not how an
# order or a customer is numbered.
_READ_OUT = re.compile(r"\d{3} \d{3}(?!\d)")


# A bank's code for the branch an account is held at ("sort code 20-45-77", "Clearing 8327-9",
# "Reg.nr. 1551", "סניף 712", "支店番号418", "agência 3817"): told with the account's number
# it is part of the account's details; alone ("Filiale 7731 hat offen") it is the branch's.
_BANK_CODE = re.compile(
    r"(?<![^\W\d_])(?:sort[ ]?code|clearing(?:nummer)?|reg\.?[ ]?nr\.?|registreringsnummer"
    r"|routing(?:[ ]number)?|bsb|transit(?:[ ]number)?|ag[êe]ncia|branch(?:[ ]code|[ ]number)?"
    r"|סניף|支店番号|支店)[\s:：#]*(?P<v>\d[\d -]{1,10}\d)(?![\w/]|[.,]\d)",
    re.IGNORECASE,
)


def bank_codes(text: str, found: tuple[Cue, ...]) -> list[tuple[int, int]]:
    """The branch codes told with an account's number (a ``number`` cue) in ``text``."""
    if not any(c.concept == NUMBER for c in found):
        return []
    codes = [m.span("v") for m in _BANK_CODE.finditer(text)]
    # The account's own number told too ("agência 1532" alone is where a card is changed).
    told = any(
        not any(a <= m.start() < b for a, b in codes) for m in _ACCOUNT_DIGITS.finditer(text)
    )
    return codes if told else []


_ACCOUNT_DIGITS = re.compile(r"\d(?:[ -]?\d){5,}")


def labelled(text: str, start: int, found: tuple[Cue, ...], end: int | None = None) -> bool:
    """Whether the value at ``start`` is named by a label of its own (see the module). A
    value taken with the word before it ("会員番号12093847") is judged from its digits."""
    if any(a <= start < b for a, b in bank_codes(text, found)):
        return False
    if end is not None and UNSPACED.match(text, start):
        digit = next((i for i in range(start, end) if text[i].isdigit()), start)
        if digit > start and _labelled(text, digit, found):
            return True
    return _labelled(text, start, found)


def _labelled(text: str, start: int, found: tuple[Cue, ...]) -> bool:
    if _READ_OUT.match(text, start):
        return False
    lo = max(0, start - _REACH)
    for m in _BREAK.finditer(text, lo, start):
        lo = m.end()
    if lo >= start:
        return False
    for cue in found:
        if cue.concept not in (PUBLIC, LABEL) or not lo <= cue.start < cue.end <= start:
            continue
        # The thing's own code word goes with it: "branch code 0456", "শাখা কোড 0271".
        # A PIN is nobody's code number: "helpline PIN 4821" is the PIN of a phone line.
        tail = next((c for c in found if 0 <= c.start - cue.end <= 1 and c.end <= start), None)
        after = cue.end
        if (
            tail is not None
            and tail.concept == CODE
            and not _PIN.fullmatch(text, tail.start, tail.end)
        ):
            after = tail.end
        numbered = _NUMBERED.search(text, after, start)
        if numbered is not None and text[numbered.start() - 1].isalpha():
            numbered = None  # inside a word: "działalność: " holds no "no"
        joined = _CONNECTOR.match(text, after, start) or _prefixed(text, after, start, found)
        if joined or numbered is not None:
            if headed(text, cue.start, start, found, place=False):
                return False
            return _free(text, (cue.start, start), found, bound=False)
    window = text[lo:start]
    if _LAST_DIGITS.search(window) and 3 <= sum(c.isdigit() for c in text[start : start + 5]) <= 4:
        return True
    numbered = _NUMBERED.search(window)
    if numbered is not None and (numbered.start() == 0 or not _ends_word(window, numbered.start())):
        return _free(text, (lo + numbered.start(), start), found, bound=True) and not _document(
            found, lo, lo + numbered.start()
        )
    number_of = _NUMBER_OF.search(window)
    if number_of is not None and text[start].isdigit():  # "numarası ve Kapadokya#07"
        return _free(text, (lo + number_of.start(), start), found, bound=True)
    return False


# How far before a thing's label a word about access may head the same label, and how many
# words apart at least a code's word must be from it ("code for the flat:", not "código de
# pedido:", which numbers an order).
_HEAD_REACH = 40
_HEAD_GAP = 2
_GAP_WORD = re.compile(r"[^\W\d_]+")
_COLON_LAST = re.compile(r"[^\W\d_][.]?\s*[:：]\s*$")  # the label ends in a colon, at the value


def headed(text: str, label: int, start: int, found: tuple[Cue, ...], *, place: bool) -> bool:
    """A word about access heads the label whose last words, from ``label`` on, name a thing
    (its reference, its room); those say what the value at ``start`` is *for*, when a colon
    ends it: "NIF para la factura: X7719036T", "admin code for the holiday flat: 83920471",
    "Versichertennummer für das Formular: M28…". An identity document's or an account's word
    always does (nobody numbers an invoice with a tax id); a code's word only when the thing
    is a ``place`` (a flat's, a room's code opens it) and at least two words lie between
    ("habitación 12" is a room; "código de la asignatura: FIS201" is the course's own code,
    and "de la" cannot be told from "for the" in every language)."""
    if not _COLON_LAST.search(text, label, start):
        return False  # "OTP by SMS, order 9920184": the order's number, told after its word
    lo = max(0, label - _HEAD_REACH)
    for m in _BREAK.finditer(text, lo, label):
        lo = m.end()
    for c in found:
        if not (lo <= c.start and c.end <= label) or c.concept in _QUIET:
            continue
        if c.concept in (PUBLIC, LABEL) or any(ch.isdigit() for ch in text[c.end : start]):
            continue
        if c.concept == NUMBER:
            return True
        if place and len(_GAP_WORD.findall(text, c.end, label)) >= _HEAD_GAP:
            return True
    return False


def _prefixed(text: str, after: int, start: int, found: tuple[Cue, ...]) -> bool:
    """A prefix in capitals joins a label to its number, unless it is a word about access
    ("order PIN 4821", "booking OTP 482913")."""
    m = _PREFIXED.match(text, after, start)
    if m is None:
        return False
    word = re.search(r"[A-Z]{1,5}[ -]?$", m.group())
    lo = m.start() + (word.start() if word else 0)
    if _SECRET_WORD.search(text, lo, start) or re.match(
        r"(?:OTP|TAN|CVV|CVC|PIN|PW|PWD|PASS|KEY)\b", text[lo:start]
    ):
        return False
    return not any(c.concept not in _QUIET and c.start < start and lo < c.end for c in found)


def _document(found: tuple[Cue, ...], lo: int, at: int) -> bool:
    """An identity document or an account named before the number word, in its clause:
    "Pasport seriya va raqami: AD4829173" numbers the passport."""
    return any(c.concept == NUMBER and lo <= c.start and c.end <= at for c in found)


def _ends_word(window: str, at: int) -> bool:
    """A number word glued to a word before it, in a script with spaces ("Passnummer")."""
    before = window[at - 1]
    return before.isalpha() and not UNSPACED.match(before) and window[at].isascii()


def _free(text: str, span: tuple[int, int], found: tuple[Cue, ...], *, bound: bool) -> bool:
    """No word about access is part of the label ``span``. A word for "number" is bound to
    an access word right before it too ("PIN number", "PIN-Nummer"); a thing named is not
    ("SMS ອໍເດີ 883019": the order's number), and its own code word is part of its name."""
    label, start = span
    near = label - 2 if bound else label
    own: list[tuple[int, int]] = []
    for c in found:
        if c.start >= start or c.end <= near:
            continue
        if c.concept in (PUBLIC, LABEL) or (
            c.start >= label and _NUMBERED.fullmatch(text, c.start, c.end)
        ):
            own.append((c.start, c.end))  # the label's own words ("namba ya mteja")
        elif not bound and c.start >= label and c.concept == CODE:
            own.append((c.start, c.end))  # "branch code"
        elif c.concept not in _QUIET:
            return False
    for m in _SECRET_WORD.finditer(text, max(0, label - 24), start):
        if m.end() > near and not any(a <= m.start() and m.end() <= b for a, b in own):
            return False
    return True
