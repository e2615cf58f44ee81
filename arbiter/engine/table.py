"""The table during a hand: each player's hand, each side's melds and laid cards, the pile (and
whether it is frozen), the stock, and the scores before the hand.

A hand is a Counter of cards. The checks here never change anything: a card that cannot come
from the stock is refused before the stock moves.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .. import cards as C
from ..i18n import Text, msg
from ..notation.records import Node
from ..rules.base import Config, Seating
from .illegal import Illegal
from .melds import MeldState


@dataclass(slots=True)
class SideState:
    name: str
    players: tuple[str, ...]
    melds: list[MeldState] = field(default_factory=list)
    laid: list[str] = field(default_factory=list)  # cards laid beside the melds (Bonus, Caliente)

    @property
    def has_melded(self) -> bool:
        return bool(self.melds)

    def canastas(self, config: Config) -> int:
        size = config.canasta_size
        return sum(len(m.cards) >= size for m in self.melds)

    def meld_of(self, rank: str) -> MeldState | None:
        for meld in self.melds:
            if meld.rank == rank and meld.high is None:  # a group, never a sequence starting there
                return meld
        return None


def counts_copy(counts: Counter[str] | None = None) -> Counter[str]:
    """A copy of a Counter (or a new empty one), made as a dict is: Counter's own `__init__` and
    `copy` are Python code, and a fork of a hand makes three of these (engine/context.py)."""
    copied: Counter[str] = C.Counts.__new__(C.Counts)
    if counts:
        dict.update(copied, counts)
    return copied


def _side_copy(side: SideState) -> SideState:
    melds = [MeldState(m.rank, list(m.cards), m.high, m.closed) for m in side.melds]
    return SideState(side.name, side.players, melds, list(side.laid))


def new_side_states(config: Config) -> dict[str, SideState]:
    return {Seating.side_name(side): SideState(Seating.side_name(side), side) for side in config.seating.sides}


@dataclass(slots=True)
class Table:
    """Everything on the table during a hand."""

    config: Config
    hands: dict[str, Counter[str]]
    sides: dict[str, SideState]
    side_of: dict[str, SideState]
    pool: Counter[str]  # cards of the pack not yet seen anywhere
    stock: list[str] | None  # the stock's cards, top last, where the record gives them
    stock_count: int
    pile: list[str] = field(default_factory=list)
    frozen: bool = False
    melded_players: set[str] = field(default_factory=set)
    totals_before: dict[str, int] = field(default_factory=dict)
    # the Foot (Config.foot_size): each player's Foot until it is picked up, and who has played from one
    feet: dict[str, Counter[str]] = field(default_factory=dict)
    played_foot: set[str] = field(default_factory=set)
    # the talons dealt aside (Config.talon_dealt_aside), by the order the sides open: each pile's
    # size, 0 once drawn, and its cards where the stock line gives them. Replaced, never changed in
    # place, so that a copy shares them
    talon_sizes: tuple[int, ...] = ()
    talons: tuple[tuple[str, ...], ...] = ()
    # who has asked to go out this hand (sides or players, by Config.asks_per_hand): a new set at each ask
    asked: frozenset[str] = frozenset()
    # the players who have had no turn since their side opened (a partner opened it): a new set at each change
    opened_since: frozenset[str] = frozenset()
    # the laid cards each player forgot to lay in time (Config.forgotten_laid), by player
    forgotten: dict[str, int] = field(default_factory=dict)
    # the ranks in which some side has completed a canasta (Config.dead_canasta_ranks), or none: kept
    # as the melds grow (`note_meld`), never recounted at a discard. A new set at each change
    dead: frozenset[str] = frozenset()

    def note_meld(self, meld: MeldState) -> None:
        """A meld was laid or grew: a canasta it completes makes its rank dead, where the rule set
        has dead ranks."""
        config = self.config
        if config.dead_canasta_ranks and len(meld.cards) >= config.canasta_size and meld.rank not in self.dead:
            self.dead = self.dead | {meld.rank}

    def count_dead(self) -> None:
        """The dead ranks counted afresh from every side's melds: after a meld lost a card (taken
        back) or the melds were laid out by a stated position."""
        config = self.config
        if not config.dead_canasta_ranks:
            return
        size = config.canasta_size
        self.dead = frozenset(m.rank for side in self.sides.values() for m in side.melds if len(m.cards) >= size)

    def copy(self, mover: str | None = None) -> Table:
        """A table to try moves on: every hand, meld, pile and count its own (the configuration
        shared). Given `mover`, the player whose turn the copy is for, only that player's hand and
        side are copied and the others' are shared: a turn changes no other hand or side, and
        trying each candidate action on a copy is most of what listing the legal actions costs."""
        if mover is None:
            hands = {p: counts_copy(h) for p, h in self.hands.items()}
            sides = {name: _side_copy(side) for name, side in self.sides.items()}
            side_of = {p: sides[side.name] for p, side in self.side_of.items()}
        else:
            hands, sides, side_of = dict(self.hands), dict(self.sides), dict(self.side_of)
            hands[mover] = counts_copy(hands[mover])
            side = sides[side_of[mover].name] = _side_copy(side_of[mover])
            side_of.update(dict.fromkeys(side.players, side))
        return Table(
            config=self.config,
            hands=hands,
            sides=sides,
            side_of=side_of,
            pool=counts_copy(self.pool),
            stock=None if self.stock is None else list(self.stock),
            stock_count=self.stock_count,
            pile=list(self.pile),
            frozen=self.frozen,
            melded_players=set(self.melded_players),
            totals_before=dict(self.totals_before),
            feet=dict(self.feet),  # a Foot is never changed: it leaves the table whole, picked up
            played_foot=set(self.played_foot),
            talon_sizes=self.talon_sizes,
            talons=self.talons,
            asked=self.asked,
            opened_since=self.opened_since,
            forgotten=dict(self.forgotten) if self.forgotten else {},
            dead=self.dead,
        )

    def snapshot(self) -> dict[str, Any]:
        order = C.ORDER.__getitem__
        feet = {"feet": {p: sorted(f.elements(), key=order) for p, f in self.feet.items()}}
        if not self.config.foot_size:
            feet = {}
        return {
            "hands": {p: sorted(h.elements(), key=order) for p, h in self.hands.items()},
            **feet,
            "melds": {s.name: [list(m.cards) for m in s.melds] for s in self.sides.values()},
            "laid": {s.name: list(s.laid) for s in self.sides.values()},
            "pile": list(self.pile),
            "frozen": self.frozen,
            "stock": self.stock_count,
            "scores": dict(self.totals_before),
        }

    # --- the stock ------------------------------------------------------------------------------

    def take_from_stock(self, card: str, node: Node) -> None:
        """A card comes off the stock (dealt, turned or drawn): it must be there to come."""
        if self.stock_count <= 0:
            raise Illegal("stock-empty", self._stock_empty(card), node)
        if self.stock is not None:
            expected = self.stock[-1]
            if expected != card:
                raise Illegal("stock-order", self._not_next(expected, card), node)
            self.stock.pop()
        else:  # claim() for one card, without its loop: most draws are of one card
            pool = self.pool
            if pool[card] <= 0:
                self.check_claim(card, node)
            pool[card] -= 1
        self.stock_count -= 1

    def check_from_stock(self, cards: Sequence[str], node: Node) -> None:
        """Whether these cards can come off the stock one after the other, changing nothing."""
        for i, card in enumerate(cards):
            if i >= self.stock_count:
                raise Illegal("stock-empty", self._stock_empty(card), node)
            if self.stock is not None:
                expected = self.stock[-1 - i]
                if expected != card:
                    raise Illegal("stock-order", self._not_next(expected, card), node)
            else:
                self.check_claim(card, node, cards[: i + 1].count(card))  # a few cards: no Counter

    def _stock_empty(self, card: str) -> Text:
        return msg("the stock is empty, so {card} cannot come from it", card=self.config.words.describe(card))

    def _not_next(self, expected: str, card: str) -> Text:
        words = self.config.words
        return msg(
            "the next card of the stock is {expected}, not {card}",
            expected=words.describe(expected),
            card=words.describe(card),
        )

    def draw_from_stock(self, cards: Sequence[str], node: Node) -> None:
        pool = self.pool
        if self.stock is None and len(cards) == 2 and self.stock_count >= 2:  # Samba, Hand & Foot: two a turn
            first, second = cards
            if pool[first] > 0 and pool[second] > (first == second):
                pool[first] -= 1
                pool[second] -= 1
                self.stock_count -= 2
                return
        if len(cards) > 1:
            self.check_from_stock(cards, node)
        for card in cards:
            self.take_from_stock(card, node)

    # --- the cards in play ------------------------------------------------------------------------

    def claim(self, cards: Iterable[str], node: Node, code: str = "card-count") -> None:
        """Put cards in play one after another (dealt, drawn, laid in a position): each must still
        be among the pack's cards not yet accounted for."""
        pool = self.pool
        for card in cards:
            if pool[card] <= 0:
                self.check_claim(card, node, 1, code)
            pool[card] -= 1

    def check_claim(self, card: str, node: Node, n: int = 1, code: str = "card-count") -> None:
        """Whether `n` more of `card` can still be in play."""
        if self.pool[card] >= n:
            return
        config = self.config
        have = config.packs * C.ONE_PACK[card] + config.extra_cards.get(card, 0)
        if not have and card in config.absent_cards:
            raise Illegal(code, config.absent_cards[card], node)
        raise Illegal(
            code,
            msg(
                "the pack has only {cards}, and all of them are already accounted for: this one cannot be in play",
                cards=config.words.counted(have, card),
            ),
            node,
        )
