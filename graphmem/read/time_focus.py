"""The time a question asks about: now (most questions), a period it names, or the past.

"Where do I live?" asks about now, and recall answers with what holds now (see
``graphmem.read.recall``: what only supports a version that no longer holds ranks below the
current version of its slot). A question can ask about another time, and then the version
true *then* comes first:

* **a period** it names ("where did Ana work in March 2024?", "which car did I drive last
  year?"): recall is asked as of the end of that period (``graphmem.read.period`` reads the
  words, resolved backwards from the recall's ``at``);
* **before a value** ("where did I live before Denver?", "who was my manager before Priya
  took over?"): the value names a version of the slot the question is about; recall is asked
  as of the instant before that version began;
* **the past** without a value ("where did I use to live?", "what was my previous job?",
  "where did I work before?"): the version before the one that holds now.

A recall given an explicit ``at`` is already asked as of that time: the words are not read
again. Only English time words are read (as ``graphmem.read.period`` and the extractor's windows
do); a question in other words is asked about now.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta

from graphmem.extract.windows import TIME_PHRASE
from graphmem.read.period import named_periods

# The version before one the question names: "before Denver", "before joining Kestrel Labs",
# "until the Tesla came along", "prior to Dr Osei"; "what did I leave / trade in / drop / cancel
# for the Tesla?" (what was given up for it); "which gym did she leave when she joined
# Pulsehouse?"; "which cleaner did I replace with Sudsy?", "which manager got replaced by
# Rowena?", "what did Ruby Tiffin replace as my top restaurant?"; "what was I using when the
# Pebble showed up?". Each pattern's ``tail`` is where a version's value is looked for; none
# named, nothing changes (currency._version_before). ("What replaced the Tesla?" asks for the
# version after it, and matches none of these.)
_GAVE_UP = (
    r"(?:leave|left|leaving|quit|quitting|drop|dropped|dropping|ditch|ditched|ditching|dump|"
    r"dumped|trade|traded|trading|swap|swapped|swapping|switch|switched|exchange|exchanged|"
    r"give|gave|giving|abandon|abandoned|replace|replaced|sell|sold|move|moved|cancel|"
    r"cancelled|canceled|cancelling|stop|stopped|end|ended)"
)
_TOOK_UP = (
    r"(?:joined|joining|signed\s+up|started|switched|moved|got|bought|picked\s+up|took\s+up|"
    r"went\s+over|changed|registered|came)"
)
_ARRIVED = r"(?:showed\s+up|came\s+along|arrived|turned\s+up|stepped\s+in|took\s+over|came\s+in)"
_BEFORE = tuple(
    re.compile(pattern, re.IGNORECASE | re.DOTALL)
    for pattern in (
        rf"(?:\bbefore\b|\buntil\b|\btill\b|\bprior\s+to\b|"
        rf"\b{_GAVE_UP}\b(?:\s+[\w'’-]+){{0,3}}?\s+(?:for|in\s+favou?r\s+of)\b|"
        rf"\b{_GAVE_UP}\b(?:\s+[\w'’-]+){{0,3}}?\s+when\s+\w+\s+{_TOOK_UP}\b)(?P<tail>.*)$",
        r"\breplac(?:e|ed|ing)\b(?:\s+[\w'’-]+){0,4}?\s+(?:by|with)\b(?P<tail>.*)$",
        rf"\bwhen\b(?P<tail>.+?)\b{_ARRIVED}\b",
        r"\b(?:did|does|do)\b(?P<tail>.+?)\breplace\b",
    )
)


def _before_tail(query: str) -> str:
    """The words where the version after the one asked for is named, or ""."""
    for pattern in _BEFORE:
        found = pattern.search(query)
        if found and found.group("tail").strip(" ?.!"):
            return found.group("tail")
    return ""


# The past without a period or a value: what held before what holds now.
_PAST = re.compile(
    r"\b(?:used\s+to|did\s+\w+\s+use\s+to|previously|formerly|originally|in\s+the\s+past|back\s+then|at\s+first|"
    r"before\s*[?.!]*\s*$|(?:my|his|her|their|our)\s+(?:old|former|previous|earlier)\s+\w+)",
    re.IGNORECASE,
)
# Words that keep a question in the present whatever its verbs ("what did I say I do now?").
_NOW = re.compile(
    r"\b(?:now|currently|current|these\s+days|at\s+the\s+moment|today|right\s+now|still|"
    r"anymore|any\s+more|nowadays|lately)\b",
    re.IGNORECASE,
)
_PERIOD = re.compile(rf"\b{TIME_PHRASE}", re.IGNORECASE)
# A time the question points back to without naming it ("which vet was it at the time?").
_THEN = re.compile(r"\b(?:at\s+(?:that|the)\s+time|back\s+then|then)\b", re.IGNORECASE)


def untimed(query: str) -> str:
    """``query`` without its words about when ("now", "these days", "in March 2024", "last
    year", "at the time"): what is left says what it asks about."""
    return _THEN.sub(" ", _PERIOD.sub(" ", _NOW.sub(" ", query)))


# Just before a version began: the instant the version before it still held.
EPSILON = timedelta(microseconds=1)


@dataclass(frozen=True, slots=True)
class Focus:
    """What time a question asks about. ``kind``: ``now``, ``period`` (``end`` is the last
    instant of the period, at most ``at``), ``before`` (``tail`` holds the words after
    "before", "until", "left ... for", where a version's value is looked for; a period may
    have one too, for a value that reads as a time: "before Tangent Tuesday") or ``past``."""

    kind: str = "now"
    end: datetime | None = None
    tail: str = ""


NOW = Focus()


def focus_of(query: str, at: datetime) -> Focus:
    """The time ``query`` asks about, read from its words, as of ``at``."""
    tail = _before_tail(query)
    periods = named_periods(query, at)
    if periods:  # "before Tangent Tuesday": the tail may name a version, tried first
        end = min(max(p.end for p in periods) - EPSILON, at)
        return Focus("period", end=end, tail=tail)
    if tail:
        return Focus("before", tail=tail)
    if _PAST.search(query) and not _NOW.search(query):
        return Focus("past")
    return NOW


def names_value(tail: str, value: str) -> bool:
    """Whether the words after "before" name this version's value ("the Tesla Model 3")."""
    folded = " ".join(tail.casefold().split())
    value = " ".join(value.casefold().split())
    return bool(value) and re.search(rf"(?<!\w){re.escape(value)}(?!\w)", folded) is not None
