"""Rulings as data: what the arbiter says about a record. The adapters (CLI, web) render them.

A `GameRuling` is the verdict on one game with its findings (arbiter.rulings.findings: one thing wrong, or
worth a warning, at one place in the record), the recomputed scores and the corrected score sheet
(arbiter.rulings.corrected_sheet). `to_dict` gives the stable JSON shape documented in the README ("JSON output").
The names of arbiter.rulings.findings are also read from here, where the rulings' readers look for them.

The package is data below every step that makes it (the reader's findings, the engine's), in
import order:

- `views`: `TableView`, the table as the library shows it (a finding's table, a position's);
- `findings`: one thing wrong or worth a warning, the rule it cites, its remedy, a hand's result;
- `corrected_sheet`: the corrected score sheet of a judged game;
- this module: `GameRuling`, `Verdict`, `summarize`;
- `finding_budget`: the findings an answer lists, bounded by the question;
- `counts`: the counted words of the reports (one error, two errors);
- `jsontext`: rulings written as indented JSON, the same text as `json.dumps`, quicker.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from ..i18n import Translator, translator
from .corrected_sheet import score_sheet
from .findings import (  # noqa: F401 (read from here too)
    INCOMPLETE_CODES,
    PROBLEM_WORDS,
    SCORE_CODES,
    Adjustment,
    Finding,
    HandResult,
    Problem,
    Rule,
    Severity,
    problem_of,
)

ROUND_TAGS = ("Event", "Table", "Round")
"""The tags that place a game in a tournament round, which its ruling keeps for the round's reports."""


class Verdict(StrEnum):
    VALID = "valid"  # every rule kept, every declared score right
    ILLEGAL = "illegal"  # a move breaks a rule, or a declared score or result is wrong
    MALFORMED = "malformed"  # the record cannot be read as notation, or leaves out what judging needs


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
    (arbiter.rulings.finding_budget): `findings` holds the rest."""
    house: dict[str, str] | None = None
    """The rulebook the game was judged by ({name, version, digest, family}; arbiter.house), or
    None when it was judged by the rule set and options alone."""
    ignored: Counter[str] = field(default_factory=Counter)
    """Findings left out by the caller's selection of codes (the command line's --select and
    --ignore), by severity: they fail nothing, and are counted so the report says so."""
    tags: dict[str, str] = field(default_factory=dict)
    """The game's `ROUND_TAGS` the record gives, by those names, so that a round's report needs
    not read the record again (arbiter.archive.round_report); not part of the JSON shape."""
    assumed: Any = None
    """For a game whose record names no rule set (no `[Rules]` tag, none asked for): the rule set
    it was judged by and a family its shape fits better (arbiter.judging.assumed.Assumed); else None."""

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
        if self.assumed is not None:
            say = translator(lang)
            why = say(self.assumed.why) if self.assumed.why else None
            data["assumed"] = {**self.assumed.to_dict(), "why": why, "said": say(self.assumed.said())}
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
