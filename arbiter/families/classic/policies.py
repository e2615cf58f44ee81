"""Classic Canasta: the partnership game of the Official Canasta Laws with the ordinary deck (red
threes, black threes, jokers and deuces), at four players and at the two- and three-hand tables.

The laws' game itself (its options, policies, scoring and configuration) is arbiter/rules/laws.py,
which Hoyle two-hand and Modern American Canasta start from too; this module holds Classic
Canasta's catalogue of rules and its rule set. Where the laws are silent or the references
disagree, choices.py (rendered in docs/rules/classic.md) says what the arbiter does, and each such
default is an option.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...rules.base import OptionSpec, OptionValue, RuleSet, Seating
from ...rules.laws import LAWS_CODES, LAWS_OPTIONS, ONE_CARD_PILE, laws_game
from ...rules.laws_rules import LAWS, laws_rule
from ...rules.sheet_rules import summary_rules
from ...rules.standard import seating_problem as standard_seating
from ...rulings import Rule
from .choices import CHOICES, PROJECT_DEFAULT

OPTIONS: tuple[OptionSpec, ...] = LAWS_OPTIONS
"""The laws' options (arbiter/rules/laws.py), as Classic Canasta offers them."""


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
        laws_rule("unknown-player"),
        _rule(
            "sitting-out",
            "Nobody sits out",
            f'"Players" and {TABLES}',
            "Classic Canasta is played by two, three or four, and everyone plays every hand: a hand line names "
            "nobody sitting out.",
        ),
        laws_rule("hand-number"),
        laws_rule("dealer-order"),
        _rule(
            "deal-size",
            "The deal",
            f'"The Deal" and {TABLES}',
            "Each player is dealt 11 cards with four players, 13 with three and 15 with two.",
        ),
        laws_rule("deal-packet"),
        _rule(
            "card-count",
            "The cards",
            "The Pack",
            "Two packs of 52 with four jokers, 108 cards: eight of each rank from 4 to the Ace and of the deuces, "
            "four jokers, four red threes (B) and four black threes (S). No card may appear more often, and there "
            "are no Caliente cards.",
        ),
        laws_rule("stock-order"),
        laws_rule("stock-empty"),
        _rule(
            "up-card",
            "The up card",
            f'"The Deal"; {PROJECT_DEFAULT}',
            "The top card of the stock is turned to start the discard pile; a red three or a wild turned is covered "
            "by the next card, and freezes the pile. A black three turned is covered too, without freezing (project "
            "default, option black-three-up: or left on top, where it stops the first player).",
        ),
        laws_rule("position"),
        # the turn
        laws_rule("turn-order"),
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
        laws_rule("card-not-held"),
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
        laws_rule("take-always-frozen"),
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
        laws_rule("meld-unknown"),
        laws_rule("meld-rank"),
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
        laws_rule("bonus-discard"),
        laws_rule("bonus-in-hand"),
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
        laws_rule("out-marker"),
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
        laws_rule("last-bonus"),
        # what classic Canasta does not have
        laws_rule("caliente-card"),
        laws_rule("caliente-refill"),
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
        laws_rule("total-mismatch"),
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


def seating_problem(seating: Seating, options: Mapping[str, OptionValue]) -> str | None:
    """Two or three play alone; four as two partnerships, partners facing."""
    return standard_seating(seating, {})


CLASSIC = RuleSet(
    name="classic",
    title="Classic Canasta",
    summary="The partnership Canasta of the Official Canasta Laws with the ordinary deck (red threes, black "
    "threes, jokers and deuces), four players in two partnerships or two or three playing alone, the game to "
    "5,000.",
    options=OPTIONS,
    catalogue={**CATALOGUE, **summary_rules(CATALOGUE)},
    configure=laws_game,
    seat_counts=(2, 3, 4),
    seating_problem=seating_problem,
    raises=LAWS_CODES,
    choices=CHOICES,
)
