"""A prepared board dealt from a seed, and a record's hands checked against the boards they name.

The dealing is described in docs/events.md ("Prepared deals"); this module is the part of it the
checker needs for one record, without an event file: a record that carries `[Board "N"]` (the
board its first hand was dealt from; each next hand the next board) is checked against the
boards dealt from its seed, given by `[Seed "S"]` or by the event file beside the record
(arbiter.event.beside). A card dealt or drawn that the board does not hold at that place is a
`board-mismatch` finding on the line, hand, turn and card where it is.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from ..cards import ORDER
from ..engine.suits import judged
from ..i18n import Text, msg
from ..notation.records import Draw, Game, HandRecord, Node
from ..rules.base import Config
from ..rules.base import Seating as Table
from ..rules.codes import cite
from ..rulings.findings import Finding, Severity

COMPASS = ("north", "east", "south", "west")
BOARD_TAG = "Board"
SEED_TAG = "Seed"
MAX_BOARD = 100_000
"""The highest board number a record may name: a board is dealt in a moment, a number past this
is a typing error."""


@dataclass(frozen=True, slots=True)
class Board:
    number: int
    seats: tuple[str, ...]
    """The seats' names in playing order (north, east, south, west at a table of four)."""
    dealer: str
    hands: dict[str, tuple[str, ...]]
    """Each seat's cards, in the order they were dealt to it."""
    feet: dict[str, tuple[str, ...]]
    stock: tuple[str, ...]
    """The stock after the deal, top card first."""


def seat_names(count: int) -> tuple[str, ...]:
    return COMPASS if count == 4 else tuple(f"seat{n}" for n in range(1, count + 1))


