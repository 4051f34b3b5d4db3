"""Secrets told away from any word for them, decided by what the value is (issue 40): the
causes corpus A showed, one test each, in sentences written for these tests.

graphmem/trust/secrets/context.py (a message about access, and the value in it that only a
secret looks like), and what was added to shape.py, seeds.py, cues.py, providers.py and
public.py for the same causes.
"""

from __future__ import annotations

import pytest

from graphmem.trust.redact import redact
from graphmem.trust.secrets import find
from graphmem.trust.secrets.context import chosen

# (cause, text, the secret)
CAUGHT = [
    # Digits keyed one by one are a keypad's or a lock's, in any language, with no cue.
    ("keypad", "sykkellåsen 1-9-9-4", "1-9-9-4"),
    ("keypad", "Das Autoradio will nach dem Batteriewechsel 4 0 7 2 hören", "4 0 7 2"),
    ("keypad", "vrata garaže odpreš z 4451*", "4451*"),
    # Two groups of three digits are a one-time code as it is sent and read out.
    ("split code", "وصلتني رسالة فيها 551 208، دخّلها بسرعة", "551 208"),
    ("split code", "문자로 온 318 774 입력해줘", "318 774"),
    # After a card number: its expiry, then a lone three or four digits, whatever the words.
    ("card tail", "visa 4111 1111 1111 1111 udløb 03/28 kontrolcifre 731", "731"),
    ("card tail", "信用卡 4111 1111 1111 1111 有效期09/27 背面三位480", "480"),
    # An authenticator's secret in groups of four.
    ("base32", "Titkos kulcs az apphoz: JBSW Y3DP EHPK 3PXP Q7RA", "JBSW Y3DP EHPK 3PXP Q7RA"),
    # Capitalised words joined by "_" or "." and ending in digits beside a Wi-Fi.
    ("joined words", "الواي فاي في الشقة: Tamr_Hindi72", "Tamr_Hindi72"),
    ("joined words", "wifi bij oma -> Drop_Zout9", "Drop_Zout9"),
    # One word and digits, or a token of mixed classes, where the message is about access.
    ("chosen, cue anywhere", "Hab das Passwort auf Blauwal_19 geändert", "Blauwal_19"),
    (
        "chosen, cue anywhere",
        "רגע — Tapuz-Gadol-48 זה מה שנכנס לממשק של הראוטר",  # "הראוטר": the router
        "Tapuz-Gadol-48",
    ),
    # A comma does not end what a cue is about.
    ("past a comma", "pakken ligger i pakkeboksen, afhentning med 7310 52", "7310 52"),
    ("past a comma", "Postkassa har hengelås, den går opp på 3-8-1", "3-8-1"),
    # A cue that ends a compound word.
    ("compound", "paketti on automaatissa, noutokoodi 4417 2093 haetko sen?", "4417 2093"),
    # A dial's numbers joined by a word.
    ("dial", "Шкафчик в бассейне открывается так: 14, потом 33, потом 9", "14, потом 33, потом 9"),
    # Plain words after a colon that follows a lock's word.
    ("phrase after a colon", "Kluis op zolder: zeilen langs het IJ", "zeilen langs het IJ"),
    # Words typed to open something, when the message is about access twice over.
    (
        "typed phrase",
        "De kluis-app gaat open met zeilen langs het IJ bij nacht",
        "zeilen langs het IJ bij nacht",
    ),
    # "phrase" as most languages borrowed it.
    ("borrowed word", "Pristupna fraza za disk: zeleno polje kraj", "zeleno polje kraj"),
    # 128 random bits in hex where the message speaks of an API.
    ("hex key", "clé pour l'api météo : 5d41402abc4b2a76b9719d911017c592", "5d41402abc4b2a76"),
    # Letters of a script without spaces running into digits.
    ("unspaced value", "路由器管理密码是 老虎爱吃肉2031", "老虎爱吃肉2031"),
    # A recovery phrase in any language's words, after a colon.
    (
        "seed words",
        "Lompakon palautussanat: kettu joki kivi lumi sauna tähti järvi tuuli kuu pilvi koivu meri",
        "kettu joki kivi lumi sauna tähti järvi tuuli kuu pilvi koivu meri",
    ),
    # The answer after an asking clause.
    ("asked", "Hvis banken spørger, hed min første hund Trofast", "Trofast"),
    ("asked", "Ha a bank kérdezi, az első kisállatom neve Morzsi volt", "Morzsi"),
    ("asked number", "Hastane randevusunda kim olduğumu sorarlarsa 12345678950 de", "12345678950"),
    # A bare number is no place: "on" is Finnish for "is".
    ("not a place", "SIM-kortin PUK on 73019482 jos puhelin lukittuu", "73019482"),
    # A year people write about ends before 2050: "2091" after a PIN is the PIN.
    ("not a year", "O PIN do meu cartão multibanco é 2087", "2087"),
    # What one must say, in quotes, is a code word.
    ("said in quotes", "Whoever picks Mia up must say 'blue giraffe' at the desk", "blue giraffe"),
    # Identity documents named right before their number, whatever public words follow.
    ("document", "pasaporte PAC552017 pa la reserva del vuelo", "PAC552017"),
    # A date by its numbers, not its shape: an ITIN has no month 74.
    ("not a date", "My ITIN is 931-74-2205, the accountant needs it", "931-74-2205"),
    # A bank named right before a long number: the account to pay into.
    ("bank", "Chuyển tiền vào Vietcombank 0451000398112, tên Lan", "0451000398112"),
    ("bank", "월세는 신한은행 110-482-771203 로 보내줘", "110-482-771203"),
    # A card named and three digits told last: its check digits.
    ("check digits", "Die drei Ziffern hinten auf meiner Karte sind 318", "318"),
    # The verb of saying last, the answer before it.
    ("said last", "बैंक पूछे तो मेरे पहले स्कूल का नाम संत मीरा बताना", "संत मीरा"),
    # A licence or gift-card key in groups; backup codes handed out as a list.
    ("key groups", "Office key: 7QKPM-3XWRT-9HGBV-2KDMF-8YCJT", "7QKPM-3XWRT-9HGBV-2KDMF-8YCJT"),
    ("code list", "codes: 8F3K-2JQ9 7HHD-1KQ2 P0Q3-99ZX", "7HHD-1KQ2"),
    # A year's digits keyed after a verb of keying; a Hebrew "in" joined by a hyphen.
    ("keyed year", "Penggera rumah dimatikan dengan tekan 1987 lepas masuk", "1987"),
    ("hebrew hyphen", "התיבה ליד הדלת נפתחת ב-4271, תסגור אחרי", "4271"),
    # A script's own digits are digits: a card checked by Luhn, a code bounded whole.
    ("native digits", "کارت ۴۱۱۱ ۱۱۱۱ ۱۱۱۱ ۱۱۱۱ رمز ۱۲۳۴", "۴۱۱۱ ۱۱۱۱ ۱۱۱۱ ۱۱۱۱"),
    ("native digits", "ATM ပင်နံပါတ် ၄၇၂၉", "၄၇၂၉"),
    # A card's brand and three digits told last; a code after a text message's word.
    ("brand check digits", "the little digits on the back of my Mastercard are 517", "517"),
    ("text message", "刚收到短信 604913，帮我填一下", "604913"),
    # A Korean particle after the code.
    ("particle", "현관 비밀번호는 2580야", "2580"),
]

