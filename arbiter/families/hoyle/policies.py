"""Hoyle two-hand Canasta: the rules of a computer game's help page that follows Hoyle's Rules of
Games with its own settings, two players, 108 cards, 15 dealt, one card drawn.

The page's own rules are the defaults: one card drawn, going out concealed without the first-meld
minimum, "passing the discard" with one card left and too few canastas, the top card alone taken
on an exhausted stock, a black three turned up left on top, 50 points and the pile restored for a
wrong take. Standard two-hand play of the Official Canasta Laws is reached with options (`draw=2`,
`pass-the-discard=no`, `exhausted-take=whole-pile`, ...). The game is classic Canasta at two
players otherwise, so the rule set starts from the laws' configuration (arbiter/rules/laws.py); choices.py (rendered in
docs/rules/hoyle.md) says where the page is silent and what the arbiter does.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from ...i18n import msg
from ...rules import laws
from ...rules.base import Config, OptionSpec, OptionValue, RuleSet, Seating, entry
from ...rules.laws_rules import LAWS, LAWS_DEFAULT, LAWS_RULES
from ...rules.policies import PileTake
from ...rules.sheet_rules import summary_rules
from ...rulings import Rule
from .choices import CHOICES, HOYLE, OVERVIEW, OVERVIEW_AND_RULES, PROJECT_DEFAULT, RULES, TWO_HAND

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "draw",
        1,
        "Cards drawn from the stock each turn: 1 (the page's game) or 2 (standard two-hand play).",
        f"{OVERVIEW}; {TWO_HAND}",
        (1, 2),
    ),
    OptionSpec(
        "canastas-to-go-out",
        2,
        "Canastas a player needs to go out: 1 or 2, the page's two settings.",
        f"{OVERVIEW_AND_RULES}; {PROJECT_DEFAULT}",
        (1, 2),
    ),
    OptionSpec(
        "black-three-up",
        "top",
        "A black three turned up to start the pile: `top` (left as the up card, where it stops the first player) "
        "or `covered` (by the next card turned, without freezing the pile).",
        RULES,
        ("top", "covered"),
    ),
    replace(laws.WILD_RATIO, source=f'{RULES} and {LAWS}, "Melds"; {PROJECT_DEFAULT}'),
    OptionSpec(
        "concealed-waives-minimum",
        True,
        "Going out concealed (the whole hand in one turn) waives the first-meld minimum. Off: the minimum applies.",
        RULES,
    ),
    OptionSpec(
        "pass-the-discard",
        True,
        "A player short of the canastas needed to go out, left with one card after melding, keeps it and ends the "
        "turn without discarding. Off (standard play): a player must always discard.",
        RULES,
    ),
    OptionSpec(
        "exhausted-take",
        "top-card",
        "What a player takes with an up card laid onto a meld once the stock is exhausted: `top-card` (that card "
        "alone, the rest of the pile stays) or `whole-pile` (the whole pile, as in standard play).",
        RULES,
        ("top-card", "whole-pile"),
    ),
    replace(laws.RED_THREE_IN_HAND, source=f'{LAWS}, "Red Threes"; {PROJECT_DEFAULT}'),
    replace(laws.LAST_RED_THREE, source=f'{LAWS}, "Exhausting the Stock"; {PROJECT_DEFAULT}'),
    OptionSpec(
        "wrong-take-penalty",
        50,
        "Points lost for taking the discard pile without a legal use for its top card; the pile is restored.",
        RULES,
    ),
    OptionSpec(
        "failed-minimum-raise",
        10,
        "How much the player's first-meld minimum rises for the rest of the hand after an insufficient first meld "
        "is taken back.",
        f'{LAWS}, "Irregularities"; {PROJECT_DEFAULT}',
    ),
    OptionSpec("target", 5_000, "The score that ends the game.", OVERVIEW),
)


def _from_laws(code: str) -> tuple[str, Rule]:
    """A rule the page does not state: the laws' rule, as Classic Canasta states it."""
    rule = LAWS_RULES[code]
    laws, default, _ = rule.source.partition(f"; {LAWS_DEFAULT}")
    source = f"{laws}, where the {HOYLE} is silent" + (f"; {PROJECT_DEFAULT}" if default else "")
    return code, Rule(code, rule.name, source, rule.summary)


FROM_LAWS = (
    "unknown-player",
    "hand-number",
    "dealer-order",
    "deal-packet",
    "stock-order",
    "position",
    "turn-order",
    "card-not-held",
    "take-always-frozen",
    "meld-unknown",
    "meld-rank",
    "bonus-discard",
    "bonus-in-hand",
    "out-marker",
    "stock-empty",
    "last-bonus",
    "caliente-card",
    "caliente-refill",
    "total-mismatch",
)

