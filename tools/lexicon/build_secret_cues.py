#!/usr/bin/env python3
"""Build a multilingual lexicon of credential cue words from localisation catalogues.

The words come from the translation catalogues that well-kept, permissively licensed
projects ship in their PyPI wheels (Django, django-allauth, Wagtail, Home Assistant,
Kolibri, ...). Each pinned wheel is fetched with ``pip download`` into a temporary
directory (or ``--wheel-dir``), checked against its pinned SHA-256, and read in place
with :mod:`zipfile`; nothing is installed.

For every source a table maps chosen English msgids to a concept (``password``, ``pin``,
``code``, ...). A translation of such a msgid is normalised (NFKC, casefold, accelerators,
placeholders, markup and end punctuation removed, alternatives like "A / B" split) and
becomes a term. Three kinds of term are derived from the catalogues as a whole, by how
often a translated word co-occurs with an English word across all of a language's
messages (the Dice coefficient); none is cut from a script written without spaces:

* the head word of a phrase ("código" in "código de verificación") when the cue names
  the phrase's English head ("code") and the word is that word's best match;
* inflected forms of a one-word term ("hesla" beside "heslo", "jelszavát" beside
  "jelszó") that share its stem and co-occur with the English word;
* the phrase shared by translations of several sentences that mention a "bank account
  number" (django-localflavor).

A term in another script than its language's (a Portuguese "senha" in a Persian
catalogue) is dropped. A translation identical to its English msgid is kept only where
it is plausibly the word in use (see :func:`english_copy_is_genuine`). A few derived
terms were read and rejected by hand (``REJECTED``). Everything dropped is listed, with
the reason, in ``out/dropped.tsv``.

Outputs (in ``--out``, default ``out/`` beside this file):

* ``secret_cues.tsv``: lang, concept, term, source (``package==version:msgid``, several
  joined by `` | ``), sorted;
* ``secret_cues_provenance.tsv``: the same terms with how each was obtained and the
  translation it came from;
* ``dropped.tsv``; ``LICENSES.md``; ``coverage.md``.

Run: ``python tools/lexicon/build_secret_cues.py [--wheel-dir DIR] [--out DIR]``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import struct
import subprocess
import sys
import tempfile
import unicodedata
import zipfile
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent

CONCEPTS: dict[str, str] = {
    "password": "password (the secret word itself, incl. 'new/old/current password')",
    "passphrase": "passphrase / pass phrase",
    "pin": "PIN, PIN code",
    "code": "verification, security, one-time, authentication, sign-in or access code; OTP token",
    "login": "log in / sign in / login (verb or noun)",
    "username": "username / user name (context cue)",
    "account_number": "account number, bank account number, account ID",
    "security_qa": "security question / answer",
    "recovery": "recovery / backup codes or tokens, recovery phrase",
    "secret_key": "secret key, API key, access token, client secret, encryption key",
}


@dataclass(frozen=True)
class Cue:
    """English msgids of one source that name one concept."""

    concept: str
    msgids: tuple[str, ...]
    head: str | None = None  # English head word whose aligned translation is kept too


@dataclass(frozen=True)
class Source:
    dist: str  # name as given to pip
    version: str
    sha256: str
    licence: str  # SPDX
    catalogues: tuple[str, ...]  # regular expressions over paths inside the wheel
    cues: tuple[Cue, ...]
    licence_files: tuple[str, ...] = ()  # regular expressions over paths inside the wheel

    @property
    def pin(self) -> str:
        return f"{self.dist}=={self.version}"


PO = r"/LC_MESSAGES/[^/]+\.po$"

SOURCES: tuple[Source, ...] = (
    Source(
        "django",
        "6.1.3",
        "a0530e3fdac55d34ccc5893c36f6c57d7a7083064f3d414537e51473648b3290",
        "BSD-3-Clause",
        (r"^django/contrib/(auth|admin)/locale/[^/]+" + PO,),
        (
            Cue("password", ("Password", "password", "Old password", "New password")),
            Cue("username", ("Username", "username")),
            Cue("login", ("Log in",)),
        ),
    ),
    Source(
        "django-allauth",
        "65.22.1",
        "08f7a3ddbd5ff7f1000d685dee9c0678d0da2057e18bed473a6eb2de18bd04e4",
        "MIT",
        (r"^allauth/locale/[^/]+" + PO,),
        (
            Cue("password", ("Password", "Current Password", "New Password")),
            Cue("username", ("Username",)),
            Cue("login", ("Sign In",)),  # its "Login" is the login name (username or email)
            Cue("code", ("Code",)),
            Cue("code", ("Authenticator code", "Sign-In Code", "Password Reset Code"), head="code"),
            Cue("recovery", ("Recovery codes", "Recovery Codes")),
            Cue("secret_key", ("secret key", "token secret", "Authenticator secret")),
            Cue("secret_key", ("token", "Token")),
        ),
    ),
    Source(
        "django-two-factor-auth",
        "1.18.1",
        "ccc9cee10be880037914e572389be6dcae93947709a8a9ff01fb23f7dee254f2",
        "MIT",
        (r"^two_factor/locale/[^/]+" + PO,),
        (
            Cue("code", ("Token",)),
            Cue("recovery", ("Backup Tokens",)),
            Cue("login", ("Login",)),
            Cue("secret_key", ("TOTP Secret:",)),
        ),
    ),
    Source(
        "django-otp",
        "1.7.5",
        "475d4111e07d61616996f098d08d29884da6397273a11f53c1b8e8c75d27e1dc",
        "Unlicense",
        (r"^django_otp/locale/[^/]+" + PO,),
        (
            Cue("code", ("OTP Token:",), head="token"),
            Cue("login", ("Log in",)),
        ),
    ),
    Source(
        "wagtail",
        "8.0.1",
        "1e6ad5c7891a54efce1400e168298b5a2cc343b642cee89c31bf5ec30c98b26c",
        "BSD-3-Clause",
        (r"^wagtail/(admin|users)/locale/[^/]+" + PO,),
        (
            Cue("password", ("Password",)),
            Cue("username", ("Username",)),
            Cue("login", ("Sign in", "Log in", "Login")),
        ),
    ),
    Source(
        "homeassistant",
        "2026.2.3",
        "8167820cac4b8defe895fd2c36ac23402a445d1fe6028e8cde24caabb935282c",
        "Apache-2.0",
        (r"^homeassistant/components/[^/]+/translations/[^/]+\.json$",),
        (
            Cue("password", ("Password", "User password", "Admin password", "Wi-Fi password")),
            Cue("username", ("Username",)),
            Cue("login", ("Login", "Sign in")),
            Cue("pin", ("PIN", "PIN code"), head="pin"),
            Cue("code", ("Code",)),
            Cue(
                "code",
                (
                    "Verification code",
                    "Security code",
                    "Security Code",
                    "Two-factor code",
                    "SMS code",
                    "Email code",
                    "Validation code",
                    "Activation code",
                    "User code",
                ),
                head="code",
            ),
            Cue("secret_key", ("Access token", "API token"), head="token"),
            Cue(
                "secret_key",
                ("API key", "Secret", "Client secret", "Client Secret", "Encryption key"),
            ),
            Cue("account_number", ("Account ID", "Billing account number")),
        ),
    ),
    Source(
        "home-assistant-frontend",
        "20261125.4",
        "ba8da715c1a4bb38c269f99c4a715c44806c8c07d1d74a375d5c63456e3d0e28",
        "Apache-2.0",
        (r"^hass_frontend/static/translations/(?:[a-z_]+/)?[A-Za-z-]+-[0-9a-f]{32}\.json$",),
        (
            Cue("password", ("Password", "Current password", "New password", "Wi-Fi password")),
            Cue("username", ("Username",)),
            Cue("login", ("Log in", "Sign in")),
            Cue("pin", ("PIN", "PIN code"), head="pin"),
            Cue("code", ("TOTP code", "Passcode", "Setup code", "Pairing code"), head="code"),
            Cue("secret_key", ("Encryption key", "OAuth client secret")),
        ),
    ),
    Source(
        "kolibri",
        "0.19.5",
        "dc4c187d29a80037594c2dadd1cbc862cb4b8b76166bfd4084314f8ab2bc6221",
        "MIT",
        (r"^kolibri/locale/[^/]+/LC_MESSAGES/[^/]+-messages\.json$",),
        (
            Cue("password", ("Password",)),
            Cue("username", ("Username",)),
            Cue("login", ("Sign in",)),
            Cue("pin", ("PIN",)),
        ),
    ),
    Source(
        "flask-security-too",
        "5.9.2",
        "98f5e676767735dd2ff48afa92bcc9916778306b103999f8f4538a36b096f111",
        "MIT",
        (r"^flask_security/translations/[^/]+" + PO,),
        (
            Cue("password", ("Password", "New Password")),
            Cue("username", ("Username",)),
            Cue("login", ("Login", "Sign In")),
            Cue("code", ("Code", "Passcode")),
            Cue("code", ("Verification Code", "Authentication Code"), head="code"),
            Cue("recovery", ("Recovery Code", "Recovery Codes")),
        ),
    ),
    Source(
        "django-localflavor",
        "5.1",
        "33a0b5418c99c733e87fd949e08ba3c6ccf7e7a9edd1458dac15586701b2cd90",
        "BSD-3-Clause",
        (r"^localflavor/locale/[^/]+" + PO,),
        (),  # read for the aligned phrase "bank account number" only
    ),
    Source(
        "Trac",
        "1.6",
        "5ff2f3394ebee7cc5b8ee465871cfdecb78ee492a74215b47b6d9ddbcc93b5f7",
        "BSD-3-Clause",
        (r"^trac/locale/[^/]+/LC_MESSAGES/messages\.mo$",),
        (
            Cue("login", ("Login",)),
            Cue("password", ("Password:",)),
        ),
    ),
)

# English phrases aligned to a phrase of each language (spaced scripts only): the concept,
# and the msgids (of any source) whose translations are compared.
ALIGNED_PHRASES: dict[str, tuple[str, tuple[str, ...]]] = {
    "bank account number": (
        "account_number",
        (
            "Please enter a valid bank account number in format XXXX-XXXX-XX-XXXXXXXXXX.",
            "Invalid checksum for bank account number.",
            "Invalid bank account number.",
            "An International Bank Account Number",
        ),
    ),
}

# Derived terms read by hand and rejected: (lang, concept, term) -> why.
REJECTED: dict[tuple[str, str, str], str] = {
    ("ru", "account_number", "банковский"): "aligned phrase is only 'bank' (adjective)",
    ("ru", "account_number", "банковского"): "aligned phrase is only 'bank' (adjective)",
    ("lt", "account_number", "banko"): "aligned phrase is only 'bank' (genitive)",
    ("bg", "account_number", "номер на банковата"): "aligned phrase cut before 'сметка'",
    ("eo", "account_number", "banko konta"): "not a phrase: words of two sentences",
    ("te", "account_number", "కొఠీ లెక్య సంఖ్య"): "misspelt in its catalogue; 'కొఠీ లెక్క సంఖ్య' is kept",
    ("lt", "secret_key", "prieigos"): "head of 'prieigos raktas' is 'access', not 'token'",
    ("el", "secret_key", "κουπόνι"): "'coupon': a mistranslation of the OAuth 'token'",
    ("el", "code", "επαναφορά κωδικού πρόσβασησ"): "'password reset': the 'code' is missing",
    ("th", "code", "ลงชื่อเข้าใช้"): "'sign in': the 'code' of 'Sign-In Code' is missing",
    ("bn", "login", "নিবন্ধন কর"): "'register', not 'sign in'",
    ("ca", "login", "registra't"): "'register', not 'sign in'",
}

# English words whose inflected forms are harvested, and the concept they name.
INFLECTED: dict[str, str] = {"password": "password", "username": "username", "code": "code"}

# Words kept even where identical to English: they are the same word in most languages.
LOANWORDS = frozenset({"pin", "otp", "totp", "token", "code", "login", "2fa"})

# Scripts written without spaces between words: no head, form or phrase is cut from them.
UNSPACED = ("CJK", "HIRAGANA", "KATAKANA", "THAI", "LAO", "KHMER", "MYANMAR", "TIBETAN")

# The usual region of a language, dropped from its tag ("sw_TZ" -> "sw").
DEFAULT_REGION = {
    "ach": "UG", "af": "ZA", "bg": "BG", "bn": "BD", "ca": "ES", "cs": "CZ", "da": "DK",
    "de": "DE", "el": "GR", "es": "ES", "et": "EE", "eu": "ES", "fa": "IR", "fi": "FI",
    "fr": "FR", "gu": "IN", "ha": "NG", "he": "IL", "hi": "IN", "hu": "HU", "hy": "AM",
    "it": "IT", "ja": "JP", "ka": "GE", "km": "KH", "ko": "KR", "mr": "IN", "my": "MM",
    "nb": "NO", "ne": "NP", "nl": "NL", "ny": "MW", "pa": "IN", "pl": "PL", "ro": "RO",
    "ru": "RU", "sk": "SK", "sl": "SI", "sr": "RS", "sv": "SE", "sw": "TZ", "ta": "IN",
    "te": "IN", "th": "TH", "tr": "TR", "uk": "UA", "ur": "PK", "vi": "VN", "yo": "NG",
}  # fmt: skip
TAG_ALIASES = {
    "zh-CN": "zh-Hans", "zh-SG": "zh-Hans", "zh-Hans-CN": "zh-Hans", "zh-TW": "zh-Hant",
    "zh-HK": "zh-Hant", "zh-Hant-TW": "zh-Hant", "no": "nb",
}  # fmt: skip

MAX_TOKENS = 5
MAX_CHARS = 40


# --------------------------------------------------------------------------- reading


@dataclass(frozen=True)
class Message:
    dist: str
    path: str
    lang: str  # normalised tag
    english: str
    translation: str


_PO_LINE = re.compile(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)\s+(".*")\s*$')
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\"}


def _unquote(token: str) -> str:
    body = token.strip()[1:-1]
    out: list[str] = []
    i = 0
    while i < len(body):
        if body[i] == "\\" and i + 1 < len(body):
            out.append(_ESCAPES.get(body[i + 1], body[i + 1]))
            i += 2
        else:
            out.append(body[i])
            i += 1
    return "".join(out)


def parse_po(text: str) -> Iterator[tuple[str, str, bool]]:
    """Yield (msgid, msgstr or msgstr[0], fuzzy) for each live entry of a .po file."""
    fields: dict[str, str] = {}
    flags: set[str] = set()
    key = ""

    def entry() -> Iterator[tuple[str, str, bool]]:
        if "msgid" in fields:
            yield (
                fields["msgid"],
                fields.get("msgstr", fields.get("msgstr[0]", "")),
                "fuzzy" in flags,
            )

    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("#~"):
            continue
        new_entry = (
            not line
            or line.startswith(("#", "msgctxt"))
            or (line.startswith("msgid ") and "msgctxt" not in fields)
        )
        if new_entry and any(k.startswith("msgstr") for k in fields):
            yield from entry()
            fields, flags, key = {}, set(), ""
        if line.startswith("#,"):
            flags.update(f.strip() for f in line[2:].split(","))
        elif line.startswith("#") or not line:
            continue
        elif match := _PO_LINE.match(line):
            key = match.group(1)
            fields[key] = _unquote(match.group(2))
        elif line.startswith('"') and key:
            fields[key] += _unquote(line)
    yield from entry()


def parse_mo(data: bytes) -> Iterator[tuple[str, str]]:
    """Yield (msgid, msgstr) of a GNU .mo file: singular forms, context dropped, header skipped."""
    order = "<" if data[:4] == b"\xde\x12\x04\x95" else ">"
    count, originals, translations = struct.unpack(order + "3I", data[8:20])
    for i in range(count):
        olen, ooff = struct.unpack(order + "2I", data[originals + 8 * i : originals + 8 * i + 8])
        tlen, toff = struct.unpack(
            order + "2I", data[translations + 8 * i : translations + 8 * i + 8]
        )
        msgid = data[ooff : ooff + olen].decode("utf-8", "replace").split("\x00")[0]
        msgstr = data[toff : toff + tlen].decode("utf-8", "replace").split("\x00")[0]
        msgid = msgid.split("\x04", 1)[-1]
        if msgid and msgstr:
            yield msgid, msgstr


def normalise_tag(raw: str) -> str:
    """'pt_BR' -> 'pt-BR', 'sr@latin' -> 'sr-Latn', 'sw_TZ' -> 'sw', 'zh_CN' -> 'zh-Hans'."""
    tag = raw.replace("@latin", "-Latn").replace("@", "-").replace("_", "-")
    parts = tag.split("-")
    out = [parts[0].lower()]
    for part in parts[1:]:
        if len(part) == 4 and part.isalpha():
            out.append(part.title())
        elif len(part) in (2, 3):
            out.append(part.upper())
        else:
            out.append(part.lower())
    tag = TAG_ALIASES.get("-".join(out), "-".join(out))
    lang, *rest = tag.split("-")
    if rest and rest[-1] == DEFAULT_REGION.get(lang, lang.upper()):
        rest = rest[:-1]
    return "-".join([lang, *rest])


def _lang_of(path: str) -> str | None:
    for pattern in (
        r"/(?:locale|translations)/([^/]+)/LC_MESSAGES/",
        r"/translations/([^/]+)\.json$",
        r"/translations/(?:[a-z_]+/)?([A-Za-z-]+)-[0-9a-f]{32}\.json$",
    ):
        if match := re.search(pattern, path):
            return match.group(1)
    return None


# A value that is a key path ("ui::panel::app::retry"): an untranslated frontend entry.
_KEY_PATH = re.compile(r"\w+(?:::\w+)+")


def _flatten(obj: object, prefix: str = "") -> dict[str, str]:
    out: dict[str, str] = {}
    if isinstance(obj, dict):
        for key, value in obj.items():
            out.update(_flatten(value, f"{prefix}::{key}" if prefix else str(key)))
    elif isinstance(obj, list):
        for i, value in enumerate(obj):
            out.update(_flatten(value, f"{prefix}::{i}"))
    elif isinstance(obj, str):
        out[prefix] = obj
    return out


def _is_english(raw: str) -> bool:
    return re.split(r"[-_@]", raw)[0].lower() == "en"


def _json_group(path: str, raw: str) -> str:
    """The path with its language (and content hash) replaced, shared by all its languages."""
    group = re.sub("/" + re.escape(raw) + r"(?=[/.-])", "/{lang}", path, count=1)
    return re.sub(r"-[0-9a-f]{32}(?=\.json$)", "", group)


def read_source(source: Source, wheel_path: Path, stats: Counter[str]) -> Iterator[Message]:
    """Every translated, non-fuzzy message of the source's catalogues (English excluded)."""
    with zipfile.ZipFile(wheel_path) as wheel:
        names = sorted(
            n for n in wheel.namelist() if any(re.search(p, n) for p in source.catalogues)
        )
        json_groups: dict[str, dict[str, str]] = defaultdict(dict)
        for name in names:
            raw = _lang_of(name)
            if raw is None:
                continue
            if name.endswith(".json"):
                json_groups[_json_group(name, raw)][raw] = name
                continue
            if _is_english(raw):
                continue
            stats[source.pin] += 1
            lang = normalise_tag(raw)
            if name.endswith(".po"):
                for msgid, msgstr, fuzzy in parse_po(wheel.read(name).decode("utf-8", "replace")):
                    if msgid and msgstr and not fuzzy:
                        yield Message(source.pin, name, lang, msgid, msgstr)
            else:  # a compiled .mo catalogue
                for msgid, msgstr in parse_mo(wheel.read(name)):
                    yield Message(source.pin, name, lang, msgid, msgstr)
        # JSON catalogues are keyed by id: the English file of the same group gives the msgid.
        for group in sorted(json_groups):
            files = json_groups[group]
            if "en" not in files:
                continue
            english = _flatten(json.loads(wheel.read(files["en"])))
            for raw, name in sorted(files.items()):
                if _is_english(raw):
                    continue
                stats[source.pin] += 1
                lang = normalise_tag(raw)
                for key, value in _flatten(json.loads(wheel.read(name))).items():
                    if english.get(key) and value and not _KEY_PATH.fullmatch(value):
                        yield Message(source.pin, name, lang, english[key], value)


