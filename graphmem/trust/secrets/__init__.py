"""Secret detection in layers: what a secret looks like, where it sits, what it is called.

Each layer yields candidate spans; :func:`find` merges them and :func:`redact`
replaces each secret *value* with ``[redacted:<kind>]``, leaving the sentence
around it readable. The layers:

* :mod:`~graphmem.trust.secrets.providers`: formats that name themselves (provider keys,
  JWTs, PEM blocks, cards, IBANs, connection strings, labelled national ids);
* :mod:`~graphmem.trust.secrets.structure`: ``KEY=value`` / ``.env`` lines with a secret-like
  key in any case and several languages, URL credentials, ``user:password`` pairs;
* :mod:`~graphmem.trust.secrets.entropy`: long machine-made tokens, with guards for ids;
* :mod:`~graphmem.trust.secrets.phrases`: a secret named in words, in many languages;
* :mod:`~graphmem.trust.secrets.seeds`: BIP-39 seed phrases and one-time codes near code words;
* :mod:`~graphmem.trust.secrets.numerals`: a code read out digit by digit in words, in any
  of some eighty languages ("six, two, nine, nine"), wherever it is told;
* :mod:`~graphmem.trust.secrets.shape`: a token only a chosen credential looks like, in any
  language ("Smrk&Jedle42");
* :mod:`~graphmem.trust.secrets.cues`: a word about access in some 100 languages (the words
  in :mod:`~graphmem.trust.secrets.lexicon`, data from maintained localisation catalogues and
  python-stdnum's names of identity numbers) and the value beside it, before or after;
* :mod:`~graphmem.trust.secrets.context`: the whole message as context: a token only a
  chosen credential looks like anywhere in a message about access, the answer after "if
  the bank asks ...", a hex key where an API is spoken of;
* :mod:`~graphmem.trust.secrets.typed`: the words one is told to type to get into a machine;
* :mod:`~graphmem.trust.secrets.judge`: a second, learnt judge of every token (a logistic
  regression over language-independent features, weights shipped in ``judge.npz``); what
  it finds is redacted as what the rules find.

A number named by a label of its own (:mod:`~graphmem.trust.secrets.labels`: "customer
number 88231047", "Filiale 7731") is not the secret an access word elsewhere names.

A placeholder (:mod:`~graphmem.trust.secrets.placeholders`: "YOUR_API_KEY", "********",
"password: str") and a number a word marks as a quantity
(:mod:`~graphmem.trust.secrets.quantities`: "3 times", "in 5 days", "第15页") are no values.

Public material (:mod:`~graphmem.trust.secrets.public`: public keys, certificates, links
without credentials, data URIs, promotion and postal codes) overrules the layers that judge
by shape and context.

Redaction is idempotent: nothing overlapping a placeholder is taken for a secret.
Where a value is ambiguous the gate errs towards redacting: a lost word costs less
than a stored password.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from graphmem.trust.secrets import (
    business,
    context,
    cues,
    enter_key,
    entropy,
    id_formats,
    judge,
    labels,
    lexicon,
    numerals,
    phrases,
    placeholders,
    providers,
    public,
    quantities,
    seeds,
    shape,
    structure,
    typed,
)
from graphmem.trust.secrets.common import Candidate
from graphmem.trust.secrets.credentials import credential_kind
from graphmem.trust.secrets.memo import ScanMemo
from graphmem.trust.secrets.values import DOCUMENT, NUMBER_VALUE

__all__ = [
    "KINDS",
    "Redaction",
    "Span",
    "claim_secret",
    "contains_secret",
    "credential_kind",
    "find",
    "redact",
    "redact_claim_text",
    "redact_strings",
    "redact_values",
]

KINDS = (
    "api_key",
    "bank_account",
    "card",
    "national_id",
    "otp",
    "password",
    "private_key",
    "secret_answer",
    "seed_phrase",
    "token",
)

Span = tuple[int, int, str]  # start, end, kind

_RULES = (
    providers, structure, entropy, phrases, seeds, numerals, id_formats, shape, cues, context,
    typed, enter_key,
)  # fmt: skip
# The learnt second judge reads every token after the rules (graphmem/trust/secrets/judge.py).
_LAYERS = (*_RULES, judge)
_BY_SHAPE = (
    entropy, phrases, seeds, numerals, id_formats, shape, cues, context, typed, enter_key, judge
)  # fmt: skip
_PLACEHOLDER = re.compile(r"\[redacted:[a-z_]+\]")


@dataclass(frozen=True, slots=True)
class Redaction:
    """The outcome of :func:`redact`."""

    text: str  # the input with every secret replaced by "[redacted:<kind>]"
    count: int  # how many secrets were replaced
    kinds: tuple[str, ...]  # sorted distinct kinds found
    by_kind: tuple[tuple[str, int], ...] = ()  # (kind, how many), sorted by kind

    @classmethod
    def counted(cls, text: str, kinds: Counter[str]) -> Redaction:
        """The redaction that left ``text``, having replaced ``kinds[k]`` secrets of kind k."""
        return cls(
            text=text,
            count=sum(kinds.values()),
            kinds=tuple(sorted(kinds)),
            by_kind=tuple(sorted(kinds.items())),
        )


def redact(text: str, *, judge: bool = True) -> Redaction:
    """Replace every secret value in ``text`` with ``[redacted:<kind>]``. ``judge=False``:
    the rule layers only, for text graphmem composed itself (claims given as data, rendered
    "subject predicate object"), which the learnt judge was never trained to read."""
    spans = find(text, judge=judge)
    if not spans:
        return Redaction(text=text, count=0, kinds=())
    parts: list[str] = []
    last = 0
    for start, end, kind in spans:
        parts.append(text[last:start])
        parts.append(f"[redacted:{kind}]")
        last = end
    parts.append(text[last:])
    return Redaction.counted("".join(parts), Counter(kind for _, _, kind in spans))


def redact_values(text: str, values: Sequence[tuple[str, str]]) -> Redaction:
    """``text`` with every occurrence of each ``(value, kind)`` replaced by its placeholder:
    the secrets a model marked that the layers here did not find. Longest values first, so
    a value inside a longer one goes with it."""
    counted: Counter[str] = Counter()
    for value, kind in sorted(values, key=lambda pair: -len(pair[0])):
        if value and value in text:
            counted[kind] += text.count(value)
            text = text.replace(value, f"[redacted:{kind}]")
    return Redaction.counted(text, counted)


def contains_secret(text: str) -> bool:
    """True when :func:`redact` would change ``text``."""
    return bool(find(text))


def find(text: str, *, judge: bool = True) -> list[Span]:
    """Non-overlapping secret spans, in order; overlapping hits merge into one. ``judge``:
    with the learnt judge beside the rules (:func:`redact`)."""
    return _remembered(text) if judge else _remembered_by_rules(text)


class _AsciiDigits(dict[int, int]):
    """A ``str.translate`` table made on demand: every decimal digit (Persian ۴, Devanagari
    ४, Burmese ၄, fullwidth ４, ...) to its ASCII digit, and a full-width Latin letter or
    keypad key to its ASCII one, one character for one."""

    def __missing__(self, char: int) -> int:
        value = unicodedata.decimal(chr(char), None)
        if value is not None:
            self[char] = 48 + value
        elif 0xFF21 <= char <= 0xFF3A or 0xFF41 <= char <= 0xFF5A:
            # A full-width letter, as an IME types Latin text ("ｔａｍａ０５２２"): the
            # same letter, so a password typed full width has its shape.
            self[char] = char - 0xFEE0
        elif chr(char) in "＃＊＋":
            # A keypad's keys typed full width by an IME ("1208＃"); not its punctuation: a
            # full-width comma or colon ends a clause where an ASCII one may join digits.
            self[char] = char - 0xFEE0
        else:
            self[char] = char
        return self[char]


_DIGITS = _AsciiDigits()

_YEAR_RANGE = re.compile(r"((?:19|20)\d\d)\s?[-–—/]\s?((?:19|20)\d\d)")


def _years_apart(value: str) -> bool:
    """A span of years ("1990-1999", "2010–2020"): a period, no number anyone keeps secret."""
    m = _YEAR_RANGE.fullmatch(value)
    return m is not None and m.group(1) < m.group(2)


def _scan(text: str, layers: Sequence[Any] | None = None) -> list[Span]:
    # The layers read digits as ASCII ones: a card number or a code written in a script's
    # own digits is checked, grouped and bounded the same way. Spans are the text's own.
    view = text if text.isascii() else text.translate(_DIGITS)
    candidates: list[Candidate] = []
    shared: list[public.Span] | None = None
    for layer in _LAYERS if layers is None else layers:
        found = list(layer.spans(view))
        if found and layer in _BY_SHAPE:
            # A public key, a certificate, a link without credentials: nothing to hide. Only
            # the layers that judge by shape and context are overruled; a format that names
            # itself (a webhook's token, a private key) is a secret wherever it sits.
            if shared is None:
                shared = sorted(public.spans(view) + business.business_numbers(view))
            found = [c for c in found if not public.inside(shared, c[0], c[1])]
            # A number named by its own label ("customer number 88231047", "Filiale 7731"),
            # whatever access word the message holds elsewhere; a card's number, expiry and
            # check digits told together are the card's ("for the order: 4975 … 09/28 513"),
            # an account found by its format or its bank's code is the account
            # ("கணக்கு எண் 6913 0041 8873, IFSC KVRB0002214").
            # An identity document's number in a document's own shape or format, or as long
            # as the message says, is the document's, whatever it is for ("passport number
            # for the hotel check-in is X4829173", "외국인등록번호 950813-5274019").
            named = lexicon.cached_cues(view)
            found = [
                c
                for c in found
                if c[3] in ("seed_phrase", "card", "bank_account")
                or (c[3] == "national_id" and _document(view[c[0] : c[1]]))
                # "my ten-digit number: 4820193376": a length told is no thing's label.
                or (c[3] == "national_id" and numerals.counted_at(view, c[0], c[1]))
                or not labels.labelled(view, c[0], named, c[1])
            ]
        if found and layer is not providers:
            # A template's placeholder ("YOUR_API_KEY", "********") and a number a word marks
            # as a count, a length, a time or a page ("3 times", "6位", "第15页") are no values,
            # whichever layer read them; a format that names itself is judged by its format.
            found = [
                c
                for c in found
                if not placeholders.placeholder(view, c[0], c[1])
                and not _years_apart(view[c[0] : c[1]])
                and (
                    c[3] in ("seed_phrase", "card")
                    or not quantities.counted(view, c[0], c[1], lexicon.cached_cues(view))
                )
            ]
        candidates.extend(found)
    if not candidates:
        return []
    held = [m.span() for m in _PLACEHOLDER.finditer(text)]
    if held:
        candidates = [
            c
            for c in candidates
            if not any(c[0] < h_end and h_start < c[1] for h_start, h_end in held)
        ]
    # A password's closing symbols go with it ("Cymru4Eva!!"): a token loses them as a
    # sentence's punctuation, and a "!" too many costs less than a password told.
    candidates = [
        (start, _closing(view, end), rank, kind) if kind == "password" else (start, end, rank, kind)
        for start, end, rank, kind in candidates
    ]
    candidates.extend(_variants(view, candidates))
    candidates.sort()
    merged: list[Span] = []
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


def _document(value: str) -> bool:
    """An identity document's number by its shape ("X4829173") or its format (a CURP, a
    resident number with its birth date): its own label names it, not another thing's."""
    return DOCUMENT.match(value) is not None or id_formats.formatted(value)


