"""The event file's `[danish]` options: how a round paired on the standings treats a rematch, the
bye of an odd number of pairs, and the event's first round, where no source read settles it. Each
default is what the arbiter did before they were options; each alternative changes the pairings
it names and no other."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_event_standings import DRAWN, LOST, LOST_SMALL, WON, WON_BIG, event_file, table_record

from arbiter.event import EventError, load, swiss_round
from arbiter.event.danish import DanishOptions
from arbiter.event.ranking import standings


def second_round(folder: Path, danish: str = "") -> list[tuple[int, int]]:
    """Six pairs, two Swiss rounds on card points: after round 1 (1 and 2 drawn at 800, 3 beat 4,
    5 beat 6) the standings read 3, 5, 1, 2, 4, 6, so first against second would meet 1 and 2 again."""
    path = event_file(folder, "swiss", 2, "total", pairs=6, extra=danish)
    table_record(folder, 1, 1, 1, 2, [DRAWN])
    table_record(folder, 1, 2, 3, 4, [(WON_BIG, LOST)])
    table_record(folder, 1, 3, 5, 6, [(WON, LOST_SMALL)])
    result = standings(load(path))
    assert [line.pair.number for line in standings(load(path), after_round=1).lines] == [3, 5, 1, 2, 4, 6]
    return [seating.pairs for seating in result.schedule.rounds[1].seatings]


def test_by_default_the_next_pair_down_takes_the_place_of_one_already_met(tmp_path):
    assert second_round(tmp_path) == [(3, 5), (1, 4), (2, 6)]
    assert second_round(tmp_path, '[danish]\nrematches = "avoid"\n') == [(3, 5), (1, 4), (2, 6)]


def test_rematches_allowed_pair_first_against_second_whoever_met_before(tmp_path):
    assert second_round(tmp_path, '[danish]\nrematches = "allow"\n') == [(3, 5), (1, 2), (4, 6)]


def test_allowing_rematches_changes_nothing_where_none_is_in_the_way():
    allowed = DanishOptions(rematches="allow")
    ranking = [4, 2, 3, 1]
    met = [frozenset((4, 3)), frozenset((2, 1))]
    assert swiss_round(2, ranking, met, options=allowed) == swiss_round(2, ranking, met)


def first_round(folder: Path, pairs: int, danish: str = "", seed: int = 1) -> tuple[list[tuple[int, int]], tuple]:
    path = event_file(folder, "swiss", 2, "victory-points", pairs=pairs, extra=danish)
    path.write_text(path.read_text().replace("seed = 1\n", f"seed = {seed}\n"))
    opening = standings(load(path)).schedule.rounds[0]
    return [seating.pairs for seating in opening.seatings], opening.sitting_out


def test_by_default_the_first_round_follows_the_pairs_numbers_and_the_lowest_sits_out(tmp_path):
    assert first_round(tmp_path, 5) == ([(1, 2), (3, 4)], (5,))


def test_a_first_round_by_lot_is_drawn_from_the_events_seed(tmp_path):
    by_lot = '[danish]\nfirst-round = "lot"\n'
    drawn = {seed: first_round(tmp_path, 4, by_lot, seed)[0] for seed in (1, 2, 3, 4)}
    assert all(sorted(p for table in tables for p in table) == [1, 2, 3, 4] for tables in drawn.values())
    assert any(tables != [(1, 2), (3, 4)] for tables in drawn.values())
    assert first_round(tmp_path, 4, by_lot, 3)[0] == drawn[3]  # the same file draws the same


def test_a_first_round_by_lot_leaves_a_mixed_events_planned_rounds_as_they_are(tmp_path):
    phases = '[[phases]]\nmovement = "mitchell"\nrounds = 1\n\n[[phases]]\nmovement = "danish"\nrounds = 1\n\n'
    plain = event_file(tmp_path, "swiss", 2, "victory-points", pairs=6, extra=phases)
    text = plain.read_text().replace('movement = "swiss"\nrounds = 2\n', "")
    drawn = tmp_path / "drawn.event.toml"
    drawn.write_text(text.replace("[[phases]]", '[danish]\nfirst-round = "lot"\n\n[[phases]]', 1))
    plain.write_text(text)
    assert standings(load(drawn)).schedule.rounds[0] == standings(load(plain)).schedule.rounds[0]


def test_a_bye_by_lot_is_drawn_among_the_pairs_not_out_yet_and_the_others_paired_in_order():
    ranking = [1, 2, 3, 4, 5]
    by_lot = DanishOptions(bye="lot")
    drawn = {seed: swiss_round(3, ranking, sat_out=[5, 4], options=by_lot, seed=seed) for seed in range(8)}
    assert {each.sitting_out[0] for each in drawn.values()} == {1, 2, 3}  # never 4 or 5 again
    for each in drawn.values():
        rest = [pair for pair in ranking if pair not in each.sitting_out]
        assert [seating.pairs for seating in each.seatings] == [(rest[0], rest[1]), (rest[2], rest[3])]
    assert swiss_round(3, ranking, sat_out=[5, 4], options=by_lot, seed=2) == drawn[2]
    assert swiss_round(3, ranking, sat_out=[5, 4]).sitting_out == (3,)  # the default: lowest not out


def test_a_bye_by_lot_in_the_event_file_is_drawn_from_its_seed(tmp_path):
    byes = {first_round(tmp_path, 5, '[danish]\nbye = "lot"\n', seed)[1] for seed in range(1, 9)}
    assert len(byes) > 1 and all(len(bye) == 1 for bye in byes)


@pytest.mark.parametrize(
    ("danish", "said"),
    [
        ('[danish]\nrematches = "never"\n', "danish.rematches: write one of avoid, allow"),
        ('[danish]\nbye = "last"\n', "danish.bye: write one of lowest, lot"),
        ('[danish]\nfirst-round = "seeded"\n', "danish.first-round: write one of numbers, lot"),
        ("[danish]\nrounds = 2\n", "danish.rounds: not a key of the event file"),
        ('danish = "lot"\n', "danish: write it as a [danish] table"),
    ],
)
def test_a_danish_option_the_arbiter_does_not_know_is_refused_naming_the_key(tmp_path, danish, said):
    path = event_file(tmp_path, "swiss", 2, "victory-points", extra=danish)
    with pytest.raises(EventError, match=said.replace("[", r"\[").replace("]", r"\]")):
        load(path)
