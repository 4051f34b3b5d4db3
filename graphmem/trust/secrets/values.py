"""Values: the shapes a value beside a cue may take (:mod:`~graphmem.trust.secrets.cues`).

A code is digits, perhaps grouped or ending in a keypad's key; an identity or account number
is five digits or more, or capitals and digits mixed; a chosen passphrase is words joined;
a quoted value is what the quotes hold. What a value is *not* is decided here too: a year, a
date or a time, a measure, a count.
"""

from __future__ import annotations

import re

import regex

from graphmem.trust.secrets.common import COUNTED, STAND_IN

# A code: digits, perhaps grouped by spaces, dashes or dots, perhaps ending in # or *.
# Korean and Japanese particles join the word before ("0519야", "1004 치면"): a digit run may
# end in one.
_PARTICLE = (
    r"(?=(?:이?야|이?에요|예요|입니다|이다|은|는|이|가|을|를|으?로|이?라고|です|だ|は|を|で|と|に|ね|よ)"
    r"(?![\uac00-\ud7af\u3040-\u30ff]))"
)  # not a counter: "302호" is a flat, "3층" a floor
# Hebrew joins "in", "with" to a number by a hyphen ("נפתחת ב-0915").
# A Japanese or Chinese word runs into the digits ("玄関は4826＃で開く").
_CODE_START = r"(?:(?<![\w.,/:+-])|(?<=[\u0590-\u05ff]-)|(?<=[\u3040-\u30ff\u3400-\u9fff]))"
CODE_VALUE = re.compile(
    _CODE_START + r"[*#]?(?:\d[ *#-]?){2,11}\d[#*]?(?:(?![\w/:]|[.,]\d|-\d)|" + _PARTICLE + ")"
    r"|" + _CODE_START + r"\d{3,12}[#*]?(?:(?!\w|[.,:]\d)|" + _PARTICLE + ")"
    # A flat's or a keypad's letter key after the digits ("2580K na domofonie").
    r"|" + _CODE_START + r"\d{3,8}[A-Z](?![\w.,/:-])"
)
HEX = re.compile(r"^[0-9a-f]{7,64}$")  # a commit, a checksum: a key only where a key is named
# A year people write about; "2091" after a PIN is the PIN.
YEAR = re.compile(r"^(?:19\d\d|20[0-4]\d)$")
# A time or a date as people write them; "24-8-36" beside a safe is a combination.
_TIME_OR_DATE = re.compile(
    r"^(?:\d{1,2}[./]\d{1,2}(?:[./]\d{2,4})?|\d{4}[./-]\d{1,2}[./-]\d{1,2}|\d{1,2}:\d{2})$"
)
_UNIT = re.compile(
    r"\s?(?:%|km|kg|mg|ml|cm|mm|m²|€|\$|£|eur|usd|gb|mb|kb|px|min|h\b|°)", re.IGNORECASE
)
# A number with at least five digits, letters and separators allowed: an ID, an account.
# Parts after a space must start with a digit: "4111 1111 1111 1111 exp 12/27" is two.
NUMBER_VALUE = re.compile(
    r"(?<![0-9A-Za-z\u00c0-\u024f_-])"  # another script's letter may precede: "护照号E8391"
    # ... or start it, in capitals of an alphabet with case: "УБ85031247".
    r"(?:(?<![\w-])[\u0391-\u03a9\u0410-\u042f\u0531-\u0556]{1,3}(?=\d))?"
    r"[A-Z0-9]*\d[A-Z0-9./-]*(?:[ ]\d[A-Z0-9./-]*)*(?<![./-])(?![\w-])",
    re.IGNORECASE,
)
IBAN_SHAPE = re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b")
DIGITS = re.compile(r"[\d -]+[#*]?")
DOCUMENT = re.compile(r"^[A-Z]{1,3}\d{6,9}[A-Z]?$")


# Words joined into one token without digits ("khachapuri_adjaruli", "teh_tarik_kurang_manis",
# "correct-pony-staple-river"): a chosen passphrase beside a password's word, in lower case
# (a network's or a file's name is capitalised: "Cafe_Amazon_Free"). Hyphens join ordinary
# compounds ("one-time", "Wi-Fi"), so four words at least; code names ("user_id",
# "password_hash") name a field.
_JOINED = re.compile(r"^[^\W\d_]{2,}(?:_[^\W\d_]+)+$|^[^\W\d_]{2,}(?:-[^\W\d_]{2,}){3,}$")
_FIELD = re.compile(
    r"(?:^|_)(?:pass\w*|pwd|user\w*|name|id|key|hash|token|secret|field|env|db)(?:_|$)"
)


# Words joined by a symbol nobody writes between words ("Calon.Lan.Cwm.Rhondda",
# "Chelm!Narrn!Stetl", "Mango&Chilli&Lime"), two of them capitalised: a host's name or a code
# path is in lower case ("mail.example.com", "os.path.join").
_SYMBOL_JOINED = re.compile(r"^[^\W\d_]+(?P<sep>[.!&#*+])[^\W\d_]+(?:(?P=sep)[^\W\d_]+)+$")


def joined_words(token: str) -> bool:
    joined = _SYMBOL_JOINED.match(token) if 8 <= len(token) <= 48 else None
    if joined is not None:
        return sum(part[:1].isupper() for part in token.split(joined["sep"])) >= 2
    if not 8 <= len(token) <= 48 or not token[1:].islower() or not _JOINED.match(token):
        return False
    return not _FIELD.search(token)


