"""Public material: what looks like a secret but is meant to be shared.

A public key, a certificate, a link that carries no credential, an inline image, a public
promotion's code: each is random-looking text, and none of it opens anything. The layers
find candidates by shape and context; a candidate that lies wholly inside public material
is dropped (:func:`graphmem.trust.secrets.find`). Decided by what the material *is* (an
``ssh-ed25519`` key line, a ``BEGIN CERTIFICATE`` block, a URL whose user-info and query
hold no credential), not by how random it looks. A private key block, a URL with
``user:password@`` or ``?token=`` is not public and is not excused here.
"""

from __future__ import annotations

import re
import unicodedata

from graphmem.trust.secrets.credentials import credential_kind

Span = tuple[int, int]

_SSH_PUBLIC = re.compile(
    r"(?:ssh-(?:rsa|dss|ed25519|ed448)|ecdsa-sha2-nistp\d+|sk-ssh-ed25519@openssh\.com"
    r"|sk-ecdsa-sha2-nistp256@openssh\.com)\s+AAAA[A-Za-z0-9+/]+={0,3}(?:\s+[^\s]+)?"
)
# A PEM block that is not a private key: certificates, public keys, requests, parameters.
_PEM = re.compile(r"-----BEGIN (?P<label>[A-Z0-9 ]+)-----[\s\S]*?-----END (?P=label)-----")
_URL = re.compile(r"\b(?:https?|ftp)://[^\s<>\"'»”]+", re.IGNORECASE)
_DATA_URI = re.compile(r"\bdata:[a-z]+/[\w.+-]+(?:;[\w=-]+)*;base64,[A-Za-z0-9+/]+={0,2}")
# A query or fragment parameter whose value opens something.
_QUERY_PARAM = re.compile(r"[?&#;]([^=&#;\s]+)=")
# What a promotion, a postal code or a retail code is called, right before the code.
_PUBLIC_CODE = re.compile(
    r"\b(?:confirmation[ ]number|booking[ ](?:number|reference|code|ref)|reservation[ ]number"
    r"|order[ ]number|tracking[ ]number|promo(?:tion(?:al)?)?|coupon|kupon\w*|discount|voucher"
    r"|gift[ ]card[ ]code|referral|rabatt"
    r"|gutschein|cup[oó]n|descuento|code[ ]promo|réduction|sconto|codice[ ]sconto|kortingscode"
    r"|kod[ ]rabatowy|промокод|скидк\w*|indirim|優惠碼|优惠码|クーポン|할인[ ]?코드"
    r"|postal[ ]pin(?:[ ]code)?|pin[ ]?code[ ]of[ ]the[ ]area|area[ ]pin(?:[ ]code)?"
    r"|zip(?:[ ]code)?|post(?:al)?[ ]?code|postleitzahl|plz|code[ ]postal|código[ ]postal"
    r"|cap[ ]postale|postnummer|postinumero|irányítószám|psč|kod[ ]pocztowy|почтов\w*[ ]индекс"
    r"|posta[ ]kodu|郵便番号|邮编|邮政编码|郵遞區號|郵政編碼|우편[ ]?번호|kode[ ]pos"
    r"|пощенски[ ]код|الرمز[ ]البريدي"
    r"|código[ ]postal|codice[ ]postale|ταχυδρομικός[ ]κώδικας|מיקוד|کد[ ]پستی|mã[ ]bưu[ ]chính"
    r"|รหัสไปรษณีย์|poštovní[ ]směrovací[ ]číslo|pašto[ ]kodas|postikoodi"
    # A code word beside the stem of "post" that most languages share ("kodi postar",
    # "kod pocztowy", "поштенски код"): a postal code.
    r"|(?:kod\w*|code|codi\w*|código|codice|koodi|код\w*)[ -](?:post|pošt|пошт|poczt)\w*"
    r"|(?:post|pošt|пошт|poczt)\w*?[ -]?"
    r"(?:kod\w*|koad\w*|code|codi\w*|código|codice|koodi|код\w*|индекс\w*)\b)"
    r"[^\n.;!?]{0,24}?(?P<code>(?=[A-Z-]*\d)[A-Z0-9][A-Z0-9-]{2,15})\b",
    re.IGNORECASE,
)


