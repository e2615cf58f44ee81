"""arbiter: the rules arbiter and game-record verifier for Canasta.

The pure core: notation, cards, rule sets, engine, scoring and rulings. It imports nothing from
the command line or the web adapters, which are thin shells over `check`.
"""

from .actions import Action
from .budget import DEFAULT_BUDGET, FindingBudget, within_budget
from .checker import check, judge
from .errors import ArbiterError, NotARecord
from .findings import Adjustment, Finding, HandResult, Problem, Severity
from .formatter import format_game, format_source
from .memory import forget
from .notation import DEFAULT_LIMITS, NOTATION_VERSION, Limits, NotationError, ParsedGame, parse
from .positions import IllegalAction, Move, Position, PositionError, read_games, table_after
from .rules.base import UsageError
from .rulings import GameRuling, Verdict, summarize
from .sheet import ScoreSheet, score_sheet
from .views import MeldView, TableView

__all__ = [
    "DEFAULT_BUDGET",
    "DEFAULT_LIMITS",
    "NOTATION_VERSION",
    "Action",
    "Adjustment",
    "ArbiterError",
    "Finding",
    "FindingBudget",
    "GameRuling",
    "HandResult",
    "IllegalAction",
    "Limits",
    "MeldView",
    "Move",
    "NotARecord",
    "NotationError",
    "ParsedGame",
    "Position",
    "PositionError",
    "Problem",
    "ScoreSheet",
    "Severity",
    "TableView",
    "UsageError",
    "Verdict",
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
