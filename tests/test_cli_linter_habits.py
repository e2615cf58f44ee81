"""The habits of linters: records found as ruff finds Python files, [tool.arbiter] configuration,
--select/--ignore, --quiet, --statistics, --output-file, fmt --check/--diff/--write, serve."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from arbiter_cli.main import cli

ROOT = Path(__file__).parent.parent
SAMPLES = ROOT / "samples"
VALID = '[Event "x"]\n[Rules "caliente"]\n[Seats "ann bob cid dee"]\n[Teams "ann+cid bob+dee"]\n'
MALFORMED = VALID + "\nhand 1 dealer ann\ndeal ann 4 4 6 6 8 9 Q Q A A 3\n"  # unknown-card
WRONG_SCORE = (
    (SAMPLES / "caliente-scoring-example.acn")
    .read_text()
    .replace("score bob+dee 1190 ann+cid -230", "score bob+dee 1190 ann+cid -220")
)
CLEAN_ENV = {"GITHUB_ACTIONS": None, "NO_COLOR": None, "FORCE_COLOR": None}


def arbiter_cmd(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(cli, list(args), input=input, env=CLEAN_ENV, catch_exceptions=True)


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A git repository holding records, text files that are not records, and ignored folders."""
    monkeypatch.chdir(tmp_path)
    subprocess.run(["git", "init", "-q"], check=True)
    (tmp_path / ".gitignore").write_text("build/\n*.egg-info/\n")
    (tmp_path / "requirements.txt").write_text("lark==1.3.1\n")
    (tmp_path / "records" / "old").mkdir(parents=True)
    (tmp_path / "records" / "round1.acn").write_text(VALID)
    (tmp_path / "records" / "ROUND2.ACN").write_text(VALID)
    (tmp_path / "records" / "notes.txt").write_text("not a record\n")
    (tmp_path / "records" / ".gitignore").write_text("old/\n")
    (tmp_path / "records" / "old" / "broken.acn").write_text(MALFORMED)
    (tmp_path / "build").mkdir()
    (tmp_path / "build" / "copy.acn").write_text(MALFORMED)
    (tmp_path / "arbiter.egg-info").mkdir()
    (tmp_path / "arbiter.egg-info" / "SOURCES.txt").write_text("arbiter/__init__.py\n")
    return tmp_path


def checked(result: Result) -> list[str]:
    return [line.split(": game ")[0] for line in result.stdout.splitlines() if ": game " in line]


def test_check_dot_in_a_repository_checks_only_the_records(repo: Path) -> None:
    result = arbiter_cmd("check", ".")
    assert result.exit_code == 0, result.output
    assert checked(result) == ["./records/ROUND2.ACN", "./records/round1.acn"]


