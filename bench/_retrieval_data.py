"""Dataset adapters for the retrieval bench: each turns one public set into
conversations of dated, identified items (``locomo.Turn``) and questions with gold
item ids (``locomo.Question``), so that every system is scored the same way.

- LoCoMo: ``locomo10.json``; items are dialogue turns, gold is ``evidence``.
- REALTALK: ``Chat_*.json`` (LoCoMo's format, real messaging-app chats); items are
  messages with their own timestamps, gold is ``evidence`` (ranges expanded).
- MADial-Bench (English): items are a user's memory archive (dated events), a
  question is the dialogue before the assistant's memory-recalling turn, gold is
  ``relevant-id``; categories are the scene of the first (primary) relevant memory.

Data is read at run time from where it lies; nothing is copied into the project.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from _common import DEFAULT_DATA
from locomo import (
    CATEGORIES as LOCOMO_CATEGORIES,
)
from locomo import (
    TURN_SPACING,
    Conversation,
    Question,
    Turn,
    normalise_evidence,
    questions_of,
    turn_text,
)
from locomo import (
    load as load_locomo_file,
)

# Data fetched for evaluation only lies outside the repository, beside shared/.
DEFAULT_EXTRA = next(
    (p / "data-extra" for p in Path(__file__).resolve().parents if (p / "data-extra").is_dir()),
    DEFAULT_DATA.parent.parent / "data-extra",
)


@dataclass
class Dataset:
    name: str
    source: str
    categories: dict[int, str]
    conversations: list[Conversation]

    @property
    def turns(self) -> int:
        return sum(len(c.turns) for c in self.conversations)

    @property
    def questions(self) -> int:
        return sum(len(c.questions) for c in self.conversations)


def thin(questions: list[Question], limit: int | None) -> list[Question]:
    """At most ``limit`` questions, spread evenly over the list so that every
    category keeps its share (the first N would favour whatever comes first)."""
    if limit is None or len(questions) <= limit:
        return questions
    step = len(questions) / limit
    return [questions[int(i * step)] for i in range(limit)]


# ---- LoCoMo ------------------------------------------------------------------


def load_locomo(path: Path, conversations: int | None) -> Dataset:
    return Dataset(
        "locomo", str(path), dict(LOCOMO_CATEGORIES), load_locomo_file(path, conversations)
    )


# ---- REALTALK ----------------------------------------------------------------

REALTALK_CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "commonsense"}
_SESSION = re.compile(r"session_(\d+)")


def _realtalk_time(text: str) -> datetime | None:
    try:
        return datetime.strptime(text.strip(), "%d.%m.%Y, %H:%M:%S").replace(tzinfo=UTC)
    except (ValueError, AttributeError):
        return None


def realtalk_conversation(index: int, name: str, chat: dict[str, Any]) -> Conversation:
    numbers = sorted(int(m.group(1)) for key in chat if (m := _SESSION.fullmatch(key)))
    turns: list[Turn] = []
    for number in numbers:
        start = _realtalk_time(str(chat.get(f"session_{number}_date_time", "")))
        for raw in chat[f"session_{number}"]:
            at = _realtalk_time(str(raw.get("date_time", ""))) or start
            if at is None:
                raise ValueError(f"{name}: session {number} has no readable date")
            item = {**raw, "text": raw.get("clean_text", "")}
            dia_id = normalise_evidence([raw["dia_id"]])[0]
            turns.append(Turn(dia_id, number, at, turn_text(item)))
    questions = questions_of(chat.get("qa", []), turns, REALTALK_CATEGORIES)
    return Conversation(index, name, turns, *questions)


def load_realtalk(folder: Path, conversations: int | None) -> Dataset:
    files = sorted(folder.glob("Chat_*.json"), key=_chat_number)
    if not files:
        raise FileNotFoundError(f"no Chat_*.json in {folder}")
    convs = [
        realtalk_conversation(i, f.stem, json.loads(f.read_text(encoding="utf-8")))
        for i, f in enumerate(files[:conversations])
    ]
    return Dataset("realtalk", str(folder), dict(REALTALK_CATEGORIES), convs)


def _chat_number(path: Path) -> int:
    found = re.match(r"Chat_(\d+)", path.name)
    return int(found.group(1)) if found else 0


# ---- MADial-Bench --------------------------------------------------------------

MADIAL_MEMORY = "MADial-Bench-en-memory.json"
MADIAL_DIALOGUE = "MADial-Bench-en-dialogue.json"
_SPEAKER = re.compile(r"<([^<>:]+)>\s*:")
_SPEAKER_LINE = re.compile(r'^<([^<>:]+)>\s*:\s*"?(.*?)"?$')


def _json_lines(path: Path) -> list[Any]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def madial_query(dialogue: list[str], test_turn: int) -> str:
    """The dialogue before the turn in which the assistant should bring a memory up."""
    lines = (_SPEAKER_LINE.sub(r"\1: \2", line.strip()) for line in dialogue[:test_turn])
    return "\n".join(line for line in lines if line and line not in ("<BOD>", "<EOD>"))


def load_madial(folder: Path, conversations: int | None) -> Dataset:
    memories: dict[int, dict[str, str]] = {}
    for row in _json_lines(folder / MADIAL_MEMORY):
        memories.update({int(k): v for k, v in row.items()})
    dialogues = _json_lines(folder / MADIAL_DIALOGUE)
    users: dict[int, str] = {}
    for d in dialogues:
        found = next((m.group(1) for line in d["dialogue"] if (m := _SPEAKER.match(line))), None)
        if found and found != "Assistant":
            users.setdefault(int(d["user-id"]), found)
    scenes = sorted({m["scene"] for m in memories.values()})
    categories = dict(enumerate(scenes, 1))
    category_of = {scene: i for i, scene in categories.items()}
    convs: list[Conversation] = []
    for index, (user_id, name) in enumerate(sorted(users.items())[:conversations]):
        # A user's archive is the memories that name them (none names both users).
        own = sorted(
            ((i, m) for i, m in memories.items() if name in m["event"]),
            key=lambda item: (item[1]["time"], item[0]),
        )
        turns = [
            Turn(
                str(i),
                position,
                datetime.fromisoformat(m["time"]).replace(hour=12, tzinfo=UTC)
                + position * TURN_SPACING,
                m["event"],
            )
            for position, (i, m) in enumerate(own, 1)
        ]
        known = {t.dia_id for t in turns}
        questions, dropped, empty = [], 0, 0
        for d in dialogues:
            if int(d["user-id"]) != user_id:
                continue
            gold_ids = [str(g) for g in d["relevant-id"]]
            valid = frozenset(g for g in gold_ids if g in known)
            dropped += len(gold_ids) - len(valid)
            if not valid:
                empty += 1
                continue
            primary = memories[int(d["relevant-id"][0])]["scene"]
            query = madial_query(d["dialogue"], min(d["test-turn"]))
            questions.append(Question(query, category_of[primary], valid))
        convs.append(
            Conversation(index, f"user-{user_id}-{name}", turns, questions, dropped, empty)
        )
    return Dataset("madial", str(folder), categories, convs)


# ---- registry ------------------------------------------------------------------

Loader = Callable[[Path, int | None], Dataset]
ADAPTERS: dict[str, Loader] = {
    "locomo": load_locomo,
    "realtalk": load_realtalk,
    "madial": load_madial,
}


def default_paths(data: Path, extra: Path) -> dict[str, Path]:
    """Where each set lies by default: LoCoMo in the shared data folder, the others
    in the folder of data fetched for evaluation only (see bench/README.md)."""
    return {
        "locomo": data / "locomo" / "locomo10.json",
        "realtalk": extra / "realtalk",
        "madial": extra / "madial-bench",
    }
