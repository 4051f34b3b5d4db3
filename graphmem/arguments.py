"""Checks on what callers pass to the public API, so that a wrong type or unusable text is
a :class:`~graphmem.errors.InvalidArgument` naming the argument, never a TypeError from
deep inside. (Datetimes are checked by :func:`graphmem.temporal.utc`, namespaces by
:func:`graphmem.model.check_namespace`.)"""

from __future__ import annotations

from graphmem.errors import InvalidArgument


def text(value: object, name: str) -> str:
    """``value`` as text that can be stored: a ``str`` that encodes as UTF-8."""
    if not isinstance(value, str):
        raise InvalidArgument(f"{name} must be text (str), not {type(value).__name__} {value!r}")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        # Lone surrogates: bytes that were not UTF-8, decoded with surrogateescape.
        raise InvalidArgument(
            f"{name} is not valid Unicode: {value[exc.start]!r} at character {exc.start} "
            "(bytes that were not UTF-8?); decode the input as UTF-8 first"
        ) from exc
    return value


def optional_text(value: object, name: str) -> str | None:
    return None if value is None else text(value, name)


def whole(value: object, name: str, *, minimum: int = 1) -> int:
    """A whole number of at least ``minimum`` (``True`` is not a number here)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidArgument(
            f"{name} must be a whole number, not {type(value).__name__} {value!r}"
        )
    if value < minimum:
        raise InvalidArgument(f"{name}={value} must be at least {minimum}")
    return value
