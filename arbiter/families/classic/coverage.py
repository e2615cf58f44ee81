"""Classic Canasta's coverage data (`coverage_parts.py`): the paths their
games take, and the corpora that take them."""

from __future__ import annotations

from ...bots.choices import Style
from ...bots.coverage_parts import (
    ASKING,
    BONUS,
    DEAL,
    DISCARDS,
    DRAWS,
    END,
    FROM_A_DEAL,
    TAKES,
    CorpusPart,
    FamilyCoverage,
)

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

__all__ = ["CLASSIC"]
