"""The simulator: complete, legal games played by bots, written in canonical notation.

    for text in arbiter.simulate.simulate("caliente", players=4, games=10, seed=1):
        print(text)

The bots are an independent implementation of the rule books: they share the card alphabet and the
record types with the arbiter, never its engine, the rule set's `configure` or its scoring, so
judging their games with `arbiter.check` tests both. They play Canasta Caliente (shared/rules,
condensed in DIGEST.md section A, with the project defaults of docs/rules/caliente.md) at every
table size (2 to 6 players, sitting out, three packs) and with every option of the rule set.

A `GameSim` plays one game hand by hand; a `HandSim` deals, turns the up card and lets each bot play
its turns until someone goes out, passes on an exhausted stock, or lays a Bonus card drawn as the
last card. The bots keep to the rules by construction and play for points: they take the Prize pile
when it pays, meet the first-meld minimum, meld toward canastas, freeze the pile and discard Stop
cards to block, play Caliente cards when they help, ask their partner before going out, and now and
then hold everything back to go out concealed or play on until the stock runs out (`Style`).

Every game draws from its own `random.Random` (seeded with the rule set, the seed and the game's
index) and no set is ever iterated, so game `i` of seed `s` is the same whatever `games` or `jobs`
say (docs/simulator.md).

`coverage(rulings)` sums what a corpus exercised (`path:<name>` legal paths and `code:<code>`
findings, from `GameRuling.coverage`); `EXPECTED_PATHS` lists, per rule set, the legal paths a
corpus of simulated games should take, and `coverage_report` says which it did not.
"""

from __future__ import annotations

import multiprocessing
import random
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from . import rules as rulesets
from .formatter import format_game
from .records import (
    Add,
    Ask,
    Deal,
    Discard,
    Draw,
    Game,
    GoOut,
    HandRecord,
    HandStart,
    LayBonus,
    Meld,
    MeldRef,
    MeldSpec,
    Pass,
    PlayCaliente,
    Points,
    SidePoints,
    Stock,
    Tag,
    Take,
    Turn,
    UpCard,
)
from .rules.base import OptionValue, UsageError
from .rulings import GameRuling

# --- the cards, as the rule books give them -------------------------------------------------------

NATURALS: tuple[str, ...] = ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
NATURAL_SET = frozenset(NATURALS)
LITTLE, BIG, BONUS, STOP, CALIENTE = "2", "X", "B", "S", "C"
WILDS = (LITTLE, BIG)
# Points melded (plus) or left in hand (minus): DIGEST, "Card names and values".
POINTS: dict[str, int] = {
    **dict.fromkeys(("4", "5", "6", "7"), 5),
    **dict.fromkeys(("8", "9", "10", "J", "Q", "K"), 10),
    "A": 20,
    LITTLE: 20,
    BIG: 50,
    STOP: 5,
    BONUS: 0,  # scored by the Bonus rules, never as a card
    CALIENTE: 0,
}
ORDER: dict[str, int] = {card: i for i, card in enumerate((*NATURALS, LITTLE, BIG, BONUS, STOP, CALIENTE))}
CANASTA = 7  # cards in a canasta
MAX_WILDS = 3  # in any meld, canastas included
NAMES = ("ann", "bob", "cid", "dee", "eve", "fay")
MAX_TURNS = 5_000  # per hand: a hand that long is a simulator bug, never a game
MAX_HANDS = 400  # per game, when no `hands` limit is given


def points(cards: Any) -> int:
    return sum(POINTS[card] for card in cards)


def ordered(cards: Any) -> tuple[str, ...]:
    return tuple(sorted(cards, key=ORDER.__getitem__))


def meld_counts(cards: list[str]) -> tuple[int, int]:
    """(naturals, wilds) of a meld."""
    wilds = sum(1 for card in cards if card in WILDS)
    return len(cards) - wilds, wilds


def wild_room(naturals: int, wilds: int) -> int:
    """How many more wilds a meld can take: at most three, and fewer than its naturals."""
    return max(0, min(MAX_WILDS - wilds, naturals - wilds - 1))


# --- the table ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TableRules:
    """The rules of the game at this table, from the rule books and the options."""

    players: int
    playing: int  # players dealt in each hand
    three_packs: bool
    packs: int
    caliente_cards: int
    deal_size: int
    draw_count: int
    canastas_to_go_out: int
    target: int
    always_frozen: bool
    stop_up_card_freezes: bool
    concealed_waives_minimum: bool
    concealed_allows_discard: bool
    bonus_in_hand_penalty: int
    caliente_refill: int
    caliente_multiplies_bonus: bool

    @classmethod
    def build(cls, players: int, options: Mapping[str, Any]) -> TableRules:
        three = bool(options.get("three-packs", False))
        playing = players if players <= 4 or three else 4  # five or six: four play each hand
        deal = 15 if playing == 2 else 13 if playing == 3 or three else 11
        return cls(
            players=players,
            playing=playing,
            three_packs=three,
            packs=3 if three else 2,
            caliente_cards=2 if options.get("caliente-cards", False) else 0,
            deal_size=deal,
            draw_count=2 if playing == 2 else 1,
            canastas_to_go_out=int(options.get("canastas-to-go-out", 0)) or (2 if playing == 2 or three else 1),
            target=int(options.get("target", 0)) or (10_000 if three else 5_000),
            always_frozen=bool(options.get("always-frozen", False)),
            stop_up_card_freezes=bool(options.get("stop-up-card-freezes", False)),
            concealed_waives_minimum=bool(options.get("concealed-waives-minimum", False)),
            concealed_allows_discard=bool(options.get("concealed-allows-discard", True)),
            bonus_in_hand_penalty=int(options.get("bonus-in-hand-penalty", 100)),
            caliente_refill=int(options.get("caliente-refill", 0)) or deal,
            caliente_multiplies_bonus=bool(options.get("caliente-multiplies-bonus", True)),
        )

    def pack(self) -> list[str]:
        """Every card in play: per pack four of each natural and four little wilds, two big wilds,
        two Bonus and two Stop cards (54); plus the Caliente cards of the variation."""
        cards: list[str] = []
        for rank in NATURALS:
            cards += [rank] * (4 * self.packs)
        cards += [LITTLE] * (4 * self.packs) + [BIG] * (2 * self.packs)
        cards += [BONUS] * (2 * self.packs) + [STOP] * (2 * self.packs)
        cards += [CALIENTE] * self.caliente_cards
        return cards

    def minimum(self, score: int) -> int:
        """The first-meld minimum for a side with this score before the hand (0: any meld)."""
        if score < 0:
            return 0
        if self.three_packs and score >= 7_500:
            return 150
        return 50 if score < 1_500 else 90 if score < 3_000 else 120

    def bonus_points(self, laid: int, melded: bool) -> int:
        extra = 0
        if self.three_packs and laid >= 5:
            extra = 600
        elif not self.three_packs and laid == 4:
            extra = 400
        total = 100 * laid + extra
        return total if melded else -total

    def hand_loss(self, hand: Counter[str]) -> int:
        plain = sum(POINTS[card] * n for card, n in hand.items() if n > 0 and card not in (BONUS, CALIENTE))
        bonus = max(0, hand[BONUS]) * self.bonus_in_hand_penalty
        held = hand[CALIENTE]
        if held > 0:
            factor = 2 if held == 1 else 3
            return (plain + bonus) * factor if self.caliente_multiplies_bonus else plain * factor + bonus
        return plain + bonus


