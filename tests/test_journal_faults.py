"""Damaged embedded store files: a flipped byte or a cut anywhere either opens with
every acknowledged record, or is refused with StoreCorrupt leaving the files as they
were; doctor names the damage and repair salvages what is intact."""

from __future__ import annotations

import json
import random
import re
import zlib
from pathlib import Path

import pytest

from graphmem import Claim, Memory, StoreCorrupt, StoreLocked
from graphmem.cli import main
from graphmem.lifecycle import doctor
from tests.store_faults import (
    JOURNAL,
    NS,
    Built,
    boundaries,
    build,
    files,
    flip,
    held,
    opened_state,
    positions,
    replayed,
    state,
    trial,
)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    built = build(tmp_path_factory.mktemp("built") / "store")
    assert not (built.folder / "snapshot.json").exists()
    assert 45 <= len(built.after) - 1 <= 60
    return built


def test_every_cut_at_a_record_boundary_keeps_each_acknowledged_record(
    built: Built, tmp_path: Path
) -> None:
    edges = boundaries(built.journal)
    for count, at in enumerate(edges):
        if count in built.after:
            assert opened_state(trial(built, tmp_path, built.journal[:at])) == built.after[count]


def test_a_cut_inside_the_last_record_drops_only_it(built: Built, tmp_path: Path) -> None:
    edges = boundaries(built.journal)
    rng = random.Random(7)
    for count in sorted(built.after)[1:]:
        start, end = edges[count - 1], edges[count]
        for at in {start + 1, rng.randrange(start + 1, end), end - 1}:  # end-1: all but "\n"
            folder = trial(built, tmp_path, built.journal[:at])
            assert opened_state(folder) == built.after[count - 1]
            if not (folder / "snapshot.json").exists():  # else compacted after a forget
                assert (folder / JOURNAL).read_bytes() == built.journal[:start]  # cut there


def test_a_flipped_byte_is_refused_or_loses_only_the_last_record(
    built: Built, tmp_path: Path
) -> None:
    rng = random.Random(3)
    picked = positions(built, extra=60, seed=12)
    outcomes = [flip(built, tmp_path, pos, rng.randrange(1, 256)) for pos in picked]
    assert [o for o in outcomes if o.outcome.startswith("VIOLATION")] == []
    opened = [o.position for o in outcomes if o.outcome != "refused"]
    assert all(pos >= boundaries(built.journal)[-2] for pos in opened)  # the last record
    assert len(opened) <= 2


def test_a_whole_last_record_with_a_damaged_newline_is_refused(
    built: Built, tmp_path: Path
) -> None:
    # Its bytes all arrived, so it was acknowledged: dropping it would lose it silently.
    for ending in (b"\0", b"x"):
        folder = trial(built, tmp_path, built.journal[:-1] + ending)
        with pytest.raises(StoreCorrupt, match="line ending of the last record is damaged"):
            Memory(folder)
        assert (folder / JOURNAL).read_bytes() == built.journal[:-1] + ending


def test_a_damaged_snapshot_or_keys_file_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "store"
    with Memory(folder) as mem:
        for i in range(5):
            gone = mem.remember([Claim("maya", "likes", f"thing {i}")], namespace=NS)
        mem.forget(NS, episode=gone.episode_id)  # compacts: a snapshot, and a tombstone key
    pristine = files(folder)
    rng = random.Random(5)
    for name in ("snapshot.json", "keys.json"):
        size = len(pristine[name])
        for pos in sorted({0, 5, 20, size - 1, *(rng.randrange(size) for _ in range(25))}):
            damaged = bytearray(pristine[name])
            damaged[pos] ^= rng.randrange(1, 256)
            (folder / name).write_bytes(bytes(damaged))
            with pytest.raises(StoreCorrupt, match=re.escape(name)):
                Memory(folder)
            assert (folder / name).read_bytes() == bytes(damaged)
            assert doctor.diagnose(folder).problems != []
            (folder / name).write_bytes(pristine[name])
    assert opened_state(folder)


