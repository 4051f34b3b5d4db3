"""What the settings name, built: the store, the model client and the embedder.

``graphmem.config`` reads the settings; this module turns them into objects, loading
the Neo4j driver, openai and the optional embedders only when one is asked for.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from graphmem import config
from graphmem.errors import InvalidArgument

if TYPE_CHECKING:
    from neo4j.api import BookmarkManager

    from graphmem.models.embed import Embedder
    from graphmem.models.llm import ModelClient
    from graphmem.store.base import GraphStore
    from graphmem.write.remember import Decider, Extractor


def open_store(path: str | Path | None = None, neo4j: str | None = None) -> GraphStore:
    """The store these settings name: ``neo4j``, else ``path``, else the environment."""
    uri = neo4j or (None if path is not None else config.chosen_neo4j())
    if uri:
        return neo4j_store(uri, auth=config.neo4j_auth(), database=config.neo4j_database())
    from graphmem.store.embedded import EmbeddedStore  # noqa: PLC0415

    return EmbeddedStore(Path(path) if path is not None else config.default_path())


def neo4j_store(
    uri: str,
    *,
    auth: tuple[str, str] | None = None,
    database: str | None = None,
    bookmarks: BookmarkManager | None = None,
) -> GraphStore:
    """A Neo4j store; the driver (a third of a second to import) loads only here."""
    from graphmem.store.neo4j import Neo4jStore  # noqa: PLC0415 - the driver loads on use

    return Neo4jStore(uri, auth=auth, database=database, bookmarks=bookmarks)


def extractor_for(client: ModelClient) -> Extractor:
    """The extractor that reads with ``client``'s model."""
    from graphmem.extract.llm import LLMExtractor  # noqa: PLC0415 - openai loads on use

    return LLMExtractor(client)


def decider_for(client: ModelClient) -> Decider:
    """The decider that asks ``client``'s model about conflicts."""
    from graphmem.write.decide_llm import ModelDecider  # noqa: PLC0415 - openai loads on use

    return ModelDecider(client)


def model_client(override: str | None = None) -> ModelClient | None:
    """A client for ``GRAPHMEM_MODEL`` at ``OPENAI_BASE_URL`` (the openai default when
    unset), or None when no model is configured."""
    model = config.model_name(override)
    if model is None:
        return None
    from graphmem.models.llm import ModelClient  # noqa: PLC0415 - openai loads only when used

    return ModelClient.from_settings(
        config.base_url() or config.OPENAI_DEFAULT_URL,
        config.api_key(f"GRAPHMEM_MODEL={model}"),
        model,
        timeout=config.model_timeout(),
        max_retries=config.model_retries(),
    )


@contextmanager
def model_extractor(name: str) -> Iterator[Extractor]:
    """An extractor reading with the model ``name`` at the configured endpoint; its client
    is closed on exit (Memory.compare_models)."""
    client = model_client(name)
    if client is None:  # pragma: no cover - a name is given, so a client is made
        raise InvalidArgument(f"no client for model {name!r}")
    with client:
        yield extractor_for(client)


def recorded_embedder(recorded: dict[str, Any] | None) -> Embedder:
    """The embedder a store's vectors were built by, when nothing is configured: a store
    built with ``hashing`` opens with it, not with the ``semantic`` default it would refuse.
    Nothing recorded, a re-embed left unfinished or a name graphmem cannot build: the
    default (``ensure_vectors`` then says what does not match)."""
    if not recorded or recorded.get("pending"):
        return embedder()
    name, dimensions = str(recorded["name"]), int(recorded["dimensions"])
    from graphmem.models import embed  # noqa: PLC0415 - openai loads only when used

    if name == embed.HashingEmbedder.name:
        return embed.HashingEmbedder(dimensions)
    named = {_SEMANTIC: "semantic", _CONTEXTUAL: "contextual"}.get(name)
    if named is not None:
        return embedder(named)
    if name.startswith(("openai:", "sentence-transformers:")):
        return embedder(name)
    return embedder()


# The names the offline embedders record (models/semantic.py, models/contextual.py),
# here so that following a store's record imports neither model until it is needed.
_SEMANTIC = "semantic:wordllama-l2-supercat-256"
_CONTEXTUAL = "contextual:all-minilm-l6-v2-q7"


def embedder(override: str | None = None) -> Embedder:
    """The embedder ``GRAPHMEM_EMBEDDER`` (or ``override``) names."""
    from graphmem.models import embed  # noqa: PLC0415 - openai loads only when used

    spec = config.embedder_spec(override)
    kind, _, arg = spec.partition(":")
    if kind == "hashing" and not arg:
        return embed.HashingEmbedder()
    if kind == "semantic" and not arg:
        from graphmem.models.semantic import WordLlamaEmbedder  # noqa: PLC0415 - loaded on use

        return WordLlamaEmbedder()
    if kind == "contextual" and not arg:
        from graphmem.models.contextual import MiniLMEmbedder  # noqa: PLC0415 - loaded on use

        return MiniLMEmbedder()
    if kind == "openai" and arg:
        import openai  # noqa: PLC0415

        client = openai.OpenAI(
            base_url=config.base_url(), api_key=config.api_key(f"embedder {spec}")
        )
        return embed.OpenAIEmbedder(client, arg)
    if kind == "sentence-transformers" and arg:
        return embed.SentenceTransformerEmbedder(arg)
    raise InvalidArgument(
        f"embedder {spec!r} is not known: use hashing, semantic, contextual, openai:<model> "
        "or sentence-transformers:<folder or model name>"
    )
