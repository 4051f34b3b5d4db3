"""Validate statements.jsonl of the sealed sensitivity corpus and print counts.

Prints only aggregate counts, never row text, so running it does not unseal
the corpus. Exit status is 1 if any check fails.

Usage: python check.py [path/to/statements.jsonl]
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

CATEGORIES: frozenset[str] = frozenset(
    {
        "physical_health",
        "mental_health",
        "disability",
        "addiction",
        "pregnancy_fertility",
        "sexual_orientation",
        "gender_identity",
        "religion",
        "political_opinion",
        "trade_union",
        "activism",
        "ethnicity",
        "immigration_status",
        "criminal_record",
        "genetic_biometric",
        "child",
    }
)
ABOUT: frozenset[str] = frozenset({"user", "family", "friend", "colleague", "other"})
LANGUAGES: frozenset[str] = frozenset(
    {
        "en", "de", "fr", "es", "it", "pt", "nl", "sv", "da", "no", "fi", "pl",
        "cs", "hu", "ro", "tr", "el", "ru", "uk", "he", "ar", "fa", "hi", "id",
        "vi", "th", "ja", "zh", "ko", "sw",
    }
)  # fmt: skip
FIELDS: tuple[str, ...] = ("id", "text", "language", "sensitive", "category", "about")
ID_RE = re.compile(r"^y\d{4}$")
MIN_ROWS = 400
MIN_LANGUAGES = 15
ENGLISH_SHARE = (0.25, 0.42)  # "about a third"
DEFAULT_PATH = Path(__file__).with_name("statements.jsonl")


def validate_row(row: object, lineno: int) -> list[str]:
    """Return the problems found in one parsed row."""
    where = f"line {lineno}"
    if not isinstance(row, dict):
        return [f"{where}: not a JSON object"]
    errors: list[str] = []
    keys = set(row)
    if keys != set(FIELDS):
        missing = sorted(set(FIELDS) - keys)
        extra = sorted(keys - set(FIELDS))
        errors.append(f"{where}: missing={missing} extra={extra}")
    rid = row.get("id")
    if not isinstance(rid, str) or not ID_RE.match(rid):
        errors.append(f"{where}: bad id {rid!r}")
    text = row.get("text")
    if not isinstance(text, str) or len(text.strip()) < 10:
        errors.append(f"{where}: text missing or too short")
    if row.get("language") not in LANGUAGES:
        errors.append(f"{where}: bad language {row.get('language')!r}")
    if not isinstance(row.get("sensitive"), bool):
        errors.append(f"{where}: sensitive must be true or false")
    if row.get("category") not in CATEGORIES:
        errors.append(f"{where}: bad category {row.get('category')!r}")
    if row.get("about") not in ABOUT:
        errors.append(f"{where}: bad about {row.get('about')!r}")
    return errors


def load(path: Path) -> tuple[list[dict[str, Any]], list[str]]:
    """Parse the file; return the rows and any problems found."""
    rows: list[dict[str, Any]] = []
    errors: list[str] = []
    with path.open(encoding="utf-8") as handle:
        for lineno, line in enumerate(handle, start=1):
            if not line.strip():
                errors.append(f"line {lineno}: blank line")
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError as exc:
                errors.append(f"line {lineno}: invalid JSON ({exc.msg})")
                continue
            problems = validate_row(row, lineno)
            errors.extend(problems)
            if not problems:
                rows.append(row)
    return rows, errors


def corpus_checks(rows: list[dict[str, Any]]) -> list[str]:
    """Checks over the whole corpus: size, balance, uniqueness, coverage."""
    errors: list[str] = []
    ids = Counter(r["id"] for r in rows)
    errors += [f"duplicate id {i}" for i, n in ids.items() if n > 1]
    texts = Counter(r["text"].strip().casefold() for r in rows)
    dupes = sum(1 for n in texts.values() if n > 1)
    if dupes:
        errors.append(f"{dupes} duplicated texts")
    if len(rows) < MIN_ROWS:
        errors.append(f"only {len(rows)} rows, need >= {MIN_ROWS}")
    positives = sum(r["sensitive"] for r in rows)
    if positives * 2 != len(rows):
        errors.append(f"not half sensitive: {positives} of {len(rows)}")
    langs = {r["language"] for r in rows}
    if len(langs) < MIN_LANGUAGES:
        errors.append(f"only {len(langs)} languages, need >= {MIN_LANGUAGES}")
    if rows:
        share = sum(r["language"] == "en" for r in rows) / len(rows)
        low, high = ENGLISH_SHARE
        if not low <= share <= high:
            errors.append(f"English share {share:.2f} outside {low}-{high}")
    for cat in sorted(CATEGORIES):
        for flag in (True, False):
            if not any(r["category"] == cat and r["sensitive"] is flag for r in rows):
                errors.append(f"no rows with category={cat} sensitive={flag}")
    return errors


def print_counts(rows: list[dict[str, Any]]) -> None:
    """Print aggregate counts only (no row text)."""
    total = len(rows)
    positives = sum(r["sensitive"] for r in rows)
    print(f"rows: {total}  sensitive: {positives}  benign: {total - positives}")

    print(f"\nlanguages ({len({r['language'] for r in rows})}): lang total sens benign")
    by_lang = Counter(r["language"] for r in rows)
    for lang, n in sorted(by_lang.items(), key=lambda kv: (-kv[1], kv[0])):
        s = sum(1 for r in rows if r["language"] == lang and r["sensitive"])
        print(f"  {lang:<3} {n:>4} {s:>4} {n - s:>4}")

    print("\ncategories: category total sens benign")
    for cat in sorted(CATEGORIES):
        n = sum(1 for r in rows if r["category"] == cat)
        s = sum(1 for r in rows if r["category"] == cat and r["sensitive"])
        print(f"  {cat:<20} {n:>4} {s:>4} {n - s:>4}")

    print("\nabout: who total sens benign")
    for who in sorted(ABOUT):
        n = sum(1 for r in rows if r["about"] == who)
        s = sum(1 for r in rows if r["about"] == who and r["sensitive"])
        print(f"  {who:<10} {n:>4} {s:>4} {n - s:>4}")


def main(argv: list[str]) -> int:
    path = Path(argv[1]) if len(argv) > 1 else DEFAULT_PATH
    rows, errors = load(path)
    errors += corpus_checks(rows)
    print_counts(rows)
    if errors:
        print(f"\nFAILED: {len(errors)} problem(s)", file=sys.stderr)
        for err in errors[:50]:
            print(f"  {err}", file=sys.stderr)
        return 1
    print("\nOK")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
