"""Commands over a namespace's life: export, import, distill, rollback, gc, expire, maintain,
mcp; and the ones without a store of their own (demo, eval, doctor, repair)."""

from __future__ import annotations

import argparse
import dataclasses
import json
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from graphmem import config
from graphmem.cli.inputs import _name, _read
from graphmem.cli.output import Clock, Output, _ids, _table
from graphmem.errors import InvalidArgument, OperationFailed
from graphmem.lifecycle import doctor
from graphmem.results import DistillationRun, JobName, MaintenanceReport

if TYPE_CHECKING:  # the store and model clients load only when a command needs them
    from graphmem.memory import Memory

# ---- lifecycle commands -------------------------------------------------------


def _export(mem: Memory, args: argparse.Namespace) -> Output:
    doc = mem.export(args.namespace)
    text = json.dumps(doc, indent=2, ensure_ascii=False)
    if args.output is None:
        return Output(doc, [text])
    try:
        args.output.write_text(text + "\n", encoding="utf-8")
    except OSError as exc:
        raise OperationFailed(f"cannot write {str(args.output)!r}: {exc.strerror or exc}") from exc
    counts = {key: len(value) for key, value in doc.items() if isinstance(value, list)}
    summary = ", ".join(f"{n} {key}" for key, n in counts.items() if n)
    return Output(
        {"namespace": args.namespace, "file": str(args.output), "counts": counts},
        [f"exported {args.namespace!r} to {args.output}: {summary or 'nothing'}"],
    )


def _import(mem: Memory, args: argparse.Namespace) -> Output:
    try:
        data = json.loads(_read(args.file))
    except json.JSONDecodeError as exc:
        raise InvalidArgument(
            f"{_name(args.file)} is not JSON: {exc.msg} (line {exc.lineno})"
        ) from exc
    if not isinstance(data, dict):
        raise InvalidArgument(f"{_name(args.file)} is not a graphmem export document")
    counts = mem.import_(data, namespace=args.namespace)
    target = args.namespace or data.get("namespace")
    lines = [f"imported into {target!r}"]
    lines += _table([[label, str(n)] for label, n in sorted(counts.items())], indent="  ")
    return Output(counts, lines)


def _run_lines(run: DistillationRun) -> list[str]:
    head = f"run {run.id}  version {run.version}  {run.status}"
    return [
        head,
        f"  {len(run.created)} candidates proposed, {len(run.patched)} facts changed",
        *("  " + line for line in _ids("candidates", run.created)),
    ]


def _distill(mem: Memory, args: argparse.Namespace) -> Output:
    run = mem.distill(args.namespace)
    return Output(run.model_dump(mode="json"), _run_lines(run))


def _reextract(mem: Memory, args: argparse.Namespace) -> Output:
    report = mem.reextract(args.namespace, limit=args.limit)
    lines = [f"read again {len(report.finished)}, still pending {report.pending}"]
    for result in report.finished:
        lines.append(f"  episode {result.episode_id}: {len(result.operations)} operations")
    if report.failed:
        lines.append(f"stopped: {report.failed}")
    return Output(report.model_dump(mode="json"), lines, code=1 if report.failed else 0)


def _rollback(mem: Memory, args: argparse.Namespace) -> Output:
    run = mem.rollback(args.run_id, namespace=args.namespace)
    return Output(run.model_dump(mode="json"), _run_lines(run))


def _gc(mem: Memory, args: argparse.Namespace) -> Output:
    report = mem.gc(args.namespace, dry_run=not args.apply)
    if report.dry_run:
        head = f"dry run: would remove {len(report.removed)}, demote {len(report.demoted)}"
        head += " (--apply to do it)" if report.removed or report.demoted else ""
    else:
        head = f"removed {len(report.removed)}, demoted {len(report.demoted)}"
    lines = [head, *_ids("  remove", report.removed), *_ids("  demote", report.demoted)]
    return Output(report.model_dump(mode="json"), lines)


def _expire(mem: Memory, args: argparse.Namespace) -> Output:
    sweep = mem.expire(args.namespace)
    lines = [
        f"expired {len(sweep.expired)}, due for review {len(sweep.needs_review)}",
        *_ids("  expired", sweep.expired),
        *_ids("  review", sweep.needs_review),
    ]
    return Output(dataclasses.asdict(sweep), lines)


# What each job's line counts, in the report's words.
_JOB_COUNTS: dict[JobName, tuple[str, ...]] = {
    "daily": ("expired", "needs_review", "learned", "proposed", "decayed", "reduced"),
    "weekly": ("removed", "demoted"),
    "monthly": (
        "merged",
        "awaiting_review",
        "superseded_unused",
        "candidates_waiting",
        "model_differences",
    ),
}


def _maintain(mem: Memory, args: argparse.Namespace) -> Output:
    report = mem.maintain(args.namespace, now=args.now)
    return Output(report.model_dump(mode="json"), _maintenance_lines(report))


def _compare_models(mem: Memory, args: argparse.Namespace) -> Output:
    found = mem.compare_models(args.namespace, args.other, sample=args.sample)
    lines = [
        f"{found.first} and {found.second} on {len(found.sampled)} messages: "
        f"{len(found.differences)} with different permission decisions"
        + (f"; {len(found.failed)} skipped (a model call failed)" if found.failed else "")
    ]
    for difference in found.differences:
        lines.append(f"  {difference.episode_id}")
        lines += [f"    {found.first}: {d}" for d in difference.first or ["(none)"]]
        lines += [f"    {found.second}: {d}" for d in difference.second or ["(none)"]]
    return Output(found.model_dump(mode="json"), lines)


