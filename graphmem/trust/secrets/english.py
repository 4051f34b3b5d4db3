"""English phrasings of a secret, with their full grammar.

"my password is x", "the password for the router: x", "DB_PASSWORD=x", "I changed my
password to x", passphrases, door codes and PINs, one-time codes, ``.netrc`` lines and
command-line flags. Other languages: :mod:`graphmem.trust.secrets.phrases`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from graphmem.trust.secrets.common import (
    ASSIGN,
    FOR,
    LONG_KEY,
    NATURAL,
    OTP_VALUE,
    VALUE,
    Candidate,
    Rule,
    check_bare_password,
    check_code,
    check_otp,
    check_passphrase,
    check_password,
    check_reference_free,
    check_short_password,
    check_short_strong,
    check_strong_or_plausible,
    plausible_password,
    rules_spans,
    rx,
    strong,
)


def _check_chosen(m: re.Match[str], value: str) -> bool:
    """A value with no word for a password: only what only a credential looks like, letters,
    digits and a symbol ("Kestrel-Blue-19"), not a program ("Python3") or keys ("Ctrl+Alt")."""
    marked = any(not c.isalnum() for c in value) and any(c.isdigit() for c in value)
    if not marked or "+" in value or _VERSION.match(value):
        return False
    return strong(value) and plausible_password(value, natural=True)


def _check_code_digits(m: re.Match[str], value: str) -> bool:
    """A code's digits, not a public code's ("set the area code to 212")."""
    public = _PUBLIC_CODE.search(m.group(0)) is not None
    return not public and 3 <= len(value) <= 8 and value.isdigit()


_PUBLIC_CODE = re.compile(
    r"\b(?:area|zip|postal|post|postcode|country|dial(?:l?ing)?|sort|tax|promo|discount|coupon"
    r"|error|status|exit|return|html?|qr|bar|colou?r|product|course|class|dress)\s+code\b",
    re.IGNORECASE,
)


_VERSION = re.compile(r"v?\d+(?:\.\d+)+$", re.IGNORECASE)

_ENGLISH: tuple[Rule, ...] = (
    # One-time codes: "your verification code is 482913", "OTP: 1234".
    Rule(
        "otp",
        6,
        rx(
            r"""\b(?P<key>(?:one[- ]?time|verification|verify|security|login|log[- ]?in|sign[- ]?in
                |auth(?:entication|orization)?|confirmation|two[- ]?factor|2fa|mfa|2-step
                |two[- ]?step|backup|recovery|sms|otp|totp|email|reset|activation|pairing)
                [ \t]+(?:pass)?(?:code|pin|password|token)s?
              |otp|totp|2fa|mfa)\b
            (?:\s+for\s+[\w.@-]+(?:\s+[\w.@-]+){0,2}?)?
            (?:[ \t]*[:=\#][ \t]*|\s+(?:is|was|will[ ]be)(?:\s*:\s*|\s+)|(?P<ws>[ \t]+))"""
            + OTP_VALUE
        ),
        check_otp,
    ),
    Rule(
        "otp",
        6,
        rx(
            r"""\b(?:your|my|the|here'?s[ ]your)[ ]
            (?:(?!(?:zip|area|postal|country|promo|discount|coupon|dress|error|status|source|tax
                 |sort|bar|qr|access|door|gate|referral|gift)\b)(?-i:[A-Z][\w-]*)[ ])?
            code(?:[ \t]*:[ \t]*|\s+is(?:\s*:\s*|\s+))
            (?P<v>\d{4,8})(?!\d)(?![.,:/-]\d)"""
        ),
    ),
    Rule(
        "otp",
        6,
        rx(
            r"""(?<![\w-])(?:G-)?(?P<v>\d{4,8})\s+is\s+your\s+
            (?:(?:[\w-]+\s+){0,3}?(?:verification|security|login|sign[- ]?in|one[- ]time
               |confirmation|authentication|2fa|mfa|otp|access)\b
             |(?:(?-i:[A-Z][\w-]*)\s+)?(?:code|otp|passcode|pin)\b)"""
        ),
    ),
    Rule(
        "otp",
        6,
        rx(
            r"""\b(?:use|enter|type)\s+(?:the\s+)?(?:code|otp|pin)[ \t]*:?[ \t]*(?P<v>\d{4,8})(?!\d)
            (?=\s+(?:to|for)\s+(?:sign|log|verify|confirm|complete|continue|access|reset
                |authenticate|finish|unlock|activate))"""
        ),
    ),
    # Door, gate and alarm codes, PINs, lock combinations.
    Rule(
        "password",
        7,
        rx(
            r"""\b(?:(?P<strongkey>(?:front[ ]door|back[ ]door|door|gate|garage|alarm|lockbox
                  |lock[- ]box|key[ ]?safe|keypad|entry|building|safe|locker|padlock|access|atm
                  |debit[ ]card|bank[ ]card|card|sim)
                  [ ](?:access[ ]|entry[ ])?(?:code|pin|combination|combo)
                  |pin[ ](?:code|number))
              |pin|combination|combo)\b
            (?:[ \t]*[:=\#][ \t]*|\s+(?:is|was)(?:\s*:\s*|\s+)|(?P<ws>[ \t]+))
            (?P<v>[*\#]?\d{2,8}(?:[- ]\d{2,4}){0,3}[*\#]?)(?![\w-])"""
        ),
        check_code,
    ),
    # Passwords: "my password is x", "the password for the router: x", "DB_PASSWORD=x".
    Rule(
        "password",
        8,
        rx(LONG_KEY + FOR + r"(?:" + NATURAL + "|" + ASSIGN + ")" + VALUE),
        check_password,
        trim=True,
    ),
    Rule(
        "password",
        8,
        rx(r"""(?<![A-Za-z0-9])(?P<key>pass|pwd|pw)(?![A-Za-z0-9])""" + ASSIGN + VALUE),
        check_short_password,
        trim=True,
    ),
    # "pw for Amazon = x", "the pw is x": the short keys with the long keys' grammar.
    Rule(
        "password",
        8,
        rx(
            r"""(?<![A-Za-z0-9])(?P<key>pwd|pw)(?![A-Za-z0-9])"""
            + FOR
            + r"(?:"
            + NATURAL
            + "|"
            + ASSIGN
            + ")"
            + VALUE
        ),
        check_password,
        trim=True,
    ),
    # "maya@example.com pw Orchid2291", "user kim / pass Kiwi-Slice-42": no separator.
    Rule(
        "password",
        8,
        rx(r"""(?<![A-Za-z0-9])(?P<key>pass|pwd|pw)[ \t]+(?P<v>[^\s"'`,;]{6,100}+)"""),
        check_short_strong,
    ),
    # "just use Parrot!88 for the guest wifi": a chosen value for a network or login.
    Rule(
        "password",
        8,
        rx(
            r"""\b(?:use|try|it's|its)\s+(?P<v>[^\s"'`,;]{6,100}+)\s+(?:for|on)\s+(?:the\s+|my\s+)?
            (?:[\w-]+\s+)?(?:wi-?fi|wlan|router|vpn|login|network|hotspot)\b"""
        ),
        check_strong_or_plausible,
    ),
    # "we changed the gate code to 1987": a code changed to a value is that value, even one
    # that reads as a year.
    Rule(
        "password",
        8,
        rx(
            r"""\b(?:changed|changing|change|set|setting|reset|switched|updated)\s+
            (?:(?:the|my|our|your|his|her|their)\s+)?(?:[\w-]+\s+){0,2}?
            (?:code|pin|passcode|combination|combo|lock)\s+(?:from\s+\S+\s+)?to\s+(?P<v>\d{3,8})\b"""
        ),
        _check_code_digits,
    ),
    # "use Kestrel-Blue-19 to get into the shared drive": a chosen value that lets one in.
    Rule(
        "password",
        8,
        rx(
            r"""\b(?:use|try|enter|type|put\s+in)\s+(?P<v>[^\s"'`,;]{6,100}+)\s+to\s+
            (?:get\s+(?:in|into|past|through)|open|unlock|access|log\s*(?:in|on)|sign\s*in)\b"""
        ),
        _check_chosen,
    ),
    # "the router admin pass is Gr33nTea#7": "pass" says so only before a chosen value.
    Rule(
        "password",
        8,
        rx(r"""(?<![A-Za-z0-9])(?P<key>pass)(?![A-Za-z0-9])""" + NATURAL + VALUE),
        check_short_strong,
        trim=True,
    ),
    # "Use x as the password for the router": the value comes first.
    Rule(
        "password",
        8,
        rx(
            r"""\b(?:use|using|set|try|put|chose|choose|picked?)\s+(?P<v>[^\s"'`,;]{3,100}+)
            \s+as\s+(?:the|my|your|our|a|his|her|their)?\s*(?:new\s+)?
            (?:[\w-]+\s+)?(?:password|passcode|passphrase|pin|pw)\b"""
        ),
        check_strong_or_plausible,
    ),
    # "I changed my password to x".
    Rule(
        "password",
        8,
        rx(
            r"""\b(?:chang|set|updat|reset|switch)(?:e|ed|es|ing)?\s+(?:my|the|your|our|his|her|their)
            \s+(?:[\w-]+\s+)?(?:password|passcode|passphrase)\s+to(?P<nl>\s+)"""
            + VALUE
        ),
        check_password,
        trim=True,
    ),
    # Passphrases are several words: take the phrase up to the end of its clause.
    Rule(
        "password",
        8,
        rx(
            r"""(?<![A-Za-z0-9])pass[ ]?phrase"""
            + FOR
            + "(?:"
            + NATURAL
            + "|"
            + ASSIGN
            + r""")(?P<v>[^\s"'`][^\n"'`]{0,200}?)(?=[ \t]*(?:[.;,!?]?[ \t]*(?:\n|\Z)|[.;,!?]\s))"""
        ),
        check_passphrase,
    ),
    # "use the password 'x'", "password Tr0ub4dor&3": no separator, so the value must look chosen.
    Rule(
        "password",
        8,
        rx(r"""(?<![A-Za-z0-9])(?:password|passcode|passphrase)[ \t]+""" + VALUE),
        check_bare_password,
        trim=True,
    ),
    # .netrc lines and command-line flags.
    Rule(
        "password",
        8,
        rx(
            r"""\b(?:login|user(?:name)?)[ \t]+(?!(?:or|and|nor|&|/)[ \t])  # "login or password"
                \S+[ \t]+password[ \t]+(?P<v>\S+)
            |(?<![\w-])--?(?:[\w-]*-)?(?:password|passwd|pass|pwd)[ \t]+(?P<v2>[^\s"'`]+)"""
        ),
        check_reference_free,
    ),
    Rule(
        "password",
        8,
        rx(
            r"""\b(?:mysql\w*|mariadb\w*)\b[^\n|;&]*?[ \t]-p(?P<v>[^\s'"-][^\s'"]*)
            |\bsshpass[ \t]+-p[ \t]*(?:"(?P<v_dq>[^"\n]+)"|'(?P<v_sq>[^'\n]+)'|(?P<v2>\S+))"""
        ),
        check_reference_free,
    ),
    # A quoted -p argument ("-p'Dolphin#55'") is a password whatever the command.
    Rule(
        "password",
        8,
        rx(r"""(?<![\w-])-p(?:"(?P<v_dq>[^"\n]{3,100})"|'(?P<v_sq>[^'\n]{3,100})')"""),
        check_reference_free,
    ),
    Rule(
        "password",
        8,
        rx(r"""<(?P<tag>(?:[\w-]+:)?(?:password|passwd|pwd))>(?P<v>[^<\s]{1,200})</(?P=tag)>"""),
        check_reference_free,
    ),
)


def spans(text: str) -> Iterator[Candidate]:
    yield from rules_spans(_ENGLISH, text)
