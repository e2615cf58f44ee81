"""Rulings as data: what the arbiter says about a record. The adapters (CLI, web) render them.

A `Finding` is one thing wrong (or worth a warning) at one place in the record; a `GameRuling`
is the verdict on one game with its findings and the recomputed scores. `to_dict` gives the
stable JSON shape documented in the README ("JSON output").
"""

from __future__ import annotations

from collections import Counter
from dataclasses import asdict, dataclass, field
from enum import StrEnum
from typing import Any


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


class Verdict(StrEnum):
    VALID = "valid"  # every rule kept, every declared score right
    ILLEGAL = "illegal"  # a move breaks a rule, or a declared score or result is wrong
    MALFORMED = "malformed"  # the record cannot be read as notation


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

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["severity"] = str(self.severity)
        if self.table is None:
            del data["table"]
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

    @property
    def verdict(self) -> Verdict:
        if self.malformed:
            return Verdict.MALFORMED
        if any(f.is_error for f in self.findings):
            return Verdict.ILLEGAL
        return Verdict.VALID

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "line": self.line,
            "rules": self.rules,
            "options": self.options,
            "verdict": str(self.verdict),
            "findings": [f.to_dict() for f in self.findings],
            "hands": [h.to_dict() for h in self.hands],
            "totals": self.totals,
            "winner": self.winner,
        }


def summarize(games: list[GameRuling]) -> dict[str, int]:
    """How many games got each verdict, and how many findings of each severity they have."""
    counts = {str(v): 0 for v in Verdict}
    errors = warnings = 0
    for game in games:
        counts[str(game.verdict)] += 1
        for finding in game.findings:
            if finding.is_error:
                errors += 1
            else:
                warnings += 1
    return {"games": len(games), **counts, "errors": errors, "warnings": warnings}
