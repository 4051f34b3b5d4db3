"""The first-person grammar: what the speaker says about themselves, rule by rule.

Each rule is a regular expression that must match a peeled clause (``clause.peel``)
*as a whole*, and a handler that turns the match into hits (predicate, object,
kind, validity). The table of statements it understands is in
``graphmem.extract.offline``; ``match`` applies the first rule that takes a core.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from graphmem.extract.attributes import attribute, said_and_denied, value_of
from graphmem.extract.clause import (
    HEDGE_WORDS,
    Ctx,
    free_text,
    name_value,
    org_value,
    place_value,
    preference_value,
    title_value,
)
from graphmem.extract.instruction_words import (
    QUANTIFIERS,
    RULE_VERBS,
    STYLE_VERBS,
    STYLE_WORDS,
    VERB,
)
from graphmem.extract.phrases import SENSITIVE
from graphmem.extract.windows import (
    DAY,
    Direction,
    Unusable,
    day_period,
    find_day,
)
from graphmem.model import Kind

# Confidence of a claim, by how it was said.
EXPLICIT = 0.95
HEDGED = 0.6
NOTED = 0.8
ANNOUNCED = 0.8
FRUSTRATED = 0.3

_I = re.IGNORECASE


# --------------------------------------------------------------------------- the grammar


@dataclass(frozen=True)
class Hit:
    predicate: str
    object: str
    kind: Kind
    valid_from: datetime | None = None
    valid_until: datetime | None = None
    negated: bool = False
    confidence: float = EXPLICIT


Handler = Callable[[re.Match[str], Ctx], list[Hit] | None]


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


def _change_start(m: re.Match[str], ctx: Ctx) -> datetime | None:
    """When a negation takes effect: a date or now for a change, None for a correction."""
    start = ctx.validity("past", anchor=True)[0]
    if start is None and _CHANGE.search(m.string):
        return ctx.at
    return start


# -- names (before "my X is Y", and before imperatives: "call me Mo" is no request)


# "Call me on 0612 345678", "call me back", "call me at 5": asked to phone, not named.
_PHONE_ME = re.compile(
    r"(?:on|at|back|later|tomorrow|tonight|today|now|soon|asap|any ?time|when|whenever|if|"
    r"after|before|around|between|from|in|during|this|next|once|first|again)\b|[\d+(]",
    _I,
)


@_rule(r"(?:(?:you can|just|always) )?call me (?P<x>.+)|I go by (?P<y>.+)")
def _call_me(m: re.Match[str], ctx: Ctx) -> list[Hit] | None:
    if m["x"] and _PHONE_ME.match(m["x"]):
        return None
    name = name_value(m["x"] or m["y"])
    return None if name is None else [Hit("preferred_name", name, Kind.FACT, *ctx.validity())]


@_rule(r"(?:don't|do not|never|please don't) call me (?P<x>.+)")
def _dont_call_me(m: re.Match[str], ctx: Ctx) -> list[Hit] | None:
    name = name_value(m["x"])
    return None if name is None else [Hit("preferred_name", name, Kind.FACT, negated=True)]


@_rule(rf"I{_AM} called (?P<x>.+)|I {_ADV}prefer to be (?:called|addressed as) (?P<y>.+)")
def _called(m: re.Match[str], ctx: Ctx) -> list[Hit] | None:
    name = name_value(m["x"] or m["y"])
    predicate = "name" if m["x"] else "preferred_name"
    return None if name is None else [Hit(predicate, name, Kind.FACT, *ctx.validity())]


# -- residence


@_rule(
    rf"I(?: {_ADV}(?:live|reside)|{_AM} {_ADV}(?:living|residing|based|located)) "
    r"(?:in|out of) (?P<x>.+)",
    dated=True,
)
def _lives_in(m: re.Match[str], ctx: Ctx) -> list[Hit] | None:
    place = place_value(m["x"])
    return None if place is None else [Hit("lives_in", place, Kind.FACT, *ctx.validity())]


@_rule(rf"I{_HAVE} {_ADV}(?:lived|been living|been based|been located|been residing) in (?P<x>.+)")
def _has_lived_in(m: re.Match[str], ctx: Ctx) -> list[Hit] | None:
    place = place_value(m["x"])
    return None if place is None else [Hit("lives_in", place, Kind.FACT, *ctx.validity("past"))]


@_rule(
    rf"I(?: {_ADV}{_NOT} {_ADV}(?:live|reside)|{_AM} {_ADV}(?:not|no longer) {_ADV}"
    rf"(?:living|residing|based|located)| {_ADV}used to (?:live|be based)) (?:in|out of) (?P<x>.+)",
    dated=True,
)
def _not_lives_in(m: re.Match[str], ctx: Ctx) -> list[Hit] | None:
    place = place_value(m["x"])
    if place is None:
        return None
    return [Hit("lives_in", place, Kind.FACT, _change_start(m, ctx), negated=True)]


@_rule(
    rf"I(?:{_HAVE})? {_ADV}(?:moved|relocated)(?: back| over| house)?"
    r"(?: from (?P<a>.+?))? to (?P<b>.+)",
    dated=True,
)
def _moved(m: re.Match[str], ctx: Ctx) -> list[Hit] | None:
    place = place_value(m["b"])
    if place is None:
        return None
    # "from A" yields nothing of its own: lives_in holds one value, so the new residence
    # closes the old one at the move date, and the old one's history stays true.
    moved_at = ctx.validity("past", anchor=True)[0] or ctx.at
    return [Hit("lives_in", place, Kind.FACT, moved_at)]


@_rule(rf"I(?:{_HAVE})? {_ADV}moved (?:out of|away from) (?P<x>.+)", dated=True)
def _moved_out(m: re.Match[str], ctx: Ctx) -> list[Hit] | None:
    place = place_value(m["x"])
    moved_at = ctx.validity("past", anchor=True)[0] or ctx.at
    return None if place is None else [Hit("lives_in", place, Kind.FACT, moved_at, negated=True)]


@_rule(
    rf"I{_AM} {_ADV}(?:moving|relocating) to (?P<x>.+)"
    r"|I(?:'ll| will) be (?:based|living) in (?P<y>.+)",
    dated=True,
)
def _will_live_in(m: re.Match[str], ctx: Ctx) -> list[Hit] | None:
    place = place_value(m["x"] or m["y"])
    if place is None or not ctx.windows:
        return []  # an announced move without a date is too vague to keep
    start, until = ctx.validity(anchor=m["x"] is not None)
    return [Hit("lives_in", place, Kind.FACT, start, until, confidence=ANNOUNCED)]


# -- work

_TIME = r"\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm)?"


@_rule(rf"I {_ADV}work (?:from )?(?P<x>{_TIME} ?(?:to|till|until|-) ?{_TIME})")
def _working_hours(m: re.Match[str], ctx: Ctx) -> list[Hit] | None:
    return [Hit("working_hours", m["x"], Kind.FACT, *ctx.validity())]


@_rule(
    rf"I(?: {_ADV}work|{_AM} {_ADV}working) on (?:the |my |our )?"
    r"(?:project (?P<a>.+)|(?P<b>.+?) project)"
)
def _works_on(m: re.Match[str], ctx: Ctx) -> list[Hit] | None:
    project = org_value(m["a"] or m["b"])
    return None if project is None else [Hit("works_on", project, Kind.FACT, *ctx.validity())]


@_rule(
    rf"I(?: {_ADV}work|{_AM} {_ADV}working) (?:at|for) (?P<x>.+?)(?: as (?:an? |the )?(?P<t>.+))?"
    rf"|I {_ADV}work as (?:an? |the )?(?P<t2>.+?)(?: (?:at|for) (?P<x2>.+))?",
    dated=True,
)
def _works_at(m: re.Match[str], ctx: Ctx) -> list[Hit] | None:
    org_text, title_text = m["x"] or m["x2"], m["t"] or m["t2"]
    org = org_value(org_text) if org_text else None
    title = title_value(title_text) if title_text else None
    if (org_text and org is None) or (title_text and title is None):
        return None
    start, until = ctx.validity()
    hits = [] if org is None else [Hit("works_at", org, Kind.FACT, start, until)]
    return hits + ([] if title is None else [Hit("job_title", title, Kind.FACT, start, until)])


@_rule(
    rf"I(?: {_ADV}{_NOT} {_ADV}work|{_AM} (?:not|no longer) working) (?:at|for) (?P<x>.+)",
    dated=True,
)
def _not_works_at(m: re.Match[str], ctx: Ctx) -> list[Hit] | None:
    org = org_value(m["x"])
    if org is None:
        return None
    return [Hit("works_at", org, Kind.FACT, _change_start(m, ctx), negated=True)]


@_rule(
    rf"I(?:{_HAVE})? {_ADV}(?P<v>started|began|start) (?:working |a (?:new )?job |a new role )?"
    rf"(?:at|for|with) (?P<x>.+)|I(?:{_HAVE})? {_ADV}joined (?P<y>(?-i:[A-Z]).*)",
    dated=True,
)
def _started_at(m: re.Match[str], ctx: Ctx) -> list[Hit] | None:
    org = org_value(m["x"] or m["y"])
    if org is None:
        return None
    direction: Direction = "future" if (m["v"] or "").lower() == "start" else "past"
    started = ctx.validity(direction, anchor=True)[0] or ctx.at
    return [Hit("works_at", org, Kind.FACT, started)]


@_rule(
    rf"I(?:{_HAVE})? {_ADV}(?:quit|left) my (?:job|role|position) (?:at|with) (?P<x>.+)",
    dated=True,
)
def _left_job(m: re.Match[str], ctx: Ctx) -> list[Hit] | None:
    org = org_value(m["x"])
    left = ctx.validity("past", anchor=True)[0] or ctx.at
    return None if org is None else [Hit("works_at", org, Kind.FACT, left, negated=True)]


# -- "my X is Y"


_FRESH = re.compile(r"(?:(?P<new>new|latest)|current|present)\s+(?=\S)", re.IGNORECASE)


@_rule(r"my (?P<x>[a-z][a-z -]{0,40}?)(?P<cop>'s| is| are)(?P<neg> not|n't| no longer)? (?P<y>.+)")
def _my_attribute(m: re.Match[str], ctx: Ctx) -> list[Hit] | None:
    if SENSITIVE.search(m["x"]):
        return []  # credentials are never remembered
    # "My new manager is Tom", "my current gym is Pulse": the manager and the gym, the new
    # one from when it was said (a change: the one before ends there).
    fresh = _FRESH.match(m["x"])
    predicate = attribute(m["x"][fresh.end() :] if fresh else m["x"])
    if predicate is None:
        return None
    kind = Kind.FACT
    if re.match(r"(?:favourite|preferred)_", predicate) and predicate != "preferred_name":
        kind = Kind.PREFERENCE
    said, denied = said_and_denied(m)
    hits: list[Hit] = []
    if said and (value := value_of(said, predicate)) is not None:
        start, until = ctx.validity()
        if fresh and fresh["new"] and start is None:
            start = ctx.at
        hits.append(Hit(predicate, value, kind, start, until))
    if denied and (value := value_of(denied, predicate)) is not None:
        hits.append(Hit(predicate, value, kind, _change_start(m, ctx), negated=True))
    return hits or None


# -- preferences


@_rule(rf"I {_ADV}prefer (?:it )?(?:if|when|that) you (?P<x>.+)")
def _prefers_you(m: re.Match[str], ctx: Ctx) -> list[Hit] | None:
    text = preference_value(m["x"])
    return None if text is None else [Hit("prefers", text, Kind.PREFERENCE, *ctx.validity())]


@_rule(
    rf"I {_ADV}(?:prefer not to|try to avoid|tend to avoid|avoid) (?P<x>.+)"
    rf"|I(?:'d| would) {_ADV}(?:rather|prefer) not(?: to)? (?P<y>.+)"
)
def _avoids(m: re.Match[str], ctx: Ctx) -> list[Hit] | None:
    text = preference_value(_ANYTHING.sub("", m["x"] or m["y"]))
    return None if text is None else [Hit("avoids", text, Kind.PREFERENCE, *ctx.validity())]


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
def _likes(m: re.Match[str], ctx: Ctx) -> list[Hit] | None:
    text = preference_value(m["x"] or m["y"])
    if text is None:
        return None
    predicate = "prefers" if m["r"] else _LIKING[" ".join(m["v"].lower().split())]
    return [Hit(predicate, text, Kind.PREFERENCE, *ctx.validity())]


@_rule(
    rf"I {_ADV}(?:{_NOT}|didn't|never) {_ADV}(?:like|enjoy|love|care for) (?P<x>.+)"
    rf"|I{_AM} (?P<not>not |no )?{_ADV}(?:a )?(?:big |huge |great )?fan of (?P<y>.+)"
)
def _dislikes(m: re.Match[str], ctx: Ctx) -> list[Hit] | None:
    text = preference_value(m["x"] or m["y"])
    if text is None:
        return None
    predicate = "likes" if m["y"] and not m["not"] else "dislikes"
    return [Hit(predicate, text, Kind.PREFERENCE, *ctx.validity())]


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


def _event_window(ctx: Ctx, text: str, direction: Direction) -> tuple[datetime, datetime]:
    """The window said, else the day named in ``text``, else the day of the message."""
    if ctx.windows:
        start, until = ctx.validity(direction)
        if start is not None and until is not None:
            return start, until
    day = find_day(text, ctx.at, direction) or day_period(ctx.at.date())
    return day.start, day.end


@_rule(
    rf"I(?:{_HAVE})? {_ADV}(?P<v>{'|'.join(_REPORTED)})(?: back| forward)? (?P<x>.+)", dated=True
)
def _reported_event(m: re.Match[str], ctx: Ctx) -> list[Hit] | None:
    what = free_text(m["x"])
    if what is None or what.lower().startswith("to "):
        return None
    start, until = _event_window(ctx, what, "past")
    return [Hit(_REPORTED[m["v"].lower()], what, Kind.EVENT, start, until)]


@_rule(rf"(?P<v>{'|'.join(_REQUESTED)})(?: back| forward)? (?P<x>.+)", dated=True)
def _requested_event(m: re.Match[str], ctx: Ctx) -> list[Hit] | None:
    what = free_text(m["x"])
    if what is None or ctx.instruction or ctx.conditional:
        return None
    if not (ctx.windows or _EVENT_NOUNS.search(what) or find_day(what, ctx.at, "future")):
        return None
    start, until = _event_window(ctx, what, "future")
    if until - start > DAY:
        return None  # "for September, skip the standup" is a rule: see the imperatives
    return [Hit(_REQUESTED[m["v"].lower()], what, Kind.EVENT, start, until)]


@_rule(
    rf"I(?:'ll| will|ll|{_AM} going to|{_AM} gonna|{_AM} planning to| plan to) (?P<x>.+)",
    dated=True,
)
def _plans(m: re.Match[str], ctx: Ctx) -> list[Hit] | None:
    what = free_text(re.sub(r"^(?=(?:the|a|an|my)\s)", "go to ", m["x"], flags=_I))
    if what is None or not (ctx.windows or find_day(what, ctx.at, "future")):
        return None
    start, until = _event_window(ctx, what, "future")
    return [Hit("plans", what, Kind.EVENT, start, until)]


# -- imperatives: "always X", "never X", "from now on X", "<window>, X"


def _style_kind(instruction: str) -> Kind:
    """A request about how to communicate is a preference; any other rule a constraint."""
    words = re.findall(r"[a-z]+(?:['-][a-z]+)?", instruction.lower())
    while words and words[0] in QUANTIFIERS:
        words = words[1:]
    if words and words[0] in STYLE_VERBS:
        return Kind.PREFERENCE
    if words and words[0] in RULE_VERBS:
        return Kind.CONSTRAINT
    return Kind.PREFERENCE if STYLE_WORDS & set(words) else Kind.CONSTRAINT


def _instruction(text: str, ctx: Ctx) -> list[Hit] | None:
    what = free_text(text)
    if what is None:
        return None
    return [Hit("instruction", what, _style_kind(what), *ctx.validity())]


# "anything made with leather": what is avoided is what follows the quantifier.
_ANYTHING = re.compile(r"^(?:anything|everything|something|any|all)\s+(?=\S+\s+\S)", _I)


@_rule(
    rf"I{_AM} (?:not|never) {_ADV}(?:really )?(?:into|keen on|big on|a (?:big )?fan of) (?P<x>.+)"
)
def _not_into(m: re.Match[str], ctx: Ctx) -> list[Hit] | None:
    what = preference_value(m["x"])
    return None if what is None else [Hit("dislikes", what, Kind.PREFERENCE, *ctx.validity())]


@_rule(rf"I {_ADV}(?:want|need) (?P<x>(?:all|every|no|at least|at most) .+)")
def _wants_always(m: re.Match[str], ctx: Ctx) -> list[Hit] | None:
    """ "I want all documents as PDFs", "I need at least fifteen minutes between calls"."""
    what = preference_value(m["x"])
    return None if what is None else [Hit("prefers", what, Kind.PREFERENCE, *ctx.validity())]


# What something does to the speaker, when it is bad for them: "wool makes me itch".
_HARMS = (
    r"(?:makes?|made) me (?:itch\w*|sick|ill|nauseous|queasy|anxious|nervous|sneeze|cough"
    r"|uncomfortable|miserable|cranky|grumpy|dizzy)|(?:gives?|gave) me (?:a )?(?:headaches?"
    r"|migraines?|a rash|hives|heartburn|nightmares|the creeps)|(?:ruins?|spoils?) "
    r"(?:everything|it|things) for me"
)


_NOT_A_THING = r"(?!(?:i|it|that|this|he|she|they|you|we|my|our|his|her|their|your)\b)"


@_rule(rf"(?P<x>{_NOT_A_THING}[\w' -]{{2,60}}?) (?:{_HARMS})(?:\W.*)?")
def _harms(m: re.Match[str], ctx: Ctx) -> list[Hit] | None:
    what = preference_value(m["x"])
    return None if what is None else [Hit("dislikes", what, Kind.PREFERENCE, *ctx.validity())]


# A habit said of oneself is a standing preference: "I only eat fish", "I keep Fridays free
# of meetings", "I never work on weekends". "I can't come tomorrow" is not a habit.
_HABIT_FOR = "always|usually|normally|mostly|only|try to|tend to|keep|make a point of|insist on"
_HABIT_AGAINST = "never|rarely|seldom|don't ever|do not ever|try not to|refuse to"


@_rule(rf"I (?P<q>{_HABIT_FOR}|{_HABIT_AGAINST}) (?P<x>[a-z].*)")
def _habit(m: re.Match[str], ctx: Ctx) -> list[Hit] | None:
    first = m["x"].split()[0].lower()
    if first.endswith("ed") or first in ("was", "were", "had", "did", "went", "got"):
        return None  # "I never liked it": what was, not a habit
    quantifier = " ".join(m["q"].lower().split())
    against = quantifier in _HABIT_AGAINST.split("|")
    said = m["x"] if against or quantifier not in ("only", "keep") else f"{quantifier} {m['x']}"
    what = preference_value(said)
    if what is None:
        return None
    return [Hit("avoids" if against else "prefers", what, Kind.PREFERENCE, *ctx.validity())]


@_rule(rf"(?P<q>always|never(?: ever)?|don't ever|do not ever|don't|do not) (?P<x>{VERB}.*)")
def _always_never(m: re.Match[str], ctx: Ctx) -> list[Hit] | None:
    if ctx.explicit:
        return _instruction(m.group(), ctx)
    quantifier = m["q"].lower()
    if quantifier in ("don't", "do not"):
        # "Don't use emojis with me" is how to talk from now on; "don't book that one" a
        # request about one thing.
        return _instruction(m.group(), ctx) if _standing_style(m["x"], ctx) else None
    if _style_kind(m["x"]) is Kind.CONSTRAINT:
        return _instruction(m.group(), ctx)
    what = preference_value(m["x"])
    predicate = "prefers" if quantifier == "always" else "avoids"
    return None if what is None else [Hit(predicate, what, Kind.PREFERENCE, *ctx.validity())]


@_rule(rf"(?P<x>no \S.*|{VERB}.*)")
def _imperative(m: re.Match[str], ctx: Ctx) -> list[Hit] | None:
    # How to talk to the user ("Keep your answers short", "Talk to me like a friend") is a
    # standing preference even unmarked; any other imperative only when marked as a rule.
    if ctx.explicit or _standing_style(m["x"], ctx):
        return _instruction(m["x"], ctx)
    return None


# "this", "it", "tomorrow": a request about one thing, not how to talk from now on.
_ONE_THING = re.compile(r"\b(?:this|that|these|those|it|them|here)\b", _I)


def _standing_style(text: str, ctx: Ctx) -> bool:
    if _style_kind(text) is not Kind.PREFERENCE or _ONE_THING.search(text):
        return False
    try:
        return ctx.validity() == (None, None)
    except Unusable:
        return False


@_rule(r"(?P<x>(?!(?:i|i'm|im|i've|i'd|i'll|my|we|you|it|it's|that|this|there|he|she|they)\b).+)")
def _marked(m: re.Match[str], ctx: Ctx) -> list[Hit] | None:
    """Whatever follows "from now on" and is not a statement: "from now on, bullet points"."""
    return _instruction(m["x"], ctx) if ctx.instruction else None


# --------------------------------------------------------------------------- sentences and clauses

NOT_A_STATEMENT = re.compile(
    r"(?:what|where|when|why|how|who|whom|whose|which|does|did|am|is|are|was|were|can|could"
    r"|should|shall|would|will|have|has|had|may|might|must|isn't|aren't|doesn't|didn't|do(?! not)"
    r"|if|suppose|imagine|assuming|unless|whenever|once)\b"
    r"|I (?:would(?! (?:\w+ )?(?:rather|prefer))|could|might|may|wish|should)\b"
    r"|I'd (?!(?:\w+ )?(?:rather|prefer))",
    _I,
)


def match_core(core: str, ctx: Ctx) -> list[Hit]:
    """The hits of the first rule that takes the core; [] when none does."""
    if not core or NOT_A_STATEMENT.match(core):
        return []
    if HEDGE_WORDS.search(core):
        ctx.hedged = True
    for rule in _RULES:
        m = rule.pattern.fullmatch(core)
        if m is None:
            continue
        if ctx.weak and not rule.dated:
            return []  # "I prefer tea in July" is read again, without the date
        try:
            hits = rule.handler(m, ctx)
        except Unusable:
            return []
        if hits is not None:
            return hits
    return []


def noted(ctx: Ctx) -> list[Hit]:
    """What "remember that X" keeps when the grammar does not know X: X as said."""
    text = free_text(ctx.remember or "")
    if text is None or SENSITIVE.search(text):
        return []
    try:
        start, until = ctx.validity(explicit_only=True)
    except Unusable:
        return []
    return [Hit("noted", text, Kind.FACT, start, until, confidence=NOTED)]
