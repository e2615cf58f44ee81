"""Going out: asking the partner (`ask`), the `out` marker, and what a player who empties the
hand needs (the canastas, the Feet, the partner's answer)."""

from __future__ import annotations

from ..i18n import Text, msg, msg_n
from ..notation.records import Ask, GoOut, Node
from ..rules.lists import all_of, any_of
from ..rulings import Adjustment
from .context import HandContext, TurnState
from .illegal import Illegal
from .talon import talon_due


def ask(r: HandContext, state: TurnState, action: Ask) -> None:
    partners = [p for p in state.side.players if p != state.player and p in r.active]
    if not partners:
        raise Illegal("ask", msg("{player} has no partner to ask", player=state.player), action)
    if state.melded or state.discarded:
        raise Illegal("ask", msg("a player asks to go out before melding"), action)
    limit = r.config.asks_per_hand
    if limit:  # one ask each hand, per side or per player (Modern American Canasta)
        asker = state.side.name if limit == "side" else state.player
        if asker in r.table.asked:
            raise Illegal("ask-again", _asked_already(state, limit), action)
        r.table.asked = r.table.asked | {asker}
    state.asked = action.answer
    r.paths["ask-yes" if action.answer else "ask-no"] += 1


def _asked_already(state: TurnState, limit: str) -> Text:
    if limit == "side":
        return msg("{side} has already asked to go out this hand: a side asks once a hand", side=state.side.name)
    return msg("{player} has already asked to go out this hand: a player asks once a hand", player=state.player)


def go_out(r: HandContext, state: TurnState, action: GoOut) -> None:
    left = state.hand.total()
    if left:
        raise Illegal(
            "out-marker",
            msg_n(
                "`out` says {player} has gone out, but {n} card are still in hand",
                "`out` says {player} has gone out, but {n} cards are still in hand",
                left,
                player=state.player,
            ),
            action,
        )
    if state.player in r.table.feet:
        raise Illegal(
            "out-marker",
            msg(
                "`out` says {player} has gone out, but the Foot is still to be picked up and played",
                player=state.player,
            ),
            action,
        )
    if state.discarded and not r.outcome.ended and talon_due(r, state):
        # the opening's discard emptied the hand, a talon due: `out` says the player goes out there
        # (the talon forgone) rather than drawing it, so it is judged now
        check_going_out(r, state, action)


def check_going_out(r: HandContext, state: TurnState, turn: Node) -> None:
    side, config = state.side, r.config
    lacking = config.go_out_problem([meld.cards for meld in side.melds], config)
    if lacking:
        raise Illegal(
            "go-out-canasta",
            msg(
                "{player} has no cards left, but {side} {lacking}", player=state.player, side=side.name, lacking=lacking
            ),
            turn,
        )
    partners = [p for p in side.players if p != state.player and p in r.active]
    if config.foot_size:
        waiting = [p for p in partners if p not in r.table.played_foot]
        if waiting:
            raise Illegal(
                "go-out-foot",
                msg(
                    "{player} has played out the Foot, but {partners} has not yet picked up the Foot and played from "
                    "it: without that a player keeps a card after discarding",
                    player=state.player,
                    partners=all_of(waiting),
                ),
                turn,
            )
    if config.ask_required and partners and state.asked is None:
        raise Illegal(
            "ask",
            msg(
                "{player} went out without asking {partners}: a player asks the partner first",
                player=state.player,
                partners=any_of(partners),
            ),
            turn,
        )
    if state.asked is False:
        raise Illegal(
            "go-out-permission",
            msg("{player} asked to go out, was told no, and went out anyway", player=state.player),
            turn,
            remedy=msg("{side} loses {points} points", side=side.name, points=config.permission_penalty),
            adjustment=Adjustment(
                side.name, -config.permission_penalty, msg("told no when asking to go out, and went out anyway")
            ),
        )
    # concealed: the whole hand melded in this one turn, a canasta among it, nothing melded before
    concealed = (
        not state.player_melded_before
        and side.canastas(config) > state.canastas_at_start
        and (config.concealed_allows_discard or not state.discarded)
    )
    r.outcome.ended = True
    r.outcome.went_out = state.player
    r.outcome.concealed = concealed
    r.paths["go-out-" + ("concealed" if concealed else "discarding" if state.discarded else "melding-all")] += 1
