"""What the classic books (the Official Canasta Laws, Hoyle) call the cards and the pile: the one
place of the classic families' words, read by the rulings, `arbiter table` and the web page."""

from __future__ import annotations

from ... import cards as C
from ...rules.base import Words

CLASSIC_WORDS = Words(
    pile="discard pile",
    bonus="red three",
    stop="black three",
    laid="red threes",
    cards={
        C.LITTLE_WILD: "deuce (2)",
        C.BIG_WILD: "joker (X)",
        C.BONUS: "red three (B)",
        C.STOP: "black three (S)",
        C.CALIENTE: "Caliente card (C)",
    },
    symbols={C.BONUS: "R3", C.STOP: "B3"},
)
"""What the classic books call the cards: the notation writes a red three B (or R3), a black
three S (or B3) and a joker X (or JK)."""
