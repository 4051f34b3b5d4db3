"""Whether two instructions or preferences govern the same thing.

"Always reply in English" and, later, "always reply in German" are one rule changed, not two
rules side by side; "a window seat" and then "an aisle seat" one preference changed. A user
cannot be expected to declare which preferences exclude each other, and a preference's text
names what it governs by the words the two share: told in the same words but for the part
that changed ("reply in _", "_ seat"), the later one replaces the earlier in the same scope
(graphmem.write.decide). Preferences that share nothing ("tea", "dark mode") stay side by
side, as do likes and dislikes, which hold many values.
"""

from __future__ import annotations

import re

# The predicates whose values are rules or preferences about one thing at a time.
GOVERNING = frozenset({"prefers", "instruction", "policy"})
_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")
# Words that carry no subject matter: sharing only these says nothing.
_EMPTY = frozenset(
    """a an the to in on at of for with by and or my me i you your it is be please always
    never all every each use using via from as""".split()
)
_MOST_CHANGED = 3  # words that may differ between the two values


def same_subject(earlier: str, later: str) -> bool:
    """Whether ``later`` restates ``earlier`` with one part changed."""
    a = [w.lower() for w in _WORD.findall(earlier) if w.lower() not in ("a", "an", "the")]
    b = [w.lower() for w in _WORD.findall(later) if w.lower() not in ("a", "an", "the")]
    if not a or not b or a == b:
        return False
    head = 0
    while head < min(len(a), len(b)) and a[head] == b[head]:
        head += 1
    tail = 0
    while tail < min(len(a), len(b)) - head and a[-1 - tail] == b[-1 - tail]:
        tail += 1
    shared = a[:head] + (a[len(a) - tail :] if tail else [])
    changed_a, changed_b = len(a) - head - tail, len(b) - head - tail
    if not 1 <= max(changed_a, changed_b) <= _MOST_CHANGED or min(changed_a, changed_b) < 1:
        return False  # nothing replaced, or a word only added ("reply in English, briefly")
    meaningful = [w for w in shared if w not in _EMPTY and len(w) >= 3]
    return bool(meaningful) and 2 * len(shared) >= max(len(a), len(b))
