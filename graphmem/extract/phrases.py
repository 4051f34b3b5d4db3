"""Noun phrases for the relation grammar: who a subject is, what an object is.

The grammar finds a relation by its fixed words ("is the capital of", "works at",
"'s manager is") and leaves the text on either side to this module, which says
whether that text can be a subject or an object and normalises it. The tests are
deliberately strict for subjects: a subject is the speaker ("I", "my sister"),
or a name (capitalised, not a pronoun or a determiner), because a clause about
"it", "that movie" or "the weather" is not something to remember.
"""

from __future__ import annotations

import re

__all__ = [
    "SELF",
    "SENSITIVE",
    "clean_clause",
    "object_phrase",
    "predicate_name",
    "subject_phrase",
]

_I = re.IGNORECASE


def words(text: str) -> frozenset[str]:
    """The words of a literal list, as a set."""
    return frozenset(text.split())


# The speaker, until the extractor knows the speaker's name.
SELF = "\x00self"
# Credentials are never remembered, whoever they belong to.
SENSITIVE = re.compile(
    r"\b(?:passwords?|passcodes?|passphrases?|pin|pin code|ssn|social security|credit card"
    r"|card number|cvv|api key|secret key|access token|private key|bank account|iban|login)\b",
    _I,
)
_MONTHS = (
    "january|february|march|april|may|june|july|august|september|october|november|december"
    "|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec"
)
_DAYS = "(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend)s?"
_NUMBER = r"(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|a few|several|many)"
_LEADING_FILLER = re.compile(
    r"^(?:(?:yeah|yep|yes|so|ok|okay|oh|well|anyway|anyways|btw|by the way|honestly|basically"
    r"|actually|um|uh|lol|haha|and|but|also|fyi|just so you know|update|guess what|fun fact"
    r"|to be honest|tbh|right|alright|hey|hi|hello)\b[,:!.]?\s+)+",
    _I,
)
_TIME_TAIL = re.compile(
    r"(?:,?\s+(?:now|these days|nowadays|today|again|lol|haha|btw|too|as well|right now"
    r"|at the moment|currently|recently|finally|already|still"
    r"|(?:last|this|next) (?:week|month|year|night|summer|winter|spring|autumn|fall|time)"
    rf"|yesterday|tomorrow|in (?:(?:19|20)\d\d|{_MONTHS})(?: (?:19|20)\d\d)?"
    rf"|on (?:{_DAYS})|on \w+day|since (?:\w+)|for {_NUMBER} (?:days?|weeks?|months?|years?)"
    rf"|(?:about |around |over |almost |nearly )?{_NUMBER} (?:days?|weeks?|months?|years?) ago"
    r"|ages ago|a while ago"
    rf"|when i was \w+|as a kid|as a child|back then|(?:ever|right) since|for (?:good|now)))+$",
    _I,
)
_INNER_ADVERB = re.compile(
    r"\b(?:just|finally|recently|originally|actually|really|also|still|already|now|currently)\s+",
    _I,
)
# ", been there two years": a comma, then a lower-case word, starts an aside.
_ASIDE = re.compile(
    r"\s*,\s+(?=[a-z])|\s+(?:but|because|since|though|although|which|so|lol)\b"
    r"|\s+and (?=(?:also |then )?(?:lives|works|is|was|has|moved|joined|left|studies|teaches)\b)"
)
_PRONOUNS = words(
    "he she they it you him her them this that these those there here who what which"
    " someone somebody everyone everybody nobody anyone something everything nothing one my"
    " his hers its their our your all some each both either neither none"
)
_DETERMINERS = words("the a an this that these those every each any some no")
_SELF_WORDS = frozenset(("i", "me", "myself", "we"))
_ARTICLE = re.compile(r"^(?:(?:a|an)\s+|the\s+(?=[a-z0-9]))")
_CALLED = re.compile(r"^(?:a |an |the )?[a-z][a-z ]* (?:called|named) (?=[A-Z])")
_CATEGORY = re.compile(
    r"^the (?:city|town|village|sport|language|position|continent|religion|field|country|state"
    r"|region|province|island|genre) of\s+",
    _I,
)
_NAME_WORD = re.compile(
    r"(?:[A-Z0-9\u00C0-\u024F][\w.'&()\u00C0-\u024F-]*|[a-z][\w'-]*[A-Z][\w.'&()-]*)"
)
_CONNECTOR = words(
    "of the de da del della di du von van der den la le y and & for on in at to as a an by with"
    " from into over under upon"
)
_NOT_NAMES = words(
    "congrats congratulations thanks thank wow yeah yes no hey hi hello found reminds sounds"
    " looks seems feels let let's"
)
_EVALUATIVE = words(
    "awesome amazing cool nice great good bad terrible awful beautiful lovely wonderful fantastic"
    " incredible important key vital crucial essential fun hard tough easy interesting boring"
    " delicious tasty huge special perfect hilarious sweet cute inspiring possible impossible"
    " progress"
)
_BAD_OBJECT = re.compile(r"[?]|^(?:to|that|if|whether|when|because)\b", _I)


