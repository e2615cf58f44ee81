"""Classic Canasta: where the rule books are silent or disagree, and what the arbiter does.

Rendered in docs/rules/classic.md, section "Where the rule books are silent or disagree", which
every rule and option resting on a project default cites (`PROJECT_DEFAULT`). Written in the
project's own words: the books are cited by title and section, never quoted.
"""

from __future__ import annotations

from ...rules.defaults import Choice
from ...rules.laws_rules import LAWS, LAWS_DEFAULT

PROJECT_DEFAULT = LAWS_DEFAULT
BICYCLE = "Bicycle's Canasta rules"
PAGAT = "pagat.com's Canasta"
PARLETT = "Parlett's Penguin Book of Card Games, Canasta"

CHOICES: tuple[Choice, ...] = (
    Choice(
        point="Which rule books, and how a rule is cited",
        books=f"Classic Canasta is the partnership game of the {LAWS}; {BICYCLE}, {PAGAT} and {PARLETT} "
        "describe the same game. The Caliente books say their deck plays it, the red three being their Bonus "
        "card and the black three their Stop card.",
        chosen=f"A rule is cited by the {LAWS} and the part of the game it belongs to (the pack, the deal, the "
        "play, melds, freezing and taking the discard pile, red threes, going out, exhausting the stock, "
        "scoring, irregularities): the editions of the laws number and title their sections differently, so "
        "the topic is what a director can look up in any of them. Where the laws leave a point open the "
        "source is this page, which names the reference followed.",
        why="The laws are the standard every other description follows; where the references differ, the "
        "difference is an option.",
    ),
    Choice(
        point="The tables of two and three",
        books=f'{LAWS}, "Two-Hand and Three-Hand Canasta": two play alone with 15 cards each, drawing two and '
        "needing two canastas to go out; three play alone with 13 cards each, drawing one.",
        chosen="Two players: 15 dealt, two drawn, two canastas to go out. Three: 13 dealt, one drawn, one canasta. "
        "Four: two partnerships, 11 dealt, one drawn, one canasta.",
        why="These are the laws' numbers, and the Caliente books' for the same tables.",
        option="canastas-to-go-out",
    ),
    Choice(
        point="How many wild cards a meld may hold",
        books=f'{LAWS}, "Melds": at least two naturals and at most three wilds. Other references, Hoyle\'s '
        "two-hand game among them, add that wilds may never outnumber the naturals; the Caliente books ask the "
        "naturals to outnumber the wilds.",
        chosen="At most three wilds, never more wilds than naturals (equal numbers allowed): [K K 2 2] is a meld, "
        "[K K 2 2 2] is not.",
        why="It is what most classic tables play, and it agrees with the laws on every meld of three or four cards.",
        option="wild-ratio",
    ),
    Choice(
        point="A black three turned up to start the pile",
        books=f'{LAWS}, "The Deal": a red three or a wild turned up is covered by the next card and freezes '
        "the pile; the references differ on a black three, which some leave on top (it stops the first player) "
        "and others, the Caliente books among them, cover like the rest.",
        chosen="It is covered by the next card, without freezing the pile.",
        why="Left on top it does nothing but stop the first player, and the tables that play the Caliente deck "
        "cover it; the laws' way is the option.",
        option="black-three-up",
    ),
    Choice(
        point="A black three discarded",
        books=f'{LAWS}, "Black Threes": it stops the next player from taking the pile, for one turn only. '
        f"{BICYCLE} word it as freezing the pile.",
        chosen="It stops the next player only; the pile is not frozen.",
        why="It is the laws' rule, and once covered a black three no longer matters in every other reference.",
        option="black-three-freezes",
    ),
    Choice(
        point="Going out concealed and the first-meld minimum",
        books=f'{LAWS}, "Going Out": a player who melds the whole hand in one turn, a canasta among it, goes out '
        "concealed; the laws we follow do not relax the first-meld minimum for it. Some tables (and Hoyle's "
        "two-hand computer game) do.",
        chosen="The minimum still applies to the melds of a side's first turn, concealed or not.",
        why="It is the plain reading of the laws' minimum, which applies to a side's first melds whatever comes of them.",
        option="concealed-waives-minimum",
    ),
    Choice(
        point="Going out concealed with a discard",
        books=f'{LAWS}, "Going Out": going out concealed is melding the whole hand in one turn; a player going '
        "out may meld every card or all but one and discard it.",
        chosen="A concealed going out may end with a discard.",
        why="The laws let any going out end with a discard, and do not say the concealed one is different.",
        option="concealed-allows-discard",
    ),
    Choice(
        point="A red three left in hand",
        books=f'{LAWS}, "Red Threes": a red three is laid as soon as it is drawn; one still in hand when the hand '
        "ends costs 500. The Caliente books charge 100 for their Bonus card.",
        chosen="500 points for each red three left in hand.",
        why="It is the laws' penalty.",
        option="red-three-in-hand-penalty",
    ),
    Choice(
        point="A red three drawn as the last card of the stock",
        books=f'{LAWS}, "Exhausting the Stock": the player lays it, draws no replacement, and may neither meld '
        "nor discard; the hand ends. Some references let the player meld first.",
        chosen="The red three is laid at once and the hand ends: no meld, no discard, nobody goes out.",
        why="It is the laws' rule.",
        option="last-red-three-melds",
    ),
    Choice(
        point="The forced take on an exhausted stock",
        books=f'{LAWS}, "Exhausting the Stock": while the stock is exhausted a player must take an unfrozen up '
        "card that matches a meld of the side; the first player who does not take the up card ends the hand.",
        chosen="The take is forced only when the player could end the turn after it (keep a card after the "
        "discard, or go out with the canastas the side needs) and is allowed to take it (a player holding one "
        "card never takes a one-card pile).",
        why="A rule cannot force a move that the next rule forbids.",
    ),
    Choice(
        point="Going out against the partner's answer",
        books=f'{LAWS}, "Going Out" and "Irregularities": the partner\'s answer binds; going out after a no, or '
        "not going out after a yes, costs 100.",
        chosen="100 points for the side.",
        why="It is the laws' penalty.",
        option="permission-penalty",
    ),
    Choice(
        point="Taking the pile without the right to it",
        books=f'{LAWS}, "Irregularities": the pile is restored and the side loses 50.',
        chosen="The pile is restored and the side loses 50 points.",
        why="It is the laws' penalty.",
        option="wrong-take-penalty",
    ),
    Choice(
        point="A first meld short of the minimum",
        books=f'{LAWS}, "Irregularities": the player may add cards that bring it to the minimum; otherwise the '
        "cards go back and the side's minimum rises by 10 for that hand.",
        chosen="As the laws say.",
        why="It is the laws' remedy.",
        option="failed-minimum-raise",
    ),
)
