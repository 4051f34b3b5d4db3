"""The auditor notebooks (notebooks/*.ipynb) run top to bottom, on both stores.

Each notebook is executed fresh with nbclient in a temporary working directory,
on a kernel that runs this interpreter (so it imports this checkout of graphmem,
whatever kernels the machine has installed), and its outputs are checked: the
figures were drawn and saved, and the deletion audit printed PASS. The Neo4j run
hands the server to the notebook through NEO4J_URI, as a user would.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.neo4j_server import private_neo4j  # noqa: F401

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
CELL_TIMEOUT_S = 300  # the deletion audit purges, which restarts a Neo4j server
KERNEL_NAME = "graphmem-test-python"
NEO4J_VARS = ("NEO4J_URI", "NEO4J_USER", "NEO4J_PASSWORD", "GRAPHMEM_NEO4J_HOME")

# What each notebook must leave behind: figures (saved under figures/ and shown inline)
# and lines it must print.
EXPECTED: dict[str, dict[str, Any]] = {
    "memory_audit": {
        "figures": [
            "memory_timeline.png",
            "provenance_lives_in.png",
            "provenance_candidate.png",
            "recall_scores.png",
        ],
        "prints": ["statements: no problems"],
    },
    "deletion_audit": {
        "figures": ["deletion_counts.png"],
        # The disk scan ran (after a purge) and found nothing, on both stores.
        "prints": ["DELETION AUDIT: PASS", "PASS: 0 trace(s) in the files under"],
    },
}


@pytest.fixture(scope="module")
def kernel_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A Jupyter data dir whose only kernel runs this very interpreter.

    A kernelspec named ``python3`` may point anywhere on a developer's machine (a user
    install, another venv); this one cannot: its argv is ``sys.executable``.
    """
    root = tmp_path_factory.mktemp("jupyter")
    spec = root / "kernels" / KERNEL_NAME
    spec.mkdir(parents=True)
    (spec / "kernel.json").write_text(
        json.dumps(
            {
                "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
                "display_name": "graphmem tests (this interpreter)",
                "language": "python",
            }
        ),
        encoding="utf-8",
    )
    return root


@pytest.fixture(params=["embedded", pytest.param("neo4j", marks=pytest.mark.neo4j)])
def store_env(request: pytest.FixtureRequest) -> dict[str, str]:
    """The environment that chooses the notebook's store: no NEO4J_URI means embedded."""
    env = {k: v for k, v in os.environ.items() if k not in NEO4J_VARS}
    if request.param == "neo4j" and request.node.callspec.params.get("name") == "deletion_audit":
        # It purges (a restart) and scans the server's files: a server of its own.
        server = request.getfixturevalue("private_neo4j")
        env["NEO4J_URI"], env["GRAPHMEM_NEO4J_HOME"] = server.uri, str(server.home)
    elif request.param == "neo4j":
        env["NEO4J_URI"] = request.getfixturevalue("neo4j_uri")
        auth = request.getfixturevalue("neo4j_auth")
        if auth is not None:
            env["NEO4J_USER"], env["NEO4J_PASSWORD"] = auth
    return env


def execute(
    name: str, workdir: Path, env: dict[str, str], kernel_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> Any:
    # Jupyter's own settings for this process and the kernel: platformdirs paths (older
    # jupyter_core warns with a DeprecationWarning without it), our kernelspec first, and
    # runtime files and IPython's profile (no user startup scripts) kept in the test dir.
    jupyter_env = {
        "JUPYTER_PLATFORM_DIRS": "1",
        "JUPYTER_PATH": str(kernel_dir),
        "JUPYTER_RUNTIME_DIR": str(workdir / ".jupyter-runtime"),
        "IPYTHONDIR": str(workdir / ".ipython"),
    }
    for key, value in jupyter_env.items():
        monkeypatch.setenv(key, value)
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4)
    client = NotebookClient(
        nb,
        timeout=CELL_TIMEOUT_S,
        startup_timeout=120,
        kernel_name=KERNEL_NAME,
        resources={"metadata": {"path": str(workdir)}},
    )
    try:
        client.execute(env={**env, **jupyter_env})
    finally:
        # Kept next to the figures, for a look when something fails.
        nbformat.write(nb, workdir / f"{name}.executed.ipynb")
    return nb


def outputs(nb: Any) -> list[Any]:
    return [out for cell in nb.cells if cell.cell_type == "code" for out in cell.outputs]


def printed(nb: Any) -> str:
    return "".join(out.text for out in outputs(nb) if out.output_type == "stream")


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_notebook_runs_and_shows_its_evidence(
    name: str,
    store_env: dict[str, str],
    kernel_dir: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    nb = execute(name, tmp_path, store_env, kernel_dir, monkeypatch)  # a failing cell raises
    expected = EXPECTED[name]
    text = printed(nb)

    store = "Neo4j at" if "NEO4J_URI" in store_env else "embedded store in"
    assert f"store:     {store}" in text, text[:500]

    shown = [out for out in outputs(nb) if "image/png" in out.get("data", {})]
    assert len(shown) >= len(expected["figures"]), f"{len(shown)} figures shown"
    for figure in expected["figures"]:
        saved = tmp_path / "figures" / figure
        assert saved.is_file(), f"{figure} was not saved"
        assert saved.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", f"{figure} is not a PNG"

    for line in expected["prints"]:
        assert line in text, f"{name} did not print {line!r}:\n{text[-2000:]}"
    assert not [row for row in text.splitlines() if row.lstrip().startswith("FAIL")], text
