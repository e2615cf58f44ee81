"""The corrected score sheet: what the table writes down for each hand of a judged game.

    sheet = score_sheet(ruling)
    for row in sheet.rows:
        print(row.hand, row.status, row.scores, row.totals)

A hand the arbiter replayed to its end is **counted**: the recomputed score. A hand whose replay
stopped at an irregularity the rule set remedies with points (a wrong take of the Prize pile, going
out against the partner's answer) or with a change of play that costs none (a first meld short of
the minimum) is **adjusted**: the score the record declares with the remedy applied, and the
adjustment shown apart so that nobody mistakes it for a count. A hand given as its summary whose
sheet is refused for one claim the rest of the sheet does without (a word the game does not have,
points left to a player who went out alone) is **adjusted** too: the arbiter's count with that
claim struck, beside the declared score, each side's difference shown apart. Any other hand
**cannot be scored**, with the reason. The running totals follow the rows; after a hand that cannot be scored they carry
the record's declared score for it (as the game's `totals` do) and are marked provisional.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol

from ..i18n import Text, msg, translator
from .findings import Adjustment, Correction, Finding, HandResult


class JudgedGame(Protocol):
    """What the sheet reads of a game's ruling (arbiter.rulings.GameRuling, which puts the sheet in
    its JSON: the sheet is the layer under it)."""

    findings: list[Finding]
    hands: list[HandResult]
    totals: dict[str, int]


class Status(StrEnum):
    COUNTED = "counted"  # the arbiter's own count of the hand
    ADJUSTED = "adjusted"  # the declared score with the remedy's adjustment applied
    UNSCORED = "unscored"  # the hand cannot be scored: `reason` says why


@dataclass(slots=True)
class SheetRow:
    hand: int
    line: int
    status: Status
    scores: dict[str, int] | None
    """What the table writes down for the hand; None when it cannot be scored."""
    declared: dict[str, int] | None
    adjustments: list[Adjustment] = field(default_factory=list)
    reason: Text | None = None
    """Why the hand is adjusted or cannot be scored, in plain words."""
    totals: dict[str, int] = field(default_factory=dict)
    provisional: bool = False
    """The totals rest on a hand (this one or an earlier one) that could not be scored."""

    def to_dict(self, lang: str | None = None) -> dict[str, Any]:
        say = translator(lang)
        return {
            "hand": self.hand,
            "line": self.line,
            "status": str(self.status),
            "scores": self.scores,
            "declared": self.declared,
            "adjustments": [a.to_dict(lang) for a in self.adjustments],
            "reason": say(self.reason) if self.reason else self.reason,
            "totals": self.totals,
            "provisional": self.provisional,
        }


@dataclass(slots=True)
class ScoreSheet:
    rows: list[SheetRow]
    totals: dict[str, int]
    provisional: bool

    @property
    def corrected(self) -> bool:
        """Some hand is not simply the arbiter's count: the sheet says something the score table does not."""
        return any(row.status is not Status.COUNTED for row in self.rows)

    def to_dict(self, lang: str | None = None) -> dict[str, Any]:
        """The sheet's JSON shape; `lang`: its reasons in that language."""
        return {
            "hands": [row.to_dict(lang) for row in self.rows],
            "totals": self.totals,
            "provisional": self.provisional,
        }


def score_sheet(game: JudgedGame) -> ScoreSheet:
    """The corrected score sheet of a judged game (empty for a game that was not judged)."""
    if not game.hands:
        return ScoreSheet([], dict(game.totals), False)
    running = _starting_totals(game.hands[0], game.totals)
    provisional = False
    rows = []
    errors: dict[int | None, list[Finding]] = {}
    for finding in game.findings:
        if finding.is_error:
            errors.setdefault(finding.hand, []).append(finding)
    for hand in game.hands:
        row = _row(hand, errors.get(hand.number, []))
        carried = row.scores if row.scores is not None else (hand.declared or {})
        provisional = provisional or row.status is Status.UNSCORED
        for side, points in carried.items():
            running[side] = running.get(side, 0) + points
        row.totals, row.provisional = dict(running), provisional
        rows.append(row)
    return ScoreSheet(rows, dict(running), provisional)


