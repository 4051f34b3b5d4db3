"""Every input has a limit, the same on both stores (issue 37).

Each text and number parameter of every public ``Memory`` method is driven with a value at
its limit, just past it, with a NUL, with a lone surrogate, and (numbers) zero, negative
and huge: both stores must give the same outcome — "ok" or the same named
``GraphmemError`` — never a raw exception, in bounded time. A coverage test fails when a
public method gains a text or number parameter this table does not drive. The CLI and the
MCP tools are driven the same way at their own boundary.
"""

from __future__ import annotations

import inspect
import json
import math
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import pytest

from graphmem import Claim, GraphmemError, Memory, OfflineExtractor
from graphmem.arguments import (
    MAX_ID_CHARS,
    MAX_K,
    MAX_NAME_CHARS,
    MAX_NOTE_CHARS,
    MAX_QUERY_CHARS,
    MAX_REF_CHARS,
)
from graphmem.cli import main
from graphmem.cli.arguments import _parser
from graphmem.store.embedded import EmbeddedStore
from graphmem.trust.actions import MAX_ACTION_CHARS
from graphmem.write.inputs import MAX_EPISODE_CHARS

pytestmark = pytest.mark.neo4j

# A call that takes longer than this is a hang, not a slow input: the largest legal input
# (an episode at its limit) takes a few seconds.
BOUND_SECONDS = 60.0
NAMESPACE_CHARS = 128


@dataclass(frozen=True)
class Seeded:
    namespace: str
    fact: str
    episode: str
    run: str


Call = Callable[[Memory, Seeded, Any], object]


@dataclass(frozen=True)
class Text:
    """A text parameter: how to pass a value, and its limit (None: an enumerated word)."""

    method: str
    param: str
    call: Call
    limit: int | None
    filler: str = "x"  # what a value at the limit is made of


@dataclass(frozen=True)
class Number:
    method: str
    param: str
    call: Call
    maximum: float | None


