"""Writing the record: a hand's statements and a game's tags, as `arbiter.notation.records` types that
`arbiter.notation.formatter` prints in canonical notation (docs/notation.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from ..notation.records import Game, HandRecord, HandStart, Points, SidePoints, Tag

if TYPE_CHECKING:
    from .table import HandTable


def hand_record(hand: HandTable, scores: Mapping[str, int], totals: Mapping[str, int]) -> HandRecord:
    """The hand as played: the deal (and any Feet), the stock line, the Bonus cards laid after
    the deal, the up card, the turns, and the declared score and totals."""
    return HandRecord(
        start=HandStart(number=hand.number, dealer=hand.dealer, sitting_out=hand.out),
        deals=tuple(hand.deals),
        feet=tuple(hand.feet),
        stock=hand.stock_line,
        setup_turns=tuple(hand.setup),
        up=hand.up,
        turns=tuple(hand.turns),
        declared=(
            Points(kind="score", entries=tuple(SidePoints(side=s, points=scores[s]) for s in hand.sides)),
            Points(kind="total", entries=tuple(SidePoints(side=s, points=totals[s]) for s in hand.sides)),
        ),
    )


def game_record(
    event: str,
    rules_name: str,
    variant: str,
    seats: tuple[str, ...],
    side_names: list[str],
    result: str,
    hands: list[HandRecord],
) -> Game:
    """The game's tags (`Variant` only when options were given) and its hands."""
    tags = [Tag(name="Event", value=event), Tag(name="Rules", value=rules_name)]
    if variant:
        tags.append(Tag(name="Variant", value=variant))
    tags += [
        Tag(name="Seats", value=" ".join(seats)),
        Tag(name="Teams", value=" ".join(side_names)),
        Tag(name="Result", value=result),
    ]
    return Game(tags=tuple(tags), hands=tuple(hands))


def variant(options: Mapping[str, bool | int | str]) -> str:
    """The Variant tag's value for the options given: `name` for yes, `name=no`, `name=value`."""
    words = []
    for name, value in options.items():
        if isinstance(value, bool):
            words.append(name if value else f"{name}=no")
        else:
            words.append(f"{name}={value}")
    return " ".join(words)


__all__ = ["game_record", "hand_record", "variant"]
