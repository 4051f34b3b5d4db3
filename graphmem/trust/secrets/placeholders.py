"""Placeholders: what a template, a manual or a code sample writes where a value is to go.

A line of documentation has the shape of a credential told ("``DB_PASSWORD=...``",
"``wachtwoord: ...``") and no credential in it: the value is a mask ("********", "••••",
"xxxx"), a template's name in any language ("YOUR_API_KEY", "sua_senha_aqui", "TWOJE_HASLO",
"<your-password-here>", "비밀번호입력": password-input), a slot ("${DB_PASS}", "{{ token }}")
or a type ("password: str"). None of these is a secret, whichever layer found it.

A placeholder has no digit; its parts are a word for "your" first, or "here", "example",
"enter" anywhere (``placeholder_words.tsv``, one line per language, hand-written), or an
access word of the cue lexicon with one of those. "Mi_Casa_Su_Casa" is no template: "su"
counts only as its first word.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from pathlib import Path

from graphmem.trust.secrets.common import UNSPACED, trim_edges
from graphmem.trust.secrets.fold import fold, word_columns

_FILE = Path(__file__).with_name("placeholder_words.tsv")
# A run of one masking character: what a form or a manual shows for a hidden value.
# Groups are split by a separator only: two runs of one character back to back would let a
# long run be split every way there is, and a failed match try them all.
_MASK = re.compile(r"([*•●∙·xX×#_?])\1{2,}(?:[-\s]([*•●∙·xX×#_?])\2{2,})*")
# A slot a template fills in: "<password>", "${DB_PASS}", "{{ token }}", "%(password)s".
_SLOT = re.compile(
    r"<[^<>\d]{2,40}>|\$\{[^{}]{1,40}\}|\{\{[^{}]{1,40}\}\}|%\([a-z_]{1,30}\)s", re.IGNORECASE
)
# The types a code sample annotates a password with ("password: str", "pin: int").
_TYPE = re.compile(
    r"(?:str|string|int|integer|bool|bytes|float|number|text|any|secretstr|optional\[str\]?"
    r"|str \| none|char\*?|const char\*|varchar(?:\(\d+\))?)",
    re.IGNORECASE,
)
_NULL = re.compile(r"(?:none|null|nil|undefined|nan|empty|tbd|todo|n/a)", re.IGNORECASE)
_ASSIGNED = re.compile(r"[A-Za-z_][\w.-]{0,40}\s*(?:=|:\s)\s*[\"']?")
_PARTS = re.compile(r"[_\-.\s]+")


@functools.cache
def _words() -> tuple[frozenset[str], frozenset[str]]:
    """The words for "your" said first, and those for "here", "example", "enter" anywhere."""
    yours, here = word_columns(_FILE)
    return frozenset(yours), frozenset(here)


def placeholder(text: str, start: int, end: int) -> bool:
    """Whether the value ``text[start:end]`` is a placeholder (see the module)."""
    start, end = trim_edges(text, start, end)
    # A layer may take the key with its value ("API_KEY=YOUR_KEY_HERE"): the value is judged.
    assigned = _ASSIGNED.match(text, start, end)
    if assigned is not None:
        start = assigned.end()
    value = text[start:end]
    if not value:
        return False
    if _MASK.fullmatch(value) or _SLOT.fullmatch(value) or _NULL.fullmatch(value):
        return True
    if _TYPE.fullmatch(value) and re.search(r"(?::|->)\s*$", text[max(0, start - 4) : start]):
        return True
    # A slot the value sits in: "<your-password-here>", "{{ YOUR_KEY }}".
    before, after = text[max(0, start - 3) : start], text[end : end + 3]
    if before.rstrip().endswith(("<", "{{", "${")) and after.lstrip().startswith((">", "}")):
        return True
    # A key's prefix and an ellipsis ("sk-...", "ghp_…"): the rest is left out, not told.
    if after.startswith(("...", "…")) and len(value) <= 5 and not any(c.isdigit() for c in value):
        return True
    return _template(value)


def _template(value: str) -> bool:
    if any(c.isdigit() for c in value) or len(value) > 48:
        return False
    yours, here = _words()
    folded = fold(value)
    if UNSPACED.search(folded):
        # "비밀번호입력", "你的密码": a template word wherever it sits in the value.
        return any(w in folded for w in here | yours if UNSPACED.match(w[0]))
    # Templates join their words with "_" ("sua_senha_aqui"); a passphrase may be joined
    # with "-" or spaces ("tu-casa-roja"), and is not read here.
    if "_" not in value:
        # One word that is "example" itself ("ejemplo", "voorbeeld", "changeme").
        return len(folded) >= 5 and folded in here
    parts = [p for p in _PARTS.split(folded) if p]
    if len(parts) < 2 or not all(_word(p) for p in parts):
        return False
    return parts[0] in yours or any(p in here for p in parts)


def _word(part: str) -> bool:
    # Letters and their marks: Devanagari's vowel signs are marks ("आपका").
    return all(c.isalpha() or unicodedata.category(c).startswith("M") for c in part)
