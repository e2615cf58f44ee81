"""Canasta Caliente's data: its options (each project default one of them) and its catalogue
(a `Rule` per code: name, source by book and section, explanation). The policies that play it
are in policies.py."""

from __future__ import annotations

from ...rules.base import OptionSpec
from ...rules.standard_rules import BOOKS, CALIENTE_SECTION, standard_rule
from ...rulings import Rule
from .choices import PROJECT_DEFAULT

THREE_PACKS = '"6 Player Rules: Three Decks" (50th Anniversary and Deluxe: "Extra Deck")'

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "always-frozen",
        False,
        "The Prize pile is always frozen: its up card may be taken only into a new set with two "
        "naturals from hand, or onto the side's meld of its rank while that meld has six cards or "
        "fewer (never onto a canasta). A wild in the pile changes nothing, and on an exhausted stock "
        "nobody is forced to take the up card.",
        f'{BOOKS}, "Variation: Prize Pile Always Frozen" (not in the classic 2001 book)',
    ),
    OptionSpec(
        "caliente-cards",
        False,
        "Two Caliente cards (C) join the pack. Instead of drawing, a player may play one while the "
        "side has not melded more sets than an opponent, then draws back up (see caliente-refill). "
        "Each one played costs 100; one held at the end doubles the loss of its holder's hand, two "
        "triple it; discarded, it stops the next player like a Stop card.",
        f"{BOOKS}, {CALIENTE_SECTION}",
    ),
    OptionSpec(
        "caliente-refill",
        0,
        "How many cards a player draws up to after playing a Caliente card (0: the deal size of the "
        "game being played, as the Complete book has it: 11, or 15 with two players, 13 with three or "
        "three packs). The classic, 50th Anniversary and Deluxe books say 11 whatever the table: set 11 "
        "to follow them.",
        f"{BOOKS}, {CALIENTE_SECTION}; the books disagree: {PROJECT_DEFAULT}",
    ),
    OptionSpec(
        "caliente-multiplies-bonus",
        True,
        "A Caliente card held at the end of the hand also doubles (triples) the 100 points lost for each "
        "Bonus card in the same hand, as part of the value of the cards left in it. Off: only the cards' "
        "own values are multiplied and forgotten Bonus cards cost 100 each.",
        f'{BOOKS}, {CALIENTE_SECTION} and "Bonus Cards"; {PROJECT_DEFAULT}',
    ),
    OptionSpec(
        "caliente-on-exhausted-stock",
        False,
        "A Caliente card may be played once the stock is exhausted: the player draws nothing, then melds and "
        "discards as usual. By default it may not, and the player takes the up card or passes.",
        f'{BOOKS}, {CALIENTE_SECTION} and "What Happens if the Draw Pile Runs Out?"; {PROJECT_DEFAULT}',
    ),
    OptionSpec(
        "three-packs",
        False,
        "Six players with three packs (162 cards): two teams of three or three teams of two, seated "
        "alternately, nobody sits out; deal 13, game to 10,000, minimum 150 from 7,500, no extra for "
        "four Bonus cards but 600 more for five or six, two canastas to go out.",
        f"{BOOKS}, {THREE_PACKS}",
    ),
    OptionSpec(
        "stop-up-card-freezes",
        False,
        "A Stop card turned up at the start freezes the pile like a wild. "
        "By default it is simply covered by the next card, without freezing.",
        f'{BOOKS}, "The Deal"; {PROJECT_DEFAULT}',
    ),
    OptionSpec(
        "concealed-waives-minimum",
        False,
        "Going out concealed waives the first-meld minimum (as in Hoyle). By default the minimum still applies.",
        f'{BOOKS}, "Scoring" and "First Meld Requirement"; {PROJECT_DEFAULT}',
    ),
    OptionSpec(
        "concealed-allows-discard",
        True,
        "A concealed going out may end with a discard.",
        f'{BOOKS}, "Going Out" and "Scoring"; {PROJECT_DEFAULT}',
    ),
    OptionSpec(
        "bonus-in-hand-penalty",
        100,
        "Points lost for each Bonus card still in hand at the end of the hand.",
        f'{BOOKS}, "Bonus Cards"',
    ),
    OptionSpec(
        "permission-penalty",
        100,
        "Points lost for going out after the partner said no, or for not going out after the partner said yes.",
        f'{BOOKS}, "Going Out" (no penalty given); {PROJECT_DEFAULT}',
    ),
    OptionSpec(
        "wrong-take-penalty",
        50,
        "Points lost for taking the Prize pile without a legal use for its up card, or before the side's first "
        "meld without the minimum melded from hand with it; the pile is restored.",
        f'{BOOKS}, "Taking the Prize Pile" (no penalty given); {PROJECT_DEFAULT}',
    ),
    OptionSpec(
        "failed-minimum-raise",
        10,
        "How much the side's first-meld minimum rises for the rest of the hand "
        "after an insufficient first meld is taken back.",
        f'{BOOKS}, "First Meld Requirement" (no remedy given); {PROJECT_DEFAULT}',
    ),
    OptionSpec(
        "negative-score-minimum",
        0,
        "The first-meld minimum of a side whose score is below zero (0: any meld, as the four books' First Meld "
        "Requirement has it; 15 as the Complete book's table comparing Canasta with Samba).",
        f'{BOOKS}, "First Meld Requirement"; {PROJECT_DEFAULT}',
    ),
    OptionSpec(
        "target",
        0,
        "The score that ends the game (0: the rule book's, 5,000; 10,000 with three packs).",
        f'{BOOKS}, "End of the Game" and {THREE_PACKS}',
        book_value=lambda config: config.target,
    ),
    OptionSpec(
        "canastas-to-go-out",
        0,
        "Canastas a side needs to go out (0: the rule books', 1; 2 with two players, and with three packs, "
        "a game the classic 2001 book does not have).",
        f'{BOOKS}, "Going Out", "2 Player Rules" and {THREE_PACKS}',
        book_value=lambda config: config.canastas_to_go_out,
    ),
)


