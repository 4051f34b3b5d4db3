#!/usr/bin/env python3
"""Validate secrets_blind_a and print its counts.

Usage: python3 check.py   (exit status 1 if a check fails)
"""

import collections
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
KINDS = {
    "password",
    "pin",
    "passphrase",
    "otp",
    "recovery_phrase",
    "card",
    "cvv",
    "bank_account",
    "national_id",
    "tax_id",
    "passport",
    "door_code",
    "safe_code",
    "security_answer",
    "api_key",
    "private_key",
    "other",
}
STYLES = {"direct", "casual", "indirect"}
REQUIRED_15 = [
    "he",
    "sw",
    "el",
    "fa",
    "cs",
    "vi",
    "th",
    "id",
    "ro",
    "uk",
    "hu",
    "fi",
    "sv",
    "da",
    "no",
    "ca",
    "hr",
    "sk",
    "bg",
    "ta",
    "ur",
    "ms",
    "tl",
    "az",
    "ka",
    "lt",
]
ALSO = ["en", "de", "fr", "es", "it", "pt", "ru", "zh", "ja", "ko", "ar", "hi", "tr", "nl", "pl"]

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
                rows.append(json.loads(line))
            except json.JSONDecodeError as e:
                err(f"{name}:{n}: bad JSON ({e})")
    return rows


def table(title, counter):
    print(f"\n{title}")
    for key, val in sorted(counter.items(), key=lambda kv: (-kv[1], kv[0])):
        print(f"  {key:<18}{val:>5}")


secrets = load("secrets.jsonl")
benign = load("benign.jsonl")

ids = collections.Counter(r.get("id") for r in secrets + benign)
for i, c in ids.items():
    if c > 1:
        err(f"duplicate id {i}")

texts = collections.Counter(r.get("text") for r in secrets + benign)
for t, c in texts.items():
    if c > 1:
        err(f"duplicate text: {t[:60]!r}")

for r in secrets:
    rid = r.get("id", "?")
    if set(r) != {"id", "lang", "kind", "style", "text", "secrets"}:
        err(f"{rid}: fields are {sorted(r)}")
    if not str(rid).startswith("a"):
        err(f"{rid}: secret ids start with 'a'")
    if r.get("kind") not in KINDS:
        err(f"{rid}: unknown kind {r.get('kind')!r}")
    if r.get("style") not in STYLES:
        err(f"{rid}: unknown style {r.get('style')!r}")
    sec = r.get("secrets")
    if not isinstance(sec, list) or not sec:
        err(f"{rid}: secrets must be a non-empty list")
        continue
    for s in sec:
        if not isinstance(s, str) or not s.strip():
            err(f"{rid}: empty secret")
        elif s not in r["text"]:
            err(f"{rid}: secret {s!r} is not a substring of the text")

for r in benign:
    rid = r.get("id", "?")
    if set(r) != {"id", "lang", "kind", "text"}:
        err(f"{rid}: fields are {sorted(r)}")
    if not str(rid).startswith("b"):
        err(f"{rid}: benign ids start with 'b'")

# No secret value may show up inside a benign row (that would make the benign row a leak).
all_secret_values = {
    s for r in secrets for s in r.get("secrets", []) if isinstance(s, str) and len(s) >= 6
}
for r in benign:
    for s in all_secret_values:
        if s in r["text"]:
            err(f"{r['id']}: benign text contains secret value {s!r}")

# Coverage requirements.
lang_s = collections.Counter(r["lang"] for r in secrets)
lang_b = collections.Counter(r["lang"] for r in benign)
if len(secrets) < 620:
    err(f"only {len(secrets)} secret rows (< 620)")
if len(benign) < 320:
    err(f"only {len(benign)} benign rows (< 320)")
if len(lang_s) < 32:
    err(f"secrets cover {len(lang_s)} languages (< 32)")
if len(lang_b) < 30:
    err(f"benign covers {len(lang_b)} languages (< 30)")
for lang in REQUIRED_15:
    if lang_s[lang] < 15:
        err(f"secrets: {lang} has {lang_s[lang]} rows (< 15)")
for lang in ALSO:
    if lang_s[lang] < 12:
        err(f"secrets: {lang} has {lang_s[lang]} rows (< 12)")

# Repeated secret values across rows are allowed but reported.
value_rows = collections.defaultdict(list)
for r in secrets:
    for s in r["secrets"]:
        value_rows[s].append(r["id"])
repeats = {v: ids_ for v, ids_ in value_rows.items() if len(ids_) > 1}

print(
    f"secrets.jsonl: {len(secrets)} rows, {len(lang_s)} languages, "
    f"{sum(len(r['secrets']) for r in secrets)} secret spans"
)
print(f"benign.jsonl:  {len(benign)} rows, {len(lang_b)} languages")
table("secrets per style", collections.Counter(r["style"] for r in secrets))
table("secrets per kind", collections.Counter(r["kind"] for r in secrets))
print("\nper language (secrets / benign)")
for lang in sorted(set(lang_s) | set(lang_b)):
    print(f"  {lang:<4}{lang_s[lang]:>5}{lang_b[lang]:>6}")
table("benign per kind", collections.Counter(r["kind"] for r in benign))
if repeats:
    print(f"\nnote: {len(repeats)} secret values occur in more than one row:")
    for v, ids_ in sorted(repeats.items()):
        print(f"  {v!r}: {', '.join(ids_)}")

if errors:
    print(f"\nFAILED: {len(errors)} problem(s)")
    for e in errors:
        print("  " + e)
    sys.exit(1)
print("\nOK")
