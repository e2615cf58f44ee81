"""Typed records: what a game record says, as parsed from the notation (docs/notation.md).

Every node knows the line and column where it was written. Positions and comments are left out of
equality, so a record and its canonical reformatting compare equal.
"""

from __future__ import annotations

from dataclasses import dataclass, field

Cards = tuple[str, ...]


@dataclass(slots=True)
class Node:
    # Positions are left out of equality (field(...) written out: compiled, mypyc reads it there).
    line: int = field(default=0, compare=False, repr=False)
    column: int = field(default=0, compare=False, repr=False)


# The nodes a reader makes for nearly every action and turn line write their own `__init__`
# (`init=False`), the one dataclasses would write: compiled with the reader and the engine
# (setup.py), a dataclass's own is interpreted code that sets each field through a descriptor, and
# made twice as slow as before; written here, it is compiled with the class.


# --- actions, the comma-separated parts of a turn line -------------------------------------


@dataclass(slots=True, init=False)
class MeldRef(Node):
    """Names one of the side's melds: `Q` (the side's Queens), `Q#2` (its second set of
    Queens, Samba), `5-9` (its sequence from 5 to 9), `S` (its Stop cards)."""

    rank: str = ""
    high: str | None = None  # set for a sequence: rank is its low card
    index: int = 1

    def __init__(self, line: int = 0, column: int = 0, rank: str = "", high: str | None = None, index: int = 1) -> None:
        self.line = line
        self.column = column
        self.rank = rank
        self.high = high
        self.index = index

    def __str__(self) -> str:
        text = f"{self.rank}-{self.high}" if self.high else self.rank
        return text if self.index == 1 else f"{text}#{self.index}"


@dataclass(slots=True, init=False)
class MeldSpec(Node):
    """A bracketed group of cards: `[7 7 2]`."""

    cards: Cards = ()

    def __init__(self, line: int = 0, column: int = 0, cards: Cards = ()) -> None:
        self.line = line
        self.column = column
        self.cards = cards


@dataclass(slots=True, init=False)
class Draw(Node):
    """Cards drawn from the stock: the turn's draw, a Bonus replacement or a family's refill."""

    cards: Cards = ()

    def __init__(self, line: int = 0, column: int = 0, cards: Cards = ()) -> None:
        self.line = line
        self.column = column
        self.cards = cards


@dataclass(slots=True, init=False)
class Take(Node):
    """Taking the Prize pile with its up card: into a new set (`with`) or onto a meld (`onto`).
    Melds after `and` are made from hand before the pile is picked up, so they count toward the
    first-meld minimum."""

    card: str = ""
    with_cards: Cards | None = None
    onto: MeldRef | None = None
    also: tuple[MeldSpec, ...] = ()

    def __init__(
        self,
        line: int = 0,
        column: int = 0,
        card: str = "",
        with_cards: Cards | None = None,
        onto: MeldRef | None = None,
        also: tuple[MeldSpec, ...] = (),
    ) -> None:
        self.line = line
        self.column = column
        self.card = card
        self.with_cards = with_cards
        self.onto = onto
        self.also = also


@dataclass(slots=True, init=False)
class Meld(Node):
    melds: tuple[MeldSpec, ...] = ()

    def __init__(self, line: int = 0, column: int = 0, melds: tuple[MeldSpec, ...] = ()) -> None:
        self.line = line
        self.column = column
        self.melds = melds


@dataclass(slots=True, init=False)
class Add(Node):
    cards: Cards = ()
    target: MeldRef = field(default_factory=MeldRef)

    def __init__(self, line: int = 0, column: int = 0, cards: Cards = (), target: MeldRef | None = None) -> None:
        self.line = line
        self.column = column
        self.cards = cards
        self.target = MeldRef() if target is None else target


@dataclass(slots=True, init=False)
class Discard(Node):
    card: str = ""

    def __init__(self, line: int = 0, column: int = 0, card: str = "") -> None:
        self.line = line
        self.column = column
        self.card = card


@dataclass(slots=True)
class LayBonus(Node):
    cards: Cards = ()


@dataclass(slots=True)
class Ask(Node):
    """Asking the partner `may I go out?`, with the partner's binding answer."""

    answer: bool = False


@dataclass(slots=True)
class Pass(Node):
    """Declining the up card when the stock is exhausted, which ends the hand."""


@dataclass(slots=True)
class GoOut(Node):
    """States that the player has gone out; checked against the hand being empty."""


@dataclass(slots=True)
class FamilyAction(Node):
    """An action a family brings beyond the notation's own, as written: its keyword and the cards
    after it, if any. The notation reads and writes it without knowing the word; the family that
    brings it declares what the word means (its `ActionKind`: whether it takes cards, how it is
    said and played), and a rule set that lacks it refuses it (docs/engine.md)."""

    keyword: str = ""
    cards: Cards = ()


Action = Draw | Take | Meld | Add | Discard | LayBonus | Ask | Pass | GoOut | FamilyAction


# --- statements, one per line -----------------------------------------------------------------


@dataclass(slots=True)
class Statement(Node):
    notes: tuple[str, ...] = field(default=(), compare=False, repr=False)
    """Comment lines written just before this statement."""
    remark: str = field(default="", compare=False, repr=False)
    """Comments written on the statement's own line."""


@dataclass(slots=True)
class Tag(Statement):
    name: str = ""
    value: str = ""


