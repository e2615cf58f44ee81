"""Bonus cards (red threes): laid beside the melds with `bonus`, each replaced from the stock."""

from __future__ import annotations

from .. import cards as C
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
    # a replacement comes from the stock: with the stock drawn out there is none to take
    owed = state.replacements_owed + replaced
    state.replacements_owed = min(owed, table.stock_count)
    if owed > state.replacements_owed:
        r.paths["bonus-laid-no-replacement-left"] += 1


def lay_bonus(r: HandContext, player: str, action: LayBonus, from_pile: int) -> int:
    """Lay Bonus cards from a hand; returns how many need a replacement."""
    if any(c != C.BONUS for c in action.cards):
        raise Illegal(
            "bonus-replacement",
            f"only {r.config.words.bonus}s are laid with `bonus`, not {C.show(action.cards)}",
            action,
        )
    hand = r.table.hands[player]
    if hand[C.BONUS] < len(action.cards):
        raise Illegal(
            "card-not-held",
            f"{player} lays {C.number(len(action.cards))} {r.config.words.bonus}{'s' * (len(action.cards) > 1)} but holds "
            f"{'only ' + C.number(hand[C.BONUS]) if hand[C.BONUS] else 'none'}",
            action,
        )
    hand[C.BONUS] -= len(action.cards)
    r.table.side_of[player].laid.extend(action.cards)
    return max(0, len(action.cards) - from_pile)
