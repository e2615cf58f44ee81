"""The special hands the bots aim for (Modern American Canasta), read from the sources: fourteen
cards laid at once by a player whose side has not opened. Pairs (seven natural pairs) and Garbage
(two natural fours and two natural threes), which every list holds, and the League's Triples (four
natural threes) and Quads (three natural fours), each with a pair of matching wilds (two 2s or two
jokers). A wild is never discarded, so a hand holding wilds aims only at a hand with a wild pair."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from ...bots.cards import NATURAL_SET, WILDS

SHAPES = {"pairs": (2,) * 7, "garbage": (4, 4, 3, 3), "triples": (3, 3, 3, 3), "quads": (4, 4, 4)}
WILD_PAIR = frozenset({"triples", "quads"})  # the hands completed by a pair of matching wilds
SIZE = 14
AIM = 9  # the cards of the fourteen a hand must already fit for the bots to aim at a special hand


def counts(hand: Counter[str]) -> list[int]:
    return sorted((n for card, n in hand.items() if n > 0 and card in NATURAL_SET), reverse=True)


def wild_fit(hand: Counter[str], name: str) -> int | None:
    """The hand's wilds toward the special hand: none for a hand without a wild pair (None when any
    is held), at most a pair of one kind for one with it (None for more)."""
    held = [n for card, n in hand.items() if n > 0 and card in WILDS]
    if name not in WILD_PAIR:
        return None if held else 0
    return None if len(held) > 1 or sum(held) > 2 else sum(held)


def fitted(hand: Counter[str], specials: Mapping[str, int]) -> int:
    """How many of the hand's cards fit the nearest special hand the table plays (its largest
    natural groups to the shape's largest, and its wild pair); 0 where none can be made."""
    held, best = counts(hand), 0
    for name in specials:
        wilds = wild_fit(hand, name)
        if wilds is not None:
            best = max(best, wilds + sum(min(n, size) for n, size in zip(held, SHAPES[name], strict=False)))
    return best


def made(hand: Counter[str], specials: Mapping[str, int]) -> int:
    """The value of the special hand these cards make, or 0."""
    if hand.total() != SIZE or any(n > 0 and card not in NATURAL_SET and card not in WILDS for card, n in hand.items()):
        return 0
    held = tuple(counts(hand))
    fits = [
        name for name in specials if held == SHAPES[name] and wild_fit(hand, name) == (2 if name in WILD_PAIR else 0)
    ]
    return max((specials[name] for name in fits), default=0)


def worth_aiming(hand: Counter[str], specials: Mapping[str, int]) -> bool:
    """No three in hand (it is laid first), and cards that already fit a special hand well."""
    if not specials or any(n > 0 and card not in NATURAL_SET and card not in WILDS for card, n in hand.items()):
        return False
    return fitted(hand, specials) >= AIM - (SIZE - hand.total())


def best_discard(hand: Counter[str], cards: list[str], specials: Mapping[str, int]) -> str:
    """Of the legal discards, the one that leaves the hand nearest a special hand."""

    def left_fit(card: str) -> int:
        rest = Counter(hand)
        rest[card] -= 1
        return fitted(rest, specials)

    return max(cards, key=left_fit)


__all__ = ["SHAPES", "WILD_PAIR", "best_discard", "fitted", "made", "worth_aiming"]
