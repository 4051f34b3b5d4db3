"""What a scenario run found: results per check and scenario, and the report printed by
``graphmem eval``."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    computed_field,
)

from graphmem.evaluate.spec import (
    FactQuery,
    FactsCheck,
    ForgetStep,
    HistoryCheck,
    NoTraceCheck,
    RecallCheck,
    RefusedCheck,
    RememberStep,
    _Step,
    show_value,
    step_kind,
)
from graphmem.model import (
    canonical_json,
)
from graphmem.results import Evidence

# ---- results ---------------------------------------------------------------------------------

Outcome = Literal["passed", "failed", "xfail", "xpass", "error"]


class CheckResult(BaseModel):
    """One check (or a failed action) of one scenario."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    step: int = Field(description="1-based index of the step in its scenario")
    check: str = Field(description="the step kind")
    title: str
    status: Outcome
    passed: bool = Field(description="whether the expectation held")
    message: str
    expect_failure: str | None = None

    @property
    def counts_as_failure(self) -> bool:
        return self.status in ("failed", "xpass", "error")


class ScenarioResult(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    description: str
    origin: str
    namespaces: dict[str, str] = Field(description="logical name -> namespace used")
    checks: list[CheckResult]

    @computed_field  # type: ignore[prop-decorator]
    @property
    def passed(self) -> int:
        return sum(c.status == "passed" for c in self.checks)

    @computed_field  # type: ignore[prop-decorator]
    @property
    def failed(self) -> int:
        return sum(c.counts_as_failure for c in self.checks)

    @computed_field  # type: ignore[prop-decorator]
    @property
    def xfailed(self) -> int:
        return sum(c.status == "xfail" for c in self.checks)


class EvalReport(BaseModel):
    """What ``run`` found: per scenario, per check, whether it passed and why."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    scenarios: list[ScenarioResult]

    @computed_field  # type: ignore[prop-decorator]
    @property
    def passed(self) -> int:
        return sum(s.passed for s in self.scenarios)

    @computed_field  # type: ignore[prop-decorator]
    @property
    def failed(self) -> int:
        return sum(s.failed for s in self.scenarios)

    @computed_field  # type: ignore[prop-decorator]
    @property
    def xfailed(self) -> int:
        return sum(s.xfailed for s in self.scenarios)

    @property
    def ok(self) -> bool:
        """No check failed (expected failures do not count)."""
        return self.failed == 0


# ---- reporting -------------------------------------------------------------------------------

_MARK = {"passed": "PASS", "failed": "FAIL", "xfail": "XFAIL", "xpass": "XPASS", "error": "ERROR"}


def format_report(report: EvalReport, *, verbose: bool = False) -> str:
    """A table of every check, failures explained, and totals; the last line is
    ``N passed, M failed``. ``verbose`` also explains passed checks and names the
    namespaces each scenario used."""
    rows = [
        ([s.name, str(c.step), c.check, _MARK[c.status], c.title], c)
        for s in report.scenarios
        for c in s.checks
    ]
    header = ["scenario", "step", "check", "result", "what"]
    widths = [max([len(header[i])] + [len(cells[i]) for cells, _ in rows]) for i in range(4)]

    def line(cells: Sequence[str]) -> str:
        return "  ".join(
            [
                cells[0].ljust(widths[0]),
                cells[1].rjust(widths[1]),
                cells[2].ljust(widths[2]),
                cells[3].ljust(widths[3]),
                cells[4],
            ]
        ).rstrip()

    out = [line(header), line(["-" * w for w in widths] + ["-" * 4])]
    indent = " " * (sum(widths) + 8)
    for cells, check in rows:
        out.append(line(cells))
        if verbose or check.status != "passed":
            out.append(f"{indent}{check.message}")
    out.append("")
    if verbose:
        for s in report.scenarios:
            spaces = ", ".join(f"{k}={v}" for k, v in s.namespaces.items())
            out.append(f"{s.name} ({s.origin}): {spaces}")
        out.append("")
    count = sum(len(s.checks) for s in report.scenarios)
    out.append(f"{len(report.scenarios)} scenarios, {count} checks")
    if report.xfailed:
        out.append(f"{report.xfailed} xfailed (known graphmem bugs, marked expect_failure)")
    out.append(f"{report.passed} passed, {report.failed} failed")
    return "\n".join(out)


# ---- helpers ---------------------------------------------------------------------------------


def describe_step(step: _Step) -> str:
    """A one-line summary of a step for the report."""
    kind = step_kind(step)
    if isinstance(step, FactsCheck):
        bits = [
            f"{name}={show_value(value)}"
            for name in ("subject", "predicate", "scope", "object", "at", "known_at")
            if (value := getattr(step, name)) is not None
        ]
        bits += [name for name in ("include_candidates", "history") if getattr(step, name)]
        return f"facts {' '.join(bits)}".rstrip()
    if isinstance(step, RecallCheck):
        scope = "" if step.scope is None else f" scope={step.scope}"
        return f"recall {step.query!r}{scope}"
    if isinstance(step, RefusedCheck):
        return "refused nothing" if step.nothing else f"refused {step.reason or step.claim or ''}"
    if isinstance(step, NoTraceCheck):
        return f"no trace of {show_list(list(step.strings))}"
    if isinstance(step, HistoryCheck):
        return f"history {step.subject} {step.predicate} [{step.scope}]"
    if isinstance(step, RememberStep):
        return f"remember {step.label or step.text or ''}".rstrip()
    if isinstance(step, ForgetStep):
        target = step.episode or step.entity or (step.fact and step.fact.describe()) or "all"
        return f"forget {target}"
    if isinstance(step, FactQuery):
        return f"{kind} {step.describe()}"
    return kind


def show_list(values: Sequence[Any]) -> str:
    return "[" + ", ".join(repr(show_value(v)) for v in values) + "]"


def multiset(values: Iterable[Any]) -> list[str]:
    return sorted(canonical_json(v) for v in values)


def show_evidence(found: list[Evidence], limit: int = 5) -> str:
    if not found:
        return "no evidence"
    shown = [
        f"{e.kind} {e.text[:80]!r} ({e.authority.value}"
        + ("" if e.status is None else f", {e.status.value}")
        + (", needs verification" if e.needs_verification else "")
        + ")"
        for e in found[:limit]
    ]
    more = len(found) - limit
    return "; ".join(shown) + (f"; and {more} more" if more > 0 else "")


def error_text(exc: Exception) -> str:
    return str(exc) if isinstance(exc, CheckFailed) else f"{type(exc).__name__}: {exc}"


class CheckFailed(Exception):
    pass