def _retention(mem: Memory, args: argparse.Namespace) -> Output:
    if args.keep_days is not None or args.forever:
        policy = mem.set_retention(args.namespace, None if args.forever else args.keep_days)
    else:
        policy = mem.retention(args.namespace)
    kept = "for good" if policy.keep_days is None else f"{policy.keep_days} days"
    since = f" (since {policy.since:%Y-%m-%d %H:%M} UTC)" if policy.since else ""
    return Output(
        policy.model_dump(mode="json"), [f"{policy.namespace}: raw text kept {kept}{since}"]
    )


def _maintenance_lines(report: MaintenanceReport) -> list[str]:
    lines = [f"as of {report.at:%Y-%m-%d %H:%M} UTC"]
    if not report.namespaces:
        lines.append("no namespace holds facts or episodes: nothing to maintain")
    for space in report.namespaces:
        ran = ", ".join(job.job for job in space.ran) or "nothing (not due)"
        lines.append(f"{space.namespace}: ran {ran}")
        for job in space.ran:
            counts = ", ".join(
                f"{name.replace('_', ' ')} {len(getattr(job, name))}"
                for name in _JOB_COUNTS[job.job]
            )
            run = f" (run {job.distillation_run})" if job.distillation_run else ""
            lines.append(f"  {job.job}: {counts}{run}")
        lines += [
            f"  {job}: not due until {when:%Y-%m-%d %H:%M} UTC"
            for job, when in space.not_due.items()
        ]
    return lines


def _mcp(mem: Memory, args: argparse.Namespace) -> Output:
    from graphmem.adapters import mcp  # noqa: PLC0415 - an optional extra

    mcp.serve(
        mem,
        None if args.namespace_from_model else args.namespace,
        namespace_from_model=args.namespace_from_model,
        user_verbatim=args.user_verbatim,
        transport=args.transport,
        host=args.host,
        port=args.port,
    )
    return Output(None, [])  # stdout belongs to the protocol: print nothing after it


def _check_mcp(args: argparse.Namespace) -> None:
    """Before the store opens: the SDK is there, and exactly one namespace policy."""
    from graphmem.adapters import mcp  # noqa: PLC0415 - an optional extra

    mcp.require_sdk()
    args.namespace = args.namespace or config.default_namespace()
    if args.namespace_from_model and args.namespace:
        raise InvalidArgument("give --namespace or --namespace-from-model, not both")
    if not args.namespace_from_model and not args.namespace:
        raise InvalidArgument(
            "mcp needs --namespace (or GRAPHMEM_NAMESPACE): the model never picks one "
            "unless you pass --namespace-from-model"
        )


# ---- commands without a store of their own -----------------------------------


def _demo(args: argparse.Namespace) -> Output:
    from graphmem.cli.demo import run_demo  # noqa: PLC0415 - keeps start-up light

    if not args.json:
        run_demo(print)
        return Output(None, [])
    chunks: list[str] = []
    run_demo(chunks.append)
    return Output({"output": "\n".join(chunks).splitlines()}, [])


def _eval(args: argparse.Namespace) -> Output:
    from graphmem import evaluate  # noqa: PLC0415 - only this command needs it

    scenarios = evaluate.load_scenarios(list(args.scenarios) or None)
    with _eval_memories(args) as factory:
        report = evaluate.run(scenarios, factory)
    return Output(
        report.model_dump(mode="json"),
        [evaluate.format_report(report)],
        code=0 if report.ok else 1,
    )


@contextmanager
def _eval_memories(args: argparse.Namespace) -> Iterator[Callable[[Clock], Memory]]:
    """A fresh memory per scenario (a new embedded folder, or the Neo4j server),
    all closed at the end: ``evaluate.run`` leaves closing to the factory."""
    from graphmem.memory import Memory  # noqa: PLC0415 - keeps start-up light

    uri = None
    if (args.store or ("neo4j" if args.neo4j else "embedded")) == "neo4j":
        uri = args.neo4j or config.neo4j_uri()
        if not uri:
            raise InvalidArgument("eval --store neo4j needs --neo4j URI or NEO4J_URI")
    opened: list[Memory] = []
    with tempfile.TemporaryDirectory(prefix="graphmem-eval-") as scratch:

        def make(clock: Clock) -> Memory:
            if uri:
                mem = Memory.neo4j(uri, auth=config.neo4j_auth(), clock=clock)
            else:
                mem = Memory(tempfile.mkdtemp(dir=scratch), clock=clock)
            opened.append(mem)
            return mem

        try:
            yield make
        finally:
            for mem in opened:
                mem.close()


def _doctor(args: argparse.Namespace) -> Output:
    report = doctor.diagnose(args.folder)
    return Output(report.to_json(), report.lines(), code=1 if report.damaged else 0)


def _repair(args: argparse.Namespace) -> Output:
    salvage = doctor.repair(args.folder, args.into)
    return Output(salvage.to_json(), salvage.lines())
