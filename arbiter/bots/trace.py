"""What happened, for the tests: each turn's table as the player found and left it (kept when
tracing), and the findings the simulator knows the arbiter will make."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True)
class TurnTrace:
    """The table as the player found it and left it (kept when tracing, for mutation tests)."""

    player: str
    side: str
    hand: dict[str, int]
    pile: tuple[str, ...]
    frozen: bool
    melds: dict[str, tuple[str, ...]]
    side_melded: bool
    minimum: int
    stock: int
    hand_after: dict[str, int] = field(default_factory=dict)
    melds_after: dict[str, tuple[str, ...]] = field(default_factory=dict)
    canastas_after: int = 0
    took: bool = False
    first_meld: bool = False
    asked: bool | None = None
    went_out: bool = False


@dataclass(slots=True)
class HandTrace:
    number: int
    stock_line: bool
    turns: list[TurnTrace] = field(default_factory=list)


@dataclass(slots=True)
class Expected:
    """A finding the simulator knows the record will get: the warning for a Caliente card caught
    in hand, or for a Bonus card forgotten (Style.forget_bonus)."""

    hand: int
    code: str
    player: str
    severity: str = "warning"
