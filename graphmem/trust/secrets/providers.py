"""Provider formats: keys and tokens whose shape alone names them.

Provider key prefixes (OpenAI, Anthropic, AWS, GitHub, Slack, Stripe, ...), JWTs,
Authorization headers, session cookies, connection-string passwords, PEM /
OpenSSH / PGP private key blocks, Luhn-valid card numbers with their expiry and
CVV, mod-97 checked IBANs, labelled national ids and bank account numbers.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator

from graphmem.trust.secrets.common import (
    Candidate,
    Rule,
    check_has_digit,
    check_header,
    check_random,
    check_reference_free,
    check_sin,
    check_ssn,
    luhn,
    rules_spans,
    rx,
)

_RULES: tuple[Rule, ...] = (
    # scheme://user:password@host: only the password goes. A "#" in it is the password's, as
    # people paste it unencoded ("shop_rw:Jiaozi#8848@10.0.3.7"): a fragment has no "@host".
    Rule(
        "password",
        1,
        rx(r"""\b[a-z][a-z0-9+.-]{1,30}://[^\s:/@?#]*:(?P<v>[^\s@/?]+)@(?=[\w\[])"""),
        check_reference_free,
    ),
    # Provider keys with a recognisable prefix.
    Rule("api_key", 2, rx(r"""\bsk-[A-Za-z0-9_-]{20,}+""", ignore_case=False), check_has_digit),
    Rule(
        "api_key",
        2,
        rx(
            r"""\b(?:(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}
            |whsec_[A-Za-z0-9+/=]{24,}
            |(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36,255}
            |github_pat_[A-Za-z0-9_]{50,255}
            |glpat-[A-Za-z0-9_-]{20,}
            |xox[abposr]-[A-Za-z0-9-]{10,}
            |xapp-\d-[A-Za-z0-9-]{10,}
            |AIza[0-9A-Za-z_-]{35}
            |hf_[A-Za-z0-9]{30,}
            |npm_[A-Za-z0-9]{36}
            |pypi-AgE[A-Za-z0-9_-]{50,}
            |SG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}
            |gsk_[A-Za-z0-9]{40,}
            |r8_[A-Za-z0-9]{30,}
            |dop_v1_[a-f0-9]{64}
            |shp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}
            |\d{8,10}:AA[0-9A-Za-z_-]{33}
            |(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AIPA|AKPA|ANPA|ANVA|APKA|AROA|ASCA)[A-Z0-9]{16}
            )(?![A-Za-z0-9_-])""",
            ignore_case=False,
        ),
    ),
    Rule(
        "api_key",
        2,
        rx(r"""https://hooks\.slack\.com/services/(?P<v>T[A-Z0-9]+/B[A-Z0-9]+/[A-Za-z0-9]+)"""),
    ),
    # AWS secret access key: 40 base64 characters after its name or next to its key id.
    Rule(
        "api_key",
        2,
        rx(
            r"""(?:aws[_ ]?)?secret[_ ]?(?:access[_ ]?)?key(?:[_ ]?id)?["']?
            (?:[ \t]*[:=][ \t]*|\s+is\s+)["']?(?P<v>[A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])"""
        ),
    ),
    Rule(
        "api_key",
        2,
        rx(
            r"""\b(?:AKIA|ASIA)[A-Z0-9]{16}["']?[\s,;|:]{1,5}["']?
            (?P<v>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])""",
            ignore_case=False,
        ),
    ),
    # JSON Web Tokens and OAuth access tokens.
    Rule(
        "token",
        2,
        rx(
            r"""\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*|\bya29\.[0-9A-Za-z_-]{20,}""",
            ignore_case=False,
        ),
    ),
    # Card verification values.
    Rule(
        "card",
        3,
        rx(
            r"""\b(?:cvv2?|cvc2?|csc|cvn|card[ ](?:security|verification)[ ](?:code|value|number))
            \b[ \t]*(?:[:=\#][ \t]*|is[ \t]+)?(?P<v>\d{3,4})(?!\d)"""
        ),
    ),
    # National ids: labelled first, then the unmistakable SSN shape on its own.
    Rule(
        "national_id",
        4,
        rx(
            r"""\b(?:ssn|ss\#|social[ ]security(?:[ ](?:number|no\.?|\#))?)
            [ \t]*(?:[:=\#][ \t]*|is[ \t]+)?(?P<v>\d{3}[- ]?\d{2}[- ]?\d{4})(?!\d)"""
        ),
    ),
    Rule("national_id", 4, rx(r"""(?<![\d-])(?P<v>\d{3}-\d{2}-\d{4})(?![\d-])"""), check_ssn),
    Rule(
        "national_id",
        4,
        rx(
            r"""(?:\b(?-i:SIN)|\bsocial[ ]insurance(?:[ ](?:number|no\.?))?)
            [ \t]*(?:[:=\#][ \t]*|is[ \t]+)?(?P<v>\d{3}[ -]?\d{3}[ -]?\d{3})(?!\d)"""
        ),
        check_sin,
    ),
    Rule(
        "national_id",
        4,
        rx(
            r"""\b(?:(?-i:NINO|NI)(?:[ ](?:number|no\.?))?
              |national[ ]insurance(?:[ ](?:number|no\.?))?)
            [ \t]*(?:[:=\#][ \t]*|is[ \t]+)?
            (?P<v>(?-i:[A-Z]{2}[ ]?\d{2}[ ]?\d{2}[ ]?\d{2}[ ]?[A-D]))\b"""
        ),
    ),
    # Spaced as the card prints it, a National Insurance number names itself (told in Welsh,
    # on its own line); its letters are not checked: a mistyped one is still one.
    Rule(
        "national_id",
        4,
        rx(r"""(?<![\w-])(?P<v>(?-i:[A-Z]{2}[ ]\d{2}[ ]\d{2}[ ]\d{2}[ ][A-D]))(?![\w-])"""),
    ),
    Rule(
        "national_id",
        4,
        rx(
            r"""\b(?:passport|national[ ]id|id[ ]card|driver'?s?[ ]licen[cs]e)
            [ ](?:number|no\.?|\#)[ \t]*(?:[:=\#][ \t]*|is[ \t]+)?
            (?P<v>(?-i:[A-Z0-9]{6,12}))\b"""
        ),
        check_has_digit,
    ),
    # An Indian PAN names itself: five capitals (the fourth says what holds it: a person, a
    # company, a trust), four digits, a capital ("ABHPM7721Q").
    Rule(
        "national_id",
        4,
        rx(r"""(?<![\w-])(?P<v>(?-i:[A-Z]{3}[PCHFATBLJG][A-Z]\d{4}[A-Z]))(?![\w-])"""),
    ),
    # An Italian codice fiscale names itself: surname and name letters, birth year, month
    # letter, day, place code, check letter ("BNCGLI90A41F205H").
    Rule(
        "national_id",
        4,
        rx(r"""(?<![\w-])(?P<v>(?-i:[A-Z]{6}\d{2}[A-EHLMPR-T]\d{2}[A-Z]\d{3}[A-Z]))(?![\w-])"""),
    ),
    # Labelled bank account numbers.
    Rule(
        "bank_account",
        4,
        rx(
            r"""\b(?:bank[ ])?(?:account|acct|a/c)[ ]?(?:number|num|no\.?|\#)
            [ \t]*(?:[:=\#][ \t]*|is[ \t]+)?(?P<v>\d(?:[ -]?\d){5,16})(?!\d)"""
        ),
    ),
    # Authorization headers and bare Bearer credentials.
    Rule(
        "token",
        5,
        rx(
            r"""\b(?:proxy-)?authorization["']?[ \t]*[:=][ \t]*["']?
            (?:(?:basic|token|bot|digest|bearer|apikey|sso-key)[ \t]+)?
            (?P<v>[A-Za-z0-9._~+/=:-]{12,}+)"""
        ),
        check_header,
    ),
    Rule("token", 5, rx(r"""\bbearer[ \t]+(?P<v>[A-Za-z0-9._~+/-]{16,}+=*)"""), check_header),
    # Session cookies.
    Rule(
        "token",
        9,
        rx(
            r"""(?<![\w.-])[\w.-]*?(?:session[_-]?(?:id|token|key)|sessionid|sessid|phpsessid
            |jsessionid|connect\.sid|_session|csrf[_-]?token|xsrf[_-]?token|remember[_-]?token)
            ["']?[ \t]*[=:][ \t]*["']?(?P<v>[A-Za-z0-9%._~+/=-]{16,400}+)"""
        ),
        check_random,
    ),
)

