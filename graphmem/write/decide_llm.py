"""The model's part in deciding: only the cases the rules leave open.

The model sees the new claim and its neighbours under short aliases (n1, n2,
...), so it can only name what it was shown. Its answer is validated before use:
an UPDATE or DELETE that names an unknown alias, or none at all, becomes a NOOP
and is logged — a model proposes, validated code writes.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, Field

from graphmem.store.changes import Row
from graphmem.temporal import END_OF_TIME
from graphmem.write.decide import Decision, OpKind, Proposal

if TYPE_CHECKING:  # the openai client loads only with a model
    from graphmem.models.llm import ModelClient

log = logging.getLogger("graphmem.write.decide")


class DecisionReply(BaseModel):
    """The model's decision about one new claim."""

    action: Literal["ADD", "UPDATE", "DELETE", "NOOP"] = Field(
        description="What the new claim does to the existing facts."
    )
    target_ids: list[str] = Field(
        default_factory=list,
        description="Aliases (n1, n2, ...) of the existing facts replaced or contradicted; "
        "empty for ADD and NOOP.",
    )
    reason: str = Field(default="", description="One short sentence explaining the choice.")


class ModelDecider:
    """Asks a model to decide when the rules cannot; one call per open case."""

    def __init__(self, client: ModelClient) -> None:
        self.client = client

    def decide(self, proposal: Proposal, neighbours: list[Row]) -> tuple[Decision, int, int]:
        aliases = {f"n{i}": row for i, row in enumerate(neighbours, start=1)}
        listing = "\n".join(
            f"{alias}: {row['subject']} {row['predicate']} {row['object_text']} "
            f"(holds {row['valid_from']:%Y-%m-%d} to {_until(row)}, {row['authority']})"
            for alias, row in aliases.items()
        )
        reply = self.client.structured(
            "decide",
            {
                "claim": (
                    f"{proposal.content.subject} {proposal.content.predicate} "
                    f"{proposal.content.object_text}"
                ),
                "when": f"{proposal.valid_from:%Y-%m-%d}",
                "authority": proposal.authority.value,
                "neighbours": listing or "(none)",
            },
            DecisionReply,
        )
        tokens = reply.prompt_tokens + reply.completion_tokens
        return validate(reply.value, proposal, aliases), reply.calls, tokens


def _until(row: Row) -> str:
    shown = row["valid_until"]
    return "now" if shown >= END_OF_TIME else f"{shown:%Y-%m-%d}"


def validate(reply: DecisionReply, proposal: Proposal, aliases: dict[str, Row]) -> Decision:
    """Turn the model's reply into a decision, or a NOOP when it does not check out."""
    op = OpKind(reply.action)
    reason = f"model: {reply.reason}".strip()
    if op in (OpKind.ADD, OpKind.NOOP):
        return Decision(op, proposal, reason)
    unknown = [t for t in reply.target_ids if t not in aliases]
    if unknown or not reply.target_ids:
        log.warning(
            "model decision %s named %s; shown %s: kept as NOOP",
            op.value,
            reply.target_ids,
            sorted(aliases),
        )
        return Decision(
            OpKind.NOOP,
            proposal,
            f"model named facts it was not shown ({', '.join(unknown) or 'none'}); nothing changed",
        )
    targets = [aliases[t] for t in dict.fromkeys(reply.target_ids)]
    return Decision(op, proposal, reason, targets=targets)
