"""The classic deck's scoring: red threes laid (and counted against a side that has not melded),
a red three left in hand, and the laws' score sheet for a hand given as its summary. Classic
Canasta and Hoyle two-hand share them (arbiter/families/classic/, arbiter/families/hoyle/)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from ... import cards as C
from ...i18n import msg_n
from ...rules.base import Config
from ...rules.sheet_spec import LaidKind, SheetSpec
from ..caliente import policies as caliente


def laid_score(
    laid: Sequence[str], melds: Sequence[Sequence[str]], config: Config
) -> list[tuple[Callable[[], str], int]]:
    """Red threes: 100 each, 800 for all four, counted against a side that has not melded."""
    threes = laid.count(C.BONUS)
    if not threes:
        return []
    points = config.bonus_card_points(threes, bool(melds))

    def label() -> str:
        if points < 0:
            return msg_n(
                "{n} red three, counted against a side that has not melded",
                "{n} red threes, counted against a side that has not melded",
                threes,
            )
        return msg_n("{n} red three", "{n} red threes", threes)

    return [(label, points)]


def end_of_hand(player: str, hand: Counter[str], config: Config) -> list[tuple[str, str, str]]:
    """A red three left in hand costs its side."""
    held = hand[C.BONUS]
    if held <= 0:
        return []
    return [
        (
            "bonus-in-hand",
            "bonus-left-in-hand",
            msg_n(
                "{player} ends the hand holding {n} red three, which costs {points} points each",
                "{player} ends the hand holding {n} red threes, which costs {points} points each",
                held,
                n=C.number(held),
                player=player,
                points=config.bonus_in_hand_penalty,
            ),
        )
    ]


SHEET = SheetSpec(
    canastas=(caliente.NATURAL_CANASTA, caliente.MIXED_CANASTA),
    laid=(LaidKind("red-threes", C.BONUS, "Red threes"),),
    concealed=True,
)
"""The laws' score sheet ("Scoring"): natural and mixed canastas, red threes, going out and going
out concealed, the points melded and left."""
