"""The actions of a turn: one handler per action, found by the action's record type.

A handler checks every rule its action must meet, raising `Illegal` before it changes the table,
then applies the action. The draw and the discard are most of all actions: they stay short.
Handlers are plain functions of (hand context, turn state, action); engine/steps.py plays a
turn's actions through HANDLERS. Each lives in the module named for what it does: drawing.py
(`draw`, `caliente`), taking_the_pile.py (`take`), melding.py (`meld`, `add`), bonus_cards.py
(`bonus`), ending.py (`discard`), going_out.py (`ask`, `out`), passing.py (`pass`, the forced
take) and foot.py (`foot`); first_meld.py checks a side's first meld, holding.py the cards held.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..records import Add, Ask, Discard, Draw, GoOut, LayBonus, Meld, Pass, PickUpFoot, PlayCaliente, Take
from .bonus_cards import bonus
from .context import HandContext, TurnState
from .drawing import draw, play_caliente
from .ending import discard
from .foot import pick_up_foot
from .going_out import ask, go_out
from .melding import add, meld
from .passing import pass_
from .taking_the_pile import take

# Each action's handler, by the action's record type.
HANDLERS: dict[type, Callable[[HandContext, TurnState, Any], None]] = {
    Draw: draw,
    Take: take,
    Meld: meld,
    Add: add,
    Discard: discard,
    LayBonus: bonus,
    PlayCaliente: play_caliente,
    Ask: ask,
    Pass: pass_,
    GoOut: go_out,
    PickUpFoot: pick_up_foot,
}
