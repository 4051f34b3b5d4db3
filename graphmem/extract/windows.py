"""Time words in a clause: periods ("next week", "3 July", "in September") and validity windows.

A window at either end of a clause ("for September only", "until Friday", "since
March") is read into ``[valid_from, valid_until)``; see the table in
``graphmem.extract.offline`` for the phrases and what each means. Month names
resolve to the current or next such month (the current or latest for what already
happened); weekdays to the next (or latest) such day; weeks start on Monday; all
times are UTC midnights.
"""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Literal

Direction = Literal["past", "future"]

DAY = timedelta(days=1)
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


def day_period(day: date, count: int = 1, grain: str = "day") -> _Period:
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
            return day_period(monday, 7, "week")
        return day_period(monday + timedelta(days=5), 2, "weekend")
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
        return day_period(today - timedelta(days=back))
    ahead = (target - today.weekday()) % 7 or (7 if qualifier in ("next", "coming") else 0)
    return day_period(today + timedelta(days=ahead))


def _exact(year: int, month: int, day: int) -> _Period | None:
    try:
        return day_period(date(year, month, day))
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
        return day_period(at.date() + timedelta(days=_RELATIVE_DAYS[t]))
    if m := _EDGE_RE.fullmatch(t):
        inner = _period(m[2], at, direction)
        if inner is None or inner.grain == "day":
            return None
        if m[1] == "end":
            return _Period(inner.end - DAY, inner.end, "end")
        return _Period(inner.start, inner.start + DAY, "day")
    if m := _AGO_RE.fullmatch(t):
        months, days = _amount(m[1], m[2])
        return day_period(_shift(at, -months, -days).date())
    if re.fullmatch(_YEAR, t):
        return _year(int(t))
    for parse in (_weekday, _calendar_date, _month_name):
        found = parse(t, at, direction)
        if found is not None:
            return found
    return _span(t, at)


# For readers of free text (a recall query): what a time expression looks like, how an
# edge ("the end of May") is said, and what period an expression covers.
TIME_PHRASE = _P
EDGE_PHRASE = _EDGE_RE
period_of = _period

_DAY_MENTION = re.compile(
    rf"\b(?:(?:this|next|last|coming) )?{_WD}\b|\b(?:today|tonight|tomorrow|yesterday)\b"
    rf"|\b{_P_DATE}",
    _I,
)


def find_day(text: str, at: datetime, direction: Direction) -> _Period | None:
    """The day that a phrase such as "Thursday's writing block" or "tomorrow's standup" names."""
    m = _DAY_MENTION.search(text)
    if m is None:
        return None
    found = _period(m.group(), at, direction)
    return found if found is not None and found.grain == "day" else None


# --------------------------------------------------------------------------- validity windows


class Unusable(Exception):
    """A window that cannot hold (it ends before it starts): the clause yields nothing."""


@dataclass(frozen=True)
class Window:
    form: str  # during | until | from | since | range | next | lasting | rest
    first: str = ""
    second: str = ""
    amount: tuple[int, int] = (0, 0)
    explicit: bool = True  # said as a window ("for", "only", "until" ...), not a bare date
    weak: bool = False  # a bare calendar date ("in July"): only dated rules accept it


def _until_end(period: _Period) -> datetime:
    """Until Friday includes Friday; until September stops when September starts."""
    return period.end if period.grain in ("day", "end") else period.start


def resolve_window(
    window: Window, at: datetime, direction: Direction, *, anchor: bool
) -> tuple[datetime | None, datetime | None]:
    """(valid_from, valid_until) of a window; ``anchor``: the window dates a change."""
    months, days = window.amount
    if window.form == "next" or (window.form == "lasting" and direction == "future"):
        return at, _shift(at, months, days)
    if window.form == "lasting":
        return _shift(at, -months, -days), None
    if window.form == "rest":
        if window.first == "day":
            return at, _midnight(at.date()) + DAY
        rest = _span(f"this {window.first}", at)
        return at, rest.end if rest else None
    look: Direction = "past" if window.form == "since" else "future"
    period = _period(window.first, at, direction if window.form == "during" else look)
    if period is None:
        raise Unusable(window.first)
    if window.form == "during":
        return (period.start, None) if anchor else (period.start, period.end)
    if window.form == "until":
        return at, _until_end(period)
    if window.form in ("from", "since"):
        return period.start, None
    last = _period(window.second, period.start, "future")
    if last is None:
        raise Unusable(window.second)
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

GAP_BEFORE = r"(?:\s*[,:]\s*|\s+)"
GAP_AFTER = r"(?:\s*,\s*|\s+)"


def compile_ends(body: str) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """A phrase at the start of a clause (with the gap after it), and the same at its end."""
    return (
        re.compile(rf"(?:{body}){GAP_BEFORE}(?=\S)", _I),
        re.compile(rf"{GAP_AFTER}(?:{body})$", _I),
    )


WINDOWS = tuple(
    (compile_ends(body), form, explicit, weak) for body, form, explicit, weak in _WINDOW_SPECS
)


def window_from(
    m: re.Match[str], form: str, explicit: bool, weak: bool, at: datetime
) -> Window | None:
    groups = m.groupdict()
    if form == "rest":
        return Window("rest", first=groups["rest"].lower())
    if form in ("next", "lasting"):
        return Window(form, amount=_amount(groups["n"] or "1", groups["u"]))
    first, second = groups.get("p") or "", groups.get("q") or ""
    period = _period(first, at, "future")
    if period is None or (second and _period(second, at, "future") is None):
        return None
    if not explicit and not weak and period.grain != "day":
        explicit = True  # "this month, reply in French" is a window, not a one-off request
    return Window(form, first, second, explicit=explicit, weak=weak)
