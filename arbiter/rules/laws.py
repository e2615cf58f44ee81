"""The Official Canasta Laws' game with the ordinary deck (red threes, black threes, jokers and
deuces), which Classic Canasta plays, Hoyle two-hand plays at two players with its page's settings,
and Modern American Canasta starts from: its options (`LAWS_OPTIONS`), its policies (melds and the
wild ratio, the pile frozen against a side until its first meld, the one-card pile), its scoring
(red threes, one left in hand, the score sheet), the classic names of the cards (`CLASSIC_WORDS`)
and its configuration (`laws_config`, `laws_game`).

The laws' game is the one the Caliente books say their deck plays, so it starts from the standard
game's configuration (arbiter/rules/standard.py) and replaces what differs: the pile frozen
against a side until its first meld, the one-card pile, the wild ratio, a red three left in hand,
the last card of the stock a red three, the minimum below zero, and the classic names of the
cards in every message. Where the laws are silent, the project's choice is set out with Classic
Canasta's rules (docs/rules/classic.md, `LAWS_DEFAULT`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from .. import cards as C
from ..i18n import msg, msg_n, term
from .base import Config, OptionSpec, OptionValue, Seating, Words
from .groups import GROUP_CODES, group_meld_problem
from .laws_rules import LAWS, LAWS_DEFAULT
from .policies import PileTake
from .remedies import failed_minimum_raise, permission_penalty, wrong_take_penalty
from .sheet_spec import SUMMARY_CODES, LaidKind, SheetSpec
from .standard import MIXED_CANASTA, NATURAL_CANASTA, bonus_card_points, first_meld_minimum, standard_config

WILD_RATIOS = ("not-outnumbered", "naturals-outnumber", "at-most-three")
ONE_CARD_PILE = "take-one-card-pile"
LAWS_CODES = GROUP_CODES | SUMMARY_CODES | {"bonus-in-hand", ONE_CARD_PILE}

WILD_RATIO = OptionSpec(
    "wild-ratio",
    "not-outnumbered",
    "How many wilds a meld may hold beside its naturals, never more than three and never fewer than two "
    "naturals: `not-outnumbered` (no more wilds than naturals: [K K 2 2] but not [K K 2 2 2]), "
    "`naturals-outnumber` (more naturals than wilds, as in Caliente: not [K K 2 2]) or `at-most-three` (the "
    "limit of three alone: [K K 2 2 2] too).",
    f'{LAWS}, "Melds"; {LAWS_DEFAULT}',
    WILD_RATIOS,
)
RED_THREE_IN_HAND = OptionSpec(
    "red-three-in-hand-penalty",
    500,
    "Points lost for each red three still in hand when the hand ends.",
    f'{LAWS}, "Red Threes"; {LAWS_DEFAULT}',
)
LAST_RED_THREE = OptionSpec(
    "last-red-three-melds",
    False,
    "A player who draws a red three as the last card of the stock may meld before laying it (the hand still "
    "ends without a discard). By default the red three is laid at once and the hand ends.",
    f'{LAWS}, "Exhausting the Stock"; {LAWS_DEFAULT}',
)

LAWS_OPTIONS: tuple[OptionSpec, ...] = (
    WILD_RATIO,
    OptionSpec(
        "black-three-up",
        "covered",
        "A black three turned up to start the pile: `covered` (by the next card turned, without freezing the "
        "pile) or `top` (left as the up card, where it stops the first player).",
        f'{LAWS}, "The Deal"; {LAWS_DEFAULT}',
        ("covered", "top"),
    ),
    OptionSpec(
        "black-three-freezes",
        False,
        "A black three discarded freezes the pile until it is taken. By default it only stops the next player.",
        f'{LAWS}, "Black Threes"; {LAWS_DEFAULT}',
    ),
    OptionSpec(
        "concealed-waives-minimum",
        False,
        "Going out concealed waives the first-meld minimum. By default the minimum still applies.",
        f'{LAWS}, "Going Out"; {LAWS_DEFAULT}',
    ),
    OptionSpec(
        "concealed-allows-discard",
        True,
        "A concealed going out may end with a discard.",
        f'{LAWS}, "Going Out"; {LAWS_DEFAULT}',
    ),
    RED_THREE_IN_HAND,
    LAST_RED_THREE,
    permission_penalty(f'{LAWS}, "Going Out" and "Irregularities"; {LAWS_DEFAULT}'),
    wrong_take_penalty(f'{LAWS}, "Irregularities"; {LAWS_DEFAULT}', pile="discard pile"),
    failed_minimum_raise(f'{LAWS}, "Irregularities"; {LAWS_DEFAULT}'),
    OptionSpec("target", 5_000, "The score that ends the game.", f'{LAWS}, "Scoring"'),
    OptionSpec(
        "canastas-to-go-out",
        0,
        "Canastas a side needs to go out (0: the laws', two with two players, one otherwise).",
        f'{LAWS}, "Going Out" and "Two-Hand and Three-Hand Canasta"; {LAWS_DEFAULT}',
        book_value=lambda config: config.canastas_to_go_out,
    ),
)


CLASSIC_WORDS = Words(
    pile="discard pile",
    bonus="red three",
    stop="black three",
    laid="red threes",
    cards={
        C.LITTLE_WILD: "deuce (2)",
        C.BIG_WILD: "joker (X)",
        C.BONUS: "red three (R3)",
        C.STOP: "black three (B3)",
        C.CALIENTE: "Caliente card (C)",
    },
    symbols={C.BONUS: "R3", C.STOP: "B3"},
)
"""What the classic books call the cards: the notation writes a red three B (or R3), a black
three S (or B3) and a joker X (or JK)."""


# --- the policies ---------------------------------------------------------------------------------


def meld_problem(cards: Sequence[str], config: Config, new: bool) -> tuple[str, str] | None:
    """A group of a rank with at most three wilds and at least two naturals, the wilds compared with
    the naturals as the option `wild-ratio` says."""
    ratio = config.options.get("wild-ratio", "not-outnumbered")
    problem = group_meld_problem(cards, config, new, ratio=ratio != "at-most-three")
    if problem or C.STOP in cards:
        return problem
    naturals = sum(card in C.NATURAL_SET for card in cards)
    if naturals < 2:
        return "meld-wilds", msg("[{cards}]: a meld holds at least two natural cards", cards=C.show(cards))
    return None


def take_problem(take: PileTake, config: Config) -> tuple[str, str] | None:
    """The one-card pile; the pile frozen against a side until its first meld and by a wild or red
    three in it (a natural pair from hand only); unfrozen, two cards of the rank from hand (one
    may be wild) or onto the side's meld."""
    top, own = take.top, take.own
    if take.pile_size == 1 and take.held == 1:
        return ONE_CARD_PILE, msg(
            "the {pile} holds one card and the taker holds one: a player holding a single card may not take a pile "
            "of a single card",
            pile=term(config.words.pile),
        )
    pair = own.count(top) >= 2 and C.WILDS.isdisjoint(own)
    if not take.side_has_melded:
        if take.onto:
            return "take-initial", msg(
                "until {side}'s first meld the {pile} is frozen against it: the up card {top} is taken only with a "
                "natural pair of {top}s from hand; not onto a meld",
                **_take_values(take, config),
            )
        if not pair:
            return "take-initial", msg(
                "until {side}'s first meld the {pile} is frozen against it: the up card {top} is taken only with a "
                "natural pair of {top}s from hand; [{cards}] is not that",
                **_take_values(take, config),
            )
        return None
    if take.frozen:
        if take.onto:
            return "take-frozen", msg(
                "the {pile} is frozen: the up card {top} can only be taken with two natural {top}s from hand, without "
                "wilds; never onto a meld",
                **_take_values(take, config),
            )
        if not pair:
            return "take-frozen", msg(
                "the {pile} is frozen: the up card {top} can only be taken with two natural {top}s from hand, without "
                "wilds; [{cards}] does not qualify",
                **_take_values(take, config),
            )
        return None
    if not take.onto and (len(own) < 2 or top not in own):
        return "take-unfrozen", msg(
            "the up card {top} is taken with two cards of its rank from hand (a natural pair, or a natural and a "
            "wild), or onto {side}'s meld of {top}s; [{cards}] is none of these",
            **_take_values(take, config),
        )
    return None