def seating(players: int, three_packs: bool, rng: random.Random) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]:
    """Seats in playing order and the sides: partners never side by side (with five players the
    team of two sits apart); with three packs two teams of three or three teams of two."""
    seats = NAMES[:players]
    if players <= 3:
        return seats, tuple((p,) for p in seats)
    if players == 6 and three_packs and rng.random() < 0.5:
        return seats, tuple(tuple(seats[i::3]) for i in range(3))
    return seats, (tuple(seats[0::2]), tuple(seats[1::2]))


def playing_order(seats: tuple[str, ...], sides: tuple[tuple[str, ...], ...], out: tuple[str, ...]) -> list[str]:
    """The order of play in a hand: with players sitting out, the four who play sit with partners
    facing, each team keeping its order of the seats, starting from the first seat still playing."""
    playing = [p for p in seats if p not in out]
    if not out:
        return playing
    teams: list[list[str]] = []
    for player in playing:
        side = next(s for s in sides if player in s)
        team = next((t for t in teams if t[0] in side), None)
        if team is None:
            teams.append([player])
        else:
            team.append(player)
    size = len(teams[0])
    if len(teams) < 2 or any(len(t) != size for t in teams):
        return playing
    return [team[i] for i in range(size) for team in teams]


@dataclass(frozen=True, slots=True)
class Style:
    """How often the bots play each way (probabilities). The defaults look like club play; a
    coverage corpus turns some up to reach the rare corners (the end of the stock) in few games."""

    long_hands: float = 0.12
    """A hand where nobody goes out before the stock runs out (passes, forced takes, a Bonus card
    drawn last)."""
    concealed: float = 0.07
    """A player who holds everything back, hoping to go out concealed."""
    ask: float = 0.35
    """A player about to go out asks the partner first."""
    freeze: float = 0.15
    """A player freezes a pile of four cards or more with a wild."""
    forget_bonus: float = 0.0
    """A player forgets to lay a Bonus card drawn (the rule books allow laying it on a later turn,
    with its replacement; still held when the hand ends, it costs 100)."""

    def __post_init__(self) -> None:
        for name in ("long_hands", "concealed", "ask", "freeze", "forget_bonus"):
            value = getattr(self, name)
            if not 0.0 <= value <= 1.0:
                raise ValueError(f"style {name} is a probability between 0 and 1, not {value}")


# --- what happened, for the tests ------------------------------------------------------------------


@dataclass(slots=True)
class TurnTrace:
    """The table as the player found it and left it (kept when tracing, for mutation tests)."""

    player: str
    side: str
    hand: dict[str, int]
    pile: tuple[str, ...]
    frozen: bool
    melds: dict[str, tuple[str, ...]]
    side_melded: bool
    minimum: int
    stock: int
    hand_after: dict[str, int] = field(default_factory=dict)
    melds_after: dict[str, tuple[str, ...]] = field(default_factory=dict)
    canastas_after: int = 0
    took: bool = False
    first_meld: bool = False
    asked: bool | None = None
    went_out: bool = False


@dataclass(slots=True)
class HandTrace:
    number: int
    stock_line: bool
    turns: list[TurnTrace] = field(default_factory=list)


@dataclass(slots=True)
class Expected:
    """A finding the simulator knows the record will get: the warning for a Caliente card caught
    in hand, or for a Bonus card forgotten (Style.forget_bonus)."""

    hand: int
    code: str
    player: str
    severity: str = "warning"


# --- one hand ------------------------------------------------------------------------------------


@dataclass(slots=True)
class TakePlan:
    card: str
    with_cards: list[str] | None = None
    onto: str | None = None
    also: list[list[str]] = field(default_factory=list)


@dataclass(slots=True)
class OutPlan:
    ops: list[tuple[str, str, list[str]]]
    discard: str | None
    canastas: int
    concealed: bool


@dataclass(slots=True)
class TurnState:
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


