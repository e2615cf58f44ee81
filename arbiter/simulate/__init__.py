"""The simulator: complete, legal games played by bots, written in canonical notation.

    for text in arbiter.simulate.simulate("caliente", players=4, games=10, seed=1):
        print(text)

The bots are an independent implementation of the rule books: they share the card alphabet and the
record types with the arbiter, never its engine, its rule sets' policies or its scoring, so judging
their games with `arbiter.check` tests both (docs/simulator.md). The modules, by what they hold:

- `table`: the table the bots see during a hand (cards, melds, pile, stock), the deal, the turns;
- `choices`: how the bots choose (`Style`) and the choices every family makes alike;
- `record`: writing the hand and the game as records;
- `game`: one game, hand after hand; `seating`: who sits where and who sits out;
- `caliente`, `samba`: each family's table rules and bot rules;
- `families`: the families by name, with their options; `runner`: `simulate`, `simulate_games`;
- `coverage`: the legal paths a corpus takes, and the coverage corpus of each family.

Every game draws from its own `random.Random` (seeded with the rule set, the seed and the game's
index) and no set is ever iterated, so game `i` of seed `s` is the same whatever `games` or `jobs`
say.
"""

from __future__ import annotations

from .choices import Style
from .coverage import (
    COVERAGE_CORPUS,
    COVERAGE_SEED,
    EXPECTED_PATHS,
    NOT_SIMULATED,
    CorpusPart,
    coverage,
    coverage_corpus,
    coverage_report,
    expected_paths,
    missing_paths,
)
from .runner import STOCK_MODES, SimulatedGame, simulate, simulate_games, supported
from .trace import Expected, HandTrace, TurnTrace

SUPPORTED = supported()
"""The rule sets the simulator plays."""

__all__ = [
    "COVERAGE_CORPUS",
    "COVERAGE_SEED",
    "EXPECTED_PATHS",
    "NOT_SIMULATED",
    "STOCK_MODES",
    "SUPPORTED",
    "CorpusPart",
    "Expected",
    "HandTrace",
    "SimulatedGame",
    "Style",
    "TurnTrace",
    "coverage",
    "coverage_corpus",
    "coverage_report",
    "expected_paths",
    "missing_paths",
    "simulate",
    "simulate_games",
]
