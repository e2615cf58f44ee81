"""Classic Canasta's and Hoyle two-hand's coverage data (`coverage_parts.py`): the paths their
games take, and the corpora that take them."""

from __future__ import annotations

from .choices import Style
from .coverage_parts import ASKING, BONUS, DEAL, DISCARDS, DRAWS, END, FROM_A_DEAL, TAKES, CorpusPart, FamilyCoverage

# The Official Canasta Laws: Caliente's paths without Caliente cards; no wild takes the pile before
# a side's first meld.
CLASSIC = FamilyCoverage(
    expected=DEAL
    | DRAWS
    | TAKES
    | {"meld-merged", "add", "stop-meld"}
    | BONUS
    | {"bonus-left-in-hand"}
    | DISCARDS
    | ASKING
    | END
    | {"go-out-concealed"},
    not_simulated={
        "position": FROM_A_DEAL,
        "take-initial-with-wild": "the pile is frozen against a side until its first meld: no wild takes it",
        "take-frozen-with-wild": "only a natural pair from hand takes a frozen pile",
    },
    # Every table, with the options that open a path (a black three on top blocks the first player:
    # pass-blocked is also a black three discarded on an exhausted stock).
    corpus=(
        CorpusPart(4, 40, style=Style(ask=0.9)),
        CorpusPart(4, 40, hands=2, style=Style(long_hands=1.0)),
        CorpusPart(2, 40, hands=2, style=Style(long_hands=1.0, forget_bonus=0.5)),
        CorpusPart(3, 20, hands=2, style=Style(long_hands=0.5)),
        CorpusPart(4, 10, {"black-three-up": "top", "black-three-freezes": True}, hands=2),
        CorpusPart(4, 10, {"wild-ratio": "at-most-three"}, hands=2),
    ),
)

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

__all__ = ["CLASSIC", "HOYLE"]
