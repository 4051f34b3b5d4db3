#!/usr/bin/env python3
"""Validate statements.jsonl of the sealed sensitivity_b corpus and print counts.

Usage: python3 check.py [--markdown]
Exits non-zero if any row is malformed.
"""

import collections
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PATH = os.path.join(HERE, "statements.jsonl")

FIELDS = {"id", "text", "language", "sensitive", "category", "about"}
CATEGORIES = [
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
]
ABOUT = {"user", "family", "friend", "colleague", "other"}
LANGS = {
    "en",
    "de",
    "fr",
    "es",
    "it",
    "pt",
    "nl",
    "sv",
    "da",
    "pl",
    "tr",
    "ja",
    "cs",
    "el",
    "he",
    "ru",
    "ar",
    "zh",
    "hi",
    "ko",
    "id",
    "vi",
    "fi",
    "hu",
    "ro",
    "uk",
}
ID_RE = re.compile(r"^z\d{4}$")


def main():
    errors = []
    rows = []
    with open(PATH, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            if not line.strip():
                errors.append(f"line {n}: blank line")
                continue
            try:
                r = json.loads(line)
            except json.JSONDecodeError as e:
                errors.append(f"line {n}: bad JSON ({e})")
                continue
            if not isinstance(r, dict):
                errors.append(f"line {n}: not an object")
                continue
            keys = set(r)
            if keys != FIELDS:
                errors.append(f"line {n}: fields {sorted(keys)} != {sorted(FIELDS)}")
                continue
            if not isinstance(r["id"], str) or not ID_RE.match(r["id"]):
                errors.append(f"line {n}: bad id {r['id']!r}")
            if not isinstance(r["text"], str) or not r["text"].strip():
                errors.append(f"line {n}: empty text")
            elif r["text"] != r["text"].strip():
                errors.append(f"line {n}: text has leading/trailing whitespace")
            if r["language"] not in LANGS:
                errors.append(f"line {n}: unknown language {r['language']!r}")
            if not isinstance(r["sensitive"], bool):
                errors.append(f"line {n}: sensitive must be a boolean")
            if r["category"] not in CATEGORIES:
                errors.append(f"line {n}: unknown category {r['category']!r}")
            if r["about"] not in ABOUT:
                errors.append(f"line {n}: unknown about {r['about']!r}")
            rows.append(r)

    ids = [r["id"] for r in rows]
    for i, c in collections.Counter(ids).items():
        if c > 1:
            errors.append(f"duplicate id {i}")
    expected = ["z%04d" % i for i in range(1, len(rows) + 1)]
    if ids != expected:
        errors.append("ids are not consecutive z0001..z%04d in file order" % len(rows))
    for t, c in collections.Counter(r["text"] for r in rows).items():
        if c > 1:
            errors.append(f"duplicate text: {t!r}")

    lang = collections.Counter(r["language"] for r in rows)
    label = collections.Counter(r["sensitive"] for r in rows)
    if len(rows) < 400:
        errors.append(f"only {len(rows)} rows (< 400)")
    if len(lang) < 10:
        errors.append(f"only {len(lang)} languages (< 10)")
    if label[True] != label[False]:
        errors.append(f"labels not balanced: {label[True]} sensitive vs {label[False]} benign")
    missing = [
        c for c in CATEGORIES if not any(r["category"] == c and r["sensitive"] for r in rows)
    ]
    if missing:
        errors.append(f"categories without a sensitive row: {missing}")

    md = "--markdown" in sys.argv[1:]
    by_lang = collections.Counter((r["language"], r["sensitive"]) for r in rows)
    by_cat = collections.Counter((r["category"], r["sensitive"]) for r in rows)
    by_about = collections.Counter((r["about"], r["sensitive"]) for r in rows)
    langs = sorted(lang, key=lambda l: (-lang[l], l))

    def table(title, keys, counter, head):
        if md:
            print(f"\n### {title}\n")
            print(f"| {head} | sensitive | benign | total |")
            print("|---|---:|---:|---:|")
        else:
            print(f"\n{title}")
            print(f"  {head:<20} {'sens':>5} {'benign':>6} {'total':>6}")
        for k in keys:
            s, b = counter[(k, True)], counter[(k, False)]
            if md:
                print(f"| {k} | {s} | {b} | {s + b} |")
            else:
                print(f"  {k:<20} {s:>5} {b:>6} {s + b:>6}")
        S = sum(counter[(k, True)] for k in keys)
        B = sum(counter[(k, False)] for k in keys)
        if md:
            print(f"| **total** | {S} | {B} | {S + B} |")
        else:
            print(f"  {'total':<20} {S:>5} {B:>6} {S + B:>6}")

    if not md:
        print(
            f"rows: {len(rows)}  sensitive: {label[True]}  benign: {label[False]}  "
            f"languages: {len(lang)}  en share: {lang['en'] / max(len(rows), 1):.1%}"
        )
    table("By language", langs, by_lang, "language")
    table("By category", CATEGORIES, by_cat, "category")
    table("By about", sorted(ABOUT), by_about, "about")

    if errors:
        print("\nERRORS:", file=sys.stderr)
        for e in errors:
            print("  " + e, file=sys.stderr)
        sys.exit(1)
    if not md:
        print("\nOK")


if __name__ == "__main__":
    main()
