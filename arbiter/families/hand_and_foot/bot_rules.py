"""Hand & Foot's table rules for the bots: the packs, the deal, the round's first-meld minimum,
the wild limit and what cards left cost, from the options (bots.py).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...bots.cards import BONUS, POINTS, deck
from ...i18n import msg
from ...rules.base import UsageError

MAX_GROUP_WILDS = 2
KINDS = ("natural", "mixed", "wild")


def numbers(text: str, count: int, name: str) -> tuple[int, ...]:
    """`2/2/1` as (2, 2, 1): `count` whole numbers joined by `/`."""
    parts = text.split("/")
    if len(parts) != count or not all(p.strip().isdigit() for p in parts):
        raise UsageError(
            msg(
                "option {option} is {count} whole numbers joined by /, not {value}",
                option=name,
                count=count,
                value=repr(text),
            )
        )
    return tuple(int(p) for p in parts)


@dataclass(frozen=True, slots=True)
class HandAndFootRules:
    """The rules of Hand & Foot at this table, from the rule book and the options."""

    players: int
    hand_size: int
    foot_size: int
    wild_ratio: str
    pile_take: int  # 0: the whole pile
    quota: tuple[int, int, int]  # natural, mixed, wild canastas to go out
    ask_required: bool
    wild_pair_take: bool
    minimums: tuple[int, ...]
    rounds: int
    playing: int = 4
    packs: int = 5
    draw_count: int = 2
    three_packs: bool = False
    stop_up_card_freezes: bool = False

    @property
    def deal_size(self) -> int:
        return self.hand_size

    @classmethod
    def build(cls, players: int, options: Mapping[str, Any]) -> HandAndFootRules:
        take = str(options["pile-take"])
        if take != "all" and not (take.isdigit() and int(take) >= 1):
            raise UsageError(
                msg("option {option} is all or a number of cards, not {value}", option="pile-take", value=repr(take))
            )
        quota = numbers(str(options["canastas-to-go-out"]), 3, "canastas-to-go-out")
        rules = cls(
            players=players,
            hand_size=int(options["hand-size"]),
            foot_size=int(options["foot-size"]),
            wild_ratio=str(options["wild-ratio"]),
            pile_take=0 if take == "all" else int(take),
            quota=(quota[0], quota[1], quota[2]),
            ask_required=bool(options["ask-required"]),
            wild_pair_take=bool(options["wild-pair-take"]),
            minimums=numbers(str(options["minimums"]), 4, "minimums"),
            rounds=int(options["rounds"]),
        )
        dealt = players * (rules.hand_size + rules.foot_size)
        if not (rules.hand_size >= 5 and rules.foot_size >= 1 and dealt <= 200 and rules.rounds >= 1):
            raise UsageError(
                msg("hand-size 5 or more, foot-size 1 or more (at most 200 cards dealt), rounds 1 or more")
            )
        return rules

    def pack(self) -> list[str]:
        """Five packs of 54 (270 cards)."""
        return deck(self.packs)

    def minimum(self, number: int) -> int:
        return self.minimums[min(number, len(self.minimums)) - 1]

    def wild_limit(self, naturals: int) -> int:
        limit = min(MAX_GROUP_WILDS, naturals - 1)
        if self.wild_ratio == "two-naturals-per-wild":
            limit = min(limit, naturals // 2)
        return max(0, limit)


def card_loss(cards: Counter[str]) -> int:
    """What cards left in a Hand or Foot cost: their values, 100 for a Bonus card."""
    return sum((100 if card == BONUS else POINTS[card]) * n for card, n in cards.items() if n > 0)
