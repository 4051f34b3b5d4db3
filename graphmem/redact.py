"""The secret gate: secrets are never stored, not even inside an episode's content.

:func:`redact` replaces each secret *value* with a placeholder such as
``[redacted:password]`` and leaves the sentence around it readable
("my password is [redacted:password]"). Kinds:

* ``password``: passwords, passcodes, passphrases, PINs, door and alarm codes, and
  the password of a connection string (``postgres://bob:[redacted:password]@db``).
* ``api_key``: provider keys (OpenAI, Anthropic, AWS, GitHub, GitLab, Slack, Stripe,
  Google, Hugging Face, ...) and ``api_key=`` / ``token:`` / ``secret:``
  assignments whose value looks machine-generated.
* ``token``: JWTs, ``Authorization`` / ``Bearer`` credentials, session cookies.
* ``otp``: one-time, verification, 2FA/MFA, login and recovery codes.
* ``card``: Luhn-valid payment card numbers, CVV/CVC, an expiry next to a card.
* ``private_key``: PEM / OpenSSH / PGP private key blocks, replaced whole.
* ``national_id``: SSNs, Canadian SINs, UK NI numbers, passport numbers.
* ``bank_account``: IBANs (mod-97 checked) and labelled account numbers.

Detection is deterministic and regex based, with cheap validators (Luhn,
mod-97, entropy, a list of words that follow "password is" in ordinary talk)
to keep ordinary numbers and sentences such as "I forgot my password" intact.
Where a value is ambiguous the gate errs towards redacting: a lost word costs
less than a stored password.

Redaction is idempotent: text that already holds placeholders redacts to
itself, because nothing overlapping a placeholder is ever taken for a secret.
"""

from __future__ import annotations

import bisect
import math
import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass

__all__ = ["KINDS", "Redaction", "contains_secret", "redact"]

KINDS = (
    "api_key",
    "bank_account",
    "card",
    "national_id",
    "otp",
    "password",
    "private_key",
    "token",
)


@dataclass(frozen=True, slots=True)
class Redaction:
    """The outcome of :func:`redact`."""

    text: str  # the input with every secret replaced by "[redacted:<kind>]"
    count: int  # how many secrets were replaced
    kinds: tuple[str, ...]  # sorted distinct kinds found


def redact(text: str) -> Redaction:
    """Replace every secret value in ``text`` with ``[redacted:<kind>]``."""
    spans = _find(text)
    if not spans:
        return Redaction(text=text, count=0, kinds=())
    parts: list[str] = []
    last = 0
    for start, end, kind in spans:
        parts.append(text[last:start])
        parts.append(_placeholder(kind))
        last = end
    parts.append(text[last:])
    return Redaction(
        text="".join(parts),
        count=len(spans),
        kinds=tuple(sorted({kind for _, _, kind in spans})),
    )


def contains_secret(text: str) -> bool:
    """True when :func:`redact` would change ``text``."""
    return bool(_find(text))


def _placeholder(kind: str) -> str:
    return f"[redacted:{kind}]"


# --- machinery -------------------------------------------------------------

_Check = Callable[[re.Match[str], str], bool]
_Span = tuple[int, int, str]

# Group names that hold a secret value; quoted variants keep their quotes outside.
_VALUE_GROUPS = ("v", "v_dq", "v_sq", "v_cq", "v_bq", "v2")
# Sentence punctuation that ends an unquoted value rather than belonging to it.
_TRAILING = ".,;:)]}>"


@dataclass(frozen=True, slots=True)
class _Rule:
    kind: str
    rank: int  # when spans overlap, the lowest rank names the kind
    pattern: re.Pattern[str]
    check: _Check | None = None
    trim: bool = False  # strip trailing sentence punctuation from an unquoted value


def _rx(pattern: str, *, ignore_case: bool = True) -> re.Pattern[str]:
    flags = re.VERBOSE | (re.IGNORECASE if ignore_case else 0)
    return re.compile(pattern, flags)


