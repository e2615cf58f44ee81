"""Legal actions: what the player to play may do next, decided by the same handlers that judge a
record (one source of truth). Each candidate (engine/candidates.py) is played on a copy of the
hand's context (`HandContext.fork`); an action that breaks a rule raises `Illegal` there.

`judge` is the one answer to "may this be played here?", which `legal_actions`, and a position's
`is_legal`, `explain` and `push` (arbiter/positions/) all ask:

- **The end of a turn.** A step closes the turn when it is a discard, when the hand ends with it
  (a pass, a Bonus card drawn last), or when it empties the hand (the player goes out): the
  end-of-turn checks (engine/ending.py) then run with it, as they run at the end of a turn line,
  so a discard that leaves a first meld short of the minimum, or goes out without the canastas, is
  illegal. An opener's discard the talon follows (`Config.talon`) leaves the turn open for the
  talon's draw, which ends it; the end-of-turn checks are judged at the discard all the same. A turn that ends without a discard otherwise (Hoyle's player short of canastas keeps
  a last card, `Config.keeps_last_card`) ends only when the player ends it: `END`, the step a
  record takes where its turn line ends.
- **A dead end is illegal when it is made.** An action after which no continuation of the turn
  is legal (black threes or Stop cards melded by a player who cannot go out this turn, a meld that
  leaves no legal discard, a `yes` to going out the player cannot go out after) raises the
  finding the plainest end of the turn would raise after it (`dead_end`): the code `arbiter check`
  gives the turn line that goes on to end there. Whether a turn can still end is a search within
  `SEARCH_BUDGET` tries; an action the search cannot settle within them is allowed, but
  `legal_actions` does not offer it (a player choosing from the list never reaches a dead end).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import chain

from .. import cards as C
from ..notation.actions import END, END_TEXT, EndOfTurn, Step
from ..notation.formatter import format_action
from ..notation.records import Action, Add, Ask, Discard, Draw, Meld, Node, Take
from . import work as bounded
from .candidates import additions, candidates, melds, talon_draws
from .context import HandContext, TurnState
from .ending import end_turn
from .illegal import Illegal
from .steps import play_action
from .taking_back import may_discard
from .talon import talon_due

SEARCH_BUDGET = 120
"""Melds and additions tried, at most, when weighing whether a turn can still be finished after
an action (a partner's yes to going out needs the whole hand laid)."""

DOUBTFUL = (Meld, Add, Take, Ask)
"""The actions after which the turn may have no legal end left (the others leave a discard, or a
draw owed, to come)."""


@dataclass(slots=True)
class Attempt:
    """A step played on a copy of the context: the copy, its turn, whether the turn ended."""

    context: HandContext
    state: TurnState
    finished: bool
    unsettled: bool = False  # whether the turn can still end was not settled within SEARCH_BUDGET


def attempt(
    r: HandContext, state: TurnState, step: Step, node: Node | None = None, *, closes: bool = True, spent: bool = False
) -> Attempt:
    """Play `step` on a copy of `r`, with the end of the turn where the step closes it (`closes`:
    the step is the last of what the player has written so far; never inside a piece of a turn
    line). Raises Illegal as `arbiter check` would for the same step in a record. `spent`: play it
    on `r` itself, which nobody reads afterwards (a copy is most of what a try costs)."""
    work = bounded.current()
    if work is not None:  # every try is work (a copy of the hand and the step's handler), in every family
        work.spend(attempt_steps(state))
    context, copied = (r, state) if spent else r.fork(state)
    assert copied is not None
    if isinstance(step, EndOfTurn):
        end_turn(context, copied, node or Node())
        return Attempt(context, copied, True)
    play_action(context, copied, step)
    if closes and closes_turn(context, copied):
        end_turn(context, copied, node or step)
        return Attempt(context, copied, True)
    return Attempt(context, copied, False)


def closes_turn(r: HandContext, state: TurnState) -> bool:
    """Whether the turn is over with the step just played: a discard (but for an opener's discard
    the talon follows, `Config.talon`: its draw ends the turn), the hand's end, or a hand emptied
    (but for a Hand played out with its Foot still to pick up)."""
    if r.outcome.ended:
        return True
    if state.discarded:  # a hand emptied with the talon due: the talon, or `out`, ends it
        return state.talon_drawn or not talon_due(r, state)
    return not any(state.hand.values()) and state.player not in r.table.feet


def judge(r: HandContext, state: TurnState, step: Step, node: Node | None = None, *, kept: bool = True) -> Attempt:
    """`attempt`, and a dead end refused: raises Illegal when the step breaks a rule, or leaves
    the turn no legal end (with `dead_end`'s finding). `kept`: whether the caller goes on from
    the attempt's context; if not (a listing, a verdict), the plainest end of the turn is tried on
    that context itself, which then holds the end tried, and only `unsettled` is to be read."""
    tried = attempt(r, state, step, node)
    if not tried.finished and tried.state.discarded and not isinstance(step, EndOfTurn):  # a talon to come
        return talon_ahead(tried, step, node)
    if tried.finished or not isinstance(step, DOUBTFUL):
        return tried
    if not kept:
        if ends_here(tried.context, tried.state, spent=True):
            return tried
        tried = attempt(r, state, step, node)  # the end tried may have changed it: the step again
    budget = [SEARCH_BUDGET]
    finishes = can_finish(tried.context, tried.state, budget, not_here=not kept)
    if finishes:
        return tried
    if budget[0] <= 0:  # out of tries: not proven a dead end, so allowed, but not offered
        tried.unsettled = True
        return tried
    illegal = dead_end(tried.context, tried.state)
    if illegal is None:  # the plainest end is legal after all
        return tried
    illegal.node = node or step
    raise illegal


def talon_ahead(tried: Attempt, step: Action, node: Node | None) -> Attempt:
    """A discard the talon follows: the end of the turn it would make (the opening's minimum, its
    conditions) is judged now, on a copy, as a discard that ends a turn is; the talon, drawn after
    it, changes nothing those checks read."""
    try:
        talon_judged(tried)
    except Illegal as illegal:
        illegal.node = node or step
        raise
    return tried


def dead_end(r: HandContext, state: TurnState) -> Illegal | None:
    """What the plainest end of the turn from here breaks: for a player told yes to going out,
    going out (the hand laid down as far as a short search reaches, then the last discard);
    otherwise a discard of the first card held, or, with no card to discard, the end itself."""
    if state.asked:
        out = going_out_end(r, state, [SEARCH_BUDGET])
        if out is not None:
            return out
    return dead_end_of(r, state)


def going_out_end(r: HandContext, state: TurnState, budget: list[int]) -> Illegal | None:
    """What going out from here breaks: melds and additions laid greedily (the one leaving the
    fewest cards first), then the last card discarded; None if the search finds no way down."""
    if state.hand.total() <= 1:
        return dead_end_of(r, state)
    best: Attempt | None = None
    tries: Iterator[Action] = chain(melds(r, state, 0), additions(r, state))
    for action in tries:
        if budget[0] <= 0 or _work_spent(budget):
            break
        budget[0] -= 1
        try:
            step = attempt(r, state, action)
        except Illegal as illegal:
            if not any(action_cards_left(r, state, action)):
                return illegal  # laying the last cards breaks the end of the turn
            continue
        if best is None or step.state.hand.total() < best.state.hand.total():
            best = step
    if best is None:
        return None
    return going_out_end(best.context, best.state, budget)


def action_cards_left(r: HandContext, state: TurnState, action: Action) -> list[int]:
    """The counts the hand would keep after `action` lays its cards (for a meld or an addition)."""
    laid = [card for spec in getattr(action, "melds", ()) for card in spec.cards] or list(getattr(action, "cards", ()))
    left = state.hand.copy()
    left.subtract(laid)
    return [n for n in left.values() if n > 0]


def dead_end_of(r: HandContext, state: TurnState) -> Illegal | None:
    """The end of the turn with at most one card left: its discard, or the end itself."""
    cards = discardable(r, state)
    step: Step = Discard(card=cards[0]) if cards else END
    try:
        talon_judged(attempt(r, state, step))
    except Illegal as illegal:
        return illegal
    return None


def discardable(r: HandContext, state: TurnState) -> list[str]:
    """The cards worth trying as the turn's discard: never a laid card (a Bonus card, a three), but
    as the last card held where the rule set lets one go out (`Config.laid_card_goes_out`, and
    `Config.last_bonus_goes_out` for the card drawn last)."""
    laid = r.config.replaced_cards
    cards = [card for card, n in state.hand.items() if n > 0 and card != "B" and card not in laid]
    config = r.config
    goes_out = config.laid_card_goes_out or (config.last_bonus_goes_out and state.last_bonus)
    if not cards and goes_out and state.hand.total() == 1:
        cards = [card for card, n in state.hand.items() if n > 0]
    if config.discard_from_melds:  # a card taken back from the melds (engine/taking_back.py)
        cards += [m.rank for m in state.side.melds if m.rank in C.NATURAL_SET and not state.hand[m.rank]]
    return cards


def talon_judged(tried: Attempt) -> bool:
    """Whether the turn ends with `tried`: finished, or a discard the talon follows (`Config.talon`),
    whose end of the turn is judged at the discard (raising `Illegal` as `talon_ahead` does). A
    discard that empties the hand ends it by going out, or else by the talon's draw."""
    if tried.finished:
        return True
    context, state = tried.context, tried.state
    if not state.discarded:
        return False
    if any(state.hand.values()):
        attempt(context, state, END)
        return True
    try:
        attempt(context, state, END)  # going out, the talon forgone
    except Illegal:
        talon = next(talon_draws(context, state), None)
        attempt(context, state, END if talon is None else talon)
    return True


def verdict(r: HandContext, state: TurnState, step: Step) -> Illegal | None:
    """Why `step` is illegal here, or None."""
    try:
        judge(r, state, step, kept=False)
    except Illegal as illegal:
        return illegal
    return None


def legal_actions(r: HandContext, state: TurnState, work: bounded.WorkBudget | None = None) -> list[Step]:
    """Every distinct legal next step (each outcome once), in the candidates' order, the end of
    the turn last where the player may end it without a discard. With the stock's order unknown,
    the draws differ only in which cards not yet accounted for they take, which the handler does
    not weigh beyond their count: the first is tried for them all. `work` (else the budget in
    force, arbiter/engine/work.py) bounds the steps: once spent, the steps found so far are the answer and
    the budget says it is partial."""
    return list(listed(r, state, work).values())


def listed(r: HandContext, state: TurnState, work: bounded.WorkBudget | None = None) -> dict[str, Step]:
    """`legal_actions`, each under its text (`actions.step_text`), written once."""
    if r.outcome.ended:  # nothing is played after the end of the hand
        return {}
    work = work if work is not None else bounded.current()
    with bounded.using(work):  # the candidates and the search for a turn's end count against it too
        return _listed(r, state, work)


CARDS_PER_STEP = 16
"""An action tried costs one step of work per this many cards held, and one more: trying it copies
the hand, so a hand of sixty cards costs five steps a try where an ordinary one costs one."""


def _work_spent(budget: list[int]) -> bool:
    """Whether the work in force is spent: then a search has no tries left either (an action it
    cannot settle is not offered, and the listing says it is partial)."""
    work = bounded.current()
    if work is None or not work.spent_out():
        return False
    budget[0] = 0
    return True


def attempt_steps(state: TurnState) -> int:
    """The steps of work one action tried costs from this turn (arbiter/engine/work.py)."""
    return 1 + state.hand.total() // CARDS_PER_STEP


def _listed(r: HandContext, state: TurnState, work: bounded.WorkBudget | None) -> dict[str, Step]:
    found: dict[str, Step] = {}
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
        try:  # its tries spend the work (`attempt`)
            if not judge(r, state, action, kept=False).unsettled:
                found[text] = action
        except Illegal:
            continue
    if may_end(r, state):
        found[END_TEXT] = END
    return found


def may_end(r: HandContext, state: TurnState) -> bool:
    """Whether the player may end the turn here without a discard (`Config.keeps_last_card`; a last
    three drawn, `Config.last_bonus_goes_out`, ends the hand so)."""
    if r.config.last_bonus_goes_out and state.last_bonus and not state.melded and not state.discarded:
        return True
    if not r.config.keeps_last_card or not state.drawn or state.discarded:
        return False
    return verdict(r, state, END) is None


def can_finish(r: HandContext, state: TurnState, budget: list[int], *, not_here: bool = False) -> bool:
    """Whether the turn can be ended legally from here: by a discard, by ending it where no
    discard is due, by picking up the Foot, or after melds and additions (a search that looks one
    step past each first, then goes on from those that lay the most cards, within `budget` tries
    shared by the whole search). `not_here`: `ends_here` is known to be False (asked already)."""
    if not not_here and ends_here(r, state):
        return True
    if not opening_reachable(r, state):
        return False
    needed = 0
    if not state.side_melded_at_start and not state.took_pile:
        needed = r.minimum(state.side) - state.first_meld_value
    tried: list[Attempt] = []
    # Made as they are tried: the search often ends at the first, and the combinations of a first
    # meld are thousands to weigh.
    tries = opening_first(r, state, melds(r, state, needed), needed)
    candidates: Iterator[Action] = chain(tries, additions(r, state))
    for action in candidates:
        if budget[0] <= 0 or _work_spent(budget):
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
    return any(can_finish(step.context, step.state, budget, not_here=True) for step in tried if budget[0] > 0)


def opening_first(r: HandContext, state: TurnState, tries: Iterator[Meld], needed: int) -> Iterator[Meld]:
    """`melds`' tries with, before a side's first meld (`needed` points short of its minimum), those
    that would make the opening first: reaching the minimum with what the rule set asks of an
    opening (`Config.opening_problem`), then reaching it without, then the single melds short of it.
    A hand of many cards has hundreds of tries that end no opening turn by themselves before one
    that does; the order changes nothing a whole search finds. The combinations, weighed as work,
    are put off SEARCH_BUDGET at a time (no search tries more), never all weighed for the order."""
    if needed <= 0:
        yield from tries
        return
    laid = [meld.cards for meld in state.side.melds]
    config = r.config
    unfit: list[Meld] = []  # single melds
    unfit_together: list[Meld] = []
    short: list[Meld] = []
    for meld in tries:
        cards = [spec.cards for spec in meld.melds]
        if len(cards) == 1 and C.points(cards[0]) < needed:
            short.append(meld)
        elif config.opening_problem([*laid, *cards], config) is None:
            yield meld
        elif len(cards) == 1:
            unfit.append(meld)
        else:
            unfit_together.append(meld)
            if len(unfit_together) >= SEARCH_BUDGET:
                yield from unfit_together
                unfit_together.clear()
    yield from unfit_together
    yield from unfit
    yield from short


def opening_reachable(r: HandContext, state: TurnState) -> bool:
    """Whether the side's opening, begun this turn, may still be made (`Config.opening_reachable`)."""
    melds = state.side.melds
    if state.side_melded_at_start or not melds:
        return True
    return r.config.opening_reachable([meld.cards for meld in melds], state.hand, r.config)


def ends_here(r: HandContext, state: TurnState, *, spent: bool = False) -> bool:
    """Whether a discard (or, where no discard is due, the end of the turn) ends the turn now, or
    the Foot is there to pick up and play on. A player told yes to going out must go out this
    turn, the Foot played out too: the search does not play a Foot still to be picked up, so that
    path counts as not finishing (never offered, rather than offered into a turn with no legal
    end). `spent`: the discard, tried last, may be tried on `r` itself (see `attempt`)."""
    if r.config.foot_size and state.player in r.table.feet and not state.hand.total():
        return not state.asked
    if r.config.keeps_last_card and state.hand.total() == 1 and ends_without_discard(r, state):
        return True
    return discard_ends_turn(r, state, spent=spent)


def ends_without_discard(r: HandContext, state: TurnState) -> bool:
    try:
        attempt(r, state, END)
    except Illegal:
        return False
    return True


def discard_ends_turn(r: HandContext, state: TurnState, *, spent: bool = False) -> bool:
    """Whether some discard ends the turn legally. With two cards or more held, which card goes
    changes nothing the end of the turn checks, so one is tried: the first the rule set's discard
    policy allows (`Config.discard_problem`, asked without a try), and a card taken back from the
    melds only where no card held may go (as `taken_back` refuses it otherwise); a last card is
    tried as itself.
    `spent`: the last card is tried on `r` itself (see `attempt`)."""
    cards = discardable(r, state)
    if not cards:
        return False
    if r.config.discard_problem is not None:  # the policy's refusals known without a try
        free = next((card for card in cards if state.hand[card] and may_discard(r, state, card)), None)
        cards = [free] if free is not None else [card for card in cards if not state.hand[card]]
    elif state.hand.total() >= 2:
        cards = cards[:1]
    for card in cards:
        try:
            if talon_judged(attempt(r, state, Discard(card=card), spent=spent and card == cards[-1])):
                return True
        except Illegal:
            continue
    return False
