#!/usr/bin/env python3
"""Regenerate tools/wikidata/out/ from a pinned public snapshot of Wikidata
property statements.

Source (see README.md for licence and caveats):
  repository  github.com/usc-isi-i2/wikidata-property-finder  (MIT licence)
  commit      cde76506d50e0ce93d330f91f1042e6549854804  (HEAD, 2021-02-26)
  files read  (all last changed in commit c082a67f10d927a2b05874716a20460ffcd1fc47)
    data/claims.properties.tsv.gz          every main statement on every property (KGTK edges)
    data/labels.property.en.tsv.gz         English labels
    data/aliases.property.en.tsv.gz        English aliases
    data/metadata.property.datatypes.tsv.gz  property datatypes
    data/claims.label.entity.counts.tsv.gz   per-property usage counts
  The files are a KGTK import of a Wikidata JSON dump of mid-2020 (highest
  property id present: P8512); Wikidata content is CC0.

The source is read either from a bare git mirror (as brought by the `fetch`
tool: /work/.mirror/usc-isi-i2+wikidata-property-finder/repo) at the pinned
commit, or from a plain directory holding the data/ files (e.g. a checkout).
Each file's git blob id is checked against the pinned one, so a silently
different input is refused.

Usage:
  python3 build.py [--git-dir DIR | --src-dir DIR] [--out DIR] [--multi-top N]
"""

from __future__ import annotations

import argparse
import csv
import gzip
import hashlib
import io
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

REPO = "usc-isi-i2/wikidata-property-finder"
COMMIT = "cde76506d50e0ce93d330f91f1042e6549854804"
DEFAULT_GIT_DIR = "/work/.mirror/usc-isi-i2+wikidata-property-finder/repo"

# path -> expected git blob id (sha1 of "blob <len>\0" + bytes)
FILES = {
    "data/claims.properties.tsv.gz": "fee4cdb0d409c9863fbd7e77b4bff59b1099df5a",
    "data/labels.property.en.tsv.gz": "bfb1f89ca51f1ae42d93b7158a912313e981f660",
    "data/aliases.property.en.tsv.gz": "3a2085ed68c90273333529491e4ce8e2df67764b",
    "data/metadata.property.datatypes.tsv.gz": "35aabad18ca88049187d8d2c8d2e72f2d80603a6",
    "data/claims.label.entity.counts.tsv.gz": "03b1143aa4d84b323007c4bc73a5cb11b5ca9557",
}

P_CONSTRAINT = "P2302"
Q_SINGLE = "Q19474404"  # single-value constraint
Q_SINGLE_BEST = "Q52060874"  # single-best-value constraint
Q_MULTI = "Q21510857"  # multi-value constraint (at least two values expected)


def blob_id(data: bytes) -> str:
    h = hashlib.sha1()
    h.update(b"blob %d\0" % len(data))
    h.update(data)
    return h.hexdigest()


def read_source(path: str, git_dir: str | None, src_dir: str | None) -> bytes:
    if src_dir:
        data = (Path(src_dir) / path).read_bytes()
    else:
        data = subprocess.run(
            ["git", f"--git-dir={git_dir}", "show", f"{COMMIT}:{path}"],
            check=True,
            capture_output=True,
        ).stdout
    got = blob_id(data)
    if got != FILES[path]:
        sys.exit(f"{path}: blob {got} != pinned {FILES[path]} (wrong source version)")
    return data


def tsv_rows(data: bytes):
    text = gzip.decompress(data).decode("utf-8")
    reader = csv.reader(io.StringIO(text), delimiter="\t", quoting=csv.QUOTE_NONE)
    header = next(reader)
    for row in reader:
        yield dict(zip(header, row, strict=False))


def kgtk_string(value: str) -> str:
    """Decode a KGTK language-qualified string such as 'Mohs\\' hardness'@en."""
    v = value
    if "@" in v and v.startswith("'"):
        v = v[: v.rfind("@")]
    if len(v) >= 2 and v[0] == v[-1] and v[0] in "'\"":
        v = v[1:-1]
    out, i = [], 0
    while i < len(v):
        c = v[i]
        if c == "\\" and i + 1 < len(v):
            n = v[i + 1]
            out.append({"t": " ", "n": " ", "r": " "}.get(n, n))
            i += 2
        else:
            out.append(c)
            i += 1
    return " ".join("".join(out).split())


class TsvWriter:
    """Plain TSV: fields never hold tabs or newlines (kgtk_string collapses whitespace)."""

    def __init__(self, f):
        self.f = f

    def writerow(self, row) -> None:
        cells = [" ".join(str(c).split()) for c in row]
        self.f.write("\t".join(cells) + "\n")


def pid_key(pid: str) -> int:
    return int(pid[1:])


