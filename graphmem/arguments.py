"""Checks on what callers pass to the public API, so that a wrong type or unusable text is
a :class:`~graphmem.errors.InvalidArgument` naming the argument, never a TypeError from
deep inside. (Datetimes are checked by :func:`graphmem.temporal.utc`, namespaces by
:func:`graphmem.model.check_namespace`.)"""

from __future__ import annotations

from graphmem.errors import InvalidArgument

# Limits the same on both stores, so that no input costs minutes or a server's memory (and
# no value outgrows what a Neo4j index key may hold).
MAX_QUERY_CHARS = 10_000
MAX_K = 1_000
MAX_NAME_CHARS = 200  # a name: a subject or entity, a speaker, a session, a task
MAX_ID_CHARS = 100  # a record id as graphmem returns it ("f_" and 32 hex digits)
MAX_REF_CHARS = 2_000  # a source reference: a URL, a path, a message id
MAX_NOTE_CHARS = 10_000
MAX_SHOWN = 60  # characters of a caller's value quoted back in an error message
EPISODE_HINT = "split it (by section or page, each part an episode with the same source_ref)"


def text(value: object, name: str, *, max_chars: int | None = None, hint: str = "") -> str:
    """``value`` as text that can be stored: a ``str`` that encodes as UTF-8, holds no NUL
    character, and is at most ``max_chars`` characters long when a limit is given."""
    if not isinstance(value, str):
        raise InvalidArgument(
            f"{name} must be text (str), not {type(value).__name__} {shown(value)}"
        )
    if max_chars is not None and len(value) > max_chars:
        raise InvalidArgument(
            f"{name} is {len(value):,} characters; at most {max_chars:,} are taken"
            + (f": {hint}" if hint else "")
        )
    if "\x00" in value:
        raise InvalidArgument(
            f"{name} contains a NUL character (at {value.index(chr(0))}); remove it"
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


def optional_text(value: object, name: str, *, max_chars: int | None = None) -> str | None:
    return None if value is None else text(value, name, max_chars=max_chars)


def identifier(value: object, name: str) -> str:
    """A record id as graphmem returned it: text of at most :data:`MAX_ID_CHARS`."""
    return text(value, name, max_chars=MAX_ID_CHARS, hint="pass an id graphmem returned")


def optional_identifier(value: object, name: str) -> str | None:
    return None if value is None else identifier(value, name)


def shown(value: object) -> str:
    """``value`` as an error message quotes it: its repr, cut to :data:`MAX_SHOWN`."""
    text_ = repr(value)
    return text_ if len(text_) <= MAX_SHOWN else f"{text_[:MAX_SHOWN]}… ({len(text_):,} chars)"


def whole(value: object, name: str, *, minimum: int = 1, maximum: int | None = None) -> int:
    """A whole number of at least ``minimum`` and at most ``maximum`` (``True`` is not a
    number here)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidArgument(
            f"{name} must be a whole number, not {type(value).__name__} {shown(value)}"
        )
    if value < minimum:
        raise InvalidArgument(f"{name}={value} must be at least {minimum}")
    if maximum is not None and value > maximum:
        raise InvalidArgument(f"{name}={value} must be at most {maximum:,}")
    return value


def flag(value: object, name: str) -> bool:
    """True or False, nothing that merely looks like one (0, "yes", None)."""
    if not isinstance(value, bool):
        raise InvalidArgument(f"{name} must be True or False, not {shown(value)}")
    return value
