"""Modern American Canasta's bot rules (docs/simulator.md, "Modern American Canasta"): the League's
game for four in two partnerships, as its sources tell it, read by the simulator itself and never
from the arbiter's rule set.

Two packs and four jokers; 13 cards dealt, no up card (the pile starts empty); one card drawn a
turn; both colours of threes laid at once and replaced (a three drawn as the stock's last card stays
in hand and ends the hand); the pile taken only with a natural pair of its top card; the opening
minimum by the side's score (125, 155 from 3,000, 180 from 5,000) with a clean natural triple in
it; the talon (4 cards to the first side to open, 3 to the second) drawn after the opening's
discard; the rule of five (a wild joins a meld of five naturals or more, at most two wilds);
sevens never take a wild, aces only in the opening; a completed canasta kills its rank for both
sides; two canastas, and no unfinished meld of sevens or natural aces, to go out with a face-down
discard; an empty pile takes no seven, wild, ace or card of a dead rank.

The bots keep to readings every preset shares: they open from hand (never with the pile), with
natural melds and pairs with a wild, never a canasta, while the stock is far from the turn card (so
the talon is always whole); they take the pile only to start a natural meld of its rank; they never
make a meld of wild cards, never discard a three or a wild (but from a hand of wilds alone), and
never lay a special hand.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from ...bots.cards import BIG, BONUS, CANASTA, LITTLE, NATURALS, POINTS, STOP, WILDS, deck
from ...bots.choices import safest_discard
from ...bots.family import Family
from ...bots.table import HandTable, TurnState
from ...records import Discard, Draw, GoOut, LayBonus, MeldRef, Pass, Take, Turn, UpCard
from .coverage import COVERAGE

THREES = (BONUS, STOP)  # red and black threes, alike in this game
SEVEN, ACE = "7", "A"
PENALISED = (SEVEN, ACE)  # an unfinished natural meld of these costs 2,500 and blocks going out
THREE_SCALE = {0: 0, 1: 100, 2: 300, 3: 500, 4: 1_000}  # threes of one colour
TALON_FAR = 20  # the bots open only while the stock holds this many cards: the talon is always whole


def card_points(card: str) -> int:
    """A card's value melded or left in hand: a three left in hand costs 5."""
    return 5 if card in THREES else POINTS[card]


@dataclass(frozen=True, slots=True)
class MacRules:
    """The table rules of the game for four."""

    players: int
    playing: int
    three_packs: bool = False  # the seating reads it: two packs, never a team of three
    deal_size: int = 13
    draw_count: int = 1
    canastas_to_go_out: int = 2
    target: int = 8_500
    first_talon: int = 4
    later_talon: int = 3
    stop_up_card_freezes: bool = False  # the deal protocol asks; no card is turned up

    @classmethod
    def build(cls, players: int, options: Mapping[str, Any]) -> MacRules:
        return cls(players=players, playing=players)

    def pack(self) -> list[str]:
        """Two packs and four jokers: per pack four of each natural, four 2s, two jokers, two threes
        of each colour (108 cards)."""
        return deck(2)

    def minimum(self, score: int) -> int:
        return 125 if score < 3_000 else 155 if score < 5_000 else 180


@dataclass(slots=True)
class OutPlan:
    steps: list[tuple[str, list[str]]]  # (rank, cards): onto the side's meld of it, or a new meld
    discard: str


