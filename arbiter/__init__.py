"""arbiter: the rules arbiter and game-record verifier for Canasta.

The pure core: notation, cards, rule sets, engine, scoring and rulings. It imports nothing from
the command line or the web adapters, which are thin shells over `check`.
"""

from .checker import check, judge, table_after
from .formatter import format_game, format_source
from .notation import DEFAULT_LIMITS, NOTATION_VERSION, Limits, ParsedGame, parse
from .rules.base import UsageError
from .rulings import Finding, GameRuling, HandResult, Severity, Verdict, summarize

__all__ = [
    "DEFAULT_LIMITS",
    "NOTATION_VERSION",
    "Finding",
    "GameRuling",
    "HandResult",
    "Limits",
    "ParsedGame",
    "Severity",
    "UsageError",
    "Verdict",
    "check",
    "format_game",
    "format_source",
    "judge",
    "parse",
    "summarize",
    "table_after",
]
