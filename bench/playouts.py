"""How fast legal actions are listed: random playouts through the public API (`make bench`).

For each table (every family, with the largest: Hand & Foot's five packs and six-player Caliente
with three packs), a hand is dealt from a seeded shuffle (`arbiter.Position.deal`) and played to
its end choosing uniformly among `legal_actions()` and `push`ing the choice. A *position* is one
such step: the legal actions listed, one of them pushed. The figure is positions per second of CPU
time (`time.process_time`, so other work on a shared machine slows it less than wall time would),
over several runs of the same seeded hands; the median is printed with the spread of the runs.

    .venv/bin/python bench/playouts.py                       # what `make bench` runs
    .venv/bin/python bench/playouts.py --runs 3 --hands 1    # quicker
    .venv/bin/python bench/playouts.py --table hoyle-2p --json playouts.json

Only the public API is used (`arbiter.Position`), as a club site would use it.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import arbiter

MAX_STEPS = 20_000
"""Pushes one hand may take before the playout is called stuck (a random hand ends long before)."""


@dataclass(frozen=True, slots=True)
class Table:
    """A table to play out: the rule set, the seats in playing order, the teams and options."""

    key: str
    title: str
    rules: str
    seats: tuple[str, ...]
    teams: str | None = None  # as in a Teams tag: "ann+cid bob+dee"
    options: Mapping[str, Any] = field(default_factory=dict)


FOUR = ("ann", "bob", "cid", "dee")
TABLES = (
    Table("caliente-4p", "Caliente, 4 players", "caliente", FOUR),
    Table(
        "caliente-6p-3packs",
        "Caliente, 6 players, 3 packs",
        "caliente",
        ("ann", "bob", "cid", "dee", "eve", "fay"),
        teams="ann+cid+eve bob+dee+fay",
        options={"three-packs": True},
    ),
    Table("samba-4p", "Samba, 4 players", "samba", FOUR),
    Table("hand-and-foot-4p", "Hand & Foot, 4 players, 5 packs", "hand-and-foot", FOUR),
    Table("classic-4p", "classic, 4 players", "classic", FOUR),
    Table("hoyle-2p", "Hoyle two-hand", "hoyle", ("ann", "bob")),
    Table("modern-american-4p", "Modern American Canasta, 4 players", "modern-american", FOUR),
)


class Stuck(RuntimeError):
    """A position that is not over but lists no legal action, or a hand that never ends."""


def play_out(table: Table, seed: int) -> int:
    """Deal one hand and play it to its end at random; the positions it went through."""
    choose = random.Random(seed).choice
    position = arbiter.Position.deal(
        table.rules, list(table.seats), seed=seed, options=dict(table.options) or None, teams=table.teams
    )
    steps = 0
    while not position.over:
        actions = position.legal_actions()
        if not actions:
            raise Stuck(f"{table.key}, seed {seed}: no legal action after {steps} pushes, and the hand is not over")
        position.push(choose(actions))
        steps += 1
        if steps >= MAX_STEPS:
            raise Stuck(f"{table.key}, seed {seed}: the hand has not ended after {steps} pushes")
    return steps


@dataclass(slots=True)
class Figure:
    table: Table
    positions: int  # per run
    rates: list[float]  # positions per CPU second, one per run

    @property
    def median(self) -> float:
        return statistics.median(self.rates)

    @property
    def spread(self) -> float:
        """The runs' range as a share of the median."""
        return (max(self.rates) - min(self.rates)) / self.median if self.median else 0.0

    def row(self) -> dict[str, Any]:
        return {
            "table": self.table.key,
            "positions": self.positions,
            "positions_per_second": round(self.median, 1),
            "runs": [round(rate, 1) for rate in self.rates],
            "spread": round(self.spread, 4),
        }


def measure(table: Table, hands: int, runs: int, seed: int) -> Figure:
    """`runs` runs of the same `hands` seeded hands, each timed in CPU time."""
    rates, positions = [], 0
    for _ in range(runs):
        started = time.process_time()
        positions = sum(play_out(table, seed + number) for number in range(hands))
        spent = time.process_time() - started
        rates.append(positions / spent if spent > 0 else float("inf"))
    return Figure(table, positions, rates)


def report(figures: Sequence[Figure], runs: int, hands: int) -> list[str]:
    lines = [f"random playouts through arbiter.Position: {hands} hand(s) per table, {runs} runs, CPU time"]
    width = max(len(f.table.title) for f in figures)
    for f in figures:
        low, high = min(f.rates), max(f.rates)
        lines.append(
            f"  {f.table.title:<{width}}  {f.median:>10,.0f} positions/s"
            f"  (runs {low:,.0f} to {high:,.0f}, spread {f.spread:.0%}; {f.positions:,} positions a run)"
        )
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=3, help="hands played out per table and run (default 3)")
    parser.add_argument("--runs", type=int, default=5, help="runs per table; the median is printed (default 5)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--table", action="append", choices=[t.key for t in TABLES], help="only this table")
    parser.add_argument("--json", type=Path, help="also write the figures as JSON")
    args = parser.parse_args(argv)
    if args.hands < 1 or args.runs < 1:
        parser.error("--hands and --runs are at least 1")
    tables = [t for t in TABLES if not args.table or t.key in args.table]
    try:
        figures = [measure(table, args.hands, args.runs, args.seed) for table in tables]
    except (Stuck, arbiter.IllegalAction, arbiter.PositionError) as problem:
        print(f"playouts: {problem}", file=sys.stderr)
        return 1
    print("\n".join(report(figures, args.runs, args.hands)))
    if args.json:
        args.json.write_text(json.dumps([f.row() for f in figures], indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
