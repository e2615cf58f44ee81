"""The replay engine: plays a record's hands move by move, checks every rule, recomputes scores.

`judge_game` walks the hands of a parsed game. Each hand starts from its deal or from a stated
position and is replayed by a `HandReplay`, which applies each action to a `Table` and checks it
against the game's `Config`. The engine never asks which rule set it is playing: every difference
between rule sets is a field of Config (see arbiter/rules/base.py).

The first illegal move of a hand is reported and the rest of that hand is not judged (its
turns would be played from a position that could not arise). Later hands that start from a deal
are judged as usual.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from . import cards as C
from .records import (
    Add,
    Ask,
    Discard,
    Draw,
    Game,
    GoOut,
    HandRecord,
    LayBonus,
    Meld,
    MeldRef,
    Node,
    Pass,
    PickUpFoot,
    PlayCaliente,
    Points,
    Take,
    Turn,
)
from .rules.base import Config, OptionValue, RuleSet, Seating
from .rulings import Finding, GameRuling, HandResult, Severity
from .scoring import MeldState, SideState, score_side

Observer = Callable[[int, int, dict[str, Any]], None]
"""Called with (hand number, turn number, table snapshot) as a hand starts and after each turn."""


class Illegal(Exception):
    """A move that breaks a rule: judging of the hand stops here."""

    def __init__(self, code: str, message: str, node: Node | None = None, remedy: str | None = None) -> None:
        super().__init__(message)
        self.code, self.message, self.node, self.remedy = code, message, node, remedy


# --- the table ----------------------------------------------------------------------------------


@dataclass(slots=True)
class Table:
    """Everything on the table during a hand."""

    config: Config
    hands: dict[str, Counter[str]]
    sides: dict[str, SideState]
    side_of: dict[str, SideState]
    pool: Counter[str]  # cards of the pack not yet seen anywhere
    stock: list[str] | None  # the stock's cards, top last, where the record gives them
    stock_count: int
    pile: list[str] = field(default_factory=list)
    frozen: bool = False
    melded_players: set[str] = field(default_factory=set)
    totals_before: dict[str, int] = field(default_factory=dict)

    def snapshot(self) -> dict[str, Any]:
        order = C.ORDER.__getitem__
        return {
            "hands": {p: sorted(h.elements(), key=order) for p, h in self.hands.items()},
            "melds": {s.name: [list(m.cards) for m in s.melds] for s in self.sides.values()},
            "laid": {s.name: list(s.laid) for s in self.sides.values()},
            "pile": list(self.pile),
            "frozen": self.frozen,
            "stock": self.stock_count,
            "scores": dict(self.totals_before),
        }

    def take_from_stock(self, card: str, node: Node) -> None:
        """A card comes off the stock (dealt, turned or drawn): it must be there to come."""
        if self.stock_count <= 0:
            raise Illegal("stock-empty", f"the stock is empty, so {C.describe(card)} cannot come from it", node)
        if self.stock is not None:
            expected = self.stock.pop()
            if expected != card:
                raise Illegal(
                    "stock-order", f"the next card of the stock is {C.describe(expected)}, not {C.describe(card)}", node
                )
        else:
            self.claim(card, node)
        self.stock_count -= 1

    def claim(self, card: str, node: Node, code: str = "card-count") -> None:
        if self.pool[card] <= 0:
            have = self.config.packs * C.ONE_PACK[card] if card != C.CALIENTE else self.config.caliente_cards
            if card == C.CALIENTE and not have:
                raise Illegal(
                    code, "Caliente cards are in play only in the Caliente-card variation (option caliente-cards)", node
                )
            raise Illegal(
                code,
                f"the pack has only {have} {C.describe(card)}{'s' if have != 1 else ''}, and all of them are already "
                "accounted for: this one cannot be in play",
                node,
            )
        self.pool[card] -= 1


def new_side_states(config: Config) -> dict[str, SideState]:
    return {Seating.side_name(side): SideState(Seating.side_name(side), side) for side in config.seating.sides}


# --- melds --------------------------------------------------------------------------------------


def meld_problem(cards: list[str], config: Config, *, new: bool) -> tuple[str, str] | None:
    """Why these cards are not a legal meld (code, explanation), or None."""

    def bad(code: str, why: str) -> tuple[str, str]:
        return code, f"[{C.show(cards)}]: {why}"

    if C.BONUS in cards or C.CALIENTE in cards:
        return bad("meld-rank", "Bonus and Caliente cards are laid beside the melds, never melded")
    if C.STOP in cards:
        if set(cards) != {C.STOP}:
            return bad("stop-meld", "Stop cards are melded only among themselves, with no wilds or other cards")
        if new and not 3 <= len(cards) <= 4:
            return bad("stop-meld", "a meld of Stop cards has three or four of them")
        return None
    naturals = [c for c in cards if c in C.NATURAL_SET]
    wilds = len(cards) - len(naturals)
    if not naturals:
        return bad("meld-wilds", "wild cards can never be melded on their own")
    ranks = set(naturals)
    if len(ranks) > 1:
        named = " and ".join(sorted(ranks, key=C.ORDER.__getitem__))
        return bad("meld-rank", f"a meld is cards of one rank; {named} cannot be melded together")
    if new and len(cards) < 3:
        return bad("meld-size", "a new meld needs at least three cards")
    if wilds > config.max_wilds:
        return bad("meld-wilds", f"a meld may hold at most {config.max_wilds} wild cards, not {wilds}")
    if config.naturals_must_outnumber_wilds and wilds >= len(naturals):
        counted = f"{len(naturals)} natural{'s' * (len(naturals) > 1)}, {wilds} wild{'s' * (wilds > 1)}"
        return bad("meld-wilds", f"naturals must outnumber wilds ({counted})")
    if not config.naturals_must_outnumber_wilds and wilds > len(naturals):
        return bad("meld-wilds", "wilds may not outnumber naturals")
    return None


def meld_rank(cards: list[str]) -> str:
    for card in cards:
        if card in C.NATURAL_SET or card == C.STOP:
            return card
    return "?"


# --- one hand -----------------------------------------------------------------------------------

# What kind of card a discard is, for the coverage report's paths.
_DISCARD_KIND = {
    card: {C.STOP: "stop", C.CALIENTE: "caliente"}.get(card, "wild" if C.is_wild(card) else "natural")
    for card in C.CARDS
}


@dataclass(slots=True)
class TurnState:
    player: str
    side: SideState
    number: int
    hand: Counter[str]  # the player's cards
    side_melded_at_start: bool
    player_melded_before: bool
    canastas_at_start: int
    drawn: bool = False
    took_pile: bool = False
    replacements_owed: int = 0
    pile_bonus: int = 0  # Bonus cards from the first Prize pile: laid without replacement
    refill_owed: int = 0  # cards still to draw after a Caliente card
    caliente_played: bool = False
    asked: bool | None = None
    discarded: bool = False
    melded: bool = False  # melded or added this turn
    first_meld_value: int = 0
    first_meld_node: Node | None = None
    stops_melded: bool = False
    last_bonus: bool = False


@dataclass(slots=True)
class HandOutcome:
    ended: bool = False
    went_out: str | None = None  # the player who went out
    concealed: bool = False


class HandReplay:
    def __init__(
        self,
        config: Config,
        ruleset: RuleSet,
        record: HandRecord,
        totals_before: dict[str, int],
        observer: Observer | None = None,
        paths: Counter[str] | None = None,
    ) -> None:
        self.config = config
        self.observer = observer
        self.ruleset = ruleset
        self.record = record
        self.findings: list[Finding] = []
        # the legal paths taken, for coverage reports: a game's hands count into one Counter
        self.paths: Counter[str] = Counter() if paths is None else paths
        self.outcome = HandOutcome()
        self.turn: TurnState | None = None
        self.turn_number = 0
        seating = config.seating
        self.sitting_out = set(record.start.sitting_out)
        self.active = list(seating.playing_order(self.sitting_out))  # this hand's order of play
        # who plays after whom this hand
        self.following = dict(zip(self.active, self.active[1:] + self.active[:1], strict=True))
        sides = new_side_states(config)
        side_of = {p: sides[Seating.side_name(s)] for s in seating.sides for p in s}
        self.table = Table(
            config=config,
            hands={p: Counter() for p in self.active},
            sides=sides,
            side_of=side_of,
            pool=C.pack(config.packs, config.caliente_cards),
            stock=None,
            stock_count=0,
            totals_before=dict(totals_before),
        )

    # findings
    def finding(
        self,
        code: str,
        message: str,
        node: Node | None,
        *,
        severity: Severity = Severity.ERROR,
        remedy: str | None = None,
        player: str | None = None,
        table: bool = True,
    ) -> None:
        rule = self.ruleset.rule(code)
        node = node or self.record.start
        self.findings.append(
            Finding(
                line=node.line,
                column=node.column or 1,
                code=code,
                rule=rule.cite(),
                severity=severity,
                message=message,
                remedy=remedy,
                hand=self.record.number,
                turn=self.turn_number or None,
                player=player or (self.turn.player if self.turn else None),
                table=self.table.snapshot() if table and severity is Severity.ERROR else None,
            )
        )

    # the whole hand
    def run(self) -> HandOutcome:
        try:
            self.check_table()
            if self.record.position is not None:
                self.set_up_position()
            else:
                self.deal()
            self.observe(0)
            self.play()
        except Illegal as illegal:
            self.finding(illegal.code, illegal.message, illegal.node, remedy=illegal.remedy)
            self.outcome.ended = False
            return self.outcome
        if self.outcome.ended:
            self.end_of_hand_warnings()
        return self.outcome

    def observe(self, turn: int) -> None:
        if self.observer is not None:
            self.observer(self.record.number, turn, self.table.snapshot())

    def check_table(self) -> None:
        start = self.record.start
        seats = self.config.seating.seats
        for name in (start.dealer, *start.sitting_out):
            if name not in seats:
                raise Illegal("unknown-player", f"{name} is not seated at this table ({' '.join(seats)})", start)
        expected_out = len(seats) - self.config.players_per_hand
        if len(self.sitting_out) != expected_out:
            raise Illegal(
                "sitting-out",
                f"with {len(seats)} players, {expected_out or 'nobody'} sit{'s' * (expected_out == 1)} out each hand; "
                f"this hand names {len(self.sitting_out) or 'nobody'}",
                start,
            )
        for side in self.config.seating.sides if expected_out else ():
            resting = [p for p in side if p in self.sitting_out]
            if len(resting) != (1 if len(side) == 3 else 0):
                team = "+".join(side)
                raise Illegal(
                    "sitting-out",
                    f"one player of each three-player team sits out, and nobody of a two-player "
                    f"team; {team} has {' and '.join(resting) or 'nobody'} sitting out",
                    start,
                )
        if self.sitting_out:
            self.paths["sitting-out-hand"] += 1
            playing = [p for p in seats if p not in self.sitting_out]
            if self.active != playing:  # the seats left do not alternate: a team-mate changes places
                self.paths["sitting-out-reseated"] += 1

    # --- dealing ---------------------------------------------------------------------------

    def deal(self) -> None:
        record, table, config = self.record, self.table, self.config
        table.stock_count = sum(table.pool.values())
        dealt: set[str] = set()
        for deal in record.deals:
            if deal.player not in config.seating.seats:
                raise Illegal("unknown-player", f"{deal.player} is not seated at this table", deal)
            if deal.player in self.sitting_out:
                raise Illegal("sitting-out", f"{deal.player} sits out this hand and is dealt no cards", deal)
            if deal.player in dealt:
                raise Illegal("deal-size", f"{deal.player} is dealt twice", deal)
            dealt.add(deal.player)
            if len(deal.cards) != config.deal_size:
                raise Illegal(
                    "deal-size",
                    f"{deal.player} is dealt {len(deal.cards)} cards; each player gets {config.deal_size}",
                    deal,
                )
            for card in deal.cards:
                table.claim(card, deal)
            table.hands[deal.player].update(deal.cards)
            table.stock_count -= len(deal.cards)
        missing = [p for p in self.active if p not in dealt]
        if missing:
            raise Illegal("deal-size", f"no deal is given for {', '.join(missing)}", record.start)
        if record.stock is not None and record.stock.cards is not None:
            self.set_stock(list(record.stock.cards), record.stock)
        for turn in record.setup_turns:
            self.setup_bonus(turn)
        self.turn_up(record)

    def set_stock(self, stock: list[str], node: Node) -> None:
        table = self.table
        for card in stock:
            table.claim(card, node)
        if +table.pool:
            missing = C.show(sorted(table.pool.elements(), key=C.ORDER.__getitem__))
            raise Illegal("card-count", f"the deal and the stock leave out cards of the pack: {missing}", node)
        if len(stock) != table.stock_count:
            raise Illegal("card-count", f"the stock should hold {table.stock_count} cards, not {len(stock)}", node)
        table.stock = list(reversed(stock))  # pop() takes the top

    def setup_bonus(self, turn: Turn) -> None:
        """A dealt Bonus card laid before the up card is turned, and its replacement."""
        self.check_player(turn.player, turn)
        owed = 0
        for action in turn.actions:
            if isinstance(action, LayBonus):
                self.paths["bonus-dealt"] += 1
                self.lay_bonus(turn.player, action, from_pile=0)
                owed += len(action.cards)
            elif isinstance(action, Draw):
                if len(action.cards) > owed:
                    raise Illegal(
                        "bonus-replacement",
                        f"{turn.player} draws {len(action.cards)} replacement cards for {owed} Bonus card{'s' * (owed != 1)} laid",
                        action,
                    )
                for card in action.cards:
                    self.table.take_from_stock(card, action)
                    self.table.hands[turn.player][card] += 1
                owed -= len(action.cards)
            else:
                raise Illegal(
                    "draw-first",
                    "before the up card is turned, players only lay dealt Bonus cards and draw their replacements",
                    action,
                )
        if owed:
            raise Illegal("bonus-replacement", f"{turn.player} must draw a replacement for each Bonus card laid", turn)

    def turn_up(self, record: HandRecord) -> None:
        up = record.up
        assert up is not None  # the reader guarantees a deal is followed by an up card before play
        table, config = self.table, self.config
        for i, card in enumerate(up.cards):
            table.take_from_stock(card, up)
            table.pile.append(card)
            last = i == len(up.cards) - 1
            covered = card in C.WILDS or card == C.BONUS or card in (C.STOP, C.CALIENTE)
            if last and covered:
                raise Illegal(
                    "up-card",
                    f"{C.describe(card)} was turned up: it is set aside and the next card of the stock turned, until a natural card is on top",
                    up,
                )
            if not last and not covered:
                raise Illegal(
                    "up-card",
                    f"{C.describe(card)} is a natural card: the turning stops there, so the up card line cannot go on after it",
                    up,
                )
            if card in C.WILDS or card == C.BONUS or (card in (C.STOP, C.CALIENTE) and config.stop_up_card_freezes):
                table.frozen = True
            if not last:
                self.paths["up-card-covered"] += 1

    # --- a stated position --------------------------------------------------------------------

    def set_up_position(self) -> None:
        position = self.record.position
        assert position is not None
        self.paths["position"] += 1
        table, config = self.table, self.config
        held: set[str] = set()
        for holding in position.holdings:
            if holding.player not in self.active:
                code = "sitting-out" if holding.player in self.sitting_out else "unknown-player"
                raise Illegal(code, f"{holding.player} is not playing this hand", holding)
            held.add(holding.player)
            for card in holding.cards:
                table.claim(card, holding, "position")
                table.hands[holding.player][card] += 1
        missing = [p for p in self.active if p not in held]
        if missing:
            raise Illegal(
                "position",
                f"the position must give every player's hand (`hold NAME cards`); missing: {', '.join(missing)}",
                position,
            )
        for line in position.tables:
            side = table.sides.get(line.side)
            if side is None:
                raise Illegal(
                    "position", f"{line.side} is not a side of this game (sides: {', '.join(table.sides)})", line
                )
            for spec in line.melds:
                cards = list(spec.cards)
                problem = meld_problem(cards, config, new=True)
                if problem:
                    raise Illegal("position", f"the position's meld is not legal: {problem[1]}", spec)
                for card in cards:
                    table.claim(card, spec, "position")
                rank = meld_rank(cards)
                existing = side.meld_of(rank)
                if existing and config.merge_same_rank:
                    raise Illegal(
                        "position", f"{line.side} has two melds of {rank}s; a side has one meld per rank", spec
                    )
                side.melds.append(MeldState(rank, cards))
            for card in line.laid:
                if card not in (C.BONUS, C.CALIENTE):
                    raise Illegal(
                        "position",
                        f"only Bonus and Caliente cards are laid beside the melds, not {C.describe(card)}",
                        line,
                    )
                table.claim(card, line, "position")
                side.laid.append(card)
        if position.pile is not None:
            for card in position.pile.cards:
                table.claim(card, position.pile, "position")
                table.pile.append(card)
            table.frozen = any(c in C.WILDS or c == C.BONUS for c in table.pile)
        stock = position.stock
        unseen = sum(table.pool.values())
        if stock is None or (stock.count is None and stock.cards is None):
            table.stock_count = unseen
        elif stock.count is not None:
            if stock.count != unseen:
                raise Illegal(
                    "position",
                    f"the position accounts for {C.PACK_SIZE * config.packs + config.caliente_cards - unseen} cards, "
                    f"which leaves {unseen} for the stock, not {stock.count}",
                    stock,
                )
            table.stock_count = stock.count
        else:
            table.stock_count = unseen
            self.set_stock(list(stock.cards or ()), stock)
        if position.melded is not None:
            table.melded_players = set(position.melded.players)
        else:  # unknown: count everyone whose side has melds as having melded (no concealed bonus)
            table.melded_players = {p for s in table.sides.values() if s.has_melded for p in s.players}
        if position.to_play is None:
            raise Illegal("position", "the position must say whose turn it is (`turn NAME`)", position)
        self.check_player(position.to_play.player, position.to_play)

    # --- play ---------------------------------------------------------------------------------

    def check_player(self, player: str, node: Node) -> None:
        if player not in self.config.seating.seats:
            raise Illegal(
                "unknown-player", f"{player} is not seated at this table ({' '.join(self.config.seating.seats)})", node
            )
        if player in self.sitting_out:
            raise Illegal("sitting-out", f"{player} sits out this hand and may not play", node)

    def play(self) -> None:
        record = self.record
        if record.position is not None and record.position.to_play is not None:
            expected = record.position.to_play.player
        else:
            expected = self.next_player_after_dealer()
        for turn in record.turns:
            self.turn_number += 1
            if self.outcome.ended:
                self.turn = None
                raise Illegal("hand-over", "the hand is already over: nothing more is played in it", turn)
            if turn.player != expected:  # the expected player is seated and plays this hand
                self.check_player(turn.player, turn)
                how = "play passes to the left"
                if self.sitting_out:
                    how = f"with {' and '.join(sorted(self.sitting_out))} sitting out, the order of play is {' '.join(self.active)}"
                raise Illegal("turn-order", f"it is {expected}'s turn, not {turn.player}'s: {how}", turn)
            self.play_turn(turn)
            if self.observer is not None:
                self.observe(self.turn_number)
            expected = self.following[expected]

    def next_player_after_dealer(self) -> str:
        """The dealer's left-hand neighbour at this hand's table; a dealer who sits out the hand
        deals from their own seat, and the first seat to their left that plays starts."""
        dealer = self.record.start.dealer
        if dealer in self.active:
            return self.following[dealer]
        seats = self.config.seating.seats
        i = seats.index(dealer)
        for step in range(1, len(seats) + 1):
            candidate = seats[(i + step) % len(seats)]
            if candidate not in self.sitting_out:
                return candidate
        return seats[0]

    def play_turn(self, turn: Turn) -> None:
        table = self.table
        side = table.side_of[turn.player]
        melded_before = turn.player in table.melded_players
        state = TurnState(  # by position: made every turn, and keywords cost a good part of the call
            turn.player,
            side,
            self.turn_number,
            table.hands[turn.player],
            bool(side.melds),
            melded_before,
            0 if melded_before else side.canastas(self.config),
        )
        self.turn = state
        outcome, handlers = self.outcome, self.HANDLERS
        for action in turn.actions:
            if outcome.ended:
                raise Illegal(
                    "last-bonus" if state.last_bonus else "hand-over",
                    "the hand ended with the previous action: nothing more is played",
                    action,
                )
            if state.discarded and type(action) is not GoOut:
                raise Illegal("discard", "the discard ends the turn: nothing may follow it", action)
            handlers[type(action)](self, state, action)
        self.end_turn(state, turn)

    def remove_one(self, state: TurnState, card: str, node: Node) -> None:
        if state.hand[card] < 1:
            raise Illegal("card-not-held", f"{state.player} plays {C.describe(card)} but holds none", node)
        state.hand[card] -= 1

    def remove(self, state: TurnState, cards: list[str] | tuple[str, ...], node: Node) -> None:
        if len(cards) == 1:  # the common case: no Counter to build
            self.remove_one(state, cards[0], node)
            return
        hand = state.hand
        needed = Counter(cards)
        for card, n in needed.items():
            if hand[card] < n:
                have = hand[card]
                raise Illegal(
                    "card-not-held", f"{state.player} plays {n} {C.describe(card)} but holds {have or 'none'}", node
                )
        hand.subtract(needed)

    def require_drawn(self, state: TurnState, node: Node, what: str) -> None:
        if not state.drawn:
            raise Illegal("draw-first", f"{state.player} must draw or take the Prize pile before {what}", node)
        if state.replacements_owed:
            raise Illegal(
                "bonus-replacement", f"{state.player} must first draw the replacement for the Bonus card laid", node
            )
        if state.refill_owed:
            raise Illegal(
                "caliente-refill",
                f"{state.player} must first draw up to {self.config.caliente_refill} cards after playing the Caliente "
                f"card: {state.refill_owed} more",
                node,
            )

    # draw, refill and replacement
    def draw(self, state: TurnState, action: Draw) -> None:
        table, config = self.table, self.config
        cards = action.cards
        if state.replacements_owed:
            expected = min(state.replacements_owed, table.stock_count)
            if len(cards) != expected:
                raise Illegal(
                    "bonus-replacement",
                    f"{state.player} owes {expected} replacement card{'s' * (expected != 1)} for the Bonus cards laid, and draws {len(cards)}",
                    action,
                )
            state.replacements_owed -= len(cards)
        elif state.refill_owed:
            expected = state.refill_owed
            if len(cards) != expected:
                raise Illegal(
                    "caliente-refill",
                    f"after a Caliente card {state.player} draws up to {config.caliente_refill} cards: "
                    f"{expected} card{'s' * (expected != 1)}, not {len(cards)}",
                    action,
                )
            state.refill_owed = 0
            self.paths["caliente-refill"] += 1
            if len(cards) == table.stock_count:
                self.paths["draw-last-card"] += 1
        elif state.caliente_played:
            raise Illegal(
                "caliente-refill",
                f"after a Caliente card {state.player} draws only up to {config.caliente_refill} cards, and no more",
                action,
            )
        elif state.drawn:
            raise Illegal("draw-count", f"{state.player} has already drawn this turn", action)
        else:
            if table.stock_count == 0:
                raise Illegal("stock-empty", "the stock is exhausted: the player must take the up card or pass", action)
            expected = min(config.draw_count, table.stock_count)
            if len(cards) != expected:
                raise Illegal(
                    "draw-count",
                    f"a player draws {expected} card{'s' * (expected != 1)} from the stock, not {len(cards)}",
                    action,
                )
            state.drawn = True
            self.paths[f"draw-{len(cards)}"] += 1
            if len(cards) == table.stock_count:
                self.paths["draw-last-card"] += 1
        hand = state.hand
        for card in cards:
            table.take_from_stock(card, action)
            hand[card] += 1
        if table.stock_count == 0 and cards and cards[-1] == C.BONUS:
            state.last_bonus = True

    def play_caliente(self, state: TurnState, action: PlayCaliente) -> None:
        table, config = self.table, self.config
        if state.drawn or state.caliente_played:
            what = (
                "a second Caliente card in one turn"
                if state.caliente_played
                else "a Caliente card after taking the Prize pile"
                if state.took_pile
                else "a Caliente card after drawing"
            )
            raise Illegal(
                "caliente-card", f"{state.player} may not play {what}: it is played instead of drawing", action
            )
        if state.replacements_owed:
            raise Illegal(
                "bonus-replacement", f"{state.player} must first draw the replacement for the Bonus card laid", action
            )
        if table.stock_count == 0:
            raise Illegal(
                "caliente-card",
                "the stock is exhausted, so there is nothing to draw up from: the player takes the up card or passes",
                action,
            )
        own = len(state.side.melds)
        for other in table.sides.values():
            if other is not state.side and own > len(other.melds):
                raise Illegal(
                    "caliente-card",
                    f"{state.side.name} has melded {own} set{'s' * (own != 1)}, more than {other.name}'s "
                    f"{len(other.melds)}: a Caliente card may only be played by a side that has not melded more sets "
                    "than an opponent",
                    action,
                )
        self.remove(state, [C.CALIENTE], action)
        state.side.laid.append(C.CALIENTE)
        state.drawn = state.caliente_played = True
        held = state.hand.total()
        state.refill_owed = max(0, min(config.caliente_refill - held, table.stock_count))
        self.paths["caliente-card"] += 1
        if not state.refill_owed:
            self.paths["caliente-no-refill"] += 1

    # the Prize pile
    def take(self, state: TurnState, action: Take) -> None:
        try:
            self.take_pile(state, action)
        except Illegal as illegal:
            if illegal.code.startswith("take-") and illegal.remedy is None:
                illegal.remedy = (
                    f"the Prize pile is restored and {state.side.name} loses {self.config.wrong_take_penalty} points"
                )
            raise

    def take_pile(self, state: TurnState, action: Take) -> None:
        table, config = self.table, self.config
        if state.caliente_played:
            raise Illegal(
                "caliente-card",
                f"{state.player} played a Caliente card, which takes the place of drawing or taking the Prize pile",
                action,
            )
        if state.drawn:
            raise Illegal(
                "draw-count",
                f"{state.player} has already drawn this turn: the Prize pile is taken instead of drawing",
                action,
            )
        if not table.pile:
            raise Illegal("take-up-card", "the Prize pile is empty", action)
        top = table.pile[-1]
        if top in (C.STOP, C.CALIENTE) or top in C.WILDS:
            raise Illegal(
                "take-blocked", f"{C.describe(top)} is on top of the Prize pile: nobody may take it now", action
            )
        if top != action.card:
            raise Illegal("take-up-card", f"the up card is {top}, not {action.card}", action)
        side = state.side
        own = list(action.with_cards or ())
        naturals_from_hand = sum(1 for c in own if c == top)
        frozen = table.frozen or config.always_frozen
        if action.onto is not None:
            if not side.has_melded:
                raise Illegal(
                    "take-initial",
                    f"before {side.name}'s first meld the up card must be melded with two naturals of its rank from hand",
                    action,
                )
            if table.frozen and not config.always_frozen:  # the variation has its own rule for melds
                raise Illegal(
                    "take-frozen",
                    f"the Prize pile is frozen: the up card {top} can only be taken with two natural {top}s from hand, not added to a meld",
                    action,
                )
            meld = self.resolve(side, action.onto, action)
            if meld.rank != top:
                raise Illegal("take-up-card", f"the up card {top} cannot go onto {side.name}'s {meld.rank}s", action)
            if config.always_frozen and len(meld.cards) >= config.canasta_size:
                raise Illegal(
                    "take-always-frozen",
                    f"the up card may only go onto a meld of six cards or fewer; {side.name}'s {meld.rank}s has {len(meld.cards)}",
                    action,
                )
            problem = meld_problem([*meld.cards, top], config, new=False)
            if problem:
                raise Illegal(problem[0], problem[1], action)
            table.pile.pop()
            meld.cards.append(top)
            self.paths["take-onto-meld"] += 1
        else:
            self.remove(state, own, action)
            cards = [top, *own]
            if not side.has_melded and naturals_from_hand < 2:
                raise Illegal(
                    "take-initial",
                    f"before {side.name}'s first meld the up card {top} must be melded with at least two natural {top}s from hand; [{C.show(cards)}] has {naturals_from_hand}",
                    action,
                )
            if frozen and (naturals_from_hand < 2 or len(own) != naturals_from_hand):
                code = "take-always-frozen" if config.always_frozen and not table.frozen else "take-frozen"
                raise Illegal(
                    code,
                    f"the Prize pile is frozen: the up card {top} can only be taken with two natural {top}s from hand, without wilds; [{C.show(cards)}] does not qualify",
                    action,
                )
            if len(own) < 2:
                raise Illegal(
                    "take-unfrozen",
                    f"the up card {top} is taken with two cards of its rank from hand (one may be wild), or onto {side.name}'s meld of {top}s",
                    action,
                )
            problem = meld_problem(cards, config, new=True)
            if problem:
                raise Illegal(problem[0], problem[1], action)
            table.pile.pop()
            self.place_meld(state, cards, action)
            kind = (
                "initial"
                if not side.has_melded or not state.side_melded_at_start
                else "frozen"
                if frozen
                else "unfrozen"
            )
            self.paths[f"take-{kind}" + ("-with-wild" if naturals_from_hand < len(own) else "")] += 1
        state.drawn = state.took_pile = True
        first_value = C.points([top, *own]) if action.onto is None else 0
        for spec in action.also:
            self.remove(state, list(spec.cards), spec)
            problem = meld_problem(list(spec.cards), config, new=True)
            if problem:
                raise Illegal(problem[0], problem[1], spec)
            self.place_meld(state, list(spec.cards), spec)
            first_value += C.points(spec.cards)
        state.melded = True
        table.melded_players.add(state.player)
        if not state.side_melded_at_start:
            minimum = self.minimum(side)
            if first_value < minimum:
                raise Illegal(
                    "first-meld-minimum",
                    f"{side.name}'s first meld must be worth {minimum} points; the up card with the cards from hand make {first_value} "
                    "(the rest of the Prize pile does not count)",
                    action,
                    remedy=self.minimum_remedy(),
                )
        # the rest of the pile goes to the taker's hand; Bonus cards in it are laid without replacement
        pile_bonus = table.pile.count(C.BONUS)
        for card in table.pile:
            state.hand[card] += 1
        table.pile.clear()
        table.frozen = False
        state.pile_bonus += pile_bonus
        if table.stock_count == 0:
            self.paths["take-exhausted-stock"] += 1

    def minimum(self, side: SideState) -> int:
        return self.config.first_meld_minimum(self.table.totals_before.get(side.name, 0))

    def minimum_remedy(self) -> str:
        return (
            f"the player may add cards this turn to reach the minimum; otherwise the cards go back to hand and the side's "
            f"minimum rises by {self.config.failed_minimum_raise} for the rest of the hand"
        )

    # melds
    def resolve(self, side: SideState, ref: MeldRef, node: Node) -> MeldState:
        if ref.high is not None or ref.index != 1:
            raise Illegal(
                "meld-unknown", f"{ref} names no meld: {side.name} keeps one meld per rank, named by its rank", node
            )
        meld = side.meld_of(ref.rank)
        if meld is None:
            raise Illegal("meld-unknown", f"{side.name} has no meld of {ref.rank}s on the table", node)
        return meld

    def place_meld(self, state: TurnState, cards: list[str], node: Node) -> None:
        side = state.side
        rank = meld_rank(cards)
        if rank == C.STOP:
            state.stops_melded = True
            self.paths["stop-meld"] += 1
        existing = side.meld_of(rank) if self.config.merge_same_rank else None
        if existing is not None:
            merged = [*existing.cards, *cards]
            problem = meld_problem(merged, self.config, new=False)
            if problem:
                raise Illegal(problem[0], f"merged with {side.name}'s {rank}s, {problem[1]}", node)
            existing.cards.extend(cards)
            self.paths["meld-merged"] += 1
        else:
            side.melds.append(MeldState(rank, list(cards)))

    def meld(self, state: TurnState, action: Meld) -> None:
        self.require_drawn(state, action, "melding")
        for spec in action.melds:
            cards = list(spec.cards)
            self.remove(state, cards, spec)
            problem = meld_problem(cards, self.config, new=True)
            if problem:
                raise Illegal(problem[0], problem[1], spec)
            self.place_meld(state, cards, spec)
            self.count_melded(state, cards, spec)

    def add(self, state: TurnState, action: Add) -> None:
        self.require_drawn(state, action, "adding to a meld")
        meld = self.resolve(state.side, action.target, action)
        cards = list(action.cards)
        stray = [c for c in cards if not (c == meld.rank or C.is_wild(c))]
        if stray or (meld.rank == C.STOP and any(C.is_wild(c) for c in cards)):
            raise Illegal("meld-rank", f"[{C.show(cards)}] cannot be added to the {meld.rank}s", action)
        self.remove(state, cards, action)
        problem = meld_problem([*meld.cards, *cards], self.config, new=False)
        if problem:
            raise Illegal(problem[0], problem[1], action)
        meld.cards.extend(cards)
        self.paths["add"] += 1
        self.count_melded(state, cards, action)

    def count_melded(self, state: TurnState, cards: list[str], node: Node) -> None:
        state.melded = True
        self.table.melded_players.add(state.player)
        if not state.side_melded_at_start and not state.took_pile:
            state.first_meld_value += C.points(cards)
            state.first_meld_node = state.first_meld_node or node

    # Bonus cards
    def bonus(self, state: TurnState, action: LayBonus) -> None:
        if self.table.stock_count == 0 and state.last_bonus:
            self.lay_bonus(state.player, action, from_pile=len(action.cards))
            self.outcome.ended = True
            self.paths["bonus-drawn-last"] += 1
            return
        self.paths["bonus-laid"] += 1
        replaced = self.lay_bonus(state.player, action, from_pile=state.pile_bonus)
        state.pile_bonus -= len(action.cards) - replaced
        # a replacement comes from the stock: with the stock drawn out there is none to take
        owed = state.replacements_owed + replaced
        state.replacements_owed = min(owed, self.table.stock_count)
        if owed > state.replacements_owed:
            self.paths["bonus-laid-no-replacement-left"] += 1

    def lay_bonus(self, player: str, action: LayBonus, from_pile: int) -> int:
        """Lay Bonus cards from a hand; returns how many need a replacement."""
        if any(c != C.BONUS for c in action.cards):
            raise Illegal(
                "bonus-replacement", f"only Bonus cards are laid with `bonus`, not {C.show(action.cards)}", action
            )
        hand = self.table.hands[player]
        if hand[C.BONUS] < len(action.cards):
            raise Illegal(
                "card-not-held",
                f"{player} lays {len(action.cards)} Bonus card{'s' * (len(action.cards) > 1)} but holds {hand[C.BONUS] or 'none'}",
                action,
            )
        hand[C.BONUS] -= len(action.cards)
        self.table.side_of[player].laid.extend(action.cards)
        return max(0, len(action.cards) - from_pile)

    # the end of the turn
    def discard(self, state: TurnState, action: Discard) -> None:
        self.require_drawn(state, action, "discarding")
        if action.card == C.BONUS:
            raise Illegal("bonus-discard", "a Bonus card may never be discarded: it is laid beside the melds", action)
        card = action.card
        self.remove_one(state, card, action)
        self.table.pile.append(card)
        if card in C.WILDS:
            self.table.frozen = True
        self.paths["discard-" + _DISCARD_KIND[card]] += 1
        state.discarded = True

    def ask(self, state: TurnState, action: Ask) -> None:
        partners = [p for p in state.side.players if p != state.player and p in self.active]
        if not partners:
            raise Illegal("ask", f"{state.player} has no partner to ask", action)
        if state.melded or state.discarded:
            raise Illegal("ask", "a player asks to go out before melding", action)
        state.asked = action.answer
        self.paths["ask-yes" if action.answer else "ask-no"] += 1

    def pass_(self, state: TurnState, action: Pass) -> None:
        table = self.table
        if state.drawn:
            raise Illegal("pass", "a player passes instead of drawing, not after", action)
        if table.stock_count > 0:
            raise Illegal(
                "pass",
                f"the stock still has {table.stock_count} cards: a player may pass only when it is exhausted",
                action,
            )
        top = table.pile[-1] if table.pile else None
        frozen = table.frozen or self.config.always_frozen
        meld = state.side.meld_of(top) if top and C.is_natural(top) and not frozen else None
        if meld is not None and self.could_finish_after_taking(state, meld):
            raise Illegal(
                "forced-take",
                f"the stock is exhausted and the unfrozen up card {top} fits {state.side.name}'s meld: {state.player} must take it",
                action,
            )
        state.drawn = True
        self.outcome.ended = True
        self.paths["pass"] += 1
        if top in (C.STOP, C.CALIENTE) or top in C.WILDS:
            self.paths["pass-blocked"] += 1

    def could_finish_after_taking(self, state: TurnState, meld: MeldState) -> bool:
        """Whether a player who took the up card onto `meld` could still end the turn legally:
        discard and keep a card, or go out with the canastas the side needs. A take the player
        could not finish is not forced."""
        config = self.config
        held = state.hand.total() + len(self.table.pile) - 1
        canastas = state.side.canastas(config) + (len(meld.cards) + 1 == config.canasta_size)
        return held >= 2 or canastas >= config.canastas_to_go_out

    def go_out(self, state: TurnState, action: GoOut) -> None:
        left = state.hand.total()
        if left:
            raise Illegal(
                "out-marker",
                f"`out` says {state.player} has gone out, but {left} card{'s' * (left > 1)} are still in hand",
                action,
            )

    def pick_up_foot(self, state: TurnState, action: PickUpFoot) -> None:
        raise Illegal("draw-first", "there is no Foot in this rule set: `foot` is a Hand & Foot action", action)

    # Each action's handler, by the action's record type.
    HANDLERS: ClassVar[dict[type, Callable[[HandReplay, TurnState, Any], None]]] = {
        Draw: draw,
        Take: take,
        Meld: meld,
        Add: add,
        Discard: discard,
        LayBonus: bonus,
        PlayCaliente: play_caliente,
        Ask: ask,
        Pass: pass_,
        GoOut: go_out,
        PickUpFoot: pick_up_foot,
    }

    def end_turn(self, state: TurnState, turn: Turn) -> None:
        if self.outcome.ended:  # a pass, or a Bonus drawn last
            return
        if state.last_bonus:
            raise Illegal(
                "last-bonus",
                f"{state.player} drew a Bonus card as the last card of the stock: it is laid and the hand ends",
                turn,
            )
        if not state.drawn:
            raise Illegal("draw-first", f"{state.player}'s turn must begin by drawing or taking the Prize pile", turn)
        if state.replacements_owed:
            raise Illegal(
                "bonus-replacement", f"{state.player} laid a Bonus card without drawing its replacement", turn
            )
        if state.refill_owed:
            raise Illegal(
                "caliente-refill",
                f"{state.player} played a Caliente card without drawing up to {self.config.caliente_refill} cards "
                f"({state.refill_owed} to draw)",
                turn,
            )
        side = state.side
        empty = not any(state.hand.values())  # counts never go below zero: remove() checks first
        waived = empty and self.config.concealed_waives_minimum and not state.player_melded_before
        if not state.side_melded_at_start and state.first_meld_value and not state.took_pile and not waived:
            minimum = self.minimum(side)
            if state.first_meld_value < minimum:
                raise Illegal(
                    "first-meld-minimum",
                    f"{side.name}'s first meld must be worth {minimum} points; this turn melds {state.first_meld_value}",
                    state.first_meld_node,
                    remedy=self.minimum_remedy(),
                )
        if not empty and not state.discarded:
            raise Illegal("discard", f"{state.player} must end the turn by discarding one card", turn)
        if state.stops_melded and not empty:
            raise Illegal("stop-meld", "Stop cards may be melded only by a player going out", turn)
        if empty:
            self.check_going_out(state, turn)
        elif state.asked:
            raise Illegal(
                "go-out-permission",
                f"{state.player} asked to go out, was told yes, and did not go out",
                turn,
                remedy=f"{side.name} loses {self.config.permission_penalty} points",
            )

    def check_going_out(self, state: TurnState, turn: Turn) -> None:
        side, config = state.side, self.config
        if side.canastas(config) < config.canastas_to_go_out:
            need = config.canastas_to_go_out
            raise Illegal(
                "go-out-canasta",
                f"{state.player} has no cards left, but {side.name} has {side.canastas(config)} canasta{'s' * (side.canastas(config) != 1)} "
                f"and needs {need} to go out: without {'them' if need > 1 else 'it'} a player keeps a card after discarding",
                turn,
            )
        if state.asked is False:
            raise Illegal(
                "go-out-permission",
                f"{state.player} asked to go out, was told no, and went out anyway",
                turn,
                remedy=f"{side.name} loses {config.permission_penalty} points",
            )
        # concealed: the whole hand melded in this one turn, a canasta among it, nothing melded before
        concealed = (
            not state.player_melded_before
            and side.canastas(config) > state.canastas_at_start
            and (config.concealed_allows_discard or not state.discarded)
        )
        self.outcome.ended = True
        self.outcome.went_out = state.player
        self.outcome.concealed = concealed
        self.paths["go-out-" + ("concealed" if concealed else "discarding" if state.discarded else "melding-all")] += 1

    def end_of_hand_warnings(self) -> None:
        for player, hand in self.table.hands.items():
            if hand[C.CALIENTE] > 0:
                self.paths["caliente-left-in-hand"] += 1
                held = hand[C.CALIENTE]
                factor = "double" if held == 1 else "triple"
                self.finding(
                    "caliente-in-hand",
                    f"{player} ends the hand holding {held} Caliente card{'s' * (held > 1)}: the cards left in that "
                    f"hand count {factor}",
                    self.record.turns[-1] if self.record.turns else None,
                    severity=Severity.WARNING,
                    player=player,
                )
            if hand[C.BONUS] > 0:
                self.paths["bonus-left-in-hand"] += 1
                self.finding(
                    "bonus-in-hand",
                    f"{player} ends the hand holding {hand[C.BONUS]} Bonus card{'s' * (hand[C.BONUS] > 1)}, "
                    f"which costs {self.config.bonus_in_hand_penalty} points each",
                    self.record.turns[-1] if self.record.turns else None,
                    severity=Severity.WARNING,
                    player=player,
                )

    def scores(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name, side in self.table.sides.items():
            went_out = self.outcome.went_out in side.players
            out[name] = score_side(
                side, self.table.hands, self.config, went_out=went_out, concealed=went_out and self.outcome.concealed
            )
        return out


# --- the game -------------------------------------------------------------------------------


def seating_from_tags(
    game: Game, ruleset: RuleSet, options: Mapping[str, OptionValue]
) -> tuple[Seating | None, Finding | None]:
    seats_tag = game.find_tag("seats")
    teams_tag = game.find_tag("teams")
    rule = ruleset.rule("seating")

    def problem(message: str, node: Node | None) -> tuple[None, Finding]:
        return None, Finding(
            line=node.line if node else game.line,
            column=1,
            code="seating",
            rule=rule.cite(),
            severity=Severity.ERROR,
            message=message,
        )

    if seats_tag is None:
        return problem(
            'the record must name the players in playing order: [Seats "ann bob cid dee"]',
            game.tags[0] if game.tags else None,
        )
    seats = tuple(seats_tag.value.split())
    if len(set(seats)) != len(seats):
        return problem("a player is named twice in the Seats tag", seats_tag)
    if len(seats) not in ruleset.seat_counts:
        return problem(
            f"{ruleset.title} is played by {', '.join(map(str, ruleset.seat_counts))} players, not {len(seats)}",
            seats_tag,
        )
    if teams_tag is not None:
        sides = tuple(tuple(team.split("+")) for team in teams_tag.value.split())
    elif len(seats) == 4:
        sides = ((seats[0], seats[2]), (seats[1], seats[3]))
    elif len(seats) in (2, 3):
        sides = tuple((p,) for p in seats)
    else:
        return problem(
            f'with {len(seats)} players the record must give the teams: [Teams "ann+cid+eve bob+dee"]', seats_tag
        )
    named = [p for side in sides for p in side]
    if sorted(named) != sorted(seats):
        return problem("every seated player must be on exactly one team", teams_tag)
    seating = Seating(seats, sides)
    message = ruleset.seating_problem(seating, options)
    if message:
        return problem(message, teams_tag or seats_tag)
    return seating, None


def judge_game(
    game: Game,
    ruleset: RuleSet,
    options: Mapping[str, OptionValue],
    ruling: GameRuling,
    observer: Observer | None = None,
) -> None:
    """Replay `game` under `ruleset`, adding findings, hand results, totals and the winner.
    `observer`, if given, sees the table as each hand starts (turn 0) and after each turn."""
    seating, problem = seating_from_tags(game, ruleset, options)
    if seating is None:
        assert problem is not None
        ruling.findings.append(problem)
        return
    config = ruleset.configure(seating, options)
    sides = [Seating.side_name(s) for s in seating.sides]
    totals = dict.fromkeys(sides, 0)
    previous: HandRecord | None = None
    game_over_at: int | None = None
    paths: Counter[str] = Counter()
    for record in game.hands:
        if game_over_at is not None:
            ruling.findings.append(
                _finding(
                    ruleset,
                    "game-over",
                    record.start,
                    f"the game ended after hand {game_over_at}, when a side reached {config.target}",
                    record.number,
                )
            )
            break
        _check_hand_sequence(ruleset, config, record, previous, ruling)
        if record.totals_before is not None:
            stated = _points(record.totals_before, sides)
            if previous is None:
                totals.update(stated)
            else:
                _compare(
                    ruleset,
                    "total-mismatch",
                    record.totals_before,
                    stated,
                    totals,
                    "totals before the hand",
                    record.number,
                    ruling,
                )
        replay = HandReplay(config, ruleset, record, totals, observer, paths)
        outcome = replay.run()
        ruling.findings.extend(replay.findings)
        judged = not any(f.is_error for f in replay.findings)
        declared = _declared(record, "score", sides)
        result = HandResult(
            number=record.number, line=record.line, scores=None, declared=declared, judged=judged, ended=outcome.ended
        )
        if judged and outcome.ended:
            breakdown = replay.scores()
            scores = {name: score.points for name, score in breakdown.items()}
            result.scores = scores
            for name in sides:
                totals[name] += scores[name]
            for line in (p for p in record.declared if p.kind == "score"):
                _compare(
                    ruleset,
                    "score-mismatch",
                    line,
                    _points(line, sides),
                    scores,
                    f"hand {record.number}",
                    record.number,
                    ruling,
                    breakdown,
                )
        elif declared:
            for name in sides:  # carry on from the declared score of a hand that could not be judged
                totals[name] += declared.get(name, 0)
            if judged and not outcome.ended:
                line = next(p for p in record.declared if p.kind == "score")
                ruling.findings.append(
                    _finding(
                        ruleset,
                        "score-mismatch",
                        line,
                        f"hand {record.number} has not ended in the record, so it has no score yet",
                        record.number,
                    )
                )
        for line in (p for p in record.declared if p.kind == "total"):
            if judged and outcome.ended:
                _compare(
                    ruleset,
                    "total-mismatch",
                    line,
                    _points(line, sides),
                    totals,
                    f"running totals after hand {record.number}",
                    record.number,
                    ruling,
                )
        result.totals = dict(totals)
        ruling.hands.append(result)
        if outcome.ended and any(v >= config.target for v in totals.values()):
            game_over_at = record.number
        previous = record
    ruling.totals = totals
    if game_over_at is not None:
        best = max(totals.values())
        leaders = [s for s, v in totals.items() if v == best]
        ruling.winner = leaders[0] if len(leaders) == 1 else None
    _check_result(ruleset, game, ruling, game_over_at is not None)
    ruling.coverage.update({f"path:{path}": n for path, n in paths.items()})
    ruling.coverage.update(f"code:{finding.code}" for finding in ruling.findings)


def _check_hand_sequence(
    ruleset: RuleSet, config: Config, record: HandRecord, previous: HandRecord | None, ruling: GameRuling
) -> None:
    if previous is None:
        return
    if record.number != previous.number + 1:
        ruling.findings.append(
            _finding(
                ruleset,
                "hand-number",
                record.start,
                f"hand {record.number} follows hand {previous.number}; hands are numbered in order",
                record.number,
            )
        )
    seats = config.seating.seats
    if previous.start.dealer in seats and record.start.dealer in seats:
        expected = seats[(seats.index(previous.start.dealer) + 1) % len(seats)]
        if record.start.dealer != expected:
            ruling.findings.append(
                _finding(
                    ruleset,
                    "dealer-order",
                    record.start,
                    f"the deal passes to the left: {expected} deals hand {record.number}, not {record.start.dealer}",
                    record.number,
                )
            )


def _check_result(ruleset: RuleSet, game: Game, ruling: GameRuling, over: bool) -> None:
    tag = game.find_tag("result")
    if tag is None or tag.value.strip() in ("", "*"):
        return
    declared = tag.value.strip()
    if not over:
        message = f"the result names {declared}, but the game is not over: no side has reached the target score"
    elif declared != (ruling.winner or "tie"):
        message = f"the result names {declared}, but the recomputed winner is {ruling.winner or 'nobody (a tie)'}"
    else:
        return
    ruling.findings.append(
        Finding(
            line=tag.line,
            column=tag.column,
            code="result-mismatch",
            rule=ruleset.rule("result-mismatch").cite(),
            severity=Severity.ERROR,
            message=message,
        )
    )


def _finding(
    ruleset: RuleSet, code: str, node: Node, message: str, hand: int | None = None, remedy: str | None = None
) -> Finding:
    return Finding(
        line=node.line,
        column=node.column or 1,
        code=code,
        rule=ruleset.rule(code).cite(),
        severity=Severity.ERROR,
        message=message,
        remedy=remedy,
        hand=hand,
    )


def _side(name: str, sides: Collection[str]) -> str:
    """A side as written, named as in the Teams tag: `cid+ann` is the side `ann+cid`."""
    if name in sides:
        return name
    players = set(name.split("+"))
    return next((side for side in sides if set(side.split("+")) == players), name)


def _points(line: Points, sides: Collection[str]) -> dict[str, int]:
    return {_side(entry.side, sides): entry.points for entry in line.entries}


def _declared(record: HandRecord, kind: str, sides: Collection[str]) -> dict[str, int] | None:
    lines = [p for p in record.declared if p.kind == kind]
    return _points(lines[-1], sides) if lines else None


def _compare(
    ruleset: RuleSet,
    code: str,
    line: Points,
    stated: dict[str, int],
    actual: dict[str, int],
    what: str,
    hand: int,
    ruling: GameRuling,
    breakdown: dict[str, Any] | None = None,
) -> None:
    for entry in line.entries:
        side = _side(entry.side, actual)
        if side not in actual:
            ruling.findings.append(
                _finding(
                    ruleset, code, entry, f"{entry.side} is not a side of this game (sides: {', '.join(actual)})", hand
                )
            )
        elif actual[side] != entry.points:
            detail = ""
            if breakdown and side in breakdown:
                detail = ": " + ", ".join(f"{label} {points:+d}" for label, points in breakdown[side].lines)
            ruling.findings.append(
                _finding(
                    ruleset,
                    code,
                    entry,
                    f"{what}: {entry.side} is declared {entry.points} but makes {actual[side]}{detail}",
                    hand,
                )
            )
    missing = [s for s in actual if s not in stated]
    if missing:
        ruling.findings.append(
            Finding(
                line=line.line,
                column=1,
                code=code,
                rule=ruleset.rule(code).cite(),
                severity=Severity.WARNING,
                message=f"{what}: no points are declared for {', '.join(missing)}",
                hand=hand,
            )
        )
