"""Who the speaker says they are, and where to reach them, in the languages the gate reads.

"I'm Henrik Lund; reach me at henrik.lund@example.com", "Ich heiße Clara Weiß, meine E-Mail
ist ...", "Me llamo Inés Castillo y mi teléfono es +34 600 000 123": the speaker's name, email
address and phone number. These are what ``graphmem.write.user_names`` resolves the user by, so a
later "Ms. Castillo" or "clara.weiss@..." in someone else's text is known to mean the user.

Read from the whole message, beside the English grammar of ``first_person`` (which reads
"my name is X" itself): a name needs a self-introduction ("I'm", "je m'appelle", "меня
зовут", ...) followed by one to three capitalised words; an address or a number needs a
word for it or "me" nearby in its sentence, so "send it to accounts@example.com" names no
one's own address.
"""

from __future__ import annotations

import re
from datetime import datetime

from graphmem.errors import InvalidArgument
from graphmem.model import Claim, Kind

# Up to four words after the introduction; the name is their capitalised start.
_WORDS_AFTER = r"(?P<name>[^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*){0,3})"
_PARTICLES = frozenset("van von de der den da di del la le du dos das".split())  # noqa: SIM905
_INTRO = (
    r"(?:i'?m|i\s+am|my\s+name\s+is|this\s+is|ich\s+heiße|ich\s+heisse|mein\s+name\s+ist|"
    r"ich\s+bin|je\s+m'appelle|mon\s+nom\s+est|je\s+suis|me\s+llamo|mi\s+nombre\s+es|soy|"
    r"mi\s+chiamo|il\s+mio\s+nome\s+è|sono|chamo-me|(?:o\s+)?meu\s+nome\s+é|sou|ik\s+heet|"
    r"mijn\s+naam\s+is|ik\s+ben|nazywam\s+się|mam\s+na\s+imię|jestem|меня\s+зовут|"
    r"benim\s+adım|adım)"
)
# Each tried only where a run of its characters begins, and the address's name taken
# whole: tried inside a run, a 30,000-digit "number" took seconds to read.
_EMAIL = re.compile(r"(?<![\w.+-])[\w.+-]++@[\w-]+(?:\.[\w-]+)+")
_PHONE = re.compile(r"(?<![\d+(])\+?\(?\d[\d ()./-]{6,}\d")
_MOST_DIGITS = 15  # a phone number has at most 15 digits (ITU-T E.164)
# An address or a number said to be the speaker's own: "my (work) email", "reach me at".
_MINE = (
    r"(?:my|mein\w*|mon|ma|mi|mis|il\s+mio|la\s+mia|mio|mia|(?:o\s+)?meu|(?:a\s+)?minha|mijn|"
    r"mój|moja|moje|мой|моя|моё|benim)"
)
_OWN = re.compile(
    rf"\b{_MINE}\s+(?:\w+\s+){{0,2}}?(?:e-?mail\w*|address|adresse\w*|correo|courriel|"
    r"posta|почта|phone|mobile|cell|number|telefon\w*|téléphone|portable|teléfono|móvil|"
    r"telefono|cellulare|telefone|telemóvel|celular|telefoon|mobiel|numer|телефон\w*|номер|"
    r"numara\w*)\b|\b(?:reach|contact|email|e-mail|write|text|call|ring)\s+me\s+(?:at|on|via)\b|"
    r"\b(?:erreichst|erreichen)\s+(?:du\s+|sie\s+)?mich\b|\bjoindre\s+au\b",
    re.IGNORECASE,
)
_PHONE_WORD = re.compile(
    r"\b(?:phone|mobile|cell|number|tel|telefon\w*|téléphone|portable|teléfono|móvil|"
    r"telefono|cellulare|telefone|telemóvel|celular|telefoon|mobiel|numer|телефон\w*|номер|"
    r"numara\w*)\b",
    re.IGNORECASE,
)
# Sentences end at . ! ? ; before a space (an address's dots are inside it).
_SENTENCE_END = re.compile(r"(?<=[.!?;])\s+|\n+")
# Words that follow "I'm" without being a name ("I'm Tired", "I'm German").
_NOT_NAMES = frozenset(
    {"sorry", "fine", "ok", "okay", "here", "back", "home", "done", "ready", "tired", "happy",
     "sure", "glad", "new", "not", "just", "still", "also", "so", "very", "really"}
)  # fmt: skip


_INTRODUCTION = re.compile(rf"(?:^|[\s,;:(])(?i:{_INTRO})\s+{_WORDS_AFTER}")
_HERE = re.compile(r"^\s*(?P<name>[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+){1,2})\s+here\b")


def claims(text: str, *, speaker: str, at: datetime) -> list[Claim]:
    """The speaker's name, email address and phone number, as they state them."""
    found: list[tuple[str, str, str]] = []  # (predicate, value, quote)
    for part in _SENTENCE_END.split(text):
        sentence = part.strip()
        name = _name(sentence)
        if name is not None:
            found.append(("name", name, sentence))
        owned = bool(_OWN.search(sentence))
        for address in _EMAIL.findall(sentence) if owned else ():
            found.append(("email", address.rstrip("."), sentence))
        if owned and _PHONE_WORD.search(sentence):
            for number in _PHONE.findall(sentence):
                if 7 <= sum(c.isdigit() for c in number) <= _MOST_DIGITS:
                    found.append(("phone", number.strip(), sentence))
    read: list[Claim] = []
    for predicate, value, quote in found:
        try:
            read.append(
                Claim(
                    subject=speaker,
                    predicate=predicate,
                    object=value,
                    kind=Kind.FACT,
                    valid_from=at,
                    confidence=0.9,
                    quote=quote,
                    object_is_entity=False,
                )
            )
        except InvalidArgument:
            continue  # a value no claim can hold (past a claim's limits): nothing to read
    return read


def _name(sentence: str) -> str | None:
    match = _INTRODUCTION.search(sentence) or _HERE.search(sentence)
    if match is None:
        return None
    words: list[str] = []
    for word in match.group("name").split():
        if word[:1].isupper():
            words.append(word.rstrip("'’"))
        elif word in _PARTICLES and words:
            words.append(word)
        else:
            break
    while words and words[-1] in _PARTICLES:
        words.pop()
    if not words or words[0].casefold() in _NOT_NAMES:
        return None
    if len(words) == 1 and not _HERE.search(sentence):
        return None  # one capitalised word after "I'm" is as often a mood as a name
    return " ".join(words)
