"""Answers bounded by the question: a finding budget for one request or one file.

A record of many tiny broken games could otherwise get an answer hundreds of times its size: every
game listing every syntax finding, each with the same long message. `within_budget` lists the
findings of a run of rulings until the budget is spent and counts the rest (`GameRuling.unlisted`,
by severity, so verdicts and summaries still count every finding), lists at most `per_game` of any
one game, and says a message once: a later finding with the same code and message points back at
the first (`Finding.repeats`) instead of repeating it. The command line applies it per file and
the web service per request, with the same defaults.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from ..i18n import msg
from . import Finding, GameRuling

DEFAULT_MAX_FINDINGS = 1_000
"""Findings listed per request or file; past it findings are counted, not listed."""

DEFAULT_MAX_GAME_FINDINGS = 100
"""Findings listed per game; past it, that game's findings are counted, not listed."""


HELD_GAME_FINDINGS = 1_000
"""Findings a game's ruling holds while it is judged; past it (in batches) a finding whose code it
already holds is counted, not kept, so that a record of thousands of broken hands costs memory
bounded by this, not by its length. Ten times `DEFAULT_MAX_GAME_FINDINGS`: an answer lists fewer."""


def shed(ruling: GameRuling) -> None:
    """Keep a game's findings within about twice HELD_GAME_FINDINGS: the first ones, and the first
    of each code met later (so that every code the game has is still held: its verdict and its
    kinds of problem stay as they were); the others are counted in `unlisted`, by severity."""
    if len(ruling.findings) <= 2 * HELD_GAME_FINDINGS:
        return
    held = ruling.findings[:HELD_GAME_FINDINGS]
    codes = {finding.code for finding in held}
    for finding in ruling.findings[HELD_GAME_FINDINGS:]:
        if finding.code in codes:
            ruling.unlisted[str(finding.severity)] += 1
        else:
            held.append(finding)
            codes.add(finding.code)
    ruling.findings = held


@dataclass(frozen=True, slots=True)
class FindingBudget:
    """How many findings an answer lists: in all (`total`) and per game (`per_game`). None: no
    limit. `repeat_once`: a message already given is said again only as a pointer to it."""

    total: int | None = DEFAULT_MAX_FINDINGS
    per_game: int | None = DEFAULT_MAX_GAME_FINDINGS
    repeat_once: bool = True


DEFAULT_BUDGET = FindingBudget()
UNLIMITED = FindingBudget(total=None, per_game=None, repeat_once=False)


def within_budget(rulings: Iterable[GameRuling], budget: FindingBudget = DEFAULT_BUDGET) -> Iterator[GameRuling]:
    """The rulings, in order, each listing only the findings the budget leaves room for."""
    left = budget.total
    first_said: dict[tuple[str, str], tuple[int, int, int]] = {}  # (code, message) -> (game, line, column)
    for ruling in rulings:
        room = _room(left, budget.per_game, len(ruling.findings))
        listed, unlisted = ruling.findings[:room], ruling.findings[room:]
        for finding in unlisted:
            ruling.unlisted[str(finding.severity)] += 1
        if budget.repeat_once:
            for finding in listed:
                key = (finding.code, finding.message)
                earlier = first_said.get(key)
                if earlier is None:
                    first_said[key] = (ruling.index, finding.line, finding.column)
                else:
                    _point_back(finding, *earlier, game=ruling.index)
        ruling.findings = listed
        if left is not None:
            left -= len(listed)
        yield ruling


def _room(left: int | None, per_game: int | None, count: int) -> int:
    room = count
    for limit in (left, per_game):
        if limit is not None:
            room = min(room, max(limit, 0))
    return room


def _point_back(finding: Finding, earlier_game: int, line: int, column: int, game: int) -> None:
    """Say `finding`'s message as a pointer to where it was first said, when that is shorter."""
    if earlier_game != game:
        pointer = msg("as at line {line} of game {game}", line=line, game=earlier_game)
    else:
        pointer = msg("as at line {line}", line=line)
    if len(pointer) < len(finding.message):
        finding.message = pointer
        finding.repeats = {"game": earlier_game, "line": line, "column": column}
