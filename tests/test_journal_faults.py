"""Damaged embedded store files: a flipped byte or a cut anywhere either opens with
every acknowledged record, or is refused with StoreCorrupt leaving the files as they
were; doctor names the damage and repair salvages what is intact."""

from __future__ import annotations

import itertools
import json
import random
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest

from graphmem import Claim, Memory, StoreCorrupt, StoreLocked
from graphmem.cli import main
from graphmem.store import doctor
from graphmem.store.embedded import EmbeddedStore

NS = "maya"
JOURNAL = "journal.jsonl"


def state(mem: Memory) -> str:
    exported = mem.export(NS)
    exported.pop("exported_at")
    return json.dumps(exported, sort_keys=True, default=str)


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def boundaries(data: bytes) -> list[int]:
    """Offsets where each journal record starts, and the end of the file."""
    return [0] + [i + 1 for i, byte in enumerate(data) if byte == ord("\n")]


@dataclass
class Built:
    folder: Path
    journal: bytes
    after: dict[int, str]  # records in the journal -> the state the API showed then
    written: dict[int, int]  # record number (from 1) of the i-th remember


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    """~50 journal records of every class: episodes alone, facts, a supersession, a
    confirmation, feedback, and forgets (compaction held back so that the forget
    records stay in the journal, as a kill right after their append leaves them)."""
    folder = tmp_path_factory.mktemp("built") / "store"
    after: dict[int, str] = {0: ""}
    written: dict[int, int] = {}
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(EmbeddedStore, "_compact", lambda self: None)
        with Memory(folder) as mem:
            after[0] = state(mem)

            def note() -> None:
                after[(folder / JOURNAL).read_bytes().count(b"\n")] = state(mem)

            forgettable = []
            last_fact = ""
            for i in range(40):
                if i % 4 == 0:
                    result = mem.remember(f"Maya wrote note number {i} today.", namespace=NS)
                elif i % 4 == 1:
                    result = mem.remember([Claim("maya", "lives_in", f"City{i}")], namespace=NS)
                else:
                    result = mem.remember([Claim("maya", "likes", f"thing {i}")], namespace=NS)
                note()
                written[i] = max(after)
                last_fact = (result.fact_ids or [last_fact])[0]
                if i % 10 == 3:
                    forgettable.append(result.episode_id)
                if i % 10 == 6:
                    mem.feedback(last_fact, NS, "good")
                    note()
                if i % 10 == 9:
                    assert forgettable
                    mem.forget(NS, episode=forgettable.pop())
                    note()
    journal = (folder / JOURNAL).read_bytes()
    assert not (folder / "snapshot.json").exists()
    assert 45 <= journal.count(b"\n") <= 60
    assert set(after) == set(range(journal.count(b"\n") + 1))  # one record per call
    return Built(folder, journal, after, written)


def trial(built: Built, tmp: Path, journal: bytes) -> Path:
    folder = tmp / f"t{random.random()}"
    shutil.copytree(built.folder, folder)
    (folder / JOURNAL).write_bytes(journal)
    return folder


def opened_state(folder: Path) -> str:
    with Memory(folder) as mem:
        return state(mem)


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


def positions(built: Built) -> list[int]:
    """In every record: the sequence number, the checksum, the body, the last body
    byte and the newline; and 60 more anywhere."""
    edges = boundaries(built.journal)
    rng = random.Random(12)
    picked = set()
    for start, end in itertools.pairwise(edges):
        crc = built.journal.index(b" ", start) + 1
        picked |= {start, crc, rng.randrange(crc + 2, end - 1), end - 2, end - 1}
    picked |= {rng.randrange(len(built.journal)) for _ in range(60)}
    return sorted(picked)


def test_a_flipped_byte_is_refused_or_loses_only_the_last_record(
    built: Built, tmp_path: Path
) -> None:
    edges = boundaries(built.journal)
    last_start = edges[-2]
    rng = random.Random(3)
    refused = 0
    for pos in positions(built):
        damaged = bytearray(built.journal)
        damaged[pos] ^= rng.randrange(1, 256)
        folder = trial(built, tmp_path, bytes(damaged))
        before = files(folder)
        record_start = max(e for e in edges if e <= pos)
        try:
            got = opened_state(folder)
        except StoreCorrupt as exc:
            refused += 1
            assert files(folder) == before, f"flip at {pos} changed the files"
            message = str(exc)
            assert JOURNAL in message
            assert "graphmem doctor" in message
            named = int(re.search(r"at byte (\d+)", message).group(1))  # type: ignore[union-attr]
            assert record_start <= named <= pos, (pos, message)
            continue
        # Opened: only the last record may have been dropped, and only as a torn tail.
        assert pos >= last_start, f"flip at {pos} (not in the last record) opened silently"
        count = len(edges) - 1
        assert got in (built.after.get(count - 1), built.after[count]), pos
    assert refused >= len(positions(built)) - 5


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


def test_repair_skips_what_refers_to_a_lost_record(built: Built, tmp_path: Path) -> None:
    edges = boundaries(built.journal)
    hit = built.written[21]  # "lives_in City21": the next lives_in write supersedes it
    damaged = bytearray(built.journal)
    damaged[edges[hit - 1] + 200] ^= 0x04
    salvage = doctor.repair(trial(built, tmp_path, bytes(damaged)), tmp_path / "new")
    assert len(salvage.kept) + len(salvage.skipped) == len(edges) - 2
    assert salvage.skipped
    assert all("UnknownId: no Fact" in why for _, why in salvage.skipped)
    assert any(
        f"skipped record {seq}" in line for line in salvage.lines() for seq, _ in salvage.skipped
    )
    with Memory(tmp_path / "new") as mem:  # what was kept opens and reads
        assert mem.facts(NS, predicate="likes")


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
