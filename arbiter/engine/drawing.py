"""Drawing from the stock: the turn's draw, and the draws the turn owes (a Bonus card's
replacement, and what an action a rule set brings leaves owing when it is played instead of
drawing: `TurnState.owed_draw`, said in the words of `TurnState.instead`)."""

from __future__ import annotations

from ..i18n import msg, msg_n, term
from ..notation.records import Draw
from .context import HandContext, TurnState
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
    elif state.owed_draw:  # after an action played instead of drawing (TurnState.instead)
        instead = state.instead
        assert instead is not None
        if len(cards) != state.owed_draw:
            raise instead.miscounted(r, state, action, len(cards))
        last = len(cards) == table.stock_count
        table.draw_from_stock(cards, action)
        state.owed_draw = 0
        r.paths[instead.owed_path] += 1
        if last:
            r.paths["draw-last-card"] += 1
    elif state.instead is not None:
        raise state.instead.draws_again(r, state, action)
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
    elif state.unreplaced_late and state.drawn:
        raise Illegal(
            "bonus-replacement",
            msg(
                "{player} draws a replacement for a {bonus} laid with {left} cards or fewer in the stock: at this "
                "table a {bonus} laid then is not replaced",
                player=state.player,
                bonus=term(config.words.bonus),
                left=config.replacements_stop_at,
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
        hand[card] = hand.get(card, 0) + 1  # a card not held yet: no call to Counter.__missing__
    if table.stock_count == 0 and cards and cards[-1] in config.replaced_cards:
        state.last_bonus = True
        if config.last_bonus_kept:  # it stays in the drawer's hand, and the hand ends at once
            r.outcome.ended = not config.last_bonus_goes_out  # or with the turn, if its drawer does not go out
            r.outcome.kept_last = (state.player, cards[-1])
            r.paths["bonus-drawn-last-kept"] += 1
