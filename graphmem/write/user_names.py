"""The user under all their names: "I", the namespace's name, and what they said they are called.

When the user says "My name is Maya Ortiz. My email address is maya@example.org.", a later
claim about "Maya Ortiz" or "maya@example.org" is about the user, not about a stranger who
shares the name: it resolves to the user's entity, so an email's
``Claim("Maya Ortiz", "email", "maya.backup@...")`` lands in the user's own email slot —
where, coming from outside, it waits for review and never competes with what the user said.

Other spellings ("Maya", "Ms. Ortiz", "M. Ortiz", "ORTIZ/MAYA") probably mean the user but
could mean someone else: they do not move a claim to the user's entity, but the gate treats
a claim about them as a claim about the user (identity and contact details from outside
wait for review). Failing that way closed costs a review; failing it open would let an
attacker restate who the user is.

Only what the user (or the system, or the user confirming) said counts: a name from an
email does not become the user's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from graphmem.model import GLOBAL, Authority, Status, entity_key
from graphmem.store.base import GraphStore
from graphmem.store.rows import slot_key
from graphmem.temporal import END_OF_TIME

SELF_KEY = "user"
SELF_NAMES = frozenset({"user", "i", "me", "myself", "the user"})

# Predicates that say what the user is called, and where they are reached.
NAME_PREDICATES = (
    "name", "full_name", "first_name", "last_name", "surname", "given_name", "family_name",
    "preferred_name", "nickname", "is_named", "called", "goes_by",
)  # fmt: skip
ADDRESS_PREDICATES = (
    "email", "email_address", "e_mail", "phone", "phone_number", "mobile", "mobile_number",
    "username", "handle",
)  # fmt: skip
_OWN = frozenset({Authority.SYSTEM.value, Authority.USER.value, Authority.CONFIRMED.value})
_TITLES = ("mr", "mrs", "ms", "miss", "mx", "dr", "prof", "herr", "frau", "mme", "mlle", "m",
           "sr", "sra", "srta", "sig", "sig.ra", "pan", "pani", "dhr", "mevr")  # fmt: skip
_PUNCT = re.compile(r"[.,/;:()\"']+")
# How outside text addressed to the user names them by role: in the user's memory, "the
# account holder" is the user.
_ROLE_NAMES = frozenset(
    {"account holder", "the account holder", "accountholder", "customer", "the customer",
     "client", "the client", "cardholder", "the cardholder", "member", "the member",
     "subscriber", "the subscriber", "policyholder", "the policyholder", "recipient",
     "the recipient", "addressee", "kontoinhaber", "kontoinhaberin", "der kunde", "die kundin",
     "kunde", "kundin", "titulaire du compte", "le client", "la cliente", "titular de la cuenta",
     "el cliente", "titular da conta", "o cliente", "a cliente", "il cliente",
     "intestatario", "titolare del conto", "rekeninghouder", "de klant", "klant",
     "posiadacz rachunku", "klient", "klientka", "владелец счёта", "клиент"}
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class UserNames:
    """The keys that are the user (``exact``) and those that probably are (``partial``)."""

    namespace: str
    exact: frozenset[str] = frozenset()
    partial: frozenset[str] = frozenset()
    names: tuple[tuple[str, ...], ...] = ()  # each full name the user gave, as loose tokens

    def key(self, name: str) -> str:
        """The entity key ``name`` stands for: the user's for "I", "user", the namespace's
        name and what the user said they are called; its own otherwise."""
        key = entity_key(name)
        if key in SELF_NAMES or key == entity_key(self.namespace) or key in self.exact:
            return SELF_KEY
        return key

    def probably_user(self, name: str) -> bool:
        loose = _loose(name)
        if self.key(name) == SELF_KEY or loose in self.partial or loose in _ROLE_NAMES:
            return True
        return any(_same_person(loose.split(), full) for full in self.names)


def self_only(namespace: str) -> UserNames:
    """The names that need no read: "I", "user" and the namespace's name."""
    return UserNames(namespace)


def read(store: GraphStore, namespace: str) -> UserNames:
    """What the user said they are called and where they are reached, as the store holds
    it now (current values of the user's own name and address slots, any scope-free)."""
    predicates = (*NAME_PREDICATES, *ADDRESS_PREDICATES)
    rows = store.slot_facts(namespace, [slot_key(SELF_KEY, p, GLOBAL) for p in predicates])
    exact: set[str] = set()
    partial: set[str] = set()
    names: set[tuple[str, ...]] = set()
    for row in rows:
        if (
            row.get("authority") not in _OWN
            or row.get("status") != Status.ACTIVE.value
            or row["valid_until"] < END_OF_TIME
            or row["retired_at"] < END_OF_TIME
        ):
            continue
        value = str(row.get("object_text") or "").strip()
        if not value:
            continue
        exact.add(entity_key(value))
        if row["predicate"] in NAME_PREDICATES:
            partial.update(_spellings(value))
            names.add(tuple(_loose(value).split()))
    return UserNames(namespace, frozenset(exact), frozenset(partial - {""}), tuple(sorted(names)))


def _same_person(said: list[str], full: tuple[str, ...]) -> bool:
    """Whether a spelling names the person ``full`` names: "Élise M.", "S. van Dam",
    "Weiß, Clara Maria". Each word is one of theirs or its initial, with one whole word at
    least; or two whole words of theirs, whatever else stands beside them."""
    if len(full) < 2 or not said:
        return False
    whole = sum(word in full for word in said)
    initials = {part[0] for part in full}
    fits = all(word in full or (len(word) == 1 and word in initials) for word in said)
    return whole >= 2 or (whole >= 1 and fits and len(said) >= 2)


def _spellings(name: str) -> set[str]:
    """Ways a full name is written by others: the first name, the surname with or without a
    title, initials, "SURNAME/FIRST" (tickets), "Surname, First"."""
    parts = [p for p in _loose(name).split() if p]
    if not parts:
        return set()
    out = {" ".join(parts), parts[0]}
    if len(parts) > 1:
        first, last = parts[0], parts[-1]
        out |= {last, f"{first[0]} {last}", f"{last} {first}", f"{first[0]}{last[0]}"}
        out |= {f"{title} {last}" for title in _TITLES}
        out.add(" ".join(p[0] for p in parts))
    return out


def _loose(name: str) -> str:
    """A name with case, punctuation and spacing folded: "M. Ortiz" and "m ortiz" match."""
    return " ".join(_PUNCT.sub(" ", name).casefold().split())
