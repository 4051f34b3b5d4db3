"""One clause, made ready for the grammar: scope, markers, hedges and windows peeled off.

``peel`` takes from either end of a clause what is not its statement: discourse
markers ("oh,", "btw"), frustration, politeness, "remember that", hedges,
standing-instruction markers ("from now on"), a scope ("for project Apollo", "at
work") and validity windows ("until Friday"), recording each in a ``Ctx``. The
object helpers at the end trim and check what a rule captured (a place, an
organisation, a name, a preference).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime

from graphmem.errors import InvalidArgument
from graphmem.extract.phrases import words as _words
from graphmem.extract.windows import (
    GAP_AFTER,
    GAP_BEFORE,
    WINDOWS,
    Direction,
    Unusable,
    Window,
    compile_ends,
    resolve_window,
    window_from,
)
from graphmem.model import GLOBAL, check_scope

_I = re.IGNORECASE


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
_SCOPES = tuple((compile_ends(body), kind) for body, kind in _SCOPE_SPECS)
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
    r"|remember|this|next|just|only|until|starting|going|don't|do|so|and|well|anyway)\b))",
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
_HEDGE_START = re.compile(rf"{_HEDGES}(?:\s+that)?{GAP_BEFORE}", _I)
_HEDGE_END = re.compile(rf"{GAP_AFTER}{_HEDGES}$", _I)
HEDGE_WORDS = re.compile(r"\b(?:probably|maybe|perhaps|kind of|sort of|i think|i guess)\b", _I)
_MARKER_START, _MARKER_END = compile_ends(
    r"(?:from now on(?:wards)?|from here on(?: out)?|going forward|moving forward"
    r"|in (?:the )?future|henceforth|hereafter|starting (?:now|today|from today)"
    r"|from today(?: on(?:wards?)?)?|as of (?:now|today)|for the future)"
)


@dataclass
class Ctx:
    """What the peeled words of one clause said, for the rules to use."""

    at: datetime
    level: int  # 2: peel everything; 1: no bare calendar dates; 0: no windows, no scope
    frustrated: bool = False
    windows: list[Window] = field(default_factory=list)
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
            first, last = resolve_window(window, self.at, direction, anchor=anchor)
            start = first if first is not None else start
            until = last if last is not None else until
        if start is not None and until is not None and until <= start:
            raise Unusable("the window ends before it starts")
        return start, until


def _cut_ends(
    core: str, start: re.Pattern[str], end: re.Pattern[str]
) -> tuple[str, re.Match[str]] | None:
    if m := start.match(core):
        return core[m.end() :], m
    if m := end.search(core):
        return core[: m.start()], m
    return None


def _peel_discourse(core: str, ctx: Ctx) -> str | None:
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


def _peel_markers(core: str, ctx: Ctx) -> str | None:
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


def _peel_scope(core: str, ctx: Ctx) -> str | None:
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


def _peel_window(core: str, ctx: Ctx) -> str | None:
    if ctx.level < 1:
        return None
    for (start, end), form, explicit, weak in WINDOWS:
        if weak and ctx.level < 2:
            continue
        found = _cut_ends(core, start, end)
        if found is None:
            continue
        window = window_from(found[1], form, explicit, weak, ctx.at)
        if window is not None:
            ctx.windows.append(window)
            return found[0]
    return None


_PEELERS = (_peel_discourse, _peel_markers, _peel_scope, _peel_window)


def _trim(text: str) -> str:
    return re.sub(r"[\s.!?,;:]+$", "", re.sub(r"^[\s\-*•>]+", "", text))


def peel(clause: str, ctx: Ctx) -> str:
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


def place_value(raw: str) -> str | None:
    text = _clean(_CUT_PLACE.sub("", raw))
    if not _usable(text, 6) or text.lower() in _NOT_PLACES or re.match(r"an?\s", text, _I):
        return None
    return text


def org_value(raw: str) -> str | None:
    text = _clean(_CUT_PLACE.sub("", raw))
    return text if _usable(text, 8) and text.lower() not in _NOT_ORGS else None


def title_value(raw: str) -> str | None:
    text = _clean(re.sub(r"^(?:an?|the)\s+", "", _CUT_PLACE.sub("", raw), flags=_I))
    return text if _usable(text, 6) else None


def name_value(raw: str) -> str | None:
    text = _clean(_CUT_NAME.sub("", raw.strip()))
    return text if _usable(text, 5) and text[0].isalnum() else None


def preference_value(raw: str) -> str | None:
    text = _clean(_CUT_PREFERENCE.sub("", raw.strip()))
    text = re.sub(r"\s+(?:rather than|instead of|more than|than)\s+", " over ", text, flags=_I)
    return text if _usable(text, 25) else None


def free_text(raw: str) -> str | None:
    text = _clean(raw)
    return text if _usable(text) else None
