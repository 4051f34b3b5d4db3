"""Write the synthetic secrets corpus: secrets.jsonl and benign.jsonl beside this file.

Every value is made here from a fixed seed: no real person's data, no real key. Each
secret row names its kind, its language and the exact substrings that must not be
stored; each benign row is a look-alike (order numbers, dates, versions, ids, phone
numbers, prices, word lists, talk about passwords without one) that must stay as it
is. Run ``python tests/data/secrets/make_corpus.py`` to regenerate.
"""

from __future__ import annotations

import base64
import json
import random
import string
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).parent
WORDS = (HERE.parents[2] / "graphmem" / "secrets" / "bip39_english.txt").read_text().split()
R = random.Random(20261202)

UPPER_DIGITS = string.ascii_uppercase + string.digits
CLASS_NAMES = ["UserAccountSettingsController", "PasswordResetRequestHandler2", "TokenScheduler"]
SITES = ["Netflix", "Amazon", "GitLab", "Spotify", "Steam", "Dropbox", "Outlook", "Zalando"]
STEMS = ["willow", "maple", "tiger", "sonne", "falcon", "pencil", "harbor", "coral", "luna"]
USERS = ["maya88", "j.doe", "svc-sync", "kim_lee", "arun.p", "li.wei", "fatima.z"]
EMAILS = ["me@example.com", "maya@example.org", "ops@corp.example", "kim@mail.example"]


def pw() -> str:
    stem = R.choice(STEMS)
    shape = R.randrange(4)
    if shape == 0:
        return f"{stem.capitalize()}{R.randrange(1000, 9999)}"
    if shape == 1:
        return f"{stem}{R.choice('#!$%&*')}{R.randrange(10, 99)}{R.choice(STEMS).capitalize()}"
    if shape == 2:
        return f"{stem[0].upper()}{stem[1:]}-{R.choice(STEMS)}{R.randrange(1, 9)}"
    return f"{stem}{R.randrange(100, 999)}{R.choice('!?@')}"


def digits(n: int) -> str:
    return str(R.randrange(1, 10)) + "".join(R.choice(string.digits) for _ in range(n - 1))


def alnum(n: int, alphabet: str = string.ascii_letters + string.digits) -> str:
    while True:
        value = "".join(R.choice(alphabet) for _ in range(n))
        if alphabet != string.ascii_letters + string.digits:
            return value
        if any(c.isdigit() for c in value) and any(c.isupper() for c in value):
            return value


def hexs(n: int) -> str:
    return alnum(n, "0123456789abcdef")


def b64(n: int) -> str:
    return alnum(n, string.ascii_letters + string.digits + "+/")


def luhn_complete(prefix: str, length: int) -> str:
    body = prefix + "".join(R.choice(string.digits) for _ in range(length - len(prefix) - 1))
    for check in string.digits:
        total = 0
        for i, ch in enumerate(reversed(body + check)):
            d = int(ch) * (2 if i % 2 else 1)
            total += d - 9 if d > 9 else d
        if total % 10 == 0:
            return body + check
    raise AssertionError


def iban_de() -> str:
    bban = digits(18)
    number = int("".join(str(int(c, 36)) for c in bban + "DE00"))
    return f"DE{98 - number % 97:02d}{bban}"


def ssn() -> str:
    return f"{R.randrange(100, 665):03d}{R.randrange(10, 99):02d}{R.randrange(1000, 9999):04d}"


def b64url(data: dict[str, str]) -> str:
    return base64.urlsafe_b64encode(json.dumps(data).encode()).decode().rstrip("=")


def jwt() -> str:
    head = b64url({"alg": "HS256", "typ": "JWT"})
    body = b64url({"sub": f"user-{digits(5)}", "name": "Test Person", "iat": digits(10)})
    return f"{head}.{body}.{alnum(43, string.ascii_letters + string.digits + '-_')}"


def seed(n: int) -> str:
    return " ".join(R.choice(WORDS) for _ in range(n))


