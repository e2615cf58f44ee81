"""The card alphabet shared by every rule set.

Caliente decks have no suits, so a card is just its rank symbol. Classic decks map onto the
same symbols: a deuce is the little wild, a joker the big wild, a red three the Bonus card and a
black three the Stop card (see docs/notation.md, "Cards").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import cast

from .i18n import Text, msg_n, pmsg, term

NATURALS: tuple[str, ...] = ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
LITTLE_WILD = "2"
BIG_WILD = "X"
BONUS = "B"
STOP = "S"
CALIENTE = "C"
WILDS = frozenset({LITTLE_WILD, BIG_WILD})
CARDS: tuple[str, ...] = (*NATURALS, LITTLE_WILD, BIG_WILD, BONUS, STOP, CALIENTE)
CARD_SET = frozenset(CARDS)
NATURAL_SET = frozenset(NATURALS)
ORDER: dict[str, int] = {card: i for i, card in enumerate(CARDS)}  # the order cards are shown in

# Spellings classic players use, accepted on input and printed in canonical form.
ALIASES: dict[str, str] = {"R3": BONUS, "B3": STOP, "JK": BIG_WILD, "T": "10"}

# Points a card is worth melded (plus) or left in hand (minus); the Bonus and Caliente cards are
# scored by the rule set's bonus rules instead (see docs/rules/caliente.md, "Scoring").
VALUES: dict[str, int] = {
    **dict.fromkeys(("4", "5", "6", "7"), 5),
    **dict.fromkeys(("8", "9", "10", "J", "Q", "K"), 10),
    "A": 20,
    LITTLE_WILD: 20,
    BIG_WILD: 50,
    STOP: 5,
    BONUS: 100,
    CALIENTE: 0,
}

# What kind of card each is, as the coverage report's paths name it (`discard-stop`).
KINDS: dict[str, str] = {
    **dict.fromkeys(NATURALS, "natural"),
    **dict.fromkeys(WILDS, "wild"),
    BONUS: "bonus",
    STOP: "stop",
    CALIENTE: "caliente",
}

# Rank order for sequences (Samba): 4 low, Ace high.
SEQUENCE_ORDER: dict[str, int] = {rank: i for i, rank in enumerate(NATURALS)}


class Counts(Counter[str]):
    """A Counter (of cards, or of the paths a check takes) whose `counts[key] = n` costs what a
    dict's does. Counter defines `__delitem__` in Python (deleting a missing key is no error), and
    CPython sends every item assignment on such a class through a slow generic slot: on a Counter,
    `hand[card] -= 1`, done for nearly every card played, costs twice what it costs here (5% of a
    check). Deleting a missing key raises KeyError here, as for a dict; the rest is Counter's."""

    __slots__ = ()
    # dict's own deletion, its C slot (typed as Counter's, whose key may be any object: a card is a str)
    __delitem__ = cast("Callable[[Counter[str], object], None]", dict.__delitem__)


# One classic pack of 54: four of each natural, four deuces (little wilds), two jokers (big
# wilds), two red threes (Bonus) and two black threes (Stop). The 108-card Caliente deck is two
# packs; Samba plays three, Hand & Foot five.
ONE_PACK: Counter[str] = Counter({**dict.fromkeys(NATURALS, 4), LITTLE_WILD: 4, BIG_WILD: 2, BONUS: 2, STOP: 2})
PACK_SIZE = sum(ONE_PACK.values())  # 54


def canonical(token: str) -> str | None:
    """The canonical symbol for a card as written, or None if it is not a card (a card with its
    suit is `suited_card`'s)."""
    if token in CARD_SET:
        return token
    return ALIASES.get(token.upper())


# --- suits (ACN 1.3) ------------------------------------------------------------------------------
# A card may carry its suit: its rank symbol, then the suit's letter in lower case (`7h`, `10s`,
# `2d`, `Bh` the three of hearts, `Ss` the three of spades). The jokers (X) and the Caliente cards
# (C) have none. The suit's sign (`7♥`) and a three's own rank (`3h`) are read too, and written
# back in the canonical spelling. See docs/notation.md, "Suits".

