"""The talon (Modern American Canasta): the cards a side's opener draws from the stock after the
opening turn's discard, written as a `draw` after the `discard`. How many is the rule set's
(`Config.talon`): by default none, and a draw after the discard is refused as ever."""

from __future__ import annotations

from ..i18n import msg, msg_n
from ..records import Draw
from ..rules.base import Config
from .context import HandContext, TurnState
from .illegal import Illegal


def talon_due(r: HandContext, state: TurnState) -> int:
    """The cards of the talon the player may still draw this turn (0 when none)."""
    side = state.side
    if state.talon_drawn or not state.discarded or state.side_melded_at_start or not side.melds:
        return 0
    opened_before = sum(1 for other in r.table.sides.values() if other is not side and other.melds)
    stock = r.table.stock_count
    return min(r.config.talon(opened_before, state.took_pile, stock, r.config), stock)


def has_talon(config: Config) -> bool:
    """Whether the rule set has a talon at all: what a first opener would draw from a full stock."""
    return config.talon(0, False, config.pack().total(), config) > 0


def draw_talon(r: HandContext, state: TurnState, action: Draw, due: int) -> None:
    """The talon drawn after the discard: a position (arbiter/positions) keeps the turn open after
    a discard the talon follows, offers the talon's draw alone and ends the turn with it (a talon
    forgotten is lost: ending the turn without it is allowed, not offered)."""
    if not due:
        raise Illegal(
            "talon",
            msg(
                "{player} draws after the discard, but no talon is due: only the opening turn's discard of a side, "
                "opened from the stock before the turn card was drawn, earns one",
                player=state.player,
            ),
            action,
            listed=False,  # the discard ended the turn: nothing is allowed after it
        )
    if len(action.cards) != due:
        raise Illegal(
            "talon",
            msg_n(
                "{player} opened and draws a talon of {n} card from the stock, not {drawn}",
                "{player} opened and draws a talon of {n} cards from the stock, not {drawn}",
                due,
                player=state.player,
                drawn=len(action.cards),
            ),
            action,
        )
    r.table.draw_from_stock(action.cards, action)
    hand = state.hand
    for card in action.cards:
        hand[card] = hand.get(card, 0) + 1
    state.talon_drawn = True
    r.paths["talon"] += 1
