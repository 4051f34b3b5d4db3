"""Shared machinery of the secret detectors: rules, value shapes and validators.

A detector layer yields candidate spans ``(start, end, rank, kind)``; when two
overlap, :func:`graphmem.trust.secrets.find` keeps their union and names it by the
lower rank (the surer detector).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field

from graphmem.trust.secrets.prefilter import Needles, needles, present

Candidate = tuple[int, int, int, str]

Check = Callable[[re.Match[str], str], bool]

# Group names that hold a secret value; quoted variants keep their quotes outside.
VALUE_GROUPS = ("v", "v_dq", "v_sq", "v_cq", "v_bq", "v2")
# Sentence punctuation that ends an unquoted value rather than belonging to it.
TRAILING = ".,;:)]}>"
# A character of a script written without spaces between words (Thai, Lao, Myanmar, Khmer,
# kana, CJK, Hangul): a word there is glued to the next, and a unit to its number.
UNSPACED = re.compile(
    r"[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]"
)
# What a layer may take around a value that is not the value: quotes, brackets, punctuation.
_VALUE_EDGE = " \t.,;:!?`'\"()[]«»“”‘’"


def trim_edges(text: str, start: int, end: int) -> tuple[int, int]:
    """``(start, end)`` of a value with the quotes and punctuation around it left out."""
    while start < end and text[start] in _VALUE_EDGE:
        start += 1
    while end > start and text[end - 1] in _VALUE_EDGE:
        end -= 1
    return start, end


@dataclass(frozen=True, slots=True)
class Rule:
    kind: str
    rank: int  # when spans overlap, the lowest rank names the kind
    pattern: re.Pattern[str]
    check: Check | None = None
    trim: bool = False  # strip trailing sentence punctuation from an unquoted value
    # literals one of which every match contains (graphmem/trust/secrets/prefilter.py)
    needles: Needles | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "needles", needles(self.pattern))


def rx(pattern: str, *, ignore_case: bool = True) -> re.Pattern[str]:
    flags = re.VERBOSE | (re.IGNORECASE if ignore_case else 0)
    return re.compile(pattern, flags)


def rules_spans(rules: Iterable[Rule], text: str) -> Iterator[Candidate]:
    """The spans of each rule in turn, skipping the rules whose every match would hold a
    literal the text lacks (graphmem/trust/secrets/prefilter.py): most rules, for most texts."""
    held = present(text)
    for rule in rules:
        if rule.needles is None or not rule.needles.isdisjoint(held):
            yield from rule_spans(rule, text)


def rule_spans(rule: Rule, text: str) -> Iterator[Candidate]:
    for m in rule.pattern.finditer(text):
        groups = m.groupdict()
        found = False
        for name in VALUE_GROUPS:
            if groups.get(name) is None:
                continue
            found = True
            start, end = m.span(name)
            if rule.trim and name == "v":
                if m.start() > 0 and text[m.start() - 1] in "?&":
                    # A query parameter ("?password=x&user=y") ends at the next "&".
                    amp = text.find("&", start, end)
                    end = amp if amp > start else end
                while end - start > 1 and text[end - 1] in TRAILING:
                    end -= 1
            value = text[start:end]
            if rule.check is None or rule.check(m, value):
                yield start, end, rule.rank, rule.kind
        if not found and (rule.check is None or rule.check(m, m.group())):
            yield m.start(), m.end(), rule.rank, rule.kind


# --- validators ------------------------------------------------------------


def entropy(value: str) -> float:
    counts = Counter(value)
    n = len(value)
    return -sum(c / n * math.log2(c / n) for c in counts.values())


def random_looking(value: str, min_len: int = 16, *, need_digit: bool = True) -> bool:
    """Plausibly machine-generated: long, mixed, high entropy, not a path or reference."""
    if len(value) < min_len or REFERENCE.match(value):
        return False
    if value.lower().startswith(("http:", "https:", "/", "./", "~/")):
        return False
    has_digit = any(c.isdigit() for c in value)
    has_lower = any(c.islower() for c in value)
    has_upper = any(c.isupper() for c in value)
    if need_digit and not (has_digit and (has_lower or has_upper)):
        return False
    if not need_digit and has_digit + has_lower + has_upper < 2:
        return False
    return entropy(value) >= 3.0


# Values that are placeholders or references to a secret kept elsewhere, not the secret.
REFERENCE = re.compile(
    r"""^(?:\$\{|\$\(|\$[A-Z_][A-Z0-9_]*$|\$\d[\d,.]*$|<|\{\{|%\(|%[A-Z_]+%$
    |os\.environ|process\.env|env\(|getenv|secrets\.|vault:|!vault|\[redacted:|\(.*\)$)""",
    re.VERBOSE | re.IGNORECASE,
)
# A template's name for the value in capitals ("YOUR_PASSWORD", "TWOJE_HASLO"): a stand-in.
STAND_IN = re.compile(r"^[^\W\d_a-zß-ÿ]+(?:_[^\W\d_a-zß-ÿ]+)+$")
# A masked value, or a stand-in every template ships ("changeme"): nothing to hide.
MASK = re.compile(r"^(?:[*•●·#?_.\-]+|x{3,}|X{3,}|(?i:change[_-]?(?:me|it|this)|placeholder))$")
PATH = re.compile(r"^(?:/|~/|\./)[\w./-]*$")
WORDY = re.compile(r"^[A-Za-z]+(?:-[A-Za-z]+)*$")
COUNT_UNIT = re.compile(
    r"\s+(?:characters?|chars?|letters?|digits?|symbols?|numbers?|words?|days?|weeks?"
    r"|months?|years?|hours?|minutes?|mins?|times?|attempts?|tries|long|old)\b",
    re.IGNORECASE,
)


def words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Words that follow "password is" / "password:" in ordinary talk, never a password.
NOT_A_PASSWORD = words(
    """
    a about above after again all already also always an and annoying any anything
    as ask at attached available awful bad basically because been before being below
    blank but by can case changed changing complex complicated compromised confidential
    correct could default definitely different disabled do does done due easy empty
    enabled encrypted every everything expired expiring expiry false fine for forgotten
    from generated given gone good great guessable hard hashed has have he her here
    hidden his how i if in incorrect insecure invalid is it its just known leaked like
    listed locked long lost mandatory masked memorable mine missing more most much must
    my n/a na necessary needed never new nil no none not nothing now null obvious of ok
    okay old on one optional or our over please predictable pretty printed private
    probably protected provided public random ready really redacted required reset
    right safe same saved secure see sensitive sent set shared short should similar
    simple so some something somewhere still stored strong such supposed tbd temporary
    that the their them then there these they this those to too tricky true unchanged
    under unique unknown unlocked unset updated us valid very via visible was way we
    weak what whatever when where which who why will with within without wrong written
    yes you your yours
    ask call change check choose click contact copy create enter expire follow get
    go keep look make pick remember send sign try type use
    """
)
# Endings of the adjectives and participles that follow "password is".
WORD_SUFFIXES = ("ed", "ing", "ly", "ive", "able", "ible", "ful", "less", "ous", "ent", "ant")


def plausible_password(value: str, *, natural: bool, text: str = "", end: int = 0) -> bool:
    if not any(c.isalnum() for c in value) or value.lower() in NOT_A_PASSWORD:
        return False
    if MASK.match(value) or REFERENCE.match(value) or PATH.match(value) or STAND_IN.match(value):
        return False
    if WORDY.match(value):
        parts = value.lower().split("-")
        if any(p in NOT_A_PASSWORD for p in parts):
            return False
        if natural and any(p.endswith(WORD_SUFFIXES) for p in parts):
            return False
    if re.fullmatch(r"\d+\+?", value):
        if natural and len(value) < 4:
            return False
        if COUNT_UNIT.match(text, end):  # "password is 12 characters long"
            return False
    return True


# Algorithm and standard names ("SHA256", "AES-256", "RSA-2048") that follow "password".
ALGORITHM = re.compile(r"^[A-Z]+[-_]?\d+$")


def strong(value: str) -> bool:
    """Looks like a chosen password even without "is" or ":" before it."""
    if len(value) < 6 or not any(c.isdigit() for c in value) or ALGORITHM.match(value):
        return False
    return any(c.islower() for c in value) or any(not c.isalnum() for c in value)


def value_end(m: re.Match[str]) -> int:
    for name in VALUE_GROUPS:
        if m.groupdict().get(name) is not None:
            return m.end(name)
    return m.end()


def check_password(m: re.Match[str], value: str) -> bool:
    natural = m.groupdict().get("nl") is not None
    quoted = m.groupdict().get("v") is None
    if quoted:
        stand_in = MASK.match(value) or REFERENCE.match(value) or STAND_IN.match(value)
        return bool(value.strip()) and not stand_in
    return plausible_password(value, natural=natural, text=m.string, end=value_end(m))


def check_bare_password(m: re.Match[str], value: str) -> bool:
    if m.groupdict().get("v") is None:
        return check_password(m, value)
    return strong(value) and plausible_password(value, natural=True)


def check_short_strong(m: re.Match[str], value: str) -> bool:
    """ "pass x" with no separator: "x" must look chosen, and "pass" not be a ticket."""
    return strong(value) and check_short_password(m, value)


def check_strong_or_plausible(m: re.Match[str], value: str) -> bool:
    return plausible_password(value, natural=True) and (strong(value) or len(value) >= 8)


def check_passphrase(m: re.Match[str], value: str) -> bool:
    if m.groupdict().get("nl") is None and len(value.split()) >= 3:
        return True  # "passphrase: correct horse battery staple"
    first = value.split(maxsplit=1)[0]
    return plausible_password(first, natural=m.groupdict().get("nl") is not None)


# Nouns before "pass" that make it a ticket, not a password ("boarding pass: attached").
PASS_NOUNS = words(
    """
    all-access backstage boarding bus day festival free gate guest hall metro monthly
    museum park press season ski train transit vip visitor weekly annual parking
    """
)


def check_short_password(m: re.Match[str], value: str) -> bool:
    key = m.group("key").lower()
    if key == "pass":
        before = m.string[max(0, m.start("key") - 24) : m.start("key")].lower()
        words = re.findall(r"[a-z-]+", before)
        if words and words[-1] in PASS_NOUNS:
            return False
        if m.groupdict().get("v") is not None and len(value) < 3:
            return False
    return check_password(m, value)


def check_code(m: re.Match[str], value: str) -> bool:
    # Whitespace alone ("door code 4729") only after a word that must take a code.
    if m.groupdict().get("ws") is not None and m.groupdict().get("strongkey") is None:
        return False
    return 4 <= sum(c.isdigit() for c in value) <= 12


def check_otp(m: re.Match[str], value: str) -> bool:
    key = (m.groupdict().get("key") or "").lower()
    if m.groupdict().get("ws") is not None and key in {"2fa", "mfa"}:
        return False
    digits = sum(c.isdigit() for c in value)
    if "-" in value and any(c.isalpha() for c in value):
        return digits >= 1  # backup codes such as 8F3K-2JQ9
    return 4 <= digits <= 10


def check_random(m: re.Match[str], value: str) -> bool:
    return random_looking(value)


def check_generic(m: re.Match[str], value: str) -> bool:
    # "my api key 9f8e..." has no separator: only a longer value is trusted then.
    return random_looking(value, 20 if m.groupdict().get("bare") is not None else 16)


def check_header(m: re.Match[str], value: str) -> bool:
    return random_looking(value, 12, need_digit=False)


def check_has_digit(m: re.Match[str], value: str) -> bool:
    return any(c.isdigit() for c in value)


def check_ssn(m: re.Match[str], value: str) -> bool:
    digits = re.sub(r"\D", "", value)
    area, group, serial = digits[:3], digits[3:5], digits[5:]
    return area not in {"000", "666"} and area[0] != "9" and group != "00" and serial != "0000"


def check_sin(m: re.Match[str], value: str) -> bool:
    return luhn(re.sub(r"\D", "", value))


def check_reference_free(m: re.Match[str], value: str) -> bool:
    return not REFERENCE.match(value) and not MASK.match(value)


def luhn(digits: str) -> bool:
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = ord(ch) - 48
        if i % 2:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


# --- shared pattern pieces ---------------------------------------------------

# A value: quoted (anything up to the closing quote, which may be escaped as in JSON
# inside a string) or one unquoted run. The possessive "++" stops backtracking into
# "don" of "don't".
VALUE = r"""
    (?: \\?"(?P<v_dq>[^"\n]{1,200}?)\\?"
      | \\?'(?P<v_sq>[^'\n]{1,200}?)\\?'
      | “(?P<v_cq>[^”\n]{1,200})”
      | `(?P<v_bq>[^`\n]{1,200})`
      | (?P<v>[^\s"'`,;]{1,200}+)(?!['’]\w)
    )"""
# "password: x", "password=x", JSON "password": "x", PHP "password" => "x".
ASSIGN = r"""(?:\\?["'])?[ \t]*(?:=>|:=|[:=])[ \t]*"""
# "password is x", "password was changed to x", "password is literally x" (an adverb the
# telling adds).
NATURAL = r"""(?P<nl>\s+(?:is\s+now|is\s+still|will\s+be|should\s+be
    |has\s+been\s+(?:changed|set|updated|reset)\s+to
    |(?:was\s+|got\s+)?(?:changed|set|updated|reset)\s+to|is|was)(?:\s*:\s*|\s+)
    (?:(?:literally|actually|just|basically|currently|always|simply|really|officially
       |apparently|probably|honestly|still|now)\s+)?)"""
# "password for the staging box is x": a short prepositional phrase.
FOR = r"""(?:\s+(?:for|to|on|of|at|in)(?:\s+[\w.@'’/:-]+){1,4}?)?"""
LONG_KEY = r"""(?:(?<![A-Za-z0-9])|(?<=pg))
    (?P<key>password|passwd|passphrase|passcode|(?:wi-?fi|wpa2?|wep|network)[ ]key)"""
# Random-looking values after a generic key: base64, hex, url-safe alphabets.
RANDOM_VALUE = r"""
    (?: \\?"(?P<v_dq>[^"\s\\]{12,400})\\?"
      | \\?'(?P<v_sq>[^'\s\\]{12,400})\\?'
      | (?P<v>[A-Za-z0-9_\-+/=.~]{12,400}+)
    )"""
OTP_VALUE = r"""(?P<v>(?-i:[A-Z0-9]{4,5}(?:-[A-Z0-9]{4,5})+)|\d{2,5}(?:[ -]\d{2,5}){1,3}|\d{4,10})
    (?![\w-])"""


# --- what a value beside a secret's name may turn out to be instead -----------------------------

# A value that starts like this says where the secret is kept, or what it is like.
WHERE_IT_IS = re.compile(
    r"(?:on|in|at|under|inside|written|stored|saved|somewhere|kept|not|a[ ]secret|the[ ]same"
    r"|unter|im|auf|in[ ]der|dans|sur|sous|en|bajo|sobre|em|no|na|nel|nella|sotto)\b",
    re.IGNORECASE,
)
# A preposition right before a value makes it a place ("under 'Office Wi-Fi'", "in 1Password").
_PLACE_WORD = re.compile(
    r"(?<!\w)(?:under|unter|in|im|inside|on|auf|sous|dans|bajo|en|em|na|nel|nella|sotto|w|в|во"
    r"|onder|op|från|i|på)\s*$",
    re.IGNORECASE,
)


def kept_in(before: str) -> bool:
    """Whether the words before a value say where the secret is kept rather than give it:
    a preposition, perhaps before an opening quote ("unter 'Büro-WLAN'")."""
    return bool(_PLACE_WORD.search(before.rstrip(" \"'«„“‘「")))


# "signed by 1200 people": a number that counts something.
COUNTED = re.compile(
    r"\s*(?:people|persons|users|members|employees|customers|times|items|pieces|steps|words"
    r"|euros?|dollars?|pounds|yen|rupees|km|miles|kg|personen|leute|personas|personnes|persone"
    r"|osób|kişi|mensen|человек|人|名|명)(?!\w)",
    re.IGNORECASE,
)


def answer_like(words: list[str]) -> bool:
    """Whether the words told as an answer name something: a proper name ("era Pipo",
    "— Воронцова") or a number ("sano 131274-0337"); in a script without capitals, a few
    words. "it's paid", "tell them I'm busy" say something instead."""
    if any(sum(c.isdigit() for c in w) >= 6 for w in words):
        return True
    letters = [c for w in words for c in w if c.isalpha()]
    # No capitals to tell a name by: a caseless script, or Georgian (whose capitals, added
    # to Unicode in 2018, no one writes names with).
    if letters and all(
        not (c.isupper() or c.islower()) or "\u10d0" <= c <= "\u10ff" for c in letters
    ):
        return len(words) <= 3
    # The name ends the answer ("hed min første hund Trofast", "neve Morzsi volt").
    return len(words) <= 6 and any(
        len(w) >= 2 and w[0].isupper() and w[1:2].islower() for w in (words[1:] or words)[-2:]
    )