def answer() -> str:
    return R.choice(["Fluffy Whiskers", "Rosenheim", "Blue Harbor 42", "Mrs Pennyworth", "Ozzy"])


# kind -> (language, template) pairs; {v} is the secret, other fields fill the sentence.
Template = tuple[str, str]
KINDS: dict[str, tuple[Callable[[], str], list[Template]]] = {
    "password_en": (
        pw,
        [
            ("en", "pw for {site} = {v}"),
            ("en", "the pw is {v}"),
            ("en", "Use {v} as the password for the router"),
            ("en", "my {site} password is {v}"),
            ("en", "password: {v}"),
            ("en", "ok so the wifi password is {v} - it's on the sticker too"),
            ("en", "I changed my {site} password to {v} yesterday"),
            ("en", "new password for {site}: {v}"),
            ("en", "Remember the {site} password is now {v}"),
        ],
    ),
    "password_de": (
        pw,
        [
            ("de", "Mein {site}-Passwort ist {v}"),
            ("de", "Das WLAN-Passwort lautet {v}"),
            ("de", "Kennwort für den Server: {v}"),
            ("de", "Merk dir bitte mein Passwort {v}"),
            ("de", "Das Passwort für {site} ist jetzt {v}"),
            ("de", "Passwort {site}: {v}"),
        ],
    ),
    "password_fr": (
        pw,
        [
            ("fr", "Mon mot de passe {site} est {v}"),
            ("fr", "mot de passe : {v}"),
            ("fr", "Le mdp du wifi c'est {v}"),
            ("fr", "Voici le mot de passe du serveur {v}"),
            ("fr", "Note le mot de passe de {site}, c'est {v}"),
        ],
    ),
    "password_es": (
        pw,
        [
            ("es", "Mi contraseña de {site} es {v}"),
            ("es", "La contraseña del wifi de casa es {v}"),
            ("es", "contraseña: {v}"),
            ("es", "La clave de acceso es {v}"),
            ("es", "Guarda mi contraseña {v} por favor"),
        ],
    ),
    "password_pt": (
        pw,
        [
            ("pt", "Minha senha do {site} é {v}"),
            ("pt", "senha: {v}"),
            ("pt", "A senha do wifi é {v}"),
            ("pt", "Anota a palavra-passe: {v}"),
        ],
    ),
    "password_it": (
        pw,
        [
            ("it", "La mia password di {site} è {v}"),
            ("it", "La password del wifi è {v}"),
            ("it", "parola d'ordine: {v}"),
            ("it", "Ricorda la password {v} per {site}"),
        ],
    ),
    "password_ru": (
        pw,
        [
            ("ru", "Мой пароль от {site}: {v}"),
            ("ru", "Пароль от вайфая — {v}"),
            ("ru", "пароль {v}"),
            ("ru", "Запомни пароль для почты {v}"),
        ],
    ),
    "password_zh": (
        pw,
        [
            ("zh", "我的{site}密码是{v}"),
            ("zh", "wifi密码：{v}"),
            ("zh", "密码为 {v}，别告诉别人"),
            ("zh", "服务器的密码是 {v}"),
        ],
    ),
    "password_ja": (
        pw,
        [
            ("ja", "{site}のパスワードは{v}です"),
            ("ja", "パスワード：{v}"),
            ("ja", "Wi-Fiのパスワードは {v} だよ"),
            ("ja", "サーバーのパスワードは{v}"),
        ],
    ),
    "password_hi": (
        pw,
        [
            ("hi", "मेरा {site} पासवर्ड {v} है"),
            ("hi", "पासवर्ड: {v}"),
            ("hi", "वाईफाई का पासवर्ड {v} है"),
            ("hi", "सर्वर का पासवर्ड है {v}"),
        ],
    ),
    "password_ar": (
        pw,
        [
            ("ar", "كلمة المرور الخاصة بي هي {v}"),
            ("ar", "كلمة السر للواي فاي: {v}"),
            ("ar", "كلمة المرور {v}"),
            ("ar", "احفظ كلمة المرور لحساب {site}: {v}"),
        ],
    ),
    "password_bn": (
        pw,
        [
            ("bn", "আমার {site} পাসওয়ার্ড {v}"),
            ("bn", "পাসওয়ার্ড: {v}"),
            ("bn", "ওয়াইফাই পাসওয়ার্ড হলো {v}"),
            ("bn", "সার্ভারের পাসওয়ার্ড {v} মনে রেখো"),
        ],
    ),
    "password_ko_tr_nl_pl": (
        pw,
        [
            ("ko", "내 {site} 비밀번호는 {v}입니다"),
            ("ko", "와이파이 비밀번호: {v}"),
            ("tr", "{site} şifrem {v}"),
            ("tr", "Şifre: {v}"),
            ("nl", "Mijn wachtwoord voor {site} is {v}"),
            ("nl", "wachtwoord: {v}"),
            ("pl", "Moje hasło do {site} to {v}"),
            ("pl", "hasło: {v}"),
        ],
    ),
    "pin": (
        lambda: digits(4),
        [
            ("en", "my bank PIN is {v}"),
            ("en", "PIN: {v}"),
            ("de", "Meine PIN ist {v}"),
            ("de", "Geheimzahl der EC-Karte: {v}"),
            ("es", "Mi PIN es {v}"),
            ("fr", "code PIN : {v}"),
            ("ru", "Мой ПИН-код {v}"),
            ("zh", "银行卡暗证码 {v}"),
            ("ja", "暗証番号は{v}です"),
            ("hi", "मेरा पिन {v} है"),
            ("ar", "الرقم السري لبطاقتي {v}"),
            ("ko", "핀번호 {v}"),
            ("bn", "আমার কার্ডের পিন {v}"),
        ],
    ),
    "passcode": (
        lambda: digits(6),
        [
            ("en", "my phone passcode is {v}"),
            ("en", "iPad passcode: {v}"),
            ("de", "Entsperrcode vom Handy: {v}"),
            ("es", "El código de desbloqueo es {v}"),
            ("fr", "Le code de déverrouillage est {v}"),
            ("pt", "código de desbloqueio {v}"),
            ("it", "codice di sblocco: {v}"),
            ("ru", "Код разблокировки {v}"),
        ],
    ),
    "door_code": (
        lambda: digits(4),
        [
            ("en", "the garage door code is {v}"),
            ("en", "gate code {v}"),
            ("de", "Türcode: {v}"),
            ("fr", "Le code de la porte est {v}"),
            ("es", "El código de la puerta es {v}"),
            ("zh", "门禁密码是{v}"),
            ("ja", "ドアコードは{v}"),
            ("ru", "Код домофона {v}"),
        ],
    ),
    "otp_en": (
        lambda: digits(6),
        [
            ("en", "Enter {v} on the login page"),
            ("en", "The code they texted me is {v}"),
            ("en", "Your verification code is {v}"),
            ("en", "{v} is your Instagram code"),
            ("en", "Use code {v} to sign in"),
            ("en", "2FA code: {v}"),
            ("en", "the SMS said {v}, can you type it in?"),
            ("en", "bank sent a one-time code {v} for the transfer"),
        ],
    ),
    "otp_spaced": (
        lambda: f"{digits(3)} {digits(3)}",
        [
            ("en", "WhatsApp code {v}"),
            ("en", "Telegram code: {v}"),
            ("de", "Dein WhatsApp-Code: {v}"),
            ("es", "Tu código de WhatsApp: {v}"),
            ("fr", "Code WhatsApp {v}"),
            ("en", "the login code is {v}"),
        ],
    ),
    "otp_multi": (
        lambda: digits(6),
        [
            ("de", "Dein Bestätigungscode lautet {v}"),
            ("de", "{v} ist dein Anmeldecode"),
            ("fr", "Votre code de vérification est {v}"),
            ("es", "Tu código de verificación es {v}"),
            ("pt", "Seu código de verificação é {v}"),
            ("it", "Il tuo codice di verifica è {v}"),
            ("ru", "Ваш код подтверждения: {v}"),
            ("zh", "您的验证码是{v}，5分钟内有效"),
            ("ja", "認証コード：{v}"),
            ("hi", "आपका ओटीपी {v} है"),
            ("ar", "رمز التحقق الخاص بك هو {v}"),
            ("bn", "আপনার ওটিপি {v}"),
            ("ko", "인증번호 [{v}]"),
            ("tr", "Doğrulama kodunuz: {v}"),
            ("nl", "Je verificatiecode is {v}"),
            ("pl", "Twój kod weryfikacyjny to {v}"),
        ],
    ),
    "recovery_code": (
        lambda: f"{alnum(5, 'abcdefghjkmnpqrstuvwxyz23456789')}-{digits(5)}",
        [
            ("en", "My GitHub recovery codes: {v} and {v2}"),
            ("en", "backup codes {v} {v2}"),
            ("de", "Wiederherstellungscodes: {v}, {v2}"),
            ("fr", "codes de récupération : {v} {v2}"),
            ("es", "códigos de recuperación: {v} {v2}"),
            ("ru", "коды восстановления: {v} {v2}"),
        ],
    ),
    "secret_answer": (
        answer,
        [
            ("en", "my secret answer is {v}"),
            ("en", "security question answer: {v}"),
            ("de", "Sicherheitsantwort: {v}"),
            ("es", "respuesta secreta: {v}"),
            ("fr", "réponse secrète : {v}"),
            ("pt", "resposta secreta é {v}"),
            ("it", "risposta segreta: {v}"),
            ("ru", "секретный ответ: {v}"),
        ],
    ),
    "cvv": (
        lambda: digits(3),
        [
            ("en", "CVV {v}"),
            ("es", "el CVV es {v}"),
            ("de", "Prüfnummer {v}"),
            ("fr", "cryptogramme : {v}"),
            ("pt", "código de segurança {v}"),
            ("zh", "CVV是{v}"),
            ("ja", "セキュリティコード {v}"),
            ("en", "CVC: {v}"),
        ],
    ),
    "ssn_us": (
        ssn,
        [
            ("en", "my social is {v}"),
            ("en", "SSN {v}"),
            ("en", "social security number: {v}"),
            ("es", "número de seguro social {v}"),
            ("en", "my ssn is {v}"),
        ],
    ),
    "national_id": (
        lambda: digits(11),
        [
            ("pt", "meu CPF é {v}"),
            ("pl", "PESEL: {v}"),
            ("hi", "मेरा आधार नंबर {v} है"),
            ("tr", "TC Kimlik No: {v}"),
            ("ru", "СНИЛС {v}"),
            ("zh", "身份证号 {v}"),
            ("ja", "マイナンバーは{v}"),
            ("ko", "주민번호 {v}"),
            ("nl", "BSN: {v}"),
        ],
    ),
    "seed_12": (
        lambda: seed(12),
        [
            ("en", "wallet seed: {v}"),
            ("en", "recovery phrase {v}"),
            ("de", "Meine Seed-Phrase: {v}"),
            ("es", "frase semilla: {v}"),
            ("en", "{v}"),
            ("fr", "phrase de récupération : {v}"),
        ],
    ),
    "seed_24": (
        lambda: seed(24),
        [
            ("en", "backup of my ledger: {v}"),
            ("zh", "助记词：{v}"),
            ("en", "{v}"),
        ],
    ),
    "env_django": (
        lambda: "django-insecure-" + alnum(40, string.ascii_lowercase + string.digits + "!@#%^&*"),
        [
            ("en", "DJANGO_SECRET_KEY={v}"),
            ("en", "export DJANGO_SECRET_KEY='{v}'"),
            ("en", 'SECRET_KEY = "{v}"'),
        ],
    ),
    "env_app_key": (
        lambda: "base64:" + b64(43) + "=",
        [("en", "APP_KEY={v}"), ("en", ".env has APP_KEY={v} in it"), ("en", "app_key: {v}")],
    ),
    "env_password": (
        pw,
        [
            ("en", "db_password={v}"),
            ("en", "DB_PASS={v}"),
            ("en", "export PGPASSWORD={v}"),
            ("en", "redis:\n  password: {v}"),
            ("en", 'SMTP_PASSWORD="{v}"'),
            ("de", "PASSWORT={v}"),
            ("es", "contraseña_db={v}"),
            ("fr", "mot_de_passe: {v}"),
            ("pt", "senha_banco={v}"),
        ],
    ),
    "env_token": (
        lambda: alnum(32),
        [
            ("en", "SENTRY_AUTH_TOKEN={v}"),
            ("en", "twilio_auth_token = {v}"),
            ("en", "client_secret: {v}"),
            ("en", '"webhookSecret": "{v}"'),
        ],
    ),
    "url_amz_signature": (
        lambda: hexs(64),
        [
            (
                "en",
                "download: https://bucket.s3.amazonaws.com/report.pdf?X-Amz-Algorithm=AWS4-HMAC"
                "-SHA256&X-Amz-Expires=3600&X-Amz-Signature={v}",
            ),
            ("en", "presigned url ...&X-Amz-Signature={v}&foo=1"),
        ],
    ),
    "url_appid": (
        lambda: hexs(32),
        [
            ("en", "curl 'https://api.openweathermap.org/data/2.5/weather?q=Berlin&appid={v}'"),
            ("en", "weather endpoint ?lat=52.5&lon=13.4&appid={v}"),
        ],
    ),
    "url_token": (
        lambda: alnum(28),
        [
            ("en", "https://intranet.example/feed?auth={v}"),
            ("en", "GET /api/v1/export?format=csv&token={v}"),
            ("en", "https://app.example/callback#access_token={v}&expires_in=3600"),
            ("en", "the share link is https://files.example/s?key={v}"),
        ],
    ),
    "telegram_bot": (
        lambda: f"{digits(10)}:AA{alnum(33, string.ascii_letters + string.digits + '_-')}",
        [
            ("en", "curl https://api.telegram.org/bot{v}/sendMessage?chat_id=42"),
            ("en", "bot token {v}"),
            ("ru", "токен бота: {v}"),
        ],
    ),
    "discord_webhook": (
        lambda: f"{digits(18)}/{alnum(68, string.ascii_letters + string.digits + '_-')}",
        [
            ("en", "post alerts to https://discord.com/api/webhooks/{v}"),
            ("en", "webhook: https://discordapp.com/api/webhooks/{v}"),
        ],
    ),
    "slack_webhook": (
        lambda: f"T{alnum(8, UPPER_DIGITS)}/B{alnum(8, UPPER_DIGITS)}/{alnum(24)}",
        [("en", "slack hook https://hooks.slack.com/services/{v}")],
    ),
    "user_pass_pair": (
        pw,
        [
            ("en", "creds: {user}:{v}"),
            ("en", "login for the VPN: {email} / {v}"),
            ("de", "Zugangsdaten: {user} / {v}"),
            ("fr", "identifiants : {email} | {v}"),
            ("en", "account {email} / {v}"),
            ("es", "acceso: {user}:{v}"),
        ],
    ),
    "azure_account_key": (
        lambda: b64(86) + "==",
        [
            (
                "en",
                "DefaultEndpointsProtocol=https;AccountName=storefake;AccountKey={v};"
                "EndpointSuffix=core.windows.net",
            ),
            ("en", "Endpoint=sb://bus.example/;SharedAccessKeyName=Root;SharedAccessKey={v}"),
        ],
    ),
    "mailgun_key": (
        lambda: "key-" + hexs(32),
        [("en", "mailgun api key {v}"), ("en", "MG: {v}"), ("en", "use {v} for mailgun")],
    ),
    "gcp_private_key_id": (
        lambda: hexs(40),
        [
            ("en", '{{"type": "service_account", "private_key_id": "{v}", "project_id": "demo"}}'),
            ("en", "private_key_id: {v}"),
        ],
    ),
    "openai_key": (
        lambda: "sk-proj-" + alnum(48),
        [
            ("en", "OPENAI_API_KEY={v}"),
            ("en", "here's my openai key {v}"),
            ("de", "Schlüssel: {v}"),
        ],
    ),
    "anthropic_key": (
        lambda: "sk-ant-api03-" + alnum(60, string.ascii_letters + string.digits + "_-"),
        [("en", "anthropic: {v}"), ("en", "the claude key is {v}")],
    ),
    "github_token": (
        lambda: "ghp_" + alnum(36),
        [("en", "GH token {v}"), ("en", "git clone https://{v}@github.com/org/repo.git")],
    ),
    "aws_keys": (
        lambda: "AKIA" + alnum(16, string.ascii_uppercase + string.digits),
        [("en", "aws_access_key_id = {v}"), ("en", "the AWS key is {v}")],
    ),
    "slack_token": (
        lambda: f"xoxb-{digits(12)}-{digits(12)}-{alnum(24)}",
        [("en", "SLACK_BOT_TOKEN={v}"), ("en", "slack token {v}")],
    ),
    "stripe_key": (
        lambda: "sk_live_" + alnum(24),
        [("en", "stripe secret {v}"), ("es", "la clave de stripe es {v}")],
    ),
    "google_api_key": (
        lambda: "AIza" + alnum(35, string.ascii_letters + string.digits + "_-"),
        [("en", "maps key AIza... full: {v}"), ("en", "GOOGLE_API_KEY={v}")],
    ),
    "huggingface_token": (
        lambda: "hf_" + alnum(34),
        [("en", "HF token {v}"), ("en", "huggingface-cli login --token {v}")],
    ),
    "jwt": (
        jwt,
        [("en", "Authorization: Bearer {v}"), ("en", "cookie jwt={v}"), ("en", "token {v}")],
    ),
    "pem_private_key": (
        lambda: b64(64),
        [
            (
                "en",
                "-----BEGIN RSA PRIVATE KEY-----\n{v}\n"
                + b64(64)
                + "\n-----END RSA PRIVATE KEY-----",
            ),
            (
                "en",
                "key:\n-----BEGIN OPENSSH PRIVATE KEY-----\n{v}\n-----END OPENSSH PRIVATE KEY-----",
            ),
        ],
    ),
    "iban": (
        iban_de,
        [("de", "Überweise bitte auf {v}"), ("en", "my IBAN: {v}"), ("fr", "IBAN {v} merci")],
    ),
    "connection_string": (
        lambda: pw().strip("@!?"),
        [
            ("en", "DATABASE_URL=postgres://app:{v}@db.internal:5432/app"),
            ("en", "mongodb+srv://admin:{v}@cluster0.example.net/test"),
            ("en", "redis://default:{v}@cache.example:6379"),
        ],
    ),
    "card_number": (
        lambda: luhn_complete("4", 16),
        [("en", "card {v} exp 09/28"), ("de", "Kreditkarte {v}"), ("es", "tarjeta {v}")],
    ),
    "high_entropy": (
        lambda: alnum(40, string.ascii_letters + string.digits + "_-"),
        [("en", "paste this into the config: {v}"), ("en", "staging => {v}")],
    ),
}


