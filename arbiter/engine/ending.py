"""The end of a turn: the discard that ends it (or going out, engine/going_out.py), and what a
turn may not leave undone (a replacement, a draw owed, a first meld short of the minimum)."""

from __future__ import annotations

from .. import cards as C
from ..i18n import msg, term
from ..notation.records import Discard, Node
from ..rules.base import Config
from ..rules.policies import DiscardTry, TurnEnd
from ..rulings import Adjustment
from .bonus_cards import note_forgotten
from .context import HandContext, TurnState
from .first_meld import check_first_meld
from .going_out import check_going_out
from .holding import require_drawn
from .illegal import Illegal
from .table import Table
from .taking_back import laid_card_goes_out, taken_back
from .talon import talon_due

# What kind of card a discard is, for the coverage report's paths.
_DISCARD_PATH = {card: f"discard-{kind}" for card, kind in C.KINDS.items()}


def end_turn(r: HandContext, state: TurnState, turn: Node) -> None:
    """The end of a turn: a discard, or going out with what the rule set requires; Hoyle's player
    short of canastas keeps a last card (Config.keeps_last_card)."""
    if r.outcome.ended:  # a pass, or a Bonus drawn last
        return
    if state.last_bonus and r.config.last_bonus_goes_out and not state.melded and not state.discarded:
        r.outcome.ended = True  # the drawer of a last three plays on no further: the hand ends as it stands
        return
    if state.last_bonus and not r.config.last_bonus_goes_out:
        raise Illegal(
            "last-bonus",
            msg(
                "{player} drew a {bonus} as the last card of the stock: it is laid and the hand ends",
                player=state.player,
                bonus=term(r.config.words.bonus),
            ),
            turn,
        )
    if not state.drawn:
        raise Illegal(
            "draw-first",
            msg(
                "{player}'s turn must begin by drawing or taking the {pile}",
                player=state.player,
                pile=term(r.config.words.pile),
            ),
            turn,
        )
    if state.replacements_owed:
        raise Illegal(
            "bonus-replacement",
            msg(
                "{player} laid a {bonus} without drawing its replacement",
                player=state.player,
                bonus=term(r.config.words.bonus),
            ),
            turn,
        )
    if state.owed_draw:
        assert state.instead is not None
        raise state.instead.left_undone(r, state, turn)
    side = state.side
    empty = not any(state.hand.values())  # counts never go below zero: check_held comes first
    if empty and state.player in r.table.feet:  # the Hand is played out; the Foot is still to come
        if not state.discarded:
            raise Illegal(
                "foot-pickup",
                msg(
                    "{player} melded the whole Hand: the Foot is picked up at once (`foot`) and the turn goes on",
                    player=state.player,
                ),
                turn,
            )
        empty = False  # the Foot is picked up as the next turn begins
    if state.last_bonus and not empty:  # Config.last_bonus_goes_out: played on, so going out
        raise Illegal(
            "last-bonus",
            msg(
                "{player} drew a {bonus} as the last card of the stock and played on: the player goes out at once, "
                "discarding it face down, or the hand ends as it stands",
                player=state.player,
                bonus=term(r.config.words.bonus),
            ),
            turn,
        )
    if state.first_meld_value:  # melded from hand toward a first meld this turn (rarely)
        check_first_meld(r, state, empty)
    if empty and not state.discarded and r.config.going_out_discards:
        raise Illegal(
            "discard",
            msg(
                "{player} melded every card and discarded none: going out ends with a discard face down, "
                "so a player keeps a card to discard",
                player=state.player,
            ),
            turn,
        )
    if not empty and not state.discarded:
        config = r.config  # Hoyle's "passing the discard": short of canastas, a last card is kept
        short = config.keeps_last_card and state.hand.total() == 1
        if not (short and config.go_out_problem([meld.cards for meld in side.melds], config)):
            raise Illegal(
                "discard", msg("{player} must end the turn by discarding one card", player=state.player), turn
            )
        r.paths["keep-last-card"] += 1
    if state.stops_melded and not empty:
        raise Illegal(
            "stop-meld", msg("{stops} may be melded only by a player going out", stops=r.config.words.stops()), turn
        )
    if state.excused is not None and not empty:  # excused only for a player going out
        code, why, node = state.excused
        raise Illegal(code, why, node)
    if state.ended is not None:
        check_turn_end(r, state, state.ended, turn)
    if not empty and r.config.out_only_problem is not None:  # what only a player going out may leave
        problem = r.config.out_only_problem([meld.cards for meld in side.melds], r.config)
        if problem:
            raise Illegal(problem[0], problem[1], turn)
    if empty:
        check_going_out(r, state, turn)
    elif state.asked:
        raise Illegal(
            "go-out-permission",
            msg("{player} asked to go out, was told yes, and did not go out", player=state.player),
            turn,
            remedy=msg("{side} loses {points} points", side=side.name, points=r.config.permission_penalty),
            adjustment=Adjustment(
                side.name, -r.config.permission_penalty, msg("told yes when asking to go out, and did not go out")
            ),
        )
    if r.config.foot_size and state.player not in r.table.feet:
        r.table.played_foot.add(state.player)  # a turn played with the Foot in hand
    _note_opening(r.table, state)


