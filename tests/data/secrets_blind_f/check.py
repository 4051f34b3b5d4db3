"""Validate the sealed secrets_blind_f corpus and print its counts.

Usage: python check.py [corpus_dir]

Checks that every id is unique across both files, that every row has the
expected fields and vocabulary, that every listed secret occurs verbatim in
its text, that benign rows list no secrets, that no secret value (three
characters or longer) reappears as a token in any benign row or in a second
secret row, that no message is duplicated, and that the minimum sizes (rows,
spans, languages, less-common languages, benign rows and languages) are met.
Exits non-zero on any error.
Only counts are printed, never row text.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

KINDS: frozenset[str] = frozenset(
    {
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
    },
)
STYLES: frozenset[str] = frozenset({"direct", "casual", "indirect"})
SECRET_FIELDS: tuple[str, ...] = ("id", "lang", "kind", "style", "text", "secrets")
BENIGN_FIELDS: tuple[str, ...] = ("id", "lang", "kind", "text", "secrets")
LANG_RE = re.compile(r"^[a-z]{2}$")
SECRET_ID_RE = re.compile(r"^f\d{4}$")
BENIGN_ID_RE = re.compile(r"^fb\d{4}$")
# Languages / scripts counted as less common for the size requirement.
LESS_COMMON: frozenset[str] = frozenset(
    {
        "am",
        "ka",
        "hy",
        "km",
        "lo",
        "my",
        "si",
        "ne",
        "tl",
        "yo",
        "zu",
        "is",
        "eu",
        "cy",
        "mt",
        "kk",
        "uz",
        "mn",
        "ta",
        "te",
        "ml",
        "pa",
        "ur",
        "he",
        "fa",
        "ga",
        "sq",
        "af",
        "et",
        "lt",
        "lv",
        "sl",
        "az",
        "ha",
    },
)


def load_jsonl(path: Path, errors: list[str]) -> list[dict[str, Any]]:
    """Read one JSON object per non-empty line, recording parse errors."""
    rows: list[dict[str, Any]] = []
    with path.open(encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError as exc:
                errors.append(f"{path.name}:{number}: invalid JSON ({exc.msg})")
                continue
            if not isinstance(row, dict):
                errors.append(f"{path.name}:{number}: row is not an object")
                continue
            rows.append(row)
    return rows


def check_common(
    row: dict[str, Any],
    fields: tuple[str, ...],
    id_re: re.Pattern[str],
    where: str,
    errors: list[str],
) -> bool:
    """Check field set, id shape, lang code and text; return False if unusable."""
    if tuple(sorted(row)) != tuple(sorted(fields)):
        errors.append(f"{where}: fields {sorted(row)} != {sorted(fields)}")
        return False
    if not isinstance(row["id"], str) or not id_re.match(row["id"]):
        errors.append(f"{where}: bad id {row['id']!r}")
    if not isinstance(row["lang"], str) or not LANG_RE.match(row["lang"]):
        errors.append(f"{where}: bad lang {row['lang']!r}")
    if not isinstance(row["text"], str) or not row["text"].strip():
        errors.append(f"{where}: empty or non-string text")
        return False
    if not isinstance(row["secrets"], list):
        errors.append(f"{where}: secrets is not a list")
        return False
    return True


def check_secret_row(
    row: dict[str, Any],
    where: str,
    errors: list[str],
    warnings: list[str],
) -> None:
    """Validate one secrets.jsonl row."""
    if not check_common(row, SECRET_FIELDS, SECRET_ID_RE, where, errors):
        return
    if row["kind"] not in KINDS:
        errors.append(f"{where}: unknown kind {row['kind']!r}")
    if row["style"] not in STYLES:
        errors.append(f"{where}: unknown style {row['style']!r}")
    secrets: list[Any] = row["secrets"]
    if not secrets:
        errors.append(f"{where}: no secrets listed")
    text: str = row["text"]
    for secret in secrets:
        if not isinstance(secret, str) or not secret:
            errors.append(f"{where}: secret is not a non-empty string")
        elif secret not in text:
            errors.append(f"{where}: secret does not occur verbatim in text")
        elif text.count(secret) > 1:
            warnings.append(f"{where}: secret occurs more than once in text")


def check_benign_row(row: dict[str, Any], where: str, errors: list[str]) -> None:
    """Validate one benign.jsonl row."""
    if not check_common(row, BENIGN_FIELDS, BENIGN_ID_RE, where, errors):
        return
    if not isinstance(row["kind"], str) or not row["kind"]:
        errors.append(f"{where}: empty kind")
    if row["secrets"]:
        errors.append(f"{where}: benign row lists secrets")


def check_no_secret_in_benign(
    secret_rows: list[dict[str, Any]],
    benign_rows: list[dict[str, Any]],
    errors: list[str],
) -> None:
    """Fail if a listed secret (3+ chars) occurs as a token in a benign text."""
    texts = [
        (str(row.get("id")), row["text"]) for row in benign_rows if isinstance(row.get("text"), str)
    ]
    for row in secret_rows:
        for secret in row.get("secrets") or []:
            if not isinstance(secret, str) or len(secret) < 3:
                continue
            pattern = re.compile(
                r"(?<![0-9A-Za-z])" + re.escape(secret) + r"(?![0-9A-Za-z])",
            )
            for benign_id, text in texts:
                if pattern.search(text):
                    errors.append(
                        f"secret of {row.get('id')} reappears in benign {benign_id}",
                    )


def check_duplicates(
    secret_rows: list[dict[str, Any]],
    benign_rows: list[dict[str, Any]],
    errors: list[str],
) -> None:
    """Fail on a duplicated message or a secret value (3+ chars) listed in two rows."""
    texts: Counter[str] = Counter(
        row["text"] for row in [*secret_rows, *benign_rows] if isinstance(row.get("text"), str)
    )
    errors.extend(f"duplicated message ({n}x)" for n in texts.values() if n > 1)
    owners: dict[str, set[str]] = {}
    for row in secret_rows:
        for secret in row.get("secrets") or []:
            if isinstance(secret, str) and len(secret) >= 3:
                owners.setdefault(secret, set()).add(str(row.get("id")))
    for ids in owners.values():
        if len(ids) > 1:
            errors.append(f"secret value shared by rows {', '.join(sorted(ids))}")


def print_counter(title: str, counter: Counter[str]) -> None:
    """Print a counter as one sorted block."""
    print(f"{title} ({len(counter)}):")
    for key, value in sorted(counter.items(), key=lambda item: (-item[1], item[0])):
        print(f"  {key}\t{value}")


def main(argv: list[str]) -> int:
    """Run all checks and print counts; return the process exit status."""
    root = Path(argv[1]) if len(argv) > 1 else Path(__file__).resolve().parent
    errors: list[str] = []
    warnings: list[str] = []
    secret_rows = load_jsonl(root / "secrets.jsonl", errors)
    benign_rows = load_jsonl(root / "benign.jsonl", errors)

    all_rows = [*secret_rows, *benign_rows]
    ids: Counter[str] = Counter(str(row.get("id")) for row in all_rows)
    errors.extend(f"duplicate id {key}" for key, n in ids.items() if n > 1)

    for row in secret_rows:
        check_secret_row(row, f"secrets.jsonl[{row.get('id')}]", errors, warnings)
    for row in benign_rows:
        check_benign_row(row, f"benign.jsonl[{row.get('id')}]", errors)

    check_no_secret_in_benign(secret_rows, benign_rows, errors)
    check_duplicates(secret_rows, benign_rows, errors)

    print(f"secrets.jsonl rows: {len(secret_rows)}")
    print(f"secret spans: {sum(len(r.get('secrets', [])) for r in secret_rows)}")
    print_counter("secret rows by lang", Counter(r.get("lang") for r in secret_rows))
    print_counter("secret rows by kind", Counter(r.get("kind") for r in secret_rows))
    print_counter("secret rows by style", Counter(r.get("style") for r in secret_rows))
    print(f"benign.jsonl rows: {len(benign_rows)}")
    print_counter("benign rows by lang", Counter(r.get("lang") for r in benign_rows))
    print_counter("benign rows by kind", Counter(r.get("kind") for r in benign_rows))
    langs = {r.get("lang") for r in secret_rows} | {r.get("lang") for r in benign_rows}
    print(f"languages in both files: {len(langs)}")
    secret_langs = {r.get("lang") for r in secret_rows}
    less_common = sorted(LESS_COMMON & secret_langs)
    print(f"less-common languages with secret rows ({len(less_common)}): {', '.join(less_common)}")
    multi = sum(1 for r in secret_rows if len(r.get("secrets", [])) > 1)
    print(f"secret rows with more than one span: {multi}")
    minimums = (
        ("secret rows", len(secret_rows), 650),
        ("secret spans", sum(len(r.get("secrets", [])) for r in secret_rows), 700),
        ("secret languages", len(secret_langs), 45),
        ("less-common secret languages", len(less_common), 15),
        ("benign rows", len(benign_rows), 330),
        ("benign languages", len({r.get("lang") for r in benign_rows}), 35),
    )
    for label, value, minimum in minimums:
        if value < minimum:
            errors.append(f"{label}: {value} < required {minimum}")

    for warning in warnings:
        print(f"WARNING: {warning}")
    for error in errors:
        print(f"ERROR: {error}")
    print("OK" if not errors else f"FAILED with {len(errors)} error(s)")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
