"""The write gate: what may enter memory, with what authority, in what status.

Two gates run on every write. The episode gate redacts secrets before anything
is stored and sets authority from the source: a user message is not an email is
not a tool result. The claim gate runs on each extracted claim:

* only the user and the system grant: from any other source (email, document,
  tool output, the agent) a claim whose *effect* (``graphmem.trust.effects``) is a
  preference, an instruction, a permission, a capability, a task for the
  assistant or a request put in the user's mouth is refused, whatever its kind
  label or predicate spelling; a claim about the user's identity or contact
  details, a safeguard of the assistant, a party's trust over the user's affairs
  or any contact detail from such a source waits as a candidate;
* what a model relays as the user's words (``relayed``: the MCP server, the
  adapters) is the model's account, not the user: plain facts and everyday
  preferences are kept with ``relayed`` authority, below the user's own word; a
  grant, a rule about actions, an identity or contact detail waits as a candidate
  until the user confirms it outside the model (and so does anything in a relayed
  text that reads as an injection);
* a request found in outside content ("the sender wants ...") is kept in its
  episode only, with an alert: it yields no fact of any authority;
* an attempt to rewrite system rules from a lower tier is refused and raises an
  alert (the decision step also refuses any write into a system-held slot);
* inferred claims (a model's guess, a pattern of behaviour) start as candidates;
* claims below the confidence floor (a passing remark, a hedge) are not durable;
* secrets never reach a claim, even one given directly as a ``Claim``.
"""

from __future__ import annotations

from dataclasses import dataclass

from graphmem.model import Authority, Claim, Kind, SourceKind, Status, render_value
from graphmem.trust import injection
from graphmem.trust.effects import (
    GRANTS,
    Effect,
    carries_contact,
    effect_of,
    is_plain,
    is_request,
    is_user_name,
)
from graphmem.trust.secrets import claim_secret

SOURCE_AUTHORITY: dict[SourceKind, Authority] = {
    SourceKind.SYSTEM: Authority.SYSTEM,
    SourceKind.USER: Authority.USER,
    SourceKind.AGENT: Authority.INFERRED,
    SourceKind.RELAYED: Authority.RELAYED,
    SourceKind.TOOL: Authority.EXTERNAL,
    SourceKind.EMAIL: Authority.EXTERNAL,
    SourceKind.DOCUMENT: Authority.EXTERNAL,
}

EXTERNAL_SOURCES = frozenset({SourceKind.TOOL, SourceKind.EMAIL, SourceKind.DOCUMENT})
# Who may grant: set a preference, an instruction, a permission, a capability, a task.
GRANTING_SOURCES = frozenset({SourceKind.USER, SourceKind.SYSTEM})
# What only the user may say of themselves or of the assistant's checks: from anyone else
# it waits for review.
_THEIRS_TO_SAY = frozenset({Effect.IDENTITY, Effect.SAFEGUARD, Effect.TRUST})
_EVERYDAY_IDENTITY = frozenset({"lives_in", "home"})

CONFIDENCE_FLOOR = 0.5
# The relation of an open item on the user's list (Memory.todos): "user todo renew the passport".
TODO = "todo"


@dataclass(frozen=True, slots=True)
class Admitted:
    claim: Claim
    authority: Authority
    status: Status
    kind: Kind


@dataclass(frozen=True, slots=True)
class Refused:
    claim: Claim
    reason: str
    alert: bool = False


def authority_for(source: SourceKind) -> Authority:
    return SOURCE_AUTHORITY[source]


def is_override_attempt(text: str) -> bool:
    return injection.is_override_attempt(text)


