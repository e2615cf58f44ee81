"""Counting what a run found, for the summary line, the JSON summary and the exit code."""

from __future__ import annotations

from dataclasses import dataclass

from arbiter.i18n import joined, msg, msg_n

from ..rulings import counts
from .inputs import FileReport

EXIT_VALID = 0  # every game valid
EXIT_FINDINGS = 1  # a finding of severity error (or, with --strict, any finding)
EXIT_USAGE = 2  # a usage or I/O problem: bad flags, missing or unreadable input


@dataclass(slots=True)
class Tally:
    files: int = 0
    games: int = 0
    valid: int = 0
    illegal: int = 0
    malformed: int = 0
    unreadable: int = 0
    errors: int = 0
    warnings: int = 0
    unlisted: int = 0  # findings counted but not listed (arbiter.rulings.finding_budget)
    ignored: int = 0  # findings left out by --select/--ignore: they fail nothing, and are counted

    def add(self, report: FileReport) -> None:
        self.files += 1
        if report.error:
            self.unreadable += 1
            return
        for game in report.games:
            self.games += 1
            verdict = str(game.verdict)
            setattr(self, verdict, getattr(self, verdict) + 1)
            self.errors += game.errors  # listed or not (arbiter.rulings.finding_budget)
            self.warnings += game.warnings
            self.unlisted += sum(game.unlisted.values())
            self.ignored += sum(game.ignored.values())

    def summary(self) -> dict[str, int]:
        """The JSON summary (documented in the README: fields may be added, never removed)."""
        return {
            "files": self.files,
            "games": self.games,
            "valid": self.valid,
            "illegal": self.illegal,
            "malformed": self.malformed,
            "unreadable": self.unreadable,
            "errors": self.errors,
            "warnings": self.warnings,
            "unlisted": self.unlisted,
            "ignored": self.ignored,
        }

    def exit_code(self, strict: bool = False) -> int:
        if self.unreadable:
            return EXIT_USAGE
        if self.illegal or self.malformed or self.errors or (strict and self.warnings):
            return EXIT_FINDINGS
        return EXIT_VALID

    def sentence(self) -> str:
        """`3 files, 5 games: 3 valid, 1 illegal, 1 malformed; ...`, a `Text` (the summary line)."""
        parts: list[str] = [
            msg(
                "{files}, {games}: {valid} valid, {illegal} illegal, {malformed} malformed",
                files=counts.files(self.files),
                games=counts.games(self.games),
                valid=self.valid,
                illegal=self.illegal,
                malformed=self.malformed,
            )
        ]
        if self.errors or self.warnings:
            parts.append(counts.errors_and_warnings(self.errors, self.warnings))
        if self.ignored:
            parts.append(msg_n("{n} finding ignored", "{n} findings ignored", self.ignored))
        if self.unreadable:
            parts.append(msg_n("{n} file not checked", "{n} files not checked", self.unreadable))
        return joined(parts, "; ")
