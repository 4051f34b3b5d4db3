"""Running scenarios: each on a fresh namespace with its own clock, step by step, every
check recorded rather than raised."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from graphmem.evaluate.report import (
    CheckFailed,
    CheckResult,
    EvalReport,
    Outcome,
    ScenarioResult,
    describe_step,
    error_text,
    multiset,
    show_evidence,
    show_list,
)
from graphmem.evaluate.spec import (
    MAIN,
    ClockStep,
    ConfirmStep,
    DistillStep,
    ExpireStep,
    FactQuery,
    FactsCheck,
    FeedbackStep,
    ForgetStep,
    HistoryCheck,
    NoTraceCheck,
    RecallCheck,
    RefusedCheck,
    RejectStep,
    RememberStep,
    Scenario,
    ScenarioClock,
    _Check,
    _Step,
    show_value,
    step_kind,
)
from graphmem.memory import Memory
from graphmem.model import (
    Claim,
    Fact,
    Status,
)
from graphmem.results import WriteResult

# ---- running ---------------------------------------------------------------------------------

MemoryFactory = Callable[[Callable[[], datetime]], Memory]


def run(scenarios: Iterable[Scenario], memory_factory: MemoryFactory) -> EvalReport:
    """Run each scenario in fresh namespaces with its own clock.

    ``memory_factory`` receives the scenario's clock and returns a new ``Memory``
    on the chosen store, one per scenario (predicates are defined on it). ``run``
    flushes it at the end but does not close it: the factory owns the store.
    """
    return EvalReport(scenarios=[_Runner(s, memory_factory).run() for s in scenarios])


@dataclass
class _Runner:
    scenario: Scenario
    factory: MemoryFactory
    clock: ScenarioClock = field(init=False)
    namespaces: dict[str, str] = field(default_factory=dict)
    episodes: dict[str, str | None] = field(default_factory=dict)
    last_write: WriteResult | None = None
    results: list[CheckResult] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.clock = ScenarioClock(self.scenario.start)
        self._suffix = uuid.uuid4().hex[:8]

    def ns(self, logical: str) -> str:
        if logical not in self.namespaces:
            self.namespaces[logical] = f"{self.scenario.name}.{logical}-{self._suffix}"
        return self.namespaces[logical]

    def run(self) -> ScenarioResult:
        s = self.scenario
        self.ns(MAIN)
        mem = self.factory(self.clock)
        try:
            for p in s.predicates:
                mem.define_predicate(
                    p.name,
                    cardinality=p.cardinality,
                    kind=p.kind,
                    ttl=None if p.ttl_days is None else timedelta(days=p.ttl_days),
                    review_every=None if p.review_days is None else timedelta(days=p.review_days),
                    sensitivity=p.sensitivity,
                    object_is_entity=p.object_is_entity,
                )
            for index, step in enumerate(s.steps, 1):
                if isinstance(step, _Check):
                    self.results.append(self._check(mem, index, step))
                    continue
                try:
                    self._act(mem, step)
                except Exception as exc:  # reported, never raised: one scenario cannot stop the run
                    self._stop(index, step, exc)
                    break
        finally:
            mem.flush()
        return ScenarioResult(
            name=s.name,
            description=s.description,
            origin=s.origin,
            namespaces=dict(self.namespaces),
            checks=self.results,
        )

    def _stop(self, index: int, step: _Step, exc: Exception) -> None:
        self.results.append(
            CheckResult(
                step=index,
                check=step_kind(step),
                title=step.title or describe_step(step),
                status="error",
                passed=False,
                message=f"the action failed, the scenario stopped: {error_text(exc)}",
            )
        )
        for later, other in enumerate(self.scenario.steps[index:], index + 1):
            if isinstance(other, _Check):
                self.results.append(
                    CheckResult(
                        step=later,
                        check=step_kind(other),
                        title=other.title or describe_step(other),
                        status="error",
                        passed=False,
                        message=f"not run: step {index} failed",
                        expect_failure=other.expect_failure,
                    )
                )

    # ---- actions ----

    def _act(self, mem: Memory, step: _Step) -> None:
        ns = self.ns(step.namespace)
        if isinstance(step, RememberStep):
            content: str | list[Claim] = (
                step.text if step.text is not None else [c.to_claim() for c in step.claims or []]
            )
            result = mem.remember(
                content,
                ns,
                source=step.source,
                at=step.at,
                session=step.session,
                source_ref=step.source_ref,
                speaker=step.speaker,
            )
            self.last_write = result
            if step.label is not None:
                self.episodes[step.label] = result.episode_id
        elif isinstance(step, ClockStep):
            if step.at is not None:
                self.clock.set(step.at)
            else:
                self.clock.advance(timedelta(days=step.advance_days or 0))
        elif isinstance(step, ForgetStep):
            if step.episode is not None:
                mem.forget(ns, episode=self._episode(step.episode))
            elif step.fact is not None:
                mem.forget(ns, fact=self._one_fact(mem, ns, step.fact).id)
            elif step.entity is not None:
                mem.forget(ns, entity=step.entity)
            else:
                mem.forget(ns, everything=True)
        elif isinstance(step, DistillStep):
            mem.distill(ns)
        elif isinstance(step, ExpireStep):
            mem.expire(ns)
        elif isinstance(step, ConfirmStep | RejectStep):
            candidate = self._one_fact(mem, ns, step, candidate=True)
            if isinstance(step, ConfirmStep):
                mem.confirm(candidate.id, ns)
            else:
                mem.reject(candidate.id, ns)
        elif isinstance(step, FeedbackStep):
            fact = self._one_fact(mem, ns, step)
            mem.feedback(fact.id, ns, step.outcome, step.note)
        else:  # pragma: no cover - the union is closed
            raise AssertionError(f"unhandled step {step!r}")

    def _episode(self, label: str) -> str:
        episode_id = self.episodes.get(label)
        if episode_id is None:
            raise CheckFailed(f"the remember step labelled {label!r} stored no episode")
        return episode_id

    def _one_fact(self, mem: Memory, ns: str, query: FactQuery, *, candidate: bool = False) -> Fact:
        def matching(facts: list[Fact]) -> list[Fact]:
            return [
                f
                for f in facts
                if (query.object is None or f.object == query.object)
                and (not candidate or f.status is Status.CANDIDATE)
            ]

        args: dict[str, Any] = {
            "subject": query.subject,
            "predicate": query.predicate,
            "scope": query.scope,
            "include_candidates": True,
        }
        found = [] if candidate else matching(mem.facts(ns, **args))
        if not found:
            found = matching(mem.facts(ns, history=True, **args))
        what = "candidate" if candidate else "fact"
        if len(found) != 1:
            listed = "; ".join(f"{f.text} ({f.status.value})" for f in found) or "none"
            raise CheckFailed(
                f"expected exactly one {what} matching {query.describe()}, found {listed}"
            )
        return found[0]

    # ---- checks ----

    def _check(self, mem: Memory, index: int, step: _Check) -> CheckResult:
        title = step.title or describe_step(step)
        try:
            passed, message = self._evaluate(mem, step)
        except Exception as exc:  # reported, never raised: one scenario cannot stop the run
            passed, message, error = False, error_text(exc), True
        else:
            error = False
        status: Outcome
        if step.expect_failure is not None:
            status = "xpass" if passed else "xfail"
            if passed:
                message = (
                    f"passed, but is marked expect_failure ({step.expect_failure}): "
                    f"remove the mark. {message}"
                )
            else:
                message = f"expected failure ({step.expect_failure}): {message}"
        elif error:
            status = "error"
        else:
            status = "passed" if passed else "failed"
        return CheckResult(
            step=index,
            check=step_kind(step),
            title=title,
            status=status,
            passed=passed,
            message=message,
            expect_failure=step.expect_failure,
        )

    def _evaluate(self, mem: Memory, step: _Check) -> tuple[bool, str]:
        ns = self.ns(step.namespace)
        if isinstance(step, FactsCheck):
            return self._facts(mem, ns, step)
        if isinstance(step, RecallCheck):
            return self._recall(mem, ns, step)
        if isinstance(step, RefusedCheck):
            return self._refused(step)
        if isinstance(step, NoTraceCheck):
            return self._no_trace(mem, ns, step)
        if isinstance(step, HistoryCheck):
            return self._history(mem, ns, step)
        raise AssertionError(f"unhandled check {step!r}")  # pragma: no cover

    def _facts(self, mem: Memory, ns: str, step: FactsCheck) -> tuple[bool, str]:
        facts = mem.facts(
            ns,
            subject=step.subject,
            predicate=step.predicate,
            at=step.at,
            known_at=step.known_at,
            scope=step.scope,
            include_candidates=step.include_candidates,
            history=step.history,
        )
        if step.object is not None:
            facts = [f for f in facts if f.object == step.object]
        objects = [f.object for f in facts]
        got = f"got {show_list(objects)}"
        problems: list[str] = []
        if step.expect is not None and multiset(objects) != multiset(step.expect):
            problems.append(f"expected exactly {show_list(step.expect)}")
        missing = [o for o in step.contains if o not in objects]
        if missing:
            problems.append(f"missing {show_list(missing)}")
        present = [o for o in step.not_contains if o in objects]
        if present:
            problems.append(f"should not contain {show_list(present)}")
        for name in ("status", "authority"):
            wanted = getattr(step, name)
            if wanted is None:
                continue
            if not facts:
                problems.append(f"expected {name} {wanted.value}, but no fact was found")
                continue
            other = [f"{show_value(f.object)}: {getattr(f, name).value}" for f in facts]
            if any(getattr(f, name) is not wanted for f in facts):
                problems.append(f"expected {name} {wanted.value}, got {', '.join(other)}")
        if problems:
            return False, f"{'; '.join(problems)}; {got}"
        detail = got
        if step.status is not None or step.authority is not None:
            detail += " " + ", ".join(
                v.value for v in (step.status, step.authority) if v is not None
            )
        return True, detail

    def _recall(self, mem: Memory, ns: str, step: RecallCheck) -> tuple[bool, str]:
        found = mem.recall(
            step.query,
            ns,
            at=step.at,
            known_at=step.known_at,
            scope=step.scope,
            k=step.k,
            include_candidates=step.include_candidates,
            include_review=step.include_review,
            include_episodes=step.include_episodes,
            min_authority=step.min_authority,
        )
        texts = [e.text.casefold() for e in found]
        problems: list[str] = []
        if step.empty and found:
            problems.append("expected no evidence")
        missing = [s for s in step.contains if not any(s.casefold() in t for t in texts)]
        if missing:
            problems.append(f"no evidence contains {show_list(missing)}")
        leaked = [s for s in step.not_contains if any(s.casefold() in t for t in texts)]
        if leaked:
            problems.append(f"evidence should not contain {show_list(leaked)}")
        top = found[0] if found else None
        if step.top_contains is not None and (
            top is None or step.top_contains.casefold() not in texts[0]
        ):
            problems.append(f"the top hit should contain {step.top_contains!r}")
        if step.top_authority is not None and (
            top is None or top.authority is not step.top_authority
        ):
            got = "nothing" if top is None else top.authority.value
            problems.append(
                f"the top hit's authority should be {step.top_authority.value}, not {got}"
            )
        for s in step.flagged:
            hits = [e for e, t in zip(found, texts, strict=True) if s.casefold() in t]
            if not hits:
                problems.append(f"no evidence contains {s!r} to be flagged")
            elif not all(e.needs_verification for e in hits):
                problems.append(f"evidence with {s!r} is not flagged needs_verification")
        shown = show_evidence(found)
        if problems:
            return False, f"{'; '.join(problems)}; got {shown}"
        return True, f"got {shown}"

    def _refused(self, step: RefusedCheck) -> tuple[bool, str]:
        last = self.last_write
        if last is None:
            raise CheckFailed("no remember step ran before this check")
        refused = [f"{r.claim!r}: {r.reason}" for r in last.refused]
        shown = "; ".join(refused) or "nothing"
        if step.nothing:
            return (not last.refused), f"refused {shown}"
        matched = [
            r
            for r in last.refused
            if (step.reason is None or step.reason.casefold() in r.reason.casefold())
            and (step.claim is None or step.claim.casefold() in r.claim.casefold())
            and (step.alert is None or r.alert is step.alert)
        ]
        if not matched:
            return False, f"no refusal matches; the last remember refused {shown}"
        return True, f"refused {'; '.join(f'{r.claim!r}: {r.reason}' for r in matched)}"

    def _no_trace(self, mem: Memory, ns: str, step: NoTraceCheck) -> tuple[bool, str]:
        found = {s: mem.store.find_text(ns, s) for s in step.strings}
        left = {s: hits for s, hits in found.items() if hits}
        if left:
            where = "; ".join(
                f"{s!r} in "
                + ", ".join(f"{h['label']}.{h['property']} ({h['id']})" for h in hits[:5])
                for s, hits in left.items()
            )
            return False, f"still stored: {where}"
        return True, f"no trace of {show_list(list(step.strings))}"

    def _history(self, mem: Memory, ns: str, step: HistoryCheck) -> tuple[bool, str]:
        slot = mem.facts(
            ns,
            subject=step.subject,
            predicate=step.predicate,
            scope=step.scope,
            history=True,
            include_candidates=True,
        )
        if step.object is not None:
            slot = [f for f in slot if f.object == step.object]
        if not slot:
            return False, f"no fact in the slot {step.subject} {step.predicate} [{step.scope}]"
        start = max(slot, key=lambda f: (f.recorded_at, f.valid_from, f.id))
        chain = mem.history(start.id, ns)
        objects = [f.object for f in chain]
        statuses = [f.status.value for f in chain]
        got = f"got {show_list(objects)} ({', '.join(statuses)})"
        problems: list[str] = []
        if objects != step.expect:
            problems.append(f"expected {show_list(step.expect)} oldest first")
        if step.statuses is not None and statuses != [s.value for s in step.statuses]:
            problems.append(f"expected statuses {', '.join(s.value for s in step.statuses)}")
        if step.episodes is not None and objects == step.expect:
            for fact, wanted in zip(chain, step.episodes, strict=True):
                labels = [wanted] if isinstance(wanted, str) else wanted
                have = {s.episode_id for s in fact.support}
                lacking = [label for label in labels if self.episodes.get(label) not in have]
                if lacking:
                    problems.append(
                        f"{show_value(fact.object)} is not supported by the episode of "
                        f"{', '.join(repr(label) for label in lacking)}"
                    )
        if problems:
            return False, f"{'; '.join(problems)}; {got}"
        return True, got