def _rule_spans(rule: _Rule, text: str) -> Iterator[tuple[int, int, int, str]]:
    for m in rule.pattern.finditer(text):
        groups = m.groupdict()
        found = False
        for name in _VALUE_GROUPS:
            if groups.get(name) is None:
                continue
            found = True
            start, end = m.span(name)
            if rule.trim and name == "v":
                if m.start() > 0 and text[m.start() - 1] in "?&":
                    # A query parameter ("?password=x&user=y") ends at the next "&".
                    amp = text.find("&", start, end)
                    end = amp if amp > start else end
                while end - start > 1 and text[end - 1] in _TRAILING:
                    end -= 1
            value = text[start:end]
            if rule.check is None or rule.check(m, value):
                yield start, end, rule.rank, rule.kind
        if not found and (rule.check is None or rule.check(m, m.group())):
            yield m.start(), m.end(), rule.rank, rule.kind


_PLACEHOLDER = re.compile(r"\[redacted:[a-z_]+\]")


def _find(text: str) -> list[_Span]:
    """Non-overlapping secret spans, in order; overlapping hits merge into one."""
    candidates: list[tuple[int, int, int, str]] = []
    for rule in _RULES:
        candidates.extend(_rule_spans(rule, text))
    candidates.extend(_private_key_spans(text))
    candidates.extend(_card_spans(text))
    candidates.extend(_iban_spans(text))
    if not candidates:
        return []
    held = [m.span() for m in _PLACEHOLDER.finditer(text)]
    if held:
        candidates = [
            c
            for c in candidates
            if not any(c[0] < h_end and h_start < c[1] for h_start, h_end in held)
        ]
    candidates.sort()
    merged: list[_Span] = []
    cur_start, cur_end, cur_rank, cur_kind = -1, -1, 0, ""
    for start, end, rank, kind in candidates:
        if start < cur_end:
            # Two detectors saw the same secret: keep the union, name it by the surer one.
            cur_end = max(cur_end, end)
            if rank < cur_rank:
                cur_rank, cur_kind = rank, kind
            continue
        if cur_start >= 0:
            merged.append((cur_start, cur_end, cur_kind))
        cur_start, cur_end, cur_rank, cur_kind = start, end, rank, kind
    if cur_start >= 0:
        merged.append((cur_start, cur_end, cur_kind))
    return merged


# --- validators ------------------------------------------------------------


def _entropy(value: str) -> float:
    counts = Counter(value)
    n = len(value)
    return -sum(c / n * math.log2(c / n) for c in counts.values())


def _random_looking(value: str, min_len: int = 16, *, need_digit: bool = True) -> bool:
    """Plausibly machine-generated: long, mixed, high entropy, not a path or reference."""
    if len(value) < min_len or _REFERENCE.match(value):
        return False
    if value.lower().startswith(("http:", "https:", "/", "./", "~/")):
        return False
    has_digit = any(c.isdigit() for c in value)
    has_lower = any(c.islower() for c in value)
    has_upper = any(c.isupper() for c in value)
    if need_digit and not (has_digit and (has_lower or has_upper)):
        return False
    if not need_digit and has_digit + has_lower + has_upper < 2:
        return False
    return _entropy(value) >= 3.0


