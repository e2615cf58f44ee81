"""What a ruling is made of: each finding (one thing wrong, or worth a warning, at one place in the
record), the rule it cites, what its remedy does to the score sheet, and each hand's result.

The layer under the score sheet (arbiter.rulings.corrected_sheet) and the game's ruling (arbiter.rulings), which
gathers them with the verdict: both read these, and neither is read by them.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from enum import StrEnum
from typing import Any

from ..i18n import Translator, msg, translator
from .views import TableView


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


class Problem(StrEnum):
    """Which kind of problem makes a game not valid: the verdict `illegal` covers `move` and
    `score`, the verdict `malformed` covers `incomplete` and `unreadable`."""

    MOVE = "move"  # a move breaks a rule
    SCORE = "score"  # a declared score, total or result is wrong: an addition error, not a foul
    INCOMPLETE = "incomplete"  # the record leaves out what judging needs: nothing was played wrongly
    UNREADABLE = "unreadable"  # the record cannot be read as notation


PROBLEM_WORDS = {
    Problem.MOVE: msg("a move breaks a rule"),
    Problem.SCORE: msg("a declared score or result is wrong"),
    Problem.INCOMPLETE: msg("the record is incomplete"),
    Problem.UNREADABLE: msg("the record cannot be read"),
}
"""Each kind of problem as the adapters say it."""

SCORE_CODES = frozenset({"score-mismatch", "total-mismatch", "result-mismatch", "result-unfinished"})
"""The codes of a wrong declared score, running total or result."""

INCOMPLETE_CODES = frozenset({"seats-missing", "teams-missing", "position-incomplete", "board-unknown", "suit-missing"})
"""The codes of a record that leaves out what judging needs (docs/notation.md, "Findings")."""


BOARD_CODES = frozenset({"board-mismatch"})
"""A card dealt or drawn that the prepared board the record names does not hold there: read
rightly, played wrongly (docs/notation.md, "Prepared boards")."""


def problem_of(code: str, notation: bool = False) -> Problem:
    """The kind of problem an error of this code is; `notation`: the code is the reader's."""
    if code in INCOMPLETE_CODES:
        return Problem.INCOMPLETE
    if code in SCORE_CODES:
        return Problem.SCORE
    return Problem.UNREADABLE if notation and code not in BOARD_CODES else Problem.MOVE


@dataclass(frozen=True, slots=True)
class Rule:
    """A rule the arbiter checks: a stable code, its name in the rule set, and where the rule
    set states it (`book, "section"`)."""

    code: str
    name: str
    source: str
    summary: str = ""

    def cite(self) -> str:
        return f"{self.name} ({self.source})"


@dataclass(frozen=True, slots=True)
class Adjustment:
    """What a remedy does to the score sheet: `side` gains `points` (a penalty is negative; a
    remedy that changes play but costs no points, such as a raised first-meld minimum, is 0),
    for `reason`, in plain words."""

    side: str
    points: int
    reason: str

    def to_dict(self, lang: str | None = None) -> dict[str, Any]:
        return {"side": self.side, "points": self.points, "reason": translator(lang)(self.reason)}


@dataclass(frozen=True, slots=True)
class Correction:
    """A score sheet refused for one claim of one side (a hand given as its summary: a word the game
    does not have), when the rest of the sheet fixes the score: each side's score with `word`
    struck from `side`'s line, as the arbiter counts it."""

    side: str
    word: str
    scores: dict[str, int]

    def to_dict(self) -> dict[str, Any]:
        return {"side": self.side, "word": self.word, "scores": dict(self.scores)}


@dataclass(slots=True)
class Finding:
    line: int
    column: int
    code: str
    rule: str
    severity: Severity
    message: str
    remedy: str | None = None
    hand: int | None = None
    turn: int | None = None
    player: str | None = None
    table: TableView | None = None
    """The state of the table just before the offending move, where there is one: for a finding on a
    move, the moment `action` names, where `alternatives` hold."""
    repeats: dict[str, int] | None = None
    """Where the same message was first said ({game, line, column}), when `message` only points
    back to it (arbiter.rulings.finding_budget)."""
    adjustment: Adjustment | None = None
    """What the remedy does to the score sheet, where the rule set prescribes one."""
    alternatives: tuple[str, ...] = ()
    """For a finding on a move: the legal actions at that moment instead (ACN texts, the same
    kind first, at most a handful)."""
    alternatives_total: int | None = None
    """How many legal alternatives there were in all: None for a finding that is not on a move,
    0 when nothing else was allowed."""
    alternatives_partial: bool = False
    """Whether the search for them stopped at its work budget (arbiter/engine/work.py): those listed are
    legal, and more may have been allowed."""
    action: int | None = None
    """For a finding on a move: the index (from 0) of the step of its turn the finding is on, the
    moment its alternatives hold: the offending action, or the turn's number of actions when the
    turn line ended where it should not have (a discard missing). A position refuses that step."""
    house: list[dict[str, Any]] | None = None
    """The house rules the finding turns on, each {option, value, book, note}: the club's value
    and note beside the book's default (arbiter.house), where the game was judged by a rulebook."""
    corrected: Correction | None = None
    """For a score sheet refused for one claim: the score with that claim struck (arbiter.rulings.corrected_sheet
    writes it on the corrected score sheet beside the declared one)."""

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def said(self, say: Translator) -> Finding:
        """This finding with its words (message, rule, remedy, the adjustment's reason) said by
        `say`; itself in English. Codes, cards, names and the alternatives (notation) stay."""
        if say.english:
            return self
        adjustment = self.adjustment
        if adjustment is not None:
            adjustment = replace(adjustment, reason=say(adjustment.reason))
        remedy = say(self.remedy) if self.remedy else self.remedy
        return replace(self, message=say(self.message), rule=say(self.rule), remedy=remedy, adjustment=adjustment)

    def to_dict(self, lang: str | None = None) -> dict[str, Any]:
        """The finding's JSON shape; `lang`: its words in that language (keys and codes unchanged)."""
        if lang is not None and lang != "en":
            return self.said(translator(lang)).to_dict()
        data = asdict(replace(self, table=None))
        data["severity"] = str(self.severity)
        if self.table is None:
            del data["table"]
        else:
            data["table"] = TableView(self.table).to_dict()  # a table a caller gave as a plain dict too
        if self.repeats is None:
            del data["repeats"]
        if self.adjustment is None:
            del data["adjustment"]
        if not self.alternatives_partial:
            del data["alternatives_partial"]  # said only where the search was cut
        if self.alternatives_total is None:
            del data["alternatives"], data["alternatives_total"]
        else:
            data["alternatives"] = [str(action) for action in self.alternatives]  # Actions as their text
        if self.action is None:
            del data["action"]
        if self.house is None:
            del data["house"]
        if self.corrected is None:
            del data["corrected"]
        return data


@dataclass(slots=True)
class HandResult:
    number: int
    line: int
    scores: dict[str, int] | None
    """Recomputed points of each side; None when the hand was not judged or did not end."""
    declared: dict[str, int] | None = None
    totals: dict[str, int] | None = None
    judged: bool = True
    ended: bool = True
    minimums: dict[str, int] | None = None
    """Each side's first-meld minimum in the next hand, from the corrected totals: given for a hand
    given as its summary (ACN 1.1), whose score sheet says it before the next deal."""

    def to_dict(self) -> dict[str, Any]:
        out = asdict(self)
        if self.minimums is None:
            del out["minimums"]  # a hand in moves reads as it always has
        return out
