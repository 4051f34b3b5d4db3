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


@pytest.mark.parametrize(
    "folder", ["actions", "actions_heldout", "actions_third", "actions_fourth"]
)
def test_no_consequential_action_is_approved_on_corpora_written_blind(folder: str) -> None:
    rows = load(folder, "actions")
    approved = [r["action"] for r in rows if not r["read_only"] and is_read_only(r["action"])]
    asked = [r["action"] for r in rows if r["read_only"] and not is_read_only(r["action"])]
    assert approved == []
    read_only = sum(r["read_only"] for r in rows)
    # The cost of failing closed: the third and fourth corpora were written after the first
    # fixes (first sight 25% and 38%; about 21% and 25% once a clause after "and" or
    # "then" that opens with an unknown word counts as a deed).
    share = 0.10 if folder in ("actions", "actions_heldout") else 0.30
    assert len(asked) <= share * read_only, asked


@pytest.mark.parametrize(
    "folder", ["actions", "actions_heldout", "actions_third", "actions_fourth"]
)
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


# The fourth corpus at first sight approved six deeds: a tool that names its verb first and
# the state it sets last, a phrasal verb, requests put as questions in Portuguese, English
# and Korean, and a Spanish imperative with its pronoun attached.
@pytest.mark.parametrize(
    "action",
    [
        "notifications.markAllRead",
        "inbox.setAsRead",
        "Check me in for tomorrow's flight to Oslo.",
        "Pode redefinir a senha do app da escola?",
        "Mind dimming the living room lights to 30%?",
        "이번 달 통신비 좀 내 줄 수 있어?",
        "Busca el tren más barato a Valencia el día 8 y resérvalo.",
        "Cerca il volo per Bari e prenotalo.",
        # Code an agent writes: each shape by its own grammar.
        "POST /v1/transfers",
        "mutation { deleteClaim(id: 3) { id } }",
        "DELETE FROM users WHERE id = 3;",
        "SELECT * INTO backup FROM users;",
        "WITH gone AS (DELETE FROM carts RETURNING id) SELECT count(*) FROM gone;",
        "Get-ChildItem C:\\Reports | Remove-Item",
        '{"name": "send_email", "arguments": {"to": "ana@example.org"}}',
        '{"type": "function", "function": {"name": "wire_funds", "arguments": "{}"}}',
        'github__create_issue {"title": "flaky test"}',
        'payments.v1.TransferService/CreateTransfer {"amount": 50}',
        'echo "done" > status.txt',
        'echo "$(rm -rf ~)"',
        "docker image rm abc123",
        "kubectl delete pod api-7f9",
        '{"arguments": {"to": "ana@example.org"}}',
    ],
)
def test_deeds_in_every_shape_need_confirmation(action: str) -> None:
    assert not is_read_only(action)


@pytest.mark.parametrize(
    "action",
    [
        "GET /v1/invoices?status=open",
        "query { claims(status: OPEN) { id amount } }",
        "SELECT payee, SUM(amount) FROM transfers WHERE direction = 'sent' GROUP BY payee;",
        "Get-Service | Where-Object Status -eq 'Stopped'",
        '{"name": "list_events", "arguments": {"from": "2026-12-07"}}',
        'calendar__list_events {"time_min": "2026-12-07"}',
        "drive__list_shared_with_me",
        'payments.v1.LedgerService/ListEntries {"account_id": "ACC-1"}',
        'gcloud logging read "severity>=ERROR" --limit=50',
        "kubectl rollout status deployment/ledger -n finance",
        "helm list -A",
        "terraform state list",
        "docker image ls",
        "I'm curious whether my flu shot from October shows up in the portal.",
        "Mich würde interessieren, wann mein Handyvertrag ausläuft.",
        "Ningependa kujua kama likizo yangu imeidhinishwa.",
        "今年の有給休暇があと何日残っているか知りたい。",
        "Montre-moi les commandes annulées",
    ],
)
def test_reads_in_every_shape_need_none(action: str) -> None:
    assert is_read_only(action)


def test_a_wish_to_know_that_names_a_deed_still_asks() -> None:
    assert not is_read_only("I'd like to know the total, and then pay it from my savings.")
    assert not is_read_only("I want to know it's done: send the contract to Ana.")


@pytest.mark.parametrize(
    "action",
    [
        "Show me the invoices and tidy up the Downloads folder",
        "Show me the invoices, then deal with the parking fine",
        "I'd like to know the total and go ahead with the quote",
        "I'm curious, take care of the rent",
        "Show me the invoices and can we move Friday's standup to 10?",
        "SELECT the invoices and settle up with Hugo",
    ],
)
def test_a_deed_behind_a_read_still_asks(action: str) -> None:
    # A read first does not vouch for what follows it: a clause that opens with a word the
    # guard does not know is a request of its own.
    assert not is_read_only(action)


READS_IN_FRONT = (
    "Show me the invoices, then ",
    "Show me the invoices and ",
    "SELECT the invoices and ",
    "I'm curious, ",
    "I'd like to know the total and ",
)


def test_a_read_in_front_never_vouches_for_a_deed() -> None:
    # Every English deed of the four corpora, behind a read, a wish to know or SQL's first
    # word in capitals: 136 of 955 were approved before the guard read such compositions.
    approved = []
    for folder in ("actions", "actions_heldout", "actions_third", "actions_fourth"):
        for row in load(folder, "actions"):
            if row["read_only"] or row["language"] != "en":
                continue
            if row["form"] not in ("imperative", "prose"):
                continue
            deed = row["action"][0].lower() + row["action"][1:]
            approved += [p + deed for p in READS_IN_FRONT if is_read_only(p + deed)]
    assert approved == []
