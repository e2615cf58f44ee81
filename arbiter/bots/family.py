"""What a family the simulator plays declares (`Family`): its options (read from the rule books by
the simulator itself, never from the arbiter's rule sets), its table sizes, the bot rules that play
it and its coverage. A family's package declares its own in its `bots` module (`FAMILY`);
`arbiter.simulate.families` finds them."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..i18n import msg, term
from ..rules.base import UsageError
from .coverage_parts import FamilyCoverage
from .table import HandTable

SimValue = bool | int | str
YES = ("", "yes", "true", "on", "1")
NO = ("no", "false", "off", "0")


@dataclass(frozen=True, slots=True)
class SimOption:
    """An option of a family as the simulator plays it: a switch (yes/no), a whole number, or one
    of a few words (`choices`)."""

    name: str
    default: SimValue
    summary: str
    choices: tuple[SimValue, ...] = ()

    def parse(self, raw: Any) -> SimValue:
        if isinstance(self.default, bool):
            if isinstance(raw, bool):
                return raw
            text = str(raw).strip().lower()
            if text in YES:
                return True
            if text in NO:
                return False
            raise UsageError(msg("option {option} is yes or no, not {value}", option=self.name, value=repr(raw)))
        if isinstance(self.default, int):
            try:
                value: SimValue = int(raw)
            except (TypeError, ValueError):
                raise UsageError(
                    msg("option {option} is a whole number, not {value}", option=self.name, value=repr(raw))
                ) from None
        else:
            value = str(raw).strip().lower()
        if self.choices and value not in self.choices:
            allowed = ", ".join(map(str, self.choices))
            raise UsageError(
                msg(
                    "option {option} is one of {allowed}, not {value}",
                    option=self.name,
                    allowed=allowed,
                    value=repr(raw),
                )
            )
        return value


@dataclass(frozen=True, slots=True)
class Family:
    """A rule set the simulator plays."""

    name: str
    title: str
    seat_counts: tuple[int, ...]
    options: tuple[SimOption, ...]
    build: Callable[[int, Mapping[str, SimValue]], Any]
    """The table rules for a number of players and every option's value."""
    hand: type[HandTable]
    table_problem: Callable[[int, Mapping[str, SimValue]], str | None] = lambda players, options: None
    """Why a table (players, options) cannot be played, or None."""
    coverage: FamilyCoverage | None = None
    """The family's coverage data (`coverage_parts.py`): none for a family the arbiter does not judge."""

    @property
    def usual_players(self) -> int:
        """The table played when none is named: four, or the family's first table (Hoyle: two)."""
        return 4 if 4 in self.seat_counts else self.seat_counts[0]

    def option(self, name: str) -> SimOption:
        for spec in self.options:
            if spec.name == name:
                return spec
        known = ", ".join(spec.name for spec in self.options)
        raise UsageError(
            msg(
                "{title} has no option {option}; its options are: {known}",
                title=term(self.title),
                option=repr(name),
                known=known,
            )
        )

    def resolve(self, given: Mapping[str, SimValue]) -> dict[str, SimValue]:
        """Every option's value: the defaults, then the options given (already parsed) in the order
        written, which a family with presets reads (a preset sets every option written before it)."""
        return {**{spec.name: spec.default for spec in self.options if spec.name not in given}, **given}


__all__ = ["Family", "SimOption", "SimValue"]
