"""The FactConsolidation adapter (bench/factconsolidation_adapter.py): pure, no services.

The data-dependent tests read the shared dataset file and skip when it is absent.
"""

from __future__ import annotations

import json

import pytest

from bench.factconsolidation_adapter import (
    MULTI_HOP,
    PREDICATES,
    RELATIONS,
    SINGLE_HOP,
    ContextGraph,
    Dataset,
    Subset,
    Triple,
    default_data_path,
    exact_match,
    fact_lines,
    follow_reference,
    latest_values,
    load,
    match_template,
    normalize_answer,
    parse_context,
    parse_fact,
    parse_question,
    template_matches,
)
from graphmem.model import check_predicate

DATA = default_data_path()
needs_data = pytest.mark.skipif(not DATA.exists(), reason=f"dataset not found at {DATA}")


def _triples(*rows: tuple[int, str, str, str]) -> list[Triple]:
    return [Triple(n, s, p, o, f"{s} {p} {o}") for n, s, p, o in rows]


# ---- without the data ----------------------------------------------------------------


def test_predicates_are_valid_graphmem_names() -> None:
    for predicate in PREDICATES:
        assert check_predicate(predicate) == predicate


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("26. The capital of Germany is Berlin.", ("Germany", "capital", "Berlin")),
        (
            "5. Pedro Pierluisi worked in the city of Washington, D.C..",
            ("Pedro Pierluisi", "worked_in", "Washington, D.C."),
        ),
        ("30. Pakistan International Airlines was founded in the city of Karachi.",
         ("Pakistan International Airlines", "founded_in", "Karachi")),
        ("16. Chanel was founded by Coco Chanel.", ("Chanel", "founded_by", "Coco Chanel")),
        ("9. The headquarters of University of Minnesota is located in the city of Minneapolis.",
         ("University of Minnesota", "headquarters_in", "Minneapolis")),
        ("4. Bengaluru is located in the continent of Asia.", ("Bengaluru", "continent", "Asia")),
        ("1. Walter Chrysler's child is Walter Percy Chrysler Jr..",
         ("Walter Chrysler", "child", "Walter Percy Chrysler Jr.")),
        ("2. The name of the current head of state in Soviet Union is Mikhail Gorbachev.",
         ("Soviet Union", "head_of_state", "Mikhail Gorbachev")),
        ("3. The name of the current head of the Italy government is Giuseppe Conte.",
         ("Italy", "head_of_government", "Giuseppe Conte")),
    ],
)  # fmt: skip
def test_fact_templates(line: str, expected: tuple[str, str, str]) -> None:
    triple = parse_fact(line)
    assert triple is not None
    assert (triple.subject, triple.predicate, triple.object) == expected


def test_unknown_sentences_do_not_parse() -> None:
    assert parse_fact("7. Somebody likes something.") is None
    assert parse_fact("Here is a list of facts:") is None


def test_question_templates_name_their_relation() -> None:
    for relation in RELATIONS:
        for form in relation.questions:
            found = match_template(form.format(s="Zed Zebra"))
            assert found == ("Zed Zebra", relation.predicate), form


def test_normalisation_is_squad_style() -> None:
    assert normalize_answer("The  Beatles!") == "beatles"
    assert normalize_answer("Washington, D.C.") == "washington dc"
    assert exact_match(
        "the University of California, Berkeley", ["University of California Berkeley"]
    )
    assert not exact_match(None, ["x"])


def test_plan_orders_hops_by_what_exists() -> None:
    graph = ContextGraph(
        _triples(
            (0, "Our Mutual Friend", "author", "Charles Dickens"),
            (1, "Charles Dickens", "spouse", "Catherine Dickens"),
            (2, "Catherine Dickens", "citizen_of", "United Kingdom"),
            (3, "Twitter", "ceo", "Jack Dorsey"),
            (4, "Jack Dorsey", "citizen_of", "United States of America"),
        )
    )
    chain = parse_question(
        "What is the country of citizenship of the spouse of the author of Our Mutual Friend?",
        graph,
    )
    assert chain is not None
    assert (chain.anchor, chain.predicates) == (
        "Our Mutual Friend",
        ("author", "spouse", "citizen_of"),
    )
    # Text order is not hop order here; the graph decides.
    chain = parse_question(
        "Which country does the current CEO of Twitter hold citizenship of?", graph
    )
    assert chain is not None
    assert chain.predicates == ("ceo", "citizen_of")


