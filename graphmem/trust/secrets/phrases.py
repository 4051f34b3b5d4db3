"""Phrases: a secret named in words, in many languages, and the value that follows.

A keyword from :mod:`graphmem.trust.secrets.vocabulary` ("Passwort", "contraseña", "密码",
"PIN", "CVV", "secret answer", "SNILS", ...) opens a short window to the end of its
clause; the first token in it with the shape of that kind's value is the secret.
Word order differs between languages ("मेरा पासवर्ड X है", "パスワードはXです",
"X as the password"), so the window reads past connectives of any language rather
than parsing a grammar per language. English has its own fuller grammar in
:mod:`graphmem.trust.secrets.english`; this layer adds the vocabulary English lacked there.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from graphmem.trust.secrets import answers, english, vocabulary
from graphmem.trust.secrets.common import (
    MASK,
    REFERENCE,
    STAND_IN,
    WHERE_IT_IS,
    Candidate,
    kept_in,
    words,
)
from graphmem.trust.secrets.prefilter import Needles, could_match, needles

# Only a Latin letter glued on the left stops a keyword: CJK text has no spaces and
# German compounds ("Netflix-Passwort") end in the keyword.
_LEFT = r"(?:(?<![A-Za-zÀ-ÖØ-öø-ÿ])|(?=[^A-Za-zÀ-ÖØ-öø-ÿ]))"
_RIGHT_LATIN = r"(?![A-Za-zÀ-ÖØ-öø-ÿ])"

# The end of a clause: sentence punctuation followed by a space, or a line break.
# "!" or "?" glued to a value belongs to it ("maple293!").
_CLAUSE_END = re.compile(r"[.;](?=\s|$)|(?<=\s)[!?]|[。！？；\n]")
# A token: a quoted value, or a run without spaces and without CJK, kana, hangul,
# Devanagari, Bengali or Arabic letters (values are ASCII-ish; the words around are not).
_NON_VALUE = (
    r"\s\u0600-\u06ff\u0900-\u09ff\u3000-\u30ff\u3400-\u9fff\uac00-\ud7af\uff01-\uff5e"
    r"\"'«»„“”‘’「」『』（）(),;，、：:"
)
_TOKEN = re.compile(
    r"""«(?P<q1>[^»\n]{1,100})»|„(?P<q2>[^“”\n]{1,100})[“”]|“(?P<q3>[^”\n]{1,100})”
    |"(?P<q4>[^"\n]{1,100})"|「(?P<q5>[^」\n]{1,100})」|`(?P<q6>[^`\n]{1,100})`
    |(?P<t>[^"""
    + _NON_VALUE
    + r"""]+)""",
    re.VERBOSE,
)
_TRAIL = ".,;:)]}>…"  # "!" and "?" glued to a password are usually part of it

_DATE = re.compile(r"^\d{1,4}[./-]\d{1,2}(?:[./-]\d{1,4})?$|^\d{1,2}:\d{2}(?::\d{2})?$")
_VERSION = re.compile(r"^v?\d+(?:\.\d+){1,3}(?:-[\w.]+)?$", re.IGNORECASE)
_MONEY = re.compile(r"^[$€£¥₹₽]\d|^\d[\d.,]*(?:[$€£¥₹₽%]|eur|usd|rs)$", re.IGNORECASE)
_YEAR = re.compile(r"^(?:19|20)\d\d$")
_EMAIL_OR_URL = re.compile(r"^[\w.+-]+@[\w-]+\.[\w.]+$|^\w+://|^www\.", re.IGNORECASE)
# An explicit separator or a connective right before the value ("ist", "是", "は", ...).
_CONNECTED = re.compile(
    r"""(?:[:=：]|\b(?:ist|lautet|war|est|es|era|é|è|is|jest|to|это|—|-)|是|为|為|は|는|은|है|هي|هو|হল|হলো)
    \s*$""",
    re.IGNORECASE | re.VERBOSE,
)
# Words after "Passwort ist" that describe the password instead of being it.
DESCRIPTIVE = words(
    """
    zu kurz lang falsch abgelaufen sicher unsicher vergessen geändert leer richtig neu alt
    trop court long faux expiré oublié incorrect vide nouveau ancien sécurisé demasiado
    corta larga incorrecta olvidada caducada vacía nueva segura muy muito curta errada
    esquecida expirada vazia nova segura troppo corta sbagliata scaduta dimenticata vuota
    nuova sicura слишком короткий неверный неправильный истёк новый старый te kort fout
    verlopen vergeten leeg nieuw veilig zbyt krótkie błędne nieprawidłowe wygasło nowe stare
    çok kısa yanlış hatalı eski yeni güvenli
    """
)
# Context that makes a number something else: a postcode, an error, an order.
_NOT_A_CODE = re.compile(
    r"zip|post(?:al|leitzahl|code)|área|area|error|fehler|erreur|errore|ошибк|promo|rabatt"
    r"|gutschein|cup[oó]n|coupon|discount|order|bestell|pedido|commande|tracking|sendung"
    r"|status|país|country|produ|artikel|article|referral|gift|iso|http|邮编|郵便|우편",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class _Kind:
    kind: str
    rank: int
    keys: re.Pattern[str]
    accept: Callable[[str, str], bool]  # (value, text between key and value)
    window: int = 48
    several: bool = False  # a list of values (recovery codes) rather than one
    # literals one of which every keyword match contains (graphmem/trust/secrets/prefilter.py)
    needles: Needles | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "needles", needles(self.keys))


def _keys(alternatives: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile(_LEFT + "(?:" + "|".join(alternatives) + ")" + _RIGHT_LATIN, re.IGNORECASE)


def _password(value: str, between: str) -> bool:
    value = value.rstrip("!?")  # judged without the punctuation that may end the sentence
    if len(value) < 4 or MASK.match(value) or REFERENCE.match(value) or STAND_IN.match(value):
        return False
    if _EMAIL_OR_URL.search(value) or _DATE.match(value) or _VERSION.match(value):
        return False
    if _MONEY.match(value) or value.lower() in DESCRIPTIVE:
        return False
    if value.isalpha() and value.isupper() and len(value) <= 5:
        return False  # "das Kennwort für das WLAN": what it opens (WLAN, VPN, PC)
    if value.isdigit():
        return not _YEAR.match(value) or bool(_CONNECTED.search(between))
    has_digit = any(c.isdigit() for c in value)
    symbol = any(not c.isalnum() and c not in "-'" for c in value)
    inner_upper = any(c.isupper() for c in value[1:])
    if has_digit or symbol or inner_upper:
        return True
    # A plain word is a password only right after "is" / ":" (not "... für Netflix neu"),
    # and only a few words after its keyword ("Passwort vergessen, wie setze ich es zurück").
    return len(value) >= 6 and bool(_CONNECTED.search(between)) and len(between.split()) <= 3


def _digits_only(low: int, high: int) -> Callable[[str, str], bool]:
    def accept(value: str, between: str) -> bool:
        compact = re.sub(r"[ -]", "", value).rstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        return compact.isdigit() and low <= len(compact) <= high and not _YEAR.match(compact)

    return accept


def _national_id(value: str, between: str) -> bool:
    digits = sum(c.isdigit() for c in value)
    return 8 <= digits <= 18 and not _calendar_date(value) and not _MONEY.match(value)


def _calendar_date(value: str) -> bool:
    """A date by its numbers, not only its shape: "912-74-8301" (an ITIN) has no month 74."""
    if not _DATE.match(value):
        return False
    parts = [int(p) for p in re.split(r"[./:-]", value)]
    if len(parts) < 3:
        return True
    first, second, third = parts[:3]
    if first > 31:  # year first
        return second <= 12 and third <= 31
    return min(first, second) <= 12 and max(first, second) <= 31


def _recovery(value: str, between: str) -> bool:
    return 6 <= len(value) <= 24 and any(c.isdigit() for c in value)


def _answer(value: str, between: str) -> bool:
    if WHERE_IT_IS.match(value):
        return False  # "... maiden name is on the family tree we printed": where, not what
    return bool(value.strip()) and value.lower() not in DESCRIPTIVE and not MASK.match(value)


# English keywords with another language's connective: "la mia password è ...".
_BORROWED = re.compile(r"(?:(?<!\w)(?:è|é|ist|lautet|est|es|jest|to|je|er)|是|为|は|는|은)\s*$")


def _borrowed_password(value: str, between: str) -> bool:
    # An English word in another language's sentence: only a value that looks chosen.
    bare = value.rstrip("!?")
    shaped = any(not c.isalpha() for c in bare) or any(c.isupper() for c in bare[1:])
    return shaped and bool(_BORROWED.search(between)) and _password(value, between)


_KINDS = (
    _Kind("password", 8, _keys(vocabulary.PASSWORD), _password),
    _Kind("password", 8, _keys(vocabulary.PASSWORD_EN), _borrowed_password, window=30),
    _Kind("password", 7, _keys(vocabulary.PIN), _digits_only(4, 8), window=32),
    _Kind("card", 3, _keys(vocabulary.CVV), _digits_only(3, 4), window=28),
    _Kind("national_id", 4, _keys(vocabulary.NATIONAL_ID), _national_id, window=40),
    _Kind("otp", 6, _keys(vocabulary.RECOVERY), _recovery, window=400, several=True),
)
_ANSWER_KEYS = _keys(vocabulary.SECRET_ANSWER)
_ANSWER_NEEDLES = needles(_ANSWER_KEYS)
# Spaced or dashed numbers ("619 66 3866", "123.456.789-09") are one national id.
_GROUPED_NUMBER = re.compile(r"[A-Z]{0,2}\d[\d .\-/]{2,24}\d[A-Z]?")
_CONNECTIVE = re.compile(
    r"""[\s:=：\-—]*(?:(?:(?:is|was|ist|lautet|war|est|c'est|es|era|é|è|это|jest|to
    |de|my|mein|meine|mon|ma|mi|meu|minha|il|la|le|el|o|a)(?![^\W\d_])|是|为|は|는|은)
    \s*[:：]?\s*)*""",
    re.IGNORECASE | re.VERBOSE,
)


def _clause_end(text: str, start: int, window: int) -> int:
    limit = min(len(text), start + window)
    end = _CLAUSE_END.search(text, start, limit)
    if end:
        return end.start()
    # Never cut a token in two: "archive-sync@collec" is not a value, the whole address is
    # (and an address is no password).
    while limit < len(text) and limit < start + 2 * window and not text[limit].isspace():
        limit += 1
    return limit


def _tokens(text: str, start: int, end: int) -> Iterator[tuple[int, int, bool]]:
    """(start, end, quoted) of each token between start and end."""
    for m in _TOKEN.finditer(text, start, end):
        name = m.lastgroup or "t"
        s, e = m.span(name)
        if name == "t":
            while e - s > 1 and text[e - 1] in _TRAIL:
                e -= 1
            while e - s > 1 and text[s] in "¿¡":
                s += 1
            while e - s > 1 and text[s] == "=":
                s += 1
        yield s, e, name != "t"


def _kind_spans(spec: _Kind, text: str) -> Iterator[Candidate]:
    if not could_match(spec.needles, text):
        return  # no keyword of this kind can be in the text
    for m in spec.keys.finditer(text):
        if spec.kind != "password" and _NOT_A_CODE.search(text, max(0, m.start() - 16), m.end()):
            continue
        if text[m.start() - 1 : m.start()] == "_" or text[m.end() : m.end() + 1] in ("_", "("):
            continue  # a name in code: "check_passwort_laenge()", "sprawdz_haslo()"
        if _COMPOUND_ON.match(text, m.end()) or _IN_PATH.search(
            text, max(0, m.start() - 40), m.start()
        ):
            continue  # "das Passwort-Feld", "feature/wachtwoord-vergeten-flow": no value follows
        end = _clause_end(text, m.end(), spec.window)
        if spec.kind == "national_id":
            for g in _GROUPED_NUMBER.finditer(text, m.end(), end):
                value = g.group().rstrip(" .-/")
                if spec.accept(value, text[m.end() : g.start()]):
                    yield g.start(), g.start() + len(value), spec.rank, spec.kind
                    break
            continue
        if spec.kind in ("password", "card") and spec.accept not in (_password, _borrowed_password):
            yield from _number_after(spec, text, m.end(), end)
            continue
        found = [
            (s, e, bool(_CONNECTED.search(text[m.end() : s])))
            for s, e, quoted in _tokens(text, m.end(), end)
            if _acceptable(spec, text[s:e], text[m.end() : s], quoted)
        ]
        if spec.several:
            yield from ((s, e, spec.rank, spec.kind) for s, e, _ in found)
        elif found:
            # "contraseña de GitLab es X": the value after the connective, not the site name.
            s, e, _ = next((f for f in found if f[2]), found[0])
            while text[s:e].replace(" ", "").isdigit() and (more := _DIGIT_GROUP.match(text, e)):
                e = more.end()  # "Schlüssel 4471 8823 9910 2231" is one key
            yield s, e, spec.rank, spec.kind


_DIGIT_GROUP = re.compile(r" \d{3,}(?![\w.,])")
# The keyword goes on as a compound's first part, or sits in a path or a branch's name.
_COMPOUND_ON = re.compile(r"-[^\W\d_]")
_IN_PATH = re.compile(r"/[^\s/]*$")


def _acceptable(spec: _Kind, value: str, between: str, quoted: bool) -> bool:
    if kept_in(between):
        return False  # "steht im Passwortmanager unter 'Büro-WLAN'": where it is kept
    if spec.accept(value, between):
        return True
    return (
        quoted
        and spec.accept is _password
        and bool(_CONNECTED.search(between))
        and not MASK.match(value)
        and not STAND_IN.match(value)
    )


# A code: digits, perhaps grouped, perhaps with a letter after ("2580B" on a door).
_NUMBER = re.compile(
    r"(?<![A-Za-z0-9.,/-])\d{2,8}(?:[ -]\d{2,4}){0,4}[A-Z]?(?![A-Za-z0-9/]|[.,]\d)"
)


def _number_after(spec: _Kind, text: str, start: int, end: int) -> Iterator[Candidate]:
    for n in _NUMBER.finditer(text, start, end):
        if spec.accept(n.group(), text[start : n.start()]):
            yield n.start(), n.end(), spec.rank, spec.kind
            return


def _answer_spans(text: str) -> Iterator[Candidate]:
    """A security answer is the rest of its clause, after the connective."""
    if not could_match(_ANSWER_NEEDLES, text):
        return
    for m in _ANSWER_KEYS.finditer(text):
        end = _clause_end(text, m.end(), 80)
        lead = _CONNECTIVE.match(text, m.end(), end)
        if lead is None or not lead.group().strip():
            # No "is" or colon: where the answer sits decides (answers.py), not the clause's
            # rest ("maiden name and I realised I'd never set it up" is talk about it).
            told = answers.told(text, m.end(), [])
            if told is not None and _answer(text[told[0] : told[1]], ""):
                yield told[0], told[1], 5, "secret_answer"
            continue
        start = lead.end()
        # "(the name of my first pet)" and the like sit before the answer: skip it.
        while start < end and text[start] in " \t\"'«„“「":
            start += 1
        stop = end
        while stop > start and text[stop - 1] in " \t\"'»“”」,":
            stop -= 1
        if stop > start and _answer(text[start:stop], ""):
            yield start, stop, 5, "secret_answer"


def spans(text: str) -> Iterator[Candidate]:
    yield from english.spans(text)
    for spec in _KINDS:
        yield from _kind_spans(spec, text)
    yield from _answer_spans(text)