SUITS: tuple[str, ...] = ("c", "d", "h", "s")  # clubs, diamonds, hearts, spades
SUIT_SIGNS: dict[str, str] = {"♣": "c", "♦": "d", "♥": "h", "♠": "s", "♧": "c", "♢": "d", "♡": "h", "♤": "s"}
_SUITS_OF: dict[str, tuple[str, ...]] = {
    **dict.fromkeys((*NATURALS, LITTLE_WILD), SUITS),
    BONUS: ("d", "h"),  # the red threes
    STOP: ("c", "s"),  # the black threes
}
RANK_OF: dict[str, str] = {rank + suit: rank for rank, suits in _SUITS_OF.items() for suit in suits}
"""Every suited card as the notation writes it, with its rank (the card as every family without
suits knows it)."""
SUITED_SET = frozenset(RANK_OF)
_THREES: dict[str, str] = {"3" + suit: (BONUS if suit in "dh" else STOP) + suit for suit in SUITS}


def suited_card(token: str) -> str | None:
    """The canonical spelling of a card written with its suit (`7h`, `7♥`, `T♠`, `3h`), or None if
    the token is not one."""
    if token in SUITED_SET:
        return token
    token = token.rstrip("\ufe0e\ufe0f")  # a sign's variation selector (`♥️`, as phones send it)
    if len(token) < 2:
        return None
    suit = SUIT_SIGNS.get(token[-1], token[-1])
    written = token[:-1]
    if written == "3":
        return _THREES.get(written + suit)
    rank = canonical(written)
    card = None if rank is None else rank + suit
    return card if card in SUITED_SET else None


def rank(card: str) -> str:
    """A card's rank: the card itself when it has no suit."""
    return RANK_OF.get(card, card)


def suit(card: str) -> str | None:
    """A card's suit, None when it has none."""
    return card[-1] if card in SUITED_SET else None


def has_suits(cards: Iterable[str]) -> bool:
    """Whether any of these cards carries its suit."""
    return not CARD_SET.issuperset(cards)  # every card read is canonical: a card outside the set is suited


def ranks(cards: tuple[str, ...]) -> tuple[str, ...]:
    """The cards without their suits (the same tuple when none has one)."""
    if CARD_SET.issuperset(cards):
        return cards
    return tuple([RANK_OF.get(card, card) for card in cards])


def is_natural(card: str) -> bool:
    return card in NATURAL_SET


def is_wild(card: str) -> bool:
    return card in WILDS


def value(card: str) -> int:
    return VALUES[card]


def points(cards: Iterable[str]) -> int:
    return sum(map(VALUES.__getitem__, cards))


def pack(packs: int, extra: Mapping[str, int] | None = None) -> Counter[str]:
    """The composition of the cards in play: `packs` packs plus the cards a rule set adds to
    them (Caliente's variation adds two Caliente cards)."""
    composition = Counter({card: count * packs for card, count in ONE_PACK.items()})
    composition.update({card: n for card, n in (extra or {}).items() if n})
    return composition


NAMES: dict[str, str] = {
    LITTLE_WILD: "little wild (2)",
    BIG_WILD: "big wild (X)",
    BONUS: "Bonus card (B)",
    STOP: "Stop card (S)",
    CALIENTE: "Caliente card (C)",
}
"""The Caliente names of the cards that are not naturals; the classic rule sets name them in
their own words (`rules.base.Words`)."""


def describe(card: str, names: Mapping[str, str] = NAMES) -> str:
    """A card's name in plain words, for messages: a natural as it is written (never translated),
    another card by the rule set's name for it (a word of its data, said in the reader's language)."""
    name = names.get(card)
    return card if name is None else term(name)


# The number words have a context of their own: "no" and "ten" say other things elsewhere.
NUMBER_WORDS = (
    pmsg("a count of cards", "no"),
    pmsg("a count of cards", "one"),
    pmsg("a count of cards", "two"),
    pmsg("a count of cards", "three"),
    pmsg("a count of cards", "four"),
    pmsg("a count of cards", "five"),
    pmsg("a count of cards", "six"),
    pmsg("a count of cards", "seven"),
    pmsg("a count of cards", "eight"),
    pmsg("a count of cards", "nine"),
    pmsg("a count of cards", "ten"),
    pmsg("a count of cards", "eleven"),
    pmsg("a count of cards", "twelve"),
)


def number(n: int) -> str:
    """A count in words, so that it never reads as a card: `three`, not `3`."""
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


