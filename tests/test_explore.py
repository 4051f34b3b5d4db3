"""The analyst queries of cypher/explore/: their headers, and what each returns on a seeded
namespace in Neo4j. Also: every file under cypher/ plans (EXPLAIN) on the real server."""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from neo4j import Driver

from graphmem import Claim, Memory
from graphmem.store import cypher
from graphmem.temporal import END_OF_TIME
from tests.stores import Clock

EXPLORE = [name for name in cypher.names() if name.startswith("explore/")]
# find_text predates this suite and is exercised by the forgetting tests.
SEEDED = sorted(set(EXPLORE) - {"explore/find_text"})

_PARAM_USE = re.compile(r"\$([A-Za-z_][A-Za-z0-9_]*)")
_PARAM_DOC = re.compile(r"^\$([A-Za-z_][A-Za-z0-9_]*)\s+(\S+)\s+\S")
_EXAMPLE = re.compile(r":param\s+([A-Za-z_][A-Za-z0-9_]*)\s*=>\s*(.+?)\s*(?=;\s*:param\b|$)")


def d(month: int, day: int = 1) -> datetime:
    return datetime(2026, month, day, tzinfo=UTC)


# ---- headers --------------------------------------------------------------------------


@dataclass(frozen=True)
class Header:
    purpose: str
    params: dict[str, str]  # name -> documented type
    returns: str
    example: dict[str, str]  # name -> Cypher expression


def body(name: str) -> str:
    lines = cypher.load(name).splitlines()
    return "\n".join(line for line in lines if not line.lstrip().startswith("//"))


def header(name: str) -> Header:
    lines = cypher.header(name).splitlines()
    stem = name.rsplit("/", 1)[-1]
    first = lines[0] if lines else ""
    purpose = first.removeprefix(f"{stem} — ").strip() if first.startswith(f"{stem} — ") else ""
    params: dict[str, str] = {}
    returns: list[str] = []
    example: dict[str, str] = {}
    section = "purpose"
    for line in lines[1:]:
        if line.startswith("Parameters:"):
            section = "params"
            continue
        if line.startswith("Returns:"):
            section = "returns"
            returns.append(line.removeprefix("Returns:").strip())
            continue
        if line.startswith("Example:"):
            section = "example"
            example.update(_EXAMPLE.findall(line.removeprefix("Example:").strip()))
            continue
        if section == "params" and (match := _PARAM_DOC.match(line)):
            params[match.group(1)] = match.group(2)
        elif section == "returns":
            returns.append(line)
    return Header(purpose, params, " ".join(returns).strip(), example)


@pytest.mark.parametrize("name", EXPLORE)
def test_explore_header_documents_the_query(name: str) -> None:
    head = header(name)
    assert head.purpose, f"{name}: the first line must be '<name> — <purpose>'"
    assert "Parameters:" in cypher.header(name), f"{name}: no Parameters section"
    used = set(_PARAM_USE.findall(body(name)))
    assert used == set(head.params), (
        f"{name}: used {sorted(used)}, documented {sorted(head.params)}"
    )
    assert "namespace" in used, f"{name}: every query takes $namespace"
    assert head.returns, f"{name}: no Returns line"
    assert set(head.example) == used, f"{name}: the Example must set every parameter"


@pytest.mark.parametrize("name", EXPLORE)
def test_explore_matches_filter_every_node_by_namespace(name: str) -> None:
    # Every node pattern that names a label carries the tenant, inline or bound earlier.
    text = body(name)
    patterns = list(re.finditer(r"\((\w*):(\w+)\s*(\{[^}]*\})?\)", text))
    assert patterns or name not in SEEDED, f"{name}: no labelled node pattern found"
    for match in patterns:
        variable, label, props = match.groups()
        bound_with_namespace = variable and re.search(
            rf"\({variable}:\w+\s*\{{[^}}]*namespace: \$namespace", text
        )
        assert (props and "namespace: $namespace" in props) or bound_with_namespace, (
            f"{name}: ({variable}:{label}) is not filtered by $namespace"
        )


# ---- EXPLAIN every query ----------------------------------------------------------------