def main() -> None:  # noqa: PLR0915 - one straight pass over the dump
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    g = ap.add_mutually_exclusive_group()
    g.add_argument(
        "--git-dir", default=None, help=f"bare git mirror of {REPO} (default {DEFAULT_GIT_DIR})"
    )
    g.add_argument("--src-dir", default=None, help="directory that holds the data/ files instead")
    ap.add_argument("--out", default=str(Path(__file__).resolve().parent / "out"))
    ap.add_argument(
        "--multi-top",
        type=int,
        default=300,
        help="how many of the most-used item-valued properties multi_value_common.tsv considers",
    )
    args = ap.parse_args()
    git_dir = None if args.src_dir else (args.git_dir or DEFAULT_GIT_DIR)

    raw = {p: read_source(p, git_dir, args.src_dir) for p in FILES}

    constraints: dict[str, set[str]] = defaultdict(set)
    all_pids: set[str] = set()
    for r in tsv_rows(raw["data/claims.properties.tsv.gz"]):
        all_pids.add(r["node1"])
        if r["label"] == P_CONSTRAINT and r["rank"] != "deprecated":
            constraints[r["node1"]].add(r["node2"])

    labels: dict[str, str] = {}
    for r in tsv_rows(raw["data/labels.property.en.tsv.gz"]):
        labels[r["node1"]] = kgtk_string(r["node2"])
        all_pids.add(r["node1"])

    aliases: dict[str, list[str]] = defaultdict(list)
    for r in tsv_rows(raw["data/aliases.property.en.tsv.gz"]):
        a = kgtk_string(r["node2"]).replace("|", "/")
        if a and a not in aliases[r["node1"]]:
            aliases[r["node1"]].append(a)

    datatype = {
        r["node1"]: r["node2"] for r in tsv_rows(raw["data/metadata.property.datatypes.tsv.gz"])
    }
    uses = {
        r["node1"]: int(r["node2"]) for r in tsv_rows(raw["data/claims.label.entity.counts.tsv.gz"])
    }

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)

    def kind(pid: str) -> str | None:
        c = constraints.get(pid, set())
        if Q_SINGLE in c:
            return "single"
        if Q_SINGLE_BEST in c:
            return "single_best"
        return None

    single = sorted((p for p in constraints if kind(p)), key=pid_key)
    with open(out / "single_value.tsv", "w", encoding="utf-8", newline="") as f:
        w = TsvWriter(f)
        w.writerow(["pid", "label", "aliases", "constraint"])
        for p in single:
            w.writerow([p, labels.get(p, ""), "|".join(aliases.get(p, [])), kind(p)])

    # Same rows plus columns that help a consumer filter (datatype, usage, both-constraints flag).
    with open(out / "single_value_detail.tsv", "w", encoding="utf-8", newline="") as f:
        w = TsvWriter(f)
        w.writerow(
            ["pid", "label", "aliases", "constraint", "also_single_best", "datatype", "items_using"]
        )
        for p in single:
            c = constraints[p]
            w.writerow(
                [
                    p,
                    labels.get(p, ""),
                    "|".join(aliases.get(p, [])),
                    kind(p),
                    "yes" if (Q_SINGLE in c and Q_SINGLE_BEST in c) else "no",
                    datatype.get(p, ""),
                    uses.get(p, 0),
                ]
            )

    # Common item-valued properties that carry neither constraint: by Wikidata's own
    # curation these are expected to take several values (at once or over time).
    item_props = [p for p in all_pids if datatype.get(p) == "wikibase-item"]
    top = sorted(item_props, key=lambda p: (-uses.get(p, 0), pid_key(p)))[: args.multi_top]
    multi = [p for p in top if not kind(p)]
    multi += [
        p for p in constraints if Q_MULTI in constraints[p] and not kind(p) and p not in multi
    ]
    multi.sort(key=lambda p: (-uses.get(p, 0), pid_key(p)))
    with open(out / "multi_value_common.tsv", "w", encoding="utf-8", newline="") as f:
        w = TsvWriter(f)
        w.writerow(["pid", "label", "aliases", "evidence", "datatype", "items_using"])
        for p in multi:
            ev = (
                "multi_value_constraint"
                if Q_MULTI in constraints.get(p, set())
                else "no_single_value_constraint"
            )
            w.writerow(
                [
                    p,
                    labels.get(p, ""),
                    "|".join(aliases.get(p, [])),
                    ev,
                    datatype.get(p, ""),
                    uses.get(p, 0),
                ]
            )

    n_s = sum(1 for p in single if kind(p) == "single")
    n_b = sum(1 for p in single if kind(p) == "single_best")
    n_both = sum(1 for p in single if {Q_SINGLE, Q_SINGLE_BEST} <= constraints[p])
    print(f"properties seen: {len(all_pids)}; with any P2302 statement: {len(constraints)}")
    print(
        f"single_value.tsv: {len(single)} rows (single {n_s}, single_best {n_b}; "
        f"both constraints on {n_both})"
    )
    print(f"multi_value_common.tsv: {len(multi)} rows")


if __name__ == "__main__":
    main()
