"""Samba's table rules for the bots: the packs, the deal, the first meld's minimum, the wild
limit, the Bonus cards' points and what a hand left costs, from the options (bots.py).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...bots.cards import (
    BONUS,
    CALIENTE,
    POINTS,
    deck,
)

SAMBA = 7  # cards in a samba, the longest sequence
MAX_GROUP_WILDS = 2


@dataclass(frozen=True, slots=True)
class SambaRules:
    """The rules of Samba at this table, from the rule books and the options."""

    players: int
    playing: int  # players dealt in each hand (four of five or six)
    caliente_cards: int
    wild_ratio: str
    sequence_take: str
    minimum_7000: int
    bonus_penalty: str
    pile_always_frozen: bool
    packs: int = 3
    deal_size: int = 15
    draw_count: int = 2
    canastas_to_go_out: int = 2
    target: int = 10_000
    three_packs: bool = False  # Caliente's six-player game: never in Samba
    stop_up_card_freezes: bool = False
    caliente_refill: int = 15
    bonus_in_hand_penalty: int = 100

    @classmethod
    def build(cls, players: int, options: Mapping[str, Any]) -> SambaRules:
        return cls(
            players=players,
            playing=min(players, 4),  # five or six: four play each hand, as in Caliente
            caliente_cards=2 if options["caliente-cards"] else 0,
            wild_ratio=str(options["wild-ratio"]),
            sequence_take=str(options["sequence-take"]),
            minimum_7000=int(options["minimum-7000"]),
            bonus_penalty=str(options["bonus-penalty"]),
            pile_always_frozen=bool(options["pile-always-frozen"]),
        )

    def pack(self) -> list[str]:
        """Three packs of 54 (162 cards), plus the Caliente cards of the variation."""
        return deck(self.packs, self.caliente_cards)

    def minimum(self, score: int) -> int:
        """The first-meld minimum for a side with this score before the hand."""
        if score < 0:
            return 15
        if score < 1_500:
            return 50
        if score < 3_000:
            return 90
        return 120 if score < 7_000 else self.minimum_7000

    def wild_limit(self, naturals: int) -> int:
        """The most wilds a group with this many naturals may hold, as the bots play it: at most
        two, fewer than its naturals, and with `two-naturals-per-wild` two naturals to each."""
        limit = min(MAX_GROUP_WILDS, naturals - 1)
        if self.wild_ratio == "two-naturals-per-wild":
            limit = min(limit, naturals // 2)
        return max(0, limit)

    def bonus_points(self, laid: int, canastas: int) -> int:
        """Bonus cards: 100 each, 1000 for all six; against a side short of two canastas, the
        same negative (`mirror`) or 100 each (`flat`)."""
        value = 1_000 if laid >= 6 else 100 * laid
        if canastas >= self.canastas_to_go_out:
            return value
        return -value if self.bonus_penalty == "mirror" else -100 * laid

    def hand_loss(self, hand: Counter[str]) -> int:
        plain = sum(POINTS[card] * n for card, n in hand.items() if n > 0 and card not in (BONUS, CALIENTE))
        bonus = max(0, hand[BONUS]) * self.bonus_in_hand_penalty
        held = hand[CALIENTE]
        factor = 1 if held <= 0 else 2 if held == 1 else 3
        return (plain + bonus) * factor
