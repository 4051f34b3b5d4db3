"""The old format's snapshot body, read fast (moving an older folder to SQLite), and
the graph built straight into networkx's dicts (every open).

A snapshot is the graph as JSON (node and relationship properties, datetimes as
``{"$dt": iso}``) and, since format 2, the unit vectors as raw little-endian
float32 *after* the JSON, in the same sealed file: one file, one checksum, one
atomic rename, so no new crash window and a compaction rewrites both at once
(a forgotten vector leaves with its node). Format 1 snapshots carried each
vector as base64 text inside its node (``vector``) and are still read.

Reading is where a reopen spends its time, so: orjson parses the JSON (the
standard library is the fallback for what orjson refuses, such as ``NaN``), a
walk turns the ``$dt`` objects into datetimes, and the networkx graph is built
straight into its adjacency dicts rather than edge by edge through its API.
The cyclic garbage collector is held off while the millions of objects are made, and,
for a large store, leaves them out of its passes after: none of them is garbage, and its
passes over them cost as much as the parse.
"""

from __future__ import annotations

import gc
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import Any

import networkx as nx
import numpy as np
import orjson

from graphmem.store.rows import loads

_DT = "$dt"
_DT_KEY = b'"$dt"'
_fromiso = datetime.fromisoformat


def fast_loads(body: bytes | memoryview) -> Any:
    """``graphmem.records.loads`` of UTF-8 JSON, with orjson doing the parsing."""
    try:
        value = orjson.loads(body)
    except orjson.JSONDecodeError:
        # NaN, huge integers, ...: what json.dumps writes and orjson refuses.
        return loads(bytes(body).decode("utf-8"))
    if body.__class__ is bytes and _DT_KEY not in body:
        return value  # nothing to revive (most relationships): no walk
    return _revive(value)


def raw_loads(body: bytes | memoryview) -> Any:
    """UTF-8 JSON whose ``$dt`` objects may be left as they are (``decode_records``)."""
    try:
        return orjson.loads(body)
    except orjson.JSONDecodeError:
        return loads(bytes(body).decode("utf-8"))


