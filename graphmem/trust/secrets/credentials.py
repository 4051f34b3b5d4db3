"""Claims that are credentials, whatever their value looks like.

``Claim("user", "wifi_password", "pencil-maple-canyon")`` names its secret in the
predicate: the value need not look like one. A predicate whose words name a
credential (``wifi_password``, ``ssn``, ``social``, ``pin``, ``passcode``,
``recoveryCode``, ``mot_de_passe``, ...) makes the whole claim a secret, whatever
path it came by: extracted from text or passed directly.
"""

from __future__ import annotations

import itertools
import re

from graphmem.trust.secrets.common import words

# One word of the predicate is enough.
_WORD_KIND = {
    **dict.fromkeys(
        words(
            """
            password passwords passwd pwd pw passcode passphrase pin pincode passwort kennwort
            contrasena contraseña senha mdp motdepasse wachtwoord haslo hasło şifre sifre parola
            пароль 密码 パスワード 비밀번호 credential credentials creds
            """
        ),
        "password",
    ),
    **dict.fromkeys(words("ssn social sin aadhaar cpf pesel bsn snils"), "national_id"),
    **dict.fromkeys(words("cvv cvc csc cvv2"), "card"),
    **dict.fromkeys(words("otp totp 2fa mfa"), "otp"),
    **dict.fromkeys(words("apikey token secret secrets"), "api_key"),
    **dict.fromkeys(words("seed mnemonic"), "seed_phrase"),
    **dict.fromkeys(words("iban"), "bank_account"),
}
# Two words together ("api_key", "recovery_code", "social_security").
_PAIR_KIND = {
    ("api", "key"): "api_key",
    ("access", "key"): "api_key",
    ("secret", "key"): "api_key",
    ("private", "key"): "private_key",
    ("wifi", "key"): "password",
    ("license", "key"): "api_key",
    ("encryption", "key"): "api_key",
    ("social", "security"): "national_id",
    ("national", "id"): "national_id",
    ("passport", "number"): "national_id",
    ("card", "number"): "card",
    ("security", "code"): "card",
    ("account", "number"): "bank_account",
    ("recovery", "code"): "otp",
    ("recovery", "codes"): "otp",
    ("backup", "code"): "otp",
    ("backup", "codes"): "otp",
    ("verification", "code"): "otp",
    ("login", "code"): "otp",
    ("one", "time"): "otp",
    ("door", "code"): "password",
    ("gate", "code"): "password",
    ("alarm", "code"): "password",
    ("unlock", "code"): "password",
    ("access", "code"): "password",
    ("secret", "answer"): "secret_answer",
    ("security", "answer"): "secret_answer",
    ("seed", "phrase"): "seed_phrase",
    ("recovery", "phrase"): "seed_phrase",
}
# Words that make the predicate about the credential, not the credential itself.
_ABOUT = words(
    """
    manager managers policy policies media network networks worker workers club life skills
    skill hint reset strength length changed change changes rotation rotated expiry expires
    last updated count enabled required security_team life circle circles studies science
    """
)
_JOINED = ("password", "motdepasse", "contrase", "passwort", "kennwort", "socialsecurity")
_CAMEL = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+|[^\W\d_]+")


def predicate_words(predicate: str) -> list[str]:
    """``wifiPassword`` / ``wifi-password`` / ``Wifi Password`` -> ["wifi", "password"]."""
    parts: list[str] = []
    for chunk in re.split(r"[\s_\-./:]+", predicate.strip()):
        parts += [p.lower() for p in _CAMEL.findall(chunk)] if chunk.isascii() else [chunk.lower()]
    return parts


def credential_kind(predicate: str) -> str | None:
    """The secret kind a predicate names (``wifi_password`` -> "password"), or None."""
    parts = predicate_words(predicate)
    if not parts or any(p in _ABOUT for p in parts):
        return None
    for a, b in itertools.pairwise(parts):
        if (a, b) in _PAIR_KIND:
            return _PAIR_KIND[(a, b)]
    for part in parts:
        if part in _WORD_KIND:
            return _WORD_KIND[part]
    joined = "".join(parts)  # "mot_de_passe", "pass_word"
    return "password" if any(s in joined for s in _JOINED) else None