def _variants(text: str, found: list[Candidate]) -> list[Candidate]:
    """The same secret told again with a change, a correction or the old one ("it's
    Mantou_Baozi_7, not Mantou_Baozi_1", "2791 ... no, 3791"): a token that is a found
    value with a few characters changed is one too, wherever it sits in the message."""
    values = [(text[c[0] : c[1]], c) for c in found if c[3] in ("password", "api_key", "otp")]
    # An identity or account number told again corrected ("046 381 257 wait no 046 318 257"),
    # compared by its digits: the groups are how it was written, not what it is.
    numbers = [
        (_digits(text[c[0] : c[1]]), c) for c in found if c[3] in ("national_id", "bank_account")
    ]
    # A card's group told again corrected ("4929 1183 0725 5514 — no, last block is 5541").
    values += [
        (m.group(), c)
        for c in found
        if c[3] == "card" and c[1] - c[0] >= 15
        for m in re.finditer(r"\d{4}", text[c[0] : c[1]])
    ]
    if not values and not numbers:
        return []
    out: list[Candidate] = []
    named = lexicon.cached_cues(text) if numbers else ()
    for m in NUMBER_VALUE.finditer(text) if numbers else ():
        if any(c[0] < m.end() and m.start() < c[1] for c in found) or labels.labelled(
            text, m.start(), named, m.end()
        ):
            continue  # another thing's number by its own label ("order number 521448813")
        told = _digits(m.group())
        for value, (_, _, rank, kind) in numbers:
            if len(value) >= 6 and _changed(told, value):
                out.append((*m.span(), rank, kind))
                break
    for start, end in shape.tokens(text):
        if any(c[0] < end and start < c[1] for c in found):
            continue
        token = text[start:end]
        for value, (_, _, rank, kind) in values:
            if _changed(token, value):
                out.append((start, end, rank, kind))
                break
    return out


