"""The one place graphmem reads its environment, and only when asked
(``graphmem.factory`` builds what these settings name).

The same settings serve the API (``Memory()`` with nothing given), the CLI, the MCP
server and the notebooks; each CLI flag overrides its variable:

=================  ==============================================  =================
what               variables (first that is set wins)              CLI flag
=================  ==============================================  =================
store              ``NEO4J_URI`` (+ ``NEO4J_USER``/``NEO4J_PASSWORD``,  ``--neo4j``/``--path``
                   ``NEO4J_DATABASE``: the server's default if unset),
                   else ``GRAPHMEM_PATH``, else ``./.graphmem``;
                   both set is an error, not a guess;
                   ``GRAPHMEM_LOCK_WAIT``: seconds an embedded open
                   waits its turn behind another process (0)
model              ``GRAPHMEM_MODEL`` with ``OPENAI_BASE_URL`` and   ``--model``
                   ``OPENAI_API_KEY`` (the openai client's own);
                   unset: the offline extractor and rule decider;
                   ``GRAPHMEM_MODEL_TIMEOUT`` (seconds a request may
                   take, 60) and ``GRAPHMEM_MODEL_RETRIES`` (2);
                   ``GRAPHMEM_COMPARE_MODEL``: a second model the
                   monthly maintenance compares it with
embedder           ``GRAPHMEM_EMBEDDER``; unset: the store's own      ``--embedder``
                   (``semantic`` for a new store: offline, installed);
                   ``hashing`` (no model),
                   ``contextual`` (the ``contextual`` extra,
                   offline),
                   ``openai:<model>``, ``sentence-transformers:<path>``;
                   ``GRAPHMEM_CACHE``: where ``contextual`` keeps
                   the integer model it builds once per machine
                   (``$XDG_CACHE_HOME/graphmem``, ``~/.cache/graphmem``)
=================  ==============================================  =================

:func:`described` says what is in effect and where each value came from
(``graphmem config``); secrets are shown as set or not, never printed.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from graphmem.errors import InvalidArgument

_N = TypeVar("_N", int, float)


def _env(name: str) -> str | None:
    return os.environ.get(name, "").strip() or None


def default_path() -> Path:
    """Where an embedded store lives when no path is given: ``GRAPHMEM_PATH`` or
    ``./.graphmem``."""
    configured = _env("GRAPHMEM_PATH")
    return Path(configured) if configured else Path.cwd() / ".graphmem"


def neo4j_uri() -> str | None:
    return _env("NEO4J_URI")


def neo4j_auth() -> tuple[str, str] | None:
    """``NEO4J_USER``/``NEO4J_PASSWORD``; a password alone is for the user ``neo4j``
    (the server's default), never silently dropped."""
    user = _env("NEO4J_USER")
    password = os.environ.get("NEO4J_PASSWORD", "")
    if password and not user:
        user = "neo4j"
    return (user, password) if user else None


def neo4j_database() -> str | None:
    """``NEO4J_DATABASE``: the database on the server (its default database when unset)."""
    return _env("NEO4J_DATABASE")


def chosen_neo4j() -> str | None:
    """The Neo4j URI that ``Memory()`` and the CLI use when not told otherwise: ``NEO4J_URI``,
    unless ``GRAPHMEM_PATH`` is set too — then nobody can tell which was meant."""
    uri = neo4j_uri()
    if uri and _env("GRAPHMEM_PATH"):
        raise InvalidArgument(
            "both NEO4J_URI and GRAPHMEM_PATH are set, so the store is ambiguous: unset one, "
            "or choose explicitly (Memory(path) / Memory.neo4j(uri); --path / --neo4j)"
        )
    return uri


def tombstone_key() -> bytes | None:
    """An operator-chosen key for tombstone digests (``GRAPHMEM_TOMBSTONE_KEY``), for stores
    that must recognise each other's tombstones; None: each store makes its own random key."""
    value = os.environ.get("GRAPHMEM_TOMBSTONE_KEY", "")
    return value.encode() if value else None


# ---- model and embedder -------------------------------------------------------


def model_name(override: str | None = None) -> str | None:
    return override or _env("GRAPHMEM_MODEL")


def compare_model_name() -> str | None:
    """``GRAPHMEM_COMPARE_MODEL``: a second model at the same endpoint, whose reading the
    monthly maintenance compares with the configured one's (Memory.compare_models)."""
    return _env("GRAPHMEM_COMPARE_MODEL")


# Seconds one model request may take, and how often a failed one is tried again: the
# longest wait for one call is about timeout × (retries + 1) plus the pauses between.
MODEL_TIMEOUT = 60.0
MODEL_RETRIES = 2


def model_timeout() -> float:
    return _number("GRAPHMEM_MODEL_TIMEOUT", MODEL_TIMEOUT, float)


def model_retries() -> int:
    return _number("GRAPHMEM_MODEL_RETRIES", MODEL_RETRIES, int)


def lock_wait() -> float:
    """Seconds an embedded store's open waits for another process to close the folder
    (``GRAPHMEM_LOCK_WAIT``; 0, the default: fail at once with ``StoreLocked``)."""
    wait = _number("GRAPHMEM_LOCK_WAIT", 0.0, float)
    if not wait >= 0:  # NaN too
        raise InvalidArgument(f"GRAPHMEM_LOCK_WAIT={wait!r} must be 0 or more seconds")
    return wait


def _number(name: str, default: _N, kind: Callable[[str], _N]) -> _N:
    value = _env(name)
    if value is None:
        return default
    try:
        return kind(value)
    except ValueError:
        raise InvalidArgument(
            f"{name}={value!r} is not a {kind.__name__}; unset it for {default}"
        ) from None


def cache_folder() -> Path:
    """Where graphmem keeps what it builds once per machine (the ``contextual`` embedder's
    integer model): ``GRAPHMEM_CACHE``, else ``$XDG_CACHE_HOME/graphmem``, else
    ``~/.cache/graphmem``."""
    configured = _env("GRAPHMEM_CACHE")
    if configured:
        return Path(configured)
    xdg = _env("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "graphmem"


def embedder_spec(override: str | None = None) -> str:
    return embedder_configured(override) or "semantic"


def embedder_configured(override: str | None = None) -> str | None:
    """The embedder asked for (``--embedder`` or ``GRAPHMEM_EMBEDDER``), or None: then a
    store that records the embedder its vectors were built by is read with that one."""
    return override or _env("GRAPHMEM_EMBEDDER")


OPENAI_DEFAULT_URL = "https://api.openai.com/v1"


def base_url() -> str | None:
    return _env("OPENAI_BASE_URL")


def api_key(for_what: str) -> str:
    key = os.environ.get("OPENAI_API_KEY", "")
    if not key:
        raise InvalidArgument(
            f"{for_what} needs OPENAI_API_KEY; a local server (Ollama, vLLM) accepts any "
            "string, e.g. OPENAI_API_KEY=unused"
        )
    return key


# ---- what is in effect ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Setting:
    name: str
    value: str
    source: str


def described(
    *,
    path: str | None = None,
    neo4j: str | None = None,
    model: str | None = None,
    embedder_override: str | None = None,
) -> list[Setting]:
    """Each setting in effect, with where it came from; no secret values."""
    out: list[Setting] = []
    if neo4j:
        out.append(Setting("store", f"neo4j {neo4j}", "--neo4j"))
    elif path:
        out.append(Setting("store", f"embedded {path}", "--path"))
    elif neo4j_uri() and _env("GRAPHMEM_PATH"):
        out.append(Setting("store", "ambiguous: NEO4J_URI and GRAPHMEM_PATH", "environment"))
    elif uri := neo4j_uri():
        out.append(Setting("store", f"neo4j {uri}", "NEO4J_URI"))
        auth = neo4j_auth()
        user = f"user {auth[0]}, password set" if auth else "no authentication"
        out.append(Setting("neo4j auth", user, "NEO4J_USER / NEO4J_PASSWORD"))
        database = neo4j_database()
        source = "NEO4J_DATABASE" if database else "default"
        out.append(Setting("neo4j database", database or "the server's default", source))
    else:
        source = "GRAPHMEM_PATH" if _env("GRAPHMEM_PATH") else "default"
        out.append(Setting("store", f"embedded {default_path()}", source))
    chosen = model_name(model)
    if chosen:
        out.append(
            Setting("model", chosen, "--model" if model else "GRAPHMEM_MODEL"),
        )
        out.append(Setting("model endpoint", base_url() or OPENAI_DEFAULT_URL, "OPENAI_BASE_URL"))
        key = "set" if os.environ.get("OPENAI_API_KEY") else "NOT SET"
        out.append(Setting("model key", key, "OPENAI_API_KEY"))
        for name, default in (
            ("GRAPHMEM_MODEL_TIMEOUT", f"{MODEL_TIMEOUT:g} s"),
            ("GRAPHMEM_MODEL_RETRIES", str(MODEL_RETRIES)),
        ):
            setting = name.removeprefix("GRAPHMEM_").lower().replace("_", " ")
            given = _env(name)
            out.append(Setting(setting, given or default, name if given else "default"))
        out.append(Setting("extractor", "model (LLMExtractor and ModelDecider)", "model"))
    else:
        out.append(Setting("extractor", "offline rules (no model)", "GRAPHMEM_MODEL unset"))
    if compare_model_name() is not None:
        out.append(Setting("model compared", str(compare_model_name()), "GRAPHMEM_COMPARE_MODEL"))
    spec = embedder_configured(embedder_override)
    source = (
        "--embedder"
        if embedder_override
        else "GRAPHMEM_EMBEDDER"
        if _env("GRAPHMEM_EMBEDDER")
        else "default"
    )
    shown = spec or "the one the store records (semantic for a new store)"
    out.append(Setting("embedder", shown, source))
    if spec == "contextual":
        cache_source = "GRAPHMEM_CACHE" if _env("GRAPHMEM_CACHE") else "default"
        out.append(Setting("model cache", str(cache_folder()), cache_source))
    if namespace := default_namespace():
        out.append(Setting("mcp namespace", namespace, "GRAPHMEM_NAMESPACE"))
    return out


def default_namespace() -> str | None:
    """The namespace a long-running server (``graphmem mcp``) serves when not told:
    ``GRAPHMEM_NAMESPACE``."""
    return _env("GRAPHMEM_NAMESPACE")
