"""An evening that mixes movements round by round, as an Italian Burraco club runs one: Mitchell
rounds, then Danish rounds paired on the standings, in one field or in groups (docs/events.md,
"Phases")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_event_standings import LOST, LOST_SMALL, WON, WON_BIG, table_record

from arbiter.event import EventError, load, parse, to_toml
from arbiter.event.movements import Phase, mitchell, plan, swiss_round
from arbiter.event.ranking import schedule_of, standings
from arbiter.event.report import standings_dict, standings_text

PAIRS = "".join(
    f'\n[[pairs]]\nnumber = {n}\nname = "Pair {n}"\nplayers = ["{a}", "{b}"]\n'
    for n, (a, b) in enumerate((("ann", "cid"), ("bob", "dee"), ("eve", "gus"), ("fay", "hal")), 1)
)
MIXED = (
    """name = "Thursday Burraco"
date = 2026-12-03
family = "caliente"
deals = 1
scoring = "total"
seed = 1
records = "r{round}t{table}.acn"

[[phases]]
movement = "mitchell"
rounds = 1

[[phases]]
movement = "danish"
rounds = 1
"""
    + PAIRS
)


def test_an_evening_in_phases_is_read_written_back_and_counts_every_phases_rounds():
    event = parse(MIXED)
    assert event.movement == "mixed" and event.rounds == 2
    assert event.phases == (Phase("mitchell", 1), Phase("danish", 1))
    assert parse(to_toml(event)) == event


def test_the_mitchell_rounds_of_a_mixed_evening_are_those_of_a_mitchell_alone():
    pairs = list(range(1, 9))
    phases = plan((Phase("mitchell", 3), Phase("danish", 2, groups=2)), pairs)
    assert phases[0].planned == tuple(mitchell(pairs, 3))
    assert (phases[1].first_round, phases[1].sets_before, phases[1].planned) == (4, 4, None)


def test_a_second_planned_phase_numbers_its_rounds_and_board_sets_after_the_first():
    pairs = list(range(1, 9))
    first, second = plan((Phase("mitchell", 3), Phase("round-robin", 2)), pairs)
    assert [each.number for each in second.planned or ()] == [4, 5]
    used = {seating.board_set for each in first.planned or () for seating in each.seatings}
    later = {seating.board_set for each in second.planned or () for seating in each.seatings}
    assert used and later and min(later) > max(used)


def test_the_danish_round_after_the_mitchell_pairs_first_with_second_on_new_boards(tmp_path: Path):
    path = tmp_path / "thursday.event.toml"
    path.write_text(MIXED)
    round_one = schedule_of(load(path))
    assert [seating.pairs for seating in round_one.rounds[0].seatings] == [(1, 3), (2, 4)]
    assert len(round_one.rounds) == 1  # the Danish round waits for the Mitchell's results
    table_record(tmp_path, 1, 1, 1, 3, [(WON_BIG, LOST_SMALL)])
    table_record(tmp_path, 1, 2, 2, 4, [(LOST, WON)])
    danish = standings(load(path)).schedule.rounds[1]
    assert [seating.pairs for seating in danish.seatings] == [(1, 4), (2, 3)]  # first 1, then 4, 2, 3
    assert {seating.board_set for seating in danish.seatings} == {3}  # the Mitchell played sets 1 and 2


def test_danish_in_groups_pairs_each_group_of_neighbours_within_itself():
    in_groups = swiss_round(5, list(range(1, 9)), groups=2)
    assert [seating.pairs for seating in in_groups.seatings] == [(1, 2), (3, 4), (5, 6), (7, 8)]
    avoiding = swiss_round(5, list(range(1, 9)), met=[frozenset((1, 2))], groups=2)
    assert [seating.pairs for seating in avoiding.seatings] == [(1, 3), (2, 4), (5, 6), (7, 8)]
    one_field = swiss_round(5, list(range(1, 9)), met=[frozenset((3, 4))])
    assert [seating.pairs for seating in one_field.seatings] == [(1, 2), (3, 5), (4, 6), (7, 8)]


def test_groups_that_do_not_share_the_tables_evenly_give_the_first_group_a_table_more():
    round_ = swiss_round(2, list(range(1, 11)), groups=2)
    assert [seating.pairs for seating in round_.seatings] == [(1, 2), (3, 4), (5, 6), (7, 8), (9, 10)]
    round_ = swiss_round(2, list(range(1, 11)), met=[frozenset((5, 6))], groups=2)
    assert [seating.pairs for seating in round_.seatings][:3] == [(1, 2), (3, 5), (4, 6)]  # 1-6 a group


def test_the_prepared_deals_of_a_mixed_evening_cover_the_rounds_still_to_be_paired():
    assert parse(MIXED).board_sets() == 3


@pytest.mark.parametrize(
    ("change", "key"),
    [
        (lambda text: 'movement = "mitchell"\n' + text, "movement"),
        (lambda text: "rounds = 3\n" + text, "rounds"),
        (
            lambda text: text.replace(
                'movement = "danish"\nrounds = 1', 'movement = "mitchell"\nrounds = 1\ngroups = 2'
            ),
            "groups",
        ),
        (lambda text: text.replace('movement = "danish"', 'movement = "danish"\nseats = 2'), "seats"),
        (lambda text: text.replace('movement = "mitchell"\nrounds = 1', 'movement = "mitchell"\nrounds = 2'), "rounds"),
    ],
)
def test_a_phase_the_event_cannot_play_is_refused_naming_its_key(change, key):
    with pytest.raises(EventError, match=key):
        parse(change(MIXED))


def test_the_standings_carry_each_pairs_signed_margin_beside_its_victory_points(tmp_path: Path):
    path = tmp_path / "thursday.event.toml"
    path.write_text(
        MIXED.replace('scoring = "total"', 'scoring = "victory-points"\nvictory-points = "burraco-italian-2"')
    )
    table_record(tmp_path, 1, 1, 1, 3, [(WON_BIG, LOST_SMALL)])  # 1590 to 420
    table_record(tmp_path, 1, 2, 2, 4, [(LOST, WON)])  # 515 to 1420
    lines = {line.pair.number: line for line in standings(load(path), after_round=1).lines}
    assert {pair: lines[pair].margin for pair in lines} == {1: 1170, 3: -1170, 2: -905, 4: 905}
    assert (lines[1].score, lines[3].score, lines[4].score, lines[2].score) == (20, 0, 19, 1)


def test_victory_point_standings_print_each_pairs_signed_margin_and_the_json_carries_it(tmp_path: Path):
    path = tmp_path / "thursday.event.toml"
    path.write_text(
        MIXED.replace('scoring = "total"', 'scoring = "victory-points"\nvictory-points = "burraco-italian-2"')
    )
    table_record(tmp_path, 1, 1, 1, 3, [(WON_BIG, LOST_SMALL)])
    table_record(tmp_path, 1, 2, 2, 4, [(LOST, WON)])
    result = standings(load(path), after_round=1)
    text = standings_text(result)
    assert "margin" in text and re.search(r"Pair 1 +20 +1,590 +\+1,170", text) and "-1,170" in text
    assert {line["pair"]: line["margin"] for line in standings_dict(result)["standings"]} == {
        1: 1170,
        4: 905,
        2: -905,
        3: -1170,
    }
