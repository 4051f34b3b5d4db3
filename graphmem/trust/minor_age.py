"""An age that makes someone a child: "Noah turns 6", "Zosia ma 7 lat", "Inès a 5 ans",
"Kızım Defne 5 yaşında", "Anak saya Rizky umur 9 tahun", "they'll be 8 by then".

A named child's age is a detail about a child (GDPR art. 8 and the issue's reading of
art. 9: any date or detail of a named child), whatever language it is told in, so
``graphmem.trust.sensitivity`` counts it. What is read here is the construction a language
gives an age — the verb or noun around a number from 0 to 17 — not the number alone ("5
years of experience", "il y a 5 ans" and "slide 3" are no ages), and only where the
sentence is about a person: a name right before the age ("Noah turns 6", "Zosia, ma 7
lat"), a word for a child or a relative anywhere in the sentence, or a construction only
people and their pets have (Turkish *yaşında*, Indonesian *umur*, Japanese 歳, Korean 살,
Hebrew *בת*); a sentence about a pet, with no child in it, gives no child an age. Numbers
are digits, and in the constructions where they are usually written as words, the words of
that language up to twelve.
"""

from __future__ import annotations

import re

_EN = "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve"
_SV = "ett|en|två|tre|fyra|fem|sex|sju|åtta|nio|tio|elva|tolv"
_DA = "et|en|to|tre|fire|fem|seks|syv|otte|ni|ti|elleve|tolv"
_TR = "bir|iki|üç|dört|beş|altı|yedi|sekiz|dokuz|on|on bir|on iki"
_N = r"(?:1[0-7]|[0-9])"  # an age under 18, in digits (not part of a longer number)