def _take_values(take: PileTake, config: Config) -> dict[str, str]:  # made only for a take refused
    return {"pile": term(config.words.pile), "top": take.top, "side": take.side, "cards": C.show([take.top, *take.own])}


def laws_config(seating: Seating, options: Mapping[str, OptionValue], *, black_three_covered: bool) -> Config:
    """What every table of the laws shares: the standard game's table numbers with the laws'
    differences (Hoyle two-hand starts from it with its page's settings)."""
    standard = standard_config(seating)
    covered = {C.LITTLE_WILD, C.BIG_WILD, C.BONUS} | ({C.STOP} if black_three_covered else set())
    return replace(
        standard,
        naturals_must_outnumber_wilds=options["wild-ratio"] == "naturals-outnumber",
        concealed_waives_minimum=bool(options["concealed-waives-minimum"]),
        concealed_allows_discard=bool(options.get("concealed-allows-discard", True)),
        target=int(options["target"]),
        first_meld_minimum=first_meld_minimum(False, 15),
        bonus_card_points=bonus_card_points(False),
        bonus_in_hand_penalty=int(options["red-three-in-hand-penalty"]),
        permission_penalty=int(options.get("permission-penalty", 100)),
        wrong_take_penalty=int(options["wrong-take-penalty"]),
        failed_minimum_raise=int(options.get("failed-minimum-raise", 10)),
        meld_problem=meld_problem,
        take_problem=take_problem,
        laid_score=laid_score,
        end_of_hand=end_of_hand,
        laid_cards=frozenset({C.BONUS}),
        blocks_pile=frozenset({C.STOP, C.BONUS, *C.WILDS}),
        words=CLASSIC_WORDS,
        covered_up_cards=frozenset(covered),
        last_bonus_melds=bool(options["last-red-three-melds"]),
        sheet=SHEET,
        frozen_until_first_meld=True,
        options=dict(options),
    )


