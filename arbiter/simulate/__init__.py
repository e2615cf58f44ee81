"""The simulator: complete, legal games played by bots, written in canonical notation.

    for text in arbiter.simulate.simulate("caliente", players=4, games=10, seed=1):
        print(text)

The bots are an independent implementation of the rule books: they share the card alphabet and the
record types with the arbiter, never its engine, its rule sets' policies or its scoring, so judging
their games with `arbiter.check` tests both (docs/simulator.md). Where each part lives:

- `arbiter.bots`: what every family's bots are written with: the table they see during a hand
  (`table`), how they choose (`choices`, `Style`), writing the hand and the game as records
  (`record`), who sits where (`seating`), what a family declares (`family`) and its coverage data;
- `arbiter/families/<name>/bots.py` (with `bot_rules`, `plans`, `coverage`): each family's table
  rules, bot rules and coverage corpus, in the family's own package;
- here: `game` (one game, hand after hand), `families` (the families by name, found through the
  explicit list `arbiter.families.PACKAGES`), `runner` (`simulate`, `simulate_games`) and
  `coverage` (the legal paths a corpus takes, and the coverage corpus of each family).

Every game draws from its own `random.Random` (seeded with the rule set, the seed and the game's
index) and no set is ever iterated, so game `i` of seed `s` is the same whatever `games` or `jobs`
say.
"""

from __future__ import annotations

from ..bots.choices import Style
from ..bots.trace import Expected, HandTrace, TurnTrace
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
