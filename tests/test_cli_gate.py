"""A certification gate directors can trust: nothing passes silently (a typo'd selector, an
ignored error, a configured default with mixed families, one file's usage problem), and a pull
request a stranger wrote can neither reach outside its folder by a link nor write into the CI log
by a file name."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from arbiter_cli.main import cli

SAMPLES = Path(__file__).parent.parent / "samples"
SHORT_FIRST_MELD = (SAMPLES / "caliente-illegal-short-first-meld.acn").read_text()
VALID = (SAMPLES / "caliente-scoring-example.acn").read_text()
SILENT = VALID.replace('[Rules "caliente"]\n', "")  # no [Rules] tag
SAMBA = (SAMPLES / "samba-full-hand.acn").read_text()
CLEAN_ENV = {"GITHUB_ACTIONS": None, "NO_COLOR": None, "FORCE_COLOR": None}


def arbiter_cmd(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(cli, list(args), input=input, env=CLEAN_ENV)


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "records").mkdir()
    (tmp_path / "records" / "illegal.acn").write_text(SHORT_FIRST_MELD)
    (tmp_path / "records" / "valid.acn").write_text(VALID)
    return tmp_path


# --- selectors ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("flags", "named"),
    [
        (["--select", "first-meld-minimun"], "did you mean first-meld-minimum"),
        (["--select", "score"], "did you mean score-mismatch"),
        (["--select", "take"], "the glob 'take*'"),
        (["--select", "zzz*"], "'zzz*' matches no finding code"),
        (["--ignore", "nonsense"], "'nonsense' matches no finding code"),
        (["--select", "score-*,meld-closd"], "did you mean meld-closed"),
    ],
)
def test_a_selector_that_matches_no_code_is_a_usage_error_naming_the_closest(folder, flags, named):
    result = arbiter_cmd("check", "--isolated", *flags, "records")
    assert result.exit_code == 2 and result.stdout == ""
    assert named in result.stderr


def test_a_typo_in_the_configurations_selection_is_a_usage_error_naming_the_file(folder):
    Path("arbiter.toml").write_text('ignore = ["score-mismatch", "first-meld-minmum"]\n')
    result = arbiter_cmd("check", "records")
    assert result.exit_code == 2 and "arbiter.toml" in result.stderr and "first-meld-minimum" in result.stderr


def test_a_family_of_codes_is_selected_by_a_glob(folder):
    result = arbiter_cmd("check", "--isolated", "--select", "first-meld-*", "records")
    assert result.exit_code == 1 and "error[first-meld-minimum]" in result.stdout


def test_an_ignored_error_is_reported_as_such_and_counted(folder):
    result = arbiter_cmd("check", "--isolated", "--ignore", "first-meld-minimum", "records")
    assert result.exit_code == 0
    assert "records/illegal.acn: game 1 (line 4, caliente): valid with 1 ignored error" in result.stdout
    assert result.stdout.splitlines()[-1] == "2 files, 2 games: 2 valid, 0 illegal, 0 malformed; 1 finding ignored"


def test_the_json_summary_and_the_game_count_ignored_findings(folder):
    result = arbiter_cmd("check", "--isolated", "--ignore", "first-meld-minimum", "-f", "json", "records")
    document = json.loads(result.stdout)
    assert document["summary"]["ignored"] == 1 and document["summary"]["valid"] == 2
    assert document["files"][0]["games"][0]["ignored"] == 1


def test_the_github_verdict_line_says_an_error_was_ignored(folder):
    result = arbiter_cmd("check", "--isolated", "--ignore", "first-meld-minimum", "-f", "github", "records")
    assert "records/illegal.acn: game 1 (line 4, caliente): valid with 1 ignored error" in result.stdout


# --- which rule set ------------------------------------------------------------------------------


def test_the_configured_rule_set_is_a_default_for_silent_records_with_mixed_families(folder):
    Path("records/samba.acn").write_text(SAMBA)
    Path("records/silent.acn").write_text(SILENT)
    Path("pyproject.toml").write_text('[tool.arbiter]\nrules = "caliente"\n')
    result = arbiter_cmd("check", "records")
    assert "records/samba.acn: game 1 (line" in result.stdout and ", samba): valid" in result.stdout
    assert "records/silent.acn: game 1 (line 6, caliente): valid" in result.stdout
    assert result.stdout.splitlines()[-1].startswith("4 files, 4 games: 3 valid, 1 illegal")
    assert result.exit_code == 1


def test_the_rules_flag_insists_and_a_record_tagged_otherwise_is_reported_for_that_file_only(folder):
    Path("records/samba.acn").write_text(SAMBA)
    result = arbiter_cmd("check", "--isolated", "--rules", "caliente", "records")
    assert result.exit_code == 2
    assert "records/samba.acn: error: game at line" in result.stderr and "but caliente was asked for" in result.stderr
    assert "records/valid.acn: game 1 (line 6, caliente): valid" in result.stdout
    assert result.stdout.splitlines()[-1].endswith("1 file not checked")


# --- links and file names -------------------------------------------------------------------------


def test_a_link_out_of_the_folder_is_not_followed_and_is_named(folder, tmp_path):
    outside = tmp_path / "secret.txt"
    outside.write_text("root:x:0:0:the secret line\n")
    os.symlink(outside, "records/evil.acn")
    os.symlink("valid.acn", "records/inside.acn")
    result = arbiter_cmd("check", "--isolated", "records")
    assert "secret" not in result.stdout
    assert "records/evil.acn -> " in result.stderr and "skipped: a symbolic link out of the folder" in result.stderr
    assert "records/inside.acn: game 1" in result.stdout, "a link within the folder is a record like any"
    assert result.stdout.splitlines()[-1].startswith("3 files")


def test_a_link_named_on_the_command_line_is_checked(folder, tmp_path):
    os.symlink(folder / "records" / "valid.acn", "named.acn")
    assert arbiter_cmd("check", "--isolated", "named.acn").exit_code == 0


HOSTILE = "evil\n::warning file=x.acn::pwned\n.acn"


@pytest.mark.parametrize("output_format", ["github", "text"])
def test_a_file_name_with_a_newline_never_starts_a_line_of_its_own(folder, output_format):
    Path("records", HOSTILE).write_text(SHORT_FIRST_MELD)
    result = arbiter_cmd("check", "--isolated", "-f", output_format, "records")
    lines = (result.stdout + result.stderr).splitlines()
    assert not any(line.startswith("::warning file=x.acn") for line in lines), lines
    assert any("evil\\n::warning file=x.acn::pwned\\n.acn: game 1" in line for line in lines)


def test_a_file_name_with_terminal_escapes_reaches_no_terminal_raw(folder):
    Path("records", "red\x1b[31mname.acn").write_text(SHORT_FIRST_MELD)
    result = arbiter_cmd("check", "--isolated", "records")
    assert "\x1b" not in result.stdout + result.stderr
    assert "red\\x1b[31mname.acn:" in result.stdout


def test_the_github_annotations_carry_no_raw_escape_or_bell_from_a_file_name(folder):
    Path("records", "red\x1b[31m\x07name.acn").write_text(SHORT_FIRST_MELD)
    result = arbiter_cmd("check", "--isolated", "-f", "github", "records")
    annotations = [line for line in result.stdout.splitlines() if line.startswith("::error file=")]
    assert annotations and "\x1b" not in result.stdout + result.stderr and "\x07" not in result.stdout
    assert any(line.startswith("::error file=records/red%1B[31m%07name.acn,") for line in annotations), annotations


@pytest.mark.parametrize("output_format", ["json", "sarif", "junit", "csv", "html"])
def test_every_machine_format_carries_a_hostile_name_escaped(folder, output_format):
    Path("records", HOSTILE).write_text(SHORT_FIRST_MELD)
    result = arbiter_cmd("check", "--isolated", "-f", output_format, "records")
    assert not any(line.startswith("::") for line in result.stdout.splitlines())
    if output_format in ("json", "sarif"):
        json.loads(result.stdout)


# --- habits of the ecosystem ----------------------------------------------------------------------


def test_output_format_is_the_documented_name_and_format_still_works(folder):
    for flag in ("--output-format", "--format", "-f"):
        result = arbiter_cmd("check", "--isolated", flag, "json", "records/valid.acn")
        assert json.loads(result.stdout)["summary"]["valid"] == 1


def test_exit_zero_passes_findings_but_not_usage_problems(folder):
    assert arbiter_cmd("check", "--isolated", "--exit-zero", "records").exit_code == 0
    assert arbiter_cmd("check", "--isolated", "--exit-zero", "records/missing.acn").exit_code == 2


def test_check_without_a_path_checks_the_records_of_the_current_folder(folder):
    result = arbiter_cmd("check", "--isolated")
    assert result.exit_code == 1 and result.stdout.splitlines()[-1].startswith("2 files, 2 games")


# --- signs of life on a terminal, none in a log ---------------------------------------------------


def _terminal_run(args: list[str], cwd: Path) -> tuple[str, str]:
    from test_cli import run_with_terminal_stderr

    here = os.getcwd()
    os.chdir(cwd)
    try:
        return run_with_terminal_stderr(args)
    finally:
        os.chdir(here)


def _console_script() -> str:
    return str(Path(sys.executable).parent / "arbiter")


def test_one_large_file_shows_its_progress_on_a_terminal(tmp_path):
    big = tmp_path / "big.acn"
    big.write_text("\n".join([VALID] * 200))  # some 300 kB: two hundred games
    stdout, terminal = _terminal_run([_console_script(), "check", "big.acn"], tmp_path)
    assert "checking" in terminal and "kB" in terminal
    assert stdout.splitlines()[-1].startswith("1 file, 200 games: 200 valid")
    logged = subprocess.run([_console_script(), "check", "big.acn"], cwd=tmp_path, capture_output=True, text=True)
    assert "checking" not in logged.stderr and logged.stdout == stdout


def test_simulate_shows_the_games_played_on_a_terminal_and_nothing_in_a_log(tmp_path):
    command = [_console_script(), "simulate", "--games", "3", "--hands", "1"]
    stdout, terminal = _terminal_run(command, tmp_path)
    assert "playing" in terminal and "/3" in terminal
    logged = subprocess.run(command, capture_output=True, text=True)
    assert logged.stderr == "" and logged.stdout == stdout


def _make_dry_run(stderr_terminal: bool) -> str:
    """What `make install` would run, with standard error a terminal or a pipe (a CI log)."""
    root = Path(__file__).parent.parent
    command = ["make", "-n", "-B", "-C", str(root), "VENV=/nonexistent/venv", "install", "browser"]
    if not stderr_terminal:
        return subprocess.run(command, capture_output=True, text=True, check=True).stdout
    master, slave = os.openpty()
    try:
        return subprocess.run(command, stdout=subprocess.PIPE, stderr=slave, text=True, check=True).stdout
    finally:
        os.close(slave)
        os.close(master)


def test_make_installs_show_progress_on_a_terminal_and_are_quiet_in_a_log():
    on_terminal, in_log = (" ".join(_make_dry_run(terminal).split()) for terminal in (True, False))
    assert "pip install -r requirements.txt" in on_terminal and "--quiet" not in on_terminal
    assert "apt-get install -y --no-install-recommends chromium fonts-liberation ;" in on_terminal
    assert "pip install --quiet -r requirements.txt" in in_log
    assert "apt-get install -y --no-install-recommends -qq chromium fonts-liberation >/dev/null" in in_log


def test_make_says_what_apt_will_install_and_installs_only_the_packages_named():
    dry_run = " ".join(_make_dry_run(False).split())
    assert "make test needs Debian's chromium fonts-liberation (the browser tests); apt will install:" in dry_run
    plan = dry_run.index("apt-get -s install --no-install-recommends chromium fonts-liberation | sed")
    assert plan < dry_run.index("apt-get install -y")  # the plan is printed before apt installs
    assert "upgrade" not in dry_run.replace("--upgrade pip", "").replace("(an upgrade, required)", "")
