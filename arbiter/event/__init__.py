"""A tournament in one file (docs/event.md): the event file and its checks (`model`), the
movements (`movements`), each table's record certified (`tables`), the standings (`standings`)
and the report a director signs (`report`).

    event = arbiter.event.load("thursday.event.toml")
    result = arbiter.event.standings(event)
    print(arbiter.event.standings_text(result, lang="es"))

The pure core: it reads files and calls `arbiter.check`, never the command line or the web.
"""

from .errors import EventError
from .model import SUFFIX, Event, Pair, Penalty, VictoryStep, load, new_event, parse, to_toml
from .movements import Round, Schedule, Seating, howell, mitchell, round_robin, swiss_round
from .report import standings_dict, standings_text
from .standings import Line, Standings, schedule_of, standings
from .tables import TABLE_CODES, TableResult, certify, rulebook_of

__all__ = [
    "SUFFIX",
    "TABLE_CODES",
    "Event",
    "EventError",
    "Line",
    "Pair",
    "Penalty",
    "Round",
    "Schedule",
    "Seating",
    "Standings",
    "TableResult",
    "VictoryStep",
    "certify",
    "howell",
    "load",
    "mitchell",
    "new_event",
    "parse",
    "round_robin",
    "rulebook_of",
    "schedule_of",
    "standings",
    "standings_dict",
    "standings_text",
    "swiss_round",
    "to_toml",
]
