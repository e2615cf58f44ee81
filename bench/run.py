"""How fast a tournament archive is certified: `make bench` (see docs/performance.md).

In one process, on one machine, it measures and prints:
  - parse-only and full-check throughput over a seeded corpus of simulated Caliente games
    (actions/s, turn lines/s, games/s, MB/s), plus smaller corpora for the other table sizes
    and one per other family judged, of as many games as Caliente's (FAMILIES);
  - peak RSS for the corpus and for one ten times larger (each in a fresh process: reading
    streams game by game, so memory must not grow with the corpus);
  - the time to check one typical game through the API (Flask test client, median and p99);
  - the archive end to end through `arbiter check --jobs 1`, `--jobs 2` and `--scheduler local:2`;
  - python-chess reading and validating a PGN corpus of random legal games, in moves/s, and the
    ratio of our full-check actions/s to its moves/s, for Caliente and for each other family
    judged: Samba, Hand & Foot and classic at four players, Hoyle two-hand at two.

An "action" is one thing a player does or the dealer deals: a deal line, the up card, a draw, a
take, a meld, an addition, a discard, a Bonus card laid, an ask, a pass, going out.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import io
import itertools
import json
import pickle
import pstats
import random
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

import arbiter  # noqa: E402
from arbiter.notation import forget_lines, parse  # noqa: E402

OUT = HERE / "out"
# Each other family judged: its corpus (as many games as Caliente's four-player corpus, so its
# lines recur about as often), whose ratio to python-chess is printed on its own line and written to
# the JSON as `<key>_ratio`. (family, players, corpus name, JSON key, title)
FAMILIES = (
    ("samba", 4, "samba-4p", "samba", "Samba"),
    ("hand-and-foot", 4, "hand-and-foot-4p", "hand_and_foot", "Hand & Foot"),
    ("classic", 4, "classic-4p", "classic", "classic"),
    ("hoyle", 2, "hoyle-2p", "hoyle", "Hoyle two-hand"),
)
SAMBA = FAMILIES[0][2]  # the Samba corpus


@dataclass
class Corpus:
    name: str
    path: Path
    games: int
    actions: int
    turn_lines: int
    size: int


def count(path: Path) -> Corpus:
    games = actions = turn_lines = 0
    with path.open("rb") as stream:
        for parsed in parse(stream):
            games += 1
            for hand in parsed.game.hands:
                turns = (*hand.setup_turns, *hand.turns)
                turn_lines += len(turns)
                actions += len(hand.deals) + len(hand.feet) + (hand.up is not None) + sum(len(t.actions) for t in turns)
    return Corpus(path.stem, path, games, actions, turn_lines, path.stat().st_size)


def build_corpora(games: int, seed: int) -> list[Corpus]:
    from corpus import write_corpus  # bench/corpus.py, the saved corpus generator

    OUT.mkdir(exist_ok=True)
    specs = [("caliente-4p", "caliente", 4, {}, games)]
    specs += [(f"caliente-{n}p", "caliente", n, {}, max(50, games // 10)) for n in (2, 3, 5, 6)]
    specs += [("caliente-6p-three-packs", "caliente", 6, {"three-packs": True}, max(50, games // 10))]
    specs += [(name, rules, players, {}, games) for rules, players, name, _, _ in FAMILIES]
    corpora = []
    for name, rules, players, options, n in specs:
        path = OUT / f"{name}-{n}-seed{seed}.acn"
        if not path.exists():
            try:
                write_corpus(path, rules=rules, players=players, options=options, games=n, seed=seed)
            except Exception as error:  # a table size the simulator does not play yet
                print(f"  (skipping {name}: {error})", file=sys.stderr)
                path.unlink(missing_ok=True)
                continue
        corpora.append(count(path))
    return corpora


def timed(function, *args) -> float:  # type: ignore[no-untyped-def]
    gc.collect()
    start = time.perf_counter()
    function(*args)
    return time.perf_counter() - start


def parse_only(path: Path) -> None:
    with path.open("rb") as stream:
        for _ in parse(stream):
            pass


def full_check(path: Path) -> None:
    with path.open("rb") as stream:
        for ruling in arbiter.check(stream):
            if ruling.verdict != "valid":
                raise SystemExit(f"{path}: game {ruling.index} is {ruling.verdict}: {ruling.findings[:1]}")


def split_archive(corpus: Corpus, per_file: int, games: int | None = None) -> Path:
    """The corpus (its first `games` games) as a tournament archive: a folder of files of
    `per_file` games each."""
    folder = OUT / f"{corpus.path.stem}-archive{'' if games is None else f'-{games}'}"
    if not folder.exists():
        folder.mkdir()
        texts = list(itertools.islice(_games_text(corpus.path), games))
        for start in range(0, len(texts), per_file):
            name = f"round-{start // per_file + 1:03}.acn"
            (folder / name).write_text("".join(texts[start : start + per_file]), encoding="utf-8")
    return folder


def archive_seconds(folder: Path, *how: str) -> float:
    """Wall time of `arbiter check --jobs N` (or `--scheduler local:N`, a Dask cluster started
    for the run) over the archive, as a tournament director runs it."""
    arbiter_command = Path(sys.executable).parent / "arbiter"
    command = [str(arbiter_command), "check", "--format", "json", *how, str(folder)]
    best = float("inf")
    for _ in range(3):  # the best of three: the machine is shared
        start = time.perf_counter()
        done = subprocess.run(command, capture_output=True, text=True)
        best = min(best, time.perf_counter() - start)
        if done.returncode != 0:
            raise SystemExit(f"arbiter check failed on the archive: {done.stderr[:500]}")
    return best


def client_games_per_second(folder: Path) -> float:
    """What the client of a cluster can take per second, however many workers check: cutting the
    records into pieces, unpickling the reports the workers send back, rendering them as JSON.
    The archive's games over that time (the checking itself is not in it)."""
    from rich.console import Console

    from arbiter_cli import cluster, inputs
    from arbiter_cli.formats import RENDERERS
    from arbiter_cli.tally import Tally

    tasks = inputs.collect((str(folder),), lambda: b"")
    reports = list(inputs.run(tasks, None, {}, 1))
    games = sum(len(report.games) for report in reports)
    sent_back = [pickle.dumps([report]) for report in reports]

    def client_side() -> None:
        for _ in cluster.pieces(tasks):
            pass
        renderer, tally = RENDERERS["json"](io.StringIO(), Console(file=io.StringIO()), False), Tally()
        for blob in sent_back:
            (report,) = pickle.loads(blob)
            tally.add(report)
            renderer.file(report)
        renderer.finish(tally)

    client_side()
    return games / timed(client_side)


