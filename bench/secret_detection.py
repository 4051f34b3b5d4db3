"""Secrets corpus: a confusion table per kind on each store, and against other detectors.

For every message of tests/data/secrets/secrets.jsonl, ``Memory.remember`` on the
store and then a search of every stored property (``GraphStore.find_text``) and of
the episode: a secret is *detected* when none of it is found, *missed* otherwise.
Every look-alike of benign.jsonl is remembered too: *altered* when its episode
content differs from what was said.

``--compare`` scores the same corpus, text only, with graphmem's detector, Yelp's
detect-secrets (its default plugins and filters, file scan) and Microsoft Presidio's
pattern recognisers (score >= 0.5; no spaCy model, so its NER recognisers do not run),
when they are installed (``pip install detect-secrets presidio-analyzer``).

    .venv/bin/python bench/secret_detection.py                       # embedded store
    .venv/bin/python bench/secret_detection.py --neo4j bolt://127.0.0.1:7699
    .venv/bin/python bench/secret_detection.py --compare --misses
    .venv/bin/python bench/secret_detection.py --blind tests/data/secrets_blind_a \\
        --blind tests/data/secrets_blind_b                # the held-out corpora, text only
    .venv/bin/python bench/secret_detection.py --ordinary covidqa,realtalk,locomo

``--ordinary`` reads ordinary text nobody here wrote and nobody wrote to look like a secret —
the public sets of ``bench/retrieval.py`` (scientific articles, news, people's chats, a user's
chats with an assistant), through its adapters — and prints the share of messages the gate
alters, and which layers alter them. BEAM's chats hold code with placeholder keys
("YOUR_API_KEY", ``password = "..."`` in tests): some of what is altered there is meant to be.
"""

from __future__ import annotations

import sys
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path and its name would shadow
# the standard library's ``secrets`` (which pydantic imports): put the repository there.
_HERE = Path(__file__).resolve().parent
sys.path[:] = [str(_HERE.parent)] + [p for p in sys.path if Path(p or ".").resolve() != _HERE]

import argparse  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
import uuid  # noqa: E402
from collections import Counter, defaultdict  # noqa: E402
from collections.abc import Callable, Iterable  # noqa: E402
from typing import Any  # noqa: E402

from bench._common import machine, progress  # noqa: E402
from graphmem import Memory  # noqa: E402
from graphmem.store.base import GraphStore  # noqa: E402
from graphmem.store.embedded import EmbeddedStore  # noqa: E402
from graphmem.trust.redact import redact as graphmem_redact  # noqa: E402
from tests.test_secrets_corpus import BENIGN, SECRETS, SOURCES, needles  # noqa: E402

Row = dict[str, Any]
# A detector names the spans of a text it takes for secrets.
Detector = Callable[[str], list[tuple[int, int]]]


def on_store(store: GraphStore) -> tuple[dict[str, Counter[str]], dict[str, Counter[str]]]:
    memory = Memory(store=store)
    space = f"bench-secrets-{uuid.uuid4().hex[:8]}"
    found: dict[str, Counter[str]] = defaultdict(Counter)
    for i, row in enumerate(SECRETS):
        result = memory.remember(row["text"], namespace=space, source=SOURCES[i % len(SOURCES)])
        content = memory.episode(result.episode_id or "", space).content
        leaked = any(s in content or s in repr(result) for s in row["secrets"])
        found[row["kind"]]["missed" if leaked else "detected"] += 1
    memory.flush()
    for row in SECRETS:
        hits = [n for s in row["secrets"] for n in needles(row, s) if store.find_text(space, n)]
        if hits:
            found[row["kind"]]["leaked in storage"] += 1
    benign: dict[str, Counter[str]] = defaultdict(Counter)
    for row in BENIGN:
        result = memory.remember(row["text"], namespace=space, source="user")
        same = memory.episode(result.episode_id or "", space).content == row["text"]
        benign[row["kind"]]["kept" if same else "altered"] += 1
    return found, benign