def _note_opening(table: Table, state: TurnState) -> None:
    """Who has had no turn since the side opened (`Table.opened_since`): the opener's partners."""
    if state.player in table.opened_since:
        table.opened_since = table.opened_since - {state.player}
    if not state.side_melded_at_start and state.side.melds:
        table.opened_since = table.opened_since | (set(state.side.players) - {state.player})


def turn_end_asked(config: Config, state: TurnState) -> bool:
    """Whether the rule set's end-of-turn policy has anything to ask of this turn: always on the
    side's opening turn, on any other as the rule set says (Config.turn_end_asked)."""
    asked, melds = config.turn_end_asked, state.side.melds
    if asked is None or (melds and not state.side_melded_at_start):
        return True
    return asked([meld.cards for meld in melds], config)


def turn_end(r: HandContext, state: TurnState) -> TurnEnd:
    """The turn as its discard, just made, leaves it, for the rule set's end-of-turn policy."""
    side = state.side
    before, top = state.begun or ((), None)
    return TurnEnd(
        before,
        [tuple(meld.cards) for meld in side.melds],
        top if state.took_pile else None,
        not state.side_melded_at_start and bool(side.melds),
        not any(state.hand.values()),
        talon_due(r, state),
    )


def check_turn_end(r: HandContext, state: TurnState, ended: TurnEnd, turn: Node) -> None:
    """What the rule set asks of the turn's melds at its discard (Config.turn_end_problem): on the
    side's opening turn a fault is a mismeld, with the remedy of a first meld short of its minimum."""
    config = r.config
    assert config.turn_end_problem is not None
    problem = config.turn_end_problem(ended, config)
    if problem is None:
        return
    if ended.opening:
        side = state.side
        raise Illegal(problem[0], problem[1], turn, remedy=r.minimum_remedy(), adjustment=r.minimum_adjustment(side))
    raise Illegal(problem[0], problem[1], turn)


def discard(r: HandContext, state: TurnState, action: Discard) -> None:
    require_drawn(r, state, action, "discarding")
    card, config = action.card, r.config
    if (card == C.BONUS or card in config.replaced_cards) and not laid_card_goes_out(config, state, card):
        raise Illegal(
            "bonus-discard",
            msg("a {bonus} may never be discarded: it is laid beside the melds", bonus=term(config.words.bonus)),
            action,
        )
    if state.hand[card] < 1:  # a card not held: taken back from the melds, where the rule set allows it
        taken_back(r, state, action).cards.remove(card)
        r.table.count_dead()
        r.table.pile.append(card)
        r.paths["discard-taken-back"] += 1
        state.discarded = True
        return
    if config.discard_problem is not None:  # the rule set's own limits (Modern American Canasta)
        going_out = state.hand.total() == 1
        tried = DiscardTry(card, not r.table.pile, going_out, state.hand, r.table.dead)
        problem = config.discard_problem(tried, config)
        if problem:
            raise Illegal(problem[0], problem[1], action)
    state.hand[card] -= 1
    table = r.table
    if config.forgotten_laid is not None and state.hand.total():  # the laid cards still held: forgotten?
        note_forgotten(r, state)
    table.pile.append(card)
    if card in r.config.discard_freezes:
        table.frozen = True
    r.paths[_DISCARD_PATH[card]] += 1
    state.discarded = True
    if config.turn_end_problem is not None and turn_end_asked(config, state):  # judged at the turn's end
        state.ended = turn_end(r, state)