TEXTS = [
    Text(
        "remember",
        "content",
        lambda m, s, v: m.remember(v, s.namespace),
        MAX_EPISODE_CHARS,
        "word ",
    ),
    Text("remember", "namespace", lambda m, s, v: m.remember("hi there", v), NAMESPACE_CHARS, "n"),
    Text("remember", "source", lambda m, s, v: m.remember("hi there", s.namespace, source=v), None),
    Text(
        "remember",
        "session",
        lambda m, s, v: m.remember("hi", s.namespace, session=v),
        MAX_NAME_CHARS,
    ),
    Text(
        "remember",
        "source_ref",
        lambda m, s, v: m.remember("hi", s.namespace, source_ref=v),
        MAX_REF_CHARS,
    ),
    Text(
        "remember",
        "speaker",
        lambda m, s, v: m.remember("hi", s.namespace, speaker=v),
        MAX_NAME_CHARS,
    ),
    Text(
        "remember",
        "claim.subject",
        lambda m, s, v: m.remember([Claim(v, "likes", "x")], s.namespace),
        MAX_NAME_CHARS,
    ),
    Text(
        "remember",
        "claim.object",
        lambda m, s, v: m.remember([Claim("maya", "likes", v)], s.namespace),
        MAX_QUERY_CHARS,
        "word ",
    ),
    Text("recall", "query", lambda m, s, v: m.recall(v, s.namespace), MAX_QUERY_CHARS, "word "),
    Text("recall", "namespace", lambda m, s, v: m.recall("tea", v), NAMESPACE_CHARS, "n"),
    Text("recall", "scope", lambda m, s, v: m.recall("tea", s.namespace, scope=v), None),
    Text(
        "recall",
        "min_authority",
        lambda m, s, v: m.recall("tea", s.namespace, min_authority=v),
        None,
    ),
    Text(
        "recall",
        "max_sensitivity",
        lambda m, s, v: m.recall("tea", s.namespace, max_sensitivity=v),
        None,
    ),
    Text("facts", "subject", lambda m, s, v: m.facts(s.namespace, subject=v), MAX_NAME_CHARS),
    Text("facts", "predicate", lambda m, s, v: m.facts(s.namespace, predicate=v), None),
    Text("facts", "scope", lambda m, s, v: m.facts(s.namespace, scope=v), None),
    Text("confirm", "fact_id", lambda m, s, v: m.confirm(v, s.namespace), MAX_ID_CHARS),
    Text("reject", "fact_id", lambda m, s, v: m.reject(v, s.namespace), MAX_ID_CHARS),
    Text("revise", "fact_id", lambda m, s, v: m.revise(v, s.namespace, "x"), MAX_ID_CHARS),
    Text("revise", "scope", lambda m, s, v: m.revise(s.fact, s.namespace, "x", scope=v), None),
    Text("close_todo", "todo_id", lambda m, s, v: m.close_todo(v, s.namespace), MAX_ID_CHARS),
    Text("cancel_todo", "todo_id", lambda m, s, v: m.cancel_todo(v, s.namespace), MAX_ID_CHARS),
    Text("history", "fact_id", lambda m, s, v: m.history(v, s.namespace), MAX_ID_CHARS),
    Text("episode", "episode_id", lambda m, s, v: m.episode(v, s.namespace), MAX_ID_CHARS),
    Text("feedback", "fact_id", lambda m, s, v: m.feedback(v, s.namespace, "good"), MAX_ID_CHARS),
    Text("feedback", "outcome", lambda m, s, v: m.feedback(s.fact, s.namespace, v), None),
    Text(
        "feedback",
        "note",
        lambda m, s, v: m.feedback(s.fact, s.namespace, "good", v),
        MAX_NOTE_CHARS,
    ),
    Text(
        "forget",
        "episode",
        lambda m, s, v: m.forget(s.namespace, episode=v, dry_run=True),
        MAX_ID_CHARS,
    ),
    Text(
        "forget", "fact", lambda m, s, v: m.forget(s.namespace, fact=v, dry_run=True), MAX_ID_CHARS
    ),
    Text(
        "forget",
        "entity",
        lambda m, s, v: m.forget(s.namespace, entity=v, dry_run=True),
        MAX_NAME_CHARS,
    ),
    Text(
        "forget",
        "namespace",
        lambda m, s, v: m.forget(v, everything=True, dry_run=True),
        NAMESPACE_CHARS,
        "n",
    ),
    Text(
        "source_removed",
        "source_ref",
        lambda m, s, v: m.source_removed(s.namespace, v),
        MAX_REF_CHARS,
    ),
    Text(
        "revoke_connection",
        "service",
        lambda m, s, v: m.revoke_connection(v, s.namespace),
        MAX_NAME_CHARS,
    ),
    Text(
        "revoke_connection",
        "account",
        lambda m, s, v: m.revoke_connection("Slack", s.namespace, account=v),
        MAX_NAME_CHARS,
    ),
    Text("rollback", "run_id", lambda m, s, v: m.rollback(v, s.namespace), MAX_ID_CHARS),
    Text(
        "checkpoint",
        "task",
        lambda m, s, v: m.checkpoint(s.namespace, v, next_action="go"),
        MAX_NAME_CHARS,
    ),
    Text(
        "checkpoint", "state", lambda m, s, v: m.checkpoint(s.namespace, "t", next_action=v), None
    ),
    Text("checkpoints", "task", lambda m, s, v: m.checkpoints(s.namespace, v), MAX_NAME_CHARS),
    Text("resume", "task", lambda m, s, v: m.resume(s.namespace, v), MAX_NAME_CHARS),
    Text("session", "task", lambda m, s, v: m.session(s.namespace, task=v), MAX_NAME_CHARS),
    Text(
        "session",
        "session_id",
        lambda m, s, v: m.session(s.namespace, session_id=v),
        MAX_NAME_CHARS,
    ),
    Text(
        "needs_confirmation",
        "action",
        lambda m, s, v: m.needs_confirmation(v),
        MAX_ACTION_CHARS,
        "read ",
    ),
    Text("define_predicate", "name", lambda m, s, v: m.define_predicate(v), None),
    Text(
        "define_predicate",
        "cardinality",
        lambda m, s, v: m.define_predicate("p", cardinality=v),
        None,
    ),
    Text("define_predicate", "kind", lambda m, s, v: m.define_predicate("p", kind=v), None),
    Text(
        "define_predicate",
        "sensitivity",
        lambda m, s, v: m.define_predicate("p", sensitivity=v),
        None,
    ),
    Text("audit", "namespace", lambda m, s, v: m.audit(v), NAMESPACE_CHARS, "n"),
    Text("check", "namespace", lambda m, s, v: m.check(v), NAMESPACE_CHARS, "n"),
    Text("stats", "namespace", lambda m, s, v: m.stats(v), NAMESPACE_CHARS, "n"),
    Text("export", "namespace", lambda m, s, v: m.export(v), NAMESPACE_CHARS, "n"),
    Text("distill", "namespace", lambda m, s, v: m.distill(v), NAMESPACE_CHARS, "n"),
    Text("expire", "namespace", lambda m, s, v: m.expire(v), NAMESPACE_CHARS, "n"),
    Text("gc", "namespace", lambda m, s, v: m.gc(v), NAMESPACE_CHARS, "n"),
    Text("reextract", "namespace", lambda m, s, v: m.reextract(v), NAMESPACE_CHARS, "n"),
    Text(
        "import_",
        "namespace",
        lambda m, s, v: m.import_({"namespace": "x"}, v),
        NAMESPACE_CHARS,
        "n",
    ),
    Text(
        "compare_models",
        "other",
        lambda m, s, v: m.compare_models(s.namespace, v, sample=1),
        MAX_NAME_CHARS,
    ),
    # Only values purge refuses: a purge that runs compacts the whole store.
    Text("purge", "namespace", lambda m, s, v: m.purge(v), None),
]

