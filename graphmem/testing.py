"""Test doubles shipped with graphmem, as httpx ships ``MockTransport``.

:class:`FakeModelServer` is a local OpenAI-compatible HTTP server, so tests run
the real ``openai`` client (and graphmem's retry and error translation) without
a network or a key::

    with FakeModelServer() as server:
        server.script({"claims": []}, FakeReply.status(429, retry_after=0))
        client = openai.OpenAI(base_url=server.base_url, api_key="test", max_retries=0)
        ...
        server.requests          # the JSON bodies it received, in order

It serves ``POST /v1/chat/completions`` and ``POST /v1/embeddings``. Each endpoint
has its own queue of scripted replies, consumed in order; when a queue is empty
the endpoint's responder (``respond_with``) answers, and without one a chat
request gets an HTTP 400 that says nothing was scripted, while an embedding
request gets deterministic hash-based vectors.
"""

from __future__ import annotations

import base64
import hashlib
import json
import logging
import math
import struct
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import Any, Literal, Self, TypeAlias

from pydantic import BaseModel

from graphmem.errors import InvalidArgument

log = logging.getLogger(__name__)

Endpoint: TypeAlias = Literal["chat", "embeddings"]

_PATHS: dict[str, Endpoint] = {
    "/v1/chat/completions": "chat",
    "/v1/embeddings": "embeddings",
}
_ERROR_TYPES = {429: "rate_limit_error", 400: "invalid_request_error", 404: "not_found_error"}


@dataclass(frozen=True, slots=True)
class FakeReply:
    """One scripted answer. Build it with the class methods, or script plain values:

    a dict or pydantic model becomes the assistant's JSON content, a string is sent
    as content unchanged (malformed JSON included), and for embeddings a list of
    vectors is returned as the embeddings.
    """

    kind: Literal["content", "refusal", "status", "delay", "vectors", "raw"]
    text: str | None = None
    status_code: int = 200
    retry_after: float | None = None
    seconds: float = 0.0
    then: FakeReply | None = None
    vectors: tuple[tuple[float, ...], ...] = ()
    usage: bool = True

    @classmethod
    def content(
        cls, value: Mapping[str, Any] | BaseModel | str, *, usage: bool = True
    ) -> FakeReply:
        """The assistant's content; ``usage=False`` leaves token usage out of the reply."""
        if isinstance(value, BaseModel):
            text = value.model_dump_json()
        elif isinstance(value, str):
            text = value
        else:
            text = json.dumps(dict(value))
        return cls("content", text=text, usage=usage)

    @classmethod
    def refusal(cls, text: str) -> FakeReply:
        """The model declines: ``message.refusal`` set, no content."""
        return cls("refusal", text=text)

    @classmethod
    def status(
        cls, code: int, *, retry_after: float | None = None, message: str | None = None
    ) -> FakeReply:
        """An HTTP error with an OpenAI-style error body (and ``Retry-After`` if given)."""
        if not 400 <= code <= 599:
            raise InvalidArgument(f"status code={code} is not an HTTP error; use 400-599")
        return cls("status", status_code=code, retry_after=retry_after, text=message)

    @classmethod
    def delay(cls, seconds: float, then: ScriptedReply | None = None) -> FakeReply:
        """Wait ``seconds`` before answering with ``then`` (by default ``{}``).

        The wait ends early when the server stops, so a delay longer than the
        client's timeout never holds up the end of a test.
        """
        if seconds < 0:
            raise InvalidArgument(f"delay seconds={seconds} is negative")
        follow = None if then is None else as_reply(then)
        return cls("delay", seconds=seconds, then=follow)

    @classmethod
    def raw(cls, body: str) -> FakeReply:
        """HTTP 200 with ``body`` as it is, as ``text/html``: an endpoint (a proxy, a login
        page) that answers with something other than the OpenAI API."""
        return cls("raw", text=body)

    @classmethod
    def embeddings(cls, vectors: Sequence[Sequence[float]]) -> FakeReply:
        return cls("vectors", vectors=tuple(tuple(float(x) for x in v) for v in vectors))


