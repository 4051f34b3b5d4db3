"""The write path: episode ─► gate ─► extract ─► gate ─► neighbours ─► decide ─► consolidate.

``WritePath.remember`` runs the whole path for one episode and hands the store a
single change set, so the episode, its facts, supersessions, retractions and
audit entries are written in one transaction or not at all.
"""

from __future__ import annotations

import itertools
import logging
import random
import time
from collections.abc import Callable, Sequence
from contextlib import ExitStack, closing
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from graphmem.errors import ModelCallFailed, ModelReplyInvalid, WriteConflict
from graphmem.model import (
    Authority,
    Claim,
    Episode,
    Kind,
    Predicate,
    Sensitivity,
    SourceKind,
    Status,
    canonical_json,
    render_value,
)
from graphmem.models.embed import Embedder
from graphmem.records import audit_row
from graphmem.results import Operation, Refusal, WriteResult
from graphmem.store.base import GraphStore
from graphmem.store.changes import ChangeSet, Row
from graphmem.store.rows import slot_key
from graphmem.temporal import END_OF_TIME, check_window, utc
from graphmem.trust import gate, injection
from graphmem.trust.redact import redact
from graphmem.trust.sensitivity import categories_of_claim, raise_to
from graphmem.write import cardinality, context, inputs, owner, tombstone, user_names
from graphmem.write.consolidate import Consolidator
from graphmem.write.decide import (
    Decision,
    OpKind,
    Proposal,
    assert_value,
    decide_by_rules,
    from_model,
)
from graphmem.write.episode import (
    actor_of,
    episode_change,
    injection_alert,
    new_episode,
    read_from,
    without_marked,
)
from graphmem.write.inputs import Input, claim_text
from graphmem.write.predicates import PredicateRegistry
from graphmem.write.slots import SlotRead, SlotState, held_after, read_slots, settle_instant
from graphmem.write.statements import Content

log = logging.getLogger("graphmem.write.remember")

# A write whose slots another writer changed meanwhile is decided again on fresh state.
MAX_ATTEMPTS = 50

SELF_KEY = user_names.SELF_KEY


class Extractor(Protocol):
    name: str

    def extract(self, text: str, *, occurred_at: datetime, speaker: str = "user") -> list[Claim]:
        """Atomic claims stated in ``text``."""


class Decider(Protocol):
    def decide(self, proposal: Proposal, neighbours: list[Row]) -> tuple[Decision, int, int]:
        """A decision for a case the rules left open: (decision, model calls, tokens)."""


@dataclass(slots=True)
class Usage:
    """Model calls and tokens one ``remember`` spent."""

    calls: int = 0
    tokens: int = 0
    secrets: tuple[tuple[str, str], ...] = ()  # (value, kind) the model marked as secret

    def add(self, calls: int, tokens: int) -> None:
        self.calls += calls
        self.tokens += tokens


def subject_key(name: str, namespace: str) -> str:
    """The speaker is one entity whatever it is called: 'I', 'user' or the namespace's name
    (and, on the write path, the names the user gave: ``graphmem.write.user_names``)."""
    return user_names.self_only(namespace).key(name)


