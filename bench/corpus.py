"""Write a saved corpus of simulated games for the benchmark (bench/run.py) or any other use.

    python bench/corpus.py --rules caliente --games 1000 --seed 1 --out bench/out/caliente-1000.acn
    python bench/corpus.py --players 6 --option three-packs --games 100 --seed 1 --out bench/out/6p.acn
    python bench/corpus.py --rules samba --games 1000 --seed 1        # bench/out/samba-1000.acn

Every family the simulator plays has a corpus (`--rules NAME`: caliente, the default, samba,
hand-and-foot, classic, hoyle or modern-american);
without `--out` it is written to bench/out/NAME-GAMES.acn.

The games are those of `arbiter simulate` (docs/simulator.md): complete, legal, canonical, the
same for the same seed whatever --jobs says. bench/out is git-ignored. As a library:

    from corpus import write_corpus
    stats = write_corpus(path, rules="caliente", players=4, options={}, games=1000, seed=1)
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arbiter.simulate import SUPPORTED, simulate

OUT = Path(__file__).resolve().parent / "out"


def write_corpus(
    path: str | os.PathLike[str],
    *,
    rules: str = "caliente",
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    games: int = 1000,
    seed: int = 1,
    hands: int | None = None,
    stock: str = "some",
    jobs: int = 0,
) -> dict[str, Any]:
    """Write `games` simulated games to `path` (a blank line between games), streaming; returns
    what was written: games, hands, bytes, seconds. `jobs` 0 uses every CPU. The file is written
    whole or not at all (a partial file is removed on error)."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(target.name + ".partial")
    jobs = jobs or os.cpu_count() or 1
    start = time.perf_counter()
    written = hands_played = 0
    try:
        with partial.open("w", encoding="utf-8", newline="\n") as out:
            for text in simulate(rules, players, options, games, hands, seed, stock=stock, jobs=jobs):
                if written:
                    out.write("\n")
                out.write(text)
                written += 1
                hands_played += text.count("\nhand ")
        partial.replace(target)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    return {
        "path": str(target),
        "games": written,
        "hands": hands_played,
        "bytes": target.stat().st_size,
        "seconds": time.perf_counter() - start,
    }


def default_path(rules: str, games: int) -> Path:
    """Where a family's corpus goes when no --out is given: bench/out/RULES-GAMES.acn."""
    return OUT / f"{rules}-{games}.acn"


def _options(values: list[str]) -> dict[str, str]:
    options = {}
    for value in values:
        name, sep, raw = value.partition("=")
        options[name.strip()] = raw.strip() if sep else "yes"
    return options


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write a corpus of simulated games (see docs/simulator.md).")
    parser.add_argument("--rules", default="caliente", choices=SUPPORTED, help="the family (default caliente)")
    parser.add_argument("--players", type=int, default=None, help="default 4 (2 for hoyle)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a rule set option")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hands", type=int, default=None, help="hands per game (default: play to the target)")
    parser.add_argument("--stock", choices=("never", "some", "always"), default="some")
    parser.add_argument("--jobs", type=int, default=0, help="processes (default 0: one per CPU)")
    parser.add_argument("--out", type=Path, help="the file to write (default bench/out/RULES-GAMES.acn)")
    args = parser.parse_args(argv)
    out = args.out or default_path(args.rules, args.games)
    from arbiter import UsageError

    try:
        stats = write_corpus(
            out,
            rules=args.rules,
            players=args.players,
            options=_options(args.option),
            games=args.games,
            seed=args.seed,
            hands=args.hands,
            stock=args.stock,
            jobs=args.jobs,
        )
    except UsageError as error:
        parser.error(str(error))
    print(
        f"{stats['path']}: {stats['games']:,} games, {stats['hands']:,} hands, "
        f"{stats['bytes'] / 1e6:.1f} MB in {stats['seconds']:.1f} s",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
