"""A move as a position hands it out and takes it back: the action in ACN text, and the record
action it stands for."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine.legal import Step, step_text
from ..i18n import msg
from ..notation import NotationError, parse_line
from ..records import Action, Turn
from ..rulings import Finding


@dataclass(frozen=True, slots=True)
class Move:
    """One step of a turn: `str(move)` is its ACN (`draw 7`, `take 9 with [9 9]`, `discard Q`),
    or `end` for the end of a turn that no discard ends; moves compare by that text."""

    text: str
    action: Step = field(compare=False, repr=False)

    def __str__(self) -> str:
        return self.text

    @property
    def kind(self) -> str:
        """The action's keyword: draw, take, meld, add, discard, bonus, caliente, ask, pass, out, foot,
        or `end`."""
        return self.text.split(" ", 1)[0]

    @classmethod
    def of(cls, step: Step) -> Move:
        return cls(step_text(step), step)


class PositionError(Exception):
    """There is no such position: no such game, hand or turn, or the record breaks a rule before
    it (`finding` is then the ruling on that)."""

    def __init__(self, message: str, finding: Finding | None = None) -> None:
        super().__init__(message)
        self.finding = finding


class IllegalAction(Exception):
    """A pushed action breaks a rule (or is not notation); `finding` says which, as `arbiter
    check` would."""

    def __init__(self, finding: Finding) -> None:
        super().__init__(msg("{code}: {message}", code=finding.code, message=finding.message))
        self.finding = finding


def read_actions(player: str, text: str) -> tuple[Action, ...]:
    """The actions of a piece of a turn line (`draw 7, meld [K K X]`). Raises NotationError."""
    prefix = f"{player}: "
    try:
        statement, _ = parse_line(prefix + text)
    except NotationError as error:  # its column counted in `text`
        raise NotationError(max(error.column - len(prefix), 1), error.message, error.code) from None
    if not isinstance(statement, Turn) or not statement.actions:
        raise NotationError(1, msg("{text} is not an action of a turn", text=repr(text)))
    return statement.actions
