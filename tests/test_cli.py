"""The ``graphmem`` command line: in-process through ``main`` and, for exit codes and
stdin, as a real subprocess."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

import graphmem
from graphmem import Memory
from graphmem.cli import main

NS = "maya"
# The command line runs on the wall clock: the story happens in the last few weeks.
TODAY = datetime.now(UTC).replace(hour=9, minute=0, second=0, microsecond=0)
DENVER_AT = TODAY - timedelta(days=40)
BOSTON_AT = TODAY - timedelta(days=20)
BETWEEN = TODAY - timedelta(days=30)


def iso(moment: datetime) -> str:
    return moment.isoformat().replace("+00:00", "Z")


def day(moment: datetime) -> str:
    return f"{moment:%Y-%m-%d}"


Run = Callable[..., tuple[int, str, str]]


@pytest.fixture
def store(tmp_path: Path) -> Path:
    return tmp_path / "store"


@pytest.fixture
def cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Run:
    """``cli("facts", "-n", "maya")`` -> (exit code, stdout, stderr), on a scratch store (the
    path ``store`` gives; not that fixture, so that other modules can use this one)."""
    store = tmp_path / "store"

    def run(*argv: str, path: Path | None = store) -> tuple[int, str, str]:
        capsys.readouterr()
        code = main([*argv, "--path", str(path)] if path is not None else list(argv))
        out, err = capsys.readouterr()
        return code, out, err

    return run


def as_json(cli: Run, *argv: str) -> Any:
    code, out, err = cli(*argv, "--json")
    assert code == 0, err
    return json.loads(out)


def subprocess_cli(*argv: str, stdin: str = "", env: dict[str, str] | None = None) -> Any:
    """A real ``python -m graphmem.cli`` run; stdin is a pipe, never a terminal."""
    return subprocess.run(
        [sys.executable, "-m", "graphmem.cli", *argv],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        check=False,
    )


class FakeTerminal(io.StringIO):
    """A stdin that claims to be a terminal, with the user's typed answer."""

    def isatty(self) -> bool:
        return True


# ---- remember -----------------------------------------------------------------


def test_version(cli: Run) -> None:
    code, out, _ = cli("--version", path=None)
    assert code == 0
    assert out.strip() == f"graphmem {graphmem.__version__}"


def test_remember_from_an_argument(cli: Run) -> None:
    code, out, err = cli("remember", "-n", NS, "I moved to Denver last week.")
    assert (code, err) == (0, "")
    assert out.startswith("episode ep_")
    assert "ADD" in out
    assert "lives_in Denver" in out


def test_remember_from_a_file(cli: Run, tmp_path: Path) -> None:
    note = tmp_path / "note.txt"
    note.write_text("I prefer window seats.", encoding="utf-8")
    result = as_json(cli, "remember", "-n", NS, "--file", str(note))
    assert result["episode_id"].startswith("ep_")
    assert [op["kind"] for op in result["operations"]] == ["ADD"]


