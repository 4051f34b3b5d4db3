"""What the public API returns (besides the domain records of ``graphmem.model``)."""

from __future__ import annotations

from typing import Literal

from graphmem.model import Model


class Operation(Model):
    """One decision the write path applied."""

    kind: Literal["ADD", "UPDATE", "DELETE", "NOOP"]
    fact_id: str | None = None
    target_ids: list[str] = []
    claim: str
    reason: str


class Refusal(Model):
    """A claim the gate or the decisions kept out, and why."""

    claim: str
    reason: str
    alert: bool = False


class WriteResult(Model):
    episode_id: str | None
    operations: list[Operation] = []
    refused: list[Refusal] = []
    redactions: int = 0
    model_calls: int = 0
    tokens: int = 0

    @property
    def fact_ids(self) -> list[str]:
        return [op.fact_id for op in self.operations if op.fact_id is not None]