class HandSim:
    """One hand, from the deal to its score."""

    def __init__(self, game: GameSim, number: int, dealer: str, out: tuple[str, ...]) -> None:
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
        self.melds: dict[str, dict[str, list[str]]] = {name: {} for name in self.sides}
        self.laid: dict[str, list[str]] = {name: [] for name in self.sides}
        self.pile: list[str] = []
        self.frozen = False
        self.stock: list[str] = []  # top card last
        self.melded_players: set[str] = set()  # membership only, never iterated
        self.minimums = {name: self.rules.minimum(game.totals[name]) for name in self.sides}
        self.ended = False
        self.went_out: str | None = None
        self.concealed = False
        self.deals: list[Deal] = []
        self.setup: list[Turn] = []
        self.up: UpCard | None = None
        self.stock_line: Stock | None = None
        self.turns: list[Turn] = []
        self.expected: list[Expected] = []
        self.trace = HandTrace(number, False) if game.tracing else None
        # how the bots mean to play this hand
        rng = self.rng
        style = game.style
        self.long = rng.random() < style.long_hands  # nobody goes out before the stock runs out
        need = self.rules.canastas_to_go_out
        self.patience = {name: need + rng.choice((0, 0, 0, 1, 1, 2)) for name in self.sides}
        self.aspirant = {p: rng.random() < style.concealed for p in self.order}  # holds back to go out concealed

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
        rules, rng = self.rules, self.rng
        cards = rules.pack()
        rng.shuffle(cards)
        self.stock = cards
        first = self.first_player()
        start = self.order.index(first)
        self.rotation = self.order[start:] + self.order[:start]
        for player in self.rotation:
            dealt = [self.stock.pop() for _ in range(rules.deal_size)]
            self.hands[player].update(dealt)
            self.deals.append(Deal(player=player, cards=ordered(dealt)))
        if self.game.stock_mode == "always" or (self.game.stock_mode == "some" and rng.random() < 0.25):
            self.stock_line = Stock(cards=tuple(reversed(self.stock)))
            if self.trace:
                self.trace.stock_line = True
        for player in self.rotation:  # dealt Bonus cards are laid at once and replaced
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
        turned: list[str] = []
        while True:  # wilds, Bonus, Stop and Caliente cards turned go in sideways
            card = self.stock.pop()
            turned.append(card)
            if card in WILDS or card == BONUS:
                self.frozen = True
            elif card in (STOP, CALIENTE):
                self.frozen = self.frozen or rules.stop_up_card_freezes
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
            player = self.order[(self.order.index(player) + 1) % len(self.order)]
        raise RuntimeError(f"hand {self.number} did not end in {MAX_TURNS} turns: a simulator bug")

    def canastas(self, side: str) -> int:
        return sum(1 for rank, meld in self.melds[side].items() if rank != STOP and len(meld) >= CANASTA)

    def partners(self, player: str) -> list[str]:
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
            side_melded_at_start=bool(self.melds[side]),
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
                {r: tuple(m) for r, m in self.melds[side].items()},
                bool(self.melds[side]),
                self.minimums[side],
                len(self.stock),
            )
            self.trace.turns.append(trace)
        self.play_turn(t)
        self.turns.append(Turn(player=player, actions=tuple(t.acts)))
        if trace is not None:
            trace.hand_after = dict(+hand)
            trace.melds_after = {r: tuple(m) for r, m in self.melds[side].items()}
            trace.canastas_after = self.canastas(side)
            trace.took = t.took
            trace.first_meld = not t.side_melded_at_start and bool(self.melds[side])
            trace.asked = t.asked
            trace.went_out = self.went_out == player

    def play_turn(self, t: TurnState) -> None:
        if not self.stock:
            if not self.exhausted_start(t):
                return
        elif self.wants_caliente(t):
            self.play_caliente(t)
        else:
            plan = None if self.aspiring(t.player) else self.plan_take(t)
            if plan is not None and self.wants_take(t, plan):
                self.take(t, plan)
            else:
                self.draw(t, min(self.rules.draw_count, len(self.stock)))
        if self.lay_bonuses(t):
            return
        self.finish(t)

    def exhausted_start(self, t: TurnState) -> bool:
        """The stock is exhausted: take the up card or pass, which ends the hand. Returns whether
        the turn goes on. An unfrozen up card that fits the side's meld must be taken (not with
        the pile always frozen) if the player could then still end the turn: keep a card after
        discarding, or go out with the side's canastas."""
        top = self.pile[-1] if self.pile else None
        melds = self.melds[t.side]
        fits = top in NATURAL_SET and top in melds
        forced = False
        if fits and not self.frozen and not self.rules.always_frozen:
            assert top is not None
            held = sum(t.hand.values()) + len(self.pile) - 1  # after taking it onto the meld
            canastas = self.canastas(t.side) + (len(melds[top]) + 1 == CANASTA)
            forced = held >= 2 or canastas >= self.rules.canastas_to_go_out
        plan = self.plan_take(t)
        if forced and plan is None:
            plan = TakePlan(top, onto=top)  # type: ignore[arg-type]
        if plan is not None and (forced or fits or self.rng.random() < 0.5):
            self.take(t, plan)
            return True
        t.acts.append(Pass())
        self.ended = True
        return False

    def aspiring(self, player: str) -> bool:
        return self.aspirant[player] and len(self.stock) >= 20

    # drawing, Bonus cards and Caliente cards

    def draw(self, t: TurnState, n: int) -> list[str]:
        cards = [self.stock.pop() for _ in range(n)]
        t.hand.update(cards)
        t.acts.append(Draw(cards=tuple(cards)))
        t.drawn = True
        if not self.stock and cards[-1] == BONUS:
            t.last_bonus = True
        return cards

    def lay_bonuses(self, t: TurnState) -> bool:
        """Lay each Bonus card drawn and draw its replacement (none when the stock is drawn out);
        a Bonus card drawn as the last card of the stock is laid and ends the hand. A forgetful
        player (Style.forget_bonus) may keep one for a later turn. Returns whether the hand ended."""
        hand = t.hand
        forget = self.game.style.forget_bonus
        others = sum(n for card, n in hand.items() if card != BONUS)
        if hand[BONUS] > 0 and self.stock and others >= 2 and forget and self.rng.random() < forget:
            return False  # forgotten for now (a card is left to discard)
        while hand[BONUS] > 0:
            if t.last_bonus:
                n = hand[BONUS]
                hand[BONUS] = 0
                self.laid[t.side].extend([BONUS] * n)
                t.acts.append(LayBonus(cards=(BONUS,) * n))
                self.ended = True
                return True
            if not self.stock and not self.can_lay_last_bonus(t):
                return False  # kept: laid, it would leave no legal way to end the turn
            hand[BONUS] -= 1
            self.laid[t.side].append(BONUS)
            t.acts.append(LayBonus(cards=(BONUS,)))
            if self.stock:
                self.draw(t, 1)
        return False

    def can_lay_last_bonus(self, t: TurnState) -> bool:
        """On an exhausted stock (no replacement): whether the player, one Bonus card laid, can
        still discard and keep a card, or go out."""
        others = sum(n for card, n in t.hand.items() if card != BONUS)
        if others + t.hand[BONUS] - 1 >= 2 and others >= 1:
            return True
        hand = Counter(t.hand)
        hand[BONUS] = 0
        return self.plan_out(t, hand, self.melds[t.side], took=t.took) is not None

    def wants_caliente(self, t: TurnState) -> bool:
        rules, hand = self.rules, t.hand
        if not rules.caliente_cards or hand[CALIENTE] <= 0 or not self.stock:
            return False
        own = len(self.melds[t.side])
        if any(own > len(self.melds[other]) for other in self.sides if other != t.side):
            return False
        held = sum(hand.values()) - 1
        refill = rules.caliente_refill - held
        if held + min(max(refill, 0), len(self.stock)) < 2:
            return False
        if refill >= 4:
            return self.rng.random() < 0.85
        # caught in hand it doubles the loss: late in the hand, or once an opponent could go out,
        # 100 is worth paying to be rid of it
        threat = any(self.canastas(o) >= rules.canastas_to_go_out for o in self.sides if o != t.side)
        late = len(self.stock) < 15 or threat
        return late and rules.hand_loss(hand) >= 100 and self.rng.random() < 0.6

    def play_caliente(self, t: TurnState) -> None:
        t.hand[CALIENTE] -= 1
        self.laid[t.side].append(CALIENTE)
        t.acts.append(PlayCaliente())
        t.drawn = True
        refill = min(self.rules.caliente_refill - sum(t.hand.values()), len(self.stock))
        if refill > 0:
            self.draw(t, refill)

    # the Prize pile

    def plan_take(self, t: TurnState) -> TakePlan | None:
        """A legal way to take the Prize pile that leaves a playable hand, or None."""
        if not self.pile:
            return None
        top = self.pile[-1]
        if top not in NATURAL_SET:
            return None
        rules, hand, rng = self.rules, t.hand, self.rng
        melds = self.melds[t.side]
        frozen = self.frozen or rules.always_frozen  # a new set then takes naturals only
        n = hand[top]
        wild = LITTLE if hand[LITTLE] > 0 else BIG if hand[BIG] > 0 else None
        if not melds:  # before the side's first meld: two naturals and the minimum
            if n < 2:
                return None
            with_cards = [top] * n
            value = POINTS[top] * (n + 1)
            minimum = self.minimums[t.side]
            if not frozen and wild and (value < minimum or rng.random() < 0.2):
                with_cards.append(wild)
                value += POINTS[wild]
            plan = TakePlan(top, with_cards=with_cards)
            if value < minimum:
                rest = Counter(hand)
                rest.subtract(with_cards)
                also = self.first_melds(rest, minimum - value, exclude=top)
                if also is None:
                    return None
                plan.also = also
        else:
            choices: list[TakePlan] = []
            meld = melds.get(top)
            if meld is not None:
                onto_ok = len(meld) < CANASTA if rules.always_frozen else not self.frozen
                if onto_ok:
                    choices.append(TakePlan(top, onto=top))
            if n >= 2:
                choices.append(TakePlan(top, with_cards=[top] * n))
            elif n == 1 and wild and not frozen:
                nat, wl = meld_counts(meld) if meld is not None else (0, 0)
                if meld is None or wild_room(nat + 2, wl) >= 1:
                    choices.append(TakePlan(top, with_cards=[top, wild]))
            if not choices:
                return None
            plan = choices[0] if len(choices) == 1 or rng.random() < 0.6 else choices[1]
        left = self.cards_after_take(t, plan)
        fits = top in melds and not self.frozen and not rules.always_frozen
        if left < 3 and self.short_late(t.side) and not (fits and not self.stock):
            return None  # keep cards for the end of the stock (see meld_more); a forced take is taken
        if left < 2 and ((self.long and self.stock) or not self.can_go_out_after(t, plan)):
            return None  # the taker would have to go out at once, and cannot or will not
        return plan

    def cards_after_take(self, t: TurnState, plan: TakePlan) -> int:
        held = sum(n for card, n in t.hand.items() if card != BONUS)
        used = len(plan.with_cards or ()) + sum(len(m) for m in plan.also)
        return held - used + sum(1 for card in self.pile[:-1] if card != BONUS)

    def can_go_out_after(self, t: TurnState, plan: TakePlan) -> bool:
        hand = Counter(t.hand)
        melds = {r: list(m) for r, m in self.melds[t.side].items()}
        for cards in [plan.with_cards or [], *plan.also]:
            hand.subtract(cards)
        if plan.onto:
            melds[plan.onto].append(plan.card)
        else:
            melds.setdefault(plan.card, []).extend([plan.card, *(plan.with_cards or [])])
        for cards in plan.also:
            melds.setdefault(cards[0], []).extend(cards)
        hand.update(card for card in self.pile[:-1] if card != BONUS)
        hand[BONUS] = 0  # laid before going out (on an exhausted stock, with no replacement)
        return self.plan_out(t, hand, melds, took=True) is not None

    def wants_take(self, t: TurnState, plan: TakePlan) -> bool:
        if not self.melds[t.side]:
            return self.rng.random() < 0.9  # getting into the game
        if len(self.pile) >= 3 or plan.onto is not None:
            return True
        return self.rng.random() < 0.5

    def take(self, t: TurnState, plan: TakePlan) -> None:
        side, hand = t.side, t.hand
        melds = self.melds[side]
        top = self.pile.pop()
        if plan.onto is not None:
            melds[plan.onto].append(top)
            t.acts.append(Take(card=top, onto=MeldRef(rank=plan.onto)))
        else:
            cards = plan.with_cards or []
            hand.subtract(cards)
            melds.setdefault(top, []).extend([top, *cards])
            for meld in plan.also:
                hand.subtract(meld)
                melds.setdefault(meld[0], []).extend(meld)
            t.acts.append(
                Take(card=top, with_cards=tuple(cards), also=tuple(MeldSpec(cards=tuple(m)) for m in plan.also))
            )
        rest = self.pile
        self.pile = []
        self.frozen = False
        hand.update(rest)
        t.drawn = t.took = t.melded = True
        self.melded_players.add(t.player)
        from_pile = rest.count(BONUS)
        if from_pile:  # Bonus cards of the first Prize pile: laid without replacement
            hand[BONUS] -= from_pile
            self.laid[side].extend([BONUS] * from_pile)
            t.acts.append(LayBonus(cards=(BONUS,) * from_pile))

    # melding

    def first_melds(self, hand: Counter[str], need: int, exclude: str | None = None) -> list[list[str]] | None:
        """New melds from `hand` worth `need` points or more (any one meld if `need` is 0)."""
        groups = [[r] * hand[r] for r in NATURALS if r != exclude and hand[r] >= 3]
        value = sum(points(g) for g in groups)
        wilds = [BIG] * max(0, hand[BIG]) + [LITTLE] * max(0, hand[LITTLE])
        pairs = sorted((r for r in NATURALS if r != exclude and hand[r] == 2), key=lambda r: -POINTS[r])
        while value < need or not groups:
            if pairs and wilds:
                r, w = pairs.pop(0), wilds.pop(0)
                groups.append([r, r, w])
                value += points((r, r, w))
                continue
            roomy = [g for g in groups if wild_room(*meld_counts(g)) > 0]
            if roomy and wilds:
                w = wilds.pop(0)
                roomy[0].append(w)
                value += POINTS[w]
                continue
            return None
        return groups

    def execute(self, t: TurnState, ops: list[tuple[str, str, list[str]]]) -> None:
        """Play melds (`meld`, or `merge`: a new set of a rank the side has, which joins it) and
        additions (`add`) in order, writing consecutive melds as one action."""
        melds = self.melds[t.side]
        pending: list[MeldSpec] = []
        for kind, rank, cards in ops:
            t.hand.subtract(cards)
            if kind == "add":
                if pending:
                    t.acts.append(Meld(melds=tuple(pending)))
                    pending = []
                t.acts.append(Add(cards=tuple(cards), target=MeldRef(rank=rank)))
            else:
                pending.append(MeldSpec(cards=tuple(cards)))
            melds.setdefault(rank, []).extend(cards)
            if not t.side_melded_at_start and not t.took:
                t.first_value += points(cards)
        if pending:
            if t.acts and isinstance(t.acts[-1], Meld):  # one `meld` action for the melds in a row
                pending = [*t.acts.pop().melds, *pending]
            t.acts.append(Meld(melds=tuple(pending)))
        if ops:
            t.melded = True
            self.melded_players.add(t.player)

    def plan_out(
        self, t: TurnState, hand: Counter[str], melds: Mapping[str, list[str]], *, took: bool
    ) -> OutPlan | None:
        """Melds and additions that empty `hand` (but for one discard) and leave the side its
        canastas, or None."""
        rules = self.rules
        if hand[BONUS] > 0 or hand[CALIENTE] > 1:
            return None
        leftovers: list[str] = [CALIENTE] if hand[CALIENTE] == 1 else []
        stops = hand[STOP]
        stop_meld = 0
        if stops in (3, 4):
            stop_meld = stops
        elif stops == 1:
            leftovers.append(STOP)
        elif stops == 5:
            stop_meld = 4
            leftovers.append(STOP)
        elif stops:
            return None
        final: dict[str, list[int]] = {r: list(meld_counts(m)) for r, m in melds.items() if r != STOP}
        canastas_before = sum(1 for nat, wl in final.values() if nat + wl >= CANASTA)
        new: dict[str, list[str]] = {}
        adds: dict[str, list[str]] = {}
        pairs: list[str] = []
        for r in NATURALS:
            n = hand[r]
            if n <= 0:
                continue
            if r in final:
                adds[r] = [r] * n
                final[r][0] += n
            elif n >= 3:
                new[r] = [r] * n
                final[r] = [n, 0]
            elif n == 2:
                pairs.append(r)
            else:
                leftovers.append(r)
            if len(leftovers) > 1:
                return None
        wilds = [LITTLE] * max(0, hand[LITTLE]) + [BIG] * max(0, hand[BIG])
        for r in pairs:
            if not wilds:
                return None
            new[r] = [r, r, wilds.pop()]
            final[r] = [2, 1]
        while wilds:
            roomy = [r for r, (nat, wl) in final.items() if wild_room(nat, wl) > 0]
            if not roomy:
                break
            # melds short of a canasta first, the nearest first
            r = min(roomy, key=lambda r: (sum(final[r]) >= CANASTA, CANASTA - sum(final[r]), ORDER[r]))
            w = wilds.pop()
            (new[r] if r in new else adds.setdefault(r, [])).append(w)
            final[r][1] += 1
        if wilds:
            if len(wilds) > 1 or leftovers:
                return None
            leftovers = wilds
        if len(leftovers) > 1:
            return None
        canastas = sum(1 for nat, wl in final.values() if nat + wl >= CANASTA)
        if canastas < rules.canastas_to_go_out:
            return None
        ops: list[tuple[str, str, list[str]]] = [("meld", r, cards) for r, cards in new.items()]
        if stop_meld:
            ops.append(("meld", STOP, [STOP] * stop_meld))
        ops += [("add", r, cards) for r, cards in adds.items()]
        if not t.side_melded_at_start and not took and not t.took:
            waived = rules.concealed_waives_minimum and not t.melded_before
            value = t.first_value + sum(points(cards) for _, _, cards in ops)
            if value < self.minimums[t.side] and not waived:
                return None
        concealed = not t.melded_before and canastas > canastas_before
        return OutPlan(ops, leftovers[0] if leftovers else None, canastas, concealed)

    def wants_out(self, t: TurnState, plan: OutPlan) -> bool:
        if not self.stock:  # a hand played for the long game may go on to a pass
            return not self.long or self.rng.random() < 0.5
        if self.aspirant[t.player] and plan.concealed:
            return True  # what the waiting was for
        if self.long:
            return False
        return plan.canastas >= self.patience[t.side] or len(self.stock) < 3 * len(self.order)

    def partner_says_yes(self, partner: str) -> bool:
        """Yes when the partner's cards would cost little; a heavy hand hopes to meld first."""
        loss = self.rules.hand_loss(self.hands[partner])
        if loss <= 60 or not self.stock:
            return True
        return self.rng.random() < (0.5 if loss <= 120 else 0.15)

    def finish(self, t: TurnState) -> None:
        """After drawing or taking: go out if it pays, else meld and discard."""
        plan = self.plan_out(t, t.hand, self.melds[t.side], took=t.took)
        held = sum(n for card, n in t.hand.items() if card != BONUS)
        if plan is not None and held < 2:  # a take that leaves no card to keep: out it is
            self.go_out(t, plan)
            return
        if plan is not None and self.wants_out(t, plan):
            partners = self.partners(t.player)
            if partners and not t.melded and self.rng.random() < self.game.style.ask:
                t.asked = self.partner_says_yes(partners[0])
                t.acts.append(Ask(answer=t.asked))
                if not t.asked:
                    plan = None
            if plan is not None:
                self.go_out(t, plan)
                return
        if not self.aspiring(t.player):
            self.meld_more(t)
        self.discard(t, self.choose_discard(t))

    def go_out(self, t: TurnState, plan: OutPlan) -> None:
        discard = plan.discard
        self.execute(t, plan.ops)
        if discard is not None:
            t.hand[discard] -= 1
            self.pile.append(discard)
            t.acts.append(Discard(card=discard))
            t.discarded = True
        assert not +t.hand, t.hand
        t.acts.append(GoOut())
        self.ended = True
        self.went_out = t.player
        self.concealed = (
            not t.melded_before
            and self.canastas(t.side) > t.canastas_at_start
            and (self.rules.concealed_allows_discard or discard is None)
        )

    def short_late(self, side: str) -> bool:
        """Near the end of the stock, and the side cannot go out yet."""
        return len(self.stock) <= 2 * len(self.order) and self.canastas(side) < self.rules.canastas_to_go_out

    def meld_more(self, t: TurnState) -> None:
        """Meld for points and canastas, keeping two cards (one to discard, one to hold; three
        late in the hand while the side cannot go out)."""
        hand, rng = t.hand, self.rng
        melds = self.melds[t.side]
        # near the end of the stock a side that cannot go out keeps an extra card: on an exhausted
        # stock a player holding one card may have to take an up card and then have no legal discard
        spare = 3 if self.short_late(t.side) else 2
        left = sum(n for card, n in hand.items() if card != BONUS)
        if not melds:
            if t.took:
                return
            groups = self.first_melds(hand, self.minimums[t.side])
            used = sum(len(g) for g in groups) if groups is not None else left
            if groups is None or left - used < spare:
                return
            self.execute(t, [("meld", g[0], g) for g in groups])
            left -= used
        # with a frozen pile worth having, natural pairs stay in hand to take it
        catch = (self.frozen or self.rules.always_frozen) and len(self.pile) >= 4
        for r in NATURALS:
            have = hand[r]
            if have <= 0:
                continue
            if r in melds:  # naturals onto the side's melds
                n = min(have - (2 if catch and have == 2 else 0), left - spare)
                if n > 0:
                    self.execute(t, [("merge" if n >= 3 and rng.random() < 0.3 else "add", r, [r] * n)])
                    left -= n
            elif have >= 3 and left - have >= spare:  # new melds of three or more
                self.execute(t, [("meld", r, [r] * have)])
                left -= have
        for r in NATURALS:  # pairs with a wild
            wild = LITTLE if hand[LITTLE] > 0 else BIG if hand[BIG] > 0 else None
            if wild is None or catch or left - 3 < spare:
                break
            if r not in melds and hand[r] == 2 and rng.random() < 0.5:
                self.execute(t, [("meld", r, [r, r, wild])])
                left -= 3
        for r, meld in list(melds.items()):  # wilds toward canastas
            wilds = [LITTLE] * max(0, hand[LITTLE]) + [BIG] * max(0, hand[BIG])
            if not wilds or left - 1 < spare:
                break
            if r == STOP or len(meld) >= CANASTA:
                continue
            room = wild_room(*meld_counts(meld))
            short = CANASTA - len(meld)
            if short <= room and short <= len(wilds) and left - short >= spare:
                self.execute(t, [("add", r, wilds[:short])])
                left -= short
            elif len(meld) >= 4 and room and rng.random() < 0.25:
                self.execute(t, [("add", r, wilds[:1])])
                left -= 1

    def choose_discard(self, t: TurnState) -> str:
        hand, rng = t.hand, self.rng
        rules = self.rules
        naturals = [r for r in NATURALS if hand[r] > 0]
        nxt = self.next_player(t.player)
        theirs = self.melds[self.side_of[nxt]] if self.side_of[nxt] != t.side else {}
        if 0 < hand[STOP] < 3 and (len(self.pile) >= 3 or not naturals or rng.random() < 0.4):
            return STOP
        if hand[CALIENTE] > 0:
            own = len(self.melds[t.side])
            stuck = any(own > len(self.melds[o]) for o in self.sides if o != t.side)
            if not naturals or (stuck and rng.random() < 0.5) or rng.random() < 0.1:
                return CALIENTE
        wild = LITTLE if hand[LITTLE] > 0 else BIG if hand[BIG] > 0 else None
        if wild and not self.frozen and len(self.pile) >= 4 and rng.random() < self.game.style.freeze:
            return wild  # freeze the pile
        if naturals:
            melds = self.melds[t.side]
            tie = {r: rng.random() for r in naturals}
            opened = not self.frozen and not rules.always_frozen

            def risk(r: str) -> tuple[Any, ...]:
                return (opened and r in theirs, r in melds, hand[r], tie[r])

            return min(naturals, key=risk)
        for card in (STOP, CALIENTE, LITTLE, BIG):
            if hand[card] > 0:
                return card
        raise AssertionError(f"{t.player} has nothing to discard: {dict(hand)}")

    def discard(self, t: TurnState, card: str) -> None:
        t.hand[card] -= 1
        self.pile.append(card)
        if card in WILDS:
            self.frozen = True
        t.acts.append(Discard(card=card))
        t.discarded = True

    # --- the score -----------------------------------------------------------------------------

    def finish_hand(self) -> None:
        """Warnings the record will get: a Caliente card caught in hand, a Bonus card forgotten."""
        for player in self.order:
            hand = self.hands[player]
            if hand[CALIENTE] > 0:
                self.expected.append(Expected(self.number, "caliente-in-hand", player))
            if hand[BONUS] > 0:
                self.expected.append(Expected(self.number, "bonus-in-hand", player))

    def scores(self) -> dict[str, int]:
        rules = self.rules
        out: dict[str, int] = {}
        for name in self.sides:
            melds = self.melds[name]
            total = sum(points(m) for m in melds.values())
            if self.went_out is not None and self.side_of[self.went_out] == name:
                total += 100 + (100 if self.concealed else 0)
            for rank, meld in melds.items():
                if rank != STOP and len(meld) >= CANASTA:
                    total += 300 if any(card in WILDS for card in meld) else 500
            bonus = self.laid[name].count(BONUS)
            if bonus:
                total += rules.bonus_points(bonus, bool(melds))
            total -= 100 * self.laid[name].count(CALIENTE)
            for player in self.players_of[name]:
                total -= rules.hand_loss(self.hands[player])
            out[name] = total
        return out

    def record(self, scores: dict[str, int], totals: dict[str, int]) -> HandRecord:
        return HandRecord(
            start=HandStart(number=self.number, dealer=self.dealer, sitting_out=self.out),
            deals=tuple(self.deals),
            stock=self.stock_line,
            setup_turns=tuple(self.setup),
            up=self.up,
            turns=tuple(self.turns),
            declared=(
                Points(kind="score", entries=tuple(SidePoints(side=s, points=scores[s]) for s in self.sides)),
                Points(kind="total", entries=tuple(SidePoints(side=s, points=totals[s]) for s in self.sides)),
            ),
        )


