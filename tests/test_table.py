"""The state of the table after any turn: `arbiter.table_after` and `arbiter table`."""

import json
from pathlib import Path

from click.testing import CliRunner

import arbiter
from arbiter.positions import frames
from arbiter_cli.main import cli

EXAMPLE = Path(__file__).parent.parent / "samples" / "caliente-scoring-example.acn"


def test_as_the_hand_starts_the_table_shows_the_deal_and_the_frozen_up_cards():
    table = arbiter.table_after(EXAMPLE.read_text(), hand=1, turn=0)
    assert table["pile"] == ["X", "10"] and table["frozen"]
    assert all(len(cards) == 11 for cards in table["hands"].values())
    assert table["laid"] == {"ann+cid": [], "bob+dee": ["B"]}  # dee's dealt Bonus card, laid at once
    assert table["stock"] == 108 - 44 - 1 - 2  # the deal, the Bonus replacement, the two turned cards


def test_after_a_turn_the_table_shows_what_that_turn_did():
    table = arbiter.table_after(EXAMPLE.read_text(), hand=1, turn=1)  # bob takes the frozen pile
    assert table["melds"]["bob+dee"] == [["10", "10", "10", "10", "10"], ["5", "5", "5", "X"]]
    assert table["pile"] == ["4"] and not table["frozen"]
    assert table["hands"]["bob"] == ["8", "9", "K"]


def test_a_turn_the_record_does_not_reach_legally_has_no_table():
    text = EXAMPLE.read_text()
    assert arbiter.table_after(text, hand=1, turn=99) is None
    broken = text.replace("cid: draw 9, discard K", "cid: draw 9, discard 2")  # cid holds no wild
    assert arbiter.table_after(broken, hand=1, turn=1) is not None
    assert arbiter.table_after(broken, hand=1, turn=2) is None


def test_the_command_prints_the_table_or_says_why_not():
    runner = CliRunner()
    shown = runner.invoke(cli, ["table", str(EXAMPLE), "--hand", "1", "--turn", "1"])
    assert shown.exit_code == 0
    assert "bob+dee  [10 10 10 10 10] [5 5 5 X]  laid: B" in shown.output
    assert "Prize pile (1 card, 4 on top, not frozen): 4" in shown.output
    as_json = runner.invoke(cli, ["table", str(EXAMPLE), "--hand", "1", "--turn", "1", "--json"])
    assert json.loads(as_json.output)["hands"]["bob"] == ["8", "9", "K"]
    missing = runner.invoke(cli, ["table", str(EXAMPLE), "--hand", "1", "--turn", "99"])
    assert missing.exit_code == 1 and "hand 1 of game 1 has 7 turns; there is no turn 99" in missing.output
    usage = runner.invoke(cli, ["table", str(EXAMPLE), "--hand", "1", "--rules", "pinochle"])
    assert usage.exit_code == 2


def _table(*args: str, record: str | None = None):
    source = ["-"] if record is not None else [str(EXAMPLE)]
    return CliRunner().invoke(cli, ["table", *source, *args], input=record)


# dee discards a King on turn 3 that she does not hold
NO_KING = EXAMPLE.read_text().replace("dee: draw Q, meld [7 7 7], discard Q", "dee: draw Q, meld [7 7 7], discard K")


def test_asking_for_a_game_hand_or_turn_the_record_does_not_have_says_so_plainly():
    assert "there is no game 2: the record holds 1 game" in _table("--hand", "1", "--game", "2").output
    assert "game 1 has no hand 2 (its hands: 1)" in _table("--hand", "2").output
    eight = _table("--hand", "1", "--turn", "8")
    assert eight.exit_code == 1 and "hand 1 of game 1 has 7 turns; there is no turn 8" in eight.output


def test_at_an_illegal_turn_the_table_before_it_is_printed():
    shown = _table("--hand", "1", "--turn", "3", record=NO_KING)
    assert shown.exit_code == 1
    assert "turn 3 of hand 1 is illegal (line 23, card-not-held): dee plays K but holds none" in shown.output
    assert "hand 1, before the offending move of turn 3" in shown.output
    assert "bob+dee  [10 10 10 10 10] [5 5 5 X] [7 7 7]  laid: B" in shown.output  # dee's 7s of this turn


def test_a_turn_after_the_illegal_one_is_not_shown():
    after = _table("--hand", "1", "--turn", "4", record=NO_KING)
    assert after.exit_code == 1
    assert "stops at turn 3 (line 23), which is illegal (card-not-held" in after.output
    assert "turn 4 comes after it" in after.output
    assert "Prize pile" not in after.output


def test_a_record_that_cannot_be_read_is_not_replayed():
    broken = EXAMPLE.read_text().replace("cid: draw 9, discard K", "cid: draw 9, discard 3")
    shown = _table("--hand", "1", "--turn", "1", record=broken)
    assert shown.exit_code == 1 and "game 1 cannot be read as notation (line 22:" in shown.output


def test_the_replay_of_a_hand_ends_with_the_table_before_the_illegal_move():
    game = frames.replay(NO_KING)
    hand = game.hands[0]
    assert [f.turn for f in hand.frames] == [0, 1, 2, 3]
    assert hand.stopped is not None and hand.stopped.code == "card-not-held"
    assert hand.start == 3 and hand.frames[3].line == 23 and hand.frames[3].player == "dee"
    assert hand.frames[2].table == arbiter.table_after(NO_KING, hand=1, turn=2)


def test_a_legal_hand_replays_from_its_start_to_its_last_turn():
    hand = frames.replay(EXAMPLE.read_text()).hands[0]
    assert hand.start == 0 and hand.stopped is None
    assert [f.turn for f in hand.frames] == list(range(8))
    assert hand.frames[7].table == arbiter.table_after(EXAMPLE.read_text(), hand=1, turn=7)


def test_a_hand_and_foot_table_shows_the_feet_not_yet_picked_up():
    sample = Path(__file__).parent.parent / "samples" / "hand-and-foot-endgame.acn"
    shown = CliRunner().invoke(cli, ["table", str(sample), "--hand", "3", "--turn", "0"])
    assert shown.exit_code == 0, shown.output
    assert "feet not yet picked up:\n  dee  4 4 5 6 7 8 9 10 J Q K A 2\n" in shown.output
    as_json = json.loads(CliRunner().invoke(cli, ["table", str(sample), "--hand", "3", "--json"]).output)
    assert as_json["feet"] == {"dee": ["4", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"]}
