"""Reliability scenarios: what must be true of a trustworthy memory over time.

A scenario is a small TOML file: it defines predicates, then runs ordered steps
against a fresh namespace with its own settable clock — writes, clock changes,
forgetting, distillation — and checks what the memory answers after each. The
built-in scenarios (``graphmem/scenarios/*.toml``) pin the behaviours of
DESIGN.md: a changed preference is adopted, a temporary request expires, a
conflict keeps its provenance, an expired policy asks for review, forgotten
material does not come back, scopes and namespaces do not leak, external content
never outranks the user. ``graphmem eval`` runs them on either store::

    scenarios = load_scenarios(None)                  # the built-in ones
    report = run(scenarios, lambda clock: Memory(store=store, clock=clock))
    print(format_report(report))                      # ends with "N passed, M failed"

Format
------
Top level::

    name = "temporary-request"       # a slug: a-z, 0-9 and -, unique among scenarios
    description = "..."               # what the scenario shows
    start = 2026-08-20T09:00:00Z      # the clock at the start (default 2026-01-01T00:00:00Z)

    [[predicates]]                    # optional; defined on the Memory before the steps
    name = "writing_block"
    cardinality = "one"               # one | many (default many)
    kind = "preference"               # preference | fact | constraint | event (default fact)
    ttl_days = 30                     # optional time-to-live, in days
    review_days = 90                  # optional review interval, in days
    sensitivity = "normal"            # optional: normal | personal | sensitive
    object_is_entity = false          # optional (default true)

    [[steps]]                         # in order; each names its kind with `step`
    step = "remember"
    ...

Every step may carry ``title`` (shown in the report) and ``namespace`` (a logical
name, default ``main``: each logical name is its own fresh namespace, so a
scenario can show that two tenants do not see each other). Unknown fields are
errors, and so is a datetime without a UTC offset: write ``2026-09-01T09:00:00Z``,
or a bare date ``2026-09-01`` for UTC midnight.

Actions (an action that raises stops the scenario; its checks are not run):

============  =================================================================
step          fields
============  =================================================================
remember      ``text`` *or* ``claims`` (a list of tables: ``subject`` (default
              "user", the speaker), ``predicate``, ``object``, ``valid_from``,
              ``valid_until``, ``scope``, ``kind``, ``negated``, ``inferred``,
              ``confidence``, ``quote``, ``object_is_entity``); ``source`` (user,
              system, agent, tool, email, document; default user), ``at``,
              ``session``, ``speaker``, ``source_ref``; ``label`` names the
              episode for a later ``forget``.
clock         ``at`` (set the store's "now") *or* ``advance_days``.
forget        one of ``episode`` (the label of an earlier remember), ``fact`` (a
              query table: ``subject``, ``predicate``, ``object``, ``scope``,
              matching exactly one fact), ``entity`` (a name), ``everything = true``.
distill       run one distillation.
expire        run the expiry and review sweep.
confirm       confirm the candidate found by ``subject`` (default "user"),
              ``predicate``, ``object`` and optional ``scope``.
reject        reject the candidate found the same way.
feedback      ``subject``/``predicate``/``object``/``scope`` find one fact;
              ``outcome`` (good, bad), optional ``note``.
============  =================================================================

Checks (each may carry ``expect_failure = "reason"``: a known graphmem bug;
the check is then reported as ``xfail`` while it fails, and as a failure
(``xpass``) once it passes, so that the mark is removed):

============  =================================================================
step          fields
============  =================================================================
facts         filters ``subject``, ``predicate``, ``scope``, ``object``, ``at``,
              ``known_at``, ``include_candidates``, ``history`` (every version,
              ignoring time); expectations: ``expect`` (the exact list of
              objects, any order), ``contains``, ``not_contains`` (objects),
              ``status`` / ``authority`` (every fact found has it, and at least
              one is found).
recall        ``query``, ``at``, ``known_at``, ``scope`` (a string or a list),
              ``k``, ``include_candidates``, ``include_review``,
              ``include_episodes`` (default true), ``min_authority``;
              expectations (case-insensitive substrings of evidence texts):
              ``contains``, ``not_contains``, ``empty = true``,
              ``top_contains``, ``top_authority``, ``flagged`` (found, and every
              hit containing it needs verification).
refused       the last remember refused a claim whose reason contains
              ``reason`` and whose text contains ``claim`` (both optional,
              case-insensitive), raising an alert if ``alert = true`` (or not,
              if ``false``); or ``nothing = true``: it refused nothing.
no_trace      ``strings``: ``mem.store.find_text(namespace, s)`` is empty for each.
history       the supersession chain of a slot (``subject``, default "user",
              ``predicate``, ``scope``, default global; it runs through the
              latest recorded fact of the slot, or the one whose object is
              ``object``): ``expect`` the objects oldest first; optional
              ``statuses`` (stored statuses, in the same order) and
              ``episodes`` (for each version, the label or labels of remember
              steps that must be among its support).
============  =================================================================
"""

from __future__ import annotations

from graphmem.evaluate.loading import load_scenarios, parse_scenario
from graphmem.evaluate.report import CheckResult, EvalReport, Outcome, ScenarioResult, format_report
from graphmem.evaluate.runner import run
from graphmem.evaluate.spec import Scenario, ScenarioClock, ScenarioError

__all__ = [
    "CheckResult",
    "EvalReport",
    "Outcome",
    "Scenario",
    "ScenarioClock",
    "ScenarioError",
    "ScenarioResult",
    "format_report",
    "load_scenarios",
    "parse_scenario",
    "run",
]
