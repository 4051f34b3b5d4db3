"""How many values a predicate holds at a time, when nobody declared it.

A one-valued predicate makes a slot where a new value supersedes the old one; a predicate
nobody knows keeps every value beside the others (or asks the model, when one is configured
as the decider). Users cannot be expected to declare every relation their texts use, so the
write path also takes, in this order:

1. the declaration: the built-ins and ``define_predicate`` always win, so a wrong guess below
   is corrected by declaring the predicate;
2. the claim's own reading: a model's extraction says ``one_value``, or the offline grammar
   read a definite singular ("the chairperson of X is Y");
3. the relation's own name, when it says one ("favourite_band", "primary_doctor");
4. Wikidata's property constraints: a predicate named like a property that carries the
   single-value constraint (``single_value.tsv``, CC0, see ``tools/wikidata/README.md``).

A guess is named in the write's reason, so a supersession it caused shows where it came from.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path

from graphmem.model import Cardinality, Claim, Predicate

_DATA = Path(__file__).with_name("single_value.tsv")
_SEPARATORS = re.compile(r"[^a-z0-9]+")
# Words a predicate name may carry around the relation's noun: "citizen_of", "is_ceo_of".
# A relation named for the one most preferred ("favourite_band", "favorite_color",
# "primary_doctor"): its word says one value at a time, whoever it is about.
_SINGULAR = re.compile(r"^(?:favou?rite|primary|main)_[a-z0-9_]+$")
_FILLER = frozenset({"is", "was", "the", "a", "an", "of", "has", "had", "current", "official"})


@dataclass(frozen=True, slots=True)
class Guess:
    cardinality: Cardinality | None
    source: str = ""  # "" when declared or unknown; else what the guess rests on


def of(claim: Claim, declared: Predicate | None) -> Guess:
    """The cardinality the write path uses for ``claim``'s predicate."""
    if declared is not None:
        return Guess(declared.cardinality)
    if claim.cardinality is not None:
        return Guess(claim.cardinality, "as the statement reads")
    if _SINGULAR.match(claim.predicate):
        return Guess(Cardinality.ONE, "a favourite is one at a time")
    known = single_valued()
    pid = known.get(_snake(claim.predicate)) or known.get(_key(claim.predicate))
    if pid is not None:
        return Guess(Cardinality.ONE, f"Wikidata {pid} holds one value")
    return Guess(None)


def _snake(name: str) -> str:
    return "_".join(w for w in _SEPARATORS.split(name.lower()) if w)


def _key(name: str) -> str:
    """A predicate's name without the words around its noun ("is_ceo_of" -> "ceo"); the
    list's own names are matched whole, so "gift_of" never becomes "gift"."""
    words = [w for w in _SEPARATORS.split(name.lower()) if w]
    return "_".join([w for w in words if w not in _FILLER] or words)


@functools.cache
def single_valued() -> dict[str, str]:
    """Predicate keys -> the Wikidata property whose label or alias they match."""
    found: dict[str, str] = {}
    if not _DATA.exists():
        return found
    for line in _DATA.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith(("#", "pid\t")):
            continue
        pid, label, aliases, *_ = [*line.split("\t"), "", ""]
        for name in [label, *aliases.split("|")]:
            key = _snake(name)
            if key and key not in found:
                found[key] = pid
    return found