# --- one game ------------------------------------------------------------------------------------


class GameSim:
    def __init__(
        self,
        rules: TableRules,
        rng: random.Random,
        *,
        stock_mode: str = "some",
        tracing: bool = False,
        style: Style | None = None,
    ) -> None:
        self.rules = rules
        self.style = style or Style()
        self.rng = rng
        self.stock_mode = stock_mode
        self.tracing = tracing
        self.seats, self.sides = seating(rules.players, rules.three_packs, rng)
        self.side_names = ["+".join(side) for side in self.sides]
        self.side_name = {p: "+".join(side) for side in self.sides for p in side}
        self.totals = dict.fromkeys(self.side_names, 0)
        self.hands: list[HandRecord] = []
        self.traces: list[HandTrace] = []
        self.expected: list[Expected] = []
        self.over = False

    def sitting_out(self, number: int) -> tuple[str, ...]:
        """One member of each team of three sits out, in turn (five or six players, one pack)."""
        if self.rules.playing == self.rules.players:
            return ()
        return tuple(sorted((side[(number - 1) % 3] for side in self.sides if len(side) == 3), key=self.seats.index))

    def play(self, hands: int | None) -> None:
        dealer = self.rng.randrange(len(self.seats))
        number = 0
        while not self.over:
            number += 1
            if (hands is not None and number > hands) or number > MAX_HANDS:
                break
            hand = HandSim(self, number, self.seats[dealer], self.sitting_out(number))
            hand.play()
            hand.finish_hand()
            scores = hand.scores()
            for side, points_ in scores.items():
                self.totals[side] += points_
            self.hands.append(hand.record(scores, dict(self.totals)))
            self.expected += hand.expected
            if hand.trace is not None:
                self.traces.append(hand.trace)
            self.over = max(self.totals.values()) >= self.rules.target
            dealer = (dealer + 1) % len(self.seats)

    def result(self) -> str:
        if not self.over:
            return "*"
        best = max(self.totals.values())
        leaders = [side for side, total in self.totals.items() if total == best]
        return leaders[0] if len(leaders) == 1 else "tie"

    def game(self, event: str, rules_name: str, variant: str) -> Game:
        tags = [Tag(name="Event", value=event), Tag(name="Rules", value=rules_name)]
        if variant:
            tags.append(Tag(name="Variant", value=variant))
        tags += [
            Tag(name="Seats", value=" ".join(self.seats)),
            Tag(name="Teams", value=" ".join(self.side_names)),
            Tag(name="Result", value=self.result()),
        ]
        return Game(tags=tuple(tags), hands=tuple(self.hands))