def _digits(text: str) -> str:
    return "".join(c for c in text if c.isdigit())


def _changed(token: str, value: str) -> bool:
    if token == value or len(token) < 4 or len(value) < 4:
        return False
    if token.isdigit() and value.isdigit():
        # Same length, one digit changed or two side by side swapped ("3861 … no, 3816"):
        # not two unrelated numbers of a message.
        if len(token) != len(value):
            return False
        differ = [i for i, (a, b) in enumerate(zip(token, value, strict=True)) if a != b]
        swapped = (
            len(differ) == 2
            and differ[1] == differ[0] + 1
            and token[differ[0]] == value[differ[1]]
            and token[differ[1]] == value[differ[0]]
        )
        return len(differ) == 1 or swapped
    if token.isdigit() or value.isdigit() or abs(len(token) - len(value)) > 3:
        return False
    shared = 0
    while shared < min(len(token), len(value)) and token[shared] == value[shared]:
        shared += 1
    return shared >= 5 and shared >= 0.6 * max(len(token), len(value))


def _closing(text: str, end: int) -> int:
    tail = end
    while tail < len(text) and text[tail] in "!?#$*~" and tail - end < 3:
        tail += 1
    return tail if tail == len(text) or not text[tail].isalnum() else end


# One write scans the same short texts many times (graphmem/trust/secrets/memo.py).
_remembered = ScanMemo(_scan)
_remembered_by_rules = ScanMemo(functools.partial(_scan, layers=_RULES))


