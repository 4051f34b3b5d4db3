"""The secret gate's public face: :func:`redact` and :func:`contains_secret`.

Detection lives in :mod:`graphmem.trust.secrets`, in layers (provider formats, structure,
entropy, multilingual phrases, seed phrases and one-time codes); this module keeps
the names callers have always imported.
"""

from __future__ import annotations

from graphmem.trust.secrets import (
    KINDS,
    Redaction,
    contains_secret,
    credential_kind,
    redact,
    redact_values,
)

__all__ = ["KINDS", "Redaction", "contains_secret", "credential_kind", "redact", "redact_values"]
