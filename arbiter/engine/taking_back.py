"""A card taken back from the side's melds to be discarded (`Config.discard_from_melds`): Modern
American Canasta's way out for a player none of whose cards may go onto the pile (an empty pile
bars sevens, wilds, aces and dead cards). The record writes it as the discard of a card the player
does not hold: `discard 9`, the 9 coming from the side's meld of 9s."""

from __future__ import annotations

from .. import cards as C
from ..i18n import msg
from ..notation.records import Discard
from ..rules.base import Config
from ..rules.policies import DiscardTry
from .context import HandContext, TurnState
from .holding import plays_unheld
from .illegal import Illegal
from .melds import MeldState

LEAST_LEFT = 3  # a meld a card is taken back from stays a meld


def laid_card_goes_out(config: Config, state: TurnState, card: str) -> bool:
    """A card laid beside the melds discarded face down to go out, where the rule set allows it
    (`Config.laid_card_goes_out`, or `Config.last_bonus_goes_out` for the card drawn last)."""
    allowed = config.laid_card_goes_out or (config.last_bonus_goes_out and state.last_bonus)
    return allowed and state.hand.total() == 1 and state.hand[card] == 1


def may_discard(r: HandContext, state: TurnState, card: str) -> bool:
    """Whether the player may discard this card held, as the rule set's discard policy says."""
    config = r.config
    if card == C.BONUS or card in config.replaced_cards:
        return laid_card_goes_out(config, state, card)
    if config.discard_problem is None:
        return True
    going_out = state.hand.total() == 1
    tried = DiscardTry(card, not r.table.pile, going_out, state.hand, r.table.dead)
    return config.discard_problem(tried, config) is None


def taken_back(r: HandContext, state: TurnState, action: Discard) -> MeldState:
    """The side's meld a card not held is taken back from, to be discarded: only by a player who
    may discard no card held, of a natural card from the side's meld of its rank, which keeps three
    cards, and itself a card the pile accepts once taken back. Raises Illegal otherwise."""
    card, config = action.card, r.config
    meld = state.side.meld_of(card)
    if not config.discard_from_melds or card not in C.NATURAL_SET or meld is None:
        raise Illegal("card-not-held", plays_unheld(r, state, card), action)  # nothing to take back
    free = sorted((c for c, n in state.hand.items() if n > 0 and may_discard(r, state, c)), key=C.ORDER.__getitem__)
    if free:
        raise Illegal(
            "take-back",
            msg(
                "{player} discards {card} from the melds but holds a card that may be discarded ({cards}): a card "
                "is taken back only when none held may go",
                player=state.player,
                card=config.words.describe(card),
                cards=C.show(free),
            ),
            action,
        )
    if len(meld.cards) <= LEAST_LEFT:
        raise Illegal(
            "take-back",
            msg(
                "{player} takes {card} back from the melds, but {side}'s meld of it would not keep three cards "
                "without it",
                player=state.player,
                card=config.words.describe(card),
                side=state.side.name,
            ),
            action,
        )
    if config.discard_problem is not None:
        size = config.canasta_size
        dead = frozenset(
            m.rank
            for side in r.table.sides.values()
            for m in side.melds
            if len(m.cards) - (m is meld) >= size and config.dead_canasta_ranks
        )
        problem = config.discard_problem(DiscardTry(card, not r.table.pile, False, state.hand, dead), config)
        if problem:
            raise Illegal(problem[0], problem[1], action)
    return meld
