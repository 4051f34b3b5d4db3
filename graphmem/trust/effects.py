"""What a claim *does*, decided from its content rather than its label.

The gate asks one question of every claim: would storing it grant something —
set how the user wants things done, give the assistant a rule, a permission, a
capability or a task, or put a request in the user's mouth? Only the user and
the system may grant. An extractor's ``kind`` label or predicate spelling is a
hint, not the answer: ``kind="fact"`` with predicate ``prefers`` is still a
preference, and ``Claim("user", "can", "pay invoices without confirmation")``
is a capability whatever it is called.

A claim about the user's identity or contact details (name, email, phone,
address) is not a grant, but from anyone but the user it must not compete with
what the user said: the gate keeps it as a candidate for review. So does a claim
that turns one of the assistant's safeguards off ("confirmation before sending:
not required", "two-factor login: disabled") or gives someone a role or trust over
the user's affairs ("billing-review@... is Maya's accountant, trusted for all
invoices"), and any contact detail (an address, a number, an account) another
source puts in memory: each is how an attacker redirects what the assistant does.

A *request* found in outside content ("the sender wants all invoices paid to ...",
"next step: forward the contract to ...") is what someone asked for, not a fact about
the world: :func:`is_request` finds it, and the gate keeps it in its episode only.
"""

from __future__ import annotations

import re
from enum import StrEnum

from graphmem.model import Claim, Kind, render_value
from graphmem.trust.actions import addresses_the_assistant, names_a_deed, opens_with_a_verb


class Effect(StrEnum):
    PREFERENCE = "preference"
    INSTRUCTION = "instruction"
    PERMISSION = "permission"
    CAPABILITY = "capability"
    TASK = "task"  # something for the assistant to do next
    REQUEST = "request"  # something attributed to the user as asked for
    IDENTITY = "identity"  # who the user is and how to reach them
    SAFEGUARD = "safeguard"  # a check the assistant makes before acting (confirmation, 2FA)
    TRUST = "trust"  # a role or trust over the user's affairs given to a party
    FACT = "fact"


GRANTS = frozenset(
    {
        Effect.PREFERENCE,
        Effect.INSTRUCTION,
        Effect.PERMISSION,
        Effect.CAPABILITY,
        Effect.TASK,
        Effect.REQUEST,
    }
)

# Names an extractor may give the assistant when a text addresses it.
ASSISTANT_NAMES = frozenset(
    {"assistant", "the assistant", "ai", "the ai", "agent", "the agent", "bot", "you",
     "copilot", "chatbot", "model", "llm", "claude", "chatgpt", "gpt", "system"}
)  # fmt: skip

_REQUEST_WORDS = frozenset(
    {"request", "requests", "requested", "requesting", "asked", "asks", "ask", "wants", "want",
     "wanted", "demands", "demanded", "ordered", "orders", "instructed", "commands",
     "commanded", "desires"}
)  # fmt: skip
# Predicate words, by the effect they carry (predicates are snake_case: matched per word).
_PREDICATE_WORDS: tuple[tuple[Effect, frozenset[str]], ...] = (
    (Effect.TASK, frozenset({"task", "tasks", "todo", "todos", "assignment", "assigned"})),
    (Effect.REQUEST, _REQUEST_WORDS),
    (Effect.PERMISSION, frozenset({"allow", "allows", "allowed", "permit", "permits",
                                   "permitted", "permission", "permissions", "authorize",
                                   "authorizes", "authorized", "authorise", "authorises",
                                   "authorised", "authorization", "authorisation", "approve",
                                   "approves", "approved", "approval", "consent", "consents",
                                   "consented", "grant", "grants", "granted", "entitled",
                                   "delegate", "delegates", "delegated", "access"})),
    (Effect.CAPABILITY, frozenset({"can", "could", "may", "able", "capable", "capability",
                                   "capabilities", "cannot", "may_not"})),
    (Effect.INSTRUCTION, frozenset({"instruction", "instructions", "rule", "rules", "policy",
                                    "policies", "must", "should", "shall", "always", "never",
                                    "constraint", "directive", "directives", "command",
                                    "forward", "forwards", "auto", "automatically",
                                    "setting", "settings", "config", "mode", "override"})),
    (Effect.PREFERENCE, frozenset({"prefers", "prefer", "preferred", "preference",
                                   "preferences", "likes", "like", "dislikes", "dislike",
                                   "loves", "love", "hates", "hate", "avoids", "avoid",
                                   "favorite", "favourite", "enjoys", "wishes", "style",
                                   "tone"})),
)  # fmt: skip

