"""The Foot (Hand & Foot): picked up once the Hand is played out."""

from __future__ import annotations

from ..records import PickUpFoot
from .context import HandContext, TurnState
from .illegal import Illegal


def pick_up_foot(r: HandContext, state: TurnState, action: PickUpFoot) -> None:
    """The Foot is picked up once the Hand is played out: at once, when the player melds the
    last card of the Hand, or as the next turn begins, when it went as a discard."""
    if not r.config.foot_size:
        raise Illegal("draw-first", "there is no Foot in this rule set: `foot` is a Hand & Foot action", action)
    foot = r.table.feet.get(state.player)
    if foot is None:
        raise Illegal("foot-pickup", f"{state.player} has already picked up the Foot", action)
    held = state.hand.total()
    if held:
        raise Illegal(
            "foot-pickup",
            f"{state.player} still holds {held} card{'s' * (held > 1)} of the Hand: the Foot is picked up only once "
            "the Hand is played out",
            action,
        )
    if state.replacements_owed:
        raise Illegal(
            "bonus-replacement",
            f"{state.player} must first draw the replacement for the {r.config.words.bonus} laid",
            action,
        )
    state.hand.update(foot)
    del r.table.feet[state.player]
    r.paths["foot-at-once" if state.drawn else "foot-next-turn"] += 1
