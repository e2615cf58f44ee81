"""Prepared deals: every board of an event dealt from its seed, so that each table that plays a
board in the same seats holds the same cards, and anyone can deal the boards again and check them.

A board is dealt as a dealer would, from a pack the family's own rules give (`Config.pack`: the
packs and the cards the rule set adds), shuffled by a generator anyone can rebuild:

- the cards in the arbiter's card order (4 5 6 7 8 9 10 J Q K A 2 X B S C), each as many times as
  the packs hold it;
- shuffled from the last card down (Fisher-Yates): the i-th card changes place with card j, the
  remainder of dividing the SHA-256 of `"{seed}:{board}:{i}"` (as a big-endian number) by i + 1;
- the dealer of board n is seat (n - 1) modulo the seats, and the cards are dealt one at a time
  from the top, round the table from the dealer's left, `deal_size` each; then the family's second
  packet (Hand & Foot's Foot, `foot_size` each) the same way;
- what is left is the stock, top card first: the Bonus replacements and the up card come from it.

`verify` checks a table's record against its boards: every card dealt, every Foot, the stock line,
and every card drawn from the stock or turned up, in order (`board-mismatch` where one differs).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from .. import families as rulesets
from ..cards import BONUS
from ..i18n import Text, msg
from ..judging.boards import (
    BOARD_TAG,
    SEED_TAG,
    Board,
    deal,
    hand_mismatches,
    named_board,
    seat_names,
    shown,
    tagged_seed,
)
from ..notation import parse
from ..notation.records import Game, HandRecord
from ..rules.base import Config
from ..rules.base import Seating as Table
from .errors import EventError
from .model import Event
from .movements import Schedule, Seating
from .tables import MAX_RECORD, read_record, rulebook_of

BOARD_CODES = {
    "board-mismatch": msg("a card the board does not hold at that place"),
    "board-not-dealt": msg(
        "a hand given without its deal (a summary or a position) cannot be checked against its board"
    ),
}
"""What `verify` can say of a table's record, by code (docs/events.md)."""


@dataclass(frozen=True, slots=True)
class BoardFinding:
    code: str
    round: int
    table: int
    board: int
    line: int
    message: Text


def table_config(event: Event) -> tuple[Table, Config]:
    """The family's configuration for one of the event's tables: its seats and its rules."""
    size = len(event.pairs[0].players)
    if any(len(pair.players) != size for pair in event.pairs):
        raise EventError(msg("pairs: prepared deals need every pair to have as many players"))
    names = seat_names(2 * size)
    table = Table(names, (names[0::2], names[1::2]))
    ruleset = rulesets.get(event.family)
    book = rulebook_of(event)
    options = book.options() if book else ruleset.resolve({})
    problem = ruleset.seating_problem(table, options)
    if problem:
        raise EventError(msg("pairs: {problem}", problem=problem))
    return table, ruleset.config_for(table, options)


def deal_board(event: Event, number: int, table: Table, config: Config) -> Board:
    """Board `number` of the event, dealt from its seed."""
    return deal(event.seed, number, table, config)


def boards(event: Event, schedule: Schedule) -> list[Board]:
    """Every board the schedule's board sets hold (the rounds to come of a Swiss event included).
    Raises EventError for an event that plays no prepared deals."""
    if not event.prepared:
        raise EventError(
            msg("prepared: the event plays no prepared deals (prepared = false); each table deals its own")
        )
    table, config = table_config(event)
    most = max([seating.board_set for seating in schedule.seatings] + [event.rounds, event.board_sets()])
    return [deal_board(event, number, table, config) for number in range(1, most * event.deals + 1)]


@dataclass(frozen=True, slots=True)
class Opening:
    """What happens between the deal and the first turn, taken from the top of the stock: each
    dealt Bonus card laid and replaced (in playing order, a replacement that is one laid in turn),
    then the cards turned up until one the family does not cover is on top."""

    replacements: tuple[tuple[str, tuple[tuple[int, tuple[str, ...]], ...]], ...]
    """(seat, ((Bonus cards laid, the cards drawn for them), ...)) for each seat that lays one."""
    up: tuple[str, ...]


def opening(board: Board, config: Config) -> Opening:
    stock = list(board.stock)
    order = board.seats[board.seats.index(board.dealer) + 1 :] + board.seats[: board.seats.index(board.dealer) + 1]
    replacements = []
    for seat in order:
        owed = board.hands[seat].count(BONUS)
        steps = []
        while owed:
            drawn, stock = tuple(stock[:owed]), stock[owed:]
            steps.append((owed, drawn))
            owed = drawn.count(BONUS)
        if steps:
            replacements.append((seat, tuple(steps)))
    up = []
    while stock:
        card = stock.pop(0)
        up.append(card)
        if card not in config.covered_up_cards:
            break
    return Opening(tuple(replacements), tuple(up))


