"""The standings: every round's tables certified, their results scored by the event's method,
the penalty ledger applied, the pairs ranked.

Scoring methods (`Event.scoring`, docs/events.md):

- `total`: the card points a pair scored at its tables, added up;
- `match-points`: on each board, a pair's result (its score less its opponents') is compared with
  every other pair's that held the same cards (the same board, the same seats, in any round): 1 for
  each it beat, 1/2 for each it tied;
- `win-draw-loss`: 2 for a table won, 1 for a table drawn, 0 for a table lost;
- `victory-points`: each table's margin of card points converted by the event's scale.

A pair that sits out a round gets the average of what the pairs that played the round scored.
A table that is not certified gives its pairs nothing for the round, and the standings say so:
they are final only when every table is certified. Ties are broken by card points; pairs still
level share the place.

The standings after round N (`standings(event, after_round=N)`) count rounds 1 to N and the
ledger entries of those rounds; `as_of` leaves out the entries written after that moment, so the
standings published then can be made again whatever was written since (`history`).
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from fractions import Fraction

from ..house import Rulebook
from ..i18n import msg
from .danish import first_round_order
from .errors import EventError
from .model import Event, Pair, Penalty
from .movements import LISTED, Phase, Round, Schedule, Seating, plan, swiss_round
from .scales import VictoryStep
from .table_lists import read_table_list
from .tables import TableResult, as_decided, certify, rulebook_of

WIN, DRAW, LOSS = 2, 1, 0  # the points of a table won, drawn and lost (win-draw-loss)


@dataclass(frozen=True, slots=True)
class Line:
    """A pair's line in the standings."""

    place: int
    shared: bool
    """Another pair has the same place: the same score and card points."""
    pair: Pair
    score: Fraction
    points: int
    """Card points scored at its certified tables: the first tie-break."""
    played: int
    penalties: int
    margin: int = 0
    """Its card points less its opponents' at its certified tables: the signed sum of its match
    points' differences, which Italian Burraco standings print beside the victory points."""


@dataclass(slots=True)
class Standings:
    event: Event
    schedule: Schedule
    tables: list[TableResult]
    lines: list[Line] = field(default_factory=list)
    after_round: int | None = None
    """The last round counted; None: every round the event has."""
    as_of: str | None = None
    """The moment the ledger is read at (ISO 8601); None: every entry."""
    ledger: list[Entry] = field(default_factory=list)
    """Every entry of the director's ledger these standings read, each with whether it counts."""

    @property
    def not_certified(self) -> list[TableResult]:
        return [table for table in self.tables if not table.certified]

    @property
    def rounds(self) -> int:
        """How many rounds these standings count."""
        return self.event.rounds if self.after_round is None else self.after_round

    @property
    def complete(self) -> bool:
        """Every round counted is scheduled and every table certified: a director can sign."""
        return len(self.schedule.rounds) == self.rounds and not self.not_certified

    @property
    def in_force(self) -> list[Penalty]:
        return [entry.penalty for entry in self.ledger if entry.counts]


@dataclass(frozen=True, slots=True)
class Entry:
    """A ledger entry as the standings read it: its number (from 1, the file's order), and
    whether it counts (`corrected_by`: the later entry that corrects it)."""

    number: int
    penalty: Penalty
    corrected_by: int | None = None

    @property
    def counts(self) -> bool:
        return self.corrected_by is None


def ledger(event: Event, after_round: int | None = None, as_of: str | None = None) -> list[Entry]:
    """The ledger's entries of rounds up to `after_round` written up to `as_of` (an entry without a
    round belongs to every round, one without a moment was always there), each marked corrected
    when a later entry among them corrects it."""
    chosen = [
        (number, penalty)
        for number, penalty in enumerate(event.penalties, 1)
        if (after_round is None or penalty.round is None or penalty.round <= after_round)
        and (as_of is None or penalty.at is None or moment(penalty.at) <= moment(as_of))
    ]
    corrected = {penalty.corrects: number for number, penalty in chosen if penalty.corrects is not None}
    return [Entry(number, penalty, corrected.get(number)) for number, penalty in chosen]