# How many of a named card, one template per name each rule set uses (Caliente's and the classic
# books'), so that a translator says the plural of each: `{n}` is the count in words.
_COUNTED_NAMES: dict[str, Callable[[int], Text]] = {
    "little wild (2)": lambda n: msg_n("one little wild (2)", "{n} little wilds (2)", n, n=number(n)),
    "big wild (X)": lambda n: msg_n("one big wild (X)", "{n} big wilds (X)", n, n=number(n)),
    "Bonus card (B)": lambda n: msg_n("one Bonus card (B)", "{n} Bonus cards (B)", n, n=number(n)),
    "Stop card (S)": lambda n: msg_n("one Stop card (S)", "{n} Stop cards (S)", n, n=number(n)),
    "Caliente card (C)": lambda n: msg_n("one Caliente card (C)", "{n} Caliente cards (C)", n, n=number(n)),
    "deuce (2)": lambda n: msg_n("one deuce (2)", "{n} deuces (2)", n, n=number(n)),
    "joker (X)": lambda n: msg_n("one joker (X)", "{n} jokers (X)", n, n=number(n)),
    "red three (R3)": lambda n: msg_n("one red three (R3)", "{n} red threes (R3)", n, n=number(n)),
    "black three (B3)": lambda n: msg_n("one black three (B3)", "{n} black threes (B3)", n, n=number(n)),
}


def counted(n: int, card: str, names: Mapping[str, str] = NAMES) -> str:
    """`n` copies of `card` in plain words, for messages: `three 5s`, `one little wild (2)`."""
    name = names.get(card)
    if name is None:
        return msg_n("one {card}", "{n} {card}s", n, n=number(n), card=card)
    if name in _COUNTED_NAMES:
        return _COUNTED_NAMES[name](n)
    word, _, rest = name.partition(" (")  # a name no template says: English only
    plural = f"{word}s ({rest}" if rest else f"{name}s"
    return Text(f"one {name}", {"n": number(n)}, f"{{n}} {plural}", n)


def show(cards: Iterable[str]) -> str:
    """Cards as written in the notation, for messages: `7 7 2`."""
    return " ".join(cards)


# --- cards as small integers ------------------------------------------------------------------------
# A card's code is its rank's place in CARDS times SUIT_PLACES plus its suit: 0 for a card written
# without one, 1-4 for clubs, diamonds, hearts and spades (SUITS' order). The codes sort as the cards
# are shown (ORDER), and a suited card after its rank written bare. A code names one card the
# notation can write: a joker or a Caliente card has only its suitless code, a red three (B) only
# diamonds and hearts, a black three (S) clubs and spades; the other codes name no card (TEXT is "").
# Tables indexed by code give what the strings' dicts above give; the notation's text is made from a
# code only when shown (`text`), and a record's token becomes a code once, at the engine's door (`code`).

SUITLESS = 0
SUIT_PLACES = 1 + len(SUITS)  # a rank's codes: without a suit, then one per suit
CODE_COUNT = len(CARDS) * SUIT_PLACES
CODES: range = range(CODE_COUNT)


