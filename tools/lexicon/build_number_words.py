"""Write graphmem/trust/secrets/number_words_cldr.tsv: the names of the digits 0 to 9 in every
language Unicode CLDR's rule-based number formats spell out (its spellout rules, read through
the unicode-rbnf package), for the secret gate's reading of codes said digit by digit
(graphmem/trust/secrets/numerals.py). The hand-written number_words.tsv stays first: a word
both name is read as the hand-written file says.

    pip install 'unicode-rbnf==2.4.1'      # at build time only; graphmem does not import it
    PYTHONPATH=. .venv/bin/python tools/lexicon/build_number_words.py

Deterministic for one version of unicode-rbnf (CLDR's data as it ships).
"""

from __future__ import annotations

from importlib.metadata import version
from pathlib import Path

from unicode_rbnf import RbnfEngine

OUT = Path(__file__).resolve().parents[2] / "graphmem/trust/secrets/number_words_cldr.tsv"
# How many digits a number has, said in words: "my twelve-digit number", "vier Ziffern".
COUNTS_OUT = OUT.with_name("number_words_counts.tsv")
COUNTS = range(4, 17)
# Chinese, Japanese and Korean digits run together unspaced, and numerals.py reads them so;
# one syllable each, spaced, they are also everyday words ("이" this, "일" work).
SKIP = {"ja", "ko", "yue", "zh"}


def main() -> None:
    lines = []
    for lang in sorted(RbnfEngine.get_supported_languages()):
        if "_" in lang or lang == "root" or lang in SKIP:
            continue  # a region's variant spells the digits as its language does
        engine = RbnfEngine.for_language(lang)
        digits = [engine.format_number(n).text.strip() for n in range(10)]
        if len({d.casefold() for d in digits}) < 10 or any(not d for d in digits):
            continue
        lines.append("\t".join([lang, *digits]))
    header = (
        "# The names of the digits 0 to 9 in each language Unicode CLDR's rule-based number\n"
        "# formats spell out (CLDR data read through unicode-rbnf "
        f"{version('unicode-rbnf')}, MIT;\n"
        "# the data under the Unicode License v3, https://www.unicode.org/license.txt).\n"
        "# Written by tools/lexicon/build_number_words.py; number_words.tsv is read first.\n"
        "lang\t0\t1\t2\t3\t4\t5\t6\t7\t8\t9\n"
    )
    OUT.write_text(header + "".join(f"{line}\n" for line in lines), encoding="utf-8")
    print(f"{len(lines)} languages -> {OUT}")
    counts = []
    for lang in sorted(RbnfEngine.get_supported_languages()):
        if "_" in lang or lang == "root":
            continue
        engine = RbnfEngine.for_language(lang)
        spelled = [engine.format_number(n).text.strip() for n in COUNTS]
        if len({s.casefold() for s in spelled}) == len(spelled) and all(spelled):
            counts.append("\t".join([lang, *spelled]))
    COUNTS_OUT.write_text(
        "# The numbers 4 to 16 in words in each language Unicode CLDR's rule-based number formats\n"
        f"# spell out (unicode-rbnf {version('unicode-rbnf')}, MIT; the data under the Unicode\n"
        "# License v3): how many digits a code or a number has, said in words\n"
        "# (graphmem/trust/secrets/numerals.py, counted). Written by\n"
        "# tools/lexicon/build_number_words.py.\n"
        "lang\t"
        + "\t".join(str(n) for n in COUNTS)
        + "\n"
        + "".join(f"{line}\n" for line in counts),
        encoding="utf-8",
    )
    print(f"{len(counts)} languages -> {COUNTS_OUT}")


if __name__ == "__main__":
    main()