def dummy(kind: str) -> Any:
    kind = kind.removesuffix("|null")
    if kind.startswith("LIST<") and kind.endswith(">"):
        return [dummy(kind[5:-1])]
    return {
        "STRING": "x",
        "INTEGER": 1,
        "FLOAT": 0.5,
        "BOOLEAN": False,
        "DATETIME": d(1),
        "MAP": {},
    }[kind]


def dummy_params(name: str) -> dict[str, Any]:
    """A value of the documented type for each parameter; None for an undocumented one."""
    documented = header(name).params
    return {p: dummy(documented[p]) if p in documented else None for p in uses(name)}


def uses(name: str) -> set[str]:
    return set(_PARAM_USE.findall(body(name)))


@pytest.mark.neo4j
@pytest.mark.parametrize("name", cypher.names())
def test_every_query_plans(neo4j_driver: Driver, name: str) -> None:
    if name.startswith("admin/purge"):
        # The procedure is the launcher's (tools/neo4j); a stock server has none to plan.
        records, _, _ = neo4j_driver.execute_query(
            "SHOW PROCEDURES YIELD name WHERE name STARTS WITH 'graphmem.' RETURN name"
        )
        if not records:
            pytest.skip("this server has no graphmem.purge procedure (not the launcher's)")
    params = dummy_params(name)
    _, summary, _ = neo4j_driver.execute_query(cypher.prefixed(name, "EXPLAIN"), params)
    assert summary.plan is not None, f"{name}: no plan"
    if name.startswith("explore/"):
        # No planner notifications: cartesian products, missing parameters, deprecations.
        # "Unknown label, relationship type or property" (01N50-01N52) only says the database
        # holds no such data yet, as on a fresh server; it is not a fault of the query.
        notes = [
            s.status_description
            for s in summary.gql_status_objects
            if s.is_notification and not s.gql_status.startswith("01N5")
        ]
        assert not notes, f"{name}: {notes}"


# ---- running the explore queries --------------------------------------------------------


@pytest.fixture
def ns() -> str:
    return f"explore-{uuid.uuid4().hex[:10]}"


@pytest.fixture
def clock() -> Clock:
    return Clock(d(1))


@pytest.fixture
def memory(neo4j_uri: str, neo4j_auth: Any, clock: Clock) -> Iterator[Memory]:
    with Memory.neo4j(neo4j_uri, auth=neo4j_auth, clock=clock) as mem:
        yield mem


def example(driver: Driver, name: str) -> dict[str, Any]:
    """The header's Example parameters, evaluated by Neo4j as the Browser would."""
    values = {}
    for param, expression in header(name).example.items():
        records, _, _ = driver.execute_query(f"RETURN {expression} AS v")
        values[param] = records[0]["v"]
    return values


def run(driver: Driver, name: str, ns: str, **overrides: Any) -> list[dict[str, Any]]:
    params = example(driver, name) | {"namespace": ns} | overrides
    assert set(params) == set(header(name).params), f"{name}: unknown parameter in {overrides}"
    records, _, _ = driver.execute_query(cypher.load(name), params)
    return [record.data() for record in records]


def native(value: Any) -> Any:
    return value.to_native() if hasattr(value, "to_native") else value


def remember(
    memory: Memory, clock: Clock, ns: str, when: datetime, *claims: Claim, **kwargs: Any
) -> tuple[str, list[str]]:
    clock.set(when)
    result = memory.remember(list(claims), namespace=ns, at=when, **kwargs)
    assert result.episode_id is not None
    return result.episode_id, result.fact_ids


def moves(memory: Memory, clock: Clock, ns: str) -> dict[str, Any]:
    """Maya lives in Austin from January, in Denver from July (a one-valued slot)."""
    austin_ep, [austin] = remember(
        memory, clock, ns, d(1), Claim("maya", "lives_in", "Austin", valid_from=d(1))
    )
    denver_ep, [denver] = remember(
        memory, clock, ns, d(7), Claim("maya", "lives_in", "Denver", valid_from=d(7))
    )
    return {"austin": austin, "denver": denver, "austin_ep": austin_ep, "denver_ep": denver_ep}


