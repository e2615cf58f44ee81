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
from .melds import MeldState
from .table import SideState

Label = Callable[..., str]
"""Makes a line's label from the values the line keeps (`_melded(meld)`), when it is read."""


@dataclass(slots=True)
class Score:
    """A side's points for a hand, and how they were made. Every hand is scored but a breakdown
    is read only when a declared score is wrong, so a line keeps what its label is made from, and
    the label is made when it is read."""

    points: int = 0
    items: list[tuple[Label, tuple[object, ...], int]] = field(default_factory=list)
    """(label, the values it is made from, points) for each line that counts."""

    @property
    def lines(self) -> list[tuple[str, int]]:
        """The breakdown, (label, points) line by line."""
        return [(label(*values), points) for label, values, points in self.items]


def score_side(
    side: SideState,
    hands: dict[str, Counter[str]],
    config: Config,
    *,
    went_out: bool,
    concealed: bool,
    feet: dict[str, Counter[str]] | None = None,
    laid_out: tuple[str, Callable[[], str], int] | None = None,
    kept_last: tuple[str, str] | None = None,
) -> Score:
    if laid_out is not None and laid_out[0] == side.name:  # a special hand scores its value alone
        return Score(laid_out[2], [(laid_out[1], (), laid_out[2])])
    # Every hand scores every meld of both sides: a line is a tuple, its label a plain function of
    # the values kept beside it, and a meld shorter than a canasta is never asked about its bonus.
    melds = side.melds
    sign = config.melded_sign(side.canastas(config))  # Modern American Canasta: minus without a canasta
    items: list[tuple[Label, tuple[object, ...], int]] = [
        (_melded, (meld,), sign * C.points(meld.cards)) for meld in melds
    ]
    if went_out:
        items.append((_going_out, (), config.going_out_bonus))
        if concealed:
            items.append((_going_out_concealed, (), config.concealed_bonus))
    size, canasta_bonus = config.canasta_size, config.canasta_bonus
    for meld in melds:
        if len(meld.cards) >= size and (canasta := canasta_bonus(meld.cards, config)) is not None:
            items.append((_canasta, (meld, canasta[0]), canasta[1]))
    items += [(label, (), points) for label, points in config.laid_score(side.laid, [m.cards for m in melds], config)]
    unfinished = config.unfinished_penalty
    if unfinished is not None:  # a meld that costs its side while it is short of a canasta
        items += [(_unfinished, (m,), -unfinished(m.cards, config)) for m in melds if len(m.cards) < size]
    for player in side.players:
        held = hands.get(player)
        if kept_last is not None and kept_last[0] == player and config.last_bonus_cost is not None and held:
            held = _kept_apart(held, kept_last[1], items, config.last_bonus_cost)
        if held and any(held.values()):
            cost, how = config.hand_penalty(held, config)
            items.append((_left_in_hand, (player, held, how), -cost))
        foot = feet.get(player) if feet else None
        if foot:  # a Foot never picked up counts against the side like a hand
            cost, how = config.hand_penalty(foot, config)
            items.append((_left_in_hand, (player, foot, how, True), -cost))
    if config.side_hand_penalty is not None:  # what the partners' hands cost together (Modern American Canasta)
        held_by_side = [held for player in side.players if (held := hands.get(player))]
        items += [(label, (), -points) for label, points in config.side_hand_penalty(held_by_side, config)]
    items = [item for item in items if item[2]]  # a line worth nothing is left out
    return Score(sum([item[2] for item in items]), items)


def _melded(meld: MeldState) -> str:
    return msg("melded {meld} ({cards})", meld=meld.name, cards=C.show(meld.cards))


def _unfinished(meld: MeldState) -> str:
    return msg("unfinished meld {meld} ({cards})", meld=meld.name, cards=C.show(meld.cards))


def _going_out() -> str:
    return msg("going out")


def _going_out_concealed() -> str:
    return msg("going out concealed")


def _canasta(meld: MeldState, kind: Callable[[], str]) -> str:
    if meld.is_sequence:
        return msg("{kind}: {meld}", kind=kind(), meld=meld.name)
    return msg("{kind} of {meld}", kind=kind(), meld=meld.name)


def _left_in_hand(player: str, held: Counter[str], how: str, foot: bool = False) -> str:
    values = {"player": player, "cards": C.show(sorted(held.elements(), key=C.ORDER.__getitem__))}
    if foot:
        if how:
            return msg("left in {player}'s Foot ({cards}) {how}", how=how, **values)
        return msg("left in {player}'s Foot ({cards})", **values)
    if how:
        return msg("left in {player}'s hand ({cards}) {how}", how=how, **values)
    return msg("left in {player}'s hand ({cards})", **values)


def _kept_apart(
    held: Counter[str], card: str, items: list[tuple[Label, tuple[object, ...], int]], cost: int
) -> Counter[str]:
    """The card drawn as the stock's last and kept, scored on a line of its own (`Config.last_bonus_cost`);
    the rest of the hand, as the hand's own line counts it."""
    if held[card] < 1:
        return held
    items.append((_drawn_last, (card,), -cost))
    rest = Counter(held)
    rest[card] -= 1
    return rest


def _drawn_last(card: str) -> str:
    return msg("{card} drawn as the last card of the stock, left in hand", card=card)
