"""Round reports a director files: `arbiter check --format html` (one self-contained page for
every game of every file) and `--format csv` (one row per game, for a spreadsheet).

The Event, Table and Round tags are not part of a ruling, so the renderers read them from each
file again with `arbiter.parse` (reading only, no judging); standard input is not read twice, so
its games show no tags. The HTML page carries its style inline and loads nothing: it can be mailed,
attached to a protest or printed as it is.
"""

from __future__ import annotations

import csv
import os
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup
from rich.console import Console
from rich.text import Text

import arbiter
from arbiter.allowed import allowed_line, allowed_sentence
from arbiter.archive.inputs import FileReport
from arbiter.archive.tally import Tally

from .text import house_name, one_line, shown_path

TAGS = ("Event", "Table", "Round")
TEMPLATES = Path(__file__).parent / "templates"
CSV_COLUMNS = (
    "file",
    "game",
    "line",
    *(tag.lower() for tag in TAGS),
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


def read_tags(path: str) -> list[dict[str, str]]:
    """The Event, Table and Round tags of each game of the file at `path` (none if it cannot be read)."""
    if not os.path.isfile(path):
        return []
    try:
        with open(path, "rb") as stream:
            return [
                {tag: parsed.game.tag(tag) or "" for tag in TAGS}
                for parsed in arbiter.parse(stream)  # reading only: cheap next to judging
            ]
    except OSError:
        return []


def result(game: arbiter.GameRuling) -> str:
    if game.winner:
        return f"{game.winner} won"
    if game.malformed:
        return "not judged"
    return "no winner yet" if game.totals else "no hands"


def judged_by(game: arbiter.GameRuling) -> str:
    """The rule set, and the house rulebook where the game was judged by one."""
    rules = game.rules or ""
    return f"{rules} ({house_name(game.house)})" if game.house else rules


def totals(game: arbiter.GameRuling) -> str:
    return "; ".join(f"{side} {points:,}" for side, points in (game.totals or {}).items())


def first_finding(game: arbiter.GameRuling) -> str:
    if not game.findings:
        return ""
    finding = game.findings[0]
    where = f"line {finding.line}: " if finding.line > 0 else ""
    return f"{where}{finding.severity}[{finding.code}] {one_line(finding.message)}"


def first_allowed(game: arbiter.GameRuling) -> str:
    """What was allowed instead of the first finding's move, as notation; empty if not a move."""
    return one_line(allowed_line(game.findings[0]) or "") if game.findings else ""


@dataclass(slots=True)
class HandRow:
    number: int
    cells: list[tuple[int | None, int | None, int | None]]  # per side: counted, declared, total
    note: str = ""


@dataclass(slots=True)
class GameEntry:
    path: str
    anchor: str
    game: arbiter.GameRuling
    tags: dict[str, str]
    sides: list[str] = field(default_factory=list)
    rows: list[HandRow] = field(default_factory=list)

    @property
    def verdict(self) -> str:
        return str(self.game.verdict)


def _sides(game: arbiter.GameRuling) -> list[str]:
    seen: dict[str, None] = {}
    for hand in game.hands:
        for points in (hand.scores, hand.declared, hand.totals):
            seen.update(dict.fromkeys(points or {}))
    seen.update(dict.fromkeys(game.totals or {}))
    return list(seen)


def game_entry(path: str, number: int, game: arbiter.GameRuling, tags: dict[str, str]) -> GameEntry:
    sides = _sides(game)
    rows = []
    for hand in game.hands:
        cells = [((hand.scores or {}).get(s), (hand.declared or {}).get(s), (hand.totals or {}).get(s)) for s in sides]
        note = "did not end" if not hand.ended else ("not judged" if not hand.judged else "")
        rows.append(HandRow(hand.number, cells, note))
    return GameEntry(path, f"g{number}", game, tags, sides, rows)


class _Round:
    """Collects every file's games (with their tags) for a document written at the end."""

    def __init__(self, out: IO[str], err: Console, strict: bool = False) -> None:
        self.out, self.err, self.strict = out, err, strict
        self.entries: list[GameEntry] = []
        self.unreadable: list[FileReport] = []

    def file(self, report: FileReport) -> None:
        if report.error:
            self.err.print(Text(f"{shown_path(report.path)}: error: {report.error}"), soft_wrap=True)
            self.unreadable.append(report)
            return
        tags = read_tags(report.path)
        for index, game in enumerate(report.games):
            game_tags = tags[index] if index < len(tags) else dict.fromkeys(TAGS, "")
            self.entries.append(game_entry(shown_path(report.path), len(self.entries) + 1, game, game_tags))


class HtmlRenderer(_Round):
    def finish(self, tally: Tally) -> None:
        environment = Environment(
            loader=FileSystemLoader(TEMPLATES), autoescape=select_autoescape(["html"]), keep_trailing_newline=True
        )
        environment.filters["points"] = lambda value: "—" if value is None else f"{value:,}"
        page = environment.get_template("round.html").render(
            entries=self.entries,
            unreadable=self.unreadable,
            tally=tally,
            tags=TAGS,
            css=Markup((TEMPLATES / "round.css").read_text(encoding="utf-8")),
            result=result,
            totals=totals,
            allowed=allowed_sentence,
            judged_by=judged_by,
            made=datetime.now(UTC).strftime("%d %B %Y, %H:%M UTC"),
            notation_version=arbiter.NOTATION_VERSION,
        )
        self.out.write(page)


def _cell(value: Any) -> Any:
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


class CsvRenderer(_Round):
    def finish(self, tally: Tally) -> None:
        writer = csv.writer(self.out, lineterminator="\n")
        writer.writerow(CSV_COLUMNS)
        for entry in self.entries:
            game = entry.game
            errors = sum(1 for f in game.findings if f.is_error)
            row = [
                entry.path,
                game.index,
                game.line,
                *(entry.tags.get(tag, "") for tag in TAGS),
                judged_by(game),
                entry.verdict,
                result(game),
                totals(game),
                errors,
                len(game.findings) - errors,
                first_finding(game),
                first_allowed(game),
            ]
            writer.writerow([_cell(value) for value in row])
        for report in self.unreadable:
            row = [
                shown_path(report.path),
                "",
                "",
                *([""] * len(TAGS)),
                "",
                "unreadable",
                "",
                "",
                "",
                "",
                report.error or "",
                "",
            ]
            writer.writerow([_cell(value) for value in row])


RENDERERS = {"html": HtmlRenderer, "csv": CsvRenderer}
