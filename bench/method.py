"""Why the earlier bench's figures were higher than independent ones: each difference of method
measured alone, in the same interleaved rounds (docs/performance.md, "Why the figures differed").

    python bench/method.py --family samba --games 1000 --seed 1 --pairs 3

Over one corpus, each round runs, every one in a fresh process (bench/fresh.py):
  - python-chess three ways: its own collector settings (the headline), `arbiter check`'s, and
    `arbiter check`'s with the moves counted inside the timed read (the earlier bench's way);
  - the arbiter three ways: cold in a fresh process with `arbiter check`'s collector settings (the
    headline), the same with Python's default settings, and the corpus checked twice first and
    then forgotten (`arbiter.forget`), as the earlier bench's in-process "cold" run was;
  - the earlier bench itself, in one process (`in-process`): bench/paired.py as
    bench/run.py's `compare_families` used it, its ratios per action.
Each arbiter way's ratio is taken against each python-chess way (the mean of the runs before and
after the round), and printed as the median (lowest to highest) over the rounds.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

CHESS_WAYS = {
    "own": ("--gc", "own"),
    "cli": ("--gc", "cli"),
    "cli+count": ("--gc", "cli", "--count-moves"),
}
ARBITER_WAYS = {
    "fresh, cli gc": ("--gc", "cli"),
    "fresh, default gc": ("--gc", "own"),
    "warmed, then forget()": ("--gc", "cli", "--warm-up", "2"),
}


def in_process(corpus: Path, pgn: Path, pairs: int) -> list[float]:
    """The earlier bench's cold comparison, as bench/run.py ran it: one process, `arbiter check`'s
    collector settings for both sides, `arbiter.forget()` before each arbiter run."""
    sys.path.insert(0, str(HERE))
    from paired import ChessCorpus, Work, cpu_seconds, paired
    from workloads import full_check, parse_only

    import arbiter
    from arbiter.archive.inputs import BATCH_GC_THRESHOLD

    gc.set_threshold(*BATCH_GC_THRESHOLD)
    figures = json.loads(corpus.with_suffix(".acn.json").read_text(encoding="utf-8"))
    moves = json.loads(pgn.with_suffix(".pgn.json").read_text(encoding="utf-8"))
    chess = ChessCorpus(pgn.read_text(encoding="utf-8"), moves["games"], moves["moves"])
    parse_only(corpus)  # the grammar loaded outside the timings
    chess.read()
    work = Work(lambda: full_check(corpus), figures["actions"], figures["bytes"])
    arbiter.forget()
    cold_once = cpu_seconds(work.run)
    cold = paired(chess.calibrated(cold_once), work, pairs, before_arbiter=arbiter.forget)
    return list(cold.per_action.values)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument(
        "--family", default="samba", help="caliente, samba, hand-and-foot, classic, hoyle or modern-american"
    )
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pairs", type=int, default=3)
    parser.add_argument("--out", type=Path, default=HERE / "out")
    parser.add_argument("--in-process-child", nargs=2, type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.in_process_child:
        corpus_path, pgn_path = args.in_process_child
        print(json.dumps(in_process(corpus_path, pgn_path, args.pairs)))
        return
    sys.path.insert(0, str(HERE))
    sys.path.insert(0, str(ROOT))
    from headline import CHESS_GAMES, FAMILIES, chess_pgn, family_corpus, rate, run_fresh

    family, players, key, title = next(f for f in FAMILIES if f[0] == args.family)
    args.out.mkdir(parents=True, exist_ok=True)
    corpus = family_corpus(args.out, family, players, key, args.games, args.seed)
    pgn = chess_pgn(args.out, CHESS_GAMES)
    chess_runs: dict[str, list[dict]] = {way: [] for way in CHESS_WAYS}
    arbiter_runs: dict[str, list[dict]] = {way: [] for way in ARBITER_WAYS}
    in_process_ratios: list[float] = []
    loops = 1

    def chess_round() -> None:
        for way, extra in CHESS_WAYS.items():
            chess_runs[way].append(run_fresh("chess", pgn, ROOT, "--loops", str(loops), *extra))

    chess_round()
    for _ in range(args.pairs):
        for way, extra in ARBITER_WAYS.items():
            arbiter_runs[way].append(run_fresh("check", corpus.path, ROOT, *extra))
        child = [sys.executable, __file__, "--pairs", "1", "--in-process-child", str(corpus.path), str(pgn)]
        done = subprocess.run(child, capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
        if done.returncode != 0:
            raise SystemExit(done.stderr[-2000:])
        in_process_ratios += json.loads(done.stdout)
        per_loop = chess_runs["own"][-1]["seconds"] / loops
        loops = max(1, round(arbiter_runs["fresh, cli gc"][-1]["seconds"] / per_loop))
        chess_round()

    print(f"{title}, {args.games:,} games, seed {args.seed}, {args.pairs} rounds; per action, median (low-high):")
    print("arbiter \\ python-chess: " + "; ".join(CHESS_WAYS))
    for way, runs in arbiter_runs.items():
        cells = []
        for chess in chess_runs.values():
            ratios = [rate(run) / statistics.mean((rate(chess[i]), rate(chess[i + 1]))) for i, run in enumerate(runs)]
            cells.append(f"{statistics.median(ratios):.2f} ({min(ratios):.2f}-{max(ratios):.2f})")
        print(f"  {way}: " + "; ".join(cells))
    ratios = in_process_ratios
    print(f"  the earlier bench, in one process: {statistics.median(ratios):.2f} ({min(ratios):.2f}-{max(ratios):.2f})")
    build = arbiter_runs["fresh, cli gc"][0]["build"]
    start_up = statistics.median(run["start_up"] for run in arbiter_runs["fresh, cli gc"])
    chess_start = statistics.median(run["start_up"] for run in chess_runs["own"])
    print(f"build: {build}; start-up CPU of a process: arbiter {start_up:.2f} s, python-chess {chess_start:.2f} s")


if __name__ == "__main__":
    main()
