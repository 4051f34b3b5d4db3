"""Special categories of personal data, recognised so recall holds them back.

Health, religion, sexual orientation, political views, finances, biometrics,
the precise location of a home and children's details are ``sensitive``:
stored (the user said them), but left out of recall unless the caller asks
for them with ``max_sensitivity="sensitive"``. Recognition looks at the
predicate and at the words of the claim or the episode, in English and the
most used European languages; it errs towards ``sensitive``.

What counts is information *about* a person in a category, not a word of its
vocabulary said in passing. Holding back every turn that says "my kids" or
"cooking is therapy for me" would hide a large part of ordinary conversation
from recall and protect nothing. So, in English:

- a child is a special category through a detail that identifies or concerns
  them (a name, an age, a school, a birthday, their health), not through the mere
  mention of having children; in the other languages any mention still counts;
- "therapy" used figuratively ("it's like therapy", "a form of therapy") is not
  health;
- "religion" or "religious" said of others or of a book is not a belief; faith
  names and first-person statements are.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from graphmem.model import Claim, Sensitivity, render_value
from graphmem.trust import feelings, sensitivity_lexicon
from graphmem.trust.minor_age import minor_age
from graphmem.trust.sensitivity_words import TERMS

CATEGORIES = (
    "health",
    "mental_health",
    "sexual_orientation",
    "gender_identity",
    "religion",
    "politics",
    "trade_union",
    "activism",
    "ethnicity",
    "immigration",
    "criminal_record",
    "genetics_biometrics",
    "pregnancy",
    "disability",
    "addiction",
    "finances",
    "home_location",
    "children",
)

_PREDICATES: dict[str, frozenset[str]] = {
    "health": frozenset({"diagnosis", "diagnosed", "diagnosed_with", "condition", "illness",
                         "disease", "blood_type", "blood_group", "medication", "medications",
                         "takes_medication", "prescription", "prescribed", "allergy",
                         "allergic_to", "health", "health_condition", "symptom", "symptoms",
                         "treatment", "hiv_status", "blood_pressure"}),
    "mental_health": frozenset({"mental_health", "therapy", "therapist", "psychiatrist"}),
    "religion": frozenset({"religion", "faith", "religious", "belief", "beliefs",
                           "worships_at", "church", "mosque", "synagogue", "temple"}),
    "sexual_orientation": frozenset({"sexual_orientation", "orientation", "sexuality"}),
    "gender_identity": frozenset({"gender_identity", "pronouns", "gender"}),
    "politics": frozenset({"political_party", "party", "politics", "political_views",
                           "votes_for", "voted_for", "voting", "political_affiliation",
                           "party_member", "party_membership"}),
    "trade_union": frozenset({"union_member", "trade_union", "union", "union_membership",
                              "union_rep"}),
    "activism": frozenset({"activism", "activist", "protests", "marched_with"}),
    "ethnicity": frozenset({"ethnicity", "race", "ethnic_origin", "heritage"}),
    "immigration": frozenset({"immigration_status", "visa_status", "citizenship",
                              "residence_permit", "asylum"}),
    "criminal_record": frozenset({"criminal_record", "conviction", "convicted_of"}),
    "genetics_biometrics": frozenset({"fingerprint", "fingerprints", "face_id", "retina",
                                      "iris", "dna", "genome", "voiceprint", "biometric",
                                      "biometrics", "genetic_condition"}),
    "pregnancy": frozenset({"pregnant", "pregnancy", "due_date", "fertility"}),
    "disability": frozenset({"disability", "disabled"}),
    "addiction": frozenset({"addiction", "sober_since", "sobriety"}),
    "finances": frozenset({"salary", "income", "earns", "debt", "debts", "owes", "loan",
                           "loans", "mortgage", "credit_score", "net_worth", "savings",
                           "bank_balance", "balance", "bonus", "wage", "pay", "bankruptcy",
                           "tax", "taxes", "overdraft"}),
    "home_location": frozenset({"home_address", "address", "lives_at", "street_address",
                                "gate_code", "home_coordinates", "postal_address"}),
    "children": frozenset({"child", "children", "son", "daughter", "kid", "kids",
                           "child_school", "kid_school", "son_school", "daughter_school",
                           "child_age", "childs_name", "child_name"}),
}  # fmt: skip

# The categories of graphmem.trust.sensitivity_words, and the English forms kept here: a child's
# details and a home's whereabouts need more than words (see _children, _HOME).
_WORDS: dict[str, str] = dict(TERMS)
_WORDS["home_location"] = (
    r"\b(?:my|our|her|his|their)\s+(?:home\s+)?address\s+is\b|"
    r"\b(?:live|lives|living)\s+at\s+\d+|\bhome\s+(?:address|coordinates|is\s+at)\b|"
    # A street name is capitalised ("3 hour drive" is not an address).
    r"\b\d{1,5}\s+(?-i:[A-Z])[\w'-]+(?:\s+(?-i:[A-Z])[\w'-]+)?\s+(?:Street|St|Road|Rd|Avenue|Ave|Lane|Ln|"
    r"Drive|Dr|Court|Ct|Boulevard|Blvd|Way|Close|Crescent|Place|Terrace)\b|"
    r"gate\s+code|door\s+code|\b-?\d{1,3}\.\d{4,},\s*-?\d{1,3}\.\d{4,}\b|"
    r"\b(?:wohne|wohnen)\s+in\s+der\s+\w+(?:straße|strasse)\s+\d+|"
    r"\b(?:j'habite|habite)\s+au\s+\d+|\bvivo\s+en\s+(?:la\s+)?calle\b"
)
# A child's details; "my kids" alone is in _CHILD and needs a detail (see _children). A
# child's named institution ("Maple Primary", a nursery) is a detail whoever attends it, and a
# name's "tenth birthday" is a child's.
_WORDS["children"] = (
    # Under 18: "my 30-year-old son" is an adult, and no child's detail.
    r"\b(?:(?:1[0-7]|[0-9]|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)[- ]"
    r"years?|\d+[- ](?:month|week)s?)[- ]old\s+(?:son|daughter|kids?|children|child|boy|girl|"
    r"baby|twins|stepson|stepdaughter|niece|nephew|grandson|granddaughter)\b|"
    r"\b(?:son|daughter|kid|child|kids|children|niece|nephew|grandson|granddaughter)'s?\s+"
    r"(?:school|name|birthday|age|teacher|class|doctor|allergy|allergies|nursery|daycare|"
    r"kindergarten)\b|"
    # A name, not a word in capitals: "id INTEGER PRIMARY KEY" is SQL.
    r"\b(?-i:[A-Z][a-z'’])\w*\s+(?:Primary|Elementary|Nursery|"
    r"Kindergarten|Preschool|Montessori)\b(?!\s+keys?\b)|\bnursery\s+(?:pick-?up|drop-?off)|"
    r"\b(?-i:[A-Z])\w+'s\s+(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|"
    r"tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|\d{1,2}(?:st|nd|rd|th))"
    r"\s+birthday|"
    r"\bgrundschule|\bkita\b|kindergarten|\bécole\s+(?:maternelle|primaire)|\bcrèche|"
    r"\bguardería|\bescuela\s+(?:infantil|primaria)|\basilo\s+nido|\bscuola\s+"
    r"(?:elementare|materna|dell'infanzia)|\bcreche|\bescola\s+primária|\bbasisschool|"
    r"\bpeuterspeelzaal|przedszkol\w*|podstawówk\w*|детск\w+\s+сад\w*|幼稚園|保育園|小学校|幼儿园|小学|"
    # A school year or a school for young children, told as such: "groep 4", "grande section",
    # "børnehaveklasse", "Anaokulu", "SD Melati Jaya", "escola municipal", "går i trean".
    # A named school is a detail whoever attends it ("Papatya Anaokulu", "Lærkevejens Skole");
    # a bare word for one is not ("the new preschool has a playground").
    r"\bgroep\s+[1-8]\b|\b(?:grande|moyenne|petite)\s+section\b|børnehaveklasse\w*|"
    r"\bgår\s+i\s+(?:ettan|tvåan|trean|fyran|femman|sexan)\b|\bsekolah\s+dasar\b|"
    r"\b(?-i:SD)\s+(?-i:[A-Z])\w+|\btaman\s+kanak|유치원|어린이집|초등학교|"
    r"\b(?-i:[A-ZÀ-ÞÇĞİÖŞÜ])[\w'’]+\s+(?:Anaokulu|İlkokulu|Skole|Skola|Grundschule|Kita|"
    r"Børnehave|Förskola|Barnehage|Basisschool|Przedszkole)\b|"
    r"\bescola\s+(?:municipal|básica|primária)\b|\bszkoł\w*\s+podstawow\w*|"
    r"\bmein\s+(?:Sohn|Kind)|\bmeine\s+(?:Tochter|Kinder)|"
    r"\bmon\s+(?:fils|enfant)|\bma\s+fille|\bmes\s+enfants|\bmi\s+(?:hijo|hija)|"
    r"\bmis\s+hijos|\bmio\s+figlio|\bmia\s+figlia|\bmeu\s+filho|\bminha\s+filha|"
    r"\bmijn\s+(?:zoon|dochter)|\bmój\s+syn|\bmoja\s+córka|息子|娘の|娘が|儿子|女儿|"
    # Ours as well as mine, and the children of the family: nephews, nieces, grandchildren.
    r"\b(?:unser|unsere)\s+(?:Sohn|Tochter|Kinder|Kind)|\b(?:mein|meine|unser|unsere)\s+"
    r"(?:Neffe|Nichte|Enkel|Enkelin|Enkelkinder)|\bnotre\s+(?:fils|fille|enfant)|\bnos\s+"
    r"enfants|\b(?:mon|ma|mes|notre|nos)\s+(?:neveu|nièce|neveux|nièces|petit-fils|"
    r"petite-fille|petits-enfants)|\bnuestr[oa]s?\s+(?:hij[oa]s?)|\b(?:mi|mis|nuestr[oa]s?)\s+"
    r"(?:sobrin[oa]s?|niet[oa]s?)|\b(?:nostro|nostra|i\s+nostri)\s+(?:figlio|figlia|figli)|"
    r"\b(?:mio|mia|miei|mie)\s+(?:nipote|nipoti|nipotino|nipotina)|\bnoss[oa]s?\s+"
    r"(?:filh[oa]s?)|\b(?:meu|minha|meus|minhas|noss[oa]s?)\s+(?:sobrinh[oa]s?|net[oa]s?)|"
    r"\bonze\s+(?:zoon|dochter|kinderen|kleinzoon|kleindochter)|\bmijn\s+(?:kinderen|"
    r"kleinzoon|kleindochter|kleinkinderen)"
)
# Someone's own child, in English ("my girl" may be a partner: it needs a detail too).
_CHILD = re.compile(
    r"\b(?:(?:my|our|his|her|their)\s+(?:[\w'’]+\s+)?(?:son|sons|daughter|daughters|kids?|"
    r"children|child|boy|boys|girl|girls|baby|toddler|twins|stepson|stepdaughter|niece|"
    r"nephew|grandson|granddaughter|grandkids|grandchildren)|"
    # "the twins turn seven", "the kids start school": children however they are named
    r"the\s+(?:twins|kids|children|baby|toddler))\b",
    re.IGNORECASE,
)
# What makes the mention of a child a detail about them: a name or an age right after
# ("my son Tom", "my daughter is 7"), or in the same sentence an age, a school, a
# birthday, their health or whereabouts.
_CHILD_NAME_OR_AGE = re.compile(
    r"\s*,?\s*(?:(?-i:[A-Z])[a-z]+\b(?!')|(?:is|are|was|were|turn|turned|turns|turning)\s+"
    r"(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b)",
    re.IGNORECASE,
)
_CHILD_DETAIL = re.compile(
    r"\b(?:named|called|name\s+is)\b|\b\d+\s+(?:years?|months?)\s+old\b|"
    r"\b(?:school|nursery|daycare|kindergarten|preschool|teacher|classroom|grade\s+\d+|"
    r"birthday|born\s+(?:on|in)|allerg\w*|asthma|diagnos\w*|doctor|hospital\w*|"
    r"paediatric\w*|pediatric\w*|fever|sick|illness|injur\w*|accident|broke\s+(?:his|her)|"
    r"surgery|medication|custody|picks?\s+(?:him|her|them)\s+up|bus\s+stop|"
    # where they are, when: a child's regular whereabouts ("lessons at ... every Tuesday")
    r"(?:lessons?|practice|training|club|classes)\s+(?:at|in)\b|every\s+(?:monday|tuesday|"
    r"wednesday|thursday|friday|saturday|sunday)s?)\b",
    re.IGNORECASE,
)
# A son or daughter given an adult's age right after the mention, their name between:
# "my child Michael, who's 30", "my son Francis, he's 21", "my daughter (34)".
_ADULT = re.compile(
    r"\s*,?\s*(?:(?-i:[A-Z])[a-z]+\s*,?\s*)?(?:\(|(?:who|he|she|they)(?:'s|’s|'re|’re|\s+is|"
    r"\s+are|\s+was)\s+|(?:is|was|aged)\s+)?(?:1[89]|[2-9]\d)\b(?![-.:%]?\d)"
    r"(?!\s*(?:%|percent|minutes?|hours?|days?|weeks?|months?|miles?|km|times?|pm|am)\b)",
    re.IGNORECASE,
)
_SENTENCE_END = re.compile(r"[.!?;\n]")
_SPACES = re.compile(r"[^\S\n]{2,}")  # not line ends: they end sentences
# "Therapy" as a figure of speech: "it's like therapy", "a form of therapy", "therapy for me".
_FIGURATIVE_THERAPY = re.compile(
    r"(?:\blike\s+(?:a\s+)?(?:\w+\s+)?|\b(?:form|kind|sort|type|bit)\s+of\s+|"
    r"\b(?:is|was|'s|are|be)\s+(?:a\s+|my\s+|our\s+|such\s+a\s+)?"
    r"(?:real\s+|great\s+|good\s+|pure\s+|nice\s+|best\s+|cheap\s+)?)"
    r"therap(?:y|eutic)\b(?!\s+(?:session|appointment)s?)|"
    r"\btherapy\s+for\s+(?:me|us|the\s+soul|my\s+soul)\b",
    re.IGNORECASE,
)
# Where a term may start (what _terms keeps): after no letter or digit, or with no letter,
# or in Chinese and Japanese. Put in front of each category's alternatives, it lets the
# engine pass over the inside of every word at once instead of trying each alternative
# there (a 3 KB message: 27 ms -> a few).
_TERM_START = r"(?:(?<![^\W_])|(?![^\W\d_])|(?=[\u3040-\u30ff\u3400-\u9fff]))"
_PATTERNS = {
    category: re.compile(f"{_TERM_START}(?:{words})", re.IGNORECASE | re.UNICODE)
    for category, words in _WORDS.items()
}


def categories_of_text(text: str) -> list[str]:
    """The special categories ``text`` mentions, in :data:`CATEGORIES` order: the rules here,
    and the words of some thirty languages (:mod:`graphmem.trust.sensitivity_lexicon`)."""
    # A run of spaces reads as one (every term and rule here takes a space or several
    # between words): a drawing made of text, hundreds of spaces a line (BEAM has one of
    # 348 KB), took 11 s to read, 0.25 s so.
    text = _SPACES.sub(" ", text)
    listed = sensitivity_lexicon.categories(text)
    found = [c for c in CATEGORIES if c in listed or _CHECKS.get(c, _mentions(c))(text)]
    if "mental_health" in found and feelings.mentions_passing(text):
        # A mood tied to an occasion ("my anxiety about the flight") is no condition: mental
        # health stands only on what the other sentences say.
        kept = feelings.without_passing(text)
        if "mental_health" not in sensitivity_lexicon.categories(kept) and not _mental_health(kept):
            found.remove("mental_health")
    return found


def _mentions(category: str) -> _Check:
    return lambda text: any(True for _ in _terms(category, text))


def _terms(category: str, text: str) -> Iterator[re.Match[str]]:
    """The category's terms in ``text``, each starting a word ("HIV" is not in "archive");
    Chinese and Japanese terms, written without spaces, anywhere."""
    for found in _PATTERNS[category].finditer(text):
        at = found.start()
        if at and found.group(0)[:1].isalpha() and not _INSIDE.match(found.group(0)):
            before = text[at - 1]
            if before.isalpha() or before.isdigit():
                continue
        yield found


def _mental_health(text: str) -> bool:
    figurative = [m.span() for m in _FIGURATIVE_THERAPY.finditer(text)]
    for found in _terms("mental_health", text):
        word = found.group(0).lower()
        if word.startswith("therap") and any(a <= found.start() < b for a, b in figurative):
            continue
        return True
    return False


def _children(text: str) -> bool:
    if any(True for _ in _terms("children", text)) or minor_age(text):
        return True
    # Sentence by sentence: one pass over a long episode, however many children it names.
    for sentence in _SENTENCE_END.split(text):
        for found in _CHILD.finditer(sentence):
            # A name or an age sits right after the child; the other details anywhere in
            # the sentence ("our kids are allergic", "the school my daughter goes to").
            if _ADULT.match(sentence, found.end()):
                continue  # "my son Francis, he's 21": a grown-up, whatever else is said
            if _CHILD_NAME_OR_AGE.match(sentence, found.end()) or _CHILD_DETAIL.search(sentence):
                return True
    return False


_Check = Callable[[str], bool]
_CHECKS: dict[str, _Check] = {"mental_health": _mental_health, "children": _children}
_INSIDE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")


def categories_of_claim(claim: Claim) -> list[str]:
    predicate = claim.predicate.lower()
    found = {c for c, names in _PREDICATES.items() if predicate in names}
    found.update(categories_of_text(f"{render_value(claim.object)} {claim.quote or ''}"))
    return [c for c in CATEGORIES if c in found]


def raise_to(current: Sensitivity, sensitive: bool) -> Sensitivity:
    return Sensitivity.SENSITIVE if sensitive else current
