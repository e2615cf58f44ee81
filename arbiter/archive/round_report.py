"""A round's report as data: every game of every file of a check, in input order, with the tags
that place it in the round, its verdict and result, and its score table by hand; beside them, the
files that could not be read. The command line renders it as a page (`--format html`) or a sheet
(`--format csv`).

The tags come with each ruling (`GameRuling.tags`, kept as the game was judged), so a report is
made from the rulings alone: no record is read again, and games read from standard input or a
cluster's URL show their tags too.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from arbiter.i18n import Text, Translator, msg
from arbiter.rulings import ROUND_TAGS, GameRuling

from .inputs import FileReport

Points = int | None
"""A side's points in a cell of the score table; None where the hand gives none."""


@dataclass(frozen=True, slots=True)
class HandRow:
    """A hand of a game's score table: per side, the points counted, declared and the running total."""

    number: int
    cells: list[tuple[Points, Points, Points]]
    note: Text | str = ""  # why the hand is short: it did not end, or was not judged


@dataclass(slots=True)
class GameEntry:
    """A game of the round: its file, its place in the report (from 1), its ruling, and the sides
    of its score table with a row per hand."""

    path: str
    number: int
    game: GameRuling
    sides: list[str] = field(default_factory=list)
    rows: list[HandRow] = field(default_factory=list)

    @property
    def tags(self) -> dict[str, str]:
        """Each of the round tags (`ROUND_TAGS`), empty where the record gives none."""
        return {name: self.game.tags.get(name, "") for name in ROUND_TAGS}

    @property
    def verdict(self) -> str:
        return str(self.game.verdict)


def result(game: GameRuling) -> Text:
    """How the game came out: `bob+dee won`, `no winner yet`, `no hands` or `not judged`."""
    if game.winner:
        return msg("{winner} won", winner=game.winner)
    if game.malformed:
        return msg("not judged")
    return msg("no winner yet") if game.totals else msg("no hands")


def sides(game: GameRuling) -> list[str]:
    """The sides of the game's score table, in the order its hands and totals name them."""
    seen: dict[str, None] = {}
    for hand in game.hands:
        for points in (hand.scores, hand.declared, hand.totals):
            seen.update(dict.fromkeys(points or {}))
    seen.update(dict.fromkeys(game.totals or {}))
    return list(seen)


def game_entry(path: str, number: int, game: GameRuling) -> GameEntry:
    columns = sides(game)
    rows = []
    for hand in game.hands:
        scores, declared, totals = hand.scores or {}, hand.declared or {}, hand.totals or {}
        cells = [(scores.get(side), declared.get(side), totals.get(side)) for side in columns]
        note = msg("did not end") if not hand.ended else (msg("not judged") if not hand.judged else "")
        rows.append(HandRow(hand.number, cells, note))
    return GameEntry(path, number, game, columns, rows)


@dataclass(slots=True)
class RoundReport:
    """Every game of the files checked, in input order, and the files that could not be read."""

    entries: list[GameEntry] = field(default_factory=list)
    unreadable: list[FileReport] = field(default_factory=list)

    def add(self, report: FileReport, say: Translator | None = None) -> None:
        """A file's games, their findings said by `say` (`GameRuling.said`; English without one),
        or the file among the unreadable."""
        if report.error:
            self.unreadable.append(report)
            return
        for game in report.games:
            self.entries.append(game_entry(report.path, len(self.entries) + 1, game.said(say) if say else game))
