"""How fast a summary-only archive is certified: score sheets (ACN 1.1), hand by hand, every family.

The archive is built from simulated games (arbiter.simulate), each written as its score sheet
(`arbiter.sheets.summarise`, as `arbiter fmt --summary` does), then repeated, each copy its own
game (an `Event` tag of its own), up to the hands asked for: 100,000 by default. It is checked with
`arbiter.check` in one process, cold (every memory forgotten, `arbiter.forget`) and warm, in
several runs; the figures are hands and bytes per second of CPU time (`time.process_time`), the
median with the spread of the runs, per family and for the whole archive.

    .venv/bin/python bench/summaries.py                          # 100,000 hands
    .venv/bin/python bench/summaries.py --hands 2000 --runs 1    # quicker
    .venv/bin/python bench/summaries.py --json summaries.json

Every game of the archive must be valid: a sheet the simulator wrote and the arbiter refused would
be a bug, and the run stops saying so.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import arbiter
from arbiter.sheets.summarise import summarise_source
from arbiter.simulate import simulate_games

FAMILIES = ("caliente", "samba", "hand-and-foot", "classic", "hoyle", "modern-american")
HANDS = 100_000
BASE_GAMES = 12
"""Simulated games a family's sheets are written from; the archive repeats them."""
HANDS_PER_GAME = 3
RUNS = 3


@dataclass(frozen=True, slots=True)
class Archive:
    family: str
    text: str
    games: int
    hands: int


def base_sheets(family: str, games: int, seed: int = 42) -> list[str]:
    """Score sheets of simulated games of `family`, each its own game."""
    sheets = []
    for game in simulate_games(family, None, games=games, hands=HANDS_PER_GAME, seed=seed):
        sheet, notes = summarise_source(game.text)
        if notes:
            raise SystemExit(f"{family}: a simulated game could not be summarised: {notes[0].message}")
        sheets.append(sheet)
    return sheets


def archive(family: str, hands: int, base: list[str]) -> Archive:
    """`base` repeated until the archive holds at least `hands` hands, each copy its own game."""
    per_game = [sheet.count("\nhand ") + sheet.startswith("hand ") for sheet in base]
    parts, made, games = [], 0, 0
    while made < hands:
        for sheet, count in zip(base, per_game, strict=True):
            parts.append(f'[Event "bench {games + 1}"]\n{sheet}')
            made, games = made + count, games + 1
            if made >= hands:
                break
    return Archive(family, "\n".join(parts), games, made)


def check_seconds(text: str, cold: bool) -> tuple[float, int]:
    """CPU seconds to check the whole archive, and how many of its games are not valid."""
    if cold:
        arbiter.forget()
    start = time.process_time()
    invalid = sum(game.verdict != "valid" for game in arbiter.check(text))
    return time.process_time() - start, invalid


def measure(item: Archive, runs: int) -> dict[str, Any]:
    figures: dict[str, Any] = {"games": item.games, "hands": item.hands, "bytes": len(item.text.encode("utf-8"))}
    for mode in ("cold", "warm"):
        seconds = []
        for _ in range(runs):
            spent, invalid = check_seconds(item.text, cold=mode == "cold")
            if invalid:
                raise SystemExit(f"{item.family}: {invalid} summarised games were judged not valid")
            seconds.append(spent)
        rates = sorted(item.hands / s for s in seconds if s > 0)
        figures[mode] = {
            "hands_per_second": statistics.median(rates) if rates else None,
            "range": [rates[0], rates[-1]] if rates else None,
            "bytes_per_second": statistics.median(figures["bytes"] / s for s in seconds if s > 0) if rates else None,
        }
    return figures


def run(hands: int, runs: int, base_games: int) -> dict[str, Any]:
    share = -(-hands // len(FAMILIES))  # each family an equal share of the archive
    results: dict[str, Any] = {"hands": hands, "runs": runs, "families": {}}
    texts = []
    for family in FAMILIES:
        item = archive(family, share, base_sheets(family, base_games))
        texts.append(item.text)
        results["families"][family] = measure(item, runs)
    whole = "\n".join(texts)
    counted = sum(f["hands"] for f in results["families"].values())
    games = sum(f["games"] for f in results["families"].values())
    results["archive"] = measure(Archive("all", whole, games, counted), runs)
    return results


def show(results: dict[str, Any]) -> str:
    lines = [f"Summary-only archive: {results['archive']['hands']:,} hands, {results['runs']} runs (CPU time)"]
    rows = [*results["families"].items(), ("whole archive", results["archive"])]
    for name, figures in rows:
        cold, warm = figures["cold"], figures["warm"]
        lines.append(
            f"  {name:<15} {figures['hands']:>8,} hands  cold {cold['hands_per_second']:>10,.0f} hands/s"
            f"  warm {warm['hands_per_second']:>10,.0f} hands/s  ({warm['bytes_per_second'] / 1e6:.2f} MB/s warm)"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=HANDS, help="hands in the archive (default 100,000)")
    parser.add_argument("--runs", type=int, default=RUNS, help="runs of each measure (median printed)")
    parser.add_argument("--base-games", type=int, default=BASE_GAMES, help="simulated games per family")
    parser.add_argument("--json", type=Path, help="also write the figures as JSON here")
    args = parser.parse_args(argv)
    results = run(max(args.hands, 1), max(args.runs, 1), max(args.base_games, 1))
    print(show(results))
    if args.json:
        args.json.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
        print(f"figures written to {args.json}")


if __name__ == "__main__":
    main()
