"""Secrets in any language, told any way, and public material left alone (issue 40): the
shape, cue and public-material layers of graphmem/trust/secrets, and the two corpora written
blind (tests/data/secrets_blind_a before the layers were written, secrets_blind_b sealed
until they were)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from graphmem.trust.redact import redact
from graphmem.trust.secrets import lexicon

DATA = Path(__file__).parent / "data"

# The reproductions that the layers now catch: (text, the secret).
CAUGHT = [
    ("It's harborCandle26 - that's the Dropbox password.", "harborCandle26"),
    ("I use 4DinX2EzrWn!PT for my Facebook account", "4DinX2EzrWn!PT"),
    ("new Gmail password -> Gl@ci3r?", "Gl@ci3r"),
    ("for the tax form: 421 72 8112", "421 72 8112"),
    ("Passport: C68936881", "C68936881"),
    ("Account: 79845757819 (Chase checking)", "79845757819"),
    ("The gate code for my building is 388703", "388703"),
    ("el código 562 de la tarjeta", "562"),
    ("הסיסמה של הוויפי היא Shemesh*77", "Shemesh*77"),
    ("Heslo na wifi je Brno!Kolo63", "Brno!Kolo63"),
    ("Mã cửa nhà là 7391", "7391"),
    ("use tulip-42-Harbor to log in", "tulip-42-Harbor"),
    ("The safe opens with 24-8-36.", "24-8-36"),
    ("my mother's maiden name, for the bank, is Kowalczyk", "Kowalczyk"),
    ("Mitt lösenord är Sommar2024!", "Sommar2024"),
    ("Lösenfrasen till datorn är blå cykel i regnet", "blå cykel i regnet"),
    ("Kopretina77 - to je k routeru, ne k wifině", "Kopretina77"),
    ("If the credit union asks about the street I grew up on, say Larkspur Lane", "Larkspur"),
]

# Public material and talk about secrets: nothing in them is hidden.
KEPT = [
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIEXAMPLEkeyDataXYZ123456789 maya@laptop",
    "-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUQ2x1ZGVFYWtlMQ==\n-----END CERTIFICATE-----",
    "https://docs.google.com/document/d/1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789/edit?usp=sharing",
    "Hotel confirmation number 84736291 for March 3",
    "Booking confirmation: HX7K2P",
    "git checkout feature/login-otp-fix",
    "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAC",
    "My mother's maiden name is on the family tree we printed.",
    "My secret Santa is Jordan",
    "Zanzibarpzfhr-Quokkapzfhr-7732 is just the label for the fixture",
    "Ich habe mein Passwort vergessen, wie setze ich es zurück?",
    "Olvidé mi contraseña otra vez, ¿cómo la restablezco?",
    "密码长度至少8位",
    "Use code SPRING20 for 20% off everything this weekend",
    "Kode pos rumah baru 40115",
    "the router admin page is at 192.168.1.1, I'll type the login myself",
    "Commit a3f9c2e fixed the login bug.",
    "2024-05-01T12:00:03Z INFO login ok user=marta",
    "Say hello to Tom for me",
    "If anyone asks, say I'm busy",
    # A car's name is no lock: "portage" ends "Sportage" after one capital, a name's first
    # letter, and the model number after it is no code (issue 36's current-truth bench).
    "The Kia Sportage is gone; my grandmother Margot drives a Peugeot 3008 now.",
    "A couple of weeks ago Umberto sold the Kia Sportage and got a Peugeot 3008.",
    # "answering to" names whom one reports to, not an answer to a security question.
    "Dagny's been answering to Rowena Tremlett since October.",
]


@pytest.mark.parametrize(("text", "secret"), CAUGHT)
def test_a_secret_told_any_way_is_not_stored(text: str, secret: str) -> None:
    assert secret not in redact(text).text


@pytest.mark.parametrize("text", KEPT)
def test_public_material_and_talk_about_secrets_is_left_alone(text: str) -> None:
    assert redact(text).text == text


def test_redacting_twice_changes_nothing_more() -> None:
    once = redact("Wifi: CoffeeHouse_5G / password: latte-art-2024").text
    assert "CoffeeHouse_5G" in once
    assert redact(once).text == once


def test_a_cue_is_read_in_languages_of_every_script() -> None:
    said = {
        "he": "הסיסמה",
        "el": "κωδικός πρόσβασης",
        "th": "รหัสผ่าน",
        "fa": "رمز عبور",
        "vi": "mật khẩu",
        "sw": "nenosiri",
        "hu": "jelszó",
        "fi": "salasana",
    }
    for lang, word in said.items():
        found = lexicon.cues(f"{word}: x")
        assert found, lang
        assert found[0].concept != lexicon.PUBLIC, lang


@pytest.mark.parametrize(
    ("name", "languages_at_least"), [("cues.tsv", 100), ("cues_extra.tsv", 45)]
)
def test_the_cue_data_is_words_of_known_concepts(name: str, languages_at_least: int) -> None:
    path = Path(lexicon.__file__).with_name(name)
    lines = path.read_text(encoding="utf-8").splitlines()[1:]
    assert len(lines) > 1000
    languages = set()
    for line in lines:
        lang, concept, term, _source = line.split("\t")
        assert concept in lexicon._CONCEPTS, line
        assert term, line
        assert term.strip() == term, line
        assert "crwd" not in term, line
        languages.add(lang)
    assert len(languages) >= languages_at_least


def test_the_names_of_id_numbers_come_from_python_stdnum_each_with_its_module() -> None:
    path = Path(lexicon.__file__).with_name("id_numbers.tsv")
    rows = [line.split("\t") for line in path.read_text(encoding="utf-8").splitlines()]
    rows = [row for row in rows if not row[0].startswith("#") and row[0] != "lang"]
    assert len(rows) > 100
    for _region, concept, term, source in rows:
        assert concept == "id_number", term
        assert term.strip() == term, term
        assert all(s.startswith("python-stdnum==") for s in source.split(" | ")), source
    assert len({region for region, *_ in rows}) >= 50
    # A tax's own name is no number's ("IVA 21%"), nor is a company's register.
    assert not {"IVA", "TVA", "VAT", "PIN"} & {term for _, _, term, _ in rows}


def test_a_numbers_abbreviation_is_a_cue_in_capitals_or_before_its_number() -> None:
    concept = lambda text: [c.concept for c in lexicon.cues(text)]  # noqa: E731
    assert concept("RUT 12.845.379-4") == [lexicon.NUMBER]
    assert concept("rut: 12.845.379-4") == [lexicon.NUMBER]
    assert lexicon.NUMBER not in concept("en rut i fönstret")  # a word too (Swedish: a pane)


def _corpus(name: str) -> tuple[list[dict[str, object]], list[dict[str, object]]]:
    folder = DATA / name
    read = lambda f: [json.loads(x) for x in (folder / f).read_text().splitlines() if x]  # noqa: E731
    return read("secrets.jsonl"), read("benign.jsonl")


# Figures at the time of writing (bench/secret_detection.py --blind): a change that makes
# them worse fails here. A: 516 of 828 stored whole at first sight, 177 after the first
# layers, 74 after issue 40's context layer; 42 of 397 look-alikes altered at first sight, 1
# after. B (sealed until the layers were written; its rows never read): 410 of 581 with the
# old detector, 210 at first sight of the new, 206 after later changes made for A, 175 after
# the context layer; 23 of 410 altered, 9, then 8. secrets_fresh (written for issue 40
# before the context layer, in 24 languages without hand-written cues): 31 of 113 at first
# sight, 18 after; 2 of 70 altered, 0 after. D (53 languages; spent on 2026-12-05 to find the
# causes of its misses): 258 of 837 and 88 of 560 at first sight, 25 and 5 after; A 61 and
# 1, B 131 and 8, fresh 13 and 0 with the same changes. E (54 languages; spent on 2026-12-05
# the same way): 166 of 808 and 10 of 349 at first sight, 14 and 0 after; with the same
# changes, and those A's and B's misses showed (read in the same session), A 42 and 0,
# B 24 and 5, D 21 and 4, fresh 8 and 0.
@pytest.mark.parametrize(
    ("name", "max_whole", "max_altered", "min_languages"),
    [
        ("secrets_blind_a", 0.06, 0.005, 40),
        ("secrets_blind_b", 0.05, 0.015, 40),
        ("secrets_fresh", 0.08, 0.015, 25),
        ("secrets_blind_d", 0.03, 0.01, 50),
        ("secrets_blind_e", 0.02, 0.005, 50),
    ],
)
def test_the_blind_corpora_do_not_get_worse(
    name: str, max_whole: float, max_altered: float, min_languages: int
) -> None:
    secrets, benign = _corpus(name)
    total = sum(len(r["secrets"]) for r in secrets)  # type: ignore[arg-type]
    whole = sum(
        s in redact(str(r["text"])).text
        for r in secrets
        for s in r["secrets"]  # type: ignore[attr-defined]
    )
    altered = sum(redact(str(r["text"])).text != r["text"] for r in benign)
    # Plain numbers only: a sealed corpus's rows must not reach a failure's report.
    n_benign, n_languages = len(benign), len({r["lang"] for r in secrets})
    del secrets, benign
    assert n_languages >= min_languages
    assert whole / total <= max_whole
    assert altered / n_benign <= max_altered
