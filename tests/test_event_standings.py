"""Standings: each table's record certified, scored by the event's method, the ledger applied,
ties broken, and every table that is not certified named with its codes."""

from __future__ import annotations

import json
import shutil
from fractions import Fraction
from pathlib import Path

import pytest

from arbiter.event import load
from arbiter.event.model import VictoryStep
from arbiter.event.ranking import standings, victory_points
from arbiter.event.report import standings_dict, standings_text

PAIRS = {
    1: ("ann", "cid"),
    2: ("bob", "dee"),
    3: ("eve", "gus"),
    4: ("fay", "hal"),
    5: ("ida", "jon"),
    6: ("kim", "lou"),
}

# Caliente summaries and the hand score the book gives each (docs/notation.md, "Hands given as summaries").
WON = ("natural 1 mixed 1 bonus 1 melded 420 out", 1420)
WON_BIG = ("natural 1 mixed 1 bonus 2 melded 390 out concealed", 1590)
LOST = ("mixed 1 melded 260 left 45", 515)
LOST_SMALL = ("mixed 1 melded 180 left 60", 420)
DRAWN = (("natural 1 melded 200 out", 800), ("natural 1 melded 320 left 20", 800))


def event_file(folder: Path, movement: str, rounds: int, scoring: str, pairs: int = 4, extra: str = "") -> Path:
    entries = "".join(
        f'\n[[pairs]]\nnumber = {n}\nname = "Pair {n}"\nplayers = ["{PAIRS[n][0]}", "{PAIRS[n][1]}"]\n'
        for n in range(1, pairs + 1)
    )
    path = folder / "club.event.toml"
    path.write_text(
        f'name = "Club night"\ndate = 2026-11-26\nfamily = "caliente"\nmovement = "{movement}"\nrounds = {rounds}\n'
        f'deals = 1\nscoring = "{scoring}"\nseed = 1\nrecords = "r{{round}}t{{table}}.acn"\n{extra}{entries}'
    )
    return path


def table_record(folder: Path, round_number: int, table: int, first: int, second: int, hands, declared=None) -> None:
    """The record of a table: `first` and `second` are the pairs, each hand (their summaries) as given."""
    a, b = PAIRS[first], PAIRS[second]
    side_a, side_b = "+".join(a), "+".join(b)
    seats = [a[0], b[0], a[1], b[1]]
    lines = ['[Rules "caliente"]', f'[Seats "{" ".join(seats)}"]', f'[Teams "{side_a} {side_b}"]', ""]
    total_a = total_b = 0
    for number, ((line_a, score_a), (line_b, score_b)) in enumerate(hands, 1):
        score_a = declared if declared is not None else score_a
        total_a, total_b = total_a + score_a, total_b + score_b
        lines += [
            f"hand {number} dealer {seats[(number + 2) % 4]}",  # the deal passes to the left
            f"summary {side_a} {line_a}",
            f"summary {side_b} {line_b}",
            f"score {side_a} {score_a} {side_b} {score_b}",
            f"total {side_a} {total_a} {side_b} {total_b}",
            "",
        ]
    (folder / f"r{round_number}t{table}.acn").write_text("\n".join(lines))


def play_round_robin(folder: Path, results: dict[tuple[int, int], tuple]) -> None:
    """Writes the tables of a 4-pair round robin that `results` gives, keyed by (round, table)."""
    event = standings(load(folder / "club.event.toml"))
    for seating in event.schedule.seatings:
        if (seating.round, seating.table) in results:
            table_record(
                folder,
                seating.round,
                seating.table,
                seating.first,
                seating.second,
                [results[seating.round, seating.table]],
            )


def test_total_scoring_adds_each_pairs_card_points_and_the_ledger(tmp_path):
    penalty = '[[penalties]]\npair = 1\npoints = -100\nreason = "late arrival"\n'
    path = event_file(tmp_path, "round-robin", 2, "total", extra=penalty)
    play_round_robin(
        tmp_path, {(1, 1): (WON, LOST), (1, 2): (WON_BIG, LOST_SMALL), (2, 1): (LOST, WON), (2, 2): (WON, LOST)}
    )
    result = standings(load(path))
    assert result.complete
    by_pair = {line.pair.number: line for line in result.lines}
    schedule = {(s.round, s.table): s.pairs for s in result.schedule.seatings}
    expected = {pair: 0 for pair in PAIRS if pair <= 4}
    for key, (first_score, second_score) in {
        (1, 1): (1420, 515),
        (1, 2): (1590, 420),
        (2, 1): (515, 1420),
        (2, 2): (1420, 515),
    }.items():
        first, second = schedule[key]
        expected[first] += first_score
        expected[second] += second_score
    expected[1] -= 100
    assert {pair: int(line.score) for pair, line in by_pair.items()} == expected
    assert [line.place for line in result.lines] == [1, 2, 3, 4]
    assert [line.score for line in result.lines] == sorted((line.score for line in result.lines), reverse=True)


