#!/usr/bin/env python3
"""Validate actions_fourth (actions.jsonl, bindings.jsonl). Prints counts only, never row text.

Exit status 0 when every check passes, 1 otherwise.
"""

import collections
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

FORMS = {
    "prose",
    "imperative",
    "question",
    "camelCase",
    "snake_case",
    "kebab-case",
    "PascalCase",
    "dotted",
    "cli",
    "tool_call",
}
LANGUAGES = {
    "en",
    "de",
    "fr",
    "es",
    "it",
    "pt",
    "nl",
    "pl",
    "ru",
    "uk",
    "tr",
    "ar",
    "he",
    "fa",
    "hi",
    "bn",
    "th",
    "sw",
    "ms",
    "no",
    "ca",
    "hr",
    "ja",
    "ko",
    "zh",
}
CATEGORIES = {
    "accounts_security",
    "approval",
    "calendar",
    "chat",
    "cloud",
    "code_repo",
    "crypto_wallet",
    "database",
    "devops",
    "email",
    "files",
    "government",
    "health_portal",
    "home_iot",
    "hr",
    "insurance",
    "it_admin",
    "payments",
    "school_app",
    "shopping",
    "smart_car",
    "social_dm",
    "ticketing",
    "travel",
}
DIFFERS = {"nothing", "target", "amount", "recipient", "verb", "account", "date", "count"}
ACTION_FIELDS = {"id", "action", "language", "form", "read_only", "category"}
BINDING_FIELDS = {"id", "confirmed", "asked", "same", "differs_in"}

errors = []


def err(msg):
    errors.append(msg)