def deal(seed: int, number: int, table: Table, config: Config) -> Board:
    """Board `number` dealt from `seed` at `table` (its seats in playing order), from the pack
    `config` gives."""
    cards = sorted(config.pack().elements(), key=ORDER.__getitem__)
    for i in range(len(cards) - 1, 0, -1):
        j = _draw(seed, number, i) % (i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    seats = table.seats
    dealer = seats[(number - 1) % len(seats)]
    start = (seats.index(dealer) + 1) % len(seats)
    rotation = seats[start:] + seats[:start]
    stock = iter(cards)
    hands = _packets(rotation, config.deal_size, stock)
    feet = _packets(rotation, config.foot_size, stock)
    return Board(number, seats, dealer, hands, feet, tuple(stock))


def _draw(seed: int, board: int, index: int) -> int:
    return int.from_bytes(hashlib.sha256(f"{seed}:{board}:{index}".encode()).digest(), "big")


def _packets(rotation: tuple[str, ...], size: int, stock: Iterator[str]) -> dict[str, tuple[str, ...]]:
    dealt: dict[str, list[str]] = {seat: [] for seat in rotation}
    for _ in range(size):
        for seat in rotation:
            dealt[seat].append(next(stock))
    return {seat: tuple(cards) for seat, cards in dealt.items() if cards}


def shown(cards: tuple[str, ...]) -> str:
    return " ".join(sorted(cards, key=ORDER.__getitem__))


@dataclass(frozen=True, slots=True)
class Mismatch:
    """One place where a hand is not as its board: the line and column, the turn (None for the
    deal and the opening), the player, and what the board holds there."""

    node: Node
    message: Text
    turn: int | None = None
    player: str | None = None


def hand_mismatches(hand: HandRecord, board: Board, seats: tuple[str, ...]) -> Iterator[Mismatch]:
    """Where `hand` (its players `seats` in playing order, the board's seats in order) is not as
    `board` deals it: the dealer, each packet dealt, the stock line, then every card taken from
    the stock in order (the first out of order ends the comparison: what follows is shifted)."""
    seat_of = dict(zip(seats, board.seats, strict=True))
    player_at = {seat: player for player, seat in seat_of.items()}
    if seat_of.get(hand.start.dealer) != board.dealer:
        dealer = player_at[board.dealer]
        yield Mismatch(hand.start, msg("board {board} is dealt by {player}", board=board.number, player=dealer))
    for deal in (*hand.deals, *hand.feet):
        held = (board.feet if deal.foot else board.hands).get(seat_of.get(deal.player, ""), ())
        if Counter(deal.cards) != Counter(held):
            extra = shown(tuple((Counter(deal.cards) - Counter(held)).elements()))
            yield Mismatch(
                deal,
                msg(
                    "{player} holds {cards} on the board; not {extra}",
                    player=deal.player,
                    cards=shown(held),
                    extra=extra or "-",
                ),
            )
    if hand.stock is not None and hand.stock.cards is not None and tuple(hand.stock.cards) != board.stock:
        yield Mismatch(hand.stock, msg("the stock line is not the board's stock"))
    taken = 0
    for node, cards, turn, player in _from_the_stock(hand):
        expected = board.stock[taken : taken + len(cards)]
        if tuple(cards) != expected:
            yield Mismatch(
                node,
                msg(
                    "the board's stock gives {cards} here, not {drawn}",
                    cards=" ".join(expected) or "-",
                    drawn=" ".join(cards),
                ),
                turn,
                player,
            )
            return
        taken += len(cards)


def _from_the_stock(hand: HandRecord) -> Iterator[tuple[Node, tuple[str, ...], int | None, str | None]]:
    """The cards the hand takes from the stock, in order, each with its node, turn and player: the
    Bonus replacements, the cards turned up, then every draw of the turns."""
    for turn in hand.setup_turns:
        for action in turn.actions:
            if isinstance(action, Draw):
                yield action, tuple(action.cards), None, turn.player
    if hand.up is not None:
        yield hand.up, tuple(hand.up.cards), None, None
    for number, turn in enumerate(hand.turns, 1):
        for action in turn.actions:
            if isinstance(action, Draw):
                yield action, tuple(action.cards), number, turn.player


@dataclass(frozen=True, slots=True)
class BoardProblem:
    """Why a record that names its board could not be checked against it (`board-unknown`)."""

    node: Node
    message: Text


def named_board(game: Game) -> tuple[int | None, BoardProblem | None]:
    """The board the game's first hand names (its `Board` tag); None without the tag."""
    tag = game.find_tag(BOARD_TAG)
    if tag is None:
        return None, None
    value = tag.value.strip()
    if not value.isdigit() or not 1 <= int(value) <= MAX_BOARD:
        return None, BoardProblem(
            tag, msg('write the board\'s number, from 1 to {limit:,}, as [Board "3"]', limit=MAX_BOARD)
        )
    return int(value), None


def tagged_seed(game: Game) -> tuple[int | None, BoardProblem | None]:
    """The seed the game's `Seed` tag gives; None without the tag."""
    tag = game.find_tag(SEED_TAG)
    if tag is None:
        return None, None
    value = tag.value.strip()
    if not value.isdigit() or int(value) >= 2**63:
        return None, BoardProblem(tag, msg('write the event\'s seed, a whole number, as [Seed "20261126"]'))
    return int(value), None


class SeedSource:
    """Where a record that names its board without its seed finds it: none by default (the
    record must carry a `Seed` tag); `arbiter.event.beside.EventBeside` reads the event file beside a record."""

    def seed(self, game: Game) -> int | None:
        return None

    def where(self) -> Text:
        return msg('give the record a [Seed "..."] tag, the seed of its event')


NO_SEEDS = SeedSource()


def board_findings(game: Game, table: Table, config: Config, seeds: SeedSource = NO_SEEDS) -> list[Finding]:
    """The record's hands checked against the boards its `Board` tag names (nothing without the
    tag): each mismatch an error (`board-mismatch`), a board that cannot be dealt a warning
    (`board-unknown`). A hand given without its deal (a summary, a position) is not compared."""
    first, problem = named_board(game)
    seed, seed_problem = tagged_seed(game) if problem is None and first is not None else (None, None)
    problem = problem or seed_problem
    if problem is None and first is not None and seed is None:
        seed = seeds.seed(game)
        if seed is None:
            tag = game.find_tag(BOARD_TAG)
            assert tag is not None
            problem = BoardProblem(
                tag, msg("board {board} cannot be dealt without its seed: {remedy}", board=first, remedy=seeds.where())
            )
    if problem is not None:
        return [_finding("board-unknown", problem.node, problem.message, Severity.WARNING)]
    if first is None or seed is None:
        return []
    findings = []
    for offset, hand in enumerate(game.hands):
        if not hand.deals:
            continue
        board = deal(seed, first + offset, Table(seat_names(len(table.seats)), ()), config)
        for mismatch in hand_mismatches(judged(hand), board, table.seats):  # a board deals ranks (ACN 1.3)
            findings.append(
                _finding(
                    "board-mismatch",
                    mismatch.node,
                    msg("board {board}: {problem}", board=board.number, problem=mismatch.message),
                    Severity.ERROR,
                    hand=hand.number,
                    turn=mismatch.turn,
                    player=mismatch.player,
                )
            )
    return findings


def _finding(
    code: str,
    node: Node,
    message: Text,
    severity: Severity,
    hand: int | None = None,
    turn: int | None = None,
    player: str | None = None,
) -> Finding:
    return Finding(
        line=node.line,
        column=node.column,
        code=code,
        rule=cite(code),
        severity=severity,
        message=message,
        hand=hand,
        turn=turn,
        player=player,
    )