class MacHand(HandTable):
    """One hand of Modern American Canasta, from the deal to its score."""

    rules: MacRules

    def __init__(self, game: Any, number: int, dealer: str, out: tuple[str, ...]) -> None:
        super().__init__(game, number, dealer, out)
        self.melds: dict[str, dict[str, list[str]]] = {name: {} for name in self.sides}  # one meld per rank
        self.minimums = {name: self.rules.minimum(game.totals[name]) for name in self.sides}
        self.opened: list[str] = []  # the sides in the order they opened
        self.long = self.rng.random() < game.style.long_hands  # nobody goes out: the stock runs out

    # --- what the table asks -----------------------------------------------------------------

    def minimum(self, side: str) -> int:
        return self.minimums[side]

    def meld_view(self, side: str) -> dict[str, tuple[str, ...]]:
        return {r: tuple(m) for r, m in self.melds[side].items()}

    def canastas(self, side: str) -> int:
        return sum(1 for meld in self.melds[side].values() if len(meld) >= CANASTA)

    def dead(self) -> set[str]:
        """The ranks in which a side has completed a canasta: closed to both sides."""
        return {r for melds in self.melds.values() for r, meld in melds.items() if len(meld) >= CANASTA}

    # --- the deal ------------------------------------------------------------------------------

    def lay_dealt_bonuses(self) -> None:
        """Dealt threes (both colours) are laid before play and replaced, in playing order."""
        for player in self.rotation:
            acts: list[Any] = []
            self.lay_threes(player, acts)
            if acts:
                self.setup.append(Turn(player=player, actions=tuple(acts)))

    def turn_up_card(self) -> None:
        """No card is turned: the pile starts empty."""
        self.pile = []
        self.up = UpCard(cards=())

    def lay_threes(self, player: str, acts: list[Any]) -> bool:
        """Lay every three held and draw a replacement for each, until none is held. Returns
        whether a replacement was the stock's last card and a three, which ends the hand."""
        hand = self.hands[player]
        while any(hand[c] > 0 for c in THREES) and self.stock:
            laid = tuple(c for c in THREES for _ in range(hand[c]))
            for card in laid:
                hand[card] = 0
            self.laid[self.side_of[player]].extend(laid)
            drawn = [self.stock.pop() for _ in range(min(len(laid), len(self.stock)))]
            hand.update(drawn)
            acts += [LayBonus(cards=laid), Draw(cards=tuple(drawn))]
            if not self.stock and drawn and drawn[-1] in THREES:
                return True
        return False

    # --- the turn ------------------------------------------------------------------------------

    def play_turn(self, t: TurnState) -> None:
        if not self.stock:  # the stock is out: the hand ends
            t.acts.append(Pass())
            self.ended = True
            return
        plan = self.plan_take(t)
        if plan is not None:
            self.take(t, plan)
        else:
            card = self.draw(t, 1)[0]
            if card in THREES and not self.stock:  # a three drawn last stays in hand and ends the hand
                self.ended = True
                return
        if self.lay_threes(t.player, t.acts):
            self.ended = True
            return
        self.finish(t)

    def finish(self, t: TurnState) -> None:
        """Go out if the side can and wants to; else open or meld, and discard."""
        out = self.plan_out(t) if self.may_go_out(t.side) else None
        if out is not None and (not self.long or self.rng.random() < 0.05):
            self.go_out(t, out)
            return
        opening = not self.melds[t.side]
        if opening:
            self.open(t)
        else:
            self.meld_more(t)
        self.discard(t, self.choose_discard(t))
        if opening and self.melds[t.side] and not t.took:
            talon = self.rules.first_talon if not self.opened[:-1] else self.rules.later_talon
            self.draw(t, talon)  # the talon: for the next turn, its threes laid then

    # --- the pile ------------------------------------------------------------------------------

    def plan_take(self, t: TurnState) -> str | None:
        """The pile's top card, when the side has opened and the player holds a natural pair of it
        for a new meld (four, for sevens and aces), and two cards remain, one a legal discard onto
        the empty pile."""
        if not self.pile or not self.melds[t.side] or self.rng.random() < 0.15:
            return None
        top = self.pile[-1]
        if top not in NATURALS or top in self.dead() or top in self.melds[t.side] or t.hand[top] < _least(top) - 1:
            return None
        after = Counter(t.hand)
        after[top] -= 2
        after.update(self.pile[:-1])
        return top if after.total() >= 2 and self.safe_discards(after, empty=True) else None

    def take(self, t: TurnState, top: str) -> None:
        self.pile.pop()
        t.hand[top] -= 2
        self.melds[t.side][top] = [top, top, top]
        t.acts.append(Take(card=top, with_cards=(top, top)))
        t.hand.update(self.pile)
        self.pile = []
        t.drawn = t.took = t.melded = True
        self.melded_players.add(t.player)

    # --- melding -------------------------------------------------------------------------------

    def open(self, t: TurnState) -> None:
        """The side's opening, from hand: natural melds (at least one) and pairs with a wild, worth
        the minimum, none a canasta, two cards kept; only while the talon is far from the turn card."""
        if len(self.stock) < TALON_FAR:
            return
        hand, dead = t.hand, self.dead()
        # the first group stays natural: the opening's clean triple
        groups = [[r] * min(hand[r], CANASTA - 1) for r in NATURALS if r not in dead and hand[r] >= _least(r)]
        if not groups:
            return
        wilds = [BIG] * hand[BIG] + [LITTLE] * hand[LITTLE]
        pairs = sorted((r for r in NATURALS if r not in dead and r not in PENALISED and hand[r] == 2), key=_dearer)
        value = sum(_value(g) for g in groups)
        need = self.minimums[t.side]
        while value < need and wilds:
            if pairs:
                meld = [pairs.pop(0)] * 2 + [wilds.pop(0)]
                groups.append(meld)
                value += _value(meld)
                continue
            roomy = [g for g in groups[1:] if g[0] not in PENALISED and len(g) < CANASTA - 1 and _wilds(g) < 2]
            if not roomy:
                break
            wild = wilds.pop(0)
            roomy[0].append(wild)
            value += card_points(wild)
        left = Counter(hand)
        for g in groups:
            left.subtract(g)
        if value < need or left.total() < 2 or not self.safe_discards(left, empty=not self.pile):
            return
        self.lay(t, [(g[0], g) for g in groups])
        self.opened.append(t.side)

    def meld_more(self, t: TurnState) -> None:
        """Naturals onto the side's melds and into new ones, and wilds onto melds of five naturals
        or more (never sevens or aces), keeping two cards, one of them a legal discard."""
        hand, melds, dead = t.hand, self.melds[t.side], self.dead()
        for r in NATURALS:
            have = hand[r]
            if have <= 0 or r in dead:
                continue
            room = CANASTA - len(melds[r]) if r in melds else CANASTA if have >= _least(r) else 0
            n = min(have, room)
            if n > 0 and self.keeps(t.side, hand, r, [r] * n):
                self.lay(t, [(r, [r] * n)])
        for r, meld in list(melds.items()):
            for _ in range(2):
                wild = LITTLE if hand[LITTLE] > 0 else BIG if hand[BIG] > 0 else None
                if wild is None or not _takes_wild(r, meld) or not self.keeps(t.side, hand, r, [wild]):
                    break
                self.lay(t, [(r, [wild])])

    def keeps(self, side: str, hand: Counter[str], rank: str, cards: list[str]) -> bool:
        """Whether laying `cards` on the side's meld of `rank` leaves two cards, one of them a legal
        discard (a canasta the cards complete kills its rank)."""
        left = Counter(hand)
        left.subtract(cards)
        closes = len(self.melds[side].get(rank, ())) + len(cards) >= CANASTA
        return left.total() >= 2 and bool(
            self.safe_discards(left, empty=not self.pile, closing=rank if closes else None)
        )

    def lay(self, t: TurnState, steps: Iterable[tuple[str, list[str]]]) -> None:
        """Lay the steps in order: each onto the side's meld of its rank, or a new meld."""
        melds = self.melds[t.side]
        written = []
        for rank, cards in steps:
            target = MeldRef(rank=rank) if rank in melds else None
            melds.setdefault(rank, []).extend(cards)
            written.append((target, cards))
        self.write_melds(t, written)

    # --- going out -----------------------------------------------------------------------------

    def may_go_out(self, side: str) -> bool:
        return bool(self.melds[side])

    def plan_out(self, t: TurnState) -> OutPlan | None:
        """Meld every card but one, the face-down discard (never a three), leaving the side two
        canastas and no unfinished meld of sevens or natural aces."""
        hand = t.hand
        if any(hand[c] > 0 for c in THREES):
            return None
        for discard in sorted((c for c in hand if hand[c] > 0), key=_cheaper):
            rest = Counter(hand)
            rest[discard] -= 1
            steps = self.meld_all(t.side, rest)
            if steps is not None:
                return OutPlan(steps, discard)
        return None

    def meld_all(self, side: str, hand: Counter[str]) -> list[tuple[str, list[str]]] | None:
        melds = {r: list(m) for r, m in self.melds[side].items()}
        dead, steps = self.dead(), []
        for r in NATURALS:
            n = hand[r]
            if n <= 0:
                continue
            if r in dead or (r not in melds and n < 3) or len(melds.get(r, [])) + n > CANASTA:
                return None
            melds.setdefault(r, []).extend([r] * n)
            steps.append((r, [r] * n))
        for wild in (LITTLE, BIG):
            for _ in range(hand[wild]):
                home = next((r for r, m in melds.items() if r not in dead and _takes_wild(r, m)), None)
                if home is None:
                    return None
                melds[home].append(wild)
                steps.append((home, [wild]))
        canastas = sum(1 for m in melds.values() if len(m) >= CANASTA)
        unfinished = any(r in PENALISED and len(m) < CANASTA and not _wilds(m) for r, m in melds.items())
        return steps if canastas >= self.rules.canastas_to_go_out and not unfinished else None

    def go_out(self, t: TurnState, plan: OutPlan) -> None:
        self.lay(t, plan.steps)
        t.hand[plan.discard] -= 1
        t.acts.append(Discard(card=plan.discard))
        t.discarded = True
        t.acts.append(GoOut())
        assert not +t.hand, t.hand
        self.ended = True
        self.went_out = t.player

    # --- the discard ---------------------------------------------------------------------------

    def safe_discards(self, hand: Counter[str], *, empty: bool, closing: str | None = None) -> list[str]:
        """The naturals the bots may discard: never a wild or a three; onto an empty pile no seven,
        ace or card of a dead rank (with `closing`, a rank about to die)."""
        dead = self.dead() | ({closing} if closing else set())
        barred = dead | set(PENALISED) if empty else set()
        return [r for r in NATURALS if hand[r] > 0 and r not in barred]

    def choose_discard(self, t: TurnState) -> str:
        hand, melds = t.hand, self.melds[t.side]
        cards = self.safe_discards(hand, empty=not self.pile)
        if not cards and self.pile and all(c in WILDS for c in +hand):
            return LITTLE if hand[LITTLE] > 0 else BIG  # a hand of wilds alone may discard one
        assert cards, f"{t.player} has no legal discard: {dict(hand)}"
        dead = self.dead()
        theirs = {r for side, m in self.melds.items() if side != t.side for r in m}
        heavy = [r for r in PENALISED if r in cards and hand[r] >= 3 and r not in melds]
        if heavy:  # three aces or sevens held at the end cost 1,500
            return heavy[0]
        return safest_discard(
            cards, lambda r: (r not in dead, r in theirs, r in melds, r in PENALISED, hand[r]), self.rng
        )

    def discard(self, t: TurnState, card: str) -> None:
        t.hand[card] -= 1
        self.pile.append(card)
        t.acts.append(Discard(card=card))
        t.discarded = True

    # --- the score -----------------------------------------------------------------------------

    def finish_hand(self) -> None:
        """No Caliente cards nor Bonus cards to warn of: a three left in hand is scored."""

    def scores(self) -> dict[str, int]:
        return {name: self.side_score(name) for name in self.sides}

    def side_score(self, side: str) -> int:
        melds = self.melds[side]
        canastas = self.canastas(side)
        total = sum(_canasta_bonus(r, m) for r, m in melds.items() if len(m) >= CANASTA)
        total -= sum(2_500 for r, m in melds.items() if r in PENALISED and len(m) < CANASTA and not _wilds(m))
        if self.went_out is not None and self.side_of[self.went_out] == side:
            total += 100
        threes = sum(THREE_SCALE[self.laid[side].count(c)] for c in THREES)
        melded = sum(_value(m) for m in melds.values())
        total += (-threes if canastas == 0 else 0 if canastas == 1 else threes) + (melded if canastas else -melded)
        for player in self.players_of[side]:
            hand = self.hands[player]
            total -= sum(card_points(c) * n for c, n in hand.items() if n > 0)
            total -= sum(1_500 for r in PENALISED if hand[r] >= 3)
        return total


