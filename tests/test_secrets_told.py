"""Secrets told in ways the rules once missed: digits said in words, an IBAN whose check
digits fail, capitalised words joined into a password, identity words of more languages,
a secret corrected in the same message. Every sentence here is invented for the test."""

from __future__ import annotations

import pytest

from graphmem.trust.secrets import numerals, redact, shape


def kept(text: str, value: str) -> bool:
    """Whether ``value`` survives redaction whole, by the rules alone."""
    return value in redact(text, judge=False).text


# --- digits said in words ------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Oma, die Geheimzahl ist drei acht eins sechs, sag sie niemandem", "drei acht eins sechs"),
        ("la clave del candado es nueve dos cuatro uno, no la olvides", "nueve dos cuatro uno"),
        ("PIN yangu ya benki ni tatu saba moja nne, usimwambie mtu", "tatu saba moja nne"),
        ("the code for the side gate is six oh one nine", "six oh one nine"),
        ("我的银行卡密码是五八二零四六，别告诉别人", "五八二零四六"),
    ],
)
def test_a_code_said_digit_by_digit_is_redacted(text: str, value: str) -> None:
    assert not kept(text, value)


@pytest.mark.parametrize(
    "text",
    [
        "I have one or two questions about resetting the PIN",
        "the PIN must be four to six digits long",
        "mi abuela tiene noventa y dos años y olvida la contraseña",
    ],
)
def test_counts_and_ages_in_words_stay(text: str) -> None:
    assert redact(text, judge=False).text == text


def test_four_digit_names_in_a_row_make_a_run_and_a_year_does_not() -> None:
    text = "sifuri tano tatu nane, then nineteen ninety"
    assert [text[s:e] for s, e in numerals.spelled(text, 0, len(text))] == ["sifuri tano tatu nane"]
    assert numerals.spelled("密码是二〇一九年", 0, 8) == []  # a year in Chinese digits


# --- an IBAN whose check digits fail -----------------------------------------


def test_an_iban_at_its_countrys_length_is_redacted_without_valid_check_digits() -> None:
    text = "Bitte die Miete auf DE12 3456 7890 1234 5678 90 überweisen, danke"
    assert not kept(text, "DE12 3456 7890 1234 5678 90")


def test_a_grouped_value_of_another_length_is_no_iban() -> None:
    text = "Flug LH44 0217 ab Gate B12 um 7 Uhr"
    assert redact(text, judge=False).text == text


# --- capitalised words joined into a password --------------------------------


@pytest.mark.parametrize(
    ("token", "chosen"),
    [
        ("Feijoada_Com_Farofa", True),
        ("Quiche+Lorraine", True),
        ("Tea-Cake-Friday", True),
        ("Paella!Valenciana", True),
        ("DATABASE_PASSWORD", False),  # a template's name
        ("Oduya-Finch", False),  # a double-barrelled name
        ("Wi-Fi", False),
    ],
)
def test_joined_capitalised_words_are_a_value_beside_a_cue(token: str, chosen: bool) -> None:
    assert shape.weak(token) is chosen


def test_a_joined_password_after_its_word_is_redacted() -> None:
    assert not kept(
        "a senha do computador da loja: Feijoada_Com_Farofa, não conta", "Feijoada_Com_Farofa"
    )


# --- identity and account words of more languages -----------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Inombolo yesazisi yam: 8801015009087, yefomu yasebhanki", "8801015009087"),
        ("Baasaboorkayga lambarkiisu waa P77120934, fadlan", "P77120934"),
        ("Tiền cọc gửi vào STK 0071 0048 2291 Vietcombank nhé", "0071 0048 2291"),
    ],
)
def test_identity_and_account_words_of_more_languages(text: str, value: str) -> None:
    assert not kept(text, value)


# --- a secret corrected in the same message ------------------------------------


@pytest.mark.parametrize(
    ("text", "values"),
    [
        (
            "sorry, the router password is Lantern_Moth_9 and not Lantern_Moth_4",
            ("Lantern_Moth_9", "Lantern_Moth_4"),
        ),
        ("the PIN for the lockbox is 5830, hmm no, 5831 it is", ("5830", "5831")),
    ],
)
def test_a_corrected_secret_and_its_old_value_are_both_redacted(
    text: str, values: tuple[str, ...]
) -> None:
    assert not any(kept(text, v) for v in values)


