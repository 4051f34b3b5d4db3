"""Which of some languages a text is written in, read from its function words.

A text reads as a language when enough distinct function words of that language occur in
it and make up enough of its words; a list of names, a code block or a short line reads as
none. :mod:`graphmem.trust.whose` reads whose a document is by it, and the secret gate
(:mod:`graphmem.trust.secrets.plain`) which words of a text are English.
"""

from __future__ import annotations

import re

# Function words per language: a document is "read here" when enough of them occur.
_FUNCTION = {
    "en": "the of and to in is was for on that with as by at from it a an are were this which",
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
FUNCTION_WORDS = {lang: frozenset(words.split()) for lang, words in _FUNCTION.items()}
# A language is read when at least this many distinct function words of it occur, and they
# are this share of the words: a list of names or a code block is no language.
MIN_FUNCTION_WORDS = 2
MIN_FUNCTION_SHARE = 0.08
_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")
# Latin abbreviations that scholarly and legal text of any language writes.
_LATIN = re.compile(r"\b(?:et\s+al|e\.\s?g|i\.\s?e|cf|viz|vs|etc|ibid)\b\.?", re.IGNORECASE)


def words_of(text: str) -> list[str]:
    """The words of ``text``, case-folded, with a typographic apostrophe made plain."""
    return [w.casefold().replace("’", "'") for w in _WORD.findall(text)]


def languages(text: str) -> list[str]:
    """The languages read here that ``text`` is written in (none: a language not read
    here, or no language at all). Beside a language read on more distinct words, a language
    is read on words of its own: the function words it shares with that one, and single
    letters, are no evidence for it (English "to" and "a" do not make a text Czech). Latin
    abbreviations of citations are no language's words ("et al." is neither French "et"
    nor Italian "al")."""
    words = words_of(_LATIN.sub(" ", text))
    seen: dict[str, set[str]] = {}
    for language, vocabulary in FUNCTION_WORDS.items():
        hits = [w for w in words if w in vocabulary]
        if len(set(hits)) >= MIN_FUNCTION_WORDS and len(hits) / max(len(words), 1) >= (
            MIN_FUNCTION_SHARE
        ):
            seen[language] = set(hits)
    found = []
    for language, distinct in seen.items():
        stronger = [FUNCTION_WORDS[o] for o, h in seen.items() if len(h) > len(distinct)]
        own = {
            w
            for w in distinct
            if not stronger or (len(w) > 1 and not any(w in v for v in stronger))
        }
        if len(own) >= MIN_FUNCTION_WORDS:
            found.append(language)
    return found