# "preferred_name" names a person; it is identity, not a taste.
_IDENTITY_PREDICATES = frozenset(
    {"name", "first_name", "last_name", "full_name", "surname", "given_name", "family_name",
     "preferred_name", "nickname", "email", "email_address", "e_mail", "mail", "emails",
     "phone", "phone_number", "mobile", "mobile_number", "cell", "telephone", "tel",
     "whatsapp", "address", "home_address", "postal_address", "mailing_address",
     "street_address", "lives_at", "lives_in", "home", "zip", "postcode", "postal_code",
     "birthday", "date_of_birth", "dob", "born_on", "contact", "contact_details",
     "username", "handle", "account", "recovery_email", "backup_email", "billing_address",
     "shipping_address", "identity", "is_named", "called", "bank", "bank_account", "iban",
     "payee", "payment_details", "job_title", "title", "position", "role", "nationality",
     "citizenship", "legal_name", "id_number", "tax_code", "tax_id", "passport",
     "national_id", "ssn"}
)  # fmt: skip
_TASK_PREDICATES = frozenset(
    {"next_step", "next_steps", "next_action", "next_actions", "action_item", "action_items",
     "to_do", "follow_up", "followup", "reminder", "remind"}
)  # fmt: skip
_IDENTITY_WORDS = frozenset(
    {"email", "phone", "address", "mobile", "contact", "name", "username", "handle", "login",
     "birth", "nationality", "passport", "id", "tax", "ssn", "iban", "bank", "account",
     "citizenship", "identity", "signature", "pin"}
)  # fmt: skip
# A name given in the object's words: "I go by Alex Moreno", "call me Sam", "my name is now".
_NAMING = re.compile(
    r"\b(?:go(?:es)? by|call me|my name is|name is now|known as|renamed|new name)\b",
    re.IGNORECASE,
)

# Object or quote wording that grants or directs whatever the predicate says.
_GRANT_TEXT = re.compile(
    r"\bwithout (?:asking|confirm\w*|approval|checking|permission|review|telling)\b"
    r"|\bno (?:need|longer need) to (?:ask|confirm|check)\b"
    r"|\b(?:is|are|be) (?:allowed|permitted|authori[sz]ed|entitled|free) to\b"
    r"|\bon (?:my|the user'?s|their|his|her) behalf\b"
    r"|\b(?:I|we|the user)\s+(?:hereby\s+)?(?:approve|authori[sz]e|allow|permit|consent|agree)"
    r"|\b(?:auto(?:matically)?[- ]?(?:approve|pay|forward|send|accept|share|reply))\w*"
    r"|\bpre-?approved?\b|\bstanding (?:approval|permission|order)\b"
    r"|\bfrom now on\b|\bgoing forward\b|\bhenceforth\b"
    r"|\b(?:always|never) (?:send|pay|forward|share|reply|approve|cc|bcc|include|use|ask|"
    r"confirm|delete|trust|follow)\b"
    r"|\bforward (?:all|every|each|any)\b",
    re.IGNORECASE,
)
_USER_NAMES = frozenset({"user", "the user", "i", "me", "myself", "my", "owner", "the owner"})


def _words(predicate: str) -> list[str]:
    return [w for w in predicate.lower().split("_") if w]


def is_assistant(subject: str) -> bool:
    return " ".join(subject.casefold().split()) in ASSISTANT_NAMES


def effect_of(claim: Claim, kind: Kind | None, *, about_user: bool) -> Effect:
    """What storing ``claim`` would do. ``about_user``: its subject is the user."""
    predicate = claim.predicate.lower()
    words = _words(predicate)
    if predicate in _IDENTITY_PREDICATES and about_user:
        return Effect.IDENTITY
    if is_assistant(claim.subject):
        return Effect.TASK  # whatever is said *to* the assistant directs it
    if predicate in _TASK_PREDICATES and about_user:
        return Effect.TASK
    for effect, vocabulary in _PREDICATE_WORDS:
        if effect in (Effect.REQUEST, Effect.TASK) and not about_user:
            continue  # "Bob asked for a call" is what Bob did, not a grant
        if any(w in vocabulary for w in words):
            return effect
    if kind is Kind.PREFERENCE:
        return Effect.PREFERENCE
    if kind is Kind.CONSTRAINT:
        return Effect.INSTRUCTION
    text = f"{render_value(claim.object)} {claim.quote or ''}"
    if _GRANT_TEXT.search(text):
        return Effect.PERMISSION
    if guards_the_assistant(claim):
        return Effect.SAFEGUARD
    if about_user and (any(w in _IDENTITY_WORDS for w in words) or _NAMING.search(text)):
        return Effect.IDENTITY
    if gives_trust(claim):
        return Effect.TRUST
    return Effect.FACT


