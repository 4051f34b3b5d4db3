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

import re
from collections.abc import Iterator
from functools import cache
from importlib import resources

from graphmem.secrets import vocabulary
from graphmem.secrets.common import Candidate

SEED_MIN_WORDS = 12


@cache
def bip39_words() -> frozenset[str]:
    text = resources.files("graphmem.secrets").joinpath("bip39_english.txt").read_text("utf-8")
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
    r"(?<![A-Za-z0-9.,:/#+-])(?:G-)?"
    r"(?P<v>\d{4,8}|\d{3}[ -]\d{3}|\d{2}[ -]\d{2}[ -]\d{2}|\d{4}[ -]\d{4})"
    r"(?![A-Za-z0-9/]|[.,:]\d|[ -]\d)"
)
_CODE_WORDS = re.compile(
    (
        r"(?<![A-Za-z])(?:"
        + "|".join(vocabulary.OTP)
        + r"|codes?|otp|passcode|texted|text(?:ed)?[ ]me|sms|sent[ ](?:me|you)|enter"
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


def _line_bounds(text: str, start: int, end: int) -> tuple[int, int]:
    left = text.rfind("\n", 0, start) + 1
    right = text.find("\n", end)
    return max(left, start - _NEAR), min(len(text) if right < 0 else right, end + _NEAR)


def _nearest(pattern: re.Pattern[str], text: str, around: tuple[int, int, int, int]) -> int:
    """Distance from the number to the nearest match of ``pattern`` in [lo, hi), or a large one."""
    lo, start, end, hi = around
    best = 10**6
    for m in pattern.finditer(text, lo, hi):
        if m.end() <= start:
            best = min(best, start - m.end())
        elif m.start() >= end:
            best = min(best, m.start() - end)
    return best


def _otp_spans(text: str) -> Iterator[Candidate]:
    for m in _OTP_SHAPE.finditer(text):
        start, end = m.span("v")
        lo, hi = _line_bounds(text, start, end)
        code = _nearest(_CODE_WORDS, text, (lo, start, end, hi))
        if code > _NEAR:
            continue
        # "zip code 10001", "sort code 12-34-56": a blocker just before the code word wins.
        if _nearest(_NOT_OTP, text, (lo, start, end, hi)) <= code + 12:
            continue
        digits = re.sub(r"\D", "", m.group("v"))
        if len(digits) == 4 and re.fullmatch(r"(?:19|20)\d\d", digits):
            continue  # a year beside "code" ("the 2024 code of conduct") is a year
        yield start, end, 11, "otp"


def spans(text: str) -> Iterator[Candidate]:
    yield from _seed_spans(text)
    if any(c.isdigit() for c in text):
        yield from _otp_spans(text)
