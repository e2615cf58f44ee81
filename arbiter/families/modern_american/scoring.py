"""Modern American Canasta's scoring: the kinds of canasta, the threes whose sign follows the
side's canastas, the melded cards counted against a side without a canasta, the unfinished aces,
sevens and wild melds, and the cards left in a hand with the penalty for three aces or sevens."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence

from ... import cards as C
from ...i18n import msg, msg_n
from ...rules.base import Config, OptionValue
from ...rules.groups import mixed_canasta, natural_canasta
from ...rules.sheet_spec import CanastaKind, LaidKind, PenaltyKind, SheetSpec, SpecialKind
from .policies import ACE, SEVEN, THREES, aces_and_sevens_apart, is_canasta, is_wild_meld, special_meld, wilds

THREES_BY_COUNT = {0: 0, 1: 100, 2: 300, 3: 500, 4: 1_000}  # of one colour
SPECIAL_CANASTA = 2_500  # natural aces, sevens
UNFINISHED_SPECIAL = 2_500
UNFINISHED_WILD = 2_000
HELD_SET = 1_500  # three aces or three sevens left in a player's hand
THREE_DRAWN_LAST = 5

Line = tuple[Callable[[], str], int]


def ace_canasta() -> str:
    return msg("canasta of natural aces")


def sevens_canasta() -> str:
    return msg("canasta of sevens")


def wild_canasta() -> str:
    return msg("wild-card canasta")


def twos_canasta() -> str:
    return msg("wild-card canasta of seven deuces")


def jokers_canasta() -> str:
    return msg("wild-card canasta of four jokers and three deuces")


def canasta_bonus(cards: Sequence[str], config: Config) -> Line | None:
    if not is_canasta(cards):
        return None
    if is_wild_meld(cards):
        jokers = cards.count(C.BIG_WILD)
        return (
            (twos_canasta, 3_000) if jokers == 0 else (jokers_canasta, 2_500) if jokers == 4 else (wild_canasta, 2_000)
        )
    if wilds(cards):
        return mixed_canasta, config.mixed_canasta_bonus
    if not aces_and_sevens_apart(config):  # three players: aces and sevens make natural canastas
        return natural_canasta, config.natural_canasta_bonus
    if ACE in cards:
        return ace_canasta, SPECIAL_CANASTA
    if SEVEN in cards:
        return sevens_canasta, SPECIAL_CANASTA
    return natural_canasta, config.natural_canasta_bonus


def melded_sign(canastas: int) -> int:
    """The melded cards count against a side without a canasta."""
    return -1 if canastas == 0 else 1


THREES_COUNT_AT = 2
"""The canastas with which a side's threes count for it: two, or the one a three-player game goes
out with (one canasta counts as two there)."""


def threes_sign(canastas: int, canastas_to_go_out: int) -> int:
    """Whether a side's threes count against it (-1), for nothing (0) or for it (1): minus with no
    canasta, plus with two, or with the canastas going out needs where that is fewer (three players)."""
    if canastas == 0:
        return -1
    return 1 if canastas >= min(canastas_to_go_out, THREES_COUNT_AT) else 0


def laid_score(laid: Sequence[str], melds: Sequence[Sequence[str]], config: Config) -> list[Line]:
    """Threes by colour, their sign set by the side's canastas (`threes_sign`): minus with none,
    nothing with one, plus with two or more (with one where one is enough to go out)."""
    canastas = sum(is_canasta(cards) for cards in melds)
    sign = threes_sign(canastas, config.canastas_to_go_out)
    red, black = laid.count(C.BONUS), laid.count(C.STOP)
    threes = THREES_BY_COUNT[min(red, 4)] + THREES_BY_COUNT[min(black, 4)]
    if not threes or not sign:
        return []
    return [(_threes_label(red, black, sign), sign * threes)]


def unfinished_penalty(cards: Sequence[str], config: Config) -> int:
    """An unfinished meld of natural aces or sevens costs 2,500, one of wild cards 2,000 (all four
    jokers: option incomplete-wild-four-jokers); any other nothing."""
    if not special_meld(cards, config):
        return 0
    if not is_wild_meld(cards):
        return UNFINISHED_SPECIAL
    if cards.count(C.BIG_WILD) == 4:
        return int(config.options.get("incomplete-wild-four-jokers", UNFINISHED_WILD))
    return UNFINISHED_WILD


def _threes_label(red: int, black: int, sign: int) -> Callable[[], str]:
    def label() -> str:
        if sign < 0:
            return msg(
                "{red} red and {black} black threes, counted against a side without a canasta", red=red, black=black
            )
        return msg("{red} red and {black} black threes", red=red, black=black)

    return label


def _unfinished_aces_or_sevens() -> str:
    return msg("an unfinished meld of aces or sevens")


def _unfinished_wilds() -> str:
    return msg("an unfinished wild-card meld")


def _three_aces_or_sevens_held() -> str:
    return msg("three aces or sevens left in hand")


def sheet_penalties(options: Mapping[str, OptionValue]) -> tuple[PenaltyKind, ...]:
    """What a Modern American sheet's `penalties` may hold beside the remedies: the unfinished melds
    (the four-joker wild meld at option incomplete-wild-four-jokers) and the aces or sevens held."""
    four_jokers = int(options.get("incomplete-wild-four-jokers", UNFINISHED_WILD))
    return (
        PenaltyKind(UNFINISHED_SPECIAL, _unfinished_aces_or_sevens),
        PenaltyKind(UNFINISHED_WILD, _unfinished_wilds),
        PenaltyKind(four_jokers, _unfinished_wilds, "incomplete-wild-four-jokers"),
        PenaltyKind(HELD_SET, _three_aces_or_sevens_held),
    )


def _cards(written: str) -> tuple[str, ...]:
    return tuple(written.split())


SHEET = SheetSpec(
    canastas=(
        CanastaKind("natural", ("4",) * 7, "Natural canastas"),
        CanastaKind("mixed", ("4",) * 6 + (C.LITTLE_WILD,), "Mixed canastas"),
        CanastaKind("aces", (ACE,) * 7, "Canastas of aces"),
        CanastaKind("sevens", (SEVEN,) * 7, "Canastas of sevens"),
        CanastaKind("deuces", (C.LITTLE_WILD,) * 7, "Canastas of seven deuces"),
        CanastaKind("jokers", (C.BIG_WILD,) * 4 + (C.LITTLE_WILD,) * 3, "Canastas of four jokers and three deuces"),
        CanastaKind("wild", (C.BIG_WILD,) + (C.LITTLE_WILD,) * 6, "Other wild-card canastas"),
    ),
    laid=(LaidKind("red-threes", C.BONUS, "Red threes"), LaidKind("black-threes", C.STOP, "Black threes")),
    penalties=sheet_penalties,
    specials=(
        SpecialKind("pairs", _cards("K K Q Q A A 7 7 5 5 8 8 9 9")),
        SpecialKind("wild-pairs", _cards("K K Q Q A A 7 7 2 2 8 8 9 9")),
        SpecialKind("miami-pairs", _cards("K K Q Q A A 7 7 2 2 X X 9 9")),
        SpecialKind("zip-code", _cards("K K K K Q Q Q A A A 7 7 9 9")),
        SpecialKind("straight", _cards("A 2 B 4 5 6 7 8 9 10 J Q K X")),
        SpecialKind("garbage", _cards("K K K K Q Q Q Q A A A 9 9 9")),
        SpecialKind("blast-off", _cards("K K K K K Q Q Q Q A A A 9 9")),
        SpecialKind("triples", _cards("K K K Q Q Q A A A 7 7 7 X X")),
        SpecialKind("quads", _cards("K K K K Q Q Q Q A A A A 2 2")),
        SpecialKind("dream-plus-4", _cards("K K K K K Q Q Q Q Q X X X X")),
        SpecialKind("dream-plus-5", _cards("K K K K K Q Q Q Q 2 2 2 X X")),
    ),
)
"""MAC's score sheet: each kind of canasta, red and black threes, going out (concealed too, which
earns nothing more), the points melded (counted minus without a canasta) and left (the 1,500 for
three aces or sevens among them, or among the penalties), and the penalties: unfinished aces,
sevens and wild melds and the remedies; a special hand laid out, as its one word, which holds the
side's whole line."""