# Values that are placeholders or references to a secret kept elsewhere, not the secret.
_REFERENCE = re.compile(
    r"""^(?:\$\{|\$\(|\$[A-Z_][A-Z0-9_]*$|\$\d[\d,.]*$|<|\{\{|%\(|%[A-Z_]+%$
    |os\.environ|process\.env|env\(|getenv|secrets\.|vault:|!vault|\[redacted:|\(.*\)$)""",
    re.VERBOSE | re.IGNORECASE,
)
_MASK = re.compile(r"^(?:[*•●·#?_.\-]+|x{3,}|X{3,})$")
_PATH = re.compile(r"^(?:/|~/|\./)[\w./-]*$")
_WORDY = re.compile(r"^[A-Za-z]+(?:-[A-Za-z]+)*$")
_COUNT_UNIT = re.compile(
    r"\s+(?:characters?|chars?|letters?|digits?|symbols?|numbers?|words?|days?|weeks?"
    r"|months?|years?|hours?|minutes?|mins?|times?|attempts?|tries|long|old)\b",
    re.IGNORECASE,
)


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Words that follow "password is" / "password:" in ordinary talk, never a password.
_NOT_A_PASSWORD = _words(
    """
    a about above after again all already also always an and annoying any anything
    as ask at attached available awful bad basically because been before being below
    blank but by can case changed changing complex complicated compromised confidential
    correct could default definitely different disabled do does done due easy empty
    enabled encrypted every everything expired expiring expiry false fine for forgotten
    from generated given gone good great guessable hard hashed has have he her here
    hidden his how i if in incorrect insecure invalid is it its just known leaked like
    listed locked long lost mandatory masked memorable mine missing more most much must
    my n/a na necessary needed never new nil no none not nothing now null obvious of ok
    okay old on one optional or our over please predictable pretty printed private
    probably protected provided public random ready really redacted required reset
    right safe same saved secure see sensitive sent set shared short should similar
    simple so some something somewhere still stored strong such supposed tbd temporary
    that the their them then there these they this those to too tricky true unchanged
    under unique unknown unlocked unset updated us valid very via visible was way we
    weak what whatever when where which who why will with within without wrong written
    yes you your yours
    ask call change check choose click contact copy create enter expire follow get
    go keep look make pick remember send sign try type use
    """
)
# Endings of the adjectives and participles that follow "password is".
_WORD_SUFFIXES = ("ed", "ing", "ly", "ive", "able", "ible", "ful", "less", "ous", "ent", "ant")


def _plausible_password(value: str, *, natural: bool, text: str = "", end: int = 0) -> bool:
    if not any(c.isalnum() for c in value) or value.lower() in _NOT_A_PASSWORD:
        return False
    if _MASK.match(value) or _REFERENCE.match(value) or _PATH.match(value):
        return False
    if _WORDY.match(value):
        parts = value.lower().split("-")
        if any(p in _NOT_A_PASSWORD for p in parts):
            return False
        if natural and any(p.endswith(_WORD_SUFFIXES) for p in parts):
            return False
    if re.fullmatch(r"\d+\+?", value):
        if natural and len(value) < 4:
            return False
        if _COUNT_UNIT.match(text, end):  # "password is 12 characters long"
            return False
    return True


# Algorithm and standard names ("SHA256", "AES-256", "RSA-2048") that follow "password".
_ALGORITHM = re.compile(r"^[A-Z]+[-_]?\d+$")


def _strong(value: str) -> bool:
    """Looks like a chosen password even without "is" or ":" before it."""
    if len(value) < 6 or not any(c.isdigit() for c in value) or _ALGORITHM.match(value):
        return False
    return any(c.islower() for c in value) or any(not c.isalnum() for c in value)


def _value_end(m: re.Match[str]) -> int:
    for name in _VALUE_GROUPS:
        if m.groupdict().get(name) is not None:
            return m.end(name)
    return m.end()


def _check_password(m: re.Match[str], value: str) -> bool:
    natural = m.groupdict().get("nl") is not None
    quoted = m.groupdict().get("v") is None
    if quoted:
        return bool(value.strip()) and not _MASK.match(value) and not _REFERENCE.match(value)
    return _plausible_password(value, natural=natural, text=m.string, end=_value_end(m))


def _check_bare_password(m: re.Match[str], value: str) -> bool:
    if m.groupdict().get("v") is None:
        return _check_password(m, value)
    return _strong(value) and _plausible_password(value, natural=True)


def _check_passphrase(m: re.Match[str], value: str) -> bool:
    first = value.split(maxsplit=1)[0]
    return _plausible_password(first, natural=m.groupdict().get("nl") is not None)


# Nouns before "pass" that make it a ticket, not a password ("boarding pass: attached").
_PASS_NOUNS = _words(
    """
    all-access backstage boarding bus day festival free gate guest hall metro monthly
    museum park press season ski train transit vip visitor weekly annual parking
    """
)


