"""Modern American Canasta's special hands: fourteen cards laid at once by a player whose side has
not opened, ending the hand. Each hand is known by the shape of its cards: how many of each
natural rank, and the wild cards, each kind of wild (2s, jokers) a group of its own ("matching
wilds"). Which hands a table plays, and their values, is the option `special-hands`."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ... import cards as C
from ...i18n import msg
from ...rules.base import Config

SIZE = 14
THREES = frozenset({C.BONUS, C.STOP})


@dataclass(frozen=True, slots=True)
class Shape:
    naturals: tuple[int, ...]  # sizes of the groups of natural ranks, largest first
    wilds: tuple[int, ...]  # sizes of the groups of matching wilds (2s, jokers), largest first
    ranks: frozenset[str]
    wild_kinds: frozenset[str]
    threes: int


def shape(cards: Sequence[str]) -> Shape:
    counts = Counter(cards)
    naturals = tuple(sorted((n for card, n in counts.items() if card in C.NATURAL_SET), reverse=True))
    wilds = tuple(sorted((n for card, n in counts.items() if card in C.WILDS), reverse=True))
    ranks = frozenset(card for card in counts if card in C.NATURAL_SET)
    kinds = frozenset(card for card in counts if card in C.WILDS)
    return Shape(naturals, wilds, ranks, kinds, sum(counts[t] for t in THREES))


def _pairs(s: Shape, config: Config) -> bool:
    return not s.wilds and s.naturals == (2,) * 7


def _wild_pairs(s: Shape, config: Config) -> bool:
    kinds = {C.LITTLE_WILD} if config.options.get("wild-pairs-wilds") == "twos" else set(C.WILDS)
    return s.naturals == (2,) * 6 and s.wilds == (2,) and s.wild_kinds <= kinds and {"A", "7"} <= s.ranks


def _miami_pairs(s: Shape, config: Config) -> bool:
    return s.naturals == (2,) * 5 and s.wilds == (2, 2) and {"A", "7"} <= s.ranks


def _groups(sizes: tuple[int, ...]) -> Callable[[Shape, Config], bool]:
    """Groups of these sizes, wild groups among them where the table allows matching wilds."""

    def fits(s: Shape, config: Config) -> bool:
        if s.wilds and not config.options.get("zip-code-wilds", True):
            return False
        return tuple(sorted(s.naturals + s.wilds, reverse=True)) == sizes and len(s.naturals) >= 2

    return fits


def _garbage(s: Shape, config: Config) -> bool:
    return not s.wilds and s.naturals == (4, 4, 3, 3)


def _straight(s: Shape, config: Config) -> bool:
    return s.naturals == (1,) * 11 and s.threes == 1 and s.wilds == (1, 1)


def _with_wild_pair(groups: tuple[int, ...]) -> Callable[[Shape, Config], bool]:
    def fits(s: Shape, config: Config) -> bool:
        if s.naturals == groups and s.wilds == (2,):
            return True
        return config.options.get("triples-pair") == "any" and tuple(sorted(s.naturals)) == (2, *sorted(groups))

    return fits


def _dream(naturals: tuple[int, ...], wild: int) -> Callable[[Shape, Config], bool]:
    def fits(s: Shape, config: Config) -> bool:
        return s.naturals == naturals and sum(s.wilds) == wild

    return fits


@dataclass(frozen=True, slots=True)
class Special:
    name: Callable[[], str]
    fits: Callable[[Shape, Config], bool]
    league: int
    pagat: int = 0  # 0: not one of pagat's hands
    wins: bool = False  # the hand wins the game at once (the Dream Hands)


SPECIALS: tuple[Special, ...] = (  # the Dream Hands first: a quint, a quad and 222 XX is one, not Blast Off
    Special(lambda: msg("special hand: Dream Hand Plus 4"), _dream((5, 5), 4), 8_500, wins=True),
    Special(lambda: msg("special hand: Dream Hand Plus 5"), _dream((5, 4), 5), 8_500, wins=True),
    Special(lambda: msg("special hand: Pairs"), _pairs, 2_500, 2_500),
    Special(lambda: msg("special hand: Wild Pairs"), _wild_pairs, 2_000, 2_000),
    Special(lambda: msg("special hand: Miami Pairs"), _miami_pairs, 2_500),
    Special(lambda: msg("special hand: Zip Code"), _groups((4, 3, 3, 2, 2)), 2_500),
    Special(lambda: msg("special hand: Straight"), _straight, 3_000, 3_000),
    Special(lambda: msg("special hand: Garbage"), _garbage, 3_000, 2_000),
    Special(lambda: msg("special hand: Blast Off"), _groups((5, 4, 3, 2)), 3_000),
    Special(lambda: msg("special hand: Triples"), _with_wild_pair((3, 3, 3, 3)), 3_500),
    Special(lambda: msg("special hand: Quads"), _with_wild_pair((4, 4, 4)), 3_500),
)


def special_hand(cards: Sequence[str], config: Config) -> tuple[Callable[[], str], int] | None:
    """The special hand these cards make at this table, and its value; None if none."""
    found = _played(cards, config)
    if found is None:
        return None
    if config.options.get("special-hands", "league") == "pagat":
        return found.name, found.pagat
    return found.name, 2_500 if config.options.get("special-hands") == "flat-2500" else found.league


def wins_the_game(cards: Sequence[str], config: Config) -> bool:
    """Whether these cards make a special hand that wins the game at once at this table (a Dream
    Hand, whatever value the table gives it)."""
    found = _played(cards, config)
    return found is not None and found.wins


def _played(cards: Sequence[str], config: Config) -> Special | None:
    """The special hand these cards make among those the table plays (option special-hands)."""
    played = str(config.options.get("special-hands", "league"))
    if played == "none" or len(cards) != SIZE:
        return None
    s = shape(cards)
    if s.threes and not _straight(s, config):  # only the Straight holds a three
        return None
    for special in SPECIALS:
        if special.fits(s, config) and (played != "pagat" or special.pagat):
            return special
    return None


def laid_out_value(cards: Sequence[str], config: Config) -> tuple[Callable[[], str], int, bool] | None:
    """The special hand these cards make at this table, its value and whether it wins the game at
    once (`Config.laid_out_value`, which the score sheet's special-hand lines read)."""
    found = special_hand(cards, config)
    return None if found is None else (found[0], found[1], wins_the_game(cards, config))