def test_every_explore_query_has_a_seeded_test() -> None:
    tested = {n.removeprefix("test_") for n in globals() if n.startswith("test_")}
    missing = [n for n in SEEDED if n.removeprefix("explore/") not in tested]
    assert not missing, f"explore queries without a test named after them: {missing}"


@pytest.mark.neo4j
def test_current_facts(neo4j_uri: str, neo4j_auth: Any, neo4j_driver: Driver, ns: str) -> None:
    # Seeded relative to the real clock, so that the example's $at = null (now) is testable.
    base = datetime.now(UTC) - timedelta(days=300)
    clock = Clock(base)
    with Memory.neo4j(neo4j_uri, auth=neo4j_auth, clock=clock) as mem:
        remember(mem, clock, ns, base, Claim("maya", "lives_in", "Austin", valid_from=base))
        _, [denver] = remember(
            mem,
            clock,
            ns,
            base + timedelta(days=200),
            Claim("maya", "lives_in", "Denver", valid_from=base + timedelta(days=200)),
        )
        _, [tea] = remember(mem, clock, ns, base, Claim("maya", "likes", "green tea"))
        remember(mem, clock, ns, base, Claim("maya", "likes", "sushi", inferred=True))
        remember(mem, clock, ns, base, Claim("tom", "lives_in", "Paris"))
        # The same subject in another tenant never shows.
        remember(mem, clock, f"{ns}-other", base, Claim("maya", "lives_in", "Oslo"))

    now = run(neo4j_driver, "explore/current_facts", ns, subject_key="maya")
    assert [(r["predicate"], r["object"], r["status"]) for r in now] == [
        ("likes", "green tea", "active"),
        ("lives_in", "Denver", "active"),
    ]
    assert {r["fact_id"] for r in now} == {denver, tea}
    assert all(r["episodes"] == 1 for r in now)
    assert native(now[1]["valid_until"]) == END_OF_TIME

    then = run(
        neo4j_driver,
        "explore/current_facts",
        ns,
        subject_key="maya",
        at=base + timedelta(days=10),
    )
    assert [(r["predicate"], r["object"]) for r in then] == [
        ("likes", "green tea"),
        ("lives_in", "Austin"),
    ]


@pytest.mark.neo4j
def test_slot_timeline(memory: Memory, clock: Clock, neo4j_driver: Driver, ns: str) -> None:
    ids = moves(memory, clock, ns)
    remember(
        memory,
        clock,
        ns,
        d(8),
        Claim("maya", "lives_in", "Lisbon", scope="project:apollo", valid_from=d(8)),
    )
    remember(memory, clock, ns, d(8), Claim("maya", "works_at", "Acme"))

    # The example's lives_in, global; its subject is the user ('user' in a namespace named
    # for them), and this namespace is not named maya, so "maya" is a person of her own here.
    rows = run(neo4j_driver, "explore/slot_timeline", ns, subject_key="maya")
    # The move to Denver retired the open-ended Austin and wrote Austin again, closed in July.
    assert [(r["object"], r["status"], r["retired"]) for r in rows] == [
        ("Austin", "superseded", True),
        ("Austin", "superseded", False),
        ("Denver", "active", False),
    ]
    believed, closed, denver = rows
    assert (believed["fact_id"], denver["fact_id"]) == (ids["austin"], ids["denver"])
    assert closed["fact_id"] not in {ids["austin"], ids["denver"]}
    assert [r["revises"] for r in rows] == [None, ids["austin"], None]
    # Validity: what was true when.
    assert native(believed["valid_from"]) == native(closed["valid_from"]) == d(1)
    assert native(believed["valid_until"]) == END_OF_TIME  # what we believed until July
    assert native(closed["valid_until"]) == d(7) == native(denver["valid_from"])
    assert native(denver["valid_until"]) == END_OF_TIME
    # Belief: when we believed it.
    assert [native(r["recorded_at"]) for r in rows] == [d(1), d(7), d(7)]
    assert [native(r["retired_at"]) for r in rows] == [d(7), END_OF_TIME, END_OF_TIME]
    # What replaced each version, and how.
    assert [r["superseded_by"] for r in rows] == [[closed["fact_id"]], [ids["denver"]], []]
    assert [r["kind_of_link"] for r in rows] == [["revised"], ["new value"], []]
    assert [native(r["superseded_at"]) for r in rows] == [d(7), d(7), None]
    assert [r["fact_id"] for r in rows] == [
        f.id for f in memory.history(ids["denver"], ns, revisions=True)
    ]

    # A window in another scope: Lisbon is revised (split around the window), Porto holds for
    # September, Lisbon resumes.
    _, [porto] = remember(
        memory,
        clock,
        ns,
        d(8, 15),
        Claim(
            "maya",
            "lives_in",
            "Porto",
            scope="project:apollo",
            valid_from=d(9),
            valid_until=d(10),
        ),
    )
    scoped = run(
        neo4j_driver, "explore/slot_timeline", ns, subject_key="maya", scope="project:apollo"
    )
    assert [(r["object"], r["retired"], r["kind_of_link"]) for r in scoped] == [
        ("Lisbon", True, ["revised", "revised"]),
        ("Lisbon", False, ["new value"]),
        ("Porto", False, ["window ended"]),
        ("Lisbon", False, []),
    ]
    assert scoped[1]["revises"] == scoped[3]["revises"] == scoped[0]["fact_id"]
    assert scoped[2]["fact_id"] == porto
    assert scoped[2]["superseded_by"] == [scoped[3]["fact_id"]]
    assert [(native(r["valid_from"]), native(r["valid_until"])) for r in scoped] == [
        (d(8), END_OF_TIME),
        (d(8), d(9)),
        (d(9), d(10)),
        (d(10), END_OF_TIME),
    ]