KEPT = [
    # Network names, usernames, markers, words of a sentence.
    "Ang pangalan ng WiFi ay Levi_Home_5G",
    "My username on the forum is Quiet_Heron88",
    "Zanzibarpzfhr-Quokkapzfhr-7732 je iba testovací štítok",
    "Saya lupa kata sandi email, gimana cara reset-nya?",
    "OTP stands for one-time password.",
    # Public material decided by what it is.
    "add my key: ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHq2pL8vT4mX9cR7wZ1bN5kJ3fD6sA0eY2 me@lap",
    "Donations welcome: bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
    "Host key fingerprint is SHA256:nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8",
    "Kodi postar i Tiranës është 1001",
    "Reverted commit 9f3c2a1d8e7b6a5f4c3b2a1d0e9f8a7b6c5d4e3f, the api was fine",
    # Prices and counts grouped in threes, a year, a date, a score.
    "Byt stál 250 000 Kč, nakonec jsme dali 248 500 Kč",
    "Population 120 450 people in 2021",
    "We won 24-17 in overtime",
    # Lock words in talk about a lock, without a value.
    "Le digicode de l'immeuble a changé, il faudra que je demande le nouveau au gardien",
    "Press the green button to open the garage door",
    # Groups that are ids, orders, products, flights, lottery numbers.
    "request 3f2b8c1e-9a4d-4e7b-b6c2-1d5e8f9a0b3c failed",
    "Order 112-7734521-9904312 arrived",
    "SKU ABCD-1234-EFGH is back in stock",
    "flights LH1234 BA2490 AF1180 KL1775 on the list",
    "winning numbers 1234 5678 9012",
    # Usernames, gamer tags and file names are built like passwords: kept where nothing
    # speaks of access.
    "add me on discord: Mark_Twain1835",
    "Xbox gamertag: Silent_Fox2012",
    "I saved it as Meeting_Notes_2024 in the shared drive",
    "The network Pelican_Bay_2G is slow",
    # Something said when asked, not an answer.
    "If the landlord asks about the rent, it's paid.",
    "Si el banco pregunta, estoy de viaje hasta el lunes.",
    # Amounts, populations and references grouped in threes.
    "Квартира стоит 450 300 рублей",
    "Population of the town: 128 450",
    "Kundennummer 483 221",
    # Instructions after a password's word, lists after a colon, digests and part numbers.
    "Passwort: siehe Zettel im Büro",
    "Das Kennwort für das WLAN steht auf der Rückseite des Routers",
    "Shopping list: milk eggs bread butter cheese apples bananas rice pasta flour sugar salt",
    "md5 of the file: 5d41402abc4b2a76b9719d911017c592 (api upload)",
    "The API returns ids like 5d41402abc4b2a76b9719d911017c592 as the ETag",
    "Part numbers: A1B2-C3D4-E5F6-G7H8",
    # Where the secret is kept, and the names around it; a room and a flat by their numbers.
    "Wifi password is on the fridge, the network is Home_Net_2024",
    "The safe in room 214 is broken, reception knows",
    "비밀번호는 엄마가 알아, 우리 집은 302호야",
    # A travel visa's number.
    "Visa application number 123",
    # Numbered things in order.
    "Read chapters 2 5 7 9 tonight",
    "Locker 12, 13, 14 are free",
    # Counts, countdowns and a team's formation.
    "Die Tabelle hat die Spalten 1 2 3 4 5",
    "Count down: 5 4 3 2 1 go!",
    "Формула 4-2-3-1 работает лучше",
    # A bank's telephone, a card's points, a card game's score.
    "Bank of America hotline 1-800-432-1000",
    "Banka telefon: 0800 123 4567",
    "the card has 100 points",
    "The card game ended 120 to 80",
    # Asking without an answer after it.
    "Banken siger, at de aldrig spørger om min adgangskode i telefonen",
    "If anyone asks, say I'm busy",
    # Placeholders after a word for a password.
    "password: ${DB_PASSWORD}",
    "Secret Santa: I got Bob this year!",
]


