"""The catalogue entries of a summary's checks (arbiter/engine/summaries.py), for each family cited from
its own sections."""

from __future__ import annotations

from collections.abc import Mapping

from ..rulings import Rule
from .base import entry


def summary_rules(catalogue: Mapping[str, Rule]) -> dict[str, Rule]:
    """The catalogue entries of a summary's checks for a family, cited from the family's own
    sections: its scoring section (its `score-mismatch` rule) and its going-out section (its
    `go-out-canasta` rule)."""
    scoring = catalogue["score-mismatch"].source
    going_out = catalogue["go-out-canasta"].source
    return dict(
        [
            entry(
                "summary-side",
                "A summary line for each side",
                scoring,
                "A hand given as its summary has one summary line for each side of the game, and only for them.",
            ),
            entry(
                "summary-category",
                "The family's scoring categories",
                scoring,
                "A summary names the categories the family's scoring counts, each once: the kinds of canasta, the "
                "cards laid beside the melds, going out and going out concealed (in some families worth no more "
                "than going out), the points melded and left, and the penalties; the counts with a number, going "
                "out without one. A word no game of the family has is refused; where it is all that is wrong, "
                "the hand is scored without it beside the declared score.",
            ),
            entry(
                "summary-packs",
                "What the packs can make",
                scoring,
                "The sides together cannot lay more Bonus cards (red threes) or Caliente cards than the packs hold, "
                "make more canastas than the packs have naturals and wild cards for, or meld more points than "
                "the packs' cards are worth.",
            ),
            entry(
                "summary-points",
                "Points of the cards",
                scoring,
                "Every card is worth a multiple of 5, so the points melded and left are multiples of 5; the "
                "points melded are at least what the side's canastas hold; the penalties are a sum of those "
                "the table's options charge (a wrong take of the pile, going out against the partner's answer, "
                "a mismeld, and the family's own), each as often as it was incurred.",
            ),
            entry(
                "summary-going-out",
                "How the hand ended",
                going_out,
                "At most one side goes out (no side when the stock ran out); the side that went out has the "
                "canastas its game requires, and a player going out alone holds no card; going out concealed "
                "is going out; a hand nobody goes out of leaves a side with cards, which cost points.",
            ),
        ]
    )