@dataclass
class WritePath:
    store: GraphStore
    extractor: Extractor
    predicates: PredicateRegistry
    clock: Callable[[], datetime]
    embedder: Embedder
    decider: Decider | None = None

    def prepare(
        self,
        content: str | Episode | Sequence[Claim],
        namespace: str,
        *,
        source: str | SourceKind,
        at: datetime | None,
        session: str | None,
        source_ref: str | None,
        speaker: str | None,
    ) -> Input:
        return inputs.prepare(
            content,
            namespace,
            clock=self.clock,
            source=source,
            at=at,
            session=session,
            source_ref=source_ref,
            speaker=speaker,
        )

    def remember(self, inp: Input, *, told: Row | None = None) -> WriteResult:
        """Run the write path for ``inp``. ``told``: the stored episode whose extraction was
        pending (``graphmem.lifecycle.reextract``); what it says is written beside it, and its mark
        goes in the same transaction."""
        with ExitStack() as reads:  # a read sent ahead is let go however the write ends
            return self._remember(inp, reads, told)

    def _remember(self, inp: Input, reads: ExitStack, told: Row | None) -> WriteResult:
        now = self.clock()
        # Claims given as such: their slots are read while the episode is redacted and the
        # claims go through the gate.
        ahead = self._slots_ahead(inp.namespace, inp.claims, reads)
        # Claims given as data are rendered by graphmem: the rules read them, not the judge.
        scrubbed = redact(inp.text, judge=inp.claims is None)
        if (
            told is None
            and inp.source is not SourceKind.USER
            and self._tombstoned(inp, scrubbed.text)
        ):
            return self._refuse_replay(inp, now)
        # Only the user and the system may direct the agent; anyone else trying is an alert.
        # The scan reads the text as it came (it stores nothing): redaction must not hide an
        # attempt, nor a placeholder break up its wording.
        attacks = [] if inp.source in gate.GRANTING_SOURCES else injection.scan(inp.text)
        episode: Row = told or new_episode(inp, scrubbed.text, scrubbed.count, attacks, now)
        episode_id = episode["id"]
        usage = Usage()
        # When the model fails, the message is kept: stored alone, its extraction pending.
        claims, pending = self._claims(inp, scrubbed.text, usage, told)
        # The model's second look: what it marked as secret goes before anything is stored.
        episode, claims, scrubbed, marked_out, rewritten = without_marked(
            episode, claims, scrubbed, usage.secrets, told=told is not None
        )
        if ahead is None:
            ahead = self._slots_ahead(inp.namespace, claims, reads)
        inp, names = owner.whose_input(self.store, inp, claims, scrubbed.text)
        staged = [self._stage(inp, claim, attacks, names) for claim in claims]
        read_from(episode, staged, scrubbed.text, third_party=inp.third_party)
        around: list[Row] = []
        if told is None:
            # The turns around it in its session are indexed with it for keyword search
            # only, and it joins their windows (graphmem/write/context.py).
            own_context, around = context.for_new_turn(self.store, inp.namespace, episode)
            episode.update(own_context)
        alert = injection_alert(attacks) if told is None else None
        asked: dict[int, Decision] = {}  # model decisions survive a retry: one call per claim
        lost: ChangeSet | None = None
        for attempt in itertools.count(1):
            change = episode_change(inp, episode, told=told, pending=pending, alert=alert, now=now)
            change.contexts = list(around)
            change.redactions = list(rewritten)
            try:
                with held_after(self.store, lost):
                    written = self._decide_all(
                        inp,
                        claims,
                        staged,
                        change=change,
                        episode_id=episode_id,
                        now=now,
                        usage=usage,
                        asked=asked,
                        read=ahead if lost is None else None,  # a retry reads holding the slots
                    )
                    embed_change(self.embedder, change)
                    self.store.apply(change)
            except WriteConflict:
                if attempt >= MAX_ATTEMPTS:
                    raise
                log.debug(
                    "slot changed under write %s (attempt %d); deciding again holding it",
                    episode_id,
                    attempt,
                )
                lost = change
                time.sleep(random.uniform(0, 0.002 * attempt))
                now = max(now, self.clock())
                continue
            except (ModelCallFailed, ModelReplyInvalid) as exc:
                if inp.claims is not None or pending is not None:
                    raise  # claims given as such stay with the caller: nothing is lost
                claims, pending = self._pending(told, exc)
                staged, asked = [], {}
                continue
            return WriteResult(
                episode_id=episode_id,
                operations=written[0],
                refused=([alert] if alert else []) + marked_out + written[1],
                redactions=scrubbed.count,
                secrets=dict(scrubbed.by_kind),
                model_calls=usage.calls,
                tokens=usage.tokens,
                extraction_pending=pending,
            )
        raise AssertionError("unreachable")  # pragma: no cover

    def judge(self, inp: Input, extractor: Extractor) -> list[Proposal | Refusal]:
        """What ``extractor`` reads in ``inp`` and what the gate makes of each claim; nothing
        is written (graphmem.lifecycle.model_switch compares two models this way)."""
        attacks = [] if inp.source in gate.GRANTING_SOURCES else injection.scan(inp.text)
        claims = extractor.extract(inp.text, occurred_at=inp.occurred_at, speaker=inp.speaker)
        inp, names = owner.whose_input(self.store, inp, claims, inp.text)
        return [self._stage(inp, claim, attacks, names) for claim in claims]

    def _claims(
        self, inp: Input, text: str, usage: Usage, told: Row | None
    ) -> tuple[list[Claim], str | None]:
        """The claims to weigh, and why there are none when the model failed."""
        if inp.claims is not None:
            return inp.claims, None
        try:
            return self._extract(text, inp, usage), None
        except (ModelCallFailed, ModelReplyInvalid) as exc:
            return self._pending(told, exc)

    @staticmethod
    def _pending(told: Row | None, failure: Exception) -> tuple[list[Claim], str]:
        """No claims, and why: the model failed. A pending episode read again stays pending."""
        if told is not None:
            raise failure
        log.warning("the model failed; the episode is kept, its extraction pending: %s", failure)
        return [], str(failure)

    def _decide_all(
        self,
        inp: Input,
        claims: list[Claim],
        staged: list[Proposal | Refusal],
        *,
        change: ChangeSet,
        episode_id: str,
        now: datetime,
        usage: Usage,
        asked: dict[int, Decision],
        read: SlotRead | None,
    ) -> tuple[list[Operation], list[Refusal]]:
        """Decide every claim against freshly read slots (``read``: those read ahead, if
        any; the rest are read now); fill ``change``."""
        proposals = [p for p in staged if isinstance(p, Proposal)]
        wanted = list(dict.fromkeys(p.slot for p in proposals))
        slots = read.result() if read is not None else {}
        missing = [key for key in wanted if key not in slots]
        if missing:
            slots.update(read_slots(self.store, inp.namespace, missing, history=False))
        now = settle_instant((slots[key] for key in wanted), now)
        consolidator = Consolidator(change, now, actor=actor_of(inp.source))
        forgotten = self._forgotten(inp.namespace, proposals)
        decided: list[tuple[Claim, Decision]] = []
        refused: list[Refusal] = []
        for index, (claim, step) in enumerate(zip(claims, staged, strict=True)):
            if isinstance(step, Refusal):
                refusal: Refusal | None = step
            elif id(step) in forgotten:
                refusal = Refusal(
                    claim=claim_text(claim),
                    reason="forgotten on request; only the user can state it again",
                )
            else:
                slot = slots[step.slot]
                decision = decide_by_rules(step, slot, now, [episode_id])
                if decision is None:
                    decision = self._model_decision(
                        index,
                        step,
                        slot=slot,
                        now=now,
                        usage=usage,
                        asked=asked,
                        episode_id=episode_id,
                    )
                refusal = _record(claim, decision, slot, consolidator)
                if refusal is None:
                    decided.append((claim, decision))
            if refusal is not None:
                refused.append(refusal)
                change.audit.append(
                    audit_row(
                        now,
                        actor_of(inp.source),
                        "alert" if refusal.alert else "refuse",
                        target_id=episode_id,
                        note=refusal.reason,
                    )
                )
        touched = sorted({d.proposal.slot for _, d in decided if d.statements or d.promote})
        pieces: list[Row] = []
        for key in touched:
            settled = consolidator.settle(slots[key])
            pieces += settled.created + settled.kept
        change.slots = {key: slots[key].version for key in touched}
        # Each claim looks up the versions its statements stand in, not every version the
        # batch settled: a batch of n claims costs n lookups, not n² comparisons.
        by_statement: dict[str, list[Row]] = {}
        for piece in pieces:
            for statement_id in piece.get("statements") or ():
                by_statement.setdefault(statement_id, []).append(piece)
        return [_operation(claim, d, by_statement) for claim, d in decided], refused

    def _slots_ahead(
        self, namespace: str, claims: Sequence[Claim] | None, reads: ExitStack
    ) -> SlotRead | None:
        """The read of the slots ``claims`` would fill, sent: on a server, it works while this
        thread stages the claims. A claim the gate refuses costs a slot read for nothing;
        _decide_all reads any slot this missed."""
        if not claims:
            return None
        keys = [slot_key(subject_key(c.subject, namespace), c.predicate, c.scope) for c in claims]
        return reads.enter_context(closing(SlotRead(self.store, namespace, keys)))

    def _refuse_replay(self, inp: Input, now: datetime) -> WriteResult:
        """A re-sync or a replayed message must not bring back what the user forgot."""
        refusal = Refusal(
            claim="(the whole episode)",
            reason="this content was forgotten on request; only a fresh statement by the user "
            "can bring it back",
        )
        note = "replay of forgotten content"
        audit = [audit_row(now, actor_of(inp.source), "refuse", note=note)]
        self.store.apply(ChangeSet(namespace=inp.namespace, audit=audit))
        return WriteResult(episode_id=None, refused=[refusal])

    def _tombstoned(self, inp: Input, content: str) -> bool:
        secret = tombstone.key(self.store, inp.namespace)
        digests = tombstone.episode_digests(secret, inp.namespace, content)
        return bool(self.store.tombstoned(inp.namespace, digests))

    def _extract(self, text: str, inp: Input, usage: Usage) -> list[Claim]:
        with_usage = getattr(self.extractor, "extract_with_usage", None)
        if with_usage is None:
            return self.extractor.extract(text, occurred_at=inp.occurred_at, speaker=inp.speaker)
        extraction = with_usage(text, occurred_at=inp.occurred_at, speaker=inp.speaker)
        usage.add(extraction.calls, extraction.prompt_tokens + extraction.completion_tokens)
        usage.secrets = tuple(getattr(extraction, "secrets", ()))
        return list(extraction.claims)

    def _stage(
        self,
        inp: Input,
        claim: Claim,
        attacks: list[injection.Attack],
        names: user_names.UserNames,
    ) -> Proposal | Refusal:
        """The claim through the gate, resolved to what it would be stored as."""
        predicate = self.predicates.get(claim.predicate)
        kind = claim.kind or (predicate.kind if predicate else Kind.FACT)
        verdict = gate.admit(
            claim,
            inp.source,
            kind,
            about_user=names.probably_user(claim.subject),
            registered_fact=predicate is not None and predicate.kind is Kind.FACT,
            said=inp.text,
        )
        if isinstance(verdict, gate.Refused):
            return Refusal(claim=claim_text(claim), reason=verdict.reason, alert=verdict.alert)
        if attacks and inp.source is SourceKind.RELAYED:
            # The user may really have said it; only they can tell: it waits for them.
            verdict = gate.Admitted(
                verdict.claim, verdict.authority, Status.CANDIDATE, verdict.kind
            )
        elif attacks:
            # What a model read out of an injection attempt may be what the attacker wrote.
            return Refusal(
                claim=claim_text(claim),
                reason="read from an episode flagged as a possible prompt injection; the "
                "episode is kept as evidence only",
            )
        return self._proposal(inp, verdict, names)

    def _forgotten(self, namespace: str, proposals: list[Proposal]) -> set[int]:
        """Proposals below the user's authority that match a tombstone (by object identity)."""
        below = [p for p in proposals if p.authority.rank < Authority.USER.rank]
        if not below:
            return set()
        secret = tombstone.key(self.store, namespace)
        digests = {
            id(p): tombstone.fact_digests(
                secret, namespace, p.content.subject_key, p.content.predicate, p.value
            )
            for p in below
        }
        found = self.store.tombstoned(namespace, {d for ds in digests.values() for d in ds})
        return {key for key, ds in digests.items() if found.intersection(ds)}

    def _proposal(
        self, inp: Input, verdict: gate.Admitted, names: user_names.UserNames
    ) -> Proposal:
        claim = verdict.claim
        predicate = self.predicates.get(claim.predicate)
        guess = cardinality.of(claim, predicate)
        valid_from = inp.occurred_at if claim.valid_from is None else utc(claim.valid_from)
        valid_until = END_OF_TIME if claim.valid_until is None else utc(claim.valid_until)
        check_window(valid_from, valid_until)
        s_key = names.key(claim.subject)
        if claim.object_is_entity is not None:
            is_entity = claim.object_is_entity
        elif predicate is not None:
            is_entity = predicate.object_is_entity
        else:
            is_entity = verdict.kind is Kind.FACT
        # A name is short (a subject is at most 200 characters): a long text is a value, and
        # an entity key past a few kilobytes is more than Neo4j's range indexes hold.
        is_entity = is_entity and isinstance(claim.object, str) and len(claim.object) <= 200
        object_text = render_value(claim.object)
        content = Content(
            subject=claim.subject,
            subject_key=s_key,
            predicate=claim.predicate,
            scope=claim.scope,
            slot=slot_key(s_key, claim.predicate, claim.scope),
            object_json=canonical_json(claim.object),
            object_text=object_text,
            object_key=names.key(object_text) if is_entity else None,
            kind=verdict.kind,
            cardinality=guess.cardinality,
            cardinality_from=guess.source,
            sensitivity=raise_to(
                predicate.sensitivity if predicate else Sensitivity.NORMAL,
                # A third party's document: its words are about nobody in the user's life,
                # unless the claim is about the user.
                bool(categories_of_claim(claim)) and (not inp.third_party or s_key == SELF_KEY),
            ).value,
        )
        return Proposal(
            content=content,
            authority=verdict.authority,
            status=verdict.status,
            confidence=claim.confidence,
            valid_from=valid_from,
            valid_until=valid_until,
            said_at=inp.occurred_at,
            negated=claim.negated,
            any_value=claim.any_value,
            quote=claim.quote,
            review_at=_review_at(predicate, valid_from, inp.occurred_at),
            ends_at=valid_from if claim.negated and claim.valid_from is not None else None,
        )

    def _model_decision(
        self,
        index: int,
        p: Proposal,
        *,
        slot: SlotState,
        now: datetime,
        usage: Usage,
        asked: dict[int, Decision],
        episode_id: str,
    ) -> Decision:
        episodes = [episode_id]
        if self.decider is None:
            decision = assert_value(p, slot, now, episodes)
            decision.reason = "unknown predicate: kept beside the existing values"
            return decision
        if index not in asked:
            # Only what still holds beside the new claim is shown: an ended value cannot be
            # revived.
            shown = [
                r
                for r in slot.believed()
                if r["status"] != "candidate"
                and r["valid_from"] < p.valid_until
                and p.valid_from < r["valid_until"]
            ]
            decision, calls, tokens = self.decider.decide(p, shown)
            usage.add(calls, tokens)
            asked[index] = decision
        answer = asked[index]
        if answer.op is OpKind.NOOP:
            return answer  # already known, or the model's answer did not check out: no change
        # The model proposes; the authority rules still have the last word.
        checked = from_model(p, answer.op, answer.targets, slot=slot, now=now, episodes=episodes)
        if not checked.refused and checked.op is answer.op:
            checked.reason = answer.reason
        return checked


