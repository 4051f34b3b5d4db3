"""Standing preferences for requests: what the user asked to be honoured, when they ask for help.

A preference or a constraint the user stated ("I hate flying, I always take the train",
"never book me anything before 10am") is said once and meant for every later request it
bears on ("book me a trip to Chicago"). Such a request rarely shares a word with the
statement, and a general-purpose embedder puts the two far apart: by keyword the statement
is never a candidate, by meaning it falls under recall's similarity floor or behind
anything that shares a word with the request.

So, when the query asks for help (a request or a question about what to do, not a question
about what happened), recall treats the standing preferences among its candidates as
related by kind rather than by wording: they are kept whatever their similarity, and they
are credited by their rank among one another by similarity (1 for the nearest, 1/2 for the
next, ...). The rank, not a flat bonus, keeps one request from being flooded with every
preference the user ever stated: the credit goes mostly to the one the embedder finds
nearest. A question that does not ask for help ("where did I leave my umbrella?") gets
nothing, and neither do other people's preferences, inferred or external ones, or facts of
other kinds.

Standing: kind ``preference`` or ``constraint`` (DESIGN.md's kinds), authority ``system``,
``user`` or ``confirmed`` (stated or confirmed by the user, never inferred or read from a
document), and holding at the recall's point (the store's filter already asks that).
"""

from __future__ import annotations

import re

from graphmem.model import Authority, Kind

STANDING_KINDS = frozenset({Kind.PREFERENCE.value, Kind.CONSTRAINT.value})
STANDING_AUTHORITIES = frozenset(
    {Authority.SYSTEM.value, Authority.USER.value, Authority.CONFIRMED.value}
)

# A request opens with a verb in the imperative or with "can you / could you / please",
# or asks what to do ("what should I", "which ... would you recommend", "how do I").
# Questions about the past ("what did I say", "when was ...") match neither.
_IMPERATIVES = (
    "add arrange book buy choose come compose create design draft explain export fill find "
    "fix format forward get give help list make order organise organize pack pick plan "
    "prepare put recommend remind reserve schedule send set share show sort suggest "
    "summarise summarize teach tell translate write"
)
_OPENING = re.compile(
    r"^\s*(?:(?:hey|hi|ok|okay|so)[,!]?\s+)?(?:please\s+)?"
    r"(?:(?:can|could|would|will)\s+you\b|(?:" + _IMPERATIVES.replace(" ", "|") + r")\b)",
    re.IGNORECASE,
)
_ASKS_WHAT_TO_DO = re.compile(
    r"\b(?:should|shall)\s+(?:i|we)\b|\bhow\s+(?:do|can|could)\s+(?:i|we)\b"
    r"|\b(?:recommend|suggest|suggestions?|ideas?|advice)\b|\b(?:a|any)\s+good\b"
    r"|\bwhere\s+can\s+(?:i|we)\b|\bhelp\s+me\b",
    re.IGNORECASE,
)


# "What did she recommend?", "which advice was the best?": about what happened, whatever
# words of asking for help they contain.
_ABOUT_THE_PAST = re.compile(
    r"^\s*(?:what|which|who|whom|whose|when|where|why|how)\b(?:\s+\w+){0,3}?\s+"
    r"(?:did|was|were|had|has|have)\b",
    re.IGNORECASE,
)


def asks_for_help(query: str) -> bool:
    """Whether ``query`` is a request or asks what to do, rather than what happened."""
    if _ABOUT_THE_PAST.search(query):
        return False
    return bool(_OPENING.search(query) or _ASKS_WHAT_TO_DO.search(query))


def is_standing(row: dict[str, object]) -> bool:
    """A fact row the user stated as a preference or a constraint (see the module)."""
    return row.get("kind") in STANDING_KINDS and row.get("authority") in STANDING_AUTHORITIES
