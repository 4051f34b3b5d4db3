"""The action guard: memory never approves an action with consequences.

Sending, paying, publishing, deleting and sharing need the user's confirmation
in the current session. Nothing in memory counts — not an old "you may pay my
invoices", not an email that says the user agreed — because memory is
evidence, and evidence is not authorisation. A confirmation lives in a
:class:`Confirmations` (a :class:`~graphmem.session.Session` holds one) and
ends with it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from graphmem.errors import InvalidArgument

# Each action kind and the verbs (any language the corpus covers) that name it.
ACTION_KINDS: dict[str, tuple[str, ...]] = {
    "send": ("send", "sends", "sent", "email", "e-mail", "mail", "message", "reply",
             "respond", "forward", "text", "sms", "dm", "cc", "bcc", "invite", "call",
             "senden", "envoyer", "enviar", "inviare", "invia", "verstuur"),
    "pay": ("pay", "pays", "payment", "transfer", "wire", "remit", "purchase", "buy",
            "order", "checkout", "refund", "tip", "donate", "subscribe", "book", "charge",
            "settle", "invoice", "bezahlen", "überweisen", "payer", "pagar", "pagare",
            "betalen"),
    "publish": ("publish", "post", "tweet", "toot", "announce", "release", "deploy",
                "broadcast", "blog", "upload", "merge", "push", "veröffentlichen",
                "publier", "publicar", "pubblicare"),
    "delete": ("delete", "remove", "erase", "wipe", "drop", "destroy", "purge", "trash",
               "unsubscribe", "cancel", "close", "revoke", "terminate", "overwrite",
               "löschen", "supprimer", "borrar", "eliminar", "cancellare", "verwijderen"),
    "share": ("share", "grant", "disclose", "expose", "export", "sync", "give", "provide",
              "reveal", "leak", "teilen", "partager", "compartir", "condividere", "delen"),
}  # fmt: skip
_VERB_TO_KIND = {verb: kind for kind, verbs in ACTION_KINDS.items() for verb in verbs}
_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)?", re.UNICODE)


def action_kind(action: str) -> str | None:
    """The kind of a consequential action (``send``, ``pay``, ``publish``, ``delete``,
    ``share``), from its name or a short description; None when it has none."""
    if not isinstance(action, str) or not action.strip():
        raise InvalidArgument("action is empty: name the action, e.g. 'send' or 'pay invoice'")
    words = [w.casefold() for w in _WORD.findall(action.replace("_", " "))]
    for word in words:
        kind = _VERB_TO_KIND.get(word)
        if kind is not None:
            return kind
    return None


@dataclass(slots=True)
class Confirmations:
    """What the user confirmed in one session, by action kind (and what exactly)."""

    confirmed: dict[str, list[str]] = field(default_factory=dict)

    def confirm(self, action: str) -> str:
        """Record that the user, in this session, confirmed ``action``; returns its kind."""
        kind = action_kind(action)
        if kind is None:
            raise InvalidArgument(
                f"action={action!r} is not one that needs confirmation "
                f"({', '.join(ACTION_KINDS)}); nothing to confirm"
            )
        self.confirmed.setdefault(kind, []).append(action)
        return kind

    def covers(self, action: str) -> bool:
        kind = action_kind(action)
        return kind is None or kind in self.confirmed


def needs_confirmation(
    action: str, evidence: Iterable[object] = (), confirmations: Confirmations | None = None
) -> bool:
    """True when ``action`` sends, pays, publishes, deletes or shares and the user has not
    confirmed it in the current session. ``evidence`` is read for its shape only: nothing
    recalled from memory can approve an action, so it never turns the answer to False."""
    for item in evidence:
        if getattr(item, "grants_permission", False):
            raise InvalidArgument("evidence claims to grant permission; memory never does")
    if action_kind(action) is None:
        return False
    return confirmations is None or not confirmations.covers(action)
