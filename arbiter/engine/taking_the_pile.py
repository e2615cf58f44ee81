"""Taking the pile: the up card melded with cards from hand or onto a meld, the rest of the pile
to the hand; a wrong take is restored and costs the side (the remedy of Config.wrong_take_penalty)."""

from __future__ import annotations

from .. import cards as C
from ..i18n import msg, term
from ..notation.records import Take
from ..rules.policies import PileTake
from ..rulings import Adjustment
from .context import HandContext, TurnState
from .first_meld import check_first_take
from .holding import check_held
from .illegal import Illegal
from .melding import MeldPlan
from .melds import MeldState, meld_problem, open_meld_joined, resolve


def take(r: HandContext, state: TurnState, action: Take) -> None:
    try:
        take_pile(r, state, action)
    except Illegal as illegal:
        if illegal.code.startswith("take-") and illegal.remedy is None:
            pile = term(r.config.words.pile)
            illegal.remedy = msg(
                "the {pile} is restored and {side} loses {points} points",
                pile=pile,
                side=state.side.name,
                points=r.config.wrong_take_penalty,
            )
            illegal.adjustment = Adjustment(
                state.side.name, -r.config.wrong_take_penalty, msg("the {pile} taken wrongly, and restored", pile=pile)
            )
        raise


def take_refused(r: HandContext, state: TurnState, action: Take) -> bool:
    """Whether the take is refused before any meld it lays is looked at (the turn, the pile, the
    cards from hand and the rule set's `take_problem`): the same whatever melds go down beside it,
    so a listing tries none of them (engine/candidates.py `takes`)."""
    try:
        _take_allowed(r, state, action)
    except Illegal:
        return True
    return False


def _take_allowed(r: HandContext, state: TurnState, action: Take) -> tuple[list[str], list[MeldState], PileTake]:
    """The checks of a take that come before its melds (raising Illegal): the cards from hand, the
    meld the up card joins (once named), and the take as the rule set's policy saw it."""
    table, config = r.table, r.config
    if state.instead is not None:
        raise state.instead.takes_the_pile(r, state, action)
    if state.drawn:
        raise Illegal(
            "draw-count",
            msg(
                "{player} has already drawn this turn: the {pile} is taken instead of drawing",
                player=state.player,
                pile=term(config.words.pile),
            ),
            action,
        )
    if not table.pile:
        raise Illegal("take-up-card", msg("the {pile} is empty", pile=term(config.words.pile)), action)
    if table.stock_count == 0 and config.exhausted_stock_ends_hand:
        raise Illegal("pass", msg("the stock is exhausted, which ends the hand: the player passes"), action)
    top = table.pile[-1]
    if top in config.blocks_pile:
        raise Illegal(
            "take-blocked",
            msg(
                "{card} is on top of the {pile}: nobody may take it now",
                card=config.words.describe(top),
                pile=term(config.words.pile),
            ),
            action,
        )
    if top != action.card:
        raise Illegal("take-up-card", msg("the up card is {top}, not {card}", top=top, card=action.card), action)
    if config.dead_canasta_ranks and top in table.dead:
        raise Illegal(
            "take-dead-rank",
            msg(
                "a canasta of {top}s is complete, so the {top}s are dead: nobody takes the {pile} with one on top",
                top=top,
                pile=term(config.words.pile),
            ),
            action,
        )
    side = state.side
    own = list(action.with_cards or ())
    if action.onto is None:
        check_held(r, state, own, action)
    onto: list[MeldState] = []  # the meld the up card goes onto, once named
    if action.onto is None:  # with a natural pair: it may join the side's open meld of the rank
        onto = open_meld_joined(side.melds, top, config)

    def named_meld() -> list[str]:
        if not onto:
            onto.append(resolve_onto(r, state, action, top))
        return onto[0].cards

    take = PileTake(
        top,
        own,
        action.onto is not None,
        side.name,
        side.has_melded,
        table.frozen,
        named_meld,
        len(table.pile),
        state.hand.total(),
        table.stock_count,
    )
    problem = config.take_problem(take, config)
    if problem:
        raise Illegal(problem[0], problem[1], action)
    return own, onto, take