def _rule(code: str, name: str, section: str, summary: str, book: str = BOOKS) -> tuple[str, Rule]:
    """A catalogue entry; `section` is one section name, or several quoted by `_sections`."""
    cited = section if '"' in section else f'"{section}"'
    return code, Rule(code, name, f"{book}, {cited}", summary)


def _sections(*names: str) -> str:
    quoted = [name if '"' in name else f'"{name}"' for name in names]
    return ", ".join(quoted[:-1]) + " and " + quoted[-1]


CATALOGUE: dict[str, Rule] = dict(
    [
        # the table and the deal
        _rule(
            "seating",
            "Players and partnerships",
            _sections(
                "Rules for 4 Players",
                "2 Player Rules",
                "3 Player Rules",
                "5 Player Rules",
                "6 Player Rules",
                THREE_PACKS,
            ),
            "The seats and sides must fit the table. Two or three players each play alone. Four play as two "
            "partnerships, partners facing each other. Five play as a team of two against a team of three, the "
            "team of two with opponents between them. Six play as two teams of three seated alternately; with "
            "three packs also as three teams of two, nobody next to a partner. With five or six players the "
            "record gives the teams in a [Teams] tag.",
        ),
        standard_rule("unknown-player"),
        _rule(
            "sitting-out",
            "Sitting out",
            _sections("5 Player Rules", "6 Player Rules", THREE_PACKS),
            "With five players one member of the team of three sits out each hand; with six, one member of each "
            "team (nobody with three packs, nor with two to four players). The hand line names them "
            "(`sitout NAME`); they are dealt nothing and may not play. The four who play sit with partners "
            "facing: each team keeps its order of the seats, the teams take turns, and the round starts from the "
            "first seat still playing.",
        ),
        standard_rule("hand-number"),
        standard_rule("dealer-order"),
        _rule(
            "deal-size",
            "The deal",
            _sections("The Deal", "2 Player Rules", "3 Player Rules", THREE_PACKS),
            "Each player is dealt the same number of cards: 11 with four players (and with five or six, when "
            "four of them play), 15 with two, 13 with three and in the three-pack game.",
        ),
        _rule(
            "deal-packet",
            "The deal",
            _sections("The Deal", "2 Player Rules", "3 Player Rules", THREE_PACKS),
            "Each player is dealt one hand and nothing else: Caliente has no Foot, so a record that shows one "
            "(`foot NAME cards`, in a deal or a stated position) shows cards nobody was dealt.",
        ),
        _rule(
            "card-count",
            "The cards",
            _sections("The Cards", THREE_PACKS, CALIENTE_SECTION),
            "No card may appear more often than the cards in play hold it: eight of each natural and of the "
            "little wild, four big wilds, four Bonus and four Stop cards in the usual 108 cards; half as many "
            "again in the three-pack game (162 cards); and two Caliente cards only in the Caliente-card "
            "variation.",
        ),
        standard_rule("stock-order"),
        standard_rule("stock-empty"),
        _rule(
            "up-card",
            "The up card",
            f'"The Deal"; {PROJECT_DEFAULT}',
            "The first card of the Prize pile is turned from the stock; a wild or Bonus card turned is set "
            "sideways (freezing the pile) and another card is turned, until a natural card is on top. A Stop or "
            "Caliente card turned is covered the same way without freezing the pile (project default, option "
            "stop-up-card-freezes).",
        ),
        standard_rule("position"),
        # the turn
        standard_rule("turn-order"),
        standard_rule("draw-first"),
        _rule(
            "draw-count",
            "Drawing",
            _sections("Drawing", "2 Player Rules") + f"; {PROJECT_DEFAULT}",
            "A player draws one card from the stock; in the two-player game two, or the last one when only one "
            "is left (project default). Drawing and taking the Prize pile exclude each other.",
        ),
        standard_rule("card-not-held"),
        # the Prize pile
        standard_rule("take-blocked"),
        standard_rule("take-up-card"),
        _rule(
            "take-initial",
            "Taking the Prize pile before the first meld",
            f'"Taking the Prize Pile"; {PROJECT_DEFAULT}',
            "Before the side's first meld, the up card may be taken only with two or more naturals of its rank from "
            "hand, and the up card with the cards melded from hand as the pile is taken (`take ... with [...] and "
            "[...]`) must meet the first-meld minimum; the pile's other cards, and melds made after picking it up, "
            "do not count. A take short of the minimum is a take without the right to it, not an insufficient "
            "meld: the pile is restored and the side loses 50 points (option wrong-take-penalty).",
        ),
        _rule(
            "take-frozen",
            "Taking the frozen Prize pile",
            "Taking the Prize Pile",
            "While the pile is frozen, its up card may be taken only into a new set with two naturals of its rank "
            "from hand, never with a wild and never onto a meld on the table.",
        ),
        _rule(
            "take-unfrozen",
            "Taking the unfrozen Prize pile",
            "Taking the Prize Pile",
            "After the first meld an unfrozen up card may be taken with two cards of its rank from hand (one may "
            "be wild) or added to the side's meld of its rank.",
        ),
        _rule(
            "take-always-frozen",
            "Prize pile always frozen",
            "Variation: Prize Pile Always Frozen",
            "In this variation the pile counts as frozen all the time: its up card may be taken only into a new "
            "set with two naturals of its rank from hand, or onto the side's meld of its rank while that meld "
            "has six cards or fewer, never onto a canasta. A wild in the pile makes no difference, and with the "
            "stock exhausted nobody is forced to take the up card.",
        ),
        # melds
        _rule(
            "first-meld-minimum",
            "First meld requirement",
            _sections("First Meld Requirement", THREE_PACKS),
            "A side's first melds, made by one player in one turn, must be worth at least 50 points (90 from 1,500, "
            "120 from 3,000, and 150 from 7,500 in the three-pack game; any meld with a negative score, option "
            "negative-score-minimum). Bonus "
            "cards do not count. The player may add cards that turn to reach it; otherwise the cards go back to "
            "hand and the side's minimum rises by 10 for the rest of the hand (option failed-minimum-raise). A "
            "first meld made by taking the Prize pile is judged by take-initial.",
        ),
        _rule("meld-size", "Melds", "Card Melds", "A new meld has at least three cards."),
        _rule(
            "meld-rank",
            "Melds",
            "Card Melds",
            "A meld is cards of one rank, with wilds; sequences are not melds in Canasta, and Bonus and Caliente "
            "cards are never melded.",
        ),
        _rule(
            "meld-wilds",
            "Using wild cards in melds",
            "Using Wild Cards in Melds",
            "A meld must have more naturals than wilds, at most three wilds even in a canasta, and never only wilds.",
        ),
        _rule(
            "meld-unknown",
            "Adding to melds",
            "Making Melds",
            "Cards can only be added to a meld the player's side has on the table.",
        ),
        _rule(
            "stop-meld",
            "Melding Stop cards",
            "Stop Cards",
            "Stop cards are melded only by a player going out, three or four of them, with no wilds.",
        ),
        # Bonus cards
        standard_rule("bonus-replacement"),
        standard_rule("bonus-discard"),
        _rule(
            "bonus-in-hand",
            "Forgotten Bonus cards",
            "Bonus Cards",
            "A Bonus card still in hand when the hand ends costs its holder's side 100 points.",
        ),
        # discarding and going out
        standard_rule("discard"),
        _rule(
            "go-out-canasta",
            "Going out needs a canasta",
            _sections("Going Out", "2 Player Rules", THREE_PACKS),
            "A player may only empty their hand when the side has its canasta (two in the two-player and "
            "three-pack games); without it the player must keep a card after discarding.",
        ),
        standard_rule("go-out-permission"),
        standard_rule("ask"),
        standard_rule("hand-over"),
        standard_rule("out-marker"),
        # the exhausted stock
        standard_rule("pass"),
        _rule(
            "forced-take",
            "Forced take",
            f'"What Happens if the Draw Pile Runs Out?"; {PROJECT_DEFAULT}',
            "With the stock exhausted, a player must take an unfrozen up card that fits one of the side's melds.",
        ),
        standard_rule("last-bonus"),
        # Caliente cards
        _rule(
            "caliente-card",
            "Playing a Caliente card",
            f"{CALIENTE_SECTION}; {PROJECT_DEFAULT}",
            "Instead of drawing or taking the Prize pile, a player holding a Caliente card may lay it face up "
            "beside the side's melds, provided the side has not melded more sets than the opposing side (with "
            "three players, or three teams, than any one opponent). At most one per turn; and by default not on "
            "an exhausted stock, where the only choices left are taking the up card or passing (option "
            "caliente-on-exhausted-stock).",
        ),
        _rule(
            "caliente-refill",
            "Drawing up after a Caliente card",
            CALIENTE_SECTION,
            "Having played a Caliente card, the player draws from the stock until the hand is back up to the "
            "refill size (option caliente-refill; by default the deal size of the game), takes the whole stock "
            "if it is short, and draws nothing if the hand is already that big. The drawing comes before any "
            "meld or discard.",
        ),
        standard_rule("caliente-in-hand"),
        # scores
        _rule(
            "score-mismatch",
            "Scoring",
            _sections("Scoring", THREE_PACKS, CALIENTE_SECTION),
            "A declared hand score must equal the recomputed one. A side scores its melded cards and loses the "
            "cards left in its players' hands; going out earns 100 (100 more concealed), each natural canasta "
            "500 and each mixed one 300. Each Bonus card laid is worth 100, with 400 more for all four (with "
            "three packs nothing more for four, 600 more for five or six), all counted against a side that has "
            "not melded. Each Caliente card played costs 100.",
        ),
        standard_rule("total-mismatch"),
        _rule(
            "result-mismatch",
            "End of the game",
            _sections("End of the Game", THREE_PACKS),
            "The game ends after the hand in which a side reaches the target (5,000; 10,000 in the three-pack "
            "game); the higher score wins.",
        ),
        _rule(
            "game-over",
            "End of the game",
            _sections("End of the Game", THREE_PACKS),
            "No hand is played after a side has reached the target (5,000; 10,000 in the three-pack game), "
            "whether an earlier hand of the record took it there or the record starts from stated totals at "
            "or past it.",
        ),
    ]
)
