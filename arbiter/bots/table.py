"""The table the bots see during one hand: the players' cards, the sides' melds and laid cards,
the Prize pile and the stock; the deal, the order of play and each turn's trace.

`HandTable` is what every family shares. A family's bot rules (`arbiter/families/<name>/bots.py`)
subclass it with the turn itself (`play_turn`), the melds, going out and the score.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..notation.records import Add, Deal, Draw, LayBonus, Meld, MeldRef, MeldSpec, Stock, Turn, UpCard
from .cards import BONUS, CALIENTE, STOP, WILDS, ordered, points
from .choices import Style
from .seating import playing_order
from .trace import Expected, HandTrace, TurnTrace

MAX_TURNS = 5_000  # per hand: a hand that long is a simulator bug, never a game


class DealRules(Protocol):
    """What the deal needs to know of a family's table rules."""

    deal_size: int
    stop_up_card_freezes: bool

    def pack(self) -> list[str]: ...


class TableGame(Protocol):
    """What a hand's table reads of the game it is played in (`game.GameSim`, which plays hand
    after hand on tables): the table depends on this, never on the game's module."""

    rules: Any
    rng: random.Random
    style: Style
    stock_mode: str
    tracing: bool
    seats: tuple[str, ...]
    sides: tuple[tuple[str, ...], ...]
    side_names: list[str]
    side_name: dict[str, str]
    totals: dict[str, int]
    """The sides' totals before the hand."""


@dataclass(slots=True)
class TurnState:
    """One player's turn as it goes: the actions written so far and what has been done."""

    player: str
    side: str
    hand: Counter[str]
    side_melded_at_start: bool
    melded_before: bool
    canastas_at_start: int
    acts: list[Any] = field(default_factory=list)
    drawn: bool = False
    took: bool = False
    melded: bool = False
    first_value: int = 0
    last_bonus: bool = False
    asked: bool | None = None
    discarded: bool = False


