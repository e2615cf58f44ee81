"""The first meld of a side in a hand: the cards it melds count toward the minimum its score sets
(Config.first_meld_minimum), whether melded from hand over the turn or with the up card of a
first take; a first meld short of it is taken back and raises the minimum (the remedy)."""

from __future__ import annotations

from collections.abc import Sequence

from .. import cards as C
from ..i18n import msg, term
from ..notation.records import Node, Take
from .context import HandContext, TurnState
from .illegal import Illegal


def count_melded(r: HandContext, state: TurnState, cards: Sequence[str], node: Node) -> None:
    if not state.melded:  # the turn's first meld or addition (a take of the pile sets both itself)
        state.melded = True
        r.table.melded_players.add(state.player)
    if not state.side_melded_at_start and not state.took_pile:
        state.first_meld_value += C.points(cards)
        state.first_meld_node = state.first_meld_node or node


def check_first_meld(r: HandContext, state: TurnState, empty: bool) -> None:
    """At the end of a turn that melded toward its side's first meld (`first_meld_value`, which
    count_melded counts only for a side yet to meld, on a turn that did not take the pile; end_turn
    asks only then): the cards melded from hand reach the side's minimum (a player who goes out
    concealed may be let off it: Config.concealed_waives_minimum)."""
    side, config = state.side, r.config
    waived = empty and config.concealed_waives_minimum and not state.player_melded_before
    opening = [meld.cards for meld in side.melds]  # the side had none before this turn
    if config.opening_waives_minimum(opening, config):
        waived = True
    else:
        check_opening(r, state, opening, state.first_meld_node)
    if not waived:
        minimum = r.minimum(side)
        if state.first_meld_value < minimum:
            raise Illegal(
                "first-meld-minimum",
                msg(
                    "{side}'s first meld must be worth {minimum} points; this turn melds {melded}",
                    side=side.name,
                    minimum=minimum,
                    melded=state.first_meld_value,
                ),
                state.first_meld_node,
                remedy=r.minimum_remedy(),
                adjustment=r.minimum_adjustment(side),
            )


def check_opening(r: HandContext, state: TurnState, opening: Sequence[Sequence[str]], node: Node | None) -> None:
    """What the rule set asks of a first meld beside its minimum (Config.opening_problem): a
    mismeld is taken back, with the remedy of a first meld short of the minimum."""
    problem = r.config.opening_problem(opening, r.config)
    if problem:
        raise Illegal(
            problem[0], problem[1], node, remedy=r.minimum_remedy(), adjustment=r.minimum_adjustment(state.side)
        )


def check_first_take(
    r: HandContext,
    state: TurnState,
    first_value: int,
    action: Take,
    opening: Sequence[Sequence[str]] = (),
    *,
    pair: int | None = None,
) -> None:
    """A side that has not melded takes the pile only with the minimum melded from hand with the up
    card (`first_value`): the rest of the pile, and what is melded after picking it up, do not count.
    `opening` is what was melded from hand, for the rule set's own conditions (Config.opening_problem).
    `pair`: the points of the cards that take the pile, where they count for nothing
    (Config.first_take_counts_pair), said in the finding."""
    side = state.side
    if opening or pair is not None:
        problem = r.config.opening_problem(opening, r.config)
        if problem:
            raise Illegal(problem[0], problem[1], action)
    minimum = r.minimum(side)
    if pair is not None and first_value < minimum:
        raise Illegal(
            "take-initial",
            msg(
                "before {side}'s first meld the {pile} is taken only with {minimum} points melded from hand beside "
                "the pair that takes it, which counts for nothing here ({pair} points); the other melds make {value}",
                side=side.name,
                minimum=minimum,
                pair=pair,
                value=first_value,
                pile=term(r.config.words.pile),
            ),
            action,
        )
    if first_value < minimum and not r.config.first_take_counts_up_card:  # Modern American Canasta
        raise Illegal(
            "take-initial",
            msg(
                "before {side}'s first meld the pile is taken only with {minimum} points melded from hand; the cards "
                "from hand make {value} (the pile's top card, the rest of the {pile} and anything melded after "
                "picking it up do not count)",
                side=side.name,
                minimum=minimum,
                value=first_value,
                pile=term(r.config.words.pile),
            ),
            action,
        )
    if first_value < minimum:
        raise Illegal(
            "take-initial",
            msg(
                "before {side}'s first meld the pile is taken only with {minimum} points melded from hand with the up "
                "card; the up card with the cards from hand make {value} (the rest of the {pile}, and anything melded "
                "after picking it up, does not count)",
                side=side.name,
                minimum=minimum,
                value=first_value,
                pile=term(r.config.words.pile),
            ),
            action,
        )
