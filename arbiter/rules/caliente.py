"""Canasta Caliente (Winning Moves / Hasbro), 2 to 6 players, with the box's variations.

Sources: the four Caliente rule books (classic 2001, Complete, 50th Anniversary, Deluxe); they
agree on the standard game and share their section names, so a rule is cited by section. Where
they are silent or disagree, the project's default is set out in caliente_choices.py (rendered in
docs/rules/caliente.md), and each such default is an option below.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence

from .. import cards as C
from ..rulings import Rule
from .base import Config, OptionSpec, OptionValue, PileTake, RuleSet, Seating, Words
from .caliente_choices import CHOICES, PROJECT_DEFAULT
from .groups import GROUP_CODES, canastas_to_go_out, group_canasta_bonus, group_meld_problem

BOOKS = "Caliente rules"

THREE_PACKS = '"6 Player Rules: Three Decks" (50th Anniversary and Deluxe: "Extra Deck")'
CALIENTE_SECTION = '"Canasta Caliente exclusive variation"'

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
    ),
    OptionSpec(
        "canastas-to-go-out",
        0,
        "Canastas a side needs to go out (0: the rule books', 1; 2 with two players, and with three packs, "
        "a game the classic 2001 book does not have).",
        f'{BOOKS}, "Going Out", "2 Player Rules" and {THREE_PACKS}',
    ),
)


def _rule(code: str, name: str, section: str, summary: str, book: str = BOOKS) -> tuple[str, Rule]:
    """A catalogue entry; `section` is one section name, or several quoted by `_sections`."""
    cited = section if '"' in section else f'"{section}"'
    return code, Rule(code, name, f"{book}, {cited}", summary)


def kept_from(code: str, book: str, kept_by: str) -> tuple[str, Rule]:
    """A rule another family plays as Caliente does (its chapter says so): Caliente's entry,
    cited from `book` with the Caliente section, and the chapter's section that keeps it."""
    rule = CATALOGUE[code]
    section = rule.source.removeprefix(f"{BOOKS}, ")
    return code, Rule(code, rule.name, f"{book}, {section}, which {kept_by} keeps", rule.summary)


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
        _rule("unknown-player", "Players", "The Play", "Every name in the record must be one of the seated players."),
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
        _rule("hand-number", "Hands in order", "Next Deal", "Hands are numbered 1, 2, 3 ... in the order played."),
        _rule(
            "dealer-order",
            "The deal passes to the left",
            _sections("The Deal", "5 Player Rules", "6 Player Rules"),
            "After each hand the deal passes to the next player on the left, round every seat, a player who sits "
            "out the coming hand included (that player deals without playing). A dealer who plays is followed by "
            "the left-hand neighbour at the hand's table; a dealer who sits out is followed by the first seat to "
            "the left that plays.",
        ),
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
        _rule(
            "stock-order",
            "The Draw pile",
            "The Deal",
            "Where the record gives the stock, every card turned or drawn must be the next card of it.",
        ),
        _rule(
            "stock-empty",
            "The Draw pile",
            "What Happens if the Draw Pile Runs Out?",
            "Nobody can draw from an empty stock.",
        ),
        _rule(
            "up-card",
            "The up card",
            f'"The Deal"; {PROJECT_DEFAULT}',
            "The first card of the Prize pile is turned from the stock; a wild or Bonus card turned is set "
            "sideways (freezing the pile) and another card is turned, until a natural card is on top. A Stop or "
            "Caliente card turned is covered the same way without freezing the pile (project default, option "
            "stop-up-card-freezes).",
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
            "The player to the dealer's left plays first, then play passes to the left. In a hand that some "
            "players sit out, the order is the one of the four who play (see sitting-out).",
        ),
        _rule(
            "draw-first",
            "Begin the turn by drawing",
            "The Play",
            "A turn begins by drawing from the stock or taking the Prize pile (or, with Caliente cards, playing "
            "one); only then may the player meld and discard.",
        ),
        _rule(
            "draw-count",
            "Drawing",
            _sections("Drawing", "2 Player Rules") + f"; {PROJECT_DEFAULT}",
            "A player draws one card from the stock; in the two-player game two, or the last one when only one "
            "is left (project default). Drawing and taking the Prize pile exclude each other.",
        ),
        _rule(
            "card-not-held",
            "Playing from hand",
            "Making Melds",
            "A player can only meld, lay or discard cards that are in their hand.",
        ),
        # the Prize pile
        _rule(
            "take-blocked",
            "Stop and wild cards on the Prize pile",
            _sections("Discarding", CALIENTE_SECTION),
            "Nobody may take the Prize pile when a Stop card, a wild card or a discarded Caliente card is on top.",
        ),
        _rule(
            "take-up-card",
            "Taking the Prize pile",
            "Taking the Prize Pile",
            "The pile is taken by melding its top card, the up card.",
        ),
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
        _rule(
            "bonus-replacement",
            "Playing Bonus cards",
            "Bonus Cards",
            "A Bonus card laid from hand is replaced at once by a card drawn from the stock; one that came with the "
            "first Prize pile is laid without a replacement.",
        ),
        _rule(
            "bonus-discard", "Bonus cards are never discarded", "Bonus Cards", "A Bonus card may never be discarded."
        ),
        _rule(
            "bonus-in-hand",
            "Forgotten Bonus cards",
            "Bonus Cards",
            "A Bonus card still in hand when the hand ends costs its holder's side 100 points.",
        ),
        # discarding and going out
        _rule(
            "discard",
            "Discarding",
            "Discarding",
            "A turn ends with exactly one discard, unless the player goes out by melding every card.",
        ),
        _rule(
            "go-out-canasta",
            "Going out needs a canasta",
            _sections("Going Out", "2 Player Rules", THREE_PACKS),
            "A player may only empty their hand when the side has its canasta (two in the two-player and "
            "three-pack games); without it the player must keep a card after discarding.",
        ),
        _rule(
            "go-out-permission",
            "Asking to go out",
            "Going Out",
            "A player may ask the partner for permission to go out; the answer binds: no means the player may not "
            "go out this turn.",
        ),
        _rule(
            "ask",
            "Asking to go out",
            _sections("Going Out", "2 Player Rules", "3 Player Rules"),
            "Only a player with a partner in the hand may ask (never with two or three players, who each play "
            "alone), and the question comes before melding.",
        ),
        _rule(
            "hand-over",
            "The hand ends",
            "Going Out",
            "The hand ends as soon as a player goes out (or passes on an exhausted stock): nothing more is played.",
        ),
        _rule(
            "out-marker",
            "Going out",
            "Going Out",
            "`out` states that the player has no cards left; it must agree with the cards played.",
        ),
        # the exhausted stock
        _rule(
            "pass",
            "Passing",
            "What Happens if the Draw Pile Runs Out?",
            "A player may pass only when the stock is exhausted; the pass ends the hand. A player facing a Stop "
            "card, a wild or a discarded Caliente card on an exhausted stock can only pass.",
        ),
        _rule(
            "forced-take",
            "Forced take",
            f'"What Happens if the Draw Pile Runs Out?"; {PROJECT_DEFAULT}',
            "With the stock exhausted, a player must take an unfrozen up card that fits one of the side's melds.",
        ),
        _rule(
            "last-bonus",
            "Bonus card drawn last",
            "What Happens if the Draw Pile Runs Out?",
            "A Bonus card drawn as the last card of the stock is laid, and the hand ends at once.",
        ),
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
        _rule(
            "caliente-in-hand",
            "Caught holding a Caliente card",
            CALIENTE_SECTION,
            "A player who ends the hand holding a Caliente card loses twice the value of the cards left in hand, "
            "three times when holding both; a hand of nothing but Caliente cards costs nothing. Forgotten Bonus "
            "cards in that hand are multiplied too (option caliente-multiplies-bonus).",
        ),
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
        _rule(
            "total-mismatch",
            "Scoring",
            "Scoring",
            "Declared running totals must equal the sum of the recomputed hand scores.",
        ),
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


