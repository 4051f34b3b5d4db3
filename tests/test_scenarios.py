"""The reliability scenarios (graphmem/scenarios/*.toml) on both stores, and the
scenario format's loader, runner and report."""

from __future__ import annotations

import re
import zipfile
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

import pytest

from graphmem import Memory
from graphmem.evaluate import (
    CheckResult,
    EvalReport,
    Outcome,
    Scenario,
    ScenarioError,
    ScenarioResult,
    format_report,
    load_scenarios,
    parse_scenario,
    run,
)
from graphmem.store.base import GraphStore

BUILT_IN = load_scenarios(None)

EXPECTED_NAMES = {
    "changed-preference",
    "conflict-order",
    "conflicting-provenance",
    "correction-vs-change",
    "distillation-threshold",
    "expired-review",
    "external-authority",
    "forget-no-resurrection",
    "namespace-isolation",
    "one-off-exception",
    "scope-isolation",
    "secrets-never-stored",
    "temporary-request",
}


def factory(store: GraphStore) -> Callable[[Callable[[], datetime]], Memory]:
    return lambda clock: Memory(store=store, clock=clock)


def run_one(store: GraphStore, scenario: Scenario) -> ScenarioResult:
    report = run([scenario], factory(store))
    assert len(report.scenarios) == 1
    return report.scenarios[0]


# ---- the built-in scenarios, on both stores ---------------------------------------------------


@pytest.mark.parametrize("scenario", BUILT_IN, ids=[s.name for s in BUILT_IN])
def test_scenario(store: GraphStore, scenario: Scenario) -> None:
    report = run([scenario], factory(store))
    failures = [c for c in report.scenarios[0].checks if c.counts_as_failure]
    assert not failures, "\n" + format_report(report)
    assert report.scenarios[0].checks, "a scenario without checks pins nothing"
    # Whatever a scenario did, the namespaces it leaves behind are healthy.
    memory = Memory(store=store)
    for namespace in report.scenarios[0].namespaces.values():
        health = memory.check(namespace)
        assert health.ok, health.problems


def test_the_built_in_scenarios_are_all_there() -> None:
    assert {s.name for s in BUILT_IN} == EXPECTED_NAMES
    for scenario in BUILT_IN:
        assert scenario.origin == f"graphmem/scenarios/{scenario.name.replace('-', '_')}.toml"


def test_every_built_in_scenario_says_what_it_pins_and_why() -> None:
    folder = Path(__file__).resolve().parent.parent / "graphmem" / "scenarios"
    for path in folder.glob("*.toml"):
        head = path.read_text(encoding="utf-8").splitlines()[0]
        assert head.startswith("# Pins:"), path.name
        assert "# Why:" in path.read_text(encoding="utf-8"), path.name


# ---- the loader's error messages ----------------------------------------------------------------

HEAD = 'name = "t"\ndescription = "a test"\n'


def write(tmp_path: Path, text: str, name: str = "broken.toml") -> Path:
    path = tmp_path / name
    path.write_text(HEAD + text, encoding="utf-8")
    return path


def load_error(tmp_path: Path, text: str) -> str:
    path = write(tmp_path, text)
    with pytest.raises(ScenarioError) as caught:
        load_scenarios([path])
    message = str(caught.value)
    assert str(path) in message  # every error names the file
    return message


def test_unknown_step_kind_names_the_file_the_step_and_the_kinds(tmp_path: Path) -> None:
    message = load_error(
        tmp_path,
        '[[steps]]\nstep = "remember"\ntext = "I live in Oslo."\n\n'
        '[[steps]]\nstep = "remmber"\ntext = "x"\n',
    )
    assert "step 2" in message
    assert "unknown step kind 'remmber'" in message
    assert "remember, clock, forget" in message


def test_unknown_field_names_the_step_and_the_allowed_fields(tmp_path: Path) -> None:
    message = load_error(tmp_path, '[[steps]]\nstep = "remember"\nlabel = "a"\ntxt = "hello"\n')
    assert "step 1 (remember 'a')" in message
    assert "unknown field 'txt'" in message
    assert "allowed: " in message
    assert "text" in message


def test_unknown_field_in_a_claim(tmp_path: Path) -> None:
    message = load_error(
        tmp_path,
        '[[steps]]\nstep = "remember"\n'
        'claims = [{ subjet = "user", predicate = "likes", object = "tea" }]\n',
    )
    assert "step 1 (remember), claims[0].subjet: unknown field 'subjet'" in message


