"""Work bounded by construction: how many steps one listing of the legal actions may take.

Listing what a player may do plays every candidate action on a copy of the hand and weighs
combinations of melds (engine/legal.py, engine/candidates.py). A hand of ordinary size needs a
few hundred steps; a position that hands one player most of the packs needs hundreds of
thousands, and a record of a few hundred bytes can state one. A `WorkBudget` bounds that work:
`steps` steps (an action tried: one step, and one more per 16 cards held, since trying it copies
the hand; a combination of melds weighed: one step; the search for a legal end of the turn
included), `actions` legal actions listed, and an optional `deadline` (time.monotonic()). Once one of them is spent, the listing stops and the budget says so
(`partial`): what was found is legal, but may not be all.

`Position.legal_actions(work=...)` takes one; with none given, the budget in force (`using`) is
used, and with none in force nothing is bounded (the library's default: a caller asked for every
action). The web service puts one in force for each request, so the "allowed instead" of a
finding, which lists legal actions too, stays within the request's work. `heavy_at` and
`on_heavy` tell the caller, once, that the work grew past a point (the web service then moves the
request out of the way of light ones).
"""

from __future__ import annotations

import contextlib
import contextvars
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")

DEFAULT_MAX_STEPS = 50_000
"""Steps of work (an action tried, a combination of melds weighed) of one budget (web: MAX_STEPS)."""

DEFAULT_MAX_LEGAL_ACTIONS = 1_000
"""Legal actions listed, at most, by one enumeration (web: MAX_LEGAL_ACTIONS)."""


@dataclass(slots=True)
class WorkBudget:
    """What listings may still do: `steps` steps in all, `actions` legal actions listed by each,
    until `deadline` (time.monotonic()); None: no bound. `spent` counts the steps so far;
    `partial` is set once a bound cut a listing short."""

    steps: int | None = DEFAULT_MAX_STEPS
    actions: int | None = DEFAULT_MAX_LEGAL_ACTIONS
    deadline: float | None = None
    heavy_at: int | None = None
    on_heavy: Callable[[], None] | None = None
    spent: int = 0
    partial: bool = False

    def allows(self, found: int) -> bool:
        """Whether a listing that has found `found` actions may try one more (if not, its answer
        is partial)."""
        if (self.actions is not None and found >= self.actions) or self.spent_out():
            self.partial = True
            return False
        return True

    def spent_out(self) -> bool:
        """Whether the steps or the time are spent."""
        return (self.steps is not None and self.spent >= self.steps) or (
            self.deadline is not None and time.monotonic() > self.deadline
        )

    def spend(self, steps: int) -> None:
        """Count `steps` steps of work; past `heavy_at`, call `on_heavy` once."""
        self.spent += steps
        if self.heavy_at is not None and self.spent >= self.heavy_at and self.on_heavy is not None:
            heavy, self.on_heavy = self.on_heavy, None
            heavy()

    def spend_each(self, items: int) -> bool:
        """Count `items` items a step each, as `counted` counts them: False (then partial) when
        the work is spent before the last of them."""
        allowed = items
        if self.deadline is not None and time.monotonic() > self.deadline:
            allowed = 0
        elif self.steps is not None:
            allowed = min(items, max(0, self.steps - self.spent))
        if allowed:
            self.spend(allowed)
        if allowed < items:
            self.partial = True
            return False
        return True

    def counted(self, items: Iterable[T]) -> Iterator[T]:
        """`items`, each counted as a step, until the work is spent (then partial)."""
        for item in items:
            if self.spent_out():
                self.partial = True
                return
            self.spend(1)
            yield item


_CURRENT: contextvars.ContextVar[WorkBudget | None] = contextvars.ContextVar("arbiter_work", default=None)


def current() -> WorkBudget | None:
    """The budget in force (`using`), or None."""
    return _CURRENT.get()


@contextlib.contextmanager
def using(budget: WorkBudget | None) -> Iterator[WorkBudget | None]:
    """Put `budget` in force for every enumeration made inside the block."""
    token = _CURRENT.set(budget)
    try:
        yield budget
    finally:
        _CURRENT.reset(token)


def begin(budget: WorkBudget | None) -> contextvars.Token[WorkBudget | None]:
    """Put `budget` in force until `end` with the token returned (for hooks around a request)."""
    return _CURRENT.set(budget)


def end(token: contextvars.Token[WorkBudget | None]) -> None:
    _CURRENT.reset(token)
