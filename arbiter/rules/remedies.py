"""The remedies the standard laws of Canasta prescribe for irregularities the rule books leave
without one: each is an option of every rule set that meets the irregularity, with its own source."""

from __future__ import annotations

from .base import OptionSpec


def permission_penalty(source: str) -> OptionSpec:
    return OptionSpec(
        "permission-penalty",
        100,
        "Points lost for going out after the partner said no, or for not going out after the partner said yes.",
        source,
    )


def wrong_take_penalty(source: str, pile: str = "pile") -> OptionSpec:
    return OptionSpec(
        "wrong-take-penalty",
        50,
        f"Points lost for taking the {pile} without the right to it; the pile is restored.",
        source,
    )


def failed_minimum_raise(source: str, hand: str = "hand") -> OptionSpec:
    return OptionSpec(
        "failed-minimum-raise",
        10,
        f"How much the side's first-meld minimum rises for the rest of the {hand} after an insufficient first meld "
        "is taken back.",
        source,
    )
