"""Write graphmem/trust/secrets/id_numbers.tsv: the names people give their identity, tax and
social-security numbers, country by country, as python-stdnum (a maintained library that
validates some 200 national number formats) names them in the first line of each module's
docstring: "NIF (Número de Identificación Fiscal, Spanish VAT number)". The secret gate reads
them as ``id_number`` cues (graphmem/trust/secrets/cues.py): the number told after one is the
person's.

Kept: a person's numbers (identity, citizen, birth, tax, social security, health). Left out:
what is public or not a person's: a company's or a trade register's number, a VAT number
(a business's, printed on its invoices), postal codes, banks' codes, securities, goods,
vehicles.

A term is written as the library spells it. An abbreviation (capitals, 3 letters or more) is
matched in capitals only ("SIN" is a Canadian number, "sin" Spanish for "without"); a name
in any case.

    pip install 'python-stdnum==2.2'      # at build time only; graphmem does not import it
    PYTHONPATH=. .venv/bin/python tools/lexicon/build_id_numbers.py

Deterministic for one version of python-stdnum.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from importlib.metadata import version
from pathlib import Path

import stdnum

OUT = Path(__file__).resolve().parents[2] / "graphmem/trust/secrets/id_numbers.tsv"
# The numbers left out as a company's, written beside: a message that names one is about a
# business (its tax number on an invoice is public too). A VAT number alone is no sign: a
# person may have one, and its abbreviation is also the tax's name on every receipt.
BUSINESS_OUT = OUT.with_name("business_ids.tsv")
BUSINESS = re.compile(
    r"compan|business|legal entit|organi[sz]ation|enterprise|entreprise|trade|commercial"
    r"|establishment|employer|corporate|register|economic|social credit",
    re.IGNORECASE,
)
# A module whose English description says one of these numbers no person's secret.
PUBLIC = re.compile(
    r"compan|business|legal entit|organi[sz]ation|enterprise|trade|commercial|establishment"
    r"|employer|association|economic units|corporate|entity|postal|post code|zip|meter|bank"
    r"|iban|bic\b|routing|securit(?:y|ies) identification|isin|cusip|sedol|figi|\blei\b"
    r"|drugs|vehicle|vessel|aircraft|real estate|property|receipt|payment slip|invoice"
    r"|creditor|school identification|student|pupil|excise|memorandum|activity|energy"
    r"|entreprise|operatore economico|jur[íi]dica|social credit",
    re.IGNORECASE,
)
# ... and one of these a person's.
PERSONAL = re.compile(
    r"identi|citizen|birth|personal|person|social (?:security|insurance)|tax|vat|health"
    r"|passport|national|resident|foreigner|individual|voter|insurance|taxpayer|fiscal",
    re.IGNORECASE,
)
# A VAT number is a business's, printed on every invoice it sends: public, like a company's.
VAT = re.compile(r"\bvat\b", re.IGNORECASE)
# Business numbers' names that also name a person's number or a tax: Belgium's enterprise
# number is written "BTW"/"TVA" (the tax), Iceland's kennitala and the Andean RUC number people
# as well as firms.
BUSINESS_SKIP = frozenset({"BTW", "TVA", "Kennitala", "RUC", "Registro Único de Contribuyentes"})
# Abbreviations that are a code's word already ("PIN": Kenya's and Thailand's tax numbers).
TAKEN = frozenset({"PIN"})
NATIONALITY = re.compile(r"^[A-Z][a-z]+(?:ian|ish|ese|ic)$")  # "Lithuanian": the library's English
FIRST_LINE = re.compile(r"^(?P<head>[^()]+?)\s*\((?P<inside>.*)\)\.?\s*$")
ABBREVIATION = re.compile(r"^[A-ZÀ-ÞА-ЯΑ-Ω][A-ZÀ-ÞА-ЯΑ-Ω.\-]*[A-ZÀ-ÞА-ЯΑ-Ω.]$")
# Words of the library's English that are not a number's own name.
ENGLISH = re.compile(
    r"\b(?:number|numbers|code|codes|identifier|identification|identity|national|personal"
    r"|tax|the|of|and|or|for|a|an|card)\b",
    re.IGNORECASE,
)
SHORTEST = 3  # letters an abbreviation has at least ("IN" is every shouted "LOG IN")
SHORTEST_NAME = 6  # characters a one-word name has at least ("Isikukood", "Aadhaar")


def first_line(module: str) -> str | None:
    doc = importlib.import_module(module).__doc__
    return doc.strip().splitlines()[0].strip() if doc and doc.strip() else None


def terms(line: str) -> list[str]:
    """The names in "ABBR, ABBR2 (Native name, English description)."."""
    m = FIRST_LINE.match(line)
    if m is None:
        return []
    head = [t.strip() for t in re.split(r",|\bor\b|\bsometimes\b", m["head"]) if t.strip()]
    inside = [t.strip() for t in m["inside"].split(",")]
    found = []
    # Inside the brackets every item but the last (the English description) is a native
    # name or another abbreviation ("ЕГН, Единен граждански номер, Bulgarian …").
    for item in [*head, *inside[:-1]]:
        term = item.strip(" .\"'“”")
        if term.lower().startswith(("a ", "the ", "short ")):
            continue
        if ABBREVIATION.match(term.replace(" ", "")) and " " not in term:
            if sum(c.isalpha() for c in term) >= SHORTEST and term not in TAKEN:
                found.append(term)
        elif NATIONALITY.match(term):
            continue
        elif not ENGLISH.sub("", term).strip(" -.") or (term.isascii() and _english(term)):
            continue  # "ID number", "Tax Registration Number": English's own, hand-written
        elif " " in term or len(term) >= SHORTEST_NAME or _unspaced(term):
            found.append(term)
    return found


def _unspaced(term: str) -> bool:
    """A name in a script written without spaces, short as its words are ("個人番号")."""
    return len(term) >= 3 and all("\u3040" <= c <= "\u9fff" or c >= "\uac00" for c in term)


def _english(term: str) -> bool:
    """A name the library wrote in English ("Personal Public Service Number")."""
    words = re.findall(r"[A-Za-z]+", term)
    return bool(words) and sum(bool(ENGLISH.fullmatch(w)) for w in words) * 2 >= len(words)


def main() -> None:
    rows: dict[tuple[str, str], list[str]] = {}
    business: dict[tuple[str, str], list[str]] = {}
    prefix = stdnum.__name__ + "."
    for info in pkgutil.walk_packages(stdnum.__path__, prefix):
        parts = info.name.split(".")
        if len(parts) != 3 or info.ispkg:
            continue  # a country's numbers live in stdnum.<country>.<number>
        line = first_line(info.name)
        if line is None or "(" not in line:
            continue
        description = line[line.rfind(",") + 1 :] if "," in line else line
        source = f"python-stdnum=={version('python-stdnum')}:{info.name}"
        country = parts[1].rstrip("_")
        if BUSINESS.search(line):
            for term in terms(line):
                if term not in TAKEN and term not in BUSINESS_SKIP:
                    business.setdefault((country, term), []).append(source)
        if PUBLIC.search(line) or VAT.search(description) or not PERSONAL.search(description):
            continue
        for term in terms(line):
            rows.setdefault((country, term), []).append(source)
    _write(OUT, "id_number", "Names of a person's identity, tax and social-security numbers", rows)
    _write(
        BUSINESS_OUT,
        "business_id",
        "Names of a business's tax, VAT and register numbers (public: printed on its invoices)",
        business,
    )


def _write(path: Path, concept: str, title: str, rows: dict[tuple[str, str], list[str]]) -> None:
    header = (
        f"# {title}, per country, from the\n"
        "# first docstring line of python-stdnum's modules "
        f"(python-stdnum {version('python-stdnum')}, LGPL-2.1-or-later;\n"
        "# names of public numbering schemes, not the library's code). Written by\n"
        "# tools/lexicon/build_id_numbers.py. An all-capitals term matches in capitals only.\n"
        "lang\tconcept\tterm\tsource\n"
    )
    lines = [
        f"und-{country.upper()}\t{concept}\t{term}\t{' | '.join(sources)}\n"
        for (country, term), sources in sorted(rows.items())
    ]
    path.write_text(header + "".join(lines), encoding="utf-8")
    print(f"{len(lines)} names -> {path}")


if __name__ == "__main__":
    main()