ScriptedReply: TypeAlias = (
    FakeReply | Mapping[str, Any] | BaseModel | str | Sequence[Sequence[float]]
)
Responder: TypeAlias = Callable[[dict[str, Any]], ScriptedReply]


def as_reply(value: ScriptedReply) -> FakeReply:
    """Turn a scripted value into a :class:`FakeReply`."""
    if isinstance(value, FakeReply):
        return value
    if isinstance(value, str):
        return FakeReply.content(value)
    if isinstance(value, Mapping | BaseModel):
        return FakeReply.content(value)
    if isinstance(value, list | tuple):
        return FakeReply.embeddings(value)
    raise InvalidArgument(
        f"cannot script {value!r} ({type(value).__name__}): use a dict, a pydantic model, "
        "a string, a list of vectors or a FakeReply"
    )


def fake_embedding(text: str, dimensions: int = 8) -> list[float]:
    """A deterministic unit vector for ``text`` (equal texts, equal vectors)."""
    values: list[float] = []
    block = 0
    while len(values) < dimensions:
        digest = hashlib.sha256(f"{block}:{text}".encode()).digest()
        values.extend(b / 127.5 - 1.0 for b in digest)
        block += 1
    vector = values[:dimensions]
    norm = math.sqrt(sum(x * x for x in vector)) or 1.0
    return [x / norm for x in vector]


