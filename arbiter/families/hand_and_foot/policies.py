"""Hand & Foot: five packs of the Caliente deck, a Hand and a Foot for each player, melds that
close at seven, wild melds, the side's canasta quota to go out, four rounds.

Source: the Hand & Foot chapter of Canasta Caliente Complete ("Rules for Hand & Foot Canasta"),
which plays Caliente's rules where it lists no difference; where it is silent, and where clubs
play it differently, hand_and_foot_choices.py (rendered in docs/rules/hand-and-foot.md) says what
the arbiter does, and each such point is an option a club sets in its records' `Variant` tag.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from ... import cards as C
from ...i18n import Text, msg, msg_n, term
from ...rules import standard
from ...rules.base import Config, OptionSpec, OptionValue, RuleSet, Seating, Words, brings, entry
from ...rules.groups import GROUP_CODES, group_meld_problem, two_naturals_per_wild
from ...rules.lists import all_of
from ...rules.policies import PileTake
from ...rules.remedies import failed_minimum_raise, permission_penalty, wrong_take_penalty
from ...rules.sheet_rules import summary_rules
from ...rules.sheet_spec import SUMMARY_CODES, CanastaKind, SheetSpec
from ...rules.standard_rules import kept_from
from ...rulings import Rule
from .actions import FOOT, KIND
from .choices import BOOK, CHOICES, PROJECT_DEFAULT, section

PACKS = 5
CLOSED_AT = 7  # a meld closes as a canasta at seven cards and takes no more
KINDS = ("natural", "mixed", "wild")
CANASTA_BONUS = {"natural": 500, "mixed": 300, "wild": 1500}

HAND_AND_FOOT_WORDS = Words(laid="Bonus cards")
"""Hand & Foot's words: Caliente's, but only Bonus cards are laid beside the melds (no Caliente
card in its packs)."""
THREE_NUMBERS = r"[0-9]{1,2}/[0-9]{1,2}/[0-9]{1,2}"
FOUR_NUMBERS = r"[0-9]{1,4}/[0-9]{1,4}/[0-9]{1,4}/[0-9]{1,4}"

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("hand-size", 13, "Cards dealt to each Hand.", f"{BOOK}, {section('Deal')}; {PROJECT_DEFAULT}", least=5),
    OptionSpec("foot-size", 13, "Cards dealt to each Foot.", f"{BOOK}, {section('Deal')}; {PROJECT_DEFAULT}", least=1),
    OptionSpec(
        "wild-ratio",
        "at-most-two",
        "How many wilds a meld of a rank may hold: `at-most-two` (one or two, with at least two naturals) or "
        "`two-naturals-per-wild` (also two naturals for every wild).",
        f"{BOOK}, {section('Melds')}; {PROJECT_DEFAULT}",
        ("at-most-two", "two-naturals-per-wild"),
    ),
    OptionSpec(
        "pile-take",
        "all",
        "How much of the pile a take picks up: `all`, or a number N: the top N cards, the up card among them "
        "(the rest stay as the pile).",
        f"{BOOK}, {section('Play')}; {PROJECT_DEFAULT}",
        pattern=r"all|[1-9][0-9]{0,2}",
        form="all, or a number of cards",
    ),
    OptionSpec(
        "canastas-to-go-out",
        "2/2/1",
        "The canastas a side needs to go out, natural/mixed/wild: `2/2/1`, `1/1/1`, `1/2/0` ...",
        f"{BOOK}, {section('Going Out')}; {PROJECT_DEFAULT}",
        pattern=THREE_NUMBERS,
        form="three numbers joined by /, natural/mixed/wild (2/2/1)",
    ),
    OptionSpec(
        "ask-required",
        True,
        "A player must ask the partner before going out (the answer binds). Off: asking is allowed, not required.",
        f"{BOOK}, {section('Going Out')}; {PROJECT_DEFAULT}",
    ),
    OptionSpec(
        "wild-pair-take",
        False,
        "A wild up card may be taken with two of the same wild from hand, into a wild meld; by default a wild "
        "on top blocks the pile.",
        PROJECT_DEFAULT,
    ),
    OptionSpec(
        "pair-take-joins-open-meld",
        True,
        "A take of the pile with a pair from hand while the side has an open meld of the up card's rank joins "
        "the three cards to that meld. Off (the strict reading): the take is refused as a second open meld.",
        f"{BOOK}, {section('Play')} and {section('Melds')}; {PROJECT_DEFAULT}",
    ),
    OptionSpec(
        "minimums",
        "50/90/120/150",
        "The first-meld minimum of rounds 1, 2, 3 and 4 (later rounds keep the last).",
        f"{BOOK}, {section('Minimum Melds')}; {PROJECT_DEFAULT}",
        pattern=FOUR_NUMBERS,
        form="four numbers joined by /, for rounds 1 to 4 (50/90/120/150)",
    ),
    OptionSpec(
        "rounds", 4, "The rounds (hands) of a game; the higher total after the last wins.", PROJECT_DEFAULT, least=1
    ),
    OptionSpec(
        "bonus-in-hand-penalty",
        100,
        "Points lost for each Bonus card left in a Hand or a Foot at the end of the round.",
        f"{BOOK}, {section('Bonus Cards')}; {PROJECT_DEFAULT}",
    ),
    permission_penalty(f"{BOOK}, {section('Going Out')}; {PROJECT_DEFAULT}"),
    wrong_take_penalty(f"{BOOK}, {section('Play')}; {PROJECT_DEFAULT}"),
    failed_minimum_raise(f"{BOOK}, {section('Minimum Melds')}; {PROJECT_DEFAULT}", hand="round"),
)


SHARED = (
    "unknown-player",
    "hand-number",
    "dealer-order",
    "stock-order",
    "stock-empty",
    "turn-order",
    "draw-first",
    "card-not-held",
    "take-up-card",
    "bonus-discard",
    "discard",
    "go-out-permission",
    "hand-over",
    "out-marker",
    "last-bonus",
    "total-mismatch",
    "caliente-in-hand",
)

CATALOGUE: dict[str, Rule] = dict(
    [
        *(kept_from(code, BOOK, section("Play")) for code in SHARED),
        entry(
            "caliente-card",
            "No Caliente cards",
            f"{BOOK}, {section('Deal')}",
            "Hand & Foot is played without the Caliente cards: none is in the five packs, so none can be played.",
        ),
        entry(
            "caliente-refill",
            "No Caliente cards",
            f"{BOOK}, {section('Deal')}",
            "Without Caliente cards there is no drawing up after one.",
        ),
        entry(
            "seating",
            "Players and partnerships",
            f'{BOOK}, {section("Deal")} and "Rules for 4 Players"',
            "Four players in two partnerships, partners facing each other.",
        ),
        entry(
            "sitting-out",
            "Sitting out",
            f"{BOOK}, {section('Deal')}",
            "Nobody sits out: the four players play every round.",
        ),
        entry(
            "deal-size",
            "The deal",
            f"{BOOK}, {section('Deal')}; {PROJECT_DEFAULT}",
            "Each player is dealt a Hand of 13 cards (option hand-size).",
        ),
        entry(
            "deal-packet",
            "The Foot",
            f"{BOOK}, {section('Deal')}; {PROJECT_DEFAULT}",
            "Each player is dealt a Foot of 13 cards (option foot-size), face down, written `foot NAME cards` in "
            "the deal. A stated position gives the Foot of each player who has not picked it up yet.",
        ),
        entry(
            "card-count",
            "The cards",
            f'{BOOK}, "Components" and {section("Deal")}',
            "Hand & Foot is played with five packs, 270 cards: twenty of each natural and of the little wild, ten "
            "big wilds, ten Bonus and ten Stop cards. No card may appear more often than that.",
        ),
        entry(
            "up-card",
            "The up card",
            f'{BOOK}, "The Deal", which {section("Play")} keeps',
            "The first card of the pile is turned from the stock; a wild or Bonus card turned is set sideways and "
            "another turned, until a natural card is on top; a Stop card turned is covered the same way.",
        ),
        entry(
            "position",
            "Stated position",
            f"{BOOK}, {section('Play')}",
            "A stated position must be a position the game can reach: every player's hand, the Foot of each "
            "player who has not picked it up, each side's melds, the pile and the stock, with no card more often "
            "than the five packs hold it.",
        ),
        entry(
            "draw-count",
            "Drawing",
            f"{BOOK}, {section('Play')}; {PROJECT_DEFAULT}",
            "A player draws two cards from the stock, or the last one when only one is left. Drawing and taking "
            "the pile exclude each other.",
        ),
        entry(
            "take-blocked",
            "A blocked pile",
            f'{BOOK}, "Discarding", which {section("Play")} keeps; {PROJECT_DEFAULT}',
            "Nobody may take the pile when a Stop card or a wild is on top (a wild may be taken with two of the "
            "same wild under option wild-pair-take).",
        ),
        entry(
            "take-initial",
            "Taking the pile before the first meld",
            f"{BOOK}, {section('Play')} and {section('Minimum Melds')}",
            "Before the side's first meld the up card is taken, like always, with a natural pair of its rank from "
            "the hand, and the up card with the cards melded from hand as the pile is taken must meet the round's "
            "minimum. A take short of it is a take without the right to it: the pile is restored and the side "
            "loses 50 points (option wrong-take-penalty).",
        ),
        entry(
            "take-frozen",
            "The pile is always frozen",
            f"{BOOK}, {section('Play')}",
            "The pile is always frozen: its up card is taken only with a natural pair of its rank from hand, into "
            "a new meld, never with a wild and never onto a meld on the table.",
        ),
        entry(
            "take-unfrozen",
            "The pile is always frozen",
            f"{BOOK}, {section('Play')}",
            "Hand & Foot has no unfrozen pile: every take is judged as a frozen one (see take-frozen).",
        ),
        entry(
            "take-always-frozen",
            "The pile is always frozen",
            f"{BOOK}, {section('Play')}",
            "The pile never unfreezes, so with the stock drawn out nobody is forced to take it.",
        ),
        entry(
            "first-meld-minimum",
            "Minimum melds",
            f"{BOOK}, {section('Minimum Melds')}; {PROJECT_DEFAULT}",
            "A side's first melds in a round, made by one player in one turn (several melds may share it), must be "
            "worth 50 in round 1, 90 in round 2, 120 in round 3 and 150 in round 4 (option minimums); Bonus cards "
            "do not count. The player may add cards that turn to reach it; otherwise the cards go back and the "
            "minimum rises by 10 for the round (option failed-minimum-raise).",
        ),
        entry(
            "meld-size",
            "Melds",
            f"{BOOK}, {section('Melds')}",
            "A meld has three to seven cards.",
        ),
        entry(
            "meld-rank",
            "Melds",
            f"{BOOK}, {section('Melds')}",
            "A meld is cards of one rank with wilds, or wild cards only; sequences are not melds, and Bonus cards "
            "are never melded.",
        ),
        entry(
            "meld-wilds",
            "Melds",
            f"{BOOK}, {section('Melds')}; {PROJECT_DEFAULT}",
            "A mixed meld holds one or two wilds and at least two naturals (option wild-ratio: also two naturals "
            "per wild); a wild meld is wild cards only.",
        ),
        entry(
            "meld-closed",
            "A canasta is closed",
            f"{BOOK}, {section('Melds')}",
            "A meld that reaches seven cards is a canasta and is closed: it takes no more cards.",
        ),
        entry(
            "open-meld",
            "One open meld of a rank",
            f"{BOOK}, {section('Melds')}; {PROJECT_DEFAULT}",
            "A side starts a new meld of a rank (or a new wild meld) only once its earlier one is closed: it never "
            "has two open melds of one rank (a take of the pile with a pair joins the open meld instead: option "
            "pair-take-joins-open-meld). Its melds of a rank are named `K`, `K#2` in the order made, the wild "
            "meld `2`.",
        ),
        entry(
            "meld-unknown",
            "Adding to melds",
            f"{BOOK}, {section('Melds')}",
            "Cards can only be added to a meld the side has on the table, named as above.",
        ),
        entry(
            "stop-meld",
            "Melding Stop cards",
            f'{BOOK}, "Stop Cards", which {section("Play")} keeps; {PROJECT_DEFAULT}',
            "Stop cards are melded only by a player going out, three or four of them, with no wilds.",
        ),
        entry(
            "bonus-replacement",
            "Bonus cards",
            f'{BOOK}, {section("Bonus Cards")} and "Bonus Cards"',
            "A Bonus card is laid as soon as it is held, from the Hand or the Foot, and replaced by a card drawn "
            "from the stock; one that came with a pile taken is laid without a replacement.",
        ),
        entry(
            "bonus-in-hand",
            "Forgotten Bonus cards",
            f"{BOOK}, {section('Bonus Cards')}; {PROJECT_DEFAULT}",
            "A Bonus card left in a Hand or a Foot at the end of the round costs 100 (option bonus-in-hand-penalty).",
        ),
        entry(
            "foot-pickup",
            "Picking up the Foot",
            f"{BOOK}, {section('Picking up the Foot')}",
            "A player whose Hand is played out picks up the Foot (`foot`): at once, going on with the turn, when the "
            "last card of the Hand is melded; at the start of the next turn when it is discarded. The Foot is "
            "picked up once, and only with the Hand empty.",
        ),
        entry(
            "go-out-canasta",
            "Going out: the canastas",
            f"{BOOK}, {section('Going Out')}; {PROJECT_DEFAULT}",
            "A side goes out only with two natural, two mixed and one wild canasta (option canastas-to-go-out); "
            "without them a player keeps a card after discarding.",
        ),
        entry(
            "go-out-foot",
            "Going out: the Feet",
            f"{BOOK}, {section('Going Out')}; {PROJECT_DEFAULT}",
            "The player going out plays out the Foot, and the partner must have picked up the Foot and played from "
            "it (ended a turn with it); until then a player keeps a card after discarding.",
        ),
        entry(
            "ask",
            "Asking to go out",
            f"{BOOK}, {section('Going Out')}; {PROJECT_DEFAULT}",
            "A player asks the partner before going out (option ask-required), before melding in that turn; the "
            "answer binds.",
        ),
        entry(
            "pass",
            "The stock runs out",
            PROJECT_DEFAULT,
            "When the stock is drawn out the round ends: the player who finds it empty passes (taking the pile is "
            "no longer allowed), and nobody earns the going-out bonus.",
        ),
        entry(
            "forced-take",
            "The stock runs out",
            PROJECT_DEFAULT,
            "The pile is always frozen, so nobody is ever forced to take it.",
        ),
        entry(
            "score-mismatch",
            "Scoring",
            f"{BOOK}, {section('Scoring')}",
            "A declared score must equal the recomputed one: the cards melded, 500 for each natural canasta, 300 "
            "for each mixed and 1,500 for each wild one, 100 for going out and 100 for each Bonus card laid, less "
            "every card left in a Hand or a Foot (a Stop card 5, a Bonus card 100).",
        ),
        entry(
            "result-mismatch",
            "End of the game",
            f"{BOOK}, {section('Minimum Melds')}; {PROJECT_DEFAULT}",
            "The game is four rounds (option rounds); the higher total after the last wins.",
        ),
        entry(
            "game-over",
            "End of the game",
            f"{BOOK}, {section('Minimum Melds')}; {PROJECT_DEFAULT}",
            "No hand is played after the last round.",
        ),
    ]
)


# --- the policies ------------------------------------------------------------------------------


def numbers(text: str) -> tuple[int, ...]:
    """`2/2/1` as (2, 2, 1) (the option's pattern has been checked)."""
    return tuple(int(part) for part in str(text).split("/"))


def minimums(by_round: tuple[int, ...]) -> Callable[[int, int], int]:
    def minimum(score: int, hand: int) -> int:
        return by_round[min(max(hand, 1), len(by_round)) - 1]

    return minimum


def kind_of(cards: Sequence[str]) -> str:
    wilds = sum(map(C.WILDS.__contains__, cards))
    return "wild" if wilds == len(cards) else "mixed" if wilds else "natural"


def meld_problem(cards: Sequence[str], config: Config, new: bool) -> tuple[str, str] | None:
    """A meld of a rank (with the option's wild limit), or a wild meld; three to seven cards."""
    if len(cards) > CLOSED_AT:
        if not new:  # grown past seven: addition_problem says whether it was closed already
            return None
        return "meld-size", too_big(cards)
    if cards and all(card in C.WILDS for card in cards):
        if new and len(cards) < 3:
            return "meld-size", msg("[{cards}]: a new meld needs at least three cards", cards=C.show(cards))
        return None
    problem = group_meld_problem(cards, config, new)
    if problem or config.options.get("wild-ratio") != "two-naturals-per-wild":
        return problem
    return two_naturals_per_wild(cards)


def addition_problem(meld: Sequence[str], added: Sequence[str], config: Config) -> tuple[str, str] | None:
    """A canasta is closed: it takes no more cards; and no addition takes a meld past seven."""
    if len(meld) >= CLOSED_AT:
        return "meld-closed", msg(
            "[{cards}] is a canasta, closed at {size} cards: it takes no more",
            cards=C.show(meld),
            size=C.number(CLOSED_AT),
        )
    if len(meld) + len(added) > CLOSED_AT:
        return "meld-size", too_big([*meld, *added])
    return None


def too_big(cards: Sequence[str]) -> Text:
    return msg("[{cards}]: a meld has at most {size} cards", cards=C.show(cards), size=C.number(CLOSED_AT))


def take_problem(take: PileTake, config: Config) -> tuple[str, str] | None:
    """Always frozen: only a pair of the up card's rank from hand, into a new meld."""
    top, own = take.top, take.own
    if not take.onto and len(own) >= 2 and all(card == top for card in own):
        return None
    code = "take-frozen" if take.side_has_melded else "take-initial"
    pair = msg("two {card}s", card=C.describe(top)) if top in C.WILDS else msg("two natural {top}s", top=top)
    values = {"pile": term(config.words.pile), "top": top, "pair": pair}
    if take.onto:
        return code, msg(
            "the {pile} is always frozen: the up card {top} is taken only with {pair} from hand, into a new meld",
            **values,
        )
    return code, msg(
        "the {pile} is always frozen: the up card {top} is taken only with {pair} from hand, into a new meld; "
        "[{cards}] is not that",
        cards=C.show([top, *own]),
        **values,
    )


def pile_cards_taken(take: PileTake, rest: int, config: Config) -> int:
    """`pile-take=N`: the top N cards, the up card among them."""
    limit = str(config.options.get("pile-take", "all"))
    return rest if limit == "all" else min(rest, int(limit) - 1)


def canasta_bonus(cards: Sequence[str], config: Config) -> tuple[Callable[[], str], int] | None:
    if len(cards) < CLOSED_AT or C.STOP in cards:
        return None
    kind = kind_of(cards)
    return CANASTA_NAMES[kind], CANASTA_BONUS[kind]


def go_out_problem(melds: Sequence[Sequence[str]], config: Config) -> str | None:
    """The side's quota of natural, mixed and wild canastas."""
    quota = numbers(str(config.options["canastas-to-go-out"]))
    have = dict.fromkeys(KINDS, 0)
    for cards in melds:
        if len(cards) >= CLOSED_AT and C.STOP not in cards:
            have[kind_of(cards)] += 1
    lacking = [(need - have[kind], kind) for kind, need in zip(KINDS, quota, strict=True) if have[kind] < need]
    if not lacking:
        return None
    short = all_of([MORE[kind](n) for n, kind in lacking])
    return msg_n(
        "needs {short} canasta to go out ({quota} natural/mixed/wild): without them a player keeps a card after "
        "discarding",
        "needs {short} canastas to go out ({quota} natural/mixed/wild): without them a player keeps a card after "
        "discarding",
        sum(n for n, _ in lacking),
        short=short,
        quota="/".join(map(str, quota)),
    )


# What a side lacks of each kind of canasta, and each kind's name, as templates a translator sees.
MORE: dict[str, Callable[[int], Text]] = {
    "natural": lambda n: msg_n("{n} more natural", "{n} more natural", n),
    "mixed": lambda n: msg_n("{n} more mixed", "{n} more mixed", n),
    "wild": lambda n: msg_n("{n} more wild", "{n} more wild", n),
}
CANASTA_NAMES: dict[str, Callable[[], Text]] = {
    "natural": lambda: msg("natural canasta"),
    "mixed": lambda: msg("mixed canasta"),
    "wild": lambda: msg("wild canasta"),
}


def laid_score(
    laid: Sequence[str], melds: Sequence[Sequence[str]], config: Config
) -> list[tuple[Callable[[], str], int]]:
    """Each Bonus card laid is worth 100, whatever the side's melds."""
    bonus_cards = laid.count(C.BONUS)
    if not bonus_cards:
        return []
    return [(lambda: msg_n("{n} Bonus card", "{n} Bonus cards", bonus_cards), 100 * bonus_cards)]


SHEET = SheetSpec(
    canastas=(
        CanastaKind("clean", ("4",) * CLOSED_AT, "Clean canastas"),
        CanastaKind("dirty", ("4",) * (CLOSED_AT - 1) + (C.LITTLE_WILD,), "Dirty canastas"),
        CanastaKind("wild", (C.LITTLE_WILD,) * CLOSED_AT, "Wild canastas"),
    ),
    laid=(standard.BONUS_CARDS,),
)
"""Hand & Foot's score sheet in its players' words: clean (natural), dirty (mixed) and wild
canastas, Bonus cards, going out (concealed too, which earns nothing more), the points melded, what
is left in the Hands and Feet, the penalties."""


def configure(seating: Seating, options: Mapping[str, OptionValue]) -> Config:
    # Hand & Foot plays Caliente's rules where its chapter lists no difference: start from the standard game.
    base = standard.standard_config(seating)
    wilds_block = not options["wild-pair-take"]
    return replace(
        base,
        players_per_hand=4,
        packs=PACKS,
        extra_cards={},
        words=HAND_AND_FOOT_WORDS,
        deal_size=int(options["hand-size"]),
        foot_size=int(options["foot-size"]),
        draw_count=2,
        max_wilds=2,
        naturals_must_outnumber_wilds=False,
        merge_same_rank=False,
        one_open_meld_per_rank=True,
        take_joins_open_meld=bool(options["pair-take-joins-open-meld"]),
        canasta_size=CLOSED_AT,
        always_frozen=True,
        canastas_to_go_out=sum(numbers(str(options["canastas-to-go-out"]))),
        concealed_waives_minimum=False,
        rounds=int(options["rounds"]),
        first_meld_minimum=minimums(numbers(str(options["minimums"]))),
        going_out_bonus=100,
        concealed_bonus=0,
        bonus_in_hand_penalty=int(options["bonus-in-hand-penalty"]),
        permission_penalty=int(options["permission-penalty"]),
        wrong_take_penalty=int(options["wrong-take-penalty"]),
        failed_minimum_raise=int(options["failed-minimum-raise"]),
        ask_required=bool(options["ask-required"]),
        exhausted_stock_ends_hand=True,
        meld_problem=meld_problem,
        take_problem=take_problem,
        canasta_bonus=canasta_bonus,
        go_out_problem=go_out_problem,
        laid_score=laid_score,
        addition_problem=addition_problem,
        pile_cards_taken=pile_cards_taken,
        blocks_pile=frozenset({C.STOP, C.BONUS, *(C.WILDS if wilds_block else ())}),
        actions=brings(FOOT),
        sheet=SHEET,
        options=dict(options),
    )


def seating_problem(seating: Seating, options: Mapping[str, OptionValue]) -> str | None:
    dealt = 4 * (int(options["hand-size"]) + int(options["foot-size"]))
    if dealt > 200:
        return msg(
            "a Hand of {hand} and a Foot of {foot} for four players deal {dealt} cards; at most 200 leave a stock",
            hand=options["hand-size"],
            foot=options["foot-size"],
            dealt=dealt,
        )
    return standard.seating_problem(seating, {})


HAND_AND_FOOT = RuleSet(
    name="hand-and-foot",
    title="Hand & Foot",
    summary="Hand & Foot with the Caliente deck: five packs, a Hand and a Foot of 13 for each of four players in "
    "partnerships, the pile always frozen, melds that close at seven, wild canastas, two natural, two mixed and "
    "one wild canasta to go out, four rounds; the house rules clubs vary are options.",
    options=OPTIONS,
    catalogue={**CATALOGUE, **summary_rules(CATALOGUE)},
    configure=configure,
    seat_counts=(4,),
    seating_problem=seating_problem,
    raises=GROUP_CODES
    | SUMMARY_CODES
    | {"meld-closed", "open-meld", "foot-pickup", "go-out-foot", "bonus-in-hand", "caliente-in-hand"},
    choices=CHOICES,
    presets={
        "caliente-book": {spec.name: spec.default for spec in OPTIONS},
        "pagat": {"pile-take": "7", "wild-ratio": "two-naturals-per-wild"},
    },
    actions=(KIND,),
)
