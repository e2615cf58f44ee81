"""One turn: what each action of a turn line does, checked before anything moves.

A handler checks every rule its action must meet, raising `Illegal` before it changes the table,
then applies the action. The draw and the discard are most of all actions: they stay short.
Handlers are plain functions of (hand context, turn state, action), found by the action's type
in HANDLERS (engine/steps.py plays a turn's actions through them).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .. import cards as C
from ..records import (
    Add,
    Ask,
    Discard,
    Draw,
    GoOut,
    LayBonus,
    Meld,
    Node,
    Pass,
    PickUpFoot,
    PlayCaliente,
    Take,
)
from ..rules.base import PileTake
from ..rulings import Adjustment
from .context import HandContext, TurnState
from .illegal import Illegal
from .melds import MeldState, meld_problem, meld_shape, resolve

# What kind of card a discard is, for the coverage report's paths.
_DISCARD_PATH = {
    card: "discard-" + {C.STOP: "stop", C.CALIENTE: "caliente"}.get(card, "wild" if C.is_wild(card) else "natural")
    for card in C.CARDS
}


# The path of a draw, by the cards drawn (a draw's count is checked first: one or two).
_DRAW_PATH = {1: "draw-1", 2: "draw-2"}


# --- the player's cards ------------------------------------------------------------------------


def check_held(
    r: HandContext, state: TurnState, cards: Sequence[str], node: Node, used: dict[str, int] | None = None
) -> None:
    """Whether the player holds `cards` (beyond the cards `used` earlier in the same action)."""
    hand = state.hand
    if len(cards) == 1:
        card = cards[0]
        if hand[card] - (used.get(card, 0) if used else 0) < 1:
            raise Illegal(
                "card-not-held",
                f"{state.player} plays {r.config.words.describe(card)} but holds none{in_foot(r, state, card)}",
                node,
            )
        return
    for card in dict.fromkeys(cards):  # each card once, in order: a Counter costs more for so few
        n = cards.count(card)
        have = hand[card] - (used.get(card, 0) if used else 0)
        if have < n:
            held = "only " + C.number(have) if have else "none"
            raise Illegal(
                "card-not-held",
                f"{state.player} melds {r.config.words.counted(n, card)} but holds {held}{in_foot(r, state, card)}",
                node,
            )


def in_foot(r: HandContext, state: TurnState, card: str) -> str:
    """Where a card missing from the hand is, when it is in the player's Foot not yet picked up."""
    foot = r.table.feet.get(state.player)
    return f" in hand: the Foot, not yet picked up, holds {card}" if foot and foot[card] else ""


def remove(state: TurnState, cards: Sequence[str]) -> None:
    """Take cards out of the player's hand (check_held has passed)."""
    hand = state.hand
    for card in cards:
        hand[card] -= 1


def require_drawn(r: HandContext, state: TurnState, node: Node, what: str) -> None:
    if not state.drawn:
        raise Illegal("draw-first", f"{state.player} must draw or take the {r.config.words.pile} before {what}", node)
    if state.last_bonus and not r.config.last_bonus_melds:
        raise Illegal(
            "last-bonus",
            f"{state.player} drew a {r.config.words.bonus} as the last card of the stock: it is laid and the hand "
            f"ends, with no {what}",
            node,
        )
    if state.replacements_owed:
        raise Illegal(
            "bonus-replacement",
            f"{state.player} must first draw the replacement for the {r.config.words.bonus} laid",
            node,
        )
    if state.refill_owed:
        raise Illegal(
            "caliente-refill",
            f"{state.player} must first draw up to {r.config.caliente_refill} cards after playing the Caliente "
            f"card: {state.refill_owed} more",
            node,
        )


# --- melds, planned then placed ----------------------------------------------------------------