# A code a shop gives everyone: "use code SPRING20 for 20% off".
_OFFER = re.compile(
    r"\b(?P<code>[A-Z][A-Z0-9]{3,15})\b[^\n.;!?]{0,24}?(?:\d+\s?%|% off|\boff\b|discount"
    r"|rabatt|descuento|réduction|sconto|korting|rabat|скидк|indirim|giảm|diskon|छूट|ছাড়"
    r"|தள்ளுபடி|punguzo|ẹdinwo|sleva|zľava|popust|alennus|έκπτωση|הנחה|خصم|تخفیف|割引|折扣"
    r"|할인|ส่วนลด|checkout)",
)


# A wallet's receiving address is given out to be paid (a donation address): Bitcoin's
# bech32 and base58 forms, an Ethereum address. Private keys and seeds have other shapes.
_WALLET_ADDRESS = re.compile(
    r"(?<![\w/])(?:bc1[02-9ac-hj-np-z]{25,87}|[13][1-9A-HJ-NP-Za-km-z]{25,34}|0x[0-9a-fA-F]{40})(?!\w)"
)


# A postal item's number in the Universal Postal Union's S10 form, as every post office's
# tracking prints it: two letters, eight digits and a check digit, the country's two letters
# ("RR914827305IT"). It follows a parcel and opens nothing.
_POSTAL_ITEM = re.compile(r"(?<![\w-])[A-Z]{2}\d{9}[A-Z]{2}(?![\w-])")
# An age encryption recipient ("age1" and 58 lower-case bech32 characters) is a public key,
# given out so that others can encrypt to it; the identity that decrypts reads AGE-SECRET-KEY-1.
_AGE_RECIPIENT = re.compile(r"(?<![\w-])age1[0-9a-z]{58}(?![\w-])")


# An OpenPGP key's fingerprint as keyrings print it: ten groups of four hex digits, the
# fifth and sixth often two spaces apart. It identifies a public key and opens nothing.
_PGP_FINGERPRINT = re.compile(r"(?<![\w-])[0-9A-F]{4}(?: {1,2}[0-9A-F]{4}){9}(?![\w-])")
# An Indian postal PIN code: six digits, never starting with 0 or 9, with the place it
# serves named after it ("PIN code 560034 hai, Koramangala Bangalore"). A card's or a
# phone's PIN told with its place is not said so.
_POSTAL_PIN = re.compile(
    r"(?i:\bpin[ ]?code)\s*(?:is\s*|:\s*)?(?P<code>[1-8]\d{5})(?!\d)"
    r"(?=[^!?\n]{0,30}?(?:\b[A-Z][a-z]{2,}|(?i:nagar|city|area|courier|address|delivery)))"
)
# ... or with an office, a home or an address named before it in its sentence ("The PIN code
# for the new office in Bengaluru is 560103").
_POSTAL_PIN_AFTER = re.compile(
    r"(?i:\bpin[ ]?code)\b(?P<between>[^.!?\n\d]{0,60}?)(?:is\s*|:\s*)(?P<code>[1-8]\d{5})(?!\d)"
)


# The same told in an Indian script ("मेरे घर का पिन कोड 110025 है, पार्सल वहीं भेजना"): the
# place is no capitalised name there, so a word for a home, a town, an area, an address or a
# parcel anywhere in the sentence says so; a card, a bank or UPI says otherwise.
_INDIC_PIN = re.compile(
    r"(?:पिन|பின்|పిన్|পিন|ਪਿੰ?ਨ|പിൻ|ಪಿನ್|પિન|پن|ପିନ୍?)\s?"
    r"(?:कोड|கோடு|కోడ్|কোড|ক'ড|ਕੋਡ|കോഡ്|ಕೋಡ್|કોડ|کوڈ|କୋଡ୍?)"
    r"\s*[:：]?\s*(?P<code>\d{6})(?!\d)"  # in the script's own digits too ("४११००४")
)
# A place named right after the code, as an address is written ("४११००४, पुणे").
_PLACE_AFTER = re.compile(r"\s*[,،]\s*[^\W\d_]")
_PLACE = re.compile(
    r"घर|शहर|पता|इलाक|गाँव|गांव|पार्सल|ஊர்|பார்சல்|முகவரி|ஏரியா|చిరునామా|పార్సెల్|ఊరు|ঠিকানা|পার্সেল"
    r"|এলাকা|ਪਤਾ|ਪਾਰਸਲ|ਸ਼ਹਿਰ|വിലാസം|പാർസൽ|ಪಾರ್ಸೆಲ್|ವಿಳಾಸ|پتہ|پارسل|courier|parcel|address|delivery"
    r"|area|city|office|home|house|ऑफिस|दफ्तर|दफ़्तर",
    re.IGNORECASE,
)
_NOT_PLACE = re.compile(r"upi|atm|card|bank|कार्ड|बैंक|கார்டு|வங்கி|కార్డు|బ్యాంక్|কার্ড|ব্যাংক", re.I)


