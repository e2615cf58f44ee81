"""A turn, step by step: the steps a replay (engine/hand_play.py) and a position (arbiter/positions/)
both take. `start_turn` begins a player's turn; `play_action` checks what the turn so far forbids
(an action after the hand ended or after the discard, anything before a Foot that is due) and
runs the action's handler (engine/turn.py's `handler_for`: the engine's, or the rule set's own)."""

from __future__ import annotations

from ..i18n import msg
from ..notation.records import Action, Draw, GoOut, Node, Pass, Turn
from .context import HandContext, TurnState
from .illegal import Illegal
from .talon import draw_talon, has_talon, talon_due
from .turn import HANDLERS, handler_for, picks_up_foot


def start_turn(r: HandContext, player: str, node: Node) -> TurnState:
    """A player's turn begins: its state, from the table as it stands (the context's `turn`). A
    player who discarded the last card of the Hand begins it with the Foot (or passes, when the
    stock has run out and the hand is over)."""
    table = r.table
    side = table.side_of[player]
    melded_before = player in table.melded_players
    side_melded = bool(side.melds)
    state = r.turn = TurnState(  # by position: made every turn, and keywords cost a good part of the call
        player,
        side,
        r.turn_number,
        table.hands[player],
        side_melded,
        melded_before,
        side.canastas(r.config) if side_melded and not melded_before else 0,
    )
    if r.config.turn_end_problem is not None:  # what the rule set's end-of-turn policy compares
        state.begun = (tuple(tuple(meld.cards) for meld in side.melds), table.pile[-1] if table.pile else None)
    feet = table.feet
    if feet and player in feet and not any(state.hand.values()):  # any: counts never go below zero
        state.foot_first = True
        if isinstance(node, Turn) and not node.actions:
            raise _foot_first(player, node)
    return state


def _foot_first(player: str, node: Node) -> Illegal:
    return Illegal(
        "foot-pickup",
        msg(
            "{player} played out the Hand with a discard, so this turn begins by picking up the Foot (`foot`)",
            player=player,
        ),
        node,
    )


def play_action(r: HandContext, state: TurnState, action: Action) -> None:
    """One action of the turn in progress: what the turn so far forbids, then its handler."""
    if r.outcome.ended:
        raise Illegal(
            "last-bonus" if state.last_bonus else "hand-over",
            msg("the hand ended with the previous action: nothing more is played"),
            action,
        )
    kind = type(action)
    if state.foot_first:
        if kind is not Pass and not picks_up_foot(r, action):
            raise _foot_first(state.player, action)
        state.foot_first = False
    if state.discarded and kind is not GoOut:
        if kind is Draw and has_talon(r.config):
            assert isinstance(action, Draw)
            draw_talon(r, state, action, talon_due(r, state))
            return
        raise Illegal("discard", msg("the discard ends the turn: nothing may follow it"), action)
    feet = r.table.feet
    if (
        feet
        and state.drawn
        and not state.discarded
        and state.player in feet
        and not any(state.hand.values())
        and not picks_up_foot(r, action)
    ):
        raise Illegal(  # the Hand melded out, its Foot not picked up
            "foot-pickup",
            msg(
                "{player} has melded the whole Hand: the Foot is picked up (`foot`) before the turn goes on",
                player=state.player,
            ),
            action,
        )
    play = HANDLERS.get(kind) or handler_for(r, state, action)  # the engine's own, found without a call
    play(r, state, action)