def moment(text: str) -> datetime.datetime:
    """An ISO moment comparable with any other: a day is its midnight, a moment without a zone UTC."""
    value = datetime.datetime.fromisoformat(text)
    return value if value.tzinfo else value.replace(tzinfo=datetime.UTC)


Certifier = Callable[[Event, Seating, Rulebook | None], TableResult]
"""How a table's result is had: its record certified (`certify`, the default), or the result its
sides entered on the service."""


def standings(
    event: Event, after_round: int | None = None, as_of: str | None = None, certifier: Certifier = certify
) -> Standings:
    """The event's standings from its tables' records (after round `after_round`, the ledger as
    it stood at `as_of`: see the module). Raises EventError when the event's rulebook or movement
    cannot be used, or `after_round` is not one of its rounds."""
    if after_round is not None and not 1 <= after_round <= event.rounds:
        raise EventError(msg("the event has rounds 1 to {rounds}", rounds=event.rounds))
    if as_of is not None:
        try:
            moment(as_of)
        except ValueError:
            raise EventError(msg("write when, as 2026-11-26T21:40:00Z or 2026-11-26")) from None
    rulebook = rulebook_of(event)
    last = event.rounds if after_round is None else after_round
    rounds: list[Round] = []
    tables: list[TableResult] = []
    for phase in plan(event.in_phases(), [pair.number for pair in event.pairs]):
        for index in range(phase.phase.rounds):
            number = phase.first_round + index
            if number > last:
                break
            board_set = phase.sets_before + index + 1
            if phase.planned is not None:
                current = phase.planned[index]
            elif phase.phase.movement == LISTED:
                listed = _listed_round(event, phase.phase, number, board_set)
                if listed is None:
                    break  # the software's list of the round is not beside the event yet
                current = listed
            elif number > 1 and any(not table.certified for table in tables):
                break  # a round on results is paired on them: one not certified holds the next round
            else:
                current = _next_on_results(event, number, rounds, tables, phase.phase.groups, board_set)
            rounds.append(current)
            tables += [_result(event, seating, rulebook, certifier) for seating in current.seatings]
        if len(rounds) < min(last, phase.first_round + phase.phase.rounds - 1):
            break  # the phase stopped on results not yet certified: nothing after it is paired
    schedule = Schedule(event.movement, event.deals, tuple(rounds))
    return _ranked(Standings(event, schedule, tables, after_round=after_round, as_of=as_of))


def _result(event: Event, seating: Seating, rulebook: Rulebook | None, certifier: Certifier) -> TableResult:
    """The table's result: the director's decision where the event file has one (the record still
    judged, so that the standings say what was wrong with it), else what its certifier gives."""
    found = certifier(event, seating, rulebook)
    decision = event.decision(seating.round, seating.table)
    return found if decision is None else as_decided(decision, seating, found)


def _ranked(result: Standings) -> Standings:
    result.ledger = ledger(result.event, result.after_round, result.as_of)
    result.lines = rank(
        result.event,
        scores(result.event, result.schedule, result.tables, result.in_force),
        result.tables,
        result.in_force,
    )
    return result


def history(result: Standings) -> list[Standings]:
    """The standings after each round played so far, from the same tables (each round's as
    `standings(event, after_round=N)` gives it), the ledger read at the same moment."""
    event = result.event
    return [
        _ranked(
            Standings(
                event,
                Schedule(event.movement, event.deals, result.schedule.rounds[: each.number]),
                [table for table in result.tables if table.seating.round <= each.number],
                after_round=each.number,
                as_of=result.as_of,
            )
        )
        for each in result.schedule.rounds
    ]


def schedule_of(event: Event) -> Schedule:
    """The event's schedule: a planned movement's every round, without reading a record; where a
    phase is paired on results (Swiss, Danish), the rounds paired so far, from the certified
    results (`standings`)."""
    phases = plan(event.in_phases(), [pair.number for pair in event.pairs])
    if all(phase.planned is not None for phase in phases):
        return Schedule(event.movement, event.deals, tuple(each for phase in phases for each in phase.planned or ()))
    return standings(event).schedule


MAX_TABLE_LIST = 256 * 1024
"""Bytes a round's table list may hold: a field of 400 pairs is a few kilobytes."""