def _indic_pin(text: str) -> list[Span]:
    found = []
    for m in _INDIC_PIN.finditer(text):
        if not 1 <= unicodedata.digit(m["code"][0]) <= 8 or _NOT_PLACE.search(text):
            continue  # no PIN code area starts with 0 or 9
        if _PLACE.search(text) or _PLACE_AFTER.match(text, m.end()):
            found.append(m.span("code"))
    return found


def _postal_pin_after(text: str) -> list[Span]:
    return [
        m.span("code")
        for m in _POSTAL_PIN_AFTER.finditer(text)
        if _PLACE.search(m["between"]) and not _NOT_PLACE.search(text)
    ]


# A promotion's code: a word in capitals and a round discount ("PASKO20", "DIWALI100",
# "SAVE15"), given to everyone; a chosen password mixes cases or its digits are a year.
_PROMO = re.compile(
    r"(?<![\w-])[A-Z]{4,12}(?:5|10|15|20|25|30|40|50|60|70|75|80|90|100|200|500)(?![\w-])"
)


# A content digest names what a file or an image holds ("nginx@sha256:4c0f...", "sha1:9a3e..."):
# anyone with the content computes it, and it opens nothing.
_DIGEST = re.compile(
    r"(?<![\w-])(?:sha(?:1|224|256|384|512)|md5|blake2b?)[:=][0-9a-fA-F]{32,128}(?![\w])"
)


# A digest named by its algorithm before it, in any language's sentence ("Mã băm SHA-1 của bản
# phát hành: 4e1c…"): 128 to 512 bits in hex, of a file or a release; it opens nothing.
_NAMED_DIGEST = re.compile(
    r"(?i:\b(?:sha-?(?:1|224|256|384|512)|sha3-?\d{3}|md5|blake2[bs]?|blake3)\b)"
    r"[^\n]{0,40}?(?<![0-9a-fA-F])(?P<hex>[0-9a-fA-F]{32}(?:[0-9a-fA-F]{8}){0,12})(?![0-9a-fA-F])"
)
# A payment provider's publishable key, made to ship in a web page ("pk_live_…", "pk_test_…").
_PUBLISHABLE = re.compile(r"(?<![\w-])pk_(?:live|test)_[0-9A-Za-z]{16,}(?![\w-])")
# A record's id as systems write it: the kind of record, an underscore, hex digits ("run_4f0c…",
# "evt_9a3e…", graphmem's own "aud_…", "ep_…"). It names a record and opens nothing. Only words
# that name a kind of record: a vendor's prefix before hex is as often a key ("wx_a83f…").
_RECORD_ID = re.compile(
    r"(?<![\w-])(?:run|job|task|req|request|trace|span|msg|message|evt|event|build|deploy"
    r"|commit|order|invoice|inv|txn|ticket|issue|case|incident|batch|upload|file|doc|record"
    r"|aud|ckp|ent|ep|f|st|tomb|tr|turn|fact|stmt)_[0-9a-f]{16,64}(?![\w-])"
)