def first_meld_minimum(three_packs: bool, below_zero: int = 0):  # type: ignore[no-untyped-def]
    def minimum(score: int, hand: int) -> int:
        if score < 0:
            return below_zero
        if three_packs and score >= 7500:
            return 150
        return 50 if score < 1500 else 90 if score < 3000 else 120

    return minimum


def bonus_card_points(three_packs: bool):  # type: ignore[no-untyped-def]
    def points(laid: int, side_has_melded: bool) -> int:
        extra = 600 if three_packs and laid >= 5 else 400 if not three_packs and laid == 4 else 0
        total = 100 * laid + extra
        return total if side_has_melded else -total

    return points


# --- the policies: what Caliente's Bonus and Caliente cards do to a hand's score ---------------


def take_problem(take: PileTake, config: Config) -> tuple[str, str] | None:
    """Taking the Prize pile: before the first meld, frozen, unfrozen, and always frozen."""
    top, side, pile = take.top, take.side, config.words.pile
    if take.onto:
        if not take.side_has_melded:
            return "take-initial", (
                f"before {side}'s first meld the up card must be melded with two naturals of its rank from hand"
            )
        if take.frozen and not config.always_frozen:  # the variation has its own rule for melds
            return "take-frozen", (
                f"the {pile} is frozen: the up card {top} can only be taken with two natural {top}s from hand, "
                "not added to a meld"
            )
        meld = take.meld()
        if config.always_frozen and len(meld) >= config.canasta_size:
            return "take-always-frozen", (
                f"the up card may only go onto a meld of six cards or fewer; {side}'s {top}s has {C.number(len(meld))} cards"
            )
        return None
    own = take.own
    naturals = own.count(top)
    if not take.side_has_melded and naturals < 2:
        return "take-initial", (
            f"before {side}'s first meld the up card {top} must be melded with at least two natural {top}s from "
            f"hand; [{C.show([top, *own])}] has {C.number(naturals)}"
        )
    if (take.frozen or config.always_frozen) and (naturals < 2 or len(own) != naturals):
        code = "take-always-frozen" if config.always_frozen and not take.frozen else "take-frozen"
        return code, (
            f"the {pile} is frozen: the up card {top} can only be taken with two natural {top}s from hand, "
            f"without wilds; [{C.show([top, *own])}] does not qualify"
        )
    if len(own) < 2:
        return "take-unfrozen", (
            f"the up card {top} is taken with two cards of its rank from hand (one may be wild), or onto "
            f"{side}'s meld of {top}s"
        )
    return None


