"""Movements: who plays whom, at which table, with which boards, round by round.

Each movement is a function of the pairs' numbers and the number of rounds (Swiss: of the
standings so far) that gives the rounds of a `Schedule`. A pair that meets no one in a round
(an odd number of pairs) sits out that round: it is named in the round, not seated.

- `mitchell`: half the pairs keep their seats (the first seats, north-south) at their tables; the
  others move up a table each round while the boards move down one. With an even number of
  tables the moving pairs skip a table halfway, so none plays a board set twice.
- `round_robin`: the circle method; every pair meets every other once, and every table of a
  round plays the same board set.
- `howell`: the same meetings as the round robin, but the board sets move between the tables,
  so the tables of a round play different boards.
- `swiss_round`: the next round of a Swiss ("Danish") event, paired on the standings so far:
  first against second, third against fourth, never a rematch where one can be avoided; in one
  field or in groups of neighbours on the standings.

An event may mix them round by round (`Phase`, `plan`): each phase's rounds and board sets are
numbered on from those of the phases before it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..i18n import msg_n
from .danish import DEFAULT_DANISH, DanishOptions, bye_of
from .errors import EventError

SWISS_SEARCH = 20_000
"""How many pairings the Swiss search may try before it accepts a rematch: bounds the work on
an event whose every pairing without one is hard to find (there are very few such events)."""


@dataclass(frozen=True, slots=True)
class Seating:
    """One table of one round: the pair in the first seats (north-south, the first side of the
    record's `Teams` tag), the pair in the second seats, and the board set they play."""

    round: int
    table: int
    first: int
    second: int
    board_set: int

    @property
    def pairs(self) -> tuple[int, int]:
        return (self.first, self.second)


@dataclass(frozen=True, slots=True)
class Round:
    number: int
    seatings: tuple[Seating, ...]
    sitting_out: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Schedule:
    movement: str
    deals: int
    rounds: tuple[Round, ...]

    def boards(self, seating: Seating) -> range:
        """The boards of a seating's board set: `deals` boards, numbered across the event from 1."""
        first = (seating.board_set - 1) * self.deals + 1
        return range(first, first + self.deals)

    @property
    def seatings(self) -> list[Seating]:
        return [seating for each in self.rounds for seating in each.seatings]


def _phantom(pairs: Sequence[int]) -> list[int | None]:
    """The pairs, and a phantom (None) when they are odd: whoever meets it sits out."""
    return [*pairs, None] if len(pairs) % 2 else list(pairs)


def _round(number: int, meetings: Iterable[tuple[int | None, int | None, int]], fixed_tables: bool = False) -> Round:
    """A round from its meetings (first, second, board set), in table order; a meeting with the
    phantom is a pair sitting out. The tables are numbered from 1 among those played, or, with
    `fixed_tables` (a Mitchell's tables stay where they are), by their place, an empty one skipped."""
    seatings: list[Seating] = []
    sitting_out: list[int] = []
    for place, (first, second, board_set) in enumerate(meetings, 1):
        if first is None or second is None:
            sitting_out += [pair for pair in (first, second) if pair is not None]
        else:
            table = place if fixed_tables else len(seatings) + 1
            seatings.append(Seating(number, table, first, second, board_set))
    return Round(number, tuple(seatings), tuple(sitting_out))


def most_rounds(movement: str, pairs: int) -> int:
    """How many rounds a movement can give `pairs` pairs without a pair meeting another twice."""
    entrants = pairs + pairs % 2
    if movement == "mitchell":
        tables = entrants // 2
        return tables if tables % 2 else tables - 1
    return entrants - 1


def check_rounds(movement: str, pairs: int, rounds: int) -> None:
    """Raises EventError when `rounds` is more than the movement can give."""
    most = most_rounds(movement, pairs)
    if rounds > most:
        raise EventError(
            msg_n(
                "a {movement} movement of {pairs} pairs has at most {n} round without a rematch; "
                "play fewer rounds or choose swiss",
                "a {movement} movement of {pairs} pairs has at most {n} rounds without a rematch; "
                "play fewer rounds or choose swiss",
                most,
                movement=movement,
                pairs=pairs,
            )
        )


def mitchell(pairs: Sequence[int], rounds: int) -> list[Round]:
    check_rounds("mitchell", len(pairs), rounds)
    entrants = _phantom(pairs)
    tables = len(entrants) // 2
    stationary, moving = entrants[:tables], entrants[tables:]
    result = []
    for r in range(rounds):
        skip = 1 if tables % 2 == 0 and r >= tables // 2 else 0
        meetings = [(stationary[t], moving[(t - r - skip) % tables], (t + r) % tables + 1) for t in range(tables)]
        result.append(_round(r + 1, meetings, fixed_tables=True))
    return result


def _circle(pairs: Sequence[int], rounds: int, movement: str) -> list[list[tuple[int | None, int | None, int]]]:
    """The circle method: one pair stays put, the others turn round it a place each round. Each
    meeting as (first, second, table index); the fixed pair's direction alternates, so every
    pair's directions are balanced."""
    check_rounds(movement, len(pairs), rounds)
    entrants = _phantom(pairs)
    fixed, turning = entrants[-1], entrants[:-1]
    size = len(turning)
    result = []
    for r in range(rounds):
        ring = [turning[(i + r) % size] for i in range(size)]
        opening = (fixed, ring[0]) if r % 2 == 0 else (ring[0], fixed)
        meetings = [(*opening, 0)] + [(ring[i], ring[size - i], i) for i in range(1, len(entrants) // 2)]
        result.append(meetings)
    return result


def round_robin(pairs: Sequence[int], rounds: int) -> list[Round]:
    return [
        _round(r + 1, [(first, second, r + 1) for first, second, _ in meetings])
        for r, meetings in enumerate(_circle(pairs, rounds, "round-robin"))
    ]


def howell(pairs: Sequence[int], rounds: int) -> list[Round]:
    sets = most_rounds("howell", len(pairs))
    return [
        _round(r + 1, [(first, second, (index + r) % sets + 1) for first, second, index in meetings])
        for r, meetings in enumerate(_circle(pairs, rounds, "howell"))
    ]


def swiss_round(
    number: int,
    ranking: Sequence[int],
    met: Iterable[frozenset[int]] = (),
    sat_out: Iterable[int] = (),
    groups: int = 1,
    board_set: int | None = None,
    options: DanishOptions = DEFAULT_DANISH,
    seed: int = 0,
) -> Round:
    """Round `number` of a Swiss ("Danish") event: `ranking` is the pairs from first to last on
    the standings so far; `met` the meetings already played; `sat_out` the pairs that sat out before.
    The lowest pair that has not sat out sits out (odd pairs); the others are paired from the
    top, each with the highest pair below it it has not met, backtracking to avoid a rematch
    where any pairing can (within `SWISS_SEARCH` tries). In `groups` (Italian Burraco's Danish
    "a gironi") the standings are cut into that many runs of neighbours, as even as they go, and
    each is paired within itself. Every table plays board set `board_set` (default: `number`).
    The event's `[danish]` `options` may allow rematches (each group paired strictly in order) or
    draw the bye by lot from `seed` (arbiter/event/danish.py)."""
    order = list(ranking)
    out: list[int] = []
    if len(order) % 2:
        resting = bye_of(order, set(sat_out), options, seed, number)
        order.remove(resting)
        out = [resting]
    played = set(met) if options.rematches == "avoid" else set()
    pairing: list[tuple[int, int]] = []
    for group in _groups(order, groups):
        pairing += _pair_without_rematch(group, played, [SWISS_SEARCH]) or [
            (group[i], group[i + 1]) for i in range(0, len(group), 2)
        ]
    board_set = number if board_set is None else board_set
    seatings = tuple(
        Seating(number, table, first, second, board_set) for table, (first, second) in enumerate(pairing, 1)
    )
    return Round(number, seatings, tuple(out))


def _groups(order: list[int], groups: int) -> list[list[int]]:
    """`order` (an even number of pairs) cut into `groups` runs of whole tables, the first ones a
    table larger where the tables do not share out evenly."""
    tables = len(order) // 2
    groups = max(1, min(groups, tables))
    sizes = [2 * (tables // groups + (1 if index < tables % groups else 0)) for index in range(groups)]
    starts = [sum(sizes[:index]) for index in range(groups)]
    return [order[start : start + size] for start, size in zip(starts, sizes, strict=True)]


def _pair_without_rematch(
    order: list[int], met: set[frozenset[int]], budget: list[int]
) -> list[tuple[int, int]] | None:
    if not order:
        return []
    top, rest = order[0], order[1:]
    for index, opponent in enumerate(rest):
        if frozenset((top, opponent)) in met:
            continue
        budget[0] -= 1
        if budget[0] < 0:
            return None
        below = _pair_without_rematch(rest[:index] + rest[index + 1 :], met, budget)
        if below is not None:
            return [(top, opponent), *below]
    return None


MOVEMENTS = {"mitchell": mitchell, "howell": howell, "round-robin": round_robin}
"""The movements whose whole schedule is known before play; Swiss rounds follow the standings."""
ON_RESULTS = ("swiss", "danish")
"""The movements paired on the standings, round by round: the Swiss movement, which Italian
Burraco calls Danish (*danese*); the two names are one movement."""
LISTED = "list"
"""A phase whose rounds the tournament software pairs: each round's table list is read from a
file beside the event (arbiter/event/table_lists.py)."""


@dataclass(frozen=True, slots=True)
class Phase:
    """A run of rounds played with one movement: an event mixes them round by round as its
    director declares (three Mitchell rounds, then a Danish one)."""

    movement: str
    rounds: int
    groups: int = 1
    """A Danish phase paired in that many groups of neighbours on the standings (1: one field)."""
    tables: str | None = None
    """A listed phase's table lists, a file a round beside the event (`round-{round}.txt`)."""


@dataclass(frozen=True, slots=True)
class PhasePlan:
    """Where a phase stands in its event: its first round, the board sets played before it, and,
    for a planned movement, its rounds numbered and dealt as the event's (None: paired on results)."""

    phase: Phase
    first_round: int
    sets_before: int
    planned: tuple[Round, ...] | None

    @property
    def board_sets(self) -> int:
        """How many board sets the phase plays: a planned movement's, or one a round paired on
        results or from a list."""
        if self.planned is None:
            return self.phase.rounds
        return max((seating.board_set for each in self.planned for seating in each.seatings), default=0)


def plan(phases: Sequence[Phase], pairs: Sequence[int]) -> list[PhasePlan]:
    """Each phase placed in the event: rounds numbered on from the phases before it, and board
    sets after theirs, so that no pair meets a board it has played in an earlier phase."""
    plans: list[PhasePlan] = []
    first, sets = 1, 0
    for phase in phases:
        planned = None
        if phase.movement in MOVEMENTS:
            planned = tuple(_shifted(each, first - 1, sets) for each in MOVEMENTS[phase.movement](pairs, phase.rounds))
        placed = PhasePlan(phase, first, sets, planned)
        plans.append(placed)
        first += phase.rounds
        sets += placed.board_sets
    return plans


def _shifted(each: Round, rounds_before: int, sets_before: int) -> Round:
    if not rounds_before and not sets_before:
        return each
    number = each.number + rounds_before
    seatings = tuple(
        Seating(number, seating.table, seating.first, seating.second, seating.board_set + sets_before)
        for seating in each.seatings
    )
    return Round(number, seatings, each.sitting_out)
