"""Samba's bot rules: three packs, sequences and several groups of a rank, at every table size
(the Caliente table rules with the Samba differences) and with every Samba option.

Read from the Samba part of the Complete Caliente rule book (its "Rules for Samba Canasta" and
"Samba for 2, 3, 5 or 6 players"), filled in where it is silent with the Official Canasta Laws'
Samba, as docs/simulator.md says. What the bots keep to:

- 15 cards dealt at every table, two drawn a turn (the stock's last single card alone);
- a group is three or more of a rank with at least two naturals and at most two wilds (with
  `wild-ratio=two-naturals-per-wild`, also two naturals per wild); the bots always keep naturals
  ahead of wilds, which every reading allows. A side may hold several groups of a rank (`Q`,
  `Q#2`); the bots never combine them;
- a sequence is three to seven consecutive ranks from 4 to A, naturals only, one of each rank; it
  grows at either end up to seven (a samba) and two sequences never join;
- a group canasta is seven cards or more (five naturals at least, which the wild limit gives); no
  wild is ever added to a canasta; naturals may be;
- the Prize pile: a Stop, a wild or a Caliente card on top blocks it. Frozen (a wild in it, the
  side has not melded, or `pile-always-frozen`), it is taken only with a natural pair from hand.
  Unfrozen, with a natural pair, or the up card alone onto the side's group of its rank or onto a
  sequence it extends, neither yet a canasta; never the up card into a new sequence or with a hand
  card onto one. With `sequence-take=top-card` a take onto a sequence takes that card only;
- the first meld (15 below zero, 50, 90, 120, then 150 from 7,000 or `minimum-7000`) is one
  player's in one turn; sequences count, Bonus cards do not;
- Stop cards are melded only going out, three or more; two canastas to go out (a samba is one);
- the score: cards melded, 1500 a samba, 500 a natural and 300 a mixed group canasta, 200 for
  going out (no concealed bonus), Bonus cards 100 each and 1000 for all six, counted against a side
  without two canastas (`bonus-penalty`), less the cards left in hand.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

from ...bots.cards import (
    BIG,
    BONUS,
    CALIENTE,
    CANASTA,
    LITTLE,
    NATURAL_SET,
    NATURALS,
    POINTS,
    STOP,
    points,
)
from ...bots.choices import partner_says_yes, safest_discard, wants_take
from ...bots.family import Family, SimOption
from ...bots.specials import SpecialCards
from ...bots.table import TurnState
from ...notation.records import Ask, GoOut, LayBonus, MeldRef, MeldSpec, Pass, Take
from .bot_rules import SambaRules
from .coverage import COVERAGE
from .plans import OutPlan, Planner, SambaMeld, TakePlan, meld_name, runs

# --- one hand ---------------------------------------------------------------------------------------


class SambaHand(SpecialCards):
    """One hand of Samba, from the deal to its score."""

    rules: SambaRules

    def __init__(self, game: Any, number: int, dealer: str, out: tuple[str, ...]) -> None:
        super().__init__(game, number, dealer, out)
        self.melds: dict[str, list[SambaMeld]] = {name: [] for name in self.sides}
        self.minimums = {name: self.rules.minimum(game.totals[name]) for name in self.sides}
        rng = self.rng
        self.long = rng.random() < game.style.long_hands  # nobody goes out before the stock runs out
        self.patience = {name: 2 + rng.choice((0, 0, 1, 1, 2)) for name in self.sides}

    # --- what the table shows --------------------------------------------------------------------

    def minimum(self, side: str) -> int:
        return self.minimums[side]

    def meld_view(self, side: str) -> dict[str, tuple[str, ...]]:
        melds = self.melds[side]
        return {str(meld_name(melds, m)): tuple(m.cards) for m in melds}

    def side_melded(self, side: str) -> bool:
        return bool(self.melds[side])

    def canastas(self, side: str) -> int:
        return sum(1 for m in self.melds[side] if m.canasta)

    def ahead_in_melds(self, side: str) -> bool:
        """More melds, or more groups, than an opponent (the bots keep to both readings of "sets")."""

        def count(name: str, kinds: tuple[str, ...]) -> int:
            return sum(1 for m in self.melds[name] if m.kind in kinds)

        for kinds in (("group",), ("group", "sequence")):
            own = count(side, kinds)
            if any(own > count(other, kinds) for other in self.sides if other != side):
                return True
        return False

    # --- the turn ---------------------------------------------------------------------------------

    def play_turn(self, t: TurnState) -> None:
        if not self.stock:
            if not self.exhausted_start(t):
                return
        elif self.wants_caliente(t):
            self.play_caliente(t)
        else:
            plan = self.plan_take(t)
            if plan is not None and self.wants_take(t, plan):
                self.take(t, plan)
            else:
                self.draw(t, min(self.rules.draw_count, len(self.stock)))
        if self.lay_bonuses(t):
            return
        self.finish(t)

    def exhausted_start(self, t: TurnState) -> bool:
        """The stock is exhausted: take the up card whenever a take leaves a playable turn (so a
        take the rules force is always made), else pass, which ends the hand."""
        plan = self.plan_take(t)
        if plan is not None:
            self.take(t, plan)
            return True
        t.acts.append(Pass())
        self.ended = True
        return False

    # --- the Prize pile -------------------------------------------------------------------------------

    def frozen_for(self, side: str) -> bool:
        return self.frozen or not self.melds[side] or self.rules.pile_always_frozen

    def plan_take(self, t: TurnState) -> TakePlan | None:
        """A legal way to take the Prize pile that leaves a playable hand, or None."""
        if not self.pile or self.pile[-1] not in NATURAL_SET:
            return None  # a Stop, a wild or a Caliente card on top blocks it
        top = self.pile[-1]
        melds = self.melds[t.side]
        choices: list[TakePlan] = []
        if not self.frozen_for(t.side):
            for meld in melds:
                if meld.canasta:
                    continue
                if (meld.kind == "group" and meld.rank == top) or top in meld.ends():
                    choices.append(TakePlan(top, onto=meld))
        if t.hand[top] >= 2:
            pair = TakePlan(top, with_cards=[top, top])
            if not melds:
                need = self.minimums[t.side] - 3 * POINTS[top]
                rest = Counter(t.hand)
                rest.subtract([top, top])
                also = self.first_melds(rest, max(need, 0), exclude=top, any_meld=False)
                if also is None:
                    return None
                pair.also = also
            choices.append(pair)
        if not choices:
            return None
        plan = choices[0] if len(choices) == 1 or self.rng.random() < 0.6 else choices[-1]
        if self.cards_after_take(t, plan) < 2 and ((self.long and self.stock) or not self.can_go_out_after(t, plan)):
            return None  # the taker would have to go out at once, and cannot or will not
        return plan

    def takes_whole_pile(self, plan: TakePlan) -> bool:
        onto_sequence = plan.onto is not None and plan.onto.kind == "sequence"
        return not (onto_sequence and self.rules.sequence_take == "top-card")

    def cards_after_take(self, t: TurnState, plan: TakePlan) -> int:
        held = sum(n for card, n in t.hand.items() if card != BONUS)
        used = len(plan.with_cards or ()) + sum(len(cards) for _, cards in plan.also)
        gained = sum(1 for card in self.pile[:-1] if card != BONUS) if self.takes_whole_pile(plan) else 0
        return held - used + gained

    def can_go_out_after(self, t: TurnState, plan: TakePlan) -> bool:
        hand = Counter(t.hand)
        melds = [SambaMeld(m.kind, list(m.cards)) for m in self.melds[t.side]]
        for cards in [plan.with_cards or [], *(cards for _, cards in plan.also)]:
            hand.subtract(cards)
        if plan.onto is not None:
            melds[self.melds[t.side].index(plan.onto)].cards.append(plan.card)
        else:
            melds.append(SambaMeld("group", [plan.card, *(plan.with_cards or [])]))
        melds += [SambaMeld(kind, list(cards)) for kind, cards in plan.also]
        if self.takes_whole_pile(plan):
            hand.update(card for card in self.pile[:-1] if card != BONUS)
        hand[BONUS] = 0
        return self.plan_out(t, hand, melds, took=True) is not None

    def wants_take(self, t: TurnState, plan: TakePlan) -> bool:
        return wants_take(bool(self.melds[t.side]), len(self.pile), plan.onto is not None, self.rng)

    def take(self, t: TurnState, plan: TakePlan) -> None:
        side, hand = t.side, t.hand
        melds = self.melds[side]
        top = self.pile.pop()
        if plan.onto is not None:
            t.acts.append(Take(card=top, onto=meld_name(melds, plan.onto)))
            plan.onto.cards.append(top)
        else:
            cards = plan.with_cards or []
            hand.subtract(cards)
            melds.append(SambaMeld("group", [top, *cards]))
            for kind, also in plan.also:
                hand.subtract(also)
                melds.append(SambaMeld(kind, list(also)))
            also_specs = tuple(MeldSpec(cards=tuple(meld)) for _, meld in plan.also)
            t.acts.append(Take(card=top, with_cards=tuple(cards), also=also_specs))
        t.drawn = t.took = t.melded = True
        self.melded_players.add(t.player)
        if not self.takes_whole_pile(plan):
            return  # the up card only: the rest of the pile stays, as unfrozen as it was
        rest = self.pile
        self.pile = []
        self.frozen = False
        hand.update(rest)
        from_pile = rest.count(BONUS)
        if from_pile:  # Bonus cards turned up under the first up card: laid without replacement
            hand[BONUS] -= from_pile
            self.laid[side].extend([BONUS] * from_pile)
            t.acts.append(LayBonus(cards=(BONUS,) * from_pile))

    # --- melding ---------------------------------------------------------------------------------------

    def first_melds(
        self, hand: Counter[str], need: int, exclude: str | None = None, *, any_meld: bool = True
    ) -> list[tuple[str, list[str]]] | None:
        """New melds from `hand` worth `need` points or more, keeping two cards (with `any_meld`,
        at least one meld even when nothing is needed), or None."""
        plan = Planner(self.rules, [], hand)
        plan.new_groups(2, exclude)
        plan.new_sequences(2)
        value = sum(points(cards) for _, _, cards, _ in plan.ops)
        while value < need or (any_meld and not plan.ops):
            wilds = plan.wilds()
            pairs = [r for r in NATURALS if r != exclude and plan.hand[r] == 2]
            if wilds and pairs and plan.held() - 3 >= 2:
                best = max(pairs, key=lambda r: POINTS[r])
                plan.new("group", [best, best, wilds[0]])
                value += points((best, best, wilds[0]))
                continue
            roomy = [m for m in plan.melds if plan.room(m) > 0]
            if wilds and roomy and plan.held() - 1 >= 2:
                plan.add(roomy[0], [wilds[0]])
                value += POINTS[wilds[0]]
                continue
            return None
        return [(m.kind, m.cards) for m in plan.melds]

    def execute(self, t: TurnState, plan: Planner) -> None:
        """Play a plan's melds and additions in order, naming each meld as the side's melds stand
        when it is played, and writing melds made in a row as one action."""
        melds = self.melds[t.side]
        made: dict[int, SambaMeld] = {}

        def steps() -> Iterator[tuple[MeldRef | None, list[str]]]:
            for kind, copy, cards, meld_kind in plan.ops:
                if kind == "add":
                    real = plan.target(copy) or made[id(copy)]
                    yield meld_name(melds, real), cards
                    real.cards.extend(cards)
                else:
                    made[id(copy)] = SambaMeld(meld_kind, list(cards))
                    melds.append(made[id(copy)])
                    yield None, cards

        self.write_melds(t, steps())

    def plan_out(self, t: TurnState, hand: Counter[str], melds: Any, *, took: bool) -> OutPlan | None:
        """Melds and additions that empty `hand` (but for one discard) and leave the side its two
        canastas, or None."""
        if hand[BONUS] > 0 or hand[CALIENTE] > 1:
            return None
        leftovers: list[str] = [CALIENTE] if hand[CALIENTE] == 1 else []
        stops = hand[STOP]
        if stops == 1:
            leftovers.append(STOP)
        elif stops == 2:
            return None
        plan = Planner(self.rules, melds, Counter({c: n for c, n in hand.items() if c not in (STOP, CALIENTE)}))
        plan.extend_sequences(0)
        plan.naturals_to_groups(0)
        plan.new_sequences(0)
        plan.extend_sequences(0)
        plan.new_groups(0)
        for rank in NATURALS:  # pairs need a wild; a single is the discard
            n = plan.hand[rank]
            if n == 2:
                wilds = plan.wilds()
                if not wilds:
                    return None
                plan.new("group", [rank, rank, wilds[0]])
            elif n == 1:
                leftovers.append(rank)
                plan.use([rank])
            if len(leftovers) > 1:
                return None
        for wild in plan.wilds():  # wilds onto groups short of a canasta, the nearest first
            roomy = [m for m in plan.melds if plan.room(m) > 0]
            if not roomy:
                break
            plan.add(max(roomy, key=lambda m: len(m.cards)), [wild])
        left = plan.wilds()
        if len(left) + len(leftovers) > 1:
            return None
        leftovers += left
        if stops >= 3:
            plan.new("stop", [STOP] * stops)
        canastas = plan.canastas()
        if canastas < self.rules.canastas_to_go_out:
            return None
        if not t.side_melded_at_start and not took and not t.took:
            value = t.first_value + sum(points(cards) for _, _, cards, _ in plan.ops)
            if value < self.minimums[t.side]:
                return None
        return OutPlan(plan, leftovers[0] if leftovers else None, canastas)

    def finish(self, t: TurnState) -> None:
        """After drawing or taking: go out if it pays, else meld and discard."""
        plan = self.plan_out(t, t.hand, self.melds[t.side], took=t.took)
        held = sum(n for card, n in t.hand.items() if card != BONUS)
        if plan is not None and (held < 2 or self.wants_out(t, plan)):
            partners = self.partners(t.player)
            if held >= 2 and partners and not t.melded and self.rng.random() < self.game.style.ask:
                t.asked = partner_says_yes(self.rules.hand_loss(self.hands[partners[0]]), len(self.stock), self.rng)
                t.acts.append(Ask(answer=t.asked))
                if not t.asked:
                    plan = None
            if plan is not None:
                self.go_out(t, plan)
                return
        self.meld_more(t)
        self.discard(t, self.choose_discard(t))

    def wants_out(self, t: TurnState, plan: OutPlan) -> bool:
        if not self.stock:
            return not self.long or self.rng.random() < 0.5
        if self.long:
            return False
        return plan.canastas >= self.patience[t.side] or len(self.stock) < 3 * len(self.order)

    def go_out(self, t: TurnState, plan: OutPlan) -> None:
        self.execute(t, plan.plan)
        if plan.discard is not None:
            self.discard(t, plan.discard)
        assert not +t.hand, t.hand
        t.acts.append(GoOut())
        self.ended = True
        self.went_out = t.player

    def short_late(self, side: str) -> bool:
        """Near the end of the stock, and the side cannot go out yet."""
        return len(self.stock) <= 2 * len(self.order) and self.canastas(side) < self.rules.canastas_to_go_out

    def meld_more(self, t: TurnState) -> None:
        """Meld for points, sequences toward sambas and canastas, keeping two cards (one to
        discard, one to hold; three late in the hand while the side cannot go out)."""
        keep = 3 if self.short_late(t.side) else 2
        hand = Counter({c: n for c, n in t.hand.items() if c not in (STOP, CALIENTE, BONUS)})
        extra = sum(n for c, n in t.hand.items() if c in (STOP, CALIENTE) and n > 0)
        keep = max(0, keep - extra)  # Stop and Caliente cards held count among the cards kept
        if not self.melds[t.side]:
            if t.took:
                return
            first = self.first_melds(hand, self.minimums[t.side])
            if first is None or sum(len(c) for _, c in first) > sum(hand.values()) - keep:
                return
            plan = Planner(self.rules, [], hand)
            for kind, cards in first:
                plan.new(kind, cards)
            self.execute(t, plan)
            hand = Counter({c: n for c, n in t.hand.items() if c not in (STOP, CALIENTE, BONUS)})
        catch = (self.frozen or self.rules.pile_always_frozen) and len(self.pile) >= 4
        plan = Planner(self.rules, self.melds[t.side], hand)
        plan.extend_sequences(keep)
        # a rank whose groups are all canastas starts a new group; now and then another does too
        anew = tuple(
            r
            for r in NATURALS
            if hand[r] >= 3
            and any(m.kind == "group" and m.rank == r for m in self.melds[t.side])
            and (
                all(m.canasta for m in self.melds[t.side] if m.kind == "group" and m.rank == r)
                or self.rng.random() < 0.3
            )
        )
        plan.naturals_to_groups(keep, spare_pairs=catch, anew=anew)
        plan.new_sequences(keep)
        plan.new_groups(keep)
        if not catch and self.rng.random() < 0.5:
            plan.pairs_with_wilds(keep)
        for meld in plan.melds:  # wilds to finish a group canasta
            wilds = plan.wilds()
            short = CANASTA - len(meld.cards)
            if wilds and 0 < short <= min(plan.room(meld), len(wilds)) and plan.held() - short >= keep:
                plan.add(meld, wilds[:short])
        self.execute(t, plan)

    # --- the discard ---------------------------------------------------------------------------------

    def fits(self, side: str, rank: str) -> bool:
        """Whether the side could take this up card onto one of its melds."""
        return any(
            not m.canasta and ((m.kind == "group" and m.rank == rank) or rank in m.ends()) for m in self.melds[side]
        )

    def choose_discard(self, t: TurnState) -> str:
        hand, rng = t.hand, self.rng
        naturals = [r for r in NATURALS if hand[r] > 0]
        nxt = self.side_of[self.next_player(t.player)]
        if 0 < hand[STOP] < 3 and (len(self.pile) >= 3 or not naturals or rng.random() < 0.4):
            return STOP
        if hand[CALIENTE] > 0 and (not naturals or rng.random() < 0.2):
            return CALIENTE  # it stops the next player, as a Stop card does
        wild = LITTLE if hand[LITTLE] > 0 else BIG if hand[BIG] > 0 else None
        if wild and not self.frozen and len(self.pile) >= 4 and rng.random() < self.game.style.freeze:
            return wild  # freeze the pile
        if naturals:
            opened = nxt != t.side and not self.frozen_for(nxt)
            own = self.melds[t.side]
            return safest_discard(
                naturals,
                lambda r: (
                    opened and self.fits(nxt, r),
                    any(r in m.ends() for m in own),
                    hand[r],
                ),
                rng,
            )
        for card in (STOP, CALIENTE, LITTLE, BIG):
            if hand[card] > 0:
                return card
        raise AssertionError(f"{t.player} has nothing to discard: {dict(hand)}")

    # --- the score -------------------------------------------------------------------------------------

    def scores(self) -> dict[str, int]:
        rules = self.rules
        out: dict[str, int] = {}
        for name in self.sides:
            melds = self.melds[name]
            total = sum(points(m.cards) for m in melds)
            if self.went_out is not None and self.side_of[self.went_out] == name:
                total += 200
            for meld in melds:
                if meld.canasta:
                    total += 1_500 if meld.kind == "sequence" else 300 if meld.wilds else 500
            bonus = self.laid[name].count(BONUS)
            if bonus:
                total += rules.bonus_points(bonus, self.canastas(name))
            total -= 100 * self.laid[name].count(CALIENTE)
            for player in self.players_of[name]:
                total -= rules.hand_loss(self.hands[player])
            out[name] = total
        return out


FAMILY = Family(
    name="samba",
    title="Samba",
    seat_counts=(2, 3, 4, 5, 6),
    options=(
        SimOption("wild-ratio", "at-most-two", "wilds a group may hold", ("at-most-two", "two-naturals-per-wild")),
        SimOption("sequence-take", "whole-pile", "what a take onto a sequence picks up", ("whole-pile", "top-card")),
        SimOption("minimum-7000", 150, "the first-meld minimum from 7,000", (150, 160)),
        SimOption("bonus-penalty", "mirror", "Bonus cards without two canastas", ("mirror", "flat")),
        SimOption("pile-always-frozen", False, "only a natural pair ever takes the pile"),
        SimOption("caliente-cards", False, "two Caliente cards join the pack (refill to 15)"),
    ),
    build=SambaRules.build,
    hand=SambaHand,
    coverage=COVERAGE,
)

__all__ = ["FAMILY", "SambaHand", "SambaMeld", "SambaRules", "meld_name", "runs"]
