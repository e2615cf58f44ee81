"""Legal actions: what the player to play may do next, decided by the same handlers that judge a
record (one source of truth). Each candidate (engine/candidates.py) is played on a copy of the
hand's context (`HandContext.fork`); an action that breaks a rule raises `Illegal` there and is
left out.

A turn ends with an action when the action is a discard, when the hand ends with it (a pass, a
Bonus card drawn last), or when nothing is left to do but end the turn: the hand is empty (the
player goes out) or, where `Config.keeps_last_card`, a player short of canastas keeps a last card.
The end-of-turn checks (engine/ending.py) then run with it, so a discard that leaves a first meld
short of the minimum, or goes out without the canastas, is illegal. `legal_actions` also leaves
out an action after which the turn could not be finished legally (a meld that leaves no legal
discard, a `yes` to going out that the player cannot go out after): such an action breaks no rule
itself, so `attempt` accepts it, but no player would be offered it.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import work as bounded
from ..formatter import format_action
from ..records import Action, Add, Ask, Discard, Draw, Meld, Node, Take
from .candidates import additions, candidates, melds
from .context import HandContext, TurnState
from .ending import end_turn
from .illegal import Illegal
from .steps import play_action

SEARCH_BUDGET = 120
"""Melds and additions tried, at most, when weighing whether a turn can still be finished after
an action (a partner's yes to going out needs the whole hand laid)."""


@dataclass(slots=True)
class Attempt:
    """An action played on a copy of the context: the copy, its turn, whether the turn ended."""

    context: HandContext
    state: TurnState
    finished: bool


def attempt(r: HandContext, state: TurnState, action: Action, node: Node | None = None) -> Attempt:
    """Play `action` on a copy of `r`, with the end of the turn where the action ends it. Raises
    Illegal as `arbiter check` would for the same action written in a record."""
    context, copied = r.fork(state)
    assert copied is not None
    play_action(context, copied, action)
    node = node or action
    if copied.discarded or context.outcome.ended:
        end_turn(context, copied, node)
        return Attempt(context, copied, True)
    held = copied.hand.total()
    if held == 0 or (held == 1 and context.config.keeps_last_card and copied.drawn):
        trial, trial_state = context.fork(copied)
        assert trial_state is not None
        try:
            end_turn(trial, trial_state, node)
        except Illegal:
            if held == 0 and copied.player not in context.table.feet:
                raise  # nothing is left to do but go out, and going out is not allowed
            return Attempt(context, copied, False)
        end_turn(context, copied, node)
        return Attempt(context, copied, True)
    return Attempt(context, copied, False)


def verdict(r: HandContext, state: TurnState, action: Action) -> Illegal | None:
    """Why `action` is illegal here, or None."""
    try:
        attempt(r, state, action)
    except Illegal as illegal:
        return illegal
    return None


def legal_actions(r: HandContext, state: TurnState, work: bounded.WorkBudget | None = None) -> list[Action]:
    """Every distinct legal next action (each outcome once), in the candidates' order. With the
    stock's order unknown, the draws differ only in which cards not yet accounted for they take,
    which the handler does not weigh beyond their count: the first is tried for them all. `work`
    (else the budget in force, arbiter/work.py) bounds the steps: once spent, the actions found
    so far are the answer and the budget says it is partial."""
    if r.outcome.ended:  # nothing is played after the end of the hand
        return []
    work = work if work is not None else bounded.current()
    with bounded.using(work):  # the candidates count what they weigh against it too
        return _listed(r, state, work)


CARDS_PER_STEP = 16
"""An action tried costs one step of work per this many cards held, and one more: trying it copies
the hand, so a hand of sixty cards costs five steps a try where an ordinary one costs one."""


def attempt_steps(state: TurnState) -> int:
    """The steps of work one action tried costs from this turn (arbiter/work.py)."""
    return 1 + state.hand.total() // CARDS_PER_STEP


def _listed(r: HandContext, state: TurnState, work: bounded.WorkBudget | None) -> list[Action]:
    found: dict[str, Action] = {}
    cost = attempt_steps(state)
    draws_legal: bool | None = None
    for action in candidates(r, state):
        if work is not None and not work.allows(len(found)):
            break
        text = format_action(action)
        if text in found:
            continue
        if type(action) is Draw and r.table.stock is None:
            if draws_legal is None:
                draws_legal = verdict(r, state, action) is None
            if draws_legal:
                found[text] = action
            continue
        if work is not None:
            work.spend(cost)
        try:
            tried = attempt(r, state, action)
        except Illegal:
            continue
        search = [SEARCH_BUDGET]
        if tried.finished or finishable(action, tried, search):
            found[text] = action
        if work is not None:
            work.spend((SEARCH_BUDGET - search[0]) * cost)
    return list(found.values())


def finishable(action: Action, tried: Attempt, search: list[int] | None = None) -> bool:
    """Whether the turn can still be finished legally after `action` (where that is in doubt),
    within `search` tries (SEARCH_BUDGET unless given; what is left of it is left in it)."""
    if type(action) in (Meld, Add, Take, Ask):
        return can_finish(tried.context, tried.state, search if search is not None else [SEARCH_BUDGET])
    return True


def can_finish(r: HandContext, state: TurnState, budget: list[int]) -> bool:
    """Whether the turn can be ended legally from here: by a discard, by picking up the Foot, or
    after melds and additions (a search that looks one step past each first, then goes on from
    those that lay the most cards, within `budget` tries shared by the whole search)."""
    if ends_here(r, state):
        return True
    needed = 0
    if not state.side_melded_at_start and not state.took_pile:
        needed = r.minimum(state.side) - state.first_meld_value
    tried: list[Attempt] = []
    candidates: list[Action] = [*melds(r, state, needed), *additions(r, state)]
    for action in candidates:
        if budget[0] <= 0:
            break
        budget[0] -= 1
        try:
            step = attempt(r, state, action)
        except Illegal:
            continue
        if step.finished or ends_here(step.context, step.state):
            return True
        tried.append(step)
    tried.sort(key=lambda step: step.state.hand.total())
    return any(can_finish(step.context, step.state, budget) for step in tried if budget[0] > 0)


def ends_here(r: HandContext, state: TurnState) -> bool:
    """Whether a discard ends the turn now, or the Foot is there to pick up and play on. A player
    told yes to going out must go out this turn, the Foot played out too: the search does not play
    a Foot still to be picked up, so that path counts as not finishing (never offered, rather than
    offered into a turn with no legal end)."""
    if r.config.foot_size and state.player in r.table.feet and not state.hand.total():
        return not state.asked
    return discard_ends_turn(r, state)


def discard_ends_turn(r: HandContext, state: TurnState) -> bool:
    """Whether some discard ends the turn legally. With two cards or more held, which card goes
    changes nothing the end of the turn checks, so one is tried; a last card is tried as itself."""
    cards = [card for card, n in state.hand.items() if n > 0 and card != "B"]
    if not cards:
        return False
    if state.hand.total() >= 2:
        cards = cards[:1]
    for card in cards:
        try:
            if attempt(r, state, Discard(card=card)).finished:
                return True
        except Illegal:
            continue
    return False
