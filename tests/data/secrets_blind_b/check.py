#!/usr/bin/env python3
"""Validate the sealed secrets_b corpus and print counts.

Checks: every line is JSON with the required fields, ids are unique across
both files and well-formed, enumerated fields hold allowed values, each
secret string occurs verbatim in its text, benign rows carry no `secrets`.
Exit status is 1 if any problem is found.
"""

import json
import os
import re
import sys
from collections import Counter

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


def load(name):
    rows = []
    with open(os.path.join(HERE, name), encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if line.strip():
                rows.append((n, json.loads(line)))
    return rows


def table(title, counter):
    print(f"\n{title} ({len(counter)} distinct)")
    for k, v in sorted(counter.items(), key=lambda kv: (-kv[1], kv[0])):
        print(f"  {k:<22}{v:>5}")


def main():
    errors = []
    seen = set()
    sec = load("secrets.jsonl")
    ben = load("benign.jsonl")

    for n, r in sec:
        where = f"secrets.jsonl:{n}"
        for key in ("id", "lang", "kind", "style", "text", "secrets"):
            if key not in r:
                errors.append(f"{where} missing {key}")
        rid = r.get("id", "")
        if not re.fullmatch(r"s\d{4}", rid):
            errors.append(f"{where} bad id {rid!r}")
        if rid in seen:
            errors.append(f"{where} duplicate id {rid}")
        seen.add(rid)
        if r.get("kind") not in KINDS:
            errors.append(f"{where} unknown kind {r.get('kind')!r}")
        if r.get("style") not in STYLES:
            errors.append(f"{where} unknown style {r.get('style')!r}")
        if not re.fullmatch(r"[a-z]{2}", r.get("lang", "")):
            errors.append(f"{where} lang not ISO 639-1: {r.get('lang')!r}")
        secrets = r.get("secrets") or []
        if not secrets:
            errors.append(f"{where} empty secrets")
        for s in secrets:
            if not isinstance(s, str) or not s:
                errors.append(f"{where} empty/non-string secret")
            elif s not in r.get("text", ""):
                errors.append(f"{where} secret not in text: {s!r}")

    for n, r in ben:
        where = f"benign.jsonl:{n}"
        for key in ("id", "lang", "kind", "text"):
            if key not in r:
                errors.append(f"{where} missing {key}")
        if "secrets" in r:
            errors.append(f"{where} benign row has secrets")
        rid = r.get("id", "")
        if not re.fullmatch(r"n\d{4}", rid):
            errors.append(f"{where} bad id {rid!r}")
        if rid in seen:
            errors.append(f"{where} duplicate id {rid}")
        seen.add(rid)
        if not re.fullmatch(r"[a-z]{2}", r.get("lang", "")):
            errors.append(f"{where} lang not ISO 639-1: {r.get('lang')!r}")

    texts = Counter(r["text"] for _, r in sec + ben)
    for t, c in texts.items():
        if c > 1:
            errors.append(f"duplicate text x{c}: {t[:60]!r}")

    S = [r for _, r in sec]
    B = [r for _, r in ben]
    print(
        f"secrets.jsonl: {len(S)} rows, {sum(len(r['secrets']) for r in S)} secret spans, "
        f"{len({r['lang'] for r in S})} languages"
    )
    print(f"benign.jsonl:  {len(B)} rows, {len({r['lang'] for r in B})} languages")
    table("secrets by style", Counter(r["style"] for r in S))
    table("secrets by kind", Counter(r["kind"] for r in S))
    table("secrets by lang", Counter(r["lang"] for r in S))
    table("benign by kind", Counter(r["kind"] for r in B))
    table("benign by lang", Counter(r["lang"] for r in B))

    if errors:
        print(f"\n{len(errors)} PROBLEM(S):")
        for e in errors:
            print("  " + e)
        sys.exit(1)
    print("\nOK: ids unique, all secrets are verbatim substrings, fields valid.")


if __name__ == "__main__":
    main()
