"""The labelled extraction sets (tests/data/extraction) and how their triples compare.

Standard library only, so that a benchmark in another environment (spaCy's) scores
exactly as ``bench/extraction.py`` does.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

GOLD = Path(__file__).resolve().parent.parent / "tests" / "data" / "extraction"
Key = tuple[str, str, str, bool]


def norm(text: str) -> str:
    text = " ".join(str(text).casefold().replace("\u2019", "'").split()).strip(" .,'\"")
    return re.sub(r"^(?:a|an|the) ", "", text)


def gold_key(triple: list[str]) -> Key:
    return (norm(triple[0]), triple[1], norm(triple[2]), len(triple) > 3 and triple[3] == "not")


def read_set(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
