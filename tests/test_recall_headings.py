"""A short heading-like line that shares the question's rare words must not win over the
passage that answers it (issue 39: in 7 of 8 document misses the top item was a line of ten
words or fewer with full keyword credit). On both stores."""

from __future__ import annotations

from typing import Any

from graphmem import Memory

ANSWER = (
    "Henry Stommel was an oceanographer who explained the westward intensification of "
    "ocean currents such as the Gulf Stream."
)


def test_the_passage_ranks_above_the_heading_that_names_it(memory: Memory, ns: Any) -> None:
    docs = ns("docs")
    for text in ("Henry Stommel", ANSWER, "Managerial and coaching career ."):
        memory.remember(text, docs, source="document", source_ref="encyclopedia")
    found = memory.recall(
        "Who explained why the Gulf Stream is stronger on the western side of the ocean?",
        docs,
        k=3,
    )
    assert found
    assert found[0].text == ANSWER