# ------------------------------------------------------------------------ normalising

_PLACEHOLDER = re.compile(
    r"%\([^)]*\)[-#0 +]*\d*(?:\.\d+)?[sdifr]"  # %(name)s
    r"|%[-#0 +]*\d*(?:\.\d+)?[sdifr]"  # %s, %d
    r"|\{[^{}]*\}"  # {name}, {0}
    r"|\[%key:[^%]*%\]"  # Home Assistant references
)
_ACCELERATOR = re.compile(r"\(\s*[&_][^\s)]\s*\)|&(?=\w)|(?<![\w])_(?=\w)")
_TAG = re.compile(r"<[^>]+>")
_PARENS = re.compile(r"\([^()]*\)|（[^（）]*）|\[[^\[\]]*\]")
_ALTERNATIVES = re.compile(r"\s*(?:/|\||;|、|／)\s*")


def _word_char(ch: str) -> bool:
    return unicodedata.category(ch)[0] in "LMN" or ch in "\u200c\u200d"


def tokens(text: str) -> list[str]:
    """Words of a normalised string: runs of letters, marks and digits (ZWNJ/ZWJ kept)."""
    out: list[str] = []
    word: list[str] = []
    for ch in text:
        if _word_char(ch):
            word.append(ch)
        else:
            if word:
                out.append("".join(word))
            word = []
    if word:
        out.append("".join(word))
    return out


