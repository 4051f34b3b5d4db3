"""Each detector layer of graphmem.trust.secrets on its own: what it takes, what it leaves."""

from __future__ import annotations

import hashlib
import json
import uuid
from pathlib import Path

import pytest

from graphmem.trust.secrets import (
    claim_secret,
    credential_kind,
    entropy,
    phrases,
    providers,
    redact,
    redact_claim_text,
    redact_strings,
    seeds,
    structure,
)
from graphmem.trust.secrets.common import Candidate
from graphmem.trust.secrets.structure import secret_key_kind
from graphmem.write.inputs import scrub_ref

HELDOUT = [
    json.loads(line)
    for line in (Path(__file__).parent / "data" / "secrets" / "heldout.jsonl")
    .read_text()
    .splitlines()
]


def taken(spans: list[Candidate], text: str) -> list[str]:
    return [text[start:end] for start, end, _, _ in spans]


# --- providers: formats that name themselves ----------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (
            "key sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z",
            "sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z",
        ),
        (
            "ghp_0123456789abcdefghijABCDEFGHIJ012345 leaked",
            "ghp_0123456789abcdefghijABCDEFGHIJ012345",
        ),
        ("IBAN DE89370400440532013000", "DE89370400440532013000"),
        ("card 4111 1111 1111 1111", "4111 1111 1111 1111"),
        ("postgres://app:Hunter22x@db:5432/app", "Hunter22x"),
    ],
)
def test_providers_take_provider_formats(text: str, value: str) -> None:
    assert value in taken(list(providers.spans(text)), text)


def test_providers_check_their_arithmetic() -> None:
    # Fails Luhn and mod-97: a number of the right length is not enough (a card printed in
    # four groups of four is a card whatever its check digit: test_secret_borrowed_words.py).
    text = "ref 4111111111111112 and DE89370400440532013001"
    assert list(providers.spans(text)) == []


# --- structure: where a value sits --------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("DJANGO_SECRET_KEY=django-insecure-x9!k", "django-insecure-x9!k"),
        ("APP_KEY=base64:q2Vh7Kx0ZmFrZQ==", "base64:q2Vh7Kx0ZmFrZQ=="),
        ("PASSWORT=Sonne2024", "Sonne2024"),
        ("mot_de_passe: Lavande77", "Lavande77"),
        ("?q=Berlin&appid=0123456789abcdef0123456789abcdef", "0123456789abcdef0123456789abcdef"),
        ("https://s3/x?X-Amz-Signature=ab12cd34ef56ab12cd34&y=1", "ab12cd34ef56ab12cd34"),
        (
            "https://api.telegram.org/bot123456789:AAx1y2z3a4b5c6d7e8f9g0h1i2j3k4l5m6n/getMe",
            "123456789:AAx1y2z3a4b5c6d7e8f9g0h1i2j3k4l5m6n",
        ),
        ("creds: maya88:willow4207", "willow4207"),
        ("login for the VPN: me@example.com / willow9896", "willow9896"),
        (
            "AccountName=x;AccountKey=QUJDREVGR0hJSktMTU5PUFFSU1RVVg==;",
            "QUJDREVGR0hJSktMTU5PUFFSU1RVVg==",
        ),
        ("mailgun key-0123456789abcdef0123456789abcdef", "key-0123456789abcdef0123456789abcdef"),
    ],
)
def test_structure_takes_values_by_their_place(text: str, value: str) -> None:
    assert value in taken(list(structure.spans(text)), text)


@pytest.mark.parametrize(
    "text",
    [
        "PASSWORD_MIN_LENGTH=12",
        "password_reset_url: https://example.com/reset",
        "Boarding pass: attached",
        "auth_enabled=true",
        "?sort=asc&token=none",
    ],
)
def test_structure_leaves_settings_about_secrets(text: str) -> None:
    assert list(structure.spans(text)) == []


@pytest.mark.parametrize(
    ("key", "kind"),
    [
        ("DB_PASSWORD", "password"),
        ("apiKey", "api_key"),
        ("private_key_id", "api_key"),
        ("SENTRY_AUTH_TOKEN", "token"),
        ("contraseña_db", "password"),
        ("PASSWORD_MIN_LENGTH", None),
        ("monkey", None),
        ("secretary_name", None),
    ],
)
def test_secret_key_names(key: str, kind: str | None) -> None:
    assert secret_key_kind(key) == kind


# --- entropy: machine-made tokens, not ids ------------------------------------