@pytest.mark.neo4j
def test_supersession_chain(memory: Memory, clock: Clock, neo4j_driver: Driver, ns: str) -> None:
    ids = moves(memory, clock, ns)
    _, [seattle] = remember(
        memory, clock, ns, d(10), Claim("maya", "lives_in", "Seattle", valid_from=d(10))
    )
    _, [paris] = remember(memory, clock, ns, d(10), Claim("tom", "lives_in", "Paris"))

    # Each move retires the open-ended belief and writes the closed version after it.
    every = [f.id for f in memory.history(seattle, ns, revisions=True)]
    assert len(every) == 5
    austin, austin_closed, denver, denver_closed, _ = every
    assert (austin, denver) == (ids["austin"], ids["denver"])
    for start in every:
        rows = run(neo4j_driver, "explore/supersession_chain", ns, fact_id=start)
        assert [(r["position"], r["fact_id"]) for r in rows] == list(enumerate(every, 1))
    assert [r["object"] for r in rows] == ["Austin", "Austin", "Denver", "Denver", "Seattle"]
    assert [r["retired"] for r in rows] == [True, False, True, False, False]
    assert [r["revises"] for r in rows] == [None, austin, None, denver, None]
    assert [r["superseded_by"] for r in rows] == [
        [austin_closed],
        [denver],
        [denver_closed],
        [seattle],
        [],
    ]
    assert [r["kind_of_link"] for r in rows] == [
        ["revised"],
        ["new value"],
        ["revised"],
        ["new value"],
        [],
    ]
    assert [r["status"] for r in rows] == ["superseded"] * 4 + ["active"]
    open_ = END_OF_TIME
    assert [native(r["valid_until"]) for r in rows] == [open_, d(7), open_, d(10), open_]
    assert [native(r["recorded_at"]) for r in rows] == [d(1), d(7), d(7), d(10), d(10)]
    assert [native(r["retired_at"]) for r in rows] == [d(7), open_, d(10), open_, open_]
    assert [native(r["superseded_at"]) for r in rows] == [d(7), d(7), d(10), d(10), None]
    # Memory.history shows the versions still believed: exactly the rows not retired.
    assert [r["fact_id"] for r in rows if not r["retired"]] == [
        f.id for f in memory.history(seattle, ns)
    ]

    # A fact that was never superseded is a chain of one; another tenant finds nothing.
    alone = run(neo4j_driver, "explore/supersession_chain", ns, fact_id=paris)
    assert [(r["position"], r["fact_id"], r["superseded_by"], r["retired"]) for r in alone] == [
        (1, paris, [], False)
    ]
    assert run(neo4j_driver, "explore/supersession_chain", f"{ns}-x", fact_id=seattle) == []