def _check_short_password(m: re.Match[str], value: str) -> bool:
    key = m.group("key").lower()
    if key == "pass":
        before = m.string[max(0, m.start("key") - 24) : m.start("key")].lower()
        words = re.findall(r"[a-z-]+", before)
        if words and words[-1] in _PASS_NOUNS:
            return False
        if m.groupdict().get("v") is not None and len(value) < 3:
            return False
    return _check_password(m, value)


def _check_code(m: re.Match[str], value: str) -> bool:
    # Whitespace alone ("door code 4729") only after a word that must take a code.
    if m.groupdict().get("ws") is not None and m.groupdict().get("strongkey") is None:
        return False
    return 4 <= sum(c.isdigit() for c in value) <= 12


def _check_otp(m: re.Match[str], value: str) -> bool:
    key = (m.groupdict().get("key") or "").lower()
    if m.groupdict().get("ws") is not None and key in {"2fa", "mfa"}:
        return False
    digits = sum(c.isdigit() for c in value)
    if "-" in value and any(c.isalpha() for c in value):
        return digits >= 1  # backup codes such as 8F3K-2JQ9
    return 4 <= digits <= 10


def _check_random(m: re.Match[str], value: str) -> bool:
    return _random_looking(value)


def _check_generic(m: re.Match[str], value: str) -> bool:
    # "my api key 9f8e..." has no separator: only a longer value is trusted then.
    return _random_looking(value, 20 if m.groupdict().get("bare") is not None else 16)


def _check_header(m: re.Match[str], value: str) -> bool:
    return _random_looking(value, 12, need_digit=False)


def _check_has_digit(m: re.Match[str], value: str) -> bool:
    return any(c.isdigit() for c in value)


def _check_ssn(m: re.Match[str], value: str) -> bool:
    digits = re.sub(r"\D", "", value)
    area, group, serial = digits[:3], digits[3:5], digits[5:]
    return area not in {"000", "666"} and area[0] != "9" and group != "00" and serial != "0000"


def _check_sin(m: re.Match[str], value: str) -> bool:
    return _luhn(re.sub(r"\D", "", value))


def _check_reference_free(m: re.Match[str], value: str) -> bool:
    return not _REFERENCE.match(value) and not _MASK.match(value)


def _luhn(digits: str) -> bool:
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = ord(ch) - 48
        if i % 2:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


# --- shared pattern pieces ---------------------------------------------------

# A value: quoted (anything up to the closing quote, which may be escaped as in JSON
# inside a string) or one unquoted run. The possessive "++" stops backtracking into
# "don" of "don't".
_VALUE = r"""
    (?: \\?"(?P<v_dq>[^"\n]{1,200}?)\\?"
      | \\?'(?P<v_sq>[^'\n]{1,200}?)\\?'
      | “(?P<v_cq>[^”\n]{1,200})”
      | `(?P<v_bq>[^`\n]{1,200})`
      | (?P<v>[^\s"'`,;]{1,200}+)(?!['’]\w)
    )"""
# "password: x", "password=x", JSON "password": "x", PHP "password" => "x".
_ASSIGN = r"""(?:\\?["'])?[ \t]*(?:=>|:=|[:=])[ \t]*"""
# "password is x", "password was changed to x".
_NATURAL = r"""(?P<nl>\s+(?:is\s+now|is\s+still|will\s+be|should\s+be
    |has\s+been\s+(?:changed|set|updated|reset)\s+to
    |(?:was\s+|got\s+)?(?:changed|set|updated|reset)\s+to|is|was)(?:\s*:\s*|\s+))"""
# "password for the staging box is x": a short prepositional phrase.
_FOR = r"""(?:\s+(?:for|to|on|of|at|in)(?:\s+[\w.@'’/:-]+){1,4}?)?"""
_LONG_KEY = r"""(?:(?<![A-Za-z0-9])|(?<=pg))
    (?P<key>password|passwd|passphrase|passcode|(?:wi-?fi|wpa2?|wep|network)[ ]key)"""
