"""graphmem's constraints and indexes on a Neo4j database (``cypher/schema``): which a store
must still create when it opens, and creating them.

Each rule is one ``CREATE … IF NOT EXISTS`` (or, for a rule retired, ``DROP … IF EXISTS``)
statement: Cypher takes one schema command a statement. A store that opens on a database that
has every rule reads the list of indexes once (``cypher/admin/indexes``) instead of sending
the 37 statements again. On a fresh database the missing rules are created on several
sessions at once, each session taking whole labels: two sessions creating rules on one label
wait for each other's schema lock and can deadlock, rules on different labels do not.
Measured on a fresh server with two cores: 1.5-1.8 s one after another, 1.0 s on four
sessions (docs/benchmarks-log.md, twenty-second session).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import cache

from graphmem.store import cypher

# Sessions that create rules at once on a fresh database.
SESSIONS = 4

_STATEMENT = re.compile(r"^(CREATE|DROP)\b[^\n]*?\b(?:INDEX|CONSTRAINT)\s+(\w+)\s+IF\b", re.M)
_ON = re.compile(r"\bFOR\s*\(\w*:(\w+)\)|\bFOR\s*\(\)-\[\w*:(\w+)\]-")


@dataclass(frozen=True)
class Rule:
    """One file of ``cypher/schema``: the index or constraint it makes (or drops)."""

    query: str  # the file's name, e.g. "schema/01_episode_id"
    name: str  # the index's or constraint's name
    label: str | None  # the label or relationship type it is on; None: the rule drops it

    @property
    def drops(self) -> bool:
        return self.label is None


def parse(query: str, text: str) -> Rule:
    """The rule ``text`` (a schema query's file) makes; ValueError names a file that is not one."""
    body = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("//"))
    statement = _STATEMENT.search(body)
    if statement is None:
        raise ValueError(
            f"cypher/{query}.cypher is not a schema rule: expected one CREATE … IF NOT EXISTS "
            "or DROP … IF EXISTS of a named index or constraint"
        )
    if statement.group(1) == "DROP":
        return Rule(query, statement.group(2), None)
    on = _ON.search(body)
    if on is None:
        raise ValueError(f"cypher/{query}.cypher: no label or relationship type after FOR")
    return Rule(query, statement.group(2), on.group(1) or on.group(2))


@cache
def rules() -> tuple[Rule, ...]:
    """Every rule of ``cypher/schema``, in the files' order."""
    return tuple(
        parse(query, cypher.load(query)) for query in cypher.names() if query.startswith("schema/")
    )


def pending(present: Collection[str] | None) -> list[Rule]:
    """The rules still to run on a database whose indexes are named ``present`` (None: not
    known, every rule runs; each is idempotent)."""
    if present is None:
        return list(rules())
    return [rule for rule in rules() if (rule.name in present) == rule.drops]


def by_session(todo: Iterable[Rule], sessions: int = SESSIONS) -> list[list[Rule]]:
    """``todo``'s creations dealt to at most ``sessions`` lists, a label's rules all in one
    list (the largest labels first, each to the shortest list)."""
    labels: dict[str, list[Rule]] = {}
    for rule in todo:
        if not rule.drops:
            labels.setdefault(str(rule.label), []).append(rule)
    dealt: list[list[Rule]] = [[] for _ in range(min(sessions, len(labels)))]
    for group in sorted(labels.values(), key=len, reverse=True):
        min(dealt, key=len).extend(group)
    return dealt


def create(todo: list[Rule], run: Callable[[str], None]) -> None:
    """Run ``todo``'s rules with ``run`` (a rule's query name): the drops first, one after
    another, then the creations a session of labels at a time (:func:`by_session`). The first
    error is raised once every session has stopped."""
    for rule in todo:
        if rule.drops:
            run(rule.query)
    dealt = by_session(todo)
    if not dealt:
        return

    def one_session(rules_: list[Rule]) -> None:
        for rule in rules_:
            run(rule.query)

    with ThreadPoolExecutor(len(dealt), thread_name_prefix="graphmem-schema") as pool:
        futures = [pool.submit(one_session, rules_) for rules_ in dealt]
    for future in futures:
        future.result()
