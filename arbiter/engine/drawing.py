"""Drawing from the stock (and the draws a Bonus card's replacement or a Caliente card's refill
owe), and playing a Caliente card instead of drawing."""

from __future__ import annotations

from .. import cards as C
from ..records import Draw, PlayCaliente
from .context import HandContext, TurnState
from .holding import check_held
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
                f"{state.player} owes {expected} replacement card{'s' * (expected != 1)} for the {r.config.words.bonus}s laid, and draws {len(cards)}",
                action,
            )
        table.draw_from_stock(cards, action)
        state.replacements_owed -= len(cards)
    elif state.refill_owed:
        expected = state.refill_owed
        if len(cards) != expected:
            raise Illegal(
                "caliente-refill",
                f"after a Caliente card {state.player} draws up to {config.caliente_refill} cards: "
                f"{expected} card{'s' * (expected != 1)}, not {len(cards)}",
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
            f"after a Caliente card {state.player} draws only up to {config.caliente_refill} cards, and no more",
            action,
        )
    elif state.unreplaced_bonus:
        raise Illegal(
            "bonus-replacement",
            f"{state.player} draws a replacement for a {config.words.bonus} that came with the first "
            f"{config.words.pile}: such a {config.words.bonus} is laid without one",
            action,
        )
    elif state.drawn:
        raise Illegal("draw-count", f"{state.player} has already drawn this turn", action)
    else:
        if table.stock_count == 0:
            then = (
                "the hand is over and the player passes"
                if config.exhausted_stock_ends_hand
                else "the player must take the up card or pass"
            )
            raise Illegal("stock-empty", f"the stock is exhausted: {then}", action)
        expected = min(config.draw_count, table.stock_count)
        if len(cards) != expected:
            raise Illegal(
                "draw-count",
                f"a player draws {expected} card{'s' * (expected != 1)} from the stock, not {len(cards)}",
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
        what = (
            "a second Caliente card in one turn"
            if state.caliente_played
            else f"a Caliente card after taking the {config.words.pile}"
            if state.took_pile
            else "a Caliente card after drawing"
        )
        raise Illegal("caliente-card", f"{state.player} may not play {what}: it is played instead of drawing", action)
    if state.replacements_owed:
        raise Illegal(
            "bonus-replacement",
            f"{state.player} must first draw the replacement for the {r.config.words.bonus} laid",
            action,
        )
    if table.stock_count == 0 and not r.config.caliente_on_exhausted_stock:
        raise Illegal(
            "caliente-card",
            "the stock is exhausted, so there is nothing to draw up from: the player takes the up card or passes "
            "(option caliente-on-exhausted-stock allows it)",
            action,
        )
    own = len(state.side.melds)
    for other in table.sides.values():
        if other is not state.side and own > len(other.melds):
            raise Illegal(
                "caliente-card",
                f"{state.side.name} has melded {own} set{'s' * (own != 1)}, more than {other.name}'s "
                f"{len(other.melds)}: a Caliente card may only be played by a side that has not melded more sets "
                "than an opponent",
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
