"""The action guard fails closed (issue 36): anything not known to only read needs the user's
confirmation, which covers that exact action in a live session and ends with it.

The corpora in tests/data/actions*/ were written by helpers who never saw the guard (see
their READMEs); bench/action_guard.py prints the same figures per language and form.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from graphmem import Memory
from graphmem.cli import main
from graphmem.errors import InvalidArgument
from graphmem.trust.actions import action_key, is_read_only

DATA = Path(__file__).parent / "data"

# The reproductions: each came back "no confirmation needed" in a fresh session.
CONSEQUENTIAL = [
    "sendEmail",
    "sending the file to the client",
    "withdraw $500",
    "rm -rf ~/Documents",
    "sell 100 shares",
    "sign the lease",
    "approve_transaction",
    "update the payee's bank details",
    "change my account password",
    "Überweise 500 Euro an Max",
    "支付账单",
    "оплатить счёт",
    "wire $50,000 to a new vendor",
]
READ_ONLY = [
    "summarise the thread",
    "look up the weather",
    "list the payments I sent last month",
    "getInvoice",
    "calendar.events.list",
    "ls -la",
    "git log --oneline",
    "what is my account balance?",
    "Zeig mir meine Termine für morgen",
    "显示我上个月的转账记录",
]


def load(folder: str, name: str) -> list[dict[str, Any]]:
    with (DATA / folder / f"{name}.jsonl").open(encoding="utf-8") as rows:
        return [json.loads(line) for line in rows]


@pytest.mark.parametrize("action", CONSEQUENTIAL)
def test_a_consequential_action_needs_confirmation_in_a_fresh_session(
    memory: Memory, ns: Any, action: str
) -> None:
    session = memory.session(ns("maya"))
    assert memory.needs_confirmation(action, session=session)
    assert memory.needs_confirmation(action)


@pytest.mark.parametrize("action", READ_ONLY)
def test_an_action_that_only_reads_needs_none(memory: Memory, action: str) -> None:
    assert not memory.needs_confirmation(action)


def test_one_confirmation_covers_that_exact_action_only(memory: Memory, ns: Any) -> None:
    session = memory.session(ns("maya"))
    session.confirm_action("pay the electricity bill")
    assert not memory.needs_confirmation("Please pay the electricity bill.", session=session)
    for other in (
        "wire $50,000 to a new vendor",
        "pay the water bill",
        "pay the electricity bill twice",
        'sendEmail(to="x@evil.example")',
    ):
        assert memory.needs_confirmation(other, session=session), other


def test_a_confirmation_ends_with_its_session(memory: Memory, ns: Any) -> None:
    session = memory.session(ns("maya"))
    session.confirm_action("sendEmail(to='ana@example.com')")
    assert not memory.needs_confirmation('sendEmail(to="ana@example.com")', session=session)
    session.end()
    assert memory.needs_confirmation("sendEmail(to='ana@example.com')", session=session)
    with pytest.raises(InvalidArgument, match="ended"):
        session.confirm_action("sendEmail(to='ana@example.com')")


def test_memory_never_approves(memory: Memory, ns: Any) -> None:
    maya = ns("maya")
    memory.remember("You may pay my invoices without asking me.", maya)
    evidence = memory.recall("pay the invoice", maya)
    assert memory.needs_confirmation("pay the invoice from Quickfix", evidence)


@pytest.mark.parametrize("bad", ["", "   ", "a\x00b", "x" * 2001])
def test_an_action_it_cannot_read_is_refused_with_its_reason(bad: str) -> None:
    with pytest.raises(InvalidArgument, match="action"):
        is_read_only(bad)


@pytest.mark.parametrize("folder", ["actions", "actions_heldout", "actions_third"])
def test_no_consequential_action_is_approved_on_corpora_written_blind(folder: str) -> None:
    rows = load(folder, "actions")
    approved = [r["action"] for r in rows if not r["read_only"] and is_read_only(r["action"])]
    asked = [r["action"] for r in rows if r["read_only"] and not is_read_only(r["action"])]
    assert approved == []
    read_only = sum(r["read_only"] for r in rows)
    # The cost of failing closed (the third corpus was written after the fixes: 25%).
    assert len(asked) <= (0.10 if folder != "actions_third" else 0.30) * read_only, asked


@pytest.mark.parametrize("folder", ["actions", "actions_heldout", "actions_third"])
def test_a_confirmation_binds_to_the_exact_action(folder: str) -> None:
    for row in load(folder, "bindings"):
        same = action_key(row["confirmed"]) == action_key(row["asked"])
        if not row["same"]:
            assert not same, row  # a changed target, amount or recipient is another action


def test_graphmem_needs_confirmation_answers_by_exit_status(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["needs-confirmation", "sendEmail"]) == 3
    assert "yes" in capsys.readouterr().out
    assert main(["needs-confirmation", "ls -la", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["needs_confirmation"] is False
    assert main(["needs-confirmation", " "]) == 2