def skeleton(event: Event, board: Board, config: Config | None = None) -> str:
    """The start of a record of the board: its tags, and its hand's deal, Feet and stock lines
    (ACN, docs/notation.md "The deal"), the Bonus cards laid and the up card; the table writes
    its names for the seats' and plays on."""
    lines = [
        f"; {event.name}, board {board.number}: seed {event.seed}",
        f'[Event "{event.name}"]',
        f'[Rules "{event.family}"]',
        f'[{BOARD_TAG} "{board.number}"]',
        f'[{SEED_TAG} "{event.seed}"]',
        *([book.tag()] if (book := rulebook_of(event)) else []),
        f'[Seats "{" ".join(board.seats)}"]',
        f'[Teams "{" ".join("+".join(board.seats[i::2]) for i in range(2))}"]',
        "",
        f"hand 1 dealer {board.dealer}",
    ]
    order = board.seats[board.seats.index(board.dealer) + 1 :] + board.seats[: board.seats.index(board.dealer) + 1]
    lines += [f"deal {seat} {shown(board.hands[seat])}" for seat in order]
    lines += [f"foot {seat} {shown(board.feet[seat])}" for seat in order if seat in board.feet]
    lines.append(f"stock {' '.join(board.stock)}")
    if config is not None:
        start = opening(board, config)
        for seat, steps in start.replacements:
            acts = ", ".join(f"bonus {' '.join([BONUS] * laid)}, draw {' '.join(drawn)}" for laid, drawn in steps)
            lines.append(f"{seat}: {acts}")
        lines.append(f"up {' '.join(start.up)}")
    return "\n".join(lines) + "\n"


def slip(event: Event, board: Board, config: Config) -> list[Text]:
    """The board's slip, as the dealer lays the cards out: who deals, each seat's packet(s), the
    stock from the top, then the Bonus cards laid with their replacements and the up card."""
    lines = [
        msg("{event}: board {board}, dealer {dealer}", event=event.name, board=board.number, dealer=board.dealer),
    ]
    for seat, cards in board.hands.items():
        lines.append(msg("{seat}: {cards}", seat=seat, cards=shown(cards)))
    for seat, cards in board.feet.items():
        lines.append(msg("{seat}, the Foot: {cards}", seat=seat, cards=shown(cards)))
    lines.append(msg("stock, from the top: {cards}", cards=" ".join(board.stock)))
    start = opening(board, config)
    for seat, steps in start.replacements:
        for laid, drawn in steps:
            lines.append(
                msg(
                    "{seat} lays {laid} and draws {cards}",
                    seat=seat,
                    laid=" ".join([BONUS] * laid),
                    cards=" ".join(drawn),
                )
            )
    lines.append(msg("turned up: {cards}", cards=" ".join(start.up)))
    return lines


def verify(event: Event, schedule: Schedule) -> list[BoardFinding]:
    """Each table's record (where there is one) checked against the boards it played; nothing
    for an event that plays no prepared deals."""
    if not event.prepared:
        return []
    dealt = {board.number: board for board in boards(event, schedule)}
    findings: list[BoardFinding] = []
    for seating in schedule.seatings:
        text = read_record(event, event.record_path(seating.round, seating.table))
        if isinstance(text, str) or len(text) > MAX_RECORD:
            continue  # the standings name a record not read, and why; there is nothing to check here
        for parsed in list(parse(text))[:1]:
            findings += _verify_game(event, parsed.game, seating, [dealt[n] for n in schedule.boards(seating)])
    return findings


def _verify_game(event: Event, game: Game, seating: Seating, played: list[Board]) -> list[BoardFinding]:
    seats = tuple((game.tag("Seats") or "").split())
    findings: list[BoardFinding] = []
    first = event.pair(seating.first)
    if game.hands and set(seats[0::2]) != set(first.players):
        tag = game.find_tag("Seats")
        line = tag.line if tag is not None else game.line
        message = msg("the first seats hold the cards of north and south: pair {pair} sits there", pair=first.number)
        findings.append(BoardFinding("board-mismatch", seating.round, seating.table, played[0].number, line, message))
    findings += [
        BoardFinding("board-mismatch", seating.round, seating.table, played[0].number, line, message)
        for line, message in _tags_problems(event, game, played[0].number)
    ]
    for hand, board in zip(game.hands, played, strict=False):
        code = "board-mismatch" if hand.deals else "board-not-dealt"
        findings += [
            BoardFinding(code, seating.round, seating.table, board.number, line, message)
            for line, message in _hand_problems(hand, board, seats)
        ]
    return findings


def _tags_problems(event: Event, game: Game, board: int) -> Iterator[tuple[int, Text]]:
    """A `Board` tag naming another board than the schedule's, a `Seed` tag another seed."""
    named, _ = named_board(game)
    tag = game.find_tag(BOARD_TAG)
    if named is not None and named != board and tag is not None:
        yield tag.line, msg("the schedule gives this table board {board}, not {named}", board=board, named=named)
    seed, _ = tagged_seed(game)
    tag = game.find_tag(SEED_TAG)
    if seed is not None and seed != event.seed and tag is not None:
        yield tag.line, msg("the event's seed is {seed}, not {tagged}", seed=event.seed, tagged=seed)


def _hand_problems(hand: HandRecord, board: Board, seats: tuple[str, ...]) -> Iterator[tuple[int, Text]]:
    if not hand.deals:
        yield hand.start.line, BOARD_CODES["board-not-dealt"]
        return
    if len(seats) != len(board.seats):
        yield hand.start.line, msg("the record seats {n} players and the board {m}", n=len(seats), m=len(board.seats))
        return
    yield from ((mismatch.node.line, mismatch.message) for mismatch in hand_mismatches(hand, board, seats))


def write_boards(event: Event, dealt: list[Board], config: Config, folder: Path) -> list[Path]:
    """Each board's record skeleton (`board-N.acn`) in `folder`; the paths written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for board in dealt:
        path = folder / f"board-{board.number}.acn"
        path.write_text(skeleton(event, board, config), encoding="utf-8")
        written.append(path)
    return written