def test_unknown_top_level_and_predicate_fields(tmp_path: Path) -> None:
    message = load_error(
        tmp_path,
        'owner = "me"\n[[predicates]]\nname = "x"\nttl = 3\n[[steps]]\nstep = "distill"\n',
    )
    assert "unknown field 'owner'" in message
    assert "predicates[0].ttl: unknown field 'ttl'" in message


def test_naive_datetime_is_refused(tmp_path: Path) -> None:
    message = load_error(
        tmp_path,
        '[[steps]]\nstep = "remember"\ntext = "hi"\n\n[[steps]]\nstep = "clock"\n'
        "at = 2026-09-01T09:00:00\n",
    )
    assert "step 2 (clock), at: naive datetime 2026-09-01T09:00:00" in message
    assert "2026-09-01T09:00:00Z" in message  # how to fix it


def test_naive_datetime_in_a_claim_is_refused(tmp_path: Path) -> None:
    message = load_error(
        tmp_path,
        '[[steps]]\nstep = "remember"\n'
        'claims = [{ predicate = "likes", object = "tea", valid_from = 2026-09-01T09:00:00 }]\n',
    )
    assert "claims[0].valid_from: naive datetime" in message


def test_other_loader_errors(tmp_path: Path) -> None:
    assert "not valid TOML" in load_error(tmp_path, "[[steps]\n")
    assert "no step kind" in load_error(tmp_path, '[[steps]]\ntext = "x"\n')
    assert "no earlier remember step is labelled 'x'" in load_error(
        tmp_path, '[[steps]]\nstep = "forget"\nepisode = "x"\n'
    )
    assert "exactly one of text, claims" in load_error(
        tmp_path,
        '[[steps]]\nstep = "remember"\ntext = "a"\n'
        'claims = [{ predicate = "likes", object = "tea" }]\n',
    )
    assert "nothing to check" in load_error(tmp_path, '[[steps]]\nstep = "facts"\n')
    assert "predicate='Lives In' is not usable" in load_error(
        tmp_path, '[[steps]]\nstep = "facts"\npredicate = "Lives In"\nexpect = []\n'
    )
    with pytest.raises(ScenarioError, match="no such scenario file"):
        load_scenarios([tmp_path / "missing.toml"])


def test_duplicate_names_and_folders(tmp_path: Path) -> None:
    write(tmp_path, '[[steps]]\nstep = "distill"\n', "a.toml")
    assert [s.name for s in load_scenarios([tmp_path])] == ["t"]
    write(tmp_path, '[[steps]]\nstep = "distill"\n', "b.toml")
    with pytest.raises(ScenarioError, match="already used"):
        load_scenarios([tmp_path])


def test_a_bare_date_is_utc_midnight() -> None:
    scenario = parse_scenario(HEAD + 'start = 2026-09-01\n[[steps]]\nstep = "distill"\n')
    assert scenario.start.isoformat() == "2026-09-01T00:00:00+00:00"


# ---- the runner: every step kind, and how outcomes are reported ------------------------------

EVERY_STEP = """
name = "every-step"
description = "Each step kind once; one known failure, one stale mark."
start = 2026-03-02T09:00:00Z

[[predicates]]
name = "desk"
cardinality = "one"
object_is_entity = false
review_days = 10

[[steps]]
step = "remember"
label = "desk"
claims = [{ predicate = "desk", object = "4th floor" }, { predicate = "likes", object = "tea" }]

[[steps]]
step = "remember"
source = "agent"
claims = [{ predicate = "likes", object = "coffee", inferred = true, confidence = 0.7 }]

[[steps]]
step = "reject"
predicate = "likes"
object = "coffee"

[[steps]]
step = "feedback"
predicate = "likes"
object = "tea"
outcome = "bad"
note = "she wanted green tea"

[[steps]]
step = "facts"
predicate = "likes"
include_candidates = true
expect = ["tea"]

[[steps]]
step = "clock"
advance_days = 12

[[steps]]
step = "expire"

[[steps]]
step = "facts"
predicate = "desk"
history = true
status = "needs_review"

[[steps]]
step = "forget"
fact = { predicate = "desk", object = "4th floor" }

[[steps]]
step = "no_trace"
strings = ["4th floor"]

[[steps]]
step = "facts"
title = "a check that fails"
predicate = "likes"
expect = ["green tea"]

[[steps]]
step = "facts"
title = "a known failure"
predicate = "likes"
expect = ["green tea"]
expect_failure = "tea is not green tea"

[[steps]]
step = "facts"
title = "a stale mark"
predicate = "likes"
expect = ["tea"]
expect_failure = "already fixed"

[[steps]]
step = "forget"
entity = "nobody"

[[steps]]
step = "refused"
nothing = true
"""


