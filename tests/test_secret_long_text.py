"""Plain words in long answers are no passwords. The judge reads a long text in blocks the
size of the messages it learnt from (``judge.blocks``: in an assistant's long answer every
word used to meet a cue word paragraphs away), and does not take one of the words English
says most in English text (``judge.common``: beside "say", "the" and "remain" came back as
passwords)."""

from __future__ import annotations

import pytest

from graphmem.trust import secrets
from graphmem.trust.secrets import judge

ANSWER = """Here is a plan for the interview day, step by step.

1. **Prepare the night before**: lay out your clothes, print two copies of your résumé and
   say your opening lines aloud a few times. Number each talking point so you can find it.
2. **Arrive early**: aim for fifteen minutes before the start, which leaves room for
   traffic and for finding the right floor.
3. **Stay calm and confident**:
   - Take deep breaths and remain calm during the conversation.
   - Speak clearly, keep eye contact and let the interviewer finish each question.
4. **Answer with examples**: for each skill they ask about, tell a short story with the
   situation, what you did and what came of it. Keep each one under two minutes.
5. **Ask your own questions**: what a normal week looks like, how the team measures
   success, and what the next steps in the process are.

Afterwards, send a short thank-you note the same evening and write down what went well
and what you would say differently next time."""


def test_a_long_ordinary_answer_keeps_its_words() -> None:
    assert len(ANSWER) > judge._LONG  # read in blocks
    assert [ANSWER[a:b] for a, b, _ in secrets.find(ANSWER)] == []


def _scan(text: str) -> list[str]:
    return [text[a:b] for a, b, _ in secrets._scan(text, list(secrets._LAYERS))]


def test_without_the_common_words_the_same_answer_lost_words(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(judge, "COMMON", 99.0)
    assert _scan(ANSWER) == ["times", "remain"]


DIALOGUE = "\n\n".join(
    [
        "Here are some tips for writing dialogue that feels natural. Say each line to yourself"
        " and count the beats; the key is rhythm.",
        "1. **Listen to real conversations**: people interrupt, trail off and repeat themselves."
        " Borrow those habits sparingly so the scene stays readable.",
        "2. **Cut the small talk**: greetings and goodbyes rarely earn their place. Start late in"
        " the exchange and leave early.",
        "3. **Give each character a voice**: vocabulary, sentence length and what they avoid"
        " saying tell the reader who they are.",
        "4. **Read it aloud**: reading your dialogue aloud helps you hear where it stumbles,"
        " where it drags and where it sparkles.",
        "5. **Use beats, not tags**: a gesture or a glance between lines often does more than an"
        " adverb attached to said.",
        "6. **Subtext matters**: what characters refuse to mention can carry a whole chapter.",
    ]
)


def test_a_long_text_is_read_in_blocks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(judge, "COMMON", 99.0)  # the blocks alone
    assert len(list(judge.blocks(DIALOGUE))) > 1
    assert _scan(DIALOGUE) == []
    # A word about access in the first paragraph makes no word of the last ones a secret.
    # (Read whole, "often" came back while a Vietnamese cue without its accents, "số thẻ",
    # was read in "so the" of the second paragraph: tests/test_secrets_context.py.)
    cued = DIALOGUE.replace("the key is rhythm.", "the key is rhythm, the PIN of the scene.")
    assert _scan(cued) == []


@pytest.mark.parametrize(
    ("said", "value"),
    [
        ("By the way, the wifi password at the studio is Tulip#Harbor92.", "Tulip#Harbor92"),
        (
            "Oh and before I forget, it's mapleCinder58 for the shared calendar login.",
            "mapleCinder58",
        ),
        ("The code for the side door is 4471, just in case.", "4471"),
    ],
)
def test_a_secret_told_inside_a_long_answer_is_still_found(said: str, value: str) -> None:
    first, rest = ANSWER.split("\n\n", 1)
    text = f"{first}\n\n{said}\n\n{rest}"
    found = [text[a:b] for a, b, _ in secrets.find(text)]
    assert any(value in span for span in found), found