def _starting_totals(first: HandResult, final: dict[str, int]) -> dict[str, int]:
    """The totals before the first hand (0, or what the record states there): the first hand's
    totals less what the game's totals took from it."""
    if first.totals is None:  # a ruling made without running totals starts from nothing
        return dict.fromkeys(final, 0)
    after = first.totals
    taken = first.scores if first.scores is not None else (first.declared or {})
    return {side: points - taken.get(side, 0) for side, points in after.items()}


def _row(hand: HandResult, errors: list[Finding]) -> SheetRow:
    row = SheetRow(hand.number, hand.line, Status.COUNTED, hand.scores, hand.declared)
    if hand.judged and hand.ended and hand.scores is not None:
        return row
    row.status, row.scores = Status.UNSCORED, None
    if hand.judged:
        row.reason = msg("the hand has not ended in the record")
        return row
    # The replay of a hand stops at its first illegal move: the one error of the hand that carries
    # the table (the game-level checks of a hand, its number, dealer and totals, carry none).
    stop = next((f for f in errors if f.table is not None), None)
    struck = next((f for f in errors if f.corrected is not None), None)
    if stop is None and struck is not None and struck.corrected is not None:
        _strike(row, struck, struck.corrected)
    elif stop is None:
        row.reason = msg("the hand was not judged")
    elif stop.adjustment is None:
        row.reason = msg(
            "{where}: {message}; the rule set prescribes no remedy that lets the hand be scored",
            where=_where(stop),
            message=stop.message,
        )
    elif hand.declared is None:
        row.reason = msg(
            "{where}: the record declares no score for this hand; {what_to_write}",
            where=_where(stop),
            what_to_write=what_to_write(stop.adjustment),
        )
    else:
        adjustment = stop.adjustment
        row.status, row.adjustments = Status.ADJUSTED, [adjustment]
        row.scores = dict(hand.declared)
        row.scores[adjustment.side] = row.scores.get(adjustment.side, 0) + adjustment.points
        row.reason = msg(
            "{where}: {remedy}; the declared score stands otherwise",
            where=_where(stop),
            remedy=stop.remedy or adjustment.reason,
        )
    return row


def _strike(row: SheetRow, finding: Finding, correction: Correction) -> None:
    """A summary refused for one claim: the arbiter's count without it, each side's difference from
    the declared score shown apart (a 0 on the claim's side where the declared score left it out)."""
    struck = msg("`{word}` struck from {side}'s line", word=correction.word, side=correction.side)
    declared = row.declared or {}
    row.status, row.scores = Status.ADJUSTED, dict(correction.scores)
    row.adjustments = [
        Adjustment(side, points - declared[side], struck)
        for side, points in correction.scores.items()
        if side in declared and points != declared[side]
    ] or [Adjustment(correction.side, 0, struck)]
    row.reason = msg("{where}: {message}; scored without it", where=_where(finding), message=finding.message)


def what_to_write(adjustment: Adjustment) -> Text:
    """The remedy as the table applies it to a hand it scores itself (a dispute recorded as a
    position has no score line): `bob+dee: subtract 50 from whatever you score this hand`."""
    side, reason = adjustment.side, adjustment.reason
    if adjustment.points == 0:
        return msg("{side}: score the hand as you count it ({reason})", side=side, reason=reason)
    if adjustment.points < 0:
        return msg(
            "{side}: subtract {points} from whatever you score this hand ({reason})",
            side=side,
            points=-adjustment.points,
            reason=reason,
        )
    return msg(
        "{side}: add {points} to whatever you score this hand ({reason})",
        side=side,
        points=adjustment.points,
        reason=reason,
    )


def _where(finding: Finding) -> Text:
    if finding.turn:
        return msg("{code} at line {line}, turn {turn}", code=finding.code, line=finding.line, turn=finding.turn)
    return msg("{code} at line {line}", code=finding.code, line=finding.line)
