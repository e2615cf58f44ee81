"""Modern American Canasta's going out beyond the canastas it needs: the eighth card a player
going out may add to a canasta (option eighth-card-going-out), which no other turn may leave."""

from __future__ import annotations

from collections.abc import Sequence

from ... import cards as C
from ...i18n import msg
from ...rules.base import Config

CANASTA = 7  # a meld closes as a canasta at seven cards


def most_cards(config: Config, new: bool) -> int:
    """The most cards a meld may hold: seven, or eight on a canasta grown where the table lets a player
    going out add an eighth card (a new meld never holds eight)."""
    return CANASTA + 1 if not new and config.options.get("eighth-card-going-out", False) else CANASTA


def out_only_problem(melds: Sequence[Sequence[str]], config: Config) -> tuple[str, str] | None:
    """A canasta of eight cards is left only by a player who goes out on that turn."""
    for cards in melds:
        if len(cards) > CANASTA:
            return "meld-size", msg(
                "[{cards}]: an eighth card joins a canasta only on the turn its player goes out", cards=C.show(cards)
            )
    return None
