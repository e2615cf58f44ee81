"""The `text` format: compiler-style findings with an excerpt, a score table and a verdict per game.

    records/club.acn:14:11: error[unknown-card] `3` is not a card: ... (Notation (Cards, docs/notation.md))
        ann: draw 3, discard 4
                  ^

Colour only on a terminal (rich decides; NO_COLOR and FORCE_COLOR are honoured). Every finding is
one line, never wrapped, so editors and CI logs can jump to `path:line:col`.
"""

from __future__ import annotations

import unicodedata

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

import arbiter
from arbiter import notation
from arbiter.allowed import allowed_line
from arbiter.archive.inputs import FileReport
from arbiter.archive.tally import Tally, plural
from arbiter.house import house_finding_text
from arbiter.rulings import PROBLEM_WORDS

from .selection import Statistics
from .sheet import sheet_lines

SEVERITY_STYLE = {"error": "bold red", "warning": "bold yellow"}
VERDICT_STYLE = {"valid": "bold green", "illegal": "bold red", "malformed": "bold magenta"}
EXCERPT_INDENT = "    "
EXCERPT_WIDTH = 100  # characters of a long line shown around the column


def location(path: str, line: int, column: int) -> str:
    path = shown_path(path)
    if line <= 0:
        return path
    return f"{path}:{line}:{column}" if column > 0 else f"{path}:{line}"


def shown_path(path: str) -> str:
    """A file name as it can be printed on one line: control, format and line-breaking characters
    escaped (`\\n`, `\\x1b`, `\\u202e`), so that a hostile name can neither drive a terminal nor
    start a line of its own (a GitHub workflow command)."""
    if all(unicodedata.category(char) not in _UNPRINTABLE for char in path):
        return path
    return "".join(
        char.encode("unicode_escape").decode("ascii") if unicodedata.category(char) in _UNPRINTABLE else char
        for char in path
    )


_UNPRINTABLE = ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")


def finding_line(path: str, finding: arbiter.Finding) -> Text:
    """`path:line:col: error[code] message (rule)`, one line."""
    severity = str(finding.severity)
    style = SEVERITY_STYLE.get(severity, "bold")
    text = Text()
    text.append(location(path, finding.line, finding.column) + ":", style="bold")
    text.append(" ")
    text.append(f"{severity}[{finding.code}]", style=style)
    text.append(f" {one_line(finding.message)}")
    if finding.rule:
        text.append(f" ({one_line(finding.rule)})", style="dim")
    return text


def one_line(text: str) -> str:
    return " ".join(text.split())


def printable(text: str) -> str:
    """The line as it can be shown: tabs as spaces, control characters as U+FFFD, so the caret
    lines up and nothing in a record can drive the terminal."""
    out = []
    for char in text:
        if char == "\t":
            out.append(" ")
        elif unicodedata.category(char) in _UNPRINTABLE:
            out.append("\ufffd")
        else:
            out.append(char)
    return "".join(out)


def excerpt(line_text: str, column: int) -> str:
    """The offending line with a caret under `column`: arbiter.notation.excerpt where the
    notation module has it, else the same thing done here."""
    shown = printable(line_text)
    shared = getattr(notation, "excerpt", None)
    if shared is not None:
        return shared(shown, column)
    return local_excerpt(shown, column)


