"""A round's tables pasted from the tournament software, in the three layouts Italian clubs hand
round (docs/events.md, "Table lists from the tournament software"), read into the event."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_event_standings import LOST, WON, table_record

from arbiter.event import EventError, load, parse, to_toml
from arbiter.event.model import Pair
from arbiter.event.ranking import standings
from arbiter.event.table_lists import read_table_list

PAIRS = (
    Pair(1, "ROSSI MARIO - BIANCHI MARTINA", ("ann", "cid")),
    Pair(2, "VERDI LUCA - NERI ANNA", ("bob", "dee")),
    Pair(3, "COLOMBO PAOLA - RICCI GIANNI", ("eve", "gus")),
    Pair(4, "GALLO SARA - CONTI PIETRO", ("fay", "hal")),
)
SEATED = [(1, 1, 3), (2, 2, 4)]  # (table, first seats, second seats)

DANISH = "GIRONE\tTAVOLO\tCOPPIA\nA\t1\tROSSI MARIO - BIANCHI MARTINA\nA\t1\tCOLOMBO PAOLA - RICCI GIANNI\nA\t2\tVERDI LUCA - NERI ANNA\nA\t2\tGALLO SARA - CONTI PIETRO\n"
BY_TABLE = "TAVOLO; COPPIA A; COPPIA B\n1; ROSSI MARIO - BIANCHI MARTINA; COLOMBO PAOLA - RICCI GIANNI\nT. 2; VERDI LUCA - NERI ANNA; GALLO SARA - CONTI PIETRO\n"
ALPHABETICAL = "COLOMBO PAOLA - RICCI GIANNI,1\nGALLO SARA - CONTI PIETRO,2\nROSSI MARIO - BIANCHI MARTINA,1\nVERDI LUCA - NERI ANNA,2\n"


def seated(text: str) -> list[tuple[int, int, int]]:
    round_ = read_table_list(text, PAIRS, 3, 5, "round-3.txt")
    assert {seating.round for seating in round_.seatings} == {3} and {s.board_set for s in round_.seatings} == {5}
    return [(seating.table, seating.first, seating.second) for seating in round_.seatings]


@pytest.mark.parametrize("text", [DANISH, BY_TABLE, ALPHABETICAL], ids=["danish", "by-table", "alphabetical"])
def test_each_layout_of_the_software_seats_the_same_tables(text):
    assert seated(text) == SEATED


def test_columns_split_by_two_spaces_and_names_in_any_case_or_order_of_players():
    text = "1   mario rossi - martina bianchi   Colombo Paola - Ricci Gianni   extra\n2  2  4\n"
    assert seated(text) == SEATED  # pairs by name or by number, the columns past three left out


def test_a_danish_lists_first_line_of_a_table_keeps_the_first_seats():
    swapped = DANISH.replace(
        "A\t1\tROSSI MARIO - BIANCHI MARTINA\nA\t1\tCOLOMBO PAOLA - RICCI GIANNI",
        "A\t1\tCOLOMBO PAOLA - RICCI GIANNI\nA\t1\tROSSI MARIO - BIANCHI MARTINA",
    )
    assert seated(swapped)[0] == (1, 3, 1)


def test_a_pair_the_list_does_not_seat_sits_out():
    round_ = read_table_list("1; 1; 3\n", PAIRS, 1, 1, "list")
    assert round_.sitting_out == (2, 4)


def test_every_line_that_cannot_be_read_is_said_with_its_number():
    text = "1; ROSSI MARIO - BIANCHI MARTINA; COLOMBO PAOLA - RICCI GIANNI\nX; VERDI LUCA - NERI ANNA; GALLO SARA\n3; ROSSI MARIO - BIANCHI MARTINA; 2\n"
    with pytest.raises(EventError) as raised:
        read_table_list(text, PAIRS, 1, 1, "round-1.txt")
    said = str(raised.value)
    assert said.startswith("round-1.txt: ")
    assert '"X" is no table number' in said and 'line 2: no pair of the event is "GALLO SARA"' in said
    assert "pair 1 is seated at two tables" in said


def test_a_third_pair_at_a_table_and_a_table_of_one_pair_are_refused():
    third = DANISH + "A\t2\tROSSI MARIO - BIANCHI MARTINA\n"
    with pytest.raises(EventError, match="line 6: a third pair at table 2"):
        read_table_list(third, PAIRS, 1, 1, "list")
    with pytest.raises(EventError, match="table 2 has one pair"):
        read_table_list("\n".join(DANISH.splitlines()[:4]), PAIRS, 1, 1, "list")


def test_an_empty_list_is_refused():
    with pytest.raises(EventError, match="the table list is empty"):
        read_table_list("GIRONE\tTAVOLO\tCOPPIA\n\n", PAIRS, 1, 1, "list")


LISTED = """name = "Serata"
date = 2026-12-03
family = "caliente"
deals = 1
scoring = "total"
seed = 1
records = "r{round}t{table}.acn"

[[phases]]
movement = "list"
rounds = 2
tables = "round-{round}.txt"
""" + "".join(
    f'\n[[pairs]]\nnumber = {p.number}\nname = "{p.name}"\nplayers = ["{p.players[0]}", "{p.players[1]}"]\n'
    for p in PAIRS
)


def test_an_event_whose_rounds_the_software_pairs_reads_each_rounds_list_when_it_is_there(tmp_path: Path):
    path = tmp_path / "serata.event.toml"
    path.write_text(LISTED)
    assert parse(to_toml(load(path)), folder=tmp_path) == load(path)
    assert standings(load(path)).schedule.rounds == ()  # no list yet: nothing is paired
    (tmp_path / "round-1.txt").write_text(BY_TABLE)
    table_record(tmp_path, 1, 1, 1, 3, [(WON, LOST)])
    result = standings(load(path))
    assert [seating.pairs for seating in result.schedule.rounds[0].seatings] == [(1, 3), (2, 4)]
    assert len(result.schedule.rounds) == 1 and result.tables[0].certified and not result.tables[1].certified
    (tmp_path / "round-2.txt").write_text("A\t1\tROSSI MARIO - BIANCHI MARTINA\nA\t1\tVERDI LUCA\n")
    with pytest.raises(EventError, match=r'round-2\.txt: line 2: no pair of the event is "VERDI LUCA"'):
        standings(load(path))


@pytest.mark.parametrize(
    ("phase", "key"),
    [
        ('movement = "list"\nrounds = 1', "tables"),
        ('movement = "list"\nrounds = 1\ntables = "round.txt"', "tables"),
        ('movement = "mitchell"\nrounds = 1\ntables = "round-{round}.txt"', "tables"),
    ],
)
def test_a_listed_phase_names_where_its_lists_are_and_no_other_phase_does(phase, key):
    text = LISTED.replace('movement = "list"\nrounds = 2\ntables = "round-{round}.txt"', phase)
    with pytest.raises(EventError, match=f"phases\\[1\\]\\.{key}"):
        parse(text)
