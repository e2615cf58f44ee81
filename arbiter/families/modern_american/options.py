"""Modern American Canasta: every point the sources settle differently is a named option, with the
League's reading as its default, and the presets clubs name (`league`, `pagat`, `app`).

Where the League's rules (as transcribed) speak, the default follows them; where they are silent,
the default is what most other sources play, and choices.py says so. The options of the two- and
three-player games default to 0, "by the table": the numbers of the sources that describe those
games (few, and thin).
"""

from __future__ import annotations

from collections.abc import Mapping

from ...rules.base import OptionSpec, OptionValue
from ...rules.remedies import permission_penalty, wrong_take_penalty
from .sources import (
    APP_BLOG,
    APP_HELP,
    HONORS,
    LEAGUE,
    PAGAT,
    PLAYERS,
    PROJECT_DEFAULT,
    TEACHING,
    TOURNAMENT,
    TWO_HAND_APP,
    WIKIPEDIA,
    league,
)


def _disputed(*sources: str) -> str:
    return "; ".join((*sources, PROJECT_DEFAULT))


# --- the table, the deal and the draw ---------------------------------------------------------
TABLE = (
    OptionSpec(
        "deal-size",
        0,
        "Cards dealt to each player (0: by the table, 13 with four players, 15 with two or three).",
        _disputed(league("Setup"), PAGAT, PLAYERS),
        least=0,
    ),
    OptionSpec(
        "draw",
        0,
        "Cards drawn from the stock each turn (0: by the table, one with four players, two with two or three).",
        _disputed(league("The turn"), PAGAT, PLAYERS),
        least=0,
    ),
    OptionSpec(
        "canastas-to-go-out",
        0,
        "Canastas a side needs to go out (0: by the table, two with two or four players, one with three).",
        _disputed(league("Going out"), PAGAT, PLAYERS),
        least=0,
    ),
    OptionSpec("target", 8_500, "The score that wins the game.", f"{league('Game end')}; {PAGAT}"),
    OptionSpec(
        "tie",
        "another-hand",
        "Both sides at or past the target with equal totals: `another-hand` (play on until one leads) or "
        "`shared` (both win).",
        PROJECT_DEFAULT,
        ("another-hand", "shared"),
    ),
)

# --- the opening ---------------------------------------------------------------------------------
OPENING = (
    OptionSpec(
        "opening-minimum",
        "by-score",
        "What sets a side's opening minimum: `by-score` (125 below 3,000, 155 from 3,000, 180 from 5,000) or "
        "`by-hand-number` (125, 155, 180 for the first, second and third hand, as timed tournaments play).",
        _disputed(league("Initial meld"), PAGAT, TOURNAMENT),
        ("by-score", "by-hand-number"),
    ),
    OptionSpec(
        "opening-wild-meld-counts-as-clean",
        False,
        "A meld of three or more wild cards may stand for the opening's clean triple. By default the opening "
        "needs three natural cards of one rank without wilds.",
        _disputed(league("Initial meld"), PAGAT, PLAYERS),
    ),
    OptionSpec(
        "splash",
        True,
        "A complete natural canasta laid from hand opens the side whatever the minimum (the Splash); never with "
        "the pile's card.",
        _disputed(PAGAT, HONORS, PLAYERS),
    ),
    OptionSpec(
        "wild-canasta-opening",
        True,
        "A complete wild-card canasta laid from hand opens the side on its own, without a clean triple.",
        _disputed(PAGAT, PLAYERS),
    ),
    OptionSpec(
        "mixed-canasta-in-opening",
        False,
        "A mixed canasta may be laid or completed in the opening. By default it may not.",
        _disputed(league("Initial meld"), HONORS, PLAYERS),
    ),
    OptionSpec(
        "opening-pair-plus-wild",
        True,
        "Two naturals and one wild make a meld in the opening. Off: an opening meld with a wild holds three "
        "naturals or more.",
        _disputed(league("Melding"), TEACHING),
    ),
    OptionSpec(
        "split-wilds-at-opening",
        "if-complete",
        "Wild cards shared between a new wild-card meld and other melds in the opening: `if-complete` (only if "
        "the wild-card meld is a canasta by the end of the turn), `allowed` or `forbidden`.",
        _disputed(league("Wild card melds"), PAGAT, PLAYERS),
        ("if-complete", "allowed", "forbidden"),
    ),
    OptionSpec(
        "keep-after-opening",
        "hold-without-talon",
        "What an opener keeps after melding: `hold-without-talon` (a card to discard, and a second card when no "
        "talon follows), `discard-only` or `hold-and-throw` (always two).",
        _disputed(HONORS, PLAYERS),
        ("hold-without-talon", "discard-only", "hold-and-throw"),
    ),
    OptionSpec(
        "mismeld-penalty",
        "score",
        "What a mismeld (an opening short of the minimum or of its clean triple, taken back) costs: `score` "
        "(mismeld-points off the side's score) or `minimum` (the side's minimum rises by mismeld-points for the "
        "hand).",
        _disputed(TEACHING, PLAYERS),
        ("score", "minimum"),
    ),
    OptionSpec("mismeld-points", 10, "The points of the mismeld penalty.", _disputed(TEACHING, PLAYERS), least=0),
)

