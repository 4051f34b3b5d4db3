"""Writes this folder's store.db and view.json with the graphmem that is importable: run
with a checkout from before database format 2 (audit entries among the nodes, a fact's
links to its entities stored as rows), e.g. commit 4986e99:

    git worktree add /tmp/old 4986e99
    PYTHONPATH=/tmp/old:. .venv/bin/python tests/data/store_db1/make.py
"""

from __future__ import annotations

import random
import shutil
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

from graphmem import Claim, Memory
from graphmem.models.embed import HashingEmbedder
from graphmem.store.rows import dumps
from tests.store_db1 import view

HERE = Path(__file__).parent
START = datetime(2025, 1, 1, tzinfo=UTC)


def main() -> None:
    folder = Path(tempfile.mkdtemp()) / "store"
    rng = random.Random(4)
    with Memory(folder, embedder=HashingEmbedder()) as mem:
        done = []
        for i in range(12):
            person = f"Person {i % 5}"
            claims = [
                Claim(person, "lives_in", rng.choice(("Lisbon", "Osaka", "Bergen"))),
                Claim(person, "knows", f"Person {(i + 1) % 5}"),
                Claim(person, "likes_food", rng.choice(("ramen", "pho", "tacos"))),
            ]
            at = START + timedelta(hours=i)
            done.append(mem.remember(claims, namespace="db1", at=at))
        mem.remember("I moved to Quillbrook last week.", namespace="db1", at=START + timedelta(2))
        mem.forget("db1", episode=done[3].episode_id)
        mem.forget("db1", entity="Quillbrook")
        mem.remember([Claim("Person 9", "works_at", "Initech")], namespace="other", at=START)
    with Memory(folder, embedder=HashingEmbedder()) as mem:
        (HERE / "view.json").write_text(dumps(view(mem)))
    shutil.copyfile(folder / "store.db", HERE / "store.db")


if __name__ == "__main__":
    main()
