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
