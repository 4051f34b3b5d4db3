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

from graphmem.model import Claim, Sensitivity, render_value

CATEGORIES = (
    "health",
    "religion",
    "sexual_orientation",
    "politics",
    "finances",
    "biometrics",
    "home_location",
    "children",
)

_PREDICATES: dict[str, frozenset[str]] = {
    "health": frozenset({"diagnosis", "diagnosed", "diagnosed_with", "condition", "illness",
                         "disease", "blood_type", "blood_group", "medication", "medications",
                         "takes_medication", "prescription", "prescribed", "allergy",
                         "allergic_to", "disability", "health", "health_condition",
                         "mental_health", "therapy", "therapist", "pregnant", "symptom",
                         "symptoms", "treatment", "hiv_status", "blood_pressure"}),
    "religion": frozenset({"religion", "faith", "religious", "belief", "beliefs",
                           "worships_at", "church", "mosque", "synagogue", "temple"}),
    "sexual_orientation": frozenset({"sexual_orientation", "orientation", "sexuality",
                                     "gender_identity"}),
    "politics": frozenset({"political_party", "party", "politics", "political_views",
                           "votes_for", "voted_for", "voting", "political_affiliation",
                           "union_member", "trade_union"}),
    "finances": frozenset({"salary", "income", "earns", "debt", "debts", "owes", "loan",
                           "loans", "mortgage", "credit_score", "net_worth", "savings",
                           "bank_balance", "balance", "bonus", "wage", "pay", "bankruptcy",
                           "tax", "taxes", "overdraft"}),
    "biometrics": frozenset({"fingerprint", "fingerprints", "face_id", "retina", "iris",
                             "dna", "genome", "voiceprint", "biometric", "biometrics",
                             "height", "weight"}),
    "home_location": frozenset({"home_address", "address", "lives_at", "street_address",
                                "gate_code", "home_coordinates", "postal_address"}),
    "children": frozenset({"child", "children", "son", "daughter", "kid", "kids",
                           "child_school", "kid_school", "son_school", "daughter_school",
                           "child_age", "childs_name", "child_name"}),
}  # fmt: skip