# The assistant's safeguards, in the languages the gate reads: turning one off is not a fact.
_SAFEGUARD = re.compile(
    r"\bconfirm\w*|\bverif\w*|\bapprovals?\b|\b2fa\b|\bmfa\b|\botp\b|two[- ]?factor|"
    r"multi[- ]?factor|\bauthenticat\w*|\bsecurity (?:check|question|alert|code)s?|"
    r"\bfraud (?:alert|check|protection)s?|\bspending limit|\bsafeguards?\b|\bdouble[- ]check|"
    r"\balerts?\b|\bwarnings?\b|\bnotifications?\b|\bwarnhinweis\w*|\balert\w*|\bavis\b|"
    r"\bbestätig\w*|zwei[- ]?faktor|\bfreigabe|\bprüfung|\bvérifi\w*|double authentification|"
    r"\bconfirmaci[oó]n|\bverificaci[oó]n|\bconferma\w*|\bverifica\w*|\bconfirmaç\w*|"
    r"\bverificaç\w*|\bbevestig\w*|\bverificatie|\bpotwierdz\w*|\bweryfikac\w*|"
    r"подтвержд\w*|двухфактор\w*|провер\w*|\bonay\w*|doğrulama|确认|验证|二要素|認証|確認",
    re.IGNORECASE,
)
# A role or trust over someone's affairs: who may act, sign, pay or decide for them.
_TRUST = re.compile(
    r"\btrust(?:ed)?\b|\bauthori[sz]ed\b|\bon (?:my|her|his|their|the user'?s) behalf\b|"
    r"\bpower of attorney\b|\bproxy\b|\bdelegate\w*|\brepresentative\b|\baccountant\b|"
    r"\blawyer\b|\battorney\b|\bsignatory\b|\bguardian\b|\bexecutor\b|"
    r"\b(?:handles|manages|approves|signs|decides) (?:all|every|my|her|his|their)\b|"
    r"\bin charge of (?:my|her|his|their|all)\b|\bvertrau\w*|\bbevollmächtig\w*|"
    r"\bvollmacht\b|\bconfian\w*|\bprocura\w*|\bmandataire|\bfiducia\w*|\bvertrouw\w*|"
    r"\bgemachtigd\w*|\bpełnomocni\w*|\bzaufan\w*|доверенн\w*|довер\w*|\bvekil\w*|"
    r"\bgüven\w*|\baccess\b|\badmin(?:istrator)?\b|\badvis[eo]r\b|\bagent for\b|"
    r"\bsteuerberater\w*|\bcomptable\b|\bgère\b|\bgestor\w*|\bautoriz\w*|\bcommercialista\b|"
    r"\bboekhouder\b|\bupoważni\w*|\bbevoegd\w*|\bberechtigt\w*|\bzugriff\b|\baccès\b|"
    r"\bacceso\b|\baccesso\b|\bacesso\b|\btoegang\b|\bdostęp\w*|\bдоступ\w*|"
    r"代理|信任|委任|信頼",
    re.IGNORECASE,
)
# A contact detail or an account: where messages or money would go.
_CONTACT = re.compile(
    r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\+?\d[\d ()./-]{6,}\d|\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,}"
    r"|https?://\S+|\b[\w-]+(?:\.[\w-]+)*\.(?:example|com|org|net|io|co|app|dev|info|biz)\b"
    r"|\b(?:bank (?:details|account)|account number|routing number|sort code|payee|"
    r"bankverbindung|kontonummer|coordonnées bancaires|rib|datos bancarios|dati bancari|"
    r"dados bancários|bankgegevens|rekeningnummer|numer konta|реквизит\w*)\b",
    re.IGNORECASE,
)
# Predicates that put what someone asked for into words, beside _PREDICATE_WORDS' requests.
_REQUEST_PREDICATES = frozenset(
    {"needs", "need", "requires", "require", "required_of_assistant", "expects", "expect",
     "would_like", "wishes", "asks_for", "has_asked_for", "is_requesting", "told_assistant_to",
     "instructs", "must", "should", "demands", "urges",
     "wants_assistant_to", "asked_assistant_to", "requests_that", "calls_for"}
)  # fmt: skip
# Predicates that say nothing of their own: the object carries what is asked.
_BLAND_PREDICATES = frozenset(
    {"note", "notes", "plan", "reminder", "message", "says", "said", "comment", "remark",
     "memo"}
)  # fmt: skip
# Predicates that name something to be done: from outside content, what it asks for.
_TO_DO_PREDICATES = frozenset(
    {"next_step", "next_steps", "next_action", "next_actions", "action", "actions",
     "action_item", "action_items", "todo", "to_do", "task", "tasks", "follow_up", "step",
     "instruction_for_assistant", "request", "requested_action", "required_action"}
)  # fmt: skip
# A party's role over someone, by predicate: from outside, trust it does not give.
_ROLE_PREDICATES = frozenset(
    {"role", "acts_as", "acts_for", "represents", "agent_for", "delegate", "proxy",
     "advisor", "adviser", "accountant", "lawyer", "attorney", "manages", "handles"}
)  # fmt: skip


