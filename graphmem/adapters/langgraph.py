"""A LangGraph long-term memory store on graphmem (extra: ``langgraph``).

>>> from graphmem.adapters.langgraph import GraphmemStore
>>> graph = builder.compile(store=GraphmemStore(mem))

How LangGraph's ``BaseStore`` maps onto graphmem:

- a namespace tuple such as ``("memories", "maya")`` is the graphmem namespace
  ``memories:maya`` (each label letters, digits and ``_ . @ -``);
- an item is an episode: ``put(ns, key, {"text": ...})`` remembers the text (``content``
  or ``memory`` are read too), with the key as its source reference, so its facts are
  extracted, gated and kept with history; putting a new value under a key forgets the
  old episode (and what only it supported) first; ``delete`` forgets it;
- ``get`` returns the episode's text with its provenance; ``search`` with a query is
  graphmem recall (facts and episodes as evidence, each saying it grants no permission),
  without a query the most recent episodes; one item a key (the best evidence of its
  episode), and ``filter`` keeps the items whose value has those fields (``{"source":
  "email"}``). A search reads exactly the namespace it is given — ``("memories",)`` is the
  namespace ``memories``, not a prefix of ``("memories", "maya")``: graphmem never reads
  across tenants — and ``list_namespaces`` is refused.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from graphmem.adapters import missing, recalled
from graphmem.errors import InvalidArgument, OperationFailed
from graphmem.model import Episode, SourceKind, check_namespace

try:
    from langgraph.store.base import (
        BaseStore,
        GetOp,
        Item,
        ListNamespacesOp,
        Op,
        PutOp,
        Result,
        SearchItem,
        SearchOp,
    )
except ImportError as exc:  # pragma: no cover - exercised without the extra
    raise OperationFailed(missing("langgraph", "LangGraph")) from exc

if TYPE_CHECKING:
    from graphmem.memory import Memory

TEXT_KEYS = ("text", "content", "memory")


def graphmem_namespace(namespace: tuple[str, ...]) -> str:
    """``("memories", "maya")`` -> ``"memories:maya"``; a label with ``:`` is refused,
    so two tuples never share a graphmem namespace."""
    if not namespace or any(not label or ":" in label for label in namespace):
        raise InvalidArgument(
            f"namespace={namespace!r}: give one or more non-empty labels without ':'"
        )
    return check_namespace(":".join(namespace))


def _text(value: Mapping[str, Any]) -> str:
    for key in TEXT_KEYS:
        if isinstance(value.get(key), str):
            return str(value[key])
    raise InvalidArgument(
        f"graphmem stores text: the value needs a string under one of {', '.join(TEXT_KEYS)}"
    )


class GraphmemStore(BaseStore):
    """``BaseStore`` over a :class:`~graphmem.Memory`; ``source`` is who stands behind
    what is put (``relayed`` by default: what a graph's nodes put is most often a model's
    account of the user; pass ``user`` where your code puts the user's own words), ``k`` the
    evidence a query search returns at most when LangGraph asks for more."""

    supports_ttl = False

    def __init__(
        self, memory: Memory, *, source: str | SourceKind = SourceKind.RELAYED, k: int = 20
    ) -> None:
        self.memory = memory
        self.source = source
        self.k = k

    # ---- BaseStore --------------------------------------------------------------

    def batch(self, ops: Iterable[Op]) -> list[Result]:
        return [self._one(op) for op in ops]

    async def abatch(self, ops: Iterable[Op]) -> list[Result]:
        return await asyncio.to_thread(self.batch, list(ops))

    def _one(self, op: Op) -> Result:
        if isinstance(op, GetOp):
            return self._get(op.namespace, op.key)
        if isinstance(op, PutOp):
            self._put(op.namespace, op.key, op.value)
            return None
        if isinstance(op, SearchOp):
            found = self._search(op.namespace_prefix, op.query, op.limit, op.offset)
            return [item for item in found if _matches(item.value, op.filter)]
        if isinstance(op, ListNamespacesOp):
            raise OperationFailed(
                "graphmem does not list namespaces: each is a tenant, read one at a time"
            )
        raise InvalidArgument(f"unknown store operation {type(op).__name__}")

    # ---- operations -------------------------------------------------------------

    def _episodes(self, ns: str, key: str) -> list[Episode]:
        ids = self.memory.store.episodes_of_source(ns, key)
        return [self.memory.episode(episode_id, ns) for episode_id in ids]

    def _get(self, namespace: tuple[str, ...], key: str) -> Item | None:
        episodes = self._episodes(graphmem_namespace(namespace), key)
        return _item(namespace, key, episodes[-1]) if episodes else None

    def _put(self, namespace: tuple[str, ...], key: str, value: Mapping[str, Any] | None) -> None:
        ns = graphmem_namespace(namespace)
        old = self._episodes(ns, key)
        if value is not None:
            text = _text(value)
            if [e.content for e in old] == [text]:
                return  # the same value again: nothing changed, nothing to re-derive
        for episode in old:
            self.memory.forget(ns, episode=episode.id)
        if value is not None:
            self.memory.remember(_text(value), ns, self.source, source_ref=key)

    def _search(
        self, namespace: tuple[str, ...], query: str | None, limit: int, offset: int
    ) -> list[SearchItem]:
        ns = graphmem_namespace(namespace)
        if query is None:
            ids = self.memory.store.ids(ns, "Episode")
            episodes = sorted(
                (self.memory.episode(i, ns) for i in ids), key=lambda e: e.recorded_at, reverse=True
            )
            return [
                _search_item(namespace, e.source_ref or e.id, _value(e), e, None)
                for e in episodes[offset : offset + limit]
            ]
        found = self.memory.recall(query, ns, k=self.k)
        items: dict[str, SearchItem] = {}  # one item a key: its episode's best evidence
        for evidence in recalled(ns, found).evidence:
            first = evidence.episodes[0].episode_id if evidence.episodes else evidence.episode_id
            episode = self.memory.episode(str(first), ns)
            value = {**evidence.model_dump(mode="json"), "source": episode.source.value}
            key = episode.source_ref or episode.id
            if key not in items:
                items[key] = _search_item(namespace, key, value, episode, evidence.score)
        return list(items.values())[offset : offset + limit]


def _matches(value: Mapping[str, Any], wanted: Mapping[str, Any] | None) -> bool:
    """LangGraph's filter as equality on the item's fields."""
    return all(value.get(field) == expected for field, expected in (wanted or {}).items())


def _value(episode: Episode) -> dict[str, Any]:
    return {
        "text": episode.content,
        "episode_id": episode.id,
        "source": episode.source.value,
        "authority": episode.authority.value,
        "occurred_at": episode.occurred_at.isoformat(),
    }


def _item(namespace: tuple[str, ...], key: str, episode: Episode) -> Item:
    return Item(
        value=_value(episode),
        key=key,
        namespace=namespace,
        created_at=episode.recorded_at,
        updated_at=episode.recorded_at,
    )


def _search_item(
    namespace: tuple[str, ...],
    key: str,
    value: dict[str, Any],
    episode: Episode,
    score: float | None,
) -> SearchItem:
    return SearchItem(
        namespace=namespace,
        key=key,
        value=value,
        created_at=episode.recorded_at,
        updated_at=episode.recorded_at,
        score=score,
    )