def test_plan_bridges_an_unsaid_hop() -> None:
    graph = ContextGraph(
        _triples(
            (0, "Daniele De Rossi", "plays_position", "midfielder"),
            (1, "midfielder", "sport", "association football"),
            (2, "association football", "country_of_origin", "England"),
            (3, "England", "capital", "London"),
        )
    )
    chain = parse_question(
        "What is the capital city of the country from which the sport of Daniele De Rossi "
        "originated?",
        graph,
    )
    assert chain is not None
    assert chain.predicates == ("plays_position", "sport", "country_of_origin", "capital")
    assert chain.bridged == (0,)


def test_reference_reading_takes_the_highest_number() -> None:
    triples = _triples((3, "France", "capital", "Paris"), (9, "France", "capital", "Harare"))
    latest = latest_values(triples)
    chain = parse_question("What is the capital of France?", ContextGraph(triples))
    assert chain is not None
    assert follow_reference(chain, latest) == "Harare"


# ---- with the data -------------------------------------------------------------------


@pytest.fixture(scope="module")
def dataset() -> Dataset:
    if not DATA.exists():
        pytest.skip(f"dataset not found at {DATA}")
    return load(DATA)


@needs_data
def test_every_context_line_parses_with_exactly_one_template(dataset: Dataset) -> None:
    context = load_context()
    lines = fact_lines(context)
    assert len(lines) == 455
    ambiguous = [line for line in lines if len(template_matches(line.split(". ", 1)[1])) > 1]
    triples, failed = parse_context(context)
    assert not failed, "lines no template reads:\n" + "\n".join(failed)
    assert not ambiguous, "lines several templates read:\n" + "\n".join(ambiguous)
    assert [t.number for t in triples] == list(range(455))
    assert len(dataset.triples) == 455


@needs_data
def test_subsets_are_mapped_the_right_way_round(dataset: Dataset) -> None:
    assert {q.qa_id.split("_no")[0] for q in dataset.questions[MULTI_HOP]} == {
        "factconsolidation_mh_6k"
    }
    assert {q.qa_id.split("_no")[0] for q in dataset.questions[SINGLE_HOP]} == {
        "factconsolidation_sh_6k"
    }
    for subset in (MULTI_HOP, SINGLE_HOP):
        questions = dataset.questions[subset]
        assert len(questions) == 100
        assert all(len(q.answers) == 1 for q in questions)


@needs_data
@pytest.mark.parametrize("subset", [SINGLE_HOP, MULTI_HOP])
def test_at_least_95_percent_of_questions_parse(dataset: Dataset, subset: Subset) -> None:
    graph = dataset.graph
    questions = dataset.questions[subset]
    unparsed = [q.text for q in questions if parse_question(q.text, graph) is None]
    assert len(unparsed) <= 0.05 * len(questions), "\n".join(unparsed)


@needs_data
def test_single_hop_questions_are_all_template_lookups(dataset: Dataset) -> None:
    graph = dataset.graph
    for q in dataset.questions[SINGLE_HOP]:
        chain = parse_question(q.text, graph)
        assert chain is not None, q.text
        assert chain.how == "template", q.text
        assert len(chain.predicates) == 1


@needs_data
def test_reference_reading_of_the_parsed_chains(dataset: Dataset) -> None:
    """A guard on the adapter alone: the parsed chains over the highest-numbered values.

    Multi-hop misses left: 2 unreadable paraphrases and 4 gold answers that follow a
    fact a higher-numbered line overrides.
    """
    graph, latest = dataset.graph, latest_values(dataset.triples)
    floors: dict[Subset, float] = {SINGLE_HOP: 1.0, MULTI_HOP: 0.9}
    for subset, floor in floors.items():
        questions = dataset.questions[subset]
        hits = 0
        for q in questions:
            chain = parse_question(q.text, graph)
            hits += chain is not None and exact_match(follow_reference(chain, latest), q.answers)
        assert hits >= floor * len(questions), (subset, hits)


def load_context() -> str:
    return str(json.loads(DATA.read_text(encoding="utf-8"))["data"][0]["context"])
