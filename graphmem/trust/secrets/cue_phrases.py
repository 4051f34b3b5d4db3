"""Words told as a passphrase or an answer after a word about access: after "is" in the
password's language ("La contraseña del taller es gato con botas"), after a colon ("La frase
de contraseña del disco es: gato negro bajo la luna llena"), or typed to open something
("… se odemkne, když napíšeš zelený čaj o páté ráno"). Told so, the value is plain words, so
its shape cannot decide; what stands around it does. Read by the cue layer
(:mod:`graphmem.trust.secrets.cues`).
"""

from __future__ import annotations

import re

from graphmem.trust.secrets.common import REFERENCE, WHERE_IT_IS
from graphmem.trust.secrets.lexicon import QUIET, Cue
from graphmem.trust.secrets.phrases import DESCRIPTIVE

# The end of a clause: sentence punctuation, a line break.
CLAUSE = re.compile(r"[.;!?](?=\s|$)|[。！？；\n]|,\s")
WORD = re.compile(r"[^\W\d_][^\W_]*(?:['’-][^\W\d_]+)*")


def typed_phrase(text: str, cue: Cue, hi: int, found: list[Cue]) -> tuple[int, int] | None:
    """ "... se odemkne, když napíšeš zelený čaj o páté ráno": what one is told to type or
    say to open something, when it is several plain words, is a passphrase."""
    words = list(WORD.finditer(text, cue.end, hi))
    if not 3 <= len(words) <= 9 or WHERE_IT_IS.match(text, words[0].start()):
        return None
    if any(cue.end <= c.start < hi and c.concept not in QUIET for c in found):
        return None  # "I type my password on the laptop": talk about a secret
    if any(c.isdigit() for c in text[cue.end : hi]):
        return None
    return words[0].start(), words[-1].end()


# "La frase de contraseña del disco es: gato negro bajo la luna llena": several plain words
# after a colon that follows a cue are a passphrase, in whatever language.
COLON = re.compile(r"(?:[:：]|->|=>|→)\s*")


def phrase_after_colon(text: str, cue: Cue, hi: int, found: list[Cue]) -> tuple[int, int] | None:
    colon = COLON.search(text, cue.end, hi)
    if colon is None or colon.start() - cue.end > 40 or REFERENCE.match(text[colon.end() : hi]):
        return None  # "password: ${DB_PASSWORD}", "password: <your password here>"
    if any(colon.end() <= c.start < hi for c in found):
        return None
    words = list(WORD.finditer(text, colon.end(), hi))
    if not 2 <= len(words) <= 10 or WHERE_IT_IS.match(text, words[0].start()):
        return None
    if words[0].start() - colon.end() > 2 or any(c.isdigit() for c in text[colon.end() : hi]):
        return None
    return words[0].start(), words[-1].end()


# "is" in the languages people write a password's name in, as a word of its own: what
# joins a password's name to its value when that value is words ("Passordet … er fjellrev og
# multebær", "Mật khẩu … là cà phê trứng", "Cyfrinair … yw bara brith").
_IS = re.compile(
    r"(?:^|\s)(?:is|was|ist|lautet|war|est|es|era|è|é|är|er|on|je|jest|to|ni|yw|ydy|estas"
    r"|là|adalah|ialah|iku|ay|ass|var|це|это|е|है|था)\s+",
    re.IGNORECASE,
)
# Words that say what a password is like or what happens to it, not what it is: "is
# required", "ist zu kurz", "es la misma", "is changed every month".
_NOT_A_PHRASE = re.compile(
    r"(?:^|\s)(?:required|needed|changed|reset|expired|wrong|correct|incorrect|same|different"
    r"|weak|strong|secure|safe|long|short|valid|invalid|sent|saved|stored|written|shared"
    r"|case|too|very|still|not|no|never|always|also|only|just|now|set|used|for|to"
    r"|with|from|in|on|at|by|of|my|your|our|their|his|her|its|this|that|it|what|which"
    r"|zu|sehr|noch|nicht|kein|nie|immer|auch|nur|gleich|gleiche|dasselbe|falsch|richtig"
    r"|muy|misma|mismo|igual|siempre|también|solo|nunca|trop|très|même|toujours|jamais"
    r"|bien|mal|molto|sempre|stessa|stesso|muito|mesma|mesmo)(?=\s|$|[,.!?])",
    re.IGNORECASE,
)


