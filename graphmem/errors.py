"""The one error tree of graphmem.

Every exception graphmem raises on purpose derives from :class:`GraphmemError`::

    GraphmemError
    ├── UsageError                 a programmer mistake: fix the call
    │   ├── InvalidArgument        a value that cannot be used (names it and the alternatives)
    │   │   ├── NaiveDatetime      a datetime without a timezone
    │   │   ├── InvalidValidity    valid_until not after valid_from
    │   │   └── NotSerialisable    an object value that is not JSON
    │   ├── UnknownId              no fact, episode or run with that id in this namespace
    │   ├── UnknownQuery           no Cypher file with that name
    │   └── EmbeddingMismatch      the index was built with another embedder or dimension
    └── OperationFailed            a run-time failure: retrying or reconfiguring may help
        ├── StoreUnavailable       the database cannot be reached
        ├── StoreLocked            another process holds the embedded store
        ├── StoreCorrupt           the embedded store's files cannot be read back
        ├── PurgeUnavailable       the store cannot rewrite its files without deleted values
        ├── WriteConflict          other writers kept changing the same slot; retry later
        ├── ModelCallFailed        the model endpoint failed after retries
        └── ModelReplyInvalid      the model answered with something unusable

Backend exceptions are translated at one boundary each (the Neo4j driver in
``graphmem.store.neo4j``, the model client in ``graphmem.models.llm``) and always
chained with ``raise ... from exc``.
"""

from __future__ import annotations

# An error message quotes what the caller passed; a value of a megabyte must not become a
# message of a megabyte (in a log, a terminal, a model's context).
MAX_MESSAGE_CHARS = 1_000


class GraphmemError(Exception):
    """Root of every error graphmem raises on purpose."""

    def __init__(self, *args: object) -> None:
        if len(args) == 1 and isinstance(args[0], str) and len(args[0]) > MAX_MESSAGE_CHARS:
            message = args[0]
            cut = len(message) - 900
            args = (f"{message[:600]}… ({cut:,} characters cut) …{message[-300:]}",)
        super().__init__(*args)


class UsageError(GraphmemError):
    """The call was wrong; the same call will fail again."""


class InvalidArgument(UsageError, ValueError):
    """An argument has a value graphmem cannot use."""


class NaiveDatetime(InvalidArgument):
    """A datetime without timezone: graphmem stores UTC and refuses to guess."""


class InvalidValidity(InvalidArgument):
    """A validity window that ends before it starts."""


class NotSerialisable(InvalidArgument):
    """An object value that cannot be stored as JSON."""


class UnknownId(UsageError, LookupError):
    """No record with that id exists in the namespace."""


class UnknownQuery(UsageError, LookupError):
    """No Cypher file with that name ships with graphmem."""


class EmbeddingMismatch(UsageError):
    """The store's vectors were made by another embedder or have another dimension."""


class OperationFailed(GraphmemError):
    """Something outside the caller's control failed; nothing was written."""


class StoreUnavailable(OperationFailed):
    """The graph store cannot be reached."""


class StoreLocked(OperationFailed):
    """Another process has the embedded store open."""


class StoreCorrupt(OperationFailed):
    """The embedded store's files cannot be read back."""


class PurgeUnavailable(OperationFailed):
    """The store cannot rewrite its files without deleted values (a Neo4j server without
    graphmem's purge procedure); the message says what to do instead."""


class WriteConflict(OperationFailed):
    """A slot changed between reading and writing it; the write path decides again, and
    raises this only when other writers keep winning for too long."""


class ModelCallFailed(OperationFailed):
    """The model endpoint kept failing (after retries) or timed out."""


class ModelReplyInvalid(OperationFailed):
    """The model's reply could not be parsed or validated."""
