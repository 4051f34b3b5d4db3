"""Structure: secrets recognised by where they sit, not by what they say.

``KEY=value`` and ``.env`` lines whose key names a secret (any case, several
languages), credentials in URL queries and paths, ``user:password`` pairs,
connection-string fields (``AccountKey=``), provider keys recognised by context
(Mailgun ``key-...``, GCP ``private_key_id``), and the generic key/token/secret
assignments whose value looks machine-generated.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from graphmem.trust.secrets import public
from graphmem.trust.secrets.common import (
    MASK,
    RANDOM_VALUE,
    REFERENCE,
    Candidate,
    Rule,
    check_generic,
    random_looking,
    rules_spans,
    rx,
    words,
)

_GENERIC: tuple[Rule, ...] = (
    # Generic key/token/secret assignments with a random-looking value.
    Rule(
        "api_key",
        9,
        rx(
            r"""(?<![\w.-])[\w.-]*?
            (?:api[_ -]?key|apikey|api[_ -]?secret|api[_ -]?token|access[_ -]?key(?:[_ -]?id)?
              |secret[_ -]?(?:access[_ -]?)?key|access[_ -]?token|auth[_ -]?token
              |refresh[_ -]?token|id[_ -]?token|bearer[_ -]?token|client[_ -]?secret
              |app[_ -]?secret|consumer[_ -]?secret|signing[_ -]?(?:key|secret)
              |encryption[_ -]?key|master[_ -]?key|webhook[_ -]?secret|private[_ -]?token
              |bot[_ -]?token|license[_ -]?key|private[_ -]?key
              |secret|token|credentials?|(?<=_)(?-i:KEY))
            (?:\\?["'])?(?:[ \t]*(?:=>|:=|[:=])[ \t]*|\s+is(?:\s*:\s*|\s+)|(?P<bare>[ \t]+))"""
            + RANDOM_VALUE
        ),
        check_generic,
    ),
)

# Parts of a key name that make its value a secret (split at "_", "-", "." and case).
_SECRET_PARTS = words(
    """
    password passwords passwd pwd pass passphrase passcode secret secrets token tokens
    apikey auth credential credentials creds salt signature sig pin otp totp privatekey
    passwort kennwort contrasena contraseña senha mdp motdepasse parola wachtwoord haslo
    hasło sifre şifre parol пароль 密码 パスワード 비밀번호 clave geheim segreto secreto
    """
)
# A "key" is a secret beside one of these ("APP_KEY", "AccountKey", "private_key_id").
_KEY_QUALIFIERS = words(
    """
    api app access account private secret signing master encryption license licence client
    consumer webhook shared storage service stripe openai anthropic mailgun sendgrid twilio
    aws gcp azure firebase google github slack session jwt hmac django rails laravel flask
    """
)
# Parts that make the value a setting about the secret, not the secret.
_SETTING_PARTS = words(
    """
    length len min max minlength maxlength policy hint reset expiry expires expire ttl
    rounds file path url uri endpoint enabled enable required field label placeholder type
    strength algorithm algo manager count limit timeout header name prefix env var format
    mode id_hint lifetime age days hours minutes seconds size bits cost iterations version
    """
)
# Stems found inside a key written as one word ("motdepasse", "contraseñadb").
_SECRET_STEMS = (
    "password",
    "passwort",
    "kennwort",
    "motdepasse",
    "contrase",
    "senha",
    "wachtwoord",
    "haslo",
    "hasło",
    "şifre",
    "пароль",
    "密码",
    "パスワード",
    "비밀번호",
    "secret",
    "apikey",
)
_PASSWORD_STEMS = (
    "pass",
    "pwd",
    "pw",
    "kenn",
    "contra",
    "senha",
    "mdp",
    "wacht",
    "has",
    "sifre",
    "mot",
    "pin",
)
_CAMEL = re.compile(r"[A-Z]?[a-z\u00c0-\uffff]+|[A-Z]+(?![a-z])|\d+")