# Constructions that give a person's (or a pet's) age and nothing else.
_PERSONAL = re.compile(
    rf"(?<!\d){_N}\s*(?:歳|才|岁|歲|살|세)|"
    rf"(?<![\w\d])(?:{_N}|{_TR})\s+yaş(?:ında|ındaki|ına|ını)\b|"
    rf"\b(?:umur|usia|berumur|berusia)\s+{_N}\b|"
    rf"(?:בן|בת)\s+{_N}\b|"
    rf"\b(?:عمره|عمرها|عمري)\s+{_N}\b",
    re.IGNORECASE,
)
# Constructions that give an age to whatever their subject is: a person only when the
# sentence is about one.
_AGE = re.compile(
    # English
    rf"(?<![\w\d-]){_N}[- ](?:years?|yrs?|months?)[- ]olds?\b|\baged\s+{_N}\b|"
    rf"\b(?:turns?|turned|turning|will\s+be|'ll\s+be|’ll\s+be)\s+(?:{_N}|{_EN})\b"
    r"(?!\s*(?:%|percent|pm|am|o'clock|:|minutes?|hours?|days?|weeks?|times?))|"
    # German, Dutch
    rf"(?<![\w\d]){_N}\s+(?:Jahre|Jahren)\s+alt\b|\bwird\s+{_N}\b(?!\s*[.,]?\d)|"
    rf"(?<![\w\d]){_N}-jährig\w*|\b(?:is|wordt)\s+{_N}\s+jaar\b|(?<![\w\d]){_N}\s+jaar\s+oud\b|"
    # French, Spanish, Portuguese, Italian
    rf"(?<!\by\s)\ba\s+{_N}\s+ans\b|\b(?:aura|fête\s+ses|âgée?\s+de)\s+{_N}\s+ans\b|"
    rf"\b(?:tiene|cumple|cumplirá|cumplió)\s+{_N}(?:\s+años)?\b|"
    rf"\b(?:tem|faz|fará|fez)\s+{_N}\s+anos\b|\b(?:ha|compie|compirà)\s+{_N}\s+anni\b|"
    # Scandinavian
    rf"\b(?:är|er)\s+{_N}\s+år\b|\b(?:fyller|fylder|fylte|fyllde)\s+(?:{_N}|{_SV}|{_DA})\b|"
    rf"(?<![\w\d]){_N}\s+år\s+gam(?:mal|mel)\b|"
    # Polish, Russian, Greek
    rf"\b(?:ma|skończy|skończył\w*)\s+{_N}\s+lat\w*|(?<![\w\d]){_N}-letni\w*|"
    rf"(?<![\w\d]){_N}\s+(?:лет|года|год)\b|(?<![\w\d]){_N}-летн\w+|"
    rf"(?<![\w\d]){_N}\s+(?:χρονών|ετών)\b",
    re.IGNORECASE,
)
# Someone the sentence is about: a word for a child or a relative.
_KIN = re.compile(
    r"\b(?:son|sons|daughter|daughters|kid|kids|child|children|twins|boy|girl|baby|toddler|"
    r"niece|nephew|grandson|granddaughter|stepson|stepdaughter|"
    r"Sohn|Tochter|Kind|Kinder|Enkel\w*|Neffe|Nichte|zoon\w*|dochter\w*|kind\w*|"
    r"fils|fille\w*|enfants?|neveu|nièce|hij[oa]s?|niñ[oa]s?|sobrin[oa]s?|filh[oa]s?|"
    r"crianças?|figli[oa]?|bambin[oia]|nipot[ei]|syn\w*|córk\w*|dzieck\w*|wnu\w*|"
    r"сын\w*|доч\w*|ребён\w*|ребен\w*|дет\w*|barn\w*|søn\w*|datter|dotter|döttrar|"
    r"oğl\w*|kız\w*|çocu\w*|anak|putra|putri|"
    r"息子|娘|子供|儿子|女儿|孩子|아들|딸|아이)\b",
    re.IGNORECASE,
)
# A pet's age is no child's: "Our dog Biscuit turns six", "Kedimiz altı yaşına giriyor".
_PET = re.compile(
    r"(?:\b(?:dog|dogs|puppy|cat|cats|kitten|horse|pony|rabbit|bunny|hamster|guinea\s+pig|"
    r"parrot|budgie|tortoise|turtle|pet|Hund\w*|Katze\w*|Kater|chien\w*|chat|chatte|chiot|"
    r"perr[oa]s?|gat[oa]s?|can[ei]|gatt[oa]|cão|cachorr[oa]|hond\w*|kat|katt\w*|pies\w*|"
    r"kot\w*|собак\w*|кошк\w*|кот\w*|köpe\w*|kedi\w*|anjing|kucing|hund\w*|hest\w*)\b|"
    r"犬|猫|ペット|狗|貓|猫咪|강아지|고양이)",
    re.IGNORECASE,
)
_NAME = re.compile(r"(?-i:[A-ZÀ-ÖØ-ÞĀ-ſА-ЯΑ-Ω][\w'’-]+)\s*,?\s*$")
# Capitalised at a sentence's start, but no name: "It turns 5 next week".
_NOT_NAMES = frozenset({"it", "this", "that", "there", "what", "which", "everything", "nothing"})
_SENTENCES = re.compile(r"[.!?;\n。！？]")


def minor_age(text: str) -> bool:
    """Whether ``text`` gives someone an age under 18."""
    for sentence in _SENTENCES.split(text):
        kin = _KIN.search(sentence) is not None
        if not kin and _PET.search(sentence):
            continue
        if _PERSONAL.search(sentence):
            return True
        for found in _AGE.finditer(sentence):
            if kin or _named(sentence[: found.start()].rstrip()):
                return True
    return False


def _named(before: str) -> bool:
    """Whether a first name ends ``before`` (the words right before an age): one capitalised
    word, not a pronoun, and not the last of several ("Elm Street", "The Green Dragon" name
    places and businesses; "O Gabriel" starts a sentence with an article)."""
    name = _NAME.search(before)
    if name is None or name.group(0).strip(" ,").lower() in _NOT_NAMES:
        return False
    words = before[: name.start()].split()
    return len(words) < 2 or not words[-1][:1].isupper()
