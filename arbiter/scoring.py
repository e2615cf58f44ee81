"""Scoring a hand: what each side's melds, bonuses and cards left in hand are worth.

Each side's score is returned with its breakdown (label, points), so a ruling can explain a
score line by line, as the rule books' scoring example does.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from . import cards as C
from .rules.base import Config


@dataclass(slots=True)
class MeldState:
    rank: str  # the rank of a group, or S for a meld of Stop cards
    cards: list[str]

    @property
    def wilds(self) -> int:
        return sum(map(C.WILDS.__contains__, self.cards))

    @property
    def naturals(self) -> int:
        return len(self.cards) - self.wilds

    def is_canasta(self, config: Config) -> bool:
        return len(self.cards) >= config.canasta_size

    def is_natural_canasta(self, config: Config) -> bool:
        return self.is_canasta(config) and self.wilds == 0


@dataclass(slots=True)
class SideState:
    name: str
    players: tuple[str, ...]
    melds: list[MeldState] = field(default_factory=list)
    laid: list[str] = field(default_factory=list)  # Bonus and Caliente cards laid on the table

    @property
    def has_melded(self) -> bool:
        return bool(self.melds)

    def canastas(self, config: Config) -> int:
        size = config.canasta_size
        return sum(len(m.cards) >= size for m in self.melds)

    def meld_of(self, rank: str) -> MeldState | None:
        for meld in self.melds:
            if meld.rank == rank:
                return meld
        return None


@dataclass(slots=True)
class Score:
    """A side's points for a hand, and how they were made. Every hand is scored but a breakdown
    is read only when a declared score is wrong, so each label is worked out when it is read."""

    points: int = 0
    items: list[tuple[Callable[[], str], int]] = field(default_factory=list)

    def add(self, label: Callable[[], str], points: int) -> None:
        if points:
            self.points += points
            self.items.append((label, points))

    @property
    def lines(self) -> list[tuple[str, int]]:
        """The breakdown, (label, points) line by line."""
        return [(label(), points) for label, points in self.items]


def hand_penalty(held: Counter[str], config: Config) -> tuple[int, str]:
    """What the cards left in one player's hand cost, and how it was counted. A Caliente card
    held doubles the loss of the hand, two triple it; the card itself is worth nothing, so a hand
    of only Caliente cards costs nothing. Forgotten Bonus cards are part of that loss unless the
    rule set says otherwise (option caliente-multiplies-bonus)."""
    bonus = held[C.BONUS] * config.bonus_in_hand_penalty
    caliente = held[C.CALIENTE]
    plain = sum(C.value(card) * n for card, n in held.items() if card not in (C.BONUS, C.CALIENTE))
    if caliente:
        factor = 2 if caliente == 1 else 3
        cost = (plain + bonus) * factor if config.caliente_multiplies_bonus else plain * factor + bonus
        return cost, f"x{factor} for holding {caliente} Caliente card{'s' * (caliente > 1)}"
    return plain + bonus, ""


def score_side(
    side: SideState,
    hands: dict[str, Counter[str]],
    config: Config,
    *,
    went_out: bool,
    concealed: bool,
) -> Score:
    # The labels are lambdas, their values bound as default arguments: the loop moves on.
    score = Score()
    for meld in side.melds:
        score.add(lambda m=meld: f"melded {m.rank}s ({C.show(m.cards)})", C.points(meld.cards))
    if went_out:
        score.add(lambda: "going out", config.going_out_bonus)
        if concealed:
            score.add(lambda: "going out concealed", config.concealed_bonus)
    for meld in side.melds:
        if meld.is_natural_canasta(config):
            score.add(lambda m=meld: f"natural canasta of {m.rank}s", config.natural_canasta_bonus)
        elif meld.is_canasta(config):
            score.add(lambda m=meld: f"mixed canasta of {m.rank}s", config.mixed_canasta_bonus)
    bonus_cards = side.laid.count(C.BONUS)
    if bonus_cards:
        score.add(
            lambda: f"{bonus_cards} Bonus card{'s' * (bonus_cards > 1)}",
            config.bonus_card_points(bonus_cards, side.has_melded),
        )
    caliente_played = side.laid.count(C.CALIENTE)
    if caliente_played:
        score.add(
            lambda: f"{caliente_played} Caliente card{'s' * (caliente_played > 1)} played",
            -config.caliente_played_penalty * caliente_played,
        )
    for player in side.players:
        held = hands.get(player)
        if held and any(held.values()):
            cost, how = hand_penalty(held, config)
            score.add(lambda p=player, h=held, how=how: _left_in_hand(p, h, how), -cost)
    return score


def _left_in_hand(player: str, held: Counter[str], how: str) -> str:
    cards = C.show(sorted(held.elements(), key=C.ORDER.__getitem__))
    return f"left in {player}'s hand ({cards}){' ' + how if how else ''}"