def test_every_step_kind_and_every_outcome(store: GraphStore) -> None:
    result = run_one(store, parse_scenario(EVERY_STEP, "every.toml"))
    by_step = {c.step: c for c in result.checks}
    assert [c.status for c in result.checks] == [
        "passed",  # 5  reject and feedback ran
        "passed",  # 8  expire stored needs_review
        "passed",  # 10 forget fact left no trace
        "failed",  # 11
        "xfail",  # 12
        "xpass",  # 13
        "error",  # 14 forget of an unknown entity stops the scenario
        "error",  # 15 not run
    ]
    assert "expected exactly ['green tea']; got ['tea']" in by_step[11].message
    assert by_step[12].passed is False
    assert "tea is not green tea" in by_step[12].message
    assert by_step[13].passed is True
    assert "remove the mark" in by_step[13].message
    assert "UnknownId" in by_step[14].message
    assert by_step[15].message == "not run: step 14 failed"
    assert (result.passed, result.failed, result.xfailed) == (3, 4, 1)


def test_each_scenario_runs_in_fresh_namespaces(store: GraphStore) -> None:
    scenario = parse_scenario(
        HEAD + '[[steps]]\nstep = "remember"\ntext = "I live in Oslo."\n'
        '[[steps]]\nstep = "facts"\npredicate = "lives_in"\nexpect = ["Oslo"]\n'
        '[[steps]]\nstep = "facts"\nnamespace = "b"\npredicate = "lives_in"\nexpect = []\n'
    )
    first, second = run([scenario, scenario], factory(store)).scenarios
    assert first.failed == second.failed == 0
    assert set(first.namespaces) == {"main", "b"}
    assert first.namespaces["main"] != second.namespaces["main"]
    assert first.namespaces["main"] != first.namespaces["b"]


# ---- the report ----------------------------------------------------------------------------------


def check(status: Outcome, passed: bool, step: int = 1) -> CheckResult:
    return CheckResult(
        step=step,
        check="facts",
        title=f"a {status} check",
        status=status,
        passed=passed,
        message=f"why it {status}",
    )


def report_of(*checks: CheckResult) -> EvalReport:
    return EvalReport(
        scenarios=[
            ScenarioResult(
                name="demo",
                description="d",
                origin="demo.toml",
                namespaces={"main": "demo.main-1"},
                checks=list(checks),
            )
        ]
    )


def test_format_report_ends_with_the_totals() -> None:
    report = report_of(
        check("passed", True, 1),
        check("passed", True, 2),
        check("failed", False, 3),
        check("xfail", False, 4),
        check("xpass", True, 5),
    )
    text = format_report(report)
    lines = text.splitlines()
    assert lines[-1] == "2 passed, 2 failed"
    assert re.fullmatch(r"\d+ passed, \d+ failed", lines[-1])
    assert "1 xfailed" in text
    assert "why it failed" in text
    assert "why it passed" not in text
    assert "why it passed" in format_report(report, verbose=True)
    assert not report.ok
    assert report_of(check("passed", True), check("xfail", False)).ok
    assert format_report(report_of()).splitlines()[-1] == "0 passed, 0 failed"


def test_the_report_is_json_ready() -> None:
    data = report_of(check("passed", True)).model_dump(mode="json")
    assert data["passed"] == 1
    assert data["failed"] == 0
    assert data["scenarios"][0]["checks"][0]["status"] == "passed"


# ---- packaging ---------------------------------------------------------------------------------


@pytest.mark.slow
def test_the_scenarios_ship_in_the_wheel(tmp_path: Path) -> None:
    import subprocess
    import sys

    pytest.importorskip("build")
    pytest.importorskip("hatchling")  # built without isolation: no network needed

    root = Path(__file__).resolve().parent.parent
    subprocess.run(
        [
            sys.executable,
            "-m",
            "build",
            "--wheel",
            "--no-isolation",
            "--outdir",
            str(tmp_path),
            str(root),
        ],
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    shipped = {n.removeprefix("graphmem/scenarios/") for n in names if "/scenarios/" in n}
    expected = {p.name for p in (root / "graphmem" / "scenarios").glob("*.toml")}
    assert shipped == expected
    assert "graphmem/evaluate/runner.py" in names
    assert "graphmem/store/embedded/store.py" in names
