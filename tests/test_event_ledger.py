"""The standings as a director publishes them: the ledger with who and when, corrections as new
entries that never overwrite, the arbiter's own remedies shown, the standings after each round
made again as they were, and the same standings as CSV and as a page that prints."""

from __future__ import annotations

import csv
import io
import json
import shutil
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from arbiter.event import load, standings
from arbiter.event.errors import EventError
from arbiter.event.ranking import history
from arbiter.event.report import standings_csv, standings_dict, standings_text
from arbiter_cli.main import cli

SAMPLE = Path(__file__).resolve().parent.parent / "samples" / "event"
FILE = "club-night.event.toml"
LEDGER = """
[[penalties]]
pair = 2
points = -2
reason = "slow play"
by = "Dora Director"
at = 2026-11-26T21:10:00Z
round = 1

[[penalties]]
pair = 2
points = 0
reason = "slow play: a warning, on appeal"
by = "Dora Director"
at = 2026-11-26T23:30:00Z
round = 1
corrects = 2
"""
VICTORY_POINTS_ROUND_1 = {1: 10, 2: 10, 3: 6, 4: 14}
"""Round 1 of the sample, by the guide's scale: 775 to 740 (a margin of 35) is 10 to 10, 420 to
1,590 (a margin of 1,170) is 6 to 14."""


@pytest.fixture
def folder(tmp_path):
    shutil.copytree(SAMPLE, tmp_path / "event")
    path = tmp_path / "event" / FILE
    path.write_text(path.read_text() + LEDGER)
    return tmp_path / "event"


def scores(result) -> dict[int, Fraction]:
    return {line.pair.number: line.score for line in result.lines}


def test_a_correction_is_a_new_entry_and_the_entry_it_corrects_counts_no_more(folder):
    result = standings(load(folder / FILE))
    [late_sheet, slow, appeal] = result.ledger
    assert late_sheet.counts and late_sheet.penalty.pair == 3
    assert (slow.number, slow.counts, slow.corrected_by) == (2, False, 3)
    assert appeal.counts and appeal.penalty.corrects == 2
    assert scores(result)[2] == 15  # 15 from the tables; the -2 corrected to a warning of 0
    text = standings_text(result)
    assert "2. pair 2: -2 (slow play); round 1; by Dora Director, 2026-11-26T21:10:00+00:00; " in text
    assert "corrected by entry 3: does not count" in text
    assert "3. pair 2: warning (slow play: a warning, on appeal); round 1; by Dora Director" in text
    assert "corrects entry 2" in text


def test_the_standings_published_before_a_correction_are_made_again_as_they_were(folder):
    event = load(folder / FILE)
    before = standings(event, as_of="2026-11-26T22:00:00+00:00")
    assert [entry.number for entry in before.ledger] == [1, 2]
    assert scores(before)[2] == 13 and all(entry.counts for entry in before.ledger)
    assert scores(standings(event))[2] == 15


def test_the_standings_after_round_one_count_round_one_and_its_entries_only(folder):
    event = load(folder / FILE)
    after_one = standings(event, after_round=1, as_of="2026-11-26T22:00:00Z")
    expected = {pair: Fraction(points) for pair, points in VICTORY_POINTS_ROUND_1.items()}
    expected[3] -= 1  # entry 1, of no round: it counts in every round's standings
    expected[2] -= 2  # entry 2, of round 1, written before the moment asked for
    assert scores(after_one) == expected
    assert {table.seating.round for table in after_one.tables} == {1}
    assert after_one.complete


def test_the_history_gives_each_rounds_standings_as_the_round_would_alone(folder):
    event = load(folder / FILE)
    result = standings(event)
    steps = history(result)
    assert [step.rounds for step in steps] == [1, 2]
    for step in steps:
        assert scores(step) == scores(standings(event, after_round=step.rounds))
    assert scores(steps[-1]) == scores(result)


def test_a_round_the_event_does_not_have_is_refused():
    with pytest.raises(EventError, match="rounds 1 to 2"):
        standings(load(SAMPLE / FILE), after_round=3)


def test_a_correction_must_name_an_earlier_entry(tmp_path):
    path = tmp_path / FILE
    path.write_text((SAMPLE / FILE).read_text() + '\n[[penalties]]\npair = 1\npoints = 1\nreason = "x"\ncorrects = 2\n')
    with pytest.raises(EventError, match=r"penalties\[2\]\.corrects"):
        load(path)


def test_the_json_standings_carry_every_entry_with_who_when_and_what_it_corrects(folder):
    data = standings_dict(standings(load(folder / FILE)))
    assert [(e["entry"], e["counts"], e["corrects"], e["corrected_by"]) for e in data["penalties"]] == [
        (1, True, None, None),
        (2, False, None, 3),
        (3, True, 2, None),
    ]
    assert data["penalties"][2]["by"] == "Dora Director" and data["penalties"][2]["at"].startswith("2026-11-26T23:30")


