"""The talon through a position (arbiter/positions): an opener's discard that the talon follows does
not end the turn; the position then offers the talon's draw alone, plays it, and the turn ends with
it, so that stepping a record through a position reads it as `arbiter check` does."""

from __future__ import annotations

from pathlib import Path

import pytest
from differential import agree
from mac_support import position

from arbiter import IllegalAction, Position

SAMPLES = Path(__file__).parent.parent / "samples"

OPENER = "K K K Q Q X J J 2 5 6 9 10"
OPENING = ("draw 4", "meld [K K K] [Q Q X] [J J 2]", "discard 9")
STOCK = "4 7 5 A 10 6 8 9 Q 4 J 5 6"  # top first: the turn card, then the talon of four


def opened(stock: str = STOCK, **layout: str) -> Position:
    """ann's opening from the stock played up to its discard, nobody having opened before."""
    text = position(OPENER, "ann: " + ", ".join(OPENING), tables={}, melded="", stock=stock, **layout)
    at = Position.from_record(text, hand=1, turn=1)
    for action in OPENING:
        at.push(action)
    return at


def test_a_position_after_an_openers_discard_offers_only_the_talon_draw():
    at = opened()
    assert (at.to_play, at.turn) == ("ann", 1)
    assert [str(action) for action in at.legal_actions()] == ["draw 7 5 A 10"]


def test_after_the_talon_the_next_player_is_to_play():
    at = opened()
    at.push("draw 7 5 A 10")
    assert (at.to_play, at.turn) == ("bob", 2)
    assert sorted(at.table.hands["ann"]) == sorted(["4", "5", "6", "10", "7", "5", "A", "10"])
    assert at.record().splitlines()[-1] == "ann: draw 4, meld [K K K] [Q Q X] [J J 2], discard 9, draw 7 5 A 10"


def test_a_talon_forgotten_is_lost_the_turn_ended_without_it_is_allowed_but_not_offered():
    at = opened()
    assert at.is_legal("end") and "end" not in {str(action) for action in at.legal_actions()}
    at.end_turn()
    assert (at.to_play, at.turn) == ("bob", 2)


def test_a_talon_of_the_wrong_count_is_refused_with_the_talon_listed_instead():
    found = opened().explain("draw 7 5 A")
    assert found is not None and found.code == "talon" and found.action == 3
    assert found.alternatives == ("draw 7 5 A 10",)


def test_nothing_but_the_talon_follows_the_discard():
    at = opened()
    with pytest.raises(IllegalAction) as refused:
        at.push("meld [5 5 5]")
    assert refused.value.finding.code == "discard"


def test_a_discard_no_talon_follows_ends_the_turn_as_ever():
    at = opened(stock="4 7 5 A 10 6 8 9")  # the turn card drawn: no talon is due
    assert (at.to_play, at.turn) == ("bob", 2)


def test_an_opening_short_of_the_minimum_is_refused_when_made_though_a_talon_would_follow():
    # nothing else ann holds can be melded: the turn cannot end legally after this opening, so the
    # meld itself is the dead end, as in every family; the talon after the discard changes nothing
    text = position("K K K Q Q X 5 6 9 10", "ann: draw 4", tables={}, melded="", stock=STOCK)
    at = Position.from_record(text, hand=1, turn=1)
    at.push("draw 4")
    found = at.explain("meld [K K K] [Q Q X]")
    assert found is not None and found.code == "first-meld-minimum"


def test_an_opening_short_of_the_minimum_is_refused_at_its_discard_where_more_could_be_melded():
    text = position("K K K Q Q X J J J 10", "ann: draw 4", tables={}, melded="", stock=STOCK)
    at = Position.from_record(text, hand=1, turn=1)
    at.push("draw 4")
    at.push("meld [K K K] [Q Q X]")  # [J J J] would still bring the opening to its minimum
    found = at.explain("discard 10")
    assert found is not None and found.code == "first-meld-minimum"


@pytest.mark.parametrize("path", sorted(SAMPLES.glob("modern-american*.acn")), ids=lambda p: p.stem)
def test_check_and_the_library_agree_on_every_modern_american_sample(path):
    agree(path.read_text())
