"""Modern American Canasta's policies for melds, the pile, the opening, discards and going out:
pure functions of the cards and the configuration (the options are in `config.options`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ... import cards as C
from ...i18n import msg, term
from ...rules.base import Config
from ...rules.policies import DiscardTry, PileTake
from .going_out import most_cards

MOST = 7  # a meld closes as a canasta at seven cards
MOST_WILDS = 2
ACE, SEVEN = "A", "7"
THREES = frozenset({C.BONUS, C.STOP})
ORDINARY_AT = 3
"""The table at which aces and sevens are ranks like any other (the three-player game as its one
source gives it: wilds in both, no canastas or penalties of their own, no empty-tray ban)."""


def aces_and_sevens_apart(config: Config) -> bool:
    """Whether aces and sevens keep their own rules: at every table but three players'."""
    return len(config.seating.seats) != ORDINARY_AT


def naturals(cards: Sequence[str]) -> int:
    return sum(card in C.NATURAL_SET for card in cards)


def wilds(cards: Sequence[str]) -> int:
    return sum(card in C.WILDS for card in cards)


def is_wild_meld(cards: Sequence[str]) -> bool:
    return bool(cards) and C.WILDS.issuperset(cards)


def meld_problem(cards: Sequence[str], config: Config, new: bool) -> tuple[str, str] | None:
    """Three to seven cards: of one rank with two naturals or more and two wilds at most (sevens
    none), or wild cards alone."""
    shown = C.show(cards)
    if any(card not in C.NATURAL_SET and card not in C.WILDS for card in cards):
        return "meld-rank", msg("[{cards}]: threes are never melded", cards=shown)
    if len(cards) > most_cards(config, new):
        return "meld-size", msg(
            "[{cards}]: a meld holds seven cards at most; at seven it is a closed canasta", cards=shown
        )
    if new and len(cards) < 3:
        return "meld-size", msg("[{cards}]: a new meld has at least three cards", cards=shown)
    if is_wild_meld(cards):
        return None
    ranks = {card for card in cards if card in C.NATURAL_SET}
    if len(ranks) > 1:
        return "meld-rank", msg("[{cards}]: a meld holds cards of one rank, with wilds", cards=shown)
    rank = next(iter(ranks))
    held_wilds = wilds(cards)
    if rank == SEVEN and held_wilds and aces_and_sevens_apart(config):
        return "meld-sevens", msg("[{cards}]: a meld of sevens never holds a wild card", cards=shown)
    if held_wilds > MOST_WILDS:
        return "meld-wilds", msg("[{cards}]: a meld holds two wild cards at most", cards=shown)
    least = 2 if config.options.get("opening-pair-plus-wild", True) else 3
    if held_wilds and naturals(cards) < least:
        return "meld-wilds", msg(
            "[{cards}]: a meld with wild cards holds at least {least} natural cards", cards=shown, least=least
        )
    return None


def opened_meld_problem(before: Sequence[str], added: Sequence[str], config: Config) -> tuple[str, str] | None:
    """After the opening turn: a wild joins only a meld of five naturals (the rule of five), never
    aces. A meld of wild cards alone is not bound by it."""
    if not wilds(added) or is_wild_meld([*before, *added]):
        return None
    whole = [*before, *added]
    shown = C.show(added)
    if ACE in whole and aces_and_sevens_apart(config):
        return "meld-aces", msg("[{cards}]: aces take wild cards only in the side's opening", cards=shown)
    base = int(config.options.get("meld-base", 5))
    if naturals(whole) < base and config.options.get("meld-base-when-going-out") == "relaxed":
        return "rule-of-five", msg(  # raised only if the turn does not go out (Config.excused_going_out)
            "[{cards}]: once the side has opened, a wild card joins only a meld of {base} natural cards or more "
            "(this one has {count}) but on the turn its player goes out, and this turn does not go out",
            cards=shown,
            base=base,
            count=naturals(whole),
        )
    if naturals(whole) < base:
        return "rule-of-five", msg(
            "[{cards}]: once the side has opened, a wild card joins only a meld of {base} natural cards or more; "
            "this one has {count}",
            cards=shown,
            base=base,
            count=naturals(whole),
        )
    return None


def addition_problem(meld: Sequence[str], added: Sequence[str], config: Config) -> tuple[str, str] | None:
    """A canasta is closed at seven cards, even to cards of its own rank."""
    if len(meld) + len(added) > most_cards(config, False):
        return "meld-size", msg(
            "[{cards}]: a meld holds seven cards at most; at seven it is a closed canasta",
            cards=C.show([*meld, *added]),
        )
    return None


def take_problem(take: PileTake, config: Config) -> tuple[str, str] | None:
    """The pile is always taken with a natural pair of the top card's rank from hand."""
    own = take.own
    if take.onto or own.count(take.top) < 2 or not C.WILDS.isdisjoint(own):
        return "take-frozen", msg(
            "the {pile} is always frozen: its top card {top} is taken only with a natural pair of {top}s from hand; "
            "[{cards}] is not that",
            pile=term(config.words.pile),
            top=take.top,
            cards=C.show([take.top, *own]),
        )
    return None