_WORDS: dict[str, str] = {
    # Every term starts at a word boundary: "HIV" is not in "archive", nor "asthma" in a name.
    "health": (
        r"\b(?:diagnos\w*|blood\s+type|blood\s+group|(?-i:\b(?:A|B|AB|O)(?:[+-](?!\w)|\s(?:positive|negative)\b))|"
        r"medication|prescri\w+|\bmg\b|insulin|antidepressant\w*|chemotherapy|diabetes|diabetic|"
        r"cancer|tumou?r|HIV\b|hepatitis|asthma|epilep\w+|depression|anxiety\s+disorder|"
        r"bipolar|ADHD|autism|schizophreni\w+|pregnan\w+|miscarriage|therap(?:y|ist)|"
        r"psychiatr\w+|sertraline|metformin|lithium|ozempic|multiple\s+sclerosis|"
        r"Blutgruppe|Diagnose|Medikament\w*|groupe\s+sanguin|diagnostic|médicament\w*|"
        r"grupo\s+sanguíneo|diagnóstico|medicamento\w*|gruppo\s+sanguigno|farmac\w+|"
        r"bloedgroep|medicijn\w*|диагноз|группа\s+крови)"
    ),
    "religion": (
        r"\b(?:christian|catholic|protestant|muslim|islam\w*|jewish|judaism|hindu\w*|buddhis\w+|"
        r"sikh\w*|atheis\w+|agnostic|mormon|evangelical|orthodox\s+(?:jew|christian)|"
        r"jehovah|mosque|synagogue|ramadan|kosher|halal)\b|"
        # The bare word is a topic ("a story about religion"); a person's religion is not.
        r"\b(?:my|our|his|her|their)\s+(?:own\s+)?(?:religion|faith|religious\s+\w+)\b|"
        r"\b(?:am|i'm|is|are|we're|was|were|be|been|grew\s+up|raised)\s+(?:\w+\s+)?religious\b|"
        r"\breligious\s+(?:belief|beliefs|faith|upbringing|background|conversion|practice)\b|"
        r"\b(?:katholisch|evangelisch|muslimisch|jüdisch|catholique|musulman\w*|juif|juive|"
        r"católic[oa]|musulm[aá]n\w*|judí[oa]|cattolic[oa]|ebre[oa])\b"
    ),
    "sexual_orientation": (
        r"\b(?:gay|lesbian|bisexual|pansexual|asexual|queer|homosexual|heterosexual|"
        r"straight\s+(?:man|woman)|transgender|trans\s+(?:man|woman)|non-?binary|"
        r"sexual\s+orientation|schwul|lesbisch|homosexuel\w*|"
        r"homosexual|gai|lesbiana|bisessuale)\b"
    ),
    "politics": (
        r"\b(?:vote[sd]?\s+(?:for|labour|tory|conservative|democrat|republican|green)|"
        r"(?:democrat|republican|labour|tory|conservative|liberal|socialist|communist|"
        r"libertarian|green\s+party)\s+(?:voter|supporter|member|party)|"
        r"member\s+of\s+the\s+\w+\s+party|political\s+(?:views?|party|affiliation)|"
        r"trade\s+union|union\s+member|wähle\w*|vote\s+pour|voto\s+a|voto\s+por)\b"
    ),
    "finances": (
        r"\b(?:salary|salaries|income|wage|paycheck|pay\s+rise|"
        # "you earned it" and "I owe you one" are not about money: these need an amount.
        r"(?:earn(?:s|ed|ing)?|owe[sd]?)\s+(?:\w+\s+){0,2}?"
        r"(?:[$€£]\s?\d[\d,.]*|\d[\d,.]*\s?(?:k|K|grand|dollars|euros|pounds|USD|EUR|GBP)\b|"
        r"(?:a|per)\s+(?:year|month|hour)\b|money)|"
        r"debt\w*|loan\w*|mortgage|overdraft|credit\s+score|credit\s+card\s+debt|"
        r"net\s+worth|savings|bank\s+balance|bankrupt\w*|in\s+the\s+red|behind\s+on\s+"
        r"(?:rent|payments)|Gehalt|Schulden|Kredit|salaire|dettes?|prêt|sueldo|salario|"
        r"deudas?|hipoteca|stipendio|debiti|mutuo|salário|dívidas?|salaris|schulden)\b|"
        r"[$€£]\s?\d[\d,.]*\s?(?:k|K|a\s+year|per\s+year|/yr|/year|annually)|"
        r"\d[\d,.]*\s?(?:k|K)?\s?(?:€|EUR|USD|GBP|dollars|euros|pounds)\s+(?:a|per)\s+"
        r"(?:year|month)"
    ),
    "biometrics": (
        r"\b(?:fingerprints?|face\s?id|facial\s+(?:scan|geometry|recognition)|retina\w*|iris\s+"
        r"scan|DNA|genom\w+|genetic\s+test\w*|voice\s?print|biometric\w*|23andme|"
        r"Fingerabdr\w+|empreintes?\s+digitales?|huella\w*\s+dactilar\w*)\b"
    ),
    "home_location": (
        r"\b(?:my|our|her|his|their)\s+(?:home\s+)?address\s+is\b|"
        r"\b(?:live|lives|living)\s+at\s+\d+|\bhome\s+(?:address|coordinates|is\s+at)\b|"
        # A street name is capitalised ("3 hour drive" is not an address).
        r"\b\d{1,5}\s+(?-i:[A-Z])[\w'-]+(?:\s+(?-i:[A-Z])[\w'-]+)?\s+(?:Street|St|Road|Rd|Avenue|Ave|Lane|Ln|"
        r"Drive|Dr|Court|Ct|Boulevard|Blvd|Way|Close|Crescent|Place|Terrace)\b|"
        r"gate\s+code|door\s+code|\b-?\d{1,3}\.\d{4,},\s*-?\d{1,3}\.\d{4,}\b|"
        r"\b(?:wohne|wohnen)\s+in\s+der\s+\w+(?:straße|strasse)\s+\d+|"
        r"\b(?:j'habite|habite)\s+au\s+\d+|\bvivo\s+en\s+(?:la\s+)?calle\b"
    ),
    # A child's details; "my kids" alone is in _CHILD and needs a detail (see _child_detail).
    "children": (
        r"\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)[- ]"
        r"(?:year|month|week)s?[- ]old\s+(?:son|daughter|kids?|children|child|boy|girl|baby|"
        r"twins|stepson|stepdaughter)\b|"
        r"\b(?:son|daughter|kid|child|kids|children)'s?\s+(?:school|name|birthday|age|teacher|"
        r"class|doctor|allergy|allergies|nursery|daycare|kindergarten)\b|"
        r"\bmein\s+(?:Sohn|Kind)|\bmeine\s+(?:Tochter|Kinder)|"
        r"\bmon\s+(?:fils|enfant)|\bma\s+fille|\bmes\s+enfants|\bmi\s+(?:hijo|hija)|"
        r"\bmis\s+hijos|\bmio\s+figlio|\bmia\s+figlia|\bmeu\s+filho|\bminha\s+filha"
    ),
}
# Someone's own child, in English ("my girl" may be a partner: it needs a detail too).
_CHILD = re.compile(
    r"\b(?:my|our)\s+(?:\w+\s+)?(?:son|sons|daughter|daughters|kids?|children|child|boy|boys|"
    r"girl|girls|baby|toddler|twins|stepson|stepdaughter)\b",
    re.IGNORECASE,
)
# What makes the mention of a child a detail about them: a name or an age right after
# ("my son Tom", "my daughter is 7"), or in the same sentence an age, a school, a
# birthday, their health or whereabouts.
_CHILD_NAME_OR_AGE = re.compile(
    r"\s*,?\s*(?:(?-i:[A-Z])[a-z]+\b(?!')|(?:is|are|was|were|turned|turns|turning)\s+"
    r"(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b)",
    re.IGNORECASE,
)
_CHILD_DETAIL = re.compile(
    r"\b(?:named|called|name\s+is)\b|\b\d+\s+(?:years?|months?)\s+old\b|"
    r"\b(?:school|nursery|daycare|kindergarten|preschool|teacher|classroom|grade\s+\d+|"
    r"birthday|born\s+(?:on|in)|allerg\w*|asthma|diagnos\w*|doctor|hospital\w*|"
    r"paediatric\w*|pediatric\w*|fever|sick|illness|injur\w*|accident|broke\s+(?:his|her)|"
    r"surgery|medication|custody|picks?\s+(?:him|her|them)\s+up|bus\s+stop)\b",
    re.IGNORECASE,
)
_SENTENCE_END = re.compile(r"[.!?;\n]")
# "Therapy" as a figure of speech: "it's like therapy", "a form of therapy", "therapy for me".
_FIGURATIVE_THERAPY = re.compile(
    r"(?:\blike\s+(?:a\s+)?(?:\w+\s+)?|\b(?:form|kind|sort|type|bit)\s+of\s+|"
    r"\b(?:is|was|'s|are|be)\s+(?:a\s+|my\s+|our\s+|such\s+a\s+)?"
    r"(?:real\s+|great\s+|good\s+|pure\s+|nice\s+|best\s+|cheap\s+)?)"
    r"therap(?:y|eutic)\b(?!\s+(?:session|appointment)s?)|"
    r"\btherapy\s+for\s+(?:me|us|the\s+soul|my\s+soul)\b",
    re.IGNORECASE,
)
_PATTERNS = {
    category: re.compile(words, re.IGNORECASE | re.UNICODE) for category, words in _WORDS.items()
}


