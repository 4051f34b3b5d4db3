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
  so the absence of personal words below means something. Beside a language read on more
  of its words, a language is read on words of its own: English "to" and "a" are Czech
  words too, and do not make an English article Czech;
* it says no first- or second-person word of that language ("I", "my", "you"…). A
  document is, by its source, not the user speaking (``docs/DESIGN.md``: the host says
  who speaks), but "I" or "my" may still be the user's own writing the host filed as a
  document, and "you" addresses its reader, who in the user's memory is the user (a lab
  report, a bank letter): both keep it the user's. The plural "we" of an English document,
  alone, is its authors' ("we found", "our cohort", a newsroom, an organisation) — unless
  it speaks as a household or circle ("our son", "our home", "our friend", "we got
  married"), which is the user's; "us", and contractions ("we're", "let's"), are a
  conversation's and stay the user's.
  In English, "US" in capitals is the country and an "i" that is a list mark, a numeral
  or part of an abbreviation ("(i)", "i.e.", "type I", "I-II") is no pronoun; the first
  person of a quotation a verb of saying frames ('announced that "I am gay"', '"…," he
  told reporters') is the speaker's, not the writer's, while its "you" may be the reader
  and still counts; a title ("The Last of Us", 'a show named "Why I love…"') is nobody's
  words; an unframed quotation ('Dr Lee: "your HbA1c is 8.1"') is read as the document's;
* it names nobody the user's side told the memory about: an entity some statement of the
  user, the system, the user confirming, a model relaying the user or the agent names
  (the user under their names, their child, their doctor). A name learnt only from
  documents, emails or tools (authority ``external``) is not someone in the user's life:
  a news namespace that read of a senator last week does not make this week's article
  about the senator the user's data.

Anything else — a language not read here, a single word, a pronoun, a known name — is
the user's or someone's in their life, and the special categories apply as they do to
what the user says (the risky case, so it is the default).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from graphmem.model import Authority
from graphmem.trust.languages import languages, words_of

# First- and second-person words (subject, object, possessive) of the same languages.
_PERSONAL = {
    "en": "i me my mine myself we us our ours ourselves you your yours yourself yourselves "
    "i'm i've i'd i'll we're we've we'd we'll you're you've you'd you'll let's",
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
PERSONAL_WORDS = {lang: frozenset(words.split()) for lang, words in _PERSONAL.items()}
# English's second person: what a quotation keeps of its pronouns (_reported).
_SECOND_PERSON = frozenset(w for w in PERSONAL_WORDS["en"] if w.startswith("you"))
_NAME = re.compile(r"\b[A-ZÀ-ÖØ-Þ][\w'’-]+(?:\s+[A-ZÀ-ÖØ-Þ][\w'’-]+){0,2}")
MAX_NAMES = 12  # names looked up in the namespace per document
# Who tells the memory about the people in the user's life: every authority but outside
# content (graphmem.model.Authority; an email's, a document's or a tool's is ``external``).
TOLD_BY_USERS_SIDE = tuple(a.value for a in Authority if a is not Authority.EXTERNAL)
# The plural first person of English as authors write it, theirs when alone (see the module):
# "we found", "our cohort". "Us" ("told us", "join us") is more often a household or group
# told or asked something, and is left the user's.
AUTHORS_WE = frozenset({"we", "our", "ours", "ourselves"})
# ... unless it speaks as a household: their family, home, marriage, a pregnancy.
_HOUSEHOLD = re.compile(
    r"\b(?:our|us)\s+(?:own\s+|two\s+|three\s+|little\s+|new\s+|(?:young|old|eld)est\s+)?"
    r"(?:sons?|daughters?|child|children|kids?|bab(?:y|ies)|toddlers?|twins|family|families|"
    r"home|house|flat|apartment|parents?|mother|father|mom|mum|dad|husband|wife|partner|"
    r"grand(?:son|daughter|children|kids|parents|ma|pa)s?|brothers?|sisters?|siblings?|"
    r"marriage|wedding|doctor|gp|landlord|neighbou?rs?|mortgage|rent|savings|debts?|"
    r"friends?|colleagues?|cousins?|aunts?|uncles?|nephews?|nieces?|relatives?|in-laws|"
    r"flatmates?|roommates?|boss)\b|"
    r"\bwe(?:\s+are|\s+were|'re|\s+got|\s+have\s+been|\s+just\s+got)\s+"
    r"(?:married|divorced|engaged|separated|pregnant|expecting)\b",
    re.IGNORECASE,
)
# An English "i" or "I" that is no pronoun: joined to a mark, a digit or a letter by a
# point, hyphen or slash ("i.e.", "p.i.", "2G-I", "I-II", "I/II"), in brackets ("(i)"), or a
# numeral: after a capitalised word that numbers things ("Type I", "Schedule I", "World War
# I"), after an enzyme or molecule ("topoisomerase I", "MHC I"), or after a lowercase one
# with a mark or a noun of its kind next ("class I,", "type I interferon", "phase I trial").
# "The group I joined" and "the class I teach" keep their pronoun.
_NUMBERED = (
    r"(?:ype|lass|hase|rade|tage|chedule|roup|ategory|evel|art|hapter|ection|olume|ol|ar|"
    r"rticle|itle|omplex|egion|omain|ier|rack|tep|ite|actor)s?"
)
_NUMBERED_NOUN = (
    r"[A-Z]{2,}s?|\(|interferons?|diabetes|trials?|clinical|stud(?:y|ies)|molecules?|antigens?|"
    r"receptors?|cells?|diseases?|cancers?|tumou?rs?|errors?|hypersensitivity|collagen|"
    r"proteins?|genes?|responses?|and|or|to"
)
_NOT_PRONOUN_I = re.compile(
    r"\(\s*[Ii]\s*\)|\b[Ii](?=[.\-/][^\W_])|(?<=[^\W_]\.)[Ii]\b|(?<=[\-/\d])[Ii]\b|"
    # A variable with its index ("infected people (I P )", "I B"): a lone capital follows.
    r"\bI(?=\s+[B-HJ-NP-Z]\b(?![.'’-]))|"
    rf"\b[TCPGSLAVWRDF]{_NUMBERED}\s+I\b|"
    r"(?i:\b(?:topoisomerase|polymerase|collagen|complex|interferon|ifn|mhc|hla))\s+I\b|"
    rf"\b[tcpgslavwrdf]{_NUMBERED}\s+I(?=\s*(?:[,.;:)/]|$)|\s+(?:{_NUMBERED_NOUN})\b)"
)
# The "us" of authors whom a method, a result or a tool lets do something: "allowing us to
# update", "which helped us to identify", "led us to hypothesise".
_AUTHORS_US = re.compile(
    r"\b((?:allow|enabl|help|permitt?|prompt)(?:e|es|ed|ing|s|d)?|lead(?:s|ing)?|led)\s+us\s+to\b",
    re.IGNORECASE,
)
# The "I" of a single author at work, and "my" before what an author makes: "I estimated
# the incidence", "I have to point out", "I would argue", "my opinion is". Read as the
# authors' "we": a text whose every first person is one of these speaks of its argument,
# not of its writer's life ("I think I have the flu" still says "I have").
_AUTHORS_I = re.compile(
    r"\bI\s+(?:(?:also|first|further|then|now|here|therefore|thus|strongly|briefly|would|"
    r"will|must|can|should|have\s+to|wish\s+to|aim\s+to|tried\s+to)\s+)?"
    r"(?:estimat|aim|believ|predict|argu|propos|point|suggest|conclud|analy[sz]|assum|"
    r"examin|review|discuss|describ|hypothesi[sz]|emphasi[sz]|recommend|calculat|comput|"
    r"model|simulat|fitt?|deriv|show|demonstrat|summari[sz]|compar|evaluat|quantif)"
    r"(?:e|es|ed|ing|s|d|led|ling|ted|ting|ied|y|ies)?\b"
    r"|\bmy\s+(?:opinion|view|argument|analysis|estimates?|hypothesis|predictions?|"
    r"conclusions?|model|calculations?|proposal)\b",
    re.IGNORECASE,
)
# A quotation in an English document: straight or curly double marks, low-high, guillemets.
_QUOTATION = re.compile(r'"[^"\n]{1,1000}"|“[^”\n]{1,1000}”|„[^“”\n]{1,1000}[“”]|«[^»\n]{1,1000}»')
# A quotation is someone's reported speech when a verb of saying frames it: before it in the
# same sentence ('She said: "I am…"', 'announced that "I am…"') or just after it
# ('"…," he told reporters'), or by a verb that names it. Its first person is the speaker's,
# not the document's writer. Its second person is kept: the speaker may be talking to the
# reader ('Dr Lee said: "your HbA1c is 8.1"' in the user's own note), and whom a "you"
# addresses cannot be told from the text, so it counts (fail closed). The frame itself is
# read as usual: 'I said: "…"' says I.
_SAYING = (
    r"(?:sa(?:y|ys|id|ying)|t(?:ell|ells|old|elling)|announc(?:e|es|ed|ing)|wr(?:ite|ites|ote|"
    r"iting)|add(?:s|ed|ing)|ask(?:s|ed|ing)|repl(?:y|ies|ied|ying)|declar(?:e|es|ed|ing)|"
    r"tweet(?:s|ed|ing)|post(?:s|ed|ing)|stat(?:e|es|ed|ing)|explain(?:s|ed|ing)|"
    r"insist(?:s|ed|ing)|argu(?:e|es|ed|ing)|jok(?:e|es|ed|ing)|quip(?:s|ped|ping)|"
    r"claim(?:s|ed|ing)|admit(?:s|ted|ting)|warn(?:s|ed|ing)|urg(?:e|es|ed|ing)|"
    r"recall(?:s|ed|ing)|not(?:e|es|ed|ing)|continu(?:e|es|ed|ing)|respond(?:s|ed|ing)|"
    r"remark(?:s|ed|ing)|comment(?:s|ed|ing)|vow(?:s|ed|ing)|pledg(?:e|es|ed|ing)|"
    r"promis(?:e|es|ed|ing)|reveal(?:s|ed|ing)|conced(?:e|es|ed|ing)|boast(?:s|ed|ing)|"
    r"shout(?:s|ed|ing)|sang|sing(?:s|ing)?|read(?:s|ing)?\s+out|introduc(?:e|es|ed|ing)|"
    # ... or names it: a show, a book, a slogan ('an exhibition named "Why I love…"').
    r"nam(?:e|es|ed)|call(?:s|ed)|(?:en)?titled|dubbed|labell?ed|branded)"
)
_SAID_BEFORE = re.compile(rf"\b{_SAYING}\b[^.!?\"“”„«»\n]{{0,80}}$", re.IGNORECASE)
_SAID_AFTER = re.compile(rf"^[\s,.!?;:–—-]*(?:[\w’'.-]+\s+){{0,3}}{_SAYING}\b", re.IGNORECASE)
_LETTERED_WORD = re.compile(r"[^\W\d_][\w’'-]*")


def _reported(text: str) -> str:
    """``text`` without the quotations that are a work's title ("The Last of Us": its longer
    words all capitalised), and with only the second person left of those that are someone's
    reported speech."""

    def blank(match: re.Match[str]) -> str:
        inner = match.group(0)[1:-1]
        long_words = [w for w in _LETTERED_WORD.findall(inner) if len(w) > 3]
        if long_words and len(inner.split()) <= 10 and all(w[0].isupper() for w in long_words):
            return " "  # a title
        before = text[max(0, match.start() - 120) : match.start()]
        after = text[match.end() : match.end() + 60]
        if _SAID_BEFORE.search(before) or _SAID_AFTER.search(after):
            return " " + " ".join(w for w in words_of(inner) if w in _SECOND_PERSON) + " "
        return match.group(0)

    return _QUOTATION.sub(blank, text)


# Languages whose verbs carry the person, so that no pronoun is needed: a text in one of
# them says nothing about whose it is by lacking "I" or "my".
PRO_DROP = frozenset({"es", "it", "pt", "pl", "cs", "ru"})


def personal_words(text: str, read_as: list[str]) -> list[str]:
    """The first- and second-person words of the languages the text is read as (a word of
    another language's list is often an ordinary word here: Polish "was", Danish "mit"), in
    English without "US" in capitals (the country) and an "i" that is no pronoun, and with
    the "us" of a method that lets its authors do something ("allowing us to estimate") and
    a single author's "I" at work ("I estimated", "my opinion is") read as their "we"."""
    personal = frozenset().union(*(PERSONAL_WORDS[language] for language in read_as))
    if "en" in read_as:
        text = _reported(text)
        text = _NOT_PRONOUN_I.sub(" ", text)
        text = _AUTHORS_US.sub(r"\1 we to", text)
        text = _AUTHORS_I.sub(" we ", text)
        if not text.isupper():
            text = re.sub(r"\bUS\b", " ", text)
    return [w for w in words_of(text) if w in personal or w.startswith("j'")]


def speaks_personally(text: str, read_as: list[str]) -> bool:
    """Whether the text says a first- or second-person word of its languages (see
    :func:`personal_words`) other than an English document's authors' "we"."""
    said = personal_words(text, read_as)
    if said and "en" in read_as and AUTHORS_WE.issuperset(said):
        return bool(_HOUSEHOLD.search(text))
    return bool(said)


def says_nobody(text: str, known: Callable[[Iterable[str]], bool]) -> bool:
    """Whether a text too short to be read in a language (a heading, a list item) says no
    first- or second-person word of any language read here and names nobody the user's side
    told of (``known``, as for :func:`third_party`)."""
    return not personal_words(text, list(PERSONAL_WORDS)) and not _names_known(text, known)


def _names_known(text: str, known: Callable[[Iterable[str]], bool]) -> bool:
    """Whether the user's side told of a name the text mentions, whole or by its words."""
    names = names_in(text)
    return known(dict.fromkeys(part for name in names for part in (name, *name.split())))


def names_in(text: str) -> list[str]:
    """Capitalised names (up to three words) a document mentions, first seen first."""
    return list(dict.fromkeys(m.group(0) for m in _NAME.finditer(text)))[:MAX_NAMES]


def third_party(text: str, known: Callable[[Iterable[str]], bool]) -> bool:
    """Whether a document is a third party's (see the module). ``known(names)`` says whether
    the user's side told the namespace of any of these names (each tried whole and by its
    words: :data:`TOLD_BY_USERS_SIDE`)."""
    read_as = languages(text)
    if not read_as or PRO_DROP.intersection(read_as) or speaks_personally(text, read_as):
        return False
    return not _names_known(text, known)
