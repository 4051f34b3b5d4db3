"""Context: a message about access, and the value in it that only a secret looks like.

:mod:`~graphmem.trust.secrets.cues` reads a value beside its cue, in the cue's clause. People
also tell a secret a clause or two away from any word for it ("Rimon-Bayit-61 זה מה שנכנס
לממשק של הראוטר", "Hvis banken spørger, hed min første lærer Birthe Holm"). Here the whole
message is the context, and what decides is what the value *is*:

* a token a person chose as a credential (:func:`chosen`: words and digits joined, or inner
  capitals), anywhere in a message that names a password, a code, a key or a lock;
* the answer after a question someone will ask ("if the bank asks ..., <answer>"): the
  short clause that follows the asking clause;
* a long number (an ID, an account) in a message about being asked who one is.

Usernames, public material and where a secret is kept are excluded as in the cue layer.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from graphmem.trust.secrets.answers import quoted_question
from graphmem.trust.secrets.common import WHERE_IT_IS, Candidate, answer_like, kept_in
from graphmem.trust.secrets.labels import bank_codes
from graphmem.trust.secrets.lexicon import (
    ASKS,
    CODE,
    CREDENTIAL,
    KEY,
    LOCK,
    NAME,
    OPEN,
    PHRASE,
    PUBLIC,
    Cue,
    cached_cues,
)
from graphmem.trust.secrets.shape import excluded, tokens

_RANK = 10
Found = tuple[Cue, ...]
_SYMBOLS = frozenset("!#$^&*?~")
_ACCESS = (CREDENTIAL, KEY, CODE, LOCK, OPEN, PHRASE)
# Hex ids (commits, UUIDs, checksums) and network names ("Casa_Silva_5G") are chosen by no one.
_HEXLIKE = re.compile(r"^[0-9a-f]+(?:-[0-9a-f]+)*$", re.IGNORECASE)
_NETWORK = re.compile(r"(?:^|[_-])(?:2\.4|2|5|6)g(?:hz)?(?:$|[_-])", re.IGNORECASE)
_WIFI = re.compile(
    r"wi-?fi|wlan|вай-?фай|вајфај|ויי?פי|ওয়াইফাই|वाई-?फ़ाई|वाईफाई|وای‌?فای|واي ?فاي|와이파이"
    r"|ワイファイ|ไวไฟ|ዋይፋይ",
    re.IGNORECASE,
)
# Letters then a joiner then more ("Qahwa_Arabia55", "Rimon-Bayit-61", "tortilla.con.cebolla!"),
# or capitals inside lower case ("rigaBalzams77").
_JOINED = re.compile(r"[^\W\d_][_.\-!*#@$&?~+]+[^\W_]|\d[_.\-]+[^\W\d_]")
# A word, digits and a closing symbol ("Breogan1987!"): three classes in one token.
_SUFFIXED = re.compile(r"[^\W\d_]{3,}\d{2,}[!#$*?~]+$")
_CAMEL = re.compile(r"[^\W\d_](?<=[a-zà-ÿ])[A-ZÀ-Þ]|[^\W\d_]\d+[^\W\d_]")


def chosen(token: str) -> bool:
    """A token a person made up as a credential: letters (some lower case) and digits or a
    symbol, joined into one word in a way no word of a sentence is."""
    if not 7 <= len(token) <= 40 or excluded(token) or _HEXLIKE.match(token):
        return False
    letters = sum(c.isalpha() for c in token)
    # A digit or a symbol of the kind passwords take ("one-time", "reset-nya", "me@laptop",
    # "authorized_keys" are words and names).
    marked = any(c.isdigit() for c in token) or any(c in _SYMBOLS for c in token)
    if letters < 3 or not marked or not any(c.islower() for c in token):
        return False
    if _NETWORK.search(token) or not (token[0].isalnum()):
        return False
    return bool(_JOINED.search(token) or _CAMEL.search(token) or _SUFFIXED.search(token))


# Capitalised words joined by "_" or "." and ending in digits ("Qahwa_Arabia55",
# "Stroopwafel_Kaas8", "Zagreb_2005!"): how people build a password, in any language; a
# name in code is lower case or all capitals, a file has an extension, a network a "5G".
# One word and digits ("Blauwal_19") only in a message about access.
_JOINED_WORDS = re.compile(
    r"(?<![\w@#$/\\.-])(?P<first>[^\W\d_][^\W\d_A-Z]{2,})(?P<more>(?:[_.][^\W\d_]{2,}){0,3})"
    r"[_.]?\d{1,6}[!?#*]*(?![\w@/\\-]|\.\w)"
)


def spans(text: str) -> Iterator[Candidate]:
    if len(text) < 8:
        return
    found = cached_cues(text)
    concepts = {c.concept for c in found}
    # A message that says where the secret is kept holds no secret to look for elsewhere:
    # "Wifi password is on the fridge, the network is Home_Net_2024".
    kept = _kept_elsewhere(text, found)
    access = bool(concepts & set(_ACCESS)) and not kept
    wifi = _WIFI.search(text) is not None and not kept
    if any(c.isdigit() for c in text):
        # Capitalised words joined with digits beside a Wi-Fi are its password (a network's
        # name says 5G, an operator or hex).
        yield from _joined_spans(text, found, access=access or wifi)
    if wifi:
        yield from _wifi_key(text, found)
    for m in _WIFI_QR_KEY.finditer(text):
        yield m.start("key"), m.end("key"), _RANK, "password"
    yield from _hex_key_spans(text, found)
    yield from _told_first(text)
    if _BRAND.search(text):
        yield from _brand_check_digits(text)
    if any(c.isdigit() for c in text):
        yield from _bank_account_spans(text)
        yield from ((a, b, _RANK, "bank_account") for a, b in bank_codes(text, found))
        yield from _card_details(text)
        yield from _back_digits(text)
    if any(c in text for c in "\"'«„“「"):
        answer = quoted_question(text)
        if answer is not None:
            yield answer[0], answer[1], _RANK, "secret_answer"
    if not found:
        return
    if access:
        yield from _chosen_spans(text, found)
    if ASKS in concepts:
        yield from _answer_spans(text, found)
        yield from _number_spans(text)


# 128 to 256 random bits in hex: a key where the message speaks of an API or a key, a digest
# where it names a commit, a checksum, a hash or a request (decided by that name, in any
# language the label is borrowed in: "commit", "sha256", "md5", "hash").
_HEX_KEY = re.compile(
    r"(?<![\w-])(?:0x)?(?=[0-9a-fA-F]*\d)(?=[0-9a-fA-F]*[a-fA-F])[0-9a-fA-F]{32,64}(?![\w-])"
)  # "0x…": a wallet's private key written as wallets show it
_API = re.compile(r"(?<![^\W\d_])api(?![^\W\d_])", re.IGNORECASE)
_DIGEST = re.compile(
    r"(?<![^\W\d_])(?:commit|sha-?\d*|md5|hash|checksum|digest|etag|trace|request|uuid|build"
    r"|revision|rev|tx|txid|transaction|block)(?![^\W\d_])",
    re.IGNORECASE,
)


def _hex_key_spans(text: str, found: Found) -> Iterator[Candidate]:
    if not (_API.search(text) or any(c.concept == KEY for c in found)):
        return
    for m in _HEX_KEY.finditer(text):
        # A digest named anywhere near, before or after ("md5 of the file: …", "… as the ETag").
        if not _DIGEST.search(text, max(0, m.start() - 32), min(len(text), m.end() + 32)):
            yield m.start(), m.end(), _RANK, "api_key"


# A bank named right before a long number: the account to pay into ("Vietcombank
# 2542928418132", "국민은행 599138-94-593005"). "Bank" is a loanword nearly everywhere; a
# routing or sort code is shorter than ten digits.
_BANK_NUMBER = re.compile(
    r"(?:bank|banco|banque|banca|banka|банк|بنك|بانک|بینک|बैंक|ব্যাংক|வங்கி|은행|銀行|银行|ธนาคาร)"
    r"[^\W\d_]{0,6}(?:\s+[^\W\d_]{1,12}){0,2}\s*[:#]?\s*(?P<v>\d[\d -]{8,30}\d)(?![\w/]|[.,]\d)",
    re.IGNORECASE,
)


# A bank's own telephone: a trunk or free-phone prefix ("0800 …", "1-800-…", "+44 …") and
# no more digits than a national number has.
_PHONE = re.compile(r"^(?:0|1[ -]?8\d\d\b)(?!(?:[ -]?\d){11})")


# An Indian bank branch's IFSC (four letters, a zero, six letters or digits), told with the
# account so that money can be sent to it: the account's number is then the long number of
# the message ("खाता संख्या 30918472650, IFSC SBIN0004172"), in whatever language. The
# IFSC itself is public, printed on the branch's cheques.
_IFSC = re.compile(r"(?<![\w-])[A-Z]{4}0[A-Z0-9]{6}(?![\w-])")
_COUNTRY_CODE = re.compile(r"\+(?:\d{1,3}[ -]?)?$")  # a phone's: "+91 22 6160 6161"
_ACCOUNT_DIGITS = re.compile(r"(?<![\w./+-])\d(?:[ -]?\d){8,17}(?![\w/-]|[.,]\d)")


# Account numbers whose national format names them, told with no word for an account: a
# Hungarian one (two or three groups of eight digits), a French-style RIB (bank, branch,
# account, key: "00008 00021 17390428613 42"), a Russian one (twenty digits, a BIK beside).
_ACCOUNT_FORMAT = re.compile(
    r"(?<![\w-])\d{8}-\d{8}(?:-\d{8})?(?![\w-])"
    r"|(?<![\w-])\d{5} \d{5} [0-9A-Z]{11} \d{2}(?![\w-])"
)
_DATED = re.compile(r"(?:19|20)\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])-")  # "20231104-…"
_BIK = re.compile(r"(?:БИК|BIK)\s*:?\s*04\d{7}\b")
_RUSSIAN_ACCOUNT = re.compile(r"(?<![\d-])(?:40|30)\d{18}(?!\d)")


def _formatted_accounts(text: str) -> Iterator[Candidate]:
    for m in _ACCOUNT_FORMAT.finditer(text):
        if not _DATED.match(m.group()):
            yield m.start(), m.end(), _RANK, "bank_account"
    if _BIK.search(text):
        for m in _RUSSIAN_ACCOUNT.finditer(text):
            yield m.start(), m.end(), _RANK, "bank_account"


def _ifsc_account(text: str) -> Iterator[Candidate]:
    if _IFSC.search(text) is None:
        return
    for m in _ACCOUNT_DIGITS.finditer(text):
        dialled = _COUNTRY_CODE.search(text, max(0, m.start() - 6), m.start()) is not None
        if "  " not in m.group() and not _PHONE.match(m.group()) and not dialled:
            yield m.start(), m.end(), _RANK, "bank_account"


def _bank_account_spans(text: str) -> Iterator[Candidate]:
    yield from _formatted_accounts(text)
    yield from _ifsc_account(text)
    for m in _BANK_NUMBER.finditer(text):
        value = m["v"]
        if sum(c.isdigit() for c in value) < 10 or "  " in value or _PHONE.match(value):
            continue
        if text[max(0, m.start("v") - 2) : m.start("v")].strip().endswith("+"):
            continue
        yield m.start("v"), m.end("v"), _RANK, "bank_account"


_LEAD = re.compile(r"[\s:：=-]*(?:is|was|ist|est|es|è|é|are|steht|liegt|je|er|är|on)?\s*")


def _kept_elsewhere(text: str, found: Found) -> bool:
    for cue in found:
        if cue.concept in _ACCESS:
            lead = _LEAD.match(text, cue.end)
            if lead is not None and WHERE_IT_IS.match(text, lead.end()):
                return not _CHANGED_TO.search(text, lead.end())  # "auf Blauwal_19 geändert"
    return False


# A card named by its brand and three digits told last: the digits on its back ("the three
# little digits on the back of my Visa are 862").
_BRAND = re.compile(
    r"(?<![^\W\d_])(?:visa|mastercard|master[ ]card|amex|american[ ]express|maestro|discover"
    r"|jcb|unionpay|rupay|elo|troy|мир|银联)(?![^\W\d_])",
    re.IGNORECASE,
)
# Told as what they are ("… are 862", "…: 862"), not numbered ("Visa application number 123").
_LAST_THREE = re.compile(
    r"(?:[:=]|\b(?:is|are|sind|ist|es|son|est|sont|é|são|è|sono|är|er|je|jsou|to))\s*(\d{3})[\s.!]*$",
    re.IGNORECASE,
)


def _brand_check_digits(text: str) -> Iterator[Candidate]:
    brand = _BRAND.search(text)
    sentence_end = _SENTENCE_END.search(text, brand.end()) if brand else None
    hi = sentence_end.start() if sentence_end is not None else len(text)
    if brand is None or len(re.findall(r"\d+", text[brand.start() : hi])) > 1:
        return
    m = _LAST_THREE.search(text[:hi])
    if m is not None and m.start(1) > brand.end() - 40:
        yield m.start(1), m.end(1), _RANK, "card"


# Where a card's figure may start: not inside a word or a number; after a particle joined by
# a hyphen ("ngu-5196 …", "ngo-12/27", "i-CVV ngu-935").
_PARTICLE = r"(?:(?<![0-9A-Za-z.,/-])|(?<=[a-z]-))"
# A card's number told whole, then its expiry and the digits on its back, in any language
# ("… 4716 hai, expiry 03/28, CVV 826", "卡号6222 … 有效期12/28，安全码530"): the expiry and
# the check digits are as secret as the number, whatever words (of any script) name them.
_CARD_NUMBER = re.compile(_PARTICLE + r"\d{4}(?:[ -]?\d{4}){2}[ -]?\d{1,7}(?![\w/]|[.,]\d)")
_EXPIRY = re.compile(_PARTICLE + r"(?:0[1-9]|1[0-2])\s?/\s?(?:20)?\d\d(?![\w/]|[.,]\d)")
_CHECK = re.compile(_PARTICLE + r"\d{3,4}(?![0-9A-Za-z/]|[.,]\d)")
_CARD_REACH = 40


def _card_details(text: str) -> Iterator[Candidate]:
    for card in _CARD_NUMBER.finditer(text):
        if not 13 <= sum(c.isdigit() for c in card.group()) <= 19:
            continue
        expiry = _EXPIRY.search(text, card.end(), card.end() + _CARD_REACH)
        if expiry is None:
            continue  # a long number alone: the other layers judge it
        # With its expiry it is a card's number, whether or not its check digit holds.
        yield card.start(), card.end(), _RANK, "card"
        yield expiry.start(), expiry.end(), _RANK, "card"
        check = _CHECK.search(text, expiry.end(), expiry.end() + _CARD_REACH)
        if check is not None:
            yield check.start(), check.end(), _RANK, "card"


# The card's three digits named by what they are, in any order ("the 3 digits on the back
# are 772", "카드 뒷면 세자리 629", "3 digits sa likod ng card (730)"): the three digits told
# within the clause.
_THREE_DIGITS_NAMED = re.compile(
    r"(?:\b3|three|drei|tres|trois|tre|três|три)\s*(?:digits?|ziffern|dígitos|chiffres|cifre|цифры)"
    r"|세\s?자리|3\s?자리|3桁|三位",
    re.IGNORECASE,
)
_BACK_VALUE = re.compile(r"(?<![\d.,/:-])\d{3}(?![\d/:]|[.,]\d)")


def _back_digits(text: str) -> Iterator[Candidate]:
    named = _THREE_DIGITS_NAMED.search(text)
    back = _CARD_BACK.search(text)
    if named is None and back is not None and _CARD.search(text):
        # A card and its back named, one three-digit number told: its check digits, in any
        # language ("Derrière la carte il y a 557", "3 số sau thẻ là 913").
        values = list(_BACK_VALUE.finditer(text))
        if len(values) == 1 and len(re.findall(r"\d+", text)) <= 2:
            yield values[0].start(), values[0].end(), _RANK, "card"
        return
    if named is None or back is None:
        return
    stop = _SENTENCE_END.search(text, named.end())
    hi = stop.start() if stop is not None else len(text)
    values = list(_BACK_VALUE.finditer(text, named.end(), min(hi, named.end() + 40)))
    if len(values) == 1:
        yield values[0].start(), values[0].end(), _RANK, "card"


# Where the three digits are: a card's back.
_CARD_BACK = re.compile(
    r"back|behind|hinten|rückseite|dos|verso|atrás|retro|likod|뒷면|裏|背面|обороте|derrière"
    r"|belakang|sau thẻ|артында|ورا|خلف|ጀርባ|ಹಿಂದೆ|पीछे|பின்புறம்|arxa",
    re.I,
)
_CARD = re.compile(
    r"card|kart|cart|tarjet|карт|thẻ|بطاق|ካርድ|ካርዱ|ಕಾರ್ಡ್|कार्ड|கார்டு|卡|카드|カード", re.I
)


def _joined_spans(text: str, found: Found, *, access: bool) -> Iterator[Candidate]:
    for m in _JOINED_WORDS.finditer(text):
        if not m["first"][0].isupper() or excluded(m.group()) or _NETWORK.search(m.group()):
            continue
        # Only in a message about access: gamer tags, usernames and file names are built
        # the same way ("Silent_Fox2012", "Meeting_Notes_2024").
        if not access or (not m["more"] and not (len(m["first"]) >= 5 and "_" in m.group())):
            continue
        if not _excused(text, m.start(), m.end(), found):
            yield m.start(), m.end(), _RANK, "password"


# What a Wi-Fi's key looks like in lower case: letters and digits mixed ("savta1955",
# "jollof2023rice", "souvlaki4ever!"), words joined with digits ("daffodil-kettle-88"), a
# word joined to digits ("gulyasleves_77"), or words joined by underscores, which no
# language writes, a letter or a digit among them ("chapati_na_maharage", "svickova_s_knedlikem",
# "lebu_cha_2taka"; a hyphen joins words in prose: "co-working"). A
# network's name is capitalised or a brand's ("PLDTHOMEFIBR_a3c2", "ChinaNet-8A2F").
_WIFI_KEY = re.compile(
    r"(?<![\w@#$/\\.-])(?:[^\W\d_A-Z]{3,}\d{1,6}[^\W\d_A-Z]*"
    r"|[^\W\d_A-Z]{2,}(?:[-_.][^\W\d_A-Z]{2,})+[-_.]?\d{1,6}"
    r"|[^\W\d_A-Z]{3,}[-_.]\d{2,6}"
    r"|[^\W\d_A-Z]{2,}(?:_[^\W_A-Z]+)+)"
    r"[!?#*]*(?![\w@/\\-]|\.\w)"
)
# Words joined by underscores and no digit: at least this long ("mi_casa" may be a name).
_WIFI_WORDS_CHARS = 8
# A Wi-Fi QR code's text (the ZXing format phones read: "WIFI:T:WPA;S:<network>;P:<key>;;"):
# its P field is the key, whatever it looks like.
_WIFI_QR_KEY = re.compile(r"\bWIFI:(?:[^;\s]*;)*?P:(?P<key>(?:\\.|[^;\\])+);", re.IGNORECASE)
_NETWORK_NAME = re.compile(
    r"network|ssid|netzwerk|netwerk|réseau|red|rete|rede|сеть|nettverk|netværk|nätverk|name|naam"
    r"|called|heißt|heisst|heet|se llama|s'appelle|si chiama|chama|называется|pangalan"
    r"|名字|名称|叫",
    re.IGNORECASE,
)
_WIFI_REACH = 48


def _wifi_key(text: str, found: Found) -> Iterator[Candidate]:
    """The key beside a Wi-Fi's word, on its line (after it, else before), unless what is
    told is the network's name."""
    for wifi in _WIFI.finditer(text):
        start = text.rfind("\n", 0, wifi.start()) + 1
        line_end = text.find("\n", wifi.end())
        hi = min(len(text) if line_end < 0 else line_end, wifi.end() + _WIFI_REACH)
        lo = max(start, wifi.start() - _WIFI_REACH)
        after = [(t, True) for t in tokens(text, wifi.end(), hi)]
        before = [(t, False) for t in reversed(list(tokens(text, lo, wifi.start())))]
        for (s, e), later in after + before:
            token = text[s:e]
            if not _WIFI_KEY.fullmatch(token) or excluded(token):
                continue
            if len(token) < _WIFI_WORDS_CHARS and not any(c.isdigit() for c in token):
                continue
            if _WIFI.search(token) or any(
                _NETWORK_NAME.fullmatch(part) for part in re.split(r"[-_.]", token)
            ):
                continue  # a setting's or a network's name: "wifi_ssid", "guest_network"
            gap = (wifi.end(), s) if later else (e, wifi.start())
            if _NETWORK_NAME.search(text, *gap) or _excused(text, s, e, found):
                continue
            yield s, e, _RANK, "password"
            break


