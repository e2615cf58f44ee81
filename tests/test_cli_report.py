"""Round reports from the command line: `arbiter check --format html` writes one self-contained page
for every game of every file, `--format csv` one row per game."""

from __future__ import annotations

import csv
import io
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console
from web_support import EXAMPLE

import arbiter
from arbiter.archive import inputs
from arbiter.archive.inputs import FileReport
from arbiter.archive.tally import Tally
from arbiter_cli.formats import RENDERERS
from arbiter_cli.main import cli

TABLE_TAGS = '[Event "Club night"]\n[Table "{table}"]\n[Round "{round}"]\n'
SEATS = '[Rules "caliente"]\n[Seats "ann bob cid dee"]\n[Teams "ann+cid bob+dee"]\n'
SAMPLES = Path(__file__).parent.parent / "samples"
VALID = next(SAMPLES.glob("caliente-scoring-example.*")).read_text(encoding="utf-8")  # a valid game


def at_table(record: str, table: int) -> str:
    """The record with its Event tag replaced by the Event, Table and Round tags of round 4."""
    event = next(line for line in record.split("\n") if line.startswith("[Event"))
    return record.replace(event, TABLE_TAGS.format(table=table, round=4).rstrip("\n"))


DISPUTED = at_table(EXAMPLE, 3)


@pytest.fixture
def round_folder(tmp_path: Path) -> Path:
    """A round: a file with two valid games at tables 1 and 2, and the disputed game at table 3."""
    folder = tmp_path / "round-4"
    folder.mkdir()
    two = at_table(VALID, 1) + "\n" + at_table(VALID, 2)
    (folder / "a-tables-1-2.acn").write_text(two, encoding="utf-8")
    (folder / "b-table-3.acn").write_text(DISPUTED, encoding="utf-8")
    return folder


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["check", *args])
    return result.exit_code, result.stdout


def test_the_csv_report_has_one_row_per_game(round_folder: Path) -> None:
    code, out = run("--format", "csv", str(round_folder))
    assert code == 1  # the disputed game is illegal
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [(row["table"], row["round"], row["verdict"]) for row in rows] == [
        ("1", "4", "valid"),
        ("2", "4", "valid"),
        ("3", "4", "illegal"),
    ]
    assert {row["event"] for row in rows} == {"Club night"}
    (disputed,) = arbiter.check(DISPUTED)
    first = disputed.findings[0]
    assert rows[2]["first_finding"] == f"line {first.line}: error[{first.code}] {first.message}"
    assert rows[2]["errors"] == str(sum(f.is_error for f in disputed.findings))
    assert rows[2]["totals"] == "; ".join(f"{side} {points:,}" for side, points in disputed.totals.items())
    assert rows[0]["file"].endswith("a-tables-1-2.acn") and rows[0]["game"] == "1" and rows[1]["game"] == "2"
    assert rows[0]["first_finding"] == ""


def test_the_csv_report_defuses_cells_a_spreadsheet_would_run(tmp_path: Path) -> None:
    record = tmp_path / "hostile.acn"
    record.write_text('[Event "=HYPERLINK(\\"http://x\\")"]\n' + SEATS, encoding="utf-8")
    _, out = run("--format", "csv", str(record))
    (row,) = csv.DictReader(io.StringIO(out))
    assert row["event"].startswith("'=")


def test_an_unreadable_file_is_a_row_and_an_index_line(tmp_path: Path) -> None:
    binary = tmp_path / "photo.acn"
    binary.write_bytes(b"\x89PNG\0\0")
    code, out = run("--format", "csv", str(binary))
    assert code == 2
    (row,) = csv.DictReader(io.StringIO(out))
    assert row["verdict"] == "unreadable" and "binary" in row["first_finding"]
    _, html = run("--format", "html", str(binary))
    assert "not checked" in html and "binary" in html


def test_the_html_report_is_one_self_contained_page(round_folder: Path) -> None:
    code, html = run("--format", "html", str(round_folder))
    assert code == 1
    assert html.startswith("<!doctype html>")
    assert not re.search(r"<link|<script|<img|\bsrc=|url\(|@import", html)
    assert not re.search(r'href="(?!#)', html)
    assert re.search(r"<style>.*@media print.*</style>", html, re.DOTALL)


