"""arbiter: the rules arbiter and game-record verifier for Canasta.

The pure core: notation, cards, rule sets, engine, scoring and rulings. It imports nothing from
the command line or the web adapters, which are thin shells over `check`.
"""

from .budget import DEFAULT_BUDGET, FindingBudget, within_budget
from .checker import check, judge
from .formatter import format_game, format_source
from .memory import forget
from .notation import DEFAULT_LIMITS, NOTATION_VERSION, Limits, ParsedGame, parse
from .positions import IllegalAction, Move, Position, PositionError, read_games, table_after
from .rules.base import UsageError
from .rulings import Adjustment, Finding, GameRuling, HandResult, Problem, Severity, Verdict, summarize
from .sheet import ScoreSheet, score_sheet
from .work import WorkBudget

__all__ = [
    "DEFAULT_BUDGET",
    "DEFAULT_LIMITS",
    "NOTATION_VERSION",
    "Adjustment",
    "Finding",
    "FindingBudget",
    "GameRuling",
    "HandResult",
    "IllegalAction",
    "Limits",
    "Move",
    "ParsedGame",
    "Position",
    "PositionError",
    "Problem",
    "ScoreSheet",
    "Severity",
    "UsageError",
    "Verdict",
    "WorkBudget",
    "check",
    "forget",
    "format_game",
    "format_source",
    "judge",
    "parse",
    "read_games",
    "score_sheet",
    "summarize",
    "table_after",
    "within_budget",
]
