"""What the page adds so that a table can act on a ruling: each game's corrected score sheet, its
tags for the index of a round, the kind of problem it has, and the replay of each hand, turn by
turn (`arbiter.replay`). Plain data for the templates, as `present` prepares; no HTML here.

Every frame of a replay is rendered into the page, so that stepping through a hand works without
JavaScript (each turn is a link to its frame, shown by CSS `:target`); the page's script only adds
the arrow keys and the highlight of the turn's line in the record. A long round would make a long
page, so at most `REPLAY_MAX_FRAMES` frames are rendered (config, default below), the hands with a
finding first; the others say how to get their tables (`arbiter table`, POST /api/v1/tables).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import arbiter
from arbiter import ParsedGame, replay
from arbiter.i18n import msg
from arbiter.rulings import PROBLEM_WORDS
from arbiter.sheet import ScoreSheet, Status, score_sheet

from . import rulebooks
from .present import record_lines

DEFAULT_REPLAY_MAX_FRAMES = 300
"""The most replay frames (tables) one ruling page renders (config REPLAY_MAX_FRAMES)."""
DISPUTED_WINDOW = 3
"""Frames of a disputed hand shown when the whole hand does not fit the budget: the table before
the illegal move and the turns just before it, so the dispute can still be stepped through."""

INDEX_TAGS = ("Event", "Table", "Round")


@dataclass(slots=True)
class FrameView:
    anchor: str
    turn: int
    line: int | None
    player: str | None
    text: str | None
    """The record's line of the turn."""
    table: dict[str, Any]
    illegal: Any = None
    """The finding that stops the hand here: the table is then the one before its offending move."""
    illegal_anchor: str | None = None
    previous: str | None = None
    next: str | None = None
    start: bool = False


@dataclass(slots=True)
class HandReplayView:
    anchor: str
    number: int
    turns: int
    frames: list[FrameView] = field(default_factory=list)
    shown: bool = True
    """False when the page's frame budget ran out before this hand."""
    partial: bool = False
    """Only the last frames of a disputed hand are shown: the budget had no room for the rest."""

    @property
    def start(self) -> FrameView | None:
        return next((f for f in self.frames if f.start), None)


@dataclass(slots=True)
class SheetRowView:
    hand: int
    line: int
    status: str
    cells: list[int | None]
    totals: list[int | None]
    note: str | None


@dataclass(slots=True)
class TableView:
    """The page's additions for one game."""

    tags: dict[str, str] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    sheet: list[SheetRowView] = field(default_factory=list)
    sheet_totals: list[int | None] = field(default_factory=list)
    sheet_provisional: bool = False
    sheet_corrected: bool = False
    replays: list[HandReplayView] = field(default_factory=list)
    replays_left_out: bool = False
    """The page's frame budget ran out before this game: none of its hands is shown."""


def problem_words(game: arbiter.GameRuling) -> list[str]:
    return [PROBLEM_WORDS[p] for p in game.problems]


def _each(parts: list[Any]) -> Any:
    """Parts said one after the other, separated by semicolons."""
    return parts[0] if len(parts) == 1 else msg("{first}; {rest}", first=parts[0], rest=_each(parts[1:]))


def sheet_rows(sheet: ScoreSheet, sides: list[str]) -> list[SheetRowView]:
    rows = []
    for row in sheet.rows:
        note = None
        if row.status is Status.ADJUSTED:
            changes = [
                msg("{side} {points}: {reason}", side=a.side, points=f"{a.points:+,d}", reason=a.reason)
                for a in row.adjustments
            ]
            note = msg("Adjusted on the declared score ({changes}).", changes=_each(changes) if changes else "")
        elif row.status is Status.UNSCORED:
            note = msg("Cannot be scored: {reason}.", reason=row.reason)
        rows.append(
            SheetRowView(
                row.hand,
                row.line,
                str(row.status),
                [None if row.scores is None else row.scores.get(side) for side in sides],
                [row.totals.get(side) for side in sides],
                note,
            )
        )
    return rows


def table_views(
    source: str | bytes,
    games: list[arbiter.GameRuling],
    sides: Mapping[int, list[str]],
    lines: list[str],
    *,
    rules: str | None = None,
    options: Mapping[str, Any] | None = None,
    budget: int = DEFAULT_REPLAY_MAX_FRAMES,
) -> dict[int, TableView]:
    """The additions for each game of `games` (judged from `source`), by game index. `sides` gives
    each game's sides in the order the page shows them; `lines` are the record's lines."""
    views = {game.index: _view(game, sides.get(game.index, [])) for game in games}
    wanted = {game.index for game in games if game.hands and not game.malformed}
    parsed_games: dict[int, ParsedGame] = {}
    for parsed in arbiter.parse(source):
        view = views.get(parsed.index)
        if view is not None:
            view.tags = {name: value for name in INDEX_TAGS if (value := parsed.game.tag(name)) is not None}
            if parsed.index in wanted:
                parsed_games[parsed.index] = parsed
    # replay the disputed games first, and no more games than the budget can show
    disputed = {game.index for game in games if any(f.table is not None for f in game.findings)}
    by_index = {game.index: game for game in games}
    replays: dict[int, replay.GameReplay] = {}
    spent = 0
    try:
        for index in sorted(parsed_games, key=lambda i: (i not in disputed, i)):
            if spent >= budget:
                break
            book = rulebooks.judged_by(by_index[index])
            replays[index] = replay.replay_game(parsed_games[index], rules=rules, options=options, house=book)
            spent += sum(len(hand.frames) for hand in replays[index].hands)
    except arbiter.UsageError:  # the ruling already says what is wrong with the rule set asked for
        return views
    _spend(replays, views, lines, budget)
    for index in parsed_games.keys() - replays.keys():  # past the budget: one note for the game
        views[index].replays_left_out = True
    return views


