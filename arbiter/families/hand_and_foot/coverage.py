"""Hand & Foot's coverage data (`coverage_parts.py`): the paths its games take, and the corpus
that takes them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...bots.choices import Style
from ...bots.coverage_parts import ASKING, BONUS, DEAL, DISCARDS, DRAWS, END, FROM_A_DEAL, CorpusPart, FamilyCoverage


def _closed(values: Mapping[str, Any], style: Style) -> frozenset[str]:
    closed: set[str] = set()
    take = str(values.get("pile-take", "all"))  # all of the pile, its top N cards, or the up card alone (1)
    if take == "all":
        closed |= {"take-top-of-pile", "take-up-card-only"}
    else:
        closed.add("take-up-card-only" if take != "1" else "take-top-of-pile")
    if values.get("ask-required") is False and not style.ask:
        closed |= ASKING
    return frozenset(closed)


COVERAGE = FamilyCoverage(
    # Two cards drawn, the pile always frozen (taken with a natural pair into a new meld, all of it
    # or its top cards with pile-take=N), the Foot picked up in the turn the Hand is melded out or on
    # the next turn, Bonus cards laid from the Foot too, and the partner asked.
    expected=DEAL
    | DRAWS
    | {"take-initial", "take-frozen", "take-top-of-pile", "take-up-card-only", "foot-at-once", "foot-next-turn"}
    | {"add"}
    | BONUS
    | DISCARDS
    | ASKING
    | END,
    not_simulated={
        "position": FROM_A_DEAL,
        "take-initial-with-wild": "only a natural pair from the Hand takes the pile, always frozen",
        "take-frozen-with-wild": "only a natural pair from the Hand takes the pile, always frozen",
        "take-unfrozen": "the pile is always frozen",
        "take-onto-meld": "the pile is always frozen: its up card goes into a new meld, never onto one",
        "take-exhausted-stock": "a player who finds the stock empty passes and the round ends: nobody takes then",
        "meld-merged": "a canasta closed at seven and a new meld of its rank stay apart",
        "stop-meld": "the bots discard their Stop cards, they never meld them",
        "go-out-concealed": "the bots never play out the Hand and the whole Foot in the turn of their first meld",
        "bonus-left-in-hand": "the bots lay every Bonus card they hold (one left in a Foot is only scored)",
    },
    # Four players with each option that opens or closes a path: pile-take=N (the top cards of the
    # pile, the up card alone with 1), asking left to the player (ask-required=no), and the other
    # melding rules; a game is four rounds, so most parts play two.
    corpus=(
        CorpusPart(4, 20),
        CorpusPart(4, 10, {"pile-take": 7}, hands=2),
        CorpusPart(4, 8, {"pile-take": 1}, hands=2),
        CorpusPart(4, 10, {"ask-required": False}, hands=2, style=Style(ask=0.5)),
        CorpusPart(
            4,
            10,
            {"wild-ratio": "two-naturals-per-wild", "wild-pair-take": True, "canastas-to-go-out": "1/1/1"},
            hands=2,
        ),
        CorpusPart(4, 8, {"hand-size": 11, "foot-size": 11, "minimums": "50/50/50/50"}, hands=2),
    ),
    closed_paths=_closed,
)

__all__ = ["COVERAGE"]
