"""Helpers shared by the benchmark scripts: data location, stores, timing, weights."""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import math
import os
import platform
import re
import resource
import sqlite3
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import numpy as np

from graphmem import Embedder, Memory
from graphmem.read.request import Weights
from graphmem.write.remember import Extractor

REPO = Path(__file__).resolve().parent.parent
DEFAULT_DATA = REPO.parent / "shared" / "data"
DEFAULT_NEO4J = "bolt://127.0.0.1:7687"


def add_data_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--data",
        type=Path,
        default=DEFAULT_DATA,
        help=f"the shared evaluation data folder (default: {DEFAULT_DATA})",
    )


def progress(message: str) -> None:
    """Progress goes to stderr so that stdout holds only the figures."""
    print(message, file=sys.stderr, flush=True)


def machine() -> str:
    cores = _cpu_count()
    memory = _memory_gb()
    return (
        f"{platform.python_implementation()} {platform.python_version()}, {cores} cores, {memory}"
    )


def _cpu_count() -> int:
    import os

    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 0


def _memory_gb() -> str:
    try:
        text = Path("/proc/meminfo").read_text()
    except OSError:
        return "? GB"
    found = re.search(r"MemTotal:\s+(\d+) kB", text)
    return f"{int(found.group(1)) / 1024**2:.0f} GB" if found else "? GB"


# ---- stores ----------------------------------------------------------------


@contextmanager
def open_memory(
    store: str,
    *,
    uri: str = DEFAULT_NEO4J,
    weights: Weights | None = None,
    embedder: Embedder | None = None,
    extractor: Extractor | None = None,
    clock: Callable[[], datetime] | None = None,
) -> Iterator[Memory]:
    """A Memory on a fresh embedded store in a temp dir, or on the Neo4j at ``uri``; with
    ``clock``, one that reads time from it (a scripted history)."""
    timed = {} if clock is None else {"clock": clock}
    if store == "embedded":
        with tempfile.TemporaryDirectory(prefix="graphmem-bench-") as tmp:
            mem = Memory(
                Path(tmp) / "store",
                weights=weights,
                embedder=embedder,
                extractor=extractor,
                **timed,
            )
            try:
                yield mem
            finally:
                mem.close()
    elif store == "neo4j":
        mem = Memory.neo4j(uri, weights=weights, embedder=embedder, extractor=extractor, **timed)
        try:
            yield mem
        finally:
            mem.close()
    else:
        raise SystemExit(f"unknown store {store!r}: use embedded or neo4j")


def drop_neo4j_namespaces(uri: str, namespaces: Sequence[str]) -> None:
    """Delete benchmark namespaces from Neo4j so that runs leave nothing behind
    (housekeeping through the store's batched ``drop_namespace``; tombstones included)."""
    from graphmem.store.neo4j import Neo4jStore

    try:
        store = Neo4jStore(uri, install_schema=False)
        try:
            for namespace in namespaces:
                store.drop_namespace(namespace)
        finally:
            store.close()
    except Exception as exc:  # a cleanup failure must not hide the figures
        progress(f"warning: could not drop namespaces {list(namespaces)}: {exc}")


def embedder_from_spec(spec: str | None) -> Embedder:
    """The embedder ``spec`` names: None for the library's default (``GRAPHMEM_EMBEDDER``,
    else ``semantic``); an existing folder is a sentence-transformers model; anything else
    is a spec ``graphmem.factory.embedder`` understands (``hashing``, ``semantic``,
    ``openai:<model>``, ``sentence-transformers:<name>``, ...)."""
    if spec is not None and Path(spec).is_dir():
        from graphmem import SentenceTransformerEmbedder

        return SentenceTransformerEmbedder(spec)
    from graphmem import factory

    return factory.embedder(spec)


class CachedEmbedder:
    """``inner`` with its vectors kept in a SQLite file, keyed by the embedder's name and the
    text: a second run of a bench over the same texts (another weight grid) skips the model.
    For quality only: a recall whose query vector comes from the cache is not timed as a
    user would meet it, so benches say so beside their latencies."""

    def __init__(self, inner: Embedder, path: Path) -> None:
        self.inner = inner
        path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(path)
        self._db.execute(
            "CREATE TABLE IF NOT EXISTS v (k BLOB PRIMARY KEY, vec BLOB) WITHOUT ROWID"
        )

    @property
    def name(self) -> str:
        return self.inner.name

    @property
    def dimensions(self) -> int:
        return self.inner.dimensions

    def _key(self, text: str) -> bytes:
        return hashlib.sha256(f"{self.inner.name}\0{text}".encode()).digest()

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        keys = [self._key(t) for t in texts]
        found: dict[bytes, list[float]] = {}
        for key in set(keys):
            row = self._db.execute("SELECT vec FROM v WHERE k = ?", (key,)).fetchone()
            if row is not None:
                found[key] = np.frombuffer(row[0], dtype=np.float32).tolist()
        missing = [i for i, key in enumerate(keys) if key not in found]
        if missing:
            vectors = self.inner.embed([texts[i] for i in missing])
            with self._db:
                for i, vector in zip(missing, vectors, strict=True):
                    found[keys[i]] = vector
                    blob = np.asarray(vector, dtype=np.float32).tobytes()
                    self._db.execute("INSERT OR REPLACE INTO v VALUES (?, ?)", (keys[i], blob))
        return [found[key] for key in keys]


