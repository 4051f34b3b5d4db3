"""Write graphmem/trust/secrets/loanwords_common.txt: the words of wordfreq's lists, in every
language it has, whose skeleton is that of a borrowed "password"
(graphmem.trust.secrets.loanwords.skeleton). Those are words of their own language
("pesawat", "passivt") or the lexicon's cue itself, never read as a borrowing.

    PYTHONPATH=. .venv/bin/python tools/lexicon/build_loanword_exclusions.py

Deterministic for one wordfreq version (its lists are a frozen snapshot in 3.x).
"""

from __future__ import annotations

from importlib.metadata import version
from pathlib import Path

import wordfreq

from graphmem.trust.secrets.loanwords import SKELETONS, skeleton

OUT = Path(__file__).resolve().parents[2] / "graphmem/trust/secrets/loanwords_common.txt"


def main() -> None:
    found: set[str] = set()
    for lang in sorted(wordfreq.available_languages()):
        for word in wordfreq.iter_wordlist(lang):
            if skeleton(word).startswith(SKELETONS):
                found.add(word.casefold())
    header = (
        f"# Words of wordfreq's lists (every language it has; wordfreq {version('wordfreq')},\n"
        "# data CC BY-SA 4.0)"
        ' whose consonants are those of a borrowed "password": each is a word of its own\n'
        "# language, never read as the borrowing (graphmem/trust/secrets/loanwords.py).\n"
        "# Written by tools/lexicon/build_loanword_exclusions.py.\n"
    )
    OUT.write_text(header + "".join(f"{w}\n" for w in sorted(found)), encoding="utf-8")
    print(f"{len(found)} words -> {OUT}")


if __name__ == "__main__":
    main()
