"""Start-up: how long the command line and the MCP server take before they can answer, beside
``python -c "import graphmem"`` on the same machine in the same run (ratios, not absolutes).

Each command runs as a fresh process, ``--runs`` times; the median and the slowest are
printed, and each median over the import's median. "MCP ready" is from starting
``graphmem mcp`` (stdio, an embedded store in a scratch folder) to its answer to the
protocol's ``initialize`` request. "first remember" is one ``graphmem remember`` of one
message on a fresh embedded store, process start to exit.

    .venv/bin/python bench/startup.py [--runs 7]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _common import machine

PYTHON = sys.executable
GRAPHMEM = [PYTHON, "-m", "graphmem.console"]


def timed(argv: list[str], env: dict[str, str]) -> float:
    started = time.perf_counter()
    subprocess.run(argv, env=env, check=True, capture_output=True, timeout=300)
    return time.perf_counter() - started


def mcp_ready(env: dict[str, str]) -> float:
    """Process start to the answer to ``initialize`` over stdio."""
    hello = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {
            "protocolVersion": "2025-06-18",
            "capabilities": {},
            "clientInfo": {"name": "bench", "version": "0"},
        },
    }
    started = time.perf_counter()
    with subprocess.Popen(
        [*GRAPHMEM, "mcp", "--namespace", "bench"],
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    ) as server:
        assert server.stdin is not None
        assert server.stdout is not None
        server.stdin.write(json.dumps(hello) + "\n")
        server.stdin.flush()
        line = server.stdout.readline()
        ready = time.perf_counter() - started
        server.terminate()
    if '"result"' not in line:
        raise RuntimeError(f"graphmem mcp did not answer initialize: {line[:200]!r}")
    return ready


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args(argv)
    print(f"# bench/startup.py, {machine()}, {args.runs} runs each")
    with tempfile.TemporaryDirectory() as scratch:
        env = {**os.environ, "GRAPHMEM_PATH": str(Path(scratch) / "store")}
        env.pop("NEO4J_URI", None)
        cases = {
            'python -c "import graphmem"': lambda: timed([PYTHON, "-c", "import graphmem"], env),
            "graphmem --version": lambda: timed([*GRAPHMEM, "--version"], env),
            "graphmem --help": lambda: timed([*GRAPHMEM, "--help"], env),
            "graphmem remember (first, fresh store)": lambda: first_remember(env),
            "graphmem mcp: ready (initialize answered)": lambda: mcp_ready(env),
        }
        results = {name: [case() for _ in range(args.runs)] for name, case in cases.items()}
    base = statistics.median(results['python -c "import graphmem"'])
    print(f"{'':44}{'median s':>10}{'max s':>8}{'x import':>10}")
    for name, times in results.items():
        median = statistics.median(times)
        print(f"{name:44}{median:>10.3f}{max(times):>8.3f}{median / base:>10.1f}")


def first_remember(env: dict[str, str]) -> float:
    with tempfile.TemporaryDirectory() as fresh:
        return timed(
            [*GRAPHMEM, "remember", "I live in Lisbon.", "-n", "bench"],
            {**env, "GRAPHMEM_PATH": str(Path(fresh) / "store")},
        )


if __name__ == "__main__":
    main()
