"""The headline figures: the arbiter against python-chess, each run a fresh process, over several
corpora of each family, with the two anchors of the limit beside them (docs/performance.md).

    python bench/headline.py                                  # 3 seeds x 300 and 1,000 games a family
    python bench/headline.py --families samba --seeds 1 --sizes 300 --pairs 3
    python bench/headline.py --quick                          # tiny corpora, for the tests
    python bench/headline.py --markdown bench/out/headline.json   # a run's tables, as docs/performance.md shows them
    python bench/headline.py --markdown A.json B.json             # several runs' corpora in one set of tables

For each corpus (a family, a seed, a size), `--pairs` rounds, each opened by python-chess and the
last one closed by it: python-chess reads and validates its PGN corpus, then the arbiter checks the
corpus with the build importable here (compiled with mypyc, or the source if there is none), the
Python source alone checks it (a copy of the tree without its builds), the arbiter reads it only,
the split floor cuts it into lines, actions and words, and the compiled chess validator reads the
PGN corpus; then python-chess again. Every run is its own process (bench/fresh.py), timed in its
own CPU time after its start-up, with its own default collector settings (the arbiter's those of
`arbiter check`). A check's ratio is its actions a second over the moves a second of the two
python-chess runs around it; the anchors' fractions are taken within the round.

The spread is shown twice: across the pairs of all of a family's corpora, and across corpora (each
corpus's median). The figures are also written as JSON (OUT/headline.json unless --json says).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
FRESH = HERE / "fresh.py"
TARGET = 3.0  # every family, compiled, per action against python-chess
PURE_TARGET = 2.5  # the Python source alone
CHESS_GAMES = 200  # random legal games in python-chess's corpus, seed 1

# (family, players, JSON key, title): the six families judged.
FAMILIES = (
    ("caliente", 4, "caliente", "Caliente"),
    ("samba", 4, "samba", "Samba"),
    ("hand-and-foot", 4, "hand_and_foot", "Hand & Foot"),
    ("classic", 4, "classic", "classic"),
    ("hoyle", 2, "hoyle", "Hoyle two-hand"),
    ("modern-american", 4, "modern_american", "Modern American"),
)


@dataclass(frozen=True)
class Corpus:
    family: str  # the JSON key
    seed: int
    games: int
    path: Path
    actions: int


@dataclass(frozen=True)
class Spread:
    median: float
    low: float
    high: float

    @classmethod
    def of(cls, values: list[float]) -> Spread:
        return cls(statistics.median(values), min(values), max(values))

    def text(self, digits: int = 2) -> str:
        return f"{self.median:.{digits}f} ({self.low:.{digits}f}-{self.high:.{digits}f})"


def run_fresh(kind: str, path: Path, tree: Path, *extra: str) -> dict[str, Any]:
    """One run of bench/fresh.py in a new process, importing the arbiter from `tree`."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run(
        [sys.executable, str(FRESH), kind, str(path), *extra], env=env, capture_output=True, text=True, cwd=tree
    )
    if done.returncode != 0:
        raise SystemExit(f"bench/fresh.py {kind} {path} failed:\n{done.stderr[-2000:]}{done.stdout[-500:]}")
    return json.loads(done.stdout.splitlines()[-1])


def rate(run: dict[str, Any]) -> float:
    return run["units"] / run["seconds"]


