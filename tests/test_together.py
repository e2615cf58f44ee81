"""Melds laid together (engine/together.py): the combinations weighed for a first meld or a
first take of the pile skip those two of whose melds cannot go down together, yet give exactly
what weighing every combination in `itertools.combinations`' order gives, and count the same work,
whether the work runs out or not."""

from __future__ import annotations

import random
from collections import Counter
from itertools import chain, combinations, islice

import pytest

from arbiter import cards as C
from arbiter.engine.together import COMBINATIONS_WEIGHED, FIRST_MELD_PARTS, Together, shape
from arbiter.engine.work import WorkBudget, current, using


def each_in_turn(melds: list[tuple[str, ...]], hand: Counter[str], least: int, fewest: int) -> list[tuple]:
    """Every combination weighed in turn, each counted on the work in force: what `Together` must give."""
    weighed = islice(
        chain(*(combinations(range(len(melds)), n) for n in range(fewest, FIRST_MELD_PARTS + 1))),
        COMBINATIONS_WEIGHED,
    )
    budget = current()
    found = []
    for combo in weighed if budget is None else budget.counted(weighed):
        cards = Counter(card for i in combo for card in melds[i])
        if (
            len({shape(melds[i]) for i in combo}) == len(combo)
            and C.points(cards.elements()) >= least
            and all(hand[card] >= n for card, n in cards.items())
        ):
            found.append(tuple(melds[i] for i in combo))
    return found


def a_hand(rng: random.Random, size: int) -> Counter[str]:
    return Counter(rng.choice([*C.NATURALS, *C.NATURALS, C.LITTLE_WILD, C.BIG_WILD, C.STOP]) for _ in range(size))


def its_melds(hand: Counter[str]) -> list[tuple[str, ...]]:
    """Groups of each rank with up to two wilds, Stop cards, and runs, as candidates makes them."""
    wilds = [w for w in ((), ("2",), ("X",), ("2", "2"), ("2", "X")) if all(hand[c] >= w.count(c) for c in w)]
    melds = [(rank,) * n + w for rank in C.NATURALS for n in range(1, hand[rank] + 1) for w in wilds if n + len(w) >= 3]
    melds += [(C.STOP,) * n for n in range(3, hand[C.STOP] + 1)]
    runs = [C.NATURALS[i : i + n] for n in (3, 4) for i in range(len(C.NATURALS) - n + 1)]
    return melds + [run for run in runs if all(hand[card] for card in run)]


@pytest.mark.parametrize("size", [11, 15, 22, 40])
def test_the_combinations_that_go_down_together_are_those_weighed_each_in_turn(size):
    rng = random.Random(size)
    for _ in range(12):
        hand = a_hand(rng, size)
        melds = its_melds(hand)
        for least, fewest in ((0, 1), (50, 2), (90, 2), (150, 1)):
            found = list(Together(melds, hand, least).combinations(fewest))
            assert found == each_in_turn(melds, hand, least, fewest)


def test_a_hand_with_more_combinations_than_are_weighed_stops_where_weighing_each_stops():
    hand = Counter(dict.fromkeys(C.NATURALS, 5)) + Counter({"2": 6, "X": 4})
    melds = its_melds(hand)
    assert len(melds) > 40  # tens of thousands of combinations: only the first COMBINATIONS_WEIGHED weighed
    for least in (0, 60, 120):
        assert list(Together(melds, hand, least).combinations(2)) == each_in_turn(melds, hand, least, 2)


@pytest.mark.parametrize("steps", [0, 1, 7, 100, 1_000, 4_999, 5_000, 20_000])
def test_the_work_counted_and_where_it_runs_out_are_those_of_weighing_each_in_turn(steps):
    rng = random.Random(steps)
    for _ in range(4):
        hand = a_hand(rng, 30)
        melds = its_melds(hand)
        mine, theirs = WorkBudget(steps=steps), WorkBudget(steps=steps)
        with using(mine):
            found = list(Together(melds, hand, 60).combinations(2))
        with using(theirs):
            expected = each_in_turn(melds, hand, 60, 2)
        assert found == expected
        assert (mine.spent, mine.partial) == (theirs.spent, theirs.partial)