def first_meld_minimum(by_hand_number: bool) -> Callable[[int, int], int]:
    """The opening's minimum: by the side's score, or by the hand's number (timed tournaments)."""

    def minimum(score: int, hand: int) -> int:
        if by_hand_number:
            return 125 if hand <= 1 else 155 if hand == 2 else 180
        return 125 if score < 3_000 else 155 if score < 5_000 else 180

    return minimum


def is_canasta(cards: Sequence[str]) -> bool:
    return len(cards) >= MOST


def opening_waives_minimum(melds: Sequence[Sequence[str]], config: Config) -> bool:
    """The Splash (a natural canasta from hand) and, where played, a wild-card canasta open the side
    whatever its minimum."""
    options = config.options
    for cards in melds:
        if not is_canasta(cards):
            continue
        if options.get("splash", True) and not wilds(cards):
            return True
        if options.get("wild-canasta-opening", True) and is_wild_meld(cards):
            return True
    return False


def opening_problem(melds: Sequence[Sequence[str]], config: Config) -> tuple[str, str] | None:
    """The opening's clean triple, and no mixed canasta in it."""
    options = config.options
    if not options.get("mixed-canasta-in-opening", False):
        for cards in melds:
            if is_canasta(cards) and wilds(cards) and not is_wild_meld(cards):
                return "opening-mixed-canasta", msg(
                    "[{cards}]: a mixed canasta is not laid in the opening", cards=C.show(cards)
                )
    for cards in melds:
        if naturals(cards) >= 3 and not wilds(cards):
            return None
        if is_wild_meld(cards) and len(cards) >= 3:
            if options.get("opening-wild-meld-counts-as-clean", False):
                return None
            if is_canasta(cards) and options.get("wild-canasta-opening", True):
                return None
    return "opening-clean-triple", msg(
        "the opening needs a meld of three or more natural cards of one rank without wild cards; it has none"
    )


def discard_problem(discard: DiscardTry, config: Config) -> tuple[str, str] | None:
    """Wilds only to go out or from a hand of wilds; nothing dangerous onto an empty pile. A three
    is never discarded at all (the engine's rule for the cards laid beside the melds)."""
    card, options = discard.card, config.options
    if discard.going_out:
        if card in C.WILDS and options.get("wild-as-final-discard", "allowed") == "last-resort":
            others = any(n > 0 for held, n in discard.held.items() if held not in C.WILDS)
            if others:
                return "discard-wild", msg("a wild card goes out only when no other card is left")
        return None
    if card in C.WILDS and any(n > 0 for held, n in discard.held.items() if held not in C.WILDS):
        return "discard-wild", msg(
            "a wild card is discarded only to go out, or by a player holding nothing but wild cards"
        )
    if discard.pile_empty:
        return _empty_pile_problem(discard, config)
    return None


def _empty_pile_problem(discard: DiscardTry, config: Config) -> tuple[str, str] | None:
    ban = str(config.options.get("empty-tray-ban", "swad"))
    if ban == "off":
        return None
    card = discard.card
    barred = ({ACE, SEVEN} if aces_and_sevens_apart(config) else set()) | (
        set(C.WILDS) | set(discard.dead) if ban == "swad" else set()
    )
    if card not in barred:
        return None
    safe = [held for held, n in discard.held.items() if n > 0 and held not in barred and held not in THREES]
    if not safe and config.options.get("no-legal-discard") == "discard-ace-or-seven" and card in (ACE, SEVEN):
        return None
    return "discard-empty-pile", msg(
        "the {pile} is empty: no seven, wild card, ace or card of a dead rank is discarded onto it ({card})",
        pile=term(config.words.pile),
        card=config.words.describe(card),
    )


def go_out_problem(melds: Sequence[Sequence[str]], config: Config) -> str | None:
    """Two canastas (by the table), and no unfinished meld of natural aces, sevens or wilds."""
    needed = config.canastas_to_go_out
    have = sum(is_canasta(cards) for cards in melds)
    if have < needed:
        return msg("has {have} canastas and needs {needed} to go out", have=have, needed=needed)
    for cards in melds:
        if not is_canasta(cards) and special_meld(cards, config):
            return msg("holds an unfinished meld [{cards}] and cannot go out", cards=C.show(cards))
    return None


def special_meld(cards: Sequence[str], config: Config) -> bool:
    """A meld that costs its side when unfinished: natural aces, sevens (where they are apart), wild
    cards alone."""
    if is_wild_meld(cards):
        return True
    return not wilds(cards) and (ACE in cards or SEVEN in cards) and aces_and_sevens_apart(config)


def talon(opened_before: int, took_pile: bool, stock_left: int, config: Config) -> int:
    """Four cards to the first side to open, three to the next; none for an opening by the pile,
    nor once the turn card (the ninth card from the bottom of the stock) is drawn."""
    if took_pile or stock_left < 9:
        return 0
    key = "first-talon" if opened_before == 0 else "later-talon"
    return int(config.options.get(key, 4 if opened_before == 0 else 3))