# --- card numbers and IBANs need arithmetic, not just a pattern ---------------

_CARD_PLAIN = re.compile(r"(?<![\w-])[2-6]\d{12,18}(?![\w])")
# Groups as printed, or two to a line as a card is copied from a photo ("4532 6608\n1974 2213").
_CARD_GROUPED = re.compile(
    r"(?<![\w-])[2-6]\d{3}(?P<sep>[ -])\d{2,6}(?:(?:(?P=sep)|[ \t]*\n[ \t]*)\d{1,6}){1,4}"
)
_CARD_TAIL = re.compile(
    r"""[ \t]*[,;|]?[ \t]*
    (?:(?:exp(?:iry|ires|iration)?\.?(?:[ ]date)?|valid[ ](?:thru|through|until)|good[ ]thru)
       [ \t]*[:=]?[ \t]*)?
    (?P<exp>(?:0[1-9]|1[0-2])[ ]?/[ ]?(?:20)?\d{2})(?![\d/])
    (?:[ \t]*[,;|]?[ \t]*(?:(?:cvv2?|cvc2?|csc|security[ ]code)[ \t]*[:=\#]?[ \t]*)?
       (?P<cvv>\d{3,4})(?![\d/]))?""",
    re.VERBOSE | re.IGNORECASE,
)
_EXPIRY = re.compile(
    r"""\b(?:exp(?:iry|ires|iration)?\.?(?:[ ]date)?|valid[ ](?:thru|through|until)|good[ ]thru)
    [ \t]*[:=]?[ \t]*(?P<v>(?:0[1-9]|1[0-2])[ ]?/[ ]?(?:20)?\d{2})(?![\d/])""",
    re.VERBOSE | re.IGNORECASE,
)
_CARD_RANK = 3
_NEAR_CARD = 150  # characters within which an expiry date belongs to a card
# A phone's IMEI and a parcel's tracking number pass the card checksum as often as any
# number does; their label, just before, says what they are ("AWB 2284019357712").
_NOT_A_CARD = re.compile(
    r"imei|\bawb\b|tracking|waybill|consignment|parcel|shipment|sendung|colis|suivi|envío"
    r"|seguimiento|rastreio|encomenda|przesył|paczk|посылк|трек|накладн|kargo|gönderi|zásilk"
    r"|zending|spedizion|運單|运单|快递|快遞|追跡番号|お問い合わせ番号|송장|운송장",
    re.IGNORECASE,
)
_LABEL_REACH = 24


