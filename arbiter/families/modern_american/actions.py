"""The action Modern American Canasta brings beyond the engine's own: a special hand laid
(`special CARDS`, ACN 1.2), the player's whole hand at once, which ends the hand; its side scores
the hand's value alone (engine `HandOutcome.laid_out`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from ... import cards as C
from ...engine.holding import check_held, require_drawn
from ...engine.illegal import Illegal
from ...i18n import Text, msg, pmsg
from ...notation.records import FamilyAction
from ...rules.base import ActionKind, ExtraAction, Words
from .specials import special_hand, wins_the_game


def no_special_hands(player: str, words: Words) -> tuple[str, Text]:
    """Where the rule set does not bring it: no special hands."""
    return "meld-rank", msg(
        "there are no special hands in this rule set: `special` is a Modern American Canasta action"
    )


KIND = ActionKind(
    keyword="special",
    heading=pmsg("legal moves of a kind", "Lay a special hand"),
    said=msg("lay the whole hand as a special hand"),
    related=("special", "meld"),
    paths=("special-hand",),
    refusal=no_special_hands,
    cards=True,
)
"""A special hand laid."""


def lay_special(r: Any, state: Any, action: FamilyAction) -> None:
    require_drawn(r, state, action, "melding")
    config, side, cards = r.config, state.side, action.cards
    if _opened(r, state):
        raise Illegal("special-hand", msg("a special hand is laid only by a side that has not opened"), action)
    if state.took_pile and not config.options.get("special-from-pile", False):
        raise Illegal(
            "special-hand", msg("the fourteenth card of a special hand comes from the stock, not the pile"), action
        )
    check_held(r, state, cards, action)
    if Counter(cards) != +state.hand:
        raise Illegal("special-hand", msg("a special hand is the player's whole hand, laid at once"), action)
    found = special_hand(cards, config)
    if found is None:
        raise Illegal(
            "special-hand",
            msg("[{cards}] is none of the special hands this table plays", cards=C.show(cards)),
            action,
            remedy=r.minimum_remedy(),
            adjustment=r.minimum_adjustment(side),
        )
    name, value = found
    state.hand.clear()
    r.outcome.ended = True
    r.outcome.laid_out = (side.name, name, value)
    if wins_the_game(cards, config):  # a Dream Hand: the game is won at once (engine/game.py)
        r.outcome.wins_game = side.name
    r.paths["special-hand"] += 1


def _opened(r: Any, state: Any) -> bool:
    """Whether the side has opened, as far as a special hand asks: with the courtesy (option
    courtesy-special), the partner of a player who has just opened plays the next turn as though
    the side had not."""
    if not state.side.melds:
        return False
    courtesy = r.config.options.get("courtesy-special", False)
    return not (courtesy and state.player in r.table.opened_since)


def _offers(r: Any, state: Any) -> Iterable[FamilyAction]:
    """The whole hand as a special hand, where it makes one."""
    if not state.drawn or _opened(r, state):
        return ()
    cards = tuple(sorted(state.hand.elements(), key=C.ORDER.__getitem__))
    return (KIND.action(cards),) if special_hand(cards, r.config) else ()


SPECIAL_HAND = ExtraAction(lay_special, _offers, KIND)