@pytest.mark.parametrize("argv", [["-"], []], ids=["dash", "nothing"])
def test_remember_from_stdin(cli: Run, monkeypatch: pytest.MonkeyPatch, argv: list[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("I moved to Denver last week."))
    result = as_json(cli, "remember", "-n", NS, *argv)
    assert any("Denver" in op["claim"] for op in result["operations"])


def test_remember_text_and_file_together_is_a_usage_error(cli: Run, tmp_path: Path) -> None:
    note = tmp_path / "note.txt"
    note.write_text("x", encoding="utf-8")
    code, out, err = cli("remember", "-n", NS, "some text", "--file", str(note))
    assert (code, out) == (2, "")
    assert err == "graphmem: give the text or --file, not both\n"


def test_remember_a_missing_file_names_it(cli: Run, tmp_path: Path) -> None:
    code, _, err = cli("remember", "-n", NS, "--file", str(tmp_path / "nope.txt"))
    assert code == 2
    assert err.startswith("graphmem: cannot read ")
    assert "nope.txt" in err


def jsonl(path: Path, *records: dict[str, Any] | str) -> Path:
    lines = [r if isinstance(r, str) else json.dumps(r) for r in records]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


BULK = (
    {"text": "I moved to Denver.", "at": iso(DENVER_AT), "session": "s1"},
    "",
    {
        "claims": [
            {
                "subject": "maya",
                "predicate": "works_at",
                "object": "Acme",
                "valid_from": iso(BETWEEN),
            }
        ],
        "source": "user",
    },
    {"text": "I like tea.", "speaker": "Maya"},
)


def test_remember_jsonl_with_progress(cli: Run, tmp_path: Path) -> None:
    path = jsonl(tmp_path / "bulk.jsonl", *BULK)
    code, out, err = cli("remember", "-n", NS, "--jsonl", str(path), "--progress")
    assert code == 0
    assert out.startswith("remembered 3 episodes: ")
    assert "remember [" in err
    assert "3/3" in err
    assert err.endswith("\n")
    objects = {f["object"] for f in as_json(cli, "facts", "-n", NS)}
    assert {"Denver", "Acme"} <= objects


def test_remember_jsonl_json_output_and_no_bar_off_a_terminal(cli: Run, tmp_path: Path) -> None:
    path = jsonl(tmp_path / "bulk.jsonl", *BULK)
    code, out, err = cli("remember", "-n", NS, "--jsonl", str(path), "--json")
    assert (code, err) == (0, "")
    results = json.loads(out)
    assert len(results) == 3
    assert all(r["episode_id"].startswith("ep_") for r in results)


def test_remember_jsonl_names_the_bad_line(cli: Run, tmp_path: Path) -> None:
    path = jsonl(tmp_path / "bad.jsonl", {"text": "I like tea."}, {"text": "x", "colour": "red"})
    code, _, err = cli("remember", "-n", NS, "--jsonl", str(path))
    assert code == 2
    assert "bad.jsonl' line 2: unknown keys ['colour']" in err
    assert "(1 record before it remembered)" in err
    assert err.startswith("graphmem: ")
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("record", "message"),
    [
        ("not json", "not JSON"),
        ({"text": "a", "claims": []}, 'needs "text" or "claims"'),
        ({"text": "a", "at": "2026-01-01T00:00:00"}, "has no timezone"),
        ({"claims": [{"subject": "maya", "predicate": "Bad Name", "object": "x"}]}, "Bad Name"),
    ],
)
def test_remember_jsonl_refuses_bad_records(
    cli: Run, tmp_path: Path, record: dict[str, Any] | str, message: str
) -> None:
    code, _, err = cli("remember", "-n", NS, "--jsonl", str(jsonl(tmp_path / "r.jsonl", record)))
    assert code == 2
    assert "line 1: " in err
    assert message in err


# ---- read ---------------------------------------------------------------------


@pytest.fixture
def moved(cli: Run) -> dict[str, str]:
    """Maya lived in Denver, then moved to Boston: two values of one slot.

    The move retires the Denver fact believed so far (open-ended) and writes a new Denver
    version that ends when Boston begins: three Fact records, two of them believed now.
    """
    first = as_json(cli, "remember", "-n", NS, "--at", iso(DENVER_AT), "I moved to Denver.")
    second = as_json(cli, "remember", "-n", NS, "--at", iso(BOSTON_AT), "I moved to Boston.")
    return {
        "denver": first["operations"][0]["fact_id"],
        "denver_episode": first["episode_id"],
        "boston": second["operations"][0]["fact_id"],
        "boston_episode": second["episode_id"],
    }