def _listed_round(event: Event, phase: Phase, number: int, board_set: int) -> Round | None:
    """The round as the tournament software's list seats it; None while the list is not there."""
    path = event.table_list_path(phase, number)
    if not path.is_file():
        return None
    with path.open("rb") as stream:
        data = stream.read(MAX_TABLE_LIST + 1)
    if len(data) > MAX_TABLE_LIST:
        raise EventError(msg("{path}: a table list is at most {limit:,} bytes", path=str(path), limit=MAX_TABLE_LIST))
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("cp1252", errors="replace")  # the software's own export, on Windows
    return read_table_list(text, event.pairs, number, board_set, str(path))


def _next_on_results(
    event: Event, number: int, rounds: list[Round], tables: list[TableResult], groups: int, board_set: int
) -> Round:
    so_far = Schedule(event.movement, event.deals, tuple(rounds))
    if rounds:
        ranking = [line.pair.number for line in rank(event, scores(event, so_far, tables, ()), tables, ())]
    else:  # the event's first round: by the pairs' numbers, or by lot (the `[danish]` table)
        ranking = first_round_order([pair.number for pair in event.pairs], event.danish, event.seed)
    met = [frozenset(table.seating.pairs) for table in tables]
    sat_out = [pair for each in rounds for pair in each.sitting_out]
    return swiss_round(number, ranking, met, sat_out, groups, board_set, event.danish, event.seed)


def scores(
    event: Event, schedule: Schedule, tables: list[TableResult], penalties: Iterable[Penalty]
) -> dict[int, Fraction]:
    """Each pair's score by the event's method, the sit-outs' averages and the ledger's entries
    in force (`penalties`) included."""
    total: dict[int, Fraction] = defaultdict(Fraction)
    earned = _earned(event, schedule, [table for table in tables if table.certified])
    for each in schedule.rounds:
        in_round = {pair: points for (number, pair), points in earned.items() if number == each.number}
        for pair, points in in_round.items():
            total[pair] += points
        if each.sitting_out and in_round:
            average = sum(in_round.values(), Fraction(0)) / len(in_round)
            for pair in each.sitting_out:
                total[pair] += average
    for penalty in penalties:
        total[penalty.pair] += penalty.points
    return {pair.number: total[pair.number] for pair in event.pairs}


def _earned(event: Event, schedule: Schedule, certified: list[TableResult]) -> dict[tuple[int, int], Fraction]:
    """What each pair earned in each round, by (round, pair), from the certified tables."""
    if event.scoring == "match-points":
        return match_points(schedule, certified)
    earned: dict[tuple[int, int], Fraction] = {}
    for table in certified:
        first, second = table.seating.pairs
        for pair, opponent in ((first, second), (second, first)):
            own, theirs = table.total(pair), table.total(opponent)
            earned[table.seating.round, pair] = _table_score(event.scoring, own, theirs, event.victory_points)
    return earned


def _table_score(scoring: str, own: int, theirs: int, scale: Iterable[VictoryStep]) -> Fraction:
    if scoring == "total":
        return Fraction(own)
    if scoring == "win-draw-loss":
        return Fraction(WIN if own > theirs else DRAW if own == theirs else LOSS)
    return victory_points(own - theirs, scale)


def victory_points(margin: int, scale: Iterable[VictoryStep]) -> Fraction:
    """The victory points of a table's side that won by `margin` card points (lost, when
    negative): the scale's last row whose margin it reaches; a drawn table shares its first row."""
    steps = list(scale)
    step = [row for row in steps if row.margin <= abs(margin)][-1]
    if margin == 0:
        return Fraction(step.winner + step.loser, 2)
    return Fraction(step.winner if margin > 0 else step.loser)


