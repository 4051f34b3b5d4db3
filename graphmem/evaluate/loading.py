"""Reading scenario files: the built-in ones or the caller's, with errors that name the
file, the step and the field."""

from __future__ import annotations

import tomllib
import types
import typing
from collections.abc import Iterable, Sequence
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Annotated, Any, Union

from pydantic import (
    BaseModel,
    ValidationError,
)

from graphmem.evaluate.spec import (
    STEP_MODELS,
    Scenario,
    ScenarioError,
)

# ---- loading ---------------------------------------------------------------------------------


def parse_scenario(text: str, origin: str = "<string>") -> Scenario:
    """A scenario from TOML text; errors name ``origin`` and the step."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(f"{origin}: not valid TOML: {exc}") from None
    steps = raw.get("steps")
    if isinstance(steps, list):
        for index, step in enumerate(steps, 1):
            if not isinstance(step, dict):
                raise ScenarioError(f"{origin}: step {index}: a step is a table ([[steps]])")
            kind = step.get("step")
            if kind is None:
                raise ScenarioError(
                    f"{origin}: step {index}: no step kind; add step = one of: "
                    f"{', '.join(STEP_MODELS)}"
                )
            if not isinstance(kind, str) or kind not in STEP_MODELS:
                raise ScenarioError(
                    f"{origin}: step {index}: unknown step kind {kind!r}; use one of: "
                    f"{', '.join(STEP_MODELS)}"
                )
    try:
        scenario = Scenario.model_validate(raw)
    except ValidationError as exc:
        raise ScenarioError(_explain(exc, raw, origin)) from None
    scenario._origin = origin
    return scenario


def load_scenarios(paths: Sequence[Path] | None = None) -> list[Scenario]:
    """Scenarios from files or folders of ``*.toml``; ``None``: the built-in ones."""
    sources: list[tuple[str, Traversable | Path]] = []
    if paths is None:
        folder = resources.files("graphmem").joinpath("scenarios")
        found = sorted(
            (f for f in folder.iterdir() if f.name.endswith(".toml")), key=lambda f: f.name
        )
        sources = [(f"graphmem/scenarios/{f.name}", f) for f in found]
    else:
        for given in paths:
            path = Path(given)
            if path.is_dir():
                sources += [(str(p), p) for p in sorted(path.glob("*.toml"))]
            elif path.is_file():
                sources.append((str(path), path))
            else:
                raise ScenarioError(f"{path}: no such scenario file or folder")
    scenarios: list[Scenario] = []
    seen: dict[str, str] = {}
    for origin, source in sources:
        try:
            text = source.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise ScenarioError(f"{origin}: cannot be read: {exc}") from None
        scenario = parse_scenario(text, origin)
        if scenario.name in seen:
            raise ScenarioError(
                f"{origin}: scenario name {scenario.name!r} is already used "
                f"by {seen[scenario.name]}"
            )
        seen[scenario.name] = origin
        scenarios.append(scenario)
    return scenarios


def _explain(exc: ValidationError, raw: dict[str, Any], origin: str) -> str:
    lines = []
    for error in exc.errors(include_url=False):
        loc = list(error["loc"])
        where = ""
        model: Any = Scenario
        if len(loc) >= 2 and loc[0] == "steps" and isinstance(loc[1], int):
            index = loc[1]
            step = raw["steps"][index]
            kind = step.get("step")
            name = step.get("label") or step.get("title")
            where = f"step {index + 1} ({kind}{'' if name is None else f' {name!r}'})"
            loc = loc[3:] if len(loc) > 2 and loc[2] == kind else loc[2:]
            model = STEP_MODELS[kind]
        message = str(error["msg"]).removeprefix("Value error, ")
        if error["type"] == "extra_forbidden":
            parent = _model_at(model, loc[:-1])
            allowed = "" if parent is None else f" (allowed: {', '.join(parent.model_fields)})"
            message = f"unknown field {loc[-1]!r}{allowed}"
        elif error["type"] == "missing":
            message = "missing required field"
        path = _dotted(loc)
        if not loc and message.startswith("step "):  # raised by Scenario._labels
            lines.append(f"{origin}: {message}")
        else:
            lines.append(
                f"{origin}: {', '.join(p for p in (where, path) if p) or 'scenario'}: {message}"
            )
    return "\n".join(lines)


def _dotted(loc: Iterable[Any]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        elif part in ("function-after", "list[str]", "str") or "[" in str(part):
            continue
        else:
            out += f".{part}" if out else str(part)
    return out


def _model_at(model: Any, loc: Sequence[Any]) -> type[BaseModel] | None:
    """The model class reached by following ``loc`` from ``model``."""
    current = model
    for part in loc:
        if isinstance(part, int):
            continue
        fields = getattr(current, "model_fields", None)
        if fields is None or part not in fields:
            return None
        current = _inner_model(fields[part].annotation)
        if current is None:
            return None
    return current if isinstance(current, type) and issubclass(current, BaseModel) else None


def _inner_model(annotation: Any) -> type[BaseModel] | None:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    origin = typing.get_origin(annotation)
    if origin in (Union, types.UnionType, list, Annotated):
        for arg in typing.get_args(annotation):
            found = _inner_model(arg)
            if found is not None:
                return found
    return None
