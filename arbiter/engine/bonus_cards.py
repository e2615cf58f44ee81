"""Bonus cards (red threes): laid beside the melds with `bonus`, each replaced from the stock."""

from __future__ import annotations

from .. import cards as C
from ..i18n import Text, msg
from ..records import LayBonus
from .context import HandContext, TurnState
from .illegal import Illegal


def bonus(r: HandContext, state: TurnState, action: LayBonus) -> None:
    table = r.table
    if table.stock_count == 0 and state.last_bonus:
        lay_bonus(r, state.player, action, from_pile=len(action.cards))
        r.outcome.ended = True
        r.paths["bonus-drawn-last"] += 1
        return
    r.paths["bonus-laid"] += 1
    replaced = lay_bonus(r, state.player, action, from_pile=state.pile_bonus)
    state.pile_bonus -= len(action.cards) - replaced
    state.unreplaced_bonus += len(action.cards) - replaced
    # a replacement comes from the stock: with the stock drawn out there is none to take, nor, where
    # the rule set stops replacing (Config.replacements_stop_at), once the stock is down to it
    owed = state.replacements_owed + replaced
    stop = r.config.replacements_stop_at
    state.replacements_owed = min(owed, table.stock_count - stop if table.stock_count > stop else 0)
    state.unreplaced_late += min(owed, table.stock_count) - state.replacements_owed
    if owed > state.replacements_owed:
        r.paths["bonus-laid-no-replacement-left"] += 1


def lay_bonus(r: HandContext, player: str, action: LayBonus, from_pile: int) -> int:
    """Lay Bonus cards from a hand; returns how many need a replacement."""
    laid = r.config.replaced_cards
    if any(c not in laid for c in action.cards):
        raise Illegal(
            "bonus-replacement",
            msg(
                "only {bonuses} are laid with `bonus`, not {cards}",
                bonuses=r.config.words.bonuses(),
                cards=C.show(action.cards),
            ),
            action,
        )
    hand = r.table.hands[player]
    for card in set(action.cards):  # one kind of card but in Modern American Canasta (both threes)
        if hand[card] < action.cards.count(card):
            raise Illegal(
                "card-not-held",
                lays_unheld(r, player, action.cards.count(card), hand[card]),
                action,
            )
    for card in action.cards:
        hand[card] -= 1
    r.table.side_of[player].laid.extend(action.cards)
    return max(0, len(action.cards) - from_pile)


def lays_unheld(r: HandContext, player: str, laid: int, held: int) -> Text:
    bonuses = r.config.words.count(laid, r.config.words.bonus)
    if held:
        return msg(
            "{player} lays {bonuses} but holds only {count}", player=player, bonuses=bonuses, count=C.number(held)
        )
    return msg("{player} lays {bonuses} but holds none", player=player, bonuses=bonuses)
