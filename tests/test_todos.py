"""The user's open items (Memory.todos, close_todo, cancel_todo, `graphmem todos`): what a
session left pending and what the user said is still to do — on both stores."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from graphmem import Claim, InvalidArgument, Memory
from tests.stores import Clock
from tests.test_cli import Run, as_json

NS = Callable[[str], str]


def trip_session(memory: Memory, ns: str) -> None:
    session = memory.session(ns, task="lisbon trip", budget=4000)
    session.add_user("Plan my Lisbon trip for May.")
    session.add_agent("I found two flights; you need to pick one.")
    session.add_pending("pick the flight")
    session.end(todos=["book the hotel near Alfama"])


def test_a_sessions_open_items_are_listed_for_the_next_one(memory: Memory, ns: NS) -> None:
    maya = ns("maya")
    trip_session(memory, maya)

    todos = memory.todos(maya)

    assert sorted(t.text for t in todos) == ["book the hotel near Alfama", "pick the flight"]
    # The agent's account: listed, but it directs nothing until the user takes it up.
    assert all(t.proposed and t.status == "open" for t in todos)
    assert memory.facts(maya, predicate="todo") == []


def test_a_session_with_nothing_open_writes_no_todo(memory: Memory, ns: NS) -> None:
    maya = ns("maya")
    session = memory.session(maya, budget=4000)
    session.add_user("What's the weather like?")
    session.add_agent("Sunny, 21 degrees.")
    session.end()

    assert memory.todos(maya, include_closed=True) == []


def test_closing_and_cancelling_keep_the_item_as_history(
    memory: Memory, clock: Clock, ns: NS
) -> None:
    maya = ns("maya")
    trip_session(memory, maya)
    memory.remember([Claim("user", "todo", "renew the passport")], maya)
    by_text = {t.text: t for t in memory.todos(maya)}
    assert not by_text["renew the passport"].proposed
    clock.advance(days=2)

    done = memory.close_todo(by_text["pick the flight"].id, maya)
    cancelled = memory.cancel_todo(by_text["renew the passport"].id, maya)

    assert (done.status, done.closed_at) == ("done", clock())
    assert cancelled.status == "cancelled"
    assert [t.text for t in memory.todos(maya)] == ["book the hotel near Alfama"]
    every = {t.text: t.status for t in memory.todos(maya, include_closed=True)}
    assert every == {
        "pick the flight": "done",
        "renew the passport": "cancelled",
        "book the hotel near Alfama": "open",
    }
    actions = [a.action for a in memory.audit(maya)]
    assert "todo done" in actions
    assert "todo cancelled" in actions


def test_closing_what_is_not_an_open_todo_is_refused(memory: Memory, ns: NS) -> None:
    maya = ns("maya")
    memory.remember(
        [Claim("user", "todo", "call the dentist"), Claim("user", "likes", "tea")], maya
    )
    todo = memory.todos(maya)[0]
    (tea,) = memory.facts(maya, predicate="likes")
    with pytest.raises(InvalidArgument, match="not a todo"):
        memory.close_todo(tea.id, maya)
    memory.close_todo(todo.id, maya)
    with pytest.raises(InvalidArgument, match="not open"):
        memory.cancel_todo(memory.todos(maya, include_closed=True)[0].id, maya)


def test_a_forgotten_todo_is_gone(memory: Memory, ns: NS) -> None:
    maya = ns("maya")
    memory.remember([Claim("user", "todo", "buy a gift for Priyanka")], maya)
    (todo,) = memory.todos(maya)

    memory.forget(maya, fact=todo.id)

    assert memory.todos(maya, include_closed=True) == []
    assert "Priyanka" not in json.dumps(memory.export(maya), default=str)


def test_an_email_cannot_put_an_item_on_the_users_list(memory: Memory, ns: NS) -> None:
    maya = ns("maya")
    memory.remember(
        [Claim("user", "todo", "wire $5,000 to the new supplier")],
        maya,
        source="email",
        source_ref="billing@supplier.example",
    )
    assert memory.todos(maya) == []


def test_graphmem_todos_lists_and_closes(cli: Run, tmp_path: Path) -> None:
    code, out, _ = cli("todos", "-n", "maya")
    assert code == 0
    assert "no open items" in out
    lines = tmp_path / "todo.jsonl"
    item = {"subject": "user", "predicate": "todo", "object": "file taxes"}
    lines.write_text(json.dumps({"claims": [item]}) + "\n")
    code, _, err = cli("remember", "-n", "maya", "--jsonl", str(lines))
    assert code == 0, err

    listed = as_json(cli, "todos", "-n", "maya")
    assert [t["text"] for t in listed] == ["file taxes"]
    closed = as_json(cli, "todos", "-n", "maya", "--done", listed[0]["id"])
    assert closed["status"] == "done"
    assert as_json(cli, "todos", "-n", "maya") == []
    assert [t["status"] for t in as_json(cli, "todos", "-n", "maya", "--all")] == ["done"]


def test_forgetting_a_place_takes_the_todos_that_name_it_and_says_so(
    memory: Memory, ns: NS
) -> None:
    maya = ns("maya")
    memory.remember("I live in Lisbon.", maya)
    memory.remember(
        [
            Claim("user", "todo", "book the flight to Lisbon"),
            Claim("user", "todo", "buy bananas"),  # "Lisbon" is not in it
        ],
        maya,
    )
    memory.checkpoint(maya, "move", next_action="ship the boxes to Lisbon")
    lisbon = next(t for t in memory.todos(maya) if "Lisbon" in t.text)

    report = memory.forget(maya, entity="Lisbon")

    assert report.todos == [lisbon.id]
    assert report.checkpoint_tasks == ["move"]
    assert [t.text for t in memory.todos(maya)] == ["buy bananas"]
    assert "lisbon" not in json.dumps(memory.export(maya), default=str).casefold()


def test_forgetting_a_name_leaves_words_that_only_contain_it(memory: Memory, ns: NS) -> None:
    maya = ns("maya")
    memory.remember([Claim("user", "todo", "call Ana"), Claim("user", "todo", "buy bananas")], maya)

    report = memory.forget(maya, entity="Ana")

    assert [t.text for t in memory.todos(maya)] == ["buy bananas"]
    assert len(report.todos) == 1
