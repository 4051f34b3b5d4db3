"""What the optional embedders share: a module of their extra imported with an error that
says how to install it, and an installed package's folder found without importing the
package (a model package's own import may configure logging or reach for a network)."""

from __future__ import annotations

import importlib
import importlib.util
from pathlib import Path
from typing import Any

from graphmem.errors import InvalidArgument


def module(name: str, install: str) -> Any:
    """The module ``name``, or an error saying ``install`` when the extra is missing."""
    try:
        return importlib.import_module(name)
    except ImportError as exc:
        raise InvalidArgument(f"{install}; {name} is missing") from exc


def package_folders(package: str, install: str) -> list[Path]:
    """Where the installed ``package`` keeps its files (not imported), or an error saying
    ``install`` when it is not installed."""
    try:
        spec = importlib.util.find_spec(package)
    except (ImportError, ValueError):  # ValueError: blocked in sys.modules
        spec = None
    locations = [Path(p) for p in (spec.submodule_search_locations or [])] if spec else []
    if not locations:
        raise InvalidArgument(f"{install}; {package.replace('_', '-')} is missing")
    return locations
