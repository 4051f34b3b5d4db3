"""A damaged store database: a flipped byte or a cut anywhere either opens with every
acknowledged write, or is refused with StoreCorrupt naming store.db and leaving it as
it was; doctor names the damage and repair salvages what is intact."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path

import pytest

from graphmem import Claim, Memory, StoreCorrupt, StoreLocked
from graphmem.cli import main
from graphmem.lifecycle import doctor
from tests.store_faults import (
    DATABASE,
    HEADER,
    NS,
    Built,
    build,
    files,
    flip,
    opened_state,
    positions,
    trial,
)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    built = build(tmp_path_factory.mktemp("built") / "store")
    assert len(built.ops) >= 45
    assert sorted(p.name for p in built.folder.iterdir()) == ["lock", DATABASE]
    return built


def test_a_flipped_byte_is_refused_or_changes_nothing(built: Built, tmp_path: Path) -> None:
    rng = random.Random(3)
    picked = positions(built, count=120, seed=12)
    outcomes = [flip(built, tmp_path, pos, rng.randrange(1, 256)) for pos in picked]
    assert [o for o in outcomes if o.outcome.startswith("VIOLATION")] == []
    assert sum(o.outcome == "refused" for o in outcomes) >= len(outcomes) // 4


def test_a_flip_inside_any_record_is_refused(built: Built, tmp_path: Path) -> None:
    db = sqlite3.connect(built.folder / DATABASE)
    try:
        bodies = [row[0].encode() for row in db.execute("SELECT body FROM nodes")]
        bodies += [row[0].encode() for row in db.execute("SELECT body FROM edges")]
    finally:
        db.close()
    rng = random.Random(5)
    for body in rng.sample(bodies, 25):
        if len(body) < 8 or built.database.count(body[:8]) == 0:
            continue
        at = built.database.index(body[: min(len(body), 40)]) + min(len(body), 40) // 2
        result = flip(built, tmp_path, at, 0x01)
        assert result.outcome == "refused", result


def test_a_cut_database_is_refused_or_loses_nothing(built: Built, tmp_path: Path) -> None:
    size = len(built.database)
    page = int.from_bytes(built.database[16:18], "big")
    refused = 0
    for at in sorted({size - page, size // 2, page * 2, size - 1, 50}):
        folder = trial(built, tmp_path, built.database[:at])
        try:
            got = opened_state(folder)
        except StoreCorrupt as exc:
            message = str(exc)
            refused += 1
        else:  # only a page without rows (free, or a pointer map) was cut
            assert got == built.final
            continue
        assert "store.db" in message
        assert doctor.diagnose(folder).damaged
    assert refused >= 3


def test_doctor_reports_and_repair_salvages_the_intact_rows(
    built: Built, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    marker = b"thing 22"  # "likes thing 22": nothing later refers to it
    at = built.database.index(marker) + 3
    damaged = bytearray(built.database)
    damaged[at] ^= 0x04
    folder = trial(built, tmp_path, bytes(damaged))
    before = files(folder)

    report = doctor.diagnose(folder)
    assert report.damaged
    assert report.database
    assert {p.file for p in report.problems} == {DATABASE}
    assert any("checksum" in p.reason for p in report.problems)
    assert main(["doctor", str(folder)]) == 1
    out = capsys.readouterr().out
    assert "store.db" in out
    assert "checksum" in out

    salvage = doctor.repair(folder, tmp_path / "new")
    assert files(folder)[DATABASE][HEADER:] == before[DATABASE][HEADER:]  # only read
    assert salvage.rows["nodes"] > 50
    assert salvage.lost
    with Memory(tmp_path / "new") as mem:
        salvaged = {f.object for f in mem.facts(NS, history=True)}
    with Memory(trial(built, tmp_path, built.database)) as mem:
        whole = {f.object for f in mem.facts(NS, history=True)}
    assert whole - salvaged <= {"thing 22"}
    assert len(salvaged) >= len(whole) - 1
    assert main(["doctor", str(tmp_path / "new")]) == 0
    assert main(["repair", str(folder), "--into", str(tmp_path / "new")]) == 2  # not empty


def test_repair_of_an_intact_store_keeps_everything(built: Built, tmp_path: Path) -> None:
    folder = trial(built, tmp_path, built.database)
    salvage = doctor.repair(folder, tmp_path / "new")
    assert salvage.lost == []
    assert opened_state(tmp_path / "new") == built.final


def test_doctor_json(built: Built, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = trial(built, tmp_path, built.database)
    assert main(["doctor", str(folder), "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert found["damaged"] is False
    assert found["database"] is True
    assert found["problems"] == []


def test_doctor_refuses_a_store_open_in_a_live_process(built: Built, tmp_path: Path) -> None:
    folder = trial(built, tmp_path, built.database)
    with Memory(folder), pytest.raises(StoreLocked, match="open in process"):
        doctor.diagnose(folder)
    assert not doctor.diagnose(folder).damaged


def test_old_files_appearing_beside_a_database_are_never_read(tmp_path: Path) -> None:
    folder = tmp_path / "store"
    with Memory(folder) as mem:
        mem.remember([Claim("maya", "likes", "tea")], namespace=NS)
    (folder / "journal.jsonl").write_bytes(b'7 12345 {"namespace": "maya", "facts": [{"id"')
    (folder / "snapshot.tmp").write_bytes(b'{"half": "ZEPHYRQUILL')
    with Memory(folder) as mem:
        assert [f.object for f in mem.facts(NS)] == ["tea"]
        mem.remember([Claim("maya", "likes", "coffee")], namespace=NS)
    assert sorted(p.name for p in folder.iterdir()) == ["lock", DATABASE]
    with Memory(folder) as mem:
        assert sorted(f.object for f in mem.facts(NS)) == ["coffee", "tea"]
