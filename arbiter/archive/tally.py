"""Counting what a run found, for the summary line, the JSON summary and the exit code."""

from __future__ import annotations

from dataclasses import dataclass

from .inputs import FileReport

EXIT_VALID = 0  # every game valid
EXIT_FINDINGS = 1  # a finding of severity error (or, with --strict, any finding)
EXIT_USAGE = 2  # a usage or I/O problem: bad flags, missing or unreadable input


def plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


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
    unlisted: int = 0  # findings counted but not listed (arbiter.budget)
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
            self.errors += game.errors  # listed or not (arbiter.budget)
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
        """`3 files, 5 games: 3 valid, 1 illegal, 1 malformed; ...`"""
        text = f"{plural(self.files, 'file')}, {plural(self.games, 'game')}: "
        text += f"{self.valid} valid, {self.illegal} illegal, {self.malformed} malformed"
        extra = []
        if self.errors or self.warnings:
            extra.append(f"{plural(self.errors, 'error')}, {plural(self.warnings, 'warning')}")
        if self.ignored:
            extra.append(f"{plural(self.ignored, 'finding')} ignored")
        if self.unreadable:
            extra.append(f"{plural(self.unreadable, 'file')} not checked")
        return "; ".join([text, *extra])
