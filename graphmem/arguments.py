"""Checks on what callers pass to the public API, so that a wrong type or unusable text is
a :class:`~graphmem.errors.InvalidArgument` naming the argument, never a TypeError from
deep inside. (Datetimes are checked by :func:`graphmem.temporal.utc`, namespaces by
:func:`graphmem.model.check_namespace`.)"""

from __future__ import annotations

from graphmem.errors import InvalidArgument


def text(value: object, name: str, *, max_chars: int | None = None) -> str:
    """``value`` as text that can be stored: a ``str`` that encodes as UTF-8, at most
    ``max_chars`` characters long when a limit is given."""
    if not isinstance(value, str):
        shown = repr(value)[:80]
        raise InvalidArgument(f"{name} must be text (str), not {type(value).__name__} {shown}")
    if max_chars is not None and len(value) > max_chars:
        raise InvalidArgument(
            f"{name} is {len(value):,} characters; one episode holds at most {max_chars:,}: "
            "split it (by section or page, each part an episode with the same source_ref)"
        )
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


def flag(value: object, name: str) -> bool:
    """True or False, nothing that merely looks like one (0, "yes", None)."""
    if not isinstance(value, bool):
        raise InvalidArgument(f"{name} must be True or False, not {value!r}")
    return value
