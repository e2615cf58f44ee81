"""Modern American Canasta's bot rules (docs/simulator.md, "Modern American Canasta"): the game as its
sources tell it, read by the simulator itself and never from the arbiter's rule set (the table's
rules and options: bot_rules.py; the special hands the bots aim for: plans.py).

Two packs and four jokers; 13 cards dealt and one drawn a turn at four players in two partnerships,
15 and two at two or three each for themselves; no up card (the pile starts empty); both colours
of threes laid at once and replaced (a three drawn as the stock's last card stays in hand and ends
the hand; at the tables that stop at the turn card, one laid after it is not replaced); the pile
taken only with a natural pair of its top card; the opening minimum by the side's score (125, 155
from 3,000, 180 from 5,000) with a clean natural triple in it; the talon (4 cards to the first side
to open, 3 to each later one) drawn after the opening's discard, from the stock or from the piles
dealt aside for it; the rule of five (a wild joins a meld of five naturals or more, at most two
wilds); sevens never take a wild, aces only in the opening; a meld of wild cards alone; a completed
canasta kills its rank for both sides; two canastas (one at three players), and no unfinished meld
of sevens, natural aces or wilds, to go out with a face-down discard, a partner asked first at
times (once a side each hand); special hands of fourteen cards by a side that has not opened.

The bots keep to readings every preset shares: they open from hand (never with the pile), with
natural melds and pairs with a wild, never a canasta, while the stock is far from the turn card (so
the talon is always whole); they take the pile only with a natural pair, for a new meld or onto
their meld of its rank; they start a meld of wild cards only once the side has opened, and put no
wild elsewhere while it is unfinished; they never discard a three or a wild (but from a hand of
wilds alone); a player dealt near a special hand aims at it and lays it when it comes. At three players,
where aces and sevens are ranks like any other, the bots still play them so, and score them as any rank.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from ...bots.cards import BIG, BONUS, CANASTA, LITTLE, NATURALS, POINTS, STOP, WILDS
from ...bots.cards import ORDER as _ORDER
from ...bots.choices import partner_says_yes, safest_discard
from ...bots.family import Family
from ...bots.table import HandTable, TurnState
from ...i18n import msg
from ...notation.records import (
    Ask,
    Discard,
    Draw,
    FamilyAction,
    GoOut,
    LayBonus,
    MeldRef,
    Pass,
    Stock,
    Take,
    Turn,
    UpCard,
)
from . import plans
from .bot_rules import OPTIONS, MacRules
from .coverage import COVERAGE

THREES = (BONUS, STOP)  # red and black threes, alike in this game
SEVEN, ACE = "7", "A"
PENALISED = (SEVEN, ACE)  # an unfinished natural meld of these costs 2,500 and blocks going out
THREE_SCALE = {0: 0, 1: 100, 2: 300, 3: 500, 4: 1_000}  # threes of one colour
TAKE_BACK_KEEPS = 3  # a meld a card is taken back from keeps three
LAST_THREE = 5  # a three drawn as the stock's last card, kept in hand
WILD_MELD = LITTLE  # a meld of wild cards alone is known by the name `2`
WILD_MELD_ODDS = 0.7  # how often a player holding WILD_MELD_LEAST wilds or more starts a meld of them
# A meld of wilds is started only from five: twelve wilds in the packs, and one left unfinished costs
# 2,000 and keeps the side from going out (from three, the simulated games lasted ninety hands)
WILD_MELD_LEAST = 5


def card_points(card: str) -> int:
    """A card's value melded or left in hand: a three drawn last and left in hand costs 5."""
    return 5 if card in THREES else POINTS[card]


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
        self.talon_piles: list[list[str]] = []  # the talons dealt aside, by the order the sides open
        self.asked: set[str] = set()  # the sides that have asked to go out this hand (one ask a side)
        self.special: tuple[str, int] | None = None  # the side that laid a special hand, and its value
        self.kept_last: str | None = None  # who holds a three drawn as the stock's last card

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

    def deal_more(self) -> None:
        """The talons dealt aside, where the table deals them: a pile for each side, from the top
        of what the deal leaves."""
        if self.rules.talon_dealt_aside:
            self.talon_piles = [[self.stock.pop() for _ in range(n)] for n in self.rules.talons(len(self.sides))]

    def write_stock_line(self) -> None:
        """The stock line lists the talons dealt aside first, in the order the sides take them."""
        super().write_stock_line()
        if self.stock_line is not None and self.talon_piles:
            piles = tuple(card for pile in self.talon_piles for card in pile)
            self.stock_line = Stock(cards=piles + tuple(self.stock_line.cards or ()))

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
        """Lay every three held and draw a replacement for each, until none is held (none after the
        turn card where the table stops there: then they are laid only if two other cards stay).
        Returns whether a replacement was the stock's last card and a three, which ends the hand."""
        hand = self.hands[player]
        while any(hand[c] > 0 for c in THREES) and self.stock:
            laid = tuple(c for c in THREES for _ in range(hand[c]))
            replaced = min(len(laid), self.rules.replaceable(len(self.stock)))
            if replaced < len(laid) and hand.total() - len(laid) + replaced < 2:
                return False  # kept: laid without replacement, they would leave no card to hold
            for card in laid:
                hand[card] = 0
            self.laid[self.side_of[player]].extend(laid)
            drawn = [self.stock.pop() for _ in range(replaced)]
            hand.update(drawn)
            acts.append(LayBonus(cards=laid))
            if drawn:
                acts.append(Draw(cards=tuple(drawn)))
            if not self.stock and drawn and drawn[-1] in THREES:
                self.kept_last = player
                return True
            if not drawn:
                return False
        return False

    # --- the turn ------------------------------------------------------------------------------

    def play_turn(self, t: TurnState) -> None:
        if not self.stock:  # the stock is out: the hand ends
            t.acts.append(Pass())
            self.ended = True
            return
        plan = None if self.aiming(t) else self.plan_take(t)
        if plan is not None:
            self.take(t, plan)
        else:
            cards = self.draw(t, min(self.rules.draw_count, len(self.stock)))
            if cards[-1] in THREES and not self.stock:  # a three drawn last stays in hand and ends the hand
                self.ended, self.kept_last = True, t.player
                return
        if self.lay_threes(t.player, t.acts):
            self.ended = True
            return
        self.finish(t)

    def finish(self, t: TurnState) -> None:
        """Lay a special hand, or go out if the side can and wants to (asking first at times);
        else open or meld, and discard."""
        if self.aiming(t):
            value = plans.made(t.hand, self.specials)
            if value:
                self.lay_special(t, value)
                return
        out = self.plan_out(t) if self.may_go_out(t.side) else None
        if out is not None and (not self.long or self.rng.random() < 0.05) and self.may_go(t):
            self.go_out(t, out)
            return
        opening = not self.melds[t.side]
        if opening and not self.aiming(t):
            self.open(t)
        elif not opening:
            self.meld_more(t)
        self.discard(t, self.choose_discard(t))
        if opening and self.melds[t.side] and not t.took:
            self.draw_talon(t)

    def may_go(self, t: TurnState) -> bool:
        """Whether the player goes out: at times a partner is asked first (once a side each hand,
        and never once the pile is taken, which melds), and a player told no plays on."""
        partners = [p for p in self.players_of[t.side] if p != t.player]
        if not partners or t.took or t.side in self.asked or self.rng.random() >= self.game.style.ask:
            return True
        self.asked.add(t.side)
        loss = sum(card_points(c) * n for p in partners for c, n in self.hands[p].items() if n > 0)
        yes = partner_says_yes(loss, len(self.stock), self.rng)
        t.acts.append(Ask(answer=yes))
        t.asked = yes
        return yes

    def draw_talon(self, t: TurnState) -> None:
        """The talon, for the next turn (its threes laid then): from the stock's top, or the pile
        dealt aside for the side."""
        before = len(self.opened) - 1
        if not self.talon_piles:
            self.draw(t, self.rules.first_talon if before == 0 else self.rules.later_talon)
            return
        pile, self.talon_piles[before] = self.talon_piles[before], []
        t.hand.update(pile)
        t.acts.append(Draw(cards=tuple(pile)))

    # --- special hands -------------------------------------------------------------------------

    @property
    def specials(self) -> dict[str, int]:
        return dict(self.rules.specials or {})

    def aiming(self, t: TurnState) -> bool:
        """A player whose side has not opened, holding natural cards near a special hand, aims at
        it while the stock is far from its end: draws rather than takes, never opens."""
        if self.melds[t.side] or len(self.stock) < self.rules.talon_far:
            return False
        return plans.worth_aiming(t.hand, self.specials)

    def lay_special(self, t: TurnState, value: int) -> None:
        cards = tuple(sorted(t.hand.elements(), key=_ORDER.__getitem__))
        t.hand.clear()
        t.acts.append(FamilyAction(keyword="special", cards=cards))  # the family's word for it (actions.KIND)
        self.special = (t.side, value)
        self.ended = True

    # --- the pile ------------------------------------------------------------------------------

    def plan_take(self, t: TurnState) -> str | None:
        """The pile's top card, when the side has opened and the player holds a natural pair of it,
        for a new meld (four, for sevens and aces) or onto the side's meld of its rank with room
        for three more, and two cards remain, one a legal discard onto the empty pile."""
        if not self.pile or not self.melds[t.side] or self.rng.random() < 0.15:
            return None
        top = self.pile[-1]
        meld = self.melds[t.side].get(top)
        least = 2 if meld is not None else _least(top) - 1
        if top not in NATURALS or top in self.dead() or t.hand[top] < least:
            return None
        if meld is not None and len(meld) + 3 > CANASTA:
            return None
        closes = meld is not None and len(meld) + 3 == CANASTA
        after = Counter(t.hand)
        after[top] -= 2
        after.update(self.pile[:-1])
        safe = self.safe_discards(after, empty=True, closing=top if closes else None)
        return top if after.total() >= 2 and safe else None

    def take(self, t: TurnState, top: str) -> None:
        self.pile.pop()
        t.hand[top] -= 2
        self.melds[t.side].setdefault(top, []).extend([top, top, top])
        t.acts.append(Take(card=top, with_cards=(top, top)))
        t.hand.update(self.pile)
        self.pile = []
        t.drawn = t.took = t.melded = True
        self.melded_players.add(t.player)

    # --- melding -------------------------------------------------------------------------------

    def open(self, t: TurnState) -> None:
        """The side's opening, from hand: natural melds (at least one) and pairs with a wild, worth
        the minimum, none a canasta, two cards kept; only while the talon is far from the turn card."""
        if len(self.stock) < self.rules.talon_far:
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
        self.meld_wilds(t)
        for r, meld in sorted(melds.items(), key=lambda item: item[0] != WILD_MELD):  # the meld of wilds first
            if r != WILD_MELD and len(melds.get(WILD_MELD, ())) in range(1, CANASTA):
                break  # while the side's meld of wilds is unfinished, its wilds go there alone
            for _ in range(2 if r != WILD_MELD else CANASTA):
                wild = LITTLE if hand[LITTLE] > 0 else BIG if hand[BIG] > 0 else None
                if wild is None or not _takes_wild(r, meld) or not self.keeps(t.side, hand, r, [wild]):
                    break
                self.lay(t, [(r, [wild])])

    def meld_wilds(self, t: TurnState) -> None:
        """A meld of wild cards alone, of five or more, at times, by a side that has opened before
        this turn and has none (nor a dead one)."""
        hand, melds = t.hand, self.melds[t.side]
        held = [BIG] * hand[BIG] + [LITTLE] * hand[LITTLE]
        if len(held) < WILD_MELD_LEAST or WILD_MELD in melds or WILD_MELD in self.dead() or not t.side_melded_at_start:
            return
        if self.rng.random() < WILD_MELD_ODDS and self.keeps(t.side, hand, WILD_MELD, held[:CANASTA]):
            self.lay(t, [(WILD_MELD, held[:CANASTA])])

    def keeps(self, side: str, hand: Counter[str], rank: str, cards: list[str]) -> bool:
        """Whether laying `cards` on the side's meld of `rank` leaves two cards, one of them a legal
        discard (a canasta the cards complete kills its rank), and, beside a three kept in hand (one
        laid late goes unreplaced), a natural after that discard: a three and wilds alone are a
        hand with no legal discard."""
        left = Counter(hand)
        left.subtract(cards)
        closes = len(self.melds[side].get(rank, ())) + len(cards) >= CANASTA
        threes = sum(left[c] for c in THREES if left[c] > 0)
        held = left.total() - threes
        if held < 2 or not self.safe_discards(left, empty=not self.pile, closing=rank if closes else None):
            return False
        return not threes or held - 1 > sum(left[c] for c in WILDS if left[c] > 0)

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
                homes = sorted(melds, key=lambda r: r != WILD_MELD)  # the meld of wilds first
                home = next((r for r in homes if r not in dead and _takes_wild(r, melds[r])), None)
                if home is None:
                    return None
                melds[home].append(wild)
                steps.append((home, [wild]))
        canastas = sum(1 for m in melds.values() if len(m) >= CANASTA)
        unfinished = any(_unfinished_penalty(r, m, self.rules) for r, m in melds.items())
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
        if not cards and self.rules.take_back:  # nothing held may go (a three kept, wilds): one back from a meld
            sizes = Counter({r: len(m) for r, m in melds.items() if r in NATURALS and len(m) > TAKE_BACK_KEEPS})
            cards = self.safe_discards(sizes, empty=not self.pile)
        assert cards, f"{t.player} has no legal discard: {dict(hand)}"
        if self.aiming(t):
            return plans.best_discard(hand, cards, self.specials)
        dead = self.dead()
        theirs = {r for side, m in self.melds.items() if side != t.side for r in m}
        heavy = [r for r in PENALISED if r in cards and hand[r] >= 3 and r not in melds]
        if heavy:  # three aces or sevens held at the end cost 1,500
            return heavy[0]
        return safest_discard(
            cards, lambda r: (r not in dead, r in theirs, r in melds, r in PENALISED, hand[r]), self.rng
        )

    def discard(self, t: TurnState, card: str) -> None:
        if t.hand[card] > 0:
            t.hand[card] -= 1
        else:  # taken back from the side's meld of it (choose_discard)
            self.melds[t.side][card].remove(card)
        self.pile.append(card)
        t.acts.append(Discard(card=card))
        t.discarded = True

    # --- the score -----------------------------------------------------------------------------

    def finish_hand(self) -> None:
        """No Caliente cards nor Bonus cards to warn of: a three left in hand is scored."""

    def scores(self) -> dict[str, int]:
        return {name: self.side_score(name) for name in self.sides}

    def side_score(self, side: str) -> int:
        if self.special is not None and self.special[0] == side:  # a special hand scores its value alone
            return self.special[1]
        melds, rules = self.melds[side], self.rules
        canastas = self.canastas(side)
        total = sum(_canasta_bonus(r, m, rules) for r, m in melds.items() if len(m) >= CANASTA)
        total -= sum(_unfinished_penalty(r, m, rules) for r, m in melds.items())
        if self.went_out is not None and self.side_of[self.went_out] == side:
            total += 100
        threes = sum(THREE_SCALE[self.laid[side].count(c)] for c in THREES)
        melded = sum(_value(m) for m in melds.values())
        sign = -1 if canastas == 0 else 1 if canastas >= min(rules.canastas_to_go_out, 2) else 0  # 1 at three players
        total += sign * threes + (melded if canastas else -melded)
        for player in self.players_of[side]:
            hand = Counter(self.hands[player])
            if player == self.kept_last:  # a three drawn last costs 5 whatever a three in hand costs (the app: 100)
                last = next(c for c in THREES if hand[c] > 0)
                hand[last] -= 1
                total -= LAST_THREE
            three = rules.three_in_hand
            total -= sum((three if c in THREES else card_points(c)) * n for c, n in hand.items() if n > 0)
            total -= sum(1_500 for r in PENALISED if hand[r] >= 3 and rules.aces_and_sevens_apart)
        return total