def pure_tree(out: Path) -> Path:
    """A copy of the arbiter's source without its builds, made again each run."""
    tree = out / "pure-tree"
    shutil.rmtree(tree, ignore_errors=True)
    for name in ("arbiter", "grammar"):
        shutil.copytree(ROOT / name, tree / name, ignore=shutil.ignore_patterns("*.so", "__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tree)
    return tree


def write_sidecar(path: Path, figures: dict[str, Any]) -> None:
    path.with_suffix(path.suffix + ".json").write_text(json.dumps(figures) + "\n", encoding="utf-8")


def family_corpus(out: Path, family: str, players: int, key: str, games: int, seed: int) -> Corpus:
    """A family's corpus of `games` simulated games of `seed`, made once and kept in `out`."""
    from corpus import write_corpus  # bench/corpus.py
    from workloads import count

    path = out / f"{family}-{players}p-{games}-seed{seed}.acn"
    sidecar = path.with_suffix(".acn.json")
    while path.with_name(path.name + ".partial").exists():  # another bench is writing it
        time.sleep(5)
    if not path.exists():
        write_corpus(path, rules=family, players=players, options={}, games=games, seed=seed)
    if not sidecar.exists():
        counted = count(path)
        write_sidecar(path, {"games": counted.games, "actions": counted.actions, "bytes": counted.size})
    actions = json.loads(sidecar.read_text(encoding="utf-8"))["actions"]
    return Corpus(key, seed, games, path, actions)


def chess_pgn(out: Path, games: int) -> Path:
    """python-chess's corpus: `games` random legal games (seed 1), a blank line between games."""
    path = out / f"chess-{games}-seed1.pgn"
    if not path.exists():
        from paired import chess_corpus

        corpus = chess_corpus(games, 1)
        path.write_text(corpus.pgn.replace("\n\n[", "\n\n\n[") + "\n", encoding="utf-8")
        write_sidecar(path, {"games": games, "moves": corpus.moves})
    return path


@dataclass
class Round:
    """The runs of one round, by name; `chess` holds the python-chess runs around it."""

    runs: dict[str, dict[str, Any]] = field(default_factory=dict)
    chess: list[dict[str, Any]] = field(default_factory=list)

    @property
    def chess_rate(self) -> float:
        return statistics.mean(rate(run) for run in self.chess)

    def figures(self) -> dict[str, float]:
        """The round's ratios: against python-chess, and the anchors' fractions."""
        found = {}
        check = self.runs.get("check")
        if check:
            found["check"] = rate(check) / self.chess_rate
            # the same, each process's start-up counted in (the way `time` would measure both)
            chess_whole = statistics.mean(run["units"] / (run["seconds"] + run["start_up"]) for run in self.chess)
            found["check_whole_process"] = check["units"] / (check["seconds"] + check["start_up"]) / chess_whole
        if "pure" in self.runs:
            found["pure"] = rate(self.runs["pure"]) / self.chess_rate
            if check:
                found["compiled_over_pure"] = rate(check) / rate(self.runs["pure"])
        if "split" in self.runs:
            split = rate(self.runs["split"])
            found["split_vs_chess"] = split / self.chess_rate
            if check:
                found["check_of_split"] = rate(check) / split
            if "read" in self.runs:
                found["read_of_split"] = rate(self.runs["read"]) / split
        if "rust" in self.runs:
            found["rust_vs_chess"] = rate(self.runs["rust"]) / self.chess_rate
            if check:
                found["check_of_rust"] = rate(check) / rate(self.runs["rust"])
        return found


def rounds_of(corpus: Corpus, chess: Path, trees: dict[str, Path], pairs: int, anchors: bool) -> list[Round]:
    """`pairs` rounds over one corpus, python-chess before and after each, every run fresh. The
    python-chess corpus is read as many times as it takes to last about as long as a check."""
    loops, rounds = 1, []
    before = run_fresh("chess", chess, trees["build"], "--loops", str(loops))
    for _ in range(pairs):
        done = Round(chess=[before])
        done.runs["check"] = run_fresh("check", corpus.path, trees["build"])
        if "pure" in trees:
            done.runs["pure"] = run_fresh("check", corpus.path, trees["pure"])
        if anchors:
            done.runs["read"] = run_fresh("read", corpus.path, trees["build"])
            done.runs["split"] = run_fresh("split", corpus.path, trees["build"])
            if rust_available():
                done.runs["rust"] = run_fresh("rust", chess, trees["build"])
        per_loop = before["seconds"] / loops
        loops = max(1, round(done.runs["check"]["seconds"] / per_loop))
        before = run_fresh("chess", chess, trees["build"], "--loops", str(loops))
        done.chess.append(before)
        rounds.append(done)
    return rounds


def rust_available() -> bool:
    from importlib.util import find_spec

    return find_spec("rust_pgn_reader_python_binding") is not None


def summary(per_corpus: list[tuple[Corpus, list[Round]]]) -> dict[str, dict[str, Any]]:
    """For each family and figure: the spread over every pair, and over the corpora's medians."""
    families: dict[str, dict[str, Any]] = {}
    for corpus, rounds in per_corpus:
        family = families.setdefault(corpus.family, {"pairs": {}, "corpora": {}})
        for round_ in rounds:
            for name, value in round_.figures().items():
                family["pairs"].setdefault(name, []).append(value)
        for name in rounds[0].figures():
            corpus_median = statistics.median(r.figures()[name] for r in rounds)
            family["corpora"].setdefault(name, []).append(corpus_median)
    return {
        key: {
            name: {"pairs": Spread.of(values).__dict__, "corpora": Spread.of(family["corpora"][name]).__dict__}
            for name, values in family["pairs"].items()
        }
        for key, family in families.items()
    }


def settings(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ints = lambda text: [int(n) for n in text.split(",")]  # noqa: E731
    parser.add_argument("--families", type=lambda t: t.split(","), help="family names, comma-separated (default all)")
    parser.add_argument("--seeds", type=ints, help="corpus seeds (default 1,2,3)")
    parser.add_argument("--sizes", type=ints, help="games a corpus (default 300,1000)")
    parser.add_argument("--pairs", type=int, help="rounds a corpus (default 2)")
    parser.add_argument("--no-pure", action="store_true", help="leave the Python source alone out")
    parser.add_argument("--no-anchors", action="store_true", help="leave the split floor and the validator out")
    parser.add_argument("--quick", action="store_true", help="tiny corpora, one seed, two pairs (for the tests)")
    parser.add_argument("--out", type=Path, default=HERE / "out", help="where corpora are kept")
    parser.add_argument("--json", type=Path, help="where the figures go (default OUT/headline.json)")
    parser.add_argument(
        "--markdown",
        type=Path,
        nargs="+",
        metavar="JSON",
        help="print a run's tables as Markdown (several runs' corpora together), measure nothing",
    )
    args = parser.parse_args(argv)
    args.families = args.families or [family for family, *_ in FAMILIES]
    args.seeds = args.seeds or ([1] if args.quick else [1, 2, 3])
    args.sizes = args.sizes or ([8] if args.quick else [300, 1000])
    args.pairs = args.pairs or 2
    args.json = args.json or args.out / "headline.json"
    return args


def build_label(tree: Path) -> str:
    return "compiled" if any((tree / "arbiter").rglob("*.so")) else "pure"


def build_tree() -> Path:
    """Where this interpreter imports the arbiter from, the checkout left off its path: under
    `make bench` the compiled wheel's environment (build/compiled/venv), else the checkout itself."""
    probe = "import arbiter, pathlib; print(pathlib.Path(arbiter.__file__).resolve().parent.parent)"
    found = subprocess.run([sys.executable, "-P", "-c", probe], capture_output=True, text=True, cwd=HERE.anchor)
    return Path(found.stdout.strip()) if found.returncode == 0 and found.stdout.strip() else ROOT


def measure(args: argparse.Namespace) -> dict[str, Any]:
    sys.path.insert(0, str(HERE))
    sys.path.insert(0, str(ROOT))
    args.out.mkdir(parents=True, exist_ok=True)
    trees = {"build": build_tree()}
    build = build_label(trees["build"])
    if build == "compiled" and not args.no_pure:
        trees["pure"] = pure_tree(args.out)
    chess = chess_pgn(args.out, 20 if args.quick else CHESS_GAMES)
    per_corpus: list[tuple[Corpus, list[Round]]] = []
    meta = {
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "python": platform.python_version(),
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "load_average": list(os.getloadavg()),
        "build": build,
        "pure_beside": "pure" in trees,
        "rust_validator": rust_available(),
        "seeds": args.seeds,
        "sizes": args.sizes,
        "pairs": args.pairs,
        "chess_games": 20 if args.quick else CHESS_GAMES,
        "target": TARGET,
        "pure_target": PURE_TARGET,
    }
    chosen = [f for f in FAMILIES if f[0] in args.families]
    for games in args.sizes:  # the small corpora of every family first: a run stopped early has all
        for seed in args.seeds:
            for family, players, key, title in chosen:
                corpus = family_corpus(args.out, family, players, key, games, seed)
                print(f"  {title}, {games:,} games, seed {seed} ...", file=sys.stderr, flush=True)
                per_corpus.append((corpus, rounds_of(corpus, chess, trees, args.pairs, not args.no_anchors)))
                save(args.json, figures_of(meta, per_corpus, complete=False))
    return figures_of(meta, per_corpus, complete=True)


def save(path: Path, figures: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")


def figures_of(meta: dict[str, Any], per_corpus: list[tuple[Corpus, list[Round]]], complete: bool) -> dict[str, Any]:
    """The figures of the corpora measured so far (`complete` once every one is)."""
    return {
        "complete": complete,
        "meta": {**meta, "load_average_end": list(os.getloadavg())},
        "families": summary(per_corpus),
        "corpora": [
            {
                "family": corpus.family,
                "seed": corpus.seed,
                "games": corpus.games,
                "actions": corpus.actions,
                "rounds": [{"figures": r.figures(), "runs": r.runs, "chess": r.chess} for r in rounds],
            }
            for corpus, rounds in per_corpus
        ],
    }


COLUMNS = (
    ("check", "{build}, per action"),
    ("pure", "pure, per action"),
    ("compiled_over_pure", "compiled / pure"),
    ("check_whole_process", "{build}, whole process"),
    ("read_of_split", "reader / split floor"),
    ("check_of_split", "check / split floor"),
    ("check_of_rust", "check / validator"),
    ("rust_vs_chess", "validator / python-chess"),
    ("split_vs_chess", "split floor / python-chess"),
)
ANCHORS = {"read_of_split", "check_of_split", "check_of_rust", "rust_vs_chess", "split_vs_chess"}


def report(figures: dict[str, Any]) -> str:
    """The table printed: for each family and figure, the median of every pair, the range of the
    corpora's medians and the range of all pairs."""
    meta = figures["meta"]
    lines = [
        f"the arbiter ({meta['build']}) against python-chess {CHESS_NOTE}: each run a fresh process, CPU time; "
        f"seeds {','.join(map(str, meta['seeds']))}, {' and '.join(f'{n:,}' for n in meta['sizes'])} games, "
        f"{meta['pairs']} pairs a corpus; median [corpora low-high] (pairs low-high)",
    ]
    for key, figure in ((k, f) for _, _, k, _ in FAMILIES for f in [figures["families"].get(k)] if f):
        title = next(t for _, _, k, t in FAMILIES if k == key)
        cells = []
        for name, label in COLUMNS:
            if name not in figure:
                continue
            pairs, corpora = figure[name]["pairs"], figure[name]["corpora"]
            digits = 3 if pairs["median"] < 0.1 else 2
            cells.append(
                f"{label.format(build=meta['build'])} {pairs['median']:.{digits}f} "
                f"[{corpora['low']:.{digits}f}-{corpora['high']:.{digits}f}] "
                f"({pairs['low']:.{digits}f}-{pairs['high']:.{digits}f})"
            )
        lines.append(f"{title}: " + "; ".join(cells))
    short = []
    for key, figure in figures["families"].items():
        title = next(t for _, _, k, t in FAMILIES if k == key)
        marks = [("check", TARGET if meta["build"] == "compiled" else PURE_TARGET, meta["build"])]
        marks += [("pure", PURE_TARGET, "pure")] if "pure" in figure else []
        short += [
            f"{title} ({how} {figure[name]['pairs']['median']:.2f})"
            for name, mark, how in marks
            if figure[name]["pairs"]["median"] < mark
        ]
    lines.append(
        f"target: {TARGET:g}x compiled, {PURE_TARGET:g}x pure, per action (the median); "
        + (f"short: {', '.join(short)}" if short else "every family meets it")
    )
    if not meta["rust_validator"]:
        lines.append("the compiled validator (rust_pgn_reader_python_binding) is not installed: its column is left out")
    return "\n".join(lines)


CHESS_NOTE = "1.11.2 (200 random legal games, its own collector settings)"


def markdown(figures: dict[str, Any]) -> str:
    """A run's figures as the tables of docs/performance.md: each family's spreads, then each
    corpus's median ratio (all worked out again from the runs the JSON keeps)."""
    meta = figures["meta"]
    per_corpus = [
        (
            Corpus(c["family"], c["seed"], c["games"], Path(), c["actions"]),
            [Round(r["runs"], r["chess"]) for r in c["rounds"]],
        )
        for c in figures["corpora"]
    ]
    figures = {**figures_of(meta, per_corpus, figures.get("complete", True)), "meta": meta}
    shown = [(name, label.format(build=meta["build"])) for name, label in COLUMNS]
    shown = [(n, label) for n, label in shown if any(n in f for f in figures["families"].values())]
    ratios = [(n, label) for n, label in shown if n not in ANCHORS]
    anchors = [c for c in shown if c[0] in ANCHORS]  # none in a run made with --no-anchors
    lines = [*family_table(figures, ratios), *(["", *family_table(figures, anchors)] if anchors else [])]
    lines += ["", "| family | games | seed | actions | " + " | ".join(label for _, label in shown[:3]) + " |"]
    lines.append("|---|---:|---:|---:|" + "---:|" * len(shown[:3]))
    for corpus in figures["corpora"]:
        title = next(t for _, _, k, t in FAMILIES if k == corpus["family"])
        medians = [
            f"{statistics.median(r['figures'][name] for r in corpus['rounds']):.2f}"
            if name in corpus["rounds"][0]["figures"]
            else ""
            for name, _ in shown[:3]
        ]
        lines.append(
            f"| {title} | {corpus['games']:,} | {corpus['seed']} | {corpus['actions']:,} | "
            + " | ".join(medians)
            + " |"
        )
    lines += ["", start_up_line(figures)]
    return "\n".join(lines)


def merged(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Several runs' figures as one (runs of the same build split by size or family, one after the
    other): every corpus of each, in order; the first run's meta, with the seeds, sizes and pairs
    of all of them and the load average as the first began and the last ended."""
    first, last = runs[0]["meta"], runs[-1]["meta"]
    union = lambda key: sorted({n for run in runs for n in run["meta"][key]})  # noqa: E731
    meta = {
        **first,
        "seeds": union("seeds"),
        "sizes": union("sizes"),
        "pairs": min(run["meta"]["pairs"] for run in runs),
        "load_average_end": last.get("load_average_end", last["load_average"]),
    }
    corpora = [corpus for run in runs for corpus in run["corpora"]]
    return {"complete": all(run.get("complete", True) for run in runs), "meta": meta, "corpora": corpora}


def family_table(figures: dict[str, Any], columns: list[tuple[str, str]]) -> list[str]:
    """A row a family, a cell a figure: the median [corpora's range] (pairs' range)."""
    lines = ["| family | " + " | ".join(label for _, label in columns) + " |", "|---|" + "---|" * len(columns)]
    for _, _, key, title in FAMILIES:
        figure = figures["families"].get(key)
        if figure:
            cells = []
            for name, _ in columns:
                pairs, corpora = figure[name]["pairs"], figure[name]["corpora"]
                digits = 3 if pairs["median"] < 0.1 else 2
                cells.append(
                    f"{pairs['median']:.{digits}f} [{corpora['low']:.{digits}f}-{corpora['high']:.{digits}f}] "
                    f"({pairs['low']:.{digits}f}-{pairs['high']:.{digits}f})"
                )
            lines.append(f"| {title} | " + " | ".join(cells) + " |")
    return lines


def start_up_line(figures: dict[str, Any]) -> str:
    """The median CPU time a process spent before its timed part, by kind of run."""
    seconds: dict[str, list[float]] = {}
    for corpus in figures["corpora"]:
        for round_ in corpus["rounds"]:
            for name, run in round_["runs"].items():
                seconds.setdefault(name, []).append(run["start_up"])
            seconds.setdefault("python-chess", []).extend(run["start_up"] for run in round_["chess"])
    shown = ", ".join(f"{name} {statistics.median(values):.2f} s" for name, values in seconds.items())
    return f"start-up CPU of a process (interpreter, imports, grammar, a first game), the median: {shown}"


def main(argv: list[str] | None = None) -> None:
    args = settings(argv)
    if args.markdown:
        print(markdown(merged([json.loads(path.read_text(encoding="utf-8")) for path in args.markdown])))
        return
    figures = measure(args)
    save(args.json, figures)
    print(report(figures))
    print(f"figures written to {args.json}")


if __name__ == "__main__":
    main()
