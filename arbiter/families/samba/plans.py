"""Samba's melds as the bots see them (groups and sequences) and the plans they make of a hand:
which melds to lay, what to take, how to go out (bots.py plays them).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ...bots.cards import (
    BIG,
    BONUS,
    CANASTA,
    LITTLE,
    NATURALS,
    POINTS,
    RANK,
    STOP,
    WILDS,
)
from ...notation.records import MeldRef
from .bot_rules import SAMBA, SambaRules

# --- the melds --------------------------------------------------------------------------------------


@dataclass(slots=True, eq=False)  # a meld is itself: two with the same cards are two melds
class SambaMeld:
    """A group of a rank, a sequence or the Stop cards; its name depends on the side's others."""

    kind: str  # "group", "sequence" or "stop"
    cards: list[str]

    @property
    def rank(self) -> str:
        return next(card for card in self.cards if card not in WILDS)

    @property
    def low(self) -> int:
        return min(RANK[card] for card in self.cards)

    @property
    def high(self) -> int:
        return max(RANK[card] for card in self.cards)

    @property
    def wilds(self) -> int:
        return sum(1 for card in self.cards if card in WILDS)

    @property
    def canasta(self) -> bool:
        return self.kind != "stop" and len(self.cards) >= CANASTA

    def ends(self) -> list[str]:
        """The ranks that would extend a sequence by one card (none once it is a samba)."""
        if self.kind != "sequence" or len(self.cards) >= SAMBA:
            return []
        return [NATURALS[i] for i in (self.low - 1, self.high + 1) if 0 <= i < len(NATURALS)]


def meld_name(melds: list[SambaMeld], meld: SambaMeld) -> MeldRef:
    """`Q`, `Q#2` (the side's groups of a rank in the order made), `5-9` (a sequence by its span;
    `5-9#2` for the second with that span), or `S`."""
    if meld.kind == "stop":
        return MeldRef(rank=STOP)
    before = melds[: melds.index(meld)]
    if meld.kind == "group":
        index = 1 + sum(1 for m in before if m.kind == "group" and m.rank == meld.rank)
        return MeldRef(rank=meld.rank, index=index)
    span = (meld.low, meld.high)
    index = 1 + sum(1 for m in before if m.kind == "sequence" and (m.low, m.high) == span)
    return MeldRef(rank=NATURALS[meld.low], high=NATURALS[meld.high], index=index)


def runs(hand: Counter[str]) -> list[list[str]]:
    """Sequences the hand holds: each run of three or more consecutive ranks, one card of each,
    cut into pieces of seven at most (a piece shorter than three is left out)."""
    found: list[list[str]] = []
    current: list[str] = []
    for rank in [*NATURALS, None]:
        if rank is not None and hand[rank] > 0:
            current.append(rank)
            continue
        while len(current) >= 3:
            found.append(current[:SAMBA])
            current = current[SAMBA:]
        current = []
    return found


# --- the plans ----------------------------------------------------------------------------------------

Op = tuple[str, SambaMeld, list[str], str]  # ("meld" or "add", the meld (a copy), cards, its kind)


@dataclass(slots=True)
class TakePlan:
    card: str
    with_cards: list[str] | None = None
    onto: SambaMeld | None = None
    also: list[tuple[str, list[str]]] = field(default_factory=list)  # (kind, cards) melded first


@dataclass(slots=True)
class OutPlan:
    plan: Planner
    discard: str | None
    canastas: int


class Planner:
    """Melds and additions worked out on a copy of the side's melds, before any is played."""

    def __init__(self, rules: SambaRules, melds: list[SambaMeld], hand: Counter[str]) -> None:
        self.rules = rules
        self.copies = {id(m): SambaMeld(m.kind, list(m.cards)) for m in melds}
        self.originals = {id(m): m for m in melds}
        self.melds = list(self.copies.values())
        self.hand = Counter({card: n for card, n in hand.items() if n > 0})
        self.ops: list[Op] = []

    def target(self, copy: SambaMeld) -> SambaMeld | None:
        """The real meld a copy stands for (None for a meld this plan makes)."""
        for key, value in self.copies.items():
            if value is copy:
                return self.originals[key]
        return None

    def use(self, cards: list[str]) -> None:
        self.hand.subtract(cards)
        self.hand = +self.hand

    def add(self, meld: SambaMeld, cards: list[str]) -> None:
        self.use(cards)
        meld.cards.extend(cards)
        self.ops.append(("add", meld, cards, meld.kind))

    def new(self, kind: str, cards: list[str]) -> SambaMeld:
        self.use(cards)
        meld = SambaMeld(kind, list(cards))
        self.melds.append(meld)
        self.ops.append(("meld", meld, list(cards), kind))
        return meld

    def held(self) -> int:
        return sum(n for card, n in self.hand.items() if card != BONUS)

    def extend_sequences(self, keep: int) -> None:
        """Hand cards onto the ends of the side's sequences, one end at a time."""
        for meld in [m for m in self.melds if m.kind == "sequence"]:
            for step in (1, -1):
                cards: list[str] = []
                while len(meld.cards) + len(cards) < SAMBA and self.held() - 1 >= keep:
                    edge = (meld.high + len(cards) + 1) if step == 1 else (meld.low - len(cards) - 1)
                    if not 0 <= edge < len(NATURALS) or self.hand[NATURALS[edge]] <= 0:
                        break
                    cards.append(NATURALS[edge])
                    self.hand[NATURALS[edge]] -= 1
                self.hand.update(cards)
                if cards:
                    self.add(meld, sorted(cards, key=RANK.__getitem__))

    def naturals_to_groups(self, keep: int, spare_pairs: bool = False, anew: tuple[str, ...] = ()) -> None:
        """Naturals onto the side's groups of their rank, open groups first; three or more of a
        rank in `anew` are kept to start a new group of that rank (`Q#2`)."""
        groups = [m for m in self.melds if m.kind == "group"]
        for meld in sorted(groups, key=lambda m: m.canasta):
            have = self.hand[meld.rank]
            if have >= 3 and meld.rank in anew:
                continue
            n = min(have - (2 if spare_pairs and have == 2 else 0), self.held() - keep)
            if n > 0:
                self.add(meld, [meld.rank] * n)

    def new_sequences(self, keep: int) -> None:
        for run in runs(self.hand):
            if self.held() - len(run) >= keep:
                self.new("sequence", run)

    def new_groups(self, keep: int, exclude: str | None = None) -> None:
        for rank in NATURALS:
            n = self.hand[rank]
            if rank != exclude and n >= 3 and self.held() - n >= keep:
                self.new("group", [rank] * n)

    def wilds(self) -> list[str]:
        return [LITTLE] * self.hand[LITTLE] + [BIG] * self.hand[BIG]

    def room(self, meld: SambaMeld) -> int:
        if meld.kind != "group" or meld.canasta:
            return 0
        naturals = len(meld.cards) - meld.wilds
        return max(0, self.rules.wild_limit(naturals) - meld.wilds)

    def pairs_with_wilds(self, keep: int, exclude: str | None = None) -> None:
        for rank in sorted(NATURALS, key=lambda r: -POINTS[r]):
            wilds = self.wilds()
            if not wilds or self.held() - 3 < keep:
                return
            if rank != exclude and self.hand[rank] == 2:
                self.new("group", [rank, rank, wilds[0]])

    def canastas(self) -> int:
        return sum(1 for m in self.melds if m.canasta)