def laws_game(seating: Seating, options: Mapping[str, OptionValue]) -> Config:
    """The laws' game with these options (`LAWS_OPTIONS`): Classic Canasta's configuration."""
    config = laws_config(seating, options, black_three_covered=options["black-three-up"] == "covered")
    freezes = C.WILDS | ({C.STOP} if options["black-three-freezes"] else set())
    return replace(
        config,
        canastas_to_go_out=int(options["canastas-to-go-out"]) or (2 if len(seating.seats) == 2 else 1),
        discard_freezes=frozenset(freezes),
    )


# --- the scoring: red threes -------------------------------------------------------------------------


def laid_score(
    laid: Sequence[str], melds: Sequence[Sequence[str]], config: Config
) -> list[tuple[Callable[[], str], int]]:
    """Red threes: 100 each, 800 for all four, counted against a side that has not melded."""
    threes = laid.count(C.BONUS)
    if not threes:
        return []
    points = config.bonus_card_points(threes, bool(melds))

    def label() -> str:
        if points < 0:
            return msg_n(
                "{n} red three, counted against a side that has not melded",
                "{n} red threes, counted against a side that has not melded",
                threes,
            )
        return msg_n("{n} red three", "{n} red threes", threes)

    return [(label, points)]


def end_of_hand(player: str, hand: Counter[str], config: Config) -> list[tuple[str, str, str]]:
    """A red three left in hand costs its side."""
    held = hand[C.BONUS]
    if held <= 0:
        return []
    return [
        (
            "bonus-in-hand",
            "bonus-left-in-hand",
            msg_n(
                "{player} ends the hand holding {n} red three, which costs {points} points each",
                "{player} ends the hand holding {n} red threes, which costs {points} points each",
                held,
                n=C.number(held),
                player=player,
                points=config.bonus_in_hand_penalty,
            ),
        )
    ]


SHEET = SheetSpec(
    canastas=(NATURAL_CANASTA, MIXED_CANASTA),
    laid=(LaidKind("red-threes", C.BONUS, "Red threes"),),
)
"""The laws' score sheet ("Scoring"): natural and mixed canastas, red threes, going out and going
out concealed, the points melded and left, the penalties."""
