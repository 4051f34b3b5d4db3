"""Claims that *are* credentials: a predicate such as ``wifi_password`` or ``ssn``."""

from __future__ import annotations


def credential_kind(predicate: str, value: str = "") -> str | None:
    return None
