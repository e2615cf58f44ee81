"""`arbiter event ...`: the sample event run end to end through the command line, each command a
thin shell over arbiter.event, its words in the four languages and every bad input a usage error."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from arbiter_cli.main import cli

SAMPLE = Path(__file__).resolve().parent.parent / "samples" / "event"
CLEAN_ENV = {"GITHUB_ACTIONS": None, "NO_COLOR": None, "FORCE_COLOR": None, "TTY_COMPATIBLE": None}


def arbiter_cmd(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args), env=CLEAN_ENV, catch_exceptions=False)


@pytest.fixture
def event_folder(tmp_path):
    shutil.copytree(SAMPLE, tmp_path / "event")
    return tmp_path / "event"


def test_deals_writes_a_skeleton_per_board_and_prints_each_slip(event_folder):
    result = arbiter_cmd("event", "deals", str(event_folder / "club-night.event.toml"))
    assert result.exit_code == 0, result.output
    written = sorted(path.name for path in (event_folder / "boards").iterdir())
    assert written == ["board-1.acn", "board-2.acn"]
    assert "Club night: board 1, dealer north" in result.output
    assert "stock, from the top: " in result.output
    assert result.output.rstrip().endswith("2 boards written to " + str(event_folder / "boards"))
    skeleton = (event_folder / "boards" / "board-1.acn").read_text()
    played = (event_folder / "round-1" / "table-1.acn").read_text()
    stock = next(line for line in skeleton.splitlines() if line.startswith("stock "))
    assert stock in played.splitlines()  # the table played board 1 from this very stock


def test_deals_again_gives_the_same_boards(event_folder, tmp_path):
    arbiter_cmd("event", "deals", str(event_folder / "club-night.event.toml"), "--out", str(tmp_path / "a"))
    arbiter_cmd("event", "deals", str(event_folder / "club-night.event.toml"), "--out", str(tmp_path / "b"))
    assert (tmp_path / "a" / "board-2.acn").read_text() == (tmp_path / "b" / "board-2.acn").read_text()


def test_verify_passes_the_sample_and_says_which_tables_gave_score_sheets():
    result = arbiter_cmd("event", "verify", str(SAMPLE / "club-night.event.toml"))
    assert result.exit_code == 0, result.output
    assert result.output.count("board-not-dealt") == 2
    assert result.output.rstrip().endswith("every record checked was dealt from its boards")


def test_verify_fails_a_record_not_dealt_from_its_board(event_folder):
    record = event_folder / "round-2" / "table-2.acn"
    deal = next(line for line in record.read_text().splitlines() if line.startswith("deal bob "))
    record.write_text(record.read_text().replace(deal, deal.replace("deal bob 4 ", "deal bob 5 ")))
    result = arbiter_cmd("event", "verify", str(event_folder / "club-night.event.toml"))
    assert result.exit_code == 1
    assert "round-2/table-2.acn:" in result.output and ": board-mismatch: bob holds" in result.output
    assert "(round 2, table 2, board 2)" in result.output


def test_a_bad_event_file_is_a_usage_error_naming_the_key(tmp_path):
    path = tmp_path / "bad.event.toml"
    path.write_text((SAMPLE / "club-night.event.toml").read_text().replace('"swiss"', '"shuffle"'))
    for command in ("deals", "verify"):
        result = arbiter_cmd("event", command, str(path))
        assert result.exit_code == 2
        assert "bad.event.toml: movement: write one of mitchell, howell, round-robin, swiss" in result.output


@pytest.mark.parametrize("lang", ["es", "pt", "it"])
def test_the_slips_are_said_in_each_language(event_folder, lang):
    english = arbiter_cmd("event", "deals", str(event_folder / "club-night.event.toml")).output
    spoken = arbiter_cmd("event", "deals", str(event_folder / "club-night.event.toml"), "--lang", lang).output
    assert english.splitlines()[0] != spoken.splitlines()[0]
    assert english.splitlines()[1] == spoken.splitlines()[1]  # the seat and its cards, notation
