"""Purge: after forget, nothing forgotten is left in any file the store owns.

The Neo4j half runs a launcher server of its own (``private_neo4j``): purge restarts it,
and the byte scan reads every file under its home — store files, transaction logs,
index segments, logs.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from graphmem import Claim, Memory, PurgeReport
from graphmem.cli import main
from graphmem.errors import InvalidArgument
from graphmem.lifecycle.residue import scan
from tests.neo4j_server import PrivateServer, private_neo4j  # noqa: F401

# Long phrases: Neo4j packs short strings into compact encodings a byte scan cannot read.
EPISODE = "Velvetine Oberkampf-Quasimodo swims at the Tarrowby Lido every single morning"
ENTITY = "Hollingsworth-Vandermeer Shipbuilding Cooperative"
EVERYTHING = "the allotment behind Cranleigh-Fotheringay Terrace grows purple asparagus"
KEPT = "Prudence Ashcombe-Whitlock keeps bees on the roof of the Marylebone library"


def _write_and_forget(mem: Memory) -> None:
    gone = mem.remember(EPISODE, namespace="purge-a")
    mem.remember("Lunch was a cheese sandwich with pickles.", namespace="purge-a")
    mem.define_predicate("works_for", cardinality="one", kind="fact")
    mem.remember([Claim("arlo", "works_for", ENTITY)], namespace="purge-a")
    mem.remember(f"Arlo said the {ENTITY} launched a ferry today.", namespace="purge-a")
    mem.remember(EVERYTHING, namespace="purge-b")
    mem.remember(KEPT, namespace="purge-keep")
    assert gone.episode_id is not None
    mem.forget("purge-a", episode=gone.episode_id)
    mem.forget("purge-a", entity=ENTITY)
    mem.forget("purge-b", everything=True)


def _still_there(mem: Memory) -> None:
    """The live data is untouched by a purge and the store still takes writes."""
    found = mem.recall("who keeps bees on the library roof", namespace="purge-keep")
    assert found
    assert found[0].text == KEPT
    assert [e.text for e in mem.recall("cheese sandwich", namespace="purge-a")][:1] == [
        "Lunch was a cheese sandwich with pickles."
    ]
    assert mem.remember("A write after the purge.", namespace="purge-keep").episode_id


def test_embedded_purge_leaves_no_forgotten_text(tmp_path: Path) -> None:
    folder = tmp_path / "store"
    with Memory(folder) as mem:
        _write_and_forget(mem)
        # What a crash in the middle of a file replacement leaves behind.
        (folder / "keys.tmp").write_text(EPISODE, encoding="utf-8")
        report = mem.purge("purge-a")
        assert isinstance(report, PurgeReport)
        assert report.store == "embedded"
        assert any("interrupted" in step for step in report.steps)
        _still_there(mem)
    assert scan(folder, [EPISODE, ENTITY, EVERYTHING]) == []
    assert scan(folder, [KEPT]), "the scan must see text that is still stored"


def test_purge_timeout_must_be_positive(tmp_path: Path) -> None:
    with Memory(tmp_path / "store") as mem:
        for bad in (0, -1.0, float("nan"), True):
            with pytest.raises(InvalidArgument, match="timeout"):
                mem.purge(timeout=bad)
        with pytest.raises(InvalidArgument, match="namespace"):
            mem.purge("not a namespace\n")


def test_residue_command_says_pass_or_fail(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "deep").mkdir()
    (tmp_path / "deep" / "segment.bin").write_bytes(
        b"\x00\x01" + EPISODE.lower().encode() + b"\x00"
    )
    assert main(["residue", str(tmp_path), EPISODE]) == 1
    out = capsys.readouterr().out
    assert "FAIL" in out
    assert "deep/segment.bin" in out
    assert main(["residue", str(tmp_path), KEPT]) == 0
    assert "PASS" in capsys.readouterr().out


def test_purge_command_on_the_embedded_store(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "store"
    with Memory(folder) as mem:
        _write_and_forget(mem)
    assert main(["--path", str(folder), "purge"]) == 0
    assert "purged the embedded store" in capsys.readouterr().out


@pytest.mark.neo4j
@pytest.mark.slow
def test_neo4j_forget_then_purge_leaves_no_file_holding_the_text(
    private_neo4j: PrivateServer,  # noqa: F811
) -> None:
    mem = Memory.neo4j(private_neo4j.uri)
    try:
        _write_and_forget(mem)
        # Forget alone does not reach the disk: that is what purge is for.
        assert scan(private_neo4j.home, [EPISODE, EVERYTHING]), "expected residue before purge"
        report = mem.purge(timeout=600)
        assert report.store == "neo4j"
        assert report.seconds > 0
        _still_there(mem)
    finally:
        mem.close()
    left = scan(private_neo4j.home, [EPISODE, ENTITY, EVERYTHING])
    assert left == [], "\n".join(f"{r.file} @ {r.offset}: {r.needle}" for r in left)
    assert scan(private_neo4j.home, [KEPT]), "the scan must see text that is still stored"
    leftovers = [p.name for p in private_neo4j.home.iterdir() if ".purge-" in p.name]
    assert leftovers == []
