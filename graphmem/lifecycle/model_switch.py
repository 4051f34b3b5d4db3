"""Model switches sampled: would another model let the same things act?

The model reads messages into claims; the gate decides, rule by rule, what those claims
may do — become a current preference or rule, wait for the user as a candidate, or be
refused. A new model (a cheaper one, a new version) reads differently, and the gate can
only judge what it is given, so before a switch — and every month after one — a sample of
the namespace's messages is read again by the configured model and by the other one, each
through the same gate, writing nothing, and their *permission decisions* are compared:
what each reading would make current, hold for the user, or refuse, beyond plain facts
(a plain fact the user states decides nothing about what the assistant may do).

Decisions are compared by what they are (``constraint active``, ``preference candidate``,
``refused``), not by wording: two models name the same rule differently. Where the counts
differ the report lists both readings of that message. Episodes are sampled at random
with a seed of the namespace and the day, so a report can be run again and give the same
sample; episodes reduced by retention (their words are gone) or still waiting for
extraction are left out.
"""

from __future__ import annotations

import random
from collections import Counter
from datetime import datetime

from graphmem.errors import ModelCallFailed, ModelReplyInvalid
from graphmem.lifecycle.reextract import as_input
from graphmem.model import Kind, Status
from graphmem.results import ModelComparison, ModelDifference, Refusal
from graphmem.store.base import GraphStore
from graphmem.store.changes import Row
from graphmem.write.decide import Proposal
from graphmem.write.remember import Extractor, WritePath

SAMPLE = 20


def compare(
    writer: WritePath,
    store: GraphStore,
    namespace: str,
    now: datetime,
    other: Extractor,
    *,
    sample: int = SAMPLE,
    names: tuple[str, str] = ("configured", "other"),
) -> ModelComparison:
    """Read a sample of ``namespace``'s episodes with the writer's extractor and ``other``;
    report where their permission decisions differ."""
    episodes = _sample(store, namespace, now, sample)
    differences: list[ModelDifference] = []
    failed: list[str] = []
    for row in episodes:
        inp = as_input(namespace, row)
        try:
            first = decisions(writer.judge(inp, writer.extractor))
            second = decisions(writer.judge(inp, other))
        except (ModelCallFailed, ModelReplyInvalid):
            failed.append(row["id"])
            continue
        if Counter(kind for kind, _ in first) != Counter(kind for kind, _ in second):
            differences.append(
                ModelDifference(
                    episode_id=row["id"],
                    first=[f"{kind}: {text}" for kind, text in first],
                    second=[f"{kind}: {text}" for kind, text in second],
                )
            )
    return ModelComparison(
        first=names[0],
        second=names[1],
        sampled=[row["id"] for row in episodes if row["id"] not in failed],
        failed=failed,
        differences=differences,
    )


def decisions(staged: list[Proposal | Refusal]) -> list[tuple[str, str]]:
    """The permission decisions among what the gate made of one reading: (what it is, the
    claim), sorted. A plain fact made current is not one; anything else is."""
    out = []
    for item in staged:
        if isinstance(item, Refusal):
            out.append(("refused", item.claim))
            continue
        content = item.content
        if content.kind is Kind.FACT and item.status is Status.ACTIVE:
            continue
        text = f"{content.subject} {content.predicate} {content.object_text}"
        out.append((f"{content.kind.value} {item.status.value}", text))
    return sorted(out)


def _sample(store: GraphStore, namespace: str, now: datetime, size: int) -> list[Row]:
    ids = sorted(store.ids(namespace, "Episode"))
    chosen = random.Random(f"{namespace}|{now.date().isoformat()}").sample(ids, len(ids))
    out: list[Row] = []
    for start in range(0, len(chosen), size):  # a batch at a time until the sample is full
        rows = {r["id"]: r for r in store.episodes_by_id(namespace, chosen[start : start + size])}
        for episode_id in chosen[start : start + size]:
            row = rows.get(episode_id)
            if row is None or row.get("reduced_at") is not None or row.get("extraction"):
                continue
            out.append(row)
            if len(out) >= size:
                return out
    return out
