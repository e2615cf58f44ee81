"""The player's cards: whether the player holds what an action plays (and where a missing card
is, when it waits in the Foot), and what an action needs done first (the draw, a replacement, a
refill)."""

from __future__ import annotations

from collections.abc import Sequence

from .. import cards as C
from ..records import Node
from .context import HandContext, TurnState
from .illegal import Illegal


def check_held(
    r: HandContext, state: TurnState, cards: Sequence[str], node: Node, used: dict[str, int] | None = None
) -> None:
    """Whether the player holds `cards` (beyond the cards `used` earlier in the same action)."""
    hand = state.hand
    if len(cards) == 1:
        card = cards[0]
        if hand[card] - (used.get(card, 0) if used else 0) < 1:
            raise Illegal(
                "card-not-held",
                f"{state.player} plays {r.config.words.describe(card)} but holds none{in_foot(r, state, card)}",
                node,
            )
        return
    for card in dict.fromkeys(cards):  # each card once, in order: a Counter costs more for so few
        n = cards.count(card)
        have = hand[card] - (used.get(card, 0) if used else 0)
        if have < n:
            held = "only " + C.number(have) if have else "none"
            raise Illegal(
                "card-not-held",
                f"{state.player} melds {r.config.words.counted(n, card)} but holds {held}{in_foot(r, state, card)}",
                node,
            )


def in_foot(r: HandContext, state: TurnState, card: str) -> str:
    """Where a card missing from the hand is, when it is in the player's Foot not yet picked up."""
    foot = r.table.feet.get(state.player)
    return f" in hand: the Foot, not yet picked up, holds {card}" if foot and foot[card] else ""


def remove(state: TurnState, cards: Sequence[str]) -> None:
    """Take cards out of the player's hand (check_held has passed)."""
    hand = state.hand
    for card in cards:
        hand[card] -= 1


def require_drawn(r: HandContext, state: TurnState, node: Node, what: str) -> None:
    if not state.drawn:
        raise Illegal("draw-first", f"{state.player} must draw or take the {r.config.words.pile} before {what}", node)
    if state.last_bonus and not r.config.last_bonus_melds:
        raise Illegal(
            "last-bonus",
            f"{state.player} drew a {r.config.words.bonus} as the last card of the stock: it is laid and the hand "
            f"ends, with no {what}",
            node,
        )
    if state.replacements_owed:
        raise Illegal(
            "bonus-replacement",
            f"{state.player} must first draw the replacement for the {r.config.words.bonus} laid",
            node,
        )
    if state.refill_owed:
        raise Illegal(
            "caliente-refill",
            f"{state.player} must first draw up to {r.config.caliente_refill} cards after playing the Caliente "
            f"card: {state.refill_owed} more",
            node,
        )