def _is_year_list(groups: list[str]) -> bool:
    return all(len(g) == 4 and 1900 <= int(g) <= 2099 for g in groups)


# ... unless a card is named there too ("pay the shipment with card 4539 ...").
_CARD_WORD = re.compile(
    r"card|karte|tarjeta|carte|cart[ãa]o|carta|kaart|karta|карт|kart|卡|カード|카드|visa"
    r"|master|amex|pay|zahl|pag|betaal|płat|плат|öde",
    re.IGNORECASE,
)


def _labelled_other(text: str, start: int) -> bool:
    lo = max(0, start - _LABEL_REACH)
    return _NOT_A_CARD.search(text, lo, start) is not None and not _CARD_WORD.search(
        text, lo, start
    )


_IBAN_HEAD = re.compile(r"[A-Z]{2}\d{2}[ -]?$")


# How the card networks print their numbers, in groups: Visa, Mastercard and most others
# 4-4-4-4 (and 4-4-4-4-3 at nineteen digits); American Express 4-6-5, from 34 or 37; Diners
# Club 4-6-4, from 30, 36, 38 or 39.
_PRINTED = (
    ((4, 4, 4, 4), ""),
    ((4, 4, 4, 4, 3), ""),
    ((4, 6, 5), "34 37"),
    ((4, 6, 4), "30 36 38 39"),
)


def _printed_as_card(text: str, start: int, groups: list[str]) -> bool:
    """Digits in the groups a card network prints them in ("4532 6608 1974 2213", AmEx's
    "3782 822463 10005"), as a card is printed and read out: a card's whether or not its
    check digit holds (a digit misread, a number typed from memory is still the card). Not
    the middle of an IBAN ("DE89 3704 0044 0532 0130 00"), which its own layer reads. Fail
    closed: nothing public is written this way but what is labelled (a parcel, an IMEI:
    ``_labelled_other``)."""
    if _IBAN_HEAD.search(text, max(0, start - 6), start):
        return False
    sizes = tuple(len(g) for g in groups)
    return any(
        sizes == printed and (not heads or groups[0][:2] in heads.split())
        for printed, heads in _PRINTED
    )


