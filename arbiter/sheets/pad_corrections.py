"""A score pad's hand corrected or taken back (issue 59): the record is written again from its tags,
hand by hand as the pad adds them (`add_hand`), with the corrected hand's summaries in place of
the old ones, so every later hand's score, the running totals and the first-meld minimums follow.
The correction is kept as an entry of its own, as an event's ledger keeps one: a comment line
under the tags that names the hand, what it had scored and its old summaries, which `arbiter
check` reads past, so the record still certifies with the same answer.

    fixed = correct_hand(record, 2, {"ann+cid": {"natural": 1, "melded": 300, "out": True}, ...})
    back = take_back(record)  # the last hand taken back
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from ..judging.checker import Request
from ..notation import parse_text
from ..rules.sheet_spec import LEFT
from .pad import Added, Entries, add_hand, judge

CORRECTED = "corrected"
TAKEN_BACK = "taken back"
LOG_LINE = re.compile(r"^; (corrected|taken back) hand (\d+), which scored (.*?): (.*)$")


@dataclass(frozen=True, slots=True)
class Correction:
    """A correction kept in the record: the hand, `corrected` or `taken back`, its old scores."""

    kind: str
    number: int
    scores: dict[str, int]


def corrections(record: str) -> list[Correction]:
    """The corrections a pad's record keeps, in the order made."""
    found = []
    for line in record.splitlines():
        match = LOG_LINE.match(line.strip())
        if match:
            kind, number, scored, _ = match.groups()
            words = scored.split()
            scores = {side: int(points) for side, points in zip(words[::2], words[1::2], strict=False)}
            found.append(Correction(kind, int(number), scores))
    return found


def hand_entries(record: str, number: int) -> dict[str, dict[str, int | bool]] | None:
    """Hand `number` as the pad entered it, per side (None: the record has no such hand)."""
    parsed = parse_text(record)
    if len(parsed) != 1:
        return None
    hand = next((h for h in parsed[0].game.hands if h.number == number), None)
    if hand is None:
        return None
    return {  # a line written leaves out the points left when there were none: they were 0
        line.side: {LEFT: 0} | {item.word: (True if item.count is None else item.count) for item in line.items}
        for line in hand.summaries
    }


def correct_hand(record: str, number: int, entries: Entries, request: Request | None = None) -> Added:
    """The record with hand `number` given as these summaries and every later hand scored again,
    the correction kept as a line of its own; or the record as it was and the findings that refuse
    the corrected hand (or a later hand it makes impossible). Raises ValueError for no such hand."""
    return _rewritten(record, number, entries, CORRECTED, request or Request())


def take_back(record: str, request: Request | None = None) -> Added:
    """The record without its last hand, that hand kept as a line of its own. Raises ValueError
    when it has no hand."""
    parsed = parse_text(record)
    hands = parsed[0].game.hands if len(parsed) == 1 else []
    if not hands:
        raise ValueError("the score sheet has no hand to take back")
    return _rewritten(record, hands[-1].number, None, TAKEN_BACK, request or Request())


def _rewritten(record: str, number: int, entries: Entries | None, kind: str, request: Request) -> Added:
    parsed = parse_text(record)
    if len(parsed) != 1:
        raise ValueError("the pad's record holds one game")
    hands = parsed[0].game.hands
    if not any(hand.number == number for hand in hands):
        raise ValueError(f"the score sheet has no hand {number}")
    before = judge(record, request)
    scored = next((h.scores for h in (before.hands if before else []) if h.number == number), None) or {}
    rewritten = _tags(record) + _log_line(kind, number, scored, hand_entries(record, number) or {}) + "\n"
    for hand in hands:
        if hand.number == number and kind == TAKEN_BACK:
            continue
        given = entries if hand.number == number and entries is not None else hand_entries(record, hand.number)
        added = add_hand(rewritten, given or {}, request)
        if added.refused:
            return Added(record, before, added.refused)
        rewritten = added.record
    return Added(rewritten, judge(rewritten, request))


def _tags(record: str) -> str:
    """The record up to its first hand: the tags and the corrections kept so far."""
    lines = []
    for line in record.splitlines():
        if line.strip().startswith("hand "):
            break
        if line.strip():
            lines.append(line.rstrip())
    return "\n".join(lines) + "\n"


def _log_line(
    kind: str, number: int, scored: Mapping[str, int], entries: Mapping[str, Mapping[str, int | bool]]
) -> str:
    scores = " ".join(f"{side} {points}" for side, points in scored.items()) or "nothing"
    summaries = " / ".join(
        " ".join(["summary", side, *(word if value is True else f"{word} {value}" for word, value in words.items())])
        for side, words in entries.items()
    )
    return f"; {kind} hand {number}, which scored {scores}: {summaries}"
