"""The time a question is about: "what did we discuss on 3 June?", "where did she travel
in July 2022?", "what happened last week?".

Recall reads the time words of its query with the grammar the extractor uses for
validity windows (``graphmem.extract.windows``), resolved backwards from the recall's
``at``, and gives evidence from those periods a credit (``Weights.period``). It is a
credit, not a filter: "in June" in a question may be loose, and a question that names no
time changes nothing.

Periods over by ``at`` count. A period still running at ``at`` counts up to ``at`` when the
question speaks of the past ("what did we decide today?", "which state has been hit by a
storm this week?", "the study published this week"): "suggest a recipe for tonight" or
"book a trip next week" asks for something to be done, not about what was said then, and
would otherwise credit everything said today. Evidence is from a period when it began in it: an
episode's ``occurred_at``, a fact's ``valid_from``. An event is usually told after it
happened ("I won the final last Saturday"), so up to :data:`TOLD_WITHIN` after the period
still counts. (A fact that recall sees holds at ``at``, so it cannot have ended in a past
period.)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta

from graphmem.extract.windows import EDGE_PHRASE, TIME_PHRASE, period_of

TOLD_WITHIN = timedelta(days=7)
_TIME_WORDS = re.compile(rf"\b{TIME_PHRASE}", re.IGNORECASE)
# An English question about the past: a past auxiliary or common irregular past form, a
# perfect ("has been", "have seen"), or a regular past or participle ("published").
_ABOUT_THE_PAST = re.compile(
    r"\b(?:did|was|were|had|happened|went|said|told|made|came|got|bought|began|became|won|"
    r"lost|met|saw|took|gave|found|ate|wrote|spent|heard|left|thought|felt|sent|paid|sold)\b"
    r"|\b(?:has|have|hasn't|haven't)\s+(?:\w+\s+)?(?:been|done|seen|gone|\w+ed)\b"
    r"|\b\w{2,}[^\We]ed\b",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class Period:
    """[start, end): a stretch of time a question names."""

    start: datetime
    end: datetime

    def began_in(self, moment: datetime) -> bool:
        """Whether evidence that began at ``moment`` is from this period."""
        return self.start <= moment < self.end + TOLD_WITHIN


def named_periods(text: str, at: datetime) -> list[Period]:
    """Every period ``text`` names that is over by ``at`` (or, asked about the past, has begun
    by then: up to ``at``), resolved as past time.

    "The beginning of November 2022" is its first third, not its first day as in a
    validity window ("from the start of next month"): a question's edge is loose."""
    found: list[Period] = []
    for match in _TIME_WORDS.finditer(text):
        # Case is kept: "May" in a question is the month, "may" the verb.
        words = " ".join(match.group().split())
        edge = EDGE_PHRASE.fullmatch(words.lower())
        inner = period_of(words[-len(edge[2]) :], at, "past") if edge else None
        if edge and inner is not None:
            third = (inner.end - inner.start) / 3
            start = inner.end - third if edge[1] == "end" else inner.start
            found.append(Period(start, start + third))
        elif (period := period_of(words, at, "past")) is not None:
            found.append(Period(period.start, period.end))
    past = bool(_ABOUT_THE_PAST.search(text))
    return [
        Period(p.start, min(p.end, at))
        for p in dict.fromkeys(found)
        if p.end <= at or (past and p.start < at)
    ]
