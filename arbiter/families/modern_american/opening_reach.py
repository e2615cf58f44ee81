"""Whether Modern American Canasta's opening can still be made this turn (`Config.opening_reachable`):
the search for a legal end of an opening turn (engine/legal.py) stops at once where no meld or
addition left could give the opening its clean triple, rather than trying every way of laying the
wild cards held before each try fails the same rule at the discard. Conservative: True wherever
some cards held might still make one."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ... import cards as C
from ...rules.base import Config
from .policies import MOST, is_wild_meld, naturals, opening_problem, wilds


def opening_reachable(melds: Sequence[Sequence[str]], hand: Counter[str], config: Config) -> bool:
    """Whether the opening laid so far, with the cards still held, might yet be one the end of the
    turn accepts: with its clean triple, and wild cards split only as the table allows."""
    return clean_triple_reachable(melds, hand, config) and wild_split_reachable(melds, hand, config)


def clean_triple_reachable(melds: Sequence[Sequence[str]], hand: Counter[str], config: Config) -> bool:
    """Whether the melds laid so far, with cards still held, might yet hold the opening's clean triple
    (or what stands for it: a wild-card meld where the table counts one, a wild-card canasta)."""
    problem = opening_problem(melds, config)
    if problem is None or waiver_reachable(melds, hand, config):
        return True  # the triple is there, or a canasta may yet open the side whatever it lacks
    if problem[0] == "opening-mixed-canasta":
        return False  # a canasta laid stays one
    options = config.options
    held_wilds = sum(hand[card] for card in C.WILDS)
    wild_meld = max((len(cards) for cards in melds if is_wild_meld(cards)), default=0)
    if options.get("opening-wild-meld-counts-as-clean", False) and wild_meld + held_wilds >= 3:
        return True
    if options.get("wild-canasta-opening", True) and wild_meld + held_wilds >= MOST:
        return True
    # three naturals held make a new clean meld, but for a rank whose meld (with wilds) they would join
    mixed = {card for cards in melds if wilds(cards) and naturals(cards) for card in cards if card in C.NATURAL_SET}
    return any(hand[rank] >= 3 and (rank not in mixed or not config.merge_same_rank) for rank in C.NATURALS)


def wild_split_reachable(melds: Sequence[Sequence[str]], hand: Counter[str], config: Config) -> bool:
    """Whether an opening that has put wild cards both into a meld of wild cards alone and into
    other melds may still end as `split-wilds-at-opening` allows (turn_end.wild_split_problem): a
    wild card laid stays laid, so only the wild-card meld made a canasta with the wilds held can."""
    wild_meld = next((cards for cards in reversed(melds) if is_wild_meld(cards)), None)
    if wild_meld is None or len(wild_meld) >= MOST:
        return True
    if not any(wilds(cards) and naturals(cards) for cards in melds):
        return True
    split = config.options.get("split-wilds-at-opening", "if-complete")
    if split == "allowed":
        return True
    if split == "forbidden":
        return False
    return len(wild_meld) + sum(hand[card] for card in C.WILDS) >= MOST


def waiver_reachable(melds: Sequence[Sequence[str]], hand: Counter[str], config: Config) -> bool:
    """Whether a canasta that opens the side whatever its minimum and clean triple
    (`opening_waives_minimum`: the Splash, a wild-card canasta) might still be laid or completed,
    options aside: a meld without wilds, or none, and enough of its cards held."""
    held_wilds = sum(hand[card] for card in C.WILDS)
    if max((len(cards) for cards in melds if is_wild_meld(cards)), default=0) + held_wilds >= MOST:
        return True
    laid = {cards[0]: len(cards) for cards in melds if cards and not wilds(cards)}
    mixed = {card for cards in melds if wilds(cards) for card in cards if card in C.NATURAL_SET}
    return any(rank not in mixed and laid.get(rank, 0) + hand[rank] >= MOST for rank in C.NATURALS)