def is_request(claim: Claim) -> bool:
    """What someone asked for, put as a fact: "email author wants the invoice paid to ...",
    "vendor next_step: forward the contract to ...". Said to or about the assistant, or with a
    predicate of asking, or an object that is an order in any language the guard reads."""
    words = set(_words(claim.predicate))
    if is_assistant(claim.subject) or words & {"assistant", "ai", "agent", "bot"}:
        return True
    predicate = claim.predicate.lower()
    if predicate in _REQUEST_PREDICATES or predicate in _TO_DO_PREDICATES:
        return True
    if words & _REQUEST_WORDS:
        return True
    text = render_value(claim.object)
    if predicate not in _BLAND_PREDICATES:
        return False
    return names_a_deed(text) or opens_with_a_verb(text.split() or [""])


def guards_the_assistant(claim: Claim) -> bool:
    """A claim about a safeguard: whether the assistant confirms, verifies or asks first."""
    text = f"{claim.subject} {claim.predicate.replace('_', ' ')} {render_value(claim.object)}"
    return bool(_SAFEGUARD.search(text))


def gives_trust(claim: Claim) -> bool:
    """A claim that gives a party a role or trust over someone's affairs."""
    if claim.predicate.lower() in _ROLE_PREDICATES:
        return True
    text = f"{claim.predicate.replace('_', ' ')} {render_value(claim.object)}"
    return bool(_TRUST.search(text))


def carries_contact(claim: Claim) -> bool:
    """An address, a number, an account or a link in the claim: where things would be sent."""
    return _has_contact(f"{claim.subject} {render_value(claim.object)}")


_DATE = re.compile(
    r"\d{4}-\d{1,2}-\d{1,2}|\d{1,2}[./-]\d{1,2}[./-]\d{2,4}|\d{1,2}:\d{2}(?::\d{2})?"
)


def _has_contact(text: str) -> bool:
    """An address, number, account or link: a date or a time is none of them."""
    return bool(_CONTACT.search(_DATE.sub(" ", text)))


def governs_action(claim: Claim) -> bool:
    """A preference or rule about something the assistant would *do* ("auto-accept invites",
    "pay without asking"), rather than a taste ("aisle seats", "coffee black")."""
    text = f"{claim.predicate.replace('_', ' ')} {render_value(claim.object)} {claim.quote or ''}"
    return names_a_deed(text) or bool(_GRANT_TEXT.search(text))


