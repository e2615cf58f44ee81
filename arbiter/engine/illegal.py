"""The one exception of the engine: a move that breaks a rule."""

from __future__ import annotations

from ..notation.records import Node
from ..rulings import Adjustment


class Illegal(Exception):
    """A move that breaks a rule: judging of the hand stops here. It is raised before the move
    changes anything, so the finding's table is the position the move was played from."""

    def __init__(
        self,
        code: str,
        message: str,
        node: Node | None = None,
        remedy: str | None = None,
        adjustment: Adjustment | None = None,
        player: str | None = None,
        listed: bool = True,
    ) -> None:
        super().__init__(message)
        self.code, self.message, self.node, self.remedy = code, message, node, remedy
        self.adjustment = adjustment  # what the remedy does to the score sheet
        self.player = player  # whose turn it was, where no turn of theirs has begun (a turn out of order)
        self.listed = listed  # whether the ruling lists what was allowed instead (a position can say it)
