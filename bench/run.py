"""How fast a tournament archive is certified, measured against python-chess: `make bench`
(docs/performance.md says how and shows the figures).

It measures and prints, first, the headline (bench/headline.py): each family against
python-chess with every run a fresh process, over three seeds of 300 and 1,000 games a family,
the Python source alone beside the build, and the two anchors of the limit (the split floor and a
compiled chess validator). Then, in one process, on one machine:
  - each family judged against python-chess, in pairs: python-chess reading and validating random
    legal games, then the arbiter checking the family's corpus, then python-chess again, and so
    on, both sides in CPU time; each arbiter run's ratio to the chess runs around it is kept, and
    the median and range of the ratios printed, per action (actions/s over moves/s) and per byte
    of record (bytes/s over PGN bytes/s); cold runs (every memory forgotten, `arbiter.forget`)
    and warm runs (the corpus checked before) apart;
  - parse-only and full-check throughput of every corpus (other table sizes of Caliente too);
  - the archive end to end through `arbiter check --jobs 1`, `--jobs N` and `--scheduler local:N`,
    in rounds with python-chess (wall time, since several processes work): the speed-up over one
    job, and each path's ratio to python-chess;
  - memory at scale: peak RSS and time of the library and of `arbiter check` in each output
    format over archives of 1,000, 10,000 and 100,000 games;
  - the time to check one typical game through the API (Flask test client, median and p99);
  - the archive checked in English and in Spanish (`--lang es`), paired, text and JSON: the ratio
    of the Spanish time to the English (bench/languages.py; within 5% is the mark).

An "action" is one thing a player does or the dealer deals: a deal line, the up card, a draw, a
take, a meld, an addition, a discard, a Bonus card laid, an ask, a pass, going out. The figures
are also written as JSON (bench/out/results.json unless --json says where; the path is printed).
`--quick` runs everything small, for tests.
"""

from __future__ import annotations

import argparse
import gc
import itertools
import json
import os
import platform
import sys
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

import headline  # noqa: E402
import scaling  # noqa: E402
from languages import LIMIT, language_pairs  # noqa: E402
from paired import ChessCorpus, Paired, Spread, Work, chess_corpus, cpu_seconds, paired, wall_seconds  # noqa: E402
from workloads import (  # noqa: E402
    FAMILIES,
    Corpus,
    api_latency,
    build_corpora,
    client_games_per_second,
    full_check,
    parse_only,
    profile,
    split_archive,
)

import arbiter  # noqa: E402

FORMATS = ("text", "json", "sarif", "junit")  # the output formats of the scaling table
TARGET = 3.0  # every family's median paired ratio per action, cold, in one process