# Numbers that a standard gives everyone: a Windows error's HRESULT ("0x80004005"), an HTTP
# status ("HTTP 403"), a diagnosis's ICD code ("ICD-10 code J45.909").
_STANDARD_CODE = re.compile(
    r"(?<![\w-])0x[0-9A-Fa-f]{8}(?![\w-])"
    r"|\bHTTP(?:/\d(?:\.\d)?)?[ ]+(?P<status>[1-5]\d\d)\b"
    r"|\bICD(?:-?1[01])?\b[^\n.;!?]{0,40}?\b(?P<icd>[A-Z]\d{2}(?:\.[0-9A-Z]{1,4})?)(?![\w.])"
    # A standard's designation ("ISO 9564", "RFC 6238", "ГОСТ 34.12"), a release's ("v4.2.17").
    r"|\b(?:ISO(?:/IEC)?|IEC|RFC|DIN|ANSI|IEEE|ECMA|ETSI|NIST|ГОСТ|GOST|JIS)[ -]?\d{2,6}"
    r"(?:[-:.]\d{1,4})*(?![\w-])"
    r"|(?<![\w.])v\d{1,3}(?:\.\d{1,4}){1,3}(?![\w.])"
)


def _standard_codes(text: str) -> list[Span]:
    found = []
    for m in _STANDARD_CODE.finditer(text):
        group = "status" if m["status"] else "icd" if m["icd"] else 0
        found.append(m.span(group))
    return found


# Keys pressed together ("Ctrl+Alt+Del", "Cmd+Shift+4"): a keyboard's, nobody's secret.
_KEY_COMBO = re.compile(
    r"(?<![\w+])(?:(?:ctrl|control|alt|altgr|shift|cmd|command|win|super|option|opt|fn|meta)\+)+"
    r"[\w-]{1,6}(?![\w+])",
    re.IGNORECASE,
)


def spans(text: str) -> list[Span]:
    """Where ``text`` holds public material, in order."""
    found: list[Span] = [m.span() for m in _WALLET_ADDRESS.finditer(text)]
    if any(c.isdigit() for c in text):
        found += [m.span() for m in _PGP_FINGERPRINT.finditer(text)]
        found += [m.span("code") for m in _POSTAL_PIN.finditer(text)]
        found += _postal_pin_after(text)
        found += [m.span() for m in _POSTAL_ITEM.finditer(text)]
        found += _standard_codes(text)
        if not text.isascii():
            found += _indic_pin(text)
    if "age1" in text:
        found += [m.span() for m in _AGE_RECIPIENT.finditer(text)]
    if "AAAA" in text:
        found += [m.span() for m in _SSH_PUBLIC.finditer(text)]
    if "-----BEGIN " in text:
        found += [m.span() for m in _PEM.finditer(text) if "PRIVATE" not in m["label"]]
    if "://" in text:
        found += [m.span() for m in _URL.finditer(text) if _url_is_public(m.group())]
    if "data:" in text:
        found += [m.span() for m in _DATA_URI.finditer(text)]
    lowered = text.lower()
    if "sha" in lowered or "md5" in lowered or "blake" in lowered:
        found += [m.span() for m in _DIGEST.finditer(text)]
        found += [m.span("hex") for m in _NAMED_DIGEST.finditer(text)]
    if "pk_" in text:
        found += [m.span() for m in _PUBLISHABLE.finditer(text)]
    if "_" in text:
        found += [m.span() for m in _RECORD_ID.finditer(text)]
    if "+" in text:
        found += [m.span() for m in _KEY_COMBO.finditer(text)]
    found += [m.span("code") for m in _PUBLIC_CODE.finditer(text)]
    found += [m.span("code") for m in _OFFER.finditer(text)]
    found += [m.span() for m in _PROMO.finditer(text)]
    return sorted(found)


def _url_is_public(url: str) -> bool:
    authority = url.split("://", 1)[1].split("/", 1)[0]
    if "@" in authority:
        return False  # user-info: "https://user:pass@host"
    return not any(
        credential_kind(name) is not None or _CREDENTIAL_PARAM.search(name)
        for name in _QUERY_PARAM.findall(url)
    )


_CREDENTIAL_PARAM = re.compile(
    r"token|key|secret|pass|pwd|auth|sig|signature|session|sid|code|otp|cred|jwt|bearer",
    re.IGNORECASE,
)


def inside(spans_: list[Span], start: int, end: int) -> bool:
    """Whether ``[start, end)`` lies wholly inside one of ``spans_``."""
    return any(s <= start and end <= e for s, e in spans_)
