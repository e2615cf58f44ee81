"""Melds laid together (engine/candidates.py): a first meld of several melds, or the melds laid
beside a first take of the pile. Of n melds a hand could lay, the combinations of two and three
are thousands, and the editor lists them on every click.

The combinations are weighed in `itertools.combinations`' order, the smaller first, at most
COMBINATIONS_WEIGHED of them, each a step of the work in force (arbiter/engine/work.py). Most are
ruled out by two of their melds alone (of the same shape, or more cards than the hand holds
together), and every combination holding such a pair is skipped without being made, though still
counted where `itertools` would have reached it: the answers, and the work counted, are those of
weighing each in turn.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from math import comb

from .. import cards as C
from . import work as bounded
from .melds import meld_shape

FIRST_MELD_PARTS = 3
"""Before a side's first meld, `meld` actions of up to this many melds are proposed (together they
must reach the minimum)."""

COMBINATIONS_WEIGHED = 5_000
"""Combinations of melds weighed, at most, for one first meld or one first take of the pile: a
hand of ordinary size has far fewer; a position that hands a player most of the pack stays quick."""

FIELD_BITS = 32
"""The width of one card's count in packed cards (`packed`): far more than any pack holds."""
GUARD = 1 << (FIELD_BITS - 1)
GUARDS = sum(GUARD << (FIELD_BITS * C.ORDER[card]) for card in C.CARDS)


def packed(cards: Iterable[str]) -> int:
    """Cards as one integer, a field of FIELD_BITS per kind of card holding its count: the cards of
    several melds together are the sum of theirs."""
    return sum(1 << (FIELD_BITS * C.ORDER[card]) for card in cards)


def shape(meld: tuple[str, ...]) -> str:
    """A meld's name as a side holds it: its rank, or a sequence's span."""
    rank, high = meld_shape(meld)
    return rank if high is None else f"{rank}-{high}"


class Together:
    """Which of `melds` (each a tuple of cards) go down together from `hand`: of different shapes,
    held together, worth `least` points or more.

    The hand is packed as `packed` packs cards, each count with its field's top bit (GUARD) set:
    it holds packed cards when taking them away leaves every GUARD bit set (no count went below
    zero, so none borrowed that bit). One subtraction a combination, rather than a count of each
    card."""

    def __init__(self, melds: list[tuple[str, ...]], hand: Counter[str], least: int) -> None:
        self.melds = melds
        self.least = least
        self.shapes = [shape(m) for m in melds]
        self.worth = [C.points(m) for m in melds]
        self.needs = [packed(m) for m in melds]
        self.hand = sum((hand[card] | GUARD) << (FIELD_BITS * C.ORDER[card]) for card in C.CARDS)
        self._after: list[frozenset[int] | None] = [None] * len(melds)

    def holds(self, cards: int) -> bool:
        return (self.hand - cards) & GUARDS == GUARDS

    def after(self, i: int) -> frozenset[int]:
        """The melds after meld `i` that go down with it (worked out once, when first asked)."""
        known = self._after[i]
        if known is None:
            shapes, needs, holds = self.shapes, self.needs, self.holds
            known = frozenset(
                j for j in range(i + 1, len(self.melds)) if shapes[j] != shapes[i] and holds(needs[i] + needs[j])
            )
            self._after[i] = known
        return known

    def fits(self, combo: tuple[int, ...]) -> bool:
        """Whether melds `combo`, every two of which go together, reach `least` and are held
        all together."""
        return sum(map(self.worth.__getitem__, combo)) >= self.least and self.holds(
            sum(map(self.needs.__getitem__, combo))
        )

    def combinations(self, fewest: int) -> Iterator[tuple[tuple[str, ...], ...]]:
        """The combinations of `fewest` to FIRST_MELD_PARTS melds that go down together, among the
        first COMBINATIONS_WEIGHED in `itertools.combinations`' order (the smaller first)."""
        for combo in weighed(self, fewest):
            yield tuple(map(self.melds.__getitem__, combo))


def weighed(together: Together, fewest: int) -> Iterator[tuple[int, ...]]:
    """The indexes of the combinations that go down together, each counted as weighed with those
    skipped before it (`counted`)."""
    count, work = len(together.melds), bounded.current()
    offset = done = 0  # where this size's combinations start in the whole order; how many weighed
    for size in range(fewest, FIRST_MELD_PARTS + 1):
        limit = COMBINATIONS_WEIGHED - offset  # of this size's
        for combo, at in _paired(together, size, (), 0, range(count), count, limit):
            if not counted(work, offset + at + 1 - done):
                return
            done = offset + at + 1
            if together.fits(combo):
                yield combo
        offset += comb(count, size)
        if offset >= COMBINATIONS_WEIGHED:
            break
    counted(work, min(offset, COMBINATIONS_WEIGHED) - done)


def _paired(
    together: Together, size: int, prefix: tuple[int, ...], at: int, choices: Iterable[int], count: int, limit: int
) -> Iterator[tuple[tuple[int, ...], int]]:
    """The combinations of `size` that extend `prefix` (the first of which comes `at` in the
    order of `itertools.combinations(range(count), size)`) with `choices`, in order, every two
    going together, among the first `limit`; each with where it comes.

    Where a combination comes, its rank, counts for each member the combinations that have a
    smaller one there (the same before it): between `prefix` then k and `prefix` then the
    smallest member it may have, comb(count - last - 1, left) - comb(count - k, left) of them."""
    left = size - len(prefix)
    smallest = comb(count - (prefix[-1] if prefix else -1) - 1, left)
    for k in choices:
        first = at + smallest - comb(count - k, left)  # where the first combination starting so comes
        if k + left > count or first >= limit:
            return
        if left == 1:
            yield (*prefix, k), first
        else:
            after = together.after(k)
            yield from _paired(together, size, (*prefix, k), first, [j for j in choices if j in after], count, limit)


def counted(work: bounded.WorkBudget | None, weighed: int) -> bool:
    """Count `weighed` combinations as steps of `work`, as one at a time would (arbiter/engine/work.py
    `counted`); False once the work runs out."""
    return work is None or work.spend_each(weighed)