def test_entropy_takes_a_random_token() -> None:
    text = "paste this: 3RJfOqKMPIXvo1t8C9yHBqStOVDA2wfi"
    assert taken(list(entropy.spans(text)), text) == ["3RJfOqKMPIXvo1t8C9yHBqStOVDA2wfi"]


@pytest.mark.parametrize(
    "text",
    [
        "Merged commit 9fceb02d0ae598e95dc970b74767f19372d61af8",
        "request 3f2a9c1e-4b3a-4c2d-8e1f-0a1b2c3d4e5f done",
        "Request ID: req_8Fh3kLm2Qx9Ttz0aBc4dE5fG",
        "class PasswordResetRequestHandler2 handles it",
        "image nginx@sha256:4f9a0c2b7d1e3f5a6b8c9d0e1f2a3b4c5d6e7f8a9b0c1d2e3f4a5b6c7d8e9f0a",
        "see IMG_20250312_141516.jpg",
    ],
)
def test_entropy_leaves_ids(text: str) -> None:
    assert list(entropy.spans(text)) == []


# --- phrases: a secret named in words, in many languages ----------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Mein Netflix-Passwort ist Sonne2024!", "Sonne2024!"),
        ("Mon mot de passe est Lavande77", "Lavande77"),
        ("Mi contraseña de GitLab es Falcon2911", "Falcon2911"),
        ("Minha senha do banco é Caju2020", "Caju2020"),
        ("La mia password di Steam è Harbor969", "Harbor969"),
        ("Мой пароль от почты: kotik2023", "kotik2023"),
        ("我的Amazon密码是Willow-sonne7", "Willow-sonne7"),
        ("サーバーのパスワードはSakura0401です", "Sakura0401"),
        ("मेरा पासवर्ड Kesar@321 है", "Kesar@321"),
        ("كلمة المرور الخاصة بي هي Falcon#881", "Falcon#881"),
        ("আমার পাসওয়ার্ড Ilish_77", "Ilish_77"),
        ("내 비밀번호는 Hana2580입니다", "Hana2580"),
        ("Steam şifrem Lale_1453", "Lale_1453"),
        ("Mijn wachtwoord is Tulp8841", "Tulp8841"),
        ("Moje hasło do banku to Bursztyn_66", "Bursztyn_66"),
        ("暗証番号は4882です", "4882"),
        ("el CVV es 319", "319"),
        ("meu CPF é 529.982.247-25", "529.982.247-25"),
        ("my social is 619663866", "619663866"),
        ("my secret answer is Fluffy Whiskers", "Fluffy Whiskers"),
        ("the pw is Orchid2291", "Orchid2291"),
        ("pw for Amazon = Orchid2291", "Orchid2291"),
        ("Use Parrot!88 as the password for the router", "Parrot!88"),
    ],
)
def test_phrases_take_the_value_after_the_word(text: str, value: str) -> None:
    assert value in taken(list(phrases.spans(text)), text)


@pytest.mark.parametrize(
    "text",
    [
        "Ich habe mein Passwort vergessen",
        "Das Passwort ist zu kurz",
        "La contraseña debe tener al menos 12 caracteres",
        "密码长度至少8位",
        "Le mot de passe a expiré le 12/03/2025",
        "My password manager is 1Password, and I love it.",
        "Set the user's password field to required in the signup form.",
        "El código postal de la oficina es 08013.",
    ],
)
def test_phrases_leave_talk_about_secrets(text: str) -> None:
    assert list(phrases.spans(text)) == []


# --- seeds: seed phrases and one-time codes ------------------------------------


def test_a_twelve_word_seed_phrase_is_taken_whole() -> None:
    phrase = "hover jelly amount stool rival wrap cousin tray lamp chalk pioneer ghost"
    text = f"my wallet: {phrase}. keep it safe"
    assert taken(list(seeds.spans(text)), text) == [phrase]


def test_eleven_seed_words_or_prose_are_not_a_seed() -> None:
    text = "hover jelly amount stool rival wrap cousin tray lamp chalk pioneer and the ghost"
    assert list(seeds.spans(text)) == []
    assert list(seeds.spans("I can also walk about all day because the air is fresh")) == []


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("WhatsApp code 428 992", "428 992"),
        ("Enter 740150 on the login page", "740150"),
        ("The code they texted me is 551904", "551904"),
        ("您的验证码是637201，5分钟内有效", "637201"),
        ("Doğrulama kodunuz: 445799", "445799"),
        ("Ваш код подтверждения: 120934", "120934"),
    ],
)
def test_codes_near_code_words_are_taken(text: str, value: str) -> None:
    assert value in taken(list(seeds.spans(text)), text)


