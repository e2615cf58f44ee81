"""Hand & Foot's bot rules: five packs, a Hand and a Foot for each player, melds that close at
seven, wild melds, and the side's canasta quota to go out (docs/simulator.md, "Hand & Foot").

Read from the Hand & Foot part of the Complete Caliente rule book ("Rules for Hand & Foot
Canasta": the deal, the play, the melds, picking up the Foot, going out, scoring, the round
minimums), with the house rules clubs vary as options. What the bots keep to:

- four players in two partnerships; each is dealt a Hand and a Foot (13 and 13, `hand-size` and
  `foot-size`), two cards drawn a turn (the stock's last single card alone);
- the Prize pile is always frozen: the up card is taken only with a natural pair of its rank from
  the Hand (never when a wild, Stop or Bonus card is on top; with `wild-pair-take` a wild up card
  with two of the same wild, into a wild meld), into a new meld, so only when the side has no open
  meld of that rank; the whole pile is taken (or the top `pile-take` cards);
- a meld is three to seven cards: of a rank with at least two naturals and at most two wilds (with
  `wild-ratio=two-naturals-per-wild`, two naturals per wild; the bots always keep naturals ahead of
  wilds), or of wilds only; it closes at seven as a canasta (natural, mixed or wild) and takes no
  more cards; a side never has two open melds of one rank (nor two open wild melds);
- the first meld of a side meets the round's minimum (`minimums`, 50/90/120/150), from one player
  in one turn; when taking the pile only the up card, the pair and the melds after `and` count;
- a player who melds the whole Hand picks up the Foot at once and plays on; one who discards the
  last card of the Hand picks it up at the start of the next turn (`foot`). Bonus cards are laid as
  soon as they are held and replaced from the stock (those found in the Foot too); one drawn as
  the stock's last card is laid and ends the round at once;
- going out: the side has its canastas (`canastas-to-go-out`, natural/mixed/wild, 2/2/1), the
  player plays out the Foot, and every partner has picked up their Foot and played a turn from it;
  the bot asks first (`ask-required`; the answer binds). A player who may not go out keeps a card;
- a stock that runs out ends the round: the player who finds it empty passes;
- the score: cards melded, 500/300/1500 a natural/mixed/wild canasta, 100 for going out, 100 per
  Bonus card laid, less every card left in Hand and Foot (a Bonus card there costs 100);
- exactly `rounds` rounds (four), the higher total winning.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

from ...bots.cards import BIG, BONUS, LITTLE, NATURAL_SET, NATURALS, POINTS, STOP, WILDS, ordered, points
from ...bots.choices import partner_says_yes, safest_discard
from ...bots.family import Family, SimOption
from ...bots.table import HandTable, TurnState
from ...notation.records import Ask, Deal, Discard, FamilyAction, GoOut, LayBonus, MeldRef, MeldSpec, Pass, Take
from .bot_rules import KINDS, HandAndFootRules, card_loss
from .coverage import COVERAGE
from .plans import FootMeld, FootTurn, OutPlan, Planner, meld_name

# --- one hand (a round) -------------------------------------------------------------------------------


class HandAndFootHand(HandTable):
    """One round of Hand & Foot, from the deal to its score."""

    rules: HandAndFootRules

    def __init__(self, game: Any, number: int, dealer: str, out: tuple[str, ...]) -> None:
        super().__init__(game, number, dealer, out)
        self.melds: dict[str, list[FootMeld]] = {name: [] for name in self.sides}
        self.packets = {p: FootTurn() for p in self.order}
        self.need = self.rules.minimum(number)
        self.patience = self.rng.random() < 0.5  # a side that waits for a spare canasta or two

    def minimum(self, side: str) -> int:
        return self.need

    def meld_view(self, side: str) -> dict[str, tuple[str, ...]]:
        melds = self.melds[side]
        return {str(meld_name(melds, m)): tuple(m.cards) for m in melds}

    def side_melded(self, side: str) -> bool:
        return bool(self.melds[side])

    def canastas(self, side: str) -> int:
        return sum(1 for m in self.melds[side] if m.closed)

    def quota_met(self, canastas: Counter[str]) -> bool:
        return all(canastas[kind] >= n for kind, n in zip(KINDS, self.rules.quota, strict=True))

    # --- the deal -----------------------------------------------------------------------------------

    def deal_more(self) -> None:
        for player in self.rotation:
            foot = [self.stock.pop() for _ in range(self.rules.foot_size)]
            self.packets[player].foot.update(foot)
            self.feet.append(Deal(player=player, cards=ordered(foot), foot=True))

    # --- the turn -------------------------------------------------------------------------------------

    def play_turn(self, t: TurnState) -> None:
        packet = self.packets[t.player]
        if not self.stock:
            t.acts.append(Pass())  # the stock is out: the round ends
            self.ended = True
            return
        if packet.pick_up_next_turn:
            self.pick_up_foot(t, lay=False)  # its Bonus cards are laid after the draw
        elif packet.on_foot:
            packet.turns_on_foot += 1
        plan = self.plan_take(t)
        if plan is not None and (len(self.pile) >= 3 or self.rng.random() < 0.5):
            self.take(t, plan)
        else:
            self.draw(t, min(self.rules.draw_count, len(self.stock)))
        if self.lay_bonuses(t):
            return
        self.finish(t)

    def pick_up_foot(self, t: TurnState, *, lay: bool = True) -> bool:
        """The Foot picked up (its Bonus cards laid if `lay`); whether that ended the round."""
        packet = self.packets[t.player]
        packet.on_foot, packet.pick_up_next_turn = True, False
        t.hand.update(packet.foot)
        packet.foot = Counter()
        t.acts.append(FamilyAction(keyword="foot"))  # the family's word for it (actions.KIND)
        return lay and self.lay_bonuses(t)

    def lay_bonuses(self, t: TurnState) -> bool:
        """Bonus cards are laid as soon as they are held, each replaced while the stock lasts; one
        drawn as the stock's last card is laid (with any other held) and ends the round at once.
        Returns whether the round ended."""
        while t.hand[BONUS] > 0:
            if t.last_bonus:
                n = t.hand[BONUS]
                t.hand[BONUS] = 0
                self.laid[t.side].extend([BONUS] * n)
                t.acts.append(LayBonus(cards=(BONUS,) * n))
                self.ended = True
                return True
            t.hand[BONUS] -= 1
            self.laid[t.side].append(BONUS)
            t.acts.append(LayBonus(cards=(BONUS,)))
            if self.stock:
                self.draw(t, 1)
        return False

    # --- the Prize pile: always frozen ---------------------------------------------------------------------

    def plan_take(self, t: TurnState) -> tuple[str, list[list[str]]] | None:
        """The up card with a natural pair into a new meld (and, before the side's first meld,
        melds from the Hand to reach the minimum), or None."""
        top = self.pile[-1] if self.pile else ""
        if not (top in NATURAL_SET or (top in WILDS and self.rules.wild_pair_take)) or t.hand[top] < 2:
            return None
        rank = LITTLE if top in WILDS else top
        melds = self.melds[t.side]
        if any(m.rank == rank and not m.closed for m in melds):
            return None  # it would be a second open meld of the rank
        also: list[list[str]] = []
        if not melds:
            rest = Counter(t.hand)
            rest.subtract([top, top])
            plan = Planner(self.rules, [], rest)
            plan.naturals(2)
            plan.wild_melds(2)
            plan.pairs(2)
            if 3 * POINTS[top] + sum(points(c) for _, _, c in plan.ops) < self.need:
                return None
            if any(m.rank == rank for m in plan.melds):
                return None
            also = [m.cards for m in plan.melds]
        held = sum(t.hand.values()) - 2 - sum(len(c) for c in also)
        if held < 2:
            return None  # keep cards to play on
        return top, also

    def take(self, t: TurnState, plan: tuple[str, list[list[str]]]) -> None:
        top, also = plan
        melds = self.melds[t.side]
        self.pile.pop()
        t.hand.subtract([top, top])
        melds.append(FootMeld(LITTLE if top in WILDS else top, [top, top, top]))
        for cards in also:
            t.hand.subtract(cards)
            rank = LITTLE if all(c in WILDS for c in cards) else next(c for c in cards if c not in WILDS)
            melds.append(FootMeld(rank, list(cards)))
        t.acts.append(Take(card=top, with_cards=(top, top), also=tuple(MeldSpec(cards=tuple(c)) for c in also)))
        count = len(self.pile) if not self.rules.pile_take else min(len(self.pile), self.rules.pile_take - 1)
        taken = self.pile[len(self.pile) - count :]
        del self.pile[len(self.pile) - count :]
        t.hand.update(taken)
        t.drawn = t.took = t.melded = True
        self.melded_players.add(t.player)
        n = min(t.hand[BONUS], taken.count(BONUS))
        if n:  # Bonus cards turned up under the first up card: laid, no replacement (the Foot's are replaced)
            t.hand[BONUS] -= n
            self.laid[t.side].extend([BONUS] * n)
            t.acts.append(LayBonus(cards=(BONUS,) * n))

    # --- melding ----------------------------------------------------------------------------------------

    def execute(self, t: TurnState, plan: Planner) -> None:
        melds = self.melds[t.side]
        made: dict[int, FootMeld] = {}

        def steps() -> Iterator[tuple[MeldRef | None, list[str]]]:
            for kind, copy, cards in plan.ops:
                if kind == "add":
                    real = plan.real(copy) or made[id(copy)]
                    yield meld_name(melds, real), cards
                    real.cards.extend(cards)
                else:
                    made[id(copy)] = FootMeld(copy.rank, list(cards))
                    melds.append(made[id(copy)])
                    yield None, cards

        self.write_melds(t, steps())

    def plan(self, t: TurnState, keep: int) -> Planner:
        """What the player melds this turn, keeping `keep` cards (Stops kept aside)."""
        side = self.melds[t.side]
        hand = Counter({c: n for c, n in t.hand.items() if c != STOP})
        stops = max(0, t.hand[STOP])
        plan = Planner(self.rules, side, hand)
        keep = max(0, keep - stops)
        have = plan.canastas()
        catch = tuple(r for r in NATURALS if len(self.pile) >= 4) if self.rng.random() < 0.5 else ()
        plan.naturals(keep, spare=catch)
        if have["mixed"] < self.rules.quota[1] + 1:
            plan.mixed(keep, self.rules.quota[1] + 1 - have["mixed"])
        plan.wild_melds(keep)
        if have["wild"] >= self.rules.quota[2]:  # wilds are kept for the wild canasta first
            plan.pairs(keep)
        plan.wild_melds(keep)
        return plan

    def worth(self, t: TurnState, plan: Planner) -> int:
        return t.first_value + sum(points(c) for _, _, c in plan.ops)

    def finish(self, t: TurnState) -> None:
        """Go out if the side may and the partner agrees; else meld (picking up the Foot when the
        Hand is melded out) and discard."""
        if self.try_out(t):
            return
        packet = self.packets[t.player]
        if not packet.on_foot and not packet.pick_up_next_turn:
            whole = self.plan(t, 0)
            if (
                not whole.hand and t.hand[STOP] <= 0 and whole.ops and self.meets_minimum(t, whole)
            ):  # the whole Hand melds
                self.execute(t, whole)
                if self.pick_up_foot(t) or self.try_out(t):
                    return
        keep = 1 if not packet.on_foot else 2
        plan = self.plan(t, keep)
        if plan.ops and self.meets_minimum(t, plan):
            self.execute(t, plan)
        held = sum(t.hand.values())
        card = self.choose_discard(t)
        t.hand[card] -= 1
        self.pile.append(card)
        t.acts.append(Discard(card=card))
        if held == 1:
            packet.pick_up_next_turn = True  # the last card of the Hand is discarded

    def meets_minimum(self, t: TurnState, plan: Planner) -> bool:
        return t.side_melded_at_start or t.took or self.worth(t, plan) >= self.need

    def try_out(self, t: TurnState) -> bool:
        packet = self.packets[t.player]
        if not packet.on_foot:
            return False
        plan = self.plan_out(t)
        if plan is None:
            return False
        if not self.partners_ready(t.player):
            return False
        if self.patience and self.stock and len(self.stock) > 30 and self.rng.random() < 0.5:
            return False
        partners = self.partners(t.player)
        if partners and (self.rules.ask_required or self.rng.random() < self.game.style.ask):
            if t.melded:
                return False  # the question comes before any meld of the turn
            t.asked = partner_says_yes(card_loss(self.hands[partners[0]]), len(self.stock), self.rng)
            t.acts.append(Ask(answer=t.asked))
            if not t.asked:
                return False
        self.execute(t, plan.plan)
        if plan.discard is not None:
            t.hand[plan.discard] -= 1
            self.pile.append(plan.discard)
            t.acts.append(Discard(card=plan.discard))
        assert not +t.hand, t.hand
        t.acts.append(GoOut())
        self.ended = True
        self.went_out = t.player
        return True

    def partners_ready(self, player: str) -> bool:
        """Every partner has picked up the Foot and played a turn from it."""
        return all(self.packets[p].on_foot and self.packets[p].turns_on_foot >= 1 for p in self.partners(player))

    def plan_out(self, t: TurnState) -> OutPlan | None:
        """Melds that play out the whole Foot but for one discard and meet the quota."""
        if t.hand[BONUS] > 0 or t.hand[STOP] > 1:
            return None
        plan = Planner(self.rules, self.melds[t.side], Counter({c: n for c, n in t.hand.items() if c != STOP}))
        have = plan.canastas()
        plan.naturals(0)
        plan.wild_melds(0)
        plan.mixed(0, max(1, self.rules.quota[1] - have["mixed"]))
        plan.pairs(0)
        for card in plan.wilds():  # the rest of the wilds wherever there is room
            roomy = [m for m in plan.melds if plan.room(m) > 0]
            if roomy:
                plan.add(max(roomy, key=lambda m: len(m.cards)), [card])
        left = list((+plan.hand).elements()) + [STOP] * max(0, t.hand[STOP])
        if len(left) > 1 or not self.quota_met(plan.canastas()):
            return None
        if not self.meets_minimum(t, plan):
            return None
        return OutPlan(plan, left[0] if left else None)

    # --- the discard ---------------------------------------------------------------------------------

    def choose_discard(self, t: TurnState) -> str:
        hand = t.hand
        if hand[STOP] > 0:
            return STOP
        naturals = [r for r in NATURALS if hand[r] > 0]
        if naturals:
            nxt = self.melds[self.side_of[self.next_player(t.player)]]
            own = self.melds[t.side]
            return safest_discard(
                naturals,
                lambda r: (
                    any(m.rank == r and not m.closed for m in own),
                    hand[r] >= 2 and not any(m.rank == r and not m.closed for m in nxt),
                    hand[r],
                ),
                self.rng,
            )
        for card in (LITTLE, BIG):
            if hand[card] > 0:
                return card
        raise AssertionError(f"{t.player} has nothing to discard: {dict(hand)}")

    # --- the score ---------------------------------------------------------------------------------------

    def finish_hand(self) -> None:
        """No finding is expected: Bonus cards are always laid (one left in a Foot is scored)."""

    def scores(self) -> dict[str, int]:
        bonus_of = {"natural": 500, "mixed": 300, "wild": 1500}
        out: dict[str, int] = {}
        for name in self.sides:
            melds = self.melds[name]
            total = sum(points(m.cards) for m in melds)
            total += sum(bonus_of[m.kind] for m in melds if m.closed)
            if self.went_out is not None and self.side_of[self.went_out] == name:
                total += 100
            total += 100 * self.laid[name].count(BONUS)
            for player in self.players_of[name]:
                total -= card_loss(self.hands[player]) + card_loss(self.packets[player].foot)
            out[name] = total
        return out


FAMILY = Family(
    name="hand-and-foot",
    title="Hand & Foot",
    seat_counts=(4,),
    options=(
        SimOption("hand-size", 13, "cards dealt to each Hand"),
        SimOption("foot-size", 13, "cards dealt to each Foot"),
        SimOption(
            "wild-ratio", "at-most-two", "wilds a meld of a rank may hold", ("at-most-two", "two-naturals-per-wild")
        ),
        SimOption("pile-take", "all", "how many cards of the pile a take picks up: all, or the top N"),
        SimOption("canastas-to-go-out", "2/2/1", "natural/mixed/wild canastas a side needs to go out"),
        SimOption("ask-required", True, "a player must ask the partner before going out"),
        SimOption("wild-pair-take", False, "a wild up card may be taken with a pair of the same wilds"),
        SimOption("minimums", "50/90/120/150", "the first-meld minimum of rounds 1 to 4 (and after)"),
        SimOption("rounds", 4, "rounds in a game"),
    ),
    build=HandAndFootRules.build,
    hand=HandAndFootHand,
    coverage=COVERAGE,
)

__all__ = ["FAMILY", "FootMeld", "HandAndFootHand", "HandAndFootRules", "meld_name"]
