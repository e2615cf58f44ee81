"""Samba: where the rule books are silent or disagree, and what the arbiter does.

Rendered in docs/rules/samba.md, section "Where the rule books are silent or disagree", which
every rule and option resting on a project default cites (`PROJECT_DEFAULT`). Written in the
project's own words: the books are cited by title and section, never quoted.
"""

from __future__ import annotations

from ...rules.defaults import Choice

PROJECT_DEFAULT = 'Project default (docs/rules/samba.md, "Where the rule books are silent or disagree")'

BOOK = "Canasta Caliente Complete"
SAMBA = '"Rules for Samba Canasta"'
TABLES = '"Samba for 2, 3, 5 or 6 players"'
LAWS = "The Official Canasta Laws' Samba"
PAGAT = "pagat.com's Samba"
BICYCLE = "Bicycle's Samba rules"

CHOICES: tuple[Choice, ...] = (
    Choice(
        point="Which rule books, and how a rule is cited",
        books=f"Samba is one chapter of {BOOK} ({SAMBA} and {TABLES}): it lists how Samba differs from the "
        "book's own Canasta Caliente and says to play Caliente's rules otherwise. Where the chapter is silent, "
        f"the standard Samba references fill in: {LAWS}, {BICYCLE} and {PAGAT}.",
        chosen=f"A Samba rule is cited by its section of {BOOK}; a rule Samba shares with Caliente is cited by "
        f"the Caliente section, which the Samba chapter points to. Where the chapter is silent, the source is "
        "this page, which names the reference followed.",
        why="A club holding the box has that book; the references that fill its gaps agree with it wherever it speaks.",
    ),
    Choice(
        point="The tables other than four players",
        books=f"{BOOK}, {TABLES}: play the Caliente rules for two, three, five or six players with the Samba "
        "differences, without saying which Caliente numbers (the deal, the cards drawn) give way to Samba's.",
        chosen="Every table deals 15 and draws two; two or three play alone; five and six play as in Caliente, "
        "four of them each hand; two canastas go out at every table; three packs always.",
        why="The deal, the draw and the two canastas are the Samba differences the chapter lists, and it says "
        "they replace Caliente's; the seating is the part it takes from Caliente.",
    ),
    Choice(
        point="How many wild cards a group may hold",
        books=f"{BOOK}, {SAMBA}: one or two wilds in a meld, which needs at least two naturals; {LAWS} agrees. "
        f"{PAGAT} asks for two naturals for every wild.",
        chosen="At most two wilds and at least two naturals.",
        why="It is the box's rule.",
        option="wild-ratio",
    ),
    Choice(
        point="Several groups of one rank, and combining them",
        books=f"{BOOK}, {SAMBA}: a side may have any number of melds of a rank. {LAWS} lets a side join two of "
        "its groups of a rank; the box is silent.",
        chosen="A side keeps each group it makes, named `Q`, `Q#2` in the order made. Notation 1.0 has no "
        "action to join two groups at a player's choice; a club whose groups of a rank always join plays "
        "the option, under which a new group of a rank joins the side's group of it, as in Caliente.",
        why="Joining two groups is a rare move that the box does not offer; a record cannot write it as a "
        "choice, so the arbiter judges the two ways a table can play: groups kept apart, or always joined.",
        option="merge-groups",
    ),
    Choice(
        point="Taking the pile onto a sequence",
        books=f"{BOOK}, {SAMBA}: an unfrozen pile may be taken to add to a sequence that is not a canasta. "
        f"{LAWS}: the up card must extend it alone, and the whole pile is taken. {PAGAT}: only the up card is "
        "taken.",
        chosen="The up card alone extends the sequence, and the taker picks up the whole pile.",
        why="Taking the pile is taking it all in every other case of the box's rules.",
        option="sequence-take",
    ),
    Choice(
        point="Sequences and suits",
        books=f"{BOOK}, {SAMBA}: Samba is played with the box's cards, which have no suits, and a sequence is "
        "consecutive ranks. The standard Samba references are played with standard packs, whose suits the "
        "box's chapter never mentions.",
        chosen="A sequence is judged by its ranks alone, whether or not the record gives the cards' suits "
        '(docs/notation.md, "Suits"): suits a record gives are read, counted and kept, and a sequence '
        "of several suits is judged as the same sequence without them.",
        why="The rule set follows the box, whose deck has no suits to judge; a game whose sequences keep "
        "to one suit is a family of its own.",
    ),
    Choice(
        point="A pile that is always frozen",
        books=f"{BOOK}, {SAMBA}: the pile freezes as in Caliente. {PAGAT} plays it frozen all the time.",
        chosen="The pile freezes as in Caliente: a wild in it, and against a side until its first meld.",
        why="It is the box's rule; the variation is an option.",
        option="pile-always-frozen",
    ),
    Choice(
        point="The first-meld minimum from 7,000",
        books=f"{BOOK}, {SAMBA}: 150 from 7,000. {BICYCLE}: 160.",
        chosen="150.",
        why="It is the box's table.",
        option="minimum-7000",
    ),
    Choice(
        point="Bonus cards of a side without two canastas",
        books=f"{BOOK}, {SAMBA}: they count negative, without saying how much; all six are worth 1,000.",
        chosen="The same value, negative: -100 each, -1,000 for all six.",
        why="Negative of what they would have scored is the plain reading, and the Caliente rule the chapter "
        "compares it with mirrors the value in the same way.",
        option="bonus-penalty",
    ),
    Choice(
        point="A Stop card turned up to start the pile",
        books=f"{BOOK}: the Caliente rule is silent on it (see the Caliente reference), and so is {SAMBA}.",
        chosen="The turning goes on past it, and the pile is not frozen, as in Caliente.",
        why="Only wilds and Bonus cards freeze a pile in the box's rules.",
        option="stop-up-card-freezes",
    ),
    Choice(
        point="The forced take on an exhausted stock",
        books=f'{BOOK}, "What Happens if the Draw Pile Is Exhausted?": a player must take an unfrozen up card '
        "that fits a meld of the side; Samba adds nothing.",
        chosen="The up card must be taken when the Samba rules would let the player take it onto one of the "
        "side's groups or sequences (never a canasta), and the player could still end the turn.",
        why="In Samba a group that is a canasta takes no up card, so such a card does not fit it.",
    ),
    Choice(
        point="A Caliente card on an exhausted stock",
        books=f'{BOOK}, "Canasta Caliente exclusive variation": a Caliente card is played instead of drawing '
        "and is followed by drawing up; nothing says whether it may be played with no stock left.",
        chosen="It may not: the player takes the up card or passes.",
        why="As in Caliente: the card's whole effect is the drawing up, which an empty stock cannot give.",
        option="caliente-on-exhausted-stock",
    ),
    Choice(
        point="A Bonus card forgotten in hand",
        books=f'{BOOK}: Caliente\'s "Bonus Cards" costs 100 for one left in hand; {SAMBA} adds nothing.',
        chosen="100 each, as in Caliente.",
        why="The Samba chapter keeps the Caliente rule where it does not change it.",
        option="bonus-in-hand-penalty",
    ),
    Choice(
        point="Going out against the partner's answer",
        books=f'{BOOK}, "Going Out": the partner\'s answer binds, with no penalty given.',
        chosen="100 points for the side.",
        why="The standard laws' penalty, as for Caliente.",
        option="permission-penalty",
    ),
    Choice(
        point="Taking the pile without the right to it",
        books=f'{BOOK}, "Taking the Prize Pile" and {SAMBA}: no remedy given.',
        chosen="The pile is restored and the side loses 50 points.",
        why="The standard laws' penalty, as for Caliente.",
        option="wrong-take-penalty",
    ),
    Choice(
        point="A first meld short of the minimum",
        books=f'{BOOK}, "First Meld Requirement": no remedy given.',
        chosen="The player may add cards that turn; otherwise the cards go back and the side's minimum rises by "
        "10 for the hand.",
        why="The standard laws' remedy, as for Caliente.",
        option="failed-minimum-raise",
    ),
)
