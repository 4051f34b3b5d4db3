"""Commands that write: remember, confirm, reject, feedback, forget, purge, config, reembed,
residue."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from pydantic import JsonValue

from graphmem import config, factory
from graphmem.cli.inputs import (
    Progress,
    _at_line,
    _jsonl_entry,
    _name,
    _read,
    _records,
    _text_input,
)
from graphmem.cli.output import Declined, Output, _dump, _fact_rows, _table
from graphmem.errors import InvalidArgument
from graphmem.lifecycle import residue
from graphmem.results import WriteResult

if TYPE_CHECKING:  # the store and model clients load only when a command needs them
    from graphmem.memory import Memory

# ---- write commands -----------------------------------------------------------


def _write_lines(result: WriteResult) -> list[str]:
    lines = [f"episode {result.episode_id}" if result.episode_id else "nothing stored"]
    if result.secrets:
        kinds = ", ".join(f"{kind} {n}" for kind, n in sorted(result.secrets.items()))
        lines.append(f"  {result.redactions} secret(s) replaced before storing ({kinds})")
    if result.extraction_pending:
        lines.append(
            f"  kept, extraction pending: {result.extraction_pending}\n"
            "  (run `graphmem reextract` when the model answers again)"
        )
    elif result.episode_id and not result.operations and not result.refused:
        lines.append("  no new facts")
    lines += _table(
        [[op.kind, op.fact_id or "", f"{op.claim}  — {op.reason}"] for op in result.operations]
        + [["REFUSED", "", f"{r.claim}  — {r.reason}"] for r in result.refused],
        indent="  ",
    )
    return lines


def _remember(mem: Memory, args: argparse.Namespace) -> Output:
    if args.jsonl is not None:
        if args.text is not None:
            raise InvalidArgument("give the text or --jsonl, not both")
        return _remember_jsonl(mem, args)
    result = mem.remember(
        _text_input(args),
        namespace=args.namespace,
        source=args.source,
        at=args.at,
        session=args.session,
        source_ref=args.source_ref,
        speaker=args.speaker,
    )
    return Output(result.model_dump(mode="json"), _write_lines(result))


def _remember_jsonl(mem: Memory, args: argparse.Namespace) -> Output:
    records = [
        (number, line)
        for number, line in enumerate(_read(args.jsonl).splitlines(), 1)
        if line.strip()
    ]
    shown = sys.stderr.isatty() if args.progress is None else args.progress
    bar = Progress(len(records), sys.stderr, enabled=shown, label="remember")
    results: list[WriteResult] = []
    try:
        for number, line in records:
            with _at_line(f"{_name(args.jsonl)} line {number}", len(results)):
                content, options = _jsonl_entry(line, args)
                results.append(mem.remember(content, namespace=args.namespace, **options))
            bar.update(len(results))
    except KeyboardInterrupt:
        raise KeyboardInterrupt(f"{len(results)} of {_records(len(records))} remembered") from None
    finally:
        bar.close()
    return Output(_dump(results), _bulk_summary(results))


def _bulk_summary(results: Sequence[WriteResult]) -> list[str]:
    kinds = [op.kind for result in results for op in result.operations]
    counts = ", ".join(f"{kinds.count(k)} {k.lower()}" for k in ("ADD", "UPDATE", "DELETE", "NOOP"))
    refused = sum(len(result.refused) for result in results)
    lines = [f"remembered {len(results)} episodes: {counts}; {refused} refused"]
    pending = sum(1 for result in results if result.extraction_pending)
    if pending:
        lines.append(f"{pending} kept with extraction pending (the model failed): run reextract")
    return lines


def _confirm(mem: Memory, args: argparse.Namespace) -> Output:
    fact = mem.confirm(args.fact_id, namespace=args.namespace)
    return Output(fact.model_dump(mode="json"), _table(_fact_rows([fact])))


def _reject(mem: Memory, args: argparse.Namespace) -> Output:
    fact = mem.reject(args.fact_id, namespace=args.namespace)
    return Output(fact.model_dump(mode="json"), _table(_fact_rows([fact])))


def _edit(mem: Memory, args: argparse.Namespace) -> Output:
    revision = mem.revise(
        args.fact_id,
        args.namespace,
        _value(args.value),
        valid_from=args.valid_from,
        correction=args.correction,
        preview=args.preview,
    )
    lines = [
        ("preview (nothing written): " if not revision.applied else "edited: ") + revision.change
    ]
    if revision.after is not None:
        lines += _table(_fact_rows([revision.after]))
    return Output(revision.model_dump(mode="json"), lines)


def _value(text: str) -> JsonValue:
    """A number, true/false or a JSON list/object as such; anything else as the text."""
    try:
        value: JsonValue = json.loads(text)
    except ValueError:
        return text
    return value


def _todos(mem: Memory, args: argparse.Namespace) -> Output:
    if args.done or args.cancel:
        closed = (
            mem.close_todo(args.done, args.namespace)
            if args.done
            else mem.cancel_todo(args.cancel, args.namespace)
        )
        return Output(closed.model_dump(mode="json"), [f"{closed.status}: {closed.text}"])
    items = mem.todos(args.namespace, include_closed=args.all)
    rows = [
        [
            t.id,
            t.status + (" (proposed)" if t.proposed else ""),
            t.opened_at.date().isoformat(),
            t.text,
        ]
        for t in items
    ]
    return Output([t.model_dump(mode="json") for t in items], _table(rows) or ["no open items"])


def _feedback(mem: Memory, args: argparse.Namespace) -> Output:
    mem.feedback(args.fact_id, args.namespace, args.outcome, args.note)
    payload = {"fact_id": args.fact_id, "outcome": args.outcome, "note": args.note}
    return Output(payload, [f"noted: {args.fact_id} {args.outcome}"])


def _check_forget(args: argparse.Namespace) -> None:
    """Forgetting a whole namespace is asked for twice: by flag, then at a prompt."""
    if not args.everything or args.yes:
        return
    if not sys.stdin.isatty():
        raise InvalidArgument(
            f"forget --everything erases namespace {args.namespace!r}; stdin is not a "
            "terminal, so nobody can confirm: add --yes"
        )
    print(
        f"Forget everything in namespace {args.namespace!r}? This cannot be undone. [y/N] ",
        end="",
        file=sys.stderr,
        flush=True,
    )
    if sys.stdin.readline().strip().lower() not in ("y", "yes"):
        raise Declined("nothing forgotten")


def _forget(mem: Memory, args: argparse.Namespace) -> Output:
    report = mem.forget(
        args.namespace,
        episode=args.episode,
        fact=args.fact,
        entity=args.entity,
        everything=args.everything,
    )
    removed = ", ".join(f"{n} {label}" for label, n in sorted(report.removed.items()) if n)
    rows = [
        ["removed", removed or "nothing"],
        ["restored", ", ".join(report.restored)],
        ["dependents", ", ".join(report.dependents)],
        ["redacted", f"{report.redacted_episodes} episodes"],
        ["scrubbed", f"{report.scrubbed_audit_entries} audit entries"],
        ["tombstones", str(report.tombstones)],
    ]
    return Output(report.model_dump(mode="json"), _table([r for r in rows if r[1]]))


def _purge(mem: Memory, args: argparse.Namespace) -> Output:
    report = mem.purge(args.namespace, timeout=args.timeout)
    lines = [f"purged the {report.store} store in {report.seconds:.1f} s", *report.steps]
    return Output(report.model_dump(mode="json"), lines)


def _config(args: argparse.Namespace) -> Output:
    settings = config.described(
        path=args.path, neo4j=args.neo4j, model=args.model, embedder_override=args.embedder
    )
    payload = [{"setting": s.name, "value": s.value, "from": s.source} for s in settings]
    # A configuration no command could open a store with is a failure to report, not a fact.
    broken = any(s.value.startswith("ambiguous") for s in settings)
    return Output(payload, _table([[s.name, s.value, s.source] for s in settings]), code=2 * broken)


def _reembed(args: argparse.Namespace) -> Output:
    # The raw store: a Memory would refuse to open on the very mismatch this resolves.
    from graphmem.lifecycle.reembed import reembed  # noqa: PLC0415 - keeps start-up light

    embedder = factory.embedder()
    store = factory.open_store(args.path, args.neo4j)
    shown = sys.stderr.isatty() if args.progress is None else args.progress
    bar = Progress(0, sys.stderr, enabled=shown, label="reembed")

    def progress(done: int, total: int) -> None:
        bar.total = total
        bar.update(done)

    try:
        count = reembed(store, embedder, progress=progress)
    finally:
        bar.close()
        store.close()
    payload = {"embedder": embedder.name, "dimensions": embedder.dimensions, "rewritten": count}
    return Output(payload, [f"{count} vectors rewritten with {embedder.name}"])


def _residue(args: argparse.Namespace) -> Output:
    found = residue.scan(args.folder, args.text)
    payload = [{"file": r.file, "offset": r.offset, "text": r.needle} for r in found]
    if not found:
        return Output(payload, ["PASS: found in no file under " + str(args.folder)])
    rows = [[r.file, str(r.offset), r.needle] for r in found]
    return Output(payload, ["FAIL: still on disk", *_table(rows)], code=1)
