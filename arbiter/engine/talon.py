"""The talon (Modern American Canasta): the cards a side's opener draws after the opening turn's
discard, written as a `draw` after the `discard`: from the stock's top, or the pile dealt aside for
that side before play (`Config.talon_dealt_aside`). How many is the rule set's (`Config.talon`): by
default none, and a draw after the discard is refused as ever."""

from __future__ import annotations

from collections import Counter

from .. import cards as C
from ..i18n import msg, msg_n
from ..notation.records import Draw, Node
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
    due = r.config.talon(opened_before, state.took_pile, stock, r.config)
    sizes = r.table.talon_sizes
    if r.config.talon_dealt_aside:
        return min(due, sizes[opened_before]) if opened_before < len(sizes) else 0
    return min(due, stock)


def has_talon(config: Config) -> bool:
    """Whether the rule set has a talon at all: what a first opener would draw from a full stock."""
    return config.talon(0, False, config.pack().total(), config) > 0


def talon_pile(r: HandContext, state: TurnState) -> int | None:
    """Which pile dealt aside the opener's talon is (by the order the sides open), or None when the
    talon comes from the stock."""
    if not r.config.talon_dealt_aside:
        return None
    return sum(1 for other in r.table.sides.values() if other is not state.side and other.melds)


def known_talon(r: HandContext, state: TurnState) -> tuple[str, ...] | None:
    """The cards of the opener's pile dealt aside, where the stock line gives them."""
    pile = talon_pile(r, state)
    if pile is None or pile >= len(r.table.talons) or not r.table.talons[pile]:
        return None
    return r.table.talons[pile]


def set_talons_aside(r: HandContext, opened: int, given: list[str] | None, node: Node) -> list[str] | None:
    """The talons dealt aside before play (`Config.talon_dealt_aside`), out of the stock: a pile for
    each side that has not opened yet (`opened` sides have had theirs), from the top of what the
    deal leaves. `given`: a stock line's cards, top first, whose first cards are the piles; returns
    the rest, the stock itself."""
    config, table = r.config, r.table
    if not config.talon_dealt_aside:
        return given
    full = config.pack().total()
    sizes = tuple(0 if i < opened else config.talon(i, False, full, config) for i in range(len(table.sides)))
    if table.stock_count < sum(sizes):
        raise Illegal(
            "position",
            msg(
                "the talons dealt aside hold {count} cards, but only {unseen} cards are left for them and the stock",
                count=sum(sizes),
                unseen=table.stock_count,
            ),
            node,
        )
    table.talon_sizes = sizes
    table.stock_count -= sum(sizes)
    if given is None:
        return None
    piles: list[tuple[str, ...]] = []
    at = 0
    for size in sizes:
        piles.append(tuple(given[at : at + size]))
        at += size
    table.claim(given[:at], node)
    table.talons = tuple(piles)
    return given[at:]


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
    pile = talon_pile(r, state)
    if len(action.cards) != due:
        raise Illegal(
            "talon",
            msg_n(
                "{player} opened and draws a talon of {n} card from the stock, not {drawn}",
                "{player} opened and draws a talon of {n} cards from the stock, not {drawn}",
                due,
                player=state.player,
                drawn=len(action.cards),
            )
            if pile is None
            else msg_n(
                "{player} opened and takes the talon dealt aside for the side, {n} card, not {drawn}",
                "{player} opened and takes the talon dealt aside for the side, {n} cards, not {drawn}",
                due,
                player=state.player,
                drawn=len(action.cards),
            ),
            action,
        )
    if pile is None:
        r.table.draw_from_stock(action.cards, action)
    else:
        take_pile_aside(r, state, pile, action)
    hand = state.hand
    for card in action.cards:
        hand[card] = hand.get(card, 0) + 1
    state.talon_drawn = True
    r.paths["talon"] += 1


def take_pile_aside(r: HandContext, state: TurnState, pile: int, action: Draw) -> None:
    """The opener's pile dealt aside, taken whole: its cards where the stock line gives them, else
    cards not seen anywhere yet."""
    table = r.table
    known = known_talon(r, state)
    if known is not None and Counter(known) != Counter(action.cards):
        raise Illegal(
            "talon",
            msg(
                "the talon dealt aside for {side} is [{cards}], not [{drawn}]",
                side=state.side.name,
                cards=C.show(known),
                drawn=C.show(action.cards),
            ),
            action,
        )
    if known is None:
        table.claim(action.cards, action)
    table.talon_sizes = tuple(0 if i == pile else size for i, size in enumerate(table.talon_sizes))
    table.talons = tuple(() if i == pile else cards for i, cards in enumerate(table.talons))