@pytest.mark.neo4j
def test_fact_evidence(memory: Memory, clock: Clock, neo4j_driver: Driver, ns: str) -> None:
    claim = Claim("maya", "lives_in", "Denver", valid_from=d(7))
    user_ep, [denver] = remember(memory, clock, ns, d(7), claim, session="s1")
    email_ep, fact_ids = remember(
        memory, clock, ns, d(8), claim, source="email", source_ref="msg-42@mail.example"
    )
    assert fact_ids == []  # already known: the email only adds support

    rows = run(neo4j_driver, "explore/fact_evidence", ns, fact_id=denver)
    assert [(r["episode_id"], r["role"], r["source"], r["authority"]) for r in rows] == [
        (user_ep, "stated", "user", "user"),
        (email_ep, "corroborated", "email", "external"),
    ]
    assert {r["claim"] for r in rows} == {"maya lives_in Denver"}
    assert rows[0]["session"] == "s1"
    assert rows[1]["source_ref"] == "msg-42@mail.example"
    assert [native(r["added_at"]) for r in rows] == [d(7), d(8)]
    assert [native(r["occurred_at"]) for r in rows] == [d(7), d(8)]
    for row in rows:
        assert row["content"] == memory.episode(row["episode_id"], ns).content
        assert "Denver" in row["content"]


@pytest.mark.neo4j
def test_episode_derivations(memory: Memory, clock: Clock, neo4j_driver: Driver, ns: str) -> None:
    ids = moves(memory, clock, ns)
    austin, austin_closed, _ = (f.id for f in memory.history(ids["denver"], ns, revisions=True))

    changed = run(neo4j_driver, "explore/episode_derivations", ns, episode_id=ids["denver_ep"])
    assert [(r["link"], r["fact_id"], r["via_fact_id"], r["reason"]) for r in changed] == [
        ("supports", ids["denver"], None, None),
        ("superseded", austin_closed, ids["denver"], "new value"),
        ("revised", austin, austin_closed, "revised"),
    ]
    assert [(r["object"], r["status"]) for r in changed] == [
        ("Denver", "active"),
        ("Austin", "superseded"),
        ("Austin", "superseded"),
    ]
    assert changed[0]["role"] == "stated"
    assert [native(r["valid_until"]) for r in changed[1:]] == [d(7), END_OF_TIME]
    assert [native(r["retired_at"]) for r in changed[1:]] == [END_OF_TIME, d(7)]

    # The closed version keeps the first episode's support; that episode changed nothing.
    first = run(neo4j_driver, "explore/episode_derivations", ns, episode_id=ids["austin_ep"])
    assert [(r["link"], r["fact_id"], r["role"]) for r in first] == [
        ("supports", austin, "stated"),
        ("supports", austin_closed, "stated"),
    ]

    # A window: it supersedes Denver for September, and Denver holds again after it.
    window_ep, [porto] = remember(
        memory,
        clock,
        ns,
        d(8),
        Claim("maya", "lives_in", "Porto", valid_from=d(9), valid_until=d(10)),
    )
    denver, denver_closed, resumed = (
        f.id for f in memory.history(porto, ns, revisions=True) if f.object == "Denver"
    )
    assert denver == ids["denver"]
    window = run(neo4j_driver, "explore/episode_derivations", ns, episode_id=window_ep)
    assert [(r["link"], r["fact_id"], r["via_fact_id"], r["reason"]) for r in window] == [
        ("supports", porto, None, None),
        ("superseded", denver_closed, porto, "new value"),
        ("revised", denver, denver_closed, "revised"),
        ("resumed", resumed, porto, "window ended"),
    ]
    assert [(native(r["valid_from"]), native(r["valid_until"])) for r in window] == [
        (d(9), d(10)),
        (d(7), d(9)),
        (d(7), END_OF_TIME),
        (d(10), END_OF_TIME),
    ]

    elsewhere = run(
        neo4j_driver, "explore/episode_derivations", f"{ns}-x", episode_id=ids["denver_ep"]
    )
    assert elsewhere == []


