"""Dataset adapters for the retrieval bench: each turns one public set into
conversations of dated, identified items (``locomo.Turn``) and questions with gold
item ids (``locomo.Question``), so that every system is scored the same way.

- LoCoMo: ``locomo10.json``; items are dialogue turns, gold is ``evidence``.
- REALTALK: ``Chat_*.json`` (LoCoMo's format, real messaging-app chats); items are
  messages with their own timestamps, gold is ``evidence`` (ranges expanded).
- MADial-Bench (English): items are a user's memory archive (dated events), a
  question is the dialogue before the assistant's memory-recalling turn, gold is
  ``relevant-id``; categories are the scene of the first (primary) relevant memory.
- COVID-QA (documents): one scientific article is one "conversation", its paragraphs
  (non-empty lines) the items; gold is the paragraph(s) the annotated answer span
  lies in.
- RealTime QA (temporal news): one year of weekly news quizzes is one
  "conversation", each question's evidence paragraph an item dated by its quiz; a
  question is asked on its quiz's date, so that memory holds that week's news and
  everything before it, never after; gold is its own evidence paragraph.
- BEAM (a user's long chats with an assistant, preferences among them): one chat is one
  conversation, every user and assistant message an item dated by the chat's time anchors
  and stored as an assistant stores its chat (the user's messages told by the user, its
  replies by the agent: ``source="agent"``);
  a probing question's gold is its ``source_chat_ids`` (for a knowledge update, the
  message that updates); categories are BEAM's memory abilities, preference following
  first. Abstention (no evidence) and summarization (whole stretches) are left out.

Data is read at run time from where it lies; nothing is copied into the project.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
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
    # What the items are to the memory (Memory.remember's source): a conversation's turns
    # are what the user said; articles and news are documents, as a caller stores them.
    told_by: str = "user"

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


# ---- COVID-QA --------------------------------------------------------------------

COVIDQA_FILE = "200423_covidQA.json"
_ARTICLE_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
# Articles whose header gives no date are placed on this day (the set's release).
COVIDQA_FALLBACK = datetime(2020, 4, 23, 12, tzinfo=UTC)


def paragraphs(context: str) -> list[tuple[int, int, str]]:
    """The non-empty lines of ``context`` with their start and end offsets."""
    out: list[tuple[int, int, str]] = []
    start = 0
    for line in context.split("\n"):
        end = start + len(line)
        if line.strip():
            out.append((start, end, line.strip()))
        start = end + 1
    return out


def load_covidqa(folder: Path, conversations: int | None) -> Dataset:
    path = folder / COVIDQA_FILE if folder.is_dir() else folder
    data = json.loads(path.read_text(encoding="utf-8"))["data"]
    convs: list[Conversation] = []
    for index, article in enumerate(data[:conversations]):
        doc = article["paragraphs"][0]
        parts = paragraphs(doc["context"])
        day = next((p[2] for p in parts[:6] if _ARTICLE_DATE.match(p[2])), None)
        base = datetime.fromisoformat(day).replace(hour=12, tzinfo=UTC) if day else COVIDQA_FALLBACK
        turns = [
            Turn(f"P{i}", 1, base + i * TURN_SPACING, text)
            for i, (_, _, text) in enumerate(parts, 1)
        ]
        questions, empty = [], 0
        for qa in doc["qas"]:
            gold = frozenset(
                f"P{i}"
                for answer in qa.get("answers", [])
                for i, (start, end, _) in enumerate(parts, 1)
                if start < answer["answer_start"] + len(answer["text"].rstrip())
                and answer["answer_start"] < end
            )
            if not gold:
                empty += 1
                continue
            questions.append(Question(str(qa["question"]), 1, gold))
        convs.append(
            Conversation(index, f"doc-{doc.get('document_id', index)}", turns, questions, 0, empty)
        )
    return Dataset("covidqa", str(path), {1: "article"}, convs, told_by="document")


# ---- RealTime QA -------------------------------------------------------------------

_HTML = re.compile(r"<[^>]+>")


def _evidence_text(raw: str) -> str:
    return " ".join(_HTML.sub("", raw).split())


def _quiz_day(text: str, path: Path) -> datetime:
    """``2023/01/05`` or ``2024-03-22``; else the quiz file's own date (``20230106_qa``)."""
    found = re.fullmatch(r"(\d{4})[/-](\d{1,2})[/-](\d{1,2})", text.strip())
    y, m, d = found.groups() if found else (path.name[:4], path.name[4:6], path.name[6:8])
    return datetime(int(y), int(m), int(d), tzinfo=UTC)


def load_realtimeqa(folder: Path, conversations: int | None) -> Dataset:
    """``folder/past/<year>/<yyyymmdd>_qa.jsonl`` as the repository lays them out."""
    years = sorted(p for p in (folder / "past").iterdir() if p.is_dir())
    sources: dict[str, int] = {}
    convs: list[Conversation] = []
    for index, year in enumerate(years[:conversations]):
        turns: list[Turn] = []
        questions: list[Question] = []
        empty = 0
        for week, path in enumerate(sorted(year.glob("*_qa.jsonl")), 1):
            for position, row in enumerate(_json_lines(path), 1):
                text = _evidence_text(str(row.get("evidence") or ""))
                if not text:
                    empty += 1
                    continue
                day = _quiz_day(str(row.get("question_date", "")), path)
                item = str(row["question_id"])
                turns.append(
                    Turn(item, week, day + timedelta(hours=12) + position * TURN_SPACING, text)
                )
                category = sources.setdefault(
                    str(row.get("question_source", "?")), len(sources) + 1
                )
                # Asked at the end of the quiz's day: that week's news and all before it.
                questions.append(
                    Question(
                        str(row["question_sentence"]),
                        category,
                        frozenset({item}),
                        day + timedelta(days=1),
                    )
                )
        turns.sort(key=lambda t: t.at)
        convs.append(Conversation(index, year.name, turns, questions, 0, empty))
    categories = {number: name for name, number in sources.items()}
    return Dataset("realtimeqa", str(folder), categories, convs, told_by="document")


