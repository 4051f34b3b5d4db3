"""Whose a new episode is, read with the store: the user's names, and for a document whether
it is a third party's (``graphmem.trust.whose`` judges the text; this module gives it what
only the store knows).

A document is told in parts, and a part may be too short to be read in any language: a
heading ("Heart disease"), a list item, a caption. Alone it is the user's (the risky case),
and a scientific article's "Diabetes" heading would be held back as the user's health. So a
part no language is read in, that names a special category, is read with the document
around it: the nearest parts of its session told as documents (``NEIGHBOURS`` on each side,
at or before it and after it, passing over other parts too short to read), when there are
any and every one of them is a third party's by its own text. Without a session, or when it
or a part passed over says "I", "you" or a name the user's side told of, or beside a
part that does, it stays the user's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace

from graphmem.model import Claim, SourceKind
from graphmem.store.base import GraphStore
from graphmem.store.changes import Row
from graphmem.trust import whose
from graphmem.trust.languages import languages
from graphmem.trust.sensitivity import categories_of_text
from graphmem.write import user_names
from graphmem.write.inputs import Input

SELF_KEY = user_names.SELF_KEY
# Parts of the same session read on each side of an unreadable one, looked for among this
# many on each side (a list of short items between them is passed over).
NEIGHBOURS, REACH = 2, 8


def whose_input(
    store: GraphStore, inp: Input, claims: list[Claim], text: str
) -> tuple[Input, user_names.UserNames]:
    """The user's names, and a document's input marked when it is a third party's."""
    if inp.source is not SourceKind.DOCUMENT:
        return inp, names_for(store, inp.namespace, claims)
    # Whose a document is needs every name of the user: read once, used for both.
    names = user_names.read(store, inp.namespace)
    return replace(inp, third_party=third_party(store, inp, text, names)), names


def names_for(store: GraphStore, namespace: str, claims: list[Claim]) -> user_names.UserNames:
    """The user's names, read only when a claim names someone who is not plainly them."""
    own = user_names.self_only(namespace)
    if all(own.key(c.subject) == SELF_KEY for c in claims):
        return own
    return user_names.read(store, namespace)


def third_party(store: GraphStore, inp: Input, text: str, everyone: user_names.UserNames) -> bool:
    """A document that is nobody's in the user's life (``graphmem.trust.whose``), a part
    too short to read by the parts around it (see the module)."""

    def known(names: Iterable[str]) -> bool:
        keys = [everyone.key(name) for name in names]
        if SELF_KEY in keys:
            return True
        return bool(store.entities_told_by(inp.namespace, keys, whose.TOLD_BY_USERS_SIDE))

    if whose.third_party(text, known):
        return True
    if inp.session is None or languages(text) or not categories_of_text(text):
        return False
    if not whose.says_nobody(text, known):  # "My diagnosis: diabetes" is the user's
        return False
    parts = [  # a session is its episodes' thread (graphmem.write.context.thread_of)
        row
        for row in store.thread_turns(inp.namespace, inp.session, inp.occurred_at, REACH)
        if row.get("source") == SourceKind.DOCUMENT.value
    ]
    before = _readable(reversed([r for r in parts if r["occurred_at"] <= inp.occurred_at]), known)
    after = _readable([r for r in parts if r["occurred_at"] > inp.occurred_at], known)
    if before is None or after is None:
        return False
    around = before + after
    return bool(around) and all(whose.third_party(str(r["content"]), known) for r in around)


def _readable(parts: Iterable[Row], known: Callable[[Iterable[str]], bool]) -> list[Row] | None:
    """The ``NEIGHBOURS`` nearest of ``parts`` (nearest first) that a language is read in,
    passing over parts too short to read (the items of a list: "Heart disease",
    "Diabetes") — None when one of those says a personal word or names someone the user's
    side told of: the part beside it is then read as theirs."""
    found: list[Row] = []
    for row in parts:
        text = str(row["content"])
        if languages(text):
            found.append(row)
            if len(found) == NEIGHBOURS:
                break
        elif not whose.says_nobody(text, known):
            return None
    return found