def test_check_dot_at_this_projects_root_checks_only_records(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    result = arbiter_cmd("check", "--isolated", ".")
    files = set(checked(result))
    assert files and all(path.endswith(".acn") for path in files)
    assert not any("requirements" in path or "egg-info" in path or ".venv" in path for path in files)


def test_include_adds_globs_and_a_named_file_is_checked_whatever_its_name(repo: Path) -> None:
    (repo / "records" / "notes.txt").write_text(VALID)
    assert "./records/notes.txt" in checked(arbiter_cmd("check", "--include", "*.txt", "."))
    assert checked(arbiter_cmd("check", "build/copy.acn")) == ["build/copy.acn"]


def test_a_gitignored_folder_below_is_skipped_and_its_rules_apply_to_it_only(repo: Path) -> None:
    assert "records/old/broken.acn" not in arbiter_cmd("check", "records").output
    (repo / "records" / ".gitignore").unlink()
    assert "records/old/broken.acn" in checked(arbiter_cmd("check", "records"))


def test_the_ignore_files_above_the_folder_searched_apply_to_it(repo: Path) -> None:
    (repo / "records" / "private").mkdir()
    (repo / "records" / "private" / "secret.acn").write_text(MALFORMED)
    (repo / "records" / "draft.acn").write_text(MALFORMED)
    (repo / ".gitignore").write_text("records/private/\n")
    (repo / ".git" / "info").mkdir(exist_ok=True)
    (repo / ".git" / "info" / "exclude").write_text("draft.acn\n")
    os.chdir(repo / "records")
    assert checked(arbiter_cmd("check", ".")) == ["./ROUND2.ACN", "./round1.acn"]


def test_a_gitignored_folder_named_on_the_command_line_is_searched(repo: Path) -> None:
    assert checked(arbiter_cmd("check", "build")) == ["build/copy.acn"]
    assert "build/copy.acn" not in arbiter_cmd("check", ".").output


def test_the_configuration_is_found_walking_up_and_flags_override_it(repo: Path) -> None:
    (repo / "pyproject.toml").write_text('[tool.arbiter]\ninclude = ["*.txt"]\nformat = "json"\n')
    (repo / "records" / "notes.txt").write_text(VALID)
    os.chdir(repo / "records")
    result = arbiter_cmd("check", ".")
    assert result.stdout.startswith("{") and "./notes.txt" in result.stdout
    assert arbiter_cmd("check", "--format", "text", ".").stdout.startswith("./ROUND2.ACN: game 1")
    assert not arbiter_cmd("check", "--isolated", ".").stdout.startswith("{")


def test_an_arbiter_toml_wins_over_pyproject_in_the_same_folder(repo: Path) -> None:
    (repo / "pyproject.toml").write_text('[tool.arbiter]\nformat = "json"\n')
    (repo / "arbiter.toml").write_text('format = "junit"\n')
    assert arbiter_cmd("check", "records").stdout.startswith("<?xml")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[tool.arbiter]\nincldue = []\n", "unknown key 'incldue'"),
        ("[tool.arbiter]\nignore = 'score-mismatch'\n", "ignore must be a list of strings"),
        ("[tool.arbiter\n", "not valid TOML"),
    ],
)
def test_a_bad_configuration_is_a_usage_error_naming_the_file(repo: Path, text: str, message: str) -> None:
    (repo / "pyproject.toml").write_text(text)
    result = arbiter_cmd("check", "records")
    assert result.exit_code == 2
    assert "pyproject.toml" in result.stderr and message in result.stderr


def test_an_ignored_error_does_not_fail_the_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("wrong.acn").write_text(WRONG_SCORE)
    failing = arbiter_cmd("check", "wrong.acn")
    assert failing.exit_code == 1 and "error[score-mismatch]" in failing.stdout
    ignored = arbiter_cmd("check", "--ignore", "score-*", "wrong.acn")
    assert ignored.exit_code == 0 and "score-mismatch" not in ignored.stdout
    Path("arbiter.toml").write_text('ignore = ["score-mismatch"]\n')
    assert arbiter_cmd("check", "wrong.acn").exit_code == 0
    assert arbiter_cmd("check", "--select", "unknown-card", "wrong.acn").exit_code == 0


