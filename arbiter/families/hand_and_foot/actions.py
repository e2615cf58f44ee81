"""Picking up the Foot (Hand & Foot): an action the rule set brings.

The Foot itself is the engine's (`Config.foot_size`): a second packet dealt to each player, kept
in `Table.feet` until picked up, the turn held to picking it up once the Hand is played out. The
action that picks it up, and the candidate the legal actions offer for it, are Hand & Foot's.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...engine.context import HandContext, TurnState
from ...engine.holding import replacement_first
from ...engine.illegal import Illegal
from ...i18n import Text, msg, msg_n, pmsg
from ...notation.records import FamilyAction
from ...rules.base import ActionKind, ExtraAction, Words


def no_foot(player: str, words: Words) -> tuple[str, Text]:
    """Where the rule set does not bring it: with no Foot dealt, there is none to pick up."""
    return "draw-first", msg("there is no Foot in this rule set: `foot` is a Hand & Foot action")


KIND = ActionKind(
    keyword="foot",
    heading=pmsg("legal moves of a kind", "Pick up the Foot"),
    said=msg("pick up the Foot"),
    related=("foot",),
    paths=("foot-at-once", "foot-next-turn"),
    refusal=no_foot,
)
"""Picking up the Foot."""


def pick_up_foot(r: HandContext, state: TurnState, action: FamilyAction) -> None:
    """The Foot is picked up once the Hand is played out: at once, when the player melds the
    last card of the Hand, or as the next turn begins, when it went as a discard."""
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


def offers(r: HandContext, state: TurnState) -> Iterator[FamilyAction]:
    """Once the Hand is played out, while the Foot waits."""
    if state.player in r.table.feet and not state.hand.total():
        yield KIND.action()


FOOT = ExtraAction(pick_up_foot, offers, KIND, picks_up_foot=True)
