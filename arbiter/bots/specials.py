"""Bonus and Caliente cards, as the Caliente rule books play them and the families that follow
them (Samba) too: a Bonus card drawn is laid and replaced, one drawn last ends the hand; a
Caliente card may be played instead of drawing, then the player draws up to the refill size.
And the discard, which a wild freezes."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..notation.records import Discard, FamilyAction, LayBonus
from .cards import BONUS, CALIENTE, WILDS
from .table import HandTable, TurnState

PLAY_CALIENTE = "caliente"
"""The word the Caliente families write a Caliente card played with (their `ActionKind`'s keyword;
the bots never import the families' rules)."""


class SpecialCards(HandTable):
    """A hand whose family lays Bonus cards and may play Caliente cards. The family provides
    `melds`, `plan_out(t, hand, melds, took=)`, `ahead_in_melds(side)` and `canastas(side)`."""

    melds: dict[str, Any]

    def plan_out(self, t: TurnState, hand: Counter[str], melds: Any, *, took: bool) -> object | None:
        """How the player could go out now with `hand` onto `melds`, or None."""
        raise NotImplementedError

    def ahead_in_melds(self, side: str) -> bool:
        """Whether the side has melded more sets than an opponent (then it may not play a
        Caliente card)."""
        raise NotImplementedError

    def lay_bonuses(self, t: TurnState) -> bool:
        """Lay each Bonus card drawn and draw its replacement (none when the stock is drawn out);
        a Bonus card drawn as the last card of the stock is laid and ends the hand. A forgetful
        player (Style.forget_bonus) may keep one for a later turn. Returns whether the hand ended."""
        hand = t.hand
        forget = self.game.style.forget_bonus
        others = sum(n for card, n in hand.items() if card != BONUS)
        if hand[BONUS] > 0 and self.stock and others >= 2 and forget and self.rng.random() < forget:
            return False  # forgotten for now (a card is left to discard)
        while hand[BONUS] > 0:
            if t.last_bonus:
                n = hand[BONUS]
                hand[BONUS] = 0
                self.laid[t.side].extend([BONUS] * n)
                t.acts.append(LayBonus(cards=(BONUS,) * n))
                self.ended = True
                return True
            if not self.stock and not self.can_lay_last_bonus(t):
                return False  # kept: laid, it would leave no legal way to end the turn
            hand[BONUS] -= 1
            self.laid[t.side].append(BONUS)
            t.acts.append(LayBonus(cards=(BONUS,)))
            if self.stock:
                self.draw(t, 1)
        return False

    def can_lay_last_bonus(self, t: TurnState) -> bool:
        """On an exhausted stock (no replacement): whether the player, one Bonus card laid, can
        still discard and keep a card, or go out."""
        others = sum(n for card, n in t.hand.items() if card != BONUS)
        if others + t.hand[BONUS] - 1 >= 2 and others >= 1:
            return True
        hand = Counter(t.hand)
        hand[BONUS] = 0
        return self.plan_out(t, hand, self.melds[t.side], took=t.took) is not None

    def wants_caliente(self, t: TurnState) -> bool:
        rules, hand = self.rules, t.hand
        if not rules.caliente_cards or hand[CALIENTE] <= 0 or not self.stock:
            return False
        if self.ahead_in_melds(t.side):
            return False
        held = sum(hand.values()) - 1
        refill = rules.caliente_refill - held
        if held + min(max(refill, 0), len(self.stock)) < 2:
            return False
        if refill >= 4:
            return self.rng.random() < 0.85
        # caught in hand it doubles the loss: late in the hand, or once an opponent could go out,
        # 100 is worth paying to be rid of it
        threat = any(self.canastas(o) >= rules.canastas_to_go_out for o in self.sides if o != t.side)
        late = len(self.stock) < 15 or threat
        return late and rules.hand_loss(hand) >= 100 and self.rng.random() < 0.6

    def play_caliente(self, t: TurnState) -> None:
        t.hand[CALIENTE] -= 1
        self.laid[t.side].append(CALIENTE)
        t.acts.append(FamilyAction(keyword=PLAY_CALIENTE))
        t.drawn = True
        refill = min(self.rules.caliente_refill - sum(t.hand.values()), len(self.stock))
        if refill > 0:
            self.draw(t, refill)

    def discard(self, t: TurnState, card: str) -> None:
        t.hand[card] -= 1
        self.pile.append(card)
        if card in WILDS:
            self.frozen = True
        t.acts.append(Discard(card=card))
        t.discarded = True


__all__ = ["SpecialCards"]
