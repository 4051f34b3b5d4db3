"""Finding a Neo4j server for the tests.

Order: ``NEO4J_URI`` from the environment (``NEO4J_USER``/``NEO4J_PASSWORD``
optional); else a testcontainers Neo4j when a Docker engine answers; else the
embedded server of ``tools/neo4j/neo4j-local`` (needs Java >= 21, and Maven for
its first build). When none can be had the tests that need one are skipped,
except under ``CI=true`` or ``GRAPHMEM_REQUIRE_NEO4J=1``, where that is a failure.

The local server is left running after the session, so the next run starts fast;
``tools/neo4j/neo4j-local stop`` ends it.
"""

from __future__ import annotations

import gc
import os
import re
import socket
import subprocess
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

import pytest
from neo4j import Driver, GraphDatabase

# Keep in step with docker-compose.yml and tools/neo4j/pom.xml.
NEO4J_IMAGE = "neo4j:2026.08.1-community"
REPO = Path(__file__).resolve().parent.parent
LAUNCHER = REPO / "tools" / "neo4j" / "neo4j-local"
# The first launcher run builds with Maven and downloads ~150 MB of jars.
LAUNCHER_TIMEOUT_S = 900

Auth = tuple[str, str] | None
_AUTH_KEY = pytest.StashKey[Auth]()


def _neo4j_required() -> bool:
    return (
        os.environ.get("CI", "").lower() in {"1", "true", "yes"}
        or os.environ.get("GRAPHMEM_REQUIRE_NEO4J") == "1"
    )


def _unavailable(reason: str) -> NoReturn:
    if _neo4j_required():
        pytest.fail(f"no Neo4j for the tests (CI/GRAPHMEM_REQUIRE_NEO4J is set): {reason}")
    pytest.skip(f"no Neo4j: {reason}")


def _answers(uri: str, auth: Auth) -> str | None:
    """None when a query round-trips, else the error text."""
    try:
        with GraphDatabase.driver(uri, auth=auth, connection_timeout=5) as driver:
            driver.verify_connectivity()
    except Exception as exc:
        return f"{type(exc).__name__}: {exc}"
    return None


def _docker_answers() -> bool:
    """True only when a Docker engine really answers; quick and quiet when there is none."""
    host = os.environ.get("DOCKER_HOST", "")
    sockets = (Path("/var/run/docker.sock"), Path.home() / ".docker" / "run" / "docker.sock")
    if not host and not any(s.exists() for s in sockets):
        return False
    # docker-py leaks a socket (ResourceWarning) when the engine is missing, which
    # the suite's filterwarnings=error would turn into an error: keep it quiet here.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            import docker  # type: ignore[import-untyped, unused-ignore]

            client = docker.from_env(timeout=3)
            try:
                return bool(client.ping())
            finally:
                client.close()
        except Exception:
            return False
        finally:
            gc.collect()


def _start_container() -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        try:
            from testcontainers.community.neo4j import Neo4jContainer
        except ImportError:  # testcontainers < 4.14
            from testcontainers.neo4j import Neo4jContainer
    container = Neo4jContainer(image=NEO4J_IMAGE)
    # Same as docker-compose.yml: Cypher 25 is the language graphmem writes.
    container.with_env("NEO4J_db_query_default__language", "CYPHER_25")
    container.start()
    return container


def _start_local() -> str:
    """Starts (or finds running) the embedded server; returns its bolt URI."""
    try:
        proc = subprocess.run(
            ["bash", str(LAUNCHER), "start"],
            cwd=REPO,
            capture_output=True,
            text=True,
            timeout=LAUNCHER_TIMEOUT_S,
            check=False,
        )
    except subprocess.TimeoutExpired:
        _unavailable(f"{LAUNCHER} start took over {LAUNCHER_TIMEOUT_S}s")
    output = (proc.stdout + proc.stderr).strip()
    if proc.returncode != 0:
        tail = "\n".join(output.splitlines()[-15:])
        _unavailable(f"{LAUNCHER.name} start exited {proc.returncode}:\n{tail}")
    found = re.findall(r"bolt://[\w.\-]+:\d+", output)
    port = os.environ.get("GRAPHMEM_NEO4J_PORT", "7687")
    return found[-1] if found else f"bolt://127.0.0.1:{port}"


@pytest.fixture(scope="session")
def neo4j_uri(request: pytest.FixtureRequest) -> Iterator[str]:
    """Bolt URI of a Neo4j 2026.x with Cypher 25 as the default language, whose database
    records the default embedder (``_records_the_default_embedder``)."""
    with _server(request) as uri:
        _records_the_default_embedder(uri, request.config.stash.get(_AUTH_KEY, None))
        yield uri