class HandTable:
    """One hand, from the deal to its score: the state every family's bots play on."""

    rules: Any  # the family's table rules

    def __init__(self, game: TableGame, number: int, dealer: str, out: tuple[str, ...]) -> None:
        self.game = game
        self.rules = game.rules
        self.rng = game.rng
        self.number = number
        self.dealer = dealer
        self.out = out
        self.order = playing_order(game.seats, game.sides, out)
        self.rotation = list(self.order)  # the order from the first player, set by the deal
        self.side_of = {p: game.side_name[p] for p in self.order}
        self.sides = [game.side_names[i] for i in range(len(game.sides))]
        self.players_of = {name: [p for p in self.order if self.side_of[p] == name] for name in self.sides}
        self.hands: dict[str, Counter[str]] = {p: Counter() for p in self.order}
        self.laid: dict[str, list[str]] = {name: [] for name in self.sides}
        self.pile: list[str] = []
        self.frozen = False
        self.stock: list[str] = []  # top card last
        self.melded_players: set[str] = set()  # membership only, never iterated
        self.ended = False
        self.went_out: str | None = None
        self.concealed = False
        self.deals: list[Deal] = []
        self.feet: list[Deal] = []  # Hand & Foot
        self.setup: list[Turn] = []
        self.up: UpCard | None = None
        self.stock_line: Stock | None = None
        self.turns: list[Turn] = []
        self.expected: list[Expected] = []
        self.trace = HandTrace(number, False) if game.tracing else None

    # --- what a family's bot rules provide -------------------------------------------------------

    def play_turn(self, t: TurnState) -> None:
        raise NotImplementedError

    def canastas(self, side: str) -> int:
        raise NotImplementedError

    def meld_view(self, side: str) -> dict[str, tuple[str, ...]]:
        """The side's melds by name (`Q`, `Q#2`, `5-9`), for the trace."""
        raise NotImplementedError

    def minimum(self, side: str) -> int:
        raise NotImplementedError

    def scores(self) -> dict[str, int]:
        raise NotImplementedError

    # --- the deal ------------------------------------------------------------------------------

    def first_player(self) -> str:
        if self.dealer in self.order:
            return self.order[(self.order.index(self.dealer) + 1) % len(self.order)]
        seats = self.game.seats
        i = seats.index(self.dealer)
        return next(
            seats[(i + k) % len(seats)] for k in range(1, len(seats) + 1) if seats[(i + k) % len(seats)] in self.order
        )

    def deal(self) -> None:
        """Shuffle, deal from the first player round the table, maybe write the stock line, lay
        the dealt Bonus cards with their replacements, and turn the up card."""
        rules: DealRules = self.rules
        cards = rules.pack()
        self.rng.shuffle(cards)
        self.stock = cards
        first = self.first_player()
        start = self.order.index(first)
        self.rotation = self.order[start:] + self.order[:start]
        for player in self.rotation:
            dealt = [self.stock.pop() for _ in range(rules.deal_size)]
            self.hands[player].update(dealt)
            self.deals.append(Deal(player=player, cards=ordered(dealt)))
        self.deal_more()
        self.write_stock_line()
        self.lay_dealt_bonuses()
        self.turn_up_card()

    def deal_more(self) -> None:
        """A second packet per player (Hand & Foot's Foot); none in most families."""

    def write_stock_line(self) -> None:
        mode = self.game.stock_mode
        if mode == "always" or (mode == "some" and self.rng.random() < 0.25):
            self.stock_line = Stock(cards=tuple(reversed(self.stock)))
            if self.trace:
                self.trace.stock_line = True

    def lay_dealt_bonuses(self) -> None:
        """Dealt Bonus cards are laid at once and replaced, in playing order."""
        for player in self.rotation:
            hand = self.hands[player]
            acts: list[Any] = []
            while hand[BONUS] > 0:
                n = hand[BONUS]
                hand[BONUS] = 0
                self.laid[self.side_of[player]].extend([BONUS] * n)
                drawn = [self.stock.pop() for _ in range(n)]
                hand.update(drawn)
                acts += [LayBonus(cards=(BONUS,) * n), Draw(cards=tuple(drawn))]
            if acts:
                self.setup.append(Turn(player=player, actions=tuple(acts)))

    def turn_up_card(self) -> None:
        """Wilds, Bonus, Stop and Caliente cards turned go in sideways; a wild or a Bonus card
        freezes the pile (a Stop or Caliente card only with `stop_up_card_freezes`)."""
        turned: list[str] = []
        while True:
            card = self.stock.pop()
            turned.append(card)
            if card in WILDS or card == BONUS:
                self.frozen = True
            elif card in (STOP, CALIENTE):
                self.frozen = self.frozen or self.rules.stop_up_card_freezes
            else:
                break
        self.pile = turned
        self.up = UpCard(cards=tuple(turned))

    # --- play ----------------------------------------------------------------------------------

    def play(self) -> None:
        self.deal()
        player = self.rotation[0]
        for _ in range(MAX_TURNS):
            self.turn(player)
            if self.ended:
                return
            player = self.next_player(player)
        raise RuntimeError(f"hand {self.number} did not end in {MAX_TURNS} turns: a simulator bug")

    def partners(self, player: str) -> list[str]:
        """The player's partners in playing order from the player's left."""
        side = self.side_of[player]
        i = self.order.index(player)
        ring = self.order[i + 1 :] + self.order[:i]
        return [p for p in ring if self.side_of[p] == side]

    def next_player(self, player: str) -> str:
        return self.order[(self.order.index(player) + 1) % len(self.order)]

    def turn(self, player: str) -> None:
        side = self.side_of[player]
        hand = self.hands[player]
        t = TurnState(
            player,
            side,
            hand,
            side_melded_at_start=self.side_melded(side),
            melded_before=player in self.melded_players,
            canastas_at_start=self.canastas(side),
        )
        trace = None
        if self.trace is not None:
            trace = TurnTrace(
                player,
                side,
                dict(+hand),
                tuple(self.pile),
                self.frozen,
                self.meld_view(side),
                self.side_melded(side),
                self.minimum(side),
                len(self.stock),
            )
            self.trace.turns.append(trace)
        self.play_turn(t)
        self.turns.append(Turn(player=player, actions=tuple(t.acts)))
        if trace is not None:
            trace.hand_after = dict(+hand)
            trace.melds_after = self.meld_view(side)
            trace.canastas_after = self.canastas(side)
            trace.took = t.took
            trace.first_meld = not t.side_melded_at_start and self.side_melded(side)
            trace.asked = t.asked
            trace.went_out = self.went_out == player

    def write_melds(self, t: TurnState, steps: Iterable[tuple[MeldRef | None, list[str]]]) -> None:
        """Write a plan's melds and additions as actions, in the order played: each step is the
        name of the meld added to (as the side's melds stand then), or None for a new meld, with
        its cards from hand. New melds made in a row are one `meld` action."""
        pending: list[MeldSpec] = []
        melded = False
        for target, cards in steps:
            t.hand.subtract(cards)
            if target is not None:
                if pending:
                    t.acts.append(Meld(melds=tuple(pending)))
                    pending = []
                t.acts.append(Add(cards=tuple(cards), target=target))
            else:
                pending.append(MeldSpec(cards=tuple(cards)))
            if not t.side_melded_at_start and not t.took:
                t.first_value += points(cards)
            melded = True
        if pending:
            if t.acts and isinstance(t.acts[-1], Meld):
                pending = [*t.acts.pop().melds, *pending]
            t.acts.append(Meld(melds=tuple(pending)))
        if melded:
            t.melded = True
            self.melded_players.add(t.player)

    def side_melded(self, side: str) -> bool:
        return bool(self.meld_view(side))

    def draw(self, t: TurnState, n: int) -> list[str]:
        cards = [self.stock.pop() for _ in range(n)]
        t.hand.update(cards)
        t.acts.append(Draw(cards=tuple(cards)))
        t.drawn = True
        if not self.stock and cards[-1] == BONUS:
            t.last_bonus = True
        return cards

    # --- the end of the hand ---------------------------------------------------------------------

    def finish_hand(self) -> None:
        """Warnings the record will get: a Caliente card caught in hand, a Bonus card forgotten."""
        for player in self.order:
            hand = self.hands[player]
            if hand[CALIENTE] > 0:
                self.expected.append(Expected(self.number, "caliente-in-hand", player))
            if hand[BONUS] > 0:
                self.expected.append(Expected(self.number, "bonus-in-hand", player))


__all__ = ["MAX_TURNS", "HandTable", "TurnState"]