def _value(cards: Iterable[str]) -> int:
    return sum(card_points(c) for c in cards)


def _wilds(meld: Iterable[str]) -> int:
    return sum(1 for c in meld if c in WILDS)


def _takes_wild(rank: str, meld: list[str]) -> bool:
    """A meld of wild cards alone, with room; else the rule of five: a meld of five naturals or
    more, with room and fewer than two wilds; never sevens, and aces only in the opening (the bots
    never give them one)."""
    if rank == WILD_MELD:
        return len(meld) < CANASTA
    wilds = _wilds(meld)
    return rank not in PENALISED and len(meld) - wilds >= 5 and wilds < 2 and len(meld) < CANASTA


def _canasta_bonus(rank: str, meld: list[str], rules: MacRules) -> int:
    """Natural 500, mixed 300, natural aces or sevens 2,500 (at three players 500, as any rank); wild
    cards alone 3,000 (seven 2s), 2,500 (the four jokers and three 2s) or 2,000."""
    if rank == WILD_MELD:
        jokers = meld.count(BIG)
        return 3_000 if jokers == 0 else 2_500 if jokers == 4 else 2_000
    if _wilds(meld):
        return 300
    return 2_500 if rank in PENALISED and rules.aces_and_sevens_apart else 500


def _unfinished_penalty(rank: str, meld: list[str], rules: MacRules) -> int:
    """An unfinished meld of natural aces or sevens costs 2,500, one of wild cards 2,000 (holding
    the four jokers: 2,000 or, at pagat's tables, 2,500)."""
    if len(meld) >= CANASTA:
        return 0
    if rank == WILD_MELD:
        return rules.four_jokers_unfinished if meld.count(BIG) == 4 else 2_000
    return 2_500 if rank in PENALISED and not _wilds(meld) and rules.aces_and_sevens_apart else 0


def _least(rank: str) -> int:
    """The fewest cards of a rank the bots start a meld with: five sevens or aces, whose unfinished
    meld costs 2,500; three of any other rank."""
    return 5 if rank in PENALISED else 3


def _dearer(rank: str) -> int:
    return -POINTS[rank]


def _cheaper(card: str) -> tuple[bool, int]:
    return (card in WILDS, POINTS.get(card, 0))


def _table_problem(players: int, options: Mapping[str, Any]) -> str | None:
    rules = MacRules.build(players, options)
    if not rules.take_back and not rules.threes_replaced_late:
        return msg(
            "the bots play replace-threes-after-turn-card=no only where a card may be taken back from a meld (not at "
            "pagat's tables): a three kept late beside wild cards leaves them no legal discard"
        )
    return None


FAMILY = Family(
    name="modern-american",
    title="Modern American Canasta",
    seat_counts=(4, 2, 3),
    options=OPTIONS,
    build=MacRules.build,
    hand=MacHand,
    coverage=COVERAGE,
    table_problem=_table_problem,
)

__all__ = ["FAMILY", "MacHand", "MacRules"]
