"""arbiter: the rules arbiter and game-record verifier for Canasta.

The pure core: notation, cards, rule sets, engine, scoring and rulings. It imports nothing from
the command line or the web adapters, which are thin shells over `check`. Its names are imported
when first used, so that a command that needs only a part of it starts quickly.
"""

import importlib
import importlib.util
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the names as they are, for type checkers and readers
    from .actions import Action
    from .budget import DEFAULT_BUDGET, FindingBudget, within_budget
    from .checker import Request, check, judge
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
    from .work import WorkBudget

_WHERE = {
    "Action": ".actions",
    "ArbiterError": ".errors",
    "NotARecord": ".errors",
    "NotationError": ".notation",
    "MeldView": ".views",
    "TableView": ".views",
    "DEFAULT_BUDGET": ".budget",
    "FindingBudget": ".budget",
    "within_budget": ".budget",
    "Request": ".checker",
    "check": ".checker",
    "judge": ".checker",
    "format_game": ".formatter",
    "format_source": ".formatter",
    "forget": ".memory",
    "DEFAULT_LIMITS": ".notation",
    "NOTATION_VERSION": ".notation",
    "Limits": ".notation",
    "ParsedGame": ".notation",
    "parse": ".notation",
    "IllegalAction": ".positions",
    "Move": ".positions",
    "Position": ".positions",
    "PositionError": ".positions",
    "read_games": ".positions",
    "table_after": ".positions",
    "UsageError": ".rules.base",
    "Adjustment": ".findings",
    "Finding": ".findings",
    "GameRuling": ".rulings",
    "HandResult": ".findings",
    "Problem": ".findings",
    "Severity": ".findings",
    "Verdict": ".rulings",
    "summarize": ".rulings",
    "ScoreSheet": ".sheet",
    "score_sheet": ".sheet",
    "WorkBudget": ".work",
}
"""Where each of the package's names lives: imported when first used (PEP 562), so that a
program using one part (`arbiter --version`, the reader alone) does not load the engine."""


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        value = getattr(importlib.import_module(_WHERE[name], __name__), name)
    elif not name.startswith("_") and importlib.util.find_spec(f"{__name__}.{name}") is not None:
        value = importlib.import_module(f"{__name__}.{name}")  # a subpackage (`arbiter.families.get`)
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value  # looked up once
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_WHERE})


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
    "Request",
    "ScoreSheet",
    "Severity",
    "TableView",
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
