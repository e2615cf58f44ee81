"""Melding: `meld` lays new melds, `add` adds cards to one on the table, and `MeldPlan` checks
every meld an action lays (the take's too) before any is placed."""

from __future__ import annotations

from collections.abc import Sequence

from .. import cards as C
from ..i18n import msg
from ..notation.records import Add, Meld, Node
from .context import HandContext, TurnState
from .first_meld import count_melded
from .holding import check_held, require_drawn
from .illegal import Illegal
from .melds import MeldState, meld_problem, meld_shape, resolve


class MeldPlan:
    """The melds one action lays, checked together before any is placed: each new meld is legal,
    and so is each meld it merges into (where a side keeps one meld per rank)."""

    __slots__ = ("merged", "placements", "r", "state", "used")

    def __init__(self, r: HandContext, state: TurnState) -> None:
        self.r, self.state = r, state
        self.used: dict[str, int] = {}  # cards from hand so far
        self.merged: dict[str, Sequence[str]] = {}  # rank -> the merged meld's cards (never changed in place)
        self.placements: list[tuple[str, str | None, Sequence[str]]] = []  # (rank, high, cards)

    def lay(self, cards: tuple[str, ...], node: Node, *, from_hand: Sequence[str] | None = None) -> None:
        """Plan a meld of `cards`, all from hand, or only `from_hand` (already checked as held)
        with the up card."""
        used = self.used
        if from_hand is None:
            check_held(self.r, self.state, cards, node, used)
        for card in cards if from_hand is None else from_hand:
            used[card] = used.get(card, 0) + 1
        config = self.r.config
        problem = meld_problem(cards, config, True)
        if problem:
            raise Illegal(problem[0], problem[1], node)
        rank, high = meld_shape(cards)
        if config.dead_canasta_ranks or config.opened_meld_problem is not None:
            existing = self.state.side.meld_of(rank) if high is None else None
            check_opened(self.r, self.state, existing.cards if existing else (), cards, rank, node)
        if config.merge_same_rank and high is None:
            self.check_merge(rank, cards, node)
        if config.one_open_meld_per_rank and high is None:
            self.check_open(rank, cards, node)
        self.placements.append((rank, high, cards))

    def check_open(self, rank: str, cards: Sequence[str], node: Node) -> None:
        """A side starts a new meld of a rank only once its earlier one is closed (Hand & Foot)."""
        size, side = self.r.config.canasta_size, self.state.side
        laid: list[Sequence[str]] = [m.cards for m in side.melds if m.rank == rank and m.high is None]
        laid += [c for r, h, c in self.placements if r == rank and h is None]
        if any(len(earlier) < size for earlier in laid):
            values = {"cards": C.show(cards), "side": side.name, "size": C.number(size)}
            if rank == C.LITTLE_WILD:
                why = msg(
                    "[{cards}]: {side} already has a wild meld that is not closed; a new one is started only once "
                    "that one is closed at {size} cards",
                    **values,
                )
            else:
                why = msg(
                    "[{cards}]: {side} already has a meld of {rank}s that is not closed; a new one is started only "
                    "once that one is closed at {size} cards",
                    rank=rank,
                    **values,
                )
            raise Illegal("open-meld", why, node)

    def check_merge(self, rank: str, cards: Sequence[str], node: Node) -> None:
        config, side = self.r.config, self.state.side
        existing = self.merged.get(rank)
        if existing is None:
            meld = side.meld_of(rank)
            existing = meld.cards if meld is not None else None
        if existing is None:
            self.merged[rank] = cards
            return
        merged = (*existing, *cards)
        problem = meld_problem(merged, config, False)
        if problem:
            raise Illegal(
                problem[0],
                msg("merged with {side}'s {rank}s, {problem}", side=side.name, rank=rank, problem=problem[1]),
                node,
            )
        self.merged[rank] = merged

    def place(self) -> None:
        """Lay the planned melds: the cards from hand leave it, each meld goes to the table."""
        state, r = self.state, self.r
        hand = state.hand
        for card, n in self.used.items():
            hand[card] -= n
        side = state.side
        for rank, high, cards in self.placements:
            if rank == C.STOP:
                state.stops_melded = True
                r.paths["stop-meld"] += 1
            # check_merge left a meld's own cards as its rank's merge: the plan's one meld of that
            # rank, with none on the table to join (most melds). Others look for the one they join.
            joins = r.config.merge_same_rank and high is None and self.merged.get(rank) is not cards
            existing = side.meld_of(rank) if joins else None
            if existing is not None:
                existing.cards.extend(cards)
                r.table.note_meld(existing)
                r.paths["meld-merged"] += 1
            else:
                laid = MeldState(rank, list(cards), high)
                side.melds.append(laid)
                r.table.note_meld(laid)
                if high is not None:
                    r.paths["meld-sequence"] += 1


def check_opened(
    r: HandContext, state: TurnState, before: Sequence[str], cards: Sequence[str], rank: str, node: Node
) -> None:
    """Modern American Canasta's limits on melding: a dead rank (Config.dead_canasta_ranks), and what
    a side that opened before this turn may lay (Config.opened_meld_problem: the rule of five)."""
    config = r.config
    if config.dead_canasta_ranks and rank in r.table.dead and len(before) < config.canasta_size:
        raise Illegal(
            "dead-rank",
            msg(
                "a canasta of {rank}s is complete, so the {rank}s are dead: no meld of them is started or grown",
                rank=rank,
            ),
            node,
        )
    if config.opened_meld_problem is not None and state.side_melded_at_start:
        problem = config.opened_meld_problem(before, cards, config)
        if problem and problem[0] in config.excused_going_out:  # judged at the turn's end (engine/ending.py)
            state.excused = state.excused or (problem[0], problem[1], node)
        elif problem:
            raise Illegal(problem[0], problem[1], node)


def meld(r: HandContext, state: TurnState, action: Meld) -> None:
    require_drawn(r, state, action, "melding")
    plan = MeldPlan(r, state)
    melds = action.melds
    for spec in melds:
        plan.lay(spec.cards, spec)
    plan.place()
    count_melded(r, state, [card for spec in melds for card in spec.cards], melds[0])


def add(r: HandContext, state: TurnState, action: Add) -> None:
    require_drawn(r, state, action, "adding to a meld")
    config, side = r.config, state.side
    target = resolve(side.melds, side.name, action.target, config, action)
    cards = action.cards
    if target.high is None:  # a group takes its rank and wilds; a sequence's rule is the meld policy's
        rank = target.rank
        own_rank = cards.count(rank) == len(cards)  # only cards of the group's own rank: it stays legal
        if not own_rank:
            stray = [c for c in cards if c != rank and c not in C.WILDS]
            if stray or (rank == C.STOP and not C.WILDS.isdisjoint(cards)):
                raise Illegal(
                    "meld-rank", msg("[{cards}] cannot be added to the {rank}s", cards=C.show(cards), rank=rank), action
                )
    else:
        own_rank = False
    check_held(r, state, cards, action)
    if config.dead_canasta_ranks or config.opened_meld_problem is not None:
        check_opened(r, state, target.cards, cards, target.rank, action)
    problem = (None if own_rank else meld_problem((*target.cards, *cards), config, False)) or (
        config.addition_problem(target.cards, cards, config)
    )
    if problem:
        raise Illegal(problem[0], problem[1], action)
    hand = state.hand
    for card in cards:  # check_held has passed
        hand[card] -= 1
    target.extend(cards)
    r.table.note_meld(target)
    r.paths["add" if target.high is None else "add-to-sequence"] += 1
    count_melded(r, state, cards, action)
