"""Write graphmem/trust/secrets/cues.tsv from out/secret_cues.tsv (run build_secret_cues.py
first): the terms whose text is a word (not a translation tool's placeholder, not a number).

    python tools/lexicon/package.py
"""

from __future__ import annotations

import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
SOURCE = HERE / "out" / "secret_cues.tsv"
TARGET = HERE.parent.parent / "graphmem" / "trust" / "secrets" / "cues.tsv"
# Crowdin's untranslated placeholders ("crwdns394597:0crwdne394597:0"), numbers, markup.
_JUNK = re.compile(r"crwd|[0-9<>{}%$]")
# Terms too common in ordinary speech to mean access on their own.
_TOO_COMMON = frozenset({"token", "code", "key", "user", "name"})


def main() -> None:
    lines = SOURCE.read_text(encoding="utf-8").splitlines()
    kept = [lines[0]]
    for line in lines[1:]:
        lang, _concept, term, *_ = line.split("\t")
        if _JUNK.search(term) or len(term) < 2 or (term in _TOO_COMMON and lang != "en"):
            continue
        kept.append(line)
    TARGET.write_text("\n".join(kept) + "\n", encoding="utf-8")
    print(f"{len(kept) - 1} cues written to {TARGET}")


if __name__ == "__main__":
    main()
