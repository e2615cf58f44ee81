"""A score pad's hand corrected or taken back (arbiter.sheets.pad_corrections, issue 59): the later
hands scored again, the totals and first-meld minimums following, the correction kept as a line of
its own that `arbiter check` reads past."""

from __future__ import annotations

import pytest

import arbiter
from arbiter.sheets import pad
from arbiter.sheets.pad_corrections import Correction, correct_hand, corrections, hand_entries, take_back

OUT = {
    "ann+cid": {"natural": 1, "mixed": 1, "melded": 420, "out": True, "left": 0},
    "bob+dee": {"mixed": 1, "melded": 260, "left": 45},
}
BACK = {
    "bob+dee": {"natural": 1, "mixed": 1, "melded": 420, "out": True, "left": 0},
    "ann+cid": {"mixed": 1, "melded": 260, "left": 45},
}


def game_of_two_hands() -> str:
    record = pad.new_game("caliente", ["ann", "bob", "cid", "dee"], "ann+cid bob+dee")
    for hand in (OUT, BACK):
        record = pad.add_hand(record, hand).record
    return record


def test_a_corrected_hand_scores_again_with_every_later_hand_and_the_minimums_follow():
    record = game_of_two_hands()
    fixed = correct_hand(record, 1, {**OUT, "ann+cid": {**OUT["ann+cid"], "natural": 2}})
    assert not fixed.refused
    [game] = arbiter.check(fixed.record)
    assert game.verdict == "valid" and game.totals == {"ann+cid": 2335, "bob+dee": 1835}
    assert [hand.minimums for hand in game.hands] == [{"ann+cid": 90, "bob+dee": 50}, {"ann+cid": 90, "bob+dee": 90}]
    assert corrections(fixed.record) == [Correction("corrected", 1, {"ann+cid": 1320, "bob+dee": 515})]
    assert hand_entries(fixed.record, 1)["ann+cid"]["natural"] == 2


def test_the_last_hand_taken_back_leaves_the_game_as_it_was_before_it_with_the_entry_kept():
    record = game_of_two_hands()
    back = take_back(record)
    [game] = arbiter.check(back.record)
    assert len(game.hands) == 1 and game.totals == {"ann+cid": 1320, "bob+dee": 515}
    assert corrections(back.record) == [Correction("taken back", 2, {"ann+cid": 515, "bob+dee": 1320})]
    assert take_back(back.record).record.count("; ") == 2  # each correction, an entry of its own


def test_a_correction_no_game_could_give_is_refused_and_the_record_stays():
    record = game_of_two_hands()
    refused = correct_hand(record, 1, {**OUT, "bob+dee": {**OUT["bob+dee"], "out": True}})
    assert refused.refused and refused.record == record


def test_no_such_hand_is_a_value_error():
    with pytest.raises(ValueError):
        correct_hand(game_of_two_hands(), 3, OUT)
    with pytest.raises(ValueError):
        take_back(pad.new_game("caliente", ["ann", "bob"]))