def hand_penalty(held: Counter[str], config: Config) -> tuple[int, str]:
    """What the cards left in one player's hand cost, and how it was counted. A Caliente card
    held doubles the loss of the hand, two triple it; the card itself is worth nothing, so a hand
    of only Caliente cards costs nothing. Forgotten Bonus cards are part of that loss unless the
    rule set says otherwise (option caliente-multiplies-bonus)."""
    bonus = held[C.BONUS] * config.bonus_in_hand_penalty
    caliente = held[C.CALIENTE]
    values = C.VALUES
    plain = sum(values[card] * n for card, n in held.items() if card not in (C.BONUS, C.CALIENTE))
    if caliente:
        factor = 2 if caliente == 1 else 3
        cost = (plain + bonus) * factor if config.caliente_multiplies_bonus else plain * factor + bonus
        return cost, f"x{factor} for holding {caliente} Caliente card{'s' * (caliente > 1)}"
    return plain + bonus, ""


def laid_score(
    laid: Sequence[str], melds: Sequence[Sequence[str]], config: Config
) -> list[tuple[Callable[[], str], int]]:
    """Bonus cards laid score by the table of "Bonus Cards" (against a side that has not melded);
    each Caliente card played costs."""
    has_melded = bool(melds)
    lines: list[tuple[Callable[[], str], int]] = []
    bonus_cards = laid.count(C.BONUS)
    if bonus_cards:
        lines.append(
            (
                lambda: f"{bonus_cards} Bonus card{'s' * (bonus_cards > 1)}",
                config.bonus_card_points(bonus_cards, has_melded),
            )
        )
    return lines + caliente_cards_played(laid, config)


def caliente_cards_played(laid: Sequence[str], config: Config) -> list[tuple[Callable[[], str], int]]:
    """Each Caliente card played costs its side (the families that play the variation share this)."""
    lines: list[tuple[Callable[[], str], int]] = []
    caliente_played = laid.count(C.CALIENTE)
    if caliente_played:
        lines.append(
            (
                lambda: f"{caliente_played} Caliente card{'s' * (caliente_played > 1)} played",
                -config.caliente_played_penalty * caliente_played,
            )
        )
    return lines


def end_of_hand(player: str, hand: Counter[str], config: Config) -> list[tuple[str, str, str]]:
    """Warnings for cards that cost their holder at the end of the hand."""
    warnings = []
    if hand[C.CALIENTE] > 0:
        held = hand[C.CALIENTE]
        factor = "double" if held == 1 else "triple"
        warnings.append(
            (
                "caliente-in-hand",
                "caliente-left-in-hand",
                f"{player} ends the hand holding {held} Caliente card{'s' * (held > 1)}: the cards left in that "
                f"hand count {factor}",
            )
        )
    if hand[C.BONUS] > 0:
        warnings.append(
            (
                "bonus-in-hand",
                "bonus-left-in-hand",
                f"{player} ends the hand holding {hand[C.BONUS]} Bonus card{'s' * (hand[C.BONUS] > 1)}, "
                f"which costs {config.bonus_in_hand_penalty} points each",
            )
        )
    return warnings


