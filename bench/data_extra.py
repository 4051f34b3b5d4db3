"""Lay out the data folder that ``retrieval.py --data-extra`` reads, from local git copies.

Each public set of the retrieval bench other than LoCoMo is taken from one repository at one
pinned commit. Given the git directories of those repositories (bare or not, already on this
machine), this writes ``<out>/<set>/`` with the set's files as the adapters in
``bench/_retrieval_data.py`` expect them, and a README that names the repository, commit,
paths, licence and how the bench maps the set. It reads only the git directories it is given:
it never downloads anything, and nothing it writes belongs in the repository.

    .venv/bin/python bench/data_extra.py --out ../data-extra /path/to/copies/*
    .venv/bin/python bench/data_extra.py --out ../data-extra realtalk=/path/to/REALTALK/.git

A git directory given without ``<set>=`` is matched to the set whose pinned commit it holds
(one that holds none is skipped); sets with no git directory given are left as they are.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from _retrieval_data import DEFAULT_EXTRA


@dataclass(frozen=True)
class Source:
    """One set: where it comes from and where its files go under the data folder."""

    name: str  # the --datasets name
    folder: str  # under the data folder
    repository: str  # owner/name
    commit: str
    pattern: str  # regular expression over the repository's paths, matched whole
    strip: str  # leading part of a path dropped in the data folder
    licence: str
    mapping: str

    def destination(self, path: str) -> str:
        return path.removeprefix(self.strip)


SOURCES: tuple[Source, ...] = (
    Source(
        name="realtalk",
        folder="realtalk",
        repository="danny911kr/REALTALK",
        commit="b903e06a9770bf4e5fe9018c3e132889666d3b4a",
        pattern=r"data/Chat_\d+_[^/]+\.json",
        strip="data/",
        licence=(
            "None stated: the repository has no licence file and its README names none. "
            "Published by the authors for research; used here for evaluation only, "
            "not redistributed."
        ),
        mapping=(
            "One chat (LoCoMo's format, 21 days of real messaging-app chat) is one "
            "conversation; each message an item with its own timestamp (image captions as in "
            "LoCoMo). Questions are the `qa` entries, gold their `evidence` (ranges such as "
            "`D12:3-D12:5` expanded; ids that name no message dropped, questions left without "
            "gold skipped). Categories 1 multi-hop, 2 temporal, 3 commonsense."
        ),
    ),
    Source(
        name="madial",
        folder="madial-bench",
        repository="hejunqing/MADial-Bench",
        commit="572e3a10d6d01852a65e4508e0b3ab2a00d0710c",
        pattern=r"data/en/MADial-Bench-en-(memory|dialogue)\.json",
        strip="data/en/",
        licence="MIT (the repository's LICENSE).",
        mapping=(
            "A user's memory archive (the memories whose event names them) is one "
            "conversation, each dated memory an item. A question is the dialogue before the "
            "assistant's memory-recalling turn (`test-turn`), gold its `relevant-id`; the "
            "category is the scene of the first (primary) relevant memory."
        ),
    ),
    Source(
        name="covidqa",
        folder="covid-qa",
        repository="deepset-ai/COVID-QA",
        commit="fb2eb5e249618457e5359806601086c635c8eb8f",
        pattern=r"data/question-answering/200423_covidQA\.json",
        strip="data/question-answering/",
        licence=(
            "Apache-2.0 (the repository's LICENSE); the articles are from CORD-19, each under "
            "its own licence, mostly CC BY."
        ),
        mapping=(
            "One scientific article is one conversation, each non-empty line (paragraph) an "
            "item dated on the article's date (the set's release day when its header gives "
            "none). A question's gold is the paragraph(s) its annotated answer span overlaps. "
            'Stored as documents (`source="document"`).'
        ),
    ),
    Source(
        name="realtimeqa",
        folder="realtimeqa",
        repository="realtimeqa/realtimeqa_public",
        commit="bc15fba7f45535fbdb2674d03de7b65a2a9e065f",
        # One quiz a file; the range files (20220617-20220624_qa.jsonl) repeat weeks.
        pattern=r"past/\d{4}/\d{8}_qa\.jsonl",
        strip="",
        licence=(
            "None stated: the repository has no licence file. Published for research; used "
            "here for evaluation only, not redistributed."
        ),
        mapping=(
            "One year of weekly news quizzes is one conversation; each question's evidence "
            "passage an item dated on its quiz day (a session a quiz). A question is asked at "
            "the end of its quiz day, so every system sees that week's passages and earlier "
            "ones, never later; gold is its own passage; questions without evidence are "
            "skipped. Category is the question's source (CNN, THE WEEK, ...). Stored as "
            "documents."
        ),
    ),
    Source(
        name="beam",
        folder="beam",
        repository="mohammadtavakoli78/BEAM",
        commit="b2a3ee8ba12d68f83143dda191097dc3e028ddd3",
        # The 100K-token chats (20). The 500K ones (35, 38,058 messages) would take near four
        # hours to remember on two cores; most 1M and 10M ones are over the size a snapshot
        # brings here.
        pattern=r"chats/100K/\d+/(chat|probing_questions/probing_questions)\.json",
        strip="chats/",
        licence=(
            "None stated: the repository has no licence file and its README names none (it "
            "asks for the paper to be cited). Published for research; used here for "
            "evaluation only, not redistributed."
        ),
        mapping=(
            "One chat (a user's long conversation with an assistant, about 100K tokens) "
            "is one conversation; each user and assistant message an item (`User: ...` / "
            "`Assistant: ...`, its trailing generation index `->-> b,t` dropped), dated by "
            "the chat's `time_anchor`s (each message on the last anchor before it), a "
            "session a batch. Questions are the probing questions, gold their "
            "`source_chat_ids` (nested lists flattened; for a knowledge update only "
            "`updated_info`). Categories: 1 preference following, 2 instruction following, "
            "3 information extraction, 4 multi-session reasoning, 5 knowledge update, "
            "6 temporal reasoning, 7 event ordering, 8 contradiction resolution; abstention "
            "(no evidence) and summarization (whole stretches as sources) are left out."
        ),
    ),
)
BY_NAME = {s.name: s for s in SOURCES}


def git(git_dir: Path, *args: str) -> bytes:
    done = subprocess.run(
        ["git", "--git-dir", str(git_dir), *args], capture_output=True, check=False
    )
    if done.returncode != 0:
        message = done.stderr.decode(errors="replace").strip()
        raise RuntimeError(f"git {' '.join(args)} in {git_dir}: {message}")
    return done.stdout


def holds(git_dir: Path, commit: str) -> bool:
    done = subprocess.run(
        ["git", "--git-dir", str(git_dir), "cat-file", "-e", f"{commit}^{{commit}}"],
        capture_output=True,
        check=False,
    )
    return done.returncode == 0


def paths_of(source: Source, git_dir: Path) -> list[str]:
    listed = git(git_dir, "ls-tree", "-r", "-z", "--name-only", source.commit).decode()
    wanted = re.compile(source.pattern)
    return sorted(p for p in listed.split("\0") if p and wanted.fullmatch(p))


def readme(source: Source, paths: Sequence[str], sizes: dict[str, int]) -> str:
    listed = "\n".join(
        f"- `{p}` → `{source.destination(p)}` ({sizes[p]:,} bytes)" for p in paths[:12]
    )
    if len(paths) > 12:
        listed += f"\n- ... {len(paths) - 12} more files matching `{source.pattern}`"
    total = sum(sizes.values())
    kept = f"laid out without the leading `{source.strip}`" if source.strip else "laid out as there"
    return (
        f"# {source.folder}: `retrieval.py --datasets {source.name}`\n\n"
        "Evaluation data that no one on graphmem wrote, laid out by `bench/data_extra.py`. "
        "Read at run time; never copy it into the repository.\n\n"
        f"- Repository: github.com/{source.repository}\n"
        f"- Commit: {source.commit}\n"
        f"- Paths: `{source.pattern}` ({len(paths)} files, {total:,} bytes), {kept}:\n{listed}\n"
        f"- Licence: {source.licence}\n"
        f"- Mapping (bench/_retrieval_data.py): {source.mapping}\n"
    )


def lay_out(source: Source, git_dir: Path, out: Path) -> list[Path]:
    """Write the set's files and README under ``out/<folder>/``; return the files written."""
    paths = paths_of(source, git_dir)
    if not paths:
        raise RuntimeError(f"{source.name}: nothing matches {source.pattern} at {source.commit}")
    folder = out / source.folder
    written: list[Path] = []
    sizes: dict[str, int] = {}
    for path in paths:
        # A copy that lacks a file's content (large files, LFS) fails here, not later.
        data = git(git_dir, "cat-file", "blob", f"{source.commit}:{path}")
        if data.startswith(b"version https://git-lfs"):
            raise RuntimeError(f"{source.name}: {path} is a Git LFS pointer, not the data")
        target = folder / source.destination(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
        sizes[path] = len(data)
        written.append(target)
    (folder / "README.md").write_text(readme(source, paths, sizes), encoding="utf-8")
    return written


def assign(specs: Sequence[str]) -> dict[str, Path]:
    """``set=GITDIR`` or ``GITDIR`` (matched by the pinned commit it holds) to set → git dir."""
    chosen: dict[str, Path] = {}
    for spec in specs:
        name, sep, rest = spec.partition("=")
        if sep and name in BY_NAME:
            chosen[name] = Path(rest)
            continue
        git_dir = Path(spec)
        found = [s.name for s in SOURCES if s.name not in chosen and holds(git_dir, s.commit)]
        if found:
            chosen[found[0]] = git_dir
        else:
            print(f"{spec}: holds none of the pinned commits, skipped", file=sys.stderr)
    return chosen


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("git_dirs", nargs="+", help="[set=]git directory of a set's repository")
    parser.add_argument("--out", type=Path, default=DEFAULT_EXTRA, help="the data folder")
    args = parser.parse_args(argv)
    chosen = assign(args.git_dirs)
    for source in SOURCES:
        git_dir = chosen.get(source.name)
        if git_dir is None:
            print(f"{source.name}: no git directory given, {args.out / source.folder} left as is")
            continue
        files = lay_out(source, git_dir, args.out)
        size = sum(f.stat().st_size for f in files)
        print(f"{source.name}: {len(files)} files, {size:,} bytes → {args.out / source.folder}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