def settings() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="everything small and few pairs (for tests)")
    parser.add_argument("--games", type=int, help="games in each family's corpus (default 1,000; quick 12)")
    parser.add_argument("--pairs", type=int, help="arbiter runs paired with python-chess (default 5; quick 2)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2, help="N for --jobs N and local:N")
    parser.add_argument(
        "--scale",
        type=lambda text: [int(n) for n in text.split(",")],
        help="archive sizes of the memory table, comma-separated (default 1000,10000,100000)",
    )
    parser.add_argument("--seed", type=int, default=1, help="the seed of the in-process corpora")
    parser.add_argument("--seeds", help="the headline's seeds, comma-separated (default 1,2,3; quick 1)")
    parser.add_argument("--sizes", help="the headline's games a corpus, comma-separated (default 300,1000)")
    parser.add_argument("--headline-pairs", type=int, help="the headline's rounds a corpus (default 2)")
    parser.add_argument("--requests", type=int, help="API requests (default 300; quick 20)")
    parser.add_argument("--out", type=Path, default=HERE / "out", help="where corpora and archives are kept")
    parser.add_argument("--json", type=Path, help="where the figures go (default OUT/results.json)")
    parser.add_argument(
        "--profile",
        nargs="?",
        const="caliente-4p",
        metavar="CORPUS",
        help="print where the check time goes, over the Caliente corpus or the one named "
        "(samba-4p, hand-and-foot-4p, classic-4p, hoyle-2p ...)",
    )
    args = parser.parse_args()
    quick = args.quick
    args.games = args.games or (12 if quick else 1000)
    args.pairs = args.pairs or (2 if quick else 5)
    args.requests = args.requests or (20 if quick else 300)
    args.scale = args.scale or ([args.games, 4 * args.games] if quick else [1000, 10_000, 100_000])
    args.per_file = 4 if quick else 25
    args.json = args.json or args.out / "results.json"
    return args


def mark(ratio: float) -> str:
    return f"[green]{ratio:.2f}[/]" if ratio >= TARGET else f"[red]{ratio:.2f}[/]"


def spread_text(spread: Spread, digits: int = 2) -> str:
    return f"{mark(spread.median)} ({spread.low:.{digits}f} to {spread.high:.{digits}f})"


def compare_families(corpora: list[Corpus], chess: ChessCorpus, pairs: int) -> dict[str, dict[str, Paired]]:
    """Each family's corpus checked in pairs with python-chess, cold and then warm."""
    results = {}
    for _, _, name, key, _ in FAMILIES:
        corpus = next((c for c in corpora if c.name.startswith(name + "-")), None)
        if corpus is None:
            continue
        work = Work(lambda path=corpus.path: full_check(path), corpus.actions, corpus.size)
        arbiter.forget()
        cold_once = cpu_seconds(work.run)
        cold = paired(chess.calibrated(cold_once), work, pairs, before_arbiter=arbiter.forget)
        warm_once = cpu_seconds(work.run)  # after the last cold run: warm
        warm = paired(chess.calibrated(warm_once), work, pairs)
        results[key] = {"cold": cold, "warm": warm}
    return results


def throughput(corpora: list[Corpus], families: dict[str, dict[str, Paired]], runs: int) -> list[dict[str, Any]]:
    """Parse-only and check actions/s of every corpus, each run cold (CPU time, the median): the
    family corpora's check times are their cold paired runs."""
    by_name = {name: key for _, _, name, key, _ in FAMILIES}
    rows = []
    for corpus in corpora:
        key = next((k for name, k in by_name.items() if corpus.name.startswith(name + "-")), None)
        parse = Spread.of([_cold(lambda path=corpus.path: parse_only(path)) for _ in range(runs)])
        if key in families:
            check_seconds = Spread.of(list(families[key]["cold"].arbiter_seconds))
        else:
            check_seconds = Spread.of([_cold(lambda path=corpus.path: full_check(path)) for _ in range(runs)])
        rows.append(
            {
                "corpus": corpus.name,
                "games": corpus.games,
                "actions": corpus.actions,
                "bytes": corpus.size,
                "bytes_per_action": corpus.size / corpus.actions,
                "parse_actions_per_s": corpus.actions / parse.median,
                "check_actions_per_s": corpus.actions / check_seconds.median,
                "check_lines_per_s": corpus.turn_lines / check_seconds.median,
                "check_games_per_s": corpus.games / check_seconds.median,
                "check_mb_per_s": corpus.size / 1e6 / check_seconds.median,
                "parse_share": parse.median / check_seconds.median,
            }
        )
    return rows


def _cold(run: Callable[[], object]) -> float:
    arbiter.forget()
    return cpu_seconds(run)


def archive_rounds(folder: Path, actions: int, chess: ChessCorpus, rounds: int, jobs: int) -> dict[str, Any]:
    """`arbiter check` over the archive with one job, N jobs and a local cluster of N workers,
    round after round, each round opened by python-chess (wall time for all: several processes
    work; every run is a fresh process, start-up included)."""
    files = sum(1 for _ in folder.glob("*.acn"))
    command = {
        "jobs_1": scaling.check_command(folder, "json", 1),
        "jobs_n": scaling.check_command(folder, "json", jobs),
        "cluster": scaling.cluster_command(folder, "json", jobs),
    }
    seconds: dict[str, list[float]] = {"chess": [], **{key: [] for key in command}}
    one_job = wall_seconds(lambda: scaling.measured(command["jobs_1"]))
    chess_work = chess.calibrated(one_job, clock=wall_seconds)
    for _ in range(rounds):
        seconds["chess"].append(wall_seconds(chess_work.run))
        for key, argv in command.items():
            seconds[key].append(scaling.measured(argv).seconds)
    seconds["chess"].append(wall_seconds(chess_work.run))
    around = [(a + b) / 2 for a, b in itertools.pairwise(seconds["chess"])]
    chess_rates = [chess_work.units / t for t in around]
    figures: dict[str, Any] = {"files": files, "jobs": jobs, "seconds": seconds}
    for key in command:
        figures[f"speed_up_{key}"] = Spread.of([a / b for a, b in zip(seconds["jobs_1"], seconds[key], strict=True)])
        rates = [actions / t for t in seconds[key]]
        figures[f"ratio_{key}"] = Spread.of([r / c for r, c in zip(rates, chess_rates, strict=True)])
    figures["chess_moves_per_s"] = Spread.of(chess_rates)
    return figures


def scale_table(
    files: list[Path], per_file: int, sizes: list[int], out: Path, jobs: int, rows: list[dict[str, Any]]
) -> None:
    """Append a row to `rows` as each archive size and output is measured (saved as it goes: the
    largest archives take long)."""
    for games in sizes:
        folder = scaling.repeated_archive(files, per_file, games, out)
        run = scaling.library_run(folder)
        rows.append({"games": games, "output": "library", "jobs": 1, "seconds": run.seconds, "rss_kib": run.rss_kib})
        for output_format in FORMATS:
            run = scaling.measured(scaling.check_command(folder, output_format, jobs))
            rows.append(
                {"games": games, "output": output_format, "jobs": jobs, "seconds": run.seconds, "rss_kib": run.rss_kib}
            )


class Figures(dict[str, Any]):
    """The figures of the run, written to the JSON file after each part of the run, so that a run
    stopped early keeps what it measured (`complete` says whether it ran to the end)."""

    def __init__(self, path: Path, meta: dict[str, Any]) -> None:
        super().__init__(meta=meta, complete=False)
        self.path = path

    def save(self, **parts: Any) -> None:
        self.update(parts)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.path.write_text(json.dumps(self, indent=2) + "\n", encoding="utf-8")


def main() -> None:
    args = settings()
    from rich.console import Console
    from rich.table import Table

    from arbiter.archive.inputs import BATCH_GC_THRESHOLD
    from arbiter.compiled import compiled_modules

    gc.set_threshold(*BATCH_GC_THRESHOLD)  # as `arbiter check` runs
    console = Console(width=160)
    compiled = sorted(compiled_modules())
    build = "compiled" if compiled else "pure"
    console.print(f"the arbiter as importable here: {build} ({len(compiled)} modules compiled with mypyc, setup.py)")
    headline_argv = ["--out", str(args.out), "--json", str(args.json.with_name("headline.json"))]
    headline_argv += ["--quick"] if args.quick else []
    for flag, value in (("--seeds", args.seeds), ("--sizes", args.sizes), ("--pairs", args.headline_pairs)):
        headline_argv += [flag, str(value)] if value else []
    console.print("the headline: every run a fresh process (bench/headline.py) ...")
    headline_figures = headline.measure(headline.settings(headline_argv))
    console.print(headline.report(headline_figures), markup=False, highlight=False)
    console.print(f"building corpora (seed {args.seed}) in {args.out} ...")
    corpora = build_corpora(args.out, args.games, args.seed)
    chess = chess_corpus(max(20, args.games // 5), args.seed)
    parse_only(corpora[-1].path)  # load the grammar once, outside the timings
    chess.read()  # and python-chess's modules
    console.print(
        f"python-chess corpus: {chess.games:,} random legal games, {chess.moves:,} moves, "
        f"{chess.size / chess.moves:.1f} bytes of PGN per move"
    )
    meta = {
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "python": platform.python_version(),
        "compiled": compiled,
        "build": build,
        "cpus": os.cpu_count(),
        "load_average": list(os.getloadavg()),
        "quick": args.quick,
        "games": args.games,
        "pairs": args.pairs,
        "jobs": args.jobs,
        "seed": args.seed,
        "target": TARGET,
    }
    figures = Figures(args.json, meta)
    figures.save(headline=headline_figures)
    figures.save(chess={"games": chess.games, "moves": chess.moves, "bytes": chess.size})

    families = compare_families(corpora, chess, args.pairs)
    figures.save(families={key: {how: p.to_dict() for how, p in both.items()} for key, both in families.items()})
    table = Table(
        title=f"in one process (not the headline: higher, see docs/performance.md), CPU time: {args.pairs} arbiter "
        "runs, each between two python-chess runs; the median ratio (lowest to highest)"
    )
    for column in (
        "family",
        "bytes/action",
        "cold, per action",
        "cold, per byte",
        "warm, per action",
        "warm, per byte",
    ):
        table.add_column(column, justify="right")
    rows_by_name = {c.name: c for c in corpora}
    for _, _, name, key, title in FAMILIES:
        if key not in families:
            continue
        corpus = next(c for n, c in rows_by_name.items() if n.startswith(name + "-"))
        cold, warm = families[key]["cold"], families[key]["warm"]
        table.add_row(
            title,
            f"{corpus.size / corpus.actions:.1f}",
            spread_text(cold.per_action),
            spread_text(cold.per_byte),
            spread_text(warm.per_action),
            spread_text(warm.per_byte),
        )
    console.print(table)
    console.print(
        f"units: per action = the arbiter's actions/s over python-chess's moves/s (a chess move is "
        f"{chess.size / chess.moves:.1f} bytes of PGN); per byte = record bytes/s over PGN bytes/s. "
        f"Cold: every memory forgotten (arbiter.forget) before each run; warm: the corpus checked just before. "
        f"The target ({TARGET:g}x per action) is judged by the headline above."
    )

    rows = throughput(corpora, families, 1 if args.quick else 3)
    figures.save(throughput=rows)
    table = Table(title="throughput, one process, CPU time, the median of cold runs")
    for column in ("corpus", "games", "actions", "bytes/action", "parse actions/s", "check actions/s", "check games/s"):
        table.add_column(column, justify="right")
    table.add_column("parse share", justify="right")
    for row in rows:
        table.add_row(
            row["corpus"],
            f"{row['games']:,}",
            f"{row['actions']:,}",
            f"{row['bytes_per_action']:.1f}",
            f"{row['parse_actions_per_s']:,.0f}",
            f"{row['check_actions_per_s']:,.0f}",
            f"{row['check_games_per_s']:,.1f}",
            f"{row['parse_share']:.0%}",
        )
    console.print(table)

    main_corpus = corpora[0]
    folder = split_archive(main_corpus, per_file=args.per_file)
    console.print(f"the archive: {main_corpus.games:,} games in files of {args.per_file}, checked end to end ...")
    archive = archive_rounds(folder, main_corpus.actions, chess, args.pairs, args.jobs)
    one_game = split_archive(main_corpus, args.per_file, games=1)
    start_up = scaling.measured(scaling.cluster_command(one_game, "json", args.jobs)).seconds
    archive["cluster_start_up_s"] = start_up
    archive["client_games_per_s"] = client_games_per_second(folder)
    figures.save(archive={k: v.to_dict() if isinstance(v, Spread) else v for k, v in archive.items()})
    table = Table(
        title=f"the archive through `arbiter check --format json`, wall time, {args.pairs} rounds "
        "(python-chess, --jobs 1, --jobs N, a local cluster), each a fresh process"
    )
    for column in ("run", "seconds (median)", "speed-up over --jobs 1", "per action, to python-chess"):
        table.add_column(column, justify="right")
    for key, label in (("jobs_1", "--jobs 1"), ("jobs_n", f"--jobs {args.jobs}"), ("cluster", f"local:{args.jobs}")):
        table.add_row(
            label,
            f"{Spread.of(archive['seconds'][key]).median:.2f}",
            archive[f"speed_up_{key}"].text(),
            archive[f"ratio_{key}"].text(),
        )
    console.print(table)
    console.print(
        f"the cluster starts and stops in {start_up:.1f} s (a run over one game); its client alone "
        f"(cutting, unpickling, rendering JSON) takes {archive['client_games_per_s']:,.0f} games/s"
    )

    languages = language_pairs(folder, args.pairs)
    figures.save(languages={fmt: spread.to_dict() for fmt, spread in languages.items()})
    table = Table(
        title=f"the archive through `arbiter check --jobs 1` in Spanish and in English, one process, CPU time: "
        f"{args.pairs} Spanish runs, each between two English runs; Spanish time over English (lowest to highest)"
    )
    for column in ("format", "es / en", f"within {LIMIT - 1:.0%}"):
        table.add_column(column, justify="right")
    for output_format, spread in languages.items():
        table.add_row(output_format, spread.text(3), "yes" if spread.median <= LIMIT else "[red]no[/]")
    console.print(table)

    median, p99 = api_latency(main_corpus.path, args.requests)
    console.print(
        f"API, one typical game (Flask test client): median {median * 1000:.1f} ms, "
        f"p99 {p99 * 1000:.1f} ms over {args.requests} requests"
    )

    figures.save(api_ms={"median": median * 1000, "p99": p99 * 1000, "requests": args.requests})

    console.print("memory at scale ...")
    scale: list[dict[str, Any]] = []
    figures["scale"] = scale  # filled in as it is measured
    try:
        scale_table(sorted(folder.glob("*.acn")), args.per_file, args.scale, args.out / "scale", args.jobs, scale)
    finally:
        figures.save()
    table = Table(title=f"memory at scale: archives of {main_corpus.name} files repeated, wall time and peak RSS")
    for column in ("games", "output", "jobs", "seconds", "peak RSS MiB"):
        table.add_column(column, justify="right")
    for row in scale:
        table.add_row(
            f"{row['games']:,}",
            row["output"],
            str(row["jobs"]),
            f"{row['seconds']:.1f}",
            f"{row['rss_kib'] / 1024:.1f}",
        )
    console.print(table)

    if args.profile:
        chosen = [c for c in corpora if c.name.startswith(args.profile + "-")] or [main_corpus]
        arbiter.forget()
        console.print(f"profile of the check of {chosen[0].name}:")
        console.print(profile(chosen[0].path, 25), markup=False, highlight=False)

    figures.save(complete=True)
    console.print(f"figures written to {args.json}")


if __name__ == "__main__":
    main()
