"""The suits a position shows (ACN 1.3): the engine holds ranks only (engine/suits.py), so the
cards a player holds are given their suits from the record as written: the hand dealt or stated,
the cards drawn and taken, less the cards played. A card the record gives without its suit, or one
whose suit the record never said, is shown by its rank alone: a suit is never guessed."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .. import cards as C
from ..engine.suits import recarded_action
from ..notation.actions import Step
from ..notation.records import Add, Discard, Draw, FamilyAction, HandRecord, LayBonus, Meld, Take, Turn
from ..rules.base import Config


class SuitsHeld:
    """Each player's cards as the record wrote them, and the pile's, bottom first."""

    def __init__(self, record: HandRecord, config: Config) -> None:
        self.config = config
        self.hands: dict[str, list[str]] = {}
        self.feet: dict[str, list[str]] = {foot.player: list(foot.cards) for foot in record.feet}
        self.pile: list[str] = list(record.up.cards) if record.up is not None else []
        for deal in record.deals:
            self.hands[deal.player] = list(deal.cards)
        position = record.position
        if position is not None:
            for holding in position.holdings:
                self.hands[holding.player] = list(holding.cards)
            self.feet.update({foot.player: list(foot.cards) for foot in position.feet})
            self.pile = list(position.pile.cards) if position.pile is not None else []
        for turn in record.setup_turns:
            self.play(turn.player, turn.actions)

    def play(self, player: str, actions: Iterable[Step]) -> None:
        """The cards of a player's actions moved as the record wrote them."""
        held = self.hands.setdefault(player, [])
        for action in actions:
            if isinstance(action, Draw):
                held += action.cards
            elif isinstance(action, Discard):
                _give(held, (action.card,))
                self.pile.append(action.card)
            elif isinstance(action, Meld):
                for spec in action.melds:
                    _give(held, spec.cards)
            elif isinstance(action, (Add, LayBonus)):
                _give(held, action.cards)
            elif isinstance(action, Take):
                _give(held, (*(action.with_cards or ()), *(card for spec in action.also for card in spec.cards)))
                held += self.pile[:-1]  # the up card goes to its meld, the rest into the hand
                self.pile = []
            elif isinstance(action, FamilyAction):
                extra = self.config.actions.get(action.keyword)
                if extra is not None and extra.picks_up_foot:
                    held += self.feet.pop(player, [])
                else:
                    _give(held, action.cards)

    def played(self, turns: Iterable[Turn]) -> SuitsHeld:
        for turn in turns:
            self.play(turn.player, turn.actions)
        return self

    def shown(self, player: str, ranks: Sequence[str]) -> list[str]:
        """A player's cards (`ranks`, in the order shown) each with the suit the record gave it, if
        it did: within a rank, the suits in their order (c, d, h, s), then the cards without one."""
        return _suited(ranks, self.hands.get(player, ()))

    def shown_feet(self, player: str, ranks: Sequence[str]) -> list[str]:
        return _suited(ranks, self.feet.get(player, ()))

    def shown_pile(self, ranks: Sequence[str]) -> list[str] | None:
        """The pile as the record wrote it, if it holds the cards the engine's does (else None)."""
        return list(self.pile) if [C.rank(card) for card in self.pile] == list(ranks) else None


def _suited(ranks: Sequence[str], written: Iterable[str]) -> list[str]:
    suited: dict[str, list[str]] = {}
    for card in sorted(written):
        if card in C.SUITED_SET:
            suited.setdefault(C.rank(card), []).append(card)
    out = []
    for rank in ranks:
        known = suited.get(rank)
        out.append(known.pop(0) if known else rank)
    return out


def _give(held: list[str], cards: Iterable[str]) -> None:
    """Cards leave a hand: a suited one as itself; one written by its rank alone as a card of that
    rank whose suit was never said, else as one of that rank the record gave a suit (which, the
    record does not say: the last of them)."""
    for card in cards:
        if card in held:
            held.remove(card)
            continue
        rank = C.rank(card)
        same = [i for i, mine in enumerate(held) if C.rank(mine) == rank]
        if same:
            del held[same[-1]]


def shows_suits(step: Step) -> bool:
    """Whether an action as written gives a card's suit."""
    found: list[bool] = []

    def look(node: object, cards: tuple[str, ...]) -> tuple[str, ...]:
        found.append(C.has_suits(cards))
        return cards

    if isinstance(step, (Draw, Discard, Meld, Add, LayBonus, Take, FamilyAction)):
        recarded_action(step, look)
    return any(found)