@dataclass(slots=True)
class HandStart(Statement):
    number: int = 0
    dealer: str = ""
    sitting_out: tuple[str, ...] = ()


@dataclass(slots=True)
class Deal(Statement):
    """`deal ann ...` (the hand dealt) or, Hand & Foot, `foot ann ...` (the Foot, face down)."""

    player: str = ""
    cards: Cards = ()
    foot: bool = False


@dataclass(slots=True)
class UpCard(Statement):
    """The cards turned to start the Prize pile: every wild or Bonus turned, then the up card."""

    cards: Cards = ()


@dataclass(slots=True)
class Stock(Statement):
    """The stock, top card first (`stock K 5 ...`), or in a position only its size."""

    cards: Cards | None = None
    count: int | None = None


@dataclass(slots=True, init=False)
class Turn(Statement):
    player: str = ""
    actions: tuple[Action, ...] = ()

    def __init__(
        self,
        line: int = 0,
        column: int = 0,
        notes: tuple[str, ...] = (),
        remark: str = "",
        player: str = "",
        actions: tuple[Action, ...] = (),
    ) -> None:
        self.line = line
        self.column = column
        self.notes = notes
        self.remark = remark
        self.player = player
        self.actions = actions


@dataclass(slots=True)
class SidePoints(Node):
    side: str = ""
    points: int = 0


@dataclass(slots=True)
class Points(Statement):
    """`score ...` (the points each side made in the hand) or `total ...` (running totals at
    that point of the record: before the turns of a hand, the totals the hand starts from)."""

    kind: str = "score"  # "score" | "total"
    entries: tuple[SidePoints, ...] = ()


@dataclass(slots=True)
class SummaryItem(Node):
    """One scoring category of a side's summary: its word in the family's sheet (`natural`, `out`)
    and its count or points, None for a word that stands alone."""

    word: str = ""
    count: int | None = None

    def __str__(self) -> str:
        return self.word if self.count is None else f"{self.word} {self.count}"


@dataclass(slots=True)
class Summary(Statement):
    """ACN 1.1: `summary SIDE word N ...`, what one side's hand came to, category by category, for a
    hand given as its summary instead of its moves (docs/notation.md, "Hands given as summaries")."""

    side: str = ""
    items: tuple[SummaryItem, ...] = ()


# Position blocks: a hand that starts from a stated position instead of a deal.


@dataclass(slots=True)
class PositionStart(Statement):
    pass


@dataclass(slots=True)
class Holding(Statement):
    player: str = ""
    cards: Cards = ()


@dataclass(slots=True)
class TableSide(Statement):
    """A side's melds and the Bonus and Caliente cards it has laid."""

    side: str = ""
    melds: tuple[MeldSpec, ...] = ()
    laid: Cards = ()


@dataclass(slots=True)
class PilePosition(Statement):
    """The Prize pile, bottom card first."""

    cards: Cards = ()


@dataclass(slots=True)
class Melded(Statement):
    """The players who have already melded or added to a meld in this hand."""

    players: tuple[str, ...] = ()


@dataclass(slots=True)
class ToPlay(Statement):
    player: str = ""


@dataclass(slots=True)
class Note(Statement):
    """Comments with no statement after them (at the end of a game)."""


# --- the structure of a game ----------------------------------------------------------------


@dataclass(slots=True)
class Position(Node):
    holdings: tuple[Holding, ...] = ()
    feet: tuple[Deal, ...] = ()
    tables: tuple[TableSide, ...] = ()
    pile: PilePosition | None = None
    stock: Stock | None = None
    melded: Melded | None = None
    to_play: ToPlay | None = None
    start: PositionStart | None = None


@dataclass(slots=True)
class HandRecord(Node):
    start: HandStart = field(default_factory=HandStart)
    deals: tuple[Deal, ...] = ()
    feet: tuple[Deal, ...] = ()
    up: UpCard | None = None
    stock: Stock | None = None
    position: Position | None = None
    totals_before: Points | None = None
    setup_turns: tuple[Turn, ...] = ()
    """Bonus cards laid and replaced between the deal and the up card."""
    turns: tuple[Turn, ...] = ()
    declared: tuple[Points, ...] = ()
    """`score` and `total` lines after the turns."""
    summaries: tuple[Summary, ...] = ()
    """ACN 1.1: the hand given as its summary, a line per side, instead of a deal and its turns."""
    suited: bool | None = field(default=None, compare=False, repr=False)
    """ACN 1.3: whether a card of the hand carries its suit, as the reader saw it reading the hand;
    None where nobody said (a hand built in code): the engine then looks (engine/suits.py)."""

    @property
    def number(self) -> int:
        return self.start.number

    @property
    def summarised(self) -> bool:
        """Whether the hand is given as its summary: it has no moves to replay."""
        return bool(self.summaries)


@dataclass(slots=True)
class Game(Node):
    tags: tuple[Tag, ...] = ()
    hands: tuple[HandRecord, ...] = ()
    trailing: Note | None = None

    def find_tag(self, name: str) -> Tag | None:
        """The last tag with this name (tag names are case-insensitive); a later tag overrides."""
        wanted = name.lower()
        return next((tag for tag in reversed(self.tags) if tag.name.lower() == wanted), None)

    def tag(self, name: str) -> str | None:
        """The value of the last tag with this name."""
        found = self.find_tag(name)
        return found.value if found else None
