"""The README's and the docs' examples run as written.

What runs: every ```python block of README.md and of docs/*.md (each in a fresh
GRAPHMEM_PATH, NEO4J_URI unset, in a temporary folder); the README's shell walk-through
(the ```bash block that starts with `export GRAPHMEM_PATH`), line by line; and every
`graphmem` line of a ```bash block in docs/*.md, in a fresh folder whose default store is
./.graphmem. A docs block that cannot run so (it needs Neo4j, a model or a server) is
marked ```console or ```text. docs/DESIGN.md and docs/benchmarks-log.md are not examples.
"""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
NOT_RUN = {"DESIGN.md", "benchmarks-log.md"}
DOCS = sorted(page for page in (ROOT / "docs").glob("*.md") if page.name not in NOT_RUN)
FENCE = re.compile(r"^```(\w*)\n(.*?)^```$", re.S | re.M)


def blocks(page: Path, language: str) -> list[tuple[int, str]]:
    """The fenced blocks of ``language`` in ``page``: (line of the opening fence, text)."""
    text = page.read_text(encoding="utf-8")
    return [
        (text.count("\n", 0, match.start()) + 1, match.group(2))
        for match in FENCE.finditer(text)
        if match.group(1) == language
    ]


def run_python(page: Path, line: int, block: str) -> dict[str, object]:
    """Execute a block with its page's line numbers, so a traceback points into the page."""
    namespace: dict[str, object] = {"__name__": "__docs__"}
    exec(compile("\n" * line + block, str(page), "exec"), namespace)
    return namespace


def close_memories(namespace: dict[str, object]) -> None:
    from graphmem import Memory

    for value in namespace.values():
        if isinstance(value, Memory):
            value.close()


def test_readme_examples_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    found = blocks(README, "python")
    assert len(found) >= 2
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("NEO4J_URI", raising=False)
    for number, (line, block) in enumerate(found):
        monkeypatch.setenv("GRAPHMEM_PATH", str(tmp_path / f"store-{number}"))
        namespace = run_python(README, line, block)
        mem = namespace["mem"]
        if "Austin" in block:  # the walk-through: Denver forgotten, Austin holds again
            lives = [f.object for f in mem.facts(namespace="maya", predicate="lives_in")]
            assert lives == ["Austin"]
        close_memories(namespace)


def test_readme_shell_walk_through_runs_as_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each `graphmem` line of the shell block, as a user types it after `pip install`
    (issue 37): the placeholders are the ids the earlier lines printed."""
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


def docs_blocks(language: str) -> list[pytest.ParameterSet]:
    """One parameter a block: (page, line of its fence, text)."""
    return [
        pytest.param((page, line, block), id=f"{page.name}:{line}")
        for page in DOCS
        for line, block in blocks(page, language)
    ]


def test_docs_have_examples() -> None:
    """The collection below finds the pages' blocks (a renamed fence would skip them)."""
    assert DOCS
    assert docs_blocks("python")
    assert docs_blocks("bash")


@pytest.mark.parametrize("example", docs_blocks("python"))
def test_docs_python_blocks_run(
    example: tuple[Path, int, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    page, line, block = example
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("NEO4J_URI", raising=False)
    monkeypatch.setenv("GRAPHMEM_PATH", str(tmp_path / "store"))
    close_memories(run_python(page, line, block))


@pytest.mark.parametrize("example", docs_blocks("bash"))
def test_docs_shell_blocks_run(
    example: tuple[Path, int, str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Every `graphmem` line (also `.venv/bin/graphmem`) runs and exits 0, in order, in a
    fresh folder with no GRAPHMEM_PATH or NEO4J_URI: the store is ./.graphmem, as the
    pages say. `export NAME=value` lines apply to the lines after them; other commands
    (pip, tools/, docker) are not run."""
    from graphmem.cli import main

    page, line, block = example
    monkeypatch.chdir(tmp_path)
    for name in ("NEO4J_URI", "GRAPHMEM_PATH", "GRAPHMEM_EMBEDDER", "GRAPHMEM_MODEL"):
        monkeypatch.delenv(name, raising=False)
    for number, text in enumerate(block.splitlines(), start=line + 1):
        words = shlex.split(text, comments=True)
        if words[:1] == ["export"]:
            for assignment in words[1:]:
                name, _, value = assignment.partition("=")
                monkeypatch.setenv(name, value)
            continue
        while words and re.fullmatch(r"[A-Z_][A-Z0-9_]*=.*", words[0]):
            name, _, value = words.pop(0).partition("=")
            monkeypatch.setenv(name, value)
        if not words or Path(words[0]).name != "graphmem":
            continue
        where = f"{page.name}:{number}: {text.strip()}"
        assert not any("<" in word for word in words), f"a placeholder cannot run: {where}"
        assert main(words[1:]) == 0, where
        capsys.readouterr()


def test_docs_pages_start_with_a_summary() -> None:
    for page in DOCS:
        parts = [p for p in page.read_text(encoding="utf-8").split("\n\n") if p.strip()]
        assert parts[0].startswith("# "), f"{page.name}: a title first"
        assert parts[1][:1].isalnum() or parts[1][:1] in "`*", f"{page.name}: then a summary"


def slug(heading: str) -> str:
    """GitHub's anchor for a heading."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def test_links_resolve() -> None:
    """Every relative link of the README and the docs names a file that exists, and an
    anchor a heading of it; the README's "Read more" links every docs page."""
    for page in [README, *DOCS]:
        for target in re.findall(r"\]\(([^)\s]+)\)", page.read_text(encoding="utf-8")):
            if re.match(r"[a-z]+:", target):
                continue
            path, _, anchor = target.partition("#")
            linked = (page.parent / path).resolve() if path else page
            assert linked.exists(), f"{page.name}: {target}"
            if anchor and linked.suffix == ".md":
                headings = re.findall(r"^#+ (.*)$", linked.read_text(encoding="utf-8"), re.M)
                assert anchor in {slug(h) for h in headings}, f"{page.name}: {target}"
    read_more = README.read_text(encoding="utf-8").split("## Read more", 1)[1]
    for page in DOCS:
        assert f"(docs/{page.name})" in read_more, f"README's Read more lacks {page.name}"
