"""A passing feeling is no mental-health data.

"My anxiety about the presentation faded once I'd got through the first slide", "Waiting on
the offer was causing Dani extreme anxiety", "I was a bit depressed when the concert got
cancelled": a mood tied to an occasion, which people tell all the time, in words that also
name conditions ("my anxiety has been bad again since March"). Holding every such sentence
back as special-category data hides ordinary memories from recall (a memory bank's stories of
a child nervous at a school fair) and protects nothing, so :mod:`graphmem.trust.sensitivity`
reads mental health again without the sentences this module calls passing.

A sentence is passing when, in English, a word of feeling is tied to an occasion (about,
before, when…), caused by one ("giving me anxiety"), ends ("faded", "dissipated"), comes in a
wave or a moment, or names a job ("works as a therapist") — and nothing in it, or near the
word, says condition, care or persistence (a disorder, attacks, medication, a doctor,
therapy, "since", "for months", "again", "struggling with"). Anything else stays what the
category's words say: the risky reading is the default.
"""

from __future__ import annotations

import re

_FEELING = r"(?:anxiety|anxious|depressed|panic(?:ked|ky)?|nervous)"
_OCCASION = re.compile(
    # tied to an occasion: "anxiety about the flight", "depressed when the concert got cancelled"
    rf"\b{_FEELING}(?:\s+levels?)?\s+(?:\w+\s+){{0,3}}?(?:about|over|before|ahead\s+of|when|during|"
    r"after|at\s+the|waiting|on\s+the\s+(?:morning|day|night)\s+of)\b|"
    # caused by one: "is giving me mild anxiety", "causing Dani extreme anxiety"
    r"\b(?:giving|gave|give|gives|causing|caused|cause|causes)\s+(?:\w+\s+){0,2}"
    r"(?:mild|some|real|extreme|a\s+bit\s+of|so\s+much)?\s*(?:anxiety|panic)\b|"
    # ending: "his anxiety dissipated the moment…"
    r"\b(?:anxiety|panic|nerves)\s+(?:\w+\s+){0,3}?(?:faded|fades|dissipated|eased|vanished|"
    r"disappeared|went\s+away|subsided|melted|lifted|passed|evaporated)\b|"
    # a moment of it: "a wave of panic", "panic mode"
    r"\ba\s+(?:wave|moment|flash|rush|surge|jolt|pang|spike|bout)\s+of\s+(?:panic|anxiety)\b|"
    r"\bpanic\s+mode\b|"
    # a job: "Ana, who works as a therapist"
    r"\b(?:works?|worked|working|trained|training|qualified|job)\s+as\s+an?\s+"
    r"(?:therapist|psychologist|counsell?or|psychiatrist)\b",
    re.IGNORECASE,
)
# Condition or care anywhere in the sentence.
_CARE = re.compile(
    r"\b(?:disorder|attacks?|diagnos\w*|meds|medication|pills|prescri\w*|therapy|counsell?ing|"
    r"psychiatr\w*|psycholog\w*|doctor|gp|hospital\w*|clinic\w*|sick\s+(?:leave|note)|"
    r"signed\s+off|self[- ]harm\w*|suicid\w*|crisis|chronic|severe|social\s+anxiety|"
    r"generali[sz]ed|my\s+depression|"
    # something taken or done for it: "propranolol for my anxiety"
    r"for\s+(?:my|his|her|their|your)\s+(?:anxiety|depression|nerves|panic))\b",
    re.IGNORECASE,
)
# Persistence near the feeling word (a window: "I'd been looking forward to it for months"
# further along says nothing about the mood).
_LASTING = re.compile(
    r"\b(?:since|for\s+(?:weeks|months|years|ages|a\s+long\s+time)|every\s+(?:day|night|"
    r"morning)|most\s+days|always|again|lately|constantly|all\s+the\s+time|struggl\w*|"
    r"suffer\w*|battl\w*|deal(?:ing|s)?\s+with|cope|coping|still|(?:have|has|'ve|'s)\s+been)\b",
    re.IGNORECASE,
)
_WINDOW = 40
_SENTENCES = re.compile(r"[^.!?;\n]+[.!?;\n]*")


def passing(sentence: str) -> bool:
    """Whether ``sentence`` tells a passing feeling tied to an occasion, and nothing of a
    condition, care or a feeling that lasts."""
    found = _OCCASION.search(sentence)
    if found is None or _CARE.search(sentence):
        return False
    near = sentence[max(found.start() - _WINDOW, 0) : found.end() + _WINDOW]
    return _LASTING.search(near) is None


def without_passing(text: str) -> str:
    """``text`` less its passing sentences (:func:`passing`)."""
    return "".join(s for s in _SENTENCES.findall(text) if not passing(s))


def mentions_passing(text: str) -> bool:
    return _OCCASION.search(text) is not None