def match_points(schedule: Schedule, played: list[TableResult]) -> dict[tuple[int, int], Fraction]:
    """Each pair's match points by (round, pair): on each board, every result in the same seats,
    whatever round it was played in, is compared, 1 for each beaten, 1/2 for each tied; a pair's
    points on a board count in the round it played the board."""
    results: dict[tuple[int, int], list[tuple[int, int, int]]] = defaultdict(list)
    for table in played:
        first, second = table.seating.pairs
        for board, scores_on_board in zip(schedule.boards(table.seating), table.boards, strict=True):
            net = scores_on_board[first] - scores_on_board[second]
            results[(board, 0)].append((table.seating.round, first, net))
            results[(board, 1)].append((table.seating.round, second, -net))
    earned: dict[tuple[int, int], Fraction] = defaultdict(Fraction)
    for field_results in results.values():
        for number, pair, net in field_results:
            others = [other for _, who, other in field_results if who != pair]
            beaten = sum(1 for other in others if net > other)
            tied = sum(1 for other in others if net == other)
            earned[number, pair] += beaten + Fraction(tied, 2)
    return dict(earned)


def card_points(tables: list[TableResult]) -> dict[int, int]:
    points: dict[int, int] = defaultdict(int)
    for table in tables:
        if table.certified:
            for pair in table.seating.pairs:
                points[pair] += table.total(pair)
    return points


def margins(tables: list[TableResult]) -> dict[int, int]:
    """Each pair's card points less its opponents' over its certified tables."""
    margin: dict[int, int] = defaultdict(int)
    for table in tables:
        if table.certified:
            first, second = table.seating.pairs
            margin[first] += table.total(first) - table.total(second)
            margin[second] += table.total(second) - table.total(first)
    return margin


def rank(
    event: Event, score: dict[int, Fraction], tables: list[TableResult], penalties: Iterable[Penalty]
) -> list[Line]:
    """The pairs from first to last: by score, then by the event's tie-breaks in order
    (`Event.tie_breaks`); pairs still level share the place (and are listed by number)."""
    points, margin = card_points(tables), margins(tables)
    played: dict[int, int] = defaultdict(int)
    for table in tables:
        for number in table.seating.pairs:
            played[number] += table.certified
    charged: dict[int, int] = defaultdict(int)
    for penalty in penalties:
        charged[penalty.pair] += penalty.points
    lines: list[Line] = []
    for group in _tied_groups(event, score, tables, points, margin):
        for pair in group:
            lines.append(
                Line(
                    place=len(lines) - group.index(pair) + 1,
                    shared=len(group) > 1,
                    pair=pair,
                    score=score[pair.number],
                    points=points[pair.number],
                    played=played[pair.number],
                    penalties=charged[pair.number],
                    margin=margin[pair.number],
                )
            )
    return lines


def _tied_groups(
    event: Event, score: dict[int, Fraction], tables: list[TableResult], points: dict[int, int], margin: dict[int, int]
) -> list[list[Pair]]:
    """The pairs in runs of equal standing, best first: by score, each run of a tie then split by
    each tie-break in turn; a run still level is listed by number."""
    groups = _split([sorted(event.pairs, key=lambda pair: pair.number)], lambda group: score)
    for name in event.tie_breaks:
        if name == "card-points":
            groups = _split(groups, lambda group: points)
        elif name == "margin":
            groups = _split(groups, lambda group: margin)
        else:
            groups = _split(groups, lambda group: head_to_head(event, tables, {pair.number for pair in group}))
    return groups


def _split(
    groups: list[list[Pair]], key: Callable[[list[Pair]], dict[int, Fraction] | dict[int, int]]
) -> list[list[Pair]]:
    """Each run of tied pairs split by `key` (given the run, each of its pairs' value; higher first)."""
    result: list[list[Pair]] = []
    for group in groups:
        if len(group) == 1:
            result.append(group)
            continue
        values = key(group)
        ordered = sorted(group, key=lambda pair: (-values.get(pair.number, 0), pair.number))
        for pair in ordered:
            if result and result[-1][0] in group and values.get(result[-1][0].number, 0) == values.get(pair.number, 0):
                result[-1].append(pair)
            else:
                result.append([pair])
    return result


def head_to_head(event: Event, tables: list[TableResult], tied: set[int]) -> dict[int, Fraction]:
    """What each of the `tied` pairs scored (by the event's method, before the ledger) at its
    certified tables against the others of them: nothing where they never met."""
    certified = [table for table in tables if table.certified and set(table.seating.pairs) <= tied]
    earned = _earned(event, Schedule(event.movement, event.deals, ()), certified)
    return {pair: sum((value for (_, who), value in earned.items() if who == pair), Fraction(0)) for pair in tied}