@pytest.mark.parametrize(
    ("token", "expected"),
    [
        ("Qahwa_Arabia55", True),
        ("rigaBalzams77", True),
        ("tortilla.con.cebolla!", True),
        ("Breogan1987!", True),
        ("one-time", False),  # a word
        ("reset-nya", False),
        ("me@laptop", False),  # a name at a host
        ("authorized_keys", False),
        ("Levi_Home_5G", False),  # a network's name
        ("d2d5c26a-7323-490b-9f96-91fc748ef1f7", False),  # a UUID
        ("7b939ddf33bb8a52b6119d5386822dafea9d6947", False),  # a commit
    ],
)
def test_a_chosen_token_mixes_classes_the_way_people_make_passwords(
    token: str, expected: bool
) -> None:
    assert chosen(token) is expected


def test_what_the_gate_returns_names_kinds_and_places_never_values() -> None:
    text = "Hvis banken spørger, hed min første hund Trofast; pin 1-9-9-4"
    spans = find(text)
    assert spans
    assert all(isinstance(kind, str) and kind.isidentifier() for _, _, kind in spans)
    out = redact(text)
    for value in ("Trofast", "1-9-9-4"):
        assert value not in out.text
        assert value not in repr(out)


def test_a_secret_in_a_scripts_own_digits_is_redacted_whole() -> None:
    # Before, "۱۱۱ ۱۱۱" inside the card number was taken for a code and the rest kept.
    out = redact("کارت ۴۱۱۱ ۱۱۱۱ ۱۱۱۱ ۱۱۱۱ رمز ۱۲۳۴").text
    assert not any(c.isdigit() for c in out)


