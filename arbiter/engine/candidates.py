"""The actions a player might try next, before the handlers judge them (engine/legal.py).

Candidates are generated from the cards' counts, never from their permutations: a meld is a rank
with so many naturals and so many of each wild, in canonical card order, so that each outcome is
proposed once. What kinds exist follows the table: a two-card draw where `Config.draw_count` says
two, a sequence only where the rule set's meld policy accepts one, and the actions a rule set
brings (`Config.actions`: the Caliente card, the Foot) where each offers itself. The generation is
generous and cheap; the handlers decide (every candidate is tried on a copy).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from itertools import combinations_with_replacement

from .. import cards as C
from ..notation.records import (
    Action,
    Add,
    Ask,
    Discard,
    Draw,
    GoOut,
    LayBonus,
    Meld,
    MeldRef,
    MeldSpec,
    Pass,
    Take,
)
from .context import HandContext, TurnState
from .melds import MeldState, meld_problem, meld_shape
from .taking_the_pile import take_refused
from .talon import known_talon, talon_due
from .together import Together, shape

MAX_UNKNOWN_DRAWS = 200
"""With the stock's order unknown (a position read from a record), a draw of more than two cards
(a draw owed after an action played instead of drawing) is listed by at most this many of its possible card multisets, in
canonical order; one- and two-card draws are always listed in full."""


def ordered(cards: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    return tuple(sorted(cards, key=C.ORDER.__getitem__))


def wild_sets(hand: Counter[str], most: int) -> list[tuple[str, ...]]:
    """Every multiset of the wild cards held, of at most `most` cards, fewest first."""
    out = []
    for little in range(min(hand[C.LITTLE_WILD], most) + 1):
        for big in range(min(hand[C.BIG_WILD], most - little) + 1):
            out.append((C.LITTLE_WILD,) * little + (C.BIG_WILD,) * big)
    return sorted(out, key=len)


# --- drawing and taking ---------------------------------------------------------------------


def draw_count(r: HandContext, state: TurnState) -> int:
    """How many cards the draw now due takes (the handler's own arithmetic)."""
    stock = r.table.stock_count
    if state.replacements_owed:
        return min(state.replacements_owed, stock)
    if state.owed_draw:
        return state.owed_draw
    return min(r.config.draw_count, stock)


def draws(r: HandContext, state: TurnState, count: int | None = None) -> Iterator[Draw]:
    """The draws due (of `count` cards, where given: the talon)."""
    n, table = draw_count(r, state) if count is None else count, r.table
    if n <= 0:
        return
    if table.stock is not None:  # the stock's order is known: the draw takes its top cards
        yield Draw(cards=tuple(reversed(table.stock[-n:])))
        return
    pool = table.pool
    kinds = [card for card in C.CARDS if pool[card] > 0]
    found = 0
    for cards in combinations_with_replacement(kinds, n):
        if all(cards.count(card) <= pool[card] for card in set(cards)):
            yield Draw(cards=cards)
            found += 1
            if n > 2 and found >= MAX_UNKNOWN_DRAWS:
                return


def talon_draws(r: HandContext, state: TurnState) -> Iterator[Draw]:
    """The talon's draw after the discard, where one is due: the pile dealt aside for the side
    where its cards are known (`Config.talon_dealt_aside`), else as a draw of that many cards."""
    due = talon_due(r, state)
    known = known_talon(r, state) if due else None
    if known is not None:
        yield Draw(cards=known)
        return
    yield from draws(r, state, due)


def takes(r: HandContext, state: TurnState, needed: int) -> Iterator[Take]:
    """Taking the pile: onto each of the side's melds, or with cards from hand (naturals of the
    up card's rank and wilds); before the side's first meld (`needed` points), with one or two
    melds from hand besides where the up card's meld alone falls short."""
    table, config = r.table, r.config
    if not table.pile:
        return
    top = table.pile[-1]
    for meld, ref in named_melds(state):
        if meld.is_sequence or meld.rank == top:
            yield Take(card=top, onto=ref)
    hand = state.hand
    beside: list[tuple[str, ...]] | None = None  # the melds from hand a first take might lay: made once
    for naturals in range(hand[top] + 1 if top in C.NATURAL_SET else 0):
        for wilds in wild_sets(hand, config.canasta_size):
            own = (top,) * naturals + wilds
            if len(own) < 2 or meld_problem(ordered((top, *own)), config, True):
                continue
            short = needed - C.points((top, *own))
            if short <= 0:
                yield Take(card=top, with_cards=own)
                continue
            if take_refused(r, state, Take(card=top, with_cards=own)):  # refused with any melds beside it
                continue
            if beside is None:
                beside = group_melds(r, state) + sequences(r, state)
            for also in helpers(state, own, beside, short):
                yield Take(card=top, with_cards=own, also=tuple(MeldSpec(cards=m) for m in also))


def helpers(
    state: TurnState, own: tuple[str, ...], beside: list[tuple[str, ...]], short: int
) -> Iterator[tuple[tuple[str, ...], ...]]:
    """Up to FIRST_MELD_PARTS melds of other ranks (of `beside`, the melds the hand could lay),
    laid with a first take of the pile, worth `short` points together."""
    left = state.hand - Counter(own)
    others = [m for m in beside if _held(left, m)]
    return Together(others, left, short).combinations(1)


def _held(hand: Counter[str], meld: tuple[str, ...]) -> bool:
    """Whether `hand` holds the cards of `meld` (a card counted once for each time it is there)."""
    return all(hand[card] >= meld.count(card) for card in meld)


# --- melding ------------------------------------------------------------------------------------


def group_melds(r: HandContext, state: TurnState) -> list[tuple[str, ...]]:
    """Every new group a player could lay from hand whose cards the meld policy accepts: a rank's
    naturals with wilds, Stop cards, wild cards alone."""
    config, hand = r.config, state.hand
    out: list[tuple[str, ...]] = []
    wilds = wild_sets(hand, config.canasta_size)
    for rank in C.NATURALS:
        for naturals in range(1, hand[rank] + 1):
            for w in wilds:
                cards = (rank,) * naturals + w
                if len(cards) >= 3 and not meld_problem(cards, config, True):
                    out.append(cards)
    for stops in range(3, hand[C.STOP] + 1):
        cards = (C.STOP,) * stops
        if not meld_problem(cards, config, True):
            out.append(cards)
    for w in wilds:
        if len(w) >= 3 and not meld_problem(w, config, True):
            out.append(w)
    return out


def sequences(r: HandContext, state: TurnState) -> list[tuple[str, ...]]:
    """Runs of consecutive naturals held, one of each, that the meld policy accepts as a meld."""
    config, hand = r.config, state.hand
    ranks = len(C.NATURALS)
    held = [hand[card] > 0 for card in C.NATURALS]
    out = []
    for start in range(ranks):
        stop = start  # the run held from `start` ends before `stop`
        while stop < ranks and held[stop]:
            stop += 1
        for end in range(start + 3, min(start + config.canasta_size, stop) + 1):
            run = C.NATURALS[start:end]
            if not meld_problem(run, config, True):
                out.append(run)
    return out


def melds(r: HandContext, state: TurnState, first_needed: int) -> Iterator[Meld]:
    """`meld` actions: one meld each; before the side's first meld (`first_needed` points still
    missing) also the combinations of up to FIRST_MELD_PARTS melds of different ranks that reach
    it together."""
    single = group_melds(r, state) + sequences(r, state)
    side = state.side
    if r.config.merge_same_rank:  # a group of a rank the side holds is an addition to it
        single = [m for m in single if meld_shape(m)[1] is not None or side.meld_of(shape(m)) is None]
    for cards in single:
        yield Meld(melds=(MeldSpec(cards=cards),))
    if first_needed <= 0:
        return
    for combo in Together(single, state.hand, first_needed).combinations(2):
        yield Meld(melds=tuple(MeldSpec(cards=m) for m in combo))


def named_melds(state: TurnState) -> Iterator[tuple[MeldState, MeldRef]]:
    """Each of the side's melds with the name a record gives it (`Q`, `Q#2`, `5-9`)."""
    seen: Counter[tuple[str, str | None]] = Counter()
    for meld in state.side.melds:
        seen[meld.rank, meld.high] += 1
        yield meld, MeldRef(rank=meld.rank, high=meld.high, index=seen[meld.rank, meld.high])


def additions(r: HandContext, state: TurnState) -> Iterator[Add]:
    config, hand = r.config, state.hand
    wilds = wild_sets(hand, config.canasta_size)
    for meld, ref in named_melds(state):
        for cards in _added(meld, hand, wilds, config.canasta_size):
            whole = (*meld.cards, *cards)
            if meld_problem(whole, config, False) or config.addition_problem(meld.cards, list(cards), config):
                continue
            yield Add(cards=cards, target=ref)


def _added(meld: MeldState, hand: Counter[str], wilds: list[tuple[str, ...]], most: int) -> Iterator[tuple[str, ...]]:
    """Cards from hand that might join a meld: a group's rank and wilds; a sequence's runs at
    either end (of at most `most` cards each)."""
    if not meld.is_sequence:
        for naturals in range(hand[meld.rank] + 1):
            for w in wilds:
                if naturals or w:
                    yield (meld.rank,) * naturals + w
        return
    low, high = C.SEQUENCE_ORDER[meld.rank], C.SEQUENCE_ORDER[meld.high or meld.rank]
    below = [C.NATURALS[low - k : low] for k in range(most + 1) if low - k >= 0]
    above = [C.NATURALS[high + 1 : high + 1 + k] for k in range(most + 1) if high + k < len(C.NATURALS)]
    for b in below:
        for a in above:
            cards = (*b, *a)
            if cards and all(hand[c] >= cards.count(c) for c in cards):
                yield cards


# --- the rest of a turn -------------------------------------------------------------------------


def discards(state: TurnState) -> Iterator[Discard]:
    for card in C.CARDS:
        if state.hand[card] > 0 and (card != C.BONUS or state.hand.total() == 1):  # a last card: tried as itself
            yield Discard(card=card)


def bonuses(state: TurnState, laid: frozenset[str] = frozenset({C.BONUS})) -> Iterator[LayBonus]:
    for n in range(1, state.hand[C.BONUS] + 1):
        yield LayBonus(cards=(C.BONUS,) * n)
    for card in sorted(laid - {C.BONUS}):  # Modern American Canasta lays its black threes too
        for n in range(1, state.hand[card] + 1):
            yield LayBonus(cards=(card,) * n)


def brought(r: HandContext, state: TurnState) -> Iterator[Action]:
    """The actions the rule set brings (`Config.actions`), where each offers itself."""
    for extra in r.config.actions.values():
        yield from extra.offers(r, state)


def candidates(r: HandContext, state: TurnState) -> Iterator[Action]:
    """Every action worth trying at the step the turn is at."""
    if state.foot_first:  # the turn begins with the Foot, or a pass
        for extra in r.config.actions.values():
            if extra.picks_up_foot:
                yield from extra.offers(r, state)
        yield Pass()
        return
    if state.discarded:  # after the discard, only the talon (Config.talon) is offered, or going out
        yield from talon_draws(r, state)
        if not any(state.hand.values()):
            yield GoOut()
        return
    yield from bonuses(state, r.config.replaced_cards)
    if not state.drawn or state.replacements_owed or state.owed_draw:
        yield from draws(r, state)
    if not state.drawn:
        yield from brought(r, state)
        if r.table.stock_count == 0:
            yield Pass()
        yield from takes(r, state, 0 if state.side_melded_at_start else r.minimum(state.side))
        return
    yield from brought(r, state)
    if not state.melded and state.asked is None and len(state.side.players) > 1:
        yield from (Ask(answer=True), Ask(answer=False))
    needed = 0
    if not state.side_melded_at_start and not state.took_pile:
        needed = r.minimum(state.side) - state.first_meld_value
    yield from melds(r, state, needed)
    yield from additions(r, state)
    yield from discards(state)
    if r.config.discard_from_melds:  # a card taken back from the melds (engine/taking_back.py)
        yield from (
            Discard(card=m.rank) for m in state.side.melds if m.rank in C.NATURAL_SET and not state.hand[m.rank]
        )
