"""Canasta Caliente (Winning Moves / Hasbro), 2 to 6 players, with the box's variations.

Sources: the four Caliente rule books (classic 2001, Complete, 50th Anniversary, Deluxe); they
agree on the standard game and share their section names, so a rule is cited by section. Where
they are silent or disagree, the project's default is set out in choices.py (rendered in
docs/rules/caliente.md), and each such default is an option (catalogue.py holds the
options and the catalogue of rules; this module, the configuration they give). The standard game
itself, which the other families start from too, is arbiter/rules/standard.py: Caliente's rule set
is that game with its options and the Caliente card (arbiter/variations/caliente_card.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from ...rules.base import Config, OptionValue, RuleSet, Seating, brings
from ...rules.groups import GROUP_CODES
from ...rules.sheet_rules import summary_rules
from ...rules.sheet_spec import SUMMARY_CODES
from ...rules.standard import (
    caliente_cards,
    first_meld_minimum,
    hand_penalty,
    seating_problem,
    standard_config,
)
from ...rules.standard_rules import BOOKS
from ...variations import caliente_card
from ...variations.caliente_card import CalienteCard
from .catalogue import CATALOGUE, OPTIONS
from .choices import CHOICES

__all__ = ["BOOKS", "CALIENTE", "CATALOGUE", "OPTIONS", "configure"]


def configure(seating: Seating, options: Mapping[str, OptionValue]) -> Config:
    """The standard game with Caliente's options, and the Caliente card it brings."""
    three_packs = bool(options["three-packs"])
    standard = standard_config(seating, three_packs=three_packs)
    return replace(
        standard,
        always_frozen=bool(options["always-frozen"]),
        stop_up_card_freezes=bool(options["stop-up-card-freezes"]),
        canastas_to_go_out=int(options["canastas-to-go-out"]) or standard.canastas_to_go_out,
        concealed_waives_minimum=bool(options["concealed-waives-minimum"]),
        concealed_allows_discard=bool(options["concealed-allows-discard"]),
        target=int(options["target"]) or standard.target,
        first_meld_minimum=first_meld_minimum(three_packs, int(options["negative-score-minimum"])),
        bonus_in_hand_penalty=int(options["bonus-in-hand-penalty"]),
        permission_penalty=int(options["permission-penalty"]),
        wrong_take_penalty=int(options["wrong-take-penalty"]),
        failed_minimum_raise=int(options["failed-minimum-raise"]),
        hand_penalty=hand_penalty(bool(options["caliente-multiplies-bonus"])),
        extra_cards=caliente_cards(options),
        actions=brings(
            CalienteCard(
                refill=int(options["caliente-refill"]) or standard.deal_size,
                on_exhausted_stock=bool(options["caliente-on-exhausted-stock"]),
            ).action()
        ),
        options=dict(options),
    )


CALIENTE = RuleSet(
    name="caliente",
    title="Canasta Caliente",
    summary="The Winning Moves / Hasbro Canasta: two packs with Bonus and Stop cards, 2 to 6 players (six "
    "also with three packs), with the Caliente-card and always-frozen variations.",
    options=OPTIONS,
    catalogue={**CATALOGUE, **summary_rules(CATALOGUE)},
    configure=configure,
    seat_counts=(2, 3, 4, 5, 6),
    seating_problem=seating_problem,
    raises=GROUP_CODES | SUMMARY_CODES | {"caliente-in-hand", "bonus-in-hand"},
    choices=CHOICES,
    aliases=("canasta-caliente", "standard", "canasta"),
    actions=(caliente_card.KIND,),
)
