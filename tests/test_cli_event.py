"""`arbiter event ...`: the sample event run end to end through the command line, each command a
thin shell over arbiter.event, its words in the four languages and every bad input a usage error."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from arbiter.event import load
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


# --- new, schedule, standings --------------------------------------------------------------------

PAIR_FLAGS = ("--pair", "Ann and Cid=ann,cid", "--pair", "Bob and Dee=bob,dee", "--pair", "Eve and Gus=eve,gus")


def test_new_writes_an_event_file_that_reads_back_as_the_flags_said(tmp_path):
    path = tmp_path / "club.event.toml"
    result = arbiter_cmd(
        "event", "new", str(path), "--name", "Club night", "--family", "standard", "--date", "2026-11-26", "--seed", "9",
        "--movement", "round-robin", *PAIR_FLAGS,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert result.output == f"{path}: 3 pairs; round-robin, rounds: 3\n"
    event = load(path)
    assert (event.name, event.date, event.family, event.seed) == ("Club night", "2026-11-26", "caliente", 9)
    assert (event.movement, event.rounds, event.deals, event.scoring) == ("round-robin", 3, 2, "match-points")
    assert [(pair.number, pair.name, pair.players) for pair in event.pairs][2] == (3, "Eve and Gus", ("eve", "gus"))


def test_new_draws_a_seed_when_none_is_given_and_never_overwrites_without_force(tmp_path):
    path = tmp_path / "club.event.toml"
    assert arbiter_cmd("event", "new", str(path), "--name", "A", "--family", "samba", *PAIR_FLAGS).exit_code == 0
    first = load(path)
    again = arbiter_cmd("event", "new", str(path), "--name", "B", "--family", "samba", *PAIR_FLAGS)
    assert again.exit_code == 2 and "exists; give --force to replace it" in again.output
    assert load(path).name == "A"
    forced = arbiter_cmd("event", "new", str(path), "--name", "B", "--family", "samba", "--force", *PAIR_FLAGS)
    assert forced.exit_code == 0 and load(path).name == "B"
    assert 0 <= first.seed < 10**9


@pytest.mark.parametrize(
    ("flags", "said"),
    [
        (
            ("--movement", "howell", "--rounds", "5"),
            "club.event.toml: rounds: a howell movement of 3 pairs has at most 3 rounds",
        ),
        (("--scoring", "points"), "club.event.toml: scoring: write one of total, match-points"),
        (("--family", "poker"), "club.event.toml: family: name the rule set the tables play"),
        (("--pair", "Solo"), 'write a pair as "NAME=player,player"'),
    ],
)
def test_new_refuses_what_an_event_file_may_not_say(tmp_path, monkeypatch, flags, said):
    monkeypatch.chdir(tmp_path)
    result = arbiter_cmd("event", "new", "club.event.toml", "--name", "A", "--family", "caliente", *PAIR_FLAGS, *flags)
    assert result.exit_code == 2
    assert said in result.output
    assert not (tmp_path / "club.event.toml").exists()


def test_schedule_prints_the_directors_sheet_with_the_sit_outs(tmp_path):
    path = tmp_path / "club.event.toml"
    arbiter_cmd("event", "new", str(path), "--name", "Club night", "--family", "caliente", "--seed", "1",
                "--date", "2026-11-26", "--deals", "1", *PAIR_FLAGS)  # fmt: skip
    result = arbiter_cmd("event", "schedule", str(path))
    assert result.exit_code == 0
    assert result.output.splitlines()[:5] == [
        "Club night, 2026-11-26",
        "director's sheet: mitchell; pairs: 3; rounds: 1; deals a round: 1",
        "",
        "round 1",
        "  table 1: 1 Ann and Cid (first seats) against 3 Eve and Gus (second seats), board 1",
    ]
    assert "  sits out: 2 Bob and Dee" in result.output


def test_schedule_cards_give_each_table_its_rounds_and_a_swiss_event_waits_for_results():
    result = arbiter_cmd("event", "schedule", str(SAMPLE / "club-night.event.toml"), "--cards")
    assert result.exit_code == 0
    assert (
        "Club night: table 1\n  round 1: 1 Ann and Cid (first seats) against 2 Bob and Dee (second seats), board 1\n"
        in result.output
    )
    assert "  round 2: 4 Fay and Hal (first seats) against 1 Ann and Cid (second seats), board 2" in result.output


def test_standings_of_the_sample_are_final_in_text_and_json():
    text = arbiter_cmd("event", "standings", str(SAMPLE / "club-night.event.toml"))
    assert text.exit_code == 0
    assert "final: every table is certified" in text.output and "    1     1  Ann and Cid     23" in text.output
    data = json.loads(arbiter_cmd("event", "standings", str(SAMPLE / "club-night.event.toml"), "-f", "json").output)
    assert data["final"] is True
    assert [(line["pair"], line["score"]) for line in data["standings"]] == [(1, 23.0), (4, 21.0), (3, 20.0), (2, 15.0)]


def test_standings_exit_1_while_a_table_is_not_certified(event_folder):
    record = event_folder / "round-2" / "table-1.acn"
    record.write_text(record.read_text().replace("score fay+hal 515 ann+cid 1420", "score fay+hal 515 ann+cid 1400"))
    result = arbiter_cmd("event", "standings", str(event_folder / "club-night.event.toml"))
    assert result.exit_code == 1
    assert "provisional: 1 table is not certified" in result.output
    assert "round 2, table 1: pairs 4 and 1, not certified: score-mismatch" in result.output


@pytest.mark.parametrize("lang", ["es", "pt", "it"])
def test_the_schedule_and_standings_are_said_in_each_language(lang):
    for command in (("schedule",), ("schedule", "--cards"), ("standings",)):
        english = arbiter_cmd("event", *command, str(SAMPLE / "club-night.event.toml")).output
        spoken = arbiter_cmd("event", *command, str(SAMPLE / "club-night.event.toml"), "--lang", lang).output
        assert english.splitlines()[1] != spoken.splitlines()[1], command


# --- the Mitchell sample: prepared boards and match points ---------------------------------------

MITCHELL = Path(__file__).resolve().parent.parent / "samples" / "mitchell-event" / "mitchell.event.toml"


def test_every_table_of_the_mitchell_sample_played_its_prepared_board():
    result = arbiter_cmd("event", "verify", str(MITCHELL))
    assert result.exit_code == 0
    assert result.output == "every record checked was dealt from its boards\n"


def test_the_mitchell_samples_match_points_share_out_one_point_per_two_results_compared():
    result = arbiter_cmd("event", "standings", str(MITCHELL), "-f", "json")
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["final"] and all(table["certified"] for table in data["tables"])
    # three boards, each played at the three tables in the same seats: in each direction three
    # results, so three comparisons a board and direction, one match point each
    assert sum(line["score"] for line in data["standings"]) == 3 * 2 * 3
    boards = {table["board_set"] for table in data["tables"]}
    assert boards == {1, 2, 3}


# --- check: the whole event for CI ---------------------------------------------------------------


def test_check_certifies_the_mitchell_sample_whole():
    result = arbiter_cmd("event", "check", str(MITCHELL))
    assert result.exit_code == 0
    assert result.output == (
        "tables: 9; certified: 9; not certified: 0; cards not as their boards hold them: 0\nthe standings are final\n"
    )


def test_check_prints_every_problem_where_it_is_and_fails(event_folder):
    sheet = event_folder / "round-2" / "table-1.acn"
    sheet.write_text(sheet.read_text().replace("score fay+hal 515 ann+cid 1420", "score fay+hal 515 ann+cid 1400"))
    played = event_folder / "round-2" / "table-2.acn"
    draw = next(line for line in played.read_text().splitlines() if line.startswith("gus: draw "))
    card = draw.split()[2].rstrip(",")
    played.write_text(
        played.read_text().replace(draw, draw.replace(f"draw {card}", "draw X" if card != "X" else "draw 4"), 1)
    )
    result = arbiter_cmd("event", "check", str(event_folder / "club-night.event.toml"))
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert any(line.startswith(f"{sheet}:13:19: score-mismatch: hand 1: ann+cid is declared 1400") for line in lines)
    assert any(line.startswith(f"{played}:") and ": board-mismatch: the board's stock gives" in line for line in lines)
    assert "not certified: " in lines[-2] and lines[-1] == "the standings are provisional"