@pytest.mark.neo4j
def test_candidates_pending(memory: Memory, clock: Clock, neo4j_driver: Driver, ns: str) -> None:
    # Three sessions of the same event: distillation proposes a pattern as a candidate.
    for day, session in ((3, "s1"), (4, "s2"), (5, "s3")):
        remember(
            memory,
            clock,
            ns,
            d(3, day),
            Claim(
                "maya",
                "declined",
                "8am meeting",
                kind="event",
                valid_from=d(3, day),
                valid_until=d(3, day + 1),
            ),
            source="tool",
            session=session,
        )
    clock.set(d(3, 10))
    distilled = memory.distill(ns)
    # An agent's guess, seen twice; another seen once, then confirmed; a user statement.
    for day in (11, 12):
        remember(
            memory, clock, ns, d(3, day), Claim("maya", "likes", "window seats"), source="agent"
        )
    _, [confirmed] = remember(
        memory, clock, ns, d(3, 13), Claim("maya", "likes", "jazz"), source="agent"
    )
    memory.confirm(confirmed, ns)
    remember(memory, clock, ns, d(3, 13), Claim("maya", "lives_in", "Denver"))

    rows = run(neo4j_driver, "explore/candidates_pending", ns)
    assert [(r["predicate"], r["object"], r["episodes"]) for r in rows] == [
        ("usually_declined", "8am meeting", 3),
        ("likes", "window seats", 2),
    ]
    pattern, guess = rows
    assert pattern["fact_id"] == distilled.created[0]
    assert pattern["produced_by"] == distilled.id
    assert pattern["sources"] == ["tool"]
    assert guess["produced_by"] is None
    assert guess["sources"] == ["agent"]
    assert guess["authority"] == "inferred"


@pytest.mark.neo4j
def test_facts_due_review(memory: Memory, clock: Clock, neo4j_driver: Driver, ns: str) -> None:
    # lives_in is reviewed every half year, works_at every year, likes never.
    _, [home] = remember(memory, clock, ns, d(1), Claim("maya", "lives_in", "Denver"))
    remember(memory, clock, ns, d(1), Claim("maya", "works_at", "Acme"))
    remember(memory, clock, ns, d(1), Claim("maya", "likes", "jazz"))

    assert run(neo4j_driver, "explore/facts_due_review", ns, at=d(6)) == []
    overdue = run(neo4j_driver, "explore/facts_due_review", ns, at=d(8))
    assert [(r["fact_id"], r["status"], r["why"]) for r in overdue] == [
        (home, "active", "review date passed")
    ]
    assert native(overdue[0]["review_at"]) < d(8)

    clock.set(d(8))
    memory.expire(ns)  # the sweep marks it needs_review
    marked = run(neo4j_driver, "explore/facts_due_review", ns, at=d(8))
    assert [(r["fact_id"], r["status"], r["why"]) for r in marked] == [
        (home, "needs_review", "marked needs_review")
    ]


@pytest.mark.neo4j
def test_external_facts(memory: Memory, clock: Clock, neo4j_driver: Driver, ns: str) -> None:
    remember(memory, clock, ns, d(2), Claim("maya", "lives_in", "Denver"))
    _, [office] = remember(
        memory,
        clock,
        ns,
        d(3),
        Claim("acme", "located_in", "Berlin"),
        source="email",
        source_ref="bob@acme.example",
    )
    _, [founded] = remember(
        memory, clock, ns, d(4), Claim("acme", "founded_in", "1999"), source="document"
    )

    rows = run(neo4j_driver, "explore/external_facts", ns)
    assert [(r["fact_id"], r["object"], r["sources"], r["episodes"]) for r in rows] == [
        (founded, "1999", ["document"], 1),
        (office, "Berlin", ["email"], 1),
    ]
    assert rows[1]["source_refs"] == ["bob@acme.example"]
    assert {r["status"] for r in rows} == {"active"}