def test_match_points_compare_each_board_with_the_pairs_that_held_the_same_seats(tmp_path):
    # One round of two tables playing the same board: the first seats' nets are +905 and +1170,
    # so table 2's first pair beats table 1's (1 match point) and its second pair loses to it.
    path = event_file(tmp_path, "round-robin", 1, "match-points")
    play_round_robin(tmp_path, {(1, 1): (WON, LOST), (1, 2): (WON_BIG, LOST_SMALL)})
    result = standings(load(path))
    seating = {s.table: s for s in result.schedule.seatings}
    scores = {line.pair.number: line.score for line in result.lines}
    assert scores[seating[2].first] == 1 and scores[seating[1].first] == 0
    assert scores[seating[1].second] == 1 and scores[seating[2].second] == 0


def test_a_tie_on_a_board_is_half_a_match_point_each(tmp_path):
    path = event_file(tmp_path, "round-robin", 1, "match-points")
    play_round_robin(tmp_path, {(1, 1): (WON, LOST), (1, 2): (WON, LOST)})
    assert {line.score for line in standings(load(path)).lines} == {Fraction(1, 2)}


def test_win_draw_loss_gives_two_for_a_win_one_for_a_draw(tmp_path):
    path = event_file(tmp_path, "round-robin", 1, "win-draw-loss")
    play_round_robin(tmp_path, {(1, 1): (WON, LOST), (1, 2): DRAWN})
    result = standings(load(path))
    assert sorted(line.score for line in result.lines) == [0, 1, 1, 2]


def test_victory_points_follow_the_scale_and_a_drawn_table_shares_its_first_row():
    scale = (VictoryStep(0, 10, 10), VictoryStep(100, 12, 8), VictoryStep(500, 15, 5))
    assert victory_points(0, scale) == 10
    assert (victory_points(99, scale), victory_points(-99, scale)) == (10, 10)
    assert (victory_points(905, scale), victory_points(-905, scale)) == (15, 5)
    assert (victory_points(100, scale), victory_points(-100, scale)) == (12, 8)


def test_a_pair_sitting_out_gets_the_average_of_the_pairs_that_played_the_round(tmp_path):
    path = event_file(tmp_path, "round-robin", 1, "total", pairs=5)
    event = standings(load(path))
    (resting,) = event.schedule.rounds[0].sitting_out
    for seating in event.schedule.seatings:
        table_record(tmp_path, 1, seating.table, seating.first, seating.second, [(WON, LOST)])
    result = standings(load(path))
    score = {line.pair.number: line.score for line in result.lines}
    assert score[resting] == Fraction(2 * (1420 + 515), 4)


def test_a_table_whose_record_is_wrong_is_named_with_its_codes_and_counts_nothing(tmp_path):
    path = event_file(tmp_path, "round-robin", 1, "total")
    play_round_robin(tmp_path, {(1, 1): (WON, LOST), (1, 2): (WON, LOST)})
    wrong = standings(load(path)).schedule.rounds[0].seatings[1]
    table_record(tmp_path, 1, 2, wrong.first, wrong.second, [(WON, LOST)], declared=1400)
    result = standings(load(path))
    assert not result.complete
    (table,) = result.not_certified
    assert table.seating.table == 2 and "score-mismatch" in table.codes
    assert {line.pair.number: line.score for line in result.lines}[wrong.first] == 0
    text = standings_text(result)
    assert "provisional: 1 table is not certified" in text
    assert "round 1, table 2: pairs" in text and "not certified: score-mismatch" in text


