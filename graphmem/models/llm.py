"""The one boundary to OpenAI-compatible model endpoints.

Everything graphmem asks a model goes through :class:`ModelClient`. It wraps an
``openai.OpenAI`` client that the caller made (graphmem never opens a network
client on its own; :meth:`ModelClient.from_settings` makes one when asked), and
it owns three things:

* **Prompts** — ``graphmem/models/prompts/<name>.md``, a system part and a user part
  separated by a line ``---user---``. ``{identifier}`` is a placeholder; every
  placeholder must be supplied and nothing else, checked before any call.
* **Retries** — the openai client's own retries are switched off
  (``max_retries=0``) so that the policy is graphmem's, bounded and tested:
  :class:`RetryPolicy` retries 429, 500, 502, 503, 504, timeouts and connection
  errors with exponential backoff and jitter, honouring ``Retry-After`` up to a cap.
* **Errors** — openai exceptions are translated here and only here, chained with
  ``raise ... from exc``: :class:`~graphmem.errors.ModelCallFailed` when the
  endpoint keeps failing, :class:`~graphmem.errors.ModelReplyInvalid` when it
  answers with a refusal or with JSON that does not fit the response model.
"""

from __future__ import annotations

import functools
import json
import logging
import math
import random
import re
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from types import TracebackType
from typing import Generic, Self, TypeVar

import openai
from openai.types import CreateEmbeddingResponse
from openai.types.chat import ChatCompletion, ChatCompletionMessageParam
from openai.types.shared_params import ResponseFormatJSONSchema
from pydantic import BaseModel, ValidationError

from graphmem.errors import InvalidArgument, ModelCallFailed, ModelReplyInvalid

log = logging.getLogger("graphmem.models.llm")

M = TypeVar("M", bound=BaseModel)
T = TypeVar("T")

RETRYABLE_STATUS = frozenset({429, 500, 502, 503, 504})
USER_SEPARATOR = "---user---"
_PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
_PROMPT_NAME = re.compile(r"^[a-z][a-z0-9_]{0,63}$")
_SHOWN = 200  # characters of a bad reply quoted in an error


# -- prompts ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PromptTemplate:
    """A prompt file: a system and a user part with ``{placeholders}``."""

    name: str
    system: str
    user: str
    placeholders: frozenset[str]

    @classmethod
    def parse(cls, name: str, text: str) -> PromptTemplate:
        lines = text.splitlines()
        marks = [i for i, line in enumerate(lines) if line.strip() == USER_SEPARATOR]
        if len(marks) != 1:
            raise InvalidArgument(
                f"prompt {name!r} must have exactly one line {USER_SEPARATOR!r} between its "
                f"system and user parts; found {len(marks)}"
            )
        system = "\n".join(lines[: marks[0]]).strip()
        user = "\n".join(lines[marks[0] + 1 :]).strip()
        names = frozenset(_PLACEHOLDER.findall(system) + _PLACEHOLDER.findall(user))
        return cls(name, system, user, names)

    def check(self, variables: Mapping[str, str]) -> None:
        """Every placeholder supplied, nothing extra, all values strings."""
        missing = sorted(self.placeholders - variables.keys())
        extra = sorted(variables.keys() - self.placeholders)
        if missing or extra:
            raise InvalidArgument(
                f"prompt {self.name!r} takes {sorted(self.placeholders)}; "
                f"missing {missing}, not in the template {extra}"
            )
        wrong = sorted(k for k, v in variables.items() if not isinstance(v, str))
        if wrong:
            raise InvalidArgument(f"prompt {self.name!r}: values for {wrong} must be strings")

    def render(self, variables: Mapping[str, str]) -> list[ChatCompletionMessageParam]:
        self.check(variables)

        def fill(text: str) -> str:
            # One pass: a value that itself contains "{x}" is not expanded again.
            return _PLACEHOLDER.sub(lambda m: variables[m.group(1)], text)

        return [
            {"role": "system", "content": fill(self.system)},
            {"role": "user", "content": fill(self.user)},
        ]


def available_prompts() -> list[str]:
    folder = resources.files("graphmem.models").joinpath("prompts")
    return sorted(p.name.removesuffix(".md") for p in folder.iterdir() if p.name.endswith(".md"))


