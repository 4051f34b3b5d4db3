"""Forgetting: delete the influence, not only the rows.

``Planner`` works out, for an episode, a fact, an entity or a whole namespace,
everything that must go and everything that must be re-derived — touching only
the slots the forgotten statements were about, never the whole graph:

* a forgotten episode goes with its content, embedding and index entries, and
  with every statement it alone made; an episode that also made statements
  that stay is redacted instead (the forgotten words replaced);
* a forgotten fact takes the statements behind it, and so its episodes (or
  their words, when they said more);
* a forgotten entity takes every statement about it — as subject, as object,
  or named in a literal value — and its name out of the episodes that stay;
* every affected slot is derived again from the statements that remain, as if
  the forgotten ones had never arrived: forget "moved to Denver" and Austin is
  current again; forget a window and the value it interrupted holds throughout.
  That change is a new belief (recorded now); versions that only forgotten
  statements stood behind are removed with their history, and the versions of
  values that stay keep theirs;
* entities no remaining statement refers to are removed;
* audit entries about removed records keep action, time and actor, and lose
  their content; tombstones (keyed hashes) keep re-ingestion from undoing it.

The result is one change set, applied in one transaction.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime

from graphmem.errors import UnknownId
from graphmem.extract.connections import PREDICATE as CONNECTION
from graphmem.lifecycle.quotes import rewrite_quotes
from graphmem.model import Actor, Status
from graphmem.records import audit_row, new_id
from graphmem.results import ForgetReport
from graphmem.store.base import GraphStore
from graphmem.store.changes import ChangeSet, FactPatch, Row
from graphmem.store.rows import to_fact
from graphmem.trust.gate import TODO
from graphmem.write import context, tombstone
from graphmem.write.consolidate import Consolidator
from graphmem.write.remember import subject_key
from graphmem.write.slots import read_slots, settle_instant

FORGOTTEN = "[forgotten]"
_WORD_LEFT = re.compile(r"[^\W\d_]{2,}")
PATTERN_SESSIONS = 3  # as distillation requires (graphmem.lifecycle.distill.MIN_SESSIONS)


@dataclass(slots=True)
class ForgetPlan:
    change: ChangeSet
    facts: set[str] = field(default_factory=set)
    statements: dict[str, Row] = field(default_factory=dict)
    episodes: set[str] = field(default_factory=set)
    entities: set[str] = field(default_factory=set)
    dependents: set[str] = field(default_factory=set)
    restored: list[str] = field(default_factory=list)
    checkpoints: set[str] = field(default_factory=set)  # saved again without what went
    tasks: set[str] = field(default_factory=set)  # the tasks those checkpoints belong to
    todos: set[str] = field(default_factory=set)  # removed facts that were todo items
    connections: set[str] = field(default_factory=set)  # removed connection records
    redacted: int = 0


class Planner:
    """Collects what a forget request removes and re-derives."""

    def __init__(self, store: GraphStore, namespace: str, now: datetime) -> None:
        self.store, self.ns, self.now = store, namespace, now
        self.plan = ForgetPlan(ChangeSet(namespace=namespace))
        self._asked: set[str] = set()
        self._touched: set[str] = set()  # episodes already redacted by this plan

    # ---- what goes ---------------------------------------------------------

    def forget_episodes(self, episode_ids: set[str]) -> None:
        """Episodes go, with every statement that loses its last support."""
        self.plan.episodes |= episode_ids
        said = self.store.episode_statements(self.ns, episode_ids)
        sessions = self._sessions({e for s in said for e in s["episodes"]})
        for statement in said:
            left = [e for e in statement["episodes"] if e not in self.plan.episodes]
            # A distilled pattern stands only on enough independent sessions.
            short = (
                statement.get("produced_by")
                and len({sessions.get(e, e) for e in left}) < PATTERN_SESSIONS
            )
            if not left or short:
                self.plan.statements[statement["id"]] = statement

    def forget_facts(self, fact_ids: set[str]) -> None:
        """Facts go with the statements behind them, and those with their episodes."""
        self._asked |= fact_ids
        rows = self.store.facts_by_id(self.ns, fact_ids)
        self.plan.facts |= {r["id"] for r in rows}
        ids = {s for r in rows for s in r.get("statements") or ()}
        self.forget_statements(self.store.statements_by_id(self.ns, ids))

    def forget_entity(self, key: str, name: str) -> None:
        """Every statement about the entity, and its name wherever it stays."""
        self.forget_statements(self.store.statements_about(self.ns, key), mention=name)
        hits = self.store.naming(self.ns, name)
        # A value that names it in words is about it too ("book the flight to Lisbon" is a
        # todo about Lisbon, though its object is text, not the entity): it goes as well.
        self.forget_statements(self._naming(name, hits), mention=name)
        # The name is forgotten wherever it stays, also in episodes that said nothing
        # durable about it ("I loved the beaches of Zanzibar" kept for another fact).
        handled = self.plan.episodes | self._touched
        mentioned = {
            hit["id"] for hit in hits if hit["label"] == "Episode" and hit["property"] == "content"
        }
        for episode_id in sorted(mentioned - handled):
            said = self.store.episode_statements(self.ns, [episode_id])
            self._redact(episode_id, [], said, name)
        self._redact_checkpoints(name, hits)
        entity = self.store.entity_id(self.ns, key)
        if entity is not None:
            self.plan.entities.add(entity)

    def _naming(self, name: str, hits: list[Row]) -> list[Row]:
        """The statements not yet going whose subject or value names ``name`` as a word."""
        word = re.compile(rf"(?<!\w){re.escape(name)}(?!\w)", re.IGNORECASE)
        facts = {h["id"] for h in hits if h["label"] == "Fact" and h["kind"] == "node"}
        ids = {h["id"] for h in hits if h["label"] == "Statement" and h["kind"] == "node"}
        ids |= {s for row in self.store.facts_by_id(self.ns, facts) for s in row["statements"]}
        return [
            s
            for s in self.store.statements_by_id(self.ns, ids - set(self.plan.statements))
            if word.search(str(s.get("object_text") or "")) or word.search(str(s["subject"]))
        ]

    def _redact_checkpoints(self, name: str, hits: list[Row]) -> None:
        """A task's saved progress that names what is forgotten is saved again without it
        (under a new id: a checkpoint is written once), and the old one goes."""
        named = {
            hit["id"] for hit in hits if hit["label"] == "Checkpoint" and hit["kind"] == "node"
        }
        if not named:
            return
        pattern = _words([name])
        assert pattern is not None  # a forgotten entity has a name
        rows = self.store.export_rows(self.ns).get("Checkpoint", [])
        for row in (r for r in rows if r["id"] in named):
            redacted = {
                k: pattern.sub(FORGOTTEN, v) if isinstance(v, str) and k != "id" else v
                for k, v in row.items()
            }
            redacted["id"] = new_id("ckp")
            self.plan.change.checkpoints.append(redacted)
            self.plan.checkpoints.add(row["id"])
            self.plan.tasks.add(str(row.get("task")))

    def forget_statements(self, statements: list[Row], *, mention: str | None = None) -> None:
        for statement in statements:
            self.plan.statements[statement["id"]] = statement
        episodes = {e for s in statements for e in s["episodes"]}
        made = {e: self.store.episode_statements(self.ns, [e]) for e in sorted(episodes)}
        for episode_id, said in made.items():
            survivors = [s for s in said if s["id"] not in self.plan.statements]
            if survivors or mention is not None:
                gone = [s for s in said if s["id"] in self.plan.statements]
                self._redact(episode_id, gone, survivors, mention)
                self._touched.add(episode_id)
            else:
                self.plan.episodes.add(episode_id)

    def drop_facts(self, fact_ids: set[str]) -> None:
        """Remove facts and their statements but keep the episodes (garbage collection)."""
        rows = self.store.facts_by_id(self.ns, fact_ids)
        self.plan.facts |= {r["id"] for r in rows}
        ids = {s for r in rows for s in r.get("statements") or ()}
        for statement in self.store.statements_by_id(self.ns, ids):
            self.plan.statements[statement["id"]] = statement

    def _sessions(self, episode_ids: set[str]) -> dict[str, str]:
        rows = self.store.episodes_by_id(self.ns, episode_ids)
        return {r["id"]: r.get("session") or r["id"] for r in rows}

    # ---- what is re-derived -------------------------------------------------

    def rederive(self, actor: Actor = Actor.USER) -> None:
        """Derive every touched slot again from the statements that stay."""
        keys = sorted({s["slot"] for s in self.plan.statements.values()})
        slots = read_slots(self.store, self.ns, keys)
        now = settle_instant(slots.values(), self.now)
        consolidator = Consolidator(self.plan.change, now, actor=actor)
        for key in keys:
            settled = consolidator.settle(slots[key], gone=set(self.plan.statements))
            self.plan.facts |= set(settled.removed)
            self.plan.restored += [row["id"] for row in settled.created]
        # What re-derivation adds back is not news: no 'add' audit entries for it.
        self.plan.change.audit = [
            a for a in self.plan.change.audit if a["action"] not in ("add", "revise")
        ]
        self.plan.dependents = self.plan.facts - self._asked
        self.plan.change.slots = {key: slots[key].version for key in keys}
        self.now = now

    # ---- the change set -----------------------------------------------------

    def finish(
        self, actor: Actor, *, tombstones: bool = True, entities: bool = True, scrub: bool = True
    ) -> ForgetPlan:
        plan, change = self.plan, self.plan.change
        episodes = {r["id"]: r for r in self.store.episodes_by_id(self.ns, plan.episodes)}
        if entities:
            self._orphan_entities()
        if tombstones:
            secret = tombstone.key(self.store, self.ns)
            for row in episodes.values():
                digest = tombstone.episode_digest(secret, row["content"])
                change.tombstones.append(tombstone.row(digest, "episode", self.now, secret))
            for digest in sorted(
                {
                    tombstone.fact_digest(
                        secret, s["subject_key"], s["predicate"], s["object_json"]
                    )
                    for s in plan.statements.values()
                    if s["op"] == "assert"
                }
            ):
                change.tombstones.append(tombstone.row(digest, "fact", self.now, secret))
        self._unname_forgotten_statements()
        # What the user's todo list and connections lose is named in the report.
        for row in self.store.facts_by_id(self.ns, plan.facts):
            if row["predicate"] == TODO:
                plan.todos.add(row["id"])
            elif row["predicate"] == CONNECTION:
                plan.connections.add(row["id"])
        targets = plan.facts | plan.episodes | set(plan.statements)
        if scrub:
            change.audit_scrubs = [a["id"] for a in self.store.audit_of(self.ns, targets)]
        change.removals = {
            label: sorted(ids)
            for label, ids in (
                ("Fact", plan.facts),
                ("Statement", set(plan.statements)),
                ("Episode", set(episodes)),
                ("Entity", plan.entities),
                ("Checkpoint", plan.checkpoints),
            )
            if ids
        }
        # Copies of a forgotten or redacted turn's words, kept as a neighbour's context.
        change.contexts = context.refreshed(
            self.store,
            self.ns,
            episodes,
            {row["id"]: row["content"] for row in change.redactions},
        )
        change.patches = [p for p in change.patches if p.fact_id not in plan.facts]
        change.statement_patches = [
            p for p in change.statement_patches if p.statement_id not in plan.statements
        ]
        change.audit.append(
            audit_row(
                self.now,
                actor,
                "forget",
                after={
                    "facts": len(plan.facts),
                    "statements": len(plan.statements),
                    "episodes": len(episodes),
                    "entities": len(plan.entities),
                    "restored": len(plan.restored),
                    "redacted_episodes": plan.redacted,
                },
                note="content-free record of a forget request",
            )
        )
        return plan

    def _unname_forgotten_statements(self) -> None:
        """Versions of the touched slots, retired ones included, stop naming a statement that
        goes; one that stood for nothing else goes with it (its history was that statement)."""
        gone = set(self.plan.statements)
        slots = sorted({s["slot"] for s in self.plan.statements.values()})
        staged = {p.fact_id: p for p in self.plan.change.patches}
        for fact in self.store.slot_facts(self.ns, slots) if slots else ():
            named = fact.get("statements") or []
            if fact["id"] in self.plan.facts or not gone.intersection(named):
                continue
            patch = staged.get(fact["id"])
            base: list[str] = named if patch is None else patch.changes.get("statements") or named
            kept = [s for s in base if s not in gone]
            if not kept:
                self.plan.facts.add(fact["id"])
            elif patch is not None:
                patch.changes["statements"] = kept
            else:
                self.plan.change.patches.append(FactPatch(fact["id"], {"statements": kept}))

    def _orphan_entities(self) -> None:
        said = self.plan.statements.values()
        keys = {s["subject_key"] for s in said} | {
            s["object_key"] for s in said if s.get("object_key")
        }
        still = self.store.entities_still_named(self.ns, keys, self.plan.statements)
        for key in sorted(keys - still):
            entity = self.store.entity_id(self.ns, key)
            if entity is not None:
                self.plan.entities.add(entity)

    def _redact(
        self, episode_id: str, gone: list[Row], survivors: list[Row], mention: str | None
    ) -> None:
        """Take the forgotten words out of an episode that stays, and out of the quotes of
        what it still supports — but keep what the survivors themselves say."""
        rows = self.store.episodes_by_id(self.ns, [episode_id])
        if not rows:
            return
        kept_quotes = {s.get("quote") for s in survivors}
        words = [s["object_text"] for s in gone]
        words += [s["quote"] for s in gone if s.get("quote") and s["quote"] not in kept_quotes]
        if mention:
            words.append(mention)
        pattern = _words(words)
        if pattern is None:
            return
        content = pattern.sub(FORGOTTEN, rows[0]["content"])
        said = [s for s in survivors if s.get("quote") and pattern.search(s["quote"])]
        rewrite_quotes(
            self.store, self.ns, said, self.plan.change, lambda q: pattern.sub(FORGOTTEN, q)
        )
        if not survivors and not _WORD_LEFT.search(content.replace(FORGOTTEN, "")):
            # Nothing but the forgotten words: a husk reading "[forgotten]." is no memory.
            self.forget_episodes({episode_id})
            return
        if content != rows[0]["content"]:
            self.plan.change.redactions.append(
                {
                    "id": episode_id,
                    "content": content,
                    "redactions": (rows[0].get("redactions") or 0) + 1,
                }
            )
            self.plan.redacted += 1


def _words(words: list[str]) -> re.Pattern[str] | None:
    usable = sorted({w for w in words if w and w.strip()}, key=len, reverse=True)
    if not usable:
        return None
    return re.compile("|".join(re.escape(w) for w in usable), re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Target:
    """What one forget asks for: exactly one of these (checked by ``Memory.forget``)."""

    episode: str | None = None
    fact: str | None = None
    entity: str | None = None
    everything: bool = False


def plan_forget(store: GraphStore, ns: str, now: datetime, target: Target) -> ForgetPlan:
    """Everything forgetting ``target`` removes, redacts and derives again, as one change set;
    an unknown target is ``UnknownId``."""
    planner = Planner(store, ns, now)
    if target.everything:
        return _everything(store, planner)
    if target.episode is not None:
        if not store.episodes_by_id(ns, [target.episode]):
            raise UnknownId(f"no episode {target.episode!r} in namespace {ns!r}")
        planner.forget_episodes({target.episode})
    elif target.fact is not None:
        if not store.facts_by_id(ns, [target.fact]):
            raise UnknownId(f"no fact {target.fact!r} in namespace {ns!r}")
        planner.forget_facts({target.fact})
    else:
        name = str(target.entity)
        key = subject_key(name, ns)
        known = store.entity_id(ns, key) is not None
        if not known and not store.statements_about(ns, key):
            # A name only said in passing ("I met Ostrowski at the station") is no entity of
            # a fact, but still whatever names a person is forgettable.
            mentioned = store.naming(ns, name)
            if not any(hit["label"] == "Episode" for hit in mentioned):
                raise UnknownId(f"no entity {target.entity!r} in namespace {ns!r}")
        planner.forget_entity(key, name)
    planner.rederive()
    return planner.finish(Actor.USER)


def _everything(store: GraphStore, planner: Planner) -> ForgetPlan:
    ns = planner.ns
    plan = planner.plan
    plan.facts = set(store.ids(ns, "Fact"))
    plan.episodes = set(store.ids(ns, "Episode"))
    statements = store.statements_by_id(ns, store.ids(ns, "Statement"))
    plan.statements = {s["id"]: s for s in statements}
    plan = planner.finish(Actor.USER, entities=False)
    # Nothing of the namespace stays but its tombstones and this one content-free entry.
    for label in ("Entity", "AuditEntry", "Checkpoint", "DistillationRun", "Slot"):
        ids = store.ids(ns, label)
        if ids:
            plan.change.removals[label] = ids
    plan.change.audit_scrubs = []
    plan.change.patches = []
    plan.change.statement_patches = []
    return plan


def forget_report(plan: ForgetPlan, ns: str, now: datetime) -> ForgetReport:
    """What a forget removed and derived again, safe to show the user."""
    change = plan.change
    again = [
        to_fact({**row, "namespace": ns}).text
        for row in change.facts
        if row["id"] in set(plan.restored)
        and row["status"] == Status.ACTIVE.value
        and row["valid_from"] <= now < row["valid_until"]
    ]
    return ForgetReport(
        removed={label: len(ids) for label, ids in change.removals.items()},
        restored=sorted(plan.restored),
        holds_again=sorted(again),
        dependents=sorted(plan.dependents),
        redacted_episodes=plan.redacted,
        redacted_checkpoints=len(plan.checkpoints),
        checkpoint_tasks=sorted(plan.tasks),
        todos=sorted(plan.todos),
        connections=sorted(plan.connections),
        scrubbed_audit_entries=len(change.audit_scrubs),
        tombstones=len(change.tombstones),
    )