def clean(text: str) -> str:
    """NFKC, markup, placeholders, accelerators and brackets removed, spaces collapsed."""
    s = unicodedata.normalize("NFKC", text)
    s = _TAG.sub(" ", s)
    s = _PLACEHOLDER.sub(" ", s)
    s = _ACCELERATOR.sub("", s)
    s = _PARENS.sub(" ", s)
    s = s.replace("\u00a0", " ").replace("…", " ").replace("...", " ")
    return re.sub(r"\s+", " ", s).strip()


def normalise(text: str) -> str:
    """The lexicon form of one term: cleaned, edge punctuation stripped, casefolded."""
    s = clean(text)
    start, end = 0, len(s)
    while start < end and not _word_char(s[start]):
        start += 1
    while end > start and not _word_char(s[end - 1]):
        end -= 1
    return s[start:end].casefold()


def terms_of(translation: str, english: str) -> list[str]:
    """The terms one translation gives: alternatives split, each normalised and bounded."""
    cleaned = clean(translation)
    parts = [cleaned]
    if not _ALTERNATIVES.search(clean(english)):
        parts = _ALTERNATIVES.split(cleaned)
    out: list[str] = []
    for part in parts:
        term = normalise(part)
        if not term or not any(unicodedata.category(c)[0] == "L" for c in term):
            continue
        if len(tokens(term)) > MAX_TOKENS or len(term) > MAX_CHARS:
            continue
        out.append(term)
    return out