class MeldPlan:
    """The melds one action lays, checked together before any is placed: each new meld is legal,
    and so is each meld it merges into (where a side keeps one meld per rank)."""

    __slots__ = ("merged", "placements", "r", "state", "used")

    def __init__(self, r: HandContext, state: TurnState) -> None:
        self.r, self.state = r, state
        self.used: dict[str, int] = {}  # cards from hand so far
        self.merged: dict[str, Sequence[str]] = {}  # rank -> the merged meld's cards (never changed in place)
        self.placements: list[tuple[str, str | None, Sequence[str]]] = []  # (rank, high, cards)

    def lay(self, cards: tuple[str, ...], node: Node, *, from_hand: Sequence[str] | None = None) -> None:
        """Plan a meld of `cards`, all from hand, or only `from_hand` (already checked as held)
        with the up card."""
        used = self.used
        if from_hand is None:
            check_held(self.r, self.state, cards, node, used)
        for card in cards if from_hand is None else from_hand:
            used[card] = used.get(card, 0) + 1
        config = self.r.config
        problem = meld_problem(cards, config, True)
        if problem:
            raise Illegal(problem[0], problem[1], node)
        rank, high = meld_shape(cards)
        if config.merge_same_rank and high is None:
            self.check_merge(rank, cards, node)
        if config.one_open_meld_per_rank and high is None:
            self.check_open(rank, cards, node)
        self.placements.append((rank, high, cards))

    def check_open(self, rank: str, cards: Sequence[str], node: Node) -> None:
        """A side starts a new meld of a rank only once its earlier one is closed (Hand & Foot)."""
        size, side = self.r.config.canasta_size, self.state.side
        laid = [m.cards for m in side.melds if m.rank == rank and m.high is None]
        laid += [c for r, h, c in self.placements if r == rank and h is None]
        if any(len(earlier) < size for earlier in laid):
            what = "a wild meld" if rank == C.LITTLE_WILD else f"a meld of {rank}s"
            raise Illegal(
                "open-meld",
                f"[{C.show(cards)}]: {side.name} already has {what} that is not closed; a new one is started only once "
                f"that one is closed at {C.number(size)} cards",
                node,
            )

    def check_merge(self, rank: str, cards: Sequence[str], node: Node) -> None:
        config, side = self.r.config, self.state.side
        existing = self.merged.get(rank)
        if existing is None:
            meld = side.meld_of(rank)
            existing = meld.cards if meld is not None else None
        if existing is None:
            self.merged[rank] = cards
            return
        merged = (*existing, *cards)
        problem = meld_problem(merged, config, False)
        if problem:
            raise Illegal(problem[0], f"merged with {side.name}'s {rank}s, {problem[1]}", node)
        self.merged[rank] = merged

    def place(self) -> None:
        """Lay the planned melds: the cards from hand leave it, each meld goes to the table."""
        state, r = self.state, self.r
        hand = state.hand
        for card, n in self.used.items():
            hand[card] -= n
        side = state.side
        for rank, high, cards in self.placements:
            if rank == C.STOP:
                state.stops_melded = True
                r.paths["stop-meld"] += 1
            existing = side.meld_of(rank) if r.config.merge_same_rank and high is None else None
            if existing is not None:
                existing.cards.extend(cards)
                r.paths["meld-merged"] += 1
            else:
                side.melds.append(MeldState(rank, list(cards), high))
                if high is not None:
                    r.paths["meld-sequence"] += 1


# --- drawing -----------------------------------------------------------------------------------


def draw(r: HandContext, state: TurnState, action: Draw) -> None:
    table, config = r.table, r.config
    cards = action.cards
    if state.replacements_owed:
        expected = min(state.replacements_owed, table.stock_count)
        if len(cards) != expected:
            raise Illegal(
                "bonus-replacement",
                f"{state.player} owes {expected} replacement card{'s' * (expected != 1)} for the {r.config.words.bonus}s laid, and draws {len(cards)}",
                action,
            )
        table.draw_from_stock(cards, action)
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
        last = len(cards) == table.stock_count
        table.draw_from_stock(cards, action)
        state.refill_owed = 0
        r.paths["caliente-refill"] += 1
        if last:
            r.paths["draw-last-card"] += 1
    elif state.caliente_played:
        raise Illegal(
            "caliente-refill",
            f"after a Caliente card {state.player} draws only up to {config.caliente_refill} cards, and no more",
            action,
        )
    elif state.unreplaced_bonus:
        raise Illegal(
            "bonus-replacement",
            f"{state.player} draws a replacement for a {config.words.bonus} that came with the first "
            f"{config.words.pile}: such a {config.words.bonus} is laid without one",
            action,
        )
    elif state.drawn:
        raise Illegal("draw-count", f"{state.player} has already drawn this turn", action)
    else:
        if table.stock_count == 0:
            then = (
                "the hand is over and the player passes"
                if config.exhausted_stock_ends_hand
                else "the player must take the up card or pass"
            )
            raise Illegal("stock-empty", f"the stock is exhausted: {then}", action)
        expected = min(config.draw_count, table.stock_count)
        if len(cards) != expected:
            raise Illegal(
                "draw-count",
                f"a player draws {expected} card{'s' * (expected != 1)} from the stock, not {len(cards)}",
                action,
            )
        state.drawn = True
        r.paths[_DRAW_PATH[len(cards)]] += 1
        if len(cards) == table.stock_count:
            r.paths["draw-last-card"] += 1
        if len(cards) == 1:  # the common case
            table.take_from_stock(cards[0], action)
        else:
            table.draw_from_stock(cards, action)
    hand = state.hand
    for card in cards:
        hand[card] += 1
    if table.stock_count == 0 and cards and cards[-1] == C.BONUS:
        state.last_bonus = True


