"""The action guard: an action needs the user's confirmation unless it is known to only read.

Memory is evidence, never permission: nothing recalled approves an action — not an old
"you may pay my invoices", not an email saying the user agreed. So the guard fails closed.
An action is *read-only* only when it is recognised as such: its verb (the first word of
each clause, or the last in languages that put the verb last; the name of a tool; a shell
command) is one that only looks, searches, counts, summarises or translates
(``graphmem.trust.action_words``), or it is a question, and nothing in it names a verb that
changes something. Any other action — an unknown verb, an unknown language, ``sendEmail``,
``rm -rf ~/Documents``, "take care of the rent" — needs confirmation.

A confirmation (:class:`Confirmations`, held by a live :class:`~graphmem.read.session.Session`)
covers the *exact* action the user confirmed: the same words, up to case, spacing,
punctuation at word edges and politeness ("please"). "Pay the electricity bill" does not
cover "wire $50,000 to a new vendor", nor "send the report to ana@example.com" a report
to anyone else. Confirmations end with their session.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field

from graphmem import arguments
from graphmem.errors import InvalidArgument
from graphmem.trust.action_commands import command_verdict, looks_like_shell, tool_method
from graphmem.trust.action_grammar import (
    ADDRESSED,
    ADDRESSED_INSIDE,
    CLITICS,
    CONJUNCTIONS,
    DONE_MARKERS,
    EN_AUX,
    EN_FUNCTION,
    ENCLITICS,
    FILLERS,
    GIVE_ME,
    INFO,
    INSIDE_CONJUNCTIONS,
    LEADING,
    LET_ME,
    LET_ME_PRONOUNS,
    LIGHT_VERBS,
    NOUN_OPENERS,
    NOUNISH,
    OBJECT_PRONOUNS,
    PHRASAL_ACT,
    PHRASAL_READ,
    POLITE,
    POLITE_AFFIXES,
    QUESTION_MARKS,
    RELATIVES,
    SEQUENCERS,
    STYLE,
    SUBJECTS,
    TOOL_READ,
    VERB_ENDINGS,
    WANT_TO_KNOW,
    WANT_TO_KNOW_LATE,
    WH,
    WISHED,
)
from graphmem.trust.action_words import READ, READ_INSIDE, RISKY, RISKY_INSIDE, RISKY_STEMS

MAX_ACTION_CHARS = 2_000

_ANY_READ = frozenset().union(*READ.values())
_READ_NOT_EN = frozenset().union(*(words for lang, words in READ.items() if lang != "en"))
_SPLIT = re.compile(r"[,;:!?。、！？](?=\s|$)|\n|&&|\|\||\s&\s")
_WORD = re.compile(  # letters, and the marks Indic, Hebrew, Arabic and Thai words carry inside
    r"[^\W_][\w\u0300-\u036f\u0591-\u05c7\u064b-\u065f\u0900-\u0dff\u0e00-\u0e7f'’-]*"
)
_INSIDE_SCRIPT = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]")
_IDENTIFIER = re.compile(r"^[A-Za-z_][\w-]*(?:[.:/][A-Za-z_][\w-]*)*(?:\s*\(.*\))?$", re.DOTALL)
_CAMEL = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+")
_HE_AR_PREFIX = re.compile(r"^(?:ו|ה|ל|ב|ש|כ|מ|و|ف|ب|ل|ال)(?=\w{2})")
# Proposals put as questions: "how about sending ...", "can we move ...", "shall I pay ...".
_SUGGESTION = re.compile(
    r"(?:^|[,;:.!?]\s*|\b(?:and|then)\s+)"
    r"(?:(?:how|what)\s+about\b|why\s+(?:not|don't|dont)\b"
    r"|(?:can|could|shall|should|would|will|may)\s+(?:we|i|you|u)\b)"
)
_GO_AHEAD = re.compile(r"\bgo\s+ahead\b(?!\s+and\b)")
_HE_AR_MARKS = re.compile(r"[\u0591-\u05c7\u0610-\u061a\u064b-\u065f\u0670]")


def is_read_only(action: str) -> bool:
    """Whether ``action`` is known to only read (see the module): False for anything else."""
    text = _checked(action)
    name = text.split("(", 1)[0].strip()
    if _IDENTIFIER.match(text) and " " not in name and not looks_like_shell(text):
        return _tool_read_only(tool_method(name))
    verdict = command_verdict(text, _tool_read_only)
    return _prose_read_only(text) if verdict is None else verdict


def action_key(action: str) -> str:
    """What a confirmation binds to: the action's words, case-folded, with politeness, quote
    marks and the punctuation at word edges left out. Amounts, addresses and names stay."""
    text = unicodedata.normalize("NFKC", _checked(action)).casefold()
    text = _POLITE_PHRASES.sub(" ", text)
    text = _QUOTES.sub("", text)
    text = re.sub(r"\s*([=(),])\s*", r"\1 ", text)  # a tool call's spacing is not its content
    tokens = [_unpolite(t.strip(".,;:!?()[]{}。、！？")) for t in text.split()]
    return " ".join(t for t in tokens if t and t not in POLITE)


_QUOTES = re.compile(r"[\"'“”‘’«»„`]")
_POLITE_PHRASES = re.compile(
    r"s['’]il (?:te|vous) pla[iî]t|por favor|per favore|من فضلك|bitte schön|thank you|"
    r"\b(?:could|can|would|will) you\b|\bgo ahead and\b|σε παρακαλώ|si us plau|будь ласка|"
    r"\bprosím\b|\btolong\b|\bpalun\b|\bkérlek\b|\bvă rog\b|\bte rog\b"
)


def _unpolite(token: str) -> str:
    for affix in POLITE_AFFIXES:
        if token.startswith(affix) and len(token) > len(affix):
            token = token[len(affix) :]
        if token.endswith(affix) and len(token) > len(affix):
            token = token[: -len(affix)]
    return token


def _checked(action: str) -> str:
    if isinstance(action, str) and not action.strip():
        raise InvalidArgument("action must name the action, e.g. 'send the invoice'")
    checked = arguments.text(
        action, "action", max_chars=MAX_ACTION_CHARS, hint="name the action, not its content"
    )
    return checked.strip()


# ---- prose --------------------------------------------------------------------------------


def _prose_read_only(text: str) -> bool:
    folded = unicodedata.normalize("NFKC", text).casefold().replace("’", "'")
    if _INSIDE_SCRIPT.search(folded):
        return _inside_read_only(folded) or _wants_to_know(folded, [])
    clauses = [_words(part) for part in _SPLIT.split(folded)]
    clauses = [words for part in clauses for words in _at_conjunctions(part)]
    clauses = [words for words in clauses if words]
    if not clauses:
        return False
    if _GO_AHEAD.search(folded):
        return False  # "go ahead (with the order)": an approval, whatever came before
    if _asks(folded, clauses) or _wants_to_know(folded, clauses):
        return True
    # "..., then tidy up the folder": after "then" comes another request, which must read
    # by itself; a verb this guard does not know there is a deed, not a description.
    sequenced = any(w in SEQUENCERS for w in _WORD.findall(folded))
    for index, words in enumerate(clauses):
        if _SUGGESTION.match(" ".join(words)):
            return False  # "..., why don't you just reply to Ingrid?"
        verdict = _clause(words)
        if verdict is False:
            return False
        # A later clause without a verb of its own continues the first ("show the invoices,
        # the receipts", "..., die über meine Karte laufen"); the first must read, and a
        # later one that acts on something ("... and handle it") is no description.
        if verdict is None and (sequenced or not _continues(words, first=index == 0)):
            return False
    return True


def _asks(folded: str, clauses: list[list[str]]) -> bool:
    """A question that asks and orders nothing. One that opens with a question word asks
    for information ("how do I cancel ...?", "Kapan terakhir saya bayar ...?") whatever verb
    it names; a yes/no question asks how things stand ("did the transfer go through?") if
    it names no deed. Either is a request when it addresses the assistant ("could you pay
    ...?", "kun je ... afzeggen?", "هل يمكنك إلغاء ...؟")."""
    if _SUGGESTION.search(folded):
        return False  # "how about ...", also after a first part ("..., can we move ...?")
    raw = [_bare(w) for w in _WORD.findall(folded)]
    if any(w in ADDRESSED for w in raw) or raw[0] in _CLITIC_OPENERS:
        return False  # "can you ...?", "¿Me reservas ...?": a request put as a question
    words = [w for clause in clauses for w in clause]
    if raw[0] in WH:
        return not any(w.endswith("ing") and _acts(w) for w in words)
    if not _question_mark(folded):
        return False
    if folded.isascii() and raw[0] in EN_AUX:  # "is my alarm set?": a state, asked about
        return not any(w.endswith("ing") and _acts(w) for w in words)
    return not any(_acts(w) for w in words)


def _wants_to_know(folded: str, clauses: list[list[str]]) -> bool:
    """A wish for information ("I'm curious whether ...", "今年の有給があと何日か知りたい")
    that names no deed: read. Inside Chinese, Japanese and Korean no risky word may appear."""
    text = folded.strip(" .!?。！？")
    if _INSIDE_SCRIPT.search(text):
        return text.endswith(WANT_TO_KNOW_LATE) and not any(w in text for w in RISKY_INSIDE)
    opener = next((o for o in WANT_TO_KNOW if text.startswith(o)), None)
    if opener is None:
        if not text.endswith(WANT_TO_KNOW_LATE) or len(clauses) > 1:
            return False
    else:
        # What is wished for: a question ("whether ...", "wann ...") or a summary, said in
        # one breath; "I'm curious, tidy up the folder" is a request behind a wish.
        rest = _WORD.findall(text[len(opener) :])
        if not rest or len(_SPLIT.split(text[len(opener) :].lstrip(" ,:"))) > 1:
            return False
        if rest[0].isascii() and rest[0] not in WH and rest[0] not in WISHED:
            return False
    if _SUGGESTION.search(text) or any(
        w in SEQUENCERS or w in CONJUNCTIONS for w in _WORD.findall(text)
    ):
        return False  # a second request chained on, or one put as a suggestion
    words = [w for clause in clauses for w in clause]
    return not any(_acts(w) and not _described(words, at) for at, w in enumerate(words))


# A question opening with "me" / "te" / "mir" asks someone to do it for the speaker.
_CLITIC_OPENERS = frozenset(
    ["me", "te", "nos", "mi", "ti", "ci", "vi", "mir", "mich", "uns", "moi"]
)


def _question_mark(folded: str) -> bool:
    end = folded.rstrip()
    greek = end.endswith(";") and any("\u0370" <= c <= "\u03ff" for c in end)
    return end.endswith(QUESTION_MARKS) or greek


def _continues(words: list[str], *, first: bool) -> bool:
    """A later clause that names more of what the first reads: it opens like a noun phrase
    ("the receipts", "what I paid") or is one or two words ("and receipts"). One that opens
    with a word this guard does not know ("and tidy up the folder") may be a verb: a deed."""
    if first:
        return False
    if any(_acts(w) for w in words) or any(w in OBJECT_PRONOUNS for w in words):
        return False
    return len(words) <= 2 or words[0] in NOUN_OPENERS or words[0] in WH or words[0].isdigit()


def _words(text: str) -> list[str]:
    words = [_bare(w) for w in _WORD.findall(_HE_AR_MARKS.sub("", text))]
    while words and (words[0] in FILLERS or words[0] in LEADING):
        words.pop(0)
    while words and words[-1] in FILLERS:
        words.pop()
    return words


def _bare(word: str) -> str:
    return word.strip("'’-")


def _at_conjunctions(words: list[str]) -> list[list[str]]:
    out: list[list[str]] = [[]]
    for word in words:
        if word in CONJUNCTIONS:
            out.append([])
        else:
            out[-1].append(word)
    return [_words(" ".join(part)) for part in out]


def _clause(words: list[str]) -> bool | None:
    """True: the clause reads. False: it names a deed. None: no verb this guard knows.

    The verb is the clause's first word, or its last in languages that put the verb last
    (a German infinitive, Turkish, Hindi). Past the verb, a word is a deed only where it
    cannot be a thing: "show my emails" reads, "show it and email Ana" does not."""
    while len(words) > 1 and words[-1] in LIGHT_VERBS:
        words = words[:-1]
    if len(words) > 1 and words[0] in LET_ME:
        words = words[2:] if len(words) > 2 and words[1] in LET_ME_PRONOUNS else words[1:]
    if any((words[0], w) in PHRASAL_ACT for w in words[1:3]):
        return False  # "check me in for the flight": not the "check" that looks
    head, tail = _variants(words[0]), _variants(words[-1])
    phrasal = len(words) > 1 and (words[0], words[1]) in PHRASAL_READ
    if not phrasal and (head & RISKY or any(f.startswith(RISKY_STEMS) for f in head)):
        return False
    # In English, "tell" is not Norwegian "count": only English read verbs open it.
    english = all(w.isascii() for w in words) and any(w in EN_FUNCTION for w in words)
    reads = READ["en"] if english else _ANY_READ
    reads_first = phrasal or bool(head & (reads | INFO)) or _gets_information(words)
    reads_last = not reads_first and bool(tail & (_READ_NOT_EN | INFO))
    if not (reads_first or reads_last):
        return None
    rest = words[1:] if reads_first else words[:-1]
    return not any(_acts(w) and not _described(rest, at) for at, w in enumerate(rest))


def _gets_information(words: list[str]) -> bool:
    return bool(_variants(words[0]) & GIVE_ME) and any(w in INFO for w in words[1:4])


def _described(words: list[str], at: int) -> bool:
    """A verb a few words after a subject ("the payments I sent", "emails I need to answer")
    or in a relative clause ("the email where Priya asked me to approve ...") says what
    someone did or does; the agent is not asked to do it."""
    if not words[at].isascii():
        return False
    return any(w in SUBJECTS for w in words[max(0, at - 3) : at]) or any(
        w in RELATIVES for w in words[max(0, at - 5) : at]
    )


def _acts(word: str) -> bool:
    if word.startswith("ال"):  # Arabic "the": a noun ("التحويل", the transfer)
        return False
    forms = _variants(word)
    return bool(forms & RISKY) and not forms & NOUNISH


def _variants(word: str) -> set[str]:
    """The word, and without the one-letter prefixes Hebrew and Arabic attach ("and",
    "the", "to")."""
    forms = {word, _HE_AR_PREFIX.sub("", word)}
    bare = {word[: -len(c)] for c in CLITICS if word.endswith(c) and len(word) > len(c) + 1}
    bare |= {word[: -len(c)] for c in ENCLITICS if word.endswith(c) and len(word) >= len(c) + 4}
    # A pronoun attached moves the stress mark: "resérvalo" is "reserva" + "lo".
    forms |= bare | {_unaccented(f) for f in bare}
    return {f for f in forms if f}


_STRESS = str.maketrans("áéíóú", "aeiou")  # only the stress mark a pronoun adds


def _unaccented(word: str) -> str:
    return word.translate(_STRESS)


def _inside_read_only(text: str) -> bool:
    """Chinese, Japanese, Korean: the read verb opens (Chinese) or closes (Japanese,
    Korean) the request, no second request is chained on, and every risky word in it is
    used as a thing ("转账记录", transfer records), not as a verb."""
    core = _strip_inside_fillers(text)
    if any(w in core for w in INSIDE_CONJUNCTIONS):
        return False
    latin = [w for w in _words(core) if w.isascii()]
    if any(_acts(w) for w in latin):
        return False
    if any(_used_as_verb(core, at, len(w)) for w in RISKY_INSIDE for at in _positions(core, w)):
        return False
    if text.rstrip().endswith(_INSIDE_QUESTION_ENDS) and not any(
        w in core for w in ADDRESSED_INSIDE
    ):
        return True  # a question that names no deed asks ("转给王芳的钱到账了吗？")
    return any(
        core.startswith(w) or core.endswith(w) or _ends_with_verb(core, w) for w in READ_INSIDE
    )


_INSIDE_QUESTION_ENDS = ("?", "？", "吗", "嗎", "呢", "か", "까", "니", "나요")


def _strip_inside_fillers(text: str) -> str:
    core = text.strip(" 。.!！?？")
    for filler in ("请你", "请", "帮我", "麻烦你", "麻烦", "给我"):
        if core.startswith(filler):
            core = core[len(filler) :]
    return core


def _used_as_verb(text: str, at: int, size: int) -> bool:
    after = text[at + size :].lstrip()
    before = text[:at]
    if before.endswith(DONE_MARKERS) or after.startswith(
        ("済", "된", "됐", "되었", "內容", "记录")
    ):
        return False  # "已支付" (already paid), "支払い済み": what was done, asked about
    if at == 0 or not after or after[0] in "。.!！?？":
        return True
    past = next((p for p in ("しました", "された", "した") if after.startswith(p)), None)
    if past and after[len(past) :].strip(" 。.!！?？"):
        return False  # "昨日削除したファイル": a thing done, now described
    return after.startswith(VERB_ENDINGS)


def _ends_with_verb(text: str, verb: str) -> bool:
    """The read verb closes the request, before a polite ending ("確認して", "보여줘")."""
    at = text.rfind(verb)
    return at >= 0 and len(text) - (at + len(verb)) <= 5


def names_a_deed(text: str) -> bool:
    """Whether ``text`` names a deed that moves money, messages, data or access (send,
    pay, forward, share, accept, delete, sign, run ...), as a verb rather than a thing: what
    a rule about actions is about. How to word a reply is not such a deed."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    if _INSIDE_SCRIPT.search(folded) and any(
        _used_as_verb(folded, at, len(w)) for w in RISKY_INSIDE for at in _positions(folded, w)
    ):
        return True
    words = _words(folded)
    return any(
        (forms := _variants(w)) & RISKY and not forms & STYLE and (not forms & NOUNISH or at == 0)
        for at, w in enumerate(words)
    ) or any(w.startswith(("auto-", "auto_")) for w in words)


def addresses_the_assistant(text: str) -> bool:
    """Whether ``text`` speaks to someone ("you", "du", "kun je", "あなた", ...)."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    words = {_bare(w) for w in _WORD.findall(folded)}
    return bool(words & ADDRESSED) or any(w in folded for w in ADDRESSED_INSIDE)


def opens_with_a_verb(words: list[str]) -> bool:
    """Whether a sentence's first word (politeness aside) is a verb of doing, in any
    language the guard reads: the shape of an order."""
    folded = [unicodedata.normalize("NFKC", w).casefold() for w in words]
    core = _words(" ".join(folded)) or folded
    forms = _variants(core[0])
    return bool(forms & (RISKY | STYLE)) or any(f.startswith(RISKY_STEMS) for f in forms)


def _positions(text: str, word: str) -> list[int]:
    out, at = [], text.find(word)
    while at >= 0:
        out.append(at)
        at = text.find(word, at + 1)
    return out


# ---- tool names ----------------------------------------------------------------------------


def _tool_read_only(name: str) -> bool:
    """``getInvoice``, ``calendar.events.list``, ``invoice_get``: the verb begins the name,
    ends a dotted path, or (with no verb in front) ends the name."""
    segments = [s for s in re.split(r"[.:/]", name) if s]
    words_of = [_identifier_words(s) for s in segments]
    words = [w for part in words_of for w in part]
    if not words:
        return False
    reads = TOOL_READ | _ANY_READ
    head = words_of[-1][0] if len(segments) > 1 and words_of[-1] else words[0]
    if head not in reads:
        # A verb last ("invoice_get") only behind a name: "markAllRead" and "setAsRead"
        # put an unknown verb first, and "read" last is the state they set.
        verb_first = any(w in _TOOL_LINKS for w in words) or words[-1] == "read"
        if words[-1] not in reads or words[0] in RISKY or verb_first:
            return False
        head = words[-1]
    rest = words[:]
    rest.remove(head)
    if any(w in ("and", "then", "or", "also") for w in rest):
        return False  # getAndDelete, getOrCreateCustomer: a second deed
    # What follows the verb names its object ("getSendLaterSettings"); a deed last
    # ("readWrite") is a second verb.
    last = rest[-1] if rest and head == words[0] else None
    return last is None or not (last in RISKY and last not in NOUNISH)


_TOOL_LINKS = frozenset(["all", "as", "to", "the", "a", "my", "every", "each"])


def _identifier_words(segment: str) -> list[str]:
    parts = re.split(r"[_\-\s]+", segment)
    return [w.casefold() for part in parts for w in _CAMEL.findall(part)]


# ---- confirmations --------------------------------------------------------------------------


@dataclass(slots=True)
class Confirmations:
    """What the user confirmed in one live session, action by exact action."""

    confirmed: dict[str, str] = field(default_factory=dict)  # key -> the action as said
    ended: bool = False

    def confirm(self, action: str) -> str:
        """Record that the user, in this session, confirmed ``action``; returns its key."""
        if self.ended:
            raise InvalidArgument("the session has ended: its confirmations ended with it")
        key = action_key(action)
        self.confirmed[key] = action
        return key

    def covers(self, action: str) -> bool:
        return not self.ended and action_key(action) in self.confirmed

    def end(self) -> None:
        self.confirmed.clear()
        self.ended = True


def needs_confirmation(
    action: str, evidence: Iterable[object] = (), confirmations: Confirmations | None = None
) -> bool:
    """True unless ``action`` is known to only read, or the user confirmed this exact action
    in the live session that holds ``confirmations``. ``evidence`` is read for its shape only:
    nothing recalled from memory can approve an action, so it never turns the answer False."""
    for item in evidence:
        if getattr(item, "grants_permission", False):
            raise InvalidArgument("evidence claims to grant permission; memory never does")
    if is_read_only(action):
        return False
    return confirmations is None or not confirmations.covers(action)
