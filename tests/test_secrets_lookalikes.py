"""Look-alikes that name a password, a PIN or a code and hold no secret: a number a word marks
as a count, a length, a time, a page or a room; a template's placeholder; a reference number
named by its own word. Each is kept as said, in several languages; a real secret told beside
the same words is still redacted. The sentences are written for these tests (none is a row
of a corpus)."""

from __future__ import annotations

import pytest

from graphmem.trust.redact import redact
from graphmem.trust.secrets import placeholders, quantities

# A number a word beside it marks as a quantity (graphmem/trust/secrets/quantities.py).
QUANTITIES = [
    "I typed my PIN wrong 3 times and the card got blocked.",
    "new PIN arrives in 5 days",
    "mot de passe: minimum 10 caractères",
    "hasło: minimum 8 znaków",
    "Passwort falsch eingegeben, 3 Mal, jetzt gesperrt für 24 Stunden",
    "Пароль ввёл неправильно 5 раз, теперь ждать 30 минут.",
    "验证码输错了4次，要等10分钟才能再试",
    "密码规则在手册第42页",
    "비밀번호를 3번 틀려서 계정이 잠겼어요",
    "Şifreyi 3 kez yanlış girdim, hesap 24 saat kilitli.",
    "The wifi password is on the whiteboard in room 214.",
    "Password must be 8-64 characters long",
    "비밀번호는 8~16자",
    "nuevo PIN llega en 3-5 días hábiles",
    "zadal jsem špatný PIN 3krát",
    "passwords older than 365 days are rejected",
    "reissuing a PIN costs 1200 rupees",
    "验证码是6位数字",
    "la contraseña del wifi del hotel cuesta 2000 pesos al día",
    "비밀번호는 2026년 3월 15일에 만료",
]

# What a template, a manual or a code sample writes where a value goes
# (graphmem/trust/secrets/placeholders.py).
PLACEHOLDERS = [
    "Config sample: `DB_PASSWORD=********` — fill in your own.",
    "wachtwoord: ••••••••",
    "password = {{ vault_password }}",
    "In the docs: `SECRET_TOKEN=YOUR_TOKEN_HERE`, never commit the real one.",
    "API_KEY=your_api_key_here",
    "haslo=TWOJE_HASLO_TUTAJ",
    "contraseña: tu_contraseña_aqui",
    'Exemplo no tutorial: `senha: "sua_senha_aqui"` — troque localmente.',
    'mot_de_passe = "votre_mot_de_passe"',
    "пароль: ваш_пароль_здесь",
    "비밀번호: 비밀번호입력",
    "def login(user: str, password: str) -> bool: ...",
    "fn auth(password: String) -> bool",
    "password: Optional[str] = None",
    "उदाहरण: PASSWORD=आपका_पासवर्ड",
    "contraseña: 'ejemplo'",
    "API_KEY=sk-...",
    "пример: PASSWORD=ВАШ_ПАРОЛЬ",
]

# A reference number named by its own word (public and reference cues, cues_extra.tsv).
REFERENCES = [
    "PR 5512 fixes the password reset email",
    "código de la asignatura: FIS201, la contraseña del aula virtual la pido mañana",
    "客服电话95566，密码忘了可以打",
    "Kurs INF204: Passwort fürs Moodle bekommt ihr per Mail",
    "se me olvidó la clave del módem, el modelo es ZXV 8810",
    "비밀번호 분실 시 고객센터 1588-1234",
    "PIN hilang, hubungi 1500 888",
    # A parcel's number passes the card checksum as often as any (providers.py).
    "forgot the shop password again; tracking 4539578763621486 says delivered",
    # A content digest opens nothing (graphmem/trust/secrets/public.py).
    "deploy api@sha256:9b1e2c7d4a0f8e3b6c5d2a1f0e9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e1d",
]

# The same words beside a real secret: (text, the secret).
CAUGHT = [
    ("PIN 4821, valid for 3 days", "4821"),
    ("the alarm code is 1234, press it within 30 seconds", "1234"),
    ("Die PIN lautet 7390 und gilt 7 Tage", "7390"),
    ("验证码是583920，5分钟内有效", "583920"),
    ("пароль 93817264, попыток осталось 2", "93817264"),
    ("暗証番号は4719です。3回間違えるとロックされます", "4719"),
    ("PIN kadi yangu ni 5093, nimeikosea mara 2", "5093"),
    ("the door code is 2580 and we live on floor 3", "2580"),
    ("the safe opens with 24-8-36, three turns", "24-8-36"),
    # A number right after its access word is the value, whatever word follows it.
    ("my PIN is 4821 times better than yours", "4821"),
    ("비밀번호 4821번으로 바꿨어", "4821"),
    ("пароль 4821 раз", "4821"),
    ("Şifrem Kartal.Deniz61, 3 kez yanlış girersen kilitlenir", "Kartal.Deniz61"),
    ("la password del wifi è Girasole_77, vale 30 giorni", "Girasole_77"),
    ("DB_PASSWORD=Tamarind_Gecko_88 in the staging env file", "Tamarind_Gecko_88"),
    ("mi contraseña es su_casa_verde", "su_casa_verde"),
    ("hasło: Kot_Mruczek_dom", "Kot_Mruczek_dom"),
    ("senha: 'exemplo123'", "exemplo123"),
    ("Kurs INF204: das Passwort ist Lerche_77", "Lerche_77"),
    # A PIN is nobody's code number: the PIN of a phone line or a customer is a secret.
    ("shipment paid by card 4539578763621486", "4539578763621486"),
    ("helpline PIN 4821", "4821"),
    ("order PIN 4821", "4821"),
    ("the model is TP 4821 and the wifi password is Kiwi_Rain_42", "Kiwi_Rain_42"),
    ("customer service PIN 4821", "4821"),
    ("고객센터 PIN 4821", "4821"),
    ("hubungi PIN 482913", "482913"),
    (
        "api secret 9b1e2c7d4a0f8e3b6c5d2a1f0e9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e1d",
        "9b1e2c7d4a0f8e3b",
    ),
    ("비밀번호는 tigre8842 이고 3번 틀리면 잠겨요", "tigre8842"),
]


@pytest.mark.parametrize("text", QUANTITIES + PLACEHOLDERS + REFERENCES)
def test_look_alike_is_kept(text: str) -> None:
    assert redact(text).text == text


@pytest.mark.parametrize(("text", "secret"), CAUGHT)
def test_secret_beside_the_same_words_is_redacted(text: str, secret: str) -> None:
    assert secret not in redact(text).text


def test_only_a_bare_number_is_a_quantity() -> None:
    text = "Tiger24 hours"
    assert not quantities.counted(text, 0, 6)  # a token with letters of its own
    text = "wrong 3 times"
    assert quantities.counted(text, 6, 7)
    text = "PIN 4821 now"
    assert not quantities.counted(text, 4, 8)


def test_a_passphrase_joined_with_hyphens_is_no_template() -> None:
    text = "tu-casa-roja"
    assert not placeholders.placeholder(text, 0, len(text))
    text = "YOUR_API_KEY"
    assert placeholders.placeholder(text, 0, len(text))


def test_a_long_run_of_one_character_is_judged_in_linear_time() -> None:
    # Two runs back to back may not be split at will: a failed match would try every split.
    text = "password: " + "x" * 5000 + "y"
    assert not placeholders.placeholder(text, 10, len(text))
