"""A small Hand & Foot referee for the simulator's tests, written apart from the simulator and the
engine: it replays a parsed Hand & Foot record, lists every breach of the rules it knows (the Hand
& Foot part of the Complete Caliente rule book with the house rules of docs/simulator.md), and
recomputes every score. It checks what the simulator's games need, until the engine judges them.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from arbiter.cards import NATURALS, WILDS, pack
from arbiter.notation.records import (
    Add,
    Ask,
    Discard,
    Draw,
    FamilyAction,
    Game,
    GoOut,
    HandRecord,
    LayBonus,
    Meld,
    Pass,
    Take,
)

FOOT = FamilyAction(keyword="foot")  # picking up the Foot, as a record writes it

VALUE = {**dict.fromkeys("4567", 5), **dict.fromkeys(["8", "9", "10", "J", "Q", "K"], 10), "A": 20}
VALUE |= {"2": 20, "X": 50, "S": 5, "B": 100}
DEFAULTS = {
    "hand-size": "13",
    "foot-size": "13",
    "wild-ratio": "at-most-two",
    "pile-take": "all",
    "canastas-to-go-out": "2/2/1",
    "ask-required": "yes",
    "wild-pair-take": "no",
    "minimums": "50/90/120/150",
    "rounds": "4",
}


def value(cards: Counter[str]) -> int:
    return sum(VALUE[c] * n for c, n in cards.items() if n > 0)


@dataclass
class Pile:
    rank: str  # "2" for a wild meld
    cards: list[str]

    @property
    def closed(self) -> bool:
        return len(self.cards) >= 7

    @property
    def kind(self) -> str:
        return "wild" if self.rank == "2" else "mixed" if any(c in WILDS for c in self.cards) else "natural"


@dataclass
class Player:
    hand: Counter[str]
    foot: Counter[str]
    on_foot: bool = False
    owes_foot: bool = False  # discarded the last Hand card: the Foot comes at the next turn
    turns_on_foot: int = 0


@dataclass
class Referee:
    game: Game
    options: dict[str, str] = field(default_factory=lambda: dict(DEFAULTS))
    problems: list[str] = field(default_factory=list)
    totals: dict[str, int] = field(default_factory=dict)
    feet_picked: int = 0
    canastas: Counter[str] = field(default_factory=Counter)

    def __post_init__(self) -> None:
        for word in (self.game.tag("Variant") or "").split():
            name, _, raw = word.partition("=")
            self.options[name] = raw or "yes"
        self.sides = (self.game.tag("Teams") or "").split()
        self.totals = dict.fromkeys(self.sides, 0)

    def flag(self, hand: int, where: str, what: str) -> None:
        self.problems.append(f"hand {hand}: {where}: {what}")

    def check(self) -> Referee:
        if len(self.game.hands) > int(self.options["rounds"]):
            self.flag(0, "game", "more rounds than the game has")
        for hand in self.game.hands:
            self.hand(hand)
        return self

    def wild_ok(self, cards: list[str]) -> bool:
        wilds = sum(1 for c in cards if c in WILDS)
        naturals = len(cards) - wilds
        if wilds > 2 or naturals < 2:
            return False
        return not (self.options["wild-ratio"] == "two-naturals-per-wild" and 2 * wilds > naturals)

    def meld_rank(self, cards: list[str]) -> str | None:
        if all(c in WILDS for c in cards):
            return "2" if 3 <= len(cards) <= 7 else None
        ranks = {c for c in cards if c not in WILDS}
        if len(ranks) != 1 or not 3 <= len(cards) <= 7 or not self.wild_ok(cards):
            return None
        (rank,) = ranks
        return rank if rank in NATURALS else None

    def hand(self, record: HandRecord) -> None:  # one rule after another
        n = record.number
        unseen = pack(5)
        players: dict[str, Player] = {}
        side_of = {p: s for s in self.sides for p in s.split("+")}
        melds: dict[str, list[Pile]] = {s: [] for s in self.sides}
        laid = Counter[str]()
        stock_order: list[str] | None = None
        minimum = [int(x) for x in self.options["minimums"].split("/")][min(n, 4) - 1]
        quota = dict(
            zip(("natural", "mixed", "wild"), map(int, self.options["canastas-to-go-out"].split("/")), strict=True)
        )

        def from_stock(cards, where: str) -> None:
            for card in cards:
                if unseen[card] <= 0:
                    self.flag(n, where, f"a card the packs do not have: {card}")
                unseen[card] -= 1
                if stock_order is not None and (not stock_order or stock_order.pop(0) != card):
                    self.flag(n, where, f"{card} is not the stock's next card")

        for deal in record.deals:
            players[deal.player] = Player(Counter(deal.cards), Counter())
            from_stock(deal.cards, "deal")
            if len(deal.cards) != int(self.options["hand-size"]):
                self.flag(n, "deal", f"a Hand of {len(deal.cards)}")
        for foot in record.feet:
            players[foot.player].foot = Counter(foot.cards)
            from_stock(foot.cards, "foot")
            if len(foot.cards) != int(self.options["foot-size"]):
                self.flag(n, "foot", f"a Foot of {len(foot.cards)}")
        if record.stock is not None and record.stock.cards:
            stock_order = list(record.stock.cards)
            if Counter(stock_order) != +unseen:
                self.flag(n, "stock", "the stock line is not the cards left")
        for setup in record.setup_turns:
            for act in setup.actions:
                if isinstance(act, LayBonus):
                    players[setup.player].hand.subtract(act.cards)
                    laid[side_of[setup.player]] += len(act.cards)
                elif isinstance(act, Draw):
                    from_stock(act.cards, "deal")
                    players[setup.player].hand.update(act.cards)
        assert record.up is not None
        pile = list(record.up.cards)
        from_stock(pile, "up")
        went_out = None
        ended = False
        for index, turn in enumerate(record.turns):
            where = f"turn {index + 1} ({turn.player})"
            me = players[turn.player]
            side = side_of[turn.player]
            mine = melds[side]
            melded_at_start = bool(mine)
            worth = 0
            took = asked_yes = drawn = last_bonus = False
            if ended:
                self.flag(n, where, "a turn after the round ended")
            if me.on_foot:
                me.turns_on_foot += 1

            def spend(cards, what: str, me=me, where=where) -> None:
                if any(me.hand[c] < k for c, k in Counter(cards).items()):
                    self.flag(n, where, f"{what}: {list(cards)} not all held")
                me.hand.subtract(cards)

            if me.owes_foot and not (turn.actions and (turn.actions[0] == FOOT or isinstance(turn.actions[0], Pass))):
                self.flag(n, where, "the Foot owed is not picked up first")
            for position, act in enumerate(turn.actions):
                if act == FOOT:
                    if me.on_foot or +me.hand:
                        self.flag(n, where, "the Foot picked up with cards in the Hand")
                    me.hand, me.foot, me.on_foot, me.owes_foot = me.foot, Counter(), True, False
                    self.feet_picked += 1
                elif isinstance(act, Draw):
                    previous = turn.actions[position - 1] if position else None
                    left = sum(unseen.values())
                    want = min(len(previous.cards), left) if isinstance(previous, LayBonus) else min(2, left)
                    if not isinstance(previous, LayBonus):
                        if drawn:
                            self.flag(n, where, "a second draw")
                        drawn = True
                    if len(act.cards) != want:
                        self.flag(n, where, f"drew {len(act.cards)}, not {want}")
                    from_stock(act.cards, where)
                    me.hand.update(act.cards)
                    last_bonus = not sum(unseen.values()) and act.cards[-1] == "B"  # drawn as the stock's last card
                elif isinstance(act, Take):
                    drawn = took = True
                    top = pile[-1] if pile else None
                    wild_take = top in WILDS and self.options["wild-pair-take"] == "yes"
                    if act.card != top or not (top in NATURALS or wild_take) or list(act.with_cards or ()) != [top] * 2:
                        self.flag(n, where, f"take {act.card} with {act.with_cards}: a natural pair is needed")
                    rank = "2" if act.card in WILDS else act.card
                    if any(m.rank == rank and not m.closed for m in mine):
                        self.flag(n, where, "a second open meld of a rank by taking")
                    spend(list(act.with_cards or ()), "take")
                    mine.append(Pile(rank, [act.card, *(act.with_cards or ())]))
                    gain = 3 * VALUE[act.card]
                    for spec in act.also:
                        spend(spec.cards, "take ... and")
                        self.new(n, where, mine, list(spec.cards))
                        gain += value(Counter(spec.cards))
                    if not melded_at_start and gain < minimum:
                        self.flag(n, where, f"a first meld by taking worth {gain}")
                    pile.pop()
                    count = (
                        len(pile)
                        if self.options["pile-take"] == "all"
                        else min(len(pile), int(self.options["pile-take"]) - 1)
                    )
                    taken = pile[len(pile) - count :] if count > 0 else []
                    del pile[len(pile) - len(taken) :]
                    me.hand.update(taken)
                elif isinstance(act, Meld):
                    for spec in act.melds:
                        spend(spec.cards, "meld")
                        self.new(n, where, mine, list(spec.cards))
                        worth += value(Counter(spec.cards))
                elif isinstance(act, Add):
                    spend(act.cards, "add")
                    same = [m for m in mine if m.rank == act.target.rank]
                    target = same[act.target.index - 1] if len(same) >= act.target.index else None
                    if target is None or target.closed or len(target.cards) + len(act.cards) > 7:
                        self.flag(n, where, f"add to {act.target}: no open meld with room")
                    elif target.rank != "2" and (
                        any(c not in WILDS and c != target.rank for c in act.cards)
                        or not self.wild_ok(target.cards + list(act.cards))
                    ):
                        self.flag(n, where, f"{act.cards} onto {target.cards}")
                    elif target.rank == "2" and any(c not in WILDS for c in act.cards):
                        self.flag(n, where, "a natural onto a wild meld")
                    if target is not None:
                        target.cards += list(act.cards)
                    worth += value(Counter(act.cards))
                elif isinstance(act, Discard):
                    spend([act.card], "discard")
                    if act.card == "B":
                        self.flag(n, where, "a Bonus card discarded")
                    pile.append(act.card)
                    if not +me.hand and not isinstance(turn.actions[-1], GoOut):
                        if me.on_foot:
                            self.flag(n, where, "the Foot emptied without going out")
                        me.owes_foot = True
                elif isinstance(act, LayBonus):
                    spend(act.cards, "bonus")
                    laid[side] += len(act.cards)
                    if last_bonus:  # a Bonus card drawn as the stock's last card is laid and ends the round
                        ended = True
                elif isinstance(act, Ask):
                    asked_yes = act.answer
                elif isinstance(act, Pass):
                    if sum(unseen.values()):
                        self.flag(n, where, "a pass with cards in the stock")
                    ended = True
                elif isinstance(act, GoOut):
                    made = Counter(m.kind for m in mine if m.closed)
                    partners = [p for p in side.split("+") if p != turn.player]
                    if +me.hand or not me.on_foot:
                        self.flag(n, where, "out without playing out the Foot")
                    if any(made[k] < q for k, q in quota.items()):
                        self.flag(n, where, f"out with canastas {dict(made)}")
                    if any(not players[p].on_foot for p in partners):
                        self.flag(n, where, "out before the partner picked up the Foot")
                    if self.options["ask-required"] == "yes" and not asked_yes:
                        self.flag(n, where, "out without asking")
                    went_out, ended = turn.player, True
            if not melded_at_start and mine and not took and worth < minimum:
                self.flag(n, where, f"a first meld worth {worth}, not {minimum}")
            last = turn.actions[-1]
            if not isinstance(last, (Discard, GoOut, Pass)) and not (last_bonus and isinstance(last, LayBonus)):
                self.flag(n, where, f"the turn ends with {type(last).__name__}")
        if not ended:
            self.flag(n, "end", "the round never ended")
        seen = Counter(unseen)
        for p in players.values():
            seen.update(+p.hand)
            seen.update(+p.foot)
        for side in self.sides:
            seen["B"] += laid[side]
            for m in melds[side]:
                seen.update(m.cards)
        seen.update(pile)
        if +seen != pack(5):
            self.flag(n, "end", "the cards do not add up to five packs")
        self.score(record, players, melds, laid, side_of, went_out)

    def new(self, n: int, where: str, mine: list[Pile], cards: list[str]) -> None:
        rank = self.meld_rank(cards)
        if rank is None:
            self.flag(n, where, f"not a meld: {cards}")
            return
        if any(m.rank == rank and not m.closed for m in mine):
            self.flag(n, where, f"a second open meld of {rank}")
        mine.append(Pile(rank, cards))

    def score(self, record, players, melds, laid, side_of, went_out) -> None:
        bonus = {"natural": 500, "mixed": 300, "wild": 1500}
        made = {}
        for side in self.sides:
            total = sum(value(Counter(m.cards)) for m in melds[side])
            closed = [m for m in melds[side] if m.closed]
            self.canastas.update(m.kind for m in closed)
            total += sum(bonus[m.kind] for m in closed) + 100 * laid[side]
            if went_out and side_of[went_out] == side:
                total += 100
            total -= sum(value(p.hand) + value(p.foot) for name, p in players.items() if side_of[name] == side)
            made[side] = total
            self.totals[side] += total
        declared = {e.side: e.points for e in record.declared[0].entries}
        if declared != made:
            self.flag(record.number, "score", f"declared {declared}, counted {made}")
