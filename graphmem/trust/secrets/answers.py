"""Answers: what someone told a security question, found by where an answer sits.

"Güvenlik sorusuna (ilk evcil hayvan) Pamuk yazdım", "Контрольный вопрос в банке — девичья
фамилия матери, ответ Костылева", "Қауіпсіздік сұрағына (...) Ақтөс деп жаздым": after the
question's name (:mod:`~graphmem.trust.secrets.cues`, concept ``answer``) and the question
itself in brackets or quotes, the answer is

* the words right before a quoting particle ("Ақтөс деп", "Банхар гэж", "చింటూ అని"), in the
  languages that quote before a final verb;
* in a script with capitals, the last run of capitalised words of a clause, with at most
  two words after it (a verb that comes last: "Snuffie ingevuld", "Txuri jarri nuen"),
  not a noun after "my" or "der" ("meiner Mutter wissen" is talk about a question);
* in a script without capitals, a short clause whole, or the words after the question's
  "name" word, or the last three: a few words too many cost less than an answer kept.

The last clause of the sentence is read first ("…, wpisałam Burek Drugi").
"""

from __future__ import annotations

import itertools
import re

# A word: letters with their vowel signs and viramas (a Thai tone mark, a Devanagari matra
# are no letters to ``\w``), apostrophes inside.
_WORD = re.compile(r"[^\s,.;:!?()\[\]{}\"«»“”„「」『』。、，！？।։።፣—–]+")
_SENTENCE = re.compile(r"[.!?](?=\s|$)|[。！？।։።\n]")
_CLAUSE = re.compile(r",\s|،\s?|\s[—–-]\s|;\s|、|，")
# The question itself, told in brackets or quotes after its name, with a particle joined.
_TOPIC = re.compile(
    r"\s*(?:\([^)\n]{1,80}\)|«[^»\n]{1,80}»|\"[^\"\n]{1,80}\"|“[^”\n]{1,80}”)\S{0,3}"
)
# Particles that close a quoted answer before the verb (kk, uz, mn, te, ml, ta, si, my, am,
# ne, bn, hi), and the Korean one joined to the answer.
_QUOTATIVE = frozenset(
    ["деп", "deb", "гэж", "అని", "എന്ന്", "என்று", "කියලා", "လို့", "ብዬ", "भनेर", "বলে", "कहकर", "ಎಂದು"]
)
_JOINED_QUOTATIVE = re.compile(r"(?:이?라고|이?라구)$")
# Words before a noun that make it a noun of the sentence, not a name told ("my mother",
# "meiner Mutter", "de mi madre"): determiners and possessives of the cased languages.
_DETERMINER = re.compile(
    r"^(?:my|your|his|her|our|their|the|a|an|this|that|mein\w*|dein\w*|sein\w*|ihr\w*|unser\w*"
    r"|der|die|das|den|dem|des|ein\w*|mi|tu|su|sus|el|la|los|las|le|les|un|une|mon|ma|mes"
    r"|ton|ta|son|sa|du|il|lo|gli|mio|mia|meu|minha|het|een|mijn|jouw|zijn|haar|moj\w*|мо\w+"
    r"|твo\w*|его|её|ее|их)$",
    re.IGNORECASE,
)
_POSSESSOR = ("'s", "’s")
_ME = frozenset({"I", "I'm", "I'll", "I'd", "I've", "OK", "Ok"})
_MAX_RUN, _AFTER_RUN, _SHORT, _LAST = 4, 3, 4, 4


# A question's noun, in the languages of the cue data: with the question itself quoted
# beside it ("the 'favourite teacher' question", "Na pergunta «…»", "“…”那个问题"), what
# was answered follows, as after a security question's own name.
_QUESTION = re.compile(
    r"(?<![^\W\d_])(?:question|pergunta|pregunta|domanda|frage|vraag|pytanie|otázk\w|kysymy\w*"
    r"|spørgsmål\w*|spørsmål\w*|fråga\w*|soru\w*|kérdés\w*|întrebare\w*|ερώτηση|питанн?я"
    r"|вопрос\w*|pitanje|küsimus\w*|spurning\w*|cwestiwn|ceist|swali|umbuzo|embuzweni|pirs\w*"
    r"|pertanyaan|soalan|tanong|câu hỏi|savol\w*|ìbéèrè|հարց\w*|سؤال|سوال|שאלה|לשאלה"
    r"|בשאלה|प्रश्न\w*|প্রশ্ন\w*|ਸਵਾਲ)"
    r"(?![^\W\d_])|问题|問題|質問|질문",
    re.IGNORECASE,
)
_QUOTE = re.compile(
    r"«[^»\n]{3,80}»|„[^“”\n]{3,80}[“”]|“[^”\n]{3,80}”|\"[^\"\n]{3,80}\"|'[^'\n]{3,80}'|「[^」\n]{3,80}」"
)
_NEAR = 24


