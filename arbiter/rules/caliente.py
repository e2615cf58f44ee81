"""Canasta Caliente (Winning Moves / Hasbro), 2 to 6 players, with the box's variations.

Sources: the four Caliente rule books in shared/rules (classic 2001, Complete, 50th Anniversary,
Deluxe); they agree on the standard game and share their section names, so a rule is cited by
section. Where they are silent the project default of DIGEST.md section A applies, and each such
default is an option below.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..rulings import Rule
from .base import Config, OptionSpec, OptionValue, RuleSet, Seating

BOOKS = "Caliente rules"
DIGEST = "DIGEST A, project default"

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "always-frozen",
        False,
        "The Prize pile is always frozen: its up card may be taken only with two "
        "naturals from hand, or onto a meld of six cards or fewer.",
        f'{BOOKS}, "Variation: Prize Pile Always Frozen"',
    ),
    OptionSpec(
        "caliente-cards",
        False,
        "Two Caliente cards join the pack; one may be played instead of drawing, to draw back up to the deal size.",
        f'{BOOKS}, "Canasta Caliente exclusive variation"',
    ),
    OptionSpec(
        "three-packs",
        False,
        "Six players with three packs: deal 13, game to 10,000, minimum 150 from "
        "7,500, +600 for five or six Bonus cards, two canastas to go out.",
        f'{BOOKS}, "6 Player Rules: Three Decks"',
    ),
    OptionSpec(
        "stop-up-card-freezes",
        False,
        "A Stop card turned up at the start freezes the pile like a wild. "
        "By default it is simply covered by the next card, without freezing.",
        DIGEST + ', "Up card"',
    ),
    OptionSpec(
        "concealed-waives-minimum",
        False,
        "Going out concealed waives the first-meld minimum (as in Hoyle). By default the minimum still applies.",
        DIGEST + ', "Concealed"',
    ),
    OptionSpec(
        "concealed-allows-discard", True, "A concealed going out may end with a discard.", DIGEST + ', "Concealed"'
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
        'DIGEST, "Penalties for irregularities"',
    ),
    OptionSpec(
        "failed-minimum-raise",
        10,
        "How much the side's first-meld minimum rises for the rest of the hand "
        "after an insufficient first meld is taken back.",
        'DIGEST, "Penalties for irregularities"',
    ),
    OptionSpec(
        "target",
        0,
        "The score that ends the game (0: the rule book's, 5,000; 10,000 with three packs).",
        f'{BOOKS}, "End of the Game"',
    ),
    OptionSpec(
        "canastas-to-go-out",
        0,
        "Canastas a side needs to go out (0: the rule book's, 1; 2 with two players or three packs).",
        f'{BOOKS}, "Going Out"',
    ),
)


def _rule(code: str, name: str, section: str, summary: str, book: str = BOOKS) -> tuple[str, Rule]:
    return code, Rule(code, name, f'{book}, "{section}"', summary)


CATALOGUE: dict[str, Rule] = dict(
    [
        # the table and the deal
        _rule(
            "seating",
            "Players and partnerships",
            "Rules for 4 players",
            "The seats and sides must fit the game: four players in two partnerships with partners opposite, "
            "or the 2, 3, 5 and 6-player arrangements.",
        ),
        _rule("unknown-player", "Players", "The Play", "Every name in the record must be one of the seated players."),
        _rule(
            "sitting-out",
            "Sitting out",
            "5 Player Rules",
            "In five and six-player games one player of each three-player team sits out each hand and may not play.",
        ),
        _rule("hand-number", "Hands in order", "Next Deal", "Hands are numbered 1, 2, 3 ... in the order played."),
        _rule(
            "dealer-order",
            "The deal passes to the left",
            "The Deal",
            "After each hand the deal passes to the next player on the left.",
        ),
        _rule(
            "deal-size",
            "The deal",
            "The Deal",
            "Each player is dealt the same number of cards: 11 with four players (15 with two, 13 with three).",
        ),
        _rule(
            "card-count",
            "The cards",
            "The Cards",
            "No card may appear more often than the pack holds it: eight of each natural and of the little wild, "
            "four big wilds, four Bonus and four Stop cards per pack.",
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
            "The Deal",
            "The first card of the Prize pile is turned from the stock; a wild or Bonus card turned is set "
            "sideways (freezing the pile) and another card is turned, until a natural card is on top.",
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
            "The player to the dealer's left plays first, then play passes to the left.",
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
            "Drawing",
            "A player draws one card from the stock (two in the two-player game, one if only one is left).",
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
            "Discarding",
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
            "Taking the Prize Pile",
            "Before the side's first meld, the up card may be taken only with two or more naturals of its rank from "
            "hand, and the up card with cards from hand must meet the first-meld minimum; the pile's other cards "
            "do not count.",
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
            "The up card may be taken only with two naturals from hand, or onto the side's meld of its rank while "
            "that meld has six cards or fewer.",
        ),
        # melds
        _rule(
            "first-meld-minimum",
            "First meld requirement",
            "First Meld Requirement",
            "A side's first melds, made by one player in one turn, must be worth at least 50 points (90 from 1,500, "
            "120 from 3,000; any meld with a negative score). Bonus cards do not count.",
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
            "Going Out",
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
            "Going Out",
            "Only a player with a partner may ask, and the question comes before melding.",
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
            "A player may pass only when the stock is exhausted; the pass ends the hand.",
        ),
        _rule(
            "forced-take",
            "Forced take",
            "What Happens if the Draw Pile Runs Out?",
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
            "Canasta Caliente exclusive variation",
            "Instead of drawing, a player may play a Caliente card if the side has not melded more sets than the "
            "opponents, then draws up to the deal size; only one per turn.",
        ),
        # scores
        _rule("score-mismatch", "Scoring", "Scoring", "A declared hand score must equal the recomputed one."),
        _rule(
            "total-mismatch",
            "Scoring",
            "Scoring",
            "Declared running totals must equal the sum of the recomputed hand scores.",
        ),
        _rule(
            "result-mismatch",
            "End of the game",
            "End of the Game",
            "The game ends after the hand in which a side reaches the target; the higher score wins.",
        ),
        _rule(
            "game-over", "End of the game", "End of the Game", "No hand is played after a side has reached the target."
        ),
    ]
)


def first_meld_minimum(three_packs: bool):  # type: ignore[no-untyped-def]
    def minimum(score: int) -> int:
        if score < 0:
            return 0
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
        first_meld_minimum=first_meld_minimum(three_packs),
        going_out_bonus=100,
        concealed_bonus=100,
        natural_canasta_bonus=500,
        mixed_canasta_bonus=300,
        bonus_card_points=bonus_card_points(three_packs),
        bonus_in_hand_penalty=int(options["bonus-in-hand-penalty"]),
        caliente_played_penalty=100,
        permission_penalty=int(options["permission-penalty"]),
        failed_minimum_raise=int(options["failed-minimum-raise"]),
        options=dict(options),
    )


def seating_problem(seating: Seating, options: Mapping[str, OptionValue]) -> str | None:
    """Sides by table size (Rules for 2, 3, 5 and 6 players), partners never side by side."""
    seats, n = seating.seats, len(seating.seats)
    sizes = sorted(len(side) for side in seating.sides)
    allowed = {2: [[1, 1]], 3: [[1, 1, 1]], 4: [[2, 2]], 5: [[2, 3]], 6: [[3, 3]]}[n]
    if options.get("three-packs"):
        if n != 6:
            return f"the three-pack game is for six players, not {n}"
        allowed = [[3, 3], [2, 2, 2]]
    if sizes not in allowed:
        shown = " or ".join("+".join(map(str, a)) for a in allowed)
        return f"with {n} players the sides are {shown} players, not {'+'.join(map(str, sizes))}"
    side_of = {p: i for i, side in enumerate(seating.sides) for p in side}
    for i, player in enumerate(seats):
        neighbour = seats[(i + 1) % n]
        if n != 5 and side_of[player] == side_of[neighbour]:
            return (
                f"{player} and {neighbour} are partners but sit side by side: partners sit with opponents between them"
            )
    return None


CALIENTE = RuleSet(
    name="caliente",
    title="Canasta Caliente",
    summary="The Winning Moves / Hasbro Canasta: two packs with Bonus and Stop cards, 2 to 6 players.",
    options=OPTIONS,
    catalogue=CATALOGUE,
    configure=configure,
    seat_counts=(2, 3, 4, 5, 6),
    seating_problem=seating_problem,
)