@pytest.mark.neo4j
def test_slot_conflicts(memory: Memory, clock: Clock, neo4j_driver: Driver, ns: str) -> None:
    # desk is not registered, so the write path never supersedes: both values stay current.
    _, [first] = remember(memory, clock, ns, d(2), Claim("maya", "desk", "4B"))
    _, [second] = remember(memory, clock, ns, d(3), Claim("maya", "desk", "5C"))
    moves(memory, clock, ns)  # one-valued and superseded: one current value, no conflict
    remember(memory, clock, ns, d(4), Claim("maya", "likes", "tea"), Claim("maya", "likes", "jazz"))
    remember(memory, clock, ns, d(4), Claim("maya", "desk", "6A", scope="project:apollo"))
    remember(memory, clock, ns, d(4), Claim("maya", "desk", "7D"), source="agent")  # candidate

    everything = run(neo4j_driver, "explore/slot_conflicts", ns, at=d(9))
    assert [(r["predicate"], r["scope"], r["current"]) for r in everything] == [
        ("desk", "global", 2),
        ("likes", "global", 2),
    ]

    conflicts = run(
        neo4j_driver, "explore/slot_conflicts", ns, at=d(9), predicates=["desk", "lives_in"]
    )
    assert len(conflicts) == 1
    (desk,) = conflicts
    assert (desk["subject"], desk["subject_key"], desk["predicate"]) == ("maya", "maya", "desk")
    assert desk["objects"] == ["4B", "5C"]
    assert desk["fact_ids"] == [first, second]
    assert desk["authorities"] == ["user", "user"]

    before_the_second = run(
        neo4j_driver, "explore/slot_conflicts", ns, at=d(2, 15), predicates=["desk"]
    )
    assert before_the_second == []


@pytest.mark.neo4j
def test_expired_but_recalled(memory: Memory, clock: Clock, neo4j_driver: Driver, ns: str) -> None:
    _, [hotel] = remember(
        memory,
        clock,
        ns,
        d(3),
        Claim("maya", "staying_at", "Hotel Astoria", valid_from=d(3), valid_until=d(3, 10)),
    )
    remember(
        memory,
        clock,
        ns,
        d(2),
        Claim("maya", "attending", "Berlin summit", valid_from=d(2), valid_until=d(2, 3)),
    )
    _, [home] = remember(memory, clock, ns, d(2), Claim("maya", "lives_in", "Denver"))

    clock.set(d(3, 5))
    used = memory.recall("Hotel Astoria", namespace=ns, include_episodes=False)
    used += memory.recall("where does maya live Denver", namespace=ns, include_episodes=False)
    assert {hotel, home} <= {e.fact_id for e in used}
    memory.flush()  # use statistics are buffered

    rows = run(neo4j_driver, "explore/expired_but_recalled", ns, at=d(3, 20))
    assert [(r["fact_id"], r["object"]) for r in rows] == [(hotel, "Hotel Astoria")]
    assert native(rows[0]["last_used_at"]) == d(3, 5)
    assert native(rows[0]["valid_until"]) == d(3, 10)
    assert rows[0]["use_count"] >= 1

    assert run(neo4j_driver, "explore/expired_but_recalled", ns, at=d(5), days=30) == []
    assert run(neo4j_driver, "explore/expired_but_recalled", ns, at=d(5), days=90) == rows


@pytest.mark.neo4j
def test_fact_audit_trail(memory: Memory, clock: Clock, neo4j_driver: Driver, ns: str) -> None:
    ids = moves(memory, clock, ns)
    clock.set(d(8))
    memory.feedback(ids["austin"], ns, "bad", note="she had moved")

    rows = run(neo4j_driver, "explore/fact_audit_trail", ns, fact_id=ids["austin"])
    assert [(native(r["at"]), r["action"]) for r in rows] == [
        (d(1), "add"),
        (d(7), "supersede"),
        (d(8), "feedback"),
    ]
    assert rows[0]["actor"] == "user"
    assert rows[2]["actor"] == "user"
    assert "Austin" in rows[0]["after_json"]
    assert ids["denver"] in rows[1]["after_json"]
    assert rows[2]["note"] == "she had moved"
    assert len({r["audit_id"] for r in rows}) == 3

    denver = run(neo4j_driver, "explore/fact_audit_trail", ns, fact_id=ids["denver"])
    assert [r["action"] for r in denver] == ["add"]
    assert run(neo4j_driver, "explore/fact_audit_trail", f"{ns}-x", fact_id=ids["austin"]) == []


