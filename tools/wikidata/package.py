"""Write graphmem/write/single_value.tsv from out/ (run build.py first).

What graphmem ships is the part of Wikidata's single-value properties a memory meets as a
relation name: entity, time, quantity, string, text and URL properties (not the 4,643
identifier schemes), each with its English label and those aliases that name no other
property. An alias two properties share ("parent" for father and mother, "governor" for
head of state and head of government) or that a common multi-valued property also answers
to ("member of") says nothing about one value and is left out.

    python tools/wikidata/package.py
"""

from __future__ import annotations

import csv
import re
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
TARGET = HERE.parent.parent / "graphmem" / "write" / "single_value.tsv"
KEPT_TYPES = frozenset({"wikibase-item", "time", "quantity", "string", "monolingualtext", "url"})
_SEPARATORS = re.compile(r"[^a-z0-9]+")
# One-word aliases too general to name a relation in what people tell an assistant ("as",
# "when", "number", "gift", "song"): a predicate so named says nothing about one value.
GENERIC = frozenset(
    """as n u bn fl pa ff when during since until till began ends ended ending starting
    beginning date number num index page site gift song star title category article
    discussion proposal size channel network crew personnel staff workers opening premiere
    season portal gallery shortcut primary complement opposite inverse formula regex radix
    council court seal seats parliament assembly authority district spin orbits planet
    constellation anthem totem man woman male female sex""".split()
)


def key(name: str) -> str:
    return "_".join(w for w in _SEPARATORS.split(name.lower()) if w)


def rows(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE))


def main() -> None:
    single = [
        r for r in rows(HERE / "out" / "single_value_detail.tsv") if r["datatype"] in KEPT_TYPES
    ]
    multi = rows(HERE / "out" / "multi_value_common.tsv")
    names = Counter[str]()
    for r in [*single, *multi]:
        names.update({key(n) for n in [r["label"], *r["aliases"].split("|")] if key(n)})
    multi_names = {key(n) for r in multi for n in [r["label"], *r["aliases"].split("|")]}
    lines = [
        "# Wikidata properties with a single-value or single-best-value constraint (P2302),",
        "# CC0; from usc-isi-i2/wikidata-property-finder, dump of about mid-2020. Regenerate:",
        "# tools/wikidata/build.py, then tools/wikidata/package.py.",
        "pid\tlabel\taliases\tconstraint",
    ]
    for r in sorted(single, key=lambda r: int(r["pid"][1:])):
        label = key(r["label"])
        if not label or label in multi_names or label in GENERIC:
            continue
        aliases = sorted(
            {key(a) for a in r["aliases"].split("|") if key(a)}
            - {label}
            - {k for k in names if names[k] > 1}
            - multi_names
            - GENERIC
        )
        lines.append(f"{r['pid']}\t{label}\t{'|'.join(aliases)}\t{r['constraint']}")
    TARGET.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{len(lines) - 4} properties written to {TARGET}")


if __name__ == "__main__":
    main()