def _value(cards: Iterable[str]) -> int:
    return sum(card_points(c) for c in cards)


def _wilds(meld: Iterable[str]) -> int:
    return sum(1 for c in meld if c in WILDS)


def _takes_wild(rank: str, meld: list[str]) -> bool:
    """The rule of five: a meld of five naturals or more, with room and fewer than two wilds;
    never sevens, and aces only in the opening (the bots never give them one)."""
    wilds = _wilds(meld)
    return rank not in PENALISED and len(meld) - wilds >= 5 and wilds < 2 and len(meld) < CANASTA


def _canasta_bonus(rank: str, meld: list[str]) -> int:
    if _wilds(meld):
        return 300
    return 2_500 if rank in PENALISED else 500


def _least(rank: str) -> int:
    """The fewest cards of a rank the bots start a meld with: five sevens or aces, whose unfinished
    meld costs 2,500; three of any other rank."""
    return 5 if rank in PENALISED else 3


def _dearer(rank: str) -> int:
    return -POINTS[rank]


def _cheaper(card: str) -> tuple[bool, int]:
    return (card in WILDS, POINTS.get(card, 0))


FAMILY = Family(
    name="modern-american",
    title="Modern American Canasta",
    seat_counts=(4,),
    options=(),
    build=MacRules.build,
    hand=MacHand,
    coverage=COVERAGE,
)

__all__ = ["FAMILY", "MacHand", "MacRules"]
