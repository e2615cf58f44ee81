"""Hoyle two-hand's coverage data (`arbiter/bots/coverage_parts.py`): the paths its games take, and
the corpora that take them."""

from __future__ import annotations

from ...bots.choices import Style
from ...bots.coverage_parts import BONUS, DEAL, DISCARDS, DRAWS, END, FROM_A_DEAL, TAKES, CorpusPart, FamilyCoverage

# Hoyle two-hand: the classic paths of two players, and the top card alone on an exhausted stock.
HOYLE = FamilyCoverage(
    expected=DEAL
    | DRAWS
    | TAKES
    | {"take-up-card-only", "meld-merged", "add", "stop-meld"}
    | BONUS
    | DISCARDS
    | END
    | {"go-out-concealed"},
    not_simulated={
        "position": FROM_A_DEAL,
        "take-initial-with-wild": "the pile is frozen against a player until the first meld: no wild takes it",
        "take-frozen-with-wild": "only a natural pair from hand takes a frozen pile",
        "keep-last-card": "the bots keep two cards when they meld, so they never end a turn with one card short of "
        "canastas (tests/test_hoyle_rules.py judges it)",
        "bonus-left-in-hand": "the Hoyle bots lay every red three",
    },
    # One card drawn and two, played to the end of the stock (the top card alone).
    corpus=(
        CorpusPart(2, 40, hands=2),
        CorpusPart(2, 60, hands=2, style=Style(long_hands=1.0)),
        CorpusPart(2, 30, {"draw": 2}, hands=2, style=Style(long_hands=1.0)),
        CorpusPart(2, 20, {"canastas-to-go-out": 1, "black-three-up": "covered"}, hands=2, style=Style(long_hands=0.5)),
    ),
)

__all__ = ["HOYLE"]