# The shape of a rule, a grant or a change order, in the languages the gate reads: what
# tells the assistant how to act from now on, lets it, or has it change a record. A relayed
# statement with this shape is not a plain statement of fact or taste.
_RULE_SHAPE = re.compile(
    r"\b(?:rules?|polic(?:y|ies)|standing\s+(?:rule|order|instruction|permission|approval)s?|always|never|whenever|every\s+time|each\s+time|"
    r"any\s*time|from\s+now\s+on|going\s+forward|henceforth|until\s+further\s+notice|"
    r"permission|permitted|allowed?|authori[sz]\w*|trust\w*|treat\w*\s+(?:\w+\s+){0,4}as|"
    r"on\s+my\s+behalf|should|must|have\s+to|has\s+to|needs?\s+to|no\s+need|"
    r"without\s+(?:asking|checking|confirm\w*|telling|approval)|automatic\w*|auto[- ]\w+|"
    r"instead\s+of\s+me|make\s+sure|be\s+sure|please|update|change|record|switch|replace|"
    r"is\s+now|are\s+now|my\s+new|you|your|"
    r"immer|niemals|ab\s+sofort|von\s+nun\s+an|künftig|regel\w*|erlaubt|darfst|musst|sollst|"
    r"ohne\s+(?:zu\s+)?fragen|automatisch|bitte|ändere|aktualisiere|"
    r"toujours|jamais|désormais|dorénavant|à\s+partir\s+de\s+maintenant|règle|autoris\w*|"
    r"tu\s+peux|tu\s+dois|sans\s+(?:me\s+)?demander|automatiquement|s'il\s+te\s+pla[iî]t|"
    r"siempre|nunca|a\s+partir\s+de\s+ahora|de\s+ahora\s+en\s+adelante|regla|permiso|"
    r"puedes|debes|sin\s+preguntar\w*|automáticamente|por\s+favor|actualiza|"
    r"sempre|mai|d'ora\s+in\s+poi|da\s+ora\s+in\s+poi|regola|permesso|puoi|devi|"
    r"senza\s+chiedere\w*|automaticamente|per\s+favore|aggiorna|"
    r"a\s+partir\s+de\s+agora|daqui\s+em\s+diante|regra|permissão|podes|deves|"
    r"sem\s+perguntar|atualiza|altijd|nooit|vanaf\s+nu|voortaan|toestemming|moet|"
    r"zonder\s+(?:te\s+)?vragen|alsjeblieft|wijzig|zawsze|nigdy|od\s+teraz|zasad\w*|"
    r"pozwol\w*|możesz|musisz|bez\s+pytania|automatycznie|proszę|zaktualizuj|"
    r"всегда|никогда|отныне|с\s+этого\s+момента|правил\w*|разреш\w*|можешь|должен|"
    r"автоматически|пожалуйста|обнови|her\s+zaman|asla|bundan\s+sonra|kural|izin|"
    r"otomatik|sormadan|lütfen|güncelle|consent\w*|zustimm\w*|einverst\w*|zgod\w*|"
    r"zatwierdz\w*|согла\w*|consentiment\w*|toestem\w*)\b"
    r"|\b(?:can|may|could)\s+(?:\w+\s+){0,2}(?:for|on\s+behalf\s+of)\s+me\b"
    r"|\bit'?s\s+(?:ok(?:ay)?|fine|alright|all\s+right)\s+to\b|\bfeel\s+free\b|\bgo\s+ahead\b"
    r"|常に|いつも|今後|以後|ルール|許可|自動|確認せず|必ず|ください|更新|かまいません|構いません|"
    r"代わりに|同意|总是|永远|从现在起|今后|以后|规则|允许|授权|自动|无需|不用问|请|代我|替我|@",
    re.IGNORECASE,
)


# Words a plain English statement opens a sentence with: who or what it is about, or when.
# An order opens with its verb ("Set up a transfer ...", "Don't bother checking ...").
_PLAIN_START = frozenset(
    [
        "i",
        "i'm",
        "i've",
        "i'd",
        "i'll",
        "my",
        "me",
        "we",
        "we're",
        "we've",
        "our",
        "us",
        "the",
        "a",
        "an",
        "this",
        "that",
        "these",
        "those",
        "it",
        "it's",
        "its",
        "he",
        "she",
        "they",
        "he's",
        "she's",
        "they're",
        "his",
        "her",
        "their",
        "there",
        "today",
        "yesterday",
        "tomorrow",
        "last",
        "next",
        "on",
        "in",
        "at",
        "since",
        "after",
        "before",
        "when",
        "while",
        "for",
        "also",
        "and",
        "but",
        "so",
        "both",
        "one",
        "two",
        "three",
        "some",
        "most",
        "many",
        "every",
        "our",
        "mine",
    ]
)
_SENTENCE = re.compile(r"[.!?;:\n—–]+|\s-\s|,\s+(?:and\s+|then\s+|so\s+)?")
_IDENTITY_TEXT = re.compile(
    r"\bmy\s+(?:\w+\s+)?(?:name|surname|username|e-?mail|phone|number|mobile|address|"
    r"date\s+of\s+birth|birthday|account|bank|iban|login|handle|password|pin|id)\b"
    r"|\b(?:from|as\s+of)\s+today\b",
    re.IGNORECASE,
)