@functools.cache
def load_prompt(name: str) -> PromptTemplate:
    """The prompt ``graphmem/models/prompts/<name>.md`` (package data), parsed once."""
    if not isinstance(name, str) or not _PROMPT_NAME.fullmatch(name):
        raise InvalidArgument(f"prompt name={name!r} is not usable: use snake_case, e.g. 'extract'")
    path = resources.files("graphmem.models").joinpath("prompts", f"{name}.md")
    if not path.is_file():
        raise InvalidArgument(f"no prompt named {name!r}; available: {available_prompts()}")
    return PromptTemplate.parse(name, path.read_text(encoding="utf-8"))


# -- retries ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RetryPolicy:
    """How often and how patiently a failing call is repeated.

    ``attempts`` counts the first call. Before retry *n* (1-based) the client waits
    ``min(max_delay, base_delay * 2**(n-1))`` reduced by up to ``jitter`` (a
    fraction), or the server's ``Retry-After`` capped at ``max_retry_after``.
    """

    attempts: int = 3
    base_delay: float = 0.5
    max_delay: float = 8.0
    max_retry_after: float = 20.0
    jitter: float = 0.25

    def __post_init__(self) -> None:
        if self.attempts < 1:
            raise InvalidArgument(f"attempts={self.attempts}: at least 1 (the first call)")
        delays = {
            "base_delay": self.base_delay,
            "max_delay": self.max_delay,
            "max_retry_after": self.max_retry_after,
        }
        negative = sorted(name for name, value in delays.items() if value < 0)
        if negative:
            raise InvalidArgument(f"RetryPolicy: {negative} must not be negative")
        if not 0.0 <= self.jitter <= 1.0:
            raise InvalidArgument(f"jitter={self.jitter}: use a fraction between 0 and 1")

    def wait(self, retry: int, retry_after: float | None, rng: random.Random) -> float:
        """Seconds to wait before retry number ``retry`` (1 for the first retry)."""
        if retry_after is not None:
            return min(max(retry_after, 0.0), self.max_retry_after)
        delay = min(self.max_delay, self.base_delay * 2.0 ** (retry - 1))
        return delay * (1.0 - self.jitter * rng.random())


def retry_after(exc: openai.APIStatusError) -> float | None:
    """The server's ``Retry-After`` (or ``retry-after-ms``) in seconds, if it sent one."""
    headers = exc.response.headers
    for name, scale in (("retry-after-ms", 1000.0), ("retry-after", 1.0)):
        value = headers.get(name)
        if value is None:
            continue
        try:
            seconds = float(value) / scale
        except ValueError:
            continue  # an HTTP date: fall back to our own backoff
        if not math.isnan(seconds):
            return seconds
    return None


def _retryable(exc: openai.OpenAIError) -> bool:
    if isinstance(exc, openai.APIStatusError):
        return exc.status_code in RETRYABLE_STATUS
    return isinstance(exc, openai.APIConnectionError)  # timeouts included


# -- the boundary -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Reply(Generic[T]):
    """A parsed answer and what it cost: requests sent (failed ones included) and tokens."""

    value: T
    calls: int
    prompt_tokens: int
    completion_tokens: int


@dataclass(slots=True)
class _Tally:
    calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0

    def reply(self, value: T) -> Reply[T]:
        return Reply(value, self.calls, self.prompt_tokens, self.completion_tokens)


@dataclass(slots=True)
class _Boundary:
    """Translates whatever openai raises inside it, always chained."""

    endpoint: str
    model: str
    attempts: int = field(default=0)

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if isinstance(exc, openai.APIResponseValidationError):
            raise ModelReplyInvalid(
                f"model {self.model!r} at {self.endpoint}: the response does not have the "
                f"OpenAI shape ({exc.message})"
            ) from exc
        if isinstance(exc, openai.OpenAIError):
            raise ModelCallFailed(
                f"model {self.model!r} at {self.endpoint} failed after {self.attempts} "
                f"attempt{'s' if self.attempts != 1 else ''}: {_describe(exc)}"
            ) from exc


