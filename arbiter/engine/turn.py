"""The actions of a turn: one handler per action, found by the action's record type.

A handler checks every rule its action must meet, raising `Illegal` before it changes the table,
then applies the action. The draw and the discard are most of all actions: they stay short.
Handlers are plain functions of (hand context, turn state, action); engine/steps.py plays a
turn's actions through `handler_for`. HANDLERS holds the actions every family plays, each in the
module named for what it does: drawing.py (`draw`), taking_the_pile.py (`take`), melding.py
(`meld`, `add`), bonus_cards.py (`bonus`), ending.py (`discard`), going_out.py (`ask`, `out`) and
passing.py (`pass`, the forced take); first_meld.py checks a side's first meld, holding.py the
cards held. The actions only some families play (a `FamilyAction`: a keyword and its cards) come
with their rule set (`Config.actions`, by keyword, from a module of the family: docs/engine.md
lists them); a rule set that does not bring one refuses it with the words its family declares
(`Config.unplayed`, `ActionKind.refusal`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..notation.family_words import written_problem
from ..notation.records import Action, Add, Ask, Discard, Draw, FamilyAction, GoOut, LayBonus, Meld, Pass, Take
from .bonus_cards import bonus
from .context import HandContext, TurnState
from .drawing import draw
from .ending import discard
from .going_out import ask, go_out
from .illegal import Illegal
from .melding import add, meld
from .passing import pass_
from .taking_the_pile import take

Handler = Callable[[HandContext, TurnState, Any], None]

# Each action's handler, by the action's record type: the actions every family plays.
HANDLERS: dict[type, Handler] = {
    Draw: draw,
    Take: take,
    Meld: meld,
    Add: add,
    Discard: discard,
    LayBonus: bonus,
    Ask: ask,
    Pass: pass_,
    GoOut: go_out,
}


def handler_for(r: HandContext, state: TurnState, action: Action) -> Handler:
    """The handler of `action`: the engine's, or the rule set's own (a family's action, found by its
    keyword); another family's action is refused with its family's words, and one written as no
    family writes it (a word none brings, cards where it takes none) is told so."""
    found = HANDLERS.get(type(action))
    if found is not None:
        return found
    assert isinstance(action, FamilyAction)  # every other kind of action is the engine's
    extra = r.config.actions.get(action.keyword)
    if extra is not None and extra.kind.cards == bool(action.cards):
        return extra.handle
    other = r.config.unplayed.get(action.keyword)
    if other is not None:
        code, words = other.refusal(state.player, r.config.words)
        raise Illegal(code, words, action)
    kinds = (*(brought.kind for brought in r.config.actions.values()), *r.config.unplayed.values())
    problem = written_problem(action, {kind.keyword: kind.cards for kind in kinds})
    assert problem is not None  # its word is no family's, or its cards are not as its family writes them
    raise Illegal("syntax-error", problem, action)


def picks_up_foot(r: HandContext, action: Action) -> bool:
    """Whether an action picks up the Foot (an action the rule set brings)."""
    if type(action) is not FamilyAction:
        return False
    extra = r.config.actions.get(action.keyword)
    return extra is not None and extra.picks_up_foot
