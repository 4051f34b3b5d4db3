"""People's identity numbers that prove themselves: a birth date inside and a check digit
(or two) computed from the rest, as each country's registry defines them. A random number
of the same length passes both about once in three hundred tries; an order, a phone or a
tracking number has no reason to. Read in any language and under any label, like the
formats of :mod:`graphmem.trust.secrets.id_formats`.

The checks are python-stdnum's (LGPL-2.1-or-later), a library that has kept up with the
registries for years: Poland's PESEL, Estonia's and Lithuania's personal codes, Bulgaria's
EGN, Romania's CNP, the former Yugoslavia's JMBG (Slovenia's EMŠO: one scheme), Norway's
fødselsnummer, Sweden's personnummer, Finland's HETU, Iceland's kennitala, the Czech and
Slovak birth number, Belgium's national number, France's NIR, Italy's codice fiscale,
India's Aadhaar and Türkiye's T.C. Kimlik No.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date
from types import ModuleType

from stdnum.be import nn
from stdnum.bg import egn
from stdnum.cz import rc
from stdnum.ee import ik
from stdnum.fi import hetu
from stdnum.fr import nir
from stdnum.in_ import aadhaar
from stdnum.is_ import kennitala
from stdnum.it import codicefiscale
from stdnum.lt import asmens
from stdnum.no import fodselsnummer
from stdnum.pl import pesel
from stdnum.ro import cnp
from stdnum.se import personnummer
from stdnum.si import emso
from stdnum.tr import tckimlik

# Not inside a longer number or a code ("SF1409…"), not a group of a longer run ("6202 1048
# 3379 1152 0041"), not a decimal, a path or an international phone number ("+46 …").
_NOT_AFTER = r"(?<![\w.,/+-])(?<!\+\s)(?<!\d\s)"
_END = r"(?![\d/-]|[.,]\d)"


def _digits(pattern: str) -> re.Pattern[str]:
    return re.compile(f"{_NOT_AFTER}(?:{pattern}){_END}")


# Each number as people write it (digits run together, or in the scheme's own groups), and
# the module that checks it.
_SCHEMES: tuple[tuple[re.Pattern[str], ModuleType], ...] = (
    (_digits(r"\d{11}"), pesel),
    (_digits(r"[1-6]\d{10}"), ik),
    (_digits(r"[1-6]\d{10}"), asmens),
    (_digits(r"\d{10}"), egn),
    (_digits(r"[1-8]\d{12}"), cnp),
    (_digits(r"\d{13}"), emso),
    (_digits(r"\d{6} ?\d{5}"), fodselsnummer),
    (_digits(r"(?:19|20)?\d{6}[-+]\d{4}"), personnummer),
    (_digits(r"\d{6}[-+A-FU-Y]\d{3}[\dA-Y]"), hetu),
    (_digits(r"\d{6}-?\d{4}"), kennitala),
    (_digits(r"\d{6}/\d{3,4}"), rc),
    (_digits(r"\d{2}\.\d{2}\.\d{2}-\d{3}\.\d{2}|\d{11}"), nn),
    (_digits(r"[12] ?\d{2} ?\d{2} ?(?:\d{2}|2[AB]) ?\d{3} ?\d{3} ?\d{2}"), nir),
    (_digits(r"[1-9]\d{10}"), tckimlik),
    (_digits(r"[2-9]\d{3} ?\d{4} ?\d{4}"), aadhaar),
    (
        re.compile(r"(?<![A-Za-z0-9])[A-Z]{6}\d{2}[A-EHLMPR-T]\d{2}[A-Z]\d{3}[A-Z](?![A-Za-z0-9])"),
        codicefiscale,
    ),
)


def numbers(text: str) -> Iterator[tuple[int, int]]:
    """The spans of ``text`` that are a person's identity number by format and check."""
    seen: set[tuple[int, int]] = set()
    for pattern, scheme in _SCHEMES:
        for m in pattern.finditer(text):
            if m.span() not in seen and scheme.is_valid(m.group()) and _alive(scheme, m.group()):
                seen.add(m.span())
                yield m.span()


def _alive(scheme: ModuleType, number: str) -> bool:
    """Whether the birth date inside is a living person's: from 1900 to today (a product's
    EAN read as a Romanian born in 1876, an order of next week as a Swede born then)."""
    born = getattr(scheme, "get_birth_date", None)
    if born is None:
        return True
    try:
        day = born(number)
    except Exception:  # a scheme that cannot tell (python-stdnum's own errors)
        return True
    if not isinstance(day, date):
        return True  # a number without a full date (an unknown birth day)
    return date(1900, 1, 1) <= day <= date.today()
