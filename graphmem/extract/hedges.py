"""Hedges and negation: words that change how sure a statement is, or flip it.

A hedge ("I think", "apparently", "probably", "kind of") is peeled off and kept
as a flag: the claim is still made, with lower confidence. A modal or a wish
("might", "could", "I wonder whether", "I hope") makes the clause a possibility,
not a statement, and the clause yields nothing. Negation is read by the grammar
itself (``NEGATIVE`` below names its words), so that "is not the capital of"
and "doesn't live in" keep their relation and say it does not hold.
"""

from __future__ import annotations

import re

__all__ = ["NEGATIVE", "Hedged", "peel_hedges", "speculative"]

_I = re.IGNORECASE

_HEDGE = (
    r"(?:i think|i guess|i believe|i suppose|i reckon|i feel like|i'm pretty sure|i am pretty sure"
    r"|i'm fairly sure|pretty sure|i heard|apparently|maybe|perhaps|probably|possibly|supposedly"
    r"|if i remember (?:right|correctly)|iirc)"
)
_LEADING = re.compile(rf"^(?:{_HEDGE}(?: that)?,?\s+)+", _I)
_INLINE = re.compile(r"\b(?:probably|possibly|apparently|perhaps|maybe|kind of|sort of)\s+", _I)
_TRAILING = re.compile(
    rf"(?:,?\s+(?:{_HEDGE}|but i'm not (?:sure|certain)|but not sure|not sure|i'm not sure))+$",
    _I,
)
_SPECULATIVE = re.compile(
    r"\b(?:might|may|could|would|should|shall|will|won't|wouldn't|must"
    r"|wonder|wondering|hope|hoping|wish|want to|wants to|planning to|thinking about)\b"
    r"|^(?:whether|if|unless|when|what|who|where|why|how)\b",
    _I,
)
# The words of a negative statement, as the grammar reads them.
NEGATIVE = r"(?:not|isn't|aren't|doesn't|don't|didn't|never|no longer)"


class Hedged:
    """A clause with its hedges peeled off, and whether there were any."""

    __slots__ = ("hedged", "text")

    def __init__(self, text: str, hedged: bool) -> None:
        self.text = text
        self.hedged = hedged


def peel_hedges(text: str) -> Hedged:
    """ "I think Alice is my manager" -> "Alice is my manager", hedged."""
    hedged = False
    for pattern in (_LEADING, _TRAILING):
        text, n = pattern.subn("", text)
        hedged = hedged or n > 0
    text, n = _INLINE.subn("", text)
    return Hedged(text.strip(), hedged or n > 0)


def speculative(text: str) -> bool:
    """A possibility, a wish or an embedded question: "Dana might be moving to Perth"."""
    return _SPECULATIVE.search(text) is not None