def peak_rss(path: Path, copies: int) -> int:
    """Peak RSS in KiB of a fresh process checking `copies` concatenations of the corpus."""
    code = (
        "import sys, resource, itertools, io\n"
        f"sys.path.insert(0, {str(HERE.parent)!r})\n"
        "import arbiter\n"
        "class Repeat(io.RawIOBase):\n"
        "    def __init__(self, path, n): self.path, self.n, self.f = path, n, open(path, 'rb')\n"
        "    def readable(self): return True\n"
        "    def readinto(self, b):\n"
        "        data = self.f.read(len(b))\n"
        "        while not data and self.n > 1:\n"
        "            self.n -= 1; self.f.close(); self.f = open(self.path, 'rb'); data = self.f.read(len(b))\n"
        "        b[:len(data)] = data; return len(data)\n"
        f"stream = io.BufferedReader(Repeat({str(path)!r}, {copies}))\n"
        "games = sum(1 for _ in arbiter.check(stream))\n"
        "print(games, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    return int(out[1])


def api_latency(path: Path, requests: int) -> tuple[float, float]:
    from arbiter_web.factory import create_app

    record = next(_games_text(path))
    client = create_app().test_client()
    times = []
    for _ in range(requests):
        start = time.perf_counter()
        response = client.post("/api/v1/rulings", json={"record": record})
        times.append(time.perf_counter() - start)
        assert response.status_code == 200, response.status_code
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.99) - 1]


def _games_text(path: Path):  # type: ignore[no-untyped-def]
    """The text of each game of a corpus (games start at a tag line after a hand)."""
    game: list[str] = []
    seen_hand = False
    for line in path.read_text(encoding="utf-8").splitlines(keepends=True):
        if line.startswith("[") and seen_hand:
            yield "".join(game)
            game, seen_hand = [], False
        seen_hand = seen_hand or line.startswith("hand ")
        game.append(line)
    if game:
        yield "".join(game)


