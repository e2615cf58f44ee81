"""The engine's counts (each hand's cards, the Feet, the pack's cards not yet seen, the paths a
check takes) are `Counts`: Counters whose item assignment costs what a dict's does. Counter's
own `__delitem__`, written in Python, sends every `hand[card] -= 1` through a slow generic slot."""

import pickle

import pytest

from arbiter import Position
from arbiter.cards import Counts


def test_counts_count_as_a_counter_does():
    hand = Counts(["7", "7", "K"])
    assert hand["7"] == 2 and hand["A"] == 0  # a card not held counts none
    hand["7"] -= 1
    assert hand.total() == 2 and hand + Counts(["A"]) == Counts(["7", "K", "A"])
    assert type(hand.copy()) is Counts and pickle.loads(pickle.dumps(hand)) == hand


def test_deleting_a_card_not_counted_is_an_error_as_for_a_dict():
    with pytest.raises(KeyError):
        del Counts()["7"]


def test_assigning_a_count_is_the_dict_s_own_assignment():
    assert Counts.__delitem__ is dict.__delitem__ and Counts.__setitem__ is dict.__setitem__


def test_a_replay_keeps_its_hands_feet_pool_and_paths_in_counts():
    position = Position.deal("hand-and-foot", ["ann", "bob", "cid", "dee"], seed=3)
    for played in (position, position.copy()):
        context = played._context  # the replay behind the position
        table = context.table
        assert {type(hand) for hand in table.hands.values()} == {Counts}
        assert {type(foot) for foot in table.feet.values()} == {Counts}
        assert type(table.pool) is Counts and type(context.paths) is Counts
