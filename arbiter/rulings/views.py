"""The table as the library shows it: `TableView`, one frozen, typed view used for
`Position.table`, `Finding.table` and the replay's frames (arbiter/positions/frames.py).

Its attributes are typed (`hands`, `feet`, `melds` as `MeldView`s with their kind and canasta
state, `laid`, `pile`, `frozen`, `stock`, `scores`); `to_dict()` is its JSON shape, the one
`arbiter check --format json`, `arbiter table` and the API print. It is also a read-only mapping
of that shape (`view["hands"]["bob"]` is a list of cards), so code written for the plain
snapshot reads it unchanged, and it compares equal to that snapshot.

A plain Python module, not compiled: the engine builds a view from its `Table` (`TableView.of`)
only where a finding or a frame is made.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, overload

from .. import cards as C


class MeldState(Protocol):
    """What a view reads of the engine's meld (arbiter/engine/melds.py), named here rather than
    imported: the findings read this module, and the engine reads the findings."""

    cards: list[str]
    high: str | None
    closed: bool


class Config(Protocol):
    """What a view reads of a rule set's configuration (arbiter/rules/base.py)."""

    canasta_size: int

    def canasta_bonus(self, cards: Sequence[str], config: Any) -> Any: ...


class Table(Protocol):
    """What a view reads of the engine's table (arbiter/engine/table.py)."""

    @property
    def config(self) -> Any: ...

    @property
    def sides(self) -> Mapping[str, Any]: ...

    def snapshot(self) -> dict[str, Any]: ...


GROUP, STOPS, WILDS, SEQUENCE = "group", "stops", "wilds", "sequence"
"""The kinds of meld: a group of one rank, Stop cards (black threes), wild cards alone, a
sequence (Samba)."""


@dataclass(frozen=True, slots=True, eq=False)
class MeldView(Sequence[str]):
    """A meld on the table: its cards (the view is the sequence of them), its `kind` (`GROUP`,
    `STOPS`, `WILDS`, `SEQUENCE`), the kind of canasta it is (`canasta`, as the rule set names it:
    "natural canasta"; None when it is not a canasta, or not known for a table read back from
    JSON) and whether it is `closed` to more cards (Hand & Foot)."""

    cards: tuple[str, ...]
    kind: str
    canasta: str | None = None
    closed: bool = False

    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[str]: ...
    def __getitem__(self, index: int | slice) -> str | Sequence[str]:
        return self.cards[index]

    def __len__(self) -> int:
        return len(self.cards)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, MeldView):
            return (self.cards, self.kind, self.canasta, self.closed) == (
                other.cards,
                other.kind,
                other.canasta,
                other.closed,
            )
        return isinstance(other, Sequence) and list(self.cards) == list(other)

    def __hash__(self) -> int:
        return hash(self.cards)

    @classmethod
    def of(cls, meld: MeldState, config: Config) -> MeldView:
        cards = tuple(meld.cards)
        canasta = None
        if len(cards) >= config.canasta_size:
            bonus = config.canasta_bonus(meld.cards, config)
            canasta = str(bonus[0]()) if bonus is not None else None
        return cls(cards, kind_of(cards, meld.high), canasta, meld.closed)


def kind_of(cards: Sequence[str], high: str | None = None) -> str:
    """A meld's kind from its cards (and the high card of a sequence)."""
    if high is not None:
        return SEQUENCE
    naturals = [card for card in cards if card not in C.WILDS]
    if not naturals:
        return WILDS
    return STOPS if all(card == C.STOP for card in naturals) else GROUP