def play_caliente(r: HandContext, state: TurnState, action: PlayCaliente) -> None:
    table, config = r.table, r.config
    if state.drawn or state.caliente_played:
        what = (
            "a second Caliente card in one turn"
            if state.caliente_played
            else f"a Caliente card after taking the {config.words.pile}"
            if state.took_pile
            else "a Caliente card after drawing"
        )
        raise Illegal("caliente-card", f"{state.player} may not play {what}: it is played instead of drawing", action)
    if state.replacements_owed:
        raise Illegal(
            "bonus-replacement",
            f"{state.player} must first draw the replacement for the {r.config.words.bonus} laid",
            action,
        )
    if table.stock_count == 0 and not r.config.caliente_on_exhausted_stock:
        raise Illegal(
            "caliente-card",
            "the stock is exhausted, so there is nothing to draw up from: the player takes the up card or passes "
            "(option caliente-on-exhausted-stock allows it)",
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
    check_held(r, state, [C.CALIENTE], action)
    state.hand[C.CALIENTE] -= 1
    state.side.laid.append(C.CALIENTE)
    state.drawn = state.caliente_played = True
    held = state.hand.total()
    state.refill_owed = max(0, min(config.caliente_refill - held, table.stock_count))
    r.paths["caliente-card"] += 1
    if not state.refill_owed:
        r.paths["caliente-no-refill"] += 1


# --- taking the pile ---------------------------------------------------------------------------


def take(r: HandContext, state: TurnState, action: Take) -> None:
    try:
        take_pile(r, state, action)
    except Illegal as illegal:
        if illegal.code.startswith("take-") and illegal.remedy is None:
            illegal.remedy = f"the {r.config.words.pile} is restored and {state.side.name} loses {r.config.wrong_take_penalty} points"
            illegal.adjustment = Adjustment(
                state.side.name, -r.config.wrong_take_penalty, f"the {r.config.words.pile} taken wrongly, and restored"
            )
        raise


def take_pile(r: HandContext, state: TurnState, action: Take) -> None:
    table, config = r.table, r.config
    pile_name = config.words.pile
    if state.caliente_played:
        raise Illegal(
            "caliente-card",
            f"{state.player} played a Caliente card, which takes the place of drawing or taking the {pile_name}",
            action,
        )
    if state.drawn:
        raise Illegal(
            "draw-count",
            f"{state.player} has already drawn this turn: the {pile_name} is taken instead of drawing",
            action,
        )
    if not table.pile:
        raise Illegal("take-up-card", f"the {pile_name} is empty", action)
    if table.stock_count == 0 and config.exhausted_stock_ends_hand:
        raise Illegal("pass", "the stock is exhausted, which ends the hand: the player passes", action)
    top = table.pile[-1]
    if top in config.blocks_pile:
        raise Illegal(
            "take-blocked", f"{config.words.describe(top)} is on top of the {pile_name}: nobody may take it now", action
        )
    if top != action.card:
        raise Illegal("take-up-card", f"the up card is {top}, not {action.card}", action)
    side = state.side
    own = list(action.with_cards or ())
    if action.onto is None:
        check_held(r, state, own, action)
    plan = MeldPlan(r, state)
    onto: list[MeldState] = []  # the meld the up card goes onto, once named

    def named_meld() -> list[str]:
        if not onto:
            onto.append(resolve_onto(r, state, action, top))
        return onto[0].cards

    take = PileTake(
        top,
        own,
        action.onto is not None,
        side.name,
        side.has_melded,
        table.frozen,
        named_meld,
        len(table.pile),
        state.hand.total(),
        table.stock_count,
    )
    problem = config.take_problem(take, config)
    if problem:
        raise Illegal(problem[0], problem[1], action)
    if action.onto is not None:
        meld = named_meld()
        problem = meld_problem((*meld, top), config, False) or config.addition_problem(meld, [top], config)
        if problem:
            raise Illegal(problem[0], problem[1], action)
        if config.merge_same_rank and not onto[0].is_sequence:  # melds laid with the take merge into it
            plan.merged[onto[0].rank] = [*meld, top]
    else:
        plan.lay((top, *own), action, from_hand=own)
    first_value = C.points([top, *own]) if action.onto is None else 0
    for spec in action.also:
        plan.lay(spec.cards, spec)
        first_value += C.points(spec.cards)
    if not state.side_melded_at_start:
        minimum = r.minimum(side)
        if first_value < minimum:  # a condition of the take, so a wrong take (see take())
            raise Illegal(
                "take-initial",
                f"before {side.name}'s first meld the pile is taken only with {minimum} points melded from hand with "
                f"the up card; the up card with the cards from hand make {first_value} (the rest of the {pile_name}, "
                "and anything melded after picking it up, does not count)",
                action,
            )
    # every check has passed: the up card is melded, the rest of the pile goes to the hand
    table.pile.pop()
    if onto:
        onto[0].extend([top])
        r.paths["take-onto-sequence" if onto[0].is_sequence else "take-onto-meld"] += 1
    else:
        naturals_from_hand = sum(1 for c in own if c == top)
        frozen = table.frozen or config.always_frozen
        kind = (
            "initial" if not side.has_melded or not state.side_melded_at_start else "frozen" if frozen else "unfrozen"
        )
        r.paths[f"take-{kind}" + ("-with-wild" if naturals_from_hand < len(own) else "")] += 1
    plan.place()
    state.drawn = state.took_pile = True
    state.melded = True
    table.melded_players.add(state.player)
    rest = len(table.pile)
    count = config.pile_cards_taken(take, rest, config)
    taken = table.pile[rest - count :]
    if count < rest:  # the rest of the pile stays, and stays as frozen as it was
        r.paths["take-up-card-only" if count == 0 else "take-top-of-pile"] += 1
    pile_bonus = taken.count(C.BONUS)  # Bonus cards in it are laid without replacement
    for card in taken:
        state.hand[card] += 1
    del table.pile[rest - count :]
    if not table.pile:
        table.frozen = False
    state.pile_bonus += pile_bonus
    if table.stock_count == 0:
        r.paths["take-exhausted-stock"] += 1


def resolve_onto(r: HandContext, state: TurnState, action: Take, top: str) -> MeldState:
    """The meld `take UP onto MELD` names: the side's, and of the up card's rank."""
    side = state.side
    assert action.onto is not None
    meld = resolve(side.melds, side.name, action.onto, r.config, action)
    if not meld.is_sequence and meld.rank != top:  # a sequence's own rule says what extends it
        raise Illegal("take-up-card", f"the up card {top} cannot go onto {side.name}'s {meld.rank}s", action)
    return meld


# --- melding -----------------------------------------------------------------------------------


def meld(r: HandContext, state: TurnState, action: Meld) -> None:
    require_drawn(r, state, action, "melding")
    plan = MeldPlan(r, state)
    melds = action.melds
    for spec in melds:
        plan.lay(spec.cards, spec)
    plan.place()
    count_melded(r, state, [card for spec in melds for card in spec.cards], melds[0])


def add(r: HandContext, state: TurnState, action: Add) -> None:
    require_drawn(r, state, action, "adding to a meld")
    config, side = r.config, state.side
    target = resolve(side.melds, side.name, action.target, config, action)
    cards = action.cards
    if target.high is None:  # a group takes its rank and wilds; a sequence's rule is the meld policy's
        rank = target.rank
        own_rank = cards.count(rank) == len(cards)  # only cards of the group's own rank: it stays legal
        if not own_rank:
            stray = [c for c in cards if c != rank and c not in C.WILDS]
            if stray or (rank == C.STOP and not C.WILDS.isdisjoint(cards)):
                raise Illegal("meld-rank", f"[{C.show(cards)}] cannot be added to the {rank}s", action)
    else:
        own_rank = False
    check_held(r, state, cards, action)
    problem = (None if own_rank else meld_problem((*target.cards, *cards), config, False)) or (
        config.addition_problem(target.cards, cards, config)
    )
    if problem:
        raise Illegal(problem[0], problem[1], action)
    remove(state, cards)
    target.extend(cards)
    r.paths["add" if target.high is None else "add-to-sequence"] += 1
    count_melded(r, state, cards, action)


def count_melded(r: HandContext, state: TurnState, cards: Sequence[str], node: Node) -> None:
    state.melded = True
    r.table.melded_players.add(state.player)
    if not state.side_melded_at_start and not state.took_pile:
        state.first_meld_value += C.points(cards)
        state.first_meld_node = state.first_meld_node or node


# --- Bonus cards -------------------------------------------------------------------------------


def bonus(r: HandContext, state: TurnState, action: LayBonus) -> None:
    table = r.table
    if table.stock_count == 0 and state.last_bonus:
        lay_bonus(r, state.player, action, from_pile=len(action.cards))
        r.outcome.ended = True
        r.paths["bonus-drawn-last"] += 1
        return
    r.paths["bonus-laid"] += 1
    replaced = lay_bonus(r, state.player, action, from_pile=state.pile_bonus)
    state.pile_bonus -= len(action.cards) - replaced
    state.unreplaced_bonus += len(action.cards) - replaced
    # a replacement comes from the stock: with the stock drawn out there is none to take
    owed = state.replacements_owed + replaced
    state.replacements_owed = min(owed, table.stock_count)
    if owed > state.replacements_owed:
        r.paths["bonus-laid-no-replacement-left"] += 1


def lay_bonus(r: HandContext, player: str, action: LayBonus, from_pile: int) -> int:
    """Lay Bonus cards from a hand; returns how many need a replacement."""
    if any(c != C.BONUS for c in action.cards):
        raise Illegal(
            "bonus-replacement",
            f"only {r.config.words.bonus}s are laid with `bonus`, not {C.show(action.cards)}",
            action,
        )
    hand = r.table.hands[player]
    if hand[C.BONUS] < len(action.cards):
        raise Illegal(
            "card-not-held",
            f"{player} lays {C.number(len(action.cards))} {r.config.words.bonus}{'s' * (len(action.cards) > 1)} but holds "
            f"{'only ' + C.number(hand[C.BONUS]) if hand[C.BONUS] else 'none'}",
            action,
        )
    hand[C.BONUS] -= len(action.cards)
    r.table.side_of[player].laid.extend(action.cards)
    return max(0, len(action.cards) - from_pile)


# --- the end of the turn -----------------------------------------------------------------------


def discard(r: HandContext, state: TurnState, action: Discard) -> None:
    require_drawn(r, state, action, "discarding")
    card = action.card
    if card == C.BONUS:
        raise Illegal(
            "bonus-discard", f"a {r.config.words.bonus} may never be discarded: it is laid beside the melds", action
        )
    if state.hand[card] < 1:
        raise Illegal(
            "card-not-held",
            f"{state.player} plays {r.config.words.describe(card)} but holds none{in_foot(r, state, card)}",
            action,
        )
    state.hand[card] -= 1
    table = r.table
    table.pile.append(card)
    if card in r.config.discard_freezes:
        table.frozen = True
    r.paths[_DISCARD_PATH[card]] += 1
    state.discarded = True


def ask(r: HandContext, state: TurnState, action: Ask) -> None:
    partners = [p for p in state.side.players if p != state.player and p in r.active]
    if not partners:
        raise Illegal("ask", f"{state.player} has no partner to ask", action)
    if state.melded or state.discarded:
        raise Illegal("ask", "a player asks to go out before melding", action)
    state.asked = action.answer
    r.paths["ask-yes" if action.answer else "ask-no"] += 1


def pass_(r: HandContext, state: TurnState, action: Pass) -> None:
    table, config = r.table, r.config
    if state.drawn:
        raise Illegal("pass", "a player passes instead of drawing, not after", action)
    if table.stock_count > 0:
        raise Illegal(
            "pass",
            f"the stock still has {table.stock_count} cards: a player may pass only when it is exhausted",
            action,
        )
    top = table.pile[-1] if table.pile else None
    frozen = table.frozen or config.always_frozen
    target = fitting_meld(r, state, top) if top and C.is_natural(top) and not frozen else None
    if target is not None and could_finish_after_taking(r, state, target):
        raise Illegal(
            "forced-take",
            f"the stock is exhausted and the unfrozen up card {top} fits {state.side.name}'s meld: {state.player} must take it",
            action,
        )
    state.drawn = True
    r.outcome.ended = True
    r.paths["pass"] += 1
    if top in config.blocks_pile:
        r.paths["pass-blocked"] += 1


def fitting_meld(r: HandContext, state: TurnState, top: str) -> MeldState | None:
    """The side's meld an unfrozen up card could be taken onto, by the rule set's take and meld
    rules, or None."""
    config, side = r.config, state.side
    for meld in side.melds:
        if not meld.is_sequence and meld.rank != top:
            continue
        take = PileTake(
            top,
            (),
            True,
            side.name,
            side.has_melded,
            False,
            lambda m=meld: m.cards,
            len(r.table.pile),
            state.hand.total(),
            r.table.stock_count,
        )
        cards = (*meld.cards, top)
        if (
            config.take_problem(take, config) is None
            and meld_problem(cards, config, False) is None
            and config.addition_problem(meld.cards, [top], config) is None
        ):
            return meld
    return None


def could_finish_after_taking(r: HandContext, state: TurnState, target: MeldState) -> bool:
    """Whether a player who took the up card onto `target` could still end the turn legally:
    discard and keep a card, or go out with the canastas the side needs. A take the player
    could not finish is not forced."""
    if r.config.keeps_last_card:  # a player short of canastas keeps a last card: every take can be finished
        return True
    config = r.config
    if state.hand.total() + len(r.table.pile) - 1 >= 2:
        return True
    melds = [[*meld.cards, r.table.pile[-1]] if meld is target else meld.cards for meld in state.side.melds]
    return config.go_out_problem(melds, config) is None


def go_out(r: HandContext, state: TurnState, action: GoOut) -> None:
    left = state.hand.total()
    if left:
        raise Illegal(
            "out-marker",
            f"`out` says {state.player} has gone out, but {left} card{'s' * (left > 1)} are still in hand",
            action,
        )
    if state.player in r.table.feet:
        raise Illegal(
            "out-marker",
            f"`out` says {state.player} has gone out, but the Foot is still to be picked up and played",
            action,
        )


def pick_up_foot(r: HandContext, state: TurnState, action: PickUpFoot) -> None:
    """The Foot is picked up once the Hand is played out: at once, when the player melds the
    last card of the Hand, or as the next turn begins, when it went as a discard."""
    if not r.config.foot_size:
        raise Illegal("draw-first", "there is no Foot in this rule set: `foot` is a Hand & Foot action", action)
    foot = r.table.feet.get(state.player)
    if foot is None:
        raise Illegal("foot-pickup", f"{state.player} has already picked up the Foot", action)
    held = state.hand.total()
    if held:
        raise Illegal(
            "foot-pickup",
            f"{state.player} still holds {held} card{'s' * (held > 1)} of the Hand: the Foot is picked up only once "
            "the Hand is played out",
            action,
        )
    if state.replacements_owed:
        raise Illegal(
            "bonus-replacement",
            f"{state.player} must first draw the replacement for the {r.config.words.bonus} laid",
            action,
        )
    state.hand.update(foot)
    del r.table.feet[state.player]
    r.paths["foot-at-once" if state.drawn else "foot-next-turn"] += 1


# Each action's handler, by the action's record type.
HANDLERS: dict[type, Callable[[HandContext, TurnState, Any], None]] = {
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
