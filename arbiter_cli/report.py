"""Round reports a director files: `arbiter check --format html` (one self-contained page for
every game of every file) and `--format csv` (one row per game, for a spreadsheet).

The report's data, with each game's Event, Table and Round tags, is the library's
(`arbiter.archive.round_report`, from the rulings alone); this module only renders it. The HTML
page carries its style inline and loads nothing: it can be mailed, attached to a protest or
printed as it is.
"""

from __future__ import annotations

import csv
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

from rich.console import Console
from rich.text import Text

import arbiter
from arbiter.archive.inputs import FileReport
from arbiter.archive.round_report import RoundReport, result
from arbiter.archive.tally import Tally
from arbiter.i18n import Text as Words
from arbiter.i18n import msg
from arbiter.judging.allowed import allowed_line, allowed_sentence
from arbiter.rulings import ROUND_TAGS, counts

from .language import current, said
from .text import house_name, one_line, shown_path

TEMPLATES = Path(__file__).parent / "templates"
CSV_COLUMNS = (
    "file",
    "game",
    "line",
    *(tag.lower() for tag in ROUND_TAGS),
    "rules",
    "verdict",
    "result",
    "totals",
    "errors",
    "warnings",
    "first_finding",
    "allowed_instead",
)
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")  # a spreadsheet would run such a cell as a formula


def judged_by(game: arbiter.GameRuling) -> str:
    """The rule set, and the house rulebook where the game was judged by one."""
    rules = game.rules or ""
    return msg("{rules} ({rulebook})", rules=rules, rulebook=house_name(game.house)) if game.house else rules


def totals(game: arbiter.GameRuling) -> str:
    """`ann+cy 5,120; bob+dee 3,400`, the numbers grouped as the language writes them."""
    return "; ".join(
        said(msg("{side} {points:,}", side=side, points=points)) for side, points in (game.totals or {}).items()
    )


def first_finding(game: arbiter.GameRuling) -> str:
    """The first finding of a game (said already, `GameRuling.said`), on one line."""
    if not game.findings:
        return ""
    finding = game.findings[0]
    where = said(msg("line {line}: ", line=finding.line)) if finding.line > 0 else ""
    return f"{where}{finding.severity}[{finding.code}] {one_line(finding.message)}"


def first_allowed(game: arbiter.GameRuling) -> str:
    """What was allowed instead of the first finding's move, as notation; empty if not a move."""
    return one_line(said(allowed_line(game.findings[0]) or "")) if game.findings else ""


class _Round:
    """Collects every file's games into the round's report, a document written at the end."""

    def __init__(self, out: IO[str], err: Console, strict: bool = False) -> None:
        self.out, self.err, self.strict = out, err, strict
        self.round = RoundReport()

    def file(self, report: FileReport) -> None:
        if report.error:
            self.err.print(Text(f"{shown_path(report.path)}: error: {said(report.error)}"), soft_wrap=True)
        self.round.add(report, current())


class HtmlRenderer(_Round):
    def finish(self, tally: Tally) -> None:
        from jinja2 import Environment, FileSystemLoader, select_autoescape  # for this report only
        from markupsafe import Markup

        say = current()
        environment = Environment(
            loader=FileSystemLoader(TEMPLATES),
            autoescape=select_autoescape(["html"]),
            keep_trailing_newline=True,
            extensions=["jinja2.ext.i18n"],
        )
        environment.install_gettext_callables(say.gettext, say.ngettext, newstyle=True)  # type: ignore[attr-defined]
        environment.filters["points"] = lambda value: "—" if value is None else say(msg("{points:,}", points=value))
        page = environment.get_template("round.html").render(
            lang=say.language,
            say=say,
            entries=self.round.entries,
            unreadable=self.round.unreadable,
            shown=shown_path,
            summary=say(tally.sentence()),
            tags=ROUND_TAGS,
            css=Markup((TEMPLATES / "round.css").read_text(encoding="utf-8")),
            result=lambda game: say(result(game)),
            totals=lambda game: totals(game),
            allowed=lambda finding: say(allowed_sentence(finding)) if finding.alternatives_total is not None else "",
            judged_by=lambda game: say(judged_by(game)),
            verdict=lambda game: say(counts.VERDICT_WORDS[game.verdict]),
            severity=lambda finding: say(counts.SEVERITY_WORDS[finding.severity]),
            where=lambda finding: say(_where(finding)),
            made=say(
                msg(
                    "Made by the Canasta arbiter on {date} (notation {notation}).",
                    date=made_on(),
                    notation=arbiter.NOTATION_VERSION,
                )
            ),
            starts=lambda game: say(msg("Starts at line {line}.", line=game.line)),
            judged=lambda game: say(msg("Judged by {rules}.", rules=judged_by(game))),
        )
        self.out.write(page)


def made_on() -> str:
    """When the report was made, as the language writes a date: `25 November 2026, 18:40 UTC`."""
    now, say = datetime.now(UTC), current()
    if say.english:
        return now.strftime("%d %B %Y, %H:%M UTC")
    from babel.dates import format_date

    return f"{format_date(now, 'long', locale=say.language)}, {now:%H:%M} UTC"


def _where(finding: arbiter.Finding) -> Words:
    if finding.column:
        return msg("Line {line}, column {column}: ", line=finding.line, column=finding.column)
    return msg("Line {line}: ", line=finding.line)


def _cell(value: Any) -> Any:
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


class CsvRenderer(_Round):
    """One row per game; the column names are keys (never translated), the cells' words are said."""

    def finish(self, tally: Tally) -> None:
        say = current()
        writer = csv.writer(self.out, lineterminator="\n")
        writer.writerow(CSV_COLUMNS)
        for entry in self.round.entries:
            game = entry.game
            errors = sum(1 for f in game.findings if f.is_error)
            row = [
                shown_path(entry.path),
                game.index,
                game.line,
                *entry.tags.values(),
                say(judged_by(game)),
                entry.verdict,
                say(result(game)),
                totals(game),
                errors,
                len(game.findings) - errors,
                first_finding(game),
                first_allowed(game),
            ]
            writer.writerow([_cell(value) for value in row])
        for report in self.round.unreadable:
            row = [
                shown_path(report.path),
                "",
                "",
                *([""] * len(ROUND_TAGS)),
                "",
                "unreadable",
                "",
                "",
                "",
                "",
                say(report.error) if report.error else "",
                "",
            ]
            writer.writerow([_cell(value) for value in row])


RENDERERS = {"html": HtmlRenderer, "csv": CsvRenderer}
