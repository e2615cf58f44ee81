"""The talon through a position (arbiter/positions): an opener's discard that the talon follows does
not end the turn; the position then offers the talon's draw alone, plays it, and the turn ends with
it, so that stepping a record through a position reads it as `arbiter check` does."""

from __future__ import annotations

from pathlib import Path

import pytest
from differential import agree
from mac_support import first_error, position

import arbiter
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


# --- an opener whose opening discard empties the hand while a talon is due ------------------------
# (docs/rules/modern-american.md, "An opener whose opening discard empties the hand while a talon is
# due": going out, `out`, forgoes the talon; the talon's draw is not going out)

SPLASH = "K K K K K K K 2 2 2 2 X X X"  # a natural canasta and a wild-card canasta from hand
SPLASHED = ("draw 9", "meld [K K K K K K K] [2 2 2 2 X X X]", "discard 9")
SHORT = "K K K Q Q X J J 2"  # an opening that keeps one card only, its side short of canastas
SHORT_OPENED = ("draw 9", "meld [K K K] [Q Q X] [J J 2]", "discard 9")
NINE_ON_TOP = "9 7 5 A 10 6 8 9 Q 4 J 5 6 4"


def emptied(hand: str, opening: tuple[str, ...], tail: str = "") -> str:
    turn = "ann: " + ", ".join(opening) + (f", {tail}" if tail else "")
    return position(hand, turn, tables={}, melded="", stock=NINE_ON_TOP)


def stepped(hand: str, opening: tuple[str, ...]) -> Position:
    at = Position.from_record(emptied(hand, opening), hand=1, turn=1)
    for action in opening:
        at.push(action)
    return at


def test_an_opener_whose_side_can_go_out_may_go_out_or_draw_the_talon_after_emptying_the_hand():
    at = stepped(SPLASH, SPLASHED)
    assert (at.over, at.turn) == (False, 1)
    assert [str(action) for action in at.legal_actions()] == ["draw 7 5 A 10", "out"]


def test_going_out_on_the_opening_discard_ends_the_hand_and_forgoes_the_talon():
    at = stepped(SPLASH, SPLASHED)
    at.push("out")
    assert at.over and at.scores is not None
    for text in (emptied(SPLASH, SPLASHED, "out"), emptied(SPLASH, SPLASHED)):  # `out`, or the turn's end
        agree(text)
        [ruling] = arbiter.check(text)
        assert ruling.verdict == "valid" and ruling.hands[0].scores == at.scores


def test_the_talon_drawn_after_emptying_the_hand_is_not_going_out_and_play_goes_on():
    text = emptied(SPLASH, SPLASHED, "draw 7 5 A 10")
    agree(text)
    at = stepped(SPLASH, SPLASHED)
    at.push("draw 7 5 A 10")
    assert not at.over and at.to_play == "bob" and list(at.table.hands["ann"]) == ["5", "7", "10", "A"]


def test_no_talon_is_drawn_after_going_out():
    text = emptied(SPLASH, SPLASHED, "out, draw 7 5 A 10")
    agree(text)
    assert first_error(text) == "hand-over"


def test_an_opener_whose_side_cannot_go_out_may_keep_one_card_and_draw_the_talon_after_discarding_it():
    at = Position.from_record(emptied(SHORT, SHORT_OPENED), hand=1, turn=1)
    at.push("draw 9")
    assert at.is_legal("meld [K K K] [Q Q X] [J J 2]")
    assert "meld [J J 2] [Q Q X] [K K K]" in {str(action) for action in at.legal_actions()}  # offered too
    at.push("meld [K K K] [Q Q X] [J J 2]")
    at.push("discard 9")
    assert [str(action) for action in at.legal_actions()] == ["draw 7 5 A 10"]  # `out` is not legal
    text = emptied(SHORT, SHORT_OPENED, "draw 7 5 A 10")
    agree(text)
    assert first_error(text) is None


def test_an_opener_whose_side_cannot_go_out_and_goes_out_is_refused():
    for tail in ("out", ""):
        text = emptied(SHORT, SHORT_OPENED, tail)
        agree(text)
        assert first_error(text) == "go-out-canasta"
