"""How long `arbiter event check` takes on a large evening: a Mitchell of 50 tables (100 pairs)
and 8 rounds, every table's record a game the simulator played move by move (arbiter.simulate).

The event is written to a folder: the event file (each table dealing its own cards, `prepared =
false`, since the simulator deals its own games) and one record per table and round, made from a
base of simulated games with the pairs' players in their seats. Then `arbiter event check` runs
in a fresh process, several times; the figures are the median wall time and CPU time of the
process, and tables per second. Every table must be certified: the run stops if one is not.

    .venv/bin/python bench/events.py                              # 50 tables, 8 rounds
    .venv/bin/python bench/events.py --tables 4 --rounds 2 --runs 1    # quicker
    .venv/bin/python bench/events.py --json events.json
"""

from __future__ import annotations

import argparse
import json
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from arbiter.event import load, schedule_of  # noqa: E402
from arbiter.simulate import simulate  # noqa: E402

TABLES = 50
ROUNDS = 8
DEALS = 1
RUNS = 3
BASE_GAMES = 40
"""Simulated games the records are made from: each table's record is one of them, its players
renamed, so that building the event costs little beside the check it times."""
SIMULATED = ("ann", "cid", "bob", "dee")


def players(pair: int) -> tuple[str, str]:
    return (f"p{pair}a", f"p{pair}b")


def seated(text: str, names: tuple[str, ...]) -> str:
    """A simulated game with `names` in the simulator's seats (ann, cid, bob, dee)."""
    renamed = dict(zip(SIMULATED, names, strict=True))
    return re.sub(r"\b(ann|bob|cid|dee)\b", lambda found: renamed[found.group(1)], text)


def write_event(folder: Path, tables: int, rounds: int, deals: int, base_games: int) -> Path:
    """The event file and every table's record; returns the event file's path."""
    pairs = "".join(
        f'\n[[pairs]]\nnumber = {n}\nname = "Pair {n}"\nplayers = ["{players(n)[0]}", "{players(n)[1]}"]\n'
        for n in range(1, 2 * tables + 1)
    )
    path = folder / "bench.event.toml"
    path.write_text(
        f'name = "Bench"\ndate = 2026-11-26\nfamily = "caliente"\nmovement = "mitchell"\nrounds = {rounds}\n'
        f'deals = {deals}\nscoring = "victory-points"\nseed = 1\nrecords = "r{{round}}/t{{table}}.acn"\n'
        f"prepared = false\n{pairs}",
        encoding="utf-8",
    )
    base = list(simulate("caliente", players=4, games=base_games, hands=deals, seed=43))
    event = load(path)
    for index, seating in enumerate(schedule_of(event).seatings):
        text = seated(base[index % len(base)], players(seating.first) + players(seating.second))
        record = event.record_path(seating.round, seating.table)
        record.parent.mkdir(exist_ok=True)
        record.write_text(text, encoding="utf-8")
    return path


def check_once(path: Path) -> tuple[float, float, str]:
    """Wall and CPU seconds of one `arbiter event check` in a fresh process, and its output."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", "from arbiter_cli.main import cli; cli()", "event", "check", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if done.returncode != 0:
        raise SystemExit(f"arbiter event check did not certify the event:\n{done.stdout[-2000:]}{done.stderr[-2000:]}")
    return wall, cpu, done.stdout


def run(tables: int, rounds: int, deals: int, runs: int, base_games: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        path = write_event(Path(folder), tables, rounds, deals, base_games)
        measured = [check_once(path) for _ in range(runs)]
    walls = sorted(wall for wall, _, _ in measured)
    cpus = sorted(cpu for _, cpu, _ in measured)
    records = tables * rounds
    return {
        "tables": tables,
        "rounds": rounds,
        "deals": deals,
        "records": records,
        "runs": runs,
        "wall_seconds": {"median": statistics.median(walls), "range": [walls[0], walls[-1]]},
        "cpu_seconds": {"median": statistics.median(cpus), "range": [cpus[0], cpus[-1]]},
        "records_per_cpu_second": records / statistics.median(cpus) if statistics.median(cpus) > 0 else None,
        "summary": measured[-1][2].splitlines()[-2],
    }


def show(results: dict[str, Any]) -> str:
    wall, cpu = results["wall_seconds"], results["cpu_seconds"]
    return "\n".join(
        [
            f"arbiter event check: a Mitchell of {results['tables']} tables, {results['rounds']} rounds of "
            f"{results['deals']} deal(s), {results['records']} records, {results['runs']} runs (fresh processes)",
            f"  wall {wall['median']:.2f} s (range {wall['range'][0]:.2f} to {wall['range'][1]:.2f})"
            f"  CPU {cpu['median']:.2f} s (range {cpu['range'][0]:.2f} to {cpu['range'][1]:.2f})"
            f"  {results['records_per_cpu_second']:,.0f} records per CPU second",
            f"  {results['summary']}",
        ]
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=TABLES, help="tables (the pairs are twice as many)")
    parser.add_argument("--rounds", type=int, default=ROUNDS, help="rounds (at most the tables, one fewer if even)")
    parser.add_argument("--deals", type=int, default=DEALS, help="deals per table and round")
    parser.add_argument("--runs", type=int, default=RUNS, help="runs of the check (median printed)")
    parser.add_argument("--base-games", type=int, default=BASE_GAMES, help="simulated games the records reuse")
    parser.add_argument("--json", type=Path, help="also write the figures as JSON here")
    args = parser.parse_args(argv)
    results = run(max(args.tables, 2), max(args.rounds, 1), max(args.deals, 1), max(args.runs, 1), args.base_games)
    print(show(results))
    if args.json:
        args.json.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
        print(f"figures written to {args.json}")


if __name__ == "__main__":
    main()
