"""The package as users get it: one public namespace, every query once, the data in the wheel."""

from __future__ import annotations

import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import graphmem
from graphmem import UnknownQuery
from graphmem.store import cypher

ROOT = Path(__file__).resolve().parents[1]
QUERY_NAME = re.compile(r"""["']((?:write|read|recall|admin|explore|bench)/[a-z0-9_]+)["']""")


def test_public_names_are_sorted_and_importable() -> None:
    assert graphmem.__all__ == sorted(graphmem.__all__)
    for name in graphmem.__all__:
        assert getattr(graphmem, name) is not None


def _named_in_code() -> set[str]:
    found: set[str] = set()
    # bench/ queries are the ceilings the benchmarks measure graphmem against.
    for path in [*(ROOT / "graphmem").rglob("*.py"), *(ROOT / "bench").glob("*.py")]:
        found |= set(QUERY_NAME.findall(path.read_text(encoding="utf-8")))
    return found


def test_every_query_the_code_names_has_a_file() -> None:
    assert _named_in_code() - set(cypher.names()) == set()


def test_every_query_file_is_used() -> None:
    # Schema files run by folder; explore/ is for analysts (tested in test_explore.py).
    unused = {
        name
        for name in cypher.names()
        if not name.startswith(("schema/", "explore/")) and name not in _named_in_code()
    }
    assert unused == set()


def test_every_query_documents_its_parameters() -> None:
    for name in cypher.names():
        header = cypher.header(name)
        assert header, f"{name} has no header comment"
        for parameter in sorted(cypher.parameters(name)):
            assert f"${parameter}" in header, f"{name}: ${parameter} is not documented"


def test_unknown_query_names_the_alternatives() -> None:
    with pytest.raises(UnknownQuery, match=r"no query named 'write/facts_creat'; available: .*"):
        cypher.load("write/facts_creat")


def test_no_cypher_inside_python() -> None:
    pattern = re.compile(r"""["'][^"'\n]*\b(MATCH|MERGE|DETACH DELETE|UNWIND)\b""")
    offenders = [
        str(path.relative_to(ROOT))
        for path in (ROOT / "graphmem").rglob("*.py")
        if pattern.search(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []


@pytest.mark.slow
def test_the_wheel_ships_queries_prompts_encodings_and_scenarios(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(tmp_path)],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    wheel = next(tmp_path.glob("graphmem-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    for name in cypher.names():
        assert f"graphmem/cypher/{name}.cypher" in names
    assert "graphmem/models/prompts/extract.md" in names
    assert "graphmem/models/prompts/decide.md" in names
    assert "graphmem/py.typed" in names
    assert any(
        n.startswith("graphmem/models/encodings/") and n.endswith(".tiktoken.gz") for n in names
    )
    assert "graphmem/trust/secrets/bip39_english.txt" in names
    assert "graphmem/write/single_value.tsv" in names
    assert "graphmem/trust/secrets/cues.tsv" in names
    assert "graphmem/trust/secrets/cues_LICENSES.md" in names
