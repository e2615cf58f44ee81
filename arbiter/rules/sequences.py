"""Sequences, the melds of consecutive ranks (Samba): naturals only, each rank once, no
wrap-around; a sequence of the longest length allowed is a samba."""

from __future__ import annotations

from collections.abc import Sequence

from .. import cards as C
from ..i18n import msg
from .base import Config
from .lists import listed

LONGEST = 7  # a sequence never grows past seven cards: at seven it is a samba


def is_sequence(cards: Sequence[str]) -> bool:
    """Whether the cards are meant as a sequence: the one meld that holds several natural ranks."""
    return len(C.NATURAL_SET.intersection(cards)) > 1


def sequence_problem(cards: Sequence[str], config: Config, new: bool) -> tuple[str, str] | None:
    """Why these cards are not a legal sequence (code, explanation), or None."""

    def bad(code: str, why: str) -> tuple[str, str]:
        return code, msg("[{cards}]: {why}", cards=C.show(cards), why=why)

    if not C.NATURAL_SET.issuperset(cards):
        named = listed(sorted({C.describe(card) for card in cards if card not in C.NATURAL_SET}))
        return bad(
            "sequence", msg("a sequence is made of natural cards only, so it cannot hold a {cards}", cards=named)
        )
    ranks = sorted(map(C.SEQUENCE_ORDER.__getitem__, cards))
    if len(set(ranks)) != len(ranks):
        return bad("sequence", msg("cards of several ranks make a sequence, which holds each rank once"))
    if new and len(cards) < 3:
        return bad("meld-size", msg("a new meld needs at least three cards"))
    if len(cards) > LONGEST:
        return bad("sequence", msg("a sequence never grows past {most} cards (a samba)", most=C.number(LONGEST)))
    if ranks[-1] - ranks[0] + 1 != len(ranks):
        return bad(
            "sequence", msg("a sequence is of consecutive ranks, from 4 up to the Ace, with no gap and no wrap-around")
        )
    return None


SEQUENCE_CODES = frozenset({"sequence", "meld-size"})