def _key_parts(key: str) -> list[str]:
    parts: list[str] = []
    for chunk in re.split(r"[_\-.\s]+", key):
        parts += [p.lower() for p in _CAMEL.findall(chunk)] if chunk.isascii() else [chunk]
    return parts


def secret_key_kind(key: str) -> str | None:
    """The kind a value under ``key`` would be, if the key names a secret."""
    parts = _key_parts(key)
    low = key.lower()
    if not parts or any(p in _SETTING_PARTS for p in parts):
        return None
    compact = re.sub(r"[_\-.\s]", "", low)
    if any(p in _SECRET_PARTS for p in parts) or any(w in compact for w in _SECRET_STEMS):
        if any(p.startswith(_PASSWORD_STEMS) for p in parts):
            return "password"
        return (
            "token"
            if any(p in ("token", "tokens", "auth", "sig", "signature") for p in parts)
            else "api_key"
        )
    if parts[-1] in ("key", "keys", "id") and any(p in _KEY_QUALIFIERS for p in parts[:-1]):
        if parts[-1] == "id" and "key" not in parts:
            return None
        return "api_key"
    return {"key": "api_key", "pw": "password"}.get(parts[0]) if len(parts) == 1 else None


_ASSIGNMENT = re.compile(
    r"""(?:^|(?<=[\s;{,(&?]))(?:export\s+|set\s+)?
    (?P<q>["']?)(?P<key>[^\W\d][\w.\-]{0,60})(?P=q)
    [ \t]*(?:=>|:=|=|:(?=[ \t]|["']))[ \t]*
    (?:"(?P<v_dq>[^"\n]{1,400})"|'(?P<v_sq>[^'\n]{1,400})'|(?P<v>[^\s"',;}]{1,400}))""",
    re.VERBOSE | re.MULTILINE,
)
_NOT_A_VALUE = words(
    """
    true false yes no none null nil undefined empty required optional ja nein oui non sí
    """
)


def _assignment_spans(text: str) -> Iterator[Candidate]:
    shared: list[public.Span] | None = None
    for m in _ASSIGNMENT.finditer(text):
        kind = secret_key_kind(m.group("key"))
        if kind is None:
            continue
        shared = public.spans(text) if shared is None else shared
        if any(s <= m.end() - 1 < e for s, e in shared):
            continue  # "add my key: ssh-ed25519 AAAA...": a public key given, not a secret
        name = next(g for g in ("v_dq", "v_sq", "v") if m.group(g) is not None)
        start, end = m.span(name)
        if name == "v" and m.start() > 0 and text[m.start() - 1] in "?&":
            amp = text.find("&", start, end)  # a query parameter ends at the next "&"
            end = amp if amp > start else end
        while name == "v" and end - start > 1 and text[end - 1] in ".:)]":
            end -= 1
        value = text[start:end]
        if value.lower() in _NOT_A_VALUE or MASK.match(value) or REFERENCE.match(value):
            continue
        if name == "v" and not _machine_key(m.group("key")) and not _chosen(value):
            continue  # "Boarding pass: attached", "Password: required"
        if value.isdigit() and len(value) < 4:
            continue  # "PASSWORD_RETRIES=3" slipped past the setting words
        yield start, end, 7, kind


def _machine_key(key: str) -> bool:
    """A key written for a machine (``DB_PASSWORD``, ``apiKey``), not a word in a sentence."""
    return any(c in key for c in "_.-") or key.isupper() or not key[1:].islower()


def _chosen(value: str) -> bool:
    """A value with a digit, a symbol or inner capitals: chosen, not a word of the sentence."""
    return (
        any(c.isdigit() for c in value)
        or any(not c.isalnum() for c in value)
        or any(c.isupper() for c in value[1:])
    )


