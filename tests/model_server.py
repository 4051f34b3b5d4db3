"""Fixtures for a model behind a real HTTP boundary: the local OpenAI-compatible fake."""

from __future__ import annotations

from collections.abc import Iterator

import openai
import pytest

from graphmem.models.llm import ModelClient, RetryPolicy
from graphmem.testing import FakeModelServer

FAST = RetryPolicy(attempts=3, base_delay=0.01, max_delay=0.02, max_retry_after=0.05)


@pytest.fixture
def server() -> Iterator[FakeModelServer]:
    with FakeModelServer() as running:
        yield running


@pytest.fixture
def fake_model(server: FakeModelServer) -> Iterator[ModelClient]:
    """The real openai client and graphmem's ModelClient, talking to ``server``."""
    with openai.OpenAI(base_url=server.base_url, api_key="test", timeout=2.0) as client:
        yield ModelClient(client, "fake-model", retry=FAST, sleep=lambda _s: None)