def _text_of(code: int) -> str:
    rank_text, place = CARDS[code // SUIT_PLACES], code % SUIT_PLACES
    if place == SUITLESS:
        return rank_text
    suited = rank_text + SUITS[place - 1]
    return suited if suited in SUITED_SET else ""


TEXT: tuple[str, ...] = tuple(_text_of(code) for code in CODES)
"""Each code's canonical notation text (`7`, `7h`, `Bh`); "" for a code that names no card."""
CODE_OF: dict[str, int] = {text: code for code, text in enumerate(TEXT) if text}
"""Each card's canonical notation text to its code."""
RANK_OF_CODE: tuple[int, ...] = tuple(code // SUIT_PLACES for code in CODES)
"""A code's rank: its place in CARDS (0 for the 4s ... 15 for the Caliente card)."""
SUIT_OF_CODE: tuple[int, ...] = tuple(code % SUIT_PLACES for code in CODES)
"""A code's suit: SUITLESS, or 1-4 for clubs, diamonds, hearts, spades."""
BARE: tuple[int, ...] = tuple(code - code % SUIT_PLACES for code in CODES)
"""A code without its suit: the card as every family that does not judge suits knows it."""
VALUE_OF_CODE: tuple[int, ...] = tuple(VALUES[CARDS[rank]] for rank in RANK_OF_CODE)
"""A card's points by code (VALUES), the same with or without its suit."""
NATURAL_CODE: tuple[bool, ...] = tuple(CARDS[rank] in NATURAL_SET for rank in RANK_OF_CODE)
WILD_CODE: tuple[bool, ...] = tuple(CARDS[rank] in WILDS for rank in RANK_OF_CODE)


def card_code(rank_text: str, suit_letter: str | None = None) -> int:
    """The code of a rank (a canonical symbol, `7`) with a suit's letter (`h`) or none."""
    place = SUITLESS if suit_letter is None else 1 + SUITS.index(suit_letter)
    return ORDER[rank_text] * SUIT_PLACES + place


def code(token: str) -> int | None:
    """The code of a card as a record writes it (`7`, `T`, `R3`, `7h`, `7♥`, `3h`), or None if the
    token is not a card."""
    known = CODE_OF.get(token)
    if known is not None:
        return known
    written = canonical(token) or suited_card(token)
    return None if written is None else CODE_OF[written]


def codes(cards: Iterable[str]) -> list[int]:
    """Canonical cards (as the reader gives them) as codes; raises KeyError for a token that is not one."""
    return [CODE_OF[card] for card in cards]


def text(card: int) -> str:
    """A code's canonical notation text, as every output shows it."""
    return TEXT[card]


def texts(cards: Iterable[int]) -> list[str]:
    """Codes as their canonical notation texts, in the order given."""
    return [TEXT[card] for card in cards]


def show_codes(cards: Iterable[int]) -> str:
    """Cards given by code as written in the notation, for messages: `7 7h 2`."""
    return " ".join([TEXT[card] for card in cards])


def describe_code(card: int, names: Mapping[str, str] = NAMES) -> str:
    """A card named for messages from its code (`describe`): a natural as written, its suit with it
    (`7h`); another card by the rule set's name for its rank."""
    name = names.get(CARDS[RANK_OF_CODE[card]])
    return TEXT[card] if name is None else term(name)


def counted_code(n: int, card: int, names: Mapping[str, str] = NAMES) -> str:
    """`n` copies of a card given by code in plain words (`counted`): `three 5s`, `two 7hs`."""
    if names.get(CARDS[RANK_OF_CODE[card]]) is not None:
        return counted(n, CARDS[RANK_OF_CODE[card]], names)
    return counted(n, TEXT[card], names)


# A hand, a Foot, the pool and a pack's composition are counts indexed by code: a list of CODE_COUNT
# small ints (CPython indexes a list faster than a bytearray or an array, and mypyc reads it natively).


def no_counts() -> list[int]:
    """Counts of no card."""
    return [0] * CODE_COUNT


def counts_of(cards: Iterable[int]) -> list[int]:
    """The counts of these cards, by code."""
    counts = [0] * CODE_COUNT
    for card in cards:
        counts[card] += 1
    return counts


def counted_cards(counts: Sequence[int]) -> list[int]:
    """Every card the counts hold, once for each copy, in the order cards are shown (by code)."""
    return [card for card in CODES for _ in range(counts[card])]


def bare_counts(counts: Sequence[int]) -> list[int]:
    """The same counts with every suited card counted as its rank written bare: what a family that
    does not judge suits compares."""
    bare = [0] * CODE_COUNT
    for card in CODES:
        if counts[card]:
            bare[BARE[card]] += counts[card]
    return bare


def pack_counts(packs: int, extra: Mapping[str, int] | None = None) -> list[int]:
    """`pack`'s composition as counts by code: each card written without its suit."""
    counts = [0] * CODE_COUNT
    for card, n in pack(packs, extra).items():
        counts[CODE_OF[card]] = n
    return counts


def suited_pack_counts(packs: int, extra: Mapping[str, int] | None = None) -> list[int]:
    """`pack`'s composition with every card's suit, by code: one of each suited card a pack (two
    jokers and the rule set's extra cards, which have no suit)."""
    counts = [0] * CODE_COUNT
    for card, n in pack(packs, extra).items():
        if card in _SUITS_OF:
            for suit_letter in _SUITS_OF[card]:
                counts[card_code(card, suit_letter)] = packs
        else:
            counts[CODE_OF[card]] = n
    return counts
