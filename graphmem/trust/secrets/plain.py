"""Plain words: how common a word is in English, read from wordfreq's lists.

A cue of another language spelled like an English word ("digital" and Italian "digita") and a
token the judge scores high that is an everyday word ("they", "cheese") say nothing about
access in a text written in English. How common a word is comes from wordfreq (its English
list, made from subtitles, books, news, the web and Wikipedia; code under Apache-2.0, data
under CC BY-SA 4.0), loaded on first use.
"""

from __future__ import annotations

import functools
import re

from graphmem.trust import whose

# Seen at least once per million words (wordfreq's Zipf scale): an everyday English word.
EVERYDAY = 3.0
# Once per hundred million words: a word of English, if a rare one ("cytokine").
KNOWN = 1.0


@functools.lru_cache(maxsize=8192)
def zipf(word: str) -> float:
    """How common ``word`` is in English, on the Zipf scale (0: never seen)."""
    from wordfreq import zipf_frequency  # noqa: PLC0415 - its list loads on first use

    return float(zipf_frequency(word, "en"))


# A text whose function words name no language is English when it has this many words and
# this share of them are everyday English words (casual chat says few of the function words
# graphmem.trust.whose counts: "if you say cheese tart my mind just thinks of cheese").
MIN_WORDS = 6
ENGLISH_SHARE = 0.85
_WORD = re.compile(r"[^\W\d_]{2,}(?:['’][^\W\d_]+)?")


@functools.lru_cache(maxsize=64)
def in_english(text: str) -> bool:
    """Whether ``text`` reads as English and as nothing else: by its function words
    (graphmem.trust.whose), or, where those name no language, by nearly all of its words
    being everyday English. Only there is an English word known for one; a short message,
    or one in another language, is read as before."""
    read = whose.languages(text)
    if read:
        return read == ["en"]
    words = [w.casefold() for w in _WORD.findall(text)]
    if len(words) < MIN_WORDS:
        return False
    return sum(zipf(w) >= EVERYDAY for w in words) >= ENGLISH_SHARE * len(words)
