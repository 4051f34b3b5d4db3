"""Connection records (issue 41): which service, which account, which permission scope, when
and on whose word — never the credential. Told in words or as a claim, changed, revoked and
forgotten, on both stores."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from graphmem import AsyncMemory, Claim, Connection, InvalidArgument, Memory, UnknownId
from graphmem.extract.llm import ExtractedClaim, to_claim
from graphmem.extract.offline import OfflineExtractor
from graphmem.model import Kind
from graphmem.models.llm import load_prompt
from tests.stores import Clock

NS = Callable[[str], str]
START = datetime(2026, 1, 1, tzinfo=UTC)


def listed(connections: list[Connection]) -> list[tuple[str, str | None, str, str]]:
    return [(c.service, c.account, c.scope, c.status) for c in connections]


# ---- told in words ----------------------------------------------------------------------


def test_a_connection_told_in_words_is_listed_with_its_scope_and_who_granted_it(
    memory: Memory, clock: Clock, ns: NS
) -> None:
    maya = ns("maya")
    memory.remember("I connected my Google Calendar with read-only access.", maya)

    (calendar,) = memory.connections(maya)
    assert (calendar.service, calendar.account, calendar.scope) == (
        "Google Calendar",
        None,
        "read-only",
    )
    assert calendar.status == "active"
    assert calendar.granted_by == "user"
    assert calendar.granted_at == START
    assert calendar.ended_at is None
    (fact,) = memory.facts(maya, predicate="connection_scope")
    assert fact.id == calendar.fact_id


def test_each_account_of_a_service_is_a_connection_of_its_own(
    memory: Memory, clock: Clock, ns: NS
) -> None:
    maya = ns("maya")
    memory.remember("I've linked my work Gmail (send only).", maya)
    memory.remember("I gave the assistant read and write access to my personal Gmail.", maya)
    memory.remember("I gave the assistant read and write access to my Dropbox.", maya)

    assert listed(memory.connections(maya)) == [
        ("Dropbox", None, "read and write", "active"),
        ("Gmail", "personal", "read and write", "active"),
        ("Gmail", "work", "send only", "active"),
    ]
    clock.advance(days=1)
    memory.revoke_connection("gmail", maya, account="work")
    assert [c.account for c in memory.connections(maya) if c.service == "Gmail"] == ["personal"]


def test_a_connection_told_as_a_claim(memory: Memory, clock: Clock, ns: NS) -> None:
    maya = ns("maya")
    memory.remember([Claim("Notion (team)", "connection_scope", "full access")], maya)
    assert listed(memory.connections(maya)) == [("Notion", "team", "full access", "active")]


def test_a_connection_without_a_scope_is_unspecified(memory: Memory, clock: Clock, ns: NS) -> None:
    maya = ns("maya")
    memory.remember("I connected Slack.", maya)
    assert listed(memory.connections(maya)) == [("Slack", None, "unspecified", "active")]


# ---- changed, revoked -------------------------------------------------------------------


def test_a_changed_scope_is_current_and_the_old_one_is_history(
    memory: Memory, clock: Clock, ns: NS
) -> None:
    maya = ns("maya")
    memory.remember("I connected my Google Calendar with read-only access.", maya)
    clock.advance(days=10)
    memory.remember("I gave the assistant read and write access to my Google Calendar.", maya)

    (now,) = memory.connections(maya)
    assert (now.scope, now.granted_at) == ("read and write", START + timedelta(days=10))
    assert [f.object for f in memory.history(now.fact_id, maya)] == ["read-only", "read and write"]
    assert listed(memory.connections(maya, include_revoked=True)) == [
        ("Google Calendar", None, "read-only", "superseded"),
        ("Google Calendar", None, "read and write", "active"),
    ]
    (before,) = memory.connections(maya, at=START + timedelta(days=5))
    assert before.scope == "read-only"
    assert before.status == "active"


def test_a_revoked_connection_is_kept_as_history_not_listed(
    memory: Memory, clock: Clock, ns: NS
) -> None:
    maya = ns("maya")
    memory.remember("I connected my Dropbox with full access.", maya)
    (dropbox,) = memory.connections(maya)
    revoked_at = clock.advance(days=3)

    ended = memory.revoke_connection("Dropbox", maya)

    assert ended == [dropbox.fact_id]
    assert memory.connections(maya) == []
    (record,) = memory.connections(maya, include_revoked=True)
    assert (record.scope, record.status, record.ended_at) == ("full access", "revoked", revoked_at)
    assert record.granted_by == "user"  # revoking does not change who granted it
    assert listed(memory.connections(maya, at=revoked_at - timedelta(days=1))) == [
        ("Dropbox", None, "full access", "active")
    ]
    audit = [e for e in memory.audit(maya) if e.action == "revoke_connection"]
    assert [(e.actor, e.target_id) for e in audit] == [("user", dropbox.fact_id)]
    assert memory.check(maya).ok


def test_a_connection_revoked_then_granted_again(memory: Memory, clock: Clock, ns: NS) -> None:
    maya = ns("maya")
    memory.remember("I connected Slack (read-only).", maya)
    clock.advance(days=1)
    memory.revoke_connection("Slack", maya)
    clock.advance(days=1)
    memory.remember("I connected Slack with read-only access.", maya)
    assert listed(memory.connections(maya, include_revoked=True)) == [
        ("Slack", None, "read-only", "revoked"),
        ("Slack", None, "read-only", "active"),
    ]


@pytest.mark.parametrize(
    "said",
    [
        "I disconnected Slack.",
        "I revoked access to my Slack.",
        "You no longer have access to my Slack.",
        "Ich habe Slack getrennt.",
        "Desconecté Slack.",
        "J'ai déconnecté Slack.",
    ],
)
def test_disconnecting_in_words_ends_the_connection_whatever_its_scope(
    memory: Memory, clock: Clock, ns: NS, said: str
) -> None:
    maya = ns("maya")
    memory.remember("I connected Slack with read and write access.", maya)
    memory.remember("I linked my Dropbox (read-only).", maya)
    clock.advance(days=2)

    result = memory.remember(said, maya)

    assert [op.kind for op in result.operations] == ["DELETE"]
    assert listed(memory.connections(maya)) == [("Dropbox", None, "read-only", "active")]
    revoked = [c for c in memory.connections(maya, include_revoked=True) if c.status == "revoked"]
    assert listed(revoked) == [("Slack", None, "read and write", "revoked")]
    assert revoked[0].ended_at == START + timedelta(days=2)


def test_disconnecting_what_was_never_connected_changes_nothing(
    memory: Memory, clock: Clock, ns: NS
) -> None:
    maya = ns("maya")
    result = memory.remember("I disconnected Slack.", maya)
    assert [(op.kind, op.reason) for op in result.operations] == [("NOOP", "nothing held to end")]
    assert memory.connections(maya, include_revoked=True) == []
    assert memory.facts(maya, history=True) == []


def test_revoking_an_unknown_service_names_it(memory: Memory, clock: Clock, ns: NS) -> None:
    maya = ns("maya")
    memory.remember("I connected my Google Calendar with read-only access.", maya)
    with pytest.raises(UnknownId, match="Trello"):
        memory.revoke_connection("Trello", maya)
    with pytest.raises(UnknownId, match="'Google Calendar' \\(account 'work'\\)"):
        memory.revoke_connection("Google Calendar", maya, account="work")
    memory.revoke_connection("Google Calendar", maya)
    with pytest.raises(UnknownId, match="no current connection"):
        memory.revoke_connection("Google Calendar", maya)  # revoked already


# ---- forgotten ------------------------------------------------------------------------------


def test_forgetting_a_connection_by_its_fact_removes_it(
    memory: Memory, clock: Clock, ns: NS
) -> None:
    maya = ns("maya")
    memory.remember("I connected my Google Calendar with read-only access.", maya)
    (calendar,) = memory.connections(maya)

    report = memory.forget(namespace=maya, fact=calendar.fact_id)

    assert report.connections == [calendar.fact_id]  # the report names what the list lost
    assert memory.connections(maya, include_revoked=True) == []
    assert memory.store.find_text(maya, "Google Calendar") == []


def test_forgetting_the_service_removes_its_connection_and_history(
    memory: Memory, clock: Clock, ns: NS
) -> None:
    maya = ns("maya")
    memory.remember("I connected my Google Calendar with read-only access.", maya)
    clock.advance(days=1)
    memory.remember("I gave you read and write access to my Google Calendar.", maya)
    memory.remember("I connected my Dropbox with full access.", maya)

    memory.forget(namespace=maya, entity="Google Calendar")

    assert listed(memory.connections(maya, include_revoked=True)) == [
        ("Dropbox", None, "full access", "active")
    ]
    assert memory.store.find_text(maya, "Google Calendar") == []


# ---- never a credential ---------------------------------------------------------------------

SECRETS = [
    (
        "I connected my GitHub with read and write access using the token "
        "ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8.",
        "ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8",
        ("GitHub", None, "read and write", "active"),
    ),
    (
        "I connected my Dropbox with full access, my password is Tr0ub4dor&3",
        "Tr0ub4dor&3",
        ("Dropbox", None, "full access", "active"),
    ),
    (
        "I've linked my work Gmail (send only); the app password is xkcd-horse-battery-77.",
        "xkcd-horse-battery-77",
        ("Gmail", "work", "send only", "active"),
    ),
]


@pytest.mark.parametrize("case", SECRETS)
def test_a_credential_told_with_a_connection_is_never_stored(
    memory: Memory, clock: Clock, ns: NS, case: tuple[str, str, tuple[str, ...]]
) -> None:
    said, secret, expected = case
    maya = ns("maya")
    result = memory.remember(said, maya)
    assert result.redactions >= 1

    found = memory.connections(maya, include_revoked=True)
    assert listed(found) == [expected]
    assert secret not in json.dumps([c.model_dump(mode="json") for c in found])
    assert secret not in json.dumps(memory.export(maya), ensure_ascii=False)
    assert memory.store.find_text(maya, secret) == []


def test_a_credential_given_as_a_scope_is_refused(memory: Memory, clock: Clock, ns: NS) -> None:
    maya = ns("maya")
    token = "ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
    result = memory.remember([Claim("GitHub", "connection_scope", f"token {token}")], maya)
    assert result.operations == []
    assert memory.connections(maya) == []
    assert memory.store.find_text(maya, token) == []


# ---- whose word -------------------------------------------------------------------------


def test_a_tool_reporting_a_connection_is_not_the_user_granting_it(
    memory: Memory, clock: Clock, ns: NS
) -> None:
    maya = ns("maya")
    memory.remember([Claim("Google Calendar", "connection_scope", "read-only")], maya, "tool")
    (calendar,) = memory.connections(maya)
    assert (calendar.granted_by, calendar.authority) == ("tool", "external")


def test_the_agent_saying_it_connected_something_waits_for_the_user(
    memory: Memory, clock: Clock, ns: NS
) -> None:
    maya = ns("maya")
    memory.remember("I connected my Notion with full access.", maya, source="agent")
    assert memory.connections(maya) == []
    (proposed,) = memory.connections(maya, include_candidates=True)
    assert (proposed.status, proposed.granted_by) == ("candidate", "agent")

    memory.confirm(proposed.fact_id, maya)
    (confirmed,) = memory.connections(maya)
    assert (confirmed.status, confirmed.authority) == ("active", "confirmed")


def test_the_users_word_stands_behind_a_connection_a_tool_repeats(
    memory: Memory, clock: Clock, ns: NS
) -> None:
    maya = ns("maya")
    memory.remember([Claim("Dropbox", "connection_scope", "read-only")], maya, "tool")
    clock.advance(hours=1)
    memory.remember("I connected my Dropbox with read-only access.", maya)
    (dropbox,) = memory.connections(maya)
    assert dropbox.granted_by == "user"


# ---- other languages, and what is no connection ---------------------------------------------

SAID = [
    (
        "Ich habe meinen Google Kalender mit Lesezugriff verbunden.",
        "Google Kalender",
        None,
        "read-only",
    ),
    (
        "Ich habe meinen geschäftlichen Gmail mit Lese- und Schreibzugriff verbunden.",
        "Gmail",
        "work",
        "read and write",
    ),
    ("Ich habe dir vollen Zugriff auf meine Dropbox gegeben.", "Dropbox", None, "full access"),
    (
        "He conectado mi Google Calendar con acceso de solo lectura.",
        "Google Calendar",
        None,
        "read-only",
    ),
    ("Conecté mi Gmail del trabajo (solo envío).", "Gmail", "work", "send only"),
    (
        "Le di al asistente acceso de lectura y escritura a mi Dropbox.",
        "Dropbox",
        None,
        "read and write",
    ),
    ("J'ai connecté mon Google Agenda en lecture seule.", "Google Agenda", None, "read-only"),
    ("J'ai donné à l'assistant un accès complet à mon Dropbox.", "Dropbox", None, "full access"),
    ("I allowed you to read my Outlook calendar.", "Outlook calendar", None, "read-only"),
    ("You now have read-only access to my Notion.", "Notion", None, "read-only"),
    ("Btw, I just hooked up my iCloud, view only.", "iCloud", None, "read-only"),
    (
        "I connected my Gmail account maya@work.example with send-only access.",
        "Gmail",
        "maya@work.example",
        "send only",
    ),
]


@pytest.mark.parametrize("case", SAID)
def test_a_connection_is_read_in_the_ways_people_say_it(
    memory: Memory, clock: Clock, ns: NS, case: tuple[str, str, str | None, str]
) -> None:
    said, service, account, scope = case
    maya = ns("maya")
    memory.remember(said, maya)
    assert listed(memory.connections(maya)) == [(service, account, scope, "active")]


NOT_CONNECTIONS = [
    "My calendar is full today.",
    "I connected my phone to the car.",
    "I connected my Bluetooth speaker.",
    "I connected my Google Calendar to Zapier.",
    "I gave Tom access to my calendar.",
    "Please connect my Google Calendar with read-only access.",
    "Should I connect my Gmail?",
    "If I connected Slack, would you see my messages?",
    "I'll connect my Dropbox tomorrow.",
    "I haven't connected Slack yet.",
    "I connected Dana with the recruiter.",
    "I revoked write access to my Dropbox.",
    "Ich habe meinen Drucker verbunden.",
]


@pytest.mark.parametrize("said", NOT_CONNECTIONS)
def test_a_sentence_that_connects_nothing_creates_no_connection(said: str) -> None:
    claims = OfflineExtractor().extract(said, occurred_at=START)
    assert [c for c in claims if c.predicate == "connection_scope"] == []


def test_a_mention_of_a_calendar_stores_no_connection(memory: Memory, clock: Clock, ns: NS) -> None:
    maya = ns("maya")
    memory.remember("My calendar is full today. I connected my phone to the car.", maya)
    assert memory.connections(maya, include_revoked=True, include_candidates=True) == []


def test_a_disconnection_is_a_negation_of_any_scope() -> None:
    (claim,) = OfflineExtractor().extract("I revoked access to my Dropbox.", occurred_at=START)
    assert (claim.subject, claim.predicate, claim.negated, claim.any_value) == (
        "Dropbox",
        "connection_scope",
        True,
        True,
    )
    assert claim.valid_from == START  # a change in the world, not a correction
    with pytest.raises(InvalidArgument, match="negated=True"):
        Claim("Dropbox", "connection_scope", "any scope", any_value=True)


def test_a_model_reading_a_disconnection_ends_it_from_when_it_was_said() -> None:
    """The prompt teaches a model the disconnection ("any scope", negated); its validity
    starts when it was said, so it ends the connection rather than correcting it."""
    item = ExtractedClaim(
        subject="Slack",
        predicate="connection_scope",
        object="any scope",
        kind=Kind.FACT,
        confidence=0.9,
        quote="I disconnected Slack",
        negated=True,
    )
    claim = to_claim(item, text="I disconnected Slack.", speaker="maya", occurred_at=START)
    assert (claim.any_value, claim.valid_from) == (True, START)
    assert "connection_scope" in load_prompt("extract").system


# ---- the other ways in --------------------------------------------------------------------


def test_async_memory_lists_and_revokes(tmp_path: Path) -> None:
    async def run() -> tuple[list[Connection], list[str], list[Connection]]:
        async with AsyncMemory(tmp_path / "store") as mem:
            await mem.remember("I connected my Google Calendar with read-only access.", "maya")
            before = await mem.connections("maya")
            ended = await mem.revoke_connection("Google Calendar", "maya")
            return before, ended, await mem.connections("maya")

    before, ended, after = asyncio.run(run())
    assert [c.fact_id for c in before] == ended
    assert after == []


def test_the_command_line_lists_and_revokes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from graphmem.cli import main

    store = ["--path", str(tmp_path / "store")]
    assert main([*store, "remember", "I linked my work Gmail (send only).", "-n", "maya"]) == 0
    capsys.readouterr()
    assert main([*store, "connections", "-n", "maya"]) == 0
    shown = capsys.readouterr().out
    assert "Gmail (work)" in shown
    assert "send only" in shown
    assert "by user" in shown
    assert main([*store, "--json", "connections", "-n", "maya", "--revoke", "Gmail"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert len(payload["revoked"]) == 1
    assert payload["connections"] == []
    assert main([*store, "connections", "-n", "maya", "--revoke", "Trello"]) == 2
    assert "Trello" in capsys.readouterr().err
