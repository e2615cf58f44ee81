"""What a rule set says of an action of the notation it does not bring.

The notation reads every family's actions, so a record may write one its rule set does not play
(a `foot` in Canasta Caliente, a `caliente` in Hand & Foot). The actions every family plays are
the engine's (engine/turn.py's HANDLERS); the others come with the rule sets that bring them
(`Config.actions`). Where a rule set does not bring one, it is refused with these words: those it
met when the engine carried every family's actions (with no Caliente card in the packs none is
held; with no Foot dealt there is none to pick up).
"""

from __future__ import annotations

from collections.abc import Callable

from .. import cards as C
from ..i18n import Text, msg
from ..records import LaySpecial, PickUpFoot, PlayCaliente
from .base import Words

Refusal = Callable[[str, Words], tuple[str, Text]]
"""(the player, the rule set's words) -> the code and the words of the finding."""

REFUSALS: dict[type, Refusal] = {
    PlayCaliente: lambda player, words: (
        "card-not-held",
        msg("{player} plays {card} but holds none", player=player, card=words.describe(C.CALIENTE)),
    ),
    PickUpFoot: lambda player, words: (
        "draw-first",
        msg("there is no Foot in this rule set: `foot` is a Hand & Foot action"),
    ),
    LaySpecial: lambda player, words: (
        "meld-rank",
        msg("there are no special hands in this rule set: `special` is a Modern American Canasta action"),
    ),
}
"""By the action's record type, the refusal of each action some rule set brings."""
