"""How long `Position.legal_actions()` takes, family by family (issue 45: the editor calls it on
every click; the aim is a p99 under 50 ms on a quiet machine).

The positions are named and reproducible: each family's first hand dealt from seeds 1 to SEEDS
(`Position.deal`), played by seeded random legal actions, every position along the way up to
STEPS actions (the first of them "before a first meld", where Samba lists hundreds of actions).
Each call is timed in CPU time (`time.process_time`), `--repeat` times, its fastest kept (on a
shared machine the load only ever adds); the figures are each family's p50, p99 and slowest call,
the slowest positions named, the load average said beside them, and, paired as the other figures
are (bench/paired.py; `--pairs 0` leaves it out), the ratio of the arbiter's calls per second to
python-chess's legal-move generation per second, each arbiter run between two chess runs.

    .venv/bin/python bench/legal_actions.py [--seeds 8] [--steps 30] [--repeat 3] [--pairs 5]
        [--slowest 3] [--json FILE] [--simulated GAMES] [--families NAME ...]

With `--simulated GAMES`, the positions are instead those at the start of every turn of GAMES
simulated games of seed 1 (issue 55: the hands grow long there, after the pile is taken).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import time
from dataclasses import dataclass
from pathlib import Path

from paired import Work, cpu_seconds, paired

import arbiter

TABLES = {
    "caliente": (["ann", "bob", "cid", "dee"], "ann+cid bob+dee"),
    "samba": (["ann", "bob", "cid", "dee"], "ann+cid bob+dee"),
    "hand-and-foot": (["ann", "bob", "cid", "dee"], "ann+cid bob+dee"),
    "classic": (["ann", "bob", "cid", "dee"], "ann+cid bob+dee"),
    "hoyle": (["ann", "bob"], None),
    "modern-american": (["ann", "bob", "cid", "dee"], "ann+cid bob+dee"),
}
SEEDS = 8
STEPS = 30


@dataclass(frozen=True)
class Named:
    name: str
    position: arbiter.Position


def positions(family: str, seeds: int, steps: int) -> list[Named]:
    """The family's positions: seeded deals, each played `steps` actions by seeded random choice."""
    seats, teams = TABLES[family]
    out = []
    for seed in range(1, seeds + 1):
        position, choose = arbiter.Position.deal(family, seats, seed=seed, teams=teams), random.Random(seed)
        for step in range(steps):
            if position.over:
                break
            out.append(Named(f"{family}, seed {seed}, action {step + 1} ({position!r})", position.copy()))
            position.push(choose.choice(position.legal_actions()))
    return out


def turn_starts(family: str, games: int, seed: int = 1) -> list[Named]:
    """The family's positions at the start of every turn of `games` simulated games of `seed`
    (`arbiter simulate`'s bots, at the table's seats), read back from each game's record."""
    from arbiter.simulate import simulate_games

    seats, _ = TABLES[family]
    out = []
    for game in simulate_games(family, len(seats), games=games, seed=seed):
        for hand in game.record.hands:
            for turn in range(1, len(hand.turns) + 1):
                position = arbiter.Position.from_record(game.text, hand=hand.number, turn=turn)
                out.append(Named(f"{family}, game {game.index}, hand {hand.number}, turn {turn}", position))
    return out


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def timed_calls(named: list[Named], repeat: int = 1, slowest: int = 1) -> dict[str, object]:
    times = []
    for one in named:
        best = None
        for _ in range(repeat):
            start = time.process_time()
            count = len(one.position.legal_actions())
            took = time.process_time() - start
            best = took if best is None else min(best, took)
        assert best is not None
        times.append((best, count, one.name))
    seconds = [t for t, _, _ in times]
    ranked = sorted(times, reverse=True)[: max(1, slowest)]
    return {
        "positions": len(times),
        "repeat": repeat,
        "p50_ms": statistics.median(seconds) * 1000,
        "p99_ms": percentile(seconds, 0.99) * 1000,
        "max_ms": ranked[0][0] * 1000,
        "slowest": f"{ranked[0][2]}: {ranked[0][1]} actions",
        "slowest_positions": [f"{t * 1000:.1f} ms, {name}: {count} actions" for t, count, name in ranked],
        "load_average": os.getloadavg()[0],
    }


def chess_work(boards: int = 200, seed: int = 1) -> Work:
    """python-chess listing the legal moves of `boards` positions of random games."""
    import chess

    rng, fens = random.Random(seed), []
    board = chess.Board()
    while len(fens) < boards:
        moves = list(board.legal_moves)
        if not moves or board.ply() > 120:
            board = chess.Board()
            continue
        board.push(rng.choice(moves))
        fens.append(board.fen())
    prepared = [chess.Board(fen) for fen in fens]
    return Work(lambda: [list(b.legal_moves) for b in prepared], len(prepared), 0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=SEEDS)
    parser.add_argument("--steps", type=int, default=STEPS)
    parser.add_argument("--repeat", type=int, default=3, help="times each call is timed, the fastest kept")
    parser.add_argument("--pairs", type=int, default=5, help="paired runs against python-chess (0: none)")
    parser.add_argument("--slowest", type=int, default=3, help="slowest positions named for each family")
    parser.add_argument("--json", type=Path)
    parser.add_argument(
        "--simulated", type=int, default=0, help="instead: every turn's start in this many simulated games (seed 1)"
    )
    parser.add_argument("--families", nargs="*", help="these families only (default: all)")
    args = parser.parse_args()
    print(f"{os.cpu_count()} CPUs, load average {' '.join(f'{n:.2f}' for n in os.getloadavg())}")
    figures: dict[str, object] = {}
    for family in TABLES:
        if args.families and family not in args.families:
            continue
        named = turn_starts(family, args.simulated) if args.simulated else positions(family, args.seeds, args.steps)
        calls = timed_calls(named, args.repeat, args.slowest)
        figures[family] = calls
        paired_text = ""
        if args.pairs > 0:
            once = cpu_seconds(lambda named=named: [one.position.legal_actions() for one in named])
            chess = chess_work()
            loops = max(1, round(once / max(cpu_seconds(chess.run), 1e-6)))
            chess_runs = Work(
                lambda chess=chess, loops=loops: [chess.run() for _ in range(loops)], chess.units * loops, 1
            )
            ours = Work(lambda named=named: [one.position.legal_actions() for one in named], len(named), 1)
            ratio = paired(chess_runs, ours, args.pairs).per_action
            calls["calls_per_s_over_chess_positions_per_s"] = ratio.to_dict()
            paired_text = f"; paired with python-chess: {ratio.text(4)}"
        print(
            f"{family}: {calls['positions']} positions, p50 {calls['p50_ms']:.1f} ms, p99 {calls['p99_ms']:.1f} ms, "
            f"max {calls['max_ms']:.1f} ms (CPU, fastest of {args.repeat}; load {calls['load_average']:.2f})"
            f"{paired_text}"
        )
        for line in calls["slowest_positions"]:  # type: ignore[attr-defined]
            print(f"  {line}")
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