def clean_clause(text: str) -> str:
    """The clause without fillers at its start and time words or asides at its end."""
    text = text.strip().rstrip(".!,;:").strip()
    text = _LEADING_FILLER.sub("", text)
    text = _ASIDE.split(text, maxsplit=1)[0] if not _keeps_commas(text) else text
    text = _INNER_ADVERB.sub("", text)
    previous = None
    while previous != text:
        previous = text
        text = _TIME_TAIL.sub("", text).rstrip(" ,")
    return text


def _keeps_commas(text: str) -> bool:
    """ ", not Lagos" is a correction the grammar reads; keep the comma for it."""
    return re.search(r",\s+not\s+[A-Z]", text) is not None


def is_name(text: str) -> bool:
    """ "Hugo", "Apple Inc.", "University of California, Berkeley", "A Wizard of Earthsea"."""
    words = text.replace(",", " ").split()
    if not words or len(words) > 12:
        return False
    first = words[0]
    titled = len(words) > 1 and _NAME_WORD.fullmatch(words[1]) is not None
    if first.lower() in _PRONOUNS and not titled:  # "Our Mutual Friend" is a title
        return False
    if first.lower() in _DETERMINERS and len(words) == 1:
        return False
    if first.lower() in _DETERMINERS and not _NAME_WORD.fullmatch(words[1]):
        return False  # "The weather", "That movie"
    if not _NAME_WORD.fullmatch(first):
        return False
    gerund = first.endswith("ing") and len(words) > 1 and words[1].islower()
    contracted = "'" in first and first.lower().split("'")[0] in _PRONOUNS  # "It's a"
    if gerund or contracted or first.lower() in _NOT_NAMES:
        return False  # "Taking care of ourselves", "Congrats on ..."
    return all(_NAME_WORD.fullmatch(w) or w.lower() in _CONNECTOR for w in words)


def has_category(raw: str) -> bool:
    """Whether an object is introduced by a category: "the city of", "the sport of"."""
    return _CATEGORY.match(raw.strip()) is not None


def evaluative(value: str) -> bool:
    """ "awesome", "so important": an opinion of the moment, not a value to remember."""
    words = value.lower().split()
    return bool(words) and len(words) <= 3 and words[-1] in _EVALUATIVE


def subject_phrase(raw: str, *, lower_ok: bool = False) -> str | None:
    """The subject as stored: SELF, "SELF's sister", or the name as written."""
    text = raw.strip(" ,")
    low = text.lower()
    if low in _SELF_WORDS:
        return SELF
    m = re.fullmatch(r"(?i:my|our) ([a-z][a-z-]*(?: [a-z][a-z-]*){0,2})(?: ([A-Z][\w'-]*))?", text)
    if m:
        if m[2]:
            return m[2]  # "my cousin Emeka"
        return f"{SELF}'s {m[1]}"
    if is_name(text):
        return text
    first = low.split()[0] if low else ""
    if first in _PRONOUNS or first in _DETERMINERS:
        return None
    if lower_ok and re.fullmatch(r"[A-Za-z][\w.'-]*(?: [A-Za-z][\w.'-]*){0,5}", text):
        return text  # "cricket was created in England", "quarterback is associated with"
    return None


def object_phrase(raw: str, *, name: bool = False, max_words: int = 12) -> str | None:
    """The object as stored: no category ("the city of"), no article before a common noun."""
    text = raw.strip(" ,.'\"")
    text = _CATEGORY.sub("", text)
    text = _CALLED.sub("", _ARTICLE.sub("", text))
    if not text or _BAD_OBJECT.search(text) or len(text.split()) > max_words:
        return None
    low = text.lower()
    if low in _PRONOUNS or low.startswith(
        ("my ", "your ", "his ", "her ", "their ", "our ", "its ")
    ):
        return None
    if name and not is_name(text):
        return None
    return text


def predicate_name(phrase: str) -> str | None:
    """ "official language" -> "official_language"; None if it is not a usable name."""
    words = re.sub(r"[^a-z0-9 ]", " ", phrase.lower()).split()
    words = [w for w in words if w not in ("current", "present")]
    if len(words) > 1 and words[0] in ("new", "latest"):
        words = words[1:]  # "Tom is my new manager": the manager, told as it changed
    if not words or len(words) > 4:
        return None
    name = "_".join(words)
    return name if re.fullmatch(r"[a-z][a-z0-9_]{0,63}", name) else None