# The causes corpus D showed (spent on 2026-12-05 to find them), one or two sentences each,
# written for these tests: (cause, text, the secret).
CAUGHT_D = [
    # Cue words typed without their accents; a short accented one stays exact.
    ("no diacritics", "ο κωδικος μου ειναι Feta_Salata9", "Feta_Salata9"),
    ("no diacritics", "mano pasto slaptazodis Ruta_Vilnius5", "Ruta_Vilnius5"),
    # Lower-case words joined by "_", no digit, beside a password's word.
    ("joined words", "wifi password chai_na_maandazi ukiulizwa", "chai_na_maandazi"),
    # A card's expiry and check digits after its number, whatever the words or script.
    ("card details", "kortti 5312 8844 1020 7765 voimassa 11/29 turvakoodi 408", "11/29"),
    ("card details", "kortti 5312 8844 1020 7765 voimassa 11/29 turvakoodi 408", "408"),
    ("card details", "卡号6228 4801 2233 9911 有效期03/30，安全码715", "03/30"),
    ("card back", "the 3 digits on the back of the card are 284", "284"),
    # Told to type something to get into a machine: after the verb, before it, next line.
    ("typed", "to log into the old desktop, type velvet otter moonlight", "velvet otter moonlight"),
    (
        "typed",
        "ofis bilgisayarına girmek için mavi kapı sarı pencere yaz",
        "mavi kapı sarı pencere",
    ),
    (
        "typed",
        "to get into the work laptop type this:\nsilver-maple-quiet-harbor",
        "silver-maple-quiet-harbor",
    ),
    # Cue words of languages the catalogues leave out.
    ("more languages", "የይለፍ ቃል Gondar_Castle8 ነው", "Gondar_Castle8"),
    ("more languages", "kui pank küsib ema neiupõlvenime, ütle Tamm", "Tamm"),
    ("more languages", "lambar fasfo B77120394 don biza", "B77120394"),
    # Numbered seed words, in any language, after a wallet's or a phrase's word.
    (
        "numbered seed",
        "recovery words:\n1. apple 2. river 3. candle 4. forest 5. window 6. pepper 7. cloud"
        " 8. tiger 9. bottle 10. silver 11. garden 12. stone",
        "pepper",
    ),
    # An abbreviation's dot after the cue; a code keyed full width; a safe in a hotel room.
    ("abbreviation", "Reisepass-Nr. K8T2M4Q9Z für das Visum", "K8T2M4Q9Z"),
    ("full width", "玄関は4826＃で開く", "4826＃"),
    ("lock in a room", "la caja fuerte de la habitación se abre con 12-4-33", "12-4-33"),
]

KEPT_D = [
    # A number named by its own label, in a message that names a password or a code.
    "my customer number is 55120934 and I forgot my password",
    "the code comes by SMS, order 6610293 from Monday",
    "Bestellung 4471029, der SMS-Code kam nie an",
    "PIN gesperrt, Vorgangsnummer 2026-55103",
    "会员号 88102394，想重置密码",
    "forgot my PIN, branch code 0712 closes at five",
    "Karte endet auf 9921, die neue PIN kommt per Post",
    # A small number with a word's ending is a date or a count.
    "parolni 1-dekabrdan keyin o'zgartiring",
    # Public formats: a PGP fingerprint, an Indian postal PIN code with its place.
    "my GPG key fingerprint: 9A3C 11F0 7E2B C4D8 0A55  B3E1 7C90 2D4F 8E16 A0B7",
    "PIN code 411038 hai, Kothrud Pune",
    # Stand-ins for a value, code, and talk about typing one.
    'set the password to "YOUR_PASSWORD" in the config',
    "in .env.sample keep DB_PASSWORD=changeme",
    "why does `pin = input()` and `len(pin) > 3` fail?",
    "to log into the laptop, type your password",
    "I type my password on the laptop every morning",
    # A word with other accents is matched whole: Slovak "štítok" is no Hungarian "titok".
    "Tento štítok ZX-4471-AB nemeň",
]


