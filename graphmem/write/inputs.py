"""What a remember call is, checked: the text, an Episode or Claims, with its source,
time, session, reference and speaker (:func:`prepare`); each a named
``InvalidArgument`` when unusable, before anything is read or written.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime

from graphmem import arguments
from graphmem.errors import InvalidArgument
from graphmem.model import Claim, Episode, SourceKind, check_namespace, render_value
from graphmem.temporal import utc
from graphmem.trust import gate
from graphmem.trust.redact import redact
from graphmem.trust.secrets import redact_claim_text

_PERSON_LIKE = re.compile(r"^[A-Za-z][A-Za-z'-]{0,40}$")


# One episode is one observation: a message, a tool result, a page. Past this size it is a
# corpus, and belongs split by section (each part its own episode, the same source_ref).
MAX_EPISODE_CHARS = 1_000_000


@dataclass(frozen=True, slots=True)
class Input:
    """One ``remember`` call, checked."""

    namespace: str
    source: SourceKind
    occurred_at: datetime
    text: str
    claims: list[Claim] | None
    session: str | None
    source_ref: str | None
    speaker: str
    # A document nobody in the user's life is in (graphmem.trust.whose): special-category
    # words in it are about a third party. Decided by the write path, which reads the store.
    third_party: bool = False
    # Audit entries the caller's operation adds to this write's transaction (a user's edit
    # records its before and after: graphmem.write.revise).
    audit: tuple[dict[str, object], ...] = ()


def parse_source(source: str | SourceKind) -> SourceKind:
    try:
        return SourceKind(source)
    except ValueError:
        allowed = ", ".join(s.value for s in SourceKind)
        raise InvalidArgument(
            f"source={arguments.shown(source)} is not known; use one of: {allowed}"
        ) from None


def default_speaker(source: SourceKind, source_ref: str | None, namespace: str) -> str:
    """Who "I" is. In an email or a document it is its author, never the user; in a user's
    namespace named like a person ("maya"), the user goes by that name."""
    if source in gate.EXTERNAL_SOURCES:
        return source_ref or f"{source.value} author"
    if source is SourceKind.AGENT:
        return "agent"
    return namespace if _PERSON_LIKE.match(namespace) else "user"


def scrub_ref(source_ref: str | None) -> str | None:
    """The caller's reference with any secret in it (a token in a URL) redacted, by the
    rules only: it is an identifier, and the learnt judge, trained on people's messages,
    takes one in ten ids like "run_" and 32 hex digits for a key."""
    return None if source_ref is None else redact(source_ref, judge=False).text


def claim_text(claim: Claim) -> str:
    """A claim as text, secrets redacted: it is echoed in results, audit and episodes."""
    neg = "not " if claim.negated else ""
    return redact_claim_text(claim.subject, claim.predicate, neg + render_value(claim.object))


def prepare(
    content: str | Episode | Sequence[Claim],
    namespace: str,
    *,
    clock: Callable[[], datetime],
    source: str | SourceKind,
    at: datetime | None,
    session: str | None,
    source_ref: str | None,
    speaker: str | None,
) -> Input:
    ns = check_namespace(namespace)
    session = arguments.optional_text(session, "session", max_chars=arguments.MAX_NAME_CHARS)
    # A reference may be a URL with a token in it: it is stored (and names the speaker
    # of an email) only redacted.
    source_ref = scrub_ref(
        arguments.optional_text(source_ref, "source_ref", max_chars=arguments.MAX_REF_CHARS)
    )
    speaker = arguments.optional_text(speaker, "speaker", max_chars=arguments.MAX_NAME_CHARS)
    if isinstance(content, Episode):
        arguments.text(
            content.content,
            "episode content",
            max_chars=MAX_EPISODE_CHARS,
            hint=arguments.EPISODE_HINT,
        )
        if content.namespace != ns:
            raise InvalidArgument(f"episode belongs to namespace {content.namespace!r}, not {ns!r}")
        return Input(
            ns,
            content.source,
            utc(content.occurred_at, "occurred_at"),
            content.content,
            None,
            content.session,
            scrub_ref(content.source_ref),
            speaker or "user",
        )
    kind = parse_source(source)
    occurred = clock() if at is None else utc(at, "at")
    if isinstance(content, str):
        arguments.text(content, "content", max_chars=MAX_EPISODE_CHARS, hint=arguments.EPISODE_HINT)
        if not content.strip():
            raise InvalidArgument("content is empty: nothing to remember")
        return Input(
            ns,
            kind,
            occurred,
            content,
            None,
            session,
            source_ref,
            speaker or default_speaker(kind, source_ref, ns),
        )
    given: list[object] = list(content) if isinstance(content, Sequence) else []
    claims = [c for c in given if isinstance(c, Claim)]
    if not claims or len(claims) != len(given):
        raise InvalidArgument(
            "content must be text, an Episode, or a non-empty list of Claim objects, "
            f"not {type(content).__name__} {str(content)[:60]!r}"
        )
    said = arguments.text("\n".join(claim_text(c) for c in claims), "claims")
    return Input(ns, kind, occurred, said, claims, session, source_ref, speaker or "user")
