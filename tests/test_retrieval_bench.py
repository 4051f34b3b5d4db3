"""The retrieval bench (bench/retrieval.py) on tiny synthetic files in the public sets'
formats: the adapters read them, and one run scores graphmem, BM25 and dense side by side."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

import data_extra
import retrieval
from _retrieval_data import (
    load_beam,
    load_covidqa,
    load_madial,
    load_realtalk,
    load_realtimeqa,
    thin,
)
from locomo import bm25_run


def _realtalk(folder: Path) -> Path:
    folder.mkdir()
    chat = {
        "name": {"speaker_1": "Ada", "speaker_2": "Ben"},
        "session_1_date_time": "29.12.2023, 22:42:04",
        "session_1": [
            {"clean_text": "I adopted a grey cat named Pixel", "speaker": "Ada",
             "date_time": "29.12.2023, 22:42:04", "dia_id": "D1:1"},
            {"clean_text": "Lovely! I started learning the cello", "speaker": "Ben",
             "date_time": "29.12.2023, 22:45:00", "dia_id": "D1:2"},
            {"clean_text": "My sister lives in Porto now", "speaker": "Ada",
             "date_time": "29.12.2023, 22:47:10", "dia_id": "D1:3"},
        ],
        "session_2_date_time": "02.01.2024, 10:00:00",
        "session_2": [
            {"clean_text": "Pixel knocked the cello bow off the table", "speaker": "Ben",
             "date_time": "02.01.2024, 10:00:00", "dia_id": "D2:1",
             "blip_caption": "a cat on a table"},
        ],
        "qa": [
            {"question": "What is the name of Ada's cat?", "answer": "Pixel",
             "evidence": ["D1:1"], "category": 1},
            {"question": "Which instrument is Ben learning?", "answer": "cello",
             "evidence": ["D1:2-D1:3", "D9:9"], "category": 2},
            {"question": "Where was nothing said?", "answer": "-", "evidence": ["D7:1"],
             "category": 3},
        ],
    }  # fmt: skip
    (folder / "Chat_1_Ada_Ben.json").write_text(json.dumps(chat), encoding="utf-8")
    return folder


def _madial(folder: Path) -> Path:
    folder.mkdir()
    memories = [
        {"1": {"time": "2023-05-01", "scene": "Activity", "emotion": "Happy",
               "event": "Cleo won the school chess tournament and felt proud."}},
        {"2": {"time": "2023-06-11", "scene": "Preferences", "emotion": "Happy",
               "event": "Cleo tried mango ice cream and loved it."}},
        {"3": {"time": "2023-07-02", "scene": "Emotional", "emotion": "Sad",
               "event": "Cleo lost her blue umbrella on the bus."}},
    ]  # fmt: skip
    dialogue = {
        "dialogue": ["<BOD>\n", '<Cleo>: "I want some ice cream today!"\n',
                     '<Assistant>: "Which flavour?"\n', '<Cleo>: "Something fruity."\n',
                     '<Assistant>: "Remember the mango one you loved?"\n', "<EOD>\n"],
        "test-turn": [4], "relevant-id": [2], "user-id": 1,
    }  # fmt: skip
    (folder / "MADial-Bench-en-memory.json").write_text(
        "\n".join(json.dumps(m) for m in memories) + "\n", encoding="utf-8"
    )
    (folder / "MADial-Bench-en-dialogue.json").write_text(
        json.dumps(dialogue) + "\n", encoding="utf-8"
    )
    return folder


def _covidqa(folder: Path) -> Path:
    folder.mkdir()
    context = (
        "Otters and kelp\n\nhttps://example.org/otters\n2021-03-04\n\n"
        "Abstract: Sea otters eat urchins.\n"
        "Urchins graze kelp forests down to bare rock.\n"
        "Where otters return, kelp grows back within a decade."
    )
    start = context.index("Urchins graze")
    spans = context.index("bare rock.")
    article = {"paragraphs": [{"document_id": 7, "context": context, "qas": [
        {"question": "What do urchins do to kelp?", "id": 1, "is_impossible": False,
         "answers": [{"text": "graze kelp forests", "answer_start": start + 8}]},
        {"question": "What happens when otters return?", "id": 2, "is_impossible": False,
         "answers": [{"text": context[spans:], "answer_start": spans}]},
        {"question": "Unanswerable?", "id": 3, "is_impossible": True, "answers": []},
    ]}]}  # fmt: skip
    (folder / "200423_covidQA.json").write_text(json.dumps({"data": [article]}), encoding="utf-8")
    return folder


def _realtimeqa(folder: Path) -> Path:
    week1 = [
        {
            "question_id": "20230106_0",
            "question_date": "2023/01/05",
            "question_source": "CNN",
            "question_sentence": "Which city hosted this week's kite festival?",
            "evidence": 'The kite festival in <a href="x">Porto</a> drew record crowds.',
        },
        {
            "question_id": "20230106_1",
            "question_date": "2023/01/05",
            "question_source": "CNN",
            "question_sentence": "Who won the chess final?",
            "evidence": "",
        },
    ]
    week2 = [
        {"question_id": "20230113_0", "question_date": "2023-01-12", "question_source": "THE WEEK",
         "question_sentence": "Which city hosts the kite festival next year?",
         "evidence": "The kite festival moves to Lisbon next year, organisers said."},
    ]  # fmt: skip
    year = folder / "past" / "2023"
    year.mkdir(parents=True)
    for name, rows in (("20230106_qa.jsonl", week1), ("20230113_qa.jsonl", week2)):
        (year / name).write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    (year / "20230106_gcs.jsonl").write_text("{}\n", encoding="utf-8")  # not a quiz
    return folder


def _beam(folder: Path) -> Path:
    chat = folder / "100K" / "1"
    (chat / "probing_questions").mkdir(parents=True)
    batches = [
        {"batch_number": 1, "time_anchor": None, "turns": [[
            {"role": "user", "id": 0, "time_anchor": "March-15-2024", "index": "1,1",
             "content": "I am building a budget app in Flask. ->-> 1,1"},
            {"role": "assistant", "id": 1, "content": "Start with a small data model."},
        ], [
            {"role": "user", "id": 2, "index": "1,2",
             "content": "I prefer minimal dependencies to keep the app light. ->-> 1,2"},
            {"role": "assistant", "id": 3, "content": "Then skip the heavy ORM."},
        ]]},
        {"batch_number": 2, "time_anchor": None, "turns": [[
            {"role": "user", "id": 4, "time_anchor": "April-02-2024", "index": "2,1",
             "content": "Response time is now 250ms after caching. ->-> 2,1"},
            {"role": "assistant", "id": 5, "content": "Good: down from 400ms."},
        ]]},
    ]  # fmt: skip
    probes = {
        "abstention": [{"question": "What is my cat called?", "source_chat_ids": None}],
        "preference_following": [
            {"question": "Which libraries should I add for login?", "source_chat_ids": [2]},
            {"question": "Any other tools?", "source_chat_ids": []},
        ],
        "knowledge_update": [{"question": "How fast is the API?",
                              "source_chat_ids": {"original_info": [5], "updated_info": [4]}}],
        "event_ordering": [{"question": "In what order did I bring these up?",
                            "source_chat_ids": [[0, 2], 4, 99]}],
        "summarization": [{"question": "Summarise the project.", "source_chat_ids": [0, 2, 4]}],
    }  # fmt: skip
    (chat / "chat.json").write_text(json.dumps(batches), encoding="utf-8")
    (chat / "probing_questions" / "probing_questions.json").write_text(
        json.dumps(probes), encoding="utf-8"
    )
    return folder


def test_beam_adapter_dates_messages_by_anchor_and_golds_the_source_messages(
    tmp_path: Path,
) -> None:
    ds = load_beam(_beam(tmp_path / "beam"), None)
    (conv,) = ds.conversations
    assert conv.sample_id == "100K-1"
    assert [t.dia_id for t in conv.turns] == ["0", "1", "2", "3", "4", "5"]
    # Stored as an assistant stores its chat: the user's words and its own replies (agent).
    assert (conv.turns[0].text, conv.turns[0].source) == (
        "I am building a budget app in Flask.",
        "user",
    )
    assert (conv.turns[1].text, conv.turns[1].source) == ("Start with a small data model.", "agent")
    assert [t.session for t in conv.turns] == [1, 1, 1, 1, 2, 2]
    # Each message falls on the last time anchor before it.
    days = [t.at.date().isoformat() for t in conv.turns]
    assert days == ["2024-03-15"] * 4 + ["2024-04-02"] * 2
    assert [t.at for t in conv.turns] == sorted(t.at for t in conv.turns)
    by_category = {ds.categories[q.category]: sorted(q.gold) for q in conv.questions}
    # No abstention (no evidence) nor summarization (whole stretches); the update's own message.
    assert by_category == {
        "preference_following": ["2"],
        "knowledge_update": ["4"],
        "event_ordering": ["0", "2", "4"],
    }
    assert ds.categories[1] == "preference_following"
    assert (conv.dropped_gold, conv.no_gold) == (1, 1)


def _git(repo: Path, *args: str) -> str:
    done = subprocess.run(
        ["git", "-C", str(repo), *args], check=False, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_data_extra_lays_out_a_set_from_a_git_directory(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    (repo / "data" / "raw").mkdir(parents=True)
    (repo / "data" / "Chat_1_A_B.json").write_text('{"qa": []}', encoding="utf-8")
    (repo / "data" / "Chat_2_C_D.json").write_text('{"qa": [1]}', encoding="utf-8")
    (repo / "data" / "raw" / "Chat_1_A_B.xlsx").write_text("not wanted", encoding="utf-8")
    _git(repo, "init", "-q")
    _git(repo, "add", ".")
    _git(repo, "-c", "user.name=t", "-c", "user.email=t@example.org", "commit", "-qm", "data")
    source = data_extra.Source(
        name="realtalk",
        folder="realtalk",
        repository="someone/chats",
        commit=_git(repo, "rev-parse", "HEAD"),
        pattern=r"data/Chat_\d+_[^/]+\.json",
        strip="data/",
        licence="MIT.",
        mapping="One chat one conversation.",
    )
    out = tmp_path / "data-extra"
    written = data_extra.lay_out(source, repo / ".git", out)
    assert sorted(p.name for p in written) == ["Chat_1_A_B.json", "Chat_2_C_D.json"]
    assert (out / "realtalk" / "Chat_2_C_D.json").read_text(encoding="utf-8") == '{"qa": [1]}'
    readme = (out / "realtalk" / "README.md").read_text(encoding="utf-8")
    assert source.commit in readme
    assert "someone/chats" in readme
    assert "MIT." in readme
    assert data_extra.holds(repo / ".git", source.commit)
    assert not data_extra.holds(repo / ".git", "0" * 40)


def test_covidqa_adapter_golds_the_paragraphs_an_answer_span_lies_in(tmp_path: Path) -> None:
    ds = load_covidqa(_covidqa(tmp_path / "covid-qa"), None)
    (conv,) = ds.conversations
    assert [t.text for t in conv.turns][-3:] == [
        "Abstract: Sea otters eat urchins.",
        "Urchins graze kelp forests down to bare rock.",
        "Where otters return, kelp grows back within a decade.",
    ]
    assert conv.turns[0].at.date().isoformat() == "2021-03-04"
    assert ds.told_by == "document"  # stored as a caller stores an article, not as the user
    by_text = {t.dia_id: t.text for t in conv.turns}
    first, second = conv.questions
    assert [by_text[g] for g in first.gold] == ["Urchins graze kelp forests down to bare rock."]
    assert sorted(by_text[g][:6] for g in second.gold) == ["Urchin", "Where "]
    assert conv.no_gold == 1


def test_realtimeqa_adapter_asks_each_question_on_its_quiz_day(tmp_path: Path) -> None:
    ds = load_realtimeqa(_realtimeqa(tmp_path / "realtimeqa"), None)
    (conv,) = ds.conversations
    assert [t.dia_id for t in conv.turns] == ["20230106_0", "20230113_0"]
    assert conv.turns[0].text == "The kite festival in Porto drew record crowds."
    assert ds.told_by == "document"
    assert conv.no_gold == 1
    first, second = conv.questions
    assert first.at is not None
    assert second.at is not None
    assert conv.turns[0].at <= first.at < conv.turns[1].at <= second.at
    assert [ds.categories[q.category] for q in conv.questions] == ["CNN", "THE WEEK"]
    # Asked in the first week, the next week's evidence is not there yet for BM25 either.
    later = type(first)("kite festival Lisbon next year", 1, first.gold, first.at)
    conv.questions = [later]
    assert bm25_run([conv], 10).scores.mean("any@1") == 1.0


def test_realtalk_adapter_expands_ranges_and_drops_unknown_gold(tmp_path: Path) -> None:
    ds = load_realtalk(_realtalk(tmp_path / "realtalk"), None)
    conv = ds.conversations[0]
    assert [t.dia_id for t in conv.turns] == ["D1:1", "D1:2", "D1:3", "D2:1"]
    assert conv.turns[0].text == "Ada: I adopted a grey cat named Pixel"
    assert conv.turns[3].text.endswith("[shares a cat on a table]")
    assert conv.turns[3].at.isoformat() == "2024-01-02T10:00:00+00:00"
    assert [sorted(q.gold) for q in conv.questions] == [["D1:1"], ["D1:2", "D1:3"]]
    assert (conv.dropped_gold, conv.no_gold) == (2, 1)


def test_madial_adapter_asks_with_the_dialogue_before_the_recalling_turn(
    tmp_path: Path,
) -> None:
    ds = load_madial(_madial(tmp_path / "madial"), None)
    conv = ds.conversations[0]
    assert [t.dia_id for t in conv.turns] == ["1", "2", "3"]
    (question,) = conv.questions
    assert question.text == (
        "Cleo: I want some ice cream today!\nAssistant: Which flavour?\nCleo: Something fruity."
    )
    assert question.gold == frozenset({"2"})
    assert ds.categories[question.category] == "Preferences"


def test_thin_keeps_an_even_spread() -> None:
    assert thin(list(range(10)), 4) == [0, 2, 5, 7]  # type: ignore[arg-type]
    assert retrieval.ranks([0.5, 0.7, 0.5]) == [2.5, 1.0, 2.5]


def test_leave_one_out_never_chooses_on_the_held_out_set() -> None:
    table = {"a": [0.9, 0.1], "b": [0.2, 0.8], "c": [0.3, 0.7], "d": [0.4, 0.6]}
    held = {h.dataset: h for h in retrieval.leave_one_out(table)}
    # Setting 0 is best on "a" alone; chosen on the other three, setting 1 is.
    assert {name: h.chosen for name, h in held.items()} == dict.fromkeys("abcd", 1)
    assert (held["a"].best, held["a"].rank_on_held_out) == (0, 2.0)


def test_one_run_scores_every_system(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _realtalk(tmp_path / "realtalk")
    _madial(tmp_path / "madial-bench")
    code = retrieval.main(
        ["--data-extra", str(tmp_path), "--datasets", "realtalk,madial", "--cross-validate",
         "--weights", "default", "--weights", "recency=0", "--embedder", "hashing"]
    )  # fmt: skip
    out = capsys.readouterr().out
    assert code == 0
    # The library's default embedder first, and the one --embedder adds beside it.
    for spec in ("semantic", "hashing"):
        for label in (f"graphmem[{spec}] default", f"graphmem[{spec}] recency=0"):
            assert label in out
        assert f"dense[{spec}]" in out
    assert "BM25" in out
    assert "held out realtalk" in out
    assert "held out madial" in out
    bm25_madial = out.split("== madial")[1].split("BM25")[1].split("|")[1].split()
    assert bm25_madial[2] == "1.000"  # R@10: one gold memory among three


def test_document_and_temporal_sets_run_beside_the_baselines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _covidqa(tmp_path / "covid-qa")
    _realtimeqa(tmp_path / "realtimeqa")
    code = retrieval.main(["--data-extra", str(tmp_path), "--datasets", "covidqa,realtimeqa"])
    out = capsys.readouterr().out
    assert code == 0
    assert "== covidqa: 1 conversations, 6 items, 2 questions" in out
    assert "== realtimeqa: 1 conversations, 2 items, 2 questions" in out
    dense = out.split("== realtimeqa")[1].split("dense[semantic]")[1].split("|")[1].split()
    assert dense[2] == "1.000"  # the first week's question sees only the first week's item