def test_facts_now_in_the_past_and_every_version(cli: Run, moved: dict[str, str]) -> None:
    code, out, _ = cli("facts", "-n", NS)
    assert code == 0
    (line,) = out.splitlines()
    assert line.startswith(f"{moved['boston']}  active/user  {day(BOSTON_AT)}..now  ")
    assert line.endswith(" lives in Boston")
    then = as_json(cli, "facts", "-n", NS, "--at", iso(BETWEEN))
    assert [f["object"] for f in then] == ["Denver"]
    code, out, _ = cli("facts", "-n", NS, "--history")
    lines = out.splitlines()
    assert len(lines) == 2
    span = f"{day(DENVER_AT)}..{day(BOSTON_AT)}"
    assert f"superseded/user  {span}  " in lines[0]
    assert lines[0].endswith(" lives in Denver")
    assert lines[1].index(" lives in") == lines[0].index(" lives in")  # aligned


def test_facts_empty_says_so(cli: Run) -> None:
    assert cli("facts", "-n", NS)[:2] == (0, "no facts\n")


def test_recall_human_and_json(cli: Run, moved: dict[str, str]) -> None:
    code, out, _ = cli("recall", "where does the user live", "-n", NS, "-k", "3")
    assert code == 0
    assert moved["boston"] in out
    assert " lives in Boston" in out
    found = as_json(cli, "recall", "where does the user live", "-n", NS, "--no-episodes")
    assert found[0]["fact_id"] == moved["boston"]
    assert {e["kind"] for e in found} == {"fact"}
    old = as_json(cli, "recall", "lives", "-n", NS, "--at", iso(BETWEEN))
    assert "Denver" in old[0]["text"]


def test_history_oldest_first_with_support(cli: Run, moved: dict[str, str]) -> None:
    chain = as_json(cli, "history", moved["boston"], "-n", NS)
    assert [(f["object"], f["status"]) for f in chain] == [
        ("Denver", "superseded"),
        ("Boston", "active"),
    ]
    closed = chain[0]["id"]
    # The Denver shown is the version the move wrote, closed when Boston began; the
    # open-ended one believed before the move is retired and hidden (a revision).
    assert closed not in {moved["denver"], moved["boston"]}
    code, out, _ = cli("history", moved["boston"], "-n", NS)
    assert code == 0
    first, second = out.splitlines()
    assert first.startswith(closed)
    assert f"superseded/user  {day(DENVER_AT)}..{day(BOSTON_AT)}  " in first
    assert first.endswith(moved["denver_episode"])  # the support carried over to the version
    assert second.startswith(moved["boston"])
    assert second.endswith(moved["boston_episode"])
    assert moved["denver"] not in out
    # The same chain through any of its facts, the retired original included.
    for start in (moved["denver"], closed):
        assert [f["id"] for f in as_json(cli, "history", start, "-n", NS)] == [
            closed,
            moved["boston"],
        ]


def test_episode_shows_its_content(cli: Run, moved: dict[str, str]) -> None:
    code, out, _ = cli("episode", moved["boston_episode"], "-n", NS)
    assert code == 0
    assert out.rstrip().endswith("I moved to Boston.")
    assert f"occurred    {BOSTON_AT:%Y-%m-%d %H:%M:%S}" in out


def test_options_after_the_command(cli: Run, moved: dict[str, str], store: Path) -> None:
    code, out, _ = cli("--json", "--path", str(store), "stats", "-n", NS, path=None)
    assert code == 0
    counts = json.loads(out)
    # Denver as first believed (retired by the move), Denver closed at the move, Boston.
    assert (counts["Episode"], counts["Fact"]) == (2, 3)


@pytest.mark.parametrize(
    "argv",
    [
        ["history", "f_nope"],
        ["confirm", "f_nope"],
        ["reject", "f_nope"],
        ["forget", "--fact", "f_nope"],
        ["feedback", "f_nope", "bad"],
    ],
    ids=lambda argv: argv[0],
)
def test_unknown_fact_id_is_a_usage_error_naming_it(cli: Run, argv: list[str]) -> None:
    code, out, err = cli(*argv, "-n", NS)
    assert (code, out) == (2, "")
    assert err == f"graphmem: no fact 'f_nope' in namespace {NS!r}\n"


