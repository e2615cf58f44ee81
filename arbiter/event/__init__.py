"""A tournament in one file (docs/event.md): the event file and its checks (`model`), the
movements (`movements`), the standings from the tables' certified records (`standings`).

    event = arbiter.event.load("thursday.event.toml")
    schedule = arbiter.event.schedule(event)
    report = arbiter.event.standings(event)

The pure core: it reads files and calls `arbiter.check`, never the command line or the web.
"""

from .model import SUFFIX, Event, EventError, Pair, Penalty, VictoryStep, load, parse
from .movements import Round, Schedule, Seating, howell, mitchell, round_robin, swiss_round

__all__ = [
    "SUFFIX",
    "Event",
    "EventError",
    "Pair",
    "Penalty",
    "Round",
    "Schedule",
    "Seating",
    "VictoryStep",
    "howell",
    "load",
    "mitchell",
    "parse",
    "round_robin",
    "swiss_round",
]
