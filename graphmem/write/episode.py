"""The episode a write stores, and what the write says about it: its row, its
sensitivity, the alert when it tried to direct the agent, the mark when its extraction
waits for the model (``graphmem.lifecycle.reextract``).
"""

from __future__ import annotations

from collections import Counter
from datetime import datetime

from graphmem.model import Actor, Claim, Sensitivity, SourceKind, render_value
from graphmem.records import audit_row, new_id
from graphmem.results import Refusal
from graphmem.store.changes import ChangeSet, Row
from graphmem.trust import gate, injection
from graphmem.trust.redact import Redaction, redact_values
from graphmem.trust.sensitivity import categories_of_text
from graphmem.write import context
from graphmem.write.decide import Proposal
from graphmem.write.inputs import Input
from graphmem.write.user_names import SELF_KEY


def new_episode(
    inp: Input, content: str, redactions: int, attacks: list[injection.Attack], now: datetime
) -> Row:
    return {
        "id": new_id("ep"),
        "content": content,
        "source": inp.source.value,
        "authority": gate.authority_for(inp.source).value,
        "occurred_at": inp.occurred_at,
        "recorded_at": now,
        "source_ref": inp.source_ref,
        "session": inp.session,
        "thread": context.thread_of(inp.source.value, inp.session, inp.occurred_at),
        "redactions": redactions,
        "sensitivity": Sensitivity.NORMAL.value,
        # What this episode tried, if it tried to direct the agent: shown beside it on recall.
        "alerts": [a.value for a in attacks],
    }


def episode_change(
    inp: Input,
    episode: Row,
    *,
    told: Row | None,
    pending: str | None,
    alert: Refusal | None,
    now: datetime,
) -> ChangeSet:
    """A write's change set as far as its episode goes: the new episode (marked, with the
    speaker its extraction will need, when that is pending) or the pending mark going."""
    change = ChangeSet(namespace=inp.namespace)
    change.audit.extend(dict(entry) for entry in inp.audit)
    if told is not None:
        if pending is None:
            change.extracted.append({"id": episode["id"], "sensitivity": episode["sensitivity"]})
        return change
    if pending is None:
        change.episodes.append(dict(episode))
    else:
        change.episodes.append({**episode, "extraction": "pending", "speaker": inp.speaker})
        change.audit.append(
            audit_row(
                now, Actor.SYSTEM, "extraction pending", target_id=episode["id"], note=pending
            )
        )
    if alert is not None:
        change.audit.append(
            audit_row(
                now, actor_of(inp.source), "alert", target_id=episode["id"], note=alert.reason
            )
        )
    return change


def sensitivity_of(
    text: str, staged: list[Proposal | Refusal], *, third_party: bool = False
) -> Sensitivity:
    """An episode that says something sensitive is held back from recall as its facts are;
    a third party's document only through what its claims say about the user."""
    sensitive = (not third_party and bool(categories_of_text(text))) or any(
        isinstance(p, Proposal) and p.content.sensitivity == Sensitivity.SENSITIVE.value
        for p in staged
    )
    return Sensitivity.SENSITIVE if sensitive else Sensitivity.NORMAL


def without_marked(
    episode: Row,
    claims: list[Claim],
    scrubbed: Redaction,
    marked: tuple[tuple[str, str], ...],
    *,
    told: bool,
) -> tuple[Row, list[Claim], Redaction, list[Refusal], list[Row]]:
    """What a model marked as secret, taken out before anything is stored: the episode with
    its content redacted, the claims that carry no marked value, the episode's redaction
    counting both layers, the claims refused (echoed with the value hidden), and for an
    episode already stored (``told``: read again) the row that rewrites it."""
    if not marked:  # no model, or it saw nothing: every write passes here
        return episode, claims, scrubbed, [], []
    hidden = redact_values(episode["content"], marked)
    kept: list[Claim] = []
    refused: list[Refusal] = []
    for claim in claims:
        said = f"{claim.subject} {claim.predicate} {render_value(claim.object)}"
        found = redact_values(f"{said} {claim.quote or ''}", marked)
        if not found.count:
            kept.append(claim)
            continue
        refused.append(
            Refusal(
                claim=redact_values(said, marked).text,
                reason=f"the claim carries a secret ({', '.join(found.kinds)}) the model "
                "marked; secrets are never stored",
            )
        )
    if not hidden.count:
        return episode, kept, scrubbed, refused, []
    episode = {
        **episode,
        "content": hidden.text,
        "redactions": (episode.get("redactions") or 0) + hidden.count,
    }
    both = Redaction.counted(
        hidden.text, Counter(dict(scrubbed.by_kind)) + Counter(dict(hidden.by_kind))
    )
    rewritten = [{k: episode[k] for k in ("id", "content", "redactions")}] if told else []
    return episode, kept, both, refused, rewritten


def injection_alert(attacks: list[injection.Attack]) -> Refusal | None:
    if not attacks:
        return None
    return Refusal(
        claim="(the whole episode)",
        reason=f"{injection.describe(attacks)}: kept as evidence only, nothing in it is acted on",
        alert=True,
    )


def actor_of(source: SourceKind) -> Actor:
    if source is SourceKind.SYSTEM:
        return Actor.SYSTEM
    return Actor.AGENT if source is not SourceKind.USER else Actor.USER


def read_from(
    episode: Row, staged: list[Proposal | Refusal], text: str, *, third_party: bool
) -> None:
    """What the claims read from a message say about it: whom it is about, and whether it
    is special-category data."""
    if (about := whom_about(staged)) is not None:
        episode["about"] = about
    if sensitivity_of(text, staged, third_party=third_party) is Sensitivity.SENSITIVE:
        episode["sensitivity"] = Sensitivity.SENSITIVE.value
        # What is read out of a special-category message is as sensitive as the message:
        # "I had a miscarriage, I'm taking things slowly" yields "takes things slowly".
        for proposal in staged:
            if isinstance(proposal, Proposal):
                proposal.content.sensitivity = Sensitivity.SENSITIVE.value


def whom_about(staged: list[Proposal | Refusal]) -> str | None:
    """Whom a message is about, by the subjects of what was read from it: ``user`` when
    every claim is the user's, ``other`` when none is (recall ranks it lower for a question
    about someone else: graphmem.read.focus), None when mixed or nothing was read."""
    keys = {p.content.subject_key for p in staged if isinstance(p, Proposal)}
    if not keys:
        return None
    if keys == {SELF_KEY}:
        return "user"
    return "other" if SELF_KEY not in keys else None