def local_excerpt(line_text: str, column: int) -> str:
    column = max(column, 1)
    start, prefix, suffix = 0, "", ""
    if len(line_text) > EXCERPT_WIDTH:  # a window around the column
        start = max(0, min(column - 1 - EXCERPT_WIDTH // 2, len(line_text) - EXCERPT_WIDTH))
        prefix = "…" if start > 0 else ""
        suffix = "…" if start + EXCERPT_WIDTH < len(line_text) else ""
    window = line_text[start : start + EXCERPT_WIDTH]
    before = prefix + window[: column - 1 - start]
    return f"{prefix}{window}{suffix}\n{' ' * cell_len(before)}^"


class TextRenderer:
    """Findings, then (unless `quiet`) a score table and a verdict line per game; the summary."""

    def __init__(self, out: Console, err: Console, strict: bool = False, quiet: bool = False) -> None:
        self.out, self.err, self.strict, self.quiet = out, err, strict, quiet

    def file(self, report: FileReport) -> None:
        if report.error:
            message = Text()
            message.append(f"{shown_path(report.path)}:", style="bold")
            message.append(" error:", style=SEVERITY_STYLE["error"])
            message.append(f" {report.error}")
            self.err.print(message, soft_wrap=True)
            return
        for game in report.games:
            self.game(report, game)

    def game(self, report: FileReport, game: arbiter.GameRuling) -> None:
        for finding in game.findings:
            self.out.print(finding_line(report.path, finding), soft_wrap=True)
            source = report.lines.get(finding.line)
            if source is not None:
                for row in excerpt(source, finding.column).splitlines():
                    style = "bold red" if finding.is_error else "bold yellow"
                    line = Text(EXCERPT_INDENT + row, style=style if not row.strip().strip("^~") else "")
                    self.out.print(line, soft_wrap=True)
            if finding.hand:
                self.out.print(Text(f"{EXCERPT_INDENT}when: {when(finding)}", style="dim"), soft_wrap=True)
            if finding.remedy:
                self.out.print(
                    Text(f"{EXCERPT_INDENT}remedy: {one_line(finding.remedy)}", style="cyan"), soft_wrap=True
                )
            for note in house_finding_text(finding):
                self.out.print(Text(f"{EXCERPT_INDENT}house rule: {one_line(note)}", style="cyan"), soft_wrap=True)
            allowed = allowed_line(finding)
            if allowed:
                self.out.print(Text(f"{EXCERPT_INDENT}{one_line(allowed)}", style="cyan"), soft_wrap=True)
        unlisted = sum(game.unlisted.values())
        if unlisted:
            more = f"{shown_path(report.path)}: {game_name(game)}: {plural(unlisted, 'more finding')} not listed (finding budget)"
            self.out.print(Text(more, style="dim"), soft_wrap=True)
        if self.quiet:
            return
        if game.hands:
            for line in score_table(game) + sheet_lines(game, sides_of(game)):
                self.out.print(line, soft_wrap=True)
        self.out.print(verdict_line(report.path, game), soft_wrap=True)
        if game.findings or game.hands:
            self.out.print()  # a blank line closes a game of more than one line

    def finish(self, tally: Tally) -> None:
        self.out.print(Text(tally.sentence(), style="bold"), soft_wrap=True)


class StatisticsRenderer(TextRenderer):
    """`--statistics`: no finding one by one, a count of each code, then the summary."""

    def __init__(self, out: Console, err: Console, strict: bool = False, quiet: bool = False) -> None:
        super().__init__(out, err, strict, quiet)
        self.statistics = Statistics()

    def game(self, report: FileReport, game: arbiter.GameRuling) -> None:
        self.statistics.add_game(game)

    def finish(self, tally: Tally) -> None:
        for row in self.statistics.rows():
            self.out.print(Text(row), soft_wrap=True)
        super().finish(tally)


def when(finding: arbiter.Finding) -> str:
    """`hand 2, turn 4, bob to play`: where in the game a finding belongs."""
    parts = [f"hand {finding.hand}"]
    if finding.turn:
        parts.append(f"turn {finding.turn}")
    if finding.player:
        parts.append(f"{finding.player} to play")
    return ", ".join(parts)


def game_name(game: arbiter.GameRuling) -> str:
    where = f"line {game.line}" if game.line > 0 else "empty record"
    if game.house:
        return f"game {game.index} ({where}, {game.rules}, by {house_name(game.house)})"
    return f"game {game.index} ({where}, {game.rules})" if game.rules else f"game {game.index} ({where})"


def house_name(house: dict[str, str]) -> str:
    """`Maple Club, version 3, #1a2b3c4d5e6f`: the rulebook a game was judged by."""
    return f"{house['name']}, version {house['version']}, #{house['digest']}"


def verdict_line(path: str, game: arbiter.GameRuling) -> Text:
    verdict = str(game.verdict)
    errors, warnings = game.errors, game.warnings  # listed or not (arbiter.budget)
    text = Text(f"{shown_path(path)}: {game_name(game)}: ")
    text.append(verdict, style=VERDICT_STYLE.get(verdict, "bold"))
    details = [plural(errors, "error")] if errors else []
    if warnings:
        details.append(plural(warnings, "warning"))
    if details:
        text.append(f" ({', '.join(details)})")
    text.append(ignored_words(game))
    if game.problems:
        text.append(": " + "; ".join(PROBLEM_WORDS[problem] for problem in game.problems))
    return text


def ignored_words(game: arbiter.GameRuling) -> str:
    """` with 1 ignored error`: what --select/--ignore left out of a game, or ''."""
    counts = [plural(n, f"ignored {severity}") for severity in ("error", "warning") if (n := game.ignored[severity])]
    return f" with {' and '.join(counts)}" if counts else ""


def sides_of(game: arbiter.GameRuling) -> list[str]:
    """Every side that scores, declares or totals anything, in alphabetical order (the same
    order whichever line of the record names them first)."""
    seen: set[str] = set(game.totals)
    for hand in game.hands:
        for points in (hand.scores, hand.declared, hand.totals):
            seen.update(points or {})
    return sorted(seen)


def score_table(game: arbiter.GameRuling) -> list[Text]:
    """Hands down, sides across: the recomputed score of each hand (and the declared one where
    it differs), the totals, and the winner; aligned columns without trailing blanks."""
    sides = sides_of(game)
    rows: list[list[Text]] = [[Text("hand", style="bold"), *(Text(side, style="bold") for side in sides)]]
    for hand in game.hands:
        rows.append([Text(str(hand.number)), *(_score_cell(hand, side) for side in sides)])
    rows.append(
        [Text("total", style="bold")]
        + [Text(str(game.totals[side]) if side in game.totals else "", style="bold") for side in sides]
    )
    widths = [max(cell_len(row[i].plain) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for row in rows:
        line = Text(EXCERPT_INDENT)
        for i, cell in enumerate(row):
            if i == 0:
                line.append_text(cell)
                line.append(" " * (widths[0] - cell_len(cell.plain)))
            else:
                line.append(" " * (2 + widths[i] - cell_len(cell.plain)))
                line.append_text(cell)
        line.rstrip()
        lines.append(line)
    lines.append(Text(EXCERPT_INDENT + (f"winner: {game.winner}" if game.winner else "no winner yet")))
    return lines


def _score_cell(hand: arbiter.HandResult, side: str) -> Text:
    if hand.scores is None:
        return Text("not judged" if not hand.judged else "unfinished", style="dim")
    score = hand.scores.get(side)
    declared = (hand.declared or {}).get(side)
    cell = Text("" if score is None else str(score))
    if declared is not None and declared != score:
        cell.append(f" (declared {declared})", style="bold red")
    return cell
