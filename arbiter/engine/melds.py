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
from functools import lru_cache
from typing import cast

from .. import cards as C
from ..i18n import msg, msg_n
from ..notation.records import MeldRef, Node
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

    @property
    def is_sequence(self) -> bool:
        return self.high is not None

    @property
    def name(self) -> str:
        """How messages name the meld: `Qs`, the sequence `5-9`, the wild meld."""
        if self.high is not None:
            return msg("sequence {low}-{high}", low=self.rank, high=self.high)
        return msg("wild cards") if self.rank == C.LITTLE_WILD else msg("{rank}s", rank=self.rank)

    def extend(self, cards: Sequence[str]) -> None:
        """Add cards (already checked); a sequence's span follows its cards."""
        self.cards.extend(cards)
        if self.high is not None:
            self.rank, self.high = meld_shape(tuple(self.cards))


def meld_rank(cards: Sequence[str]) -> str:
    """The rank a group of cards is named by: its natural rank, S for Stop cards, 2 for a meld of
    wild cards only (Hand & Foot)."""
    for card in cards:
        if card in C.NATURAL_SET or card == C.STOP:
            return card
    return C.LITTLE_WILD if cards and all(card in C.WILDS for card in cards) else "?"


VERDICTS_KEPT = 4096  # meld verdicts a configuration keeps (a hostile record may meld anything)
_NOT_ASKED = object()


def meld_problem(cards: tuple[str, ...], config: Config, new: bool) -> tuple[str, str] | None:
    """Why `cards` are not a legal meld (a new one if `new`), by the rule set's policy
    (Config.meld_problem), or None. Each answer is kept in the configuration: the games of an
    archive check the same few hundred melds again and again."""
    verdicts = config.verdicts
    key = (cards, new)
    verdict = verdicts.get(key, _NOT_ASKED)
    if verdict is _NOT_ASKED:
        if len(verdicts) >= VERDICTS_KEPT:
            verdicts.clear()
        verdict = verdicts[key] = config.meld_problem(cards, config, new)
    return cast("tuple[str, str] | None", verdict)  # a verdict kept, or just found


@lru_cache(maxsize=4096)
def meld_shape(cards: tuple[str, ...]) -> tuple[str, str | None]:
    """A legal meld's name: (its rank, None) for a group; (its lowest, its highest card) for a
    sequence, the one meld that holds several natural ranks. Kept for each meld asked about: a
    pure function of the cards."""
    ranks = C.NATURAL_SET.intersection(cards)
    if len(ranks) < 2:
        return meld_rank(cards), None
    places = sorted(map(C.SEQUENCE_ORDER.__getitem__, ranks))
    return C.NATURALS[places[0]], C.NATURALS[places[-1]]


def new_meld(cards: Sequence[str]) -> MeldState:
    rank, high = meld_shape(tuple(cards))
    return MeldState(rank, list(cards), high)


def resolve(melds: Sequence[MeldState], side: str, ref: MeldRef, config: Config, node: Node) -> MeldState:
    """The meld a record names (`Q`, `Q#2`, `5-9`), or meld-unknown."""
    if config.merge_same_rank and ref.high is None and ref.index != 1:  # sequences are never merged
        raise Illegal(
            "meld-unknown",
            msg("{meld} names no meld: {side} keeps one meld per rank, named by its rank", meld=str(ref), side=side),
            node,
        )
    rank, high, index = ref.rank, ref.high, ref.index
    seen = 0
    for meld in melds:
        if meld.rank == rank and meld.high == high:
            seen += 1
            if seen == index:
                return meld
    if ref.high is None and ref.index == 1:
        raise Illegal("meld-unknown", msg("{side} has no meld of {rank}s on the table", side=side, rank=ref.rank), node)
    raise Illegal(
        "meld-unknown",
        msg_n(
            "{meld} names no meld: {side} has {n} such meld",
            "{meld} names no meld: {side} has {n} such melds",
            seen,
            meld=str(ref),
            side=side,
        ),
        node,
    )


def open_meld_joined(melds: Sequence[MeldState], rank: str, config: Config) -> list[MeldState]:
    """The side's open meld of `rank` that a take with a natural pair joins, where the rule set
    says it does (Config.take_joins_open_meld: Hand & Foot never has two open melds of a rank)."""
    if not config.take_joins_open_meld:
        return []
    return [m for m in melds if m.rank == rank and m.high is None and not m.closed and not m.is_canasta(config)][:1]