NUMBERS = [
    Number("recall", "k", lambda m, s, v: m.recall("tea", s.namespace, k=v), MAX_K),
    Number("recall", "max_chars", lambda m, s, v: m.recall("tea", s.namespace, max_chars=v), None),
    Number("checkpoints", "limit", lambda m, s, v: m.checkpoints(s.namespace, "t", limit=v), MAX_K),
    Number("reextract", "limit", lambda m, s, v: m.reextract(s.namespace, limit=v), MAX_K),
    Number("set_retention", "keep_days", lambda m, s, v: m.set_retention(s.namespace, v), 36_500),
    Number("resume", "budget", lambda m, s, v: m.resume(s.namespace, "t", budget=v), None),
    Number("resume", "window", lambda m, s, v: m.resume(s.namespace, "t", window=v), None),
    Number("resume", "share", lambda m, s, v: m.resume(s.namespace, "t", share=v), 1.0),
    Number("session", "budget", lambda m, s, v: m.session(s.namespace, budget=v), None),
    Number("session", "window", lambda m, s, v: m.session(s.namespace, window=v), None),
    Number("session", "share", lambda m, s, v: m.session(s.namespace, share=v), 1.0),
    Number("purge", "timeout", lambda m, s, v: m.purge(s.namespace, timeout=v), 86_400),
    Number(
        "compare_models",
        "sample",
        lambda m, s, v: m.compare_models(s.namespace, OfflineExtractor(), sample=v),
        MAX_K,
    ),
]

# Parameters of public methods that take text or numbers in another shape, checked
# elsewhere: ``state`` is any JSON-able value (tests/test_checkpoint.py), ``data`` an export
# document (tests/test_export.py).
ELSEWHERE = {("checkpoint", "state"), ("import_", "data"), ("remember", "content")}


