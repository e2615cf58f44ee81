"""The answer to a player's question about one move (arbiter.positions.move_answer): allowed, with the table
after it, or not allowed, because of which rule, with what was allowed instead. Played by the
engine on a Position, action by action, in every family."""

from __future__ import annotations

import pytest

import arbiter
from arbiter.positions.move_answer import answer_move
from arbiter.positions.situation import Situation, default_seats

DRAWS = {
    "caliente": "draw 7",
    "classic": "draw 7",
    "hoyle": "draw 7",
    "samba": "draw 4 4",
    "hand-and-foot": "draw 4 4",
    "modern-american": "draw 7",
}
FOOT = ["4", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "A"]


def kings_table(family: str, move: str = "") -> Situation:
    """Everyone has melded; ann, to play, holds three Kings beside a 5 and a 9."""
    seats, teams = default_seats(family)
    hands = {player: ["6", "7", "8"] for player in seats}
    hands["ann"] = ["K", "K", "K", "5", "9"]
    feet = {player: list(FOOT) for player in seats} if family == "hand-and-foot" else {}
    situation = Situation(rules=family, seats=seats, teams=teams, hands=hands, feet=feet, pile=["8", "9"])
    situation.turn, situation.melded, situation.move = "ann", list(seats), move
    situation.melds = {situation.sides()[0]: [["7", "7", "7"]]}
    return situation


@pytest.mark.parametrize("family", DRAWS)
def test_a_whole_legal_turn_is_allowed_and_the_table_after_it_shows_the_new_meld(family):
    situation = kings_table(family, f"{DRAWS[family]}, meld [K K K], discard 5")
    answer = situation.answer()
    assert answer.allowed and answer.finding is None
    assert answer.turn_over and answer.next_player != "ann"
    assert answer.played == tuple(part.strip() for part in situation.move.split(","))
    assert ["K", "K", "K"] in answer.table["melds"][situation.sides()[0]]
    assert answer.table["pile"][-1] == "5"


@pytest.mark.parametrize("family", DRAWS)
def test_a_two_card_meld_is_not_allowed_and_the_answer_says_why_and_what_was_allowed(family):
    situation = kings_table(family, f"{DRAWS[family]}, meld [K K], discard 5")
    answer = situation.answer()
    assert not answer.allowed
    assert answer.played == (DRAWS[family],) and answer.refused == "meld [K K]"
    assert answer.finding is not None and answer.finding.code == "meld-size"
    assert "meld [K K K]" in answer.finding.alternatives
    assert answer.table["hands"]["ann"].count("K") == 3  # the table just before the meld


def test_the_beginning_of_a_turn_is_allowed_so_far_and_the_same_player_plays_on():
    answer = kings_table("caliente", "draw 7").answer()
    assert answer.allowed and not answer.turn_over
    assert answer.next_player == "ann"


def test_a_move_that_is_not_notation_is_not_allowed_with_the_notation_finding():
    answer = kings_table("caliente", "draw 7 meld").answer()
    assert not answer.allowed and answer.played == ()
    assert answer.finding is not None and answer.finding.code == "syntax-error"


def test_the_answer_leaves_the_position_it_was_asked_about_as_it_was():
    position = kings_table("caliente").position()
    before = position.table
    answer_move(position, "draw 7, meld [K K K], discard 5")
    assert position.table == before and position.turn == 1 and position.to_play == "ann"


def test_a_table_that_cannot_be_played_from_raises_position_error():
    situation = kings_table("caliente", "draw 7")
    situation.hands["ann"] = ["K"] * 13  # more Kings than three packs hold
    with pytest.raises((arbiter.PositionError, arbiter.UsageError)):
        situation.answer()