def test_audit_and_since(cli: Run, moved: dict[str, str]) -> None:
    code, out, _ = cli("audit", "-n", NS)
    assert code == 0
    assert "supersede" in out
    assert moved["denver"] in out
    assert as_json(cli, "audit", "-n", NS, "--since", "2999-01-01T00:00:00Z") == []


# ---- candidates, forgetting ---------------------------------------------------


@pytest.fixture
def candidate(cli: Run, tmp_path: Path) -> str:
    path = jsonl(
        tmp_path / "guess.jsonl",
        {"claims": [{"subject": "maya", "predicate": "likes", "object": "jazz", "inferred": True}]},
    )
    result = as_json(cli, "remember", "-n", NS, "--jsonl", str(path))
    fact_id: str = result[0]["operations"][0]["fact_id"]
    return fact_id


def test_confirm_a_candidate(cli: Run, candidate: str) -> None:
    assert as_json(cli, "facts", "-n", NS) == []
    code, out, _ = cli("confirm", candidate, "-n", NS)
    assert code == 0
    assert "active/confirmed" in out
    code, _, err = cli("confirm", candidate, "-n", NS)
    assert code == 2
    assert "not a candidate" in err


def test_reject_a_candidate(cli: Run, candidate: str) -> None:
    fact = as_json(cli, "reject", candidate, "-n", NS)
    assert fact["status"] == "retracted"


def test_forget_a_fact(cli: Run, candidate: str) -> None:
    code, out, _ = cli("forget", "--fact", candidate, "-n", NS)
    assert code == 0
    assert out.startswith("removed ")
    assert "1 Fact" in out


def test_forget_everything_refused_without_yes_off_a_terminal(
    cli: Run, candidate: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("y\n"))
    code, _, err = cli("forget", "--everything", "-n", NS)
    assert code == 2
    assert "stdin is not a terminal" in err
    assert "--yes" in err
    assert as_json(cli, "stats", "-n", NS)["Fact"] == 1