def categories_of_text(text: str) -> list[str]:
    """The special categories ``text`` mentions, in :data:`CATEGORIES` order."""
    return [c for c in CATEGORIES if _CHECKS.get(c, _PATTERNS[c].search)(text)]


def _health(text: str) -> bool:
    figurative = [m.span() for m in _FIGURATIVE_THERAPY.finditer(text)]
    for found in _PATTERNS["health"].finditer(text):
        word = found.group(0).lower()
        if word.startswith("therap") and any(a <= found.start() < b for a, b in figurative):
            continue
        return True
    return False


def _children(text: str) -> bool:
    if _PATTERNS["children"].search(text):
        return True
    # Sentence by sentence: one pass over a long episode, however many children it names.
    for sentence in _SENTENCE_END.split(text):
        for found in _CHILD.finditer(sentence):
            # A name or an age sits right after the child; the other details anywhere in
            # the sentence ("our kids are allergic", "the school my daughter goes to").
            if _CHILD_NAME_OR_AGE.match(sentence, found.end()) or _CHILD_DETAIL.search(sentence):
                return True
    return False


_CHECKS = {"health": _health, "children": _children}


def categories_of_claim(claim: Claim) -> list[str]:
    predicate = claim.predicate.lower()
    found = {c for c, names in _PREDICATES.items() if predicate in names}
    found.update(categories_of_text(f"{render_value(claim.object)} {claim.quote or ''}"))
    return [c for c in CATEGORIES if c in found]


def raise_to(current: Sensitivity, sensitive: bool) -> Sensitivity:
    return Sensitivity.SENSITIVE if sensitive else current