def admit(
    claim: Claim,
    source: SourceKind,
    kind: Kind,
    *,
    about_user: bool | None = None,
    registered_fact: bool = False,
    said: str | None = None,
) -> Admitted | Refused:
    """Decide whether one claim may be written, and with what authority and status.

    ``about_user``: the claim's subject is the user (the write path knows the namespace's
    names for them); by default only the usual words for the user count.
    ``registered_fact``: its predicate is registered as a plain fact (``works_at``).
    ``said``: the text of the episode it was read from."""
    authority = authority_for(source)
    text = f"{claim.subject} {claim.predicate} {claim.object} {claim.quote or ''}"
    secret = claim_secret(claim.subject, claim.predicate, render_value(claim.object), claim.quote)
    if secret is not None:
        return Refused(claim, f"the claim carries a secret ({secret}); secrets are never stored")
    if authority is not Authority.SYSTEM and injection.is_override_attempt(
        text.replace("_", " "), own_words=source is SourceKind.USER
    ):
        return Refused(claim, "an attempt to rewrite system rules from a lower tier", alert=True)
    if source in EXTERNAL_SOURCES and is_request(claim):
        return Refused(
            claim,
            f"a request in {source.value} content (what its author or the text asks for) is "
            "kept in its episode as evidence, never as a fact",
            alert=True,
        )
    user = is_user_name(claim.subject) if about_user is None else about_user
    effect = effect_of(claim, kind, about_user=user)
    waits = _waits_for_user(claim, source, effect, said)
    # The agent's guess at a preference grants nothing: it waits as a candidate (its
    # authority is inferred) until the user confirms it. Any other grant it claims is refused.
    # So does an open item the agent left on the user's list (a session summary's todo): it
    # is listed for the user to take up, close or cancel, and directs nothing until then.
    agent_guess = source is SourceKind.AGENT and (
        effect is Effect.PREFERENCE or (effect is Effect.TASK and user and claim.predicate == TODO)
    )
    relayed = source is SourceKind.RELAYED  # the user may have said it: it waits for them
    if source not in GRANTING_SOURCES and effect in GRANTS and not (agent_guess or relayed):
        return Refused(
            claim,
            f"{source.value} content cannot set a preference, instruction or permission "
            f"(this claim is a {effect.value}): only the user or the system grants; it is "
            "kept only as what the source said",
        )
    if claim.confidence < CONFIDENCE_FLOOR:
        return Refused(claim, f"confidence {claim.confidence:.2f} is below the floor for memory")
    if claim.inferred and authority.rank > Authority.INFERRED.rank:
        authority = Authority.INFERRED
    status = Status.CANDIDATE if authority is Authority.INFERRED or waits else Status.ACTIVE
    if user and source in EXTERNAL_SOURCES and not registered_fact:
        # No word list knows every way to phrase a grant ("user accepts auto-renewal",
        # "user spending_limit unlimited"): what an outside source says about the user
        # is current only for a registered plain fact; anything else waits for review.
        status = Status.CANDIDATE
    return Admitted(claim, authority, status, _stored_kind(kind, effect))


def _waits_for_user(claim: Claim, source: SourceKind, effect: Effect, said: str | None) -> bool:
    """Whether the claim is kept only as a candidate until the user confirms it: who the
    user is, the assistant's safeguards, trust over the user's affairs and contact details
    from anyone but the user; and from a model relaying the user, anything but a plain
    statement of fact or an everyday taste (``effects.is_plain``)."""
    if source in GRANTING_SOURCES:
        return False
    if source is SourceKind.RELAYED and claim.predicate in _EVERYDAY_IDENTITY:
        return False  # "I live in Denver" relayed is the city, not where to reach the user
    if effect in _THEIRS_TO_SAY or carries_contact(claim):
        return True
    if source is SourceKind.RELAYED:
        # A rule can hide in any label ("user noted: pay invoices without asking"): what a
        # model relays is kept at once only when it reads as a plain statement.
        return not is_plain(claim, said) or (effect in GRANTS and effect is not Effect.PREFERENCE)
    return False


def _stored_kind(kind: Kind, effect: Effect) -> Kind:
    """What the claim is stored as: its effect decides, not the extractor's label."""
    if effect is Effect.PREFERENCE and kind is Kind.FACT:
        return Kind.PREFERENCE
    if effect is Effect.INSTRUCTION and kind is Kind.FACT:
        return Kind.CONSTRAINT
    return kind