def hand_penalty(held: Counter[str], config: Config) -> tuple[int, str]:
    """The cards' values (a three 5, or option three-in-hand-value), and 1,500 for three or more
    aces, 1,500 for three or more sevens, held by the one player (where the option
    ace-seven-penalty-scope counts them per player)."""
    three = int(config.options.get("three-in-hand-value", THREE_DRAWN_LAST))
    cost = sum(n * (three if card in THREES else C.VALUES[card]) for card, n in held.items() if n > 0)
    sets = _held_sets(held, config)
    if not sets or config.options.get("ace-seven-penalty-scope", "player") != "player":
        return cost, ""
    how = msg_n(
        "with {points} for {n} set of three aces or sevens",
        "with {points} for {n} sets of three aces or sevens",
        sets,
        points=sets * HELD_SET,
    )
    return cost + sets * HELD_SET, how


def side_hand_penalty(hands: Sequence[Counter[str]], config: Config) -> list[Line]:
    """Where the option ace-seven-penalty-scope counts per side: 1,500 for three or more aces, and
    for three or more sevens, among the partners' hands together."""
    if config.options.get("ace-seven-penalty-scope", "player") != "team":
        return []
    together: Counter[str] = Counter()
    for held in hands:
        together.update({card: n for card, n in held.items() if n > 0})
    sets = _held_sets(together, config)
    if not sets:
        return []

    def label() -> str:
        return msg_n(
            "{n} set of three aces or sevens left in the side's hands",
            "{n} sets of three aces or sevens left in the side's hands",
            sets,
        )

    return [(label, sets * HELD_SET)]


def _held_sets(held: Counter[str], config: Config) -> int:
    if not aces_and_sevens_apart(config):
        return 0
    return (held.get(ACE, 0) >= 3) + (held.get(SEVEN, 0) >= 3)