# A token a person made up, told first and pointed at by an arrow ("Breogan1987! <- ese é
# o do correo"): what the rest is about. Not after a dash: "Meeting_Notes_2024 - see
# attached", "Silent_Fox2012 - my gamer tag" name a file and a player.
_FIRST = re.compile(r"\s*(?P<v>[^\s\"'«»“”]{7,40})\s*(?:←|<-+)")


def _told_first(text: str) -> Iterator[Candidate]:
    m = _FIRST.match(text)
    if m is None:
        return
    value = m["v"]
    bare = value.rstrip("!?#*")
    if (chosen(bare) or _JOINED_WORDS.fullmatch(bare)) and any(c.isdigit() for c in bare):
        yield m.start("v"), m.end("v"), _RANK, "password"


def _excused(text: str, start: int, end: int, found: Found) -> bool:
    """A cue itself, a username, something named public, a place where a secret is kept."""
    if any(c.start < end and start < c.end for c in found):
        return True  # a cue itself ("WLAN-Passwort")
    for n in found:
        if n.concept != NAME or not 0 <= start - n.end <= 40 or _BREAK.search(text, n.end, start):
            continue
        if not any(n.end <= c.start < start and c.concept in _ACCESS for c in found):
            return True  # "my username on the forum is Quiet_Heron88"
    if any(0 <= start - p.end <= 3 for p in found if p.concept == PUBLIC):
        return True  # "commit a3f9c2e", "heter Telia-5G": named as something public
    return kept_in(text[max(0, start - 16) : start]) and not _CHANGED_TO.search(text, end)


