"""Movements: who meets whom, at which table, with which boards. Each rule a property that holds
for every number of pairs and of rounds the movement allows."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbiter.event import EventError, howell, mitchell, round_robin, swiss_round
from arbiter.event.movements import most_rounds

pair_counts = st.integers(min_value=2, max_value=30)


def numbers(count: int) -> list[int]:
    return list(range(1, count + 1))


def every_pair_once_a_round(rounds, count):
    for each in rounds:
        present = [pair for seating in each.seatings for pair in seating.pairs] + list(each.sitting_out)
        assert sorted(present) == numbers(count), f"round {each.number}"
        tables = [seating.table for seating in each.seatings]
        assert tables == sorted(set(tables)) and tables[-1] <= (count + 1) // 2


def meetings(rounds) -> Counter:
    return Counter(frozenset(seating.pairs) for each in rounds for seating in each.seatings)


def board_sets_played(rounds) -> Counter:
    return Counter((pair, seating.board_set) for each in rounds for seating in each.seatings for pair in seating.pairs)


@given(pair_counts, st.data())
def test_in_a_mitchell_the_first_seats_stay_and_no_one_meets_twice_or_replays_a_board_set(count, data):
    rounds_played = data.draw(st.integers(min_value=1, max_value=most_rounds("mitchell", count)))
    rounds = mitchell(numbers(count), rounds_played)
    every_pair_once_a_round(rounds, count)
    assert max(meetings(rounds).values()) == 1
    assert max(board_sets_played(rounds).values()) == 1
    stationary = {seating.table: seating.first for seating in rounds[0].seatings}
    for each in rounds:
        for seating in each.seatings:
            assert stationary.get(seating.table, seating.first) == seating.first


@pytest.mark.parametrize("count", [5, 7, 9])
def test_a_mitchell_of_odd_pairs_sits_one_pair_out_each_round(count):
    rounds = mitchell(numbers(count), most_rounds("mitchell", count))
    assert all(len(each.sitting_out) == 1 for each in rounds)


def test_a_mitchell_of_an_even_number_of_tables_skips_a_table_halfway():
    # Four tables: moving up one table, pair 5 would be at table 3 in round 3 and play board set 1
    # again (the boards move down); it skips to table 4 instead.
    rounds = mitchell(numbers(8), 3)
    assert [seating.second for seating in rounds[1].seatings] == [8, 5, 6, 7]
    assert [seating.second for seating in rounds[2].seatings] == [6, 7, 8, 5]
    assert [seating.board_set for seating in rounds[0].seatings if seating.second == 5] == [1]
    assert [seating.board_set for seating in rounds[2].seatings if seating.second == 5] == [2]


@given(pair_counts)
def test_a_full_round_robin_meets_everyone_exactly_once(count):
    rounds = round_robin(numbers(count), most_rounds("round-robin", count))
    every_pair_once_a_round(rounds, count)
    assert meetings(rounds) == Counter({frozenset((a, b)): 1 for a in numbers(count) for b in numbers(count) if a < b})
    for each in rounds:  # every table of a round plays the round's boards
        assert {seating.board_set for seating in each.seatings} <= {each.number}


@given(pair_counts)
def test_a_howell_meets_everyone_once_with_the_boards_differing_from_table_to_table(count):
    rounds = howell(numbers(count), most_rounds("howell", count))
    every_pair_once_a_round(rounds, count)
    assert max(meetings(rounds).values()) == 1 and len(meetings(rounds)) == count * (count - 1) // 2
    for each in rounds:
        sets = [seating.board_set for seating in each.seatings]
        assert len(sets) == len(set(sets))


@given(pair_counts)
def test_in_the_circle_movements_each_pair_sits_first_and_second_by_turns(count):
    for movement in (round_robin, howell):
        rounds = movement(numbers(count), most_rounds("round-robin", count))
        sides = Counter()
        for seating in (seating for each in rounds for seating in each.seatings):
            sides[seating.first] += 1
            sides[seating.second] -= 1
        assert all(abs(balance) <= 1 for balance in sides.values())


def test_a_movement_asked_for_more_rounds_than_it_has_says_how_many_it_can_give():
    with pytest.raises(EventError, match="a mitchell movement of 8 pairs has at most 3 rounds"):
        mitchell(numbers(8), 4)


def test_swiss_pairs_first_against_second_and_third_against_fourth():
    first_round = swiss_round(2, [4, 2, 3, 1])
    assert [seating.pairs for seating in first_round.seatings] == [(4, 2), (3, 1)]


def test_swiss_avoids_a_rematch_by_pairing_first_against_third():
    played = swiss_round(2, [4, 2, 3, 1], met=[frozenset((4, 2)), frozenset((3, 1))])
    assert [seating.pairs for seating in played.seatings] == [(4, 3), (2, 1)]


def test_swiss_sits_out_the_lowest_pair_that_has_not_sat_out_yet():
    assert swiss_round(2, [1, 2, 3, 4, 5]).sitting_out == (5,)
    assert swiss_round(3, [1, 2, 3, 4, 5], sat_out=[5]).sitting_out == (4,)


@given(st.integers(min_value=2, max_value=16), st.randoms(use_true_random=False))
def test_swiss_rounds_never_rematch_while_a_pairing_without_one_exists(count, random):
    met: set[frozenset[int]] = set()
    sat_out: list[int] = []
    for number in range(1, count - (1 - count % 2)):  # fewer rounds than a round robin has
        ranking = numbers(count)
        random.shuffle(ranking)
        played = swiss_round(number, ranking, met, sat_out)
        new = {frozenset(seating.pairs) for seating in played.seatings}
        every_pair_once_a_round([played], count)
        if new & met:  # a rematch only when no pairing of this round avoids one
            assert not _pairing_exists([p for p in ranking if p not in played.sitting_out], met)
        met |= new
        sat_out += played.sitting_out


def _pairing_exists(pairs: list[int], met: set[frozenset[int]]) -> bool:
    """An independent search: can `pairs` be paired with no meeting from `met`?"""
    if not pairs:
        return True
    first, rest = pairs[0], pairs[1:]
    return any(
        frozenset((first, other)) not in met and _pairing_exists([p for p in rest if p != other], met) for other in rest
    )
