"""Passing on an exhausted stock, and the forced take: a player who could take an unfrozen up card
onto a meld of the side, and still finish the turn, must take it."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .. import cards as C
from ..i18n import msg, msg_n
from ..notation.records import Pass
from ..rules.policies import PileTake
from .context import HandContext, TurnState
from .illegal import Illegal
from .melds import MeldState, meld_problem


def pass_(r: HandContext, state: TurnState, action: Pass) -> None:
    table, config = r.table, r.config
    if state.drawn:
        raise Illegal("pass", msg("a player passes instead of drawing, not after"), action)
    if table.stock_count > 0:
        raise Illegal(
            "pass",
            msg_n(
                "the stock still has {n} cards: a player may pass only when it is exhausted",
                "the stock still has {n} cards: a player may pass only when it is exhausted",
                table.stock_count,
            ),
            action,
        )
    top = table.pile[-1] if table.pile else None
    frozen = table.frozen or config.always_frozen
    target = fitting_meld(r, state, top) if top and C.is_natural(top) and not frozen else None
    if target is not None and could_finish_after_taking(r, state, target):
        raise Illegal(
            "forced-take",
            msg(
                "the stock is exhausted and the unfrozen up card {top} fits {side}'s meld: {player} must take it",
                top=top,
                side=state.side.name,
                player=state.player,
            ),
            action,
        )
    state.drawn = True
    r.outcome.ended = True
    r.paths["pass"] += 1
    if top in config.blocks_pile:
        r.paths["pass-blocked"] += 1


def fitting_meld(r: HandContext, state: TurnState, top: str) -> MeldState | None:
    """The side's meld an unfrozen up card could be taken onto, by the rule set's take and meld
    rules, or None."""
    config, side = r.config, state.side
    for meld in side.melds:
        if not meld.is_sequence and meld.rank != top:
            continue
        take = PileTake(
            top,
            (),
            True,
            side.name,
            side.has_melded,
            False,
            _cards_of(meld),
            len(r.table.pile),
            state.hand.total(),
            r.table.stock_count,
        )
        cards = (*meld.cards, top)
        if (
            config.take_problem(take, config) is None
            and meld_problem(cards, config, False) is None
            and config.addition_problem(meld.cards, [top], config) is None
        ):
            return meld
    return None


def could_finish_after_taking(r: HandContext, state: TurnState, target: MeldState) -> bool:
    """Whether a player who took the up card onto `target` could still end the turn legally:
    discard and keep a card, or go out with the canastas the side needs. A take the player
    could not finish is not forced."""
    if r.config.keeps_last_card:  # a player short of canastas keeps a last card: every take can be finished
        return True
    config = r.config
    if state.hand.total() + len(r.table.pile) - 1 >= 2:
        return True
    melds = [[*meld.cards, r.table.pile[-1]] if meld is target else meld.cards for meld in state.side.melds]
    return config.go_out_problem(melds, config) is None


def _cards_of(meld: MeldState) -> Callable[[], Sequence[str]]:
    return lambda: meld.cards