# --- the public interface ------------------------------------------------------------------------


STOCK_MODES = ("never", "some", "always")
"""Whether hands carry the stock line (`stock K 5 ...`): never, about one hand in four, always."""

SUPPORTED = ("caliente",)

# The legal paths (engine.py, `self.paths[...]`) a corpus of simulated games takes, per rule set.
EXPECTED_PATHS: dict[str, frozenset[str]] = {
    "caliente": frozenset(
        {
            # the deal and the up card
            "bonus-dealt",
            "up-card-covered",
            "sitting-out-hand",
            "sitting-out-reseated",
            # drawing
            "draw-1",
            "draw-2",
            "draw-last-card",
            # the Prize pile
            "take-initial",
            "take-initial-with-wild",
            "take-frozen",
            "take-unfrozen",
            "take-unfrozen-with-wild",
            "take-onto-meld",
            "take-exhausted-stock",
            # melds
            "meld-merged",
            "add",
            "stop-meld",
            # Bonus cards
            "bonus-laid",
            "bonus-laid-no-replacement-left",
            "bonus-drawn-last",
            "bonus-left-in-hand",
            # Caliente cards
            "caliente-card",
            "caliente-refill",
            "caliente-no-refill",
            "caliente-left-in-hand",
            # discarding
            "discard-natural",
            "discard-wild",
            "discard-stop",
            "discard-caliente",
            # going out and the end of the hand
            "ask-yes",
            "ask-no",
            "pass",
            "pass-blocked",
            "go-out-melding-all",
            "go-out-discarding",
            "go-out-concealed",
        }
    )
}

