"""Every reply from outside is validated (issue 37): an endpoint answering 200 with something
that is not the OpenAI API (a login page, a proxy's error) is a ``ModelReplyInvalid`` naming
it, for chat and for embeddings, and a CLI user sees a message, not a traceback."""

from __future__ import annotations

import openai
import pytest

from graphmem.errors import ModelReplyInvalid
from graphmem.model import Model
from graphmem.models.llm import ModelClient
from graphmem.testing import FakeModelServer, FakeReply


class Answer(Model):
    text: str


def test_a_page_instead_of_a_chat_completion_is_named() -> None:
    with (
        FakeModelServer() as server,
        openai.OpenAI(base_url=server.base_url, api_key="x") as client,
    ):
        model = ModelClient(client, "fake")
        server.script(FakeReply.raw("<html>Sign in to continue</html>"))
        server.script(FakeReply.raw("<html>Sign in to continue</html>"))
        with pytest.raises(ModelReplyInvalid, match=r"not a chat completion|not JSON"):
            model.structured("extract", _variables(), Answer)
        server.script(FakeReply.raw("<html>Sign in</html>"), endpoint="embeddings")
        with pytest.raises(ModelReplyInvalid, match=r"not JSON|not a list of embeddings"):
            model.embed(["hello"], model="fake-embed")


def _variables() -> dict[str, str]:
    from graphmem.models.llm import load_prompt

    return dict.fromkeys(load_prompt("extract").placeholders, "x")
