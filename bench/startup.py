"""How long `arbiter --version` and `arbiter check` of one record take to start, paired with the
interpreter's own start (issue 45: well under half a second on a quiet machine).

Each command runs in a fresh process as a user runs it (`python -m arbiter ...`, the same code the
`arbiter` script runs), timed in that process's CPU time (user and system, as wait4 reports it)
and in wall time. The runs alternate (python -c pass, arbiter, python -c pass, ..., python -c
pass): each arbiter run's own cost is its time less the mean of the two interpreter starts around
it, reported as the median and range of those differences (bench/paired.py's Spread). Which
modules a command loads is tested, not timed (tests/test_startup_imports.py); `python -X importtime
-m arbiter check FILE` says where the time goes.

    .venv/bin/python bench/startup.py [--pairs 15] [--json FILE]
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from paired import Spread

ROOT = Path(__file__).resolve().parent.parent
RECORD = ROOT / "samples" / "hoyle-opening.acn"
"""The one record `arbiter check` reads: a short Hoyle hand, valid."""

COMMANDS = {
    "arbiter --version": ["-m", "arbiter", "--version"],
    "arbiter check (one record)": ["-m", "arbiter", "check", "--isolated", str(RECORD)],
}
BASELINE = ["-c", "pass"]
ENVIRONMENT = {"LANGUAGE": "", "LC_ALL": "", "LANG": "C.UTF-8", "GITHUB_ACTIONS": "", "NO_COLOR": "1"}


def timed(arguments: list[str]) -> Callable[[], tuple[float, float]]:
    """One run of `python ARGUMENTS` in a fresh process: a call giving its (CPU, wall) seconds."""
    command = [sys.executable, *arguments]
    environment = os.environ | ENVIRONMENT

    def run() -> tuple[float, float]:
        start = time.perf_counter()
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=environment)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
        if os.waitstatus_to_exitcode(status) not in (0, 1):
            raise SystemExit(f"{' '.join(command)} failed with {os.waitstatus_to_exitcode(status)}")
        return usage.ru_utime + usage.ru_stime, wall

    return run


def startup_pairs(arguments: list[str], pairs: int) -> dict[str, Spread]:
    """`pairs` runs of the command, each between two interpreter starts: the command's own CPU and
    wall seconds (its time less the mean of the starts around it), and its whole times."""
    baseline, command = timed(BASELINE), timed(arguments)
    starts, runs = [baseline()], []
    for _ in range(pairs):
        runs.append(command())
        starts.append(baseline())
    around = [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) for a, b in itertools.pairwise(starts)]
    return {
        "own_cpu": Spread.of([run[0] - start[0] for run, start in zip(runs, around, strict=True)]),
        "own_wall": Spread.of([run[1] - start[1] for run, start in zip(runs, around, strict=True)]),
        "cpu": Spread.of([run[0] for run in runs]),
        "wall": Spread.of([run[1] for run in runs]),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", type=int, default=15, help="runs of each command (default 15)")
    parser.add_argument("--json", type=Path, help="write the figures here as JSON")
    args = parser.parse_args()
    figures = {}
    for name, arguments in COMMANDS.items():
        spreads = startup_pairs(arguments, args.pairs)
        figures[name] = {key: spread.to_dict() for key, spread in spreads.items()}
        print(
            f"{name}: {spreads['wall'].text(3, ' s')} wall, {spreads['cpu'].text(3, ' s')} CPU; "
            f"beyond the interpreter's start {spreads['own_wall'].text(3, ' s')} wall"
        )
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
