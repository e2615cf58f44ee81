"""Melds on the table: one model for every kind, and how a record names one.

A meld is a group of one rank (with wilds), a meld of Stop cards, and, in the families that have
them, a sequence (its `rank` is its lowest card, `high` its highest) or a meld of wild cards.
Whether cards make a legal meld is the rule set's policy (`Config.meld_problem`); this module
keeps the melds and resolves names (docs/notation.md, "Naming a meld"): `Q` is the side's first
meld of Queens, `Q#2` its second, `5-9` the sequence from 5 to 9.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .. import cards as C
from ..records import MeldRef, Node
from ..rules.base import Config
from .illegal import Illegal


@dataclass(slots=True)
class MeldState:
    rank: str  # the rank of a group, S for Stop cards, the lowest card of a sequence
    cards: list[str]
    high: str | None = None  # the highest card of a sequence; None for any other meld
    closed: bool = False  # a meld that takes no more cards (Hand & Foot's closed canastas)

    @property
    def wilds(self) -> int:
        return sum(map(C.WILDS.__contains__, self.cards))

    @property
    def naturals(self) -> int:
        return len(self.cards) - self.wilds

    def is_canasta(self, config: Config) -> bool:
        return len(self.cards) >= config.canasta_size


def meld_rank(cards: Sequence[str]) -> str:
    """The rank a group of cards is named by: its natural rank, or S for Stop cards."""
    for card in cards:
        if card in C.NATURAL_SET or card == C.STOP:
            return card
    return "?"


def resolve(melds: Sequence[MeldState], side: str, ref: MeldRef, config: Config, node: Node) -> MeldState:
    """The meld a record names (`Q`, `Q#2`, `5-9`), or meld-unknown."""
    if config.merge_same_rank and (ref.high is not None or ref.index != 1):
        raise Illegal("meld-unknown", f"{ref} names no meld: {side} keeps one meld per rank, named by its rank", node)
    rank, high, index = ref.rank, ref.high, ref.index
    seen = 0
    for meld in melds:
        if meld.rank == rank and meld.high == high:
            seen += 1
            if seen == index:
                return meld
    if ref.high is None and ref.index == 1:
        raise Illegal("meld-unknown", f"{side} has no meld of {ref.rank}s on the table", node)
    raise Illegal("meld-unknown", f"{ref} names no meld: {side} has {seen} such meld{'s' * (seen != 1)}", node)
