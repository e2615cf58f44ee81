"""The end of a turn: the discard that ends it, going out (the canastas, the Foot, the partner's
answer), and what a turn may not leave undone (a replacement, a refill, a first meld short of the
minimum)."""

from __future__ import annotations

from ..records import Node
from ..rulings import Adjustment
from .context import HandContext, TurnState
from .illegal import Illegal


def end_turn(r: HandContext, state: TurnState, turn: Node) -> None:
    """The end of a turn: a discard, or going out with what the rule set requires; Hoyle's player
    short of canastas keeps a last card (Config.keeps_last_card)."""
    if r.outcome.ended:  # a pass, or a Bonus drawn last
        return
    if state.last_bonus:
        raise Illegal(
            "last-bonus",
            f"{state.player} drew a {r.config.words.bonus} as the last card of the stock: it is laid and the hand ends",
            turn,
        )
    if not state.drawn:
        raise Illegal(
            "draw-first",
            f"{state.player}'s turn must begin by drawing or taking the {r.config.words.pile}",
            turn,
        )
    if state.replacements_owed:
        raise Illegal(
            "bonus-replacement",
            f"{state.player} laid a {r.config.words.bonus} without drawing its replacement",
            turn,
        )
    if state.refill_owed:
        raise Illegal(
            "caliente-refill",
            f"{state.player} played a Caliente card without drawing up to {r.config.caliente_refill} cards "
            f"({state.refill_owed} to draw)",
            turn,
        )
    side = state.side
    empty = not any(state.hand.values())  # counts never go below zero: remove() checks first
    if empty and state.player in r.table.feet:  # the Hand is played out; the Foot is still to come
        if not state.discarded:
            raise Illegal(
                "foot-pickup",
                f"{state.player} melded the whole Hand: the Foot is picked up at once (`foot`) and the turn goes on",
                turn,
            )
        empty = False  # the Foot is picked up as the next turn begins
    waived = empty and r.config.concealed_waives_minimum and not state.player_melded_before
    if not state.side_melded_at_start and state.first_meld_value and not state.took_pile and not waived:
        minimum = r.minimum(side)
        if state.first_meld_value < minimum:
            raise Illegal(
                "first-meld-minimum",
                f"{side.name}'s first meld must be worth {minimum} points; this turn melds {state.first_meld_value}",
                state.first_meld_node,
                remedy=r.minimum_remedy(),
                adjustment=r.minimum_adjustment(side),
            )
    if not empty and not state.discarded:
        config = r.config  # Hoyle's "passing the discard": short of canastas, a last card is kept
        short = config.keeps_last_card and state.hand.total() == 1
        if not (short and config.go_out_problem([meld.cards for meld in side.melds], config)):
            raise Illegal("discard", f"{state.player} must end the turn by discarding one card", turn)
        r.paths["keep-last-card"] += 1
    if state.stops_melded and not empty:
        raise Illegal("stop-meld", f"{r.config.words.stop}s may be melded only by a player going out", turn)
    if empty:
        check_going_out(r, state, turn)
    elif state.asked:
        raise Illegal(
            "go-out-permission",
            f"{state.player} asked to go out, was told yes, and did not go out",
            turn,
            remedy=f"{side.name} loses {r.config.permission_penalty} points",
            adjustment=Adjustment(
                side.name, -r.config.permission_penalty, "told yes when asking to go out, and did not go out"
            ),
        )
    if r.config.foot_size and state.player not in r.table.feet:
        r.table.played_foot.add(state.player)  # a turn played with the Foot in hand


def check_going_out(r: HandContext, state: TurnState, turn: Node) -> None:
    side, config = state.side, r.config
    lacking = config.go_out_problem([meld.cards for meld in side.melds], config)
    if lacking:
        raise Illegal("go-out-canasta", f"{state.player} has no cards left, but {side.name} {lacking}", turn)
    partners = [p for p in side.players if p != state.player and p in r.active]
    if config.foot_size:
        waiting = [p for p in partners if p not in r.table.played_foot]
        if waiting:
            raise Illegal(
                "go-out-foot",
                f"{state.player} has played out the Foot, but {' and '.join(waiting)} has not yet picked up the "
                "Foot and played from it: without that a player keeps a card after discarding",
                turn,
            )
    if config.ask_required and partners and state.asked is None:
        raise Illegal(
            "ask",
            f"{state.player} went out without asking {' or '.join(partners)}: a player asks the partner first",
            turn,
        )
    if state.asked is False:
        raise Illegal(
            "go-out-permission",
            f"{state.player} asked to go out, was told no, and went out anyway",
            turn,
            remedy=f"{side.name} loses {config.permission_penalty} points",
            adjustment=Adjustment(
                side.name, -config.permission_penalty, "told no when asking to go out, and went out anyway"
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
