"""A record that names its prepared board (`[Board "N"]`) is checked against it by `arbiter check`
itself, alone: the seed from its `[Seed]` tag or from the event file beside it; a card dealt or
drawn that the board does not hold there is a `board-mismatch` on its line, hand, turn and card."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

import arbiter
from app import create_app
from arbiter.event import load, schedule_of
from arbiter.event.deals import verify
from arbiter.rules.codes import NOTATION, category
from arbiter.rulings import Problem
from arbiter_cli.main import cli

SAMPLE = Path(__file__).resolve().parent.parent / "samples" / "event"
RECORD = "round-1/table-1.acn"
BAD_DEAL = ("deal bob 5 6 7 7 9 J J Q A 2 B", "deal bob 5 6 7 7 9 J J Q K 2 B")
BAD_DRAW = ("bob: draw 4,", "bob: draw 8,")


@pytest.fixture
def copied(tmp_path):
    shutil.copytree(SAMPLE, tmp_path / "event")
    return tmp_path / "event"


def plant(path: Path, old: str, new: str) -> str:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    return path.read_text()


def board_findings(path: Path) -> list[dict]:
    result = CliRunner().invoke(cli, ["check", "--format", "json", str(path)])
    (game,) = json.loads(result.output)["files"][0]["games"]
    return [finding for finding in game["findings"] if finding["code"].startswith("board-")]


def test_a_record_dealt_from_its_board_is_valid_checked_alone_beside_its_event_file(copied):
    result = CliRunner().invoke(cli, ["check", str(copied / RECORD)])
    assert result.exit_code == 0, result.output
    assert "board-" not in result.output


def test_a_card_dealt_that_the_board_does_not_hold_is_a_mismatch_on_the_deal_line(copied):
    text = plant(copied / RECORD, *BAD_DEAL)
    [finding] = board_findings(copied / RECORD)
    assert text.splitlines()[finding["line"] - 1] == BAD_DEAL[1]
    assert finding["severity"] == "error" and finding["hand"] == 1 and finding["turn"] is None
    assert finding["message"] == "board 1: bob holds 5 6 7 7 9 J J Q A 2 B on the board; not K"
    assert finding["rule"] == NOTATION["board-mismatch"].source


def test_a_card_drawn_out_of_the_stocks_order_is_a_mismatch_on_its_turn_and_card(copied):
    text = plant(copied / RECORD, *BAD_DRAW)
    [finding] = board_findings(copied / RECORD)
    line = text.splitlines()[finding["line"] - 1]
    assert line.startswith("bob: draw 8") and line[finding["column"] - 1 :].startswith("draw 8")
    assert (finding["hand"], finding["turn"], finding["player"]) == (1, 1, "bob")
    assert finding["message"] == "board 1: the board's stock gives 4 here, not 8"


def test_a_mismatch_makes_the_check_fail_as_a_move_breaking_a_rule(copied):
    plant(copied / RECORD, *BAD_DRAW)
    result = CliRunner().invoke(cli, ["check", str(copied / RECORD)])
    assert result.exit_code == 1
    assert "error[board-mismatch]" in result.output and "when: hand 1, turn 1" in result.output
    assert category("board-mismatch") is Problem.MOVE


def test_a_record_that_carries_its_seed_is_checked_without_an_event_file_in_the_library_and_the_api():
    text = (SAMPLE / RECORD).read_text().replace('[Board "1"]', '[Board "1"]\n[Seed "20261126"]')
    [ruling] = arbiter.check(text)
    assert ruling.verdict == "valid"
    stock = next(line for line in text.splitlines() if line.startswith("stock "))
    bad = text.replace(stock + "\n", "").replace(*BAD_DRAW)  # no stock line: only the board knows the order
    [ruling] = arbiter.check(bad)
    assert [(f.code, f.turn) for f in ruling.findings if f.code.startswith("board-")] == [("board-mismatch", 1)]
    client = create_app({"TESTING": True}).test_client()
    answer = client.post("/api/v1/rulings", json={"record": bad}).get_json()
    [game] = answer["games"]
    board = [(f["hand"], f["turn"], f["message"]) for f in game["findings"] if f["code"] == "board-mismatch"]
    assert board == [(1, 1, "board 1: the board's stock gives 4 here, not 8")]


def test_another_seed_deals_another_board():
    text = (SAMPLE / RECORD).read_text().replace('[Board "1"]', '[Board "1"]\n[Seed "7"]')
    [ruling] = arbiter.check(text)
    assert "board-mismatch" in {f.code for f in ruling.findings}


def test_a_board_named_without_a_seed_or_an_event_file_is_a_warning_saying_how_to_give_it():
    [ruling] = arbiter.check((SAMPLE / RECORD).read_text())
    [finding] = ruling.findings
    assert (finding.code, finding.severity, ruling.verdict) == ("board-unknown", "warning", "valid")
    assert "[Seed" in finding.message


@pytest.mark.parametrize(("tag", "said"), [('[Board "first"]', "board's number"), ('[Seed "x1"]', "seed")])
def test_a_board_or_seed_tag_that_is_not_a_number_is_a_warning_on_the_tag(tag, said):
    name = tag.split()[0][1:]
    text = (SAMPLE / RECORD).read_text().replace('[Board "1"]', '[Board "1"]\n' + tag if name == "Seed" else tag)
    [ruling] = arbiter.check(text)
    [finding] = ruling.findings
    assert finding.code == "board-unknown" and said in finding.message
    assert text.splitlines()[finding.line - 1] == tag


def test_a_folder_of_two_events_picks_the_one_the_records_event_tag_names(copied):
    other = (copied / "club-night.event.toml").read_text().replace('"Club night"', '"Other night"')
    (copied / "other.event.toml").write_text(other.replace("seed = 20261126", "seed = 5"))
    assert board_findings(copied / RECORD) == []
    plant(copied / RECORD, '[Event "Club night"]', '[Event "Other night"]')
    assert {f["code"] for f in board_findings(copied / RECORD)} == {"board-mismatch"}


def test_event_verify_holds_the_board_tag_to_the_schedule_and_the_seed_tag_to_the_event(copied):
    plant(copied / RECORD, '[Board "1"]', '[Board "2"]\n[Seed "9"]')
    event = load(copied / "club-night.event.toml")
    said = [str(f.message) for f in verify(event, schedule_of(event)) if f.code == "board-mismatch"]
    assert "the schedule gives this table board 1, not 2" in said
    assert "the event's seed is 20261126, not 9" in said


def test_a_skeleton_names_its_board_and_seed_so_a_table_record_checks_itself(tmp_path):
    result = CliRunner().invoke(cli, ["event", "deals", str(SAMPLE / "club-night.event.toml"), "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    skeleton = (tmp_path / "board-2.acn").read_text()
    assert '[Board "2"]' in skeleton and '[Seed "20261126"]' in skeleton
    [ruling] = arbiter.check(skeleton)
    assert ruling.verdict == "valid" and not ruling.findings