# Corpus E (spent on 2026-12-05): the causes of its misses, each in invented examples.
CAUGHT_E = [
    # A security answer by where it sits: before a quoting particle, the last capitalised
    # words of a clause (a verb may come last), a short clause in a script without case.
    ("answer", "Güvenlik sorusuna (ilk okul) Atatürk İlkokulu yazdım.", "Atatürk İlkokulu"),
    ("answer", "Қауіпсіздік сұрағына (туған қала) Шымкент деп жаздым.", "Шымкент"),
    ("answer", "Bij de beveiligingsvraag over mijn eerste auto heb ik Kever ingevuld.", "Kever"),
    ("answer", "Контрольный вопрос — кличка собаки, ответ Барбос.", "Барбос"),
    ("answer", "For the bank, my first pet's name is Captain Whiskers.", "Captain Whiskers"),
    ("answer", "უსაფრთხოების კითხვაზე (საყვარელი ფერი) დავწერე ლურჯი.", "ლურჯი"),
    ("answer", "Răspunsul la întrebarea de securitate (prima mașină): Dacia 1300", "Dacia 1300"),
    # A door, a gate or a safe opened by a code, in languages the data was thin in.
    ("opens", "Atariko atea 5821 sakatuta irekitzen da.", "5821"),
    ("opens", "Porten går upp med 7340 på knappsatsen.", "7340"),
    ("opens", "Kapıyı 1987 yazarak açıyorsun.", "1987"),
    ("opens", "Do klatki wchodzisz wpisując 4417B na domofonie.", "4417B"),
    ("opens", "Чтобы войти в подъезд, набери 12*3345.", "12*3345"),
    ("dial", "Safe dial: left to 33, right past it to 8, then left to 71.", "right past it to 8"),
    # A card's number with its expiry and check digits, whatever precedes it.
    ("card", "for the pizza order:\n5123 4400 8812 3907\n09/29\n417", "5123 4400 8812 3907"),
    # Misspelt and romanised password words; a closing symbol kept.
    ("cue typo", "passwrd for the printer is toner2288", "toner2288"),
    ("cue romanised", "o kwdikos tou router einai frappe2020", "frappe2020"),
    ("closing symbol", "비번 kimchi2030!", "kimchi2030!"),
    # Identity and account numbers: a document's number past public words, an IBAN named
    # without its checksum, a branch code told with the account, a National Insurance number.
    ("document", "so ho chieu cua toi B7734120 nhe, lam visa giup", "B7734120"),
    ("document", "Pasport seriya va raqami: AB7712093", "AB7712093"),
    ("iban", "IBAN for the deposit: GB11 ABCD 1234 5678 9012 34", "GB11 ABCD 1234 5678 9012 34"),
    ("bank code", "Account number 55102938, sort code 11-22-83, for the deposit.", "11-22-83"),
    ("bank code", "sort code 40-12-77 acc 66120384, send it there", "66120384"),
    ("ni number", "NI for the form: AB 12 34 56 C", "AB 12 34 56 C"),
    # Typed to get in: one credential-shaped token, a phrase after a colon, a final particle.
    ("typed", "To unlock the tablet just type 880214.", "880214"),
    ("typed", "Pour déchiffrer la clé USB : trois chats verts dorment", "chats verts dorment"),
    ("typed", "暗号化ディスクを開くときはneko sora umi hoshiと打ってね。", "neko sora umi hoshi"),
    # Shapes: letters spelled with digits; a Wi-Fi's key in lower case.
    ("leet", '"S4ndC4stle!" is what I changed the router to', "S4ndC4stle!"),
    ("wifi", "wifi at the cabin: pine-lake-42 (network is the orange one)", "pine-lake-42"),
    ("wifi", "το wifi του εξοχικού είναι kalokairi4ever!", "kalokairi4ever!"),
    # Causes spent corpus B showed too: a quoted question, a card's back, a PAN, an ATM, a
    # token pointed at by an arrow, a password's closing symbols.
    ("quoted question", "A «¿cómo se llamaba tu primer perro?» respondí Toby el Grande.", "Toby"),
    ("quoted question", "For the 'first concert' question I put Arctic Monkeys.", "Arctic Monkeys"),
    ("card back", "Derrière la carte de Marc il y a 318, le reste tu l'as.", "318"),
    ("pan", "PAN for the form: BKLPS4410Q", "BKLPS4410Q"),
    ("atm", "Am Geldautomaten tippe ich immer 7204 ein.", "7204"),
    ("arrow", "Mondsee_1999! <- das ist das vom Router", "Mondsee_1999!"),
    ("closing symbols", "Hafod7Gwyn!! dyna'r cyfrinair", "Hafod7Gwyn!!"),
    # Formats that name themselves, and a wallet's key written as wallets show it.
    (
        "bitlocker",
        "BitLocker: 120034-551287-009912-448801-730216-284455-619903-077128",
        "120034-551287-009912-448801-730216-284455-619903-077128",
    ),
    ("codice fiscale", "cf RSSMRA85T10A562S per il medico", "RSSMRA85T10A562S"),
    (
        "wallet key",
        "私钥 0x4f1a09c2e8d7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e1d0c9b8a7f6e5d4c3b2a1 别发",
        "0x4f1a09c2e8d7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e1d0c9b8a7f6e5d4c3b2a1",
    ),
    ("dial", "ล็อกเกอร์ที่สระว่ายน้ำหมุนไปที่ 24 แล้ว 8 แล้ว 31", "24 แล้ว 8 แล้ว 31"),
]

