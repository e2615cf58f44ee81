"""How many hands a simulated game lasts, family by family (issue 55: a club game of Modern American
Canasta to 8,500 lasts a handful to a dozen hands, and the simulated games should too, so that every
benchmark and simulated tournament measures realistic games). Also how many hands ended by a player
going out (the rest: the stock ran out, or a special hand).

    .venv/bin/python bench/hands_per_game.py [--rules modern-american] [--games 200] [--seed 11]
        [--players 4] [--json FILE]
"""

from __future__ import annotations

import argparse
import json
import statistics
from pathlib import Path

from arbiter.notation.records import GoOut
from arbiter.simulate import simulate_games


def percentile(values: list[int], share: float) -> int:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def measure(rules: str, players: int, games: int, seed: int) -> dict[str, object]:
    counts, out, hands = [], 0, 0
    for game in simulate_games(rules, players, games=games, seed=seed):
        counts.append(len(game.record.hands))
        for hand in game.record.hands:
            hands += 1
            out += any(isinstance(a, GoOut) for turn in hand.turns for a in turn.actions)
    return {
        "rules": rules,
        "players": players,
        "games": games,
        "seed": seed,
        "mean": statistics.mean(counts),
        "stdev": statistics.pstdev(counts),
        "median": statistics.median(counts),
        "p10": percentile(counts, 0.1),
        "p90": percentile(counts, 0.9),
        "min": min(counts),
        "max": max(counts),
        "went_out_share": out / hands,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default="modern-american")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    f = measure(args.rules, args.players, args.games, args.seed)
    print(
        f"{f['rules']}, {f['players']} players, {f['games']} games of seed {f['seed']}: hands a game mean "
        f"{f['mean']:.1f} (standard deviation {f['stdev']:.1f}), median {f['median']}, 10th-90th percentile "
        f"{f['p10']}-{f['p90']}, range {f['min']}-{f['max']}; {f['went_out_share']:.0%} of hands end by going out"
    )
    if args.json:
        args.json.write_text(json.dumps(f, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