CATALOGUE: dict[str, Rule] = dict(
    [
        *map(_from_laws, FROM_LAWS),
        entry(
            "seating",
            "Two players",
            f"{OVERVIEW}",
            "Hoyle two-hand Canasta is played by two, each for themselves.",
        ),
        entry("sitting-out", "Nobody sits out", OVERVIEW, "Both players play every hand: nobody sits out."),
        entry("deal-size", "The deal", OVERVIEW, "Each player is dealt 15 cards."),
        entry(
            "card-count",
            "The cards",
            f'{OVERVIEW} and {LAWS}, "The Pack"',
            "Two packs with four jokers, 108 cards: eight of each rank from 4 to the Ace and of the deuces, four "
            "jokers, four red threes (B) and four black threes (S). No card may appear more often.",
        ),
        entry(
            "up-card",
            "The up card",
            RULES,
            "The top card of the stock is turned to start the discard pile; a red three or a wild turned is covered "
            "by the next card, and freezes the pile. A black three turned stays on top, where it stops the first "
            "player (option black-three-up).",
        ),
        entry(
            "draw-first",
            "Begin the turn by drawing",
            OVERVIEW,
            "A turn begins by drawing from the stock or taking the discard pile; then the player melds and discards.",
        ),
        entry(
            "draw-count",
            "Drawing",
            f"{OVERVIEW}; {TWO_HAND}",
            "A player draws one card from the stock (two with option draw=2, or the last one when only one is "
            "left). Drawing and taking the discard pile exclude each other.",
        ),
        entry(
            "take-blocked",
            "A black three, red three or wild on the pile",
            RULES,
            "Nobody may take the discard pile while a black three, a red three or a wild is its top card: a black "
            "three discarded stops the next player for one turn.",
        ),
        entry(
            "take-up-card",
            "Taking the discard pile",
            OVERVIEW,
            "Instead of drawing, a player may take the whole discard pile by melding its top card at once.",
        ),
        entry(
            "take-initial",
            "The pile frozen until the first meld",
            f'{RULES} and {LAWS}, "Freezing the Discard Pile"',
            "Until a player has melded, the pile is frozen against that player: the top card is taken only with a "
            "natural pair of its rank from hand, and the top card with the cards melded from hand as the pile is "
            "taken must meet the first-meld minimum (the rest of the pile does not count). A wrong take is restored "
            "and costs 50 (option wrong-take-penalty).",
        ),
        entry(
            "take-frozen",
            "Taking the frozen discard pile",
            RULES,
            "A wild discarded, or a red three or wild turned up, freezes the pile: its top card is then taken only "
            "with two natural cards of its rank from hand, as if the player had nothing on the table; never with a "
            "wild, never onto a meld.",
        ),
        entry(
            "take-unfrozen",
            "Taking the unfrozen discard pile",
            f'{OVERVIEW} and {LAWS}, "Taking the Discard Pile"',
            "An unfrozen top card is taken with two cards of its rank from hand (a natural pair, or a natural and a "
            "wild), or onto the player's meld of its rank.",
        ),
        entry(
            laws.ONE_CARD_PILE,
            "A one-card pile and a one-card hand",
            RULES,
            "A player holding a single card may never take a discard pile of a single card. A take against it is "
            "restored and costs 50 (option wrong-take-penalty).",
        ),
        entry(
            "first-meld-minimum",
            "The first meld",
            f'{RULES} and {LAWS}, "Melds"',
            "A player's first melds in a hand, made in one turn, must be worth at least 15 points while the player's "
            "score is below zero, 50 from 0, 90 from 1,500 and 120 from 3,000; red threes do not count. A player "
            "going out concealed need not meet it (option concealed-waives-minimum). Short of it, the player may "
            "add cards that turn; otherwise the cards go back and the minimum rises by 10 for the hand (option "
            "failed-minimum-raise).",
        ),
        entry("meld-size", "Melds", RULES, "A new meld has at least three cards of one rank."),
        entry(
            "meld-wilds",
            "Wild cards in melds",
            f'{RULES} and {LAWS}, "Melds"; {PROJECT_DEFAULT}',
            "A meld never holds more wilds than naturals, and at most three wilds (option wild-ratio); wilds are "
            "never melded alone.",
        ),
        entry(
            "stop-meld",
            "Melding black threes",
            RULES,
            "Black threes are melded only by a player going out, three or four of them, with no wild.",
        ),
        entry(
            "bonus-replacement",
            "Red threes laid and replaced",
            f'{RULES} and {LAWS}, "Red Threes"',
            "A red three is laid face up as soon as it is dealt or drawn, and the player draws a replacement, again "
            "for a red three drawn as a replacement. One that comes with the discard pile is laid with no "
            "replacement.",
        ),
        entry(
            "discard",
            "Ending the turn",
            f"{OVERVIEW_AND_RULES}",
            "A turn ends with one discard, and nothing is played after it. A player going out need not discard; a "
            "player short of the canastas needed, left with one card, keeps it and does not discard (passing the "
            "discard, option pass-the-discard).",
        ),
        entry(
            "go-out-canasta",
            "Going out needs two canastas",
            f"{OVERVIEW_AND_RULES}; {PROJECT_DEFAULT}",
            "A player may only empty the hand with two canastas on the table (option canastas-to-go-out: one).",
        ),
        entry(
            "go-out-permission",
            "No partner to ask",
            OVERVIEW,
            "Two players have no partner: nobody asks permission to go out, so no answer binds anyone.",
        ),
        entry("ask", "No partner to ask", OVERVIEW, "Two players have no partner to ask whether to go out."),
        entry(
            "hand-over",
            "The hand ends",
            f"{OVERVIEW_AND_RULES}",
            "The hand ends as soon as a player goes out, or the stock is exhausted and a player can neither take the "
            "top card nor the pile: nothing more is played.",
        ),
        entry(
            "pass",
            "The exhausted stock",
            f"{RULES}; {PROJECT_DEFAULT}",
            "Once the stock is exhausted a player takes the top card or the pile, or ends the hand (`pass`) without "
            "discarding; while cards remain, a player draws.",
        ),
        entry(
            "forced-take",
            "The top card taken on an exhausted stock",
            RULES,
            "With the stock exhausted, a player must take an unfrozen top card that fits one of the player's melds: "
            "that card alone, the rest of the pile staying (option exhausted-take), and then discards as usual.",
        ),
        entry(
            "score-mismatch",
            "Scoring",
            f'{RULES} and {LAWS}, "Scoring"',
            "A declared hand score must equal the recomputed one. A player scores the melded cards (jokers 50, "
            "deuces and Aces 20, 8 to King 10, 4 to 7 and black threes 5) and loses the cards left in hand; going "
            "out earns 100, 200 concealed; each natural canasta 500, each mixed one 300. Red threes are worth 100 "
            "each, 800 for all four, counted against a player who has not melded; one left in hand costs 500.",
        ),
        entry(
            "result-mismatch",
            "End of the game",
            OVERVIEW,
            "The game ends after the hand in which a player reaches 5,000 (option target); the higher score wins.",
        ),
        entry(
            "game-over",
            "End of the game",
            OVERVIEW,
            "No hand is played after a player has reached 5,000, whether an earlier hand of the record took it "
            "there or the record starts from stated totals at or past it.",
        ),
    ]
)


