"""The corrected score sheet: what the table writes down for each hand after a ruling."""

from pathlib import Path

import arbiter
from arbiter.rulings.corrected_sheet import Status

EXAMPLE = (Path(__file__).parent.parent / "samples" / "caliente-scoring-example.acn").read_text()
BOB_TAKES = "bob: take 10 with [10 10 10 10] and [5 5 5], add [X] to 5, discard 4"


def _sheet(record: str) -> arbiter.ScoreSheet:
    (game,) = arbiter.check(record)
    return arbiter.score_sheet(game)


def test_a_legal_hand_is_written_down_as_the_arbiter_counts_it():
    sheet = _sheet(EXAMPLE)
    (row,) = sheet.rows
    assert row.status is Status.COUNTED and row.scores == {"ann+cid": -230, "bob+dee": 1190}
    assert row.totals == sheet.totals == {"ann+cid": -230, "bob+dee": 1190}
    assert not sheet.corrected and not sheet.provisional


def test_a_wrong_take_of_the_prize_pile_costs_the_taking_side_the_penalty_on_the_declared_score():
    sheet = _sheet(EXAMPLE.replace(BOB_TAKES, "bob: take 10 with [10], discard 4"))
    (row,) = sheet.rows
    assert row.status is Status.ADJUSTED
    (adjustment,) = row.adjustments
    assert (adjustment.side, adjustment.points) == ("bob+dee", -50)
    assert row.scores == {"bob+dee": 1190 - 50, "ann+cid": -230}
    assert sheet.totals == {"ann+cid": -230, "bob+dee": 1140} and not sheet.provisional
    assert "take-initial at line 21, turn 1" in row.reason and "restored" in row.reason


def test_the_wrong_take_penalty_is_the_rule_set_option():
    record = '[Variant "wrong-take-penalty=70"]\n' + EXAMPLE.replace(BOB_TAKES, "bob: take 10 with [10], discard 4")
    assert _sheet(record).totals["bob+dee"] == 1190 - 70


def test_going_out_against_the_partners_no_costs_the_permission_penalty():
    record = EXAMPLE.replace("dee: draw 2, add [10 10 10] to 10", "dee: draw 2, ask no, add [10 10 10] to 10")
    (game,) = arbiter.check(record)
    assert [f.code for f in game.findings if f.is_error] == ["go-out-permission"]
    (row,) = arbiter.score_sheet(game).rows
    assert row.status is Status.ADJUSTED and row.adjustments[0].points == -100
    assert row.scores["bob+dee"] == 1090


def test_a_first_take_short_of_the_minimum_is_a_wrong_take_that_costs_fifty():
    sheet = _sheet(EXAMPLE.replace(BOB_TAKES, "bob: take 10 with [10 10] and [5 5 5], discard 4"))
    (row,) = sheet.rows
    assert row.status is Status.ADJUSTED and row.adjustments[0].points == -50
    assert "restored" in row.adjustments[0].reason


def test_an_irregularity_without_a_remedy_leaves_the_hand_unscored_with_the_reason():
    sheet = _sheet(EXAMPLE.replace("discard Q   ", "discard K   "))
    (row,) = sheet.rows
    assert row.status is Status.UNSCORED and row.scores is None
    assert row.reason.startswith("card-not-held at line 23, turn 3: dee plays K but holds none")
    assert "no remedy" in row.reason
    assert sheet.provisional and row.totals == {"ann+cid": -230, "bob+dee": 1190}  # carried from the declared score


def test_a_remedy_with_no_declared_score_has_nothing_to_apply_to():
    record = EXAMPLE.replace(BOB_TAKES, "bob: take 10 with [10], discard 4")
    record = record.replace("score bob+dee 1190 ann+cid -230\ntotal bob+dee 1190 ann+cid -230\n", "")
    (row,) = _sheet(record).rows
    assert row.status is Status.UNSCORED and "declares no score" in row.reason