def test_forget_everything_asks_at_a_terminal(
    cli: Run, candidate: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", FakeTerminal("n\n"))
    code, _, err = cli("forget", "--everything", "-n", NS)
    assert code == 1
    assert "[y/N]" in err
    assert err.endswith("graphmem: nothing forgotten\n")
    assert as_json(cli, "stats", "-n", NS)["Fact"] == 1
    monkeypatch.setattr(sys, "stdin", FakeTerminal("yes\n"))
    code, out, _ = cli("forget", "--everything", "-n", NS)
    assert code == 0
    assert "tombstones" in out


def test_forget_everything_with_yes(cli: Run, candidate: str) -> None:
    report = as_json(cli, "forget", "--everything", "--yes", "-n", NS)
    assert report["removed"]["Fact"] == 1


def test_forget_needs_exactly_one_target(cli: Run) -> None:
    assert cli("forget", "-n", NS)[0] == 2
    assert cli("forget", "--fact", "a", "--episode", "b", "-n", NS)[0] == 2


def test_reading_after_forgetting_in_another_process(cli: Run, moved: dict[str, str]) -> None:
    assert cli("forget", "--fact", moved["boston"], "-n", NS)[0] == 0
    assert [f["object"] for f in as_json(cli, "facts", "-n", NS)] == ["Denver"]


# ---- lifecycle ----------------------------------------------------------------


def test_export_import_round_trip_into_another_namespace(
    cli: Run, moved: dict[str, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    dump = tmp_path / "maya.json"
    code, out, _ = cli("export", "-n", NS, "-o", str(dump))
    assert code == 0
    assert out.startswith(f"exported {NS!r} to ")
    doc = json.loads(dump.read_text(encoding="utf-8"))
    assert doc["namespace"] == NS
    # Every belief-time version is exported: the retired open-ended Denver too.
    by_id = {f["id"]: f for f in doc["facts"]}
    assert len(by_id) == 3
    links = {(s["new_id"], s["old_id"]): s["reason"] for s in doc["supersessions"]}
    ((closed, original),) = [pair for pair, reason in links.items() if reason == "revised"]
    assert original == moved["denver"]
    assert links == {(closed, original): "revised", (moved["boston"], closed): "new value"}
    assert by_id[original]["valid_until"].startswith("9999-12-31")
    assert not by_id[original]["retired_at"].startswith("9999-12-31")
    assert by_id[closed]["valid_until"] == by_id[moved["boston"]]["valid_from"]
    assert by_id[closed]["retired_at"].startswith("9999-12-31")
    code, out, _ = cli("import", str(dump), "-n", "copy")
    assert code == 0
    assert out.splitlines()[0] == "imported into 'copy'"

    def versions(ns: str) -> list[tuple[str, str]]:
        facts = as_json(cli, "facts", "-n", ns, "--history")
        return [(f["object"], f["status"]) for f in facts]

    # --history lists the versions still believed: the retired open-ended Denver is left out.
    assert versions("copy") == versions(NS) == [("Denver", "superseded"), ("Boston", "active")]

    # As believed when Denver was first recorded: the open-ended Denver, valid today.
    before_the_move = ("--known-at", by_id[original]["recorded_at"], "--at", iso(TODAY))

    def believed(ns: str) -> list[dict[str, Any]]:
        found = as_json(cli, "facts", "-n", ns, *before_the_move)
        return [{k: f[k] for k in ("object", "valid_from", "valid_until")} for f in found]

    assert [f["id"] for f in as_json(cli, "facts", "-n", NS, *before_the_move)] == [original]
    assert (
        believed("copy")
        == believed(NS)
        == [{"object": "Denver", "valid_from": iso(DENVER_AT), "valid_until": None}]
    )
    # stdout to stdin, and a second import into a non-empty namespace is refused
    _, exported, _ = cli("export", "-n", NS)
    assert json.loads(exported)["namespace"] == NS
    monkeypatch.setattr(sys, "stdin", io.StringIO(exported))
    assert as_json(cli, "import", "-n", "other")["Fact"] == 3
    code, _, err = cli("import", str(dump), "-n", "copy")
    assert code == 2
    assert "'copy' is not empty" in err


def test_import_rejects_what_is_not_an_export(cli: Run, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2]", encoding="utf-8")
    assert cli("import", str(bad), "-n", "x")[0] == 2
    bad.write_text("{", encoding="utf-8")
    code, _, err = cli("import", str(bad), "-n", "x")
    assert code == 2
    assert "is not JSON" in err


def test_gc_is_a_dry_run_unless_applied(cli: Run, moved: dict[str, str]) -> None:
    boston = moved["boston"]
    assert cli("feedback", boston, "bad", "-n", NS, "--note", "wrong city")[0] == 0
    code, out, _ = cli("gc", "-n", NS)
    assert code == 0
    assert out.splitlines() == [
        "dry run: would remove 0, demote 1 (--apply to do it)",
        f"  demote: {boston}",
    ]
    assert as_json(cli, "facts", "-n", NS)[0]["status"] == "active"
    report = as_json(cli, "gc", "-n", NS, "--apply")
    assert report == {"dry_run": False, "removed": [], "demoted": [boston]}
    assert as_json(cli, "facts", "-n", NS, "--history")[1]["status"] == "needs_review"
    assert cli("gc", "-n", NS)[1] == "dry run: would remove 0, demote 0\n"


def test_distill_then_rollback(cli: Run, moved: dict[str, str]) -> None:
    run = as_json(cli, "distill", "-n", NS)
    assert run["status"] == "applied"
    code, out, _ = cli("rollback", run["id"], "-n", NS)
    assert code == 0
    assert out.startswith(f"run {run['id']}  version {run['version']}  rolled_back")
    code, _, err = cli("rollback", run["id"], "-n", NS)
    assert code == 2
    assert "rolled_back already" in err
    assert cli("rollback", "run_nope", "-n", NS)[0] == 2


def test_expire_writes_down_ended_validity(cli: Run, tmp_path: Path) -> None:
    office = {
        "subject": "maya",
        "predicate": "office_in",
        "object": "Lisbon",
        "valid_from": "2025-01-01T00:00:00Z",
        "valid_until": "2025-06-01T00:00:00Z",
    }
    path = jsonl(tmp_path / "old.jsonl", {"claims": [office], "at": "2025-01-01T00:00:00Z"})
    fact_id = as_json(cli, "remember", "-n", NS, "--jsonl", str(path))[0]["operations"][0][
        "fact_id"
    ]
    code, out, _ = cli("expire", "-n", NS)
    assert code == 0
    assert out.splitlines() == ["expired 1, due for review 0", f"  expired: {fact_id}"]
    assert as_json(cli, "expire", "-n", NS) == {"expired": [], "needs_review": []}


def test_stats(cli: Run, moved: dict[str, str]) -> None:
    code, out, _ = cli("stats", "-n", NS)
    assert code == 0
    assert "Episode     2" in out.splitlines()


# ---- store selection, errors --------------------------------------------------


def test_store_from_the_environment(cli: Run, store: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NEO4J_URI", raising=False)
    monkeypatch.setenv("GRAPHMEM_PATH", str(store))
    assert cli("remember", "-n", NS, "I moved to Denver.", path=None)[0] == 0
    with Memory(store) as mem:
        assert [f.object for f in mem.facts(NS)] == ["Denver"]


def test_path_and_neo4j_together_is_a_usage_error(cli: Run) -> None:
    code, _, err = cli("stats", "-n", NS, "--neo4j", "bolt://127.0.0.1:1")
    assert code == 2
    assert "not allowed with" in err


def test_argparse_errors_exit_2(cli: Run) -> None:
    assert cli("facts")[0] == 2  # no namespace
    code, _, err = cli("facts", "-n", NS, "--at", "2026-01-01")
    assert code == 2
    assert "has no timezone" in err
    assert cli("no-such-command", path=None)[0] == 2


def test_bad_namespace_is_a_usage_error(cli: Run) -> None:
    code, _, err = cli("facts", "-n", "bad ns")
    assert code == 2
    assert err.startswith("graphmem: namespace='bad ns' is not usable")


def test_interrupt_exits_130(cli: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(*args: Any, **kwargs: Any) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(Memory, "facts", interrupted)
    assert cli("facts", "-n", NS) == (130, "", "graphmem: interrupted\n")


def test_demo_runs(cli: Run) -> None:
    code, out, _ = cli("demo", path=None)
    assert code == 0
    assert len(out.splitlines()) > 10
    lines = as_json(cli, "demo")["output"]

    def same(text: str) -> str:  # ids are minted afresh by each run
        return re.sub(r"\bep_[0-9a-f]+", "ep_", text)

    assert [same(line) for line in lines] == [same(line) for line in out.splitlines()]


# ---- eval ---------------------------------------------------------------------

PASSING = """
name = "cli-passing"
description = "a user's move is remembered"

[[steps]]
step = "remember"
text = "I moved to Denver."

[[steps]]
step = "facts"
predicate = "lives_in"
expect = ["Denver"]
"""


def test_eval_builtin_scenarios_exit_code_follows_the_report(cli: Run) -> None:
    code, out, err = cli("eval", "--json", path=None)
    report = json.loads(out)
    assert report["scenarios"], err
    assert code == (0 if report["failed"] == 0 else 1)
    code, out, _ = cli("eval", path=None)
    assert out.rstrip().endswith(f"{report['passed']} passed, {report['failed']} failed")


def test_eval_scenario_files(cli: Run, tmp_path: Path) -> None:
    good = tmp_path / "good.toml"
    good.write_text(PASSING, encoding="utf-8")
    code, out, _ = cli("eval", str(good), path=None)
    assert code == 0
    assert out.rstrip().endswith("1 passed, 0 failed")
    bad = tmp_path / "bad.toml"
    bad.write_text(PASSING.replace("cli-passing", "cli-failing").replace('["Denver"]', '["Oslo"]'))
    code, out, _ = cli("eval", str(bad), path=None)
    assert code == 1
    assert out.rstrip().endswith("0 passed, 1 failed")
    code, _, err = cli("eval", str(tmp_path / "missing.toml"), path=None)
    assert code == 2
    assert "missing.toml" in err


def test_eval_on_neo4j_needs_a_uri(cli: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NEO4J_URI", raising=False)
    code, _, err = cli("eval", "--store", "neo4j", path=None)
    assert code == 2
    assert "--neo4j URI or NEO4J_URI" in err


# ---- real processes -----------------------------------------------------------


def test_process_remember_from_stdin_and_read_back(store: Path) -> None:
    done = subprocess_cli("--path", str(store), "remember", "-n", NS, stdin="I moved to Denver.")
    assert done.returncode == 0, done.stderr
    assert "lives_in Denver" in done.stdout
    done = subprocess_cli("--path", str(store), "--json", "facts", "-n", NS)
    assert [f["object"] for f in json.loads(done.stdout)] == ["Denver"]


def test_process_jsonl_from_stdin_shows_progress(store: Path) -> None:
    lines = "".join(json.dumps(r) + "\n" for r in BULK if r)
    done = subprocess_cli(
        "--path", str(store), "remember", "-n", NS, "--jsonl", "-", "--progress", stdin=lines
    )
    assert done.returncode == 0, done.stderr
    assert "remember [" in done.stderr
    assert "3/3" in done.stderr
    assert done.stdout.startswith("remembered 3 episodes")


def test_process_forget_everything_without_yes(store: Path) -> None:
    subprocess_cli("--path", str(store), "remember", "-n", NS, "I moved to Denver.")
    done = subprocess_cli("--path", str(store), "forget", "--everything", "-n", NS, stdin="y\n")
    assert done.returncode == 2
    assert done.stderr.startswith("graphmem: forget --everything erases namespace 'maya'")
    assert "--yes" in done.stderr
    done = subprocess_cli("--path", str(store), "--json", "stats", "-n", NS)
    assert json.loads(done.stdout)["Fact"] == 1


def test_process_unknown_fact_id(store: Path) -> None:
    done = subprocess_cli("--path", str(store), "history", "f_missing", "-n", NS)
    assert done.returncode == 2
    assert done.stderr == "graphmem: no fact 'f_missing' in namespace 'maya'\n"


def test_process_neo4j_unreachable() -> None:
    done = subprocess_cli("--neo4j", "bolt://127.0.0.1:1", "facts", "-n", NS)
    assert done.returncode == 1
    assert done.stderr.startswith("graphmem: Neo4j at bolt://127.0.0.1:1 cannot be reached")
    assert "Traceback" not in done.stderr
    assert done.stdout == ""


def test_process_usage_error_and_version() -> None:
    done = subprocess_cli("facts")
    assert done.returncode == 2
    assert "required: -n/--namespace" in done.stderr
    done = subprocess_cli("--version")
    assert (done.returncode, done.stdout) == (0, f"graphmem {graphmem.__version__}\n")


# ---- Neo4j --------------------------------------------------------------------


@pytest.mark.neo4j
def test_on_neo4j(
    cli: Run,
    neo4j_uri: str,
    neo4j_auth: tuple[str, str] | None,
    ns: Callable[[str], str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    if neo4j_auth is not None:
        monkeypatch.setenv("NEO4J_USER", neo4j_auth[0])
        monkeypatch.setenv("NEO4J_PASSWORD", neo4j_auth[1])
    monkeypatch.setenv("NEO4J_URI", neo4j_uri)
    name = ns("cli")
    assert cli("remember", "-n", name, "I moved to Denver.", path=None)[0] == 0
    code, out, _ = cli("--json", "facts", "-n", name, path=None)
    assert code == 0
    assert [f["object"] for f in json.loads(out)] == ["Denver"]
    code, out, _ = cli("forget", "--everything", "--yes", "-n", name, path=None)
    assert code == 0
    assert "1 Fact" in out
