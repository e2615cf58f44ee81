"""The command line's plain answers where a tool's habit would bury the point (issue 45): a record
whose only difference from its canonical form is its line endings is said to be so, not shown as
a diff of lines that look the same."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from arbiter_cli.main import cli

SAMPLE = Path(__file__).parent.parent / "samples" / "hoyle-opening.acn"


@pytest.fixture
def crlf_record(tmp_path: Path) -> Path:
    path = tmp_path / "windows.acn"
    path.write_bytes(SAMPLE.read_bytes().replace(b"\n", b"\r\n"))
    return path


@pytest.mark.parametrize("flag", ["--check", "--diff"])
def test_a_record_with_windows_line_endings_is_said_to_differ_only_in_them(crlf_record, flag):
    result = CliRunner().invoke(cli, ["fmt", flag, str(crlf_record)])
    assert result.exit_code == 1
    assert "only its line endings differ" in result.output
    assert "@@" not in result.output and "---" not in result.output  # no diff of identical-looking lines


def test_write_ends_its_lines_in_lf_and_then_it_is_canonical(crlf_record):
    assert CliRunner().invoke(cli, ["fmt", "--write", str(crlf_record)]).exit_code == 0
    assert b"\r" not in crlf_record.read_bytes()
    assert CliRunner().invoke(cli, ["fmt", "--check", str(crlf_record)]).exit_code == 0


def test_a_record_differing_in_more_than_line_endings_still_gets_its_diff(crlf_record):
    crlf_record.write_bytes(crlf_record.read_bytes().replace(b"deal ann B", b"deal ann  B"))  # a space too many
    result = CliRunner().invoke(cli, ["fmt", "--diff", str(crlf_record)])
    assert "@@" in result.output and "only its line endings differ" not in result.output
