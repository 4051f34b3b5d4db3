"""Seed phrases and one-time codes: secrets told by their shape and their neighbours.

* A wallet seed phrase is a run of 12 or more words of the BIP-39 English word list
  (``bip39_english.txt``, the public list of the Bitcoin Improvement Proposal 39,
  published under the MIT licence), perhaps numbered or comma separated. Ordinary
  prose never gets that far: "the", "a", "is", "my", "of" and "to" are not on it.
* A one-time code is a 4-8 digit number, perhaps spaced ("428 992") or dashed, with a
  code word of some language near it on the same line ("WhatsApp code", "texted",
  "Bestätigungscode", "验证码", "код", ...) and no word that makes it a postcode,
  an order, an error, a price or a phone number.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator
from functools import cache
from importlib import resources

from graphmem.trust.secrets import lexicon, vocabulary
from graphmem.trust.secrets.common import COUNTED, Candidate

SEED_MIN_WORDS = 12


@cache
def bip39_words() -> frozenset[str]:
    text = (
        resources.files("graphmem.trust.secrets").joinpath("bip39_english.txt").read_text("utf-8")
    )
    return frozenset(text.split())


# A word with what may sit between words of a list: numbering ("1." "2)"), commas, dashes.
_WORD = re.compile(r"[A-Za-z]+")
_GAP = re.compile(r"(?:[\s,;|/·•-]|\d{1,2}[.):]|\n)*$")


def _seed_spans(text: str) -> Iterator[Candidate]:
    words = bip39_words()
    run: list[re.Match[str]] = []

    def flush() -> Iterator[Candidate]:
        if len(run) >= SEED_MIN_WORDS:
            yield run[0].start(), run[-1].end(), 0, "seed_phrase"

    for m in _WORD.finditer(text):
        joined = bool(run) and _GAP.match(text, run[-1].end(), m.start()) is not None
        if m.group().lower() in words and (not run or joined):
            run.append(m)
            continue
        yield from flush()
        run = [m] if m.group().lower() in words else []
    yield from flush()


_OTP_SHAPE = re.compile(
    r"(?<![A-Za-z0-9.,:/#+-])(?<!\d[ -])(?:G-)?"
    r"(?P<v>\d{4,8}|\d{3}[ -]\d{3}|\d{2}[ -]\d{2}[ -]\d{2}|\d{4}[ -]\d{4})"
    r"(?![A-Za-z0-9/]|[.,:]\d|[ -]\d|-[A-Za-z])"  # "88120-B": a reference's letter
)
_CODE_WORDS = re.compile(
    (
        r"(?<![A-Za-z])(?:"
        + "|".join(vocabulary.OTP)
        + r"|codes?|otp|passcode|texted|text(?:ed)?[ ]me|sms|sent[ ](?:me|you)|enter"
        # a text message in scripts that do not write "SMS"
        + r"|短信|簡訊|ショートメール|문자|смс|эсэмэс|پیامک|رسالة[ ]نصية|एसएमएस"
        + r"|log[ ]?in|sign[ ]?in|2fa|mfa|verify|verif\w+|confirm\w*|authenticat\w*"
        + r"|whatsapp|telegram|signal|authenticator|bestätig\w*|verific\w*|vérif\w*"
        + r"|code|código|codice|kod\w*|код\w*|رمز|कोड|কোড|코드|번호|コード|码|碼)"
        + r"(?![A-Za-z])"
    ),
    re.IGNORECASE,
)
# Nearer than a code word, these make the number something else.
_NOT_OTP = re.compile(
    r"(?<![A-Za-z])(?:zip|post(?:al|code|leitzahl)?|plz|cp|área|area|error|fehler|erreur|errore"
    r"|ошибк\w*|status|http|order|bestell\w*|pedido|commande|ordine|заказ|订单|注文|주문"
    r"|invoice|rechnung|factura|facture|tracking|sendung|ticket|flight|flug|vuelo|vol|room"
    r"|zimmer|habitación|chambre|gate|platform|gleis|seat|sitz|phone|tel|telefon|teléfono"
    r"|téléphone|mobile|handy|call|fax|ext|price|preis|precio|prix|total|usd|eur|year|jahr"
    r"|año|année|version|build|release|v(?=\d)|model|modell|serial|isbn|page|seite|página|line"
    r"|zeile|step|schritt|km|kg|mg|ml|cm|mm|mb|gb|px|ms|rpm|°|case|ticket|issue|pr|pull"
    r"|promo|coupon|gutschein|discount|rabatt|referral|gift|lot|batch|sku|art|artikel"
    r"|kunden\w*|customer|account|konto|cuenta|compte|iban|bic|blz|routing|sort)(?![A-Za-z])",
    re.IGNORECASE,
)
_NEAR = 40
# Letters and digits mixed ("F7K2Q"), upper case: a code only right beside its code word.
_ALNUM_CODE = re.compile(r"(?<![\w-])(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[A-Z0-9]{5,8}(?![\w-])")
_ALNUM_NEAR = 12
# Letters-and-digits references that are not secrets: bookings, confirmations, tickets.
_BOOKING = re.compile(
    r"confirm|booking|reservation|reserva|réservation|buchung|reference|ref\b|pnr|ticket"
    r"|order|voucher|coupon|promo|gift|seat|flight|gate",
    re.IGNORECASE,
)


class _Words:
    """Every match of a word pattern in a text, found once, for nearest-neighbour lookups."""

    def __init__(self, pattern: re.Pattern[str], text: str) -> None:
        self.text = text
        self.pattern = pattern
        self.starts: list[int] = []
        self.ends: list[int] = []
        self.found = False

    def distance(self, start: int, end: int) -> int:
        """Characters from [start, end) to the nearest match on the same line, or a large one."""
        if not self.found:
            # Found on first use: most texts have no number that needs it, and the word
            # lists are long alternations that cost a full pass over a long episode.
            spans = [m.span() for m in self.pattern.finditer(self.text)]
            self.starts = [s for s, _ in spans]
            self.ends = [e for _, e in spans]
            self.found = True
        best = 10**6
        i = bisect.bisect_right(self.ends, start) - 1
        if i >= 0 and "\n" not in self.text[self.ends[i] : start]:
            best = start - self.ends[i]
        j = bisect.bisect_left(self.starts, end)
        if j < len(self.starts) and "\n" not in self.text[end : self.starts[j]]:
            best = min(best, self.starts[j] - end)
        return best


def _otp_spans(text: str) -> Iterator[Candidate]:
    numbers = list(_OTP_SHAPE.finditer(text))
    codes, blockers = _Words(_CODE_WORDS, text), _Words(_NOT_OTP, text)
    for m in numbers:
        start, end = m.span("v")
        code = codes.distance(start, end)
        if code > _NEAR:
            continue
        # "zip code 10001", "sort code 12-34-56": a blocker just before the code word wins.
        if blockers.distance(start, end) <= code + 12:
            continue
        digits = re.sub(r"\D", "", m.group("v"))
        if len(digits) == 4 and re.fullmatch(r"(?:19|20)\d\d", digits):
            continue  # a year beside "code" ("the 2024 code of conduct") is a year
        if COUNTED.match(text, end):
            continue
        yield start, end, 11, "otp"
    for m in _ALNUM_CODE.finditer(text):
        code = codes.distance(*m.span())
        line_start = text.rfind("\n", 0, m.start()) + 1
        if code > _ALNUM_NEAR or _BOOKING.search(text, line_start, m.end()):
            continue
        if blockers.distance(*m.span()) > code + 12:
            yield m.start(), m.end(), 11, "otp"


# Two groups of three digits ("903 417", "481 226") are how one-time codes are sent and
# read out in every language ("Bankadan 649 120 geldi", "문자로 온 481 226 입력해줘"). A price,
# a population or a reference grouped so ends in round thousands, is followed by a
# currency or a unit, follows a label and a colon, or has a word like "order" beside it.
_SPLIT_CODE = re.compile(r"(?<![\w.,/:+-])(?<!\d[ ])\d{3} \d{3}(?![\w/:+-]|[.,]\d|[ ]\d)")
_NEXT_WORD = re.compile(r"\s?([%€$£¥₽₹]|[^\W\d_]+)")
_CURRENCY = re.compile(
    r"(?:[%€$£¥₽₹]|kč|kc|zł|zl|złot|ft|forint|lei|лв|лев|грн|гривен|руб|р$|kr|kron|korun|eur"
    r"|usd|czk|huf|pln|sek|nok|dkk|rs|rupe|tl|lir|dollar|dolar|доллар|евро|yen|yuan|won)",
    re.IGNORECASE,
)
_LABELLED = re.compile(r"[:=#№]\s*$")


def _split_code_spans(text: str) -> Iterator[Candidate]:
    blockers = _Words(_NOT_OTP, text)
    for m in _SPLIT_CODE.finditer(text):
        if m.group().endswith("000") or COUNTED.match(text, m.end()):
            continue
        unit = _NEXT_WORD.match(text, m.end())
        if unit is not None and _CURRENCY.match(unit.group(1)):
            continue  # "450 300 рублей"
        if _LABELLED.search(text, max(0, m.start() - 3), m.start()):
            continue  # "Population: 128 450"; a code's own label is the code words' business
        if blockers.distance(*m.span()) <= _NEAR:
            continue  # "Order 123 456", "Kundennummer 483 221"
        yield m.start(), m.end(), 11, "otp"


# A recovery phrase in any language's word list (BIP-39 has ten, wallets more): twelve to
# twenty-four bare words in a row after a colon, without a comma, a digit or a capital to
# make them a sentence or a list of things.
_WORD_RUN = re.compile(
    r"[:：]\s*((?:[^\W\d_]{2,12}[ \u3000]+){11,23}[^\W\d_]{2,12})(?=\s*(?:$|[.\n]))"
)


# A wallet's phrase has 12, 15, 18, 21 or 24 words, all different, and its label names a
# phrase, a recovery or a wallet (a shopping list or an agenda does not).
_PHRASE_LENGTHS = frozenset({12, 15, 18, 21, 24})


def _any_language_seed_spans(text: str) -> Iterator[Candidate]:
    for m in _WORD_RUN.finditer(text):
        words = m.group(1).split()
        if any(c.isupper() for c in m.group(1)) or len(words) not in _PHRASE_LENGTHS:
            continue
        if len(set(words)) < len(words):
            continue
        label = text[text.rfind("\n", 0, m.start()) + 1 : m.start()]
        if _SEED_LABEL.search(label) or any(
            c.concept in (lexicon.PHRASE, lexicon.KEY, lexicon.CREDENTIAL)
            for c in lexicon.cached_cues(label)
        ):
            yield m.start(1), m.end(1), 0, "seed_phrase"


_SEED_LABEL = re.compile(
    r"seed|mnemonic|wallet|recovery|phrase|words|wörter|mots|palabras|parole|слова|单词|助記|ワード|단어"
    r"|ví|cüzdan|portfel|peněženk|lompako|wallet|dompet|kata-kata|pochi|кошел[её]к|محفظة|کیف[ ]پول"
    r"|वॉलेट|საფულ|სიტყვ",
    re.IGNORECASE,
)
# The words numbered one by one ("1. maple 2. shadow … 12. lunar"), in any language.
_NUMBERED_RUN = re.compile(
    r"(?<!\d)1[.)]\s*[^\W\d_]{2,12}(?:\s+\d{1,2}[.)]\s*[^\W\d_]{2,12}){11,23}(?![\w.)])"
)


def _numbered_seed_spans(text: str) -> Iterator[Candidate]:
    for m in _NUMBERED_RUN.finditer(text):
        numbers = [int(n) for n in re.findall(r"(\d{1,2})[.)]", m.group())]
        if numbers != list(range(1, len(numbers) + 1)) or len(numbers) not in _PHRASE_LENGTHS:
            continue  # a list counted in order, of a phrase's length
        label = text[max(0, m.start() - 80) : m.start()]
        if _SEED_LABEL.search(label) or any(
            c.concept == lexicon.PHRASE for c in lexicon.cached_cues(label)
        ):
            yield m.start(), m.end(), 0, "seed_phrase"


def spans(text: str) -> Iterator[Candidate]:
    bip39 = list(_seed_spans(text))
    yield from bip39
    if "1." in text or "1)" in text:
        yield from _numbered_seed_spans(text)
    if ":" in text or "：" in text:
        for found in _any_language_seed_spans(text):
            if not any(s < found[1] and found[0] < e for s, e, _, _ in bip39):
                yield found  # once: a BIP-39 phrase is both
    if any(c.isdigit() for c in text):
        yield from _otp_spans(text)  # every code has a digit
        yield from _split_code_spans(text)
