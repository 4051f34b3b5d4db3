"""The offline extractor: explicit first-person statements, by grammar, with no model.

This is the zero-configuration extractor. It is deterministic (regular expressions
and a small grammar, standard library only) and deliberately narrow: it understands
what the user says *about themselves*, plainly, and leaves everything else alone
rather than guess. A sentence it does not recognise yields no claim.

How a message is read
---------------------
1. Curly quotes and dashes are normalised one character for one, so that offsets
   into the message stay valid and every ``quote`` is an exact substring of it.
2. The message is split into sentences (``. ! ? ;`` and new lines, not after
   abbreviations such as "Dr." or "e.g."), and a sentence into clauses at
   "and / but / plus" followed by a new first-person start ("and I ...",
   "but my ...", "and please ..."). Each clause is read on its own; its text is
   the ``quote`` of every claim it yields.
3. Questions (a sentence ending in "?", unless it is a polite request such as
   "could you always ...?") and hypotheticals (a sentence starting with "if",
   "suppose", "imagine", "what if", ...) are skipped whole.
4. From each clause the extractor peels, from either end: discourse markers
   ("oh,", "btw", "that was a joke,", "thanks"), frustration ("ugh,"),
   politeness ("please", "could you"), "remember that", hedges ("I think"),
   standing-instruction markers ("from now on", "going forward"), a scope
   ("for project Apollo", "at work") and validity windows ("for September only",
   "until Friday", "in July"). What is left, the core, must match one rule of
   the grammar below *as a whole*. If peeling a window or scope leaves a core no
   rule accepts, the clause is read again with fewer peels (so "my birthday is
   3 March" keeps its date as the object).

Grammar
-------
``X``/``Y`` are the user's words (trimmed, trailing punctuation and fillers such
as "now", "anymore" removed, casing kept). The subject is always ``speaker``.

================================================  ============================  ==========
statement                                         claim                         kind
================================================  ============================  ==========
I live in X / I'm based in X / I'm living in X    lives_in X                    fact
I've lived in X [since March | for 3 years] (1)   lives_in X                    fact
I moved to X [in July | last month | on 3 July]   lives_in X (2)                fact
I just moved to X / I've relocated to X           lives_in X (2)                fact
I moved from A to B [when]                        lives_in B (2)(11)            fact
I moved out of X / I used to live in X            lives_in X, negated (3)       fact
I'm moving to X next month (needs a date)         lives_in X, confidence 0.8    fact
I no longer live in X / don't ... X anymore       lives_in X, negated (3)       fact
I don't live in X                                 lives_in X, negated (4)       fact
my name is X                                      name X                        fact
call me X / I go by X / I prefer to be called X   preferred_name X              fact
don't call me X                                   preferred_name X, negated     fact
my surname / last name / family name is X         surname X                     fact
my surname is not X / isn't X [, it's Y]          surname X, negated (4) [; Y]  fact
my surname is Y, not X                            surname Y; surname X neg.     fact
my X is / are Y (timezone, manager, ...)          snake_case(X) Y (5)           fact
my favourite / preferred X is Y                   favourite_x Y                 preference
I work at / for X [as a T]                        works_at X [; job_title T]    fact
I work as a T [at X]                              job_title T [; works_at X]    fact
I work on the X project / on project X            works_on X                    fact
I work 9 to 5 / from 9am to 5pm                   working_hours "9 to 5"        fact
I started (working) at X / I joined X [when]      works_at X (2)                fact
I quit / left my job at X [when]                  works_at X, negated (3)       fact
I no longer work at X / don't work for X          works_at X, negated (3)(4)    fact
I prefer X [over Y] / I'd prefer X                prefers "X [over Y]"          preference
I'd rather X [than Y]                             prefers "X [over Y]"          preference
I prefer it when you X                            prefers X                     preference
I like / love / enjoy X; I'm a fan of X           likes X                       preference
I avoid X / prefer not to X / I'd rather not X    avoids X                      preference
I don't like / dislike / hate / can't stand X     dislikes X                    preference
(please) always X -- a style request (6)          prefers X                     preference
never X / don't ever X -- a style request         avoids X                      preference
always X / never X -- any other rule              instruction "always X"        constraint
from now on / going forward, X (imperative)       instruction X (7)             (6)
<explicit window>, X (imperative)                 instruction X (8)             (6)
remember that X                                   whatever X yields, else       —
                                                  noted X, confidence 0.8       fact
I declined / cancelled / skipped / moved X        declined X, cancelled X ...   event (9)
move / reschedule / cancel / skip X [to Y] (10)   reschedule X, cancel X ...    event (9)
this Thursday I'll X / I'm going to X tomorrow    plans X                       event (9)
================================================  ============================  ==========

(1) valid_from = March 1 / three years before occurred_at.
(2) valid_from = the date of the move (its first day), else occurred_at.
(3) a change in the world: negated, valid_from = the date, else occurred_at.
(4) a correction: negated, valid_from None (see Choices).
(5) a relation (manager, friend, wife, ...) needs a capitalised name as its value.
(6) a style request (reply, write, format, tone, language, length, emoji, bullet
    points, ...) is a preference; any other rule is a constraint.
(7) valid_from = occurred_at.
(8) "for September only, block 9-11 for writing": valid_from / valid_until = the
    window. Without a marker or an explicit window an imperative is a one-off
    request and yields nothing.
(9) validity = the day named ("Thursday's writing block", "tomorrow"), the
    window given, or else the day of occurred_at.
(10) only when X names a meeting, call, block, slot, ... or a day.
(11) nothing is said about A: lives_in holds one value, so B closes A's validity
     at the move date, and A stays true before it.

Windows, at either end of a clause (P is a day, weekday, date, week, weekend,
month, year, "the end of the month", ...):

=====================================================  ==================================
phrase                                                 validity
=====================================================  ==================================
for P [only] / only for P / just P / during P          [start of P, end of P)
this Thursday only / today only / just this week       [start of P, end of P)
for the next two weeks / over the coming month         [occurred_at, + duration)
for two weeks                                          the same; backwards after "I've"
for the rest of the week / month                       [occurred_at, end of it)
until Friday / until the 15th (the day counts)         [occurred_at, end of that day)
until next week / until September                      [occurred_at, start of it)
until the end of the month                             [occurred_at, first of next month)
from / starting / as of 1 October                      [1 October, open)
since March                                            [the latest March 1, open)
from Monday to Friday                                  [Monday, end of Friday)
this Thursday / tomorrow / next week / last month      [start of P, end of P) (bare)
in July / on 3 July / in 2024 / on Thursday            the same, but only for residence,
                                                       work, moves, events and plans
=====================================================  ==================================

Month names resolve to the current or next such month (for September said on
2026-08-20: 2026-09-01 to 2026-10-01) and, for what already happened ("I moved
... in July", "since March"), to the current or latest one. Weekdays resolve to
the next (or, in the past, the latest) such day, today included; "next Friday"
is the first Friday after today. Weeks start on Monday. All times are UTC
midnights.

Scopes: "for / on project X", "on the X project" -> ``project:x``; the same with
"task" -> ``task:x``; "on the topic of X", "when discussing X" -> ``topic:x``;
"when talking / writing to Dana" -> ``person:dana``; "at work" ->
``situation:work``, "at home" / "from home" -> ``situation:home``, "at / in the
office" -> ``situation:office``, "when travelling" -> ``situation:travel``, "in
meetings" -> ``situation:meetings``, "on weekends" -> ``situation:weekends``, "on
holiday / vacation" -> ``situation:holiday``.

Choices
-------
* **Negation.** ``negated=True`` says the claim does not hold. Two cases are told
  apart by ``valid_from``: with ``valid_from=None`` it is a correction, "this was
  never true" (``my surname is not Wang``, ``I don't live in Austin``), which the
  consolidator turns into a retraction in belief time; with ``valid_from`` set it
  is a change in the world, "not true from this time on" (``I no longer live in
  Austin``, ``I moved out of Austin in May``), which closes validity at that time
  and leaves the earlier history true.
* **One day is an exception, not a rule.** A claim whose window is one day or
  shorter ("this Thursday only, ...", "today only, reply in French") is emitted as
  kind ``event`` whatever its predicate, so that it can never rewrite a standing
  preference or rule.
* **Bare imperatives are requests, not memory.** "Book me a flight" or "remind me
  to call Dana tomorrow" yield nothing. An imperative becomes an ``instruction``
  only with a standing marker ("from now on"), "always"/"never", or an explicit
  window ("for September only", "until Friday", "just this week").
* **Style or rule.** An instruction about how to communicate (reply, write,
  format, tone, language, length, emoji, bullet points, ...) is a ``preference``;
  any other rule (ask before booking, block 9-11, no meetings before 10) is a
  ``constraint``.
* **Confidence.** Explicit statements 0.95; hedged ones ("I think I prefer",
  "probably", "kind of") 0.6; "remember that X" with an unrecognised X 0.8;
  announced moves and future residence 0.8.
* **Frustration** ("ugh, I hate Mondays", or a sentence with "!!") is not a
  standing preference, but it is evidence: the claim is kept with confidence
  0.3 so that distillation can promote a pattern that recurs, and the gate can
  drop it.
* **Other people.** Statements about others ("my friend lives in Rome", "my
  wife's name is Ana") yield nothing; "my manager is Dana" is about the user's
  relation and is kept (a relation needs a capitalised name as its value).
* **Credentials** (password, PIN, API key, card number, ...) are never extracted,
  not even through "remember that".
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from typing import Literal

from graphmem.errors import InvalidArgument
from graphmem.extract import relations
from graphmem.extract.phrases import SELF, SENSITIVE
from graphmem.extract.phrases import words as _words
from graphmem.extract.sentences import NORMALISE, clauses
from graphmem.model import GLOBAL, Claim, Kind, check_predicate, check_scope
from graphmem.temporal import utc

__all__ = ["OfflineExtractor"]

Direction = Literal["past", "future"]

EXPLICIT = 0.95
HEDGED = 0.6
NOTED = 0.8
ANNOUNCED = 0.8
FRUSTRATED = 0.3

_DAY = timedelta(days=1)
_I = re.IGNORECASE


# --------------------------------------------------------------------------- time expressions

_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_MONTH_NAMES = (
    "january jan", "february feb", "march mar", "april apr", "may", "june jun", "july jul",
    "august aug", "september sept sep", "october oct", "november nov", "december dec",
)  # fmt: skip
_MONTHS = {name: n for n, names in enumerate(_MONTH_NAMES, start=1) for name in names.split()}
_NUMBERS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
    "a couple of": 2, "couple of": 2,
}  # fmt: skip

_WD = "(?:" + "|".join(_WEEKDAYS) + ")"
_MON = "(?:" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + ")"
_ORD = r"\d{1,2}(?:st|nd|rd|th)?"
_YEAR = r"(?:19|20)\d{2}"
_NUM = "(?:" + "|".join([r"\d{1,3}", *sorted(_NUMBERS, key=len, reverse=True)]) + ")"
_UNIT = r"(?:days?|weeks?|fortnights?|months?|years?)"
_SPAN = r"(?:weekend|week|month|year)"
_P_REL = (
    r"(?:today|tonight|tomorrow|yesterday|the day after tomorrow|the day before yesterday"
    rf"|(?:this|next|last|coming|the coming) (?:{_SPAN}|{_WD})\b|the {_SPAN}\b"
    rf"|earlier this (?:week|month|year)\b|{_NUM} {_UNIT} ago)"
)
_P_DATE = (
    rf"(?:\d{{4}}-\d{{2}}-\d{{2}}|{_ORD} (?:of )?{_MON}\b(?:,? {_YEAR})?"
    rf"|{_MON} {_ORD}\b(?:,? {_YEAR})?|the \d{{1,2}}(?:st|nd|rd|th)\b)"
)
_P_CAL = rf"(?:{_P_DATE}|{_MON}\b(?: {_YEAR})?|{_YEAR}\b|{_WD}\b)"
_P_EDGE = (
    r"(?:the )?(?:start|beginning|end) of "
    rf"(?:(?:this|next|last|the) (?:week|month|year)|{_MON}\b(?: {_YEAR})?)"
)
_P = rf"(?:{_P_EDGE}|{_P_REL}|{_P_CAL})"


@dataclass(frozen=True)
class _Period:
    """A half-open stretch of time, [start, end), and what kind of stretch it is."""

    start: datetime
    end: datetime
    grain: str  # day | week | weekend | month | year | end


def _midnight(day: date) -> datetime:
    return datetime(day.year, day.month, day.day, tzinfo=UTC)


def _days(day: date, count: int = 1, grain: str = "day") -> _Period:
    start = _midnight(day)
    return _Period(start, start + timedelta(days=count), grain)


def _shift(moment: datetime, months: int = 0, days: int = 0) -> datetime:
    index = moment.year * 12 + moment.month - 1 + months
    year, month = divmod(index, 12)
    day = min(moment.day, calendar.monthrange(year, month + 1)[1])
    return moment.replace(year=year, month=month + 1, day=day) + timedelta(days=days)


def _month(year: int, month: int) -> _Period:
    start = datetime(year, month, 1, tzinfo=UTC)
    return _Period(start, _shift(start, months=1), "month")


def _year(year: int) -> _Period:
    return _Period(datetime(year, 1, 1, tzinfo=UTC), datetime(year + 1, 1, 1, tzinfo=UTC), "year")


def _amount(number: str, unit: str) -> tuple[int, int]:
    """(months, days) of "two weeks", "3 months", "a fortnight"."""
    n = int(number) if number.isdigit() else _NUMBERS[" ".join(number.lower().split())]
    unit = unit.lower().removesuffix("s")
    if unit in ("month", "year"):
        return n * (12 if unit == "year" else 1), 0
    return 0, n * {"day": 1, "week": 7, "fortnight": 14}[unit]


_RELATIVE_DAYS = {
    "today": 0, "tonight": 0, "tomorrow": 1, "yesterday": -1,
    "the day after tomorrow": 2, "the day before yesterday": -2,
}  # fmt: skip
_SPAN_RE = re.compile(rf"(this|next|last|coming|the coming|the|earlier this) ({_SPAN})")
_WEEKDAY_RE = re.compile(rf"(?:(this|next|last|coming) )?({_WD})(?:'s)?")
_AGO_RE = re.compile(rf"({_NUM}) ({_UNIT}) ago")
_EDGE_RE = re.compile(r"(?:the )?(start|beginning|end) of (.+)")
_ISO_RE = re.compile(r"(\d{4})-(\d{2})-(\d{2})")
_DAY_MONTH_RE = re.compile(rf"(\d{{1,2}})(?:st|nd|rd|th)? (?:of )?({_MON})(?:,? ({_YEAR}))?")
_MONTH_DAY_RE = re.compile(rf"({_MON}) (\d{{1,2}})(?:st|nd|rd|th)?(?:,? ({_YEAR}))?")
_NTH_RE = re.compile(r"the (\d{1,2})(?:st|nd|rd|th)")
_MONTH_RE = re.compile(rf"({_MON})(?: ({_YEAR}))?")


def _span(text: str, at: datetime) -> _Period | None:
    m = _SPAN_RE.fullmatch(text)
    if m is None:
        return None
    offset = {"next": 1, "coming": 1, "the coming": 1, "last": -1}.get(m[1], 0)
    today = at.date()
    if m[2] in ("week", "weekend"):
        monday = today - timedelta(days=today.weekday()) + timedelta(weeks=offset)
        if m[2] == "week":
            return _days(monday, 7, "week")
        return _days(monday + timedelta(days=5), 2, "weekend")
    if m[2] == "month":
        start = _shift(datetime(today.year, today.month, 1, tzinfo=UTC), months=offset)
        return _month(start.year, start.month)
    return _year(today.year + offset)


def _weekday(text: str, at: datetime, direction: Direction) -> _Period | None:
    m = _WEEKDAY_RE.fullmatch(text)
    if m is None:
        return None
    qualifier, target, today = m[1], _WEEKDAYS.index(m[2]), at.date()
    if qualifier == "last" or (qualifier in (None, "this") and direction == "past"):
        back = (today.weekday() - target) % 7 or (7 if qualifier == "last" else 0)
        return _days(today - timedelta(days=back))
    ahead = (target - today.weekday()) % 7 or (7 if qualifier in ("next", "coming") else 0)
    return _days(today + timedelta(days=ahead))


def _exact(year: int, month: int, day: int) -> _Period | None:
    try:
        return _days(date(year, month, day))
    except ValueError:
        return None


def _nearest(month: int, day: int, at: datetime, direction: Direction) -> _Period | None:
    """A day and month without a year: this year's, or the next (past: the last) one's."""
    year = at.year
    if direction == "future" and (month, day) < (at.month, at.day):
        year += 1
    elif direction == "past" and (month, day) > (at.month, at.day):
        year -= 1
    return _exact(year, month, day)


def _day_of_month(day: int, at: datetime, direction: Direction) -> _Period | None:
    """The 15th: this month's, or the next (past: the last) month's if that one is gone."""
    month = datetime(at.year, at.month, 1, tzinfo=UTC)
    if direction == "future" and day < at.day:
        month = _shift(month, months=1)
    elif direction == "past" and day > at.day:
        month = _shift(month, months=-1)
    return _exact(month.year, month.month, day)


def _calendar_date(text: str, at: datetime, direction: Direction) -> _Period | None:
    if m := _ISO_RE.fullmatch(text):
        return _exact(int(m[1]), int(m[2]), int(m[3]))
    if m := _NTH_RE.fullmatch(text):
        return _day_of_month(int(m[1]), at, direction)
    if m := _DAY_MONTH_RE.fullmatch(text):
        day, month, year = int(m[1]), _MONTHS[m[2]], m[3]
    elif m := _MONTH_DAY_RE.fullmatch(text):
        day, month, year = int(m[2]), _MONTHS[m[1]], m[3]
    else:
        return None
    if year:
        return _exact(int(year), month, day)
    return _nearest(month, day, at, direction)


def _month_name(text: str, at: datetime, direction: Direction) -> _Period | None:
    m = _MONTH_RE.fullmatch(text)
    if m is None:
        return None
    month = _MONTHS[m[1]]
    if m[2]:
        return _month(int(m[2]), month)
    year = at.year
    if direction == "future" and month < at.month:
        year += 1
    elif direction == "past" and month > at.month:
        year -= 1
    return _month(year, month)


def _period(text: str, at: datetime, direction: Direction) -> _Period | None:
    """What a time expression ("September", "next week", "3 July", "end of the month") covers."""
    if re.search(r"\bmay\b", text) and not re.search(r"\d", text):
        return None  # lower-case "may" is the verb, not the month
    t = " ".join(text.lower().split())
    if t in _RELATIVE_DAYS:
        return _days(at.date() + timedelta(days=_RELATIVE_DAYS[t]))
    if m := _EDGE_RE.fullmatch(t):
        inner = _period(m[2], at, direction)
        if inner is None or inner.grain == "day":
            return None
        if m[1] == "end":
            return _Period(inner.end - _DAY, inner.end, "end")
        return _Period(inner.start, inner.start + _DAY, "day")
    if m := _AGO_RE.fullmatch(t):
        months, days = _amount(m[1], m[2])
        return _days(_shift(at, -months, -days).date())
    if re.fullmatch(_YEAR, t):
        return _year(int(t))
    for parse in (_weekday, _calendar_date, _month_name):
        found = parse(t, at, direction)
        if found is not None:
            return found
    return _span(t, at)


_DAY_MENTION = re.compile(
    rf"\b(?:(?:this|next|last|coming) )?{_WD}\b|\b(?:today|tonight|tomorrow|yesterday)\b"
    rf"|\b{_P_DATE}",
    _I,
)


def _find_day(text: str, at: datetime, direction: Direction) -> _Period | None:
    """The day that a phrase such as "Thursday's writing block" or "tomorrow's standup" names."""
    m = _DAY_MENTION.search(text)
    if m is None:
        return None
    found = _period(m.group(), at, direction)
    return found if found is not None and found.grain == "day" else None


# --------------------------------------------------------------------------- validity windows


class _Unusable(Exception):
    """A window that cannot hold (it ends before it starts): the clause yields nothing."""


@dataclass(frozen=True)
class _Window:
    form: str  # during | until | from | since | range | next | lasting | rest
    first: str = ""
    second: str = ""
    amount: tuple[int, int] = (0, 0)
    explicit: bool = True  # said as a window ("for", "only", "until" ...), not a bare date
    weak: bool = False  # a bare calendar date ("in July"): only dated rules accept it


def _until_end(period: _Period) -> datetime:
    """Until Friday includes Friday; until September stops when September starts."""
    return period.end if period.grain in ("day", "end") else period.start


def _resolve(
    window: _Window, at: datetime, direction: Direction, *, anchor: bool
) -> tuple[datetime | None, datetime | None]:
    """(valid_from, valid_until) of a window; ``anchor``: the window dates a change."""
    months, days = window.amount
    if window.form == "next" or (window.form == "lasting" and direction == "future"):
        return at, _shift(at, months, days)
    if window.form == "lasting":
        return _shift(at, -months, -days), None
    if window.form == "rest":
        if window.first == "day":
            return at, _midnight(at.date()) + _DAY
        rest = _span(f"this {window.first}", at)
        return at, rest.end if rest else None
    look: Direction = "past" if window.form == "since" else "future"
    period = _period(window.first, at, direction if window.form == "during" else look)
    if period is None:
        raise _Unusable(window.first)
    if window.form == "during":
        return (period.start, None) if anchor else (period.start, period.end)
    if window.form == "until":
        return at, _until_end(period)
    if window.form in ("from", "since"):
        return period.start, None
    last = _period(window.second, period.start, "future")
    if last is None:
        raise _Unusable(window.second)
    return period.start, _until_end(last)


# (body, form, explicit, weak); tried in this order at the start and at the end of a clause
_WINDOW_SPECS: tuple[tuple[str, str, bool, bool], ...] = (
    (
        r"(?:just |only )?(?:for|during|throughout|over) the rest of (?:the |this )?"
        r"(?P<rest>day|week|month|year)",
        "rest", True, False,
    ),
    (
        r"(?:just |only )?(?:for|over|during|in) the (?:next|coming|following) "
        rf"(?:(?P<n>{_NUM}) )?(?P<u>{_UNIT})",
        "next", True, False,
    ),
    (rf"(?:just |only )?for (?P<n>{_NUM}) (?P<u>{_UNIT})", "lasting", True, False),
    (
        rf"(?:from|starting(?: from| on)?|beginning|between) (?P<p>{_P}) "
        rf"(?:until|till|til|to|through|thru|and) (?P<q>{_P})",
        "range", True, False,
    ),
    (rf"(?:until|till|til|through|thru|up until) (?P<p>{_P})", "until", True, False),
    (
        rf"(?:from|starting(?: from| on)?|beginning|as of|effective(?: from)?) (?P<p>{_P})"
        r"(?: on(?:wards?)?)?",
        "from", True, False,
    ),
    (rf"(?:ever )?since (?P<p>{_P})", "since", True, False),
    (rf"(?:just|only) (?:for |during |on |in |over )?(?P<p>{_P})(?: only)?", "during", True, False),
    (rf"(?:for|during|throughout|over) (?P<p>{_P})(?: only)?", "during", True, False),
    (rf"(?:on |in |for )?(?P<p>{_P}) only", "during", True, False),
    (rf"(?:(?:on|in) )?(?P<p>{_P_REL})", "during", False, False),
    (rf"(?:back )?(?:in|on|during|at) (?P<p>{_P_EDGE}|{_P_CAL})", "during", False, True),
    (rf"(?P<p>{_P_CAL})", "during", False, True),
)  # fmt: skip

_GAP_BEFORE = r"(?:\s*[,:]\s*|\s+)"
_GAP_AFTER = r"(?:\s*,\s*|\s+)"


def _compile_ends(body: str) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """A phrase at the start of a clause (with the gap after it), and the same at its end."""
    return (
        re.compile(rf"(?:{body}){_GAP_BEFORE}(?=\S)", _I),
        re.compile(rf"{_GAP_AFTER}(?:{body})$", _I),
    )


_WINDOWS = tuple(
    (_compile_ends(body), form, explicit, weak) for body, form, explicit, weak in _WINDOW_SPECS
)


def _window_from(
    m: re.Match[str], form: str, explicit: bool, weak: bool, at: datetime
) -> _Window | None:
    groups = m.groupdict()
    if form == "rest":
        return _Window("rest", first=groups["rest"].lower())
    if form in ("next", "lasting"):
        return _Window(form, amount=_amount(groups["n"] or "1", groups["u"]))
    first, second = groups.get("p") or "", groups.get("q") or ""
    period = _period(first, at, "future")
    if period is None or (second and _period(second, at, "future") is None):
        return None
    if not explicit and not weak and period.grain != "day":
        explicit = True  # "this month, reply in French" is a window, not a one-off request
    return _Window(form, first, second, explicit=explicit, weak=weak)


# --------------------------------------------------------------------------- scopes

_NAME_WORD = r"(?!(?:the|a|an|my|our|on|in|for|of|to|and|project|task|topic)\b)[a-z0-9][\w.&+'-]*"
_NAMED = rf"(?P<name>{_NAME_WORD}(?: {_NAME_WORD}){{0,2}})"
_PERSON = r"(?P<name>(?-i:[A-Z])[\w'-]*(?: (?-i:[A-Z])[\w'-]*)?)"
_WHEN = r"(?:(?:when|while|whenever) (?:I'm |I am |I )?)?"
_SCOPE_SPECS: tuple[tuple[str, str], ...] = (
    (rf"(?:for|on|in|within|regarding) (?:the )?project {_NAMED}", "project"),
    (rf"(?:for|on|in|within|regarding) (?:the |my |our )?{_NAMED} project", "project"),
    (rf"(?:for|on|in|within) (?:the )?task {_NAMED}", "task"),
    (rf"(?:for|on|in|within) (?:the |my |our )?{_NAMED} task", "task"),
    (rf"(?:for|on|about) (?:the )?topic (?:of )?{_NAMED}", "topic"),
    (rf"when (?:we're |we are |I'm |I am )?(?:discussing|talking about) {_NAMED}", "topic"),
    (
        r"(?:when|while|whenever) (?:I'm |I am )?"
        rf"(?:talking|writing|speaking|replying|emailing|messaging|chatting) (?:to|with) {_PERSON}",
        "person",
    ),
    (rf"(?:for|in) (?:emails|messages|replies) to {_PERSON}", "person"),
    (rf"for person {_NAMED}", "person"),
    (rf"{_WHEN}at work", "situation:work"),
    (rf"{_WHEN}(?:at|in) the office", "situation:office"),
    (rf"{_WHEN}at home|(?:when|while) (?:I'm |I am )?working from home", "situation:home"),
    (r"(?:when|while|whenever) (?:I'm |I am |I )?travel(?:l)?(?:ing|s)?", "situation:travel"),
    (r"on (?:the road|trips|business trips|work trips)", "situation:travel"),
    (rf"{_WHEN}in meetings", "situation:meetings"),
    (r"(?:on|at|during|over) (?:the )?weekends", "situation:weekends"),
    (rf"{_WHEN}on (?:holiday|vacation|leave)", "situation:holiday"),
)
_SCOPES = tuple((_compile_ends(body), kind) for body, kind in _SCOPE_SPECS)
_CONDITION = re.compile(r"\W*(?:when|while|whenever)\b", _I)


def _scope_from(m: re.Match[str], kind: str) -> str | None:
    if ":" in kind:
        return kind
    name = " ".join(m["name"].casefold().split())
    try:
        return check_scope(f"{kind}:{name}")
    except InvalidArgument:
        return None


# --------------------------------------------------------------------------- peeling a clause

_DISCOURSE = re.compile(
    r"(?:oh and|and also|oh|ok|okay|so|well|also|and|but|plus|btw|by the way|actually|anyways?"
    r"|fyi|fwiw|for the record|just so you know|for context|hey|hi|hello|yes|yeah|yep|no|nope"
    r"|sorry|correction|to be clear|to clarify|quick update|update|heads up|that was a joke"
    r"|that was wrong|just kidding|jk|i was joking|i was kidding|wait|hmm+|right|oops|lol|haha"
    r"|sure|great|cool|alright|all right|one more thing|as i said|as mentioned|again|ah+|um+|uh+)"
    r"(?:\s*[,:;!.-]+\s*|\s+(?=(?:i|i'm|im|i've|i'd|i'll|my|please|always|never|from|for|call"
    r"|remember|this|next|just|only|until|starting|going|don't|do)\b))",
    _I,
)
_POLITE_TAIL = re.compile(
    r"\s*[,;]?\s*\b(?:please|pls|plz|thanks|thank you|thx|cheers|lol|haha|if possible"
    r"|if you can|when possible|ok|okay)$|\s*(?::\)|:-\)|;\)|:D)$",
    _I,
)
_FRUSTRATION = re.compile(
    r"(?:u+gh+|a+rgh+|urgh+|gah+|grr+|omg|ffs|sigh|jeez|geez|god|damn|dammit|seriously|wtf)\b"
    r"(?:\s*[,!.:-]+\s*|\s+)",
    _I,
)
_POLITE = re.compile(
    r"(?:please|pls|plz|kindly|(?:can|could|would|will) you(?: please)?|you should|you must"
    r"|you need to|you have to|make sure (?:to|that you|you)|be sure to|I(?:'d| would) like you to"
    r"|I want you to|I need you to)\s+",
    _I,
)
_REMEMBER = re.compile(
    r"(?:remember|don't forget|do not forget|keep in mind|bear in mind|make a note|take note|note)"
    r"(?:\s+that\s+|\s*:\s*|\s*,\s*|\s+(?=(?:i|i'm|im|i've|my)\b))",
    _I,
)
_HEDGES = r"(?:I think|I guess|I suppose|I believe|I reckon|I feel like|probably|maybe|perhaps)"
_HEDGE_START = re.compile(rf"{_HEDGES}(?:\s+that)?{_GAP_BEFORE}", _I)
_HEDGE_END = re.compile(rf"{_GAP_AFTER}{_HEDGES}$", _I)
_HEDGE_WORDS = re.compile(r"\b(?:probably|maybe|perhaps|kind of|sort of|i think|i guess)\b", _I)
_MARKER_START, _MARKER_END = _compile_ends(
    r"(?:from now on(?:wards)?|from here on(?: out)?|going forward|moving forward"
    r"|in (?:the )?future|henceforth|hereafter|starting (?:now|today|from today)"
    r"|from today(?: on(?:wards?)?)?|as of (?:now|today)|for the future)"
)


@dataclass
class _Ctx:
    """What the peeled words of one clause said, for the rules to use."""

    at: datetime
    level: int  # 2: peel everything; 1: no bare calendar dates; 0: no windows, no scope
    frustrated: bool = False
    windows: list[_Window] = field(default_factory=list)
    scope: str = GLOBAL
    instruction: bool = False
    conditional: bool = False  # "when writing to Dana", "at work": a standing condition
    hedged: bool = False
    remember: str | None = None

    @property
    def explicit(self) -> bool:
        """A marker, a condition or a window said as one: an imperative is an instruction."""
        return self.instruction or self.conditional or any(w.explicit for w in self.windows)

    @property
    def weak(self) -> bool:
        return any(w.weak for w in self.windows)

    def validity(
        self, direction: Direction = "future", *, anchor: bool = False, explicit_only: bool = False
    ) -> tuple[datetime | None, datetime | None]:
        """(valid_from, valid_until) from the marker and the windows of the clause."""
        start = self.at if self.instruction else None
        until = None
        for window in self.windows:
            if explicit_only and not window.explicit:
                continue
            first, last = _resolve(window, self.at, direction, anchor=anchor)
            start = first if first is not None else start
            until = last if last is not None else until
        if start is not None and until is not None and until <= start:
            raise _Unusable("the window ends before it starts")
        return start, until


def _cut_ends(
    core: str, start: re.Pattern[str], end: re.Pattern[str]
) -> tuple[str, re.Match[str]] | None:
    if m := start.match(core):
        return core[m.end() :], m
    if m := end.search(core):
        return core[: m.start()], m
    return None


def _peel_discourse(core: str, ctx: _Ctx) -> str | None:
    if m := _DISCOURSE.match(core):
        return core[m.end() :]
    if m := _POLITE_TAIL.search(core):
        return core[: m.start()]
    if m := _FRUSTRATION.match(core):
        ctx.frustrated = True
        return core[m.end() :]
    if m := _POLITE.match(core):
        return core[m.end() :]
    return None


def _peel_markers(core: str, ctx: _Ctx) -> str | None:
    if ctx.remember is None and (m := _REMEMBER.match(core)):
        ctx.remember = core[m.end() :]
        return ctx.remember
    if found := _cut_ends(core, _HEDGE_START, _HEDGE_END):
        ctx.hedged = True
        return found[0]
    if found := _cut_ends(core, _MARKER_START, _MARKER_END):
        ctx.instruction = True
        return found[0]
    return None


def _peel_scope(core: str, ctx: _Ctx) -> str | None:
    if ctx.level < 1 or ctx.scope != GLOBAL:
        return None
    for (start, end), kind in _SCOPES:
        found = _cut_ends(core, start, end)
        if found is not None and (scope := _scope_from(found[1], kind)) is not None:
            ctx.scope = scope
            conditional = _CONDITION.match(found[1][0]) is not None
            ctx.conditional = conditional or kind.startswith("situation")
            return found[0]
    return None


def _peel_window(core: str, ctx: _Ctx) -> str | None:
    if ctx.level < 1:
        return None
    for (start, end), form, explicit, weak in _WINDOWS:
        if weak and ctx.level < 2:
            continue
        found = _cut_ends(core, start, end)
        if found is None:
            continue
        window = _window_from(found[1], form, explicit, weak, ctx.at)
        if window is not None:
            ctx.windows.append(window)
            return found[0]
    return None


_PEELERS = (_peel_discourse, _peel_markers, _peel_scope, _peel_window)


def _trim(text: str) -> str:
    return re.sub(r"[\s.!?,;:]+$", "", re.sub(r"^[\s\-*•>]+", "", text))


def _peel(clause: str, ctx: _Ctx) -> str:
    """The core of a clause, once markers, scope and windows are taken off (into ``ctx``)."""
    core = _trim(clause)
    while True:
        for peeler in _PEELERS:
            rest = peeler(core, ctx)
            if rest is not None and _trim(rest):
                core = _trim(rest)
                break
        else:
            return core


# --------------------------------------------------------------------------- objects

_FILLER_TAIL = re.compile(
    r"(?:[\s,]+(?:right now|for now|these days|nowadays|currently|at the moment|at present|now"
    r"|anymore|any more|too|as well|though|lol|haha|please|thanks|thank you|btw|by the way"
    r"|actually|again|still|already|instead))+\s*$",
    _I,
)
_CUT_PLACE = re.compile(
    r"(?:\s*,\s*|\s+)(?:with|because|cause|since|but|so|which|where|who|although|though|while"
    r"|when|if|for|as|after|before|and (?:i|my|we|it|that))\b.*$",
    _I,
)
_CUT_PREFERENCE = re.compile(
    r"(?:\s*,\s*|\s+)(?:because|cause|since|but|although|though|as long as|unless|if|so that"
    r"|which)\b.*$|\s*,\s*(?:and|so)\b.*$",
    _I,
)
_CUT_NAME = re.compile(r"(?:\s*,\s*|\s+)(?:but|because|though|although|so|which|if|not)\b.*$", _I)
_DEICTIC = _words(
    "it that this these those them him her you your his their its one so too both none nothing"
    " something anything everything what which there here me"
)
_NOT_PLACES = frozenset(("here", "there", "town", "the city", "the area", "the country"))
_NOT_ORGS = frozenset(("home", "night", "nights", "weekends", "myself", "me", "a living", "free"))


def _clean(raw: str) -> str:
    """Trimmed words: no trailing punctuation, fillers ("now", "anymore") or wrapping quotes."""
    text = raw.strip()
    while True:
        before = text
        text = _FILLER_TAIL.sub("", text).strip().rstrip(".,;:!?").strip()
        if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'`":
            text = text[1:-1].strip()
        if text == before:
            return text


def _usable(text: str, max_words: int = 40) -> bool:
    words = text.split()
    return (
        bool(words)
        and len(words) <= max_words
        and len(text) <= 300
        and re.search(r"[^\W_]", text) is not None
        and words[0].lower().strip("'\"") not in _DEICTIC
    )


def _place(raw: str) -> str | None:
    text = _clean(_CUT_PLACE.sub("", raw))
    if not _usable(text, 6) or text.lower() in _NOT_PLACES or re.match(r"an?\s", text, _I):
        return None
    return text


def _org(raw: str) -> str | None:
    text = _clean(_CUT_PLACE.sub("", raw))
    return text if _usable(text, 8) and text.lower() not in _NOT_ORGS else None


def _title(raw: str) -> str | None:
    text = _clean(re.sub(r"^(?:an?|the)\s+", "", _CUT_PLACE.sub("", raw), flags=_I))
    return text if _usable(text, 6) else None


def _name(raw: str) -> str | None:
    text = _clean(_CUT_NAME.sub("", raw.strip()))
    return text if _usable(text, 5) and text[0].isalnum() else None


def _preference(raw: str) -> str | None:
    text = _clean(_CUT_PREFERENCE.sub("", raw.strip()))
    text = re.sub(r"\s+(?:rather than|instead of|more than|than)\s+", " over ", text, flags=_I)
    return text if _usable(text, 25) else None


def _free(raw: str) -> str | None:
    text = _clean(raw)
    return text if _usable(text) else None


# --------------------------------------------------------------------------- the grammar


@dataclass(frozen=True)
class _Hit:
    predicate: str
    object: str
    kind: Kind
    valid_from: datetime | None = None
    valid_until: datetime | None = None
    negated: bool = False
    confidence: float = EXPLICIT


Handler = Callable[[re.Match[str], _Ctx], list[_Hit] | None]


@dataclass(frozen=True)
class _Rule:
    pattern: re.Pattern[str]
    handler: Handler
    dated: bool  # accepts a bare calendar date ("in July", "on 3 July") as its window


_RULES: list[_Rule] = []


def _rule(pattern: str, *, dated: bool = False) -> Callable[[Handler], Handler]:
    """Register a handler for cores that ``pattern`` matches as a whole; rules run in order.

    A handler returns the hits, ``[]`` for "understood, nothing worth keeping", or
    None to let the next rule try.
    """

    def register(handler: Handler) -> Handler:
        _RULES.append(_Rule(re.compile(pattern, _I), handler, dated))
        return handler

    return register


_ADV = (
    r"(?:(?:really|generally|usually|normally|typically|mostly|strongly|much|definitely|also"
    r"|still|actually|honestly|absolutely|truly|totally|do|just|now|currently|always|recently"
    r"|finally|officially|already|kind of|sort of|probably|somewhat|certainly|genuinely"
    r"|very much) )*"
)
_AM = r"(?:'m| am|m)"
_HAVE = r"(?:'ve| have)"
_NOT = r"(?:don't|do not|dont|no longer)"
_CHANGE = re.compile(r"\b(?:no longer|anymore|any more|used to)\b", _I)


def _change_start(m: re.Match[str], ctx: _Ctx) -> datetime | None:
    """When a negation takes effect: a date or now for a change, None for a correction."""
    start = ctx.validity("past", anchor=True)[0]
    if start is None and _CHANGE.search(m.string):
        return ctx.at
    return start


# -- names (before "my X is Y", and before imperatives: "call me Mo" is no request)


@_rule(r"(?:(?:you can|just|always) )?call me (?P<x>.+)|I go by (?P<y>.+)")
def _call_me(m: re.Match[str], ctx: _Ctx) -> list[_Hit] | None:
    name = _name(m["x"] or m["y"])
    return None if name is None else [_Hit("preferred_name", name, Kind.FACT, *ctx.validity())]


@_rule(r"(?:don't|do not|never|please don't) call me (?P<x>.+)")
def _dont_call_me(m: re.Match[str], ctx: _Ctx) -> list[_Hit] | None:
    name = _name(m["x"])
    return None if name is None else [_Hit("preferred_name", name, Kind.FACT, negated=True)]


@_rule(rf"I{_AM} called (?P<x>.+)|I {_ADV}prefer to be (?:called|addressed as) (?P<y>.+)")
def _called(m: re.Match[str], ctx: _Ctx) -> list[_Hit] | None:
    name = _name(m["x"] or m["y"])
    predicate = "name" if m["x"] else "preferred_name"
    return None if name is None else [_Hit(predicate, name, Kind.FACT, *ctx.validity())]


# -- residence


@_rule(
    rf"I(?: {_ADV}(?:live|reside)|{_AM} {_ADV}(?:living|residing|based|located)) "
    r"(?:in|out of) (?P<x>.+)",
    dated=True,
)
def _lives_in(m: re.Match[str], ctx: _Ctx) -> list[_Hit] | None:
    place = _place(m["x"])
    return None if place is None else [_Hit("lives_in", place, Kind.FACT, *ctx.validity())]


@_rule(rf"I{_HAVE} {_ADV}(?:lived|been living|been based|been located|been residing) in (?P<x>.+)")
def _has_lived_in(m: re.Match[str], ctx: _Ctx) -> list[_Hit] | None:
    place = _place(m["x"])
    return None if place is None else [_Hit("lives_in", place, Kind.FACT, *ctx.validity("past"))]


@_rule(
    rf"I(?: {_ADV}{_NOT} {_ADV}(?:live|reside)|{_AM} {_ADV}(?:not|no longer) {_ADV}"
    rf"(?:living|residing|based|located)| {_ADV}used to (?:live|be based)) (?:in|out of) (?P<x>.+)",
    dated=True,
)
def _not_lives_in(m: re.Match[str], ctx: _Ctx) -> list[_Hit] | None:
    place = _place(m["x"])
    if place is None:
        return None
    return [_Hit("lives_in", place, Kind.FACT, _change_start(m, ctx), negated=True)]


@_rule(
    rf"I(?:{_HAVE})? {_ADV}(?:moved|relocated)(?: back| over| house)?"
    r"(?: from (?P<a>.+?))? to (?P<b>.+)",
    dated=True,
)
def _moved(m: re.Match[str], ctx: _Ctx) -> list[_Hit] | None:
    place = _place(m["b"])
    if place is None:
        return None
    # "from A" yields nothing of its own: lives_in holds one value, so the new residence
    # closes the old one at the move date, and the old one's history stays true.
    moved_at = ctx.validity("past", anchor=True)[0] or ctx.at
    return [_Hit("lives_in", place, Kind.FACT, moved_at)]


@_rule(rf"I(?:{_HAVE})? {_ADV}moved (?:out of|away from) (?P<x>.+)", dated=True)
def _moved_out(m: re.Match[str], ctx: _Ctx) -> list[_Hit] | None:
    place = _place(m["x"])
    moved_at = ctx.validity("past", anchor=True)[0] or ctx.at
    return None if place is None else [_Hit("lives_in", place, Kind.FACT, moved_at, negated=True)]


@_rule(
    rf"I{_AM} {_ADV}(?:moving|relocating) to (?P<x>.+)"
    r"|I(?:'ll| will) be (?:based|living) in (?P<y>.+)",
    dated=True,
)
def _will_live_in(m: re.Match[str], ctx: _Ctx) -> list[_Hit] | None:
    place = _place(m["x"] or m["y"])
    if place is None or not ctx.windows:
        return []  # an announced move without a date is too vague to keep
    start, until = ctx.validity(anchor=m["x"] is not None)
    return [_Hit("lives_in", place, Kind.FACT, start, until, confidence=ANNOUNCED)]


# -- work

_TIME = r"\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm)?"


@_rule(rf"I {_ADV}work (?:from )?(?P<x>{_TIME} ?(?:to|till|until|-) ?{_TIME})")
def _working_hours(m: re.Match[str], ctx: _Ctx) -> list[_Hit] | None:
    return [_Hit("working_hours", m["x"], Kind.FACT, *ctx.validity())]


@_rule(
    rf"I(?: {_ADV}work|{_AM} {_ADV}working) on (?:the |my |our )?"
    r"(?:project (?P<a>.+)|(?P<b>.+?) project)"
)
def _works_on(m: re.Match[str], ctx: _Ctx) -> list[_Hit] | None:
    project = _org(m["a"] or m["b"])
    return None if project is None else [_Hit("works_on", project, Kind.FACT, *ctx.validity())]


@_rule(
    rf"I(?: {_ADV}work|{_AM} {_ADV}working) (?:at|for) (?P<x>.+?)(?: as (?:an? |the )?(?P<t>.+))?"
    rf"|I {_ADV}work as (?:an? |the )?(?P<t2>.+?)(?: (?:at|for) (?P<x2>.+))?",
    dated=True,
)
def _works_at(m: re.Match[str], ctx: _Ctx) -> list[_Hit] | None:
    org_text, title_text = m["x"] or m["x2"], m["t"] or m["t2"]
    org = _org(org_text) if org_text else None
    title = _title(title_text) if title_text else None
    if (org_text and org is None) or (title_text and title is None):
        return None
    start, until = ctx.validity()
    hits = [] if org is None else [_Hit("works_at", org, Kind.FACT, start, until)]
    return hits + ([] if title is None else [_Hit("job_title", title, Kind.FACT, start, until)])


@_rule(
    rf"I(?: {_ADV}{_NOT} {_ADV}work|{_AM} (?:not|no longer) working) (?:at|for) (?P<x>.+)",
    dated=True,
)
def _not_works_at(m: re.Match[str], ctx: _Ctx) -> list[_Hit] | None:
    org = _org(m["x"])
    if org is None:
        return None
    return [_Hit("works_at", org, Kind.FACT, _change_start(m, ctx), negated=True)]


@_rule(
    rf"I(?:{_HAVE})? {_ADV}(?P<v>started|began|start) (?:working |a (?:new )?job |a new role )?"
    rf"(?:at|for|with) (?P<x>.+)|I(?:{_HAVE})? {_ADV}joined (?P<y>(?-i:[A-Z]).*)",
    dated=True,
)
def _started_at(m: re.Match[str], ctx: _Ctx) -> list[_Hit] | None:
    org = _org(m["x"] or m["y"])
    if org is None:
        return None
    direction: Direction = "future" if (m["v"] or "").lower() == "start" else "past"
    started = ctx.validity(direction, anchor=True)[0] or ctx.at
    return [_Hit("works_at", org, Kind.FACT, started)]


@_rule(
    rf"I(?:{_HAVE})? {_ADV}(?:quit|left) my (?:job|role|position) (?:at|with) (?P<x>.+)",
    dated=True,
)
def _left_job(m: re.Match[str], ctx: _Ctx) -> list[_Hit] | None:
    org = _org(m["x"])
    left = ctx.validity("past", anchor=True)[0] or ctx.at
    return None if org is None else [_Hit("works_at", org, Kind.FACT, left, negated=True)]


# -- "my X is Y"

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
_RELATIONS = _words(
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
_PREPOSITIONS = _words("of for in on at to with from about")


def _attribute(phrase: str) -> str | None:
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


def _value(raw: str, predicate: str) -> str | None:
    text = _name(raw)
    if text is None or re.search(r"\b(?:is|are|was|were)\b", text, _I):
        return None
    first = text.split()[0]
    if first.islower() and (first in _NOT_VALUES or (first.endswith("ing") and " " in text)):
        return None  # "my day is going badly", "my back is killing me"
    if predicate in _RELATIONS and not text[0].isupper():
        return None  # "my boss is annoying" describes; "my boss is Dana" relates
    return text


_CORRECTED = re.compile(r"(?P<a>.+?)(?:\s*,\s*|\s+)(?:it's|it is|but|rather|just)\s+(?P<b>.+)", _I)
_NOT_OTHER = re.compile(r"(?P<a>.+?)\s*,\s*not\s+(?P<b>.+)", _I)


def _said_and_denied(m: re.Match[str]) -> tuple[str, str]:
    """What is said and what is denied in "is not X, it's Y", "is Y, not X", "is not X"."""
    said = m["y"]
    if m["neg"]:
        tail = _CORRECTED.fullmatch(said)
        return (tail["b"], tail["a"]) if tail else ("", said)
    tail = _NOT_OTHER.fullmatch(said)
    return (tail["a"], tail["b"]) if tail else (said, "")


@_rule(r"my (?P<x>[a-z][a-z -]{0,40}?)(?P<cop>'s| is| are)(?P<neg> not|n't| no longer)? (?P<y>.+)")
def _my_attribute(m: re.Match[str], ctx: _Ctx) -> list[_Hit] | None:
    if SENSITIVE.search(m["x"]):
        return []  # credentials are never remembered
    predicate = _attribute(m["x"])
    if predicate is None:
        return None
    kind = Kind.FACT
    if re.match(r"(?:favourite|preferred)_", predicate) and predicate != "preferred_name":
        kind = Kind.PREFERENCE
    said, denied = _said_and_denied(m)
    hits: list[_Hit] = []
    if said and (value := _value(said, predicate)) is not None:
        hits.append(_Hit(predicate, value, kind, *ctx.validity()))
    if denied and (value := _value(denied, predicate)) is not None:
        hits.append(_Hit(predicate, value, kind, _change_start(m, ctx), negated=True))
    return hits or None


# -- preferences


@_rule(rf"I {_ADV}prefer (?:it )?(?:if|when|that) you (?P<x>.+)")
def _prefers_you(m: re.Match[str], ctx: _Ctx) -> list[_Hit] | None:
    text = _preference(m["x"])
    return None if text is None else [_Hit("prefers", text, Kind.PREFERENCE, *ctx.validity())]


@_rule(
    rf"I {_ADV}(?:prefer not to|try to avoid|tend to avoid|avoid) (?P<x>.+)"
    rf"|I(?:'d| would) {_ADV}(?:rather|prefer) not(?: to)? (?P<y>.+)"
)
def _avoids(m: re.Match[str], ctx: _Ctx) -> list[_Hit] | None:
    text = _preference(m["x"] or m["y"])
    return None if text is None else [_Hit("avoids", text, Kind.PREFERENCE, *ctx.validity())]


_LIKING = {
    "prefer": "prefers", "like": "likes", "love": "likes", "enjoy": "likes", "adore": "likes",
    "dislike": "dislikes", "hate": "dislikes", "detest": "dislikes", "loathe": "dislikes",
    "can't stand": "dislikes", "cannot stand": "dislikes", "can not stand": "dislikes",
    "can't bear": "dislikes",
}  # fmt: skip
_LIKING_VERBS = "|".join(sorted(_LIKING, key=len, reverse=True))


@_rule(
    rf"I(?:'d| would) {_ADV}(?P<r>rather|prefer)(?: to)? (?P<x>.+)"
    rf"|I {_ADV}(?P<v>{_LIKING_VERBS})(?: to)? (?P<y>.+)"
)
def _likes(m: re.Match[str], ctx: _Ctx) -> list[_Hit] | None:
    text = _preference(m["x"] or m["y"])
    if text is None:
        return None
    predicate = "prefers" if m["r"] else _LIKING[" ".join(m["v"].lower().split())]
    return [_Hit(predicate, text, Kind.PREFERENCE, *ctx.validity())]


@_rule(
    rf"I {_ADV}(?:{_NOT}|didn't|never) {_ADV}(?:like|enjoy|love|care for) (?P<x>.+)"
    rf"|I{_AM} (?P<not>not |no )?{_ADV}(?:a )?(?:big |huge |great )?fan of (?P<y>.+)"
)
def _dislikes(m: re.Match[str], ctx: _Ctx) -> list[_Hit] | None:
    text = _preference(m["x"] or m["y"])
    if text is None:
        return None
    predicate = "likes" if m["y"] and not m["not"] else "dislikes"
    return [_Hit(predicate, text, Kind.PREFERENCE, *ctx.validity())]


# -- one-off events and plans

_REPORTED = {
    "declined": "declined", "rejected": "declined", "cancelled": "cancelled",
    "canceled": "cancelled", "skipped": "skipped", "missed": "missed", "attended": "attended",
    "accepted": "accepted", "rescheduled": "rescheduled", "moved": "rescheduled",
    "shifted": "rescheduled", "pushed": "rescheduled", "postponed": "postponed",
}  # fmt: skip
_REQUESTED = {
    "move": "reschedule", "reschedule": "reschedule", "shift": "reschedule",
    "push": "reschedule", "postpone": "postpone", "cancel": "cancel", "skip": "skip",
    "decline": "decline", "drop": "cancel", "clear": "clear",
}  # fmt: skip
_EVENT_NOUNS = re.compile(
    r"\b(?:meetings?|calls?|block|slot|appointments?|sessions?|stand-?ups?|syncs?|reviews?|1:1s?"
    r"|one-on-ones?|lunch|dinner|breakfast|interviews?|class|lessons?|workout|events?"
    r"|check-ins?|demos?|catch-?ups?|reservations?|bookings?|flights?|focus time|presentations?"
    r"|webinars?|deadlines?)\b",
    _I,
)


def _event_window(ctx: _Ctx, text: str, direction: Direction) -> tuple[datetime, datetime]:
    """The window said, else the day named in ``text``, else the day of the message."""
    if ctx.windows:
        start, until = ctx.validity(direction)
        if start is not None and until is not None:
            return start, until
    day = _find_day(text, ctx.at, direction) or _days(ctx.at.date())
    return day.start, day.end


@_rule(
    rf"I(?:{_HAVE})? {_ADV}(?P<v>{'|'.join(_REPORTED)})(?: back| forward)? (?P<x>.+)", dated=True
)
def _reported_event(m: re.Match[str], ctx: _Ctx) -> list[_Hit] | None:
    what = _free(m["x"])
    if what is None or what.lower().startswith("to "):
        return None
    start, until = _event_window(ctx, what, "past")
    return [_Hit(_REPORTED[m["v"].lower()], what, Kind.EVENT, start, until)]


@_rule(rf"(?P<v>{'|'.join(_REQUESTED)})(?: back| forward)? (?P<x>.+)", dated=True)
def _requested_event(m: re.Match[str], ctx: _Ctx) -> list[_Hit] | None:
    what = _free(m["x"])
    if what is None or ctx.instruction or ctx.conditional:
        return None
    if not (ctx.windows or _EVENT_NOUNS.search(what) or _find_day(what, ctx.at, "future")):
        return None
    start, until = _event_window(ctx, what, "future")
    if until - start > _DAY:
        return None  # "for September, skip the standup" is a rule: see the imperatives
    return [_Hit(_REQUESTED[m["v"].lower()], what, Kind.EVENT, start, until)]


@_rule(
    rf"I(?:'ll| will|ll|{_AM} going to|{_AM} gonna|{_AM} planning to| plan to) (?P<x>.+)",
    dated=True,
)
def _plans(m: re.Match[str], ctx: _Ctx) -> list[_Hit] | None:
    what = _free(re.sub(r"^(?=(?:the|a|an|my)\s)", "go to ", m["x"], flags=_I))
    if what is None or not (ctx.windows or _find_day(what, ctx.at, "future")):
        return None
    start, until = _event_window(ctx, what, "future")
    return [_Hit("plans", what, Kind.EVENT, start, until)]


# -- imperatives: "always X", "never X", "from now on X", "<window>, X"

_VERBS = _words(
    "reply respond answer write use keep format summarise summarize call address speak talk be"
    " include show send cc bcc copy book schedule block reserve ask check double-check confirm"
    " notify email text message put add move shift hold avoid skip cancel decline accept route"
    " forward let give make stop start sign greet draft prioritise prioritize file mark flag"
    " archive leave turn set treat assume focus limit plan order pay buy share mention explain"
    " translate bring proofread cite quote link attach round convert default wait tell label"
    " spell capitalise capitalize end open close offer suggest recommend provide list number"
    " mute remind protect respect save store log track get go take choose pick prefer loop stick"
)
_VERB = "(?:" + "|".join(sorted(_VERBS, key=len, reverse=True)) + r")\b"
_STYLE_VERBS = _words(
    "reply respond answer write format summarise summarize explain address call speak talk sign"
    " greet sound phrase word spell capitalise capitalize translate quote cite"
)
_RULE_VERBS = _words(
    "ask check double-check confirm book schedule block reserve cc bcc send pay buy cancel"
    " decline accept notify remind share hold route forward move skip wait save store log"
    " track protect order"
)
_STYLE_WORDS = _words(
    "bullet bullets emoji emojis markdown tone formal informal casual concise brief short shorter"
    " long longer length language english french german spanish italian portuguese dutch"
    " japanese chinese british american sentence sentences paragraph paragraphs heading headings"
    " jargon exclamation format formatting summary summaries tldr table tables lists words plain"
    " simple detail details detailed verbose friendly polite direct metric imperial examples"
    " jokes humour humor voice style spelling oxford"
)
_QUANTIFIERS = _words("always never ever don't do not please no")


def _style_kind(instruction: str) -> Kind:
    """A request about how to communicate is a preference; any other rule a constraint."""
    words = re.findall(r"[a-z]+(?:['-][a-z]+)?", instruction.lower())
    while words and words[0] in _QUANTIFIERS:
        words = words[1:]
    if words and words[0] in _STYLE_VERBS:
        return Kind.PREFERENCE
    if words and words[0] in _RULE_VERBS:
        return Kind.CONSTRAINT
    return Kind.PREFERENCE if _STYLE_WORDS & set(words) else Kind.CONSTRAINT


def _instruction(text: str, ctx: _Ctx) -> list[_Hit] | None:
    what = _free(text)
    if what is None:
        return None
    return [_Hit("instruction", what, _style_kind(what), *ctx.validity())]


@_rule(rf"(?P<q>always|never(?: ever)?|don't ever|do not ever|don't|do not) (?P<x>{_VERB}.*)")
def _always_never(m: re.Match[str], ctx: _Ctx) -> list[_Hit] | None:
    if ctx.explicit:
        return _instruction(m.group(), ctx)
    quantifier = m["q"].lower()
    if quantifier in ("don't", "do not"):
        return None  # "don't book that one" is a request, not a standing rule
    if _style_kind(m["x"]) is Kind.CONSTRAINT:
        return _instruction(m.group(), ctx)
    what = _preference(m["x"])
    predicate = "prefers" if quantifier == "always" else "avoids"
    return None if what is None else [_Hit(predicate, what, Kind.PREFERENCE, *ctx.validity())]


@_rule(rf"(?P<x>no \S.*|{_VERB}.*)")
def _imperative(m: re.Match[str], ctx: _Ctx) -> list[_Hit] | None:
    return _instruction(m["x"], ctx) if ctx.explicit else None


@_rule(r"(?P<x>(?!(?:i|i'm|im|i've|i'd|i'll|my|we|you|it|it's|that|this|there|he|she|they)\b).+)")
def _marked(m: re.Match[str], ctx: _Ctx) -> list[_Hit] | None:
    """Whatever follows "from now on" and is not a statement: "from now on, bullet points"."""
    return _instruction(m["x"], ctx) if ctx.instruction else None


# --------------------------------------------------------------------------- sentences and clauses

_NOT_A_STATEMENT = re.compile(
    r"(?:what|where|when|why|how|who|whom|whose|which|does|did|am|is|are|was|were|can|could"
    r"|should|shall|would|will|have|has|had|may|might|must|isn't|aren't|doesn't|didn't|do(?! not)"
    r"|if|suppose|imagine|assuming|unless|whenever|once)\b"
    r"|I (?:would(?! (?:\w+ )?(?:rather|prefer))|could|might|may|wish|should)\b"
    r"|I'd (?!(?:\w+ )?(?:rather|prefer))",
    _I,
)


def _quote(original: str, start: int, end: int) -> str:
    return original[start:end].strip().rstrip(".,;!").rstrip()


def _match(core: str, ctx: _Ctx) -> list[_Hit]:
    """The hits of the first rule that takes the core; [] when none does."""
    if not core or _NOT_A_STATEMENT.match(core):
        return []
    if _HEDGE_WORDS.search(core):
        ctx.hedged = True
    for rule in _RULES:
        m = rule.pattern.fullmatch(core)
        if m is None:
            continue
        if ctx.weak and not rule.dated:
            return []  # "I prefer tea in July" is read again, without the date
        try:
            hits = rule.handler(m, ctx)
        except _Unusable:
            return []
        if hits is not None:
            return hits
    return []


def _noted(ctx: _Ctx) -> list[_Hit]:
    """What "remember that X" keeps when the grammar does not know X: X as said."""
    text = _free(ctx.remember or "")
    if text is None or SENSITIVE.search(text):
        return []
    try:
        start, until = ctx.validity(explicit_only=True)
    except _Unusable:
        return []
    return [_Hit("noted", text, Kind.FACT, start, until, confidence=NOTED)]


@dataclass(frozen=True)
class _Clause:
    at: datetime
    speaker: str
    text: str
    quote: str

    def claims(self) -> list[Claim]:
        """Read with every peel, then without bare dates, then without windows and scope."""
        frustrated = "!!" in self.text
        first = None
        for level in (2, 1, 0):
            ctx = _Ctx(self.at, level, frustrated=frustrated)
            hits = _match(_peel(self.text, ctx), ctx)
            first = first or ctx
            if hits:
                return [self.claim(hit, ctx) for hit in hits]
        if first is not None and first.remember is not None:
            first.scope = GLOBAL  # X is kept as said, scope words included
            return [self.claim(hit, first) for hit in _noted(first)]
        return [self.relation(found) for found in relations.read(self.text)]

    def relation(self, found: relations.Found) -> Claim:
        """A claim from the relation grammar, about the speaker or anyone named."""
        subject = found.subject
        if subject.startswith(SELF):
            subject = self.speaker + subject[len(SELF) :]
        preference = found.predicate in ("likes", "dislikes", "prefers", "avoids")
        return Claim(
            subject,
            found.predicate,
            found.object,
            kind=Kind.PREFERENCE if preference else Kind.FACT,
            valid_from=self.at if found.change else None,
            confidence=HEDGED if found.hedged else EXPLICIT,
            quote=self.quote,
            negated=found.negated,
            inferred=False,
        )

    def claim(self, hit: _Hit, ctx: _Ctx) -> Claim:
        kind = hit.kind
        if hit.valid_from and hit.valid_until and hit.valid_until - hit.valid_from <= _DAY:
            kind = Kind.EVENT  # one day is an exception, never a standing rule
        confidence = hit.confidence
        if ctx.hedged:
            confidence = min(confidence, HEDGED)
        if ctx.frustrated:
            confidence = min(confidence, FRUSTRATED)
        return Claim(
            self.speaker,
            hit.predicate,
            hit.object,
            kind=kind,
            valid_from=hit.valid_from,
            valid_until=hit.valid_until,
            scope=ctx.scope,
            confidence=confidence,
            quote=self.quote,
            negated=hit.negated,
            inferred=False,
        )


class OfflineExtractor:
    """Claims from the user's explicit first-person statements, by grammar (see the module)."""

    name = "offline"

    def extract(self, text: str, *, occurred_at: datetime, speaker: str = "user") -> list[Claim]:
        """The claims ``speaker`` states in ``text``, said at ``occurred_at`` (aware; UTC)."""
        if not isinstance(text, str):
            raise InvalidArgument(f"text={text!r} is not usable: pass the message as a str")
        if not isinstance(speaker, str) or not speaker.strip():
            raise InvalidArgument(f"speaker={speaker!r} is not usable: pass a non-empty name")
        at = utc(occurred_at, "occurred_at")
        normal = text.translate(NORMALISE)
        claims: list[Claim] = []
        seen: set[tuple[object, ...]] = set()
        for start, end in clauses(normal):
            clause = _Clause(at, speaker, normal[start:end], _quote(text, start, end))
            for claim in clause.claims():
                key = (claim.predicate, claim.object, claim.negated, claim.scope, claim.valid_from)
                if key not in seen:
                    seen.add(key)
                    claims.append(claim)
        return claims
