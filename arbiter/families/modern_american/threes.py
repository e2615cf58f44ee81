"""Modern American Canasta's threes held too long: a three is laid at the start of its holder's turn
(or at once, drawn), so one still held when the turn's discard is made was forgotten, but for the
one three a player whose side has not opened may keep for the Straight. What becomes of it is the
option forgotten-three: laid at a later turn without a replacement, or kept in hand to the end."""

from __future__ import annotations

from ...rules.base import Config


def forgotten_threes(held: int, side_opened: bool, config: Config) -> int:
    """The threes of the `held` a player forgot to lay: all, but one kept for the Straight while the
    side has not opened at a table that plays it."""
    straight = not side_opened and config.options.get("special-hands", "league") != "none"
    return max(0, held - 1) if straight else held
