"""Model calls and tokens per episode on a scripted corpus (graphmem issue 4).

Every episode of ``bench/corpus_episodes.py`` (at least 240 of them: seven
personas over five months) goes through ``Memory.remember`` with an LLM
extractor and a model decider, the configuration that spends model calls::

    Memory(path, extractor=LLMExtractor(model), decider=ModelDecider(model))

The model is faked only at the HTTP boundary: ``graphmem.testing.FakeModelServer``
is a local OpenAI-compatible server, and the real ``openai`` client and
graphmem's ``ModelClient`` talk to it. It answers an extraction request with the
corpus's gold extraction for the message it finds in the prompt (between
``<<<MESSAGE`` and ``MESSAGE>>>``, with the speaker and time), and a decision
request with the corpus's scripted decision for the claim it is shown, naming the
alias (n1, n2, ...) under which the prompt lists the value it replaces.

Reported: model calls (total, per episode, how many episodes took 0/1/2/3),
tokens per episode as ``WriteResult.tokens`` gives them (the fake server's usage
figures: about len(text)/4, not a real tokenizer; the same requests are also
counted with o200k_base), operations by kind, refusals, the decision calls and
why each was needed, and every place where what happened differs from what the
script expected. Figures go to stdout, progress to stderr::

    .venv/bin/python bench/model_calls.py
    .venv/bin/python bench/model_calls.py --decisions --surprises
    .venv/bin/python bench/model_calls.py --store neo4j --uri bolt://127.0.0.1:7687
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import tempfile
import threading
import time
import uuid
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import openai
from _common import DEFAULT_NEO4J, drop_neo4j_namespaces, machine, percentile, progress
from corpus_episodes import SEED, CorpusEpisode, ScriptedDecision, build_corpus, summary

from graphmem import Memory
from graphmem.extract.llm import LLMExtractor
from graphmem.models.llm import ModelClient
from graphmem.models.tokens import default_counter
from graphmem.results import Operation, Refusal
from graphmem.testing import FakeModelServer
from graphmem.write.decide_llm import ModelDecider

AIM = 1.2  # calls an episode, issue 4
MEM0_CALLS = 2  # Mem0 classic: one extraction and one update call an episode
GRAPHITI_CALLS = (6, 12)

_MESSAGE = re.compile(r"<<<MESSAGE\n(.*)\nMESSAGE>>>", re.DOTALL)
_SPEAKER = re.compile(r"^Speaker: (.*)$", re.MULTILINE)
_WRITTEN = re.compile(r"^Written at: (.*)$", re.MULTILINE)
_NEW_CLAIM = re.compile(r"^New claim \(stated (\S+), authority (\w+)\):\n(.*)$", re.MULTILINE)
_NEIGHBOUR = re.compile(r"^(n\d+): (.*) \(since (\S+), (\w+)\)$", re.MULTILINE)


# ---- the fake model --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DecisionCall:
    """One decision request the fake model answered."""

    claim: str
    when: str
    shown: tuple[str, ...]  # the neighbour lines of the prompt
    action: str
    target_ids: tuple[str, ...]
    scripted: ScriptedDecision | None


@dataclass
class ScriptedModel:
    """Answers like a careful model would, from the corpus: ``server.respond_with(model)``."""

    corpus: Sequence[CorpusEpisode]
    gold: dict[tuple[str, str, str], CorpusEpisode] = field(init=False)
    scripted: dict[tuple[str, str], ScriptedDecision] = field(init=False)
    decisions: list[DecisionCall] = field(default_factory=list)
    unscripted: list[str] = field(default_factory=list)
    exchanges: list[tuple[dict[str, Any], str]] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def __post_init__(self) -> None:
        self.gold = {e.prompt_key: e for e in self.corpus}
        self.scripted = {}
        for episode in self.corpus:
            for decision in episode.decisions:
                key = (decision.claim, decision.when)
                if key in self.scripted:
                    raise AssertionError(f"two scripted decisions for {key}")
                self.scripted[key] = decision

    def __call__(self, body: dict[str, Any]) -> dict[str, Any]:
        schema = body["response_format"]["json_schema"]["name"]
        prompt = str(body["messages"][-1]["content"])
        if schema == "ExtractionResponse":
            reply = self._extract(prompt)
        elif schema == "DecisionReply":
            reply = self._decide(prompt)
        else:
            raise ValueError(f"no script for a {schema} request")
        with self._lock:
            self.exchanges.append((body, json.dumps(reply)))
        return reply

    def _extract(self, prompt: str) -> dict[str, Any]:
        speaker, written, message = (
            _SPEAKER.search(prompt),
            _WRITTEN.search(prompt),
            _MESSAGE.search(prompt),
        )
        if not (speaker and written and message):
            raise ValueError("the extraction prompt has no speaker, time or message markers")
        episode = self.gold.get((speaker.group(1), written.group(1), message.group(1)))
        if episode is None:
            with self._lock:
                self.unscripted.append(f"extraction of {message.group(1)[:60]!r}")
            return {"claims": []}
        return episode.extraction_reply()

    def _decide(self, prompt: str) -> dict[str, Any]:
        found = _NEW_CLAIM.search(prompt)
        if found is None:
            raise ValueError("the decision prompt shows no new claim")
        when, claim = found.group(1), found.group(3).strip()
        neighbours = _NEIGHBOUR.findall(prompt)
        scripted = self.scripted.get((claim, when))
        targets: list[str] = []
        if scripted is None:
            # Not in the script: answer as the prompt advises when unsure.
            action, reason = "ADD", "unscripted: kept beside"
        else:
            action, reason = scripted.action, scripted.reason
            if scripted.target_value is not None:
                # The value it replaces, under the latest alias that shows it.
                matching = [
                    (since, alias)
                    for alias, text, since, _authority in neighbours
                    if text.endswith(f" {scripted.target_value}")
                ]
                targets = [max(matching)[1]] if matching else []
        call = DecisionCall(
            claim=claim,
            when=when,
            shown=tuple(f"{a}: {t} (since {s}, {au})" for a, t, s, au in neighbours),
            action=action,
            target_ids=tuple(targets),
            scripted=scripted,
        )
        with self._lock:
            self.decisions.append(call)
            if scripted is None:
                self.unscripted.append(f"decision on {claim!r}")
        return {"action": action, "target_ids": targets, "reason": reason}


# ---- running the corpus ------------------------------------------------------------------


class Clock:
    """Belief time follows the script: each episode is recorded just after it happened."""

    def __init__(self, start: datetime) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now


@dataclass
class Outcome:
    episode: CorpusEpisode
    calls: int
    tokens: int
    requests: int  # what the fake server received during this remember()
    operations: list[Operation]
    refused: list[Refusal]
    redactions: int
    decisions: list[DecisionCall]
    o200k: int = 0  # the same requests and replies counted with o200k_base


@dataclass
class Run:
    store: str
    outcomes: list[Outcome]
    seconds: float
    model: ScriptedModel
    schema_tokens: dict[str, int]


@contextmanager
def memory(
    store: str, uri: str, model: ModelClient, clock: Clock, namespaces: Sequence[str], *, keep: bool
) -> Iterator[tuple[Memory, str]]:
    """A Memory with the model-backed extractor and decider, and a namespace prefix.

    On Neo4j the run's namespaces are dropped afterwards (unless ``keep``), failed runs too.
    """
    options: dict[str, Any] = {
        "extractor": LLMExtractor(model),
        "decider": ModelDecider(model),
        "clock": clock,
    }
    if store == "embedded":
        with tempfile.TemporaryDirectory(prefix="graphmem-bench-calls-") as tmp:
            mem = Memory(Path(tmp) / "store", **options)
            try:
                yield mem, ""
            finally:
                mem.close()
    elif store == "neo4j":
        password = os.environ.get("NEO4J_PASSWORD")
        auth = (os.environ.get("NEO4J_USER", "neo4j"), password) if password else None
        mem = Memory.neo4j(uri, auth=auth, **options)
        prefix = f"bench-calls-{uuid.uuid4().hex[:8]}-"
        try:
            yield mem, prefix
        finally:
            mem.close()
            if not keep:
                drop_neo4j_namespaces(uri, [prefix + ns for ns in namespaces])
    else:
        raise SystemExit(f"unknown store {store!r}: use embedded or neo4j")


def run(corpus: Sequence[CorpusEpisode], store: str, uri: str, *, keep: bool) -> Run:
    scripted = ScriptedModel(corpus)
    clock = Clock(corpus[0].at.astimezone(UTC))
    outcomes: list[Outcome] = []
    with (
        FakeModelServer() as server,
        openai.OpenAI(base_url=server.base_url, api_key="bench", timeout=10.0) as client,
    ):
        server.respond_with(scripted)
        model = ModelClient(client, "bench-model")
        personas = sorted({e.persona for e in corpus})
        with memory(store, uri, model, clock, personas, keep=keep) as (mem, prefix):
            started = time.perf_counter()
            for i, episode in enumerate(corpus):
                # UTC, as graphmem's own clock: the Neo4j driver fails on a ZoneInfo time
                clock.now = episode.at.astimezone(UTC) + timedelta(seconds=2)
                served, decided = len(server.requests), len(scripted.decisions)
                result = mem.remember(
                    episode.text,
                    namespace=prefix + episode.persona,
                    source=episode.source,
                    at=episode.at,
                    source_ref=episode.source_ref,
                    speaker=episode.speaker,
                )
                outcomes.append(
                    Outcome(
                        episode=episode,
                        calls=result.model_calls,
                        tokens=result.tokens,
                        requests=len(server.requests) - served,
                        operations=list(result.operations),
                        refused=list(result.refused),
                        redactions=result.redactions,
                        decisions=scripted.decisions[decided:],
                    )
                )
                if (i + 1) % 100 == 0:
                    progress(f"  {i + 1}/{len(corpus)} episodes")
            seconds = time.perf_counter() - started
    _count_tokens(outcomes, scripted)
    schema_tokens = _schema_tokens(scripted)
    return Run(store, outcomes, seconds, scripted, schema_tokens)


def _count_tokens(outcomes: list[Outcome], model: ScriptedModel) -> None:
    """The requests and replies of each episode, counted with a real tokenizer."""
    counter = default_counter()
    exchanges = iter(model.exchanges)
    for outcome in outcomes:
        for _ in range(outcome.requests):
            body, reply = next(exchanges)
            messages = body["messages"]
            outcome.o200k += sum(counter.count(str(m["content"])) for m in messages)
            outcome.o200k += 3 * len(messages) + 3 + counter.count(reply)


def _schema_tokens(model: ScriptedModel) -> dict[str, int]:
    """o200k tokens of the JSON schema sent as response_format, per kind of request."""
    counter = default_counter()
    sizes: dict[str, int] = {}
    for body, _reply in model.exchanges:
        spec = body["response_format"]["json_schema"]
        sizes.setdefault(spec["name"], counter.count(json.dumps(spec["schema"])))
    return sizes


# ---- what happened, and what differed from the script ------------------------------------


def observed_kinds(outcome: Outcome) -> Counter[str]:
    kinds: Counter[str] = Counter(op.kind for op in outcome.operations)
    kinds["refused"] += len(outcome.refused)
    return +kinds


def surprises(run_: Run) -> list[str]:
    found: list[str] = []
    for o in run_.outcomes:
        e = o.episode
        where = f"#{e.index} {e.persona} [{e.category}] {e.scrubbed[:70]!r}"
        if o.calls != e.expected_calls:
            whys = "; ".join(d.claim for d in o.decisions) or "-"
            found.append(
                f"{where}: {o.calls} calls, the script expected {e.expected_calls} "
                f"(decisions: {whys})"
            )
        if o.calls != o.requests:
            found.append(
                f"{where}: WriteResult.model_calls={o.calls} but the server got {o.requests}"
            )
        expected = +Counter(e.expect)
        observed = observed_kinds(o)
        if observed != expected:
            detail = "; ".join(f"{op.kind} {op.claim} ({op.reason})" for op in o.operations)
            detail += "".join(f"; refused {r.claim} ({r.reason})" for r in o.refused)
            found.append(
                f"{where}: {dict(observed)} but the script expected {dict(expected)}: {detail}"
            )
        for call in o.decisions:
            if call.scripted is not None and call.scripted.target_value and not call.target_ids:
                found.append(f"{where}: the value to replace was not among {call.shown}")
    found += [f"unscripted {what}" for what in run_.model.unscripted]
    return found


def _stats(values: Sequence[float]) -> str:
    mean = sum(values) / len(values) if values else math.nan
    return (
        f"mean {mean:.0f}, p50 {percentile(values, 50):.0f}, p95 {percentile(values, 95):.0f}, "
        f"max {max(values):.0f}"
    )


def report(run_: Run, args: argparse.Namespace) -> None:
    _header(run_, args)
    _calls(run_)
    _tokens(run_)
    _categories(run_)
    _operations(run_)
    _decisions(run_, listing=args.decisions)
    found = surprises(run_)
    print(f"\nsurprises (what happened differs from the script): {len(found)}")
    for line in found if args.surprises else found[:10]:
        print(f"  {line}")
    if len(found) > 10 and not args.surprises:
        print(f"  ... {len(found) - 10} more (--surprises lists them all)")
    n = len(run_.outcomes)
    total = sum(o.calls for o in run_.outcomes)
    low, high = GRAPHITI_CALLS
    print(
        f"\nreference figures, NOT measured here: Mem0 classic spends {MEM0_CALLS} calls an "
        f"episode, {MEM0_CALLS * n} on this corpus ({MEM0_CALLS / (total / n):.1f}x graphmem's); "
        f"Graphiti {low}-{high} an episode, {low * n}-{high * n}"
    )


def _header(run_: Run, args: argparse.Namespace) -> None:
    n = len(run_.outcomes)
    store = "embedded (temp dir)" if run_.store == "embedded" else f"neo4j at {args.uri}"
    print("graphmem issue 4 - model calls and tokens per episode (bench/model_calls.py)")
    print(f"corpus: bench/corpus_episodes.py, seed {args.seed}")
    for line in summary([o.episode for o in run_.outcomes]).splitlines():
        print(f"  {line}")
    print(f"store: {store}; machine: {machine()}")
    print(
        "model: FakeModelServer (local OpenAI-compatible HTTP) answering from the corpus gold; "
        "real openai client -> ModelClient -> LLMExtractor + ModelDecider"
    )
    print(f"runtime: {run_.seconds:.1f} s ({run_.seconds / n * 1000:.0f} ms an episode)")


def _calls(run_: Run) -> None:
    outcomes = run_.outcomes
    n = len(outcomes)
    calls = [o.calls for o in outcomes]
    total = sum(calls)
    decisions = sum(len(o.decisions) for o in outcomes)
    spread = Counter(min(c, 3) for c in calls)
    print("\nmodel calls")
    print(f"  total                {total} = {total - decisions} extraction + {decisions} decision")
    verdict = "meets" if total / n <= AIM else "MISSES"
    print(f"  per episode, mean    {total / n:.3f}  ({verdict} the aim of at most {AIM})")
    print(
        "  episodes by calls    "
        + " | ".join(
            f"{k}{'+' if k == 3 else ''} call{'s' if k != 1 else ''}: {spread.get(k, 0)}"
            for k in range(4)
        )
    )
    with_claims = [o for o in outcomes if o.episode.gold]
    claim_calls = sum(o.calls for o in with_claims)
    print(
        f"  episodes with something to extract: {len(with_claims)}, "
        f"{claim_calls / len(with_claims):.3f} calls each; the other {n - len(with_claims)} "
        "(small talk, one-off requests, tool and mail noise, secrets) cost 1 each"
    )


def _tokens(run_: Run) -> None:
    outcomes = run_.outcomes
    tokens = [float(o.tokens) for o in outcomes]
    o200k = [float(o.o200k) for o in outcomes]
    print("\ntokens per episode (WriteResult.tokens)")
    print(f"  {_stats(tokens)}; total {sum(tokens):.0f}")
    print(
        "  these are the fake server's usage figures, not a tokenizer's: prompt = "
        "len(message texts) // 4 + 4 a message, completion = len(reply) // 4"
    )
    print(
        f"  the same requests and replies counted with o200k_base: {_stats(o200k)}; "
        f"total {sum(o200k):.0f}"
    )
    schema = ", ".join(f"{name} {size}" for name, size in sorted(run_.schema_tokens.items()))
    print(
        f"  in neither figure: the JSON schema sent as response_format with each request "
        f"(o200k: {schema} tokens), which a real endpoint bills in some form"
    )
    alone = [float(o.tokens) for o in outcomes if o.calls == 1]
    decided = [float(o.tokens) for o in outcomes if o.calls > 1]
    print(
        f"  episodes with the extraction call only: mean {sum(alone) / len(alone):.0f} tokens; "
        f"with decision calls too: mean {sum(decided) / max(len(decided), 1):.0f}"
    )


def _categories(run_: Run) -> None:
    outcomes = run_.outcomes
    print("\nby category                 episodes  calls/ep  tokens/ep")
    for category, count in Counter(o.episode.category for o in outcomes).most_common():
        group = [o for o in outcomes if o.episode.category == category]
        print(
            f"  {category:<24} {count:>8}  {sum(o.calls for o in group) / count:>8.2f}  "
            f"{sum(o.tokens for o in group) / count:>9.0f}"
        )


def _operations(run_: Run) -> None:
    outcomes = run_.outcomes
    ops = Counter(op.kind for o in outcomes for op in o.operations)
    refused = [r for o in outcomes for r in o.refused]
    print("\noperations")
    print(
        "  "
        + ", ".join(f"{kind} {ops.get(kind, 0)}" for kind in ("ADD", "UPDATE", "DELETE", "NOOP"))
        + f"; refused {len(refused)}; secrets redacted {sum(o.redactions for o in outcomes)}"
    )
    reasons = Counter(f"{op.kind}: {op.reason}" for o in outcomes for op in o.operations)
    for reason, count in sorted(reasons.items()):
        print(f"    {count:>4}  {reason}")
    by_model = sum(1 for o in outcomes for d in o.decisions if d.action == "UPDATE")
    print(
        f"  ({by_model} of the UPDATEs followed a model decision on an unknown predicate; "
        "graphmem reports them with the rules' reason)"
    )
    print("  refusals")
    for reason, count in Counter(r.reason for r in refused).most_common():
        print(f"    {count:>4}  {reason}")


def _decisions(run_: Run, *, listing: bool) -> None:
    decisions = [d for o in run_.outcomes for d in o.decisions]
    print(f"\ndecision calls: {len(decisions)}")
    whys = Counter(d.scripted.why if d.scripted else "not in the script" for d in decisions)
    for why, count in whys.most_common():
        print(f"    {count:>4}  {why}")
    predicates = Counter(
        f"{d.claim.split()[1]} -> {d.action}" for d in decisions if len(d.claim.split()) > 1
    )
    print("  by predicate: " + ", ".join(f"{k} {v}" for k, v in sorted(predicates.items())))
    stale = [d for d in decisions if _lists_history(d)]
    print(
        f"  prompts that listed a value that no longer holds: {len(stale)} of {len(decisions)} "
        "(the listing gives 'since', never 'until', so it looks current)"
    )
    if listing:
        for o in run_.outcomes:
            for d in o.decisions:
                print(
                    f"  #{o.episode.index} {d.claim} (stated {d.when}) -> "
                    f"{d.action} {list(d.target_ids)}"
                )
                for line in d.shown:
                    print(f"      {line}")


def _lists_history(call: DecisionCall) -> bool:
    if call.scripted is None or not call.scripted.current:
        return False
    current = call.scripted.current
    return any(
        not any(line.split(" (since ")[0].endswith(f" {v}") for v in current) for line in call.shown
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--store", default="embedded", choices=("embedded", "neo4j"))
    parser.add_argument(
        "--uri", default=os.environ.get("NEO4J_URI", DEFAULT_NEO4J), help="Neo4j bolt URI"
    )
    parser.add_argument("--seed", type=int, default=SEED, help="the corpus seed")
    parser.add_argument("--keep", action="store_true", help="keep the Neo4j namespaces")
    parser.add_argument("--decisions", action="store_true", help="list every decision call")
    parser.add_argument("--surprises", action="store_true", help="list every surprise")
    args = parser.parse_args(argv)
    corpus = build_corpus(args.seed)
    progress(f"running {len(corpus)} episodes on the {args.store} store ...")
    report(run(corpus, args.store, args.uri, keep=args.keep), args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
