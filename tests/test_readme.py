"""The README's Python example runs as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_examples_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert len(blocks) >= 2
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("NEO4J_URI", raising=False)
    for number, block in enumerate(blocks):
        monkeypatch.setenv("GRAPHMEM_PATH", str(tmp_path / f"store-{number}"))
        namespace: dict[str, object] = {}
        exec(compile(block, str(README), "exec"), namespace)
        mem = namespace["mem"]
        if "Austin" in block:  # the walk-through: Denver forgotten, Austin holds again
            lives = [f.object for f in mem.facts(namespace="maya", predicate="lives_in")]
            assert lives == ["Austin"]
        mem.close()


def test_readme_shell_walk_through_runs_as_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each `graphmem` line of the shell block, as a user types it after `pip install`
    (issue 37): the placeholders are the ids the earlier lines printed."""
    import json
    import shlex

    from graphmem.cli import main

    block = re.search(r"```bash\n(export GRAPHMEM_PATH.*?)```", README.read_text(), re.S)
    assert block is not None
    monkeypatch.delenv("NEO4J_URI", raising=False)
    monkeypatch.setenv("GRAPHMEM_PATH", str(tmp_path / "store"))
    ids: dict[str, str] = {}
    for line in block.group(1).splitlines():
        command = re.split(r"\s#\s", line)[0].strip()
        if not command.startswith("graphmem "):
            continue
        for placeholder, value in ids.items():
            command = command.replace(placeholder, value)
        args = shlex.split(command)[1:]
        assert "<" not in " ".join(args), f"no id for {command!r}"
        assert main(["--json", *args]) == 0, command
        out = capsys.readouterr().out
        if "Denver" in command and args[0] == "remember":
            ids["<Denver's episode id>"] = json.loads(out)["episode_id"]
        if args[0] == "facts" and "--at" not in args:
            [fact] = [f for f in json.loads(out) if f["predicate"] == "lives_in"]
            ids["<fact id>"] = fact["id"]
    assert set(ids) == {"<Denver's episode id>", "<fact id>"}