def test_a_remedy_with_no_declared_score_says_what_to_write_down_instead():
    record = EXAMPLE.replace(BOB_TAKES, "bob: take 10 with [10], discard 4")
    record = record.replace("score bob+dee 1190 ann+cid -230\ntotal bob+dee 1190 ann+cid -230\n", "")
    (row,) = _sheet(record).rows
    (stop,) = [f for f in arbiter.check(record).__next__().findings if f.adjustment]
    side, points = stop.adjustment.side, -stop.adjustment.points
    assert f"{side}: subtract {points} from whatever you score this hand" in row.reason


def test_counts_of_cards_are_written_in_words():
    (game,) = arbiter.check(EXAMPLE.replace(BOB_TAKES, "bob: take 10 with [10 10 10 10 10 10], discard 4"))
    assert game.findings[0].message == "bob melds six 10s but holds only four"


def test_the_sheet_and_the_adjustment_are_in_the_json():
    (game,) = arbiter.check(EXAMPLE.replace(BOB_TAKES, "bob: take 10 with [10], discard 4"))
    data = game.to_dict()
    assert data["problems"] == ["move"]
    assert data["sheet"]["hands"][0]["status"] == "adjusted"
    assert data["findings"][0]["adjustment"] == {
        "side": "bob+dee",
        "points": -50,
        "reason": "the Prize pile taken wrongly, and restored",
    }


def test_a_wrong_declared_score_is_a_score_problem_not_a_move():
    (game,) = arbiter.check(EXAMPLE.replace("score bob+dee 1190", "score bob+dee 1200"))
    assert game.verdict is arbiter.Verdict.ILLEGAL and game.problems == [arbiter.Problem.SCORE]


def test_not_going_out_after_the_partners_yes_costs_the_permission_penalty():
    record = EXAMPLE.replace(
        "dee: draw 2, add [10 10 10] to 10, add [5 5 5] to 5, meld [J J 2], out",
        "dee: draw 2, ask yes, meld [J J 2], discard 10",
    )
    (game,) = arbiter.check(record)
    assert [f.code for f in game.findings if f.is_error] == ["go-out-permission"]
    (row,) = arbiter.score_sheet(game).rows
    assert row.status is Status.ADJUSTED and row.adjustments[0].side == "bob+dee"
    assert row.adjustments[0].reason == "told yes when asking to go out, and did not go out"
    assert row.scores == {"bob+dee": 1090, "ann+cid": -230}


SAMBA_SHEET = """[Rules "samba"]
[Seats "ann bob cid dee"]
[Teams "ann+cid bob+dee"]

hand 1 dealer dee
summary ann+cid samba 1 natural 1 bonus 1 melded 510 out
summary bob+dee mixed 1 bonus 2 melded 200 left 60
score ann+cid 2810 bob+dee 240
"""


def test_a_summary_refused_for_a_bonus_the_game_does_not_give_is_written_down_without_it():
    # a Foot claimed in Samba: the sheet is refused, and the rest of it scores the hand
    sheet = _sheet(SAMBA_SHEET.replace("melded 510 out", "melded 510 foot 1 out").replace("2810", "3010"))
    (row,) = sheet.rows
    assert row.status is Status.ADJUSTED and row.declared == {"ann+cid": 3010, "bob+dee": 240}
    assert row.scores == {"ann+cid": 2810, "bob+dee": 240} and sheet.totals == row.scores
    (adjustment,) = row.adjustments
    assert (adjustment.side, adjustment.points) == ("ann+cid", -200)
    assert "`foot` struck from ann+cid's line" in adjustment.reason and "summary-category" in row.reason
    assert not sheet.provisional


def test_a_summary_refused_for_a_word_its_declared_score_left_out_keeps_that_score():
    sheet = _sheet(SAMBA_SHEET.replace("melded 510 out", "melded 510 foot 1 out"))
    (row,) = sheet.rows
    assert row.status is Status.ADJUSTED and row.scores == row.declared
    assert [(a.side, a.points) for a in row.adjustments] == [("ann+cid", 0)]
