"""Hand & Foot: where the rule books are silent or disagree, and what the arbiter does.

Rendered in docs/rules/hand-and-foot.md, section "Where the rule books are silent or disagree",
which every rule and option resting on a project default cites (`PROJECT_DEFAULT`). Written in the
project's own words: the books are cited by title and section, never quoted. Hand & Foot is the
family clubs vary most, so most of these points are options a club sets once in its records'
`Variant` tag.
"""

from __future__ import annotations

from ...rules.defaults import Choice

PROJECT_DEFAULT = 'Project default (docs/rules/hand-and-foot.md, "Where the rule books are silent or disagree")'

BOOK = "Canasta Caliente Complete"
CHAPTER = "Rules for Hand & Foot Canasta"
PAGAT = "pagat.com's Hand and Foot"


def section(name: str) -> str:
    """A part of the book's Hand & Foot chapter, as cited: `"Rules for Hand & Foot Canasta: Deal"`."""
    return f'"{CHAPTER}: {name}"'


CHOICES: tuple[Choice, ...] = (
    Choice(
        point="Which rule books, and how a rule is cited",
        books=f'Hand & Foot is one chapter of {BOOK} ("{CHAPTER}"): the deal, the play, the melds, Bonus cards, '
        "picking up the Foot, going out, scoring and the round minimums, and it plays the book's Canasta "
        f"Caliente otherwise. Where it is silent, {PAGAT} and the common club rules fill in.",
        chosen="A rule is cited by its part of the chapter; a rule taken from Caliente by the Caliente section; "
        "where the chapter is silent, by this page.",
        why="It is the book in the box; the clubs' variations are options.",
    ),
    Choice(
        point="How many cards are dealt",
        books=f"{BOOK}, {section('Deal')}: a Hand of 13 and a Foot of 13. Many clubs deal 11 and 11, or 15.",
        chosen="13 and 13.",
        why="It is the book's deal; the options set other sizes.",
        option="hand-size",
    ),
    Choice(
        point="The Foot's size",
        books=f"{BOOK}, {section('Deal')}: 13, like the Hand.",
        chosen="13.",
        why="It is the book's deal.",
        option="foot-size",
    ),
    Choice(
        point="How many wild cards a meld of a rank may hold",
        books=f"{BOOK}, {section('Melds')}: a mixed meld has one or two wilds. {PAGAT}: also at least two "
        "naturals for every wild.",
        chosen="One or two wilds, with at least two naturals.",
        why="It is the book's rule.",
        option="wild-ratio",
    ),
    Choice(
        point="How much of the pile a take picks up",
        books=f"{BOOK}, {section('Play')}: the pile is always frozen, and it says no more. {PAGAT}: many "
        "play that only the top seven cards are taken.",
        chosen="The whole pile, as in Caliente.",
        why="The chapter plays Caliente's rules where it is silent, and Caliente's taker takes the whole pile.",
        option="pile-take",
    ),
    Choice(
        point="Taking the pile with a pair while the side has an open meld of that rank",
        books=f"{BOOK}, {section('Melds')}: a meld closes at seven cards, and {PAGAT}: a side starts a new meld "
        "of a rank only once its earlier one is closed. The chapter plays Caliente's rules where it lists no "
        f'difference, and {BOOK}\'s Caliente rules ("Card Melds") combine every set of a rank a partnership '
        "melds into one. Neither book says a take with a pair is refused when the side already has an open "
        "meld of the rank.",
        chosen="The take is legal: the up card and the pair join the side's open meld of the rank (an open "
        "[8 8 8 2] and a take of an 8 with [8 8] make a mixed canasta of seven). A meld the joined cards would "
        "make illegal (too many wilds, past seven) is refused as such.",
        why="A side never has two open melds of one rank, and the books give the pair take without an exception; "
        "joining keeps both rules. Some clubs refuse the take: the option is the strict reading.",
        option="pair-take-joins-open-meld",
    ),
    Choice(
        point="Taking a wild up card",
        books=f"{BOOK}: a wild on top of the pile blocks it in Caliente; the chapter adds nothing. Some clubs "
        "let a player take a wild up card with two of the same wild from hand, into a wild meld.",
        chosen="A wild on top blocks the pile.",
        why="As in Caliente, which the chapter follows.",
        option="wild-pair-take",
    ),
    Choice(
        point="The canastas needed to go out",
        books=f"{BOOK}, {section('Going Out')}: two natural, two mixed and one wild canasta. Clubs play "
        "1/1/1, 1/2/0 and others.",
        chosen="2/2/1 (natural/mixed/wild).",
        why="It is the book's rule.",
        option="canastas-to-go-out",
    ),
    Choice(
        point="Asking the partner before going out",
        books=f"{BOOK}, {section('Going Out')}: a player must ask, and the partner may say no.",
        chosen="Asking is required, and the answer binds.",
        why="It is the book's rule; some tables play without asking.",
        option="ask-required",
    ),
    Choice(
        point="The first-meld minimum of each round",
        books=f"{BOOK}, {section('Minimum Melds')}: 50, 90, 120 and 150 for rounds 1 to 4.",
        chosen="50/90/120/150; a game of more rounds keeps the last.",
        why="It is the book's table.",
        option="minimums",
    ),
    Choice(
        point="How many rounds",
        books=f"{BOOK}: the chapter's minimums name four rounds and no target score.",
        chosen="Four rounds; the higher total wins.",
        why="The four minimums are the only length the book gives.",
        option="rounds",
    ),
    Choice(
        point="When the partner has played from the Foot",
        books=f"{BOOK}, {section('Going Out')}: the partner must have picked up the Foot and played from it, "
        "without saying when that is.",
        chosen="Once the partner has ended a turn with the Foot picked up (the turn it was picked up counts).",
        why="A turn ended with the Foot in hand is a turn played from it.",
    ),
    Choice(
        point="Stop cards",
        books=f"{BOOK}, {section('Scoring')}: a Stop card left in hand costs 5; the chapter says nothing "
        "about melding them.",
        chosen="As in Caliente: three or four Stop cards may be melded only by the player going out.",
        why="The chapter plays Caliente's rules where it is silent.",
    ),
    Choice(
        point="The stock runs out",
        books=f"{BOOK}: the chapter is silent; in Caliente play goes on while up cards are taken, but the Hand & "
        "Foot pile is always frozen.",
        chosen="The hand ends: the player who finds the stock empty passes, and nobody earns the going-out bonus.",
        why="With the pile always frozen, the Caliente rule that forces a take never applies.",
    ),
    Choice(
        point="A Bonus card forgotten in the Hand or the Foot",
        books=f"{BOOK}, {section('Bonus Cards')}: lay them as soon as they are drawn; Caliente's \"Bonus "
        'Cards": one left in hand costs 100.',
        chosen="100 each, whether in the Hand or in a Foot never picked up.",
        why="The Foot is the player's second hand.",
        option="bonus-in-hand-penalty",
    ),
    Choice(
        point="Going out against the partner's answer",
        books=f"{BOOK}, {section('Going Out')}: the partner's answer binds, with no penalty given.",
        chosen="100 points for the side.",
        why="The standard laws' penalty, as in Caliente.",
        option="permission-penalty",
    ),
    Choice(
        point="Taking the pile without the right to it",
        books=f"{BOOK}, {section('Play')}: no remedy given.",
        chosen="The pile is restored and the side loses 50 points.",
        why="The standard laws' penalty, as in Caliente.",
        option="wrong-take-penalty",
    ),
    Choice(
        point="A first meld short of the minimum",
        books=f"{BOOK}, {section('Minimum Melds')}: no remedy given.",
        chosen="The player may add cards that turn; otherwise the cards go back and the side's minimum rises by 10 "
        "for the round.",
        why="The standard laws' remedy, as in Caliente.",
        option="failed-minimum-raise",
    ),
)