def take_pile(r: HandContext, state: TurnState, action: Take) -> None:
    table, config, side = r.table, r.config, state.side
    own, onto, take = _take_allowed(r, state, action)
    top = take.top

    def named_meld() -> list[str]:
        if not onto:
            onto.append(resolve_onto(r, state, action, top))
        return onto[0].cards

    plan: MeldPlan | None  # the melds the take lays: none when the up card alone goes onto a meld
    if action.onto is not None:
        meld = named_meld()
        problem = meld_problem((*meld, top), config, False) or config.addition_problem(meld, [top], config)
        if problem:
            raise Illegal(problem[0], problem[1], action)
        plan = MeldPlan(r, state) if action.also else None
        if plan is not None and config.merge_same_rank and not onto[0].is_sequence:  # the melds merge into it
            plan.merged[onto[0].rank] = [*meld, top]
    elif onto:
        joined = onto[0].cards
        problem = meld_problem((*joined, top, *own), config, False) or config.addition_problem(
            joined, [top, *own], config
        )
        if problem:
            raise Illegal(problem[0], problem[1], action)
        plan = MeldPlan(r, state)
        plan.used.update({card: own.count(card) for card in own})
    else:
        plan = MeldPlan(r, state)
        plan.lay((top, *own), action, from_hand=own)
    if plan is not None:
        for spec in action.also:
            plan.lay(spec.cards, spec)
    if not state.side_melded_at_start:  # a condition of the take, so a wrong take (see take())
        counted = [top, *own] if config.first_take_counts_up_card else own
        with_up_card = C.points(counted) if action.onto is None else 0
        beside = sum(C.points(spec.cards) for spec in action.also)
        if config.first_take_counts_pair:
            opening = [own, *(spec.cards for spec in action.also)]
            check_first_take(r, state, with_up_card + beside, action, opening)
        else:  # the cards that take the pile count for nothing: the melds beside them open alone
            check_first_take(r, state, beside, action, [spec.cards for spec in action.also], pair=with_up_card)
    # every check has passed: the up card is melded, the rest of the pile goes to the hand
    table.pile.pop()
    if onto:
        onto[0].extend([top] if action.onto is not None else [top, *own])
        table.note_meld(onto[0])
        r.paths["take-onto-sequence" if onto[0].is_sequence else "take-onto-meld"] += 1
    else:
        naturals_from_hand = own.count(top)
        frozen = table.frozen or config.always_frozen
        kind = (
            "initial" if not side.has_melded or not state.side_melded_at_start else "frozen" if frozen else "unfrozen"
        )
        r.paths[f"take-{kind}" + ("-with-wild" if naturals_from_hand < len(own) else "")] += 1
    if plan is not None:
        plan.place()
    state.drawn = state.took_pile = True
    state.melded = True
    table.melded_players.add(state.player)
    rest = len(table.pile)
    take.under = tuple(table.pile)
    count = config.pile_cards_taken(take, rest, config)
    taken = table.pile[rest - count :]
    if count < rest:  # the rest of the pile stays, and stays as frozen as it was
        r.paths["take-up-card-only" if count == 0 else "take-top-of-pile"] += 1
    pile_bonus = taken.count(C.BONUS)  # Bonus cards in it are laid without replacement
    hand = state.hand
    for card in taken:
        hand[card] = hand.get(card, 0) + 1  # a card not held yet: no call to Counter.__missing__
    del table.pile[rest - count :]
    if not table.pile:
        table.frozen = False
    state.pile_bonus += pile_bonus
    if table.stock_count == 0:
        r.paths["take-exhausted-stock"] += 1


def resolve_onto(r: HandContext, state: TurnState, action: Take, top: str) -> MeldState:
    """The meld `take UP onto MELD` names: the side's, and of the up card's rank."""
    side = state.side
    assert action.onto is not None
    meld = resolve(side.melds, side.name, action.onto, r.config, action)
    if not meld.is_sequence and meld.rank != top:  # a sequence's own rule says what extends it
        raise Illegal(
            "take-up-card",
            msg("the up card {top} cannot go onto {side}'s {rank}s", top=top, side=side.name, rank=meld.rank),
            action,
        )
    return meld