class TableView(dict[str, Any]):
    """The table at one moment: every hand (and Foot, where one is dealt), each side's melds and
    laid cards, the pile (bottom first) and whether it is frozen, the stock's size, and each
    side's score before the hand.

    A dict of its JSON shape (`view["hands"]["bob"]`, `json.dumps(view)`), which cannot be changed
    (`to_dict()` gives a copy to change), with typed attributes beside it."""

    __slots__ = ("_melds",)

    def __init__(self, data: Mapping[str, Any] = {}, melds: Mapping[str, tuple[MeldView, ...]] | None = None) -> None:
        super().__init__(copy_shape(dict(data)))
        if melds is None:
            melds = {
                side: tuple(MeldView(tuple(cards), kind_of(cards)) for cards in laid)
                for side, laid in self.get("melds", {}).items()
            }
        self._melds = dict(melds)

    @classmethod
    def of(cls, table: Table) -> TableView:
        """The view of the engine's table (arbiter/engine/table.py) as it stands."""
        config = table.config
        melds = {side.name: tuple(MeldView.of(meld, config) for meld in side.melds) for side in table.sides.values()}
        return cls(table.snapshot(), melds)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TableView:
        """The view of a table's JSON shape, as a kept ruling holds it: each meld's kind from its
        cards, its canasta state unknown (None)."""
        return cls(data)

    # --- typed ----------------------------------------------------------------------------------

    @property
    def hands(self) -> dict[str, tuple[str, ...]]:
        """Each player's cards, in the order cards are shown."""
        return {player: tuple(cards) for player, cards in self["hands"].items()}

    @property
    def feet(self) -> dict[str, tuple[str, ...]] | None:
        """The Feet not yet picked up (Hand & Foot); None where the rule set deals none."""
        feet = self.get("feet")
        return None if feet is None else {player: tuple(cards) for player, cards in feet.items()}

    @property
    def melds(self) -> dict[str, tuple[MeldView, ...]]:
        """Each side's melds, with their kind and canasta state."""
        return dict(self._melds)

    @property
    def laid(self) -> dict[str, tuple[str, ...]]:
        """The cards each side laid beside its melds (Bonus cards)."""
        return {side: tuple(cards) for side, cards in self["laid"].items()}

    @property
    def pile(self) -> tuple[str, ...]:
        """The pile, bottom first: its last card is the up card."""
        return tuple(self["pile"])

    @property
    def frozen(self) -> bool:
        return bool(self["frozen"])

    @property
    def stock(self) -> int:
        """How many cards the stock holds."""
        return int(self["stock"])

    @property
    def scores(self) -> dict[str, int]:
        """Each side's score before the hand."""
        return dict(self["scores"])

    def with_cards(
        self,
        hands: Mapping[str, Sequence[str]],
        feet: Mapping[str, Sequence[str]] | None = None,
        pile: Sequence[str] | None = None,
    ) -> TableView:
        """The same table with these hands (and Feet, and pile) shown instead: a position's cards
        with the suits its record gave them (ACN 1.3, arbiter/positions/suits.py)."""
        shape = self.to_dict()
        shape["hands"] = {player: list(cards) for player, cards in hands.items()}
        if feet is not None:
            shape["feet"] = {player: list(cards) for player, cards in feet.items()}
        if pile is not None:
            shape["pile"] = list(pile)
        return TableView(shape, self._melds)

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape, as a plain dict to change: `hands`, `feet` (where dealt), `melds` (each
        a list of cards), `laid`, `pile`, `frozen`, `stock`, `scores`."""
        shape: dict[str, Any] = copy_shape(dict(self))
        return shape

    # --- never changed ---------------------------------------------------------------------------

    def _frozen(self, *args: object, **kwargs: object) -> None:
        raise TypeError("a TableView cannot be changed: change its to_dict()")

    __setitem__ = __delitem__ = update = setdefault = clear = _frozen
    pop = popitem = __ior__ = _frozen  # type: ignore[assignment]

    def __reduce__(self) -> tuple[Any, ...]:  # pickled whole (worker processes), never item by item
        return (TableView, (dict(self), self._melds))

    def __copy__(self) -> TableView:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> TableView:
        return self


def copy_shape(value: Any) -> Any:
    """A deep copy of a table's JSON shape: its mappings as dicts, its sequences as lists."""
    if isinstance(value, Mapping):
        return {key: copy_shape(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [copy_shape(item) for item in value]
    return value
