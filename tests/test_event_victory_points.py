"""Victory points from a conversion table: the arbiter's own scale, a scale written row by row,
and the published Italian Burraco scales a file names, each checked against the ranges as the
cited pages print them (docs/events.md, "Scoring")."""

from __future__ import annotations

import pytest

from arbiter.event import EventError, parse, to_toml
from arbiter.event.model import NAMED_SCALES
from arbiter.event.ranking import victory_points

# The ranges of margins as the cited pages print them: (lowest, highest or None, winner, loser).
PRINTED = {
    "burraco-italian-2": [
        (0, 40, 10, 10),
        (45, 120, 11, 9),
        (125, 200, 12, 8),
        (205, 300, 13, 7),
        (305, 400, 14, 6),
        (405, 500, 15, 5),
        (505, 620, 16, 4),
        (625, 740, 17, 3),
        (745, 870, 18, 2),
        (875, 1000, 19, 1),
        (1005, None, 20, 0),
    ],
    "burraco-italian-3": [
        (0, 50, 10, 10),
        (55, 150, 11, 9),
        (155, 250, 12, 8),
        (255, 350, 13, 7),
        (355, 500, 14, 6),
        (505, 650, 15, 5),
        (655, 800, 16, 4),
        (805, 1000, 17, 3),
        (1005, 1250, 18, 2),
        (1255, 1500, 19, 1),
        (1505, None, 20, 0),
    ],
    "burraco-italian-4": [
        (0, 100, 10, 10),
        (105, 300, 11, 9),
        (305, 500, 12, 8),
        (505, 700, 13, 7),
        (705, 900, 14, 6),
        (905, 1100, 15, 5),
        (1105, 1300, 16, 4),
        (1305, 1500, 17, 3),
        (1505, 1700, 18, 2),
        (1705, 2000, 19, 1),
        (2005, None, 20, 0),
    ],
}
EVENT = """name = "Club night"
date = 2026-11-26
family = "caliente"
movement = "swiss"
rounds = 2
deals = 3
scoring = "victory-points"
seed = 1
records = "r{round}t{table}.acn"
victory-points = "NAME"

[[pairs]]
number = 1
name = "Ann and Cid"
players = ["ann", "cid"]

[[pairs]]
number = 2
name = "Bob and Dee"
players = ["bob", "dee"]
"""


@pytest.mark.parametrize("name", sorted(PRINTED))
def test_each_margin_a_table_can_have_gets_the_points_of_the_printed_range_it_falls_in(name):
    scale = NAMED_SCALES[name]
    for low, high, winner, loser in PRINTED[name]:
        for margin in range(low, (high if high is not None else low + 1000) + 1, 5):  # scores go in fives
            if margin == 0:
                assert victory_points(0, scale) == 10  # a drawn table shares the first row
                continue
            assert (victory_points(margin, scale), victory_points(-margin, scale)) == (winner, loser), margin


@pytest.mark.parametrize("name", sorted(PRINTED))
def test_an_event_file_names_a_published_scale_and_writes_it_back_row_by_row(name):
    event = parse(EVENT.replace("NAME", name))
    assert event.victory_points == NAMED_SCALES[name]
    written = to_toml(event)
    assert "[[victory-points]]" in written and parse(written) == event


def test_a_scale_name_the_arbiter_does_not_have_is_refused_naming_the_ones_it_has():
    with pytest.raises(EventError, match="burraco-italian-2, burraco-italian-3, burraco-italian-4"):
        parse(EVENT.replace("NAME", "fibur-2030"))
