"""arbiter: the rules arbiter and game-record verifier for Canasta.

The pure core: notation, cards, rule sets, engine, scoring and rulings. It imports nothing from
the command line or the web adapters, which are thin shells over `check`. Its names are imported
when first used, so that a command that needs only a part of it starts quickly.
"""

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
import warnings
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the names as they are, for type checkers and readers
    from .engine.work import WorkBudget
    from .errors import ArbiterError, NotARecord
    from .judging.checker import Request, check, judge
    from .judging.memory import forget
    from .notation import DEFAULT_LIMITS, NOTATION_VERSION, Limits, NotationError, ParsedGame, parse
    from .notation.actions import Action
    from .notation.formatter import format_game, format_source
    from .positions import IllegalAction, Move, Position, PositionError, read_games, table_after
    from .rules.base import UsageError
    from .rulings import GameRuling, Verdict, summarize
    from .rulings.corrected_sheet import ScoreSheet, score_sheet
    from .rulings.finding_budget import DEFAULT_BUDGET, FindingBudget, within_budget
    from .rulings.findings import Adjustment, Finding, HandResult, Problem, Severity
    from .rulings.views import MeldView, TableView

_WHERE = {
    "Action": ".notation.actions",
    "ArbiterError": ".errors",
    "NotARecord": ".errors",
    "NotationError": ".notation",
    "MeldView": ".rulings.views",
    "TableView": ".rulings.views",
    "DEFAULT_BUDGET": ".rulings.finding_budget",
    "FindingBudget": ".rulings.finding_budget",
    "within_budget": ".rulings.finding_budget",
    "Request": ".judging",
    "check": ".judging",
    "judge": ".judging",
    "format_game": ".notation.formatter",
    "format_source": ".notation.formatter",
    "forget": ".judging.memory",
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
    "Adjustment": ".rulings.findings",
    "Finding": ".rulings.findings",
    "GameRuling": ".rulings",
    "HandResult": ".rulings.findings",
    "Problem": ".rulings.findings",
    "Severity": ".rulings.findings",
    "Verdict": ".rulings",
    "summarize": ".rulings",
    "ScoreSheet": ".rulings.corrected_sheet",
    "score_sheet": ".rulings.corrected_sheet",
    "WorkBudget": ".engine.work",
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


MOVED = {
    "arbiter.actions": "arbiter.notation.actions",
    "arbiter.allowed": "arbiter.judging.allowed",
    "arbiter.assumed": "arbiter.judging.assumed",
    "arbiter.event.boards": "arbiter.judging.boards",
    "arbiter.sheets.judge": "arbiter.engine.summaries",
    "arbiter.budget": "arbiter.rulings.finding_budget",
    "arbiter.checker": "arbiter.judging.checker",
    "arbiter.comment_languages": "arbiter.notation.comment_languages",
    "arbiter.counts": "arbiter.rulings.counts",
    "arbiter.findings": "arbiter.rulings.findings",
    "arbiter.formatter": "arbiter.notation.formatter",
    "arbiter.jsontext": "arbiter.rulings.jsontext",
    "arbiter.marks": "arbiter.positions.marks",
    "arbiter.memory": "arbiter.judging.memory",
    "arbiter.move_answer": "arbiter.positions.move_answer",
    "arbiter.records": "arbiter.notation.records",
    "arbiter.sheet": "arbiter.rulings.corrected_sheet",
    "arbiter.situation": "arbiter.positions.situation",
    "arbiter.turn_tables": "arbiter.positions.frames",
    "arbiter.views": "arbiter.rulings.views",
    "arbiter.wording": "arbiter.i18n",
    "arbiter.work": "arbiter.engine.work",
}
"""The modules that stood at the package's root before 0.2 (CHANGELOG.md), and where each is now.
Importing an old name still works, with a `DeprecationWarning`, and gives the module itself."""


class _MovedModules(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds each old name of MOVED and hands back the module under its new name."""

    def find_spec(self, fullname: str, path: Any, target: Any = None) -> importlib.machinery.ModuleSpec | None:
        return importlib.util.spec_from_loader(fullname, self) if fullname in MOVED else None

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> Any:
        warnings.warn(
            f"{spec.name} is now {MOVED[spec.name]}; the old name goes in a later version",
            DeprecationWarning,
            stacklevel=2,
        )
        return importlib.import_module(MOVED[spec.name])

    def exec_module(self, module: Any) -> None:
        """The module is the one already imported under its new name: nothing to run."""


sys.meta_path.append(_MovedModules())
