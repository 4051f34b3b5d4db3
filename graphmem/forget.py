"""Forgetting: delete the influence, not only the rows.

``plan`` works out, for an episode, a fact, an entity or a whole namespace,
everything that must go and everything that must be re-derived — touching only
the affected neighbourhood, never the whole graph:

* episodes are removed with their content, embedding and index entries;
* a fact that loses all its support is removed; a fact that keeps other support
  stays; a fact derived from a removed one (a value resuming after a forgotten
  window) goes with it;
* a fact that a removed fact had superseded gets its validity back if its own
  support stands — forget "moved to Denver" and Austin is current again —
  or is handed to the next value in the chain;
* an episode that also supports facts that stay is redacted instead of removed;
* entities no remaining fact refers to are removed;
* audit entries about removed records keep action, time and actor, and lose
  their content; tombstones (keyed hashes) keep re-ingestion from undoing it.

The result is one change set, applied in one transaction.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime

from graphmem import tombstone
from graphmem.model import Actor, Status
from graphmem.records import audit_row
from graphmem.store.base import ChangeSet, FactPatch, GraphStore, Row
from graphmem.temporal import END_OF_TIME

FORGOTTEN = "[forgotten]"
PATTERN_SESSIONS = 3  # as distillation requires (graphmem.distill.MIN_SESSIONS)


@dataclass(slots=True)
class ForgetPlan:
    change: ChangeSet
    facts: set[str] = field(default_factory=set)
    episodes: set[str] = field(default_factory=set)
    entities: set[str] = field(default_factory=set)
    dependents: set[str] = field(default_factory=set)
    restored: list[str] = field(default_factory=list)
    redacted: int = 0


class Planner:
    """Collects what a forget request removes and re-derives."""

    def __init__(self, store: GraphStore, namespace: str, now: datetime) -> None:
        self.store, self.ns, self.now = store, namespace, now
        self.plan = ForgetPlan(ChangeSet(namespace=namespace))
        self._rows: dict[str, Row] = {}

    # ---- what goes ---------------------------------------------------------

    def forget_facts(self, fact_ids: set[str]) -> None:
        """Facts go with the episodes they came from; shared episodes are redacted."""
        rows = self._load(fact_ids)
        self.plan.facts |= set(rows)
        support = self.store.support(self.ns, list(rows))
        by_episode: dict[str, list[str]] = {}
        for link in support:
            by_episode.setdefault(link["episode_id"], []).append(link["fact_id"])
        for episode_id, supported in by_episode.items():
            survivors = [
                f
                for f in self.store.episode_facts(self.ns, episode_id)
                if f["id"] not in self.plan.facts
            ]
            if survivors:
                self._redact(episode_id, [rows[f] for f in supported], survivors)
            else:
                self.plan.episodes.add(episode_id)
        self._cascade()

    def drop_facts(self, fact_ids: set[str]) -> None:
        """Remove facts but keep the episodes they came from (garbage collection)."""
        self._load(fact_ids)
        self.plan.facts |= fact_ids

    def forget_episodes(self, episode_ids: set[str]) -> None:
        self.plan.episodes |= episode_ids
        self._cascade()

    def _cascade(self) -> None:
        """Facts left with no support, and facts derived from removed ones, go too."""
        changed = True
        while changed:
            changed = False
            touched: set[str] = set()
            for episode_id in self.plan.episodes:
                touched |= {f["id"] for f in self.store.episode_facts(self.ns, episode_id)}
            touched -= self.plan.facts
            if touched:
                orphans = self._unsupported(touched)
                if orphans:
                    self.plan.facts |= orphans
                    self.plan.dependents |= orphans
                    changed = True
            for link in self.store.links(self.ns, self.plan.facts):
                derived = link["new_id"]
                if (
                    link["reason"] == "window ended"
                    and link["old_id"] in self.plan.facts
                    and derived not in self.plan.facts
                ):
                    self._load({derived})
                    self.plan.facts.add(derived)
                    self.plan.dependents.add(derived)
                    changed = True

    def _unsupported(self, fact_ids: set[str]) -> set[str]:
        """Facts whose support does not stand without the forgotten episodes: none left, or
        for a distilled pattern, fewer independent sessions than distillation requires."""
        sessions: dict[str, set[str]] = {f: set() for f in fact_ids}
        for link in self.store.support(self.ns, fact_ids):
            if link["episode_id"] not in self.plan.episodes:
                sessions[link["fact_id"]].add(link.get("session") or link["episode_id"])
        rows = self._load(fact_ids)
        return {
            f
            for f, seen in sessions.items()
            if not seen or (rows[f].get("produced_by") and len(seen) < PATTERN_SESSIONS)
        }

    # ---- what is re-derived -------------------------------------------------

    def rederive(self) -> None:
        """Give superseded facts back their validity where the superseding fact is gone."""
        gone = self.plan.facts
        links = self.store.links(self.ns, gone)
        successors: dict[str, list[Row]] = {}
        for link in links:
            if link["reason"] == "new value" and link["new_id"] not in gone:
                successors.setdefault(link["old_id"], []).append(link)
        for link in links:
            old = link["old_id"]
            if link["new_id"] not in gone or old in gone or link["reason"] != "new value":
                continue
            row = self._load({old})[old]
            previous = link["previous_until"] or END_OF_TIME
            after = self._surviving_successor(link["new_id"], successors)
            if after is not None:
                # The chain goes on past the forgotten value: the next one supersedes this.
                until = min(previous, after["valid_from"])
                self.plan.change.supersessions.append(
                    {
                        "new_id": after["id"],
                        "old_id": old,
                        "at": self.now,
                        "reason": "new value",
                        "previous_until": previous,
                    }
                )
                changes: Row = {"valid_until": until}
            else:
                changes = {"valid_until": previous}
                if row["status"] == Status.SUPERSEDED.value:
                    changes["status"] = Status.ACTIVE.value
            self.plan.change.patches.append(FactPatch(old, changes))
            self.plan.restored.append(old)

    def _surviving_successor(self, fact_id: str, successors: dict[str, list[Row]]) -> Row | None:
        candidates = successors.get(fact_id, [])
        rows = self._load({c["new_id"] for c in candidates})
        return min(rows.values(), key=lambda r: r["valid_from"]) if rows else None

    # ---- the change set -----------------------------------------------------

    def finish(
        self, actor: Actor, *, tombstones: bool = True, entities: bool = True, scrub: bool = True
    ) -> ForgetPlan:
        plan, change = self.plan, self.plan.change
        facts = self._load(plan.facts)
        episodes = {r["id"]: r for r in self.store.episodes_by_id(self.ns, plan.episodes)}
        if entities:
            self._orphan_entities(facts)
        if tombstones:
            for row in episodes.values():
                change.tombstones.append(
                    tombstone.row(
                        tombstone.episode_digest(self.ns, row["content"]), "episode", self.now
                    )
                )
            for row in facts.values():
                change.tombstones.append(
                    tombstone.row(
                        tombstone.fact_digest(
                            self.ns, row["subject_key"], row["predicate"], row["object_json"]
                        ),
                        "fact",
                        self.now,
                    )
                )
        targets = plan.facts | plan.episodes
        if scrub:
            change.audit_scrubs = [a["id"] for a in self.store.audit_of(self.ns, targets)]
        change.removals = {
            label: sorted(ids)
            for label, ids in (
                ("Fact", plan.facts),
                ("Episode", set(episodes)),
                ("Entity", plan.entities),
            )
            if ids
        }
        change.patches = [p for p in change.patches if p.fact_id not in plan.facts]
        change.audit.append(
            audit_row(
                self.now,
                actor,
                "forget",
                after={
                    "facts": len(plan.facts),
                    "episodes": len(episodes),
                    "entities": len(plan.entities),
                    "restored": len(plan.restored),
                    "redacted_episodes": plan.redacted,
                },
                note="content-free record of a forget request",
            )
        )
        return plan

    def _orphan_entities(self, facts: dict[str, Row]) -> None:
        keys = {r["subject_key"] for r in facts.values()}
        keys |= {r["object_key"] for r in facts.values() if r.get("object_key")}
        for key in keys:
            still = [f for f in self.store.facts_about(self.ns, key) if f["id"] not in facts]
            if not still:
                entity = self.store.entity_id(self.ns, key)
                if entity is not None:
                    self.plan.entities.add(entity)

    def _redact(self, episode_id: str, facts: list[Row], survivors: list[Row]) -> None:
        """Take the forgotten words out of an episode that also supports facts that stay,
        and out of those facts' quotes — but keep what the survivors themselves say."""
        rows = self.store.episodes_by_id(self.ns, [episode_id])
        if not rows:
            return
        kept_quotes = {f.get("quote") for f in survivors}
        words = [f["object_text"] for f in facts]
        words += [f["quote"] for f in facts if f.get("quote") and f["quote"] not in kept_quotes]
        pattern = re.compile(
            "|".join(re.escape(w) for w in sorted(set(words), key=len, reverse=True) if w),
            re.IGNORECASE,
        )
        content = pattern.sub(FORGOTTEN, rows[0]["content"])
        for fact in survivors:
            quote = fact.get("quote")
            if quote and pattern.search(quote):
                self.plan.change.patches.append(
                    FactPatch(fact["id"], {"quote": pattern.sub(FORGOTTEN, quote)})
                )
        self.plan.change.redactions.append(
            {
                "id": episode_id,
                "content": content,
                "redactions": (rows[0].get("redactions") or 0) + 1,
            }
        )
        self.plan.redacted += 1

    def _load(self, ids: set[str]) -> dict[str, Row]:
        missing = [i for i in ids if i not in self._rows]
        for row in self.store.facts_by_id(self.ns, missing):
            self._rows[row["id"]] = row
        return {i: self._rows[i] for i in ids if i in self._rows}
