"""The state of the table after any turn: `arbiter.table_after` and `arbiter table`."""

import json
from pathlib import Path

from click.testing import CliRunner

import arbiter
from arbiter_cli.main import cli

EXAMPLE = Path(__file__).parent.parent / "samples" / "caliente-scoring-example.txt"


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
    assert missing.exit_code == 1 and "does not reach turn 99" in missing.output
    usage = runner.invoke(cli, ["table", str(EXAMPLE), "--hand", "1", "--rules", "pinochle"])
    assert usage.exit_code == 2