# ---- BEAM -----------------------------------------------------------------------------

# Memory abilities with evidence to find, in the order of their category numbers.
BEAM_CATEGORIES = {
    1: "preference_following",
    2: "instruction_following",
    3: "information_extraction",
    4: "multi_session_reasoning",
    5: "knowledge_update",
    6: "temporal_reasoning",
    7: "event_ordering",
    8: "contradiction_resolution",
}
# Each message ends with its generation index ("... ->-> 3,12"), not part of what was said.
_BEAM_INDEX = re.compile(r"\s*->->\s*\d+\s*,\s*\d+\s*$")
# Messages before a chat's first time anchor (none in the published chats) fall on this day.
BEAM_FALLBACK = datetime(2024, 1, 1, 12, tzinfo=UTC)


def _ids(raw: Any) -> list[int]:
    """Message ids from a ``source_chat_ids`` value: an id, a list (possibly nested)."""
    if isinstance(raw, bool):
        return []
    if isinstance(raw, int):
        return [raw]
    if isinstance(raw, list):
        return [i for item in raw for i in _ids(item)]
    return []


def beam_gold(category: str, source: Any) -> list[int]:
    """The messages that answer a probing question: for a knowledge update the one that
    updates (the original alone answers wrongly), else every source message."""
    if isinstance(source, dict):
        if category == "knowledge_update" and "updated_info" in source:
            return _ids(source["updated_info"])
        return [i for value in source.values() for i in _ids(value)]
    return _ids(source)


def beam_conversation(
    index: int, name: str, chat: list[Any], probes: dict[str, Any]
) -> Conversation:
    turns: list[Turn] = []
    day = None
    for batch in chat:
        session = int(batch.get("batch_number", 0))
        for turn in batch["turns"]:
            for message in turn:
                anchor = str(message.get("time_anchor") or "")
                if anchor:
                    day = datetime.strptime(anchor, "%B-%d-%Y").replace(hour=12, tzinfo=UTC)
                text = _BEAM_INDEX.sub("", str(message["content"])).strip()
                if not text:
                    continue
                # As an assistant stores its chat: the user's words as the user's, its own
                # replies as the agent's, neither behind a speaker's label.
                source = "user" if message["role"] == "user" else "agent"
                at = (day or BEAM_FALLBACK) + len(turns) * TURN_SPACING
                turns.append(Turn(str(message["id"]), session, at, text, source))
    known = {t.dia_id for t in turns}
    category_of = {name: number for number, name in BEAM_CATEGORIES.items()}
    questions: list[Question] = []
    dropped = empty = 0
    for category, probing in probes.items():
        if category not in category_of:
            continue
        for probe in probing:
            ids = [str(i) for i in beam_gold(category, probe.get("source_chat_ids"))]
            gold = frozenset(i for i in ids if i in known)
            dropped += len(set(ids) - gold)
            if not gold:
                empty += 1
                continue
            questions.append(Question(str(probe["question"]), category_of[category], gold))
    return Conversation(index, name, turns, questions, dropped, empty)


def _number(path: Path) -> int:
    digits = re.match(r"\d+", path.name)
    return int(digits.group()) if digits else 0


def load_beam(folder: Path, conversations: int | None) -> Dataset:
    """``folder/<size>/<n>/chat.json`` and ``.../probing_questions/probing_questions.json``
    (the repository's ``chats/`` folder), every size present, smallest first."""
    chats = [
        chat
        for size in sorted((p for p in folder.iterdir() if p.is_dir()), key=_number)
        for chat in sorted((p for p in size.iterdir() if (p / "chat.json").is_file()), key=_number)
    ]
    if not chats:
        raise FileNotFoundError(f"no <size>/<n>/chat.json in {folder}")
    convs = [
        beam_conversation(
            index,
            f"{chat.parent.name}-{chat.name}",
            json.loads((chat / "chat.json").read_text(encoding="utf-8")),
            json.loads(
                (chat / "probing_questions" / "probing_questions.json").read_text(encoding="utf-8")
            ),
        )
        for index, chat in enumerate(chats[:conversations])
    ]
    return Dataset("beam", str(folder), dict(BEAM_CATEGORIES), convs)


# ---- registry ------------------------------------------------------------------

Loader = Callable[[Path, int | None], Dataset]
ADAPTERS: dict[str, Loader] = {
    "locomo": load_locomo,
    "realtalk": load_realtalk,
    "madial": load_madial,
    "covidqa": load_covidqa,
    "realtimeqa": load_realtimeqa,
    "beam": load_beam,
}


def default_paths(data: Path, extra: Path) -> dict[str, Path]:
    """Where each set lies by default: LoCoMo in the shared data folder, the others
    in the folder of data fetched for evaluation only (see bench/README.md)."""
    return {
        "locomo": data / "locomo" / "locomo10.json",
        "realtalk": extra / "realtalk",
        "madial": extra / "madial-bench",
        "covidqa": extra / "covid-qa",
        "realtimeqa": extra / "realtimeqa",
        "beam": extra / "beam",
    }
