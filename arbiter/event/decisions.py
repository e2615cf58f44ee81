"""The director's decisions in the event file (`[[decisions]]`): a table's result as the director
gives it, deal by deal, in place of what its record says. A score sheet added up wrong, handed in
for another table or short of a deal is not certified; the director reads the sheet, hears both
pairs and writes the result here, with why, who and when (docs/events.md, "The director's
decisions"). The standings count the decision and say the table was decided.

    [[decisions]]
    round = 2
    table = 5
    scores = [[540, 120], [300, 410], [95, 610]]   # each deal: the first seats', the second seats'
    reason = "the sheet's total added up wrong; the deals as both pairs signed them"
    by = "Dora Director"
    at = 2026-12-04T22:10:00+01:00
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..i18n import msg
from .errors import EventError

DECISION_KEYS = ("round", "table", "scores", "reason", "by", "at")
MAX_DECISIONS = 5_000
MAX_TEXT = 200
MAX_POINTS = 10**6
"""Card points of one side on one deal, either way: far past any deal a family scores."""


@dataclass(frozen=True, slots=True)
class Decision:
    """A table's result as the director decided it."""

    round: int
    table: int
    scores: tuple[tuple[int, int], ...]
    """Each deal's card points: the pair in the first seats', then the second seats'."""
    reason: str
    by: str | None = None
    at: str | None = None


Fail = Callable[[str, str], EventError]


def read_decisions(fail: Fail, value: Any) -> tuple[Decision, ...]:
    """The `[[decisions]]` entries, each checked (a key it does not know, a round or table that is
    not a whole number, scores that are not pairs of whole numbers, a table decided twice)."""
    if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
        raise fail("decisions", msg("write each entry as a [[{key}]] table", key="decisions"))
    if len(value) > MAX_DECISIONS:
        raise fail("decisions", msg("write at most {limit:,} decisions", limit=MAX_DECISIONS))
    decisions = tuple(_decision(fail, entry, f"decisions[{index}].") for index, entry in enumerate(value, 1))
    seen: set[tuple[int, int]] = set()
    for index, decision in enumerate(decisions, 1):
        if (decision.round, decision.table) in seen:
            raise fail(
                f"decisions[{index}]",
                msg(
                    "round {round}, table {table} is decided twice; write one decision a table",
                    round=decision.round,
                    table=decision.table,
                ),
            )
        seen.add((decision.round, decision.table))
    return decisions


def _decision(fail: Fail, entry: Mapping[str, Any], where: str) -> Decision:
    for key in entry:
        if key not in DECISION_KEYS:
            raise fail(
                where + key, msg("not a key of the event file; use one of {keys}", keys=", ".join(DECISION_KEYS))
            )
    return Decision(
        round=_whole(fail, entry.get("round"), where + "round"),
        table=_whole(fail, entry.get("table"), where + "table"),
        scores=_scores(fail, entry.get("scores"), where + "scores"),
        reason=_line(fail, entry.get("reason"), where + "reason"),
        by=_line(fail, entry["by"], where + "by") if "by" in entry else None,
        at=read_moment(fail, entry["at"], where + "at") if "at" in entry else None,
    )


def _whole(fail: Fail, value: Any, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 9999:
        raise fail(key, msg("write a whole number from {low:,} to {high:,}", low=1, high=9999))
    return value


def _scores(fail: Fail, value: Any, key: str) -> tuple[tuple[int, int], ...]:
    def points(item: Any) -> bool:
        return not isinstance(item, bool) and isinstance(item, int) and abs(item) <= MAX_POINTS

    if (
        not isinstance(value, list)
        or not value
        or not all(isinstance(deal, list) and len(deal) == 2 and all(points(side) for side in deal) for deal in value)
    ):
        raise fail(
            key,
            msg(
                "write each deal's card points, the first seats' then the second seats', such as {example}",
                example="[[540, 120], [300, 410]]",
            ),
        )
    return tuple((deal[0], deal[1]) for deal in value)


def _line(fail: Fail, value: Any, key: str) -> str:
    if not isinstance(value, str) or not value.strip() or "\n" in value or len(value) > MAX_TEXT:
        raise fail(key, msg("write one line of text in double quotes (at most {limit} characters)", limit=MAX_TEXT))
    return value.strip()


def read_moment(fail: Fail, value: Any, key: str) -> str:
    """When something was written (a decision, a ledger entry): a TOML date-time or day, or the same as text."""
    if isinstance(value, datetime.datetime | datetime.date):
        return value.isoformat()
    if isinstance(value, str):
        try:
            return datetime.datetime.fromisoformat(value.strip()).isoformat()
        except ValueError:
            pass
    raise fail(key, msg("write when, as 2026-11-26T21:40:00Z or 2026-11-26"))