def pile_cards_taken(take: PileTake, rest: int, config: Config) -> int:
    """On an exhausted stock the top card laid onto a meld comes alone (`exhausted-take=top-card`)."""
    if take.onto and take.stock_left == 0 and config.options.get("exhausted-take") == "top-card":
        return 0
    return rest


def configure(seating: Seating, options: Mapping[str, OptionValue]) -> Config:
    config = laws.laws_config(seating, options, black_three_covered=options["black-three-up"] == "covered")
    return replace(
        config,
        deal_size=15,
        draw_count=int(options["draw"]),
        canastas_to_go_out=int(options["canastas-to-go-out"]),
        keeps_last_card=bool(options["pass-the-discard"]),
        pile_cards_taken=pile_cards_taken,
    )


def seating_problem(seating: Seating, options: Mapping[str, OptionValue]) -> str | None:
    if len(seating.seats) != 2 or len(seating.sides) != 2:
        return msg("Hoyle two-hand Canasta is for two players, each alone, not {count}", count=len(seating.seats))
    return None


HOYLE_RULES = RuleSet(
    name="hoyle",
    title="Hoyle two-hand Canasta",
    summary="Two-hand Canasta as a computer game's rules page after Hoyle's Rules of Games plays it: 108 cards, 15 "
    "dealt, one drawn, two canastas to go out, concealed going out without the minimum, passing the discard, the "
    "top card alone on an exhausted stock; standard two-hand play with options.",
    options=OPTIONS,
    catalogue={**CATALOGUE, **summary_rules(CATALOGUE)},
    configure=configure,
    seat_counts=(2,),
    seating_problem=seating_problem,
    raises=laws.LAWS_CODES,
    choices=CHOICES,
)
