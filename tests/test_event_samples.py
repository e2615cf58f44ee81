"""Every sample event (one of each movement) is certified whole by `arbiter event check`, and an
event whose tables shuffle their own cards (`prepared = false`) is not held to boards."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from arbiter.event import EventError, load, parse, standings, to_toml
from arbiter.event.deals import boards, verify
from arbiter_cli.main import cli

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
EVENTS = {
    "swiss": SAMPLES / "event" / "club-night.event.toml",
    "mitchell": SAMPLES / "mitchell-event" / "mitchell.event.toml",
    "howell": SAMPLES / "events" / "howell" / "howell.event.toml",
    "round-robin": SAMPLES / "events" / "round-robin" / "round-robin.event.toml",
}


@pytest.mark.parametrize("movement", sorted(EVENTS))
def test_each_movements_sample_event_is_certified_whole(movement):
    event = load(EVENTS[movement])
    assert event.movement == movement
    result = CliRunner().invoke(cli, ["event", "check", str(EVENTS[movement])])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1] == "the standings are final"
    every = standings(event)
    assert every.complete and len(every.tables) == len(every.schedule.seatings)
    assert all(event.record_path(s.round, s.table).is_file() for s in every.schedule.seatings)


def test_the_round_robin_samples_match_points_give_each_board_one_point_between_its_two_results():
    result = standings(load(EVENTS["round-robin"]))
    assert (
        sum(line.score for line in result.lines) == 6
    )  # 3 rounds, a board each, 2 seats: a point between the 2 results in each


def test_an_event_without_prepared_deals_deals_no_boards_and_checks_no_record_against_one():
    event = load(EVENTS["howell"])
    assert not event.prepared and verify(event, standings(event).schedule) == []
    with pytest.raises(EventError, match="no prepared deals"):
        boards(event, standings(event).schedule)
    assert "prepared = false" in to_toml(event) and parse(to_toml(event), folder=event.folder) == event


def test_match_points_need_prepared_deals():
    text = EVENTS["round-robin"].read_text().replace("seed = 20261129", "seed = 20261129\nprepared = false")
    with pytest.raises(EventError, match="scoring: match points compare the tables that held the same cards"):
        parse(text)
