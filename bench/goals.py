"""Issue 55's figures to reach, in one table: every family against python-chess, conservatively,
and `legal_actions()` at the start of every turn of simulated games (docs/performance.md, "The
figures to reach").

    build/compiled/venv/bin/python bench/goals.py              # the table, about 10 minutes on 2 cores
    build/compiled/venv/bin/python bench/goals.py --pairs 2 --legal-games 1 --families samba,hoyle
    .venv/bin/python bench/goals.py --table bench/out/goals.json   # a run's table again, measuring nothing

Run with the compiled build's interpreter (as `make bench` runs the bench): the compiled column is
whatever `import arbiter` finds there, the pure column a copy of the source without its builds.

For each family, two corpora of simulated games (seeds 11 and 12, `arbiter simulate`'s bots; the
games a corpus chosen so that each holds 40,000 to 80,000 actions, Modern American's few long
games included as they are), and for each corpus `--pairs` rounds. A round, every run a fresh
process (bench/fresh.py) timed in its own CPU time after its start-up: python-chess reads and
validates 200 random legal games; the arbiter checks the corpus compiled with Python's default
collector, as a library user gets it (`arbiter.check`), then with `arbiter check`'s collector
settings, then the Python source alone both ways; the compiled chess validator reads the PGN; and
python-chess again, which opens the next round. Each ratio is actions a second over the moves a
second of the two python-chess runs around it; the validator's is the compiled library check's
actions a second over the validator's moves a second, said as 1/N.

Then, in this process, `legal_actions()` on the position at the start of every turn of
`--legal-games` simulated games of seed 11 per family, each call timed in CPU time, the fastest of
`--repeat` kept: the p99 and the slowest.

The marks (issue 55): compiled at least 8x python-chess, pure at least 4x, the check at 1/16 of the
validator or nearer (the long-run goal 1/10), `legal_actions()` p99 at most 10 ms. A family's
headline is the library's column (Python's default collector: the lower of the two).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT))

from headline import (  # noqa: E402
    CHESS_GAMES,
    FAMILIES,
    build_label,
    build_tree,
    chess_pgn,
    family_corpus,
    pure_tree,
    rate,
    run_fresh,
    rust_available,
)

COMPILED_MARK = 8.0
PURE_MARK = 4.0
VALIDATOR_MARK = 16  # the check at 1/16 of the compiled validator per action, or nearer
VALIDATOR_GOAL = 10  # the long-run goal
LEGAL_MARK_MS = 10.0
SEEDS = (11, 12)
GAMES = {  # games a corpus: 43,000 to 80,000 actions each (seeds 11 and 12), a run within 10 minutes at load 9
    "caliente": 100,
    "samba": 150,
    "hand-and-foot": 50,
    "classic": 100,
    "hoyle": 60,
    "modern-american": 20,
}

# The arbiter's runs of a round: (name, tree, collector settings).
CHECKS = (
    ("compiled", "build", "own"),
    ("compiled_cli", "build", "cli"),
    ("pure", "pure", "own"),
    ("pure_cli", "pure", "cli"),
)
LABELS = {
    "compiled": "compiled, library",
    "compiled_cli": "compiled, CLI",
    "pure": "pure, library",
    "pure_cli": "pure, CLI",
}


def rounds_of(path: Path, chess: Path, trees: dict[str, Path], pairs: int) -> list[dict[str, Any]]:
    """`pairs` rounds over one corpus, python-chess before and after each, every run fresh; the
    python-chess corpus read as many times as it takes to last about as long as the library check."""
    loops = 1
    before = run_fresh("chess", chess, trees["build"], "--loops", str(loops), "--gc", "own")
    rounds = []
    for _ in range(pairs):
        runs = {
            name: run_fresh("check", path, trees[tree], "--gc", collector)
            for name, tree, collector in CHECKS
            if tree in trees
        }
        if rust_available():
            runs["rust"] = run_fresh("rust", chess, trees["build"])
        loops = max(1, round(runs["compiled"]["seconds"] / (before["seconds"] / loops)))
        after = run_fresh("chess", chess, trees["build"], "--loops", str(loops), "--gc", "own")
        rounds.append({"runs": runs, "chess": [before, after]})
        before = after
    return rounds


def ratios(round_: dict[str, Any]) -> dict[str, float]:
    """A round's figures: each check over python-chess, and the validator over the library check."""
    chess = statistics.mean(rate(run) for run in round_["chess"])
    runs = round_["runs"]
    found = {name: rate(runs[name]) / chess for name, _, _ in CHECKS if name in runs}
    if "rust" in runs:
        found["validator_over_check"] = rate(runs["rust"]) / rate(runs["compiled"])
        found["validator_over_chess"] = rate(runs["rust"]) / chess
    return found