@contextmanager
def _server(request: pytest.FixtureRequest) -> Iterator[str]:
    uri = os.environ.get("NEO4J_URI")
    if uri:
        password = os.environ.get("NEO4J_PASSWORD")
        auth: Auth = (os.environ.get("NEO4J_USER", "neo4j"), password) if password else None
        problem = _answers(uri, auth)
        if problem:
            # Set on purpose, so a dead server is an error, not a quiet skip.
            pytest.fail(f"NEO4J_URI={uri} does not answer: {problem}")
        request.config.stash[_AUTH_KEY] = auth
        yield uri
        return

    if _docker_answers():
        container = _start_container()
        try:
            request.config.stash[_AUTH_KEY] = (container.username, container.password)
            yield container.get_connection_url()
        finally:
            container.stop()
        return

    if not LAUNCHER.exists():
        _unavailable(f"no NEO4J_URI, no Docker engine, and no {LAUNCHER}")
    uri = _start_local()
    problem = _answers(uri, None)
    if problem:
        _unavailable(f"{LAUNCHER.name} started but {uri} does not answer: {problem}")
    request.config.stash[_AUTH_KEY] = None
    yield uri


def _records_the_default_embedder(uri: str, auth: Auth) -> None:
    """A Neo4j database records one embedder for all its namespaces, and the tests share
    one database: it records the default (what ``Memory()`` gives a new store) before any
    test runs, so no test's result depends on which test happened to open it first."""
    from graphmem import factory
    from graphmem.store.neo4j import Neo4jStore

    default = factory.embedder()
    store = Neo4jStore(uri, auth=auth)
    try:
        recorded = store.recorded_embedder()
        if recorded is None:
            store.ensure_vectors(default.name, default.dimensions)
        elif (recorded["name"], recorded["dimensions"]) != (default.name, default.dimensions):
            pytest.fail(
                f"the Neo4j database at {uri} records the embedder {recorded['name']!r}; the "
                f"tests use the default, {default.name!r}. Give them a fresh database "
                "(bash tools/neo4j/neo4j-local stop && rm -rf .neo4j/data && "
                "bash tools/neo4j/neo4j-local start), or set GRAPHMEM_EMBEDDER to the one it "
                "records"
            )
    finally:
        store.close()


@pytest.fixture(scope="session")
def neo4j_auth(neo4j_uri: str, request: pytest.FixtureRequest) -> Auth:
    """(user, password) for ``neo4j_uri``, or None where auth is off (the local server)."""
    return request.config.stash.get(_AUTH_KEY, None)


@pytest.fixture(scope="session")
def neo4j_driver(neo4j_uri: str, neo4j_auth: Auth) -> Iterator[Driver]:
    """One driver for the whole session, closed at its end."""
    driver = GraphDatabase.driver(neo4j_uri, auth=neo4j_auth)
    try:
        driver.verify_connectivity()
        yield driver
    finally:
        driver.close()


@dataclass(frozen=True)
class PrivateServer:
    """A launcher server of one's own: its Bolt URI and the home that holds all its files."""

    uri: str
    home: Path


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def launch_private(home: Path) -> Iterator[PrivateServer]:
    """Start a launcher server on ``home`` and a free port; stop it at the end."""
    if not LAUNCHER.exists():
        _unavailable(f"no {LAUNCHER}")
    env = {**os.environ, "GRAPHMEM_NEO4J_HOME": str(home), "GRAPHMEM_NEO4J_PORT": str(_free_port())}

    def launcher(command: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            ["bash", str(LAUNCHER), command],
            cwd=REPO,
            env=env,
            capture_output=True,
            text=True,
            timeout=LAUNCHER_TIMEOUT_S,
            check=False,
        )

    started = launcher("start")
    if started.returncode != 0:
        _unavailable(f"{LAUNCHER.name} start exited {started.returncode}: {started.stderr[-800:]}")
    try:
        yield PrivateServer(f"bolt://127.0.0.1:{env['GRAPHMEM_NEO4J_PORT']}", home)
    finally:
        launcher("stop")


@pytest.fixture(scope="session")
def private_neo4j(tmp_path_factory: pytest.TempPathFactory) -> Iterator[PrivateServer]:
    """A launcher server on its own home and port, for tests that restart it or scan its
    files (the shared server must do neither under the other tests). Tests that use it
    keep to namespaces of their own."""
    with launch_private(tmp_path_factory.mktemp("neo4j-home")) as server:
        yield server