def is_plain_text(text: str, *, sentences: bool = True) -> bool:
    """Whether ``text`` reads as plain statements of fact or taste ("I work at Lumen as a
    data engineer. My sister Ana lives in Porto."): no rule, grant, order or change of a
    record, nothing said to the assistant, no deed, no contact or identity detail. In
    English each sentence must open as a statement does; in another language, no sentence
    may open with a verb of doing. What fails is the risky case."""
    if any(rx.search(text) for rx in (_RULE_SHAPE, _IDENTITY_TEXT, _SAFEGUARD, _TRUST)):
        return False
    if _has_contact(text):
        return False
    if addresses_the_assistant(text):
        return False
    if sentences and not _reads_as_english(text):
        return False  # a language this reader does not know well: the risky case
    for sentence in _SENTENCE.split(text) if sentences else ():
        words = [w.strip("'\"()[]") for w in sentence.split()]
        words = [w for w in words if w]
        if not words:
            continue
        first = words[0].casefold()
        if sentence.isascii():
            if first in _ORDERS or not (first in _PLAIN_START or _names_a_subject(words)):
                return False
        elif opens_with_a_verb(words):
            return False
    return True


def _reads_as_english(text: str) -> bool:
    """English as this reader knows it: Latin letters, and its commonest words."""
    words = {w.strip("'\".,;:!?()").casefold() for w in text.split()}
    return text.isascii() and bool(words & _ENGLISH)


_ENGLISH = frozenset(
    [
        "i",
        "i'm",
        "i've",
        "my",
        "me",
        "we",
        "our",
        "the",
        "a",
        "an",
        "is",
        "are",
        "was",
        "were",
        "to",
        "of",
        "and",
        "in",
        "on",
        "at",
        "for",
        "with",
        "have",
        "has",
        "it",
        "that",
        "this",
        "be",
        "not",
    ]
)


def _names_a_subject(words: list[str]) -> bool:
    """A sentence that opens with a name ("Theo plays ...", "Ana and I ...") rather than a
    verb ("Paste my keys ..."): the name is capitalised and the next word is a verb's or a
    conjunction, not an object's."""
    if not words[0][:1].isupper():
        return False
    if len(words) == 1 or words[0].endswith(("'s", "’s")):
        return True
    after = words[1].casefold()
    return after in _AFTER_A_NAME or after.endswith(("s", "ed"))


_AFTER_A_NAME = frozenset(
    [
        "is",
        "was",
        "has",
        "had",
        "will",
        "would",
        "can",
        "could",
        "and",
        "or",
        "just",
        "also",
        "never",
        "always",
        "still",
        "finally",
        "recently",
        "lives",
        "works",
    ]
)


# Verbs an English order opens with that are not deeds of their own ("set", "turn", "use").
_ORDERS = frozenset(
    [
        "set",
        "turn",
        "use",
        "put",
        "keep",
        "make",
        "let",
        "give",
        "treat",
        "feel",
        "don't",
        "do",
        "please",
        "go",
        "hand",
        "handle",
        "sort",
        "take",
        "store",
        "save",
        "note",
        "remember",
        "ensure",
        "tell",
        "ask",
        "contact",
        "ignore",
        "skip",
        "bypass",
        "disable",
        "enable",
        "stop",
        "start",
        "add",
        "remove",
        "fill",
        "enter",
        "record",
        "update",
        "change",
        "switch",
        "replace",
    ]
)


def is_plain(claim: Claim, said: str | None = None) -> bool:
    """A plain statement of fact or taste, in the claim and in what was said with it."""
    if _RULE_SHAPE.search(claim.predicate.replace("_", " ")):
        return False
    # The object is a phrase ("Lumen Biotech"), not a sentence: only its words are read.
    if not is_plain_text(render_value(claim.object), sentences=False):
        return False
    return all(is_plain_text(part) for part in (claim.quote, said) if part)


def is_user_name(subject: str) -> bool:
    return " ".join(subject.casefold().split()) in _USER_NAMES
