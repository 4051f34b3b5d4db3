"""seeds layer (placeholder)."""

from __future__ import annotations

from collections.abc import Iterator

from graphmem.secrets.common import Candidate


def spans(text: str) -> Iterator[Candidate]:
    return iter(())
