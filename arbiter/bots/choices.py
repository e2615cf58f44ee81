"""How the bots choose: the `Style` of play (how often each way is played) and the choices every
family's bots make the same way (what a partner answers, which card is safest to discard)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from ..i18n import msg
from ..rules.base import UsageError


@dataclass(frozen=True, slots=True)
class Style:
    """How often the bots play each way (probabilities). The defaults look like club play; a
    coverage corpus turns some up to reach the rare corners (the end of the stock) in few games."""

    long_hands: float = 0.12
    """A hand where nobody goes out before the stock runs out (passes, forced takes, a Bonus card
    drawn last)."""
    concealed: float = 0.07
    """A player who holds everything back, hoping to go out concealed."""
    ask: float = 0.35
    """A player about to go out asks the partner first."""
    freeze: float = 0.15
    """A player freezes a pile of four cards or more with a wild."""
    forget_bonus: float = 0.0
    """A player forgets to lay a Bonus card drawn (the rule books allow laying it on a later turn,
    with its replacement; still held when the hand ends, it costs 100)."""

    def __post_init__(self) -> None:
        for name in ("long_hands", "concealed", "ask", "freeze", "forget_bonus"):
            value = getattr(self, name)
            if not 0.0 <= value <= 1.0:
                raise UsageError(
                    msg(
                        "style {name} is a probability between 0 and 1, not {value}",
                        name=name.replace("_", "-"),
                        value=value,
                    )
                )


def partner_says_yes(loss: int, stock_left: int, rng: random.Random) -> bool:
    """Asked "may I go out?": yes when the partner's cards would cost little (`loss`), or when the
    stock is out; a heavy hand hopes to meld first."""
    if loss <= 60 or not stock_left:
        return True
    return rng.random() < (0.5 if loss <= 120 else 0.15)


def safest_discard(naturals: Iterable[str], risk: Callable[[str], tuple[Any, ...]], rng: random.Random) -> str:
    """The natural whose discard risks least (`risk` orders them, lowest first); ties broken at
    random, one draw per card in the order given."""
    cards = list(naturals)
    tie = {r: rng.random() for r in cards}
    return min(cards, key=lambda r: (*risk(r), tie[r]))


def wants_take(side_has_melded: bool, pile: int, onto: bool, rng: random.Random) -> bool:
    """Whether a bot that may take the pile does, rather than draw: nearly always to get into the
    game, always for a pile of three or more or onto a meld, else one time in two."""
    if not side_has_melded:
        return rng.random() < 0.9  # getting into the game
    if pile >= 3 or onto:
        return True
    return rng.random() < 0.5
