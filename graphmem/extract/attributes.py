"""What "my X is Y" names: the attribute (a predicate, its synonyms folded, what is
no attribute at all) and the value (not a pronoun, a relation or a filler), and the
corrections said inside it ("it's Y", "Y, not Z").
"""

from __future__ import annotations

import re

from graphmem.errors import InvalidArgument
from graphmem.extract.clause import name_value
from graphmem.extract.phrases import words as _words
from graphmem.model import check_predicate

_ATTRIBUTE_SYNONYMS = (
    (r"\bfavorite\b", "favourite"),
    (r"\bcolor\b", "colour"),
    (r"\btime zone\b", "timezone"),
    (r"^(?:last|family|second) name$", "surname"),
    (r"^(?:nick ?name|preferred name)$", "preferred_name"),
    (r"^full name$", "name"),
    (r"^(?:work|office) hours$", "working_hours"),
    (r"^(?:date of birth|birth ?date|bday)$", "birthday"),
    (r"^home ?town$", "hometown"),
    (r"^(?:e-?mail|e-?mail address)$", "email"),
    (r"^(?:phone|phone number|mobile|mobile number|cell number)$", "phone"),
    (r"^(?:job title|title|role|position)$", "job_title"),
    (r"^(?:boss|line manager)$", "manager"),
)


_NOT_ATTRIBUTES = _words(
    "point guess bad fault pleasure question problem issue plan idea hope goal worry fear bet"
    " mistake thought thoughts concern excuse answer reply request feedback opinion view take"
    " impression understanding head back day week life mind turn sense gut"
)


# Words for the people (and pets) in someone's life: "my sister", "my flatmate".
RELATION_WORDS = _words(
    "friend best_friend wife husband partner girlfriend boyfriend spouse sister brother mother"
    " father mom mum dad son daughter kid kids child children colleague coworker co_worker"
    " assistant doctor dentist therapist neighbour neighbor manager team_lead lead mentor"
    " roommate flatmate landlord cat dog"
)


_NOT_VALUES = _words(
    "a an the so too very really pretty quite kind sort getting being going not still always"
    " never just in at on to from with by for of off out over under up down back away here"
    " there about like also all fine good great bad ok okay awful terrible amazing broken sore"
    " busy full empty late early done gone dead nice lovely boring annoying weird crazy insane"
    " delayed cancelled canceled finished fixed wrong right correct same different better worse"
    " that this it mine yours hard easy tough"
)

_I = re.IGNORECASE


_PREPOSITIONS = _words("of for in on at to with from about")


def attribute(phrase: str) -> str | None:
    """The predicate for "my <phrase> is ...", or None when it is not a plain attribute."""
    phrase = " ".join(phrase.lower().split())
    for pattern, replacement in _ATTRIBUTE_SYNONYMS:
        phrase = re.sub(pattern, replacement, phrase)
    words = phrase.split()
    if not 1 <= len(words) <= 4 or _PREPOSITIONS & set(words):
        return None
    predicate = re.sub(r"[^a-z0-9]+", "_", phrase).strip("_")
    if predicate in _NOT_ATTRIBUTES:
        return None
    try:
        return check_predicate(predicate)
    except InvalidArgument:
        return None


def value_of(raw: str, predicate: str) -> str | None:
    text = name_value(raw)
    if text is None or re.search(r"\b(?:is|are|was|were)\b", text, _I):
        return None
    first = text.split()[0]
    if first.islower() and (first in _NOT_VALUES or (first.endswith("ing") and " " in text)):
        return None  # "my day is going badly", "my back is killing me"
    if predicate in RELATION_WORDS and not text[0].isupper():
        return None  # "my boss is annoying" describes; "my boss is Dana" relates
    return text


_CORRECTED = re.compile(r"(?P<a>.+?)(?:\s*,\s*|\s+)(?:it's|it is|but|rather|just)\s+(?P<b>.+)", _I)


_NOT_OTHER = re.compile(r"(?P<a>.+?)\s*,\s*not\s+(?P<b>.+)", _I)


def said_and_denied(m: re.Match[str]) -> tuple[str, str]:
    """What is said and what is denied in "is not X, it's Y", "is Y, not X", "is not X"."""
    said = m["y"]
    if m["neg"]:
        tail = _CORRECTED.fullmatch(said)
        return (tail["b"], tail["a"]) if tail else ("", said)
    tail = _NOT_OTHER.fullmatch(said)
    return (tail["a"], tail["b"]) if tail else (said, "")