@pytest.mark.neo4j
def test_entity_mentions(memory: Memory, clock: Clock, neo4j_driver: Driver, ns: str) -> None:
    ids = moves(memory, clock, ns)
    friend_ep, _ = remember(
        memory, clock, ns, d(8), Claim("maya", "friend_of", "Ostrowski"), source="email"
    )

    rows = run(neo4j_driver, "explore/entity_mentions", ns, entity="maya")
    assert [r["episode_id"] for r in rows] == [ids["austin_ep"], ids["denver_ep"], friend_ep]
    assert rows[2]["source"] == "email"
    assert [native(r["occurred_at"]) for r in rows] == [d(1), d(7), d(8)]
    [ostrowski] = run(neo4j_driver, "explore/entity_mentions", ns, entity="OSTROWSKI")
    assert (ostrowski["episode_id"], ostrowski["entity"]) == (friend_ep, "Ostrowski")

    memory.forget(ns, episode=ids["austin_ep"])
    rows = run(neo4j_driver, "explore/entity_mentions", ns, entity="maya")
    assert [r["episode_id"] for r in rows] == [ids["denver_ep"], friend_ep]


@pytest.mark.neo4j
def test_entity_relations(memory: Memory, clock: Clock, neo4j_driver: Driver, ns: str) -> None:
    ids = moves(memory, clock, ns)  # maya: Austin from January, Denver from July
    remember(memory, clock, ns, d(8), Claim("maya", "works_at", "Acme"))
    remember(memory, clock, ns, d(8), Claim("maya", "likes", "green tea"))  # a literal value

    def linked(key: str, at: datetime | None) -> list[tuple[str, str, str]]:
        rows = run(neo4j_driver, "explore/entity_relations", ns, key=key, at=at)
        return [(r["direction"], r["predicate"], r["other"]) for r in rows]

    # Entity to entity, over time, without passing a Fact node.
    assert linked("maya", d(3)) == [("out", "lives_in", "Austin")]
    assert linked("maya", None) == [("out", "lives_in", "Denver"), ("out", "works_at", "Acme")]
    assert linked("denver", None) == [("in", "lives_in", "maya")]
    [row] = run(neo4j_driver, "explore/entity_relations", ns, key="denver", at=None)
    assert row["fact_id"] == ids["denver"]
    assert native(row["valid_from"]) == d(7)

    # Forgetting Denver takes its relationship; Austin holds again, in both views.
    memory.forget(ns, entity="Denver")
    assert linked("maya", None) == [("out", "lives_in", "Austin"), ("out", "works_at", "Acme")]
    assert linked("denver", None) == []
    assert memory.check(ns).ok
    assert run(neo4j_driver, "explore/entity_relations", f"{ns}-x", key="maya", at=None) == []


@pytest.mark.neo4j
def test_a_store_written_before_the_projection_is_reported_and_repaired(
    memory: Memory, clock: Clock, neo4j_driver: Driver, ns: str
) -> None:
    ids = moves(memory, clock, ns)
    # What a store written before facts were projected looks like: no FACT relationships.
    neo4j_driver.execute_query("MATCH (:Entity {namespace: $ns})-[r:FACT]->() DELETE r", {"ns": ns})

    report = memory.check(ns)
    assert {p.kind for p in report.problems} == {"projection_drift"}
    assert ids["denver"] in {i for p in report.problems for i in p.ids}

    assert memory.check(ns, repair=True).repaired >= 2
    assert memory.check(ns).ok
    rows = run(neo4j_driver, "explore/entity_relations", ns, key="maya", at=None)
    assert [(r["predicate"], r["other"]) for r in rows] == [("lives_in", "Denver")]