def table(title: str, rows: dict[str, Counter[str]], columns: Iterable[str]) -> None:
    cols = list(columns)
    print(f"\n{title}\n")
    print("| kind | n | " + " | ".join(cols) + " |")
    print("|---|---:|" + "---:|" * len(cols))
    total: Counter[str] = Counter()
    for kind in sorted(rows):
        n = sum(rows[kind][c] for c in cols[:2])
        total.update(rows[kind])
        print(f"| {kind} | {n} | " + " | ".join(str(rows[kind][c]) for c in cols) + " |")
    n = sum(total[c] for c in cols[:2])
    print(f"| **all** | {n} | " + " | ".join(str(total[c]) for c in cols) + " |")


# --- other detectors, text only ------------------------------------------------


def graphmem_spans(text: str) -> list[tuple[int, int]]:
    from graphmem.trust.secrets import find

    return [(s, e) for s, e, _ in find(text)]


def detect_secrets_detector() -> Detector | None:
    try:
        from detect_secrets import SecretsCollection
        from detect_secrets.settings import default_settings
    except ImportError:
        return None
    folder = Path(tempfile.mkdtemp(prefix="ds-"))

    def spans(text: str) -> list[tuple[int, int]]:
        path = folder / "message.txt"
        path.write_text(text, encoding="utf-8")
        collection = SecretsCollection()
        with default_settings():
            collection.scan_file(str(path))
        out = []
        for _, secret in collection:
            value = secret.secret_value or ""
            start = text.find(value) if value else -1
            if start >= 0:
                out.append((start, start + len(value)))
        return out

    return spans


def presidio_detector() -> Detector | None:
    try:
        from presidio_analyzer import PatternRecognizer, RecognizerRegistry
    except ImportError:
        return None
    registry = RecognizerRegistry()
    registry.load_predefined_recognizers(languages=["en", "es", "it", "pl", "de", "fr"])
    recognizers = [r for r in registry.recognizers if isinstance(r, PatternRecognizer)]

    def spans(text: str) -> list[tuple[int, int]]:
        out = []
        for recognizer in recognizers:
            for hit in recognizer.analyze(text, recognizer.supported_entities, None):
                if hit.score >= 0.5:
                    out.append((hit.start, hit.end))
        return out

    return spans


def score(detector: Detector, misses: bool, name: str) -> tuple[dict[str, Counter[str]], int]:
    found: dict[str, Counter[str]] = defaultdict(Counter)
    for row in SECRETS:
        spans = detector(row["text"])
        text = row["text"]
        covered = all(
            any(s <= text.index(secret) and text.index(secret) + len(secret) <= e for s, e in spans)
            for secret in row["secrets"]
        )
        found[row["kind"]]["detected" if covered else "missed"] += 1
        if misses and not covered:
            progress(f"  {name} missed [{row['kind']}] {text[:90]!r}")
    altered = sum(1 for row in BENIGN if detector(row["text"]))
    return found, altered


HELDOUT = [
    json.loads(line)
    for line in (_HERE.parent / "tests/data/secrets/heldout.jsonl").read_text().splitlines()
]


def held_out(detector: Detector) -> tuple[int, int]:
    """Secrets of the hand-written held-out set caught whole; look-alikes flagged."""
    caught = flagged = 0
    for row in HELDOUT:
        spans = detector(row["text"])
        if not row["secrets"]:
            flagged += bool(spans)
            continue
        start = row["text"].index(row["secrets"][0])
        end = start + len(row["secrets"][0])
        caught += any(s <= start and end <= e for s, e in spans)
    return caught, flagged


