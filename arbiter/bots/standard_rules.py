"""The standard game's table rules for the bots (the Caliente rule books' Canasta): the packs, the
deal, the first meld's minimum, the wild room of a meld, the Bonus cards' points and what a hand
left costs, from the options. Caliente's bots play them with its options; Classic Canasta's and
Hoyle two-hand's start from them with the laws' differences (the fields at the end).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .cards import (
    BONUS,
    CALIENTE,
    POINTS,
    deck,
)

MAX_WILDS = 3  # in any meld, canastas included


def wild_room(naturals: int, wilds: int) -> int:
    """How many more wilds a meld can take: at most three, and fewer than its naturals."""
    return max(0, min(MAX_WILDS - wilds, naturals - wilds - 1))


@dataclass(frozen=True, slots=True)
class StandardRules:
    """The rules of the game at this table, from the rule books and the options."""

    players: int
    playing: int  # players dealt in each hand
    three_packs: bool
    packs: int
    caliente_cards: int
    deal_size: int
    draw_count: int
    canastas_to_go_out: int
    target: int
    always_frozen: bool
    stop_up_card_freezes: bool
    concealed_waives_minimum: bool
    concealed_allows_discard: bool
    bonus_in_hand_penalty: int
    caliente_refill: int
    caliente_multiplies_bonus: bool
    # where the Official Canasta Laws differ (Classic Canasta, Hoyle); the defaults are the standard game's
    below_zero_minimum: int = 0  # the first-meld minimum below zero (0: any meld)
    frozen_until_first_meld: bool = False  # the pile is frozen against a side until its first meld
    one_card_pile_rule: bool = False  # a player holding one card may not take a pile of one card
    black_three_on_top: bool = False  # a Stop (black three) turned up stays on top, uncovered
    black_three_freezes: bool = False  # a Stop (black three) discarded freezes the pile

    @classmethod
    def build(cls, players: int, options: Mapping[str, Any]) -> StandardRules:
        three = bool(options.get("three-packs", False))
        playing = players if players <= 4 or three else 4  # five or six: four play each hand
        deal = 15 if playing == 2 else 13 if playing == 3 or three else 11
        return cls(
            players=players,
            playing=playing,
            three_packs=three,
            packs=3 if three else 2,
            caliente_cards=2 if options.get("caliente-cards", False) else 0,
            deal_size=deal,
            draw_count=2 if playing == 2 else 1,
            canastas_to_go_out=int(options.get("canastas-to-go-out", 0)) or (2 if playing == 2 or three else 1),
            target=int(options.get("target", 0)) or (10_000 if three else 5_000),
            always_frozen=bool(options.get("always-frozen", False)),
            stop_up_card_freezes=bool(options.get("stop-up-card-freezes", False)),
            concealed_waives_minimum=bool(options.get("concealed-waives-minimum", False)),
            concealed_allows_discard=bool(options.get("concealed-allows-discard", True)),
            bonus_in_hand_penalty=int(options.get("bonus-in-hand-penalty", 100)),
            caliente_refill=int(options.get("caliente-refill", 0)) or deal,
            caliente_multiplies_bonus=bool(options.get("caliente-multiplies-bonus", True)),
        )

    def pack(self) -> list[str]:
        """Every card in play: per pack four of each natural and four little wilds, two big wilds,
        two Bonus and two Stop cards (54); plus the Caliente cards of the variation."""
        return deck(self.packs, self.caliente_cards)

    def minimum(self, score: int) -> int:
        """The first-meld minimum for a side with this score before the hand (0: any meld)."""
        if score < 0:
            return self.below_zero_minimum
        if self.three_packs and score >= 7_500:
            return 150
        return 50 if score < 1_500 else 90 if score < 3_000 else 120

    def bonus_points(self, laid: int, melded: bool) -> int:
        extra = 0
        if self.three_packs and laid >= 5:
            extra = 600
        elif not self.three_packs and laid == 4:
            extra = 400
        total = 100 * laid + extra
        return total if melded else -total

    def hand_loss(self, hand: Counter[str]) -> int:
        plain = sum(POINTS[card] * n for card, n in hand.items() if n > 0 and card not in (BONUS, CALIENTE))
        bonus = max(0, hand[BONUS]) * self.bonus_in_hand_penalty
        held = hand[CALIENTE]
        if held > 0:
            factor = 2 if held == 1 else 3
            return (plain + bonus) * factor if self.caliente_multiplies_bonus else plain * factor + bonus
        return plain + bonus
