"""Hoyle two-hand Canasta: where the rule books are silent or disagree, and what the arbiter does.

Rendered in docs/rules/hoyle.md, section "Where the rule books are silent or disagree", which
every rule and option resting on a project default cites (`PROJECT_DEFAULT`). Written in the
project's own words: the books are cited by title and section, never quoted.
"""

from __future__ import annotations

from ...rules.defaults import Choice
from ...rules.laws_rules import LAWS

PROJECT_DEFAULT = 'Project default (docs/rules/hoyle.md, "Where the rule books are silent or disagree")'

HOYLE = "Hoyle Canasta rules page"
OVERVIEW = f'{HOYLE}, "Overview"'
RULES = f'{HOYLE}, "Rules"'
OVERVIEW_AND_RULES = f'{HOYLE}, "Overview" and "Rules"'
TWO_HAND = f'{LAWS}, "Two-Hand and Three-Hand Canasta"'

CHOICES: tuple[Choice, ...] = (
    Choice(
        point="Which rule book, and how a rule is cited",
        books=f"The {HOYLE} is the help page of a computer Canasta game that follows Hoyle's Rules of Games with "
        "settings of its own: one card drawn, going out concealed without the first-meld minimum, passing the "
        "discard with one card left, the top card alone taken on an exhausted stock. Its two sections are "
        f'"Overview" and "Rules". Standard two-hand play is in the {LAWS} ("Two-Hand and Three-Hand Canasta").',
        chosen=f"The page's rules are the defaults, cited by its section; where it is silent the {LAWS} fill in, "
        "and each of the page's own settings has an option that gives the laws' two-hand game instead.",
        why="A record of that game is judged by its own rules, and a club playing standard two-hand Canasta "
        "switches the options.",
    ),
    Choice(
        point="How many cards a player draws",
        books=f"{OVERVIEW}: one card from the stock. {TWO_HAND}: two cards, one discarded.",
        chosen="One card.",
        why="It is the page's rule; `draw=2` is the laws' two-hand game.",
        option="draw",
    ),
    Choice(
        point="How many canastas to go out",
        books=f"{OVERVIEW} and {RULES}: one or two, as a setting of the game says. {TWO_HAND}: two.",
        chosen="Two canastas.",
        why="It is the laws' two-hand rule, and one of the page's two settings.",
        option="canastas-to-go-out",
    ),
    Choice(
        point="A black three turned up to start the pile",
        books=f"{RULES}: the turning goes on past a red three or a wild only, so a black three turned stays on "
        "top. The Caliente books cover it like a wild.",
        chosen="It stays on top, where it stops the first player; the pile is not frozen.",
        why="It is the page's rule.",
        option="black-three-up",
    ),
    Choice(
        point="How many wild cards a meld may hold",
        books=f'{RULES}: never more wilds than naturals. {LAWS}, "Melds": at least two naturals and at most three '
        "wilds; the page names no limit of three.",
        chosen="Never more wilds than naturals, at most three wilds, at least two naturals.",
        why="The page's ratio, with the laws' limit where the page is silent.",
        option="wild-ratio",
    ),
    Choice(
        point="Going out concealed and the first-meld minimum",
        books=f"{RULES}: a player who goes out in one turn need not meet the minimum. The {LAWS} do not waive it.",
        chosen="Waived: a player going out concealed melds without the minimum.",
        why="It is the page's rule.",
        option="concealed-waives-minimum",
    ),
    Choice(
        point="One card left and too few canastas: passing the discard",
        books=f"{RULES}: a player short of the canastas needed, left with one card to discard, keeps it and ends "
        f"the turn without discarding. The {LAWS} have no such move: a player must always discard and keep a card, "
        "so may not meld down to a single card.",
        chosen="The last card is kept, and the turn ends without a discard.",
        why="It is the page's rule.",
        option="pass-the-discard",
    ),
    Choice(
        point="The up card taken on an exhausted stock",
        books=f"{RULES}: with the stock exhausted, a player must take an unfrozen top card that fits one of the "
        "player's melds, and takes that card alone, the rest of the pile staying; a player may also take the pile "
        f'the normal way. {LAWS}, "Exhausting the Stock": the up card taken onto a meld brings the whole pile.',
        chosen="That card alone onto a meld; a take with cards from hand brings the whole pile.",
        why="It is the page's rule.",
        option="exhausted-take",
    ),
    Choice(
        point="A red three left in hand",
        books=f"{RULES}: red threes are laid at once, so the page never meets one left in hand. {LAWS}, "
        '"Red Threes": 500.',
        chosen="500 points for each red three left in hand.",
        why="The laws' penalty, where the page is silent.",
        option="red-three-in-hand-penalty",
    ),
    Choice(
        point="A red three drawn as the last card of the stock",
        books=f'{HOYLE}: silent. {LAWS}, "Exhausting the Stock": the red three is laid, and the hand ends with no '
        "meld and no discard.",
        chosen="As the laws say.",
        why="The laws fill the page's gap.",
        option="last-red-three-melds",
    ),
    Choice(
        point="A first meld short of the minimum",
        books=f'{HOYLE}: silent. {LAWS}, "Irregularities": the player may add cards that reach the minimum; '
        "otherwise the cards go back and the minimum rises by 10 for the hand.",
        chosen="As the laws say.",
        why="The laws fill the page's gap.",
        option="failed-minimum-raise",
    ),
    Choice(
        point="When the stock runs out",
        books=f"{OVERVIEW}: the hand is over when the stock is empty; {RULES}: play goes on with the top card of "
        "the pile until a player can neither take it nor the pile.",
        chosen="Play goes on as the Rules section says; the hand ends with a pass.",
        why="The Rules section gives the detail the Overview sums up.",
    ),
    Choice(
        point="A red three discarded",
        books=f"{RULES}: a red three discarded would freeze the pile; but the page also lays every red three at "
        "once, so none is ever held to discard.",
        chosen="A red three is never discarded; one turned up to start the pile is covered and freezes it.",
        why="Red threes are laid as soon as they are dealt or drawn, in the page and in the laws.",
    ),
    Choice(
        point="Black threes melded as the last cards",
        books=f"{RULES}: black threes are melded only by a player going out, and as the last cards melded.",
        chosen="A meld of black threes is legal in the turn the player goes out, whatever its place among that "
        "turn's melds.",
        why="The melds of one turn are laid together, as the record writes them: their order within the turn "
        "changes nothing on the table.",
    ),
)
