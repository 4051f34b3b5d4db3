"""Load the Cypher files shipped with graphmem, by name.

The files live in the repository's top-level ``cypher/`` folder, which the wheel
ships as ``graphmem/cypher``; a source checkout reads the folder itself. A name
is the file's path below that folder without ``.cypher``, e.g.
``"write/facts_create"``. Only the Neo4j store loads Cypher.
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources
from pathlib import Path

from graphmem.errors import InvalidArgument, UnknownQuery

_IDENTIFIER = re.compile(r"^[A-Za-z][A-Za-z0-9_]{0,63}$")


@cache
def root() -> Path:
    shipped = Path(str(resources.files("graphmem"))) / "cypher"
    if shipped.is_dir():
        return shipped
    return Path(__file__).resolve().parents[2] / "cypher"


@cache
def names() -> tuple[str, ...]:
    base = root()
    return tuple(
        sorted(p.relative_to(base).with_suffix("").as_posix() for p in base.rglob("*.cypher"))
    )


@cache
def load(name: str) -> str:
    """The text of ``cypher/<name>.cypher``."""
    if name not in names():
        close = [
            n for n in names() if n.split("/")[-1] == name.rsplit("/", maxsplit=1)[-1]
        ] or list(names())
        raise UnknownQuery(f"no query named {name!r}; available: {', '.join(close)}")
    return (root() / f"{name}.cypher").read_text(encoding="utf-8")


_OPTIONS = re.compile(r"^CYPHER\b[^\n]*\n", re.MULTILINE)


def prefixed(name: str, keyword: str) -> str:
    """The query with ``keyword`` (EXPLAIN or PROFILE) in front of its first clause: after
    the ``CYPHER`` options line a query may start with, which must come first."""
    text = load(name)
    options = _OPTIONS.search(text)
    if options is None:
        return f"{keyword} {text}"
    return f"{text[: options.end()]}{keyword} {text[options.end() :]}"


def header(name: str) -> str:
    """The leading comment block of a query: its purpose and parameters."""
    lines = []
    for line in load(name).splitlines():
        if not line.startswith("//"):
            break
        lines.append(line[2:].strip())
    return "\n".join(lines)


_PARAMETER = re.compile(r"\$([A-Za-z_][A-Za-z0-9_]*)")


@cache
def parameters(name: str) -> frozenset[str]:
    """The parameters the query reads (``$name`` outside its comments)."""
    body = "\n".join(line.split("//", 1)[0] for line in load(name).splitlines())
    return frozenset(_PARAMETER.findall(body))


def identifier(value: str) -> str:
    """Check a name that must be interpolated (an index or label), never user text."""
    if not _IDENTIFIER.fullmatch(value):
        raise InvalidArgument(f"{value!r} is not a safe Cypher identifier")
    return value
