"""Each table's record certified under the event's rules, and what it gives the standings.

A table's record is one game (moves, a score sheet of hand summaries, or both), judged by
`arbiter.check` under the event's family and rulebook. It is **certified** when the arbiter finds
it valid and it is the game the schedule says: the two pairs seated there, as many hands as the
event deals a round, judged by the event's rulebook. Otherwise the table is named in the standings
with its codes: the arbiter's findings' codes, or one of the event's own (`TABLE_CODES`).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from ..engine import work as bounded
from ..files.regular_files import NotRegular, inside, read_regular
from ..house import Rulebook, RulebookError, Shelf
from ..house import load as load_rulebook
from ..house.rulebook import SUFFIX as RULEBOOK_SUFFIX
from ..i18n import Text, msg
from ..judging import check
from ..rules.base import UsageError
from ..rulings import Finding, GameRuling, Verdict
from ..rulings.corrected_sheet import score_sheet
from .decisions import Decision
from .errors import EventError
from .model import Event
from .movements import Seating

MAX_RECORD = 4 * 1024 * 1024  # bytes: a table's record is one game

TABLE_CODES = {
    "record-missing": msg("the table's record is not where the event file says"),
    "record-unreadable": msg("the table's record cannot be read as text"),
    "record-outside": msg("the table's record is a link leading out of the event's folder; it is not read"),
    "record-not-a-file": msg("the table's record is not a file (a pipe, a device or a folder); it is not read"),
    "record-games": msg("the table's record holds no game or more than one"),
    "record-rules": msg("the table's record names other rules than the event's"),
    "record-pairs": msg("the table's record seats other players than the pairs the schedule puts there"),
    "record-deals": msg("the table's record plays another number of hands than the event deals a round"),
    "result-missing": msg("no side of the table has entered its result"),
    "result-unconfirmed": msg("one side has entered the table's result; the other has not confirmed it"),
    "result-disputed": msg("the two sides entered different results; the director decides"),
}
"""The event's own reasons for not certifying a table, by code (docs/events.md)."""


@dataclass(frozen=True, slots=True)
class Remedy:
    """A remedy the arbiter applied at a certified table: the rule set's points for an
    irregularity, already in the table's score (shown in the ledger, never counted again)."""

    pair: int
    points: int
    reason: str
    """In words (a `Text` from the rule set: said in the reader's language)."""
    code: str
    hand: int | None
    line: int


@dataclass(frozen=True, slots=True)
class TableResult:
    seating: Seating
    path: Path
    codes: tuple[str, ...] = ()
    """Why the table is not certified: the event's codes (`TABLE_CODES`) or the findings' codes of
    its record's errors; empty for a certified table."""
    boards: tuple[dict[int, int], ...] = ()
    """Each hand's score by pair number, as the corrected score sheet has it (a certified table)."""
    findings: tuple[Finding, ...] = ()
    """The record's errors, where they are (a table whose record the arbiter found not valid)."""
    remedies: tuple[Remedy, ...] = ()
    """The remedies the arbiter applied (a certified table; `Event.remedies` "apply")."""
    decision: Decision | None = None
    """The director's decision the result is (the event file's `[[decisions]]`), if it is one."""
    overruled: tuple[str, ...] = ()
    """Why the table's record was not certified, where the director decided the table instead."""

    @property
    def certified(self) -> bool:
        return not self.codes

    def total(self, pair: int) -> int:
        return sum(board[pair] for board in self.boards)


def entered(seating: Seating, first: list[tuple[int, int]] | None, second: list[tuple[int, int]] | None) -> TableResult:
    """A table's result as its two sides entered it (each side's (first pair's, second pair's)
    card points, deal by deal; None: not entered), without a record: certified when both sides
    entered the same, else named with why (`result-missing`, `-unconfirmed`, `-disputed`)."""
    where = Path(f"round-{seating.round}/table-{seating.table}")
    if first is None and second is None:
        return TableResult(seating, where, ("result-missing",))
    if first is None or second is None:
        return TableResult(seating, where, ("result-unconfirmed",))
    if first != second:
        return TableResult(seating, where, ("result-disputed",))
    return decided(seating, first)


def decided(seating: Seating, scores: list[tuple[int, int]]) -> TableResult:
    """A table's result as given (the director's decision, or what both sides confirmed)."""
    where = Path(f"round-{seating.round}/table-{seating.table}")
    boards = tuple({seating.first: own, seating.second: theirs} for own, theirs in scores)
    return TableResult(seating, where, (), boards)


def as_decided(decision: Decision, seating: Seating, found: TableResult) -> TableResult:
    """The table's result as the director decided it; the record's codes (`found`) kept beside it."""
    result = decided(seating, list(decision.scores))
    return TableResult(seating, found.path, (), result.boards, decision=decision, overruled=found.codes)