# --- a password that is words, told after "is" in its language (twentieth session) ---


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("The password for the book club laptop is blue heron sunrise.", "blue heron sunrise"),
        ("La contraseña del wifi del taller es gato con botas.", "gato con botas"),
        ("Passordet til hytta er tyttebær og brunost.", "tyttebær og brunost"),
        ("Heslo do počítače v dílně je starý kovář.", "starý kovář"),
        ("Mot de passe de la box du chalet est marmotte endormie", "marmotte endormie"),
    ],
)
def test_a_password_of_plain_words_after_is_is_redacted_whole(text: str, value: str) -> None:
    # Whole: a passphrase's first word redacted and the rest stored would still leak it.
    left = redact(text, judge=False).text.split()
    assert not any(word in left for word in value.split() if len(word) > 2), left


@pytest.mark.parametrize(
    "text",
    [
        "The password for the portal is required before you can book.",
        "Password policy is strict at the bank.",
        "The password reset link for the portal is broken again.",
        "La contraseña del banco es muy segura.",
        "Das Passwort für den Router ist zu kurz.",
        "Heslo k wifi na chatě je napsané na lednici.",
        "No recuerdo la contraseña del campus pero eso es otra historia.",
        "The password for the server is the same as the database one.",
        "Turning on a login for the staff portal is a sensible first step.",
        "Making sure all your passwords for the office accounts are unique is good practice.",
    ],
)
def test_what_a_password_is_like_or_where_it_is_written_stays(text: str) -> None:
    assert redact(text, judge=False).text == text


# --- a security answer by its own name, a document's number, a number corrected ------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Respuesta de seguridad (primer colegio): San Ignacio", "San Ignacio"),
        ("Sicherheitsantwort für die Krankenkasse (erstes Auto): Käfer Cabrio", "Käfer Cabrio"),
        ("Réponse de sécurité de la banque : Tante Odile", "Tante Odile"),
        ("Odpowiedź na pytanie pomocnicze: Burek z Gdyni", "Burek z Gdyni"),
    ],
)
def test_a_security_answer_named_as_an_answer_is_redacted(text: str, value: str) -> None:
    assert not kept(text, value)


def test_a_document_number_named_for_a_hotel_is_still_the_document() -> None:
    assert not kept("passport number for the hotel check-in is K5302718, cheers", "K5302718")


def test_an_identity_number_corrected_in_the_same_message_is_redacted_twice() -> None:
    text = "my SIN is 130 692 544 no wait 130 629 544, I always swap those"
    assert not kept(text, "130 692 544")
    assert not kept(text, "130 629 544")


def test_a_number_one_digit_from_an_identity_number_under_its_own_label_stays() -> None:
    text = "My SSN is 421-70-3318 and the order number is 421703319"
    assert kept(text, "421703319")
    assert not kept(text, "421-70-3318")


# --- told without a password's word: what lets one in, a code changed (twentieth session) ---


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("use Heron-Gate-58 to get into the family photo share", "Heron-Gate-58"),
        ("try Quill.Otter.31 to unlock the old tablet", "Quill.Otter.31"),
        ("we changed the gate code to 1994 on Sunday, tell the gardener", "1994"),
        ("I changed the shed lock from 5521 to 8830 yesterday", "8830"),
    ],
)
def test_a_value_that_lets_one_in_is_redacted(text: str, value: str) -> None:
    assert not kept(text, value)


@pytest.mark.parametrize(
    "text",
    [
        "use Python3 to open the notebook",
        "Press Ctrl+Alt+Del to unlock the screen",
        "use v2.3.1 to open the old files",
        "we set the area code to 212 on the form",
        "they changed the postal code to 10115 after the move",
        "her password's the one from the fridge, ask her",
        "the combination of oats and honey is 300 calories",
    ],
)
def test_programs_keys_versions_and_public_codes_stay(text: str) -> None:
    assert redact(text, judge=False).text == text


# --- what a text message brought (twentieth session) --------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Read the courier the numbers from the text message: 41 72 09", "41 72 09"),
        ("Léele al repartidor el número del mensaje: 583 204", "583 204"),
        ("Sag dem Boten die Zahlen aus der SMS: 6071 28", "6071 28"),
        ("didi ke phone pe aaya 402 918, jaldi bata", "402 918"),
        ("Скажи курьеру цифры из сообщения: 73 15 80", "73 15 80"),
    ],
)
def test_digits_a_message_brought_are_a_one_time_code(text: str, value: str) -> None:
    found = redact(text, judge=False)
    assert value not in found.text
    assert "otp" in found.kinds