def load(name):
    rows = []
    with open(os.path.join(HERE, name), encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                err(f"{name}:{n}: blank line")
                continue
            try:
                rows.append((n, json.loads(line)))
            except json.JSONDecodeError as e:
                err(f"{name}:{n}: bad JSON ({e.msg})")
    return rows


def check_actions():
    rows = load("actions.jsonl")
    ids, texts = set(), collections.Counter()
    for n, r in rows:
        where = f"actions.jsonl:{n}"
        if set(r) != ACTION_FIELDS:
            err(f"{where}: fields {sorted(r)}")
            continue
        if not re.fullmatch(r"f\d{4}", r["id"]):
            err(f"{where}: bad id format")
        if r["id"] in ids:
            err(f"{where}: duplicate id")
        ids.add(r["id"])
        if not isinstance(r["action"], str) or not r["action"].strip():
            err(f"{where}: empty action")
        if r["action"] != r["action"].strip():
            err(f"{where}: action has leading/trailing whitespace")
        texts[r["action"]] += 1
        if r["language"] not in LANGUAGES:
            err(f"{where}: language not in vocabulary")
        if r["form"] not in FORMS:
            err(f"{where}: form not in vocabulary")
        if not isinstance(r["read_only"], bool):
            err(f"{where}: read_only is not a boolean")
        if r["category"] not in CATEGORIES:
            err(f"{where}: category not in vocabulary")
    dups = sum(1 for c in texts.values() if c > 1)
    if dups:
        err(f"actions.jsonl: {dups} action texts occur more than once")
    expected = {"f%04d" % i for i in range(1, len(rows) + 1)}
    if ids != expected:
        err("actions.jsonl: ids are not exactly f0001..f%04d" % len(rows))
    return [r for _, r in rows if set(r) == ACTION_FIELDS]


def check_bindings():
    rows = load("bindings.jsonl")
    ids, pairs = set(), collections.Counter()
    for n, r in rows:
        where = f"bindings.jsonl:{n}"
        if set(r) != BINDING_FIELDS:
            err(f"{where}: fields {sorted(r)}")
            continue
        if not re.fullmatch(r"fb\d{3}", r["id"]):
            err(f"{where}: bad id format")
        if r["id"] in ids:
            err(f"{where}: duplicate id")
        ids.add(r["id"])
        for k in ("confirmed", "asked"):
            if not isinstance(r[k], str) or not r[k].strip():
                err(f"{where}: empty {k}")
        if r["confirmed"] == r["asked"]:
            err(f"{where}: confirmed and asked are identical strings")
        if not isinstance(r["same"], bool):
            err(f"{where}: same is not a boolean")
        if r["differs_in"] not in DIFFERS:
            err(f"{where}: differs_in not in vocabulary")
        if r["same"] != (r["differs_in"] == "nothing"):
            err(f"{where}: same and differs_in disagree")
        pairs[(r["confirmed"], r["asked"])] += 1
    if any(c > 1 for c in pairs.values()):
        err("bindings.jsonl: duplicate (confirmed, asked) pairs")
    expected = {"fb%03d" % i for i in range(1, len(rows) + 1)}
    if ids != expected:
        err("bindings.jsonl: ids are not exactly fb001..fb%03d" % len(rows))
    return [r for _, r in rows if set(r) == BINDING_FIELDS]


def main():
    acts = check_actions()
    binds = check_bindings()

    n = len(acts)
    ro = sum(r["read_only"] for r in acts)
    langs = collections.Counter(r["language"] for r in acts)
    forms = collections.Counter(r["form"] for r in acts)
    cats = collections.Counter(r["category"] for r in acts)
    by_lang = collections.defaultdict(lambda: [0, 0])
    by_form = collections.defaultdict(lambda: [0, 0])
    for r in acts:
        by_lang[r["language"]][0 if r["read_only"] else 1] += 1
        by_form[r["form"]][0 if r["read_only"] else 1] += 1
    diffs = collections.Counter(r["differs_in"] for r in binds)

    # corpus-level requirements
    if n < 500:
        err(f"actions: only {n} rows (need >= 500)")
    if n and not 0.40 <= ro / n <= 0.60:
        err("actions: read-only share outside 40-60%")
    if len(langs) < 16:
        err(f"actions: only {len(langs)} languages (need >= 16)")
    for lang, c in langs.items():
        if c < 10:
            err(f"actions: language {lang} has fewer than 10 rows")
        if 0 in by_lang[lang]:
            err(f"actions: language {lang} lacks one of the two labels")
    missing = FORMS - set(forms)
    if missing:
        err(f"actions: forms missing: {sorted(missing)}")
    for form in forms:
        if 0 in by_form[form]:
            err(f"actions: form {form} lacks one of the two labels")
    if len(binds) < 90:
        err(f"bindings: only {len(binds)} rows (need >= 90)")
    for d in DIFFERS:
        if diffs[d] < 5:
            err(f"bindings: differs_in={d} has fewer than 5 rows")

    print(f"actions: {n}  read-only: {ro} ({100 * ro / max(n, 1):.1f}%)  consequential: {n - ro}")
    print(f"languages: {len(langs)}  forms: {len(forms)}  categories: {len(cats)}")
    print("per language (rows / read-only / consequential):")
    for lang, c in sorted(langs.items(), key=lambda x: (-x[1], x[0])):
        print(f"  {lang:3} {c:4} {by_lang[lang][0]:4} {by_lang[lang][1]:4}")
    print("per form (rows / read-only / consequential):")
    for form, c in sorted(forms.items(), key=lambda x: (-x[1], x[0])):
        print(f"  {form:11} {c:4} {by_form[form][0]:4} {by_form[form][1]:4}")
    print("per category:")
    for cat, c in sorted(cats.items(), key=lambda x: (-x[1], x[0])):
        print(f"  {cat:18} {c:4}")
    same = sum(r["same"] for r in binds)
    print(f"bindings: {len(binds)}  same: {same}  different: {len(binds) - same}")
    print("  differs_in: " + ", ".join(f"{d} {diffs[d]}" for d in sorted(diffs)))

    if errors:
        print(f"FAILED: {len(errors)} problem(s)")
        for e in errors[:50]:
            print("  " + e)
        return 1
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
