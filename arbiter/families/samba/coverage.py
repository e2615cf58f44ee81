"""Samba's coverage data (`coverage_parts.py`): the paths its games take, and the corpus that
takes them."""

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
    if values.get("pile-always-frozen"):  # only a natural pair takes it, never onto a meld
        closed |= {"take-unfrozen", "take-onto-meld", "take-onto-sequence", "take-up-card-only"}
    if values.get("sequence-take", "top-card") != "top-card":
        closed.add("take-up-card-only")
    return frozenset(closed)


COVERAGE = FamilyCoverage(
    # The Caliente table rules with sequences (made, grown, taken onto), natural pairs only, the up
    # card alone with sequence-take=top-card; a concealed going out earns nothing more in Samba, but
    # the engine still tells it apart.
    expected=DEAL
    | SITTING_OUT
    | DRAWS
    | (TAKES - {"take-unfrozen-with-wild"})
    | {"take-onto-sequence", "take-up-card-only", "add", "add-to-sequence", "meld-sequence", "stop-meld"}
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
        "take-initial-with-wild": "only a natural pair from hand takes the pile before the side's first meld",
        "take-frozen-with-wild": "only a natural pair from hand takes a frozen pile",
        "take-unfrozen-with-wild": "an unfrozen pile is taken with a natural pair, never a natural and a wild",
        "meld-merged": "a side's groups of one rank stay apart (Q, Q#2): a new group never merges into one",
    },
    # Samba at every table, with each option that opens or closes a path: sequence-take=top-card
    # (the up card alone onto a sequence), the pile always frozen, the Caliente cards (a player
    # holding fifteen or more draws nothing: caliente-no-refill); the other options change no path.
    corpus=(
        CorpusPart(4, 40, style=Style(ask=0.9)),
        CorpusPart(4, 30, hands=2, style=Style(long_hands=1.0)),
        CorpusPart(2, 40, hands=2, style=Style(long_hands=1.0, forget_bonus=0.5)),
        CorpusPart(3, 6, hands=2),
        CorpusPart(5, 6, hands=3),
        CorpusPart(6, 4, hands=3),
        CorpusPart(4, 10, {"sequence-take": "top-card"}, hands=2),
        CorpusPart(4, 6, {"pile-always-frozen": True, "wild-ratio": "two-naturals-per-wild"}, hands=2),
        CorpusPart(4, 40, {"caliente-cards": True}, hands=2, style=Style(long_hands=1.0)),
        CorpusPart(
            2,
            20,
            {"caliente-cards": True, "bonus-penalty": "flat", "minimum-7000": 160},
            hands=2,
            style=Style(long_hands=1.0),
        ),
    ),
    closed_paths=_closed,
)

__all__ = ["COVERAGE"]