def test_doctor_reports_and_repair_salvages_the_intact_records(
    built: Built, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    edges = boundaries(built.journal)
    records = len(edges) - 1
    hit = built.written[22]  # "likes thing 22": nothing later refers to it
    damaged = bytearray(built.journal)
    damaged[edges[hit - 1] + 200] ^= 0x04
    folder = trial(built, tmp_path, bytes(damaged))
    before = files(folder)

    report = doctor.diagnose(folder)
    assert report.damaged
    assert report.records == records - 1
    [problem] = report.problems
    assert (problem.file, problem.offset, problem.seqs) == (JOURNAL, edges[hit - 1], (hit, hit))
    assert main(["doctor", str(folder)]) == 1
    out = capsys.readouterr().out
    assert f"journal.jsonl at byte {edges[hit - 1]}" in out
    assert f"(record {hit})" in out

    salvage = doctor.repair(folder, tmp_path / "new")
    assert files(folder) == before  # doctor and repair only read
    assert salvage.kept == [n for n in range(1, records + 1) if n != hit]
    assert salvage.skipped == []
    with Memory(tmp_path / "new") as mem:
        salvaged = {f.object for f in mem.facts(NS, history=True)}
    with Memory(trial(built, tmp_path, built.journal)) as mem:
        whole = {f.object for f in mem.facts(NS, history=True)}
    assert whole - salvaged == {"thing 22"}
    assert main(["doctor", str(tmp_path / "new")]) == 0
    assert main(["repair", str(folder), "--into", str(tmp_path / "new")]) == 2  # not empty


def test_repair_keeps_what_comes_after_a_lost_record_and_derives_its_slot_again(
    built: Built, tmp_path: Path
) -> None:
    edges = boundaries(built.journal)
    hit = built.written[21]  # "lives_in City21": every later lives_in write retires it
    damaged = bytearray(built.journal)
    damaged[edges[hit - 1] + 200] ^= 0x04
    salvage = doctor.repair(trial(built, tmp_path, bytes(damaged)), tmp_path / "new")
    assert salvage.kept == [n for n in range(1, len(edges)) if n != hit]
    assert salvage.skipped == []
    assert salvage.partial  # the later lives_in writes, without their fact versions
    assert salvage.rederived >= 1
    assert any("in part" in line for line in salvage.lines())
    with Memory(tmp_path / "new") as mem:
        got = held(mem)
        assert mem.check(NS).ok
    assert got == replayed(built, tmp_path / "oracle", {hit})


def test_repair_salvages_a_one_valued_slot_past_a_damaged_second_record(tmp_path: Path) -> None:
    folder = tmp_path / "store"
    with Memory(folder) as mem:
        for city in ("Austin", "Rome", "Berlin", "Lisbon"):
            mem.remember([Claim("maya", "lives_in", city)], namespace=NS)
    journal = (folder / JOURNAL).read_bytes()
    edges = boundaries(journal)
    damaged = bytearray(journal)
    damaged[(edges[1] + edges[2]) // 2] ^= 0x20  # the body of "Rome"
    (folder / JOURNAL).write_bytes(bytes(damaged))
    salvage = doctor.repair(folder, tmp_path / "new")
    assert salvage.kept == [1, 3, 4]
    with Memory(tmp_path / "new") as mem:
        assert [f.object for f in mem.facts(NS)] == ["Lisbon"]  # not Austin, left stale
        history = [f.object for f in mem.facts(NS, history=True)]
        assert sorted(history) == ["Austin", "Berlin", "Lisbon"]
        assert mem.check(NS).ok


@pytest.mark.parametrize("where", ["sequence number", "checksum", "space", "line ending"])
def test_repair_keeps_a_record_whose_header_or_line_ending_is_damaged(
    built: Built, tmp_path: Path, where: str
) -> None:
    edges = boundaries(built.journal)
    hit = built.written[21]
    start = edges[hit - 1]
    crc = built.journal.index(b" ", start) + 1
    at = {
        "sequence number": start,
        "checksum": crc + 3,
        "space": crc - 1,
        "line ending": edges[hit] - 1,
    }[where]
    damaged = bytearray(built.journal)
    damaged[at] ^= 0x01
    folder = trial(built, tmp_path, bytes(damaged))
    with pytest.raises(StoreCorrupt):  # opening never guesses
        Memory(folder)
    report = doctor.diagnose(folder)
    assert report.damaged
    assert all(p.recovered for p in report.problems)
    assert report.records == len(edges) - 1
    salvage = doctor.repair(folder, tmp_path / "new")
    assert salvage.kept == list(range(1, len(edges)))
    assert (salvage.skipped, salvage.partial, salvage.lost) == ([], [], [])
    assert any(line.startswith("  recovered journal.jsonl") for line in salvage.lines())
    assert opened_state(tmp_path / "new") == built.after[len(edges) - 1]


def test_files_written_before_checksums_covered_everything_still_open(
    built: Built, tmp_path: Path
) -> None:
    legacy = b""
    for line in built.journal.splitlines(keepends=True):  # CRC of the body alone
        seq, _, body = line.rstrip(b"\n").split(b" ", 2)
        legacy += b"%s %d %s\n" % (seq, zlib.crc32(body), body)
    assert opened_state(trial(built, tmp_path, legacy)) == built.after[len(built.after) - 1]

    folder = tmp_path / "plain"
    with Memory(folder) as mem:
        gone = mem.remember([Claim("maya", "likes", "tea")], namespace=NS)
        mem.forget(NS, episode=gone.episode_id)
        mem.remember([Claim("maya", "likes", "coffee")], namespace=NS)
        expected = state(mem)
    for name in ("snapshot.json", "keys.json"):  # unsealed: plain JSON
        path = folder / name
        path.write_bytes(path.read_bytes().split(b"\n", 1)[1])
    assert opened_state(folder) == expected


def test_repair_without_a_readable_snapshot(tmp_path: Path) -> None:
    folder = tmp_path / "store"
    with Memory(folder) as mem:
        gone = mem.remember([Claim("maya", "likes", "tea")], namespace=NS)
        mem.forget(NS, episode=gone.episode_id)  # a snapshot
        mem.remember([Claim("maya", "likes", "coffee")], namespace=NS)
        mem.remember([Claim("ravi", "likes", "chess")], namespace=NS)
    snapshot = folder / "snapshot.json"
    snapshot.write_bytes(snapshot.read_bytes()[:-10])
    report = doctor.diagnose(folder)
    assert [p.file for p in report.problems] == ["snapshot.json"]
    assert report.snapshot_seq is None
    assert report.records == 2
    salvage = doctor.repair(folder, tmp_path / "new")
    assert salvage.snapshot_seq is None
    assert salvage.kept == [3, 4]  # each write carries the entities it names
    assert salvage.skipped == []
    assert any("tombstones of earlier forgets" in line for line in salvage.lines())
    with Memory(tmp_path / "new") as mem:
        assert sorted(f.object for f in mem.facts(NS)) == ["chess", "coffee"]


def test_doctor_json(built: Built, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = trial(built, tmp_path, built.journal + b"17 0 {")  # a torn tail only
    assert main(["doctor", str(folder), "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert found["damaged"] is False
    assert found["torn_tail"] == len(built.journal)
    assert found["records"] == len(built.after) - 1
    assert (folder / JOURNAL).read_bytes().endswith(b"17 0 {")  # doctor cut nothing


def test_doctor_refuses_a_store_open_in_a_live_process(built: Built, tmp_path: Path) -> None:
    folder = trial(built, tmp_path, built.journal)
    with Memory(folder), pytest.raises(StoreLocked, match="open in process"):
        doctor.diagnose(folder)
    assert not doctor.diagnose(folder).damaged


def test_an_interrupted_snapshot_write_leaves_no_tmp_file(tmp_path: Path) -> None:
    folder = tmp_path / "store"
    with Memory(folder) as mem:
        mem.remember("Maya said the word ZEPHYRQUILL once.", namespace=NS)
    (folder / "snapshot.tmp").write_bytes(b'{"half": "ZEPHYRQUILL')
    with Memory(folder):
        assert not (folder / "snapshot.tmp").exists()