@pytest.mark.parametrize(
    "text",
    [
        "zip code 94107",
        "sort code 12-34-56",
        "error code 5003 when saving",
        "Order #48213990 has shipped",
        "In 2024 the code of conduct changed",
        "Call me at (415) 555-0134",
    ],
)
def test_numbers_that_are_something_else_stay(text: str) -> None:
    assert list(seeds.spans(text)) == []


# --- credentials: claims that are secrets by their predicate -------------------


@pytest.mark.parametrize(
    ("predicate", "kind"),
    [
        ("wifi_password", "password"),
        ("social", "national_id"),
        ("ssn", "national_id"),
        ("pin", "password"),
        ("passcode", "password"),
        ("recovery_codes", "otp"),
        ("mot_de_passe", "password"),
        ("api_key", "api_key"),
        ("password_manager", None),
        ("social_media", None),
        ("zip_code", None),
        ("pinned_repo", None),
    ],
)
def test_credential_predicates(predicate: str, kind: str | None) -> None:
    assert credential_kind(predicate) == kind


def test_a_claim_is_a_secret_by_predicate_or_by_value() -> None:
    assert claim_secret("user", "wifi_password", "pencil-maple-canyon") == "password"
    assert claim_secret("user", "note", "my pw is Orchid2291") == "password"
    assert claim_secret("user", "lives_in", "Lisbon") is None
    echoed = redact_claim_text("user", "wifi_password", "pencil-maple-canyon")
    assert echoed == "user wifi_password [redacted:password]"


def test_redact_strings_keeps_ids_and_times() -> None:
    row = {"id": "f_01", "object": "PIN: 4821", "valid_at": "2025-01-01", "quotes": ["pw: x9Y!z"]}
    assert redact_strings(row) == {
        "id": "f_01",
        "object": "PIN: [redacted:password]",
        "valid_at": "2025-01-01",
        "quotes": ["pw: [redacted:password]"],
    }


def test_graphmem_ids_and_callers_references_are_never_taken_for_keys() -> None:
    """The learnt judge took one in ten ids of the shape "run_" + 32 hex digits for a key
    (a maintenance run's id, redacted in its own audit entry). Records graphmem composes
    and callers' references are read by the rules only, which know a key by its format."""
    for n in range(300):
        run = f"run_{uuid.UUID(int=n * 7919 + 12345).hex}"
        other = f"run_{hashlib.sha256(str(n).encode()).hexdigest()[:32]}"
        assert redact_strings({"distillation_run": run, "other": other}) == {
            "distillation_run": run,
            "other": other,
        }
        assert scrub_ref(other) == other
    assert scrub_ref("https://user:hunter2secret@mail.example/msg/1") != (
        "https://user:hunter2secret@mail.example/msg/1"
    )


def test_a_record_id_in_a_message_is_kept_and_a_vendor_key_is_not() -> None:
    """A record's id (its kind, "_", hex) names a record; the judge took one in ten "run_" ids
    in a message for a key. Any other word before the hex may be a vendor's key prefix."""
    for n in range(200):
        hexed = hashlib.sha256(str(n).encode()).hexdigest()[:32]
        for said in (f"The deploy run_{hexed} finished fine.", f"see evt_{hexed} in the log"):
            assert redact(said).text == said
        assert hexed not in redact(f"the api key is wx_{hexed}").text
        assert hexed not in redact(f"my stripe key is sk_{hexed}").text


# --- the held-out set: written after the detectors were tuned ------------------


def test_the_held_out_set() -> None:
    secrets = [row for row in HELDOUT if row["secrets"]]
    benign = [row for row in HELDOUT if not row["secrets"]]
    missed = [row["text"] for row in secrets if row["secrets"][0] in redact(row["text"]).text]
    altered = [row["text"] for row in benign if redact(row["text"]).text != row["text"]]
    # Two batches, each written after the detectors of its day. At first sight batch 1
    # lost 9 of 60 and altered 0 of 30 look-alikes; batch 2 lost 8 of 40 and altered 2 of
    # 30. Only "alarm is 1-9-8-4" is still missed. Batch 3 is a look-alike the trust corpus
    # found (a quoted "password reset" followed by an address), altered before the fix.
    assert len(secrets) == 100
    assert len(missed) <= 1, missed
    assert altered == []
