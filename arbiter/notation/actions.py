"""A step of a turn as the library hands it out and takes it back: `Action`, read once, whose text
is its notation (docs/library.md).

An `Action` is the text of the action in ACN (`str(action)`, `draw 7`, `take 9 with [9 9]`), so it
prints, compares and serializes as the text it always was, with the action as read beside it
(`action.step`: the record's action, arbiter/notation/records.py, or `END`), and its `kind`. `legal_actions()`
lists Actions, `push`, `is_legal` and `explain` take them, and a finding's `alternatives` are
Actions (arbiter/judging/allowed.py says them in words from the step, never from the text).

`END` is the end of a turn that no discard ends (Hoyle's passing the discard): a record ends its
turn line there, a position lists and takes it as `end`. A plain Python module, not compiled: the
engine reads `EndOfTurn` from here.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..i18n import msg
from . import NotationError, parse_line
from .formatter import format_action
from .records import Action as RecordAction
from .records import Turn

END_TEXT = "end"
"""How the end of a turn without a discard is written where a position lists or takes it: not
notation (a record ends its turn line there)."""


@dataclass(frozen=True, slots=True)
class EndOfTurn:
    """The end of a turn that no discard ends: the player keeps what is left (Hoyle's passing the
    discard). A record takes this step where a turn line ends."""

    def __str__(self) -> str:
        return END_TEXT


END = EndOfTurn()

Step = RecordAction | EndOfTurn
"""What a player does next: an action of the notation, or the end of the turn."""


def step_text(step: Step) -> str:
    """The step as a position lists it: the action in ACN, or `END_TEXT`."""
    return END_TEXT if isinstance(step, EndOfTurn) else format_action(step)


class Action(str):
    """One step of a turn, read once: the string is its notation (`draw 7`, or `end`), `step` the
    action as read. Made from a step (`Action(step)`) or read from text (`Action("draw 7")`, or
    `Action.read` for a piece of a turn line)."""

    step: Step

    def __new__(cls, step: Step | str, action: Step | None = None) -> Action:
        """`Action(step)`; `Action("draw 7")` reads one action's text; `Action(text, step)` (a
        `Move`'s old form) takes the step as read."""
        if isinstance(step, Action):
            step = step.step
        elif isinstance(step, str):
            if action is None:
                steps = read_steps(step)
                if len(steps) != 1:
                    raise NotationError(1, msg("{text} is not one action", text=repr(step)))
                action = steps[0]
            step = action
        made = super().__new__(cls, step_text(step))
        made.step = step
        return made

    @classmethod
    def listed(cls, text: str, step: Step) -> Action:
        """The action `step` whose text, `step_text(step)`, is known already (a listing wrote it)."""
        made = str.__new__(cls, text)
        made.step = step
        return made

    def __getnewargs__(self) -> tuple[Step]:  # type: ignore[override]
        return (self.step,)

    @property
    def action(self) -> Step:
        """The step as read (the name a `Move` gave it)."""
        return self.step

    @property
    def text(self) -> str:
        """The notation, as a plain `str`."""
        return str.__str__(self)

    @property
    def kind(self) -> str:
        """The action's keyword: draw, take, meld, add, discard, bonus, caliente, ask, pass, out,
        foot, or end."""
        return self.split(" ", 1)[0]

    @classmethod
    def of(cls, step: Step) -> Action:
        return cls(step)

    @classmethod
    def read(cls, text: str, player: str = "x") -> tuple[Action, ...]:
        """The actions of a piece of a turn line (`draw 7, meld [K K X]`; `end`), read once by the
        notation's reader. Raises NotationError, its column counted in `text`."""
        return tuple(cls(step) for step in read_steps(text, player))


Move = Action
"""The name the typed action had before (`arbiter.Move`)."""


def read_steps(text: str, player: str = "x") -> tuple[Step, ...]:
    """The steps of a piece of a turn line. Raises NotationError."""
    if text.strip() == END_TEXT:
        return (END,)
    prefix = f"{player}: "
    try:
        statement, _ = parse_line(prefix + text)
    except NotationError as error:  # its column counted in `text`
        raise NotationError(max(error.column - len(prefix), 1), error.message, error.code) from None
    if not isinstance(statement, Turn) or not statement.actions:
        raise NotationError(1, msg("{text} is not an action of a turn", text=repr(text)))
    return statement.actions