def _tokens(text: str) -> int:
    return max(1, len(text) // 4)


@dataclass(frozen=True, slots=True)
class _Answer:
    status: int
    body: dict[str, Any] | str  # a str goes out as it is, as text/html
    headers: tuple[tuple[str, str], ...] = ()
    delay: float = 0.0


def _error(code: int, message: str, retry_after: float | None = None) -> _Answer:
    kind = _ERROR_TYPES.get(code, "server_error" if code >= 500 else "invalid_request_error")
    body = {"error": {"message": message, "type": kind, "param": None, "code": None}}
    headers = () if retry_after is None else (("retry-after", f"{retry_after:g}"),)
    return _Answer(code, body, headers)


class FakeModelServer:
    """A local OpenAI-compatible endpoint on 127.0.0.1 with scripted replies.

    Use it as a context manager (or ``start()``/``stop()``). ``port=0`` picks a
    free port; ``dimensions`` is the embedding size when a request names none.
    """

    def __init__(self, *, port: int = 0, dimensions: int = 8) -> None:
        self._port = port
        self.dimensions = dimensions
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._queues: dict[Endpoint, deque[FakeReply]] = {"chat": deque(), "embeddings": deque()}
        self._responders: dict[Endpoint, Responder] = {}
        self._requests: list[dict[str, Any]] = []
        self._httpd: _HTTPServer | None = None
        self._thread: threading.Thread | None = None
        self._served = 0

    # -- lifecycle -----------------------------------------------------------------

    def start(self) -> Self:
        if self._httpd is not None:
            raise InvalidArgument("FakeModelServer is already running")
        self._stopping.clear()
        httpd = _HTTPServer(("127.0.0.1", self._port), _Handler, self)
        self._httpd = httpd
        self._thread = threading.Thread(
            target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, name="FakeModelServer"
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop serving, end pending delays and wait for every handler thread."""
        httpd, thread = self._httpd, self._thread
        if httpd is None or thread is None:
            return
        self._stopping.set()
        httpd.shutdown()
        httpd.server_close()  # joins the handler threads
        thread.join()
        self._httpd = self._thread = None

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()

    # -- what tests see --------------------------------------------------------------

    @property
    def base_url(self) -> str:
        if self._httpd is None:
            raise InvalidArgument("FakeModelServer is not running; use it as a context manager")
        host, port = self._httpd.server_address[:2]
        return f"http://{host!s}:{port}/v1"

    @property
    def requests(self) -> list[dict[str, Any]]:
        """The JSON bodies received so far, in order (chat and embeddings)."""
        with self._lock:
            return list(self._requests)

    def pending(self, endpoint: Endpoint = "chat") -> int:
        """How many scripted replies have not been consumed yet."""
        with self._lock:
            return len(self._queues[endpoint])

    def script(self, *replies: ScriptedReply, endpoint: Endpoint = "chat") -> None:
        """Queue replies for ``endpoint``; they are consumed in order."""
        _check_endpoint(endpoint)
        converted = [as_reply(reply) for reply in replies]
        with self._lock:
            self._queues[endpoint].extend(converted)

    def respond_with(self, responder: Responder, *, endpoint: Endpoint = "chat") -> None:
        """Answer from ``responder(request_json)`` whenever the script is empty."""
        _check_endpoint(endpoint)
        with self._lock:
            self._responders[endpoint] = responder

    # -- serving -------------------------------------------------------------------------

    def _answer(self, endpoint: Endpoint, body: dict[str, Any]) -> _Answer:
        with self._lock:
            self._requests.append(body)
            self._served += 1
            queue = self._queues[endpoint]
            scripted = queue.popleft() if queue else None
            responder = self._responders.get(endpoint)
        if scripted is None and responder is not None:
            try:
                scripted = as_reply(responder(body))
            except Exception as exc:  # reported to the client as an HTTP 400
                return _error(400, f"FakeModelServer responder raised {exc!r}")
        return self._render(endpoint, body, scripted)

    def _render(self, endpoint: Endpoint, body: dict[str, Any], reply: FakeReply | None) -> _Answer:
        if reply is None:
            if endpoint == "embeddings":
                return self._embeddings(body, None)
            return _error(
                400,
                "FakeModelServer has no reply scripted for this request; "
                "call server.script(...) or server.respond_with(...)",
            )
        if reply.kind == "status":
            text = reply.text or f"fake {HTTPStatus(reply.status_code).phrase.lower()}"
            return _error(reply.status_code, text, reply.retry_after)
        if reply.kind == "raw":
            return _Answer(200, reply.text or "")
        if reply.kind == "delay":
            answer = self._render(endpoint, body, reply.then or FakeReply.content({}))
            return _Answer(answer.status, answer.body, answer.headers, reply.seconds)
        if endpoint == "embeddings":
            if reply.kind != "vectors":
                problem = f"a {reply.kind} reply cannot answer embeddings"
                return _error(400, f"FakeModelServer: {problem}")
            return self._embeddings(body, reply.vectors)
        if reply.kind == "vectors":
            return _error(400, "FakeModelServer: vectors cannot answer a chat completion")
        return self._chat(body, reply)

    def _chat(self, body: dict[str, Any], reply: FakeReply) -> _Answer:
        refused = reply.kind == "refusal"
        text = reply.text or ""
        messages = body.get("messages") or []
        prompt = "".join(str(m.get("content") or "") for m in messages if isinstance(m, dict))
        prompt_tokens = _tokens(prompt) + 4 * len(messages)
        completion_tokens = _tokens(text)
        usage = {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": completion_tokens,
            "total_tokens": prompt_tokens + completion_tokens,
        }
        return _Answer(
            200,
            {
                "id": f"chatcmpl-fake-{self._served}",
                "object": "chat.completion",
                "created": int(time.time()),
                "model": str(body.get("model", "fake-model")),
                "choices": [
                    {
                        "index": 0,
                        "message": {
                            "role": "assistant",
                            "content": None if refused else text,
                            "refusal": text if refused else None,
                        },
                        "finish_reason": "stop",
                        "logprobs": None,
                    }
                ],
                "usage": usage if reply.usage else None,
            },
        )

    def _embeddings(
        self, body: dict[str, Any], vectors: tuple[tuple[float, ...], ...] | None
    ) -> _Answer:
        raw = body.get("input", [])
        texts = [raw] if isinstance(raw, str) else [str(item) for item in raw]
        dimensions = int(body.get("dimensions") or self.dimensions)
        rows = (
            [list(v) for v in vectors]
            if vectors
            else [fake_embedding(text, dimensions) for text in texts]
        )
        as_base64 = body.get("encoding_format") == "base64"
        data = [
            {
                "object": "embedding",
                "index": i,
                "embedding": _base64_floats(row) if as_base64 else row,
            }
            for i, row in enumerate(rows)
        ]
        tokens = sum(_tokens(text) for text in texts)
        return _Answer(
            200,
            {
                "object": "list",
                "data": data,
                "model": str(body.get("model", "fake-embedding")),
                "usage": {"prompt_tokens": tokens, "total_tokens": tokens},
            },
        )

    def _wait(self, seconds: float) -> bool:
        """Sleep for a delayed reply; False when the server is stopping meanwhile."""
        return not self._stopping.wait(seconds)


def _check_endpoint(endpoint: str) -> None:
    if endpoint not in _PATHS.values():
        raise InvalidArgument(f"endpoint={endpoint!r}: use 'chat' or 'embeddings'")


def _base64_floats(vector: Sequence[float]) -> str:
    return base64.b64encode(struct.pack(f"<{len(vector)}f", *vector)).decode("ascii")


class _HTTPServer(ThreadingHTTPServer):
    daemon_threads = False  # server_close() joins handler threads
    block_on_close = True

    def __init__(
        self, address: tuple[str, int], handler: type[_Handler], fake: FakeModelServer
    ) -> None:
        self.fake = fake
        super().__init__(address, handler)

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A client that timed out and hung up is expected here; anything else is logged.
        if not isinstance(sys.exc_info()[1], OSError):
            log.exception("FakeModelServer failed while serving %s", client_address)


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    timeout = 10  # a stalled client cannot hold the server's shutdown forever
    server: _HTTPServer

    def do_POST(self) -> None:
        endpoint = _PATHS.get(self.path.split("?", 1)[0].rstrip("/"))
        body = self._read_json()
        if endpoint is None:
            answer = _error(404, f"FakeModelServer serves {sorted(_PATHS)}, not {self.path}")
        elif body is None:
            answer = _error(400, "FakeModelServer: the request body is not a JSON object")
        else:
            try:
                answer = self.server.fake._answer(endpoint, body)
            except Exception as exc:  # a bug in the double: tell the client, not stderr
                log.exception("FakeModelServer failed on %s", self.path)
                answer = _error(400, f"FakeModelServer failed on this request: {exc!r}")
        if answer.delay and not self.server.fake._wait(answer.delay):
            self.close_connection = True
            return
        self._send(answer)

    def _read_json(self) -> dict[str, Any] | None:
        length = int(self.headers.get("content-length") or 0)
        try:
            value = json.loads(self.rfile.read(length) or b"null")
        except ValueError:
            return None
        return value if isinstance(value, dict) else None

    def _send(self, answer: _Answer) -> None:
        raw = isinstance(answer.body, str)
        payload = (
            answer.body.encode()
            if isinstance(answer.body, str)
            else json.dumps(answer.body).encode()
        )
        try:
            self.send_response(answer.status)
            self.send_header("content-type", "text/html" if raw else "application/json")
            self.send_header("content-length", str(len(payload)))
            self.send_header("connection", "close")
            for name, value in answer.headers:
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(payload)
        except OSError:  # the client gave up (timeout) before the answer came
            self.close_connection = True

    def log_message(self, format: str, *args: Any) -> None:
        return


__all__ = [
    "Endpoint",
    "FakeModelServer",
    "FakeReply",
    "Responder",
    "ScriptedReply",
    "as_reply",
    "fake_embedding",
]