def _review_at(predicate: Predicate | None, valid_from: datetime, stated: datetime) -> datetime:
    """When a time-sensitive fact should be checked again (its time-to-live lapses)."""
    if predicate is None:
        return END_OF_TIME
    interval = predicate.ttl or predicate.review_every
    if interval is None:
        return END_OF_TIME
    try:
        return min(max(valid_from, stated) + interval, END_OF_TIME)
    except OverflowError:  # a review due after the end of time is no review
        return END_OF_TIME


def embed_change(embedder: Embedder, change: ChangeSet) -> None:
    """Embed the new facts and episodes of a change set, and the episodes it redacts (their
    old vectors still hold the words taken out), in one call."""
    texts = {row["id"]: row["search_text"] for row in change.facts}
    texts.update({row["id"]: row["content"] for row in change.episodes})
    texts.update({row["id"]: row["content"] for row in change.redactions})
    if texts:
        vectors = embedder.embed(list(texts.values()))
        change.embeddings.update(zip(texts, vectors, strict=True))


def _record(
    claim: Claim, decision: Decision, slot: SlotState, consolidator: Consolidator
) -> Refusal | None:
    """Stage what a decision says in the change set; a refused decision stages nothing."""
    if decision.refused:
        reason = redact(decision.reason).text  # a model's reason may quote the claim
        return Refusal(claim=claim_text(claim), reason=reason, alert=decision.alert)
    for statement in decision.statements:
        consolidator.state(statement)
        slot.statements.append(statement)
    for candidate in decision.promote:
        consolidator.confirm(candidate)
    return None


def _operation(claim: Claim, decision: Decision, by_statement: dict[str, list[Row]]) -> Operation:
    """What one claim did, with the fact version its statement now stands in (if any)."""
    found = {p["id"]: p for s in decision.statements for p in by_statement.get(s["id"], ())}
    holding = sorted(found.values(), key=lambda p: (p["valid_from"], p["id"]))
    wrote = holding[0] if holding and decision.op.value in ("ADD", "UPDATE") else None
    return Operation(
        kind=decision.op.value,
        fact_id=None if wrote is None else wrote["id"],
        target_ids=[row["id"] for row in decision.targets],
        claim=claim_text(claim),
        reason=decision.reason,
        status=None if wrote is None else Status(wrote["status"]),
    )