def _view(game: arbiter.GameRuling, sides: list[str]) -> TableView:
    sheet = score_sheet(game)
    return TableView(
        problems=problem_words(game),
        sheet=sheet_rows(sheet, sides),
        sheet_totals=[sheet.totals.get(side) for side in sides],
        sheet_provisional=sheet.provisional,
        sheet_corrected=sheet.corrected,
    )


def _spend(replays: dict[int, replay.GameReplay], views: dict[int, TableView], lines: list[str], budget: int) -> None:
    """Render the frames of the disputed hands first, then the others, while the budget lasts."""
    hands = [(index, hand) for index, found in replays.items() for hand in found.hands]
    order = sorted(hands, key=lambda item: (item[1].stopped is None, item[0], item[1].number))
    first_shown: dict[tuple[int, int], int] = {}  # (game, hand): its first frame shown
    for index, hand in order:
        if len(hand.frames) <= budget:
            budget -= len(hand.frames)
            first_shown[index, id(hand)] = 0
        elif hand.stopped is not None and budget > 0:  # the dispute's last turns, at least
            window = min(DISPUTED_WINDOW, budget)
            budget -= window
            first_shown[index, id(hand)] = len(hand.frames) - window
    for index, found in replays.items():
        anchors = _anchors(index, [hand.number for hand in found.hands])
        for anchor, hand in zip(anchors, found.hands, strict=True):
            first = first_shown.get((index, id(hand)))
            views[index].replays.append(_hand_view(index, hand, found.ruling.findings, lines, first, anchor))


def _anchors(index: int, numbers: list[int]) -> list[str]:
    """`g1-h2` for hand 2 of game 1; a hand number written twice gets its place too."""
    out: list[str] = []
    for position, number in enumerate(numbers, start=1):
        anchor = f"g{index}-h{number}"
        out.append(anchor if anchor not in out else f"{anchor}-{position}")
    return out


def _hand_view(
    index: int, hand: replay.HandFrames, findings: list[Any], lines: list[str], first: int | None, anchor: str
) -> HandReplayView:
    """The hand's frames from `first` on (None: not shown)."""
    view = HandReplayView(anchor, hand.number, hand.turns, shown=first is not None, partial=bool(first))
    if first is None:
        return view
    for position, frame in enumerate(hand.frames[first:], start=first):
        text = lines[frame.line - 1] if frame.line and frame.line <= len(lines) else None
        view.frames.append(
            FrameView(
                f"{anchor}-t{frame.turn}",
                frame.turn,
                frame.line,
                frame.player,
                text,
                frame.table,
                illegal=frame.illegal,
                illegal_anchor=_finding_anchor(index, findings, frame.illegal),
                start=position == hand.start,
            )
        )
    for before, after in itertools.pairwise(view.frames):
        before.next, after.previous = after.anchor, before.anchor
    return view


def _finding_anchor(index: int, findings: list[Any], finding: Any) -> str | None:
    """The page's anchor of a finding (`present` numbers a game's findings from 1, in order)."""
    if finding is None:
        return None
    number = next((n for n, f in enumerate(findings, start=1) if f is finding), None)
    return f"g{index}-f{number}" if number else None


def frames_shown(ruling: Any) -> int:
    """How many replay frames a `present.RulingView` given its additions (`attach`) shows."""
    return sum(len(hand.frames) for game in ruling.games if game.extra for hand in game.extra.replays)


def attach(
    ruling: Any,
    source: str | bytes,
    games: list[arbiter.GameRuling],
    *,
    rules: str | None = None,
    options: Mapping[str, Any] | None = None,
    budget: int = DEFAULT_REPLAY_MAX_FRAMES,
) -> None:
    """Give each game of a `present.RulingView` its additions (`game.extra`), each finding its
    previous and next findings in the whole round and the replay of its hand."""
    lines = record_lines(source if isinstance(source, str) else source.decode("utf-8", "replace"))
    sides = {view.ruling.index: view.sides for view in ruling.games}
    views = table_views(source, games, sides, lines, rules=rules, options=options, budget=budget)
    if len(games) == 1 and games[0].problems:  # the banner says what is wrong, not what may be
        ruling.text = msg("{problems}.", problems=_each(problem_words(games[0])))  # the page capitalises it
    flat = [finding for game in ruling.games for finding in game.findings]
    for before, after in itertools.pairwise(flat):
        before.next, after.previous = after.anchor, before.anchor
    for game in ruling.games:
        game.extra = views.get(game.ruling.index)
        starts = {hand.number: hand.start for hand in game.extra.replays} if game.extra else {}
        for finding in game.findings:
            start = starts.get(finding.finding.hand)
            finding.replay = start.anchor if start is not None else None
