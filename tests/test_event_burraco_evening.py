"""A club evening as an Italian Burraco club runs it (samples/events/burraco-evening): 24 pairs at 12
tables, three Mitchell rounds then a Danish one, three deals a round in victory points; three score
sheets handed in wrong (a wrong total, another table's sheet, a deal missing) that the director
decided; the ties broken as the event file says; the ranking published in the event's language."""

from __future__ import annotations

import re
import shutil
from fractions import Fraction
from pathlib import Path

import pytest
from test_cli_event import arbiter_cmd
from test_event_standings import LOST, LOST_SMALL, WON, WON_BIG, event_file, table_record

from arbiter.event import EventError, load, parse
from arbiter.event.published import published_csv, published_text
from arbiter.event.ranking import standings
from arbiter.event.report import standings_dict

EVENING = Path(__file__).resolve().parent.parent / "samples" / "events" / "burraco-evening"
EVENT = EVENING / "serata.event.toml"


@pytest.fixture
def undecided(tmp_path: Path) -> Path:
    """The evening with the director's decisions taken out: the sheets as they were handed in."""
    shutil.copytree(EVENING, tmp_path / "evening")
    path = tmp_path / "evening" / "serata.event.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text[: text.index("\n[[decisions]]")] + "\n", encoding="utf-8")
    return path


def test_the_evening_is_three_mitchell_rounds_then_a_danish_round_paired_first_against_second():
    result = standings(load(EVENT))
    assert result.complete and [len(each.seatings) for each in result.schedule.rounds] == [12, 12, 12, 12]
    after_three = [line.pair.number for line in standings(load(EVENT), after_round=3).lines]
    danish = [seating.pairs for seating in result.schedule.rounds[3].seatings]
    assert [set(pairs) for pairs in danish] == [set(after_three[i : i + 2]) for i in range(0, 24, 2)]


def test_each_round_scores_the_italian_three_deal_table_on_the_three_deals_margin():
    result = standings(load(EVENT))
    scale = [(0, 10), (55, 11), (155, 12), (255, 13), (355, 14), (505, 15), (655, 16), (805, 17), (1005, 18), (1255, 19), (1505, 20)]  # fmt: skip
    by_pair: dict[int, Fraction] = {}
    for table in result.tables:
        first, second = table.seating.pairs
        assert len(table.boards) == 3
        margin = table.total(first) - table.total(second)
        won = [points for low, points in scale if abs(margin) >= low][-1]
        by_pair[first] = by_pair.get(first, Fraction(0)) + (10 if margin == 0 else won if margin > 0 else 20 - won)
        by_pair[second] = by_pair.get(second, Fraction(0)) + (10 if margin == 0 else 20 - won if margin > 0 else won)
    assert {line.pair.number: line.score for line in result.lines} == by_pair


def test_the_planted_faults_are_not_certified_until_the_director_decides(undecided: Path):
    result = standings(load(undecided))
    faults = {(t.seating.round, t.seating.table): t.codes for t in result.tables if not t.certified}
    assert faults == {(2, 5): ("total-mismatch",), (3, 8): ("record-pairs",)}
    assert len(result.schedule.rounds) == 3  # the Danish round waits for every table before it


def test_a_decided_table_counts_the_directors_scores_and_keeps_what_was_wrong_with_its_sheet():
    result = standings(load(EVENT))
    decided = {(t.seating.round, t.seating.table): t for t in result.tables if t.decision is not None}
    assert set(decided) == {(2, 5), (3, 8), (4, 2)}
    assert decided[4, 2].overruled == ("record-deals",) and decided[3, 8].overruled == ("record-pairs",)
    table = decided[2, 5]
    assert [tuple(board[pair] for pair in table.seating.pairs) for board in table.boards] == list(table.decision.scores)
    said = standings_dict(result, "it")["tables"]
    assert [entry["decided"]["record"] for entry in said if "decided" in entry] == [
        ["total-mismatch"],
        ["record-pairs"],
        ["record-deals"],
    ]


def test_a_decision_of_another_number_of_deals_or_twice_the_same_table_is_refused():
    base = EVENT.read_text(encoding="utf-8")
    with pytest.raises(EventError, match=r"decisions\[1\]\.scores: the event deals 3 a round"):
        parse(base.replace("scores = [[", "scores = [[5, 5], [", 1))
    twice = base + '\n[[decisions]]\nround = 2\ntable = 5\nscores = [[0, 0], [0, 0], [0, 0]]\nreason = "again"\n'
    with pytest.raises(EventError, match="round 2, table 5 is decided twice"):
        parse(twice)


# Ties: pairs 1 and 3 level on everything but their meeting, which 3 won.
def level(folder: Path, tie_breaks: str) -> dict[int, tuple[int, bool]]:
    """A round robin of four pairs in three rounds: 1 and 3 each win twice and lose once by the
    same margin (33 victory points, 3,355 card points, +905 each), and 3 beat 1 when they met."""
    path = event_file(folder, "round-robin", 3, "victory-points", extra=f"tie-breaks = {tie_breaks}\n")
    table_record(folder, 1, 1, 4, 1, [(LOST, WON)])
    table_record(folder, 1, 2, 2, 3, [(LOST, WON)])
    table_record(folder, 2, 1, 2, 4, [(WON, LOST)])
    table_record(folder, 2, 2, 3, 1, [(WON, LOST)])  # 3 beats 1
    table_record(folder, 3, 1, 4, 3, [(WON, LOST)])
    table_record(folder, 3, 2, 1, 2, [(WON, LOST)])
    result = standings(load(path))
    assert result.complete and {(s.round, s.table): s.pairs for s in result.schedule.seatings}[2, 2] == (3, 1)
    lines = {line.pair.number: line for line in result.lines}
    assert (lines[1].score, lines[1].points, lines[1].margin) == (lines[3].score, lines[3].points, lines[3].margin)
    return {number: (line.place, line.shared) for number, line in lines.items()}