def _card_number_spans(text: str) -> Iterator[tuple[int, int]]:
    for m in _CARD_PLAIN.finditer(text):
        if luhn(m.group()) and not _labelled_other(text, m.start()):
            yield m.span()
    for m in _CARD_GROUPED.finditer(text):
        groups = re.split(r"[ -]|[ \t]*\n[ \t]*", m.group())
        # The run may swallow a following number ("... 1111 12/27"): try shorter prefixes.
        for n in range(len(groups), 2, -1):
            head = groups[:n]
            digits = "".join(head)
            if (
                13 <= len(digits) <= 19
                and (luhn(digits) or (n == len(groups) and _printed_as_card(text, m.start(), head)))
                and not _is_year_list(head)
                and not _labelled_other(text, m.start())
            ):
                length = sum(len(g) for g in head) + n - 1
                yield m.start(), m.start() + length
                break
    yield from _halves(text)


# A card told in two halves, each as printed ("first eight: 4556 0192 … the other eight:
# 7734 2081"), words between them and no other digit, the card named or its expiry after:
# sixteen digits in four groups of four all the same (_printed_as_card), told in two goes.
_FIRST_HALF = re.compile(r"(?<![\w-])[2-6]\d{3}[ -]\d{4}(?![\w-]|[ -]\d)")
_SECOND_HALF = re.compile(r"(?<![\w-])\d{4}[ -]\d{4}(?![\w-]|[ -]\d)")
_HALVES_APART = 80  # characters between the halves at most


def _halves(text: str) -> Iterator[tuple[int, int]]:
    for first in _FIRST_HALF.finditer(text):
        second = _SECOND_HALF.search(text, first.end(), first.end() + _HALVES_APART)
        if (
            second is None
            or re.search(r"\d", text[first.end() : second.start()])
            or _IBAN_HEAD.search(text, max(0, first.start() - 6), first.start())
            or _labelled_other(text, first.start())
        ):
            continue
        halves = [re.split(r"[ -]", first.group()), re.split(r"[ -]", second.group())]
        if any(_is_year_list(half) for half in halves):
            continue  # "1990-1999, 2000-2009": years, not a card
        lo = max(0, first.start() - _NEAR_CARD)
        near = text[lo : second.end() + _CARD_REACH]
        if _CARD_WORD.search(near) or _LOOSE_EXPIRY.search(near, second.end() - lo):
            yield first.span()
            yield second.span()


def _card_spans(text: str) -> Iterator[Candidate]:
    cards = list(_card_number_spans(text))
    if not cards:
        return
    for start, end in cards:
        yield start, end, _CARD_RANK, "card"
        tail = _CARD_TAIL.match(text, end)
        if tail:
            for name in ("exp", "cvv"):
                if tail.group(name) is not None:
                    yield tail.start(name), tail.end(name), _CARD_RANK, "card"
    for m in _EXPIRY.finditer(text):
        if any(start - _NEAR_CARD <= m.start() <= end + _NEAR_CARD for start, end in cards):
            yield m.start("v"), m.end("v"), _CARD_RANK, "card"
    for _, end in cards:
        yield from _card_after(text, end)


# After a card number, in any language: its expiry (MM/YY) and then a lone 3-4 digit number
# are the expiry and the CVV, whatever words name them ("udløb 01/27 kontrolcifre 219",
# "有效期08/27 背面三位215", "срок 03/28, на обороте 317").
_LOOSE_EXPIRY = re.compile(r"(?<![\d/])(?:0[1-9]|1[0-2])[ ]?/[ ]?(?:20)?\d{2}(?![\d/])")
_LONE_CVV = re.compile(r"(?<![\d/.,:-])\d{3,4}(?![\d/:-]|[.,]\d|[ ]?(?:%|€|\$|£|[a-zA-Z]{1,3}\b))")
_CARD_REACH = 80  # characters after a card within which its expiry and CVV are looked for


_CARD_LINES = 2  # lines after a card's that may hold its expiry and CVV ("λήξη 03/30\nπίσω 128")


def _card_after(text: str, end: int) -> Iterator[Candidate]:
    hi = min(end + _CARD_REACH, len(text))
    at = end
    for _ in range(_CARD_LINES + 1):  # the card's own line's end, then the next lines'
        line_end = text.find("\n", at)
        if line_end < 0:
            break
        at = line_end + 1
        if text[at : at + 1] == "\n" or at - 1 >= hi:  # a blank line ends it
            hi = min(hi, line_end)
            break
    else:
        hi = min(hi, at - 1)
    expiry = _LOOSE_EXPIRY.search(text, end, hi)
    if expiry is None:
        return
    yield expiry.start(), expiry.end(), _CARD_RANK, "card"
    cvv = _LONE_CVV.search(text, expiry.end(), min(hi, expiry.end() + 40))
    if cvv is not None:
        yield cvv.start(), cvv.end(), _CARD_RANK, "card"