# ---- timing ----------------------------------------------------------------


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (0-100) with linear interpolation; nan for no values."""
    if not values:
        return math.nan
    ordered = sorted(values)
    position = (len(ordered) - 1) * q / 100
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f}"


class CpuMeter:
    """CPU seconds spent inside timed blocks by this process (every thread) and, when its pid
    is given, by a database server on the same machine. Beside wall times it shows what
    bounds a ratio when client and server share the cores: a wall time cannot fall below
    the CPU both spend over the cores they have. The server's share comes from
    /proc/<pid>/stat in clock ticks (10 ms): a sum over many blocks, not one block."""

    def __init__(self, server_pid: int | None = None) -> None:
        self.server_pid = server_pid
        self.client = 0.0
        self.server = 0.0
        self.blocks = 0

    def _server_now(self) -> float:
        if self.server_pid is None:
            return 0.0
        with open(f"/proc/{self.server_pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    @staticmethod
    def _client_now() -> float:
        used = resource.getrusage(resource.RUSAGE_SELF)
        return used.ru_utime + used.ru_stime

    @contextmanager
    def time(self) -> Iterator[None]:
        client, server = self._client_now(), self._server_now()
        try:
            yield
        finally:
            self.client += self._client_now() - client
            self.server += self._server_now() - server
            self.blocks += 1

    def per_block(self) -> tuple[float, float | None]:
        """Mean client and server CPU seconds a block (server None when not measured)."""
        n = max(self.blocks, 1)
        return self.client / n, (self.server / n if self.server_pid is not None else None)


class Stopwatch:
    """Collects durations of repeated calls."""

    def __init__(self) -> None:
        self.samples: list[float] = []

    @contextmanager
    def time(self) -> Iterator[None]:
        start = time.perf_counter()
        try:
            yield
        finally:
            self.samples.append(time.perf_counter() - start)

    def summary(self) -> str:
        s = self.samples
        return (
            f"n={len(s)} p50={ms(percentile(s, 50))} ms p95={ms(percentile(s, 95))} ms "
            f"mean={ms(sum(s) / len(s) if s else math.nan)} ms"
        )


# ---- recall weights --------------------------------------------------------

_WEIGHT_ALIASES = {
    "sim": "similarity",
    "kw": "keyword",
    "rec": "recency",
    "conf": "confidence",
    "hl": "half_life",
    "ksat": "keyword_saturation",
    "kterms": "keyword_bound_terms",
    "boost": "similarity_boost",
    "knee": "similarity_knee",
}


@dataclass(frozen=True)
class WeightSetting:
    """A named weight setting. ``default`` settings are relative to what the Memory they run
    on uses by default (``Memory.weights``: the embedder's own, ``Weights.for_embedder``), so
    one setting means the same change on every embedder a bench compares."""

    label: str
    weights: Weights | None = None  # absolute; None: the Memory's own with ``changes``
    changes: tuple[tuple[str, Any], ...] = ()

    def for_memory(self, mem: Memory) -> Weights:
        if self.weights is not None:
            return self.weights
        return dataclasses.replace(mem.weights, **dict(self.changes))


def parse_weights(spec: str) -> WeightSetting:
    """``"recency=0,half_life=365"`` -> Weights(recency=0, half_life=365 days).

    Names: similarity (sim), keyword (kw), recency (rec), confidence (conf), use,
    period, half_life (hl, in days), overfetch, keyword_saturation (ksat),
    keyword_bound_terms (kterms), lookahead. ``default`` gives what the ``Memory`` it runs on
    uses by default (``Weights.for_embedder`` of its embedder), ``default,x=y`` the same with x
    changed; ``seeds`` the seeds' values (``Weights()``).
    """
    spec = spec.strip()
    if spec in ("", "default"):
        return WeightSetting("default")
    if spec == "seeds":
        return WeightSetting("seeds", Weights())
    known = {f.name for f in dataclasses.fields(Weights)}
    values: dict[str, Any] = {}
    base, parts = Weights, spec.split(",")
    if parts[0].strip() == "default":  # "default,ksat=5": the default with these changed
        base, parts = None, parts[1:]
    for part in parts:
        name, _, raw = part.partition("=")
        name = _WEIGHT_ALIASES.get(name.strip(), name.strip())
        if name not in known or not raw.strip():
            raise argparse.ArgumentTypeError(
                f"bad weight {part!r}: use name=value with name in {sorted(known)}"
            )
        if name == "half_life":
            values[name] = timedelta(days=float(raw))
        elif name == "fusion":
            values[name] = raw.strip()
        elif name in ("overfetch", "keyword_bound_terms", "lookahead"):
            values[name] = int(raw)
        else:
            values[name] = float(raw)
    if base is None:
        dataclasses.replace(Weights.balanced(), **values)  # bad values fail here, not mid-run
        return WeightSetting(spec, changes=tuple(values.items()))
    return WeightSetting(spec, Weights(**values))


@contextmanager
def obedient_memory(store: str, uri: str = DEFAULT_NEO4J) -> Iterator[tuple[Memory, Any]]:
    """A Memory whose extractor is a model that returns what it is scripted to (the local
    OpenAI-compatible fake of ``graphmem.testing``): scripted to obey what it reads, it
    stands for a model an attacker's text has taken over. Yields (memory, server)."""
    import openai

    from graphmem.extract.llm import LLMExtractor
    from graphmem.models.llm import ModelClient
    from graphmem.testing import FakeModelServer

    with (
        FakeModelServer() as server,
        openai.OpenAI(base_url=server.base_url, api_key="bench") as client,
        open_memory(
            store, uri=uri, extractor=LLMExtractor(ModelClient(client, "obedient-fake"))
        ) as mem,
    ):
        yield mem, server


def share(part: int, whole: int) -> str:
    """ "3/40 (7.5%)": a count of a whole, with its percentage."""
    return f"{part}/{whole} ({100 * part / whole:.1f}%)" if whole else "0/0"
