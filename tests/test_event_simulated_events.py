"""Whole simulated events: the simulator (arbiter.simulate) plays every table move by move, some
tables get planted faults, `arbiter event check` certifies the event, and the standings are
checked against a computation written here from the rules of docs/events.md (the scores read
from the records' own score lines), never from the library's code:

- a Mitchell of 24 pairs at 12 tables, 4 rounds;
- a Swiss of 10 pairs, 3 rounds, each round paired on the standings.

Each table shuffles its own cards (`prepared = false`: the simulator deals its games), so both are
scored in victory points, table by table.
"""

from __future__ import annotations

import re
from collections import defaultdict
from fractions import Fraction
from pathlib import Path

from click.testing import CliRunner

import arbiter.simulate
from arbiter.event import load, standings
from arbiter_cli.main import cli

SIMULATED = ("ann", "cid", "bob", "dee")
"""The simulator's players: ann+cid in the first seats, bob+dee in the second."""
SCALE = [(0, 10), (100, 11), (300, 12), (600, 13), (1000, 14), (1500, 15), (2000, 16), (2600, 17), (3300, 18), (4100, 19), (5000, 20)]  # fmt: skip
"""The arbiter's own victory-point scale as the guide prints it (winner's points; the loser 20 less)."""


def players(pair: int) -> tuple[str, str]:
    return (f"n{pair}a", f"n{pair}b")


def write_event(folder: Path, movement: str, pairs: int, rounds: int, scoring: str) -> Path:
    entries = "".join(
        f'\n[[pairs]]\nnumber = {n}\nname = "Pair {n}"\nplayers = ["{players(n)[0]}", "{players(n)[1]}"]\n'
        for n in range(1, pairs + 1)
    )
    path = folder / "sim.event.toml"
    path.write_text(
        f'name = "Simulated"\ndate = 2026-11-26\nfamily = "caliente"\nmovement = "{movement}"\n'
        f'rounds = {rounds}\ndeals = 1\nscoring = "{scoring}"\nseed = 9\nrecords = "r{{round}}/t{{table}}.acn"\n'
        "prepared = false\n" + entries
    )
    return path


def seated(text: str, first: int, second: int) -> str:
    """A simulated game with the pairs' players in the simulator's seats."""
    names = dict(zip(SIMULATED, players(first) + players(second), strict=True))
    return re.sub(r"\b(ann|bob|cid|dee)\b", lambda found: names[found.group(1)], text)


def play_round(folder: Path, event_path: Path, round_number: int, seed: int) -> dict:
    """The simulator plays every table of the round (one game of one hand each); returns each
    seating's scores as the record's own score line declares them."""
    schedule = standings(load(event_path)).schedule
    seatings = [s for s in schedule.seatings if s.round == round_number]
    games = arbiter.simulate.simulate("caliente", players=4, games=len(seatings), hands=1, seed=seed + round_number)
    played = {}
    for seating, text in zip(seatings, games, strict=True):
        record = seated(text, seating.first, seating.second)
        path = folder / f"r{seating.round}" / f"t{seating.table}.acn"
        path.parent.mkdir(exist_ok=True)
        path.write_text(record)
        played[seating] = declared(record, seating)
    return played


def declared(record: str, seating) -> dict[int, int]:
    [line] = [line for line in record.splitlines() if line.startswith("score ")]
    words = line.split()
    by_side = {words[1]: int(words[2]), words[3]: int(words[4])}
    return {pair: by_side["+".join(players(pair))] for pair in seating.pairs}


def plant(folder: Path, seating, old: str, new, count: int = 1) -> None:
    """Replace the first `count` matches of `old` in the table's record (0: every one)."""
    path = folder / f"r{seating.round}" / f"t{seating.table}.acn"
    text = path.read_text()
    assert re.search(old, text), old
    path.write_text(re.sub(old, new, text, count=count))


def event_check(event_path: Path):
    return CliRunner().invoke(cli, ["event", "check", str(event_path)])