# A password's word as the first part of another thing's name.
_COMPOUND_HEAD = re.compile(
    r"[ \t]*(?:reset|policy|policies|manager|field|hint|rules?|length|strength|change|changes"
    r"|requirements?|link|page|box|prompt|expiry|protected|protection|complexity|history"
    r"|recovery|form|screen|dialog|generator|leak|breach|hash|hashes|hashing)\b",
    re.IGNORECASE,
)


_ARE = re.compile(r"(?:^|\s)(?:are|were|sind|son|sont|sono|são|zijn|są)(?=\s)", re.I)
# "but" in the languages of _IS: the "is" after it is another clause's.
_BUT = re.compile(
    r"(?:^|\s)(?:but|pero|mais|aber|ma|mas|ale|але|но|men|maar|tapi|lakini|dar|ama|però"
    r"|sed|nhưng|लेकिन|पर|and|y|et|und|e|i|og|och|ja|и|та|și)(?=\s)",
    re.IGNORECASE,
)
# Where it is written, as a participle: "je napsané na recepci", "ist im Schrank notiert".
_WRITTEN = re.compile(
    r"(?:written|noted|napsan\w*|napisan\w*|zapsan\w*|zapisan\w*|geschrieben|notiert"
    r"|escrit\w*|anotad\w*|écrit\w*|noté\w*|scritt\w*|geschreven|skrevet|skrivet"
    r"|kirjoitettu|yazılı|написан\w*|записан\w*)\b",
    re.IGNORECASE,
)
_A = frozenset(
    {"a", "an", "un", "une", "una", "uno", "ein", "eine", "einen", "een", "en", "ett", "et"}
    | {"um", "uma", "egy", "jeden", "jedna"}
)
_PLAIN = re.compile(r"[^\W\d_\s]*(?:[\s'’-]+[^\W\d_]+)*\s*")


def phrase_after_copula(text: str, cue: Cue, hi: int, found: list[Cue]) -> tuple[int, int] | None:
    """A password that is words, told after "is" in its language ("La contraseña … es duende
    de madrugada", "Hasło na domówkę to żubr w kapciach"): two to six plain words from the
    connective to the end of the clause. What a password is like is not one ("is required
    for login", "ist zu kurz"), nor where it is."""
    between = text[cue.end : hi]
    if _COMPOUND_HEAD.match(between):
        return None  # "password policy is strict": the name of another thing
    if any(ch.isdigit() for ch in between) or "?" in between:
        return None  # a number is the other layers' to read; a question asks, it tells nothing
    # The last "is" before the clause's end: "the password to the shed is green tomato".
    joined = next(reversed(list(_IS.finditer(between))), None)
    if joined is not None and joined.group().strip().casefold() == "to" and cue.term.isascii():
        return None  # "password needed to read the menu": English "to", not Polish "is"
    if joined is None or len(between[: joined.start()].split()) > 6:
        return None
    # What it is for, in plain words ("for the party", "til borettslagets e-post"); a value,
    # a quote or a field's syntax before "is" means the value was told already.
    qualifier = between[: joined.start()]
    if not qualifier.strip() or not _PLAIN.fullmatch(qualifier) or _BUT.search(qualifier):
        return None  # "… la contraseña del campus pero eso es otra historia": another clause
    if _ARE.search(qualifier) or any(
        m.group().strip().casefold() != "to" for m in _IS.finditer(qualifier)
    ):
        return None  # "passwords … are unique is good practice": a clause is the subject
    start = cue.end + joined.end()
    if any(start <= c.start < hi for c in found):
        return None  # another word about access: "… is the same as the Wi-Fi password"
    words = list(WORD.finditer(text, start, hi))
    if not 2 <= len(words) <= 6 or words[0].start() != start:
        return None
    told = text[start : words[-1].end()]
    first = words[0].group().lower()
    # "is a crucial first step": an indefinite article begins a description, not a value.
    described = first in DESCRIPTIVE or first in _A or _WRITTEN.match(told) is not None
    if described or WHERE_IT_IS.match(told) or _NOT_A_PHRASE.search(told):
        return None
    rest = text[words[-1].end() : hi]
    if rest.strip(" \t\"'»“”.,!") or len(told) > 60:
        return None  # the clause goes on: more than a value was said
    if hi < len(text) and not rest and not CLAUSE.match(text, hi):
        return None  # cut by the window, not ended: a longer sentence than a value
    return start, words[-1].end()