KEPT_E = [
    # Talk about a security question, no answer told.
    "The bank asked for my mother's maiden name and I never set that question up.",
    "Die Bank wollte den Mädchennamen meiner Mutter wissen, den trage ich selbst ein.",
    "The security question wants my first car's model, I'll fill it in later.",
    "My mother's maiden name is on the family tree we made for Grandma's birthday",
    # A postal PIN code in an Indian script, with its place.
    "मेरे गाँव का पिन कोड 243001 है, पार्सल वहीं भेजना।",
    # A password's word inside a name in code; a reference's letter; a key's other sense.
    "Die Funktion `pruefe_passwort_staerke()` in Zeile 40 wirft den Fehler.",
    "Booking confirmation for the vet: 44120-C.",
    'In NLP, "the dog saw the dog" has five tokens but three types.',
    # Arabic typed in Latin letters; a branch alone; a network's name; ids and digests.
    "kelmet el sir lazem tkoon 8 7oroof 3al a2al",
    "preciso trocar a senha do cartão na agência 2210 antes do dia 12",
    "Netwerknaam: Ziggo7B3E1A",
    "Request ID: req_kQwPLmNx8sTv2bRcYzHa",
    "Ang pangalan ng WiFi ay CONVERGE_FIBR_b71c",
    # A token told first after a dash names a file or a player, not a password.
    "Meeting_Notes_2024 - see attached",
    "Silent_Fox2012 - my gamer tag",
    "tx hash 0x9b2e01c4d5f6a7b8c9d0e1f2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6 for the API log",
    # A promotion's code: capitals and a round discount, given to everyone.
    "Gamitin ang code BAGONG25 sa app, naka-post sa page nila.",
    "Erreserba kodea QZ7M4K da, 3. bagoia.",
]


# Causes corpus J showed (spent 2026-12-07): a Wi-Fi key told casually in words joined by
# underscores or a word joined to digits (no digit elsewhere in the message), and the key
# field of a Wi-Fi QR code's text. Written here in other words and languages.
CAUGHT_J = [
    ("underscored words", "wifi ya nyumbani ni ugali_na_sukuma, usiwape", "ugali_na_sukuma"),
    ("underscored words", "wifi na chácara: pao_de_queijo pra visita", "pao_de_queijo"),
    ("underscored words", "the wifi in the barn is hay_bale_loft, don't share", "hay_bale_loft"),
    ("word and digits", "wifi u vikendici: sljiva_1987 😄", "sljiva_1987"),
    ("word and digits", "wifi na dacha: kot_77", "kot_77"),
    ("short key", "the wifi is tea4two now", "tea4two"),
    ("wifi qr", "QR na lednici: WIFI:T:WPA;S:Chata;P:Houby-v-Lese!;; nefoť to", "Houby-v-Lese!"),
    ("wifi qr", "WIFI:S:Cabin;T:WPA;P:pine\\;needle 7;H:false;;", "pine\\;needle 7"),
]
CAUGHT_J += [
    # Digits typed when something asks, without a machine's word (typed.py).
    ("typed code", "ពេលកម្មវិធីសួរ សូមវាយ ៧២០៤។", "៧២០៤"),
    ("typed code", "app က မေးရင် ၃၉၁၅ ရိုက်ပါ။", "၃၉၁၅"),
]
KEPT_J = [
    # A hyphen joins words in prose; a setting's or a network's name holds its own word.
    "the wifi at the co-working space drops every afternoon",
    "Set wifi_ssid and wifi_pass in config.yaml before flashing",
    "wifi: join the guest_network, no key needed",
    "our wifi keeps dropping, the router is in the hall",
    "WIFI:T:nopass;S:Library;;",
    "ពេលទម្រង់សួរឆ្នាំ សូមវាយ 2024។",  # a year typed into a form is no code
]