def test_a_missing_record_and_a_record_of_other_players_are_not_certified(tmp_path):
    path = event_file(tmp_path, "round-robin", 1, "total")
    seatings = standings(load(path)).schedule.rounds[0].seatings
    first, second = seatings[1].pairs
    table_record(tmp_path, 1, 1, first, second, [(WON, LOST)])  # table 2's pairs at table 1
    result = standings(load(path))
    assert [table.codes for table in result.tables] == [("record-pairs",), ("record-missing",)]
    assert "the table's record is not where the event file says" in standings_text(result)


def test_pairs_level_on_score_are_split_by_card_points_then_share_the_place(tmp_path):
    path = event_file(tmp_path, "round-robin", 1, "win-draw-loss")
    play_round_robin(tmp_path, {(1, 1): (WON, LOST), (1, 2): (WON_BIG, LOST_SMALL)})
    result = standings(load(path))
    assert [line.place for line in result.lines] == [1, 2, 3, 4]  # two winners: 1590 beats 1420
    assert result.lines[0].points == 1590
    play_round_robin(tmp_path, {(1, 1): (WON, LOST), (1, 2): (WON, LOST)})
    level = standings(load(path))
    assert [(line.place, line.shared) for line in level.lines] == [(1, True), (1, True), (3, True), (3, True)]
    assert "1=" in standings_text(level)


def test_swiss_pairs_the_second_round_on_the_first_rounds_results(tmp_path):
    path = event_file(tmp_path, "swiss", 2, "total")
    table_record(tmp_path, 1, 1, 1, 2, [(LOST, WON)])
    table_record(tmp_path, 1, 2, 3, 4, [(LOST_SMALL, WON_BIG)])
    first_round = standings(load(path))
    assert [s.pairs for s in first_round.schedule.rounds[1].seatings] == [(4, 2), (1, 3)]


def test_a_swiss_round_waits_for_the_rounds_before_it_to_be_certified(tmp_path):
    path = event_file(tmp_path, "swiss", 2, "total")
    table_record(tmp_path, 1, 1, 1, 2, [(LOST, WON)])
    result = standings(load(path))
    assert len(result.schedule.rounds) == 1 and not result.complete
    assert "provisional: 1 table is not certified" in standings_text(result)


def test_the_json_standings_carry_the_scores_the_tables_and_the_ledger(tmp_path):
    penalty = '[[penalties]]\npair = 2\npoints = -50\nreason = "slow play"\n'
    path = event_file(tmp_path, "round-robin", 1, "total", extra=penalty)
    play_round_robin(tmp_path, {(1, 1): (WON, LOST), (1, 2): (WON, LOST)})
    data = json.loads(json.dumps(standings_dict(standings(load(path)), lang="es")))
    assert data["final"] is True and data["penalties"] == [
        {
            "entry": 1,
            "pair": 2,
            "points": -50,
            "reason": "slow play",
            "by": None,
            "at": None,
            "round": None,
            "corrects": None,
            "corrected_by": None,
            "counts": True,
        }
    ]
    assert [line["place"] for line in data["standings"]] == [1, 2, 3, 3]  # pair 2 won 1,420 and lost 50
    assert all(table["certified"] and table["codes"] == [] for table in data["tables"])


@pytest.mark.parametrize("lang", ["es", "pt", "it"])
def test_the_standings_are_said_in_each_language(tmp_path, lang):
    path = event_file(tmp_path, "round-robin", 1, "total")
    play_round_robin(tmp_path, {(1, 1): (WON, LOST)})
    english, spoken = standings_text(standings(load(path))), standings_text(standings(load(path)), lang)
    assert english.splitlines()[2] != spoken.splitlines()[2]
    assert "record-missing" in spoken


CLUB_RULES = (
    'name = "Test club"\nversion = 1\nfamily = "caliente"\n\n[rules.always-frozen]\nvalue = true\nnote = "Ours."\n'
)


def test_the_events_rulebook_is_found_by_its_file_its_digest_or_its_name_and_judges_every_table(tmp_path):
    from arbiter.house import parse as parse_rulebook

    (tmp_path / "club.rules.toml").write_text(CLUB_RULES)
    digest = parse_rulebook(CLUB_RULES).digest
    for named in ("club.rules.toml", f"#{digest}", "test CLUB"):
        path = event_file(tmp_path, "round-robin", 1, "total", extra=f'rulebook = "{named}"\n')
        play_round_robin(tmp_path, {(1, 1): (WON, LOST), (1, 2): (WON, LOST)})
        result = standings(load(path))
        assert result.complete, named


