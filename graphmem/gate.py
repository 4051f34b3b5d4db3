"""The write gate: what may enter memory, with what authority, in what status.

Two gates run on every write. The episode gate redacts secrets before anything
is stored and sets authority from the source: a user message is not an email is
not a tool result. The claim gate runs on each extracted claim:

* external content (email, document, tool output) never becomes a preference,
  a constraint, an instruction or a permission — it stays what a source said;
* an attempt to rewrite system rules from a lower tier is refused and raises an
  alert (the decision step also refuses any write into a system-held slot);
* inferred claims (a model's guess, a pattern of behaviour) start as candidates;
* claims below the confidence floor (a passing remark, a hedge) are not durable;
* secrets never reach a claim, even one given directly as a ``Claim``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from graphmem.model import Authority, Claim, Kind, SourceKind, Status, render_value
from graphmem.secrets import claim_secret

SOURCE_AUTHORITY: dict[SourceKind, Authority] = {
    SourceKind.SYSTEM: Authority.SYSTEM,
    SourceKind.USER: Authority.USER,
    SourceKind.AGENT: Authority.INFERRED,
    SourceKind.TOOL: Authority.EXTERNAL,
    SourceKind.EMAIL: Authority.EXTERNAL,
    SourceKind.DOCUMENT: Authority.EXTERNAL,
}

EXTERNAL_SOURCES = frozenset({SourceKind.TOOL, SourceKind.EMAIL, SourceKind.DOCUMENT})

# Predicates that grant or direct action: only the user or the system may set them.
_DIRECTIVE = re.compile(
    r"(^|_)(instruction|policy|rule|approve[sd]?|allow[sd]?|permit[sd]?|authori[sz]e[sd]?|"
    r"consent[sd]?|forward[sd]?|grant[sd]?|must|always|never|should)($|_)"
)

# Wording that tries to reach past memory into the agent's rules.
_OVERRIDE = re.compile(
    r"\b(ignore|disregard|forget|override|bypass|replace)\b.{0,40}\b(previous|prior|all|any|"
    r"system|safety|earlier)\b.{0,30}\b(instructions?|rules?|polic(y|ies)|prompts?|guidelines?)\b"
    r"|\bsystem prompt\b|\byou are now\b|\bnew system (rule|policy|instruction)s?\b"
    r"|\bdeveloper mode\b|\bjailbreak\b",
    re.IGNORECASE,
)

# Wording that tries to direct the agent or grant it something. From external content such a
# claim is an attempted instruction, whatever predicate an extractor gave it.
_DIRECTIVE_TEXT = re.compile(
    r"\b(remember|approve[sd]?|approving|authori[sz]e[sd]?|authori[sz]ing|permit(s|ted)?|"
    r"allow(s|ed|ing)?|grant(s|ed|ing)?|forward(s|ed|ing)?|wire|transfer(s|red)?|"
    r"always|never|from now on|going forward|instructions?|polic(y|ies)|must|"
    r"on my behalf|without asking|no need to (ask|confirm|check))\b",
    re.IGNORECASE,
)

CONFIDENCE_FLOOR = 0.5


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
    return bool(_OVERRIDE.search(text))


def admit(claim: Claim, source: SourceKind, kind: Kind) -> Admitted | Refused:
    """Decide whether one claim may be written, and with what authority and status."""
    authority = authority_for(source)
    text = f"{claim.subject} {claim.predicate} {claim.object} {claim.quote or ''}"
    if claim_secret(claim.subject, claim.predicate, render_value(claim.object), claim.quote):
        return Refused(claim, "the claim carries a secret; secrets are never stored")
    if authority is not Authority.SYSTEM and is_override_attempt(text):
        return Refused(claim, "an attempt to rewrite system rules from a lower tier", alert=True)
    directive = (
        kind in (Kind.PREFERENCE, Kind.CONSTRAINT)
        or bool(_DIRECTIVE.search(claim.predicate))
        or bool(_DIRECTIVE_TEXT.search(f"{claim.object} {claim.quote or ''}"))
    )
    if source in EXTERNAL_SOURCES and directive:
        return Refused(
            claim,
            f"{source.value} content cannot set a preference, instruction or permission; "
            "it is kept only as what the source said",
        )
    if claim.confidence < CONFIDENCE_FLOOR:
        return Refused(claim, f"confidence {claim.confidence:.2f} is below the floor for memory")
    if claim.inferred and authority.rank > Authority.INFERRED.rank:
        authority = Authority.INFERRED
    status = Status.CANDIDATE if authority is Authority.INFERRED else Status.ACTIVE
    return Admitted(claim, authority, status, kind)