def compare(misses: bool) -> None:
    detectors: dict[str, Detector | None] = {
        "graphmem": graphmem_spans,
        "detect-secrets": detect_secrets_detector(),
        "presidio (patterns)": presidio_detector(),
    }
    results = {}
    outside: dict[str, tuple[int, int]] = {}
    for name, detector in detectors.items():
        if detector is None:
            print(f"\n{name}: not installed")
            continue
        started = time.perf_counter()
        results[name] = (*score(detector, misses, name), time.perf_counter() - started)
        outside[name] = held_out(detector)
    kinds = sorted({row["kind"] for row in SECRETS})
    names = list(results)
    print("\nDetection per kind, text only (secrets wholly inside a detected span)\n")
    print("| kind | n | " + " | ".join(names) + " |")
    print("|---|---:|" + "---:|" * len(names))
    for kind in kinds:
        n = sum(1 for row in SECRETS if row["kind"] == kind)
        print(
            f"| {kind} | {n} | "
            + " | ".join(str(results[x][0][kind]["detected"]) for x in names)
            + " |"
        )
    print(
        f"| **all** | {len(SECRETS)} | "
        + " | ".join(str(sum(c["detected"] for c in results[x][0].values())) for x in names)
        + " |"
    )
    print(
        f"| benign flagged (of {len(BENIGN)}) | | "
        + " | ".join(str(results[x][1]) for x in names)
        + " |"
    )
    print("| seconds | | " + " | ".join(f"{results[x][2]:.1f}" for x in names) + " |")
    n_secrets = sum(1 for row in HELDOUT if row["secrets"])
    print(
        f"| held-out secrets (of {n_secrets}) | | "
        + " | ".join(str(outside[x][0]) for x in names)
        + " |"
    )
    print(
        f"| held-out look-alikes flagged (of {len(HELDOUT) - n_secrets}) | | "
        + " | ".join(str(outside[x][1]) for x in names)
        + " |"
    )


def blind(folder: Path, misses: bool) -> None:
    """A corpus written blind (secrets.jsonl with lang, style, kind and the secret strings;
    benign.jsonl): secrets stored whole, look-alikes altered, by style and language."""
    rows = [json.loads(x) for x in (folder / "secrets.jsonl").read_text().splitlines() if x]
    benign = [json.loads(x) for x in (folder / "benign.jsonl").read_text().splitlines() if x]
    whole, by_style, by_lang = 0, Counter[str](), Counter[str]()
    started = time.perf_counter()
    for row in rows:
        out = graphmem_redact(row["text"]).text
        kept = [s for s in row["secrets"] if s in out]
        whole += len(kept)
        if kept:
            by_style[row["style"]] += 1
            by_lang[row["lang"]] += 1
            if misses:
                print(f"  missed [{row['lang']} {row['style']} {row['kind']}] {row['text']}")
    altered = [r for r in benign if graphmem_redact(r["text"]).text != r["text"]]
    ms = 1000 * (time.perf_counter() - started) / (len(rows) + len(benign))
    total = sum(len(r["secrets"]) for r in rows)
    styles = Counter(r["style"] for r in rows)
    print(f"\n{folder.name}: {len(rows)} messages, {total} secrets, "
          f"{len({r['lang'] for r in rows})} languages; {len(benign)} look-alikes")  # fmt: skip
    print(f"  secrets stored whole: {whole}/{total} ({whole / total:.1%})")
    print("  messages with one, by style: "
          + ", ".join(f"{k} {by_style[k]}/{n}" for k, n in sorted(styles.items())))  # fmt: skip
    print("  by language (most first): "
          + ", ".join(f"{k} {n}" for k, n in by_lang.most_common(12)))  # fmt: skip
    print(f"  look-alikes altered: {len(altered)}/{len(benign)} ({len(altered) / len(benign):.1%})")
    for r in altered if misses else []:
        print(f"  altered [{r['lang']} {r['kind']}] {r['text']}")
    print(f"  {ms:.2f} ms per message (detection and redaction, text only)")


