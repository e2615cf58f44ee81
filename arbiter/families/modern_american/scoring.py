"""Modern American Canasta's scoring: the kinds of canasta, the threes whose sign follows the
side's canastas, the melded cards counted against a side without a canasta, the unfinished aces,
sevens and wild melds, and the cards left in a hand with the penalty for three aces or sevens."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from ... import cards as C
from ...i18n import msg, msg_n
from ...rules.base import Config
from ...rules.groups import mixed_canasta, natural_canasta
from .policies import ACE, SEVEN, THREES, is_canasta, is_wild_meld, special_meld, wilds

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


def canasta_bonus(cards: Sequence[str], config: Config) -> Line | None:
    if not is_canasta(cards):
        return None
    if is_wild_meld(cards):
        jokers = cards.count(C.BIG_WILD)
        return wild_canasta, 3_000 if jokers == 0 else 2_500 if jokers == 4 else 2_000
    if wilds(cards):
        return mixed_canasta, config.mixed_canasta_bonus
    if ACE in cards:
        return ace_canasta, SPECIAL_CANASTA
    if SEVEN in cards:
        return sevens_canasta, SPECIAL_CANASTA
    return natural_canasta, config.natural_canasta_bonus


def laid_score(laid: Sequence[str], melds: Sequence[Sequence[str]], config: Config) -> list[Line]:
    """Threes by colour (their sign set by the side's canastas), the melded cards again against a
    side without a canasta (so that they count minus), and each unfinished meld that costs."""
    canastas = sum(is_canasta(cards) for cards in melds)
    lines: list[Line] = []
    sign = -1 if canastas == 0 else 0 if canastas == 1 else 1
    red, black = laid.count(C.BONUS), laid.count(C.STOP)
    threes = THREES_BY_COUNT[min(red, 4)] + THREES_BY_COUNT[min(black, 4)]
    if threes and sign:
        lines.append((_threes_label(red, black, sign), sign * threes))
    if canastas == 0 and melds:
        melded = sum(C.points(cards) for cards in melds)
        lines.append((_melded_against, -2 * melded))
    for cards in melds:
        if not is_canasta(cards) and special_meld(cards):
            lines.append((_unfinished(cards), -_unfinished_cost(cards, config)))
    return lines


def _unfinished_cost(cards: Sequence[str], config: Config) -> int:
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


def _melded_against() -> str:
    return msg("the melded cards again, counted against a side without a canasta")


def _unfinished(cards: Sequence[str]) -> Callable[[], str]:
    return lambda: msg("unfinished meld [{cards}]", cards=C.show(cards))


def hand_penalty(held: Counter[str], config: Config) -> tuple[int, str]:
    """The cards' values (a three 5, or option three-in-hand-value), and 1,500 for three or more
    aces, 1,500 for three or more sevens, held by the one player."""
    three = int(config.options.get("three-in-hand-value", THREE_DRAWN_LAST))
    cost = sum(n * (three if card in THREES else C.VALUES[card]) for card, n in held.items() if n > 0)
    sets = (held.get(ACE, 0) >= 3) + (held.get(SEVEN, 0) >= 3)
    if not sets or config.options.get("ace-seven-penalty-scope", "player") != "player":
        return cost, ""
    how = msg_n(
        "with {points} for {n} set of three aces or sevens",
        "with {points} for {n} sets of three aces or sevens",
        sets,
        points=sets * HELD_SET,
    )
    return cost + sets * HELD_SET, how
