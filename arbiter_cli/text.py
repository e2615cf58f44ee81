"""The `text` format: compiler-style findings with an excerpt, a score table and a verdict per game.

    records/club.acn:14:11: error[unknown-card] `3` is not a card: ... (Notation (Cards, docs/notation.md))
        ann: draw 3, discard 4
                  ^

Colour only on a terminal (rich decides; NO_COLOR and FORCE_COLOR are honoured). Every finding is
one line, never wrapped, so editors and CI logs can jump to `path:line:col`.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

import arbiter
from arbiter import notation
from arbiter.archive.inputs import FileReport
from arbiter.archive.tally import Tally
from arbiter.i18n import and_list, joined, msg, msg_n
from arbiter.rulings import PROBLEM_WORDS, counts

from .language import current, said
from .sheet import sheet_lines

# The rulings' renderers say what the rule sets and rulebooks say (allowed instead, house notes,
# the codes counted): they import them when they render, so that `arbiter fmt`, which shows only a
# record's syntax errors from here, loads no rule set (tests/test_startup_imports.py).


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
    if all(unicodedata.category(char) not in UNPRINTABLE for char in path):
        return path
    return "".join(
        char.encode("unicode_escape").decode("ascii") if unicodedata.category(char) in UNPRINTABLE else char
        for char in path
    )


UNPRINTABLE = ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")


def finding_line(path: str, finding: arbiter.Finding) -> Text:
    """`path:line:col: error[code] message (rule)`, one line, as the finding says it (a finding
    said in another language by `Finding.said`; the severity and code stay as they are, for the
    editors and CI logs that read these lines)."""
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
        elif unicodedata.category(char) in UNPRINTABLE:
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
            message.append(f" {said(report.error)}")
            self.err.print(message, soft_wrap=True)
            return
        for game in report.games:
            self.game(report, game)

    def game(self, report: FileReport, game: arbiter.GameRuling) -> None:
        say = current()
        game = game.said(say)
        if game.assumed is not None:  # no [Rules] tag: which rule set, and a better fit if any
            assumed = msg(
                "{path}: {game}: {assumed}",
                path=shown_path(report.path),
                game=game_name(game),
                assumed=game.assumed.said(),
            )
            self.out.print(Text(say(assumed), style="cyan"), soft_wrap=True)
        for finding in game.findings:
            self.out.print(finding_line(report.path, finding), soft_wrap=True)
            source = report.lines.get(finding.line)
            if source is not None:
                for row in excerpt(source, finding.column).splitlines():
                    style = "bold red" if finding.is_error else "bold yellow"
                    line = Text(EXCERPT_INDENT + row, style=style if not row.strip().strip("^~") else "")
                    self.out.print(line, soft_wrap=True)
            if finding.hand:
                said = say(msg("when: {when}", when=when(finding)))
                self.out.print(Text(EXCERPT_INDENT + said, style="dim"), soft_wrap=True)
            if finding.remedy:
                said = say(msg("remedy: {remedy}", remedy=one_line(finding.remedy)))
                self.out.print(Text(EXCERPT_INDENT + said, style="cyan"), soft_wrap=True)
            from arbiter.house import house_finding_text
            from arbiter.judging.allowed import allowed_line

            for note in house_finding_text(finding):
                said = say(msg("house rule: {note}", note=note))
                self.out.print(Text(EXCERPT_INDENT + one_line(said), style="cyan"), soft_wrap=True)
            allowed = allowed_line(finding)
            if allowed:
                self.out.print(Text(f"{EXCERPT_INDENT}{one_line(say(allowed))}", style="cyan"), soft_wrap=True)
        unlisted = sum(game.unlisted.values())
        if unlisted:
            more = msg_n(
                "{path}: {game}: {n} more finding not listed (finding budget)",
                "{path}: {game}: {n} more findings not listed (finding budget)",
                unlisted,
                path=shown_path(report.path),
                game=game_name(game),
            )
            self.out.print(Text(say(more), style="dim"), soft_wrap=True)
        if self.quiet:
            return
        if game.hands:
            for line in score_table(game):
                self.out.print(line, soft_wrap=True)
            for line in sheet_lines(game, sides_of(game)):
                self.out.print(line, soft_wrap=True)
        self.out.print(verdict_line(report.path, game), soft_wrap=True)
        if game.findings or game.hands:
            self.out.print()  # a blank line closes a game of more than one line

    def finish(self, tally: Tally) -> None:
        self.out.print(Text(said(tally.sentence()), style="bold"), soft_wrap=True)


class StatisticsRenderer(TextRenderer):
    """`--statistics`: no finding one by one, a count of each code, then the summary."""

    def __init__(self, out: Console, err: Console, strict: bool = False, quiet: bool = False) -> None:
        super().__init__(out, err, strict, quiet)
        from .selection import Statistics

        self.statistics = Statistics()

    def game(self, report: FileReport, game: arbiter.GameRuling) -> None:
        self.statistics.add_game(game)

    def finish(self, tally: Tally) -> None:
        for row in self.statistics.rows():
            self.out.print(Text(row), soft_wrap=True)
        super().finish(tally)


def when(finding: arbiter.Finding) -> str:
    """`hand 2, turn 4, bob to play`: where in the game a finding belongs."""
    hand, turn, player = finding.hand, finding.turn, finding.player
    if turn and player:
        return msg("hand {hand}, turn {turn}, {player} to play", hand=hand, turn=turn, player=player)
    if turn:
        return msg("hand {hand}, turn {turn}", hand=hand, turn=turn)
    if player:
        return msg("hand {hand}, {player} to play", hand=hand, player=player)
    return msg("hand {hand}", hand=hand)


def game_name(game: arbiter.GameRuling) -> str:
    """`game 2 (line 14, caliente)`, a `Text`."""
    where = msg("line {line}", line=game.line) if game.line > 0 else msg("empty record")
    if game.house:
        return msg(
            "game {index} ({where}, {rules}, by {rulebook})",
            index=game.index,
            where=where,
            rules=game.rules,
            rulebook=house_name(game.house),
        )
    if game.rules:
        return msg("game {index} ({where}, {rules})", index=game.index, where=where, rules=game.rules)
    return msg("game {index} ({where})", index=game.index, where=where)


def house_name(house: dict[str, str]) -> str:
    """`Maple Club, version 3, #1a2b3c4d5e6f`: the rulebook a game was judged by (its digest's
    first digits, as people are shown it)."""
    from arbiter.house.rulebook import SHORT_DIGEST

    short = house["digest"][:SHORT_DIGEST]
    return msg("{name}, version {version}, #{digest}", name=house["name"], version=house["version"], digest=short)


def verdict_line(path: str, game: arbiter.GameRuling) -> Text:
    say = current()
    verdict = str(game.verdict)
    errors, warnings = game.errors, game.warnings  # listed or not (arbiter.rulings.finding_budget)
    text = Text(f"{shown_path(path)}: {say(game_name(game))}: ")
    text.append(say(counts.VERDICT_WORDS[game.verdict]), style=VERDICT_STYLE.get(verdict, "bold"))
    if errors and warnings:
        text.append(f" ({say(counts.errors_and_warnings(errors, warnings))})")
    elif errors or warnings:
        text.append(f" ({say(counts.errors(errors) if errors else counts.warnings(warnings))})")
    text.append(ignored_words(game))
    if game.problems:
        text.append(": " + say(joined([PROBLEM_WORDS[problem] for problem in game.problems], "; ")))
    return text


def ignored_words(game: arbiter.GameRuling) -> str:
    """` with 1 ignored error`: what --select/--ignore left out of a game, or ''."""
    say = current()
    errors, warnings = game.ignored["error"], game.ignored["warning"]
    said = [msg_n("{n} ignored error", "{n} ignored errors", errors)] if errors else []
    said += [msg_n("{n} ignored warning", "{n} ignored warnings", warnings)] if warnings else []
    if not said:
        return ""
    return " " + say(msg("with {ignored}", ignored=said[0] if len(said) == 1 else and_list(*said)))


def sides_of(game: arbiter.GameRuling) -> list[str]:
    """Every side that scores, declares or totals anything, in alphabetical order (the same
    order whichever line of the record names them first)."""
    seen: set[str] = set(game.totals)
    for hand in game.hands:
        for points in (hand.scores, hand.declared, hand.totals):
            seen.update(points or {})
    return sorted(seen)


def score_table(game: arbiter.GameRuling) -> Iterator[Text]:
    """Hands down, sides across: the recomputed score of each hand (and the declared one where
    it differs), the totals, and the winner; aligned columns without trailing blanks. Each line
    is made as it is printed (the widths measured first), so a game of 100,000 hands never holds
    its table whole."""
    say = current()
    sides = sides_of(game)
    head = [Text(say(msg("hand")), style="bold"), *(Text(side, style="bold") for side in sides)]
    total = [Text(say(msg("total")), style="bold")] + [
        Text(str(game.totals[side]) if side in game.totals else "", style="bold") for side in sides
    ]
    widths = [cell_len(cell.plain) for cell in head]
    for row in (*(_hand_row(hand, sides) for hand in game.hands), total):
        widths = [max(width, cell_len(cell.plain)) for width, cell in zip(widths, row, strict=True)]
    yield _table_line(head, widths)
    for hand in game.hands:
        yield _table_line(_hand_row(hand, sides), widths)
    yield _table_line(total, widths)
    winner = msg("winner: {winner}", winner=game.winner) if game.winner else msg("no winner yet")
    yield Text(EXCERPT_INDENT + say(winner))
    last = game.hands[-1] if game.hands else None
    if last is not None and last.minimums and not game.winner:  # a score sheet says it before the next deal
        minimums = ", ".join(f"{side} {points}" for side, points in last.minimums.items())
        yield Text(EXCERPT_INDENT + say(msg("first-meld minimum next hand: {minimums}", minimums=minimums)))


def _hand_row(hand: arbiter.HandResult, sides: list[str]) -> list[Text]:
    return [Text(str(hand.number)), *(_score_cell(hand, side) for side in sides)]


def _table_line(row: list[Text], widths: list[int]) -> Text:
    line = Text(EXCERPT_INDENT)
    for i, cell in enumerate(row):
        if i == 0:
            line.append_text(cell)
            line.append(" " * (widths[0] - cell_len(cell.plain)))
        else:
            line.append(" " * (2 + widths[i] - cell_len(cell.plain)))
            line.append_text(cell)
    line.rstrip()
    return line


def _score_cell(hand: arbiter.HandResult, side: str) -> Text:
    say = current()
    if hand.scores is None:
        return Text(say(msg("not judged") if not hand.judged else msg("unfinished")), style="dim")
    score = hand.scores.get(side)
    declared = (hand.declared or {}).get(side)
    cell = Text("" if score is None else str(score))
    if declared is not None and declared != score:
        cell.append(" " + say(msg("(declared {points})", points=declared)), style="bold red")
    return cell