def spread(values: list[float]) -> dict[str, float]:
    return {"median": statistics.median(values), "low": min(values), "high": max(values)}


def family_figures(corpora: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Each figure's median, lowest and highest over every pair of the family's corpora, and the
    range of the corpora's own medians."""
    names = corpora[0]["rounds"][0]["figures"]
    out = {}
    for name in names:
        pairs = [r["figures"][name] for c in corpora for r in c["rounds"]]
        medians = [statistics.median(r["figures"][name] for r in c["rounds"]) for c in corpora]
        out[name] = {**spread(pairs), "corpora_low": min(medians), "corpora_high": max(medians)}
    return out


def legal_figures(family: str, games: int, repeat: int) -> dict[str, Any]:
    """`legal_actions()` at the start of every turn of `games` simulated games of seed 11."""
    from legal_actions import timed_calls

    named = turn_starts(family, games, seed=SEEDS[0])
    return timed_calls(named, repeat, 3)


def turn_starts(family: str, games: int, seed: int) -> list[Any]:
    """The positions bench/legal_actions.py's `turn_starts` gives, each game read and checked once
    (`Position.from_record` reads and checks the whole game again for every position: for the long
    Modern American games, minutes)."""
    from legal_actions import TABLES, Named

    import arbiter
    from arbiter import families
    from arbiter.positions.reading import find_game, totals_before
    from arbiter.simulate import simulate_games

    seats, _ = TABLES[family]
    out = []
    for game in simulate_games(family, len(seats), games=games, seed=seed):
        parsed, ruling = find_game(game.text, 1, None, None, arbiter.DEFAULT_LIMITS)
        ruleset = families.get(ruling.rules or "")
        for index, hand in enumerate(parsed.game.hands):
            totals = totals_before(parsed.game, ruling, index)
            for turn in range(1, len(hand.turns) + 1):
                position = arbiter.Position.open(parsed.game, index, ruleset, ruling.options, totals, turn)
                out.append(Named(f"{family}, game {game.index}, hand {hand.number}, turn {turn}", position))
    return out


def measure(args: argparse.Namespace) -> dict[str, Any]:
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    trees = {"build": build_tree()}
    build = build_label(trees["build"])
    if build == "compiled":
        trees["pure"] = pure_tree(out)
    chess = chess_pgn(out, CHESS_GAMES)
    figures: dict[str, Any] = {
        "meta": {
            "date": datetime.now(UTC).isoformat(timespec="seconds"),
            "command": " ".join([interpreter(), "bench/goals.py", *args.argv]),
            "python": platform.python_version(),
            "cpus": os.cpu_count(),
            "load_average": list(os.getloadavg()),
            "build": build,
            "rust_validator": rust_available(),
            "seeds": list(SEEDS),
            "pairs": args.pairs,
            "legal_games": args.legal_games,
            "chess_games": CHESS_GAMES,
        },
        "families": {},
    }
    started = time.monotonic()
    for family, players, key, title in FAMILIES:
        if family not in args.families:
            continue
        corpora = []
        for seed in SEEDS:
            games = max(1, round(GAMES[family] * args.scale))
            corpus = family_corpus(out, family, players, key, games, seed)
            print(f"  {title}, {games:,} games of seed {seed}, {corpus.actions:,} actions ...", file=sys.stderr)
            rounds = rounds_of(corpus.path, chess, trees, args.pairs)
            corpora.append(
                {
                    "seed": seed,
                    "games": games,
                    "actions": corpus.actions,
                    "rounds": [{**r, "figures": ratios(r)} for r in rounds],
                }
            )
        print(f"  {title}: legal_actions() over {args.legal_games} simulated game(s) ...", file=sys.stderr)
        figures["families"][key] = {
            "title": title,
            "figures": family_figures(corpora),
            "legal_actions": legal_figures(family, args.legal_games, args.repeat),
            "corpora": corpora,
        }
        figures["meta"]["load_average_end"] = list(os.getloadavg())
        figures["meta"]["minutes"] = (time.monotonic() - started) / 60
        save(args.json, figures)
    return figures


def interpreter() -> str:
    """This interpreter as the command was typed: relative to the checkout where it lies in it."""
    python = Path(sys.executable)
    return str(python.relative_to(ROOT)) if python.is_relative_to(ROOT) else str(python)


def save(path: Path, figures: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")


def cell(figure: dict[str, float], mark: float | None = None) -> str:
    short = " (short)" if mark is not None and figure["median"] < mark else ""
    return f"{figure['median']:.2f} ({figure['low']:.2f}-{figure['high']:.2f}){short}"


def table(figures: dict[str, Any]) -> str:
    """The Markdown table: each family's ratios to python-chess (median over every pair, the
    lowest and highest pair), where the check stands against the validator, legal_actions' p99."""
    meta = figures["meta"]
    shown = [name for name, _, _ in CHECKS if any(name in f["figures"] for f in figures["families"].values())]
    labels = (
        LABELS if meta["build"] == "compiled" else {**LABELS, "compiled": "pure, library", "compiled_cli": "pure, CLI"}
    )
    marks = {"compiled": COMPILED_MARK if meta["build"] == "compiled" else PURE_MARK, "pure": PURE_MARK}
    header = [labels[name] for name in shown] + ["check / validator", "legal_actions() p99, slowest"]
    lines = [
        "| family | " + " | ".join(header) + " |",
        "|---|" + "---:|" * len(header),
    ]
    for family in figures["families"].values():
        found = family["figures"]
        cells = [cell(found[name], marks.get(name)) for name in shown]
        if "validator_over_check" in found:
            v = found["validator_over_check"]
            short = " (short)" if v["median"] > VALIDATOR_MARK else ""
            cells.append(f"1/{v['median']:.0f} (1/{v['low']:.0f}-1/{v['high']:.0f}){short}")
        else:
            cells.append("not installed")
        legal = family["legal_actions"]
        short = " (short)" if legal["p99_ms"] > LEGAL_MARK_MS else ""
        cells.append(f"{legal['p99_ms']:.1f} ms, {legal['max_ms']:.1f} ms ({legal['positions']:,} positions){short}")
        lines.append(f"| {family['title']} | " + " | ".join(cells) + " |")
    corpora = "; ".join(
        f"{family['title']} "
        + " and ".join(
            f"{c['games']} games of seed {c['seed']} ({c['actions']:,} actions, {c['actions'] / c['games']:,.0f} a game)"
            for c in family["corpora"]
        )
        for family in figures["families"].values()
    )
    load = meta["load_average"]
    end = meta.get("load_average_end", load)
    lines += [
        "",
        f"`{meta['command'].strip()}` on {meta['date']}, build {meta['build']}, Python {meta['python']}, {meta['cpus']} CPUs, "
        f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} as it began and {end[0]:.2f} {end[1]:.2f} "
        f"{end[2]:.2f} as it ended, {meta.get('minutes', 0):.1f} minutes. Each ratio: actions a second over "
        f"python-chess's moves a second ({CHESS_GAMES} random legal games), the median over "
        f"{meta['pairs']} pair{'s' if meta['pairs'] != 1 else ''} of each of the family's corpora (the lowest and highest "
        "pair); "
        f"marks {COMPILED_MARK:g}x compiled, {PURE_MARK:g}x pure (the library's columns), 1/{VALIDATOR_MARK} of the "
        f"validator, {LEGAL_MARK_MS:g} ms; (short) where a figure misses its mark. Corpora: {corpora}. "
        f"legal_actions(): every turn's start of {meta['legal_games']} simulated game(s) of seed {SEEDS[0]}, "
        "CPU time, the fastest of the repeats.",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--families", type=lambda t: t.split(","), help="family names, comma-separated (default all)")
    parser.add_argument("--pairs", type=int, default=3, help="rounds a corpus (default 3)")
    parser.add_argument("--scale", type=float, default=1.0, help="the games a corpus, times this")
    parser.add_argument("--legal-games", type=int, default=1, help="simulated games for legal_actions() (default 1)")
    parser.add_argument("--repeat", type=int, default=3, help="times each legal_actions() call is timed (default 3)")
    parser.add_argument("--out", type=Path, default=HERE / "out", help="where corpora are kept")
    parser.add_argument("--json", type=Path, help="where the figures go (default OUT/goals.json)")
    parser.add_argument("--table", type=Path, metavar="JSON", help="print a run's table from its JSON, measure nothing")
    args = parser.parse_args(argv)
    if args.table:
        print(table(json.loads(args.table.read_text(encoding="utf-8"))))
        return
    args.argv = list(sys.argv[1:] if argv is None else argv)
    args.families = args.families or [family for family, *_ in FAMILIES]
    args.json = args.json or args.out / "goals.json"
    figures = measure(args)
    print(table(figures))
    print(f"figures written to {args.json}")


if __name__ == "__main__":
    main()