# Random-looking values after a generic key: base64, hex, url-safe alphabets.
_RANDOM_VALUE = r"""
    (?: \\?"(?P<v_dq>[^"\s\\]{12,400})\\?"
      | \\?'(?P<v_sq>[^'\s\\]{12,400})\\?'
      | (?P<v>[A-Za-z0-9_\-+/=.~]{12,400}+)
    )"""
_OTP_VALUE = r"""(?P<v>(?-i:[A-Z0-9]{4,5}(?:-[A-Z0-9]{4,5})+)|\d{2,5}(?:[ -]\d{2,5}){1,3}|\d{4,10})
    (?![\w-])"""


_RULES: tuple[_Rule, ...] = (
    # scheme://user:password@host: only the password goes.
    _Rule(
        "password",
        1,
        _rx(r"""\b[a-z][a-z0-9+.-]{1,30}://[^\s:/@?#]*:(?P<v>[^\s@/?#]+)@(?=[\w\[])"""),
        _check_reference_free,
    ),
    # Provider keys with a recognisable prefix.
    _Rule("api_key", 2, _rx(r"""\bsk-[A-Za-z0-9_-]{20,}+""", ignore_case=False), _check_has_digit),
    _Rule(
        "api_key",
        2,
        _rx(
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
    _Rule(
        "api_key",
        2,
        _rx(r"""https://hooks\.slack\.com/services/(?P<v>T[A-Z0-9]+/B[A-Z0-9]+/[A-Za-z0-9]+)"""),
    ),
    # AWS secret access key: 40 base64 characters after its name or next to its key id.
    _Rule(
        "api_key",
        2,
        _rx(
            r"""(?:aws[_ ]?)?secret[_ ]?(?:access[_ ]?)?key(?:[_ ]?id)?["']?
            (?:[ \t]*[:=][ \t]*|\s+is\s+)["']?(?P<v>[A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])"""
        ),
    ),
    _Rule(
        "api_key",
        2,
        _rx(
            r"""\b(?:AKIA|ASIA)[A-Z0-9]{16}["']?[\s,;|:]{1,5}["']?
            (?P<v>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])""",
            ignore_case=False,
        ),
    ),
    # JSON Web Tokens and OAuth access tokens.
    _Rule(
        "token",
        2,
        _rx(
            r"""\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*|\bya29\.[0-9A-Za-z_-]{20,}""",
            ignore_case=False,
        ),
    ),
    # Card verification values.
    _Rule(
        "card",
        3,
        _rx(
            r"""\b(?:cvv2?|cvc2?|csc|cvn|card[ ](?:security|verification)[ ](?:code|value|number))
            \b[ \t]*(?:[:=\#][ \t]*|is[ \t]+)?(?P<v>\d{3,4})(?!\d)"""
        ),
    ),
    # National ids: labelled first, then the unmistakable SSN shape on its own.
    _Rule(
        "national_id",
        4,
        _rx(
            r"""\b(?:ssn|ss\#|social[ ]security(?:[ ](?:number|no\.?|\#))?)
            [ \t]*(?:[:=\#][ \t]*|is[ \t]+)?(?P<v>\d{3}[- ]?\d{2}[- ]?\d{4})(?!\d)"""
        ),
    ),
    _Rule("national_id", 4, _rx(r"""(?<![\d-])(?P<v>\d{3}-\d{2}-\d{4})(?![\d-])"""), _check_ssn),
    _Rule(
        "national_id",
        4,
        _rx(
            r"""(?:\b(?-i:SIN)|\bsocial[ ]insurance(?:[ ](?:number|no\.?))?)
            [ \t]*(?:[:=\#][ \t]*|is[ \t]+)?(?P<v>\d{3}[ -]?\d{3}[ -]?\d{3})(?!\d)"""
        ),
        _check_sin,
    ),
    _Rule(
        "national_id",
        4,
        _rx(
            r"""\b(?:(?-i:NINO|NI)(?:[ ](?:number|no\.?))?
              |national[ ]insurance(?:[ ](?:number|no\.?))?)
            [ \t]*(?:[:=\#][ \t]*|is[ \t]+)?
            (?P<v>(?-i:[A-CEGHJ-PR-TW-Z]{2}[ ]?\d{2}[ ]?\d{2}[ ]?\d{2}[ ]?[A-D]))\b"""
        ),
    ),
    _Rule(
        "national_id",
        4,
        _rx(
            r"""\b(?:passport|national[ ]id|id[ ]card|driver'?s?[ ]licen[cs]e)
            [ ](?:number|no\.?|\#)[ \t]*(?:[:=\#][ \t]*|is[ \t]+)?
            (?P<v>(?-i:[A-Z0-9]{6,12}))\b"""
        ),
        _check_has_digit,
    ),
    # Labelled bank account numbers.
    _Rule(
        "bank_account",
        4,
        _rx(
            r"""\b(?:bank[ ])?(?:account|acct|a/c)[ ]?(?:number|num|no\.?|\#)
            [ \t]*(?:[:=\#][ \t]*|is[ \t]+)?(?P<v>\d(?:[ -]?\d){5,16})(?!\d)"""
        ),
    ),
    # Authorization headers and bare Bearer credentials.
    _Rule(
        "token",
        5,
        _rx(
            r"""\b(?:proxy-)?authorization["']?[ \t]*[:=][ \t]*["']?
            (?:(?:basic|token|bot|digest|bearer|apikey|sso-key)[ \t]+)?
            (?P<v>[A-Za-z0-9._~+/=:-]{12,}+)"""
        ),
        _check_header,
    ),
    _Rule("token", 5, _rx(r"""\bbearer[ \t]+(?P<v>[A-Za-z0-9._~+/-]{16,}+=*)"""), _check_header),
    # One-time codes: "your verification code is 482913", "OTP: 1234".
    _Rule(
        "otp",
        6,
        _rx(
            r"""\b(?P<key>(?:one[- ]?time|verification|verify|security|login|log[- ]?in|sign[- ]?in
                |auth(?:entication|orization)?|confirmation|two[- ]?factor|2fa|mfa|2-step
                |two[- ]?step|backup|recovery|sms|otp|totp|email|reset|activation|pairing)
                [ \t]+(?:pass)?(?:code|pin|password|token)s?
              |otp|totp|2fa|mfa)\b
            (?:\s+for\s+[\w.@-]+(?:\s+[\w.@-]+){0,2}?)?
            (?:[ \t]*[:=\#][ \t]*|\s+(?:is|was|will[ ]be)(?:\s*:\s*|\s+)|(?P<ws>[ \t]+))"""
            + _OTP_VALUE
        ),
        _check_otp,
    ),
    _Rule(
        "otp",
        6,
        _rx(
            r"""\b(?:your|my|the|here'?s[ ]your)[ ]
            (?:(?!(?:zip|area|postal|country|promo|discount|coupon|dress|error|status|source|tax
                 |sort|bar|qr|access|door|gate|referral|gift)\b)(?-i:[A-Z][\w-]*)[ ])?
            code(?:[ \t]*:[ \t]*|\s+is(?:\s*:\s*|\s+))
            (?P<v>\d{4,8})(?!\d)(?![.,:/-]\d)"""
        ),
    ),
    _Rule(
        "otp",
        6,
        _rx(
            r"""(?<![\w-])(?:G-)?(?P<v>\d{4,8})\s+is\s+your\s+
            (?:(?:[\w-]+\s+){0,3}?(?:verification|security|login|sign[- ]?in|one[- ]time
               |confirmation|authentication|2fa|mfa|otp|access)\b
             |(?:(?-i:[A-Z][\w-]*)\s+)?(?:code|otp|passcode|pin)\b)"""
        ),
    ),
    _Rule(
        "otp",
        6,
        _rx(
            r"""\b(?:use|enter|type)\s+(?:the\s+)?(?:code|otp|pin)[ \t]*:?[ \t]*(?P<v>\d{4,8})(?!\d)
            (?=\s+(?:to|for)\s+(?:sign|log|verify|confirm|complete|continue|access|reset
                |authenticate|finish|unlock|activate))"""
        ),
    ),
    # Door, gate and alarm codes, PINs, lock combinations.
    _Rule(
        "password",
        7,
        _rx(
            r"""\b(?:(?P<strongkey>(?:front[ ]door|back[ ]door|door|gate|garage|alarm|lockbox
                  |lock[- ]box|key[ ]?safe|keypad|entry|building|safe|locker|padlock|access|atm
                  |debit[ ]card|bank[ ]card|card|sim)
                  [ ](?:access[ ]|entry[ ])?(?:code|pin|combination|combo)
                  |pin[ ](?:code|number))
              |pin|combination|combo)\b
            (?:[ \t]*[:=\#][ \t]*|\s+(?:is|was)(?:\s*:\s*|\s+)|(?P<ws>[ \t]+))
            (?P<v>[*\#]?\d{2,8}(?:[- ]\d{2,4}){0,3}[*\#]?)(?![\w-])"""
        ),
        _check_code,
    ),
    # Passwords: "my password is x", "the password for the router: x", "DB_PASSWORD=x".
    _Rule(
        "password",
        8,
        _rx(_LONG_KEY + _FOR + r"(?:" + _NATURAL + "|" + _ASSIGN + ")" + _VALUE),
        _check_password,
        trim=True,
    ),
    _Rule(
        "password",
        8,
        _rx(r"""(?<![A-Za-z0-9])(?P<key>pass|pwd|pw)(?![A-Za-z0-9])""" + _ASSIGN + _VALUE),
        _check_short_password,
        trim=True,
    ),
    # "I changed my password to x".
    _Rule(
        "password",
        8,
        _rx(
            r"""\b(?:chang|set|updat|reset|switch)(?:e|ed|es|ing)?\s+(?:my|the|your|our|his|her|their)
            \s+(?:[\w-]+\s+)?(?:password|passcode|passphrase)\s+to(?P<nl>\s+)"""
            + _VALUE
        ),
        _check_password,
        trim=True,
    ),
    # Passphrases are several words: take the phrase up to the end of its clause.
    _Rule(
        "password",
        8,
        _rx(
            r"""(?<![A-Za-z0-9])pass[ ]?phrase(?:"""
            + _NATURAL
            + "|"
            + _ASSIGN
            + r""")(?P<v>[^\s"'`][^\n"'`]{0,200}?)(?=[ \t]*(?:[.;,!?]?[ \t]*(?:\n|\Z)|[.;,!?]\s))"""
        ),
        _check_passphrase,
    ),
    # "use the password 'x'", "password Tr0ub4dor&3": no separator, so the value must look chosen.
    _Rule(
        "password",
        8,
        _rx(r"""(?<![A-Za-z0-9])(?:password|passcode|passphrase)[ \t]+""" + _VALUE),
        _check_bare_password,
        trim=True,
    ),
    # .netrc lines and command-line flags.
    _Rule(
        "password",
        8,
        _rx(
            r"""\b(?:login|user(?:name)?)[ \t]+\S+[ \t]+password[ \t]+(?P<v>\S+)
            |(?<![\w-])--?(?:[\w-]*-)?(?:password|passwd|pass|pwd)[ \t]+(?P<v2>[^\s"'`]+)"""
        ),
        _check_reference_free,
    ),
    _Rule(
        "password",
        8,
        _rx(
            r"""\b(?:mysql\w*|mariadb\w*)\b[^\n|;&]*?[ \t]-p(?P<v>[^\s'"-][^\s'"]*)
            |\bsshpass[ \t]+-p[ \t]*(?:"(?P<v_dq>[^"\n]+)"|'(?P<v_sq>[^'\n]+)'|(?P<v2>\S+))"""
        ),
        _check_reference_free,
    ),
    _Rule(
        "password",
        8,
        _rx(r"""<(?P<tag>(?:[\w-]+:)?(?:password|passwd|pwd))>(?P<v>[^<\s]{1,200})</(?P=tag)>"""),
        _check_reference_free,
    ),
    # Session cookies.
    _Rule(
        "token",
        9,
        _rx(
            r"""(?<![\w.-])[\w.-]*?(?:session[_-]?(?:id|token|key)|sessionid|sessid|phpsessid
            |jsessionid|connect\.sid|_session|csrf[_-]?token|xsrf[_-]?token|remember[_-]?token)
            ["']?[ \t]*[=:][ \t]*["']?(?P<v>[A-Za-z0-9%._~+/=-]{16,400}+)"""
        ),
        _check_random,
    ),
    # Generic key/token/secret assignments with a random-looking value.
    _Rule(
        "api_key",
        9,
        _rx(
            r"""(?<![\w.-])[\w.-]*?
            (?:api[_ -]?key|apikey|api[_ -]?secret|api[_ -]?token|access[_ -]?key(?:[_ -]?id)?
              |secret[_ -]?(?:access[_ -]?)?key|access[_ -]?token|auth[_ -]?token
              |refresh[_ -]?token|id[_ -]?token|bearer[_ -]?token|client[_ -]?secret
              |app[_ -]?secret|consumer[_ -]?secret|signing[_ -]?(?:key|secret)
              |encryption[_ -]?key|master[_ -]?key|webhook[_ -]?secret|private[_ -]?token
              |bot[_ -]?token|license[_ -]?key|private[_ -]?key
              |secret|token|credentials?|(?<=_)(?-i:KEY))
            (?:\\?["'])?(?:[ \t]*(?:=>|:=|[:=])[ \t]*|\s+is(?:\s*:\s*|\s+)|(?P<bare>[ \t]+))"""
            + _RANDOM_VALUE
        ),
        _check_generic,
    ),
)


# --- card numbers and IBANs need arithmetic, not just a pattern ---------------

_CARD_PLAIN = re.compile(r"(?<![\w-])[2-6]\d{12,18}(?![\w])")
_CARD_GROUPED = re.compile(r"(?<![\w-])[2-6]\d{3}(?P<sep>[ -])\d{2,6}(?:(?P=sep)\d{1,6}){1,4}")
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
_IMEI = re.compile(r"imei", re.IGNORECASE)


def _is_year_list(groups: list[str]) -> bool:
    return all(len(g) == 4 and 1900 <= int(g) <= 2099 for g in groups)


def _card_number_spans(text: str) -> Iterator[tuple[int, int]]:
    for m in _CARD_PLAIN.finditer(text):
        if _luhn(m.group()) and not _IMEI.search(text, max(0, m.start() - 16), m.start()):
            yield m.span()
    for m in _CARD_GROUPED.finditer(text):
        groups = re.split(r"[ -]", m.group())
        # The run may swallow a following number ("... 1111 12/27"): try shorter prefixes.
        for n in range(len(groups), 2, -1):
            head = groups[:n]
            digits = "".join(head)
            if 13 <= len(digits) <= 19 and _luhn(digits) and not _is_year_list(head):
                length = sum(len(g) for g in head) + n - 1
                yield m.start(), m.start() + length
                break


def _card_spans(text: str) -> Iterator[tuple[int, int, int, str]]:
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


_KEY_BEGIN = re.compile(r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----")
_KEY_END = re.compile(r"-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----")
_BLANK_LINE = re.compile(r"\n[ \t]*\n")


def _private_key_spans(text: str) -> Iterator[tuple[int, int, int, str]]:
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


def _iban_spans(text: str) -> Iterator[tuple[int, int, int, str]]:
    for m in _IBAN.finditer(text):
        chunks = m.group().split(" ")
        # A trailing capitalised word can ride along ("... 00 IBAN"): drop chunks until valid.
        for n in range(len(chunks), 0, -1):
            candidate = " ".join(chunks[:n])
            if _iban_ok(candidate.replace(" ", "")):
                yield m.start(), m.start() + len(candidate), 4, "bank_account"
                break