def configure(seating: Seating, options: Mapping[str, OptionValue]) -> Config:
    seats = len(seating.seats)
    three_packs = bool(options["three-packs"])
    players_per_hand = seats if seats <= 4 or three_packs else 4
    deal_size = {2: 15, 3: 13}.get(players_per_hand, 13 if three_packs else 11)
    solo_or_big = players_per_hand == 2 or three_packs
    return Config(
        seating=seating,
        players_per_hand=players_per_hand,
        packs=3 if three_packs else 2,
        caliente_cards=2 if options["caliente-cards"] else 0,
        deal_size=deal_size,
        draw_count=2 if players_per_hand == 2 else 1,
        max_wilds=3,
        naturals_must_outnumber_wilds=True,
        merge_same_rank=True,
        canasta_size=7,
        always_frozen=bool(options["always-frozen"]),
        stop_up_card_freezes=bool(options["stop-up-card-freezes"]),
        canastas_to_go_out=int(options["canastas-to-go-out"]) or (2 if solo_or_big else 1),
        concealed_waives_minimum=bool(options["concealed-waives-minimum"]),
        concealed_allows_discard=bool(options["concealed-allows-discard"]),
        target=int(options["target"]) or (10_000 if three_packs else 5_000),
        first_meld_minimum=first_meld_minimum(three_packs, int(options["negative-score-minimum"])),
        going_out_bonus=100,
        concealed_bonus=100,
        natural_canasta_bonus=500,
        mixed_canasta_bonus=300,
        bonus_card_points=bonus_card_points(three_packs),
        bonus_in_hand_penalty=int(options["bonus-in-hand-penalty"]),
        caliente_played_penalty=100,
        caliente_refill=int(options["caliente-refill"]) or deal_size,
        caliente_multiplies_bonus=bool(options["caliente-multiplies-bonus"]),
        caliente_on_exhausted_stock=bool(options["caliente-on-exhausted-stock"]),
        permission_penalty=int(options["permission-penalty"]),
        wrong_take_penalty=int(options["wrong-take-penalty"]),
        failed_minimum_raise=int(options["failed-minimum-raise"]),
        meld_problem=group_meld_problem,
        take_problem=take_problem,
        canasta_bonus=group_canasta_bonus,
        go_out_problem=canastas_to_go_out,
        hand_penalty=hand_penalty,
        laid_score=laid_score,
        end_of_hand=end_of_hand,
        laid_cards=frozenset({C.BONUS, C.CALIENTE}),
        blocks_pile=frozenset({C.STOP, C.CALIENTE, *C.WILDS}),
        words=Words(pile="Prize pile"),
        options=dict(options),
    )


def seating_problem(seating: Seating, options: Mapping[str, OptionValue]) -> str | None:
    """Sides by table size (Rules for 2 to 6 players), partners never side by side. Five seats
    cannot alternate two sides: there the team of two sits apart and two of the team of three
    sit together (one of them sits out each hand, and the four who play then alternate)."""
    seats, n = seating.seats, len(seating.seats)
    sizes = sorted(len(side) for side in seating.sides)
    allowed = {2: [[1, 1]], 3: [[1, 1, 1]], 4: [[2, 2]], 5: [[2, 3]], 6: [[3, 3]]}[n]
    if options.get("three-packs"):
        if n != 6:
            return f"the three-pack game is for six players, not {n}"
        allowed = [[3, 3], [2, 2, 2]]
    if sizes not in allowed:
        shown = " or ".join("+".join(map(str, a)) for a in allowed)
        if sizes == [2, 2, 2]:
            return (
                f"three teams of two play only the three-pack game (option three-packs); "
                f"otherwise the sides are {shown}"
            )
        return f"with {n} players the sides are {shown} players, not {'+'.join(map(str, sizes))}"
    side_of = {p: side for side in seating.sides for p in side}
    for i, player in enumerate(seats):
        neighbour = seats[(i + 1) % n]
        side = side_of[player]
        if side is side_of[neighbour] and (n != 5 or len(side) == 2):
            return (
                f"{player} and {neighbour} are partners but sit side by side: partners sit with opponents between them"
            )
    return None


CALIENTE = RuleSet(
    name="caliente",
    title="Canasta Caliente",
    summary="The Winning Moves / Hasbro Canasta: two packs with Bonus and Stop cards, 2 to 6 players (six "
    "also with three packs), with the Caliente-card and always-frozen variations.",
    options=OPTIONS,
    catalogue=CATALOGUE,
    configure=configure,
    seat_counts=(2, 3, 4, 5, 6),
    seating_problem=seating_problem,
    raises=GROUP_CODES | {"caliente-in-hand", "bonus-in-hand"},
    choices=CHOICES,
)