def test_pairs_level_on_score_and_every_tie_break_share_the_place(tmp_path):
    assert level(tmp_path, '["card-points", "margin"]')[1] == level(tmp_path, "[]")[3] == (1, True)


def test_a_head_to_head_tie_break_puts_the_winner_of_the_tied_pairs_meeting_first(tmp_path):
    places = level(tmp_path, '["margin", "head-to-head"]')
    assert places[3] == (1, False) and places[1] == (2, False)


def test_head_to_head_counts_only_the_tied_pairs_meetings_and_falls_through_to_the_next(tmp_path):
    from arbiter.event.ranking import head_to_head

    path = event_file(tmp_path, "round-robin", 2, "victory-points", extra='tie-breaks = ["head-to-head", "margin"]\n')
    table_record(tmp_path, 1, 1, 4, 1, [(LOST, WON)])  # 1: 13 VP, +905
    table_record(tmp_path, 1, 2, 2, 3, [(WON_BIG, LOST_SMALL)])  # 2: 14 VP, +1,170
    table_record(tmp_path, 2, 1, 2, 4, [(WON, LOST)])  # 2: 13 VP, +905
    table_record(tmp_path, 2, 2, 3, 1, [(LOST_SMALL, WON)])  # 1: 14 VP, +1,000
    result = standings(load(path))
    met = {frozenset(s.pairs) for s in result.schedule.seatings}
    assert frozenset((1, 2)) not in met  # level on victory points, and they never met
    assert head_to_head(result.event, result.tables, {1, 2}) == {1: 0, 2: 0}
    lines = {line.pair.number: line for line in result.lines}
    assert lines[1].score == lines[2].score == 27 and (lines[1].margin, lines[2].margin) == (1905, 2075)
    better, worse = 2, 1
    assert lines[better].place < lines[worse].place and not lines[better].shared


def test_a_tie_break_the_arbiter_does_not_know_is_refused_naming_the_key(tmp_path):
    path = event_file(tmp_path, "round-robin", 1, "victory-points", extra='tie-breaks = ["coin"]\n')
    with pytest.raises(EventError, match="tie-breaks: list what breaks a tie"):
        load(path)


def test_the_ranking_is_published_in_the_events_language_with_vp_and_the_signed_mp_beside_it():
    result = standings(load(EVENT))
    text = published_text(result)
    assert text.startswith("Serata del giovedì, 2026-12-03\nclassifica finale dopo 4 turni\n")
    heading = text.splitlines()[3].split()
    assert heading == ["posizione", "coppia", "nome", "VP", "MP"]
    rows = [row for row in text.splitlines()[4:28]]
    assert len(rows) == 24 and all(re.search(r"\s[+-]?[\d.]+$", row) for row in rows)
    assert "scontro diretto, differenza" in text
    english = published_text(result, "en")
    assert "final standings after 4 rounds" in english and "head to head, margin" in english


def test_the_published_csv_reads_in_an_italian_spreadsheet():
    result = standings(load(EVENT))
    rows = published_csv(result).splitlines()
    assert rows[0] == "posizione;coppia;nome;VP;MP" and len(rows) == 25
    first = result.lines[0]
    assert rows[1] == f"1;{first.pair.number};{first.pair.name};{int(first.score)};{first.margin:+d}"
    assert published_csv(result, "en").splitlines()[0] == "place,pair,name,VP,MP"


def test_the_command_line_certifies_the_evening_and_names_each_decided_sheets_fault():
    checked = arbiter_cmd("event", "check", str(EVENT), "--lang", "it")
    assert checked.exit_code == 0, checked.output
    assert "turno-2/tavolo-5.acn: total-mismatch: turno 2, tavolo 5" in checked.output
    assert "turno-3/tavolo-8.acn: record-pairs:" in checked.output
    assert "turno-4/tavolo-2.acn: record-deals:" in checked.output
    assert checked.output.count("deciso dal direttore") == 3 and "la classifica è definitiva" in checked.output


def test_the_command_line_without_the_decisions_stops_at_the_faulty_sheets(undecided: Path):
    checked = arbiter_cmd("event", "check", str(undecided), "--lang", "en")
    assert checked.exit_code == 1
    assert "turno-2/tavolo-5.acn:" in checked.output and "total-mismatch" in checked.output
    assert "turno-3/tavolo-8.acn: record-pairs" in checked.output
    assert "the standings are provisional" in checked.output


def test_publish_prints_the_ranking_in_italian_unless_asked_otherwise():
    published = arbiter_cmd("event", "publish", str(EVENT))
    assert published.exit_code == 0 and "classifica finale dopo 4 turni" in published.output
    spanish = arbiter_cmd("event", "publish", str(EVENT), "--lang", "es", "-f", "csv")
    assert spanish.exit_code == 0 and spanish.output.splitlines()[0] == "puesto;pareja;nombre;PV;PP"


def test_the_json_gives_each_tables_deals_and_the_rounds_victory_points_at_it():
    result = standings(load(EVENT))
    tables = standings_dict(result)["tables"]
    table = next(entry for entry in tables if (entry["round"], entry["table"]) == (1, 1))
    first, second = (str(pair) for pair in table["pairs"])
    assert [sum(deal[i] for deal in table["deals"]) for i in (0, 1)] == [
        table["card_points"][first],
        table["card_points"][second],
    ]
    assert table["victory_points"][first] + table["victory_points"][second] == 20
    assert all(len(entry["deals"]) == 3 for entry in tables)
