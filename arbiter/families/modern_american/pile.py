"""Modern American Canasta's pile: how much of it a take picks up (option `pile-with-wild`)."""

from __future__ import annotations

from ... import cards as C
from ...rules.base import Config
from ...rules.policies import PileTake


def pile_cards_taken(take: PileTake, rest: int, config: Config) -> int:
    """The whole pile by default; with `pile-with-wild=above-the-wild`, only the cards above the
    last wild discarded into it: the wild and the cards under it stay as the pile."""
    if config.options.get("pile-with-wild", "whole-pile") != "above-the-wild":
        return rest
    for depth, card in enumerate(reversed(take.under)):
        if card in C.WILDS:
            return depth
    return rest
