"""Scoring a hand: what each side's melds, bonuses and cards left in hand are worth.

Each side's score is returned with its breakdown (label, points), so a ruling can explain a
score line by line, as the rule books' scoring example does. What the rule set decides (what a
canasta is worth, what cards laid beside the melds score, what the cards left in a hand cost) are
its policies `Config.canasta_bonus`, `Config.laid_score` and `Config.hand_penalty`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from .. import cards as C
from ..i18n import msg
from ..rules.base import Config
from .table import SideState


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


def score_side(
    side: SideState,
    hands: dict[str, Counter[str]],
    config: Config,
    *,
    went_out: bool,
    concealed: bool,
    feet: dict[str, Counter[str]] | None = None,
) -> Score:
    # The labels are lambdas, their values bound as default arguments: the loop moves on.
    score = Score()
    for meld in side.melds:
        score.add(
            lambda m=meld: msg("melded {meld} ({cards})", meld=m.name, cards=C.show(m.cards)), C.points(meld.cards)
        )
    if went_out:
        score.add(lambda: msg("going out"), config.going_out_bonus)
        if concealed:
            score.add(lambda: msg("going out concealed"), config.concealed_bonus)
    for meld in side.melds:
        canasta = config.canasta_bonus(meld.cards, config)
        if canasta is not None:
            score.add(
                lambda m=meld, kind=canasta[0]: (
                    msg("{kind}: {meld}", kind=kind(), meld=m.name)
                    if m.is_sequence
                    else msg("{kind} of {meld}", kind=kind(), meld=m.name)
                ),
                canasta[1],
            )
    for label, points in config.laid_score(side.laid, [meld.cards for meld in side.melds], config):
        score.add(label, points)
    for player in side.players:
        held = hands.get(player)
        if held and any(held.values()):
            cost, how = config.hand_penalty(held, config)
            score.add(lambda p=player, h=held, how=how: _left_in_hand(p, h, how), -cost)
        foot = feet.get(player) if feet else None
        if foot:  # a Foot never picked up counts against the side like a hand
            cost, how = config.hand_penalty(foot, config)
            score.add(lambda p=player, h=foot, how=how: _left_in_hand(p, h, how, foot=True), -cost)
    return score


def _left_in_hand(player: str, held: Counter[str], how: str, foot: bool = False) -> str:
    values = {"player": player, "cards": C.show(sorted(held.elements(), key=C.ORDER.__getitem__))}
    if foot:
        if how:
            return msg("left in {player}'s Foot ({cards}) {how}", how=how, **values)
        return msg("left in {player}'s Foot ({cards})", **values)
    if how:
        return msg("left in {player}'s hand ({cards}) {how}", how=how, **values)
    return msg("left in {player}'s hand ({cards})", **values)
