"""Canasta Caliente: where the four rule books are silent or disagree, and what the arbiter does.

Rendered in docs/rules/caliente.md, section "Where the rule books are silent or disagree", which
every rule and option resting on a project default cites (`PROJECT_DEFAULT`). Written in the
project's own words: the books are cited by title and section, never quoted.
"""

from __future__ import annotations

from ...rules.defaults import Choice

PROJECT_DEFAULT = 'Project default (docs/rules/caliente.md, "Where the rule books are silent or disagree")'

# Each book by its title, then by the short name the rest of the page uses.
TITLES = (
    'Canasta Caliente (Winning Moves, 2001; "the classic 2001 book")',
    'Canasta Caliente Complete ("Complete")',
    'Canasta, 50th Anniversary Edition ("50th Anniversary")',
    'Deluxe Canasta Caliente ("Deluxe")',
)
CLASSIC = "The classic 2001 book"
COMPLETE = "Complete"
FIFTIETH = "50th Anniversary"
DELUXE = "Deluxe"
LATER_THREE = "Complete, 50th Anniversary and Deluxe"
ALL_FOUR = "All four books"
LAWS = "The standard laws of partnership Canasta"

CHOICES: tuple[Choice, ...] = (
    Choice(
        point="Which rule books, and how a rule is cited",
        books=f"The arbiter follows four Caliente rule books: {', '.join(TITLES[:-1])} and {TITLES[-1]}. They agree on the standard game and "
        "mostly share their section names; the classic 2001 book has no three-pack game and no Prize-pile-"
        'always-frozen variation. Some names differ: the three-pack game is "6 Player Rules: Three Decks" in '
        f'{COMPLETE} and "Extra Deck" in {FIFTIETH} and {DELUXE}; the empty stock is "What Happens if the Draw '
        f'Pile Runs Out?" in the classic 2001 book, "...Draw Pile Is Exhausted?" in {COMPLETE} and "...Prize Pile Is '
        f'Exhausted?" in the other two.',
        chosen='A rule the books give alike is cited as "Caliente rules" with the section name they share; where '
        "one book differs or is silent, the source says so.",
        why="A director holding any one of the four books can find the section; citing one book alone would "
        "send the others to a page they do not have.",
        option=None,
    ),
    Choice(
        point="A Stop or Caliente card turned up to start the Prize pile",
        books=f'{ALL_FOUR}, "The Deal": a wild or Bonus card turned up is set sideways, which freezes the pile, '
        "and the turning goes on until a natural card is on top. None of them says what happens to a Stop card "
        "turned up (nor, with the Caliente-card variation, to a Caliente card).",
        chosen="The turning goes on past it, as it stops only at a natural card, but the pile is not frozen.",
        why="Only wild cards (and a Bonus card turned up) freeze the pile in the books; a Stop card blocks the "
        'next player only when discarded ("Stop Cards"), and it is not set sideways in the pile.',
        option="stop-up-card-freezes",
    ),
    Choice(
        point="Going out concealed and the first-meld minimum",
        books=f'{ALL_FOUR}, "Scoring": going out concealed (the whole hand melded in one turn, a canasta '
        'included, with nothing melded or added before) earns 100 more. "First Meld Requirement" sets the '
        "minimum for a side's first meld and names no exception. The two-player Canasta rules after Hoyle's Rules "
        'of Games ("Rules") waive the minimum for a player who goes out in one turn.',
        chosen="The minimum still applies to a concealed going out.",
        why="No Caliente book waives it, and a concealed going out is the side's first meld like any other.",
        option="concealed-waives-minimum",
    ),
    Choice(
        point="Going out concealed with a final discard",
        books=f'{ALL_FOUR}: "Going Out" lets a player go out by melding every card or all but one and discarding '
        'it; the concealed going out of "Scoring" is the whole hand melded in one turn, without saying whether '
        "the last card may be discarded.",
        chosen="A concealed going out may end with a discard.",
        why="Both ways of going out are open to every player in the books; nothing takes the discard away from a "
        "concealed one.",
        option="concealed-allows-discard",
    ),
    Choice(
        point="How many cards a Caliente card draws up to",
        books=f'{CLASSIC}, {FIFTIETH} and {DELUXE}, "Canasta Caliente exclusive variation": the hand is drawn back '
        f"up to 11 cards, whatever the table. {COMPLETE}, same section: up to the number of cards the player was "
        "dealt at the start of the round (11 in the standard game).",
        chosen="The deal size of the game being played: 11, or 15 with two players and 13 with three players or "
        "three packs.",
        why=f"{COMPLETE} is the only book that plays the variation with other deal sizes (it has it in Samba and "
        "Hand & Foot too), and tying the refill to the deal keeps the card's purpose, rebuilding a depleted hand, "
        "the same at every table: with two players dealt 15, a refill to 11 would rebuild little.",
        option="caliente-refill",
    ),
    Choice(
        point="A Caliente card held at the end and forgotten Bonus cards",
        books=f'{ALL_FOUR}, "Canasta Caliente exclusive variation": a player caught holding a Caliente card loses '
        'double the value of the cards left in hand (triple with two). "Bonus Cards" (in the later books '
        '"Playing Bonus Cards"): each Bonus card still in hand at the end costs 100. None says whether the '
        "multiplier reaches those 100 points.",
        chosen="It does: each forgotten Bonus card in that hand costs 200 (300 with two Caliente cards).",
        why="The 100 points are what the Bonus card left in hand costs, so they are part of the value of the cards "
        "left in it, which the Caliente card multiplies.",
        option="caliente-multiplies-bonus",
    ),
    Choice(
        point="A Caliente card once the stock is exhausted",
        books=f'{ALL_FOUR}, "Canasta Caliente exclusive variation": the card is played instead of drawing or '
        "taking the up card, then the player draws up, taking all that is left when the stock is short. The "
        "exhausted-stock section (see the first point for its names) lets play go on only while each up card is "
        "taken; a player who cannot or will not take it passes, which ends the hand. No book says whether a "
        "Caliente card may be played then.",
        chosen="It may not: on an exhausted stock the player takes the up card or passes.",
        why="The exhausted-stock rules name only those two choices, and a Caliente card played with nothing to "
        "draw would only put off the end of the hand at the price of 100 points.",
        option="caliente-on-exhausted-stock",
    ),
    Choice(
        point="A first take of the Prize pile short of the minimum",
        books=f'{ALL_FOUR}, "Taking the Prize Pile" (before the side\'s first meld): the up card may be taken '
        "only with two naturals of its rank from hand and with enough cards melded to meet the first-meld "
        "minimum, the pile's other cards not counting. No book gives a remedy for a take that falls short, nor "
        f'for a short first meld ("First Meld Requirement"). {LAWS} have two: a pile taken without '
        "the right to it is restored and the side loses 50; a first meld short of the minimum may be made good "
        "that turn, otherwise it goes back to hand and the side's minimum rises by 10 for the hand.",
        chosen="A take short of the minimum (counting the pile's cards, or melding from hand only after the pile "
        "is picked up) is take-initial, a take without the right to it: the pile is restored and the side loses "
        "50. The insufficient-meld remedy (first-meld-minimum) is for a short first meld made after drawing.",
        why="The books make the minimum a condition of taking the up card, so a take that misses it is a wrong "
        "take. The insufficient-meld remedy cannot work once the pile is in the hand: nobody could tell the "
        "cards added from hand from those that came with the pile. So the melds that meet the minimum are shown "
        "with the up card, before the pile is touched.",
        option="wrong-take-penalty",
    ),
    Choice(
        point="Penalty for taking the Prize pile without a legal use of its up card",
        books=f'{ALL_FOUR}, "Taking the Prize Pile": when the up card may be taken; no penalty for a take that '
        f"breaks it. {LAWS}: the pile is restored and the side loses 50.",
        chosen="The pile is restored and the side loses 50 points.",
        why="The books give no remedy, and the laws' remedy is the one Canasta players know.",
        option="wrong-take-penalty",
    ),
    Choice(
        point="Remedy for a first meld short of the minimum",
        books=f'{ALL_FOUR}, "First Meld Requirement": the minimums, no remedy. {LAWS}: the player '
        "may add cards that turn; otherwise the cards go back to hand and the side's minimum rises by 10 for the "
        "rest of the hand.",
        chosen="The laws' remedy, with a rise of 10.",
        why="The books give no remedy, and the laws' one puts the side back where it was with a small cost.",
        option="failed-minimum-raise",
    ),
    Choice(
        point="Penalty for breaking the partner's answer to 'May I go out?'",
        books=f'{ALL_FOUR}, "Going Out": asking is optional and the answer binds; no penalty is given. '
        f"{LAWS}: the side loses 100.",
        chosen="The side loses 100 points, whether the player went out after a no or did not go out after a yes.",
        why="The books make the answer binding without saying what breaking it costs; the laws' 100 is the known "
        "figure.",
        option="permission-penalty",
    ),
    Choice(
        point="Penalty for a Bonus card left in hand",
        books=f'{ALL_FOUR}, "Bonus Cards" (in the later books "Playing Bonus Cards"): 100 for each. '
        f"{LAWS} charge 500 for a red three left in hand.",
        chosen="100 points each, as the Caliente books say.",
        why="The books agree; the option is there for clubs that play the laws' figure.",
        option="bonus-in-hand-penalty",
    ),
    Choice(
        point="The first-meld minimum with a negative score",
        books=f'{ALL_FOUR}, "First Meld Requirement": with a negative score any three-card set will do. '
        f"{COMPLETE}'s table comparing Canasta with Samba gives 15 for Canasta with a negative score.",
        chosen="Any meld will do.",
        why=f"All four books say so in their own First Meld Requirement; the 15 of {COMPLETE} stands in a table "
        "about Samba.",
        option="negative-score-minimum",
    ),
    Choice(
        point="Canastas needed to go out",
        books=f'{ALL_FOUR}, "Going Out": one canasta; "2 Player Rules": two. {LATER_THREE}, in the three-pack '
        f"game: two. {CLASSIC} has no three-pack game; three, five and six players (two packs) play as four.",
        chosen="One canasta, two with two players or three packs.",
        why="The books agree; the option lets a club play, say, two canastas at every table.",
        option="canastas-to-go-out",
    ),
    Choice(
        point="Drawing in the two-player game with one card left in the stock",
        books=f'{ALL_FOUR}, "2 Player Rules": a player draws two cards from the stock. None says what happens when '
        "only one is left.",
        chosen="The player draws the last card alone, and the exhausted-stock rules apply from the next turn.",
        why="Drawing the one card there is is the only way to keep playing the turn; ending the hand early would "
        "take away a turn the books give.",
        option=None,
    ),
    Choice(
        point="A forced take the player could not finish",
        books=f"{ALL_FOUR}, the exhausted-stock section: a player must take an unfrozen up card that fits a meld "
        "of the side. None says what happens when taking it would leave the player unable to end the turn "
        "(with no card to discard and keep, and the side short of the canastas to go out).",
        chosen="Such a take is not forced: the player may pass.",
        why="A forced move that cannot be completed legally cannot be required.",
        option=None,
    ),
    Choice(
        point="The always-frozen variation on an exhausted stock",
        books=f'{LATER_THREE}, "Variation: Prize Pile Always Frozen": the up card is taken only with two naturals '
        "from hand or onto a meld of six cards or fewer. The exhausted-stock section forces a player to take an "
        "up card only when the pile is not frozen and the card fits a meld of the side. None of them says how "
        "the two meet.",
        chosen="In the variation nobody is forced to take the up card on an exhausted stock.",
        why="The variation counts the pile as frozen all the time, and the forced take is for an unfrozen pile only.",
        option=None,
    ),
    Choice(
        point="Who sits out, and who deals, with five or six players",
        books=f'{ALL_FOUR}, "5 Player Rules" and "6 Player Rules": one player of each team of three sits out '
        f'each hand and keeps the score. {LATER_THREE}, "The Deal": the deal passes to the left after each hand '
        f"({CLASSIC.lower()} does not say). None says in what order the team's players sit out, nor whether a "
        "player sitting out deals.",
        chosen="The record names who sits out each hand (any one player of each team of three); the deal goes "
        "round every seat, and a dealer who sits out deals without playing.",
        why="The books prescribe no order of sitting out, so the arbiter checks only what they do say; passing "
        "the deal round every seat keeps the plain rule of the deal passing to the left.",
        option=None,
    ),
    Choice(
        point="Seating five players",
        books=f'{ALL_FOUR}, "5 Player Rules": a team of two against a team of three, one of the three sitting out '
        'each hand; "Rules for 4 Players": partners sit opposite. Five seats cannot alternate two teams.',
        chosen="The team of two sits with opponents between them, so two of the team of three sit side by side; "
        "the four who play each hand sit with partners opposite, each team keeping its order of the seats.",
        why="It is the only seating that keeps the books' partners-apart rule at the four-player table that "
        "actually plays each hand.",
        option=None,
    ),
    Choice(
        point="A Caliente card with three teams of two",
        books=f'{ALL_FOUR}, "Canasta Caliente exclusive variation": the card may be played while the side has not '
        "melded more sets than the opposing team, or than either opponent in the three-player game. The three-"
        f"pack game of {LATER_THREE} allows three teams of two, which the variation does not mention.",
        chosen="As with three players: the side may not have melded more sets than any one opposing team.",
        why="Three teams of two are three sides, like three players, so the books' rule for three sides applies.",
        option=None,
    ),
    Choice(
        point="Equal totals when the game ends",
        books=f'{ALL_FOUR}, "End of the Game": the game ends after the hand in which a side reaches the target, '
        "and the higher score wins. None says what happens when the highest totals are equal.",
        chosen="The game is a tie: no winner (write `tie` in the Result tag).",
        why="The books give no tie-break, and inventing one (another hand, say) would judge a game they do not "
        "describe.",
        option=None,
    ),
)