# Corpus K's causes (its rows were read once the detector had been measured on it: K is
# spent), in sentences written for these tests.
CAUGHT_K = [
    # A label whose first words are about access, ending in a colon: the thing named last is
    # what the value is for, not what it is.
    ("headed label", "Mi NIE para la factura: Y4829173K", "Y4829173K"),
    ("headed label", "Alarm code for the holiday flat: 58213904.", "58213904"),
    ("headed label", "Steuer-ID für die Rechnung: 47 036 892 816", "47 036 892 816"),
    # A number's own name, from python-stdnum's list of national numbers.
    ("id number name", "Vergi Kimlik Numarası kira sözleşmesi için 4810293756", "4810293756"),
    ("id number name", "Veronumero palkanlaskentaan: 300812345678", "300812345678"),
    ("id number name", "RUT del arrendatario 12.845.379-4, gracias", "12.845.379-4"),
    # A card copied two groups a line, its expiry and CVV on the lines after.
    ("card on lines", "kart\n4929 1180\n3356 7402\nson 09/28\narka 551", "551"),
    ("card on lines", "kart\n4929 1180\n3356 7402\nson 09/28\narka 551", "3356 7402"),
    # A Wi-Fi key of words joined by underscores, one of them a letter or a digit.
    ("wifi underscored", "wifi la bunica: sarmale_cu_3_ardei", "sarmale_cu_3_ardei"),
    ("wifi underscored", "wifi na chalupě: kure_s_ryzi 😄", "kure_s_ryzi"),
    # A "#" in a connection string's password, pasted unencoded.
    ("url password", "postgres://app:Kofola#77@db.internal:5432/app", "Kofola#77"),
]
KEPT_K = [
    "código de pedido: 4471829",  # a compound: the order's code
    "OTP llega por SMS, pedido 9920184",  # the order's number, after its own word
    "Door code changes monthly; for flat 12 ask the porter.",
    # A number's abbreviation in lower case is often a word ("sin": without; "pan": bread).
    "precio sin iva: 1.250,00",
    "pan integral 2500 g y leche",
    "see https://docs.example.com:443/page#section, or mail me@example.org",
]


def test_a_numbers_name_in_lower_case_names_it_only_with_the_number_after_it() -> None:
    assert "046 454 286" not in redact("my sin is 046 454 286").text
    assert "48123456Z" not in redact("mi dni: 48123456Z").text
    assert redact("café sin azúcar, 2 por 1500 pesos").text == "café sin azúcar, 2 por 1500 pesos"