# Paths the engine knows that simulated games never take, and why.
NOT_SIMULATED: dict[str, str] = {
    "position": "simulated hands always start from a deal, never from a stated position",
    "take-frozen-with-wild": "a frozen pile is never taken with a wild: the engine reports it as take-frozen",
}


@dataclass(frozen=True, slots=True)
class CorpusPart:
    """Some games of one table in a coverage corpus."""

    players: int
    games: int
    options: Mapping[str, Any] = field(default_factory=dict)
    hands: int | None = None
    style: Style = field(default_factory=Style)


# A small corpus per rule set that takes every path of EXPECTED_PATHS (tests/test_coverage_corpus.py):
# club play at each table, and hands played to the end of the stock, where the rare paths are
# (passes, forced takes, a Bonus card drawn last, one that cannot be laid).
COVERAGE_SEED = 23
COVERAGE_CORPUS: dict[str, tuple[CorpusPart, ...]] = {
    "caliente": (
        CorpusPart(4, 40, style=Style(ask=0.9)),
        CorpusPart(4, 60, hands=2, style=Style(long_hands=1.0)),
        CorpusPart(2, 100, hands=2, style=Style(long_hands=1.0, forget_bonus=0.5)),
        CorpusPart(3, 6, {"always-frozen": True}, style=Style(long_hands=0.5)),
        CorpusPart(5, 10, hands=3),
        CorpusPart(6, 4, hands=3),
        CorpusPart(6, 4, {"three-packs": True}, hands=3),
        CorpusPart(4, 30, {"caliente-cards": True}, style=Style(long_hands=0.5)),
        CorpusPart(4, 40, {"caliente-cards": True}, hands=2, style=Style(long_hands=1.0)),
        CorpusPart(2, 40, {"caliente-cards": True}, hands=2, style=Style(long_hands=1.0)),
        CorpusPart(2, 30, {"caliente-cards": True, "caliente-refill": 11}, hands=2, style=Style(long_hands=1.0)),
    )
}


