"""Drawing from the stock (and the draws a Bonus card's replacement or a Caliente card's refill
owe), and playing a Caliente card instead of drawing."""

from __future__ import annotations

from .. import cards as C
from ..i18n import msg, msg_n, term
from ..records import Draw, PlayCaliente
from .context import HandContext, TurnState
from .holding import check_held, replacement_first
from .illegal import Illegal

# The path of a draw, by the cards drawn (a draw's count is checked first: one or two).
_DRAW_PATH = {1: "draw-1", 2: "draw-2"}


def draw(r: HandContext, state: TurnState, action: Draw) -> None:
    table, config = r.table, r.config
    cards = action.cards
    if state.replacements_owed:
        expected = min(state.replacements_owed, table.stock_count)
        if len(cards) != expected:
            raise Illegal(
                "bonus-replacement",
                msg_n(
                    "{player} owes {n} replacement card for the {bonuses} laid, and draws {drawn}",
                    "{player} owes {n} replacement cards for the {bonuses} laid, and draws {drawn}",
                    expected,
                    player=state.player,
                    bonuses=r.config.words.bonuses(),
                    drawn=len(cards),
                ),
                action,
            )
        table.draw_from_stock(cards, action)
        state.replacements_owed -= len(cards)
    elif state.refill_owed:
        expected = state.refill_owed
        if len(cards) != expected:
            raise Illegal(
                "caliente-refill",
                msg_n(
                    "after a Caliente card {player} draws up to {refill} cards: {n} card, not {drawn}",
                    "after a Caliente card {player} draws up to {refill} cards: {n} cards, not {drawn}",
                    expected,
                    player=state.player,
                    refill=config.caliente_refill,
                    drawn=len(cards),
                ),
                action,
            )
        last = len(cards) == table.stock_count
        table.draw_from_stock(cards, action)
        state.refill_owed = 0
        r.paths["caliente-refill"] += 1
        if last:
            r.paths["draw-last-card"] += 1
    elif state.caliente_played:
        raise Illegal(
            "caliente-refill",
            msg(
                "after a Caliente card {player} draws only up to {refill} cards, and no more",
                player=state.player,
                refill=config.caliente_refill,
            ),
            action,
        )
    elif state.unreplaced_bonus:
        raise Illegal(
            "bonus-replacement",
            msg(
                "{player} draws a replacement for a {bonus} that came with the first {pile}: such a {bonus} is laid "
                "without one",
                player=state.player,
                bonus=term(config.words.bonus),
                pile=term(config.words.pile),
            ),
            action,
        )
    elif state.drawn:
        raise Illegal("draw-count", msg("{player} has already drawn this turn", player=state.player), action)
    else:
        if table.stock_count == 0:
            then = (
                msg("the stock is exhausted: the hand is over and the player passes")
                if config.exhausted_stock_ends_hand
                else msg("the stock is exhausted: the player must take the up card or pass")
            )
            raise Illegal("stock-empty", then, action)
        expected = min(config.draw_count, table.stock_count)
        if len(cards) != expected:
            raise Illegal(
                "draw-count",
                msg_n(
                    "a player draws {n} card from the stock, not {drawn}",
                    "a player draws {n} cards from the stock, not {drawn}",
                    expected,
                    drawn=len(cards),
                ),
                action,
            )
        state.drawn = True
        r.paths[_DRAW_PATH[len(cards)]] += 1
        if len(cards) == table.stock_count:
            r.paths["draw-last-card"] += 1
        if len(cards) == 1:  # the common case
            table.take_from_stock(cards[0], action)
        else:
            table.draw_from_stock(cards, action)
    hand = state.hand
    for card in cards:
        hand[card] += 1
    if table.stock_count == 0 and cards and cards[-1] == C.BONUS:
        state.last_bonus = True


def play_caliente(r: HandContext, state: TurnState, action: PlayCaliente) -> None:
    table, config = r.table, r.config
    if state.drawn or state.caliente_played:
        if state.caliente_played:
            why = msg(
                "{player} may not play a second Caliente card in one turn: it is played instead of drawing",
                player=state.player,
            )
        elif state.took_pile:
            why = msg(
                "{player} may not play a Caliente card after taking the {pile}: it is played instead of drawing",
                player=state.player,
                pile=term(config.words.pile),
            )
        else:
            why = msg(
                "{player} may not play a Caliente card after drawing: it is played instead of drawing",
                player=state.player,
            )
        raise Illegal("caliente-card", why, action)
    if state.replacements_owed:
        raise Illegal("bonus-replacement", replacement_first(r, state), action)
    if table.stock_count == 0 and not r.config.caliente_on_exhausted_stock:
        raise Illegal(
            "caliente-card",
            msg(
                "the stock is exhausted, so there is nothing to draw up from: the player takes the up card or passes "
                "(option caliente-on-exhausted-stock allows it)"
            ),
            action,
        )
    own = len(state.side.melds)
    for other in table.sides.values():
        if other is not state.side and own > len(other.melds):
            raise Illegal(
                "caliente-card",
                msg_n(
                    "{side} has melded {n} set, more than {other}'s {theirs}: a Caliente card may only be played by a "
                    "side that has not melded more sets than an opponent",
                    "{side} has melded {n} sets, more than {other}'s {theirs}: a Caliente card may only be played by "
                    "a side that has not melded more sets than an opponent",
                    own,
                    side=state.side.name,
                    other=other.name,
                    theirs=len(other.melds),
                ),
                action,
            )
    check_held(r, state, [C.CALIENTE], action)
    state.hand[C.CALIENTE] -= 1
    state.side.laid.append(C.CALIENTE)
    state.drawn = state.caliente_played = True
    held = state.hand.total()
    state.refill_owed = max(0, min(config.caliente_refill - held, table.stock_count))
    r.paths["caliente-card"] += 1
    if not state.refill_owed:
        r.paths["caliente-no-refill"] += 1
