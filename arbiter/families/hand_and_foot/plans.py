"""Hand & Foot's melds as the bots see them (natural, mixed, wild; open or closed) and the plans
they make of a turn: which melds to lay and how to go out (bots.py plays them).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ...bots.cards import BIG, BONUS, CANASTA, LITTLE, NATURALS, POINTS, WILDS
from ...notation.records import MeldRef
from .bot_rules import HandAndFootRules

# --- the melds --------------------------------------------------------------------------------------


@dataclass(slots=True, eq=False)  # a meld is itself: two with the same cards are two melds
class FootMeld:
    """A meld of a rank, or of wilds (rank `2`); closed at seven."""

    rank: str
    cards: list[str]

    @property
    def wild(self) -> bool:
        return self.rank == LITTLE

    @property
    def closed(self) -> bool:
        return len(self.cards) >= CANASTA

    @property
    def wilds(self) -> int:
        return sum(1 for card in self.cards if card in WILDS)

    @property
    def kind(self) -> str:
        """natural, mixed or wild (what canasta it makes)."""
        return "wild" if self.wild else "mixed" if self.wilds else "natural"


def meld_name(melds: list[FootMeld], meld: FootMeld) -> MeldRef:
    """`Q`, `Q#2` (the side's melds of a rank in the order made), `2` for the wild melds."""
    index = 1 + sum(1 for m in melds[: melds.index(meld)] if m.rank == meld.rank)
    return MeldRef(rank=meld.rank, index=index)


class Planner:
    """Melds and additions worked out on copies before any is played."""

    def __init__(self, rules: HandAndFootRules, melds: list[FootMeld], hand: Counter[str]) -> None:
        self.rules = rules
        self.melds = [FootMeld(m.rank, list(m.cards)) for m in melds]
        self.originals = list(melds)
        self.hand = Counter({card: n for card, n in hand.items() if n > 0})
        self.ops: list[tuple[str, FootMeld, list[str]]] = []

    def real(self, copy: FootMeld) -> FootMeld | None:
        index = next(i for i, m in enumerate(self.melds) if m is copy)
        return self.originals[index] if index < len(self.originals) else None

    def held(self) -> int:
        return sum(n for card, n in self.hand.items() if card != BONUS)

    def open_meld(self, rank: str) -> FootMeld | None:
        return next((m for m in self.melds if m.rank == rank and not m.closed), None)

    def room(self, meld: FootMeld) -> int:
        """Wilds the meld can still take."""
        if meld.closed:
            return 0
        if meld.wild:
            return CANASTA - len(meld.cards)
        naturals = len(meld.cards) - meld.wilds
        return max(0, min(self.rules.wild_limit(naturals) - meld.wilds, CANASTA - len(meld.cards)))

    def add(self, meld: FootMeld, cards: list[str]) -> None:
        self.hand.subtract(cards)
        self.hand = +self.hand
        meld.cards.extend(cards)
        self.ops.append(("add", meld, cards))

    def new(self, rank: str, cards: list[str]) -> FootMeld:
        self.hand.subtract(cards)
        self.hand = +self.hand
        meld = FootMeld(rank, list(cards))
        self.melds.append(meld)
        self.ops.append(("meld", meld, list(cards)))
        return meld

    def wilds(self) -> list[str]:
        return [LITTLE] * self.hand[LITTLE] + [BIG] * self.hand[BIG]

    def naturals(self, keep: int, spare: tuple[str, ...] = ()) -> None:
        """Naturals onto open melds of their rank (up to seven), and new melds of three or more."""
        for rank in NATURALS:
            have = self.hand[rank] - (2 if rank in spare and self.hand[rank] == 2 else 0)
            meld = self.open_meld(rank)
            if meld is not None:
                n = min(have, CANASTA - len(meld.cards), self.held() - keep)
                if n > 0:
                    self.add(meld, [rank] * n)
            elif have >= 3 and self.held() - min(have, CANASTA) >= keep:
                self.new(rank, [rank] * min(have, CANASTA))
                rest = self.hand[rank]
                if rest >= 3 and self.held() - min(rest, CANASTA) >= keep:  # closed at seven: another
                    self.new(rank, [rank] * min(rest, CANASTA))

    def wild_melds(self, keep: int) -> None:
        """Wilds onto the open wild meld, or three or more into a new one."""
        meld = self.open_meld(LITTLE)
        wilds = self.wilds()
        if meld is not None:
            n = min(len(wilds), self.room(meld), self.held() - keep)
            if n > 0:
                self.add(meld, wilds[:n])
        elif len(wilds) >= 3 and self.held() - min(len(wilds), CANASTA) >= keep:
            self.new(LITTLE, wilds[:CANASTA])

    def pairs(self, keep: int) -> None:
        """A natural pair with a wild, where the side has no open meld of the rank."""
        for rank in sorted(NATURALS, key=lambda r: -POINTS[r]):
            wilds = self.wilds()
            if not wilds or self.held() - 3 < keep:
                return
            if self.hand[rank] == 2 and self.open_meld(rank) is None:
                self.new(rank, [rank, rank, wilds[0]])

    def mixed(self, keep: int, needed: int) -> None:
        """Wilds onto open melds of a rank, the fullest first, to make mixed canastas."""
        for meld in sorted((m for m in self.melds if not m.wild), key=lambda m: -len(m.cards)):
            if needed <= 0:
                return
            wilds = self.wilds()
            short = CANASTA - len(meld.cards)
            if wilds and 0 < short <= min(self.room(meld), len(wilds)) and self.held() - short >= keep:
                self.add(meld, wilds[:short])
                needed -= 1

    def canastas(self) -> Counter[str]:
        return Counter(m.kind for m in self.melds if m.closed)


@dataclass(slots=True)
class OutPlan:
    plan: Planner
    discard: str | None


@dataclass(slots=True)
class FootTurn:
    """Where a player is with their packets."""

    foot: Counter[str] = field(default_factory=Counter)
    on_foot: bool = False
    pick_up_next_turn: bool = False
    turns_on_foot: int = 0
