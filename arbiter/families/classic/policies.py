"""Classic Canasta: the partnership game of the Official Canasta Laws with the ordinary deck (red
threes, black threes, jokers and deuces), at four players and at the two- and three-hand tables.

The laws' game is the one the Caliente books say their deck plays, so the rule set starts from
Caliente's `Config` and replaces what differs: the pile frozen against a side until its first
meld, the one-card pile, the wild ratio, a red three left in hand, the last card of the stock a
red three, the minimum below zero, and the classic names of the cards in every message. Where
the laws are silent or the references disagree, choices.py (rendered in
docs/rules/classic.md) says what the arbiter does, and each such default is an option below.
The shared policies here (`CLASSIC_WORDS`, `meld_problem`, `take_problem`, and from
scoring.py `laid_score`, `end_of_hand` and the score sheet) serve Hoyle two-hand too
(arbiter/families/hoyle/).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from ... import cards as C
from ...i18n import msg, term
from ...rules.base import Config, OptionSpec, OptionValue, PileTake, RuleSet, Seating
from ...rules.groups import GROUP_CODES, group_meld_problem
from ...rules.remedies import failed_minimum_raise, permission_penalty, wrong_take_penalty
from ...rules.sheet_rules import summary_rules
from ...rules.sheet_spec import SUMMARY_CODES
from ...rulings import Rule
from ..caliente import policies as caliente
from .choices import CHOICES, LAWS, PROJECT_DEFAULT
from .scoring import SHEET, end_of_hand, laid_score
from .words import CLASSIC_WORDS

WILD_RATIOS = ("not-outnumbered", "naturals-outnumber", "at-most-three")
ONE_CARD_PILE = "take-one-card-pile"
CLASSIC_CODES = GROUP_CODES | SUMMARY_CODES | {"bonus-in-hand", ONE_CARD_PILE}

WILD_RATIO = OptionSpec(
    "wild-ratio",
    "not-outnumbered",
    "How many wilds a meld may hold beside its naturals, never more than three and never fewer than two "
    "naturals: `not-outnumbered` (no more wilds than naturals: [K K 2 2] but not [K K 2 2 2]), "
    "`naturals-outnumber` (more naturals than wilds, as in Caliente: not [K K 2 2]) or `at-most-three` (the "
    "limit of three alone: [K K 2 2 2] too).",
    f'{LAWS}, "Melds"; {PROJECT_DEFAULT}',
    WILD_RATIOS,
)
RED_THREE_IN_HAND = OptionSpec(
    "red-three-in-hand-penalty",
    500,
    "Points lost for each red three still in hand when the hand ends.",
    f'{LAWS}, "Red Threes"; {PROJECT_DEFAULT}',
)
LAST_RED_THREE = OptionSpec(
    "last-red-three-melds",
    False,
    "A player who draws a red three as the last card of the stock may meld before laying it (the hand still "
    "ends without a discard). By default the red three is laid at once and the hand ends.",
    f'{LAWS}, "Exhausting the Stock"; {PROJECT_DEFAULT}',
)

OPTIONS: tuple[OptionSpec, ...] = (
    WILD_RATIO,
    OptionSpec(
        "black-three-up",
        "covered",
        "A black three turned up to start the pile: `covered` (by the next card turned, without freezing the "
        "pile) or `top` (left as the up card, where it stops the first player).",
        f'{LAWS}, "The Deal"; {PROJECT_DEFAULT}',
        ("covered", "top"),
    ),
    OptionSpec(
        "black-three-freezes",
        False,
        "A black three discarded freezes the pile until it is taken. By default it only stops the next player.",
        f'{LAWS}, "Black Threes"; {PROJECT_DEFAULT}',
    ),
    OptionSpec(
        "concealed-waives-minimum",
        False,
        "Going out concealed waives the first-meld minimum. By default the minimum still applies.",
        f'{LAWS}, "Going Out"; {PROJECT_DEFAULT}',
    ),
    OptionSpec(
        "concealed-allows-discard",
        True,
        "A concealed going out may end with a discard.",
        f'{LAWS}, "Going Out"; {PROJECT_DEFAULT}',
    ),
    RED_THREE_IN_HAND,
    LAST_RED_THREE,
    permission_penalty(f'{LAWS}, "Going Out" and "Irregularities"; {PROJECT_DEFAULT}'),
    wrong_take_penalty(f'{LAWS}, "Irregularities"; {PROJECT_DEFAULT}', pile="discard pile"),
    failed_minimum_raise(f'{LAWS}, "Irregularities"; {PROJECT_DEFAULT}'),
    OptionSpec("target", 5_000, "The score that ends the game.", f'{LAWS}, "Scoring"'),
    OptionSpec(
        "canastas-to-go-out",
        0,
        "Canastas a side needs to go out (0: the laws', two with two players, one otherwise).",
        f'{LAWS}, "Going Out" and "Two-Hand and Three-Hand Canasta"; {PROJECT_DEFAULT}',
        book_value=lambda config: config.canastas_to_go_out,
    ),
)


def _rule(code: str, name: str, section: str, summary: str) -> tuple[str, Rule]:
    cited = section if '"' in section else f'"{section}"'
    return code, Rule(code, name, f"{LAWS}, {cited}", summary)


TABLES = '"Two-Hand and Three-Hand Canasta"'

CATALOGUE: dict[str, Rule] = dict(
    [
        # the table and the deal
        _rule(
            "seating",
            "Players and partnerships",
            f'"Players" and {TABLES}',
            "Four play as two partnerships, partners facing each other; two or three each play alone.",
        ),
        _rule("unknown-player", "Players", "Players", "Every name in the record must be one of the seated players."),
        _rule(
            "sitting-out",
            "Nobody sits out",
            f'"Players" and {TABLES}',
            "Classic Canasta is played by two, three or four, and everyone plays every hand: a hand line names "
            "nobody sitting out.",
        ),
        _rule("hand-number", "Hands in order", "The Deal", "Hands are numbered 1, 2, 3 ... in the order played."),
        _rule(
            "dealer-order",
            "The deal passes to the left",
            "The Deal",
            "After each hand the deal passes to the next player on the left.",
        ),
        _rule(
            "deal-size",
            "The deal",
            f'"The Deal" and {TABLES}',
            "Each player is dealt 11 cards with four players, 13 with three and 15 with two.",
        ),
        _rule(
            "deal-packet",
            "The deal",
            "The Deal",
            "Each player is dealt one hand and nothing else: a record that shows a Foot (`foot NAME cards`) "
            "shows cards nobody was dealt.",
        ),
        _rule(
            "card-count",
            "The cards",
            "The Pack",
            "Two packs of 52 with four jokers, 108 cards: eight of each rank from 4 to the Ace and of the deuces, "
            "four jokers, four red threes (B) and four black threes (S). No card may appear more often, and there "
            "are no Caliente cards.",
        ),
        _rule(
            "stock-order",
            "The stock",
            "The Deal",
            "Where the record gives the stock, every card turned or drawn must be the next card of it.",
        ),
        _rule("stock-empty", "The stock", "Exhausting the Stock", "Nobody can draw from an empty stock."),
        _rule(
            "up-card",
            "The up card",
            f'"The Deal"; {PROJECT_DEFAULT}',
            "The top card of the stock is turned to start the discard pile; a red three or a wild turned is covered "
            "by the next card, and freezes the pile. A black three turned is covered too, without freezing (project "
            "default, option black-three-up: or left on top, where it stops the first player).",
        ),
        _rule(
            "position",
            "Stated position",
            "The Play",
            "A stated position must be a position the game can reach: every player's hand, each side's melds, the "
            "pile and the stock, with no card more often than the pack holds it.",
        ),
        # the turn
        _rule(
            "turn-order",
            "Play passes to the left",
            "The Play",
            "The player to the dealer's left plays first, then play passes to the left.",
        ),
        _rule(
            "draw-first",
            "Begin the turn by drawing",
            "The Play",
            "A turn begins by drawing from the stock or taking the discard pile; only then may the player meld and "
            "discard.",
        ),
        _rule(
            "draw-count",
            "Drawing",
            f'"The Play" and {TABLES}',
            "A player draws one card from the stock; two in the two-hand game, or the last one when only one is left. "
            "Drawing and taking the discard pile exclude each other.",
        ),
        _rule(
            "card-not-held",
            "Playing from hand",
            "The Play",
            "A player can only meld, lay or discard cards that are in their hand.",
        ),
        # the discard pile
        _rule(
            "take-blocked",
            "A black three or a wild on the pile",
            '"Black Threes" and "Taking the Discard Pile"',
            "Nobody may take the discard pile while a black three, a wild or a red three is its top card.",
        ),
        _rule(
            "take-up-card",
            "Taking the discard pile",
            "Taking the Discard Pile",
            "The pile is taken by melding its top card, the up card.",
        ),
        _rule(
            "take-initial",
            "The pile frozen against a side until its first meld",
            '"Freezing the Discard Pile" and "Taking the Discard Pile"',
            "Until a side has melded, the pile is frozen against it: the up card is taken only with a natural pair "
            "of its rank from hand, never with a wild and never onto a meld; and the up card with the cards melded "
            "from hand as the pile is taken must meet the first-meld minimum (the rest of the pile does not count). "
            "A take without the right to it is restored and costs the side 50 (option wrong-take-penalty).",
        ),
        _rule(
            "take-frozen",
            "Taking the frozen discard pile",
            "Freezing the Discard Pile",
            "While a wild or a red three is in the pile, its up card is taken only with a natural pair of its rank "
            "from hand: never with a wild, never onto a meld on the table.",
        ),
        _rule(
            "take-unfrozen",
            "Taking the unfrozen discard pile",
            "Taking the Discard Pile",
            "After the side's first meld an unfrozen up card is taken with two cards of its rank from hand (a "
            "natural pair, or one natural and a wild), or onto the side's meld of its rank.",
        ),
        _rule(
            "take-always-frozen",
            "No pile is frozen for good",
            "Freezing the Discard Pile",
            "The laws have no pile frozen all the time: it is frozen by a wild or red three in it (and by a black "
            "three with option black-three-freezes) and against a side until its first meld, and taking it unfreezes "
            "it. This ruling is never given in classic Canasta.",
        ),
        _rule(
            ONE_CARD_PILE,
            "A one-card pile and a one-card hand",
            "Taking the Discard Pile",
            "A player holding a single card may not take a discard pile of a single card. A take against it is "
            "restored and costs the side 50 (option wrong-take-penalty).",
        ),
        # melds
        _rule(
            "first-meld-minimum",
            "The first meld",
            '"Melds" and "Irregularities"',
            "A side's first melds, made by one player in one turn, must be worth at least 15 points while the side's "
            "score is below zero, 50 from 0, 90 from 1,500 and 120 from 3,000; red threes do not count. The player "
            "may add cards that turn to reach it; otherwise the cards go back and the minimum rises by 10 for the "
            "hand (option failed-minimum-raise).",
        ),
        _rule(
            "meld-unknown",
            "Naming a meld",
            "Melds",
            "Cards are added only to a meld the side has; a side has one meld of each rank, named by its rank.",
        ),
        _rule(
            "meld-rank",
            "Melds",
            "Melds",
            "A meld is three or more cards of one rank from 4 to the Ace, with wilds; red threes are laid beside the "
            "melds and never melded; a second meld of a rank the side has joins the first.",
        ),
        _rule("meld-size", "Melds", "Melds", "A new meld has at least three cards."),
        _rule(
            "meld-wilds",
            "Wild cards in melds",
            f'"Melds"; {PROJECT_DEFAULT}',
            "A meld holds at least two naturals and at most three wilds, and by default no more wilds than naturals "
            "(option wild-ratio); wilds are never melded alone.",
        ),
        _rule(
            "stop-meld",
            "Melding black threes",
            "Black Threes",
            "Black threes are melded only by a player going out, three or four of them, with no wild.",
        ),
        # red threes
        _rule(
            "bonus-replacement",
            "Red threes laid and replaced",
            "Red Threes",
            "A red three is laid face up beside the side's melds as soon as it is dealt or drawn, and the player "
            "draws a replacement from the stock. One that comes with the discard pile is laid with no replacement.",
        ),
        _rule(
            "bonus-discard", "Red threes", "Red Threes", "A red three is never discarded: it is laid beside the melds."
        ),
        _rule(
            "bonus-in-hand",
            "A red three left in hand",
            f'"Red Threes"; {PROJECT_DEFAULT}',
            "A red three still in hand when the hand ends costs its side 500 points (option "
            "red-three-in-hand-penalty).",
        ),
        # the end of the turn and going out
        _rule(
            "discard",
            "Ending the turn",
            "The Play",
            "A turn ends with one discard, and nothing is played after it; a player who has not gone out must discard.",
        ),
        _rule(
            "go-out-canasta",
            "Going out needs a canasta",
            f'"Going Out" and {TABLES}',
            "A player may only empty the hand when the side has a canasta (two in the two-hand game; option "
            "canastas-to-go-out): without it the player keeps a card after discarding.",
        ),
        _rule(
            "go-out-permission",
            "Asking to go out",
            '"Going Out" and "Irregularities"',
            "A player who asks the partner whether to go out is bound by the answer: going out after a no, or not "
            "going out after a yes, costs the side 100 (option permission-penalty).",
        ),
        _rule(
            "ask",
            "Asking to go out",
            "Going Out",
            "Only a player with a partner can ask (two or three players play alone), and the question comes before "
            "melding.",
        ),
        _rule(
            "hand-over",
            "The hand ends",
            "Going Out",
            "The hand ends as soon as a player goes out (or the stock is exhausted and a player does not take the up "
            "card): nothing more is played.",
        ),
        _rule("out-marker", "Going out", "Going Out", "`out` states that the player has no cards left; it must agree."),
        # the exhausted stock
        _rule(
            "pass",
            "The exhausted stock",
            "Exhausting the Stock",
            "Once the stock is exhausted a player takes the up card or passes, and the pass ends the hand; while "
            "cards remain, a player draws.",
        ),
        _rule(
            "forced-take",
            "Forced take",
            f'"Exhausting the Stock"; {PROJECT_DEFAULT}',
            "With the stock exhausted, a player must take an unfrozen up card that matches one of the side's melds, "
            "when the player may take it and could end the turn after it.",
        ),
        _rule(
            "last-bonus",
            "A red three drawn last",
            f'"Exhausting the Stock"; {PROJECT_DEFAULT}',
            "A red three drawn as the last card of the stock is laid without a replacement and the hand ends: the "
            "player neither melds nor discards, and nobody goes out (option last-red-three-melds lets the player "
            "meld first).",
        ),
        # what classic Canasta does not have
        _rule(
            "caliente-card",
            "No Caliente cards",
            "The Pack",
            "Classic Canasta has no Caliente cards: a turn begins by drawing or taking the pile, never with "
            "`caliente`.",
        ),
        _rule(
            "caliente-refill",
            "No Caliente cards",
            "The Pack",
            "Classic Canasta has no Caliente cards, so nobody draws up after one.",
        ),
        # scores
        _rule(
            "score-mismatch",
            "Scoring",
            "Scoring",
            "A declared hand score must equal the recomputed one. A side scores its melded cards (jokers 50, deuces "
            "and Aces 20, 8 to King 10, 4 to 7 and black threes 5) and loses the cards left in its players' hands; "
            "going out earns 100, 200 when the player goes out concealed; each natural canasta 500, each mixed one "
            "300. Red threes are worth 100 each, 800 for all four, counted against a side that has not melded; one "
            "left in hand costs 500.",
        ),
        _rule(
            "total-mismatch",
            "Scoring",
            "Scoring",
            "Declared running totals must equal the sum of the recomputed hand scores.",
        ),
        _rule(
            "result-mismatch",
            "End of the game",
            "Scoring",
            "The game ends after the hand in which a side reaches 5,000 (option target); the higher score wins.",
        ),
        _rule(
            "game-over",
            "End of the game",
            "Scoring",
            "No hand is played after a side has reached 5,000, whether an earlier hand of the record took it there "
            "or the record starts from stated totals at or past it.",
        ),
    ]
)


# --- the policies shared with Hoyle two-hand -------------------------------------------------------


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


def classic_config(seating: Seating, options: Mapping[str, OptionValue], *, black_three_covered: bool) -> Config:
    """What every classic table shares: Caliente's table numbers with the laws' differences."""
    as_caliente = caliente.configure(seating, {spec.name: spec.default for spec in caliente.OPTIONS})
    covered = {C.LITTLE_WILD, C.BIG_WILD, C.BONUS} | ({C.STOP} if black_three_covered else set())
    return replace(
        as_caliente,
        extra_cards={},
        actions={},  # neither the Caliente card nor the Foot
        naturals_must_outnumber_wilds=options["wild-ratio"] == "naturals-outnumber",
        concealed_waives_minimum=bool(options["concealed-waives-minimum"]),
        concealed_allows_discard=bool(options.get("concealed-allows-discard", True)),
        target=int(options["target"]),
        first_meld_minimum=caliente.first_meld_minimum(False, 15),
        bonus_card_points=caliente.bonus_card_points(False),
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


def configure(seating: Seating, options: Mapping[str, OptionValue]) -> Config:
    config = classic_config(seating, options, black_three_covered=options["black-three-up"] == "covered")
    freezes = C.WILDS | ({C.STOP} if options["black-three-freezes"] else set())
    return replace(
        config,
        canastas_to_go_out=int(options["canastas-to-go-out"]) or (2 if len(seating.seats) == 2 else 1),
        discard_freezes=frozenset(freezes),
    )


def seating_problem(seating: Seating, options: Mapping[str, OptionValue]) -> str | None:
    """Two or three play alone; four as two partnerships, partners facing."""
    return caliente.seating_problem(seating, {})


CLASSIC = RuleSet(
    name="classic",
    title="Classic Canasta",
    summary="The partnership Canasta of the Official Canasta Laws with the ordinary deck (red threes, black "
    "threes, jokers and deuces), four players in two partnerships or two or three playing alone, the game to "
    "5,000.",
    options=OPTIONS,
    catalogue={**CATALOGUE, **summary_rules(CATALOGUE)},
    configure=configure,
    seat_counts=(2, 3, 4),
    seating_problem=seating_problem,
    raises=CLASSIC_CODES,
    choices=CHOICES,
)
