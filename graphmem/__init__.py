"""graphmem: a graph-backed, temporal knowledge store that gives AI agents memory they can trust.

Everything a user needs is importable from here::

    from graphmem import Memory, Claim
"""

from graphmem.check import CheckReport, Problem
from graphmem.checkpoint import Checkpoint
from graphmem.decide_llm import ModelDecider
from graphmem.embed import Embedder, HashingEmbedder, OpenAIEmbedder, SentenceTransformerEmbedder
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
    PurgeUnavailable,
    StoreCorrupt,
    StoreLocked,
    StoreUnavailable,
    UnknownId,
    UnknownQuery,
    UsageError,
    WriteConflict,
)
from graphmem.extract.llm import LLMExtractor
from graphmem.extract.offline import OfflineExtractor
from graphmem.llm import ModelClient, RetryPolicy
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
from graphmem.recall import Weights
from graphmem.results import (
    DistillationRun,
    Evidence,
    ForgetReport,
    GcReport,
    Operation,
    Provenance,
    PurgeReport,
    Refusal,
    ScoreParts,
    WriteResult,
)
from graphmem.session import Context, Session
from graphmem.tokens import TokenCounter

__version__ = "0.1.0"

__all__ = [
    "Actor",
    "AsyncMemory",
    "AuditEntry",
    "Authority",
    "Cardinality",
    "CheckReport",
    "Checkpoint",
    "Claim",
    "Context",
    "DistillationRun",
    "Embedder",
    "EmbeddingMismatch",
    "Entity",
    "Episode",
    "Evidence",
    "Fact",
    "ForgetReport",
    "GcReport",
    "GraphmemError",
    "HashingEmbedder",
    "InvalidArgument",
    "InvalidValidity",
    "Kind",
    "LLMExtractor",
    "Memory",
    "ModelCallFailed",
    "ModelClient",
    "ModelDecider",
    "ModelReplyInvalid",
    "NaiveDatetime",
    "NotSerialisable",
    "OfflineExtractor",
    "OpenAIEmbedder",
    "Operation",
    "OperationFailed",
    "Predicate",
    "Problem",
    "Provenance",
    "PurgeReport",
    "PurgeUnavailable",
    "Refusal",
    "RetryPolicy",
    "ScoreParts",
    "Sensitivity",
    "SentenceTransformerEmbedder",
    "Session",
    "SourceKind",
    "Status",
    "StoreCorrupt",
    "StoreLocked",
    "StoreUnavailable",
    "Support",
    "SupportRole",
    "TokenCounter",
    "Tombstone",
    "UnknownId",
    "UnknownQuery",
    "UsageError",
    "Weights",
    "WriteConflict",
    "WriteResult",
    "__version__",
]
