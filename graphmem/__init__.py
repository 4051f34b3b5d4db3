"""graphmem: a graph-backed, temporal knowledge store that gives AI agents memory they can trust.

Everything a user needs is importable from here::

    from graphmem import Memory, Claim
"""

from graphmem.errors import (
    EmbeddingMismatch,
    GraphmemError,
    InvalidArgument,
    InvalidValidity,
    ModelCallFailed,
    ModelReplyInvalid,
    NaiveDatetime,
    NotSerialisable,
    OperationFailed,
    StoreCorrupt,
    StoreLocked,
    StoreUnavailable,
    UnknownId,
    UnknownQuery,
    UsageError,
)
from graphmem.memory import AsyncMemory, Memory
from graphmem.model import (
    Actor,
    AuditEntry,
    Authority,
    Cardinality,
    Claim,
    Entity,
    Episode,
    Fact,
    Kind,
    Predicate,
    Sensitivity,
    SourceKind,
    Status,
    Support,
    SupportRole,
    Tombstone,
)
from graphmem.results import Operation, Refusal, WriteResult

__version__ = "0.1.0"

__all__ = [
    "Actor",
    "AsyncMemory",
    "AuditEntry",
    "Authority",
    "Cardinality",
    "Claim",
    "EmbeddingMismatch",
    "Entity",
    "Episode",
    "Fact",
    "GraphmemError",
    "InvalidArgument",
    "InvalidValidity",
    "Kind",
    "Memory",
    "ModelCallFailed",
    "ModelReplyInvalid",
    "NaiveDatetime",
    "NotSerialisable",
    "Operation",
    "OperationFailed",
    "Predicate",
    "Refusal",
    "Sensitivity",
    "SourceKind",
    "Status",
    "StoreCorrupt",
    "StoreLocked",
    "StoreUnavailable",
    "Support",
    "SupportRole",
    "Tombstone",
    "UnknownId",
    "UnknownQuery",
    "UsageError",
    "WriteResult",
    "__version__",
]