def script_group(script: str) -> str:
    """Scripts written together count as one (Japanese mixes kanji and kana)."""
    return "CJK" if script in ("CJK", "HIRAGANA", "KATAKANA") else script


def foreign_script(term: str, original: str, lang_script: str) -> bool:
    """A term in another script than its language's, other than acronyms and loanwords.

    Catches a Portuguese "senha" in a Persian catalogue; keeps "pin", "sms" or "token"
    beside a Greek or Thai word.
    """
    group = script_group(lang_script)
    if any(script_group(script_of(ch)) == group for ch in term):
        return False  # has letters of its language: "wi-fiパスワード", "κωδικός pin"
    acronyms = {w.casefold() for w in tokens(original) if w.isupper() and len(w) <= 6}
    return any(
        script_of(w) != "NONE" and w not in LOANWORDS and w not in acronyms for w in tokens(term)
    )


def language_script(messages: list[Message]) -> str:
    """The script most of a language's translated messages are written in (a vote)."""
    translated = [m.translation for m in messages if m.translation.strip() != m.english.strip()]
    step = max(len(translated) // 3000, 1)
    votes = Counter(script_group(script_of(clean(t))) for t in translated[::step])
    votes.pop("NONE", None)
    return votes.most_common(1)[0][0] if votes else "LATIN"


def script_of(text: str) -> str:
    """The main script of a string, as the first word of its letters' Unicode names."""
    count: Counter[str] = Counter()
    for ch in text:
        if unicodedata.category(ch)[0] == "L":
            name = unicodedata.name(ch, "UNKNOWN")
            count["CJK" if name.startswith("CJK") else name.split()[0]] += 1
    return count.most_common(1)[0][0] if count else "NONE"


# -------------------------------------------------------------------------- alignment


class Aligner:
    """Word co-occurrence between English msgids and one language's translations."""

    def __init__(self, messages: Iterable[Message]) -> None:
        by_pair: dict[tuple[str, str], str] = {}
        for m in messages:
            by_pair.setdefault((m.english, m.translation), m.dist)
        self.pairs = sorted(by_pair)
        self.dists = [by_pair[p] for p in self.pairs]
        self.english = [tokens(normalise(e)) for e, _ in self.pairs]
        self.english_df: Counter[str] = Counter()
        for words in self.english:
            self.english_df.update(set(words))
        self.translated = [tokens(normalise(t)) for _, t in self.pairs]
        self.keys = [[_stem_key(w) for w in words] for words in self.translated]
        self.df: Counter[str] = Counter()
        self.index: dict[str, list[int]] = defaultdict(list)
        for i, keys in enumerate(self.keys):
            self.df.update(set(self.translated[i]))
            for key in set(keys):
                self.index[key].append(i)
        self.n = max(len(self.pairs), 1)

    def rows_with(self, english: str) -> list[int]:
        """Messages whose English has the word or phrase (a word also in the plural)."""
        words = english.split()
        forms = [words, [*words[:-1], words[-1] + "s"]]
        return [
            i for i, eng in enumerate(self.english) if any(_contains(eng, tuple(f)) for f in forms)
        ]

    def dice(self, word: str) -> dict[str, tuple[float, int]]:
        """Translation word -> (Dice with the English word, co-occurrences)."""
        rows = self.rows_with(word)
        co: Counter[str] = Counter()
        for i in rows:
            co.update(set(self.translated[i]))
        return {t: (2 * c / (len(rows) + self.df[t]), c) for t, c in co.items()}

    def function_word(self, word: str) -> bool:
        return self.df[word] / self.n > 0.02 and len(word) <= 4

    def foreign(self, key: str, wanted: set[str]) -> bool:
        """Whether a translated stem key goes far better (Dice) with an English word not wanted."""
        rows = self.index.get(key, [])
        co: Counter[str] = Counter()
        for i in rows:
            co.update(set(self.english[i]))
        dice = {w: 2 * c / (len(rows) + self.english_df[w]) for w, c in co.items()}
        best_other = max((d for w, d in dice.items() if w not in wanted), default=0.0)
        best_wanted = max((d for w, d in dice.items() if w in wanted), default=0.0)
        return best_other > 2 * best_wanted

    def witness(self, rows: list[int]) -> tuple[str, str] | None:
        """(dist, msgid) of the shortest English msgid among rows."""
        if not rows:
            return None
        best = min(rows, key=lambda i: (len(self.pairs[i][0]), self.pairs[i][0], self.dists[i]))
        return self.dists[best], self.pairs[best][0]

    def phrase(self, english: str, msgids: tuple[str, ...]) -> list[tuple[str, str, str]]:
        """Word sequences that the translations of msgids share: (surface, dist, msgid) each.

        Words are compared by a stem key, so "tilinumero" and "tilinumerolle" count as
        one. A sequence scores its Dice coefficient with those messages, times 1.5 for each
        word past the first; it may not start or end with a function word, and edge words
        that go best with an English word outside the phrase are trimmed. Each distinct
        surface form of the result is returned.
        """
        rows = [i for i, (english, _) in enumerate(self.pairs) if english in msgids]
        if len(rows) < 2:
            return []
        grams: Counter[tuple[str, ...]] = Counter()
        for i in rows:
            keys = self.keys[i]
            grams.update(
                {
                    tuple(keys[a:b])
                    for a in range(len(keys))
                    for b in range(a + 1, min(a + 5, len(keys) + 1))
                }
            )
        scored: list[tuple[float, int, tuple[str, ...]]] = []
        for gram, co in grams.items():
            if co < 2 or self.function_word(gram[0]) or self.function_word(gram[-1]):
                continue
            if any(not any(unicodedata.category(c)[0] == "L" for c in w) for w in gram):
                continue
            total = sum(1 for i in self.index[gram[0]] if _contains(self.keys[i], gram))
            dice = 2 * co / (len(rows) + total)
            if dice >= 0.4:
                scored.append((round(dice * (1 + 0.5 * (len(gram) - 1)), 6), len(gram), gram))
        if not scored:
            return []
        _, _, gram = max(scored)
        # Trim edge words that go best with an English word outside the phrase ("valid").
        wanted = set(english.split()) | {w + "s" for w in english.split()}
        while len(gram) > 1 and self.foreign(gram[0], wanted):
            gram = gram[1:]
        while len(gram) > 1 and self.foreign(gram[-1], wanted):
            gram = gram[:-1]
        surfaces: dict[str, tuple[str, str]] = {}
        for i in sorted(rows, key=lambda i: (len(self.pairs[i][0]), self.pairs[i][0])):
            keys, words = self.keys[i], self.translated[i]
            for start in range(len(keys) - len(gram) + 1):
                if tuple(keys[start : start + len(gram)]) == gram:
                    surface = " ".join(words[start : start + len(gram)])
                    surfaces.setdefault(surface, (self.dists[i], self.pairs[i][0]))
        return [(surface, dist, msgid) for surface, (dist, msgid) in sorted(surfaces.items())]


def _stem_key(word: str) -> str:
    """A crude stem: the first six letters, or all but the last of a shorter word."""
    return word[:6] if len(word) > 6 else word[: max(4, len(word) - 1)]


def _contains(words: list[str], gram: tuple[str, ...]) -> bool:
    n = len(gram)
    return any(tuple(words[i : i + n]) == gram for i in range(len(words) - n + 1))


def _stem_match(word: str, base: str) -> bool:
    if word == base or len(base) < 4 or len(word) > len(base) + 4:
        return False
    common = 0
    for a, b in zip(word, base, strict=False):
        if a != b:
            break
        common += 1
    return common >= max(4, len(base) - 2)


# ----------------------------------------------------------------------------- build

Key = tuple[str, str, str]  # lang, concept, term


@dataclass
class Entry:
    sources: set[str] = field(default_factory=set)
    how: set[str] = field(default_factory=set)
    translations: set[str] = field(default_factory=set)


@dataclass(frozen=True)
class Copy:
    """What is known about a translation identical to its English msgid."""

    term: str
    lang: str
    projects: frozenset[str]  # projects whose translation of it is this same English word
    copy_ratio: float  # share of its catalogue's entries left as English
    script: str  # main script of the language


def english_copy_is_genuine(copy: Copy) -> tuple[bool, str]:
    """Whether a translation identical to English is the word in use, and why (not)."""
    if copy.copy_ratio > 0.5:
        return False, f"catalogue mostly English ({copy.copy_ratio:.0%} of entries copied)"
    if copy.term in LOANWORDS:
        return True, "loanword"
    if copy.script != "LATIN":
        return False, f"English word in a {copy.script.lower()}-script language"
    if len(copy.projects) >= 2:
        return True, f"identical in {len(copy.projects)} projects"
    if copy.copy_ratio <= 0.25:
        return True, f"kept by the translator of a catalogue {1 - copy.copy_ratio:.0%} translated"
    return False, "identical to English in one project's catalogue that is partly English"


class Builder:
    """Collects the terms of every language and concept, with where each came from."""

    def __init__(self, messages: list[Message]) -> None:
        self.messages = messages
        self.by_lang: dict[str, list[Message]] = defaultdict(list)
        for m in messages:
            self.by_lang[m.lang].append(m)
        # How much of each catalogue is English copied verbatim, and each language's script.
        self.copied: Counter[tuple[str, str]] = Counter()
        self.size: Counter[tuple[str, str]] = Counter()
        for m in messages:
            if len(m.english) > 3 and re.search(r"[A-Za-z]{3}", m.english):
                self.size[(m.dist, m.path)] += 1
                self.copied[(m.dist, m.path)] += m.english.strip() == m.translation.strip()
        self.scripts = {lang: language_script(ms) for lang, ms in self.by_lang.items()}
        self.cue_of: dict[tuple[str, str], Cue] = {}
        for source in SOURCES:
            for cue in source.cues:
                for msgid in cue.msgids:
                    self.cue_of[(source.pin, msgid)] = cue
        self.entries: dict[Key, Entry] = defaultdict(Entry)
        self.dropped: set[tuple[str, ...]] = set()

    def add(self, key: Key, source: str, how: str, translation: str) -> None:
        if key in REJECTED:
            self.dropped.add((*key, source, "rejected by hand: " + REJECTED[key]))
            return
        entry = self.entries[key]
        entry.sources.add(source)
        entry.how.add(how)
        entry.translations.add(translation)

    def build(self) -> None:
        for (pin, msgid), cue in self.cue_of.items():  # English itself, from the msgids
            for term in terms_of(msgid, msgid):
                self.add(("en", cue.concept, term), f"{pin}:{msgid}", "msgid", msgid)
        self.translations()
        for lang in sorted(self.by_lang):
            if self.scripts[lang] in UNSPACED:
                continue
            aligner = Aligner(self.by_lang[lang])
            mine = sorted(
                (k, e) for k, e in self.entries.items() if k[0] == lang and "translation" in e.how
            )
            self.heads(aligner, mine)
            self.forms(aligner, lang, mine)
            self.phrases(aligner, lang)

    def translations(self) -> None:
        """Terms from the translations of mapped msgids, English copies judged."""
        hits: list[tuple[Message, Cue, str]] = []
        copies: dict[tuple[str, str], set[str]] = defaultdict(set)
        for m in self.messages:
            cue = self.cue_of.get((m.dist, m.english))
            if cue is None:
                continue
            for term in terms_of(m.translation, m.english):
                hits.append((m, cue, term))
                if term == normalise(m.english):
                    copies[(m.lang, term)].add(m.dist.split("==")[0])
        for m, cue, term in hits:
            source = f"{m.dist}:{m.english}"
            if foreign_script(term, m.translation, self.scripts[m.lang]):
                why = f"not in the language's script ({self.scripts[m.lang].lower()})"
                self.dropped.add((m.lang, cue.concept, term, source, why))
                continue
            if term == normalise(m.english):
                catalogue = (m.dist, m.path)
                ratio = self.copied[catalogue] / max(self.size[catalogue], 1)
                projects = frozenset(copies[(m.lang, term)])
                copy = Copy(term, m.lang, projects, ratio, self.scripts[m.lang])
                keep, why = english_copy_is_genuine(copy)
                if not keep:
                    self.dropped.add((m.lang, cue.concept, term, source, why))
                    continue
            self.add((m.lang, cue.concept, term), source, "translation", m.translation)

    def heads(self, aligner: Aligner, mine: list[tuple[Key, Entry]]) -> None:
        """The word of a phrase that translates its English head ("código" for "code")."""
        scores: dict[str, dict[str, tuple[float, int]]] = {}

        def dice(word: str) -> dict[str, tuple[float, int]]:
            if word not in scores:
                scores[word] = aligner.dice(word)
            return scores[word]

        for (lang, concept, term), entry in mine:
            words = tokens(term)
            if len(words) < 2:
                continue
            for source in sorted(entry.sources):
                pin, msgid = source.split(":", 1)
                head = self.cue_of[(pin, msgid)].head
                if head is None:
                    continue
                table = dice(head)
                top = max((s for s, c in table.values() if c >= 3), default=0.0)
                score, co, best = max((*table.get(w, (0.0, 0)), w) for w in words)
                if score < 0.3 or co < 3 or score < 0.6 * top or aligner.function_word(best):
                    continue
                # Not a word that goes as well with another English word ("access" token).
                others = set(tokens(normalise(msgid))) - {head, head + "s"}
                if any(dice(o).get(best, (0.0, 0))[0] >= score for o in others):
                    continue
                self.add((lang, concept, best), source, f"head of '{term}'", term)

    def forms(self, aligner: Aligner, lang: str, mine: list[tuple[Key, Entry]]) -> None:
        """Inflected forms of one-word terms ("hesla" beside "heslo") that go with the English."""
        for english, concept in INFLECTED.items():
            bases = sorted({t for (_, c, t), _ in mine if c == concept and len(tokens(t)) == 1})
            if not bases:
                continue
            rows = aligner.rows_with(english)
            for word, (score, co) in sorted(aligner.dice(english).items()):
                if co < 2 or score < 0.08 or word in bases or word == english or word in LOANWORDS:
                    continue
                base = next((b for b in bases if _stem_match(word, b)), None)
                if base is None:
                    continue
                seen = aligner.witness([i for i in rows if word in aligner.translated[i]])
                if seen is not None:
                    source = f"{seen[0]}:{seen[1]}"
                    self.add((lang, concept, word), source, f"form of '{base}'", word)

    def phrases(self, aligner: Aligner, lang: str) -> None:
        """Phrases aligned to an English phrase across several sentences."""
        for english, (concept, msgids) in ALIGNED_PHRASES.items():
            for phrase, dist, msgid in aligner.phrase(english, msgids):
                source = f"{dist}:{msgid}"
                if phrase == english:
                    self.dropped.add((lang, concept, phrase, source, "aligned phrase is English"))
                elif len(phrase) >= 5:
                    self.add((lang, concept, phrase), source, f"aligned to '{english}'", phrase)


# ---------------------------------------------------------------------------- output


def download(dest: Path) -> dict[str, Path]:
    """pip-download every pinned wheel into dest (kept if already there) and check hashes."""
    dest.mkdir(parents=True, exist_ok=True)
    wheels: dict[str, Path] = {}
    for source in SOURCES:
        found = _find_wheel(dest, source)
        if found is None:
            subprocess.run(
                [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                 "--only-binary=:all:", "--python-version", "3.14", "--dest", str(dest),
                 source.pin],
                check=True,
            )  # fmt: skip
            found = _find_wheel(dest, source)
        if found is None:
            raise SystemExit(f"no wheel for {source.pin} in {dest}")
        digest = hashlib.sha256(found.read_bytes()).hexdigest()
        if source.sha256 and digest != source.sha256:
            raise SystemExit(f"{found.name}: sha256 {digest} is not the pinned {source.sha256}")
        wheels[source.pin] = found
    return wheels


def _find_wheel(dest: Path, source: Source) -> Path | None:
    stem = re.sub(r"[-_.]+", "_", source.dist).lower()
    for path in sorted(dest.glob("*.whl")):
        name, version = path.name.split("-")[:2]
        if re.sub(r"[-_.]+", "_", name).lower() == stem and version == source.version:
            return path
    return None


def write_outputs(
    out: Path, builder: Builder, wheels: dict[str, Path], stats: Counter[str]
) -> None:
    out.mkdir(parents=True, exist_ok=True)
    entries = sorted(builder.entries.items())
    with open(out / "secret_cues.tsv", "w", encoding="utf-8", newline="\n") as f:
        f.write("lang\tconcept\tterm\tsource\n")
        for (lang, concept, term), entry in entries:
            f.write(f"{lang}\t{concept}\t{term}\t{' | '.join(sorted(entry.sources))}\n")
    with open(out / "secret_cues_provenance.tsv", "w", encoding="utf-8", newline="\n") as f:
        f.write("lang\tconcept\tterm\thow\tsource\ttranslation\n")
        for key, entry in entries:
            how = "; ".join(sorted(entry.how))
            sources = " | ".join(sorted(entry.sources))
            texts = " | ".join(sorted(re.sub(r"\s+", " ", t) for t in entry.translations))
            f.write("\t".join([*key, how, sources, texts]) + "\n")
    with open(out / "dropped.tsv", "w", encoding="utf-8", newline="\n") as f:
        f.write("lang\tconcept\tterm\tsource\treason\n")
        for row in sorted(builder.dropped):
            f.write("\t".join(row) + "\n")
    (out / "coverage.md").write_text(coverage_table(builder.entries), encoding="utf-8")
    (out / "LICENSES.md").write_text(licences(wheels, stats), encoding="utf-8")


def coverage_table(entries: dict[Key, Entry]) -> str:
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    for lang, concept, _ in entries:
        counts[lang][concept] += 1
    concepts = list(CONCEPTS)
    languages: dict[str, set[str]] = defaultdict(set)
    for lang, concept, _ in entries:
        if lang != "en":
            languages[concept].add(lang.split("-")[0])
    lines = [
        "Terms per language tag and concept. Last row: languages (primary subtags, English",
        "excluded) with at least one term.",
        "",
        "| lang | " + " | ".join(concepts) + " | total |",
        "| --- | " + " | ".join("---:" for _ in concepts) + " | ---: |",
    ]
    for lang in sorted(counts):
        row = counts[lang]
        lines.append(
            f"| {lang} | "
            + " | ".join(str(row[c] or "") for c in concepts)
            + f" | {sum(row.values())} |"
        )
    lines.append(
        "| **languages** | "
        + " | ".join(str(len(languages[c])) for c in concepts)
        + f" | {len({lang.split('-')[0] for lang in counts} - {'en'})} |"
    )
    return "\n".join(lines) + "\n"


def licences(wheels: dict[str, Path], stats: Counter[str]) -> str:
    parts = [
        "# Licences of the sources of secret_cues.tsv",
        "",
        "Every term in `secret_cues.tsv` is a translation (or a word or phrase cut from a",
        "translation) taken from the localisation catalogues that the packages below ship in",
        "their wheels on PyPI.",
        "The catalogues are distributed under the licence of the package that ships them; each",
        "licence is quoted in full below, as its wheel ships it, with its copyright line. Nothing",
        "else from these packages is used. A row's `source` column names the package, its version",
        "and the English msgid that was translated.",
        "",
        "| package | licence | wheel | sha256 | catalogues read | paths (regular expressions) |",
        "| --- | --- | --- | --- | ---: | --- |",
    ]
    for source in SOURCES:
        path = wheels[source.pin]
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        patterns = "<br>".join(f"`{p}`" for p in source.catalogues)
        cells = [source.pin, source.licence, path.name, f"`{digest}`", str(stats[source.pin])]
        parts.append("| " + " | ".join([*cells, patterns]) + " |")
    parts += [
        "",
        "For JSON catalogues (Home Assistant, its frontend, Kolibri) the English file of the same",
        "catalogue (`en.json`, `en-<hash>.json`, `en/LC_MESSAGES/...`) was read too, to pair each",
        "translated value with its English text. English catalogues (`en`, `en_GB`, ...) were not",
        "read as translations.",
        "",
        "**Changes made** (as Apache-2.0 section 4(b) asks to be stated): the terms are not the",
        "catalogue entries as shipped. Each was normalised (Unicode NFKC, casefolded, markup,",
        "placeholders, accelerators, brackets and edge punctuation removed), alternatives were",
        "split, and some terms are words or phrases cut from a translation (see `how` in",
        "`secret_cues_provenance.tsv`).",
        "",
        "The Apache-2.0 texts below ship without a copyright line: the copyright holder is the",
        "author named in the package's metadata, quoted above each licence (for Home Assistant,",
        "'The Home Assistant Authors').",
        "",
    ]
    for source in SOURCES:
        parts.append(f"## {source.pin} ({source.licence})\n")
        with zipfile.ZipFile(wheels[source.pin]) as wheel:
            meta = next(
                n for n in wheel.namelist() if re.fullmatch(r"[^/]+\.dist-info/METADATA", n)
            )
            for line in wheel.read(meta).decode("utf-8", "replace").splitlines():
                if re.match(
                    r"(Author|Author-email|Home-page|Project-URL: (Source|Repository)).*:", line
                ):
                    parts.append(f"- {line}")
            parts.append("")
            names = [
                n
                for n in wheel.namelist()
                if re.search(
                    r"^[^/]+\.dist-info/(?:licenses/)?(?:LICEN[CS]E|COPYING)(?:\.md|\.txt)?$", n
                )
            ]
            for name in sorted(names):
                text = wheel.read(name).decode("utf-8", "replace").strip()
                parts += [f"From `{name}`:", "", "```text", text, "```", ""]
    return "\n".join(parts)


def update_readme(readme: Path, table: str) -> None:
    """Put the coverage table between the README's coverage markers, if it has them."""
    start, end = "<!-- coverage:start -->", "<!-- coverage:end -->"
    if not readme.exists():
        return
    text = readme.read_text(encoding="utf-8")
    if start in text and end in text:
        head, rest = text.split(start, 1)
        _, tail = rest.split(end, 1)
        readme.write_text(f"{head}{start}\n{table}{end}{tail}", encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument(
        "--wheel-dir", type=Path, help="keep the wheels here (default: a temporary directory)"
    )
    parser.add_argument("--out", type=Path, default=HERE / "out")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="lexwheels-") as tmp:
        wheels = download(args.wheel_dir or Path(tmp))
        stats: Counter[str] = Counter()
        messages = [m for s in SOURCES for m in read_source(s, wheels[s.pin], stats)]
        builder = Builder(messages)
        builder.build()
        write_outputs(args.out, builder, wheels, stats)
    if args.out.resolve() == (HERE / "out").resolve():
        update_readme(HERE / "README.md", (args.out / "coverage.md").read_text(encoding="utf-8"))
    languages = {key[0] for key in builder.entries}
    print(f"{len(builder.entries)} rows, {len(languages)} language tags -> {args.out}")


if __name__ == "__main__":
    main()
