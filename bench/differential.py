"""The library against `arbiter check`, over the larger corpus (issue 47): every sample, the
README's records, whole simulated games (three hands) of every family at every table size over
several seeds, and every mutant of every family's mutation tests, each replayed action by action
through `arbiter.Position` and compared with `check` (tests/differential.py says how). The
test suite runs a bounded part of it (tests/test_library_agrees_with_check.py).

    .venv/bin/python bench/differential.py              # everything
    .venv/bin/python bench/differential.py --seeds 1    # one game per table

Prints each record that splits, and exits 1 if any did.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from differential import TABLES, agree, readme_records, simulated  # noqa: E402
from mutation_support import traced_corpus  # noqa: E402


def mutation_modules() -> dict[str, dict]:  # type: ignore[type-arg]
    import test_classic_mutations
    import test_hand_and_foot_mutations
    import test_modern_american_mutations
    import test_mutations
    import test_samba_mutations

    return {
        "caliente": test_mutations.MUTATIONS,
        "samba": test_samba_mutations.MUTATIONS,
        "hand-and-foot": test_hand_and_foot_mutations.MUTATIONS,
        "classic": test_classic_mutations.MUTATIONS,
        "hoyle": test_classic_mutations.MUTATIONS,
        "modern-american": test_modern_american_mutations.MUTATIONS,
    }


def corpus(seeds: int) -> Iterator[tuple[str, str]]:
    """(name, record) for every record of the larger corpus."""
    for path in sorted((ROOT / "samples").glob("*.acn")):
        yield path.name, path.read_text()
    for n, text in enumerate(readme_records()):
        yield f"README record {n + 1}", text
    for rules, sizes in TABLES.items():
        for players in sizes:
            for seed in range(1, seeds + 1):
                for text in simulated(rules, players, seed, hands=3):
                    yield f"{rules} {players}p seed {seed}", text
    for rules, mutations in mutation_modules().items():
        players = 2 if rules == "hoyle" else 4
        games = traced_corpus(rules, [(players, {}, seed) for seed in range(1, seeds + 1)], hands=2)
        for kind, mutation in mutations.items():
            for game, record in games:
                for mutant in mutation(game, record):
                    yield f"{rules} mutant {kind} seed {game.seed} line {mutant.line}", mutant.text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=5, help="simulated games per table (default 5)")
    args = parser.parse_args(argv)
    records = split = 0
    for name, text in corpus(args.seeds):
        records += 1
        try:
            agree(text)
        except AssertionError as error:
            split += 1
            print(f"{name}: {error}")
    print(f"{records} records, {split} split")
    return 1 if split else 0


if __name__ == "__main__":
    sys.exit(main())
