"""graphmem: a graph-backed, temporal knowledge store that gives AI agents memory they can trust.

Everything a user needs is importable from here::

    from graphmem import Memory, Claim
"""

from __future__ import annotations

import importlib
import logging
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # for type checkers; at run time each name is imported on first use
    from graphmem.async_memory import AsyncMemory
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
    from graphmem.lifecycle.check import CheckReport, Problem
    from graphmem.memory import Memory
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
    from graphmem.models.contextual import MiniLMEmbedder
    from graphmem.models.embed import (
        Embedder,
        HashingEmbedder,
        OpenAIEmbedder,
        SentenceTransformerEmbedder,
    )
    from graphmem.models.llm import ModelClient, RetryPolicy
    from graphmem.models.semantic import WordLlamaEmbedder
    from graphmem.models.tokens import TokenCounter
    from graphmem.read.checkpoint import Checkpoint
    from graphmem.read.request import Weights
    from graphmem.read.session import Context, Session
    from graphmem.results import (
        Connection,
        DistillationRun,
        Evidence,
        ForgetReport,
        GcReport,
        MaintenanceJob,
        MaintenanceReport,
        ModelComparison,
        ModelDifference,
        NamespaceMaintenance,
        Operation,
        Provenance,
        PurgeReport,
        ReextractReport,
        Refusal,
        Retention,
        Revision,
        ScoreParts,
        Todo,
        WriteResult,
    )
    from graphmem.write.decide_llm import ModelDecider


# Importing graphmem stays cheap (the CLI's --version, a script that only needs a model
# class): the openai client and the Neo4j driver load when something needs them.
_WHERE = {
    "Actor": "graphmem.model",
    "AsyncMemory": "graphmem.async_memory",
    "AuditEntry": "graphmem.model",
    "Authority": "graphmem.model",
    "Cardinality": "graphmem.model",
    "CheckReport": "graphmem.lifecycle.check",
    "Checkpoint": "graphmem.read.checkpoint",
    "Claim": "graphmem.model",
    "Connection": "graphmem.results",
    "Context": "graphmem.read.session",
    "DistillationRun": "graphmem.results",
    "Embedder": "graphmem.models.embed",
    "EmbeddingMismatch": "graphmem.errors",
    "Entity": "graphmem.model",
    "Episode": "graphmem.model",
    "Evidence": "graphmem.results",
    "Fact": "graphmem.model",
    "ForgetReport": "graphmem.results",
    "GcReport": "graphmem.results",
    "GraphmemError": "graphmem.errors",
    "HashingEmbedder": "graphmem.models.embed",
    "InvalidArgument": "graphmem.errors",
    "InvalidValidity": "graphmem.errors",
    "Kind": "graphmem.model",
    "LLMExtractor": "graphmem.extract.llm",
    "MaintenanceJob": "graphmem.results",
    "MaintenanceReport": "graphmem.results",
    "Memory": "graphmem.memory",
    "MiniLMEmbedder": "graphmem.models.contextual",
    "ModelCallFailed": "graphmem.errors",
    "ModelComparison": "graphmem.results",
    "ModelDifference": "graphmem.results",
    "ModelClient": "graphmem.models.llm",
    "ModelDecider": "graphmem.write.decide_llm",
    "ModelReplyInvalid": "graphmem.errors",
    "NaiveDatetime": "graphmem.errors",
    "NamespaceMaintenance": "graphmem.results",
    "NotSerialisable": "graphmem.errors",
    "OfflineExtractor": "graphmem.extract.offline",
    "OpenAIEmbedder": "graphmem.models.embed",
    "Operation": "graphmem.results",
    "OperationFailed": "graphmem.errors",
    "Predicate": "graphmem.model",
    "Problem": "graphmem.lifecycle.check",
    "Provenance": "graphmem.results",
    "PurgeReport": "graphmem.results",
    "PurgeUnavailable": "graphmem.errors",
    "Refusal": "graphmem.results",
    "RetryPolicy": "graphmem.models.llm",
    "Retention": "graphmem.results",
    "Revision": "graphmem.results",
    "ScoreParts": "graphmem.results",
    "Sensitivity": "graphmem.model",
    "SentenceTransformerEmbedder": "graphmem.models.embed",
    "Session": "graphmem.read.session",
    "SourceKind": "graphmem.model",
    "Status": "graphmem.model",
    "StoreCorrupt": "graphmem.errors",
    "StoreLocked": "graphmem.errors",
    "StoreUnavailable": "graphmem.errors",
    "Support": "graphmem.model",
    "SupportRole": "graphmem.model",
    "Todo": "graphmem.results",
    "TokenCounter": "graphmem.models.tokens",
    "Tombstone": "graphmem.model",
    "UnknownId": "graphmem.errors",
    "UnknownQuery": "graphmem.errors",
    "UsageError": "graphmem.errors",
    "Weights": "graphmem.read.request",
    "WordLlamaEmbedder": "graphmem.models.semantic",
    "WriteConflict": "graphmem.errors",
    "WriteResult": "graphmem.results",
    "ReextractReport": "graphmem.results",
}


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'graphmem' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


__version__ = "0.1.0"

# A library logs and lets the application choose handlers (``graphmem -v`` shows DEBUG).
logging.getLogger("graphmem").addHandler(logging.NullHandler())

__all__ = [
    "Actor",
    "AsyncMemory",
    "AuditEntry",
    "Authority",
    "Cardinality",
    "CheckReport",
    "Checkpoint",
    "Claim",
    "Connection",
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
    "MaintenanceJob",
    "MaintenanceReport",
    "Memory",
    "MiniLMEmbedder",
    "ModelCallFailed",
    "ModelClient",
    "ModelComparison",
    "ModelDecider",
    "ModelDifference",
    "ModelReplyInvalid",
    "NaiveDatetime",
    "NamespaceMaintenance",
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
    "ReextractReport",
    "Refusal",
    "Retention",
    "RetryPolicy",
    "Revision",
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
    "Todo",
    "TokenCounter",
    "Tombstone",
    "UnknownId",
    "UnknownQuery",
    "UsageError",
    "Weights",
    "WordLlamaEmbedder",
    "WriteConflict",
    "WriteResult",
    "__version__",
]