def test_a_rulebook_not_beside_the_event_or_of_another_family_is_refused(tmp_path):
    from arbiter.event import EventError

    path = event_file(tmp_path, "round-robin", 1, "total", extra='rulebook = "#0123456789ab"\n')
    with pytest.raises(EventError, match="no rulebook beside the event file has the digest or the name #0123456789ab"):
        standings(load(path))
    shutil.copy(Path(__file__).parent.parent / "samples" / "hoyle-household.rules.toml", tmp_path)
    path = event_file(tmp_path, "round-robin", 1, "total", extra='rulebook = "hoyle-household.rules.toml"\n')
    with pytest.raises(EventError, match="is a rulebook of hoyle, and the event plays caliente"):
        standings(load(path))


def test_a_table_that_played_by_another_clubs_rules_is_not_certified(tmp_path):
    (tmp_path / "club.rules.toml").write_text(CLUB_RULES)
    path = event_file(tmp_path, "round-robin", 1, "total", extra='rulebook = "club.rules.toml"\n')
    play_round_robin(tmp_path, {(1, 1): (WON, LOST), (1, 2): (WON, LOST)})
    record = tmp_path / "r1t2.acn"
    record.write_text('[House "Other club, version 1, #0123456789ab"]\n' + record.read_text())
    result = standings(load(path))
    (table,) = result.not_certified
    assert table.seating.table == 2 and table.codes == ("house-rules-missing",)


def test_a_table_whose_record_names_another_family_is_not_certified(tmp_path):
    path = event_file(tmp_path, "round-robin", 1, "total")
    play_round_robin(tmp_path, {(1, 1): (WON, LOST), (1, 2): (WON, LOST)})
    record = tmp_path / "r1t1.acn"
    record.write_text(record.read_text().replace('[Rules "caliente"]', '[Rules "samba"]'))
    assert [table.codes for table in standings(load(path)).tables] == [("record-rules",), ()]


def test_a_record_of_another_number_of_hands_or_of_no_game_is_not_certified(tmp_path):
    path = event_file(tmp_path, "round-robin", 1, "total")
    seatings = standings(load(path)).schedule.rounds[0].seatings
    first, second = seatings[0].pairs
    table_record(tmp_path, 1, 1, first, second, [(WON, LOST), (LOST, WON)])  # the event deals one a round
    first, second = seatings[1].pairs
    table_record(tmp_path, 1, 2, first, second, [(WON, LOST)])
    once = (tmp_path / "r1t2.acn").read_text()
    (tmp_path / "r1t2.acn").write_text(once + "\n" + once)  # the same game handed in twice
    assert [table.codes for table in standings(load(path)).tables] == [("record-deals",), ("record-games",)]
    (tmp_path / "r1t2.acn").write_text("; nothing was written at this table\n")
    assert standings(load(path)).tables[1].codes == ("empty-record",)  # the arbiter's own finding


def test_a_two_hand_event_seats_one_player_a_side(tmp_path):
    """Hoyle two-hand Canasta: each 'pair' is one player, and a record's sides are the players."""
    entries = "".join(f'\n[[pairs]]\nnumber = {n}\nname = "{name}"\nplayers = ["{name}"]\n' for n, name in enumerate(["ann", "bob", "cid", "dee"], 1))  # fmt: skip
    path = tmp_path / "duel.event.toml"
    path.write_text(
        'name = "Duels"\ndate = 2026-11-26\nfamily = "hoyle"\nmovement = "round-robin"\nrounds = 1\ndeals = 1\n'
        'scoring = "win-draw-loss"\nseed = 1\nrecords = "r{round}t{table}.acn"\n' + entries
    )
    for seating in standings(load(path)).schedule.seatings:
        winner, loser = (["ann", "bob", "cid", "dee"][n - 1] for n in seating.pairs)
        (tmp_path / f"r1t{seating.table}.acn").write_text(
            f'[Rules "hoyle"]\n[Seats "{winner} {loser}"]\n\nhand 1 dealer {loser}\n'
            f"summary {winner} natural 1 mixed 1 red-threes 1 melded 300 out\n"
            f"summary {loser} mixed 1 red-threes 1 melded 120 left 75\n"
            f"score {winner} 1300 {loser} 445\ntotal {winner} 1300 {loser} 445\n"
        )
    result = standings(load(path))
    assert result.complete
    assert sorted(line.score for line in result.lines) == [0, 0, 2, 2]