@dataclass(slots=True)
class SimulatedGame:
    """One simulated game: its text, its record, and what the simulator knows about it."""

    index: int
    seed: int
    rules: str
    players: int
    options: dict[str, OptionValue]
    text: str
    record: Game
    style: Style = field(default_factory=Style)
    expected: list[Expected] = field(default_factory=list)
    """Findings the record will get, all warnings: a Caliente card caught in hand, a Bonus card
    forgotten (only with Style.forget_bonus)."""
    hands: list[HandTrace] = field(default_factory=list)
    """With `trace=True`: each hand's turns as the players found and left the table."""


def _variant(ruleset: rulesets.RuleSet, options: Mapping[str, Any]) -> tuple[dict[str, OptionValue], str]:
    """The options checked and converted, and the Variant tag's value ('' when none are set)."""
    given = {name: ruleset.option(name).parse(value) for name, value in options.items()}
    words = []
    for name, value in given.items():
        if isinstance(value, bool):
            words.append(name if value else f"{name}=no")
        else:
            words.append(f"{name}={value}")
    return given, " ".join(words)


def simulate_games(
    rules: str = "caliente",
    players: int = 4,
    options: Mapping[str, Any] | None = None,
    games: int = 1,
    hands: int | None = None,
    seed: int = 0,
    *,
    stock: str = "some",
    style: Style | None = None,
    trace: bool = False,
    first: int = 1,
) -> Iterator[SimulatedGame]:
    """Simulated games, one at a time (see `simulate`). `style` sets how the bots play (see
    `Style`); `trace` keeps each turn's table for tests; `first` is the index of the first game
    (game `i` of a seed never depends on the others)."""
    ruleset = rulesets.get(rules)
    if ruleset.name not in SUPPORTED:
        raise UsageError(f"the simulator plays {', '.join(SUPPORTED)}, not {ruleset.name}")
    if stock not in STOCK_MODES:
        raise UsageError(f"stock is one of {', '.join(STOCK_MODES)}, not {stock!r}")
    if players not in ruleset.seat_counts:
        counts = ", ".join(map(str, ruleset.seat_counts))
        raise UsageError(f"{ruleset.title} is played by {counts} players, not {players}")
    if games < 0 or (hands is not None and hands < 1):
        raise UsageError("games must be 0 or more and hands 1 or more")
    given, variant = _variant(ruleset, options or {})
    resolved = ruleset.resolve(given)
    if resolved.get("three-packs") and players != 6:
        raise UsageError(f"the three-pack game is for six players, not {players}")
    table = TableRules.build(players, resolved)
    for index in range(first, first + games):
        rng = random.Random(f"arbiter.simulate/{ruleset.name}/{seed}/{index}")
        sim = GameSim(table, rng, stock_mode=stock, tracing=trace, style=style)
        sim.play(hands)
        record = sim.game(f"Simulated game {index}, seed {seed}", ruleset.name, variant)
        yield SimulatedGame(
            index=index,
            seed=seed,
            rules=ruleset.name,
            players=players,
            options=given,
            text=format_game(record),
            record=record,
            style=sim.style,
            expected=sim.expected,
            hands=sim.traces,
        )


