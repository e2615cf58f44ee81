"""A small Samba referee for the simulator's tests, written apart from both the simulator and the
engine: it replays a parsed Samba record and lists every breach of the rules it knows (the Samba
part of the Complete Caliente rule book with the Official Canasta Laws' Samba, as
docs/simulator.md lists them), and recomputes every hand's score. It is no arbiter: it checks only
what the simulator's games need, so that they can be trusted until the engine judges Samba.
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
    MeldRef,
    Pass,
    Take,
)

CALIENTE_CARD = FamilyAction(keyword="caliente")  # a Caliente card played, as a record writes it

ORDER = {rank: i for i, rank in enumerate(NATURALS)}
VALUE = {**dict.fromkeys("4567", 5), **dict.fromkeys(["8", "9", "10", "J", "Q", "K"], 10), "A": 20}
VALUE |= {"2": 20, "X": 50, "S": 5, "B": 0, "C": 0}


def value(cards) -> int:
    return sum(VALUE[c] for c in cards)


@dataclass
class Group:
    kind: str  # group, sequence, stop
    cards: list[str]

    @property
    def canasta(self) -> bool:
        return self.kind != "stop" and len(self.cards) >= 7


def kind_of(cards: list[str]) -> str | None:
    """What a new meld is, or None when it is no Samba meld."""
    naturals = [c for c in cards if c in ORDER]
    wilds = [c for c in cards if c in WILDS]
    if cards and all(c == "S" for c in cards):
        return "stop" if len(cards) >= 3 else None
    if len(naturals) + len(wilds) != len(cards) or len(cards) < 3:
        return None
    if not wilds and len(set(naturals)) == len(naturals) and is_run(naturals):
        return "sequence" if len(cards) <= 7 else None
    if len(set(naturals)) == 1 and len(naturals) >= 2 and len(wilds) <= 2:
        return "group"
    return None


def is_run(ranks: list[str]) -> bool:
    order = sorted(ORDER[r] for r in ranks)
    return order == list(range(order[0], order[0] + len(order)))


@dataclass
class Referee:
    """Replays one game; `problems` lists what broke the rules, `scores` what each hand made."""

    game: Game
    options: dict[str, str] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    scores: list[dict[str, int]] = field(default_factory=list)
    sambas: int = 0  # sequences of seven on the table at the ends of the hands

    def __post_init__(self) -> None:
        for word in (self.game.tag("Variant") or "").split():
            name, _, raw = word.partition("=")
            self.options[name] = raw or "yes"
        self.sides = (self.game.tag("Teams") or "").split()
        self.totals = dict.fromkeys(self.sides, 0)

    def flag(self, hand: int, where: str, what: str) -> None:
        self.problems.append(f"hand {hand}: {where}: {what}")

    def minimum(self, total: int) -> int:
        if total < 0:
            return 15
        for limit, need in ((1500, 50), (3000, 90), (7000, 120)):
            if total < limit:
                return need
        return int(self.options.get("minimum-7000", 150))

    def wild_ok(self, naturals: int, wilds: int) -> bool:
        if wilds > 2 or naturals < 2:
            return False
        return not (self.options.get("wild-ratio") == "two-naturals-per-wild" and 2 * wilds > naturals)

    def check(self) -> Referee:
        for hand in self.game.hands:
            self.hand(hand)
        return self

    # --- one hand ---------------------------------------------------------------------------------

    def hand(self, record: HandRecord) -> None:
        n = record.number
        caliente = {"C": 2} if self.options.get("caliente-cards") == "yes" else {}
        unseen = pack(3, caliente)  # the stock: every card not yet seen
        stock_order: list[str] | None = None  # the stock line, once the deal is done
        hands: dict[str, Counter[str]] = {}
        side_of = {p: s for s in self.sides for p in s.split("+")}
        melds: dict[str, list[Group]] = {s: [] for s in self.sides}
        laid: dict[str, list[str]] = {s: [] for s in self.sides}

        def from_stock(cards, where: str) -> None:
            for card in cards:
                if unseen[card] <= 0:
                    self.flag(n, where, f"a card the packs do not have: {card}")
                unseen[card] -= 1
                if stock_order is not None and (not stock_order or stock_order.pop(0) != card):
                    self.flag(n, where, f"{card} is not the stock's next card")

        for deal in record.deals:
            if len(deal.cards) != 15:
                self.flag(n, "deal", f"{deal.player} has {len(deal.cards)} cards, not 15")
            hands[deal.player] = Counter(deal.cards)
            from_stock(deal.cards, "deal")
        if record.stock is not None and record.stock.cards:
            stock_order = list(record.stock.cards)
        if stock_order is not None and Counter(stock_order) != +unseen:
            self.flag(n, "stock", "the stock line is not the cards left")
        for setup in record.setup_turns:
            self.turn_cards(n, setup.player, setup.actions, hands, laid, side_of, from_stock, unseen)
        assert record.up is not None
        pile = list(record.up.cards)
        from_stock(pile, "up")
        if pile[-1] not in ORDER or any(c in ORDER for c in pile[:-1]):
            self.flag(n, "up", f"the up card line {pile}")
        frozen = any(c in WILDS or c == "B" for c in pile)
        order = [t.player for t in record.turns[: len(hands)]]
        went_out = None
        ended = False
        for index, turn in enumerate(record.turns):
            where = f"turn {index + 1} ({turn.player})"
            if turn.player != order[index % len(order)]:
                self.flag(n, where, "out of turn")
            if ended:
                self.flag(n, where, "a turn after the hand ended")
            side = side_of[turn.player]
            hand = hands[turn.player]
            mine = melds[side]
            melded_at_start = bool(mine)
            first_value = 0
            took_first = False
            stop_melded = False
            acts = turn.actions
            drawn = False

            def take_cards(cards, what: str, hand=hand, where=where) -> None:
                need = Counter(cards)
                if any(hand[c] < k for c, k in need.items()):
                    self.flag(n, where, f"{what}: {list(cards)} not all in hand {dict(+hand)}")
                hand.subtract(need)

            for a_index, act in enumerate(acts):
                if isinstance(act, Draw):
                    left = sum(unseen.values())
                    after_bonus = a_index > 0 and isinstance(acts[a_index - 1], LayBonus)
                    after_caliente = a_index > 0 and acts[a_index - 1] == CALIENTE_CARD
                    if after_bonus:
                        want = min(len(acts[a_index - 1].cards), left)
                    elif after_caliente:
                        want = max(0, min(15 - sum(hand.values()), left))
                    else:
                        want = min(2, left)
                        if drawn:
                            self.flag(n, where, "a second draw")
                        drawn = True
                    if len(act.cards) != want:
                        self.flag(n, where, f"drew {len(act.cards)} cards, not {want}")
                    from_stock(act.cards, where)
                    hand.update(act.cards)
                elif isinstance(act, Take):
                    drawn = True
                    top = pile[-1] if pile else None
                    if act.card != top or top not in ORDER:
                        self.flag(n, where, f"took {act.card} with {top} on top")
                    is_frozen = frozen or not mine or self.options.get("pile-always-frozen") == "yes"
                    whole = True
                    if act.onto is not None:
                        target = self.resolve(mine, act.onto)
                        if is_frozen or target is None or target.canasta:
                            self.flag(n, where, f"take onto {act.onto} (frozen {is_frozen})")
                        elif target.kind == "group" and act.card not in target.cards:
                            self.flag(n, where, "onto a group of another rank")
                        elif target.kind == "sequence":
                            if not is_run([*target.cards, act.card]) or len(target.cards) >= 7:
                                self.flag(n, where, "the up card does not extend the sequence")
                            whole = self.options.get("sequence-take") != "top-card"
                        if target is not None:
                            target.cards.append(act.card)
                    else:
                        with_cards = list(act.with_cards or ())
                        if with_cards != [act.card, act.card]:
                            self.flag(n, where, f"take with {with_cards}: a natural pair is needed")
                        take_cards(with_cards, "take")
                        mine.append(Group("group", [act.card, *with_cards]))
                        worth = value([act.card, *with_cards])
                        for spec in act.also:
                            take_cards(spec.cards, "take ... and")
                            mine.append(self.new_meld(n, where, list(spec.cards)))
                            worth += value(spec.cards)
                        if not melded_at_start:
                            took_first = True
                            if worth < self.minimum(self.totals[side]):
                                self.flag(n, where, f"first meld by taking worth {worth}")
                    pile.pop()
                    if whole:
                        hand.update(pile)
                        pile.clear()
                        frozen = False
                elif isinstance(act, Meld):
                    for spec in act.melds:
                        take_cards(spec.cards, "meld")
                        meld = self.new_meld(n, where, list(spec.cards))
                        stop_melded = stop_melded or meld.kind == "stop"
                        mine.append(meld)
                        first_value += value(spec.cards)
                elif isinstance(act, Add):
                    take_cards(act.cards, "add")
                    target = self.resolve(mine, act.target)
                    if target is None:
                        self.flag(n, where, f"add to {act.target}: no such meld")
                        continue
                    self.add(n, where, target, list(act.cards))
                    first_value += value(act.cards)
                elif isinstance(act, Discard):
                    take_cards([act.card], "discard")
                    if act.card == "B":
                        self.flag(n, where, "a Bonus card discarded")
                    pile.append(act.card)
                    frozen = frozen or act.card in WILDS
                elif isinstance(act, LayBonus):
                    take_cards(act.cards, "bonus")
                    laid[side] += list(act.cards)
                elif act == CALIENTE_CARD:
                    drawn = True
                    take_cards(["C"], "caliente")
                    laid[side].append("C")
                elif isinstance(act, Ask):
                    if len(self.sides[0].split("+")) < 2:
                        self.flag(n, where, "asked with no partner")
                elif isinstance(act, Pass):
                    if sum(unseen.values()):
                        self.flag(n, where, "a pass with cards in the stock")
                    ended = True
                elif isinstance(act, GoOut):
                    if +hand:
                        self.flag(n, where, f"out holding {dict(+hand)}")
                    if sum(1 for m in mine if m.canasta) < 2:
                        self.flag(n, where, "out without two canastas")
                    went_out, ended = turn.player, True
            last = acts[-1]
            if isinstance(last, LayBonus) and not sum(unseen.values()):
                ended = True  # a Bonus card drawn last ends the hand
            elif not isinstance(last, (Discard, GoOut, Pass)):
                self.flag(n, where, f"the turn ends with {type(last).__name__}")
            elif isinstance(last, Discard) and not +hand:
                self.flag(n, where, "the hand emptied without going out")
            if stop_melded and not isinstance(last, GoOut):
                self.flag(n, where, "Stop cards melded without going out")
            if not melded_at_start and mine and not took_first and first_value < self.minimum(self.totals[side]):
                self.flag(n, where, f"a first meld worth {first_value}")
        if not ended:
            self.flag(n, "end", "the hand never ended")
        seen = Counter(unseen)
        for h in hands.values():
            seen.update(+h)
        for side in self.sides:
            seen.update(laid[side])
            for m in melds[side]:
                seen.update(m.cards)
        seen.update(pile)
        if +seen != pack(3, caliente):
            self.flag(n, "end", "the cards do not add up to three packs")
        self.last = (hands, melds, laid)
        self.score(n, record, hands, melds, laid, side_of, went_out)

    def turn_cards(self, n, player, actions, hands, laid, side_of, from_stock, unseen) -> None:
        """The Bonus cards laid after the deal, and their replacements."""
        for act in actions:
            if isinstance(act, LayBonus):
                if any(c != "B" for c in act.cards) or hands[player]["B"] < len(act.cards):
                    self.flag(n, "deal", f"{player} lays {act.cards}")
                hands[player].subtract(act.cards)
                laid[side_of[player]] += list(act.cards)
            elif isinstance(act, Draw):
                from_stock(act.cards, "deal")
                hands[player].update(act.cards)

    # --- melds ------------------------------------------------------------------------------------

    def new_meld(self, n: int, where: str, cards: list[str]) -> Group:
        kind = kind_of(cards)
        if kind is None:
            self.flag(n, where, f"not a Samba meld: {cards}")
            kind = "group"
        elif kind == "group":
            wilds = sum(1 for c in cards if c in WILDS)
            if not self.wild_ok(len(cards) - wilds, wilds):
                self.flag(n, where, f"too many wilds: {cards}")
        return Group(kind, list(cards))

    def add(self, n: int, where: str, target: Group, cards: list[str]) -> None:
        if target.kind == "sequence":
            if len(target.cards) + len(cards) > 7 or not all(c in ORDER for c in cards):
                self.flag(n, where, f"{cards} onto a sequence of {len(target.cards)}")
            elif len(set(target.cards + cards)) != len(target.cards + cards) or not is_run(target.cards + cards):
                self.flag(n, where, f"{cards} do not extend {target.cards}")
        elif target.kind == "group":
            rank = next(c for c in target.cards if c in ORDER)
            wild = [c for c in cards if c in WILDS]
            if any(c not in WILDS and c != rank for c in cards):
                self.flag(n, where, f"{cards} onto a group of {rank}")
            if wild and target.canasta:
                self.flag(n, where, "a wild onto a canasta")
            total_wilds = sum(1 for c in target.cards + cards if c in WILDS)
            if not self.wild_ok(len(target.cards) + len(cards) - total_wilds, total_wilds):
                self.flag(n, where, f"too many wilds once {cards} are added to {target.cards}")
        else:
            self.flag(n, where, "an addition to the Stop cards")
        target.cards += cards

    @staticmethod
    def resolve(melds: list[Group], ref: MeldRef) -> Group | None:
        if ref.high is not None:
            span = [
                m
                for m in melds
                if m.kind == "sequence"
                and min(m.cards, key=ORDER.get) == ref.rank
                and max(m.cards, key=ORDER.get) == ref.high
            ]
        else:
            span = [m for m in melds if m.kind == "group" and ref.rank in m.cards]
        return span[ref.index - 1] if len(span) >= ref.index else None

    # --- the score --------------------------------------------------------------------------------

    def score(self, n, record, hands, melds, laid, side_of, went_out) -> None:
        flat = self.options.get("bonus-penalty") == "flat"
        made = {}
        for side in self.sides:
            total = sum(value(m.cards) for m in melds[side])
            canastas = [m for m in melds[side] if m.canasta]
            self.sambas += sum(1 for m in canastas if m.kind == "sequence")
            for m in canastas:
                total += 1500 if m.kind == "sequence" else 300 if any(c in WILDS for c in m.cards) else 500
            if went_out and side_of[went_out] == side:
                total += 200
            bonus = laid[side].count("B")
            worth = 1000 if bonus == 6 else 100 * bonus
            total += worth if len(canastas) >= 2 else (-100 * bonus if flat else -worth)
            total -= 100 * laid[side].count("C")
            for player, hand in hands.items():
                if side_of[player] == side:
                    loss = value((+hand).elements()) + 100 * hand["B"]
                    total -= loss * (1 + min(2, max(0, hand["C"])))
            made[side] = total
            self.totals[side] += total
        self.scores.append(made)
        declared = {e.side: e.points for e in record.declared[0].entries}
        if declared != made:
            self.flag(n, "score", f"declared {declared}, counted {made}")