_KEY_BEGIN = re.compile(r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----")
_KEY_END = re.compile(r"-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----")
_BLANK_LINE = re.compile(r"\n[ \t]*\n")


def _private_key_spans(text: str) -> Iterator[Candidate]:
    """Whole PEM/OpenSSH/PGP blocks; one cut short ends at a blank line or the text's end."""
    if "PRIVATE KEY" not in text:
        return
    # END markers found once and bisected: a lazy regex would rescan per BEGIN.
    ends = [m.end() for m in _KEY_END.finditer(text)]
    begins = list(_KEY_BEGIN.finditer(text))
    for k, m in enumerate(begins):
        next_begin = begins[k + 1].start() if k + 1 < len(begins) else len(text)
        i = bisect.bisect_left(ends, m.end() + 1)
        if i < len(ends) and ends[i] <= next_begin:
            end = ends[i]
        else:
            blank = _BLANK_LINE.search(text, m.end(), next_begin)
            end = blank.start() if blank else next_begin
        yield m.start(), end, 0, "private_key"


_IBAN = re.compile(r"\b[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]{4}){2,7}(?:[ ]?[A-Z0-9]{1,4})?\b")


def _iban_ok(compact: str) -> bool:
    if not 15 <= len(compact) <= 34:
        return False
    rearranged = compact[4:] + compact[:4]
    return int("".join(str(int(c, 36)) for c in rearranged)) % 97 == 1


# The word "IBAN" right before: an IBAN-shaped value is one even when its check digits fail
# (mistyped, or read out wrong); the country code and the bank's letters are part of it.
_IBAN_NAMED = re.compile(r"\bIBAN\b[^\w\n]{0,3}(?:[^\W\d_]{1,12}[^\w\n]{1,3}){0,4}$", re.I)


# Each country's IBAN length (the IBAN registry, ISO 13616). A value of exactly its country's
# length is an IBAN even when its check digits fail: mistyped, read out wrong, or made up
# for an example; nothing else is written as a country code, two digits and that many
# characters in groups of four.
_IBAN_LENGTH = {
    **dict.fromkeys(("NO",), 15),
    **dict.fromkeys(("BE",), 16),
    **dict.fromkeys(("DK", "FI", "FO", "GL", "NL"), 18),
    **dict.fromkeys(("MK", "SI"), 19),
    **dict.fromkeys(("AT", "BA", "EE", "KZ", "LT", "LU", "XK"), 20),
    **dict.fromkeys(("CH", "CR", "HR", "LI", "LV"), 21),
    **dict.fromkeys(("BG", "BH", "DE", "GB", "GE", "IE", "ME", "RS"), 22),
    **dict.fromkeys(("AE", "GI", "IL", "IQ", "TL"), 23),
    **dict.fromkeys(("AD", "CZ", "ES", "MD", "PK", "RO", "SA", "SE", "SK", "TN", "VG"), 24),
    **dict.fromkeys(("PT", "ST"), 25),
    **dict.fromkeys(("IS", "TR"), 26),
    **dict.fromkeys(("FR", "GR", "IT", "MC", "MR", "SM"), 27),
    **dict.fromkeys(("AL", "AZ", "CY", "DO", "GT", "HU", "LB", "PL"), 28),
    **dict.fromkeys(("BR", "EG", "PS", "QA", "UA"), 29),
    **dict.fromkeys(("JO", "KW", "MU"), 30),
    **dict.fromkeys(("MT",), 31),
}


def _iban_shaped(compact: str) -> bool:
    return _IBAN_LENGTH.get(compact[:2]) == len(compact)


def _iban_spans(text: str) -> Iterator[Candidate]:
    for m in _IBAN.finditer(text):
        if _IBAN_NAMED.search(text, max(0, m.start() - 48), m.start()):
            yield m.start(), m.end(), 4, "bank_account"
            continue
        chunks = m.group().split(" ")
        # A trailing capitalised word can ride along ("... 00 IBAN"): drop chunks until valid.
        for n in range(len(chunks), 0, -1):
            candidate = " ".join(chunks[:n])
            compact = candidate.replace(" ", "")
            if _iban_ok(compact) or (" " in candidate and _iban_shaped(compact)):
                yield m.start(), m.start() + len(candidate), 4, "bank_account"
                break


def spans(text: str) -> Iterator[Candidate]:
    yield from rules_spans(_RULES, text)
    yield from _private_key_spans(text)
    yield from _card_spans(text)
    yield from _iban_spans(text)