# Words joined into one token the way a password is made of them, in any case: by one symbol
# repeated ("rabarber+ribs+hyld", "saunailta&pulla&kahvi", "NAURYZ-KOZHE"), or capitals inside
# ("TxistuDanbolin"). A hyphen or a dot joins three words (two are a compound or a site:
# "case-sensitive", "example.com"), except words all in capitals; a template's name in
# capitals ("ВАШ_ПАРОЛЬ", "UNESI_OVDJE") stands in for a value.
# Letters with their marks (Devanagari's vowel signs are no letters to ``re``); the last word
# may hold digits ("caipirinha.lima.2x").
_BY_SYMBOL = regex.compile(
    r"^[\p{L}\p{M}]{2,}(?P<sep>[+&_!#*~])[\p{L}\p{M}]{2,}(?:(?P=sep)[\p{L}\p{M}]{2,})*"
    r"(?:(?P=sep)[\p{L}\p{M}\d]{2,})?$"
)
_BY_DOT = regex.compile(
    r"^[\p{L}\p{M}]{2,}(?P<sep>[-.])[\p{L}\p{M}]{2,}(?:(?P=sep)[\p{L}\p{M}\d]{2,})+$"
)
_CAPITALS_JOINED = re.compile(r"^[^\W\d_]{3,}(?:-[^\W\d_]{3,})+$")
# A host's name is words joined by dots too: its last word is a domain's.
_DOMAIN = re.compile(
    r"(?i)^www\.|\.(?:com|org|net|edu|gov|info|biz|app|dev|io|co|me|tv|uk|us|ca|au|eu|de|fr|"
    r"es|it|nl|be|ch|at|se|no|dk|fi|pt|br|ar|mx|pl|cz|sk|hu|ro|gr|tr|ru|ua|in|jp|cn|kr|id|my|"
    r"ph|vn|th|za|ng|ke|ir|il)$"
)
_HUMPS = re.compile(r"[^\W\d_]+")


def password_words(token: str) -> bool:
    """Whether ``token`` is words joined the way a password joins them (above)."""
    if _BY_SYMBOL.match(token) or _BY_DOT.match(token):
        template = "_" in token and token.upper() == token != token.lower()
        return not template and not _DOMAIN.search(token)
    if _CAPITALS_JOINED.match(token):
        return token.upper() == token != token.lower()
    # Capitals inside one run of letters of a script with case: "TxistuDanbolin"; a product's
    # name is shorter ("LastPass", "SharePoint").
    inner = sum(c.isupper() for c in token[1:])
    return (
        len(token) >= 12
        and _HUMPS.fullmatch(token) is not None
        and token[0].isupper()
        and inner >= 1
        and sum(c.islower() for c in token) >= len(token) - 1 - inner
    )


# A value in a script written without spaces: letters of it run straight into digits
# ("แมวส้ม2519", "熊猫爱竹子2024", "바다사랑1004"), where words of a sentence do not.
UNSPACED_VALUE = re.compile(
    r"(?<![\w])[\u0e00-\u0e7f\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]{2,12}\d{2,8}(?!\d)"
)
_QUOTED = re.compile(
    r"«([^»\n]{2,80})»|„([^“”\n]{2,80})[“”]|“([^”\n]{2,80})”|\"([^\"\n]{2,80})\""
    r"|「([^」\n]{2,80})」|『([^』\n]{2,80})』|(?<![^\W_])'([^'\n]{2,80})'(?![^\W_])"
    r"|`([^`\n]{2,80})`"
)
# An apostrophe inside a word is no quote: "password's the dog's name" quotes nothing.


def quoted_spans(text: str, lo: int, hi: int) -> list[tuple[int, int]]:
    out = []
    for m in _QUOTED.finditer(text, lo, hi):
        group = next(i for i in range(1, 9) if m.group(i) is not None)
        value = m.group(group)
        if "\\" in value or not any(c.isalnum() for c in value) or value.startswith(":"):
            continue
        # Between two code spans ("`a = 1` e `b`"), not in one; a template's name for the
        # value in capitals ("YOUR_PASSWORD", "TWOJE_HASLO") stands in for it.
        if value != value.strip() or STAND_IN.match(value):
            continue
        out.append(m.span(group))
    return out


def is_code(text: str, start: int, end: int, *, keyed: bool = False) -> bool:
    """Whether digits are a code; ``keyed`` after a verb of keying ("tekan 1920", "press"),
    where even a year's digits are pressed."""
    value = text[start:end].rstrip("#*")
    digits = re.sub(r"\D", "", value)
    # Longer runs are phone, account or ID numbers: the NUMBER cues' business.
    if not 3 <= len(digits) <= 8 or _TIME_OR_DATE.match(value):
        return False
    if YEAR.match(value) and not keyed:
        return False
    return not _UNIT.match(text, end) and not COUNTED.match(text, end)


def is_number(value: str) -> bool:
    digits = sum(c.isdigit() for c in value)
    if _TIME_OR_DATE.match(value) or YEAR.match(value):
        return False
    # A document number mixes capitals and digits ("C4RJ7M2X5", "AKTPS6669K").
    mixed = len(value) >= 8 and digits >= 3 and any(c.isupper() for c in value)
    return digits >= 5 or mixed
