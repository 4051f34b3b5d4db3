"""Check the special-category term lists beside this file and print their counts.

Each ``<iso639-1>.tsv`` holds lines ``category<TAB>term``: UTF-8, sorted, no header, no
duplicates; the category is one of CATEGORIES; the term is lower case, single-spaced, and
literal apart from one optional trailing ``*`` ("any ending"). Run ``python check.py``;
it exits 1 if a file breaks a rule.
"""

from __future__ import annotations

import sys
import unicodedata
from collections import Counter
from pathlib import Path

CATEGORIES = (
    "health",
    "mental_health",
    "religion",
    "sexual_orientation",
    "gender_identity",
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
)
LANGUAGES = (
    "en", "de", "fr", "es", "it", "pt", "nl", "sv", "da", "no", "fi", "pl", "cs", "sk", "hu", "ro",
    "tr", "el", "ru", "uk", "bg", "he", "ar", "fa", "hi", "id", "vi", "ja", "zh", "ko", "th", "sw",
)  # fmt: skip
# Regular-expression syntax a term must not carry ('*' is allowed once, at the end).
FORBIDDEN = set("\\^$|?+()[]{}\t\r\n")
MIN_TERMS = 60


def check_file(path: Path) -> tuple[list[str], Counter[str]]:
    errors: list[str] = []
    counts: Counter[str] = Counter()
    raw = path.read_bytes()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return [f"{path.name}: not UTF-8 ({exc})"], counts
    if text.startswith("\ufeff"):
        errors.append(f"{path.name}: starts with a byte-order mark")
    if text and not text.endswith("\n"):
        errors.append(f"{path.name}: no newline at the end")
    lines = text.splitlines()
    seen: set[tuple[str, str]] = set()
    for n, line in enumerate(lines, 1):
        where = f"{path.name}:{n}"
        parts = line.split("\t")
        if len(parts) != 2:
            errors.append(f"{where}: want exactly one tab: {line!r}")
            continue
        category, term = parts
        if category not in CATEGORIES:
            errors.append(f"{where}: unknown category {category!r}")
        if not term or term != term.strip() or "  " in term:
            errors.append(f"{where}: empty term or stray spaces: {term!r}")
        if term != term.lower():
            errors.append(f"{where}: not lower case: {term!r}")
        if unicodedata.normalize("NFC", term) != term:
            errors.append(f"{where}: not NFC-normalised: {term!r}")
        if "*" in term[:-1]:
            errors.append(f"{where}: '*' only at the end: {term!r}")
        if term.rstrip("*").strip() == "":
            errors.append(f"{where}: nothing but '*': {term!r}")
        bad = sorted(set(term) & FORBIDDEN)
        if bad:
            errors.append(f"{where}: regular-expression syntax {bad}: {term!r}")
        if (category, term) in seen:
            errors.append(f"{where}: duplicate: {line!r}")
        seen.add((category, term))
        counts[category] += 1
    if lines != sorted(lines):
        errors.append(f"{path.name}: lines are not sorted")
    return errors, counts


def main() -> int:
    here = Path(__file__).resolve().parents[2] / "graphmem" / "trust" / "sensitivity_terms"
    errors: list[str] = []
    table: dict[str, Counter[str]] = {}
    files = {p.stem: p for p in here.glob("*.tsv")}
    for lang in sorted(set(files) - set(LANGUAGES)):
        errors.append(f"{lang}.tsv: not one of the expected languages")
    for lang in LANGUAGES:
        if lang not in files:
            errors.append(f"{lang}.tsv: missing")
            continue
        file_errors, counts = check_file(files[lang])
        errors.extend(file_errors)
        table[lang] = counts

    short = {c: c.replace("_", "")[:6] for c in CATEGORIES}
    print("lang " + " ".join(f"{short[c]:>6}" for c in CATEGORIES) + "  total")
    for lang, counts in table.items():
        cells = " ".join(f"{counts[c]:>6}" for c in CATEGORIES)
        print(f"{lang:<4} {cells}  {sum(counts.values()):>5}")
    grand = Counter[str]()
    for counts in table.values():
        grand.update(counts)
    print("all  " + " ".join(f"{grand[c]:>6}" for c in CATEGORIES) + f"  {sum(grand.values()):>5}")
    print("(columns: " + ", ".join(f"{short[c]}={c}" for c in CATEGORIES) + ")")

    for lang, counts in table.items():
        total = sum(counts.values())
        if total < MIN_TERMS:
            print(f"note: {lang} has only {total} terms")
        empty = [c for c in CATEGORIES if not counts[c]]
        if empty:
            print(f"note: {lang} has no terms for {', '.join(empty)}")

    for error in errors:
        print("error:", error)
    print(f"{len(table)} languages checked, {len(errors)} errors")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