_URL_PARAM = re.compile(
    r"""[?&;#](?P<key>x-amz-(?:signature|credential|security-token)|x-goog-(?:signature|credential)
    |sig|signature|appid|app_id|apikey|api_key|api-key|key|auth|auth_token|authtoken|token
    |access_token|id_token|refresh_token|client_secret|password|passwd|pwd|pass|secret|code
    |session|sessionid|sid|private_token|jwt|hash|otp)=(?P<v>[^&#\s"'<>]{4,2000})""",
    re.VERBOSE | re.IGNORECASE,
)
_WEAK_PARAMS = frozenset({"code", "key", "sid", "hash", "session", "sig", "auth"})


def _url_spans(text: str) -> Iterator[Candidate]:
    for m in _URL_PARAM.finditer(text):
        key, value = m.group("key").lower(), m.group("v").rstrip(".,;:)")
        if key in _WEAK_PARAMS and not random_looking(value, 8):
            continue
        if value.isalpha() and len(value) < 12:
            continue  # "?token=none", "&auth=basic"
        kind = "password" if key.startswith("pass") or key == "pwd" else "token"
        yield m.start("v"), m.start("v") + len(value), 2, kind


_STRUCTURE: tuple[Rule, ...] = (
    # Bot tokens in a path ("api.telegram.org/bot123:AA.../sendMessage"), Discord webhooks.
    Rule("api_key", 2, rx(r"""/bot(?P<v>\d{6,12}:[A-Za-z0-9_-]{30,})""")),
    Rule(
        "api_key",
        2,
        rx(r"""discord(?:app)?\.com/api/webhooks/(?P<v>\d{15,20}/[A-Za-z0-9_-]{30,})"""),
    ),
    # Azure storage and service-bus connection strings.
    Rule(
        "api_key",
        2,
        rx(
            r"""\b(?:AccountKey|SharedAccessKey|SharedAccessSignature)=(?P<v>[A-Za-z0-9+/=%]{20,})"""
        ),
    ),
    # Mailgun's key-<32 hex> and a service account's private_key_id.
    Rule("api_key", 2, rx(r"""\bkey-[0-9a-f]{32}\b""", ignore_case=False)),
    Rule("api_key", 2, rx(r"""private_key_id["']?\s*[:=]\s*["']?(?P<v>[0-9a-f]{32,64})""")),
    # "creds: maya88:willow4207", "login for the VPN: me@x.com / willow9896".
    Rule(
        "password",
        8,
        rx(
            r"""(?<![\w])(?:creds?|credentials|logins?|account|acct|user(?:name)?|wi-?fi|wlan|zugangsdaten
            |zugang|identifiants|acceso|credenciais|credenziali|логин|账号|帳號|アカウント|계정
            |giriş|inloggegevens|dane[ ]logowania)
            (?:\s+(?:for|to|für|zum|zur|pour|au|para|per|de|del|do|da|di|voor|van|dla|на|для)\s+[^\s:=]+(?:\s+[^\s:=]+){0,2}?)?
            \s*[:=\-–]\s*[^\s:/|]+\s*(?:[:|]|\s/\s?|/)\s*(?P<v>[^\s,;]{4,100})"""
        ),
        lambda m, v: _pair_password(v),
    ),
    Rule(
        "password",
        8,
        rx(r"""\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\s*(?:\s/\s?|\|)\s*(?P<v>[^\s,;]{4,100})"""),
        lambda m, v: _pair_password(v),
    ),
)


def _pair_password(value: str) -> bool:
    value = value.rstrip(".)")
    if value.endswith(":") or MASK.match(value) or REFERENCE.match(value) or "://" in value:
        return False
    return any(c.isdigit() for c in value) or any(not c.isalnum() for c in value)


_RULES = (*_GENERIC, *_STRUCTURE)


def spans(text: str) -> Iterator[Candidate]:
    yield from rules_spans(_RULES, text)
    yield from _assignment_spans(text)
    yield from _url_spans(text)
