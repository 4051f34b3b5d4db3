"""Words that name a secret, per language, and the kind each one names.

Keys are regular-expression fragments matched case-insensitively. Languages: en, zh,
es, hi, ar, pt, bn, ru, ja, de, fr, it, ko, tr, nl, pl. German compounds
("Netflix-Passwort", "WLAN-Kennwort") match because a key may end a longer word.
"""

from __future__ import annotations

# Passwords, passcodes and passphrases.
PASSWORD = (
    # de, nl, pl, tr
    r"passw[oö]rt(?:er)?|kennw[oö]rt(?:er)?|zugangscode|wachtwoord|has[lł]o|[sş]ifre(?:m|n|si)?|parola(?:m)?",
    # fr, es, pt, it
    r"mot[ ]de[ ]passe|mdp|contrase[nñ]a|clave(?:[ ]de[ ]acceso)?|senha|palavra-passe"
    r"|parola[ ]d['’]ordine|(?:wlan-|wifi-|netzwerk)?schlüssel|cl[ée][ ](?:wifi|wi-fi|wpa)"
    r"|clave[ ](?:wifi|wi-fi|wpa)",
    # ru, ar, hi, bn
    r"парол[ьяем]|كلمة[ ](?:المرور|السر)|كلمة[ ]مرور|पासवर्ड|पासकोड|পাসওয়ার্ড|পাসকোড",
    # zh, ja, ko
    r"密码|密碼|口令|パスワード|暗号|비밀번호|암호",
)

# English words, which Italian, Dutch, Polish and Turkish speakers use too
# ("la mia password è ..."); English grammar itself is in graphmem.trust.secrets.english.
PASSWORD_EN = (r"pass(?:word|code|phrase)s?|passwd|pwd|pw",)

# Personal identification numbers and lock codes.
PIN = (
    r"pin(?:[ -]?(?:code|nummer|number|numero|número|kodu))?|geheimzahl|código[ ]secreto"
    r"|code[ ]secret|numero[ ]segreto|код(?:[ ]доступа)?|пин(?:-код)?|الرقم[ ]السري"
    r"|पिन|পিন|暗证码|暗證碼|暗証番号|핀[ ]?번호|pinkod|kod[ ]pin",
    # unlock and door codes
    r"entsperrcode|türcode|torcode|code[ ]de[ ]déverrouillage|code[ ]de[ ]la[ ]porte"
    r"|code[ ]d['’]accès|digicode|code[ ]de[ ]l['’]immeuble"
    r"|código[ ]de[ ](?:desbloqueo|desbloqueio|la[ ]puerta|acceso)|codice[ ]di[ ]sblocco"
    r"|код[ ](?:разблокировки|домофона)|门禁密码|解锁密码|ドアコード|ロック解除コード"
    r"|도어락[ ]?비밀번호",
)

# One-time, verification and login codes.
OTP = (
    r"(?:verification|security|login|sign[- ]?in|one[- ]?time|confirmation|2fa|mfa|sms|otp"
    r"|authentication|access|whatsapp|telegram|signal)[ ]code",
    r"best[äa]tigungscode|verifizierungscode|sicherheitscode|einmalcode|anmeldecode|tan"
    r"|code[ ]de[ ](?:vérification|confirmation|sécurité)|code[ ]à[ ]usage[ ]unique"
    r"|código(?:[ ]de[ ](?:verificación|verificação|seguridad|segurança|acceso|confirmación))?"
    r"|codice(?:[ ]di[ ](?:verifica|sicurezza|accesso|conferma))?|otp",
    r"код(?:[ ](?:подтверждения|из[ ]смс|доступа))?|رمز(?:[ ](?:التحقق|التأكيد))?"
    r"|ओटीपी|सत्यापन[ ]कोड|कोड|ওটিপি|যাচাইকরণ[ ]কোড|কোড",
    r"验证码|驗證碼|动态码|校验码|認証コード|確認コード|ワンタイムパスワード|認証番号"
    r"|인증[ ]?번호|인증[ ]?코드|보안[ ]?코드",
    r"doğrulama[ ]kodu|onay[ ]kodu|verificatiecode|beveiligingscode"
    r"|kod[ ](?:weryfikacyjny|sms|dostępu)",
)

# Recovery and backup codes.
RECOVERY = (
    r"(?:recovery|backup)[ ]codes?|wiederherstellungscodes?|codes?[ ]de[ ](?:récupération|secours)"
    r"|c[oó]digos?[ ]de[ ](?:recuperación|recuperação|respaldo)|codici[ ]di[ ]recupero"
    r"|коды?[ ]восстановления|恢复码|リカバリーコード|복구[ ]코드|kurtarma[ ]kodu"
    r"|herstelcodes?|kody?[ ]zapasowe",
)

# Answers to security questions.
SECRET_ANSWER = (
    r"secret[ ]answer|security[ ](?:question[ ])?answer"
    r"|answer[ ]to[ ](?:my|the)[ ]security[ ]question|answer[ ]to[ ][^\n]{1,40}?question"
    r"|security[ ]question|sicherheitsfrage|question[ ]secrète|pregunta[ ]de[ ]seguridad"
    r"|pergunta[ ]de[ ]segurança|domanda[ ]di[ ]sicurezza"
    r"|mother'?s[ ]maiden[ ]name(?:[ ]answer)?|name[ ]of[ ]my[ ]first[ ]pet"
    r"|mädchenname[ ]der[ ]mutter|nom[ ]de[ ]jeune[ ]fille[ ]de[ ](?:ma|la)[ ]mère"
    r"|apellido[ ]de[ ]soltera[ ]de[ ](?:mi|la)[ ]madre"
    r"|geheime[ ]antwort|sicherheitsantwort|réponse[ ]secrète|respuesta[ ]secreta"
    r"|resposta[ ]secreta|risposta[ ]segreta|секретный[ ]ответ|密保答案|秘密の答え"
    r"|gizli[ ]cevap|geheim[ ]antwoord|sekretna[ ]odpowied[zź]|보안[ ]질문[ ]답",
)

# Card verification values.
CVV = (
    r"cvv2?|cvc2?|csc|kartenprüfnummer|prüfnummer|cryptogramme|código[ ]de[ ]seguridad"
    r"|código[ ]de[ ]segurança|codice[ ]di[ ]sicurezza|安全码|セキュリティコード|보안코드",
)

# National identity and social security numbers.
NATIONAL_ID = (
    r"social(?:[ ]security)?(?:[ ]number|[ ]no\.?|[ ]\#)?|ssn|itin|nhs[ ]number|medicare[ ]number"
    r"|national[ ]insurance[ ]number|tax[ ]id",
    r"sozialversicherungsnummer|steuer-?id|personalausweisnummer|numéro[ ]de[ ]sécurité[ ]sociale"
    r"|n°[ ]de[ ]sécu|numéro[ ]fiscal|número[ ]de[ ](?:seguro[ ]social|la[ ]seguridad[ ]social)"
    r"|dni|nie|curp|rfc|cpf|rg|codice[ ]fiscale|bsn|burgerservicenummer|pesel"
    r"|tc[ ]kimlik(?:[ ]no)?",
    r"снилс|инн|паспорт|aadhaar|आधार(?:[ ]नंबर)?|পরিচয়পত্র[ ]নম্বর|জাতীয়[ ]পরিচয়পত্র"
    r"|الرقم[ ]القومي|رقم[ ]الهوية|身份证号(?:码)?|社会保障号|マイナンバー|주민(?:등록)?번호",
)