def test_a_simulated_twelve_table_mitchell_of_four_rounds_is_certified_and_scored_as_computed_here(tmp_path):
    event_path = write_event(tmp_path, "mitchell", pairs=24, rounds=4, scoring="victory-points")
    played = {}
    for number in range(1, 5):
        played.update(play_round(tmp_path, event_path, number, seed=40))
    assert len(played) == 48 and {s.table for s in played} == set(range(1, 13))
    result = event_check(event_path)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-2:] == [
        "tables: 48; certified: 48; not certified: 0; cards not as their boards hold them: 0",
        "the standings are final",
    ]
    assert scores_of(event_path) == expected_victory_points(played, 24)

    seatings = sorted(played, key=lambda s: (s.round, s.table))
    wrong_score, missing, other_players = seatings[5], seatings[17], seatings[30]
    plant(tmp_path, wrong_score, r"(\nscore \S+ )(-?\d+)", lambda m: m.group(1) + str(int(m.group(2)) + 5))
    (tmp_path / f"r{missing.round}" / f"t{missing.table}.acn").unlink()
    stranger = players(other_players.first)[0]
    plant(tmp_path, other_players, rf"\b{stranger}\b", "zed", count=0)  # a player of no pair sat there
    result = event_check(event_path)
    assert result.exit_code == 1
    problems = [line for line in result.output.splitlines() if ".acn" in line]
    assert any(f"r{wrong_score.round}/t{wrong_score.table}.acn:" in p and "score-mismatch" in p for p in problems)
    assert any(f"r{missing.round}/t{missing.table}.acn: record-missing" in p for p in problems)
    assert any(f"r{other_players.round}/t{other_players.table}.acn: record-pairs" in p for p in problems)
    assert "not certified: 3" in result.output and result.output.splitlines()[-1] == "the standings are provisional"
    held = {wrong_score, missing, other_players}
    assert scores_of(event_path) == expected_victory_points({s: p for s, p in played.items() if s not in held}, 24)


def test_a_simulated_swiss_is_paired_round_by_round_on_the_standings_and_scored_as_computed_here(tmp_path):
    event_path = write_event(tmp_path, "swiss", pairs=10, rounds=3, scoring="victory-points")
    played = {}
    for number in range(1, 4):
        before = expected_victory_points(played, 10)
        fresh = play_round(tmp_path, event_path, number, seed=70)
        if number > 1:
            paired_first_against_second(fresh, before, played)
        played.update(fresh)
    result = event_check(event_path)
    assert result.exit_code == 0, result.output
    meetings = [frozenset(s.pairs) for s in played]
    assert len(meetings) == len(set(meetings)) == 15  # five tables a round, and no pair met twice
    assert scores_of(event_path) == expected_victory_points(played, 10)

    last = max(played, key=lambda s: (s.round, s.table))
    plant(tmp_path, last, r"(\ntotal \S+ )(-?\d+)", lambda m: m.group(1) + str(int(m.group(2)) + 10))
    result = event_check(event_path)
    assert result.exit_code == 1 and "total-mismatch" in result.output
    assert scores_of(event_path) == expected_victory_points({s: p for s, p in played.items() if s != last}, 10)


def scores_of(event_path: Path) -> dict[int, Fraction]:
    return {line.pair.number: line.score for line in standings(load(event_path)).lines}


def victory(margin: int) -> Fraction:
    if margin == 0:
        return Fraction(10)
    winner = [points for low, points in SCALE if abs(margin) >= low][-1]
    return Fraction(winner if margin > 0 else 20 - winner)


def expected_victory_points(played: dict, pairs: int) -> dict[int, Fraction]:
    """Each certified table's margin through the guide's scale; a drawn table is 10 each."""
    total: dict[int, Fraction] = {pair: Fraction(0) for pair in range(1, pairs + 1)}
    for seating, scores in played.items():
        margin = scores[seating.first] - scores[seating.second]
        total[seating.first] += victory(margin)
        total[seating.second] += victory(-margin)
    return total


def paired_first_against_second(fresh: dict, before: dict[int, Fraction], played: dict) -> None:
    """The round pairs the standings so far from the top (ties by card points, then number): each
    table is the best pair left against the best one left it has not met, as the guide says."""
    points: dict[int, int] = defaultdict(int)
    for seating, scores in played.items():
        for pair in seating.pairs:
            points[pair] += scores[pair]
    ranking = sorted(before, key=lambda pair: (-before[pair], -points[pair], pair))
    met = {frozenset(s.pairs) for s in played}
    left, tables = list(ranking), []
    while left:
        top = left.pop(0)
        opponent = next((pair for pair in left if frozenset((top, pair)) not in met), left[0])
        left.remove(opponent)
        tables.append(frozenset((top, opponent)))
    assert sorted(map(sorted, tables)) == sorted(sorted(s.pairs) for s in fresh)