def ordinary(names: str, misses: bool) -> None:
    """The share of each public set's messages the gate alters, rules alone and with the
    judge, and the layers that altered them."""
    from _common import DEFAULT_DATA
    from _retrieval_data import ADAPTERS, DEFAULT_EXTRA, default_paths

    from graphmem.trust import secrets

    paths = default_paths(DEFAULT_DATA, DEFAULT_EXTRA)
    print(f"ordinary text: messages altered by the secret gate; {machine()}")
    for name in [n.strip() for n in names.split(",") if n.strip()]:
        if not paths[name].exists():
            print(f"  {name}: nothing at {paths[name]} (see bench/README.md)")
            continue
        ds = ADAPTERS[name](paths[name], None)
        texts = [turn.text for conv in ds.conversations for turn in conv.turns]
        started = time.perf_counter()
        by_rules = sum(1 for text in texts if secrets.find(text, judge=False))
        altered = [text for text in texts if secrets.find(text)]
        ms = 1000 * (time.perf_counter() - started) / max(len(texts), 1)
        layers: Counter[str] = Counter()
        for text in altered:
            for layer in secrets._LAYERS:
                if secrets._scan(text, [layer]):
                    layers[layer.__name__.rsplit(".", 1)[-1]] += 1
        n = len(texts)
        print(f"  {name:10s} {n:6d} messages: rules {by_rules} ({by_rules / n:.2%}), "
              f"rules + judge {len(altered)} ({len(altered) / n:.2%}); by layer "
              + ", ".join(f"{k} {v}" for k, v in layers.most_common())
              + f"; {ms:.2f} ms a message")  # fmt: skip
        for text in altered[:20] if misses else []:
            spans = secrets.find(text)
            print("    altered: " + " | ".join(repr(text[a:b][:40]) for a, b, _ in spans[:3]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--neo4j",
        default=os.environ.get("GRAPHMEM_BENCH_NEO4J"),
        help="also run on the Neo4j server at this URI",
    )
    parser.add_argument("--compare", action="store_true", help="score other detectors too")
    parser.add_argument("--misses", action="store_true", help="list what each one missed")
    parser.add_argument("--text-only", action="store_true", help="skip the stores (with --compare)")
    parser.add_argument(
        "--blind",
        type=Path,
        action="append",
        help="score a corpus written blind (a folder with secrets.jsonl and benign.jsonl), "
        "text only; repeatable",
    )
    parser.add_argument(
        "--rules-only",
        action="store_true",
        help="the rule layers alone, without the learnt judge (graphmem/trust/secrets/judge.py)",
    )
    parser.add_argument(
        "--ordinary",
        metavar="SETS",
        help="the share of ordinary public text the gate alters: comma-separated sets of "
        "bench/retrieval.py (locomo, realtalk, madial, covidqa, realtimeqa, beam)",
    )
    args = parser.parse_args()
    if args.ordinary:
        sys.path.insert(0, str(_HERE))
        ordinary(args.ordinary, args.misses)
        return
    if args.rules_only:
        from graphmem.trust import secrets

        secrets._LAYERS = secrets._RULES  # the gate without its learnt second judge
    if args.blind:
        for folder in args.blind:
            blind(folder, args.misses)
        return
    print(
        f"secrets corpus: {len(SECRETS)} secrets of {len({r['kind'] for r in SECRETS})} kinds, "
        f"{len(BENIGN)} look-alikes; {machine()}"
    )
    with tempfile.TemporaryDirectory() as folder:
        stores: list[tuple[str, Callable[[], GraphStore]]] = [
            ("embedded", lambda: EmbeddedStore(Path(folder) / "store"))
        ]
        if args.neo4j:
            from graphmem.store.neo4j import Neo4jStore

            stores.append(("neo4j", lambda: Neo4jStore(args.neo4j)))
        for name, make in [] if args.text_only else stores:
            progress(f"remembering the corpus on {name} ...")
            store = make()
            started = time.perf_counter()
            found, benign = on_store(store)
            store.close()
            seconds = time.perf_counter() - started
            table(
                f"{name}: secrets ({seconds:.1f} s)",
                found,
                ("detected", "missed", "leaked in storage"),
            )
            table(f"{name}: look-alikes", benign, ("kept", "altered"))
    if args.compare:
        compare(args.misses)


if __name__ == "__main__":
    main()
