"""The standard game's bots (docs/simulator.md, "What the bots do"): they play the table rules of
the Caliente rule books (`StandardRules`) at every table size and with every option, and the
Official Canasta Laws' differences those rules carry (a black three turned up left on top, or one
discarded freezing the pile). Caliente's, Classic Canasta's and Hoyle two-hand's bots are these.

The bots take the Prize pile when it pays, meet the first-meld minimum, meld toward canastas,
freeze the pile and discard Stop cards to block, play Caliente cards when they help, ask their
partner before going out, and now and then hold everything back to go out concealed or play on
until the stock runs out (`Style`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..notation.records import Add, Ask, Discard, GoOut, LayBonus, Meld, MeldRef, MeldSpec, Pass, Take, UpCard
from .cards import (
    BIG,
    BONUS,
    CALIENTE,
    CANASTA,
    LITTLE,
    NATURAL_SET,
    NATURALS,
    ORDER,
    POINTS,
    STOP,
    WILDS,
    meld_counts,
    points,
)
from .choices import partner_says_yes, safest_discard, wants_take
from .specials import SpecialCards
from .standard_rules import StandardRules, wild_room
from .table import TurnState


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


class StandardHand(SpecialCards):
    """One hand of the standard game, from the deal to its score."""

    rules: StandardRules

    def __init__(self, game: Any, number: int, dealer: str, out: tuple[str, ...]) -> None:
        super().__init__(game, number, dealer, out)
        self.melds: dict[str, dict[str, list[str]]] = {name: {} for name in self.sides}  # one meld per rank
        self.minimums = {name: self.rules.minimum(game.totals[name]) for name in self.sides}
        # how the bots mean to play this hand
        rng = self.rng
        style = game.style
        self.long = rng.random() < style.long_hands  # nobody goes out before the stock runs out
        need = self.rules.canastas_to_go_out
        self.patience = {name: need + rng.choice((0, 0, 0, 1, 1, 2)) for name in self.sides}
        self.aspirant = {p: rng.random() < style.concealed for p in self.order}  # holds back to go out concealed

    def minimum(self, side: str) -> int:
        return self.minimums[side]

    def meld_view(self, side: str) -> dict[str, tuple[str, ...]]:
        return {r: tuple(m) for r, m in self.melds[side].items()}

    def side_melded(self, side: str) -> bool:
        return bool(self.melds[side])

    def ahead_in_melds(self, side: str) -> bool:
        own = len(self.melds[side])
        return any(own > len(self.melds[other]) for other in self.sides if other != side)

    def canastas(self, side: str) -> int:
        return sum(1 for rank, meld in self.melds[side].items() if rank != STOP and len(meld) >= CANASTA)

    def turn_up_card(self) -> None:
        """A red three or a wild turned is covered and freezes the pile; a black three is covered
        too, or left on top where the laws' `black-three-up=top` says so."""
        if not self.rules.black_three_on_top:
            super().turn_up_card()
            return
        turned: list[str] = []
        while True:
            card = self.stock.pop()
            turned.append(card)
            if card in WILDS or card == BONUS:
                self.frozen = True
            else:
                break  # a natural, or a black three left on top
        self.pile = turned
        self.up = UpCard(cards=tuple(turned))

    def discard(self, t: TurnState, card: str) -> None:
        super().discard(t, card)
        if card == STOP and self.rules.black_three_freezes:
            self.frozen = True

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
            forced = forced and not (self.rules.one_card_pile_rule and self.one_card_each(t.hand))
        plan = self.plan_take(t)
        if forced and plan is None and top is not None:  # forced only where the top card fits a meld
            plan = TakePlan(top, onto=top)
        if plan is not None and (forced or fits or self.rng.random() < 0.5):
            self.take(t, plan)
            return True
        t.acts.append(Pass())
        self.ended = True
        return False

    def aspiring(self, player: str) -> bool:
        return self.aspirant[player] and len(self.stock) >= 20

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
        if rules.one_card_pile_rule and self.one_card_each(hand):
            return None
        # a new set then takes naturals only
        frozen = self.frozen or rules.always_frozen or (rules.frozen_until_first_meld and not melds)
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

    def one_card_each(self, hand: Counter[str]) -> bool:
        """A pile of one card and a player holding one (classic: no take)."""
        return len(self.pile) == 1 and sum(n for card, n in hand.items() if n > 0) == 1

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
        return wants_take(bool(self.melds[t.side]), len(self.pile), plan.onto is not None, self.rng)

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
                t.asked = partner_says_yes(self.rules.hand_loss(self.hands[partners[0]]), len(self.stock), self.rng)
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
            opened = not self.frozen and not rules.always_frozen
            return safest_discard(naturals, lambda r: (opened and r in theirs, r in melds, hand[r]), rng)
        for card in (STOP, CALIENTE, LITTLE, BIG):
            if hand[card] > 0:
                return card
        raise AssertionError(f"{t.player} has nothing to discard: {dict(hand)}")

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


__all__ = ["OutPlan", "StandardHand", "TakePlan"]