_BREAK = re.compile(r"[,;:.!?，。；！？\n]")
# "auf X geändert", "naar X veranderd": a preposition before what a secret was changed to.
_CHANGED_TO = re.compile(r"\s+(?:ge)?(?:ändert|setzt|wechselt|veranderd|gewijzigd|changed)\b")


def _chosen_spans(text: str, found: Found) -> Iterator[Candidate]:
    for start, end in tokens(text):
        token = text[start:end].rstrip("!?") if text[start:end].endswith("?") else text[start:end]
        if not chosen(token):
            continue
        if not _excused(text, start, end, found):
            yield start, end, _RANK, "password"


# Where the asking clause ends and the answer begins.
_SEPARATOR = re.compile(r"[,，、:：;]\s*|\s[—–-]+\s*|\s*->\s*")
_SENTENCE_END = re.compile(r"[.!?。！？](?=\s|$)|\n")
_WORD = re.compile(r"[^\W_]+(?:['’-][^\W_]+)*")
_MAX_ANSWER_WORDS = 6


def _answer_spans(text: str, found: Found) -> Iterator[Candidate]:
    """ "If the bank asks <question>, <answer>": the clause after the asking one, when short."""
    for cue in found:
        if cue.concept != ASKS:
            continue
        stop = _SENTENCE_END.search(text, cue.end)
        hi = stop.start() if stop is not None else len(text)
        sep = _SEPARATOR.search(text, cue.end, hi)
        if sep is None:
            continue
        after = _SEPARATOR.search(text, sep.end(), hi)  # the answer is one clause
        hi = after.start() if after is not None else hi
        words = list(_WORD.finditer(text, sep.end(), hi))
        if not 1 <= len(words) <= _MAX_ANSWER_WORDS or not answer_like([w.group() for w in words]):
            continue
        if WHERE_IT_IS.match(text, words[0].start()):
            continue  # "..., it's on the card": where, not what
        # "..., sano 131274-0337": a telling verb goes with the answer, a cost of failing closed.
        yield words[0].start(), words[-1].end(), _RANK, "secret_answer"


# An identity or account number: eight digits or more, perhaps grouped.
_LONG_NUMBER = re.compile(r"(?<![\w+/.-])\d[\d -]{6,22}\d(?![\w/]|[.,]\d)")


def _number_spans(text: str) -> Iterator[Candidate]:
    for m in _LONG_NUMBER.finditer(text):
        value = m.group()
        if sum(c.isdigit() for c in value) >= 8 and "  " not in value:
            yield m.start(), m.end(), _RANK, "national_id"