def _describe(exc: openai.OpenAIError) -> str:
    if isinstance(exc, openai.APIStatusError):
        return f"HTTP {exc.status_code}: {exc.message}"[:300]
    if isinstance(exc, openai.APITimeoutError):
        return "timed out"
    if isinstance(exc, openai.APIConnectionError):
        return f"connection error ({exc.__cause__ or exc.message})"
    return f"{type(exc).__name__}: {exc}"


class ModelClient:
    """An OpenAI-compatible chat model behind graphmem's retries and error tree.

    ``client`` is an ``openai.OpenAI`` (or a subclass such as ``AzureOpenAI``);
    its own retries are turned off in a copy, so :class:`RetryPolicy` is the only
    one. ``sleep`` and ``seed`` exist for tests that check the backoff.
    """

    def __init__(
        self,
        client: openai.OpenAI,
        model: str,
        *,
        retry: RetryPolicy | None = None,
        sleep: Callable[[float], None] = time.sleep,
        seed: int | None = None,
    ) -> None:
        if not isinstance(client, openai.OpenAI):
            raise InvalidArgument(
                f"client={client!r} is not an openai.OpenAI client; pass one, or use "
                "ModelClient.from_settings(base_url, api_key, model)"
            )
        if not isinstance(model, str) or not model.strip():
            raise InvalidArgument(f"model={model!r}: name the model, e.g. 'gpt-4o-mini'")
        self._client = client.with_options(max_retries=0)
        self.model = model
        self.retry = retry or RetryPolicy()
        self._sleep = sleep
        self._rng = random.Random(seed)
        self._owned: openai.OpenAI | None = None

    @classmethod
    def from_settings(
        cls,
        base_url: str,
        api_key: str,
        model: str,
        *,
        timeout: float = 60.0,
        max_retries: int = 2,
    ) -> ModelClient:
        """Make the network client explicitly; close it with ``close()`` or ``with``."""
        if not api_key:
            raise InvalidArgument(
                "api_key is empty; endpoints that need none accept any string, e.g. 'unused'"
            )
        if timeout <= 0 or max_retries < 0:
            raise InvalidArgument(
                f"timeout={timeout} must be positive and max_retries={max_retries} not negative"
            )
        client = openai.OpenAI(base_url=base_url, api_key=api_key, timeout=timeout, max_retries=0)
        made = cls(client, model, retry=RetryPolicy(attempts=max_retries + 1))
        made._owned = client
        return made

    @property
    def endpoint(self) -> str:
        return str(self._client.base_url)

    def close(self) -> None:
        """Close the network client if :meth:`from_settings` made it; an injected one is yours."""
        if self._owned is not None:
            self._owned.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def structured(
        self, prompt_name: str, variables: Mapping[str, str], response_model: type[M]
    ) -> Reply[M]:
        """Render a prompt, ask for JSON fitting ``response_model`` and parse it.

        A reply that is not JSON at all is asked for once more (both calls count).
        """
        messages = load_prompt(prompt_name).render(variables)
        response_format: ResponseFormatJSONSchema = {
            "type": "json_schema",
            "json_schema": {
                "name": response_model.__name__[:64],
                "schema": response_model.model_json_schema(),
                "strict": False,
            },
        }

        def send() -> ChatCompletion:
            return self._client.chat.completions.create(
                model=self.model,
                messages=messages,
                response_format=response_format,
                temperature=0,
            )

        tally = _Tally()
        content = self._content(self._call(send, tally), tally, prompt_name)
        if not _is_json(content):
            content = self._content(self._call(send, tally), tally, prompt_name)
        return tally.reply(self._parse(content, response_model, prompt_name))

    def embed(
        self, texts: Sequence[str], *, model: str, dimensions: int | None = None
    ) -> Reply[list[list[float]]]:
        """Embedding vectors for ``texts`` from the embedding ``model``, in order.

        The same retries and error translation as :meth:`structured`.
        """

        def send() -> CreateEmbeddingResponse:
            return self._client.embeddings.create(
                model=model,
                input=list(texts),
                encoding_format="float",
                dimensions=openai.omit if dimensions is None else dimensions,
            )

        tally = _Tally()
        response = self._call(send, tally)
        if not isinstance(response, CreateEmbeddingResponse):
            raise ModelReplyInvalid(
                f"model {model!r} at {self.endpoint}: the reply is not a list of embeddings; "
                f"it began {str(response)[:_SHOWN]!r}"
            )
        tally.prompt_tokens += response.usage.prompt_tokens if response.usage else 0
        rows = sorted(response.data, key=lambda row: row.index)
        if len(rows) != len(texts):
            raise ModelReplyInvalid(
                f"model {model!r} at {self.endpoint} returned {len(rows)} "
                f"embeddings for {len(texts)} texts"
            )
        return tally.reply([list(row.embedding) for row in rows])

    def _call(self, send: Callable[[], T], tally: _Tally) -> T:
        """One request with retries; the boundary translates the last failure."""
        with _Boundary(self.endpoint, self.model) as boundary:
            while True:
                boundary.attempts += 1
                tally.calls += 1
                try:
                    return send()
                except ValueError as exc:  # a 200 whose body is not JSON (the SDK parses it)
                    raise ModelReplyInvalid(
                        f"model {self.model!r} at {self.endpoint}: the reply is not JSON ({exc})"
                    ) from exc
                except openai.APIError as exc:
                    if boundary.attempts >= self.retry.attempts or not _retryable(exc):
                        raise
                    after = retry_after(exc) if isinstance(exc, openai.APIStatusError) else None
                    pause = self.retry.wait(boundary.attempts, after, self._rng)
                    # Said where a person waits (stderr without a logging setup), not kept.
                    log.warning(
                        "model %r at %s: %s; trying again in %.1f s (attempt %d of %d)",
                        self.model,
                        self.endpoint,
                        # The status only: a server's message may quote the prompt.
                        f"HTTP {exc.status_code}"
                        if isinstance(exc, openai.APIStatusError)
                        else type(exc).__name__,
                        pause,
                        boundary.attempts + 1,
                        self.retry.attempts,
                    )
                    self._sleep(pause)

    def _content(self, completion: ChatCompletion, tally: _Tally, prompt_name: str) -> str:
        if not isinstance(completion, ChatCompletion):  # a body the SDK could not read as one
            raise ModelReplyInvalid(
                f"model {self.model!r} at {self.endpoint}, prompt {prompt_name!r}: the reply is "
                f"not a chat completion; it began {str(completion)[:_SHOWN]!r}"
            )
        usage = completion.usage
        tally.prompt_tokens += usage.prompt_tokens if usage else 0
        tally.completion_tokens += usage.completion_tokens if usage else 0
        where = f"model {self.model!r} at {self.endpoint}, prompt {prompt_name!r}"
        if not completion.choices:
            raise ModelReplyInvalid(f"{where}: the reply has no choices")
        choice = completion.choices[0]
        if choice.message.refusal:
            raise ModelReplyInvalid(
                f"{where}: the model refused: {choice.message.refusal[:_SHOWN]!r}"
            )
        if not choice.message.content:
            raise ModelReplyInvalid(
                f"{where}: the reply is empty (finish_reason={choice.finish_reason!r})"
            )
        return choice.message.content

    def _parse(self, content: str, response_model: type[M], prompt_name: str) -> M:
        try:
            return response_model.model_validate_json(content)
        except ValidationError as exc:
            problems = "; ".join(
                f"{'.'.join(map(str, e['loc'])) or 'reply'}: {e['msg']}" for e in exc.errors()[:3]
            )
            raise ModelReplyInvalid(
                f"model {self.model!r} at {self.endpoint}, prompt {prompt_name!r}: the reply "
                f"does not fit {response_model.__name__} ({problems}); "
                f"it began {content[:_SHOWN]!r}"
            ) from exc


def _is_json(content: str) -> bool:
    try:
        json.loads(content)
    except ValueError:
        return False
    return True


__all__ = [
    "RETRYABLE_STATUS",
    "ModelClient",
    "PromptTemplate",
    "Reply",
    "RetryPolicy",
    "available_prompts",
    "load_prompt",
    "retry_after",
]