def chess_moves_per_second(games: int, seed: int) -> tuple[float, int]:
    import chess
    import chess.pgn

    rng = random.Random(seed)
    texts = []
    for _ in range(games):
        board, game = chess.Board(), chess.pgn.Game()
        node = game
        for _ in range(rng.randint(40, 160)):
            moves = list(board.legal_moves)
            if not moves:
                break
            move = rng.choice(moves)
            node = node.add_variation(move)
            board.push(move)
        texts.append(str(game))
    pgn = "\n\n".join(texts)

    def read() -> int:
        stream, moves = io.StringIO(pgn), 0
        while (game := chess.pgn.read_game(stream)) is not None:
            if game.errors:
                raise SystemExit(f"python-chess rejected a game: {game.errors}")
            moves += sum(1 for _ in game.mainline_moves())
        return moves

    moves = read()  # warm up
    elapsed = timed(read)
    return moves / elapsed, moves


def profile(path: Path, top: int) -> str:
    profiler = cProfile.Profile()
    profiler.enable()
    full_check(path)
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(top)
    return out.getvalue()


def cold(function, *args, runs: int = 3) -> float:  # type: ignore[no-untyped-def]
    """Seconds for a run that starts with nothing remembered (no line read before): the best of
    `runs`, as timeit does, since the machine is shared and noisy."""
    best = float("inf")
    for _ in range(runs):
        forget_lines()
        best = min(best, timed(function, *args))
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument(
        "--profile",
        nargs="?",
        const="caliente-4p",
        metavar="CORPUS",
        help="print where the check time goes, over the Caliente corpus or the one named "
        "(samba-4p, hand-and-foot-4p, classic-4p, hoyle-2p ...)",
    )
    parser.add_argument("--json", type=Path, help="also write the figures as JSON")
    args = parser.parse_args()

    from rich.console import Console
    from rich.table import Table

    from arbiter_cli.inputs import BATCH_GC_THRESHOLD

    gc.set_threshold(*BATCH_GC_THRESHOLD)  # as `arbiter check` runs
    console = Console(width=160)
    console.print(f"building corpora (seed {args.seed}) ...")
    corpora = build_corpora(args.games, args.seed)
    parse_only(corpora[-1].path)  # load the grammar once, outside the timings
    table = Table(title="arbiter, one process, best of 3 runs each starting cold (no line remembered)")
    columns = (
        "corpus",
        "games",
        "actions",
        "MB",
        "parse actions/s",
        "check actions/s",
        "check turn lines/s",
        "check games/s",
        "check MB/s",
        "parse share",
    )
    for column in columns:
        table.add_column(column, justify="right")
    results = []
    for corpus in corpora:
        t_parse, t_check = cold(parse_only, corpus.path), cold(full_check, corpus.path)
        row = {
            "corpus": corpus.name,
            "games": corpus.games,
            "actions": corpus.actions,
            "mb": corpus.size / 1e6,
            "parse_actions_per_s": corpus.actions / t_parse,
            "check_actions_per_s": corpus.actions / t_check,
            "check_lines_per_s": corpus.turn_lines / t_check,
            "check_games_per_s": corpus.games / t_check,
            "check_mb_per_s": corpus.size / 1e6 / t_check,
            "parse_share": t_parse / t_check,
        }
        results.append(row)
        table.add_row(
            corpus.name,
            f"{corpus.games:,}",
            f"{corpus.actions:,}",
            f"{row['mb']:.1f}",
            f"{row['parse_actions_per_s']:,.0f}",
            f"{row['check_actions_per_s']:,.0f}",
            f"{row['check_lines_per_s']:,.0f}",
            f"{row['check_games_per_s']:,.1f}",
            f"{row['check_mb_per_s']:.2f}",
            f"{row['parse_share']:.0%}",
        )
    console.print(table)
    main_corpus, main = corpora[0], results[0]

    rss = (peak_rss(main_corpus.path, 1), peak_rss(main_corpus.path, 10))
    console.print(
        f"peak RSS: {rss[0] / 1024:.1f} MiB checking {main_corpus.games:,} games, "
        f"{rss[1] / 1024:.1f} MiB checking {10 * main_corpus.games:,} (x{rss[1] / rss[0]:.2f})"
    )

    median, p99 = api_latency(main_corpus.path, args.requests)
    console.print(
        f"API, one typical game (Flask test client): median {median * 1000:.1f} ms, "
        f"p99 {p99 * 1000:.1f} ms over {args.requests} requests"
    )

    folder = split_archive(main_corpus, per_file=25)
    files = len(list(folder.iterdir()))
    archive = {jobs: main_corpus.actions / archive_seconds(folder, "--jobs", str(jobs)) for jobs in (1, 2)}
    console.print(
        f"archive of {main_corpus.games:,} games in {files} files, `arbiter check --jobs N` end to end: "
        + ", ".join(f"{rate:,.0f} actions/s with {jobs} job{'s' * (jobs > 1)}" for jobs, rate in archive.items())
    )
    cluster_seconds = archive_seconds(folder, "--scheduler", "local:2")
    start_up = archive_seconds(split_archive(main_corpus, per_file=25, games=1), "--scheduler", "local:2")
    cluster = {
        "actions_per_s": main_corpus.actions / cluster_seconds,
        "games_per_s": main_corpus.games / cluster_seconds,
        "start_up_s": start_up,
        "games_per_s_after_start_up": main_corpus.games / (cluster_seconds - start_up),
    }
    console.print(
        f"the same archive through `--scheduler local:2` (a Dask cluster of 2 worker processes, started for the "
        f"run): {cluster['actions_per_s']:,.0f} actions/s, {cluster['games_per_s']:,.0f} games/s in "
        f"{cluster_seconds:.1f} s, of which {start_up:.1f} s start and stop the cluster (a run over one game); "
        f"{cluster['games_per_s_after_start_up']:,.0f} games/s once it runs"
    )
    cluster["client_games_per_s"] = client_games_per_second(folder)
    console.print(
        f"the client of a cluster (cutting records, unpickling reports, rendering JSON) takes "
        f"{cluster['client_games_per_s']:,.0f} games/s: the ceiling however many workers check"
    )

    chess_rate, chess_moves = chess_moves_per_second(max(100, args.games // 5), args.seed)
    console.print(
        f"python-chess: {chess_rate:,.0f} moves/s reading and validating {chess_moves:,} moves of random legal games"
    )
    ratio, archive_ratio = main["check_actions_per_s"] / chess_rate, archive[2] / chess_rate
    family_rows = {
        key: next((r for c, r in zip(corpora, results, strict=True) if c.name.startswith(name + "-")), None)
        for _, _, name, key, _ in FAMILIES
    }
    family_ratios = {
        key: row["check_actions_per_s"] / chess_rate if row is not None else None for key, row in family_rows.items()
    }

    def verdict(ok: bool, word: str = "meets") -> str:
        return f"[green]{word}[/]" if ok else "[red]misses[/]"

    console.print(
        f"ratio, one process: {main['check_actions_per_s']:,.0f} actions/s / {chess_rate:,.0f} moves/s "
        f"= {ratio:.2f} ({verdict(ratio >= 2)} the 2x target)"
    )
    for _, _, _, key, title in FAMILIES:
        row, family_ratio = family_rows[key], family_ratios[key]
        if row is not None and family_ratio is not None:
            console.print(
                f"ratio, {title}, one process: {row['check_actions_per_s']:,.0f} actions/s / {chess_rate:,.0f} "
                f"moves/s = {family_ratio:.2f} ({verdict(family_ratio >= 2)} the 2x target)"
            )
    console.print(
        f"ratio, the archive with --jobs 2: {archive[2]:,.0f} / {chess_rate:,.0f} = {archive_ratio:.2f} "
        f"({verdict(archive_ratio >= 2)} the 2x target)"
    )
    console.print(
        f"parse share of the check time: {main['parse_share']:.0%} "
        f"({verdict(main['parse_share'] <= 0.5, 'within')} the 50% target)"
    )
    if args.profile:
        chosen = [c for c in corpora if c.name.startswith(args.profile + "-")] or [main_corpus]
        forget_lines()
        console.print(f"profile of the check of {chosen[0].name}:")
        console.print(profile(chosen[0].path, 25), markup=False, highlight=False)
    if args.json:
        figures = {
            "corpora": results,
            "rss_kib": rss,
            "api_ms": [median * 1000, p99 * 1000],
            "archive_actions_per_s": archive,
            "archive_local_cluster": cluster,
            "chess_moves_per_s": chess_rate,
            "ratio": ratio,
            **{f"{key}_ratio": family_ratio for key, family_ratio in family_ratios.items()},
            "archive_ratio": archive_ratio,
        }
        args.json.write_text(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
