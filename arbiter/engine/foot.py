"""The Foot (Hand & Foot): picked up once the Hand is played out."""

from __future__ import annotations

from ..i18n import msg, msg_n
from ..records import PickUpFoot
from .context import HandContext, TurnState
from .holding import replacement_first
from .illegal import Illegal


def pick_up_foot(r: HandContext, state: TurnState, action: PickUpFoot) -> None:
    """The Foot is picked up once the Hand is played out: at once, when the player melds the
    last card of the Hand, or as the next turn begins, when it went as a discard."""
    if not r.config.foot_size:
        raise Illegal("draw-first", msg("there is no Foot in this rule set: `foot` is a Hand & Foot action"), action)
    foot = r.table.feet.get(state.player)
    if foot is None:
        raise Illegal("foot-pickup", msg("{player} has already picked up the Foot", player=state.player), action)
    held = state.hand.total()
    if held:
        raise Illegal(
            "foot-pickup",
            msg_n(
                "{player} still holds {n} card of the Hand: the Foot is picked up only once the Hand is played out",
                "{player} still holds {n} cards of the Hand: the Foot is picked up only once the Hand is played out",
                held,
                player=state.player,
            ),
            action,
        )
    if state.replacements_owed:
        raise Illegal("bonus-replacement", replacement_first(r, state), action)
    state.hand.update(foot)
    del r.table.feet[state.player]
    r.paths["foot-at-once" if state.drawn else "foot-next-turn"] += 1
