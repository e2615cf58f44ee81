"""Modern American Canasta (MAC), the sixth family: two packs and four jokers, 13-card hands, no up
card, the talon of bonus cards for opening, opening minimums of 125/155/180 with a clean triple, a
pile always taken with a natural pair, the rule of five, sevens and aces with their own canastas
and penalties, wild-card canastas, threes (red and black alike) whose value swings with the side's
canastas, the game to 8,500.

No single rule book governs the game: the options (options.py) make every disputed point a named
switch, with the League's reading as the default and the presets `league`, `pagat` and `app`. The
engine knows nothing of MAC: what it needs beyond the classic game is a handful of generic
`Config` fields (an empty pile at the start, threes of both colours laid and replaced, a discard
policy, the rule of five after the opening turn, dead ranks, the opening's own conditions, the
talon) whose defaults leave every other family as it was.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from ... import cards as C
from ...rules import laws, standard
from ...rules.base import Config, OptionValue, RuleSet, Seating, brings
from ...rules.sheet_rules import summary_rules
from ...rules.sheet_spec import SUMMARY_CODES
from . import going_out, opening_reach, pile, policies, scoring, specials, threes, turn_end
from .actions import KIND, SPECIAL_HAND
from .catalogue import CATALOGUE, CODES
from .choices import CHOICES
from .options import OPTIONS, PRESETS

MAC_WORDS = replace(laws.CLASSIC_WORDS, bonus="three", laid="threes")
"""MAC's words: every three, red or black, is laid beside the melds and replaced, so a `three` is
what the engine's messages about laid cards say."""

BELOW_TURN_CARD = 8
"""The stock's size once the turn card (the ninth card from its bottom) has been drawn: the tables
that stop replacing threes then (`replace-threes-after-turn-card=no`)."""


def _by_table(options: Mapping[str, OptionValue], name: str, four: int, two: int, three: int, seats: int) -> int:
    chosen = int(options[name])
    return chosen or {4: four, 2: two, 3: three}[seats]


def configure(seating: Seating, options: Mapping[str, OptionValue]) -> Config:
    seats = len(seating.seats)
    base = laws.laws_game(seating, {spec.name: spec.default for spec in laws.LAWS_OPTIONS})
    by_hand = options["opening-minimum"] == "by-hand-number"
    score_penalty = options["mismeld-penalty"] == "score"
    return replace(
        base,
        deal_size=_by_table(options, "deal-size", 13, 15, 15, seats),
        draw_count=_by_table(options, "draw", 1, 2, 2, seats),
        canastas_to_go_out=_by_table(options, "canastas-to-go-out", 2, 2, 1, seats),
        max_wilds=policies.MOST_WILDS,
        naturals_must_outnumber_wilds=False,
        always_frozen=True,
        frozen_until_first_meld=False,
        concealed_waives_minimum=False,
        target=int(options["target"]),
        first_meld_minimum=policies.first_meld_minimum(by_hand),
        going_out_bonus=100,
        concealed_bonus=0,
        natural_canasta_bonus=500,
        mixed_canasta_bonus=300,
        bonus_in_hand_penalty=int(options["three-in-hand-value"]),
        permission_penalty=int(options["permission-penalty"]),
        wrong_take_penalty=int(options["wrong-take-penalty"]),
        failed_minimum_raise=0 if score_penalty else int(options["mismeld-points"]),
        failed_minimum_penalty=int(options["mismeld-points"]) if score_penalty else 0,
        meld_problem=policies.meld_problem,
        addition_problem=policies.addition_problem,
        take_problem=policies.take_problem,
        canasta_bonus=scoring.canasta_bonus,
        go_out_problem=policies.go_out_problem,
        hand_penalty=scoring.hand_penalty,
        laid_score=scoring.laid_score,
        end_of_hand=lambda player, held, config: [],
        laid_cards=policies.THREES,
        blocks_pile=C.WILDS,
        words=MAC_WORDS,
        sheet=scoring.SHEET,
        melded_sign=scoring.melded_sign,
        unfinished_penalty=scoring.unfinished_penalty,
        last_bonus_melds=options["last-card-three"] == "may-go-out",
        last_bonus_kept=True,
        up_card=False,
        replaced_cards=policies.THREES,
        discard_problem=policies.discard_problem,
        opened_meld_problem=policies.opened_meld_problem,
        dead_canasta_ranks=bool(options["dead-rank-freezes-both-teams"]),
        first_take_counts_up_card=False,
        opening_problem=policies.opening_problem,
        opening_waives_minimum=policies.opening_waives_minimum,
        opening_reachable=opening_reach.opening_reachable,
        talon=policies.talon,
        pile_cards_taken=pile.pile_cards_taken,
        first_take_counts_pair=options["opening-pile-pair"] == "any",
        turn_end_problem=turn_end.turn_end_problem,
        turn_end_asked=turn_end.turn_end_asked,
        excused_going_out=frozenset({"rule-of-five"} if options["meld-base-when-going-out"] == "relaxed" else ()),
        talon_dealt_aside=options["talon-source"] == "predealt",
        replacements_stop_at=0 if options["replace-threes-after-turn-card"] else BELOW_TURN_CARD,
        laid_card_goes_out=bool(options["three-as-final-discard"]),
        going_out_discards=True,
        asks_per_hand="side" if options["asks-per-hand"] == "team" else "player",
        side_hand_penalty=scoring.side_hand_penalty,
        tie_plays_on=options["tie"] == "another-hand",
        discard_from_melds=options["no-legal-discard"] == "take-back",
        laid_out_value=specials.laid_out_value,
        out_only_problem=going_out.out_only_problem,
        forgotten_laid=threes.forgotten_threes,
        forgotten_kept=options["forgotten-three"] == "kept",
        last_bonus_goes_out=options["last-card-three"] == "may-go-out",
        last_bonus_cost=scoring.THREE_DRAWN_LAST,
        actions=brings(SPECIAL_HAND),
        options=dict(options),
    )


def seating_problem(seating: Seating, options: Mapping[str, OptionValue]) -> str | None:
    """Four in two partnerships, partners facing; two or three each for themselves."""
    return standard.seating_problem(seating, {})


RULES = RuleSet(
    name="modern-american",
    title="Modern American Canasta",
    summary="The Canasta most US clubs play: two packs and four jokers, 13 cards each, no up card, the talon for "
    "opening, opening minimums of 125, 155 and 180, sevens, aces and wild-card canastas, threes that swing with the "
    "side's canastas, the game to 8,500; four players in two partnerships (two and three players as thin options).",
    options=OPTIONS,
    catalogue={**CATALOGUE, **summary_rules(CATALOGUE)},
    configure=configure,
    seat_counts=(4, 2, 3),
    seating_problem=seating_problem,
    raises=CODES | SUMMARY_CODES,
    choices=CHOICES,
    presets=PRESETS,
    aliases=("mac", "american", "modern-american-canasta"),
    actions=(KIND,),
)

__all__ = ["RULES"]
