"""What the page adds so that a table can act on a ruling: each game's corrected score sheet, its
tags for the index of a round, the kind of problem it has, and the replay of each hand, turn by
turn (`arbiter.positions.frames`). Plain data for the templates, as `present` prepares; no HTML here.

Every frame of a replay is rendered into the page, so that stepping through a hand works without
JavaScript (each turn is a link to its frame, shown by CSS `:target`); the page's script only adds
the arrow keys and the highlight of the turn's line in the record. A long round would make a long
page, so at most `REPLAY_MAX_FRAMES` frames are rendered (config, default below), the hands with a
finding first; the others say how to get their tables (`arbiter table`, POST /api/v1/tables).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

import arbiter
from arbiter.i18n import msg
from arbiter.positions import frames
from arbiter.rulings import PROBLEM_WORDS
from arbiter.rulings.corrected_sheet import ScoreSheet, Status, score_sheet
from arbiter_web.pages.present import record_lines

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
    summarised: bool = False
    """Given as its summary (ACN 1.1): the hand has no moves to step through."""

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
            note = row.reason  # the row's badge says "cannot be scored": the note says why
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


class PageReplays:
    """The frames a ruling page may show, kept while its record is read and judged, once
    (`arbiter.positions.frames.replay_games`): the disputed games' first, then the others', each kind while
    fewer than `most` frames of it are kept, so that any budget up to `most` picks its frames from
    them (`table_views`). Past that no game is observed at all."""

    def __init__(self, most: int = DEFAULT_REPLAY_MAX_FRAMES) -> None:
        self.most = most
        self.kept: dict[int, frames.GameReplay] = {}
        self.disputed: set[int] = set()
        self.shown: list[int] = []
        """The games a page can replay (they have hands and can be read), in order."""
        self.tags: dict[int, dict[str, str]] = {}
        self.games: list[arbiter.GameRuling] | None = None
        """The games judged in the same pass, where the caller keeps them (a kept ruling's page)."""
        self._spent = {True: 0, False: 0}  # frames kept, of disputed games and of the others

    def wanted(self) -> bool:
        return min(self._spent.values()) < self.most

    def keep(self, found: frames.GameReplay) -> None:
        ruling = found.ruling
        if found.game is not None:
            self.tags[ruling.index] = {n: v for n in INDEX_TAGS if (v := found.game.tag(n)) is not None}
        if not ruling.hands or ruling.malformed:
            return
        self.shown.append(ruling.index)
        disputed = any(f.table is not None for f in ruling.findings)
        if disputed:
            self.disputed.add(ruling.index)
        if self._spent[disputed] < self.most:  # else `wanted` may have said no: no frames kept
            self.kept[ruling.index] = found
            self._spent[disputed] += sum(len(hand.frames) for hand in found.hands)

    def rulings(self, replays: Iterable[frames.GameReplay]) -> Iterator[arbiter.GameRuling]:
        """The rulings of `replays`, keeping the frames of each on the way."""
        for found in replays:
            self.keep(found)
            yield found.ruling

    def within(self, budget: int) -> dict[int, frames.GameReplay]:
        """The games replayed on a page of at most `budget` frames: the disputed first, then the
        others, until the budget is spent."""
        chosen: dict[int, frames.GameReplay] = {}
        spent = 0
        for index in sorted(self.shown, key=lambda i: (i not in self.disputed, i)):
            if spent >= budget:
                break
            found = self.kept.get(index)
            if found is not None:
                chosen[index] = found
                spent += sum(len(hand.frames) for hand in found.hands)
        return chosen


def table_views(
    games: list[arbiter.GameRuling],
    sides: Mapping[int, list[str]],
    lines: list[str],
    replays: PageReplays | None,
    budget: int = DEFAULT_REPLAY_MAX_FRAMES,
) -> dict[int, TableView]:
    """The additions for each game of `games`, by game index, the replays from the frames kept
    while they were judged. `sides` gives each game's sides in the order the page shows them;
    `lines` are the record's lines."""
    views = {game.index: _view(game, sides.get(game.index, [])) for game in games}
    if replays is None:
        return views
    for index, tags in replays.tags.items():
        if index in views:
            views[index].tags = tags
    chosen = replays.within(budget)
    findings = {game.index: game.findings for game in games}
    _spend(chosen, views, findings, lines, budget)
    for index in set(replays.shown) - chosen.keys():  # past the budget: one note for the game
        if index in views:
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


def _spend(
    replays: dict[int, frames.GameReplay],
    views: dict[int, TableView],
    findings: Mapping[int, list[arbiter.Finding]],
    lines: list[str],
    budget: int,
) -> None:
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
            views[index].replays.append(_hand_view(index, hand, findings.get(index, []), lines, first, anchor))


def _anchors(index: int, numbers: list[int]) -> list[str]:
    """`g1-h2` for hand 2 of game 1; a hand number written twice gets its place too."""
    out: list[str] = []
    for position, number in enumerate(numbers, start=1):
        anchor = f"g{index}-h{number}"
        out.append(anchor if anchor not in out else f"{anchor}-{position}")
    return out


def _hand_view(
    index: int, hand: frames.HandFrames, findings: list[Any], lines: list[str], first: int | None, anchor: str
) -> HandReplayView:
    """The hand's frames from `first` on (None: not shown)."""
    view = HandReplayView(
        anchor, hand.number, hand.turns, shown=first is not None, partial=bool(first), summarised=hand.summarised
    )
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
    """The page's anchor of a finding among those the page lists (`present` numbers a game's
    findings from 1, in order): the same finding, or on a kept ruling's page (its findings read
    back from the store) the one at the same place with the same code. None: not listed."""
    if finding is None:
        return None
    where = (finding.line, finding.column, finding.code)
    number = next((n for n, f in enumerate(findings, start=1) if (f.line, f.column, f.code) == where), None)
    return f"g{index}-f{number}" if number else None


def frames_shown(ruling: Any) -> int:
    """How many replay frames a `present.RulingView` given its additions (`attach`) shows."""
    return sum(len(hand.frames) for game in ruling.games if game.extra for hand in game.extra.replays)


def attach(
    ruling: Any,
    source: str | bytes,
    games: list[arbiter.GameRuling],
    replays: PageReplays | None,
    budget: int = DEFAULT_REPLAY_MAX_FRAMES,
) -> None:
    """Give each game of a `present.RulingView` its additions (`game.extra`), each finding its
    previous and next findings in the whole round and the replay of its hand, from the frames
    `replays` kept while the record was judged (None: no replays)."""
    lines = record_lines(source if isinstance(source, str) else source.decode("utf-8", "replace"))
    sides = {view.ruling.index: view.sides for view in ruling.games}
    views = table_views(games, sides, lines, replays, budget)
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
