"""A tournament in one file (docs/events.md): the event file and its checks (`model`), the
movements (`movements`), each table's record certified (`tables`), the standings and the ledger
(`ranking`), the report a director signs (`report`), the prepared boards (`deals`, and `boards`,
which `arbiter.check` reads for a record that names its board).

    event = arbiter.event.load("thursday.event.toml")
    result = arbiter.event.standings(event)
    print(arbiter.event.standings_text(result, lang="es"))

The pure core: it reads files and calls `arbiter.check`, never the command line or the web.
"""

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the names as they are, for type checkers and readers
    from .errors import EventError
    from .model import SUFFIX, Event, Pair, Penalty, load, parse
    from .movements import Round, Schedule, Seating, howell, mitchell, round_robin, swiss_round
    from .ranking import Line, Standings, schedule_of, standings
    from .report import standings_dict, standings_text
    from .scales import VictoryStep
    from .tables import TABLE_CODES, TableResult, certify, rulebook_of
    from .writing import new_event, to_toml

_WHERE = {
    "EventError": ".errors",
    **dict.fromkeys(("SUFFIX", "Event", "Pair", "Penalty", "load", "parse"), ".model"),
    **dict.fromkeys(("new_event", "to_toml"), ".writing"),
    **dict.fromkeys(("Round", "Schedule", "Seating", "howell", "mitchell", "round_robin", "swiss_round"), ".movements"),
    "VictoryStep": ".scales",
    **dict.fromkeys(("standings_dict", "standings_text"), ".report"),
    **dict.fromkeys(("Line", "Standings", "schedule_of", "standings"), ".ranking"),
    **dict.fromkeys(("TABLE_CODES", "TableResult", "certify", "rulebook_of"), ".tables"),
}
"""Where each name lives, imported when first used (PEP 562): `arbiter check` reads
`arbiter.judging.boards` for a record that names its board, without the rest of the package."""


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(_WHERE[name], __name__), name)
    globals()[name] = value
    return value


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
