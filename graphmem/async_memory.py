"""``AsyncMemory``: the public API as coroutines, each running ``Memory``'s own method in a
worker thread, so the async and the sync paths are one code path."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable, Coroutine
from typing import Any, Concatenate, ParamSpec, TypeVar

from graphmem.memory import Memory
from graphmem.read.checkpoint import Checkpoint
from graphmem.store.base import GraphStore

P = ParamSpec("P")
R = TypeVar("R")
W = TypeVar("W", bound=Callable[..., Any])


def _in_thread(
    method: Callable[Concatenate[Memory, P], R],
) -> Callable[Concatenate[AsyncMemory, P], Coroutine[Any, Any, R]]:
    """``Memory.method`` as a coroutine method of AsyncMemory, with the same parameters
    (so a type checker sees ``await amem.remember(...)`` exactly as ``mem.remember``)."""

    async def run(self: AsyncMemory, /, *args: P.args, **kwargs: P.kwargs) -> R:
        return await asyncio.to_thread(method, self.sync, *args, **kwargs)

    return _named_like(run, method)


def _forwarded(
    method: Callable[Concatenate[Memory, P], R],
) -> Callable[Concatenate[AsyncMemory, P], R]:
    """``Memory.method`` called as it is: for what touches no store and needs no thread."""

    def run(self: AsyncMemory, /, *args: P.args, **kwargs: P.kwargs) -> R:
        return method(self.sync, *args, **kwargs)

    return _named_like(run, method)


def _named_like(wrapper: W, method: Callable[..., Any]) -> W:
    """The wrapper with the method's name and docstring (help() and IDEs show them)."""
    functools.update_wrapper(wrapper, method)
    return wrapper


class AsyncMemory:
    """``Memory`` with coroutine methods; the work runs in a worker thread."""

    def __init__(self, *args: Any, memory: Memory | None = None, **kwargs: Any) -> None:
        self.sync = memory or Memory(*args, **kwargs)

    @classmethod
    def neo4j(cls, uri: str, **kwargs: Any) -> AsyncMemory:
        return cls(memory=Memory.neo4j(uri, **kwargs))

    @property
    def store(self) -> GraphStore:
        return self.sync.store

    define_predicate = _forwarded(Memory.define_predicate)  # touches no store
    session = _forwarded(Memory.session)  # a Session's methods are synchronous

    remember = _in_thread(Memory.remember)
    confirm = _in_thread(Memory.confirm)
    reject = _in_thread(Memory.reject)
    revise = _in_thread(Memory.revise)
    todos = _in_thread(Memory.todos)
    close_todo = _in_thread(Memory.close_todo)
    cancel_todo = _in_thread(Memory.cancel_todo)
    forget = _in_thread(Memory.forget)
    expire = _in_thread(Memory.expire)
    source_removed = _in_thread(Memory.source_removed)
    distill = _in_thread(Memory.distill)
    rollback = _in_thread(Memory.rollback)
    reextract = _in_thread(Memory.reextract)
    feedback = _in_thread(Memory.feedback)
    gc = _in_thread(Memory.gc)
    maintain = _in_thread(Memory.maintain)
    retention = _in_thread(Memory.retention)
    set_retention = _in_thread(Memory.set_retention)
    export = _in_thread(Memory.export)
    import_ = _in_thread(Memory.import_)
    facts = _in_thread(Memory.facts)
    recall = _in_thread(Memory.recall)
    flush = _in_thread(Memory.flush)
    history = _in_thread(Memory.history)
    episode = _in_thread(Memory.episode)
    audit = _in_thread(Memory.audit)
    check = _in_thread(Memory.check)
    stats = _in_thread(Memory.stats)
    connections = _in_thread(Memory.connections)
    revoke_connection = _in_thread(Memory.revoke_connection)

    async def checkpoint(self, namespace: str, task: str, **state: Any) -> Checkpoint:
        # Spelled out: its **state would otherwise swallow the bound memory.
        return await asyncio.to_thread(self.sync.checkpoint, namespace, task, **state)

    checkpoints = _in_thread(Memory.checkpoints)
    resume = _in_thread(Memory.resume)
    purge = _in_thread(Memory.purge)
    close = _in_thread(Memory.close)

    async def __aenter__(self) -> AsyncMemory:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await asyncio.to_thread(self.sync.close)
