"""Relations between named things: copular, possessive, "the Z of X" and verb relations.

The first-person grammar (``offline``) reads what the speaker says about
themselves in the forms it knows. This grammar reads the rest, about anyone:

==============================================  ==================================
statement                                       triple
==============================================  ==================================
the Z of X is Y / Y is the Z of X               (X, z, Y)
X's Z is Y / Y is X's Z / my Z is Y             (X, z, Y) / (speaker, z, Y)
the Z where X was V is Y                        (X, v_at, Y)  ("educated_at")
the Z that V X is Y                             (X, v_by, Y)  ("produced_by")
X lives in / works at / teaches at ... Y        (X, lives_in / works_at / ..., Y)
X was born in / was founded by ... Y            (X, born_in / founded_by ..., Y)
X is married to Y                               (X, spouse, Y)
X speaks / plays / owns / eats ... Y            (X, speaks / plays / owns / eats, Y)
X is (a) Y -- a state or a class                (X, is, Y)
I'm 34 / I'm Tariq / I'm from X / I'm at X      age / name / from / works_at
moves, joins, leaves, starts, stops             see ``changes``
==============================================  ==================================

Negation ("isn't", "doesn't", "no longer", ", not Y") is kept as ``negated``;
"any more", "no longer" and "used to" make it a change rather than a correction.
Hedges ("I think", "probably") lower confidence (``hedges``). A subject must be
the speaker or a name (``phrases``), so "it", "that movie" and "he" give nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from graphmem.extract.changes import CHANGE_TAIL, gerund_predicate, read_change
from graphmem.extract.hedges import peel_hedges, speculative
from graphmem.extract.phrases import (
    SELF,
    SENSITIVE,
    clean_clause,
    evaluative,
    has_category,
    is_name,
    object_phrase,
    predicate_name,
    subject_phrase,
)
from graphmem.extract.phrases import words as _words

__all__ = ["Found", "read"]

_I = re.IGNORECASE


@dataclass(frozen=True, slots=True)
class Found:
    """A triple the grammar read; ``subject`` may be ``SELF`` or start with it."""

    subject: str
    predicate: str
    object: str
    negated: bool = False
    change: bool = False
    hedged: bool = False
    one_value: bool = False  # "the Z of X is Y": the definite singular names one value


_COP = r"(?P<cop>is not|isn't|is no longer|'s not|is|'s|was)"
_NEG_COP = frozenset(
    (
        "is not",
        "isn't",
        "is no longer",
        "'s not",
        "'m not",
        "am not",
        "'m no longer",
        "am no longer",
    )
)
_NOUN = r"(?P<n>(?-i:(?!of\b)[A-Za-z][\w-]*(?: (?!of\b)[A-Za-z][\w-]*){0,3}))"
_OF = re.compile(
    rf"the {_NOUN} of (?P<s>.+?) (?P<cop>is not|isn't|is no longer|is located in"
    r"|is based in|is|was) (?P<o>.+)",
    _I,
)
_WHERE = re.compile(
    r"(?:the )?(?P<n>\w+) (?:where|in which) (?P<s>.+?) (?:was|is|were) "
    r"(?P<v>\w+) (?:is|was) (?P<o>.+)",
    _I,
)
_PARTICIPLE = re.compile(
    r"(?:\w+(?:ed|en|wn|lt|nt)|born|located|based) (?:by|in|at|to|with|for|from)\b"
)
_WHAT_THAT = re.compile(
    r"the (?P<n>\w+) of (?P<m>[a-z]+) (?:that|which) (?P<s>.+?) (?P<v>[a-z]+s) "
    r"(?:is|was) (?P<o>.+)",
    _I,
)
_THAT = re.compile(
    r"(?:the )?(?P<n>\w+) (?:that|which|who) (?P<v>\w+ed) (?P<s>.+?) (?:is|was) "
    r"(?P<o>.+)",
    _I,
)
_IS_THE_OF = re.compile(
    rf"(?P<o>.+?) (?P<cop>is not|isn't|is no longer|is|was) the {_NOUN} of (?P<s>.+)"
)
_POSSESSIVE = re.compile(
    rf"(?P<s>(?i:my|our)|.+?'s?) {_NOUN}(?:'s name)? (?P<cop>is not|isn't|is no longer|is called"
    r"|is named|is|are) (?P<o>.+)",
)
_IS_POSSESSIVE = re.compile(
    rf"(?P<o>.+?) (?P<cop>is not|isn't|is no longer|is|'s) (?P<s>(?i:my|our)|[A-Z].*?'s?) {_NOUN}"
)
_WITH_NAMED = re.compile(
    r"(?P<s>.+?) (?:have|has|'ve got|got) (?:a|an|one) (?P<n>[a-z]+) "
    r"(?:named|called) (?P<o>[A-Z][\w'-]*)"
)
_SPECIAL_HEADS = (
    (re.compile(r"state (?:in|of) (?P<s>.+)", _I), "head_of_state"),
    (re.compile(r"(?:the )?(?P<s>.+?) government", _I), "head_of_government"),
)

# Verb phrases after the subject: (pattern, predicate or None for "participle_prep").
_NEG = r"(?P<neg>doesn't |does not |don't |do not |didn't |did not |no longer |never )?"
_BE = r"(?:is |are |am |'m |was |were |has been |have been |'ve been )"
_BE_NEG = r"(?:is |are |am |'m |was |were )(?P<neg>not |no longer )?"
_VERBS: tuple[tuple[re.Pattern[str], str | None], ...] = tuple(
    (re.compile(rf"{body} (?P<o>.+)", _I), predicate)
    for body, predicate in (
        (rf"{_NEG}(?:live|lives|living) in", "lives_in"),
        (rf"{_BE_NEG}living in", "lives_in"),
        (rf"{_NEG}(?:work|works) (?:at|for)", "works_at"),
        (rf"{_BE_NEG}working (?:at|for)", "works_at"),
        (rf"{_NEG}(?:work|works) in", "works_in"),
        (r"worked in", "worked_in"),
        (rf"{_NEG}(?:teach|teaches) at", "teaches_at"),
        (rf"{_NEG}(?:study|studies) at", "studies_at"),
        (r"studied at", "studied_at"),
        (r"grew up in", "grew_up_in"),
        (r"died in", "died_in"),
        (rf"{_BE_NEG}(?:originally )?from", "from"),
        (rf"{_NEG}(?:come|comes) from", "from"),
        (rf"{_BE_NEG}married to", "spouse"),
        (rf"{_BE_NEG}(?:dating|seeing)", "dating"),
        (rf"{_BE_NEG}(?:a )?(?:huge |big )?fan of", "likes"),
        (
            rf"{_BE_NEG}a (?P<noun>citizen|member|resident|native|student|graduate|employee) of",
            None,
        ),
        (
            rf"{_BE_NEG}(?P<adj>famous|known|allergic|responsible|married|related|engaged)"
            r" (?P<p>to|for|with)",
            None,
        ),
        (rf"{_BE_NEG}(?:learning|studying)", "learns"),
        (rf"{_NEG}(?:speak|speaks)", "speaks"),
        (rf"{_NEG}(?:play|plays)", "plays"),
        (rf"{_NEG}(?:own|owns)", "owns"),
        (rf"{_NEG}(?:drive|drives)", "drives"),
        (rf"{_NEG}(?:eat|eats)", "eats"),
        (rf"{_NEG}(?:drink|drinks)", "drinks"),
        (rf"{_NEG}(?:learn|learns)", "learns"),
        (rf"{_BE_NEG}(?:based|headquartered|located) in", None),
        (
            rf"{_BE_NEG}(?P<part>[a-z]+(?:ed|en|wn|rn|lt|nt|de|ld))"
            r" (?P<p>by|in|at|with|to|for|from|on|into)",
            None,
        ),
    )
)
_SPLIT_VERB = re.compile(
    r"\s(?=(?:doesn't|does not|don't|do not|didn't|did not|no longer|never|is|are|am|'m|was"
    r"|were|has|have|'ve|live|lives|living|work|works|worked|teach|teaches|study|studies"
    r"|studied|grew|died|come|comes|speak|speaks|play|plays|own|owns|drive|drives|eat|eats"
    r"|drink|drinks|learn|learns)\b)",
    _I,
)
_APOSTROPHE_M = re.compile(r"^(?:i|we)(?:'m|'re)\s", _I)
_COPULAR = re.compile(
    r"(?P<s>.+?)(?P<cop> is not| isn't| is no longer| is|'m not|'m no longer|'m| am not"
    r"| am no longer| am) (?P<art>a |an )?(?P<o>.+)",
    _I,
)
_STATES = _words(
    "fine good great ok okay sure sorry tired happy sad ready back here there home done"
    " glad afraid busy excited bored hungry thirsty sick ill awake asleep late early free"
    " available alright right wrong confused stressed exhausted lost curious interested"
    " serious kidding joking cold hot full in out off on up down away well better worse new"
    " old right-handed lucky stuck excited nervous worried annoyed upset proud grateful"
    " thankful sorry scared around close almost pretty so very too really just not also"
    " still going coming"
)
_AGE = re.compile(r"(?P<n>\d{1,3})(?: years? old| yo)?")


# Relations whose object is a place, an organisation or a person: a name.
_NAMED_OBJECTS = _words(
    "lives_in works_at from born_in died_in spouse dating studies_at teaches_at studied_at"
    " grew_up_in based_in headquartered_in"
)


def _triple(
    subject: str | None, predicate: str | None, obj: str | None, negated: bool = False, **kw: bool
) -> list[Found]:
    if subject is None or predicate is None or obj is None:
        return []
    return [Found(subject, predicate, obj, negated, **kw)]


def _negative(cop: str | None) -> bool:
    return cop is not None and cop.strip().lower() in {c.strip() for c in _NEG_COP}


def _the_of(text: str) -> list[Found]:
    """ "The capital of Peru is Lima", "The headquarters of Nokia is located in ... Espoo"."""
    m = _OF.fullmatch(text)
    if m is None or _PARTICIPLE.match(m["o"]):
        return []  # "The Wheel of Time was written in ..." is a verb relation
    noun, subject = m["n"], m["s"]
    if noun.lower().startswith("the "):
        noun = noun[4:]
    inner = re.fullmatch(r"(?:the )?(?:current |present )?(?P<n>[a-z ]+?) of (?P<s>.+)", subject)
    if noun.lower() in ("name", "title") and inner:
        noun, subject = inner["n"], inner["s"]  # "the name of the current head of ..."
    predicate = predicate_name(noun)
    if noun.lower() == "head":
        for pattern, special in _SPECIAL_HEADS:
            found = pattern.fullmatch(subject)
            if found:
                predicate, subject = special, found["s"]
                break
    read_ = _with_correction(subject_phrase(subject), predicate, m["o"], _negative(m["cop"]))
    # The definite article and a singular verb name the one value the relation holds.
    return [replace(f, one_value=True) for f in read_]


def _with_correction(
    subject: str | None, predicate: str | None, raw: str, neg: bool
) -> list[Found]:
    """ "... is Abuja, not Lagos": the value said, and the value denied."""
    said, _, denied = raw.partition(", not ")
    if evaluative(said):
        return []  # "Boston's music scene is awesome"
    found = _triple(subject, predicate, object_phrase(said), neg)
    if found and denied:
        found += _triple(subject, predicate, object_phrase(denied), True)
    return found


def _relative(text: str) -> list[Found]:
    """ "The university where X was educated is Y", "The company that produced X is Y"."""
    m = _WHAT_THAT.fullmatch(text)
    if m:  # "The type of music that X plays is Y"
        return _triple(
            subject_phrase(m["s"]), predicate_name(f"{m['v']} {m['m']}"), object_phrase(m["o"])
        )
    m = _WHERE.fullmatch(text)
    if m:
        prep = "in" if m["n"].lower() in ("city", "town", "country", "place") else "at"
        return _triple(
            subject_phrase(m["s"]), predicate_name(f"{m['v']} {prep}"), object_phrase(m["o"])
        )
    m = _THAT.fullmatch(text)
    if m:
        return _triple(
            subject_phrase(m["s"]), predicate_name(f"{m['v']} by"), object_phrase(m["o"])
        )
    return []


def _possessive(text: str) -> list[Found]:
    """ "Kenji's brother is Hiro", "Hiro is Kenji's brother", "Alice is my manager"."""
    m = _IS_THE_OF.fullmatch(text)
    if m and is_name(m["o"]):
        return _triple(
            subject_phrase(m["s"]),
            predicate_name(m["n"]),
            object_phrase(m["o"], name=True),
            _negative(m["cop"]),
        )
    m = _POSSESSIVE.fullmatch(text)
    if m:
        owner = m["s"][:-2] if m["s"].endswith("'s") else m["s"].rstrip("'")
        mine = owner.lower() in ("my", "our")
        subject = SELF if mine else subject_phrase(owner)
        value = object_phrase(m["o"].partition(", not ")[0])
        if mine and (value is None or not is_name(value)):
            return []  # "my back is killing me"; the speaker's own values are the other grammar's
        if subject is not None and (mine or is_name(owner)):
            return _with_correction(subject, predicate_name(m["n"]), m["o"], _negative(m["cop"]))
    m = _IS_POSSESSIVE.fullmatch(text)
    if m and is_name(m["o"]):
        owner = m["s"][:-2] if m["s"].endswith("'s") else m["s"].rstrip("'")
        subject = SELF if owner.lower() in ("my", "our") else subject_phrase(owner)
        return _triple(
            subject, predicate_name(m["n"]), object_phrase(m["o"], name=True), _negative(m["cop"])
        )
    m = _WITH_NAMED.fullmatch(text)
    if m:
        return _triple(subject_phrase(m["s"]), predicate_name(m["n"]), m["o"])
    return []


def _verb_predicate(groups: dict[str, str | None], rest: str) -> str | None:
    """The predicate of an open verb pattern: "citizen_of", "famous_for", "founded_by"."""
    if groups.get("noun"):
        return predicate_name(f"{groups['noun']} of")
    if groups.get("adj") == "married":
        return "spouse"
    if groups.get("adj"):
        return predicate_name(f"{groups['adj']} {groups['p']}")
    if groups.get("part"):
        name = predicate_name(f"{groups['part']} {groups['p']}")
        return "spouse" if name == "married_to" else name
    word = re.search(r"(based|headquartered|located) in", rest, _I)
    return None if word is None else f"{word[1].lower()}_in"


def _verb(text: str) -> list[Found]:
    """ "Hassan works at Siemens", "Frida Kahlo was born in Coyoacán", "I don't eat pork"."""
    for split in _SPLIT_VERB.finditer(text):
        subject = subject_phrase(text[: split.start()], lower_ok=True)
        if subject is None:
            continue
        lower = subject != SELF and not subject.startswith(SELF) and not is_name(subject)
        rest = text[split.end() :]
        for pattern, predicate in _VERBS:
            m = pattern.fullmatch(rest)
            if m is None:
                continue
            groups = m.groupdict()
            if lower and not (groups.get("part") or groups.get("adj")):
                return []  # a common noun as subject only in "was created in", "is famous for"
            if groups.get("part") and not (is_name(m["o"]) or has_category(m["o"])):
                return []  # "excited to try new things": a participle takes a name or a category
            named = predicate or _verb_predicate(groups, rest)
            if named in _NAMED_OBJECTS and not is_name(object_phrase(m["o"]) or ""):
                return []  # "from all over", "lives in a dream"
            if subject == SELF and named == "based_in":
                named = "lives_in"
            return _triple(subject, named, object_phrase(m["o"]), bool(groups.get("neg")))
        return []
    return []


def _copular(text: str) -> list[Found]:
    """ "I'm vegetarian", "Grace is a pilot", "I'm 34", "I'm Tariq", "I'm at Atlassian"."""
    m = _COPULAR.fullmatch(text)
    if m is None:
        return []
    subject = subject_phrase(m["s"])
    if subject is None or (subject != SELF and m["cop"].strip() in ("'m", "am")):
        return []
    if subject.startswith(f"{SELF}'s"):
        return []  # "my phone is ..." is the possessive grammar's, or nothing
    negated = _negative(m["cop"])
    value = m["o"].strip()
    if evaluative(value):
        return []  # "Sushi is delicious"
    words = value.split()
    if subject == SELF and not m["art"]:
        age = _AGE.fullmatch(value)
        if age:
            return _triple(subject, "age", age["n"], negated)
        at = re.fullmatch(r"at ([A-Z].*)", value)
        if at:
            return _triple(subject, "works_at", object_phrase(at[1], name=True), negated)
        if (
            len(words) == 1
            and re.fullmatch(r"[A-Z][a-z'-]+", value)
            and not re.search(r"(?:ian|ese|ish|an|i)$", value)
        ):
            return _triple(subject, "name", value, negated)
    gerund = re.fullmatch(r"(\w+ing) (.+)", value)
    if gerund and not m["art"]:
        return _triple(subject, gerund_predicate(gerund[1]), object_phrase(gerund[2]), negated)
    if m["art"]:
        if (
            len(words) > 4
            or words[0].lower() in _STATES
            or re.search(r"\b(?:of|to|for|with)\b", value)
        ):
            return []
    elif len(words) != 1 or value.lower() in _STATES or value.lower().endswith(("ing", "ed")):
        return []
    if not m["art"] and subject != SELF and not re.fullmatch(r"[A-Za-z-]+", value):
        return []
    return _triple(subject, "is", object_phrase(value, max_words=4), negated)


_READERS = (_the_of, _relative, _possessive)


def read(clause: str) -> list[Found]:
    """The triples a clause states; [] when it states none this grammar knows."""
    if SENSITIVE.search(clause):
        return []  # credentials are never remembered
    hedge = peel_hedges(clean_clause(clause))
    text = clean_clause(hedge.text)
    if not text or speculative(text) or text.endswith("?"):
        return []
    text, tails = CHANGE_TAIL.subn("", text)
    text = _APOSTROPHE_M.sub("I am ", text)
    change = tails > 0 or re.search(r"\bno longer\b", text, _I) is not None
    moved = read_change(text)
    if moved is not None:
        return [
            Found(moved.subject, moved.predicate, moved.object, moved.negated, True, hedge.hedged)
        ]
    for reader in (*_READERS, _verb, _copular):
        found = reader(text)
        if found:
            return [
                replace(f, negated=f.negated or tails > 0, change=change, hedged=hedge.hedged)
                for f in found
            ]
    return []