# --- the talon -----------------------------------------------------------------------------------
TALON = (
    OptionSpec(
        "first-talon",
        4,
        "Cards of the talon the first side to open draws from the stock after its discard (0: no talon).",
        f"{league('Initial meld')}; {PAGAT}; {APP_HELP}",
        least=0,
    ),
    OptionSpec(
        "later-talon",
        3,
        "Cards of the talon each later side to open draws.",
        f"{league('Initial meld')}; {PAGAT}; {APP_HELP}",
        least=0,
    ),
    OptionSpec(
        "talon-source",
        "stock",
        "Where the talon comes from: `stock` (its top cards, after the opener's discard) or `predealt` (piles of "
        "four and three set aside at the deal, as older tables play).",
        _disputed(league("Initial meld"), APP_HELP, TWO_HAND_APP),
        ("stock", "predealt"),
    ),
)

# --- threes ---------------------------------------------------------------------------------------
THREES = (
    OptionSpec(
        "replace-threes-after-turn-card",
        True,
        "A three laid after the turn card has been drawn is still replaced from the stock.",
        _disputed(LEAGUE, PLAYERS),
    ),
    OptionSpec(
        "forgotten-three",
        "laid-next-turn",
        "A three not laid when it should have been: `laid-next-turn` (without a replacement) or `kept` (in hand to "
        "the end).",
        _disputed(HONORS, PLAYERS),
        ("laid-next-turn", "kept"),
    ),
    OptionSpec(
        "last-card-three",
        "ends-hand",
        "The last card of the stock drawn is a three: `ends-hand` (at once, the three stays in hand) or "
        "`may-go-out` (the player may still go out, discarding it face down).",
        _disputed(league("Threes"), PAGAT, APP_BLOG, PLAYERS),
        ("ends-hand", "may-go-out"),
    ),
    OptionSpec(
        "three-in-hand-value",
        5,
        "Points a three left in a hand costs (a three drawn as the stock's last card always costs 5).",
        _disputed(league("Scoring"), PAGAT, APP_BLOG),
        least=0,
    ),
)

# --- melds ----------------------------------------------------------------------------------------
MELDS = (
    OptionSpec(
        "meld-base",
        5,
        "Natural cards a meld must hold before a wild joins it, once the side has opened (the rule of five); "
        "3 for the tables that do not play it.",
        _disputed(league("Melding"), PAGAT, HONORS, PLAYERS),
        (5, 3),
    ),
    OptionSpec(
        "meld-base-when-going-out",
        "unchanged",
        "The rule of five on the turn a player goes out: `unchanged` or `relaxed` (two naturals and a wild allowed).",
        _disputed(TEACHING, PLAYERS),
        ("unchanged", "relaxed"),
    ),
    OptionSpec(
        "dead-rank-freezes-both-teams",
        True,
        "A rank in which either side has completed a canasta is dead for both: no meld of it is started or grown. "
        "Off: the other side may still grow its meld of that rank.",
        _disputed(league("Melding"), PAGAT, PLAYERS),
    ),
    OptionSpec(
        "eighth-card-going-out",
        False,
        "A player going out may add an eighth card to a canasta. By default a meld never passes seven cards.",
        _disputed(league("Melding"), PAGAT, WIKIPEDIA),
    ),
    OptionSpec(
        "pile-ace-on-top-when-opening",
        "natural",
        "An ace taken from the pile in an opening: `natural` (its meld of aces holds no wild) or `allowed`.",
        _disputed(APP_BLOG, TEACHING, PLAYERS),
        ("natural", "allowed"),
    ),
)

# --- the discard pile ---------------------------------------------------------------------------
PILE = (
    OptionSpec(
        "opening-pile-pair",
        "any",
        "The natural pair that takes the pile in an opening: `any` (it may belong to the opening's melds) or "
        "`separate` (a pair beyond the melds that make the opening).",
        _disputed(league("Picking up the pile"), PLAYERS),
        ("any", "separate"),
    ),
    OptionSpec(
        "pile-with-wild",
        "whole-pile",
        "A pile with a wild discarded into it: `whole-pile` (the taker takes it all) or `above-the-wild` (only "
        "the cards above the wild).",
        _disputed(PLAYERS, TEACHING),
        ("whole-pile", "above-the-wild"),
    ),
    OptionSpec(
        "empty-tray-ban",
        "swad",
        "What may not be discarded onto an empty pile: `swad` (sevens, wilds, aces and cards of a dead rank), "
        "`aces-sevens` or `off`.",
        _disputed(league("Discarding"), PAGAT, APP_BLOG, PLAYERS),
        ("swad", "aces-sevens", "off"),
    ),
    OptionSpec(
        "no-legal-discard",
        "take-back",
        "A player whose cards are all barred from an empty pile: `take-back` (takes a melded card back to "
        "discard, even from a canasta) or `discard-ace-or-seven` (discards an ace or a seven).",
        _disputed(league("Discarding"), PAGAT, PLAYERS),
        ("take-back", "discard-ace-or-seven"),
    ),
    wrong_take_penalty(PROJECT_DEFAULT, pile="discard pile"),
)

