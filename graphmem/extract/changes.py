"""Changes of state: moving, joining, leaving, starting and stopping, "no longer", "used to".

A change is read as the state it leads to, stated from the time it was said:
"moved to Denver" is ``lives_in Denver``; "left Airbus" is ``works_at Airbus``
negated; "I used to live in Toronto" and "not vegan any more" are negated. The
claim is marked as a change (``valid_from`` = when it was said) so that the write
path closes the old value at that time and keeps the earlier history true, rather
than treating it as a correction of the past.
"""

from __future__ import annotations

import re

from graphmem.extract.phrases import object_phrase, subject_phrase

__all__ = ["CHANGE_TAIL", "Change", "gerund_predicate", "read_change"]

_I = re.IGNORECASE
# "not vegan any more": the tail says the negation is a change, not a correction.
CHANGE_TAIL = re.compile(r",?\s+(?:any ?more|no more)$", _I)

# Gerunds whose verb the grammar knows, as the third-person predicate they state.
_GERUNDS = {
    "learning": "learns",
    "playing": "plays",
    "eating": "eats",
    "drinking": "drinks",
    "speaking": "speaks",
    "studying": "studies",
    "teaching": "teaches",
    "dating": "dating",
    "driving": "drives",
    "using": "uses",
    "taking": "takes",
    "reading": "reads",
    "watching": "watches",
    "writing": "writes",
}


def gerund_predicate(gerund: str) -> str | None:
    return _GERUNDS.get(gerund.lower())


class Change:
    """A state a change leads to: (subject, predicate, object), negated or not."""

    __slots__ = ("negated", "object", "predicate", "subject")

    def __init__(self, subject: str, predicate: str, obj: str, negated: bool) -> None:
        self.subject, self.predicate, self.object, self.negated = subject, predicate, obj, negated


_S = r"(?P<s>.+?)"
_O = r"(?P<o>.+)"
# (pattern, predicate, negated, object must be a name)
_CHANGES: tuple[tuple[re.Pattern[str], str, bool, bool], ...] = tuple(
    (re.compile(pattern, _I), predicate, negated, named)
    for pattern, predicate, negated, named in (
        (rf"{_S} (?:have |has |'ve )?moved from .+? to {_O}", "lives_in", False, False),
        (rf"{_S} (?:have |has |'ve )?moved out of {_O}", "lives_in", True, False),
        (
            rf"{_S} (?:have |has |'ve )?(?:moved|relocated) (?:back )?to {_O}",
            "lives_in",
            False,
            False,
        ),
        (rf"{_S} (?:used to|once) live(?:d)? in {_O}", "lives_in", True, False),
        (rf"{_S} (?:used to|once) work(?:ed)? (?:at|for) {_O}", "works_at", True, False),
        (
            rf"{_S} (?:have |has |'ve )?(?:quit|left) (?:my|his|her|their) job (?:at|with) {_O}",
            "works_at",
            True,
            False,
        ),
        (rf"{_S} (?:have |has |'ve )?(?:quit|left) {_O}", "works_at", True, True),
        (
            rf"{_S} (?:have |has |'ve )?(?:joined|started (?:working )?at) {_O}",
            "works_at",
            False,
            True,
        ),
        (
            rf"{_S} (?:have |has |'ve )?got (?:a |an )?(?:new )?job (?:at|with) {_O}",
            "works_at",
            False,
            False,
        ),
        (rf"{_S} (?:have |has |'ve )?got married to {_O}", "spouse", False, True),
        (rf"{_S} (?:have |has |'ve )?(?:broke|broken) up with {_O}", "dating", True, True),
        (rf"{_S} (?:have |has |'ve )?(?:divorced|split up with) {_O}", "spouse", True, True),
    )
)
_USED_TO_BE = re.compile(rf"{_S} used to be (?:a |an )?{_O}", _I)
_STARTED = re.compile(
    rf"{_S} (?:have |has |'ve )?(?P<v>started|stopped|quit|gave up) (?P<g>\w+ing) {_O}", _I
)


def read_change(text: str) -> Change | None:
    """The state that ``text`` (a cleaned clause) says has begun or ended, if any."""
    for pattern, predicate, negated, named in _CHANGES:
        m = pattern.fullmatch(text)
        if m is None:
            continue
        subject = subject_phrase(m["s"])
        obj = object_phrase(m["o"], name=named)
        if subject is not None and obj is not None:
            return Change(subject, predicate, obj, negated)
        return None
    m = _USED_TO_BE.fullmatch(text)
    if m:
        subject, obj = subject_phrase(m["s"]), object_phrase(m["o"], max_words=3)
        return None if subject is None or obj is None else Change(subject, "is", obj, True)
    m = _STARTED.fullmatch(text)
    if m:
        state = gerund_predicate(m["g"])
        subject, obj = subject_phrase(m["s"]), object_phrase(m["o"], max_words=4)
        if state is None or subject is None or obj is None:
            return None
        return Change(subject, state, obj, m["v"].lower() != "started")
    return None
