"""Entropy: long machine-made tokens that no other layer named.

A run of 24+ URL-safe or base64 characters mixing upper case, lower case and digits
with high per-character entropy is taken for a credential. Guards keep the usual
benign ids: UUIDs and hex digests (no upper case), ids after a label ("request id",
"commit", "trace", "order"), prefixed object ids (``req_``, ``evt_``, ``cus_``),
CamelCase names, file names and anything inside a URL's host or path words.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator

from graphmem.trust.secrets.common import Candidate, entropy

MIN_LENGTH = 24
MIN_ENTROPY = 3.8  # bits per character; random base62 of this length sits near 4.3

_TOKEN = re.compile(r"(?<![\w+/=.~-])[A-Za-z0-9+/_\-.~]{24,}={0,2}(?![\w+/=~-])")
_LABEL = re.compile(
    r"(?:request|req|trace|span|correlation|order|tracking|commit|sha\d*|hash|digest|checksum"
    r"|etag|uuid|guid|id|ref|build|run|job|device|session[ ]id|message[ ]id|msg)"
    r"[\s#:=_-]{0,3}$",
    re.IGNORECASE,
)
_ID_PREFIX = re.compile(
    r"^(?:req|evt|cus|ch|pi|pm|txn|sub|in|ii|prod|price|msg|cs|seti|po|tr|acct|file|org|proj"
    r"|run|job|ord|inv|usr|sess)_",
)
# Capitalised words and numbers, perhaps joined ("Marrakechqvtrz-Pangolinqvtrz-1198", a test
# marker): words, not a machine's random characters.
_CAMEL_NAME = re.compile(r"^(?:[A-Z][a-z]{2,}|\d+)(?:[-_.]?(?:[A-Z][a-z]{2,}|\d+))*$")
_FILE = re.compile(r"\.(?:jpe?g|png|gif|pdf|docx?|xlsx?|csv|txt|zip|tar|gz|mp[34]|mov|json|py|js)$")


def _benign(token: str, text: str, start: int) -> bool:
    if _LABEL.search(text, max(0, start - 24), start) or _ID_PREFIX.match(token):
        return True
    if _CAMEL_NAME.match(token) or _FILE.search(token.lower()):
        return True
    before = text[max(0, start - 8) : start].lower()
    # A digest or a host key's fingerprint ("SHA256:uNiVztksCsDhcc0u9e8BujQXVUpKZIDTMczCvj3tD2s").
    return "://" in before or before.endswith(("sha256:", "sha256-", "sha384-", "sha512-"))


# Shorter tokens, 12 to 23 characters: "hYw2Lq8vN0xPfRt3" (a stream's password), "Hn2m9Xq7vR4k".
# Too short for entropy to tell, so by how a random draw looks: two or more of each of
# upper case, lower case and digits, the kind changing from one character to the next at
# least three times in five (a word with a year, "Biscuit2019", or a product's name,
# "iPhone15ProMax", changes far less).
_SHORT = re.compile(r"(?<![\w+/=.~@:-])[A-Za-z0-9]{12,23}(?![\w+/=~@-]|\.\w)")
SHORT_CHANGES = 0.6


def _kind(c: str) -> int:
    return 0 if c.isdigit() else 1 if c.isupper() else 2


def _drawn(token: str) -> bool:
    counts = [sum(_kind(c) == k for c in token) for k in (0, 1, 2)]
    if min(counts) < 2:
        return False
    changes = sum(_kind(a) != _kind(b) for a, b in itertools.pairwise(token))
    return changes >= SHORT_CHANGES * (len(token) - 1)


def spans(text: str) -> Iterator[Candidate]:
    for m in _SHORT.finditer(text):
        if _drawn(m.group()) and not _benign(m.group(), text, m.start()):
            yield m.start(), m.end(), 12, "token"
    for m in _TOKEN.finditer(text):
        token = m.group()
        if not (any(c.islower() for c in token) and any(c.isupper() for c in token)):
            continue
        if not any(c.isdigit() for c in token) or entropy(token) < MIN_ENTROPY:
            continue
        if _benign(token, text, m.start()):
            continue
        yield m.start(), m.end(), 12, "token"
