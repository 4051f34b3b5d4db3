"""A scripted year of one user's life, with ``Memory.maintain`` called every day as a
scheduler would: what each job did, month by month, and whether the store stays healthy.

The script (seeded, written here, no public corpus): five to nine messages a day for 365
days — changes (a move, new jobs, a new gym, doctor, phone, car), things said again and
again, small talk that yields nothing, the agent's guesses (candidates), a tool reporting
the same declined meeting in three sessions (a pattern for distillation), feedback that a
fact led to a bad outcome, sessions ending with open items, a connection granted and later
revoked, a forget of an episode and of a place each month, and a retention of 120 days set
in March. ``maintain(now=<end of day>)`` runs every day; the daily, weekly and monthly jobs
run when due. Printed per month: episodes told, what each job did (sums over its runs),
forgets, open todos, and the ``check`` verdict; at the end the totals and timings.

    .venv/bin/python bench/year_of_life.py [--store neo4j --uri bolt://127.0.0.1:7687]
    .venv/bin/python bench/year_of_life.py --days 60            # a shorter year
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import uuid
from collections import Counter, defaultdict
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent)]

import _common as common  # noqa: E402

from graphmem import Claim, Memory, UnknownId  # noqa: E402

START = datetime(2026, 1, 1, 8, tzinfo=UTC)
PLACES = ["Oxmere", "Brindlewood", "Port Alder", "Casterby", "Lindenfall", "Saltmarsh"]
EMPLOYERS = ["Copperfield Motors", "Stonecress Consulting", "Ironmoss Energy", "Kestrel Labs"]
GYMS = ["Ember Fitness", "Motion Lab", "Summit Barbell", "Anchor CrossFit"]
DOCTORS = ["Dr. Lena Ortiz", "Dr. Ravi Menon", "Dr. Helga Marsh"]
PHONES = ["Pixel 8", "iPhone 15", "Fairphone 5"]
CARS = ["Honda Civic", "Nissan Leaf", "Volvo XC40"]
LIKES = ["matcha lattes", "jazz records", "trail running", "Thai curry", "board games"]
SMALL_TALK = [
    "Went running by the canal this morning.",
    "The weather was grey all day.",
    "Long meeting, not much decided.",
    "Cooked pasta tonight.",
    "Read a few chapters before bed.",
    "Traffic was terrible on the way back.",
]
TEMPLATES = {
    "lives_in": ("I live in {v}.", "I moved to {v}."),
    "works_at": ("I work at {v}.", "I now work at {v}."),
    "gym": ("My gym is {v}.", "My gym is {v} now."),
    "doctor": ("My doctor is {v}.", "My doctor is {v} now."),
    "phone": ("My phone is a {v}.", "My phone is a {v} now."),
    "drives": ("I drive a {v}.", "I drive a {v} now."),
}
VALUES = {
    "lives_in": PLACES,
    "works_at": EMPLOYERS,
    "gym": GYMS,
    "doctor": DOCTORS,
    "phone": PHONES,
    "drives": CARS,
}
JOB_FIELDS = {
    "daily": ("expired", "needs_review", "learned", "proposed", "decayed", "reduced"),
    "weekly": ("removed", "demoted"),
    "monthly": ("merged", "awaiting_review", "superseded_unused", "candidates_waiting"),
}


class Year:
    """The script, day by day; each call to ``day`` tells that day's messages."""

    def __init__(self, mem: Memory, ns: str, seed: int) -> None:
        self.mem, self.ns, self.rng = mem, ns, random.Random(seed)
        self.current = {slot: self.rng.choice(values) for slot, values in VALUES.items()}
        self.told = 0
        self.forgets: Counter[str] = Counter()
        self.facts_told: list[str] = []

    def say(self, text: str, at: datetime, **kwargs: object) -> None:
        result = self.mem.remember(text, self.ns, at=at, **kwargs)  # type: ignore[arg-type]
        self.told += 1
        self.facts_told += result.fact_ids

    def day(self, n: int, morning: datetime) -> None:
        rng = self.rng
        at = morning
        if n == 0:  # who the user is, told once
            for slot, (first, _) in TEMPLATES.items():
                self.say(first.format(v=self.current[slot]), at)
                at += timedelta(minutes=7)
        for _ in range(rng.randint(5, 7)):  # small talk and things said again
            if rng.random() < 0.35:
                slot = rng.choice(list(TEMPLATES))
                self.say(TEMPLATES[slot][0].format(v=self.current[slot]), at)
            elif rng.random() < 0.25:
                self.say(f"I like {rng.choice(LIKES)}.", at)
            else:
                self.say(rng.choice(SMALL_TALK), at)
            at += timedelta(minutes=rng.randint(20, 90))
        if rng.random() < 0.06:  # a change in the user's life
            slot = rng.choice(list(TEMPLATES))
            choices = [v for v in VALUES[slot] if v != self.current[slot]]
            self.current[slot] = rng.choice(choices)
            self.say(TEMPLATES[slot][1].format(v=self.current[slot]), at)
        if rng.random() < 0.15:  # the agent's guess: a candidate until the user confirms
            guess = Claim("user", "prefers", f"{rng.choice(['early', 'late'])} meetings")
            self.mem.remember([guess], self.ns, source="agent", at=at)
        if n % 14 in (3, 4, 5):  # the same event reported by a tool in three sessions
            event = Claim(
                "user",
                "declined",
                "8am meeting",
                kind="event",
                valid_from=at,
                valid_until=at + timedelta(hours=1),
            )
            self.mem.remember([event], self.ns, source="tool", session=f"s{n}", at=at)
        if n % 9 == 4:  # a session that ends with something still open
            session = self.mem.session(self.ns, task=f"task-{n}", budget=4000)
            session.add_user("Help me plan the weekend.")
            session.add_agent("Two options found; you need to choose.")
            session.add_pending(f"choose a weekend plan ({n})")
            session.end()
        if n % 30 == 12:  # the user closes the oldest open item
            todos = self.mem.todos(self.ns)
            if todos:
                self.mem.close_todo(todos[0].id, self.ns)
        if n % 7 == 2 and self.facts_told:  # a fact that led to a bad outcome
            fact = rng.choice(self.facts_told[-40:])
            if self._exists(fact):
                self.mem.feedback(fact, self.ns, "bad")
        if n == 40:
            self.say("I connected my Google Calendar with read-only access.", at)
        if n == 200:
            self.say("I disconnected my Google Calendar.", at)
        if n == 60:
            self.mem.set_retention(self.ns, 120)
        if n % 30 == 29:  # the user asks to forget: an old small-talk episode, and a place
            self._forget_month(at)

    def _exists(self, fact_id: str) -> bool:
        try:
            self.mem.history(fact_id, self.ns)
        except UnknownId:  # forgotten or collected since
            return False
        return True

    def _forget_month(self, at: datetime) -> None:
        found = self.mem.recall("weather grey traffic", self.ns, k=3)
        episode = next((e.episode_id for e in found if e.kind == "episode"), None)
        if episode:
            self.mem.forget(self.ns, episode=episode)
            self.forgets["episode"] += 1
        lived = {f.object for f in self.mem.facts(self.ns, predicate="lives_in", history=True)}
        place = next((p for p in sorted(lived) if p != self.current["lives_in"]), None)
        if place is not None:  # a place the user lived in before
            self.mem.forget(self.ns, entity=str(place))
            self.forgets["entity"] += 1


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--days", type=int, default=365)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--store", choices=["embedded", "neo4j"], default="embedded")
    parser.add_argument("--uri", default=common.DEFAULT_NEO4J)
    args = parser.parse_args(argv)
    print(f"# bench/year_of_life.py, {datetime.now(UTC):%Y-%m-%d %H:%M} UTC, {common.machine()}")
    print(f"# store {args.store}, {args.days} days, seed {args.seed}")
    ns = f"year-{uuid.uuid4().hex[:8]}"
    clock_now = [START]
    with common.open_memory(args.store, uri=args.uri, clock=lambda: clock_now[0]) as mem:
        year = Year(mem, ns, args.seed)
        monthly: dict[str, Counter[str]] = defaultdict(Counter)
        told_by_month: Counter[str] = Counter()
        unhealthy: list[str] = []
        maintain_s = tell_s = 0.0
        for n in range(args.days):
            morning = START + timedelta(days=n)
            clock_now[0] = morning
            month = f"{morning:%Y-%m}"
            before = year.told
            started = time.perf_counter()
            year.day(n, morning)
            tell_s += time.perf_counter() - started
            told_by_month[month] += year.told - before
            clock_now[0] = morning + timedelta(hours=15)
            started = time.perf_counter()
            report = mem.maintain(ns, now=clock_now[0])
            maintain_s += time.perf_counter() - started
            for job in report.namespaces[0].ran if report.namespaces else []:
                monthly[month][f"{job.job} runs"] += 1
                for name in JOB_FIELDS[job.job]:
                    monthly[month][name] += len(getattr(job, name))
            if morning.day == 28 or n == args.days - 1:  # once a month, and at the end
                check = mem.check(ns)
                if not check.ok:
                    unhealthy.append(f"{month}: {[p.kind for p in check.problems]}")
                monthly[month]["open todos"] = len(mem.todos(ns))
        fields = ["told", *(f for names in JOB_FIELDS.values() for f in names), "open todos"]
        short = {"needs_review": "review", "awaiting_review": "awaiting", "open todos": "todos"}
        short |= {"superseded_unused": "unused_pref", "candidates_waiting": "candidates"}
        print("\n" + "month   " + "".join(f"{short.get(f, f):>12}" for f in fields))
        for month in sorted(told_by_month):
            row = monthly[month] | {"told": told_by_month[month]}
            print(f"{month} " + "".join(f"{row.get(f, 0):>12}" for f in fields))
        runs = {
            k: sum(m[k] for m in monthly.values())
            for k in ("daily runs", "weekly runs", "monthly runs")
        }
        print(f"\nepisodes told {year.told}; job runs: {runs}; forgets: {dict(year.forgets)}")
        links = [(c.service, c.status) for c in mem.connections(ns, include_revoked=True)]
        print(f"connections at the end: {links}; retention: {mem.retention(ns).keep_days} days")
        print(f"check: {unhealthy or 'clean every month'}")
        per_day = maintain_s / max(args.days, 1) * 1000
        print(f"time: telling {tell_s:.1f} s, maintain {maintain_s:.1f} s ({per_day:.0f} ms a day)")
        if args.store == "neo4j":
            common.drop_neo4j_namespaces(args.uri, [ns])


if __name__ == "__main__":
    main()
