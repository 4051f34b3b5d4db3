"""Commands that read: recall, facts, history, episode, audit, stats, check, connections (which
also revokes one), and the action guard (needs-confirmation)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from graphmem.cli.output import Output, _dump, _fact_rows, _one_line, _opts, _span, _table
from graphmem.errors import InvalidArgument

if TYPE_CHECKING:  # the store and model clients load only when a command needs them
    from graphmem.memory import Memory

# ---- read commands ------------------------------------------------------------

# Exit status of ``needs-confirmation`` when the answer is yes: a script can branch on it.
NEEDS_CONFIRMATION = 3


def _needs_confirmation(args: argparse.Namespace) -> Output:
    """A command line has no live session, so no confirmation exists: the answer is whether
    the action is known to only read."""
    from graphmem.trust.actions import is_read_only  # noqa: PLC0415 - keeps start-up light

    read_only = is_read_only(args.action)
    payload = {"action": args.action, "needs_confirmation": not read_only, "read_only": read_only}
    line = (
        "no: known to only read"
        if read_only
        else "yes: not known to only read; ask the user to confirm this exact action"
    )
    return Output(payload, [line], code=0 if read_only else NEEDS_CONFIRMATION)


def _recall(mem: Memory, args: argparse.Namespace) -> Output:
    found = mem.recall(
        args.query,
        namespace=args.namespace,
        at=args.at,
        known_at=args.known_at,
        scope=args.scope,
        include_candidates=args.candidates,
        include_review=args.review,
        include_episodes=not args.no_episodes,
        **_opts(args, "k", "min_authority", "max_sensitivity"),
    )
    rows = [
        [
            f"{e.score:.2f}",
            e.fact_id or e.episode_id or "",
            "/".join(x.value for x in (e.authority, e.status) if x is not None),
            _span(e.valid_from, e.valid_until),
            _one_line(e.text) + ("  (verify)" if e.needs_verification else ""),
        ]
        for e in found
    ]
    return Output(_dump(found), _table(rows) or ["no evidence"])


def _facts(mem: Memory, args: argparse.Namespace) -> Output:
    found = mem.facts(
        args.namespace,
        subject=args.subject,
        predicate=args.predicate,
        at=args.at,
        known_at=args.known_at,
        scope=args.scope,
        include_candidates=args.candidates,
        history=args.history,
    )
    return Output(_dump(found), _table(_fact_rows(found)) or ["no facts"])


def _history(mem: Memory, args: argparse.Namespace) -> Output:
    chain = mem.history(args.fact_id, namespace=args.namespace)
    rows = [
        [*row, ", ".join(s.episode_id for s in fact.support)]
        for row, fact in zip(_fact_rows(chain), chain, strict=True)
    ]
    return Output(_dump(chain), _table(rows))


def _episode(mem: Memory, args: argparse.Namespace) -> Output:
    ep = mem.episode(args.episode_id, namespace=args.namespace)
    rows = [
        ["id", ep.id],
        ["source", f"{ep.source.value} ({ep.authority.value})" + f"  {ep.source_ref or ''}"],
        ["occurred", f"{ep.occurred_at:%Y-%m-%d %H:%M:%S}"],
        ["recorded", f"{ep.recorded_at:%Y-%m-%d %H:%M:%S}"],
        ["session", ep.session or ""],
        ["redactions", str(ep.redactions)],
    ]
    lines = [*_table([r for r in rows if r[1]]), "", ep.content]
    return Output(ep.model_dump(mode="json"), lines)


def _audit(mem: Memory, args: argparse.Namespace) -> Output:
    entries = mem.audit(args.namespace, since=args.since)
    rows = [
        [f"{e.at:%Y-%m-%d %H:%M:%S}", e.actor.value, e.action, e.target_id or "", e.note or ""]
        for e in entries
    ]
    return Output(_dump(entries), _table(rows) or ["no audit entries"])


def _stats(mem: Memory, args: argparse.Namespace) -> Output:
    counts = mem.stats(args.namespace)
    return Output(counts, _table([[label, str(n)] for label, n in sorted(counts.items())]))


def _check(mem: Memory, args: argparse.Namespace) -> Output:
    report = mem.check(args.namespace, repair=args.repair)
    lines = [f"{p.kind:<22} {' '.join(p.ids)}  {p.detail}" for p in report.problems]
    summary = f"{report.facts} fact versions, {report.statements} statements: " + (
        "healthy" if report.ok else f"{len(report.problems)} problem(s)"
    )
    if report.repaired:
        summary += f"; {report.repaired} datetime(s) rewritten as UTC"
    return Output(report.model_dump(mode="json"), [*lines, summary], 0 if report.ok else 1)


def _connections(mem: Memory, args: argparse.Namespace) -> Output:
    lines: list[str] = []
    ended: list[str] = []
    if args.revoke is not None:
        ended = mem.revoke_connection(args.revoke, args.namespace, account=args.account)
        lines.append(f"revoked {args.revoke}: {', '.join(ended)}")
    elif args.account is not None:
        raise InvalidArgument("--account goes with --revoke SERVICE")
    found = mem.connections(args.namespace, at=args.at, include_revoked=args.all)
    rows = [
        [
            c.service + (f" ({c.account})" if c.account else ""),
            c.scope,
            c.status,
            f"by {c.granted_by.value if c.granted_by else '?'}",
            _span(c.granted_at, c.ended_at),
            c.fact_id,
        ]
        for c in found
    ]
    payload = {"revoked": ended, "connections": _dump(found)} if args.revoke else _dump(found)
    return Output(payload, lines + (_table(rows) or ["no connections"]))
