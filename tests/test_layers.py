"""The package's layers (issue 38): the folders follow the flows of DESIGN.md, and imports
run one way — down this list, never up, never in a loop. This list is the one place the
allowed directions are written; docs/DESIGN.md and each folder's ``__init__`` describe it.

Every import counts, also one inside a function: a lazy import still ties the modules.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

import networkx as nx

PACKAGE = Path(__file__).resolve().parents[1] / "graphmem"

# Lowest first. A unit is a top-level module or a folder of graphmem/; a unit may import
# from its own layer and every layer above it in this list, never from one below.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("errors",),
    ("arguments", "config"),  # checks on inputs; settings read from the environment
    ("model", "temporal"),  # the vocabulary: records, kinds, time
    ("results",),  # what the API returns
    ("trust", "models"),  # what may be stored or act; the model and embedder boundaries
    ("store",),  # the graph: the GraphStore interface and its two stores
    ("records",),  # the rows a change set carries
    ("extract",),  # atomic claims from text
    ("read",),  # recall, sessions, checkpoints
    ("write",),  # episode -> gate -> extract -> decide -> consolidate
    ("lifecycle",),  # forget, expire, distil, gc, export, check, repair
    ("factory", "memory", "async_memory", "testing"),  # the public face
    ("graphmem",),  # the package's own names (graphmem/__init__.py)
    ("cli", "adapters", "evaluate"),  # the ways in: shell, MCP, frameworks, scenario runs
    ("console",),  # the command's entry point: --version before anything heavy loads
)
LAYER = {unit: level for level, units in enumerate(LAYERS) for unit in units}
MAX_TOP_LEVEL = 12
MAX_LINES = 600


def _modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        name = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        found[name.removesuffix(".__init__")] = path
    return found


MODULES = _modules()


def _imports(path: Path) -> set[str]:
    """The graphmem modules ``path`` imports (a name imported from a package counts as the
    submodule when it is one)."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            for alias in node.names:
                sub = f"{node.module}.{alias.name}"
                out.add(sub if sub in MODULES else node.module)
        elif isinstance(node, ast.Import):
            out |= {alias.name for alias in node.names}
    return {name for name in out if name in MODULES}


def _unit(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "graphmem"


def _folder(module: str) -> str:
    """The folder a module lives in (a package's ``__init__`` is its own folder); a module
    at the top of graphmem/ stands alone (its layer is checked above)."""
    if (PACKAGE.parent / module.replace(".", "/")).is_dir() or module.count(".") == 1:
        return module
    return module.rpartition(".")[0]


def test_every_unit_has_a_layer() -> None:
    units = {_unit(m) for m in MODULES}
    assert units - set(LAYER) == set(), "place each new module or folder in LAYERS"
    assert set(LAYER) - units == set(), "LAYERS names something that is gone"


def test_imports_run_down_the_layers() -> None:
    upward = [
        f"{module} imports {target} ({_unit(module)} is below {_unit(target)})"
        for module, path in MODULES.items()
        for target in _imports(path)
        if LAYER[_unit(target)] > LAYER[_unit(module)]
    ]
    assert not upward, "\n".join(sorted(upward))


def test_no_folders_import_each_other_in_a_loop() -> None:
    graph = nx.DiGraph()
    why: dict[tuple[str, str], list[str]] = defaultdict(list)
    for module, path in MODULES.items():
        for target in _imports(path):
            a, b = _folder(module), _folder(target)
            if a != b:
                graph.add_edge(a, b)
                why[(a, b)].append(f"{module} -> {target}")
    loops = [sorted(c) for c in nx.strongly_connected_components(graph) if len(c) > 1]
    detail = [
        f"{loops_}: " + "; ".join(w for e, ws in why.items() if set(e) <= set(loops_) for w in ws)
        for loops_ in loops
    ]
    assert not loops, "\n".join(detail)


def test_the_top_of_the_package_stays_small() -> None:
    top = sorted(p.stem for p in PACKAGE.glob("*.py") if p.stem != "__init__")
    assert len(top) <= MAX_TOP_LEVEL, top


def test_no_module_is_too_long_to_read_in_one_sitting() -> None:
    long = {
        name: lines
        for name, path in MODULES.items()
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert not long, long


def test_every_folder_says_what_it_is_for() -> None:
    for init in PACKAGE.rglob("__init__.py"):
        doc = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8")))
        assert len((doc or "").split()) >= 12, f"{init.relative_to(PACKAGE.parent)}: no docstring"
