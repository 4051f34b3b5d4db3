"""Identity numbers whose format says what they are, in any language and with no word
around them: a birth date sits inside them where no order or phone number keeps one.

* Mexico's CURP: four letters of the name, the birth date, H or M, the state and three
  consonants ("GOML010203HDFRZNA4");
* China's resident identity number: a region's six digits, the birth date as YYYYMMDD,
  three digits and a check digit or X ("110101199003078515");
* South Korea's resident registration number: the birth date as YYMMDD, a hyphen, and
  seven digits whose first says the century and sex ("900307-1234567").

The formats are the ones python-stdnum checks (``mx.curp``, ``cn.ric``, ``kr.rrn``), read
here by their shape and date only: a number a person copied wrongly is still theirs. The
numbers of shapes other things share (ten to thirteen digits) count when their check digits
prove them (:mod:`graphmem.trust.secrets.id_checksums`: PESEL, JMBG, personnummer, ...);
a label naming another thing still excuses those ("PNR 2847193650": one number in three
hundred passes a check by chance). A
label before one does not make it another thing's number ("외국인등록번호" ends in "번호",
number, as an order number's label does): a number in these formats is a person's.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from graphmem.trust.secrets import id_checksums
from graphmem.trust.secrets.common import Candidate

_RANK = 6
_MONTH, _DAY = r"(?:0[1-9]|1[0-2])", r"(?:0[1-9]|[12]\d|3[01])"
# Not inside a longer number, a decimal or a path; a sentence's full stop may follow.
_NOT_AFTER, _END = r"(?<![\d.,/-])", r"(?![\d/-]|[.,]\d)"
_FORMATS = (
    re.compile(
        r"(?<![A-Za-z0-9])[A-Z][AEIOUX][A-Z]{2}\d{2}" + _MONTH + _DAY
        + r"[HM][A-Z]{2}[B-DF-HJ-NP-TV-Z]{3}[A-Z\d]\d(?![A-Za-z0-9])"
    ),
    re.compile(_NOT_AFTER + r"[1-8]\d{5}(?:19|20)\d{2}" + _MONTH + _DAY + r"\d{3}[\dXx]" + _END),
    re.compile(_NOT_AFTER + r"\d{2}" + _MONTH + _DAY + r"-[1-8]\d{6}" + _END),
)  # fmt: skip


def spans(text: str) -> Iterator[Candidate]:
    if sum(c.isdigit() for c in text) < 6:
        return
    for pattern in _FORMATS:
        for m in pattern.finditer(text):
            yield m.start(), m.end(), _RANK, "national_id"
    for start, end in id_checksums.numbers(text):
        yield start, end, _RANK, "national_id"


def formatted(value: str) -> bool:
    """Whether ``value`` is, whole, one of these numbers."""
    return any(pattern.fullmatch(value) for pattern in _FORMATS)