def claim_secret(subject: str, predicate: str, value: str, quote: str | None = None) -> str | None:
    """The kind of secret a claim carries, if any: by its predicate, in any of its fields,
    or as a ``predicate: value`` pair ("wifi_password: pencil-maple-canyon")."""
    kind = credential_kind(predicate)
    if kind is not None:
        return kind
    joined = f"{subject} {predicate} {value}"  # as the claim is echoed back
    # Each field as said goes to every layer; the two texts composed here from the fields
    # only to the rules: "person 4 lives_in city 4-2" is no message the judge learnt from.
    texts = [(t, True) for t in (subject, predicate, value, quote or "")]
    for text, judged in [*texts, (f"{predicate}: {value}", False), (joined, False)]:
        if "[redacted:" in text:
            return "redacted"
        spans = find(text, judge=judged)
        if spans:
            return spans[0][2]
    return None


def redact_claim_text(subject: str, predicate: str, value: str) -> str:
    """A claim as it may be echoed back: its value hidden when the predicate names a
    credential, every secret in it redacted otherwise."""
    kind = credential_kind(predicate)
    if kind is not None:
        value = f"[redacted:{kind}]"
    return redact(f"{subject} {predicate} {value}", judge=False).text


# Keys whose values are identifiers and times, never user text (an audit entry's fact
# summary holds its validity as ISO times, and the ids of the versions it points to).
_MACHINE_KEY = re.compile(
    r"^(?:id|at|slot|key|namespace|kind|status|authority|source|version|superseded_by"
    r"|valid_from|valid_until)$|_(?:id|ids|at|key|run)$"
)


@functools.lru_cache(maxsize=1024)
def _machine_key(key: str) -> bool:
    return bool(_MACHINE_KEY.search(key))


def redact_strings(value: Any, key: str | None = None) -> Any:
    """``value`` with every string in it redacted (dicts and lists walked; ids kept). The
    rules only: these are records graphmem composed (an audit entry's before and after),
    whose ids the learnt judge, trained on people's messages, may take for a key ("run_"
    and 32 hex digits: one in ten); what people said in them was judged when it was said."""
    if isinstance(value, str):
        if key is not None and _machine_key(key):
            return value
        # Every audit row comes through here: a clean text (the usual case) is kept as is.
        return redact(value, judge=False).text if find(value, judge=False) else value
    if isinstance(value, dict):
        return {k: redact_strings(v, k) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [redact_strings(v, key) for v in value]
    return value
