"""The cards as the bots count them, from the rule books' card values (shared by every family).

Only the card alphabet comes from the arbiter (`arbiter.cards`); the values and the meld arithmetic
are the simulator's own, so that the arbiter's scoring is checked, not copied.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..cards import BIG_WILD as BIG
from ..cards import BONUS, CALIENTE, NATURAL_SET, NATURALS, STOP
from ..cards import LITTLE_WILD as LITTLE

WILDS = (LITTLE, BIG)
# Points melded (plus) or left in hand (minus), as the Caliente rule books value the cards.
POINTS: dict[str, int] = {
    **dict.fromkeys(("4", "5", "6", "7"), 5),
    **dict.fromkeys(("8", "9", "10", "J", "Q", "K"), 10),
    "A": 20,
    LITTLE: 20,
    BIG: 50,
    STOP: 5,
    BONUS: 0,  # scored by the Bonus rules, never as a card
    CALIENTE: 0,
}
ORDER: dict[str, int] = {card: i for i, card in enumerate((*NATURALS, LITTLE, BIG, BONUS, STOP, CALIENTE))}
RANK: dict[str, int] = {rank: i for i, rank in enumerate(NATURALS)}  # 4 low, A high, for sequences
CANASTA = 7  # cards in a canasta


def points(cards: Iterable[str]) -> int:
    return sum(POINTS[card] for card in cards)


def deck(packs: int, caliente_cards: int = 0) -> list[str]:
    """Every card in play, in a fixed order for the shuffle: per pack of 54 four of each natural and
    four little wilds, two big wilds, two Bonus and two Stop cards; then the Caliente cards."""
    cards: list[str] = []
    for rank in NATURALS:
        cards += [rank] * (4 * packs)
    cards += [LITTLE] * (4 * packs) + [BIG] * (2 * packs)
    cards += [BONUS] * (2 * packs) + [STOP] * (2 * packs)
    return cards + [CALIENTE] * caliente_cards


def ordered(cards: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(cards, key=ORDER.__getitem__))


def meld_counts(cards: Iterable[str]) -> tuple[int, int]:
    """(naturals, wilds) of a meld."""
    cards = list(cards)
    wilds = sum(1 for card in cards if card in WILDS)
    return len(cards) - wilds, wilds


__all__ = [
    "BIG",
    "BONUS",
    "CALIENTE",
    "CANASTA",
    "LITTLE",
    "NATURALS",
    "NATURAL_SET",
    "ORDER",
    "POINTS",
    "RANK",
    "STOP",
    "WILDS",
    "meld_counts",
    "ordered",
    "points",
]