def secret_rows() -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    for kind, (make, templates) in KINDS.items():
        # Each template at least once; small kinds cycle their templates to 8 rows.
        count = max(len(templates), 8)
        for i in range(count):
            lang, template = templates[i % len(templates)]
            value, second = make(), make()
            text = template.format(
                v=value,
                v2=second,
                site=R.choice(SITES),
                user=R.choice(USERS),
                email=R.choice(EMAILS),
            )
            secrets = [value] + ([second] if "{v2}" in template else [])
            rows.append({"kind": kind, "lang": lang, "text": text, "secrets": secrets})
    return rows


BENIGN: list[tuple[str, str, Callable[[], str]]] = [
    ("order", "en", lambda: f"Order #{digits(8)} has shipped"),
    ("order", "de", lambda: f"Bestellnummer {digits(8)} wurde versandt"),
    ("order", "es", lambda: f"Pedido {digits(7)} enviado hoy"),
    ("order", "zh", lambda: f"订单号 {digits(10)} 已发货"),
    (
        "invoice",
        "en",
        lambda: f"Invoice INV-2025-{digits(4)} is due on 2025-04-{R.randrange(10, 28)}",
    ),
    ("date", "en", lambda: f"Meeting on 2025-03-{R.randrange(10, 28)} at 10:30"),
    ("date", "de", lambda: f"Termin am {R.randrange(10, 28)}.03.2025 um 14:00"),
    ("date", "fr", lambda: f"Rendez-vous le {R.randrange(10, 28)}/03/2025"),
    (
        "version",
        "en",
        lambda: f"Upgraded to v{R.randrange(1, 9)}.{R.randrange(0, 30)}.{R.randrange(0, 9)}",
    ),
    ("version", "en", lambda: f"Python 3.{R.randrange(8, 13)}.{R.randrange(0, 12)} installed"),
    (
        "uuid_log",
        "en",
        lambda: (
            f"[INFO] request {R.choice(['3f2a', '9c1e', 'a07b'])}{hexs(4)}-{hexs(4)}"
            f"-4{hexs(3)}-8{hexs(3)}-{hexs(12)}"
            f" done in {R.randrange(20, 900)}ms"
        ),
    ),
    ("git_sha", "en", lambda: f"Merged commit {hexs(40)} into main"),
    ("git_sha", "en", lambda: f"fixed in {hexs(7)}, see PR #{digits(4)}"),
    ("trace_id", "en", lambda: f"trace id {hexs(32)}"),
    ("request_id", "en", lambda: f"Request ID: req_{alnum(24)}"),
    ("docker_digest", "en", lambda: f"image nginx@sha256:{hexs(64)}"),
    ("phone", "en", lambda: f"Call me at (415) 555-0{digits(3)}"),
    ("phone", "de", lambda: f"Ruf mich an: +49 30 {digits(7)}"),
    ("phone", "hi", lambda: f"मेरा नंबर +91 98{digits(3)} {digits(5)} है"),
    (
        "job_title",
        "en",
        lambda: R.choice(
            [
                "Director of the Number 10 Policy Unit",
                "Senior Engineer, Password Infrastructure team",
                "Head of Identity & Access (PIN services)",
                "Verification Code Reviewer at the registry",
            ]
        ),
    ),
    ("price", "en", lambda: f"It costs ${R.randrange(10, 2000)}.{R.randrange(10, 99)}"),
    ("price", "de", lambda: f"Der Preis ist {R.randrange(10, 500)},{R.randrange(10, 99)} €"),
    ("price", "ja", lambda: f"価格は{R.randrange(1000, 9000)}円です"),
    ("word_list", "en", lambda: "Vocabulary for today: " + ", ".join(R.sample(WORDS, 6))),
    (
        "word_list",
        "en",
        lambda: (
            "Packing list: "
            + ", ".join([*R.sample(WORDS, 5), "toothbrush", "charger", *R.sample(WORDS, 4)])
        ),
    ),
    (
        "password_talk",
        "en",
        lambda: R.choice(
            [
                "the password field was empty",
                "I forgot my password again",
                "Your password expires in 14 days",
                "Use a password manager like Bitwarden",
                "password reset link sent to your email",
                "The password must have at least 12 characters",
            ]
        ),
    ),
    (
        "password_talk",
        "de",
        lambda: R.choice(
            [
                "Ich habe mein Passwort vergessen",
                "Das Passwort ist zu kurz",
                "Passwort vergessen? Klicke hier",
                "Das Passwort muss 8 Zeichen haben",
            ]
        ),
    ),
    (
        "password_talk",
        "es",
        lambda: R.choice(
            [
                "La contraseña debe tener al menos 12 caracteres",
                "olvidé mi contraseña",
                "La contraseña es incorrecta",
            ]
        ),
    ),
    (
        "password_talk",
        "fr",
        lambda: R.choice(
            [
                "mot de passe oublié",
                "Le mot de passe est trop court",
                "Le mot de passe a expiré le 12/03/2025",
            ]
        ),
    ),
    (
        "password_talk",
        "zh",
        lambda: R.choice(["密码长度至少8位", "我忘记密码了", "请修改您的密码"]),
    ),
    (
        "password_talk",
        "ja",
        lambda: R.choice(["パスワードを忘れました", "パスワードは8文字以上にしてください"]),
    ),
    (
        "password_talk",
        "ru",
        lambda: R.choice(["Пароль слишком короткий", "Я забыл пароль от почты"]),
    ),
    ("password_talk", "ko", lambda: "비밀번호를 잊어버렸어요"),
    (
        "code_talk",
        "en",
        lambda: R.choice(
            [
                "Enter the code we sent you",
                "The verification code expired",
                "I never got the SMS code",
                "my PIN was reset yesterday",
            ]
        ),
    ),
    ("zip_code", "en", lambda: f"zip code {R.randrange(10000, 99999)}"),
    ("zip_code", "de", lambda: f"Postleitzahl {R.randrange(10000, 99999)} Berlin"),
    ("zip_code", "es", lambda: f"código postal {R.randrange(10000, 52999)}"),
    ("error_code", "en", lambda: f"error code {R.randrange(1000, 9999)} when saving"),
    ("error_code", "de", lambda: f"Fehlercode {R.randrange(1000, 9999)} beim Drucken"),
    ("promo", "en", lambda: f"Promo code SAVE{R.randrange(10, 50)} gives 10% off"),
    ("room", "en", lambda: f"Room {R.randrange(1000, 9999)}, second floor"),
    (
        "flight",
        "en",
        lambda: f"Flight LH {R.randrange(1000, 9999)} departs from gate B{R.randrange(1, 40)}",
    ),
    (
        "tracking",
        "en",
        lambda: f"tracking number 1Z{alnum(6, string.ascii_uppercase + string.digits)}{digits(10)}",
    ),
    ("isbn", "en", lambda: f"ISBN 978-3-16-{digits(6)}-0"),
    (
        "ip_port",
        "en",
        lambda: (
            f"server at 192.168.{R.randrange(0, 255)}.{R.randrange(1, 254)}"
            f" port {R.randrange(1024, 9999)}"
        ),
    ),
    ("year", "en", lambda: f"In {R.randrange(1990, 2030)} we moved to Lisbon"),
    (
        "measure",
        "en",
        lambda: (
            f"ran {R.randrange(3, 42)}.{R.randrange(0, 9)} km"
            f" in {R.randrange(20, 59)}:{R.randrange(10, 59)}"
        ),
    ),
    ("ticket", "en", lambda: f"Ticket #{R.randrange(10000, 99999)} resolved"),
    ("meeting_id", "en", lambda: f"Zoom meeting ID {digits(3)} {digits(4)} {digits(4)}"),
    (
        "bitcoin_address",
        "en",
        lambda: "send to bc1q" + alnum(38, string.ascii_lowercase + string.digits),
    ),
    (
        "camel_name",
        "en",
        lambda: f"class {R.choice(CLASS_NAMES)} handles it",
    ),
    ("file_name", "en", lambda: f"see IMG_2025{digits(4)}_{digits(6)}.jpg"),
    ("hex_color", "en", lambda: f"use color #{hexs(6)} for the header"),
    (
        "api_talk",
        "en",
        lambda: R.choice(
            [
                "The API key rotation is scheduled for Friday",
                "token ring network from the 90s",
                "session expired, please log in",
                "the secret to good bread is time",
            ]
        ),
    ),
]


def benign_rows() -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    while len(rows) < 170:
        for kind, lang, make in BENIGN:
            rows.append({"kind": kind, "lang": lang, "text": make()})
    return rows[:170]


def main() -> None:
    for name, rows in (("secrets.jsonl", secret_rows()), ("benign.jsonl", benign_rows())):
        with (HERE / name).open("w", encoding="utf-8") as f:
            for row in rows:
                f.write(json.dumps(row, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