def _values_for_text(case: Text) -> Iterator[tuple[str, str]]:
    if case.limit is not None and case.method != "purge":
        yield "at", (case.filler * (case.limit // len(case.filler) + 1))[: case.limit].rstrip()
        yield "past", case.filler[0] * (case.limit + 1)
    else:
        yield "huge", "x" * 1_000_000
    yield "nul", "a\x00b"
    yield "surrogate", "a\ud800b"


def _values_for_number(case: Number) -> Iterator[tuple[str, float]]:
    yield "zero", 0
    yield "negative", -1
    yield "huge", 10**18
    if case.maximum is not None:
        yield "past", case.maximum + (1 if isinstance(case.maximum, int) else 0.5)
    if case.param in ("share", "timeout"):
        yield "nan", math.nan
        yield "inf", math.inf


CASES = [
    pytest.param(case, kind, value, id=f"{case.method}.{case.param}-{kind}")
    for case in TEXTS
    for kind, value in _values_for_text(case)
] + [
    pytest.param(case, kind, value, id=f"{case.method}.{case.param}-{kind}")
    for case in NUMBERS
    for kind, value in _values_for_number(case)
]


# ---- both stores, one namespace each ------------------------------------------------------


def _seed(memory: Memory, namespace: str) -> Seeded:
    said = memory.remember("I live in Oslo and I like tea.", namespace)
    claimed = memory.remember([Claim("maya", "likes", "jazz")], namespace)
    memory.checkpoint(namespace, "t", next_action="go")
    run = memory.distill(namespace)
    return Seeded(namespace, claimed.fact_ids[0], str(said.episode_id), run.id)


@pytest.fixture(scope="module")
def stores(
    tmp_path_factory: pytest.TempPathFactory, neo4j_uri: str
) -> Iterator[dict[str, tuple[Memory, Seeded]]]:
    from graphmem.store.neo4j import Neo4jStore

    namespace = f"fuzz-{uuid.uuid4().hex[:8]}"
    embedded = Memory(store=EmbeddedStore(tmp_path_factory.mktemp("fuzz") / "store"))
    neo4j = Memory(store=Neo4jStore(neo4j_uri))
    try:
        yield {
            "embedded": (embedded, _seed(embedded, namespace)),
            "neo4j": (neo4j, _seed(neo4j, namespace)),
        }
    finally:
        embedded.close()
        neo4j.close()


def _outcome(memory: Memory, seeded: Seeded, call: Call, value: object) -> tuple[str, str]:
    started = time.monotonic()
    try:
        call(memory, seeded, value)
        outcome, message = "ok", ""
    except GraphmemError as exc:
        outcome, message = type(exc).__name__, str(exc)
    took = time.monotonic() - started
    assert took < BOUND_SECONDS, f"took {took:.0f} s"
    assert len(message) < 2_000, f"an error message of {len(message):,} characters"
    return outcome, message


@pytest.mark.parametrize(("case", "kind", "value"), CASES)
def test_each_input_gets_the_same_answer_on_both_stores(
    stores: dict[str, tuple[Memory, Seeded]], case: Text | Number, kind: str, value: Any
) -> None:
    results = {name: _outcome(m, s, case.call, value) for name, (m, s) in stores.items()}
    outcomes = {name: outcome for name, (outcome, _) in results.items()}
    assert len(set(outcomes.values())) == 1, f"the stores disagree: {results}"
    outcome, message = results["embedded"]
    if kind in ("past", "nul", "surrogate", "negative", "nan", "inf") or (
        kind == "huge" and isinstance(case, Text)
    ):
        assert outcome == "InvalidArgument", f"{kind} accepted: {results}"
        assert "\x00" not in message
    if kind == "past" and isinstance(case, Text):
        assert "characters" in message or "1-128" in message
    if kind == "at":
        assert "characters; at most" not in message, message


# ---- coverage ------------------------------------------------------------------------------


def _public_parameters() -> set[tuple[str, str]]:
    found = set()
    for name, method in inspect.getmembers(Memory, inspect.isfunction):
        if name.startswith("_"):
            continue
        for param in inspect.signature(method).parameters.values():
            annotation = str(param.annotation)
            if any(t in annotation for t in ("str", "int", "float")) and "dict" not in annotation:
                found.add((name, param.name))
    return found


def test_every_text_and_number_parameter_is_driven() -> None:
    driven = {(c.method, c.param) for c in TEXTS} | {(c.method, c.param) for c in NUMBERS}
    # Every method's namespace is checked by one function; the table drives it for each
    # kind of call (a write, a read, a lifecycle step).
    namespaced = {(m, p) for m, p in _public_parameters() if p == "namespace"}
    missing = _public_parameters() - driven - ELSEWHERE - namespaced
    assert not missing, f"not driven by the fuzz table: {sorted(missing)}"


# ---- the CLI -------------------------------------------------------------------------------

# A valid value for each argument a command requires, so one bad value is all that is wrong.
_VALID = {
    "namespace": "fuzz",
    "text": "hello",
    "fact_id": "f_0",
    "episode_id": "ep_0",
    "run_id": "run_0",
    "query": "tea",
    "outcome": "good",
    "action": "read the calendar",
    "task": "t",
    "file": "@export",  # a document written by the test
    "source_ref": "s",
}
_SKIP_COMMANDS = {"mcp", "demo", "eval", "purge", "doctor", "repair", "reembed", "check-mcp"}


def _cli_cases() -> Iterator[tuple[str, list[str], str]]:
    parser = _parser()
    commands = next(a for a in parser._actions if a.dest == "command")
    for name, sub in commands.choices.items():  # type: ignore[union-attr]
        if name in _SKIP_COMMANDS:
            continue
        required: list[str] = []
        texts: list[tuple[str | None, str]] = []
        for action in sub._actions:
            if action.dest in ("help", "path", "neo4j", "model", "embedder", "json", "verbose"):
                continue
            if action.nargs == 0 or action.type not in (None, str) or action.choices:
                continue
            flag = action.option_strings[-1] if action.option_strings else None
            if flag is None:
                required.append(_VALID.get(action.dest, "x"))
            elif flag is not None and action.required:
                required += [flag, _VALID.get(action.dest, "x")]
            texts.append((flag, action.dest))
        for flag, dest in texts:
            yield name, required, f"{flag or ''}|{dest}"


CLI_CASES = [
    pytest.param(command, required, target, id=f"{command}-{target.split('|')[1]}")
    for command, required, target in _cli_cases()
]


@pytest.fixture
def cli_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An embedded store the CLI opens, and an export document of it to import."""
    monkeypatch.delenv("NEO4J_URI", raising=False)
    monkeypatch.setenv("GRAPHMEM_PATH", str(tmp_path / "store"))
    with Memory(tmp_path / "store") as memory:
        memory.remember("I like tea.", "source")
        document = memory.export("source")
    exported = tmp_path / "export.json"
    exported.write_text(json.dumps(document, default=str))
    return exported


@pytest.mark.parametrize(("command", "required", "target"), CLI_CASES)
@pytest.mark.parametrize("bad", ["a\x00b", "x" * 1_000_000], ids=["nul", "huge"])
def test_each_cli_argument_is_refused_by_name(  # noqa: PLR0917 - pytest's parameters
    command: str,
    required: list[str],
    target: str,
    bad: str,
    cli_store: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    flag, dest = target.split("|")
    argv = [command, *(str(cli_store) if a == "@export" else a for a in required)]
    if flag:
        argv += [flag, bad]
    else:  # a positional argument: the bad value takes the valid one's place
        valid = _VALID.get(dest, "x")
        position = argv.index(str(cli_store) if valid == "@export" else valid, 1)
        argv[position] = bad
    started = time.monotonic()
    code = main(argv)
    assert time.monotonic() - started < BOUND_SECONDS
    err = capsys.readouterr().err
    assert "Traceback" not in err
    if code == 0:  # a value the command may take (a note, a query it answers): nothing broke
        return
    assert code in (1, 2), err
    assert err.startswith("graphmem:") or "usage:" in err, err
    assert len(err) < 3_000


# ---- the MCP tools -------------------------------------------------------------------------


def _tool_cases() -> Iterator[tuple[str, str]]:
    from graphmem.adapters.mcp import TOOL_NAMES, Tools

    for name in TOOL_NAMES:
        for param in inspect.signature(getattr(Tools, name), eval_str=True).parameters.values():
            annotation = str(param.annotation)
            if param.name in ("self", "namespace") or "str" not in annotation:
                continue
            if "Literal" in annotation or "ModelSource" in annotation:
                continue
            yield name, param.name


@pytest.mark.parametrize(("tool", "param"), list(_tool_cases()))
@pytest.mark.parametrize("bad", ["a\x00b", "x" * (MAX_EPISODE_CHARS + 1)], ids=["nul", "huge"])
def test_each_mcp_argument_is_refused_by_name(
    tool: str, param: str, bad: str, tmp_path: Path
) -> None:
    # Only these cases need the optional SDK; the stores' and the CLI's never skip with it.
    mcp = pytest.importorskip("mcp")
    from graphmem.adapters.mcp import build_server

    valid: dict[str, dict[str, Any]] = {
        "remember": {"text": "hello"},
        "recall": {"query": "tea"},
        "history": {"fact_id": "f_0"},
        "confirm": {"fact_id": "f_0"},
        "reject": {"fact_id": "f_0"},
        "needs_confirmation": {"action": "read the calendar"},
    }
    arguments = {**valid.get(tool, {}), param: bad}

    async def run() -> Any:
        async with mcp.Client(build_server(memory, "fuzz", user_verbatim=True)) as client:
            return await client.call_tool(tool, arguments)

    with Memory(tmp_path / "store") as memory:
        started = time.monotonic()
        result = anyio.run(run)
        assert time.monotonic() - started < BOUND_SECONDS
        assert result.is_error, f"{tool}({param}=…) accepted {bad[:20]!r}"
        message = " ".join(getattr(c, "text", "") for c in result.content)
        assert param in message or "characters" in message or "NUL" in message, message