def test_the_csv_standings_are_the_standings_row_for_row(folder):
    result = standings(load(folder / FILE))
    rows = list(csv.reader(io.StringIO(standings_csv(result))))
    assert rows[0] == ["place", "pair", "name", "score", "card points", "tables played", "penalties"]
    assert [(int(row[1]), row[2], Fraction(row[3]), int(row[4])) for row in rows[1:]] == [
        (line.pair.number, line.pair.name, line.score, line.points) for line in result.lines
    ]
    spanish = list(csv.reader(io.StringIO(standings_csv(result, "es"))))
    assert spanish[0][0] != "place" and spanish[1:] == rows[1:]


@pytest.mark.parametrize("lang", ["en", "es", "pt", "it"])
def test_the_printable_page_shows_the_standings_the_ledger_and_each_round_in_each_language(folder, lang):
    result = CliRunner().invoke(cli, ["event", "standings", str(folder / FILE), "-f", "html", "--lang", lang])
    assert result.exit_code == 0, result.output
    page = result.output
    assert f'<html lang="{lang}">' in page and "<script" not in page and "@media print" in page
    for line in standings(load(folder / FILE)).lines:
        assert line.pair.name in page
    assert page.count('class="corrected"') == 1  # entry 2, struck through
    assert "slow play: a warning, on appeal" in page
    if lang != "en":
        assert "The director's ledger" not in page and "After round 1" not in page


def test_the_command_line_gives_a_rounds_standings_as_of_a_moment(folder):
    args = ["event", "standings", str(folder / FILE), "-f", "json", "--round", "1", "--as-of", "2026-11-26T22:00:00Z"]
    result = CliRunner().invoke(cli, args)
    data = json.loads(result.output)
    assert data["rounds"]["after"] == 1 and [e["entry"] for e in data["penalties"]] == [1, 2]
    bad = CliRunner().invoke(cli, ["event", "standings", str(folder / FILE), "--as-of", "soon"])
    assert bad.exit_code == 2 and "--as-of" in bad.output


# A table whose only irregularity is one its rules remedy with points: bob takes a frozen pile
# with a wild; the pile is restored and bob+dee lose 50 (samples/caliente-illegal-frozen-pile-...).
REMEDIED = Path(__file__).resolve().parent.parent / "samples" / "caliente-illegal-frozen-pile-taken-with-wild.acn"


def remedied_event(tmp_path: Path, remedies: str) -> Path:
    record = REMEDIED.read_text().replace("hand 3 dealer ann", "hand 1 dealer ann")
    (tmp_path / "r1t1.acn").write_text(record + "score ann+cid 100 bob+dee 200\ntotal ann+cid 100 bob+dee 200\n")
    path = tmp_path / "club.event.toml"
    path.write_text(
        'name = "Remedies"\ndate = 2026-11-26\nfamily = "caliente"\nmovement = "round-robin"\nrounds = 1\n'
        f'deals = 1\nscoring = "total"\nseed = 1\nrecords = "r{{round}}t{{table}}.acn"\nremedies = "{remedies}"\n'
        '[[pairs]]\nnumber = 1\nname = "Ann and Cid"\nplayers = ["ann", "cid"]\n'
        '[[pairs]]\nnumber = 2\nname = "Bob and Dee"\nplayers = ["bob", "dee"]\n'
    )
    return path


def test_a_table_whose_irregularity_the_rules_remedy_counts_with_the_remedy_shown(tmp_path):
    result = standings(load(remedied_event(tmp_path, "apply")))
    [table] = result.tables
    assert table.certified and scores(result) == {1: 100, 2: 150}
    [remedy] = table.remedies
    assert (remedy.pair, remedy.points, remedy.code) == (2, -50, "take-frozen")
    text = standings_text(result)
    assert "remedies the arbiter applied (in the card points)" in text
    assert "round 1, table 1, hand 1: pair 2 -50 (the Prize pile taken wrongly, and restored; take-frozen, line" in text
    assert standings_dict(result, "es")["remedies"][0]["reason"] != remedy.reason  # said in Spanish


def test_an_event_that_holds_remedied_tables_does_not_certify_them(tmp_path):
    result = standings(load(remedied_event(tmp_path, "hold")))
    [table] = result.tables
    assert not table.certified and table.codes == ("take-frozen",)


def test_a_moment_that_is_not_one_is_refused_in_words():
    with pytest.raises(EventError, match="write when"):
        standings(load(SAMPLE / FILE), as_of="after dinner")