def rulebook_of(event: Event) -> Rulebook | None:
    """The event's rulebook, among the `*.rules.toml` files beside the event file: named by its
    file, by its `#digest`, or by its name (`Maple Club`). Raises EventError when it cannot be
    found or is of another family."""
    if event.rulebook is None:
        return None
    named = event.rulebook
    try:
        if named.endswith(RULEBOOK_SUFFIX):
            book: Rulebook | None = load_rulebook(event.folder / named)
        else:
            book = _beside(event.folder, named)
    except RulebookError as error:
        raise EventError(msg("rulebook: {problem}", problem=error.message)) from None
    if book is None:
        raise EventError(
            msg(
                "rulebook: no rulebook beside the event file has the digest or the name {named}; "
                "put its file there or name the file",
                named=named,
            )
        )
    if book.family != event.family:
        raise EventError(
            msg(
                "rulebook: {name} is a rulebook of {family}, and the event plays {event}; name a rulebook of {event}",
                name=named,
                family=book.family,
                event=event.family,
            )
        )
    return book


def _beside(folder: Path, named: str) -> Rulebook | None:
    """The rulebook beside the event file whose `#digest` or name is `named` (its name compared
    without regard to case)."""
    for path in sorted(folder.glob("*" + RULEBOOK_SUFFIX)):
        book = load_rulebook(path)
        if named.lower() in (f"#{book.digest}", book.name.lower()):
            return book
    return None


def certify(event: Event, seating: Seating, rulebook: Rulebook | None) -> TableResult:
    """The table's result: its record judged, and matched against the schedule."""
    path = event.record_path(seating.round, seating.table)
    data = read_record(event, path)
    if isinstance(data, str):
        return TableResult(seating, path, (data,))
    return certify_record(event, seating, data, rulebook, path)


def read_record(event: Event, path: Path) -> bytes | str:
    """The bytes of a table's record (at most MAX_RECORD + 1 of them), or the code saying why it
    is not read: as `arbiter check` walks a folder, a link leading out of the event's folder is
    not followed, and only a regular file is read (a pipe would hang, a device never end)."""
    if not inside(path, event.folder):
        return "record-outside" if os.path.lexists(path) else "record-missing"
    try:
        return read_regular(path, MAX_RECORD)
    except NotRegular:
        return "record-not-a-file"
    except OSError:
        return "record-missing"


def certify_record(
    event: Event, seating: Seating, data: bytes | str, rulebook: Rulebook | None, path: Path
) -> TableResult:
    """A table's record, as read from `path` or handed in (the service), judged under the event's
    family and `rulebook` and matched against the schedule: the one certification of a table."""
    if len(data) > MAX_RECORD:
        return TableResult(seating, path, ("record-unreadable",))
    shelf = Shelf([rulebook] if rulebook else [])
    try:  # the search for alternatives within the work in force (the service's request), else a table's own
        with bounded.using(bounded.current() or bounded.WorkBudget()):
            games = list(check(data, rules=event.family, house=rulebook, shelf=shelf))
    except UsageError:
        return TableResult(seating, path, ("record-rules",))
    if len(games) != 1:
        return TableResult(seating, path, ("record-games",))
    return _judged(event, seating, path, games[0], rulebook)


def _judged(event: Event, seating: Seating, path: Path, game: GameRuling, rulebook: Rulebook | None) -> TableResult:
    errors = tuple(finding for finding in game.findings if finding.is_error)
    if game.verdict is not Verdict.VALID and not (event.remedies == "apply" and _remedied(game, errors)):
        codes = sorted({finding.code for finding in errors}) or [str(game.verdict)]
        return TableResult(seating, path, tuple(codes), findings=errors)
    if (game.house or {}).get("digest") != (rulebook.digest if rulebook else None):
        return TableResult(seating, path, ("record-rules",))
    sides = _sides(event, seating, game)
    if sides is None:
        return TableResult(seating, path, ("record-pairs",))
    rows = score_sheet(game).rows
    if len(rows) != event.deals or any(row.scores is None for row in rows):
        return TableResult(seating, path, ("record-deals",))
    boards = tuple({sides[side]: points for side, points in (row.scores or {}).items()} for row in rows)
    remedies = tuple(
        Remedy(sides[f.adjustment.side], f.adjustment.points, f.adjustment.reason, f.code, f.hand, f.line)
        for f in errors
        if f.adjustment is not None and f.adjustment.side in sides
    )
    return TableResult(seating, path, (), boards, remedies=remedies)


def _remedied(game: GameRuling, errors: tuple[Finding, ...]) -> bool:
    """Every error is an irregularity the rule set remedies (an adjustment of the score sheet)
    and every hand could be scored with the remedy applied."""
    sheet = score_sheet(game)
    return (
        game.verdict is Verdict.ILLEGAL
        and all(finding.adjustment is not None for finding in errors)
        and not sheet.provisional
        and all(row.scores is not None for row in sheet.rows)
    )


def _sides(event: Event, seating: Seating, game: GameRuling) -> dict[str, int] | None:
    """The record's sides by the pair each is, or None when they are not the seated pairs."""
    players = {frozenset(event.pair(number).players): number for number in seating.pairs}
    sides = {side: players.get(frozenset(side.split("+"))) for side in game.totals}
    found = {number for number in sides.values() if number is not None}
    if found != set(seating.pairs) or len(sides) != 2:
        return None
    return {side: number for side, number in sides.items() if number is not None}


def reason(code: str) -> Text | None:
    """The event's words for one of its codes; None for a finding's code (the record says it)."""
    return TABLE_CODES.get(code)
