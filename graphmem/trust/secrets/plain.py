"""Plain words: what an English word says in English text.

The cue lexicon (:mod:`graphmem.trust.secrets.cues`) holds some sixty languages' words about
access, and some are spelled like English words or the insides of them (Italian "digita" in
"digital", "porta" in "important", Spanish "introduce", Hausa "tokin" in "cytokine"). In text
written in English those are English words and say nothing about access, and so is an English
cue word with an ending English does not give it ("secret-ion", "alarm-in") or one that
modifies a plural noun ("key points"). How common a word is comes from wordfreq (its English
list, made from subtitles, books, news, the web and Wikipedia; code under Apache-2.0, data
under CC BY-SA 4.0), loaded on first use.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Collection, Mapping

from graphmem.trust.languages import FUNCTION_WORDS, languages, words_of

# Seen at least once per million words (wordfreq's Zipf scale): an everyday English word.
EVERYDAY = 3.0
# Once per hundred million words: a word of English, if a rare one ("cytokine").
KNOWN = 1.0
# A text whose function words name no language is English when it has this many words and
# this share of them are everyday English words (casual chat says few of the function words
# graphmem.trust.languages counts: "if you say cheese tart my mind just thinks of cheese").
MIN_WORDS = 6
ENGLISH_SHARE = 0.85
_ENDINGS = ("'s", "’s", "s", "es", "ed", "d", "ing", "ers", "er")  # English gives its words
# English's words about access that English also puts before a plural noun as a modifier:
# "key points", "key findings", "safe havens", "combination therapies". Not "press", a verb of
# keying in before the key it names ("press star, then 4417").
_MODIFIERS = frozenset({"key", "safe", "combination", "combinations"})
_NEXT_WORD = re.compile(r" ([^\W\d_]+)\b(?![\d_-])")


@functools.lru_cache(maxsize=8192)
def zipf(word: str) -> float:
    """How common ``word`` is in English, on the Zipf scale (0: never seen)."""
    from wordfreq import zipf_frequency  # noqa: PLC0415 - its list loads on first use

    return float(zipf_frequency(word, "en"))


@functools.lru_cache(maxsize=64)
def in_english(text: str) -> bool:
    """Whether ``text`` reads as English and as nothing else: by its function words
    (graphmem.trust.languages), or, where those name no language, by nearly all of its words
    being everyday English. Only there is an English word known for one; a short message,
    or one in another language, is read as before."""
    read = languages(text)
    if read:
        return read == ["en"]
    words = [w for w in words_of(text) if len(w) > 1]
    if len(words) < MIN_WORDS:
        return False
    return sum(zipf(w) >= EVERYDAY for w in words) >= ENGLISH_SHARE * len(words)


def plain_english(
    folded: str,
    start: int,
    end: int,
    term: str,
    *,
    english: Collection[str],
    concepts: Mapping[str, str],
    quiet: Collection[str],
) -> bool:
    """Whether the cue at ``folded[start:end]`` (the lexicon's ``term`` with any ending, in a
    text read :func:`in_english`) sits in a word that is everyday English and none of
    English's words about access (``english``: the lexicon's English rows and the English
    strings its catalogues were translated from):
    "digital" is no Italian "digita", "important" no "porta", "Taipei" no "taip",
    "secretion" no "secret". What English says about access ("password", "passwords",
    "padlock", "wifipassword") stays a cue, and so does another language's word
    ("contraseña", "clave"): English text does not make it English. ``concepts`` maps each
    term of the lexicon to its concept, and ``quiet`` names the concepts that name no
    secret."""
    if " " in folded[start:end]:
        return False  # several words ("security code") name access whatever their language
    lo, hi = start, end
    while lo > 0 and folded[lo - 1].isalpha():
        lo -= 1
    while hi < len(folded) and folded[hi].isalpha():
        hi += 1
    word = folded[lo:hi]
    if word in _MODIFIERS:
        return _modifies(folded, hi, concepts, quiet)
    if word in english or any(
        word.endswith(ending) and word[: -len(ending)] in english for ending in _ENDINGS
    ):
        return False
    if term in english:
        # English's own word with an ending English does not give it is another word
        # ("alarm-in", "secret-ion", "lock-down"); after other letters it is a compound
        # ("wifipassword") unless the whole is an everyday word of its own ("b-lockers").
        return lo == start or zipf(word) >= EVERYDAY
    # Inside a word English knows at all, another language's cue is only letters of it
    # ("cy-tokin-e": Hausa "tokin", a token, in "cytokine").
    return zipf(word) >= (KNOWN if lo < start else EVERYDAY)


def _modifies(folded: str, end: int, concepts: Mapping[str, str], quiet: Collection[str]) -> bool:
    """Whether the word ending at ``end`` modifies the everyday English plural noun right
    after it ("key points", "key stakeholders"), rather than naming something a value or a
    place follows ("the key is …", "key: …", "safe 4417", "the key under the mat", "the safe
    behind the painting", "the safe combination 12-34-56", "key cards")."""
    found = _NEXT_WORD.match(folded, end)
    if found is None:
        return False
    after = found.group(1)
    one = after[:-1]
    if (
        len(after) < 4
        or not after.endswith("s")
        or after.endswith("ss")
        or after in FUNCTION_WORDS["en"]
    ):
        return False
    named = concepts.get(after) or concepts.get(one)
    return (
        (named is None or named in quiet)  # "key cards", "safe codes" name access
        and zipf(after) >= EVERYDAY
        and zipf(one) >= EVERYDAY  # a noun's plural: "always" is no "alway"
    )