# Corpus L's causes (read once measured at first sight: L is spent), in sentences written
# for these tests.
CAUGHT_L = [
    # An Indian account told with its branch's IFSC, in any language.
    ("ifsc", "किराये के लिए खाता 4418 2093 7715, IFSC PUNB0412600 है", "4418 2093 7715"),
    ("ifsc", "Rent a/c 60219384751 IFSC KKBK0000958, pls send by 5th", "60219384751"),
    # Accounts whose national format names them.
    (
        "account format",
        "Kaució a bérlőnek: 10402142-49554950-50011003",
        "10402142-49554950-50011003",
    ),
    (
        "account format",
        "Virement au RIB 30004 00819 00012345678 27 svp",
        "30004 00819 00012345678 27",
    ),
    (
        "account format",
        "р/с 40702810938000012345, БИК 044525225, получатель ИП Орлов",
        "40702810938000012345",
    ),
    # A card's number read out in words.
    (
        "card read out",
        "kart: beş dört bir iki, altı yedi sıfır sekiz, dokuz bir bir üç, iki sıfır dört altı",
        "beş dört bir iki, altı yedi sıfır sekiz",
    ),
    # A code read aloud with the digits radio operators say for one and zero.
    ("radio digits", "验证码是：洞幺四，八八二", "洞幺四，八八二"),
    # A number's name in lower case, its number after a comma and a copula.
    ("told after a comma", "el curp, es GOMR850412HDFRRS09 por si lo piden", "GOMR850412HDFRRS09"),
    # Words joined by hyphens right after "is" or a colon.
    ("hyphened", "Le mot de passe du club est pétanque-carreau-boule.", "pétanque-carreau-boule"),
    ("hyphened", "Passordet til hytta er FJORD-laks, ikke si det til naboen", "FJORD-laks"),
    # A code corrected by swapping two digits, a card's last group corrected.
    ("corrected", "gate code is 5927 — no sorry, it's 5972 now", "5972"),
    ("corrected", "card 4929 1183 0725 5514, no wait, the last four are 5541", "5541"),
]
KEPT_L = [
    # An Indian postal PIN code, in a script's own digits, with its place after it.
    "पिन कोड ४४००१०, नागपुर।",
    "Our new office in Pune has PIN code 411014, tell the courier.",
    # Codes a standard gives everyone.
    "Windows says error 0x80070005 when the update runs, access denied apparently.",
    "HTTP 404 means the page is gone; the API token is fine.",
    "The ICD-10 code on the form is E11.9, nothing secret about it.",
    "Section 230 of the Communications Decency Act is what they argued about.",
    "De postkoade fan it kantoar is 9001 ZA.",
    # A decade, a compound and a branch's name beside a password's word.
    "Password was a 1980s quiz show, my gran loved it.",
    "Das Passwort-Feld ist leer, bitte nicht ausfüllen.",
    "Merge feature/wachtwoord-reset-flow after the review.",
    "No login or password needed to read the menu.",
    # Vietnamese without its accents is no English: "so the" is no "số thẻ".
    "The code changed in 2024, so the old badges stop working.",
    "Order 20240315-00004411 is on its way.",
    "Remember the password is case-sensitive and user-defined.",
]


# Corpus M's causes (measured once at first sight, then spent), in sentences written here.
CAUGHT_M = [
    # A company's word beside a number makes only an identity or tax number public.
    (
        "company card",
        "la tarjeta de la empresa: 4539 1488 0343 6467 vence 05/27",
        "4539 1488 0343 6467",
    ),
    (
        "personal number for a company",
        "会社に出すマイナンバーは 5521 3390 8176 です。",
        "5521 3390 8176",
    ),
    # An account found by its bank's code keeps whatever label it has.
    ("ifsc labelled", "கணக்கு எண் 7720 0418 3391, IFSC IOBA0003318 அனுப்பு", "7720 0418 3391"),
    # A company's identifier in the sentence makes no person's number named there public.
    (
        "person beside a business",
        "my SSN is 219-09-9999, and the company EIN is 84-2917053",
        "219-09-9999",
    ),
    # A card's expiry and CVV two lines down, past the card's own line.
    ("card lines", "carte\n4970 1011\n2233 4455\nexp 07/29\ncvc 318", "318"),
    # A code right after its own word, though its digits look like a year.
    ("code like a year", "portkoden är 1987, glöm inte", "1987"),
]
KEPT_M = [
    # A business's numbers are printed on its invoices.
    "NIP 634-012-88-19, REGON 241590337 — dane sprzedawcy ze stopki faktury.",
    "Mã số thuế công ty 0109284736 có trên mọi hóa đơn.",
    "SIRET 443 061 841 00047 en bas de la facture, avec le code APE.",
    # A digest named by its algorithm, a publishable key.
    "SHA-256 des Archivs: 9f2c4e1a7b3d5f6081726354a9b8c7d6e5f4031201f2e3d4c5b6a7980716253a",
    "The checkout page embeds pk_test_51Hc8QxL2mZ7rT4wN0pYaV3dK9sJ1fE6uG5qR by design.",
]


# Every corpus's causes, A's (CAUGHT, KEPT) and those of D, E, J, K, L and M, one test each.
@pytest.mark.parametrize(
    ("cause", "text", "secret"),
    CAUGHT + CAUGHT_D + CAUGHT_E + CAUGHT_J + CAUGHT_K + CAUGHT_L + CAUGHT_M,
)
def test_a_secret_told_away_from_its_word_is_not_stored(cause: str, text: str, secret: str) -> None:
    assert secret not in redact(text).text, cause


@pytest.mark.parametrize("text", KEPT + KEPT_D + KEPT_E + KEPT_J + KEPT_K + KEPT_L + KEPT_M)
def test_what_only_looks_like_one_is_left_alone(text: str) -> None:
    assert redact(text).text == text