def quoted_question(text: str) -> tuple[int, int] | None:
    """The answer after a quoted question beside a question's noun, if any."""
    for quote in _QUOTE.finditer(text):
        lo, hi = max(0, quote.start() - _NEAR), min(len(text), quote.end() + _NEAR)
        noun = next(iter(_QUESTION.finditer(text, lo, hi)), None)
        asked = quote.group()[-2:-1] in ("?", "？")  # «¿cómo se llamaba tu primer colegio?»
        if noun is None and not asked:
            continue
        span = told(text, max(quote.end(), noun.end() if noun else 0), [])
        if span is not None:
            return span
    return None


def told(text: str, start: int, names: list[tuple[int, int]]) -> tuple[int, int] | None:
    """The answer told after a security question's name that ends at ``start``; ``names``
    are the spans of "name" words, after which an answer follows in scripts without case."""
    stop = _SENTENCE.search(text, start)
    hi = stop.start() if stop is not None else len(text)
    topic = _TOPIC.match(text, start, hi)
    lo = topic.end() if topic is not None else start
    if lo >= hi:
        return None
    # A remark in brackets after the answer is not it: "is Pickle Lane (I made it up)".
    aside = text.find(" (", lo, hi)
    hi = aside if aside >= 0 else hi
    bounds = [lo] + [m.end() for m in _CLAUSE.finditer(text, lo, hi)] + [hi]
    clauses = list(itertools.pairwise(bounds))
    # Georgian has capitals in Unicode that nobody types: a message with none is uncased.
    cased = any(c.isupper() for c in text)
    for c_lo, c_hi in reversed(clauses):
        span = _in_clause(text, c_lo, c_hi, names, cased=cased)
        if span is not None:
            return span
    return None


def _in_clause(
    text: str, lo: int, hi: int, names: list[tuple[int, int]], *, cased: bool
) -> tuple[int, int] | None:
    words = [w for w in _WORD.finditer(text, lo, hi) if any(c.isalnum() for c in w.group())]
    if not words:
        return None
    for i, w in enumerate(words):
        if w.group() in _QUOTATIVE and i:
            said = words[max(0, i - _LAST) : i]
            return said[0].start(), said[-1].end()
        joined = _JOINED_QUOTATIVE.search(w.group())
        if joined is not None and joined.start():
            return w.start(), w.start() + joined.start()
    if cased or any(c.isascii() and c.isalpha() for w in words for c in w.group()):
        # Nothing capitalised in a script with capitals: talk about the question.
        return _capitalised(words)
    if len(words) <= _SHORT:
        return words[0].start(), words[-1].end()
    after = [w for w in words if any(n_end <= w.start() for _, n_end in names)]
    if after and len(after) <= _SHORT + 1:
        return after[0].start(), after[-1].end()
    return words[-_LAST].start(), words[-1].end()


def _capitalised(words: list[re.Match[str]]) -> tuple[int, int] | None:
    """The last run of capitalised words with at most two words after it."""
    # A name's number goes with it ("Dacia 1310").
    caps = [
        any(c.isupper() or c.isdigit() for c in w.group()) and w.group().strip("'’") not in _ME
        for w in words
    ]
    end = len(words)
    while end > 0 and not caps[end - 1]:
        end -= 1
    if end == 0 or len(words) - end > _AFTER_RUN or words[end - 1].group().endswith(_POSSESSOR):
        return None  # nothing capitalised, or a possessor ("for Grandma's birthday")
    first = end - 1
    while first > 0 and end - first < _MAX_RUN + 2:
        before = words[first - 1].group()
        # A name's small words ("Colegio San Fermín de los Navarros", "Bobby tal-Mellieħa").
        if caps[first - 1] or (
            before.islower() and len(before) <= 3 and first > 1 and caps[first - 2]
        ):
            first -= 1
        else:
            break
    while not caps[first]:
        first += 1
    if first > 0 and _DETERMINER.match(words[first - 1].group()):
        return None  # "meiner Mutter": a noun of the sentence
    return words[first].start(), words[end - 1].end()
