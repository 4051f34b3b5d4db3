"""What a claim *does*, decided from its content rather than its label.

The gate asks one question of every claim: would storing it grant something —
set how the user wants things done, give the assistant a rule, a permission, a
capability or a task, or put a request in the user's mouth? Only the user and
the system may grant. An extractor's ``kind`` label or predicate spelling is a
hint, not the answer: ``kind="fact"`` with predicate ``prefers`` is still a
preference, and ``Claim("user", "can", "pay invoices without confirmation")``
is a capability whatever it is called.

A claim about the user's identity or contact details (name, email, phone,
address) is not a grant, but from anyone but the user it must not compete with
what the user said: the gate keeps it as a candidate for review.
"""

from __future__ import annotations

import re
from enum import StrEnum

from graphmem.model import Claim, Kind, render_value


class Effect(StrEnum):
    PREFERENCE = "preference"
    INSTRUCTION = "instruction"
    PERMISSION = "permission"
    CAPABILITY = "capability"
    TASK = "task"  # something for the assistant to do next
    REQUEST = "request"  # something attributed to the user as asked for
    IDENTITY = "identity"  # who the user is and how to reach them
    FACT = "fact"


GRANTS = frozenset(
    {
        Effect.PREFERENCE,
        Effect.INSTRUCTION,
        Effect.PERMISSION,
        Effect.CAPABILITY,
        Effect.TASK,
        Effect.REQUEST,
    }
)

# Names an extractor may give the assistant when a text addresses it.
ASSISTANT_NAMES = frozenset(
    {"assistant", "the assistant", "ai", "the ai", "agent", "the agent", "bot", "you",
     "copilot", "chatbot", "model", "llm", "claude", "chatgpt", "gpt", "system"}
)  # fmt: skip

# Predicate words, by the effect they carry (predicates are snake_case: matched per word).
_PREDICATE_WORDS: tuple[tuple[Effect, frozenset[str]], ...] = (
    (Effect.TASK, frozenset({"task", "tasks", "todo", "todos", "assignment", "assigned"})),
    (Effect.REQUEST, frozenset({"request", "requests", "requested", "requesting", "asked",
                                "asks", "ask", "wants", "want", "wanted", "demands",
                                "demanded", "ordered", "orders", "instructed", "commands",
                                "commanded", "desires"})),
    (Effect.PERMISSION, frozenset({"allow", "allows", "allowed", "permit", "permits",
                                   "permitted", "permission", "permissions", "authorize",
                                   "authorizes", "authorized", "authorise", "authorises",
                                   "authorised", "authorization", "authorisation", "approve",
                                   "approves", "approved", "approval", "consent", "consents",
                                   "consented", "grant", "grants", "granted", "entitled",
                                   "delegate", "delegates", "delegated", "access"})),
    (Effect.CAPABILITY, frozenset({"can", "could", "may", "able", "capable", "capability",
                                   "capabilities", "cannot", "may_not"})),
    (Effect.INSTRUCTION, frozenset({"instruction", "instructions", "rule", "rules", "policy",
                                    "policies", "must", "should", "shall", "always", "never",
                                    "constraint", "directive", "directives", "command",
                                    "forward", "forwards", "auto", "automatically",
                                    "setting", "settings", "config", "mode", "override"})),
    (Effect.PREFERENCE, frozenset({"prefers", "prefer", "preferred", "preference",
                                   "preferences", "likes", "like", "dislikes", "dislike",
                                   "loves", "love", "hates", "hate", "avoids", "avoid",
                                   "favorite", "favourite", "enjoys", "wishes", "style",
                                   "tone"})),
)  # fmt: skip

# "preferred_name" names a person; it is identity, not a taste.
_IDENTITY_PREDICATES = frozenset(
    {"name", "first_name", "last_name", "full_name", "surname", "given_name", "family_name",
     "preferred_name", "nickname", "email", "email_address", "e_mail", "mail", "emails",
     "phone", "phone_number", "mobile", "mobile_number", "cell", "telephone", "tel",
     "whatsapp", "address", "home_address", "postal_address", "mailing_address",
     "street_address", "lives_at", "lives_in", "home", "zip", "postcode", "postal_code",
     "birthday", "date_of_birth", "dob", "born_on", "contact", "contact_details",
     "username", "handle", "account", "recovery_email", "backup_email", "billing_address",
     "shipping_address", "identity", "is_named", "called", "bank", "bank_account", "iban",
     "payee", "payment_details"}
)  # fmt: skip
_TASK_PREDICATES = frozenset(
    {"next_step", "next_steps", "next_action", "next_actions", "action_item", "action_items",
     "to_do", "follow_up", "followup", "reminder", "remind"}
)  # fmt: skip
_IDENTITY_WORDS = frozenset({"email", "phone", "address", "mobile", "contact", "name"})

# Object or quote wording that grants or directs whatever the predicate says.
_GRANT_TEXT = re.compile(
    r"\bwithout (?:asking|confirm\w*|approval|checking|permission|review|telling)\b"
    r"|\bno (?:need|longer need) to (?:ask|confirm|check)\b"
    r"|\b(?:is|are|be) (?:allowed|permitted|authori[sz]ed|entitled|free) to\b"
    r"|\bon (?:my|the user'?s|their|his|her) behalf\b"
    r"|\b(?:I|we|the user)\s+(?:hereby\s+)?(?:approve|authori[sz]e|allow|permit|consent|agree)"
    r"|\b(?:auto(?:matically)?[- ]?(?:approve|pay|forward|send|accept|share|reply))\w*"
    r"|\bpre-?approved?\b|\bstanding (?:approval|permission|order)\b"
    r"|\bfrom now on\b|\bgoing forward\b|\bhenceforth\b"
    r"|\b(?:always|never) (?:send|pay|forward|share|reply|approve|cc|bcc|include|use|ask|"
    r"confirm|delete|trust|follow)\b"
    r"|\bforward (?:all|every|each|any)\b",
    re.IGNORECASE,
)
_USER_NAMES = frozenset({"user", "the user", "i", "me", "myself", "my", "owner", "the owner"})


def _words(predicate: str) -> list[str]:
    return [w for w in predicate.lower().split("_") if w]


def is_assistant(subject: str) -> bool:
    return " ".join(subject.casefold().split()) in ASSISTANT_NAMES


def effect_of(claim: Claim, kind: Kind | None, *, about_user: bool) -> Effect:
    """What storing ``claim`` would do. ``about_user``: its subject is the user."""
    predicate = claim.predicate.lower()
    words = _words(predicate)
    if predicate in _IDENTITY_PREDICATES and about_user:
        return Effect.IDENTITY
    if is_assistant(claim.subject):
        return Effect.TASK  # whatever is said *to* the assistant directs it
    if predicate in _TASK_PREDICATES and about_user:
        return Effect.TASK
    for effect, vocabulary in _PREDICATE_WORDS:
        if effect in (Effect.REQUEST, Effect.TASK) and not about_user:
            continue  # "Bob asked for a call" is what Bob did, not a grant
        if any(w in vocabulary for w in words):
            return effect
    if kind is Kind.PREFERENCE:
        return Effect.PREFERENCE
    if kind is Kind.CONSTRAINT:
        return Effect.INSTRUCTION
    text = f"{render_value(claim.object)} {claim.quote or ''}"
    if _GRANT_TEXT.search(text):
        return Effect.PERMISSION
    if about_user and any(w in _IDENTITY_WORDS for w in words):
        return Effect.IDENTITY
    return Effect.FACT


def is_user_name(subject: str) -> bool:
    return " ".join(subject.casefold().split()) in _USER_NAMES
