"""The player's cards: whether the player holds what an action plays (and where a missing card
is, when it waits in the Foot), and what an action needs done first (the draw, a replacement, a
draw owed)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .. import cards as C
from ..i18n import Text, msg, term
from ..notation.records import Node
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
            raise Illegal("card-not-held", plays_unheld(r, state, card), node)
        return
    for card in dict.fromkeys(cards):  # each card once, in order: a Counter costs more for so few
        n = cards.count(card)
        have = hand[card] - (used.get(card, 0) if used else 0)
        if have < n:
            raise Illegal("card-not-held", melds_unheld(r, state, card, n, have), node)


def plays_unheld(r: HandContext, state: TurnState, card: str) -> Text:
    """The player plays a card not held (and says where it is, when it waits in the Foot)."""
    values = {"player": state.player, "card": r.config.words.describe(card)}
    if in_foot(r, state, card):
        return msg(
            "{player} plays {card} but holds none in hand: the Foot, not yet picked up, holds {held}",
            held=card,
            **values,
        )
    return msg("{player} plays {card} but holds none", **values)


def melds_unheld(r: HandContext, state: TurnState, card: str, n: int, have: int) -> Text:
    """The player melds `n` of a card and holds fewer (and says where they are, when in the Foot)."""
    values = {"player": state.player, "cards": r.config.words.counted(n, card)}
    if in_foot(r, state, card):
        values["held"] = card
        if have:
            return msg(
                "{player} melds {cards} but holds only {count} in hand: the Foot, not yet picked up, holds {held}",
                count=C.number(have),
                **values,
            )
        return msg("{player} melds {cards} but holds none in hand: the Foot, not yet picked up, holds {held}", **values)
    if have:
        return msg("{player} melds {cards} but holds only {count}", count=C.number(have), **values)
    return msg("{player} melds {cards} but holds none", **values)


def in_foot(r: HandContext, state: TurnState, card: str) -> bool:
    """Whether a card missing from the hand is in the player's Foot, not yet picked up."""
    foot = r.table.feet.get(state.player)
    return bool(foot and foot[card])


# What an action is called in "must draw ... before {what}": made only when the rule is broken.
ACTIONS: dict[str, Callable[[], Text]] = {
    "melding": lambda: msg("melding"),
    "adding to a meld": lambda: msg("adding to a meld"),
    "discarding": lambda: msg("discarding"),
}


def require_drawn(r: HandContext, state: TurnState, node: Node, action: str) -> None:
    """What an action (melding, adding to a meld, discarding: a key of ACTIONS) needs done first."""
    if not state.drawn:
        raise Illegal(
            "draw-first",
            msg(
                "{player} must draw or take the {pile} before {what}",
                player=state.player,
                pile=term(r.config.words.pile),
                what=ACTIONS[action](),
            ),
            node,
        )
    if state.last_bonus and not r.config.last_bonus_melds:
        raise Illegal(
            "last-bonus",
            msg(
                "{player} drew a {bonus} as the last card of the stock: it is laid and the hand ends, with no {what}",
                player=state.player,
                bonus=term(r.config.words.bonus),
                what=ACTIONS[action](),
            ),
            node,
        )
    if state.replacements_owed:
        raise Illegal("bonus-replacement", replacement_first(r, state), node)
    if state.owed_draw:
        assert state.instead is not None
        raise state.instead.put_off(r, state, node)


def replacement_first(r: HandContext, state: TurnState) -> Text:
    return msg(
        "{player} must first draw the replacement for the {bonus} laid",
        player=state.player,
        bonus=term(r.config.words.bonus),
    )