def test_quiet_prints_only_findings_and_the_summary(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("wrong.acn").write_text(WRONG_SCORE)
    lines = arbiter_cmd("check", "-q", "wrong.acn").stdout.splitlines()
    assert lines[0].startswith("wrong.acn:") and "error[score-mismatch]" in lines[0]
    assert lines[-1].startswith("1 file, 1 game: 0 valid, 1 illegal")
    assert not any(": game 1" in line or line.strip().startswith("total") for line in lines)


def test_statistics_count_the_findings_by_code(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("a.acn").write_text(MALFORMED)
    Path("b.acn").write_text(MALFORMED)
    result = arbiter_cmd("check", "--statistics", "a.acn", "b.acn")
    assert result.exit_code == 1
    assert result.stdout.splitlines()[0].split()[:3] == ["2", "unknown-card", "error"]
    assert arbiter_cmd("check", "--statistics", "-f", "json", "a.acn").exit_code == 2


def test_output_file_receives_the_output(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("a.acn").write_text(VALID)
    result = arbiter_cmd("check", "-f", "json", "--output-file", "out.json", "a.acn")
    assert result.exit_code == 0 and result.stdout == ""
    assert '"valid": 1' in Path("out.json").read_text()


# --- fmt ----------------------------------------------------------------------------------------


def test_every_shipped_sample_passes_fmt_check() -> None:
    result = arbiter_cmd("fmt", "--check", str(SAMPLES))
    assert result.exit_code == 0, result.output
    assert "0 records would be reformatted" in result.stderr


def test_fmt_check_diff_and_write_on_a_folder(tmp_path: Path) -> None:
    shutil.copytree(SAMPLES, tmp_path / "s")
    untidy = tmp_path / "s" / "caliente-2-players.acn"
    canonical = untidy.read_text()
    untidy.write_text(canonical.replace("\ndeal ann", "\ndeal   ann", 1))
    checking = arbiter_cmd("fmt", "--check", str(tmp_path / "s"))
    assert checking.exit_code == 1 and f"{untidy}: not in canonical form" in checking.stderr
    diff = arbiter_cmd("fmt", "--diff", str(tmp_path / "s"))
    assert diff.exit_code == 1
    assert "\n-deal   ann" in diff.stdout and "\n+deal ann" in diff.stdout
    written = arbiter_cmd("fmt", "--write", str(tmp_path / "s"))
    assert written.exit_code == 0 and "1 record reformatted" in written.stderr
    assert untidy.read_text() == canonical
    assert sorted(p.name for p in (tmp_path / "s").iterdir()) == sorted(p.name for p in SAMPLES.iterdir())


def test_fmt_write_leaves_a_record_with_syntax_errors_as_it_is(tmp_path: Path) -> None:
    broken = tmp_path / "broken.acn"
    broken.write_text(MALFORMED)
    result = arbiter_cmd("fmt", "--write", str(broken))
    assert result.exit_code == 1 and "not formatted: the record has syntax errors" in result.stderr
    assert broken.read_text() == MALFORMED


def test_fmt_of_standard_input_prints_and_refuses_write() -> None:
    assert arbiter_cmd("fmt", "-", input="hand  1 dealer ann\n").stdout == "hand 1 dealer ann\n"
    assert arbiter_cmd("fmt", "--write", "-", input="x").exit_code == 2


# --- serve and the command group ----------------------------------------------------------------


def test_help_lists_every_command_with_one_line() -> None:
    result = arbiter_cmd("--help")
    commands = result.stdout.split("Commands:\n")[1].splitlines()
    assert [line.split()[0] for line in commands] == ["check", "event", "fmt", "rules", "serve", "simulate", "table"]
    assert all(len(line.split(None, 1)) == 2 for line in commands)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_serve_answers_on_the_port_it_is_given_and_stops() -> None:
    port = _free_port()
    arbiter = Path(sys.executable).parent / "arbiter"
    server = subprocess.Popen(
        [str(arbiter), "serve", "--port", str(port), "--workers", "1"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/openapi.json", timeout=2) as answer:
                    assert answer.status == 200
                    break
            except OSError:
                assert server.poll() is None, server.stderr.read().decode() if server.stderr else ""
                assert time.monotonic() < deadline, "the server did not answer in 30 s"
                time.sleep(0.2)
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_serve_on_a_taken_port_names_a_free_one() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = arbiter_cmd("serve", "--port", str(port))
    assert result.exit_code == 2
    assert f"port {port} on 127.0.0.1 is taken by another program; port " in result.stderr
    assert "is free now: --port " in result.stderr


def test_shell_completion_as_the_readme_shows_it() -> None:
    arbiter = str(Path(sys.executable).parent / "arbiter")
    script = subprocess.run([arbiter], env={**os.environ, "_ARBITER_COMPLETE": "bash_source"}, capture_output=True)
    assert b"complete -o nosort -F _arbiter_completion arbiter" in script.stdout
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert 'eval "$(_ARBITER_COMPLETE=bash_source arbiter)"' in readme
    words = {**os.environ, "_ARBITER_COMPLETE": "bash_complete", "COMP_WORDS": "arbiter fm", "COMP_CWORD": "1"}
    assert subprocess.run([arbiter], env=words, capture_output=True, text=True).stdout.split() == ["plain,fmt"]
