"""What every current-truth template module holds (bench/current_truth.py, ``--templates``):
``RELATIONS`` (a relation's values, first statements and questions about now and then),
``CHANGES`` (its change statements, each with its timing) and ``BEFORE`` (its questions about
the past in words), filled by calling a :class:`Relations` once per relation. The syntax of
the templates themselves is in bench/data/current_truth_templates.py."""

from __future__ import annotations

Change = tuple[str, str]  # (timing, text): now, last_month, since, weeks_ago
Before = tuple[str, str]  # (mode, text): next (names the following value) or when


class Relations:
    """The three tables of one template module, and the call that adds a relation to them."""

    def __init__(self) -> None:
        self.relations: dict[str, dict[str, list[str]]] = {}
        self.changes: dict[str, list[Change]] = {}
        self.before: dict[str, list[Before]] = {}

    def __call__(
        self,
        name: str,
        *,
        values: list[str],
        first: list[str],
        change: list[Change],
        now: list[str],
        then: list[str],
        before: list[Before],
    ) -> None:
        self.relations[name] = {"values": values, "first": first, "now": now, "then": then}
        self.changes[name] = change
        self.before[name] = before