@pytest.mark.parametrize(
    "text",
    [
        "I got your message at 1530 and replied straight away",
        "the message had 250 words, too long for the form",
        "Order 5527193 was confirmed by SMS yesterday",
        "Send me a text message when you reach platform 12",
    ],
)
def test_numbers_that_are_no_code_beside_a_message_stay(text: str) -> None:
    assert redact(text, judge=False).text == text


# --- a short token drawn at random (twentieth session) -------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "radio mount: source / kP7wQ2xZ9mR4tL8v, the encoder wants it exactly",
        "second box on the tablet: Gh4sK9pL2wQ7",
    ],
)
def test_a_short_random_token_is_redacted(text: str) -> None:
    assert "[redacted:" in redact(text, judge=False).text


@pytest.mark.parametrize(
    "text",
    [
        "I love my iPhone15ProMax, battery is great",
        "watch https://youtu.be/dQw4w9WgXcQ tonight",
        "Ticket ID A1b2C3d4E5f6 was closed this morning",
        "the part number is XJ220 and the model MK4",
    ],
)
def test_product_names_and_labelled_ids_stay(text: str) -> None:
    assert redact(text, judge=False).text == text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Security question answer (first school): St Brigid's Primary", "St Brigid's"),
        ("নিরাপত্তা প্রশ্নের উত্তর (প্রথম স্কুল): সবুজ পাঠশালা", "সবুজ পাঠশালা"),
        ("பாதுகாப்பு கேள்விக்கு பதில் (முதல் ஆசிரியர்): கமலா டீச்சர்", "கமலா டீச்சர்"),
        (
            "They will ask for the street I grew up on and my first car: Larch Row, and a Fiat",
            "Larch Row",
        ),
    ],
)
def test_the_answer_after_a_labels_colon_is_redacted(text: str, value: str) -> None:
    # The label may name the question in brackets and the answer may hold a comma.
    assert not kept(text, value)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("La contrasenya del portàtil de l'esplai és Mar.i.Muntanya.Blava", "Mar.i.Muntanya.Blava"),
        ("Das Passwort für den Vereinslaptop ist Mango&Chilli&Limette", "Mango&Chilli&Limette"),
    ],
)
def test_capitalised_words_joined_by_a_symbol_after_a_passwords_word(text: str, value: str) -> None:
    assert not kept(text, value)


@pytest.mark.parametrize(
    "text",
    [
        "the password reset page is at account.google.com",
        "Probability the first card is an ace: \\( P(A) = \\frac{4}{52} \\)",
    ],
)
def test_host_names_and_formulas_stay(text: str) -> None:
    assert redact(text, judge=False).text == text


# --- identity numbers by their format, and more of their English names ---------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Para la inscripción: PELJ850312MDFRPN09", "PELJ850312MDFRPN09"),  # CURP
        ("身份证 320102198807154418，帮我填一下", "320102198807154418"),
        ("kimlik: 44010519850612301X.", "44010519850612301X"),
        ("등록번호 880412-2345678 맞아요", "880412-2345678"),
        ("My Social Insurance Number for payroll is 528 019 347.", "528 019 347"),
        ("my resident ID is 44 0301 19870921 4417", "44 0301 19870921 4417"),
    ],
)
def test_identity_numbers_by_format_or_english_name_are_redacted(text: str, value: str) -> None:
    assert not kept(text, value)


@pytest.mark.parametrize(
    "text",
    [
        "Invoice 2024-0312 paid on 12/03/2024, ref 881204",
        "Call 020 7946 0958 between 9 and 5",
        "The batch 198807154418 was shipped",
    ],
)
def test_numbers_without_a_birth_date_format_stay(text: str) -> None:
    assert redact(text, judge=False).text == text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("妈妈的卡插进去后按 ５８１９３０ 再按确认。", "５８１９３０"),
        ("パスワードは ｈａｒｕｋａ＿７７ です", "ｈａｒｕｋａ＿７７"),
    ],
)
def test_a_code_pressed_at_a_machine_and_full_width_letters(text: str, value: str) -> None:
    assert not kept(text, value)


def test_following_the_manual_is_no_code_pressed() -> None:
    text = "按照说明书，电脑需要 2019 年以后的系统"
    assert redact(text, judge=False).text == text