def simulate(
    rules: str = "caliente",
    players: int = 4,
    options: Mapping[str, Any] | None = None,
    games: int = 1,
    hands: int | None = None,
    seed: int = 0,
    *,
    stock: str = "some",
    style: Style | None = None,
    jobs: int = 1,
) -> Iterator[str]:
    """Complete games in canonical notation, one string per game (ending with a newline; join
    them with a blank line to make one record file). A game runs until a side reaches the target
    score, or for `hands` hands. With `jobs` above 1 the games are played in that many processes;
    they come out the same, in the same order. Raises UsageError for an unknown rule set, option
    or table size."""
    if jobs <= 1 or games < 2 * CHUNK:
        for game in simulate_games(rules, players, options, games, hands, seed, stock=stock, style=style):
            yield game.text
        return
    next(simulate_games(rules, players, options, 0, hands, seed, stock=stock), None)  # usage errors now
    chunks = [
        (rules, players, dict(options or {}), min(CHUNK, games - start), hands, seed, stock, style, start + 1)
        for start in range(0, games, CHUNK)
    ]
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        for texts in pool.imap(_chunk, chunks):
            yield from texts


CHUNK = 25  # games per task when playing in several processes


def _chunk(task: tuple[Any, ...]) -> list[str]:
    rules, players, options, games, hands, seed, stock, style, first = task
    return [
        game.text
        for game in simulate_games(rules, players, options, games, hands, seed, stock=stock, style=style, first=first)
    ]


# --- coverage -------------------------------------------------------------------------------------


def coverage_corpus(rules: str = "caliente", seed: int = COVERAGE_SEED) -> Iterator[SimulatedGame]:
    """The games of the rule set's coverage corpus (COVERAGE_CORPUS)."""
    name = rulesets.get(rules).name
    for part in COVERAGE_CORPUS[name]:
        yield from simulate_games(name, part.players, part.options, part.games, part.hands, seed, style=part.style)


def coverage(rulings: Iterable[GameRuling]) -> Counter[str]:
    """The legal paths (`path:<name>`) and rule codes of findings (`code:<code>`) a corpus
    exercised, with how often."""
    total: Counter[str] = Counter()
    for ruling in rulings:
        total.update(ruling.coverage)
    return total


def expected_paths(
    rules: str = "caliente",
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    style: Style | None = None,
) -> frozenset[str]:
    """The legal paths simulated games of `rules` should take: all of EXPECTED_PATHS, or, given a
    table, those possible there (nobody asks a partner with two or three players, nobody sits out
    with four, no Caliente card is played without the variation ...)."""
    ruleset = rulesets.get(rules)
    paths = EXPECTED_PATHS.get(ruleset.name, frozenset())
    if players is None:
        return paths
    values = ruleset.resolve(dict(options or {}))
    three = bool(values.get("three-packs"))
    drop: set[str] = set()
    if players < 4:
        drop |= {"ask-yes", "ask-no"}
    if players <= 4 or three:
        drop |= {"sitting-out-hand", "sitting-out-reseated"}
    if players > 2:
        drop.add("draw-2")
    if not values.get("caliente-cards"):
        drop |= {p for p in paths if "caliente" in p}
    if values.get("always-frozen"):
        drop |= {"take-unfrozen", "take-unfrozen-with-wild", "take-initial-with-wild"}
    if not (style or Style()).forget_bonus:
        drop.add("bonus-left-in-hand")
    return paths - drop


def missing_paths(counts: Counter[str], rules: str = "caliente", expected: frozenset[str] | None = None) -> list[str]:
    """The expected legal paths of `rules` (or `expected`) that `counts` never took."""
    wanted = expected if expected is not None else EXPECTED_PATHS[rulesets.get(rules).name]
    return sorted(p for p in wanted if counts[f"path:{p}"] == 0)


def coverage_report(counts: Counter[str], rules: str = "caliente", expected: frozenset[str] | None = None) -> str:
    """A plain-text report: each legal path and rule code with its count, then the expected
    paths (all of the rule set's, or `expected`: see `expected_paths`) the corpus missed."""
    name = rulesets.get(rules).name
    expected = expected if expected is not None else EXPECTED_PATHS.get(name, frozenset())
    paths = sorted({key[5:] for key in counts if key.startswith("path:")} | set(expected))
    codes = sorted(key[5:] for key in counts if key.startswith("code:"))
    width = max([len(p) for p in paths] + [len(c) for c in codes] + [10])
    lines = [f"legal paths ({sum(1 for p in paths if counts[f'path:{p}'])} of {len(paths)} taken):"]
    for path in paths:
        count = counts[f"path:{path}"]
        flag = "" if count or path not in expected else "  <- not exercised"
        lines.append(f"  {path:<{width}}  {count:>8,}{flag}")
    lines.append(f"rule codes in findings ({len(codes)}):" if codes else "rule codes in findings: none")
    for code in codes:
        lines.append(f"  {code:<{width}}  {counts[f'code:{code}']:>8,}")
    missing = missing_paths(counts, name, expected)
    lines.append("every expected legal path was taken" if not missing else f"missing: {', '.join(missing)}")
    return "\n".join(lines) + "\n"


__all__ = [
    "COVERAGE_CORPUS",
    "COVERAGE_SEED",
    "EXPECTED_PATHS",
    "NOT_SIMULATED",
    "STOCK_MODES",
    "SUPPORTED",
    "CorpusPart",
    "Expected",
    "HandTrace",
    "SimulatedGame",
    "Style",
    "TurnTrace",
    "coverage",
    "coverage_corpus",
    "coverage_report",
    "expected_paths",
    "missing_paths",
    "simulate",
    "simulate_games",
]