# --- going out -----------------------------------------------------------------------------------
GOING_OUT = (
    OptionSpec(
        "asks-per-hand",
        "team",
        "How often a player may ask the partner to go out: `team` (one ask per side each hand) or `player` (one "
        "for each player).",
        _disputed(league("Going out"), PAGAT, PLAYERS),
        ("team", "player"),
    ),
    permission_penalty(_disputed(league("Going out"), PAGAT)),
    OptionSpec(
        "three-as-final-discard",
        False,
        "A three may be the face-down discard that goes out. By default it may not.",
        _disputed(league("Going out"), PLAYERS),
    ),
    OptionSpec(
        "wild-as-final-discard",
        "allowed",
        "A wild as the face-down discard that goes out: `allowed` or `last-resort` (only when no other card is "
        "left to discard).",
        _disputed(league("Going out"), PAGAT, PLAYERS),
        ("allowed", "last-resort"),
    ),
)

# --- special hands --------------------------------------------------------------------------------
SPECIAL = (
    OptionSpec(
        "special-hands",
        "league",
        "Which special hands a side may lay, and their values: `league` (the League's eleven), `pagat` (Straight, "
        "Pairs, Wild Pairs and Garbage at pagat's values), `flat-2500` (the League's hands, each 2,500) or "
        "`none` (the default at two and three players).",
        _disputed(league("Special hands"), PAGAT, PLAYERS),
        ("league", "pagat", "flat-2500", "none"),
    ),
    OptionSpec(
        "zip-code-wilds",
        True,
        "Zip Code and Blast Off may hold groups of matching wild cards. Off: no wild cards.",
        _disputed(league("Special hands"), PLAYERS),
    ),
    OptionSpec(
        "wild-pairs-wilds",
        "twos-or-jokers",
        "The wild pair of Wild Pairs: `twos-or-jokers` (a pair of 2s or a pair of jokers) or `twos`.",
        _disputed(league("Special hands"), PAGAT, HONORS),
        ("twos-or-jokers", "twos"),
    ),
    OptionSpec(
        "triples-pair",
        "wild",
        "The pair that completes Triples and Quads: `wild` (a matching wild pair) or `any`.",
        _disputed(league("Special hands"), PLAYERS),
        ("wild", "any"),
    ),
    OptionSpec(
        "courtesy-special",
        False,
        "The partner of a player who has just opened may still lay a special hand on the very next turn. By "
        "default only a side that has not opened may.",
        _disputed(league("Special hands"), HONORS, TEACHING, PLAYERS),
    ),
    OptionSpec(
        "special-from-pile",
        False,
        "The pile's top card may be the fourteenth card of a special hand. By default it comes from the stock.",
        _disputed(TEACHING, PLAYERS),
    ),
)

# --- end-of-hand penalties ----------------------------------------------------------------------
PENALTIES = (
    OptionSpec(
        "incomplete-wild-four-jokers",
        2_000,
        "Points an unfinished wild-card meld holding all four jokers costs (any other costs 2,000).",
        _disputed(league("Penalties"), PAGAT, APP_BLOG),
        (2_000, 2_500),
    ),
    OptionSpec(
        "ace-seven-penalty-scope",
        "player",
        "The 1,500 for three or more aces (or sevens) left in hand: `player` (each player who holds them) or "
        "`team` (once for the side).",
        _disputed(PAGAT, APP_BLOG, PLAYERS),
        ("player", "team"),
    ),
)

OPTIONS: tuple[OptionSpec, ...] = (*TABLE, *OPENING, *TALON, *THREES, *MELDS, *PILE, *GOING_OUT, *SPECIAL, *PENALTIES)

DEFAULTS: dict[str, OptionValue] = {spec.name: spec.default for spec in OPTIONS}

PAGAT_READING: dict[str, OptionValue] = {
    "opening-wild-meld-counts-as-clean": True,
    "splash": True,
    "wild-canasta-opening": True,
    "incomplete-wild-four-jokers": 2_500,
    "empty-tray-ban": "aces-sevens",
    "no-legal-discard": "discard-ace-or-seven",
    "special-hands": "pagat",
    "wild-pairs-wilds": "twos",
}
APP_READING: dict[str, OptionValue] = {"three-in-hand-value": 100}

PRESETS: Mapping[str, Mapping[str, OptionValue]] = {
    "league": DEFAULTS,
    "pagat": {**DEFAULTS, **PAGAT_READING},
    "app": {**DEFAULTS, **APP_READING},
}
"""The League's reading (every default), pagat's and the Canasta Junction app's: each preset sets
every option, so that a preset named after another option never keeps that option's value by
accident; options written after it override it."""
