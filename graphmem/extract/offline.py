"""The offline extractor: statements in ordinary language, by grammar, with no model.

The module family: ``sentences`` (splitting, linear time), ``clause`` (peeling a
clause), ``windows`` (time words), ``first_person`` (the grammar below),
``relations`` with ``phrases``, ``changes`` and ``hedges`` (statements about
anyone: "X is Y's manager", "the capital of X is Y", "moved to", "no longer",
"I think"), ``connections`` (services connected and disconnected). This module ties
them together: each clause is read as a connection, else by the first-person grammar
and, when it yields nothing, by the relation grammar.

This is the zero-configuration extractor. It is deterministic (regular expressions
and a small grammar, standard library only) and deliberately conservative: it
understands plain statements (about the user and about named people and things)
and leaves everything else alone rather than guess. A sentence it does not
recognise yields no claim.

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
* **Other people and things.** A clause the first-person grammar does not take is
  read by the relation grammar (``relations``): "Alice is my manager" (the
  user's manager), "my friend lives in Rome" (subject "user's friend"), "Alice is
  Bob's manager", "the capital of Peru is Lima", "Hassan works at Siemens". Its
  subjects are the speaker or names, never pronouns ("he", "it", "that movie"),
  so it needs no coreference and guesses none. A relation the speaker states about
  themself with a value that is not a name ("my boss is annoying") yields nothing.
* **Credentials** (password, PIN, API key, card number, ...) are never extracted,
  not even through "remember that".
* **Connections.** "I connected my Google Calendar with read-only access", "I've linked
  my work Gmail (send only)", "I disconnected Slack" (and the same in German, Spanish and
  French) are about the service, not the speaker: ``connection_scope`` claims whose
  subject is "Google Calendar" or "Gmail (work)" (``graphmem.extract.connections``). A
  disconnection ends whatever scope the service had (``Claim.any_value``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

from graphmem.errors import InvalidArgument
from graphmem.extract import connections, relations, self_intro
from graphmem.extract.clause import (
    Ctx,
    peel,
)
from graphmem.extract.first_person import EXPLICIT, FRUSTRATED, HEDGED, Hit, match_core, noted
from graphmem.extract.phrases import SELF
from graphmem.extract.sentences import NORMALISE, clauses, compact
from graphmem.extract.windows import (
    DAY,
    TIME_PHRASE,
    Unusable,
)
from graphmem.model import GLOBAL, Cardinality, Claim, Kind
from graphmem.temporal import utc

__all__ = ["OfflineExtractor"]


def _quote(original: str, start: int, end: int) -> str:
    return original[start:end].strip().rstrip(".,;!").rstrip()


# A time corrected in passing: ", not April", ", not on Tuesday", ", not in 2023".
_NOT_THEN = re.compile(
    rf",\s*(?:but\s+)?not\s+(?:(?:in|on|at|from|since)\s+)?(?:{TIME_PHRASE})\s*[.!]?\s*$",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class _Clause:
    at: datetime
    speaker: str
    text: str
    quote: str

    def claims(self) -> list[Claim]:
        """Read with every peel, then without bare dates, then without windows and scope."""
        corrected = _NOT_THEN.sub("", self.text)  # "in March, not April": the time said is March
        if corrected != self.text:
            return _Clause(self.at, self.speaker, corrected, self.quote).claims()
        frustrated = "!!" in self.text
        first = None
        for level in (2, 1, 0):
            ctx = Ctx(self.at, level, frustrated=frustrated)
            core = peel(self.text, ctx)
            if (said := connections.read(core)) is not None:
                return [self.connection(said, ctx)]
            hits = match_core(core, ctx)
            first = first or ctx
            if hits:
                return [self.claim(hit, ctx) for hit in hits]
        if first is not None and first.remember is not None:
            first.scope = GLOBAL  # X is kept as said, scope words included
            return [self.claim(hit, first) for hit in noted(first)]
        return [self.relation(found) for found in relations.read(self.text)]

    def connection(self, said: connections.Said, ctx: Ctx) -> Claim:
        """A service connected or disconnected ("I connected my Google Calendar read-only"):
        its subject is the service, not the speaker (``graphmem.extract.connections``)."""
        try:  # "I connected Slack last week": granted then
            when = ctx.validity("past", anchor=True)[0]
        except Unusable:
            when = None
        quote = self.quote
        if said.aside and (cut := quote.translate(NORMALISE).rfind(said.aside.strip())) > 0:
            quote = quote[:cut].rstrip(" ,;:-")  # the quote stops before a credential
        confidence = HEDGED if ctx.hedged else EXPLICIT
        return connections.claim(said, at=when or self.at, quote=quote, confidence=confidence)

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
            cardinality=Cardinality.ONE if found.one_value else None,
        )

    def claim(self, hit: Hit, ctx: Ctx) -> Claim:
        kind = hit.kind
        if hit.valid_from and hit.valid_until and hit.valid_until - hit.valid_from <= DAY:
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
        read: list[Claim] = []
        for start, end in clauses(normal):
            clause = _Clause(at, speaker, compact(normal[start:end]), _quote(text, start, end))
            try:
                read += clause.claims()
            except InvalidArgument:
                continue  # a clause no claim can hold (an object past a claim's limit)
        named = {(c.predicate, c.object) for c in read}
        # Who the speaker says they are, in any language the gate reads: what the grammar
        # above has not already read.
        read += [
            c
            for c in self_intro.claims(text, speaker=speaker, at=at)
            if (c.predicate, c.object) not in named
        ]
        for claim in read:
            key = (
                claim.subject,
                claim.predicate,
                claim.object,
                claim.negated,
                claim.scope,
                claim.valid_from,
            )
            if key not in seen:
                seen.add(key)
                claims.append(claim)
        return claims
