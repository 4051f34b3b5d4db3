"""Keyword analysis: what a user notices about matching, and the same matches on both stores."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from graphmem.store.base import GraphStore, RecallFilter
from graphmem.store.changes import ChangeSet
from graphmem.store.embedded import EmbeddedStore
from graphmem.store.text import _ASCII_WORD, _BOUNDARY, BM25, tokens, words
from graphmem.temporal import END_OF_TIME, AsOf

T0 = datetime(2026, 3, 1, tzinfo=UTC)


def meets(a: str, b: str) -> bool:
    """Whether a keyword search for ``a`` finds a document that says ``b``."""
    index = BM25()
    index.add("doc", b)
    return bool(index.search(a, 1))


@pytest.mark.parametrize(
    ("query", "text"),
    [
        ("veteran", "Caroline's talk with the veteran's family"),
        ("veteran's", "she met a veteran"),
        ("veterans", "the veterans' parade"),
        ("Nate", "Nate's turtles"),
        ("nate’s", "I asked Nate"),  # a typographic apostrophe is a possessive too
        ("sharing", "we share recipes"),
        ("shared", "sharing is caring"),
        ("recipe", "two new recipes"),
        ("games", "a game night"),
        ("painted", "She painted a sunset"),
        ("painting", "she paints"),
        ("possibly", "that's possible"),
        ("PSYCHOLOGY", "psychology classes"),
    ],
)
def test_forms_of_a_word_meet(query: str, text: str) -> None:
    assert meets(query, text)


@pytest.mark.parametrize(
    ("query", "text"),
    [
        ("share", "a sharp knife"),
        ("game", "gamma rays"),
        ("recipe", "the recipient"),
        ("painted", "a pain in the neck"),
        ("veteran", "veterinary clinic"),
    ],
)
def test_different_words_do_not_meet(query: str, text: str) -> None:
    assert not meets(query, text)


def test_the_exact_word_ranks_first() -> None:
    index = BM25()
    index.add("painted", "She painted a lake at dawn")
    index.add("other", "She likes lakes and dawn walks")
    ranked = index.search("painted", 5)
    assert [doc for doc, _ in ranked] == ["painted"]
    assert ranked[0][1] > 0


def test_contractions_of_stop_words_are_not_keywords() -> None:
    said = "I didn't go, I'm sure we've said so; they'll know"
    assert tokens(said) == tokens("go sure said know")
    assert not meets("didn't", "I didn't see it")
    assert not meets("I'm", "I'm here")


def test_other_contractions_stay_one_word_as_lucene_keeps_them() -> None:
    assert words("Caroline'll come") == ["caroline'll", "come"]


def test_words_are_lower_cased_unstemmed_content_words() -> None:
    assert words("The Veteran's SHARING of 3.14 apples, naïve café") == [
        "veteran",
        "sharing",
        "3.14",
        "apples",
        "naïve",
        "café",
    ]


def test_a_short_word_is_not_stemmed() -> None:
    # Lucene leaves words of one or two letters alone: "us" is not "u".
    assert tokens("us") == ["us"]


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="abcXYZ019_'.,;:-/ \"!?()\n", max_size=40))
def test_the_ascii_fast_path_splits_as_unicode_word_boundaries(text: str) -> None:
    unicode = [p for p in _BOUNDARY.split(text) if any(c.isalnum() for c in p)]
    assert [p for p in _ASCII_WORD.findall(text) if any(c.isalnum() for c in p)] == unicode


# ---- the same matches on both stores ------------------------------------------------

_BASES = [
    "veteran", "share", "paint", "game", "recipe", "psychology", "possible", "ability",
    "generalize", "run", "hop", "caress", "pony", "sky", "agreed", "happy", "relational",
    "conditional", "rational", "valency", "hesitancy", "digitizer", "conformable", "radical",
    "differently", "vilely", "analogously", "vietnamization", "predication", "operator",
    "feudalism", "decisiveness", "hopefulness", "callousness", "formality", "sensitivity",
    "sensibility", "triplicate", "formative", "formalize", "electricity", "electrical",
    "hopeful", "goodness", "revival", "allowance", "inference", "airliner", "gyroscopic",
    "adjustable", "defensible", "irritant", "replacement", "adjustment", "dependent",
    "adoption", "homologou", "communism", "activate", "angularity", "homologous",
    "effective", "bowdlerize", "probate", "rate", "cease", "controll", "roll", "biology",
    "apology", "terribly", "visibly", "bubbly", "ably", "fly", "dying", "lying", "ties",
    "us", "is", "as", "news", "yes", "eyes", "syzygy", "queue", "sky", "Melanie", "Caroline",
    "LGBTQ", "café", "naïve", "Ärger", "straße", "ΣΟΦΙΑΣ", "résumé", "jalapeño", "Zoë",
    "the", "and", "not", "no", "such", "was", "will", "you", "about",
]  # fmt: skip
_SUFFIXES = ["", "", "s", "es", "ing", "ed", "ly", "'s", "’s", "s'", "er", "ness", "ation"]
_CONTRACTIONS = [
    "didn't", "I'm", "we've", "can't", "won't", "it's", "they'll", "I'd", "Caroline'll",
    "don’t", "that's", "you're", "she'd", "ain't", "Nate'd",
]  # fmt: skip
_NUMBERS = ["2023", "3.14", "1,000", "90s", "7pm", "D1:3", "x2", "4th"]
_GLUE = [" ", " ", " ", ", ", ". ", "! ", "? ", " - ", "-", "/", " (", ") ", ' "', '" ', ": ", "…"]


@st.composite
def _word(draw: st.DrawFn) -> str:
    kind = draw(st.sampled_from(["base", "base", "base", "contraction", "number", "letters"]))
    if kind == "contraction":
        return draw(st.sampled_from(_CONTRACTIONS))
    if kind == "number":
        return draw(st.sampled_from(_NUMBERS))
    if kind == "letters":
        return draw(st.text(alphabet="abeilnorstuyé'", min_size=1, max_size=8))
    word = draw(st.sampled_from(_BASES)) + draw(st.sampled_from(_SUFFIXES))
    case = draw(st.sampled_from(["lower", "lower", "title", "upper", "mixed"]))
    if case == "title":
        return word.title()
    if case == "upper":
        return word.upper()
    if case == "mixed":
        return "".join(c.upper() if i % 2 else c for i, c in enumerate(word))
    return word


@st.composite
def _text(draw: st.DrawFn, max_words: int = 8) -> str:
    parts = draw(st.lists(_word(), min_size=1, max_size=max_words))
    glue = draw(st.lists(st.sampled_from(_GLUE), min_size=len(parts), max_size=len(parts)))
    return "".join(w + g for w, g in zip(parts, glue, strict=True)).strip()


def _episode(ep_id: str, content: str, context: str | None) -> dict:
    row = {
        "id": ep_id,
        "content": content,
        "source": "user",
        "authority": "user",
        "occurred_at": T0,
        "recorded_at": T0,
        "redactions": 0,
        "sensitivity": "normal",
        "alerts": [],
    }
    if context is not None:
        row |= {"context_text": context, "context_from": f"{ep_id}-before"}
    return row


_WHERE = RecallFilter(
    point=AsOf(T0, T0),
    statuses=("active",),
    authorities=("system", "user", "confirmed", "inferred", "external"),
    sensitivities=("normal",),
)


def _found(store: GraphStore, namespace: str, query: str) -> dict[str, float]:
    return {
        h.row["id"]: h.score for h in store.keyword_episodes(namespace, _WHERE, query, None, 50)
    }


def _alike(a: dict[str, float], b: dict[str, float]) -> bool:
    """The same hits with the same BM25 scores (to rounding: Java's log is not C's)."""
    return a.keys() == b.keys() and all(a[k] == pytest.approx(b[k], rel=1e-9) for k in a)


@pytest.fixture(scope="module")
def two_stores(
    neo4j_uri: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[GraphStore, GraphStore]]:
    from graphmem.store.neo4j import Neo4jStore

    embedded = EmbeddedStore(tmp_path_factory.mktemp("keywords") / "store")
    neo = Neo4jStore(neo4j_uri)
    yield embedded, neo
    embedded.close()
    neo.close()


@pytest.mark.neo4j
@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    docs=st.lists(st.tuples(_text(), st.one_of(st.none(), _text(4))), min_size=1, max_size=6),
    queries=st.lists(_text(3), min_size=1, max_size=4),
)
def test_both_stores_find_the_same_episodes(
    two_stores: tuple[GraphStore, GraphStore],
    docs: list[tuple[str, str | None]],
    queries: list[str],
) -> None:
    embedded, neo = two_stores
    namespace = f"kw-{uuid.uuid4().hex[:10]}"
    rows = [_episode(f"ep{i}", content, context) for i, (content, context) in enumerate(docs)]
    try:
        for store in (embedded, neo):
            store.apply(ChangeSet(namespace=namespace, episodes=[dict(r) for r in rows]))
        # Each query also as one of the stored texts, so that most queries match something.
        for query in [*queries, docs[0][0]]:
            assert _alike(_found(embedded, namespace, query), _found(neo, namespace, query)), (
                query,
                docs,
            )
    finally:
        neo.drop_namespace(namespace)  # type: ignore[attr-defined]


def _fact(fact_id: str, subject: str, predicate: str, obj: str) -> dict:
    return {
        "id": fact_id,
        "subject_key": "maya",
        "subject": subject,
        "predicate": predicate,
        "object_json": f'"{fact_id}"',
        "object_text": obj,
        "object_is_entity": False,
        "kind": "fact",
        "scope": "global",
        "valid_from": T0,
        "valid_until": END_OF_TIME,
        "recorded_at": T0,
        "retired_at": END_OF_TIME,
        "status": "active",
        "authority": "user",
        "confidence": 0.9,
        "sensitivity": "normal",
        "review_at": END_OF_TIME,
        "use_count": 0,
        "slot": f"slot-{fact_id}",
        "search_text": f"{subject} {predicate.replace('_', ' ')} {obj}",
    }


@pytest.mark.neo4j
@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    objects=st.lists(_text(5), min_size=1, max_size=6),
    queries=st.lists(_text(3), min_size=1, max_size=4),
)
# "abouting" stems to "about", which Lucene indexes and the embedded store drops.
@example(objects=["tea"], queries=["Abouting!", "his", "hi"])
def test_both_stores_find_the_same_facts(
    two_stores: tuple[GraphStore, GraphStore], objects: list[str], queries: list[str]
) -> None:
    embedded, neo = two_stores
    namespace = f"kw-{uuid.uuid4().hex[:10]}"
    rows = [_fact(f"f{i}", "Maya", "cares_about", obj) for i, obj in enumerate(objects)]
    entity = {"id": f"en-{namespace}", "name": "Maya", "key": "maya"}
    try:
        for store in (embedded, neo):
            store.apply(
                ChangeSet(namespace=namespace, entities=[entity], facts=[dict(r) for r in rows])
            )
        for query in [*queries, objects[0]]:
            found = [
                {
                    h.row["id"]: h.score
                    for h in store.keyword_facts(namespace, _WHERE, query, None, 50)
                }
                for store in (embedded, neo)
            ]
            assert _alike(found[0], found[1]), (query, objects)
    finally:
        neo.drop_namespace(namespace)  # type: ignore[attr-defined]


def test_a_long_word_is_cut_as_lucene_cuts_it() -> None:
    """A word longer than Lucene's 255-character token limit is cut into pieces of that
    length, which fit an index key (Neo4j's keyword statistics) and still meet."""
    word = "y" * 600
    assert [len(t) for t in tokens(word)] == [255, 255, 90]
    assert meets(word, f"notes: {word}")