def test_the_html_report_indexes_every_game_with_its_tags_verdict_and_totals(round_folder: Path) -> None:
    _, html = run("--format", "html", str(round_folder))
    index = re.search(r'<table class="index">(.*?)</table>', html, re.DOTALL).group(1)
    rows = re.findall(r"<tr class=\"verdict-(\w+)\">(.*?)</tr>", index, re.DOTALL)
    assert [verdict for verdict, _ in rows] == ["valid", "valid", "illegal"]
    cells = [re.findall(r"<td[^>]*>(.*?)</td>", row) for _, row in rows]
    assert [c[2:5] for c in cells] == [["Club night", "1", "4"], ["Club night", "2", "4"], ["Club night", "3", "4"]]
    (disputed,) = arbiter.check(DISPUTED)
    assert cells[2][7] == "; ".join(f"{side} {points:,}" for side, points in disputed.totals.items())
    for number in (1, 2, 3):
        assert f'href="#g{number}"' in index and f'id="g{number}"' in html


def test_the_html_report_shows_each_games_findings_and_score_table(round_folder: Path) -> None:
    _, html = run("--format", "html", str(round_folder))
    disputed_section = html[html.index('id="g3"') :]
    (disputed,) = arbiter.check(DISPUTED)
    for finding in disputed.findings:
        assert f"[{finding.code}]" in disputed_section
    assert '<table class="scores">' in disputed_section
    assert disputed_section.count('<th scope="colgroup"') == len(disputed.totals)
    assert "No findings." in html[html.index('id="g1"') : html.index('id="g2"')]


def test_a_tag_is_escaped_in_the_html_report(tmp_path: Path) -> None:
    record = tmp_path / "hostile.acn"
    record.write_text('[Event "<script>alert(1)</script>"]\n' + SEATS, encoding="utf-8")
    _, html = run("--format", "html", str(record))
    assert "<script>" not in html and "&lt;script&gt;" in html


def test_the_reports_are_the_same_with_several_jobs(round_folder: Path) -> None:
    assert run("--format", "csv", str(round_folder))[1] == run("--format", "csv", "--jobs", "2", str(round_folder))[1]


def test_the_documented_csv_header_is_the_one_written(round_folder: Path) -> None:
    docs = (Path(__file__).parent.parent / "docs" / "storage.md").read_text(encoding="utf-8")
    header = re.search(r"```\n(file,game,.*)\n```", docs).group(1)
    _, out = run("--format", "csv", str(round_folder))
    assert out.split("\n", 1)[0] == header


def rendered(output_format: str, *reports: FileReport) -> str:
    out, tally = io.StringIO(), Tally()
    renderer = RENDERERS[output_format](out, Console(file=io.StringIO()))
    for report in reports:
        tally.add(report)
        renderer.file(report)
    renderer.finish(tally)
    return out.getvalue()


def test_the_reports_take_the_tags_from_the_rulings_and_do_not_read_the_files_again(round_folder: Path) -> None:
    tasks = inputs.collect((str(round_folder),), lambda: b"")
    reports = list(inputs.run(tasks, jobs=2))  # the rulings come back from worker processes
    shutil.rmtree(round_folder)  # nothing left to read again
    rows = list(csv.DictReader(io.StringIO(rendered("csv", *reports))))
    assert [(row["event"], row["table"], row["round"]) for row in rows] == [
        ("Club night", str(n), "4") for n in (1, 2, 3)
    ]
    assert "<td>Club night</td><td>3</td><td>4</td>" in rendered("html", *reports)


def test_games_read_from_standard_input_show_their_tags() -> None:
    result = CliRunner().invoke(cli, ["check", "--format", "csv", "-"], input=DISPUTED)
    (row,) = csv.DictReader(io.StringIO(result.stdout))
    assert (row["file"], row["event"], row["table"], row["round"]) == ("<stdin>", "Club night", "3", "4")