def encode_records(state: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """``state``'s nodes and relationships as tables: records with the same keys, and
    datetimes and lists or objects at the same places, share one group that names the
    keys once (``keys``), says which columns are datetimes written as ISO text
    (``dates``) and which hold lists or objects (``nested``, their datetimes stay
    ``{"$dt": iso}``; only those holding one are named), and lists the values row by
    row (``rows``). JSON of a few groups of arrays parses several times faster than
    one object per record, and a read converts only the datetime columns instead of
    looking at every value. The records' order (``order``: runs of one group) is
    kept: rows are numbered by it."""
    return {part: _encode_part(state[part]) for part in ("nodes", "edges")}


def _encode_part(records: Iterable[Any]) -> dict[str, Any]:
    groups: dict[tuple[Any, ...], dict[str, Any]] = {}
    order: list[list[int]] = []  # [group, run length]: the records' order, kept
    for record in records:
        item = record if isinstance(record, dict) else _edge_dict(record)
        dates: list[int] = []
        nested: list[int] = []
        row = list(item.values())
        for at, value in enumerate(row):
            if isinstance(value, datetime):
                dates.append(at)
                row[at] = value.isoformat()
            elif isinstance(value, dict | list) and _holds_datetime(value):
                nested.append(at)
        shape = (tuple(item), tuple(dates), tuple(nested))
        group = groups.get(shape)
        if group is None:
            number = len(groups)
            group = groups[shape] = {"keys": list(item), "dates": dates, "nested": nested}
            group["rows"], group["at"] = [], number
        group["rows"].append(row)
        if order and order[-1][0] == group["at"]:
            order[-1][1] += 1
        else:
            order.append([group["at"], 1])
    tables = [{k: v for k, v in group.items() if k != "at"} for group in groups.values()]
    return {"groups": tables, "order": order}


def _holds_datetime(value: Any) -> bool:
    if isinstance(value, datetime):
        return True
    if isinstance(value, dict):
        return any(_holds_datetime(item) for item in value.values())
    if isinstance(value, list):
        return any(_holds_datetime(item) for item in value)
    return False


def _edge_dict(edge: tuple[Any, ...]) -> dict[str, Any]:
    """A decoded relationship (``decode_records``) as ``node_link_data`` has it."""
    source, target, key, properties = edge
    return {**properties, "source": source, "target": target, "key": key}


def decode_records(state: dict[str, Any], tables: dict[str, Any] | None) -> None:
    """Fill ``state``'s ``nodes`` (dicts) and ``edges`` (``(source, target, key,
    properties)`` tuples, as ``build_graph`` takes them) from ``encode_records``'
    tables, in place and in their order; ``tables`` None: a format 1 snapshot, whose
    records are in ``state`` already (relationships as dicts) and where every
    ``{"$dt": iso}`` anywhere is a datetime."""
    if tables is None:
        _revive(state)
        state["edges"] = [
            (e.pop("source"), e.pop("target"), e.pop("key"), e) for e in state["edges"]
        ]
        return
    _revive(state.get("graph") or {})  # the graph's own attributes: few, any shape
    seen: dict[str, datetime] = {}  # one object per instant: most records share a few
    for part, decode in (("nodes", _node_dicts), ("edges", _edge_tuples)):
        decoded = [decode(group, _rows(group, seen)) for group in tables[part]["groups"]]
        items: list[Any] = []
        taken = [0] * len(decoded)
        for group, count in tables[part]["order"]:
            at = taken[group]
            if count <= 0 or at + count > len(decoded[group]):
                raise ValueError("the records' order names more rows than a group has")
            items.extend(decoded[group][at : at + count])
            taken[group] = at + count
        if taken != [len(rows) for rows in decoded]:
            raise ValueError("a group has rows the records' order does not name")
        state[part] = items


def _rows(group: dict[str, Any], seen: dict[str, datetime]) -> list[list[Any]]:
    """A group's rows with their datetime and nested columns read, in place."""
    rows: list[list[Any]] = group["rows"]
    width = len(group["keys"])
    if set(map(len, rows)) - {width}:
        raise ValueError(f"a record does not have {width} values")
    for at in group["dates"]:
        for row in rows:
            text = row[at]
            when = seen.get(text)
            if when is None:
                when = seen[text] = _fromiso(text) if text.__class__ is str else text
            row[at] = when
    for at in group["nested"]:
        for row in rows:
            row[at] = _revive(row[at])
    return rows


def _node_dicts(group: dict[str, Any], rows: list[list[Any]]) -> list[dict[str, Any]]:
    keys = group["keys"]
    return [dict(zip(keys, row, strict=True)) for row in rows]


def _edge_tuples(group: dict[str, Any], rows: list[list[Any]]) -> list[tuple[Any, ...]]:
    keys = group["keys"]
    ends = s, t, k = keys.index("source"), keys.index("target"), keys.index("key")
    rest = [at for at in range(len(keys)) if at not in ends]
    if not rest:
        return [(row[s], row[t], row[k], {}) for row in rows]
    names = [keys[at] for at in rest]
    pairs = list(zip(names, rest, strict=True))
    return [(row[s], row[t], row[k], {n: row[at] for n, at in pairs}) for row in rows]


# Datetimes already made, by their text: records share them (a write's recorded_at, the
# end of time), so an open at 100k facts holds a few hundred datetimes, not 1.3 million.
# Bounded: a long-lived process reading many distinct times starts the table again.
_DATES: dict[str, datetime] = {}
_DATES_HELD = 200_000


def _date(iso: str) -> datetime:
    found = _DATES.get(iso)
    if found is None:
        if len(_DATES) >= _DATES_HELD:
            _DATES.clear()
        found = _DATES[iso] = _fromiso(iso)
    return found


def _revive(value: Any) -> Any:
    """``value`` with every ``{"$dt": iso}`` in it a datetime (lists and dicts changed
    in place)."""
    kind = value.__class__
    if kind is dict:
        if len(value) == 1 and _DT in value:
            return _date(value[_DT])
        pairs: Iterable[tuple[Any, Any]] = value.items()
    elif kind is list:
        pairs = enumerate(value)
    else:
        return value
    for key, item in pairs:
        kind = item.__class__
        if kind is dict:
            # A datetime, the usual case, without a call of its own (a reopen makes
            # a million and a half of them at 100k facts).
            if len(item) == 1 and _DT in item:
                iso = item[_DT]
                value[key] = _DATES.get(iso) or _date(iso)
            else:
                value[key] = _revive(item)  # replaces a value: the dict keeps its size
        elif kind is list:
            value[key] = _revive(item)
    return value


@contextmanager
def no_gc() -> Iterator[None]:
    """Hold the cyclic collector off while an open builds its objects (the young
    generations collected first: see :func:`long_lived`)."""
    enabled = gc.isenabled()
    gc.collect(1)
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


# Records an open must have read for what it built to be left out of the collector's passes.
LONG_LIVED = 100_000


def long_lived(records: int) -> None:
    """Leave what an open of ``records`` records built out of the cyclic collector's later
    passes (``gc.freeze``), when they are many: at 100k facts (a million records) a full
    pass walks 1.7 million containers for 0.55-0.7 s, paid by whichever call comes next, and
    finds none of them garbage. Reference counting still frees them when forgotten, or when
    the store is let go (the one cycle, the graph object's own, is broken then:
    embedded/store.py). The cost falls on the process: garbage cycles it already holds at
    that moment, or that later form through an object it held then, are never collected; a
    small store, whose passes cost little, does not ask it."""
    if records >= LONG_LIVED:
        gc.freeze()


def build_graph(state: dict[str, Any]) -> Any:
    """The ``MultiDiGraph`` of a decoded snapshot ``state`` (``decode_records``): its
    node and relationship property dicts are used as they are, not copied."""
    graph = nx.MultiDiGraph()
    graph.graph.update(state.get("graph") or {})
    nodes: dict[str, dict[str, Any]] = {n["id"]: n for n in state["nodes"]}
    succ: dict[str, dict[str, dict[str, Any]]] = {node: {} for node in nodes}
    pred: dict[str, dict[str, dict[str, Any]]] = {node: {} for node in nodes}
    # The node's own id object for both ends: the JSON gives each mention its own copy.
    canon = {node: node for node in nodes}
    for start, end, key, properties in state["edges"]:
        source, target = canon.get(start), canon.get(end)
        if source is None or target is None:
            # As networkx does: a relationship brings its end nodes along.
            for node in (start, end):
                if node not in nodes:
                    nodes[node] = {}
                    succ[node], pred[node] = {}, {}
                    canon[node] = node
            source, target = canon[start], canon[end]
        keys = succ[source].get(target)
        if keys is None:
            keys = succ[source][target] = pred[target][source] = {}
        keys[key] = properties
    # networkx keeps a digraph's out-adjacency as both _succ and _adj; its views are
    # made lazily from these dicts, so a graph filled this way is an ordinary one.
    graph._node = nodes
    graph._succ = graph._adj = succ
    graph._pred = pred
    return graph


def pack_vectors(vectors: Iterable[tuple[str, Any]]) -> tuple[list[dict[str, Any]], bytes]:
    """Vectors by node id as (groups, bytes): each group is ``{"dim", "ids"}`` and its
    rows follow the previous group's as float32; one group per dimension."""
    by_dim: dict[int, tuple[list[str], list[Any]]] = {}
    for node, vector in vectors:
        array = np.asarray(vector, dtype="<f4")
        ids, rows = by_dim.setdefault(len(array), ([], []))
        ids.append(node)
        rows.append(array)
    groups = []
    parts = []
    for dim, (ids, rows) in by_dim.items():
        groups.append({"dim": dim, "ids": ids})
        parts.append(np.stack(rows).astype("<f4", copy=False).tobytes())
    return groups, b"".join(parts)


def unpack_vectors(groups: Any, blob: bytes | memoryview) -> dict[str, Any]:
    """Node id -> float32 row (a view of ``blob``); ``ValueError`` when the groups and
    the bytes disagree."""
    if not isinstance(groups, list):
        raise ValueError("the vector groups are not a list")
    out: dict[str, Any] = {}
    offset = 0
    for group in groups:
        dim, ids = int(group["dim"]), group["ids"]
        size = dim * len(ids) * 4
        if offset + size > len(blob):
            raise ValueError("the vectors are shorter than their groups say")
        matrix = np.frombuffer(blob, dtype="<f4", count=dim * len(ids), offset=offset)
        out.update(zip(ids, matrix.reshape(len(ids), dim), strict=True))
        offset += size
    if offset != len(blob):
        raise ValueError("the vectors are longer than their groups say")
    return out
