"""Canasta Caliente's coverage data (`coverage_parts.py`): the paths its games take, and the
corpus that takes them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...bots.choices import Style
from ...bots.coverage_parts import (
    ASKING,
    BONUS,
    CALIENTE_CARDS,
    DEAL,
    DISCARDS,
    DRAWS,
    END,
    FROM_A_DEAL,
    SITTING_OUT,
    TAKES,
    CorpusPart,
    FamilyCoverage,
    caliente_cards_closed,
)


def _closed(values: Mapping[str, Any], style: Style) -> frozenset[str]:
    closed = set(caliente_cards_closed(values))
    if values.get("three-packs"):  # the three-pack game seats six, none sitting out
        closed |= SITTING_OUT
    if values.get("always-frozen"):
        closed |= {"take-unfrozen", "take-unfrozen-with-wild", "take-initial-with-wild"}
    return frozenset(closed)


COVERAGE = FamilyCoverage(
    expected=DEAL
    | SITTING_OUT
    | DRAWS
    | TAKES
    | {"take-initial-with-wild", "meld-merged", "add", "stop-meld"}
    | BONUS
    | {"bonus-left-in-hand"}
    | CALIENTE_CARDS
    | DISCARDS
    | {"discard-caliente"}
    | ASKING
    | END
    | {"go-out-concealed"},
    not_simulated={
        "position": FROM_A_DEAL,
        "take-frozen-with-wild": "a frozen pile is never taken with a wild: the engine reports it as take-frozen",
    },
    # Club play at each table, and hands played to the end of the stock, where the rare paths are
    # (passes, forced takes, a Bonus card drawn last, one that cannot be laid).
    corpus=(
        CorpusPart(4, 40, style=Style(ask=0.9)),
        CorpusPart(4, 60, hands=2, style=Style(long_hands=1.0)),
        CorpusPart(2, 100, hands=2, style=Style(long_hands=1.0, forget_bonus=0.5)),
        CorpusPart(3, 6, {"always-frozen": True}, style=Style(long_hands=0.5)),
        CorpusPart(5, 10, hands=3),
        CorpusPart(6, 4, hands=3),
        CorpusPart(6, 4, {"three-packs": True}, hands=3),
        CorpusPart(4, 30, {"caliente-cards": True}, style=Style(long_hands=0.5)),
        CorpusPart(4, 40, {"caliente-cards": True}, hands=2, style=Style(long_hands=1.0)),
        CorpusPart(2, 40, {"caliente-cards": True}, hands=2, style=Style(long_hands=1.0)),
        CorpusPart(2, 30, {"caliente-cards": True, "caliente-refill": 11}, hands=2, style=Style(long_hands=1.0)),
    ),
    closed_paths=_closed,
)

__all__ = ["COVERAGE"]
