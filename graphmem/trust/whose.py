"""Whose data a document is: the user's, someone's in their life, or a third party's.

Special categories (``graphmem.trust.sensitivity``) are personal data *about a person*.
An encyclopaedia paragraph that says a footballer joined a club "on loan", a news item
about a party, a product sheet that names a disease are not the user's health, finances
or politics, and holding them back hides the document from recall for nothing. So a
document is *third-party* — its special-category words do not make it sensitive — only
when all of these hold:

* it is written in a language read here (enough of its function words are known) that
  says its persons with words — not a pro-drop language (Spanish, Italian, Portuguese,
  Polish, Czech, Russian), where "Tengo diabetes" says "I" in the verb's ending alone —
  so the absence of personal words below means something;
* it says no first- or second-person word of that language ("I", "my", "we", "you"…);
* it names nobody the namespace already knows (an entity of the user's memory: the user
  under their names, their child, their doctor).

Anything else — a language not read here, a single word, a pronoun, a known name — is
the user's or someone's in their life, and the special categories apply as they do to
what the user says (the risky case, so it is the default).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

# Function words per language: a document is "read here" when enough of them occur.
_FUNCTION = {
    "en": "the of and to in is was for on that with as by at from it an are were this which",
    "es": "el la los las de del y en que por con una un es para se su al como",
    "fr": "le la les de des du et en que est une un pour dans par sur au avec il elle",
    "de": "der die das und den dem des ist ein eine zu mit von im auf für nicht sich",
    "it": "il lo la gli le di del della e che è un una per con nel sono da al",
    "pt": "o os as de do da dos das e que em um uma para com no na por foi",
    "nl": "de het een en van in is op te dat met voor zijn niet aan door",
    "sv": "och att det som en ett är av på för med till den inte har",
    "da": "og at det som en et er af på for med til den ikke har",
    "no": "og at det som en et er av på for med til den ikke har",
    "pl": "i w na z do się że nie jest to o od po jak przez",
    "cs": "a v na se je že to s z do o od po jako byl",
    "ru": "и в на не что с по как это он она был была из к от для",
}
# First- and second-person words (subject, object, possessive) of the same languages.
_PERSONAL = {
    "en": "i me my mine myself we us our ours you your yours yourself i'm i've i'd i'll",
    "es": "yo me mi mis mío mía nosotros nos nuestro nuestra tú te tu tus usted ustedes",
    "fr": "je j' moi mon ma mes nous notre nos tu toi ton ta tes vous votre vos",
    "de": "ich mich mir mein meine meiner wir uns unser unsere du dich dir dein deine ihr euch",
    "it": "io me mi mio mia miei mie noi ci nostro nostra tu te ti tuo tua voi vostro",
    "pt": "eu me mim meu minha meus minhas nós nos nosso nossa tu te teu tua você vocês",
    "nl": "ik mij me mijn wij we ons onze jij je jou jouw u uw jullie",
    "sv": "jag mig min mitt mina vi oss vår vårt våra du dig din ditt dina ni er",
    "da": "jeg mig min mit mine vi os vores du dig din dit dine i jer jeres",
    "no": "jeg meg min mitt mine vi oss vår vårt våre du deg din ditt dine dere",
    "pl": "ja mnie mi mój moja moje my nas nasz nasza ty ciebie cię twój twoja wy was",
    "cs": "já mě mi můj moje my nás náš naše ty tě tvůj tvoje vy vás váš",
    "ru": "я меня мне мой моя моё мои мы нас наш наша ты тебя тебе твой твоя вы вас ваш",
}
FUNCTION_WORDS = {lang: frozenset(words.split()) for lang, words in _FUNCTION.items()}
PERSONAL_WORDS = {lang: frozenset(words.split()) for lang, words in _PERSONAL.items()}
# A language is read when at least this many distinct function words of it occur, and they
# are this share of the words: a list of names or a code block is no language.
MIN_FUNCTION_WORDS = 2
MIN_FUNCTION_SHARE = 0.08
_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")
_NAME = re.compile(r"\b[A-ZÀ-ÖØ-Þ][\w'’-]+(?:\s+[A-ZÀ-ÖØ-Þ][\w'’-]+){0,2}")
MAX_NAMES = 12  # names looked up in the namespace per document
# Languages whose verbs carry the person, so that no pronoun is needed: a text in one of
# them says nothing about whose it is by lacking "I" or "my".
PRO_DROP = frozenset({"es", "it", "pt", "pl", "cs", "ru"})


def _words(text: str) -> list[str]:
    return [w.casefold().replace("’", "'") for w in _WORD.findall(text)]


def languages(text: str) -> list[str]:
    """The languages read here that ``text`` is written in (none: a language not read
    here, or no language at all)."""
    words = _words(text)
    found = []
    for language, vocabulary in FUNCTION_WORDS.items():
        hits = [w for w in words if w in vocabulary]
        if len(set(hits)) >= MIN_FUNCTION_WORDS and len(hits) / max(len(words), 1) >= (
            MIN_FUNCTION_SHARE
        ):
            found.append(language)
    return found


def speaks_personally(text: str, read_as: list[str]) -> bool:
    """A first- or second-person word of the languages the text is read as (a word of
    another language's list is often an ordinary word here: Polish "was", Danish "mit")."""
    personal = frozenset().union(*(PERSONAL_WORDS[language] for language in read_as))
    return any(w in personal or w.startswith("j'") for w in _words(text))


def names_in(text: str) -> list[str]:
    """Capitalised names (up to three words) a document mentions, first seen first."""
    return list(dict.fromkeys(m.group(0) for m in _NAME.finditer(text)))[:MAX_NAMES]


def third_party(text: str, known: Callable[[Iterable[str]], bool]) -> bool:
    """Whether a document is a third party's (see the module). ``known(names)`` says whether
    the namespace knows any of these names (each tried whole and by its words)."""
    read_as = languages(text)
    if not read_as or PRO_DROP.intersection(read_as) or speaks_personally(text, read_as):
        return False
    names = names_in(text)
    parts = [part for name in names for part in (name, *name.split())]
    return not known(dict.fromkeys(parts))
