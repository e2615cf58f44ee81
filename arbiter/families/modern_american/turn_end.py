"""Modern American Canasta at the end of a turn (`Config.turn_end_problem`, asked at the discard):
the cards an opener keeps, an ace taken from the pile to open, and wild cards kept for an unfinished
wild-card meld. Each compares the side's melds as the turn began with its melds at the discard."""

from __future__ import annotations

from collections.abc import Sequence

from ... import cards as C
from ...i18n import msg
from ...rules.base import Config
from ...rules.policies import TurnEnd
from .policies import ACE, MOST, aces_and_sevens_apart, is_wild_meld, wilds

WILD = "wild"  # the rank of a meld of wild cards alone, in `_by_rank`


def turn_end_problem(end: TurnEnd, config: Config) -> tuple[str, str] | None:
    return keep_problem(end, config) or pile_ace_problem(end, config) or wild_split_problem(end, config)


def turn_end_asked(melds: Sequence[Sequence[str]], config: Config) -> bool:
    """On a turn that is not the side's opening, only `wild_split_problem`'s unfinished wild-card
    meld binds (the rest are the opening's): the side's last meld of wild cards alone is short of a
    canasta (a side that has not opened has none)."""
    wilds_only = C.WILDS.issuperset
    for cards in reversed(melds):  # a plain loop: asked at nearly every discard
        if cards and wilds_only(cards):
            return len(cards) < MOST
    return False


def keep_problem(end: TurnEnd, config: Config) -> tuple[str, str] | None:
    """The opener keeps a card to discard and, by `keep-after-opening`, a card to hold beside it:
    when no talon follows (`hold-without-talon`), or always (`hold-and-throw`)."""
    keep = config.options.get("keep-after-opening", "hold-without-talon")
    if not end.opening or not end.emptied or keep == "discard-only":
        return None
    if keep == "hold-without-talon":
        if end.talon:
            return None
        return "opening-keep", msg(
            "no talon follows this opening, so the opener keeps a card to hold beside the one discarded; "
            "this discard empties the hand"
        )
    return "opening-keep", msg(
        "the opener keeps two cards after melding, one to hold and one to discard; this discard empties the hand"
    )


def pile_ace_problem(end: TurnEnd, config: Config) -> tuple[str, str] | None:
    """An ace taken from the pile to open goes into a meld of natural aces (`pile-ace-on-top-when-opening`)."""
    if not end.opening or end.taken != ACE or config.options.get("pile-ace-on-top-when-opening") == "allowed":
        return None
    if not aces_and_sevens_apart(config):
        return None
    aces = _by_rank(end.melds).get(ACE, ())
    if not wilds(aces):
        return None
    return "opening-pile-ace", msg(
        "[{cards}]: the ace taken from the pile to open goes into a meld of natural aces, without wild cards",
        cards=C.show(aces),
    )


def wild_split_problem(end: TurnEnd, config: Config) -> tuple[str, str] | None:
    """While the side's wild-card meld is unfinished at the end of the turn, no wild card has gone
    into another of its melds during it; in the opening, by `split-wilds-at-opening`. A turn that
    left the side's melds as they were (most turns: a draw and a discard) put no wild anywhere."""
    if tuple(end.melds) == tuple(end.melds_before):
        return None
    wild_meld = next((cards for cards in reversed(end.melds) if is_wild_meld(cards)), None)
    if not wild_meld:
        return None
    unfinished = len(wild_meld) < MOST
    if not end.opening and not unfinished:  # after the opening, only an unfinished wild-card meld binds
        return None
    melds, before = _by_rank(end.melds), _by_rank(end.melds_before)
    spread = [cards for rank, cards in melds.items() if rank != WILD and wilds(cards) > wilds(before.get(rank, ()))]
    if not spread:
        return None
    values = {"wild": C.show(wild_meld), "other": C.show(spread[0])}
    if end.opening:
        split = config.options.get("split-wilds-at-opening", "if-complete")
        if split == "allowed" or (split == "if-complete" and not unfinished):
            return None
        if split == "forbidden":
            return "opening-wild-split", msg(
                "the opening shares wild cards between the wild-card meld [{wild}] and [{other}]: at this table "
                "the wilds of an opening with a wild-card meld all go into it",
                **values,
            )
        return "opening-wild-split", msg(
            "the opening shares wild cards between the wild-card meld [{wild}] and [{other}], and the wild-card "
            "meld is not a canasta by the end of the turn",
            **values,
        )
    if not unfinished:
        return None
    return "wild-meld-unfinished", msg(
        "[{other}] takes a wild card while the side's wild-card meld [{wild}] is unfinished: until it is a "
        "canasta, the side's wild cards go into it alone",
        **values,
    )


def _by_rank(melds: Sequence[Sequence[str]]) -> dict[str, Sequence[str]]:
    """A side's melds by rank (one meld a rank): a meld of wild cards alone under `WILD`."""
    found: dict[str, Sequence[str]] = {}
    for cards in melds:
        if is_wild_meld(cards):
            found[WILD] = cards
            continue
        rank = next((card for card in cards if card in C.NATURAL_SET), None)
        if rank is not None:
            found[rank] = cards
    return found
