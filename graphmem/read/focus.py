"""Whose facts a question asks about: the user's own, or someone the user knows.

"Where do I work?" asks for the user's employer, not a sister's; "What phone does my sister
have?" asks for the sister's, not the user's. Similarity cannot tell them apart — both facts
say "works at", both say "phone" — so recall reads who the question is about and ranks the
facts of anyone else lower (``Weights.off_focus_factor``); it never drops them, and episodes
are left alone (one message may speak of several people).

Read from English function words: first person ("I", "my", "me"), and "my" before a word for
a person ("my sister", "my best friend", "my aunt Ana", "my flatmate's"). A relation that is
also a service the user has ("my doctor", "my manager") is someone else only when the
question goes on to name them or their things ("my doctor's clinic", "my manager Priya").
A question in another language, or one with no first-person word, has no focus: ranking is
as it was (nothing is inferred from what is not read).
"""

from __future__ import annotations

import re
from enum import StrEnum

from graphmem.extract.attributes import RELATION_WORDS

SELF_KEY = "user"  # the entity key of the user, whatever they are called (write.user_names)


class Focus(StrEnum):
    USER = "user"  # the user's own facts
    OTHER = "other"  # someone the user knows


_FIRST_PERSON = re.compile(r"\b(?:i|me|my|mine|myself)\b|\bi['’](?:m|ve|d|ll)\b", re.IGNORECASE)
_WORD = re.compile(r"[\w'’-]+")
_POSSESSIVE = ("'s", "’s", "s'", "s’")
# Relations that are also services the user has: "who is my doctor?" asks about the user.
_SERVICES = frozenset(
    {"doctor", "dentist", "therapist", "manager", "assistant", "mentor", "landlord", "lead"}
    | {"team_lead", "boss", "gp", "lawyer", "accountant", "coach", "trainer"}
)
_PERSONS = (RELATION_WORDS - {"cat", "dog"}) | _SERVICES | {
    "aunt", "uncle", "cousin", "niece", "nephew", "grandma", "grandmother", "grandpa",
    "grandfather", "grandson", "granddaughter", "fiance", "fiancee", "fiancé", "fiancée",
    "parents", "parent", "sibling", "siblings", "twin", "twins", "housemate", "classmate",
    "teammate", "stepmother", "stepfather", "stepson", "stepdaughter", "ex", "baby", "toddler",
    "son-in-law", "daughter-in-law", "mother-in-law", "father-in-law", "girl", "boy",
    "co-worker", "friends", "grandchild", "grandkid", "kiddo", "stepmum", "stepmom",
    "stepdad", "in-laws", "landlady", "bestie", "pal", "buddy", "mentee", "student", "pupil",
    "client", "nanny", "babysitter", "carer", "caregiver", "godparent", "hubby", "bf", "gf",
    "employee", "intern", "tenant", "flatmates", "roommates",
}  # fmt: skip
# Words for people are made from others: "stepbrother", "godmother", "half-sister",
# "great-aunt", "sister-in-law", "ex-husband", "bandmate" — read by how they are made, so a
# relative the list does not name is still someone else, not the user.
_KIN_PREFIX = re.compile(r"^(?:great-?)*(?:step-?|god-?|half-|grand-?|ex-)?")
_KIN_SUFFIX = re.compile(r"(?:-in-law|s)$")
_KIN = _PERSONS - _SERVICES  # what such a word is made from: a relative, not a service


def _is_person(word: str) -> bool:
    """Whether ``word`` (folded, without a possessive) is a word for a person the user
    knows: one of the list, or made from one ("godmother", "great-aunt", "bandmate")."""
    if word in _PERSONS or (word.endswith("mate") and len(word) > 5):
        return True
    for bare in {word, _KIN_SUFFIX.sub("", word)}:
        core = _KIN_PREFIX.sub("", bare)
        if core != word and core in _KIN:
            return True
    return False


def focus_of(query: str) -> Focus | None:
    """Who ``query`` asks about, or None when its words do not say."""
    if not _FIRST_PERSON.search(query):
        return None
    return Focus.OTHER if roles_of(query) else Focus.USER


def about_user(message: str) -> bool:
    """Whether a message speaks of the user's own things: in the first person, and of no
    one else's ("my sister's", "my friend Ana"). Told, not asked, "my manager is Priya"
    and "my GP Dr Osei" name the user's manager and doctor: a service is someone else's
    only with a possessive ("my manager's wife")."""
    return bool(_FIRST_PERSON.search(message)) and not roles_of(message, told=True)


def roles_of(query: str, *, told: bool = False) -> list[str]:
    """The words for people the user knows that ``query`` asks about ("my flatmate's GP":
    ``["flatmate"]``); a service the user has counts only when the question goes on to
    name them or their things ("my doctor's clinic", "my manager Priya") — in a message
    ``told`` rather than asked, only with a possessive."""
    words = _WORD.findall(query)
    roles = []
    for at, word in enumerate(words):
        if word.casefold() != "my":
            continue
        for near, after in enumerate(words[at + 1 : at + 4], start=at + 1):  # "my older sister"
            person = _bare(after)
            if not _is_person(person):
                continue
            following = words[near + 1] if near + 1 < len(words) else ""  # "my doctor Priya"
            named = not told and (following[:1].isupper() or _acts(following))
            if person not in _SERVICES or after.endswith(_POSSESSIVE) or named:
                roles.append(person)
            break
    return roles


# After "my doctor", words that do not make the doctor the one who acts: "who is my doctor
# now?", "... at the clinic", "... and my dentist?".
_NOT_A_VERB = frozenset({
    "now", "then", "currently", "these", "nowadays", "lately", "today", "still", "again",
    "at", "in", "on", "for", "of", "with", "from", "by", "to", "and", "or", "but", "as", "the",
    "a", "an", "this", "that", "right", "called", "named", "anymore", "yet", "too",
    "before", "after", "until", "till", "since", "back", "when", "during", "prior", "last",
    "previously", "formerly", "originally", "first", "ever", "there", "here", "like",
})  # fmt: skip


def _acts(following: str) -> bool:
    """Whether the word after a service the user has ("my mentor") makes them the one the
    question is about: "who does my mentor cheer for?", "where is my manager moving?" (a
    verb follows), not "who is my mentor now?"."""
    return following[:1].islower() and following.casefold() not in _NOT_A_VERB


def _bare(word: str) -> str:
    """The word without a possessive ending: "sister's" -> "sister", "kids'" -> "kids"."""
    folded = word.casefold()
    for ending in ("'s", "’s"):
        if folded.endswith(ending):
            return folded[: -len(ending)]
    return folded.rstrip("'’")


def off_focus(focus: Focus | None, about_user: bool | None) -> bool:
    """Whether a fact or message (about the user, or not, or nobody knows) is about someone
    other than the one asked about."""
    if focus is None or about_user is None:
        return False
    return about_user != (focus is Focus.USER)
