"""The Caliente card (Canasta Caliente's variation, which Samba plays too): an action the rule set
brings, played instead of drawing, after which the player draws the hand back up. It is here, below
the families (arbiter/variations/), because two of them bring it.

`CalienteCard` holds the variation's settings (built by the rule set's `configure` from its
options); `action()` is what the rule set brings (`Config.actions`): its bound `play` is the
handler and `offers` its candidate. Once played it is the turn's `TurnState.instead`, and says
what the engine refuses after it (a second draw, a take of the pile) and what the refill it leaves
owing (`TurnState.owed_draw`) is told.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import ClassVar

from .. import cards as C
from ..engine.context import HandContext, TurnState
from ..engine.holding import check_held, replacement_first
from ..engine.illegal import Illegal
from ..i18n import Text, msg, msg_n, pmsg, term
from ..notation.records import FamilyAction, Node
from ..rules.base import ActionKind, ExtraAction, Words


def not_held(player: str, words: Words) -> tuple[str, Text]:
    """Where the rule set does not bring it: with no Caliente card in the packs, none is held."""
    return "card-not-held", msg("{player} plays {card} but holds none", player=player, card=words.describe(C.CALIENTE))


KIND = ActionKind(
    keyword="caliente",
    heading=pmsg("legal moves of a kind", "Lay a Caliente card"),
    said=msg("play a Caliente card instead of drawing"),
    related=("caliente", "draw", "take"),
    paths=("caliente-card", "caliente-refill", "caliente-no-refill"),
    refusal=not_held,
    opens_turn=True,
)
"""Playing a Caliente card: played instead of drawing, so it opens a turn."""


@dataclass(frozen=True, slots=True)
class CalienteCard:
    refill: int  # a Caliente card played draws the hand back up to this many cards
    on_exhausted_stock: bool = False  # may be played with nothing left to draw (option caliente-on-exhausted-stock)

    owed_path: ClassVar[str] = "caliente-refill"

    def action(self) -> ExtraAction:
        return ExtraAction(self.play, self.offers, KIND)

    def offers(self, r: HandContext, state: TurnState) -> Iterator[FamilyAction]:
        """Played instead of drawing, by a player who holds one."""
        if not state.drawn and state.hand[C.CALIENTE]:
            yield KIND.action()

    def play(self, r: HandContext, state: TurnState, action: FamilyAction) -> None:
        table = r.table
        if state.drawn:
            raise Illegal("caliente-card", self._not_instead_of_drawing(r, state), action)
        if state.replacements_owed:
            raise Illegal("bonus-replacement", replacement_first(r, state), action)
        if table.stock_count == 0 and not self.on_exhausted_stock:
            raise Illegal(
                "caliente-card",
                msg(
                    "the stock is exhausted, so there is nothing to draw up from: the player takes the up card or "
                    "passes (option caliente-on-exhausted-stock allows it)"
                ),
                action,
            )
        own = len(state.side.melds)
        for other in table.sides.values():
            if other is not state.side and own > len(other.melds):
                raise Illegal(
                    "caliente-card",
                    msg_n(
                        "{side} has melded {n} set, more than {other}'s {theirs}: a Caliente card may only be played "
                        "by a side that has not melded more sets than an opponent",
                        "{side} has melded {n} sets, more than {other}'s {theirs}: a Caliente card may only be played "
                        "by a side that has not melded more sets than an opponent",
                        own,
                        side=state.side.name,
                        other=other.name,
                        theirs=len(other.melds),
                    ),
                    action,
                )
        check_held(r, state, [C.CALIENTE], action)
        state.hand[C.CALIENTE] -= 1
        state.side.laid.append(C.CALIENTE)
        state.drawn, state.instead = True, self
        state.owed_draw = max(0, min(self.refill - state.hand.total(), table.stock_count))
        r.paths["caliente-card"] += 1
        if not state.owed_draw:
            r.paths["caliente-no-refill"] += 1

    def _not_instead_of_drawing(self, r: HandContext, state: TurnState) -> Text:
        """Why a Caliente card may not follow what the turn has done instead of drawing."""
        if state.instead is not None:
            return msg(
                "{player} may not play a second Caliente card in one turn: it is played instead of drawing",
                player=state.player,
            )
        if state.took_pile:
            return msg(
                "{player} may not play a Caliente card after taking the {pile}: it is played instead of drawing",
                player=state.player,
                pile=term(r.config.words.pile),
            )
        return msg(
            "{player} may not play a Caliente card after drawing: it is played instead of drawing",
            player=state.player,
        )

    # --- what the engine refuses after it, and the refill it owes (engine.context.PlayedInstead) ----

    def miscounted(self, r: HandContext, state: TurnState, node: Node, drawn: int) -> Illegal:
        return Illegal(
            "caliente-refill",
            msg_n(
                "after a Caliente card {player} draws up to {refill} cards: {n} card, not {drawn}",
                "after a Caliente card {player} draws up to {refill} cards: {n} cards, not {drawn}",
                state.owed_draw,
                player=state.player,
                refill=self.refill,
                drawn=drawn,
            ),
            node,
        )

    def put_off(self, r: HandContext, state: TurnState, node: Node) -> Illegal:
        return Illegal(
            "caliente-refill",
            msg(
                "{player} must first draw up to {refill} cards after playing the Caliente card: {owed} more",
                player=state.player,
                refill=self.refill,
                owed=state.owed_draw,
            ),
            node,
        )

    def left_undone(self, r: HandContext, state: TurnState, node: Node) -> Illegal:
        return Illegal(
            "caliente-refill",
            msg(
                "{player} played a Caliente card without drawing up to {refill} cards ({owed} to draw)",
                player=state.player,
                refill=self.refill,
                owed=state.owed_draw,
            ),
            node,
        )

    def draws_again(self, r: HandContext, state: TurnState, node: Node) -> Illegal:
        return Illegal(
            "caliente-refill",
            msg(
                "after a Caliente card {player} draws only up to {refill} cards, and no more",
                player=state.player,
                refill=self.refill,
            ),
            node,
        )

    def takes_the_pile(self, r: HandContext, state: TurnState, node: Node) -> Illegal:
        return Illegal(
            "caliente-card",
            msg(
                "{player} played a Caliente card, which takes the place of drawing or taking the {pile}",
                player=state.player,
                pile=term(r.config.words.pile),
            ),
            node,
        )
