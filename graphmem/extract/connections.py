"""Connections the speaker made or ended: which service, which account, which permission scope.

"I connected my Google Calendar with read-only access", "I've linked my work Gmail (send
only)", "I gave the assistant read and write access to my Dropbox" each say that a service is
connected with a scope: ``Claim("Google Calendar", "connection_scope", "read-only")``. "I
disconnected Slack" and "I revoked access to my Dropbox" end the connection, whatever its scope
was (``Claim.any_value``). German, Spanish and French say the same ("Ich habe meinen Google
Kalender mit Lesezugriff verbunden", "Desconecté Slack", "J'ai connecté mon Gmail en lecture
seule").

* **The subject is the service**, with the account in brackets when one is named: "Gmail
  (work)". Not the claim's scope: a fact's scope says where it applies (a project, a
  situation) and recall filters by it, while an account is part of *what* is connected. In the
  subject each service and account is a slot of its own, so one scope holds per account, a
  changed scope supersedes the old one, and ``forget(entity="Gmail (work)")`` removes exactly
  that connection.
* **Scopes are stored in English words** whatever the language ("read-only", "read and write",
  "send only", "full access"; "X only" as said; the words of "with X access" as said), so
  that one scope said twice in two languages is one value. A connection told without one is
  "unspecified".
* **Conservative**, like the rest of the offline grammar: the service is a name ("Google
  Calendar", "Dropbox") or an account word ("my calendar", "my inbox"); a device ("my phone",
  "my speaker") or a target that is not the assistant ("to the car", "to Zapier") is no
  connection; only a statement that it was done counts (a question, a request or a plan is
  not one), and a scope taken back in part ("I revoked write access") is left alone.
* **Never a credential.** The gate redacts tokens, keys and passwords before extraction and
  refuses a claim that carries one; nothing here reads them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

from graphmem.extract.phrases import words as _words
from graphmem.model import Claim, Kind

PREDICATE = "connection_scope"
UNSPECIFIED = "unspecified"
# The object of a claim that ends a connection whose scope the speaker did not say.
ANY_SCOPE = "any scope"

_I = re.IGNORECASE

# ---------------------------------------------------------------------------- subjects

_SUBJECT = re.compile(r"(?P<service>.+?) \((?P<account>[^()]+)\)")


def subject(service: str, account: str | None) -> str:
    """The subject a connection is stored under: "Gmail (work)", or the service alone."""
    return service if not account else f"{service} ({account})"


def split_subject(name: str) -> tuple[str, str | None]:
    """("Gmail", "work") from "Gmail (work)"; (name, None) when no account is named."""
    m = _SUBJECT.fullmatch(name.strip())
    return (name.strip(), None) if m is None else (m["service"], m["account"])


# ---------------------------------------------------------------------------- scopes

# Each scope in the words of the languages read, lower case, without "access" / "Zugriff".
_SCOPE_WORDS: tuple[tuple[str, str], ...] = (
    (
        r"read[- ]?only|readonly|read|reading|view[- ]?only|view|viewing|viewer"
        r"|lese|lesen|lesend|nur[- ]lesen\w*|nur[- ]?lese|schreibgeschützt|lese ?rechte?n?"
        r"|(?:de )?(?:solo |sólo )?(?:de )?lectura|(?:en )?lecture(?: seule)?",
        "read-only",
    ),
    (
        r"read(?:ing)? ?(?:and|&|/|\+|-) ?writ(?:e|ing)|read(?:ing)? and edit(?:ing)?|write|writing"
        r"|edit|editing|editor|lese(?:-| und |/)schreib|lese- und schreib|schreib|schreibe?"
        r"|lesen und schreiben|schreib ?rechte?n?|bearbeitungs|bearbeiten"
        r"|(?:de )?lectura y escritura|(?:de )?escritura|(?:de )?edición"
        r"|(?:en )?lecture(?: et |[/-])écriture|(?:en )?écriture|(?:de )?modification",
        "read and write",
    ),
    (
        r"send[- ]?only|send|sending(?: only)?|nur[- ]senden|sende|senden"
        r"|(?:solo |sólo )?(?:de )?envío|envoi(?: seulement| uniquement)?"
        r"|(?:seulement|uniquement) l'envoi",
        "send only",
    ),
    (
        r"full|all|unrestricted|admin|administrator|complete|total|owner"
        r"|voll|vollem|vollen|vollständigem|uneingeschränktem|vollzugriff"
        r"|completo|completa|total|complet|complète|totale",
        "full access",
    ),
    (r"write[- ]?only", "write only"),
)
_SCOPES = tuple((re.compile(body, _I), scope) for body, scope in _SCOPE_WORDS)
# Nouns around a scope that name no scope of their own ("read-only access", "Lesezugriff").
_SCOPE_NOUN = re.compile(
    r"^(?:an?|the|un|une|el|la|le|l')\s+|\s*-?(?:zugriffs?|zugangs?|rechten?|berechtigung(?:en)?)$"
    r"|\s+(?:access|permissions?|rights|scopes?|mode|privileges|acceso|accès|permisos?|droits?"
    r"|modo)$|^(?:acceso|accès|permiso|modo|mode|droits?)\s+(?:de\s+|en\s+|d')?",
    _I,
)
_ONLY = re.compile(r"(?P<x>[a-z]+)[- ]only", _I)


def scope_of(raw: str, *, as_said: bool = False) -> str | None:
    """The scope said in ``raw`` ("read-only access", "Lesezugriff", "solo lectura"), in the
    English words it is stored as; None when ``raw`` says none. ``as_said``: words in no list
    are kept as said (they followed "with ... access", so they are a scope)."""
    text = " ".join(raw.replace("_", " ").split()).strip(" ,.;:()")
    while True:
        bare = _SCOPE_NOUN.sub("", text).strip()
        if bare == text:
            break
        text = bare
    if not text or len(text) > 40:
        return None
    for pattern, scope in _SCOPES:
        if pattern.fullmatch(text):
            return scope
    if m := _ONLY.fullmatch(text):
        return f"{m['x'].lower()} only"  # "draft-only"
    if as_said and re.fullmatch(r"[^\W\d_]+(?: [^\W\d_]+){0,3}", text):
        return text.lower()
    return None


# ---------------------------------------------------------------------------- services

# A service's name: capitalised words ("Google Calendar", "Microsoft 365", "iCloud").
_WORD = r"(?-i:[A-Z0-9][\w.&+'-]*|[a-z]+[A-Z][\w.&+'-]*)"
_NAME = rf"{_WORD}(?: {_WORD}){{0,3}}"
# An account said by what it holds ("my calendar", "mi correo", "ma messagerie").
_KINDS = (
    r"calendars?|e-?mails?|mail|inbox|mailbox|drive|contacts|address book|files|documents|docs"
    r"|photos|notes|tasks|to-?do list|cloud storage|kalender|postfach|e-mail-konto|kontakte"
    r"|dateien|fotos|notizen|aufgaben|calendario|correo|bandeja de entrada|buzón|contactos"
    r"|archivos|notas|tareas|agenda|calendrier|messagerie|boîte mail|boîte de réception"
    r"|courriel|fichiers|tâches"
)
# Things one connects that are no account: a device, a cable.
_DEVICES = _words(
    "phone iphone android smartphone speaker speakers headphones headset earbuds airpods tv "
    "television printer car laptop computer pc mac macbook keyboard mouse monitor screen watch "
    "router modem wifi wi-fi bluetooth charger console playstation xbox switch camera tablet "
    "ipad kindle controller cable drucker handy telefon lautsprecher fernseher auto kopfhörer "
    "móvil teléfono altavoz coche impresora portátil ordenador téléphone portable enceinte "
    "voiture imprimante ordinateur"
)
# Who or what the assistant is called when the speaker connects something to it.
_ASSISTANT = (
    r"(?:you|the assistant|this assistant|my assistant|the agent|the ai|the bot|graphmem"
    r"|the app|this app|this chat)"
)
_LABELS = {
    "work": "work", "business": "work", "office": "work", "company": "work", "job": "work",
    "personal": "personal", "private": "personal", "home": "home", "school": "school",
    "university": "university", "uni": "university", "family": "family", "team": "team",
    "main": "main", "shared": "shared", "side": "side",
    "geschäftlich": "work", "beruflich": "work", "dienstlich": "work", "privat": "personal",
    "persönlich": "personal",
    "trabajo": "work", "empresa": "work", "oficina": "work", "la oficina": "work",
    "laboral": "work", "profesional": "work", "casa": "home",
    "professionnel": "work", "professionnelle": "work", "pro": "work", "du travail": "work",
    "de travail": "work", "du bureau": "work", "perso": "personal", "personnel": "personal",
    "personnelle": "personal",
}  # fmt: skip
_EN_LABEL = (
    r"work|business|office|company|job|personal|private|home|school|university|uni|family|team"
    r"|main|shared|side"
)
_DE_LABEL = r"(?:geschäftlich|beruflich|dienstlich|privat|persönlich)(?:e[nmrs]?)?"
_ADDRESS = r"[\w.+-]+@[\w-]+(?:\.[\w-]+)*"
_TRAILING = r"(?: (?:account|integration|connection|connector|konto|cuenta|compte))?"


def _service(poss: str, label_before: str = "", label_after: str = "") -> str:
    """The service said, with an account label before or after it, or in brackets."""
    before = rf"(?:(?P<label>{label_before}) )?" if label_before else ""
    after = rf"(?: (?P<label2>{label_after}))?" if label_after else ""
    return (
        rf"(?:(?P<poss>{poss}) )?{before}(?P<service>{_NAME}(?: (?:{_KINDS}))?|{_KINDS})"
        rf"{_TRAILING}{after}"
        rf"(?: \((?P<paren>[^()]{{1,80}})\)| (?:account |konto |cuenta |compte )?"
        rf"(?P<address>{_ADDRESS}))?"
    )


_EN_POSS = r"my|our"
_DE_POSS = r"mein(?:e[nmrs]?)?|unser(?:e[nmrs]?)?"
_ES_POSS = r"mis?|nuestr[oa]s?"
_FR_POSS = r"mon|ma|mes|notre|nos"


@dataclass(frozen=True)
class Said:
    """A connection as a clause states it: made with a scope, or ended."""

    service: str
    account: str | None
    scope: str | None  # None: ended
    # A credential mentioned after it ("..., my password is [redacted:password]"): the quote
    # stops before it, so the claim carries no trace of a secret.
    aside: str | None = None

    @property
    def subject(self) -> str:
        return subject(self.service, self.account)


@dataclass(frozen=True)
class _Form:
    pattern: re.Pattern[str]
    ended: bool = False
    # A scope the verb itself says ("I allowed you to read my calendar").
    scope: str | None = None


_FORMS: list[_Form] = []


def _form(pattern: str, *, ended: bool = False, scope: str | None = None) -> None:
    _FORMS.append(_Form(re.compile(pattern, _I), ended, scope))


_HAVE = r"(?:'ve| have)?"
_ADV = r"(?:(?:just|now|also|finally|already|recently|successfully|officially|today) )*"
_TO_IT = rf"(?: (?:to|with) {_ASSISTANT})?"
_EN_SCOPE = (
    r"(?:,? (?:with|using|at|on|in|granting|giving) (?:an? |the )?(?P<said>[\w/&+' -]{1,40}?)"
    r" (?:access|permissions?|rights|scopes?|mode|privileges)|,? (?:with )?(?:access|permissions?)"
    r" (?:level )?(?:of |set to |as )?(?P<scope_b>[\w/&+' -]{1,30}?)|,? (?:as )?\(?(?P<scope_c>"
    r"read[- ]?only|view[- ]?only|send[- ]?only|write[- ]?only|read[- /]?(?:and|&)?[- /]?write)\)?)"
)
_EN_SERVICE = _service(_EN_POSS, _EN_LABEL, r"for (?:work|business|school|home)")
# A credential mentioned on the way ("using the token [redacted:api_key]"): never read, and
# no reason not to read the connection before it.
_CREDENTIAL = (
    r"(?P<credential>(?:,|;|:| -)? (?:\S+ ){0,4}?(?:token|api[- ]key|key|password|passcode"
    r"|credentials?|secret|passwort|kennwort|schlüssel|contraseña|clave|mot de passe|clé|jeton)"
    r"\b.*)?"
)

# -- English
_form(
    rf"I{_HAVE} {_ADV}(?:connected|linked|hooked up|authori[sz]ed) {_EN_SERVICE}{_TO_IT}"
    rf"{_EN_SCOPE}?{_TO_IT}{_CREDENTIAL}"
)
_form(
    rf"I{_HAVE} {_ADV}(?:gave|given|granted|provided) (?:{_ASSISTANT} )?(?:an? )?"
    rf"(?:(?P<scope>[\w/&+' -]{{1,40}}?) )?(?:access|permissions?|rights) (?:to|for|on|over) "
    rf"{_EN_SERVICE}{_CREDENTIAL}"
)
_form(
    rf"(?:you|the assistant) (?:now )?(?:have|has) (?:an? )?(?:(?P<scope>[\w/&+' -]{{1,40}}?) )?"
    rf"(?:access|permissions?|rights) (?:to|for|on|over) {_EN_SERVICE}"
)
for _verbs, _verb_scope in (
    (r"read|view|see|look at|check", "read-only"),
    (r"read and write|edit|change|manage|update|write to|add to", "read and write"),
    (r"send (?:e-?mails? |messages? )?(?:from|with|through)", "send only"),
):
    _form(
        rf"I{_HAVE} {_ADV}(?:authori[sz]ed|allowed|permitted|let) {_ASSISTANT} (?:to )?"
        rf"(?:{_verbs}) {_EN_SERVICE}",
        scope=_verb_scope,
    )
_form(rf"{_EN_SERVICE} (?:is|was) (?:now )?(?:connected|linked){_TO_IT}{_EN_SCOPE}?{_TO_IT}")
_form(
    rf"I{_HAVE} {_ADV}(?:disconnected|unlinked|unhooked|de-?authori[sz]ed) {_EN_SERVICE}"
    rf"(?: from {_ASSISTANT})?",
    ended=True,
)
_form(
    rf"I{_HAVE} {_ADV}(?:revoked|removed|withdrew|withdrawn|cut off|took away|taken away|pulled"
    rf"|disabled|turned off) (?:your |the assistant's |its |the |all )?(?:access|permissions?"
    rf"|connection|integration) (?:to|for|from|of|on|with) {_EN_SERVICE}",
    ended=True,
)
_form(
    rf"I{_HAVE} {_ADV}(?:revoked|removed|disabled|turned off|deleted) (?:the |my )?"
    rf"(?P<service>{_NAME}) (?:integration|connection|connector|access)",
    ended=True,
)
_form(
    rf"(?:you|the assistant) (?:no longer have|no longer has|don't have|do not have) "
    rf"(?:any )?(?:access|permissions?) (?:to|for|on) {_EN_SERVICE}(?: any ?more)?",
    ended=True,
)
_form(rf"{_EN_SERVICE} (?:is|was) (?:now )?(?:disconnected|unlinked)", ended=True)

# -- German
_DE_SERVICE = _service(_DE_POSS, _DE_LABEL)
_DE_IT = r"(?: (?:mit|für) (?:dir|euch|Ihnen|dem Assistenten|der Assistentin|dem Agenten))?"
_DE_SCOPE = (
    r"(?: mit (?P<scope>(?:[\w-]+ (?:und|&) )?[\w-]+(?: (?:Zugriff|Zugang|Rechten))?)"
    r"| (?P<scope_b>nur lesend|lesend|schreibgeschützt))?"
)
_form(
    rf"Ich habe {_ADV}{_DE_SERVICE}{_DE_IT}{_DE_SCOPE}{_DE_IT} "
    r"(?:verbunden|verknüpft|gekoppelt|angebunden|integriert|autorisiert|freigegeben)"
)
_form(
    r"Ich habe (?:dir|euch|Ihnen|dem Assistenten|der Assistentin|dem Agenten) "
    r"(?P<scope>(?:[\w-]+ (?:und|&) )?[\w-]+(?: (?:Zugriff|Zugang|Rechte))?) (?:auf|für|zu) "
    rf"{_service(r'mein(?:e[nmrs]?)?|unser(?:e[nmrs]?)?', _DE_LABEL)} "
    r"(?:gegeben|gewährt|erteilt|eingeräumt)"
)
_form(
    rf"Ich habe {_ADV}{_DE_SERVICE}(?: (?:von|mit) (?:dir|euch|Ihnen|dem Assistenten))? "
    r"(?:getrennt|entkoppelt|abgekoppelt|deautorisiert|abgemeldet)",
    ended=True,
)
_form(
    r"Ich habe (?:(?:dir|euch|Ihnen|dem Assistenten|dem Agenten) )?(?:den |die )?"
    r"(?:Zugriff|Zugang|Berechtigung|Verbindung) (?:auf|zu|für|mit) "
    rf"{_DE_SERVICE} (?:entzogen|widerrufen|getrennt|aufgehoben|gekappt|entfernt)",
    ended=True,
)

# -- Spanish
_ES_SERVICE = _service(
    _ES_POSS,
    "",
    r"(?:del|de) (?:trabajo|empresa|oficina|la oficina|casa)|personal|laboral"
    r"|profesional",
)
_ES_IT = r"(?: (?:a ti|contigo|con el asistente|al asistente|a la IA|con la IA))?"
_ES_SCOPE = (
    r"(?:,? (?:con|en) (?:acceso|permisos?|modo)(?: (?:de|en))? (?P<scope>[\w ]{1,30}?)"
    r"|,? (?:con|en) (?P<scope_b>(?:solo|sólo) (?:de )?\w+))?"
)
_form(
    r"(?:(?:ya |hoy )?he (?:conectado|vinculado|enlazado|autorizado)|conecté|vinculé|enlacé"
    rf"|autoricé|acabo de (?:conectar|vincular|enlazar)) {_ES_SERVICE}{_ES_IT}{_ES_SCOPE}"
    rf"{_ES_IT}{_CREDENTIAL}"
)
_form(
    r"(?:le |te )?(?:di|he dado|concedí|he concedido|otorgué|he otorgado) "
    r"(?:al asistente |a ti |a la IA )?(?:acceso|permisos?)(?: (?:de|en) (?P<scope>[\w ]{1,30}?))?"
    rf" (?:a|en|sobre) {_ES_SERVICE}"
)
_form(
    rf"(?:(?:ya )?he desconectado|desconecté|he desvinculado|desvinculé) {_ES_SERVICE}"
    r"(?: de (?:ti|la IA|el asistente))?",
    ended=True,
)
_form(
    r"(?:(?:ya )?he revocado|revoqué|he quitado|quité|he retirado|retiré|he cancelado|cancelé)"
    r" (?:el |tu )?(?:acceso|permisos?)(?: (?:del|al) asistente)? (?:a|de|en|sobre) "
    rf"{_ES_SERVICE}",
    ended=True,
)

# -- French
_FR_SERVICE = _service(
    _FR_POSS,
    "",
    r"professionnel(?:le)?|pro|perso|personnel(?:le)?|du travail|de travail"
    r"|du bureau",
)
_FR_IT = r"(?: (?:à toi|à vous|à l'assistant|avec toi|avec vous|avec l'assistant))?"
_FR_SCOPE = (
    r"(?:,? (?:avec (?:un |l')?accès(?: en| de)?|avec (?:des |les )?droits? (?:de |en |d')?"
    r"|en mode) (?P<scope>[\w' ]{1,30}?)"
    r"|,? (?P<scope_b>en lecture(?: seule)?|en lecture(?: et |[/-])écriture))?"
)
_form(
    r"j'ai (?:connecté|lié|relié|associé|autorisé|branché|synchronisé) "
    rf"{_FR_SERVICE}{_FR_IT}{_FR_SCOPE}{_FR_IT}{_CREDENTIAL}"
)
_form(
    r"(?:j'ai|je t'ai|je vous ai|je lui ai) (?:donné|accordé|octroyé|attribué) "
    r"(?:à l'assistant |à l'agent )?(?:un |l')?accès(?: (?:en |de |d')?(?P<scope>[\w' ]{1,30}?))? "
    rf"(?:à|sur) {_FR_SERVICE}"
)
_form(
    rf"j'ai (?:déconnecté|dissocié|délié|débranché) {_FR_SERVICE}"
    r"(?: de (?:toi|vous|l'assistant))?",
    ended=True,
)
_form(
    r"(?:j'ai|je t'ai|je vous ai|je lui ai) (?:révoqué|retiré|supprimé|coupé) "
    rf"(?:l'|ton |votre |son )?accès (?:à|de|sur) {_FR_SERVICE}",
    ended=True,
)


def read(core: str) -> Said | None:
    """The connection a peeled clause states, or None when it states none."""
    for form in _FORMS:
        m = form.pattern.fullmatch(core)
        if m is None:
            continue
        said = _said(m, form)
        if said is not None:
            return said
    return None


def claim(said: Said, *, at: datetime, quote: str, confidence: float) -> Claim:
    """The claim a connection statement makes: a scope from ``at``, or the end then of
    whichever scope the service had."""
    ended = said.scope is None
    return Claim(
        said.subject,
        PREDICATE,
        ANY_SCOPE if said.scope is None else said.scope,
        kind=Kind.FACT,
        valid_from=at,
        confidence=confidence,
        quote=quote,
        negated=ended,
        any_value=ended,
        object_is_entity=False,
    )


def _group(m: re.Match[str], name: str) -> str | None:
    return m.groupdict().get(name)


def _said(m: re.Match[str], form: _Form) -> Said | None:
    if m["service"].islower() and not _group(m, "poss"):
        return None  # "I linked files": an account word is an account only as "my files"
    service = _service_name(m["service"])
    if service is None:
        return None
    paren = _group(m, "paren")
    if paren is not None and scope_of(paren) is None and not _ACCOUNT.fullmatch(paren.strip()):
        return None  # brackets that hold neither a scope nor an account
    scope: str | None = None
    if not form.ended:
        scope = form.scope or _scope(m)
        if scope is None:
            return None  # "with X access" where X is no scope
    return Said(service, _account(m), scope, _group(m, "credential"))


def _service_name(raw: str) -> str | None:
    name = " ".join(raw.split())
    words = name.casefold().split()
    if not words or words[-1] in _DEVICES or "bluetooth" in words:
        return None
    if name.islower():
        return name[:1].upper() + name[1:]  # "calendar" -> "Calendar": one entity, however said
    return name


# What brackets after a service hold when they name its account: "(work)", "(maya@work)".
_ACCOUNT = re.compile(rf"{_ADDRESS}|[^\W\d_][\w'-]*(?: [\w'-]+){{0,2}}")


def _account(m: re.Match[str]) -> str | None:
    """The account label said, canonical when it is a known one ("work"); None when none is."""
    for name in ("label", "label2"):
        if said := _group(m, name):
            key = " ".join(said.casefold().split())
            key = re.sub(r"^(?:for|del|de) ", "", key)
            key = re.sub(r"(?<=lich|ivat)e[nmrs]?$", "", key)  # geschäftlichen -> geschäftlich
            return _LABELS.get(key, key)
    if address := _group(m, "address"):
        return address
    paren = _group(m, "paren")
    if paren is None or scope_of(paren) is not None:
        return None
    return _LABELS.get(paren.strip().casefold(), paren.strip())


def _scope(m: re.Match[str]) -> str | None:
    """The scope the clause says, UNSPECIFIED when it says none, None when what it says in a
    scope's place is no scope."""
    paren = _group(m, "paren")
    if paren is not None and (found := scope_of(paren)) is not None:
        return found
    for name in ("said", "scope", "scope_b", "scope_c"):
        said = _group(m, name)
        if said is not None:
            # Only "with X access" frames X as a scope whatever X is; elsewhere ("I gave Tom
            # access") the words must be a scope's.
            return scope_of(said, as_said=name == "said")
    return UNSPECIFIED
