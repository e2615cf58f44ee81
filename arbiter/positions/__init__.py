"""Positions: a hand you can step, with every legal next action (docs/library.md).

- `position`: `Position`, made by dealing or from a record, with `legal_actions`, `is_legal`,
  `explain`, `push`, `copy` and `record`; `table_after`, the table after a turn of a record;
- `moves`: `Action` (`Move`: a step read once, its text its ACN, arbiter/notation/actions.py) and the two exceptions, `PositionError` and
  `IllegalAction`;
- `dealing`: a new game's first hand from a seeded shuffle;
- `reading`: `read_games`, the one iterator over a record's games, and finding a game's hand;
- `frames`: a hand step by step, the table as it starts and after each turn (`arbiter table`);
- `move_answer`: one move on a position: allowed, or not allowed and why;
- `situation`: a disputed table laid out by hand (the editor), written as a record with a position;
- `marks`: what a drawn table says beside the cards, in the family's words.

What is legal is the engine's own answer (arbiter/engine/legal.py).
"""

from __future__ import annotations

from .moves import Action, IllegalAction, Move, PositionError
from .position import Position, table_after
from .reading import no_such_game, read_games

__all__ = ["Action", "IllegalAction", "Move", "Position", "PositionError", "no_such_game", "read_games", "table_after"]
