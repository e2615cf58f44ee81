"""Rulings as data: what the arbiter says about a record. The adapters (CLI, web) render them.

A `Finding` is one thing wrong (or worth a warning) at one place in the record; a `GameRuling`
is the verdict on one game with its findings and the recomputed scores. `to_dict` gives the
stable JSON shape documented in the README ("JSON output").
"""

from __future__ import annotations

from collections import Counter
from dataclasses import asdict, dataclass, field, replace
from enum import StrEnum
from typing import Any

from .i18n import Translator, msg, translator
from .sheet import score_sheet


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


class Verdict(StrEnum):
    VALID = "valid"  # every rule kept, every declared score right
    ILLEGAL = "illegal"  # a move breaks a rule, or a declared score or result is wrong
    MALFORMED = "malformed"  # the record cannot be read as notation, or leaves out what judging needs


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

INCOMPLETE_CODES = frozenset({"seats-missing", "teams-missing", "position-incomplete"})
"""The codes of a record that leaves out what judging needs (docs/notation.md, "Findings")."""


def problem_of(code: str, notation: bool = False) -> Problem:
    """The kind of problem an error of this code is; `notation`: the code is the reader's."""
    if code in INCOMPLETE_CODES:
        return Problem.INCOMPLETE
    if code in SCORE_CODES:
        return Problem.SCORE
    return Problem.UNREADABLE if notation else Problem.MOVE


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
    table: dict[str, Any] | None = None
    """The state of the table just before the offending move, where there is one."""
    repeats: dict[str, int] | None = None
    """Where the same message was first said ({game, line, column}), when `message` only points
    back to it (arbiter.budget)."""
    adjustment: Adjustment | None = None
    """What the remedy does to the score sheet, where the rule set prescribes one."""
    alternatives: tuple[str, ...] = ()
    """For a finding on a move: the legal actions at that moment instead (ACN texts, the same
    kind first, at most a handful)."""
    alternatives_total: int | None = None
    """How many legal alternatives there were in all: None for a finding that is not on a move,
    0 when nothing else was allowed."""
    house: list[dict[str, Any]] | None = None
    """The house rules the finding turns on, each {option, value, book, note}: the club's value
    and note beside the book's default (arbiter.house), where the game was judged by a rulebook."""

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
        data = asdict(self)
        data["severity"] = str(self.severity)
        if self.table is None:
            del data["table"]
        if self.repeats is None:
            del data["repeats"]
        if self.adjustment is None:
            del data["adjustment"]
        if self.alternatives_total is None:
            del data["alternatives"], data["alternatives_total"]
        else:
            data["alternatives"] = list(self.alternatives)
        if self.house is None:
            del data["house"]
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

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(slots=True)
class GameRuling:
    index: int
    line: int
    rules: str | None
    options: dict[str, Any] = field(default_factory=dict)
    findings: list[Finding] = field(default_factory=list)
    hands: list[HandResult] = field(default_factory=list)
    totals: dict[str, int] = field(default_factory=dict)
    winner: str | None = None
    malformed: bool = False
    coverage: Counter[str] = field(default_factory=Counter, repr=False)
    """How often each rule code was checked and each legal path taken (`path:frozen-take`, ...),
    for coverage reports; not part of the JSON shape."""
    unlisted: Counter[str] = field(default_factory=Counter)
    """Findings counted but not listed, by severity, when an answer's finding budget ran out
    (arbiter.budget): `findings` holds the rest."""
    house: dict[str, str] | None = None
    """The rulebook the game was judged by ({name, version, digest, family}; arbiter.house), or
    None when it was judged by the rule set and options alone."""
    ignored: Counter[str] = field(default_factory=Counter)
    """Findings left out by the caller's selection of codes (the command line's --select and
    --ignore), by severity: they fail nothing, and are counted so the report says so."""

    @property
    def errors(self) -> int:
        """Findings of severity error, listed or not."""
        return sum(1 for f in self.findings if f.is_error) + self.unlisted[Severity.ERROR]

    @property
    def warnings(self) -> int:
        """Findings of severity warning, listed or not."""
        return len(self.findings) - sum(1 for f in self.findings if f.is_error) + self.unlisted[Severity.WARNING]

    @property
    def incomplete(self) -> bool:
        """An error says the record leaves out what judging needs."""
        return any(f.is_error and f.code in INCOMPLETE_CODES for f in self.findings)

    @property
    def verdict(self) -> Verdict:
        if self.malformed or self.incomplete:
            return Verdict.MALFORMED
        if self.unlisted[Severity.ERROR] or any(f.is_error for f in self.findings):
            return Verdict.ILLEGAL
        return Verdict.VALID

    @property
    def problems(self) -> list[Problem]:
        """The kinds of problem the game has, most serious first; empty for a valid game."""
        if self.malformed:
            return [Problem.UNREADABLE]
        codes = {f.code for f in self.findings if f.is_error}
        kinds = [Problem.INCOMPLETE] if codes & INCOMPLETE_CODES else []
        kinds += [Problem.MOVE] if codes - SCORE_CODES - INCOMPLETE_CODES else []
        return kinds + ([Problem.SCORE] if codes & SCORE_CODES else [])

    def said(self, say: Translator) -> GameRuling:
        """This ruling with its findings' words said by `say` (see `Finding.said`); itself in English."""
        if say.english:
            return self
        return replace(self, findings=[finding.said(say) for finding in self.findings])

    def to_dict(self, lang: str | None = None) -> dict[str, Any]:
        """The ruling's JSON shape (README, "JSON output"); `lang`: its words (messages, rules,
        remedies, the sheet's reasons) in that language, keys and codes unchanged."""
        say = translator(lang)
        if not say.english:
            return self.said(say)._dict(say.language)
        return self._dict(None)

    def _dict(self, lang: str | None) -> dict[str, Any]:
        data = {
            "index": self.index,
            "line": self.line,
            "rules": self.rules,
            "options": self.options,
            "verdict": str(self.verdict),
            "findings": [f.to_dict() for f in self.findings],
            "hands": [h.to_dict() for h in self.hands],
            "totals": self.totals,
            "winner": self.winner,
            "unlisted": sum(self.unlisted.values()),
            "problems": [str(p) for p in self.problems],
            "sheet": score_sheet(self).to_dict(lang),
        } | ({"ignored": sum(self.ignored.values())} if self.ignored else {})
        if self.house is not None:
            data["house"] = dict(self.house)
        return data


def summarize(games: list[GameRuling]) -> dict[str, int]:
    """How many games got each verdict, and how many findings of each severity they have."""
    counts = {str(v): 0 for v in Verdict}
    errors = warnings = unlisted = 0
    for game in games:
        counts[str(game.verdict)] += 1
        errors += game.errors
        warnings += game.warnings
        unlisted += sum(game.unlisted.values())
    return {"games": len(games), **counts, "errors": errors, "warnings": warnings, "unlisted": unlisted}
