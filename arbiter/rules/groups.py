"""The classic Canasta meld, shared by the families that meld groups of a rank: cards of one
rank with a limited number of wilds, and the Stop-card meld made only when going out."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .. import cards as C
from ..i18n import msg, msg_n, term
from .base import Config


def group_meld_problem(
    cards: Sequence[str], config: Config, new: bool, *, ratio: bool = True
) -> tuple[str, str] | None:
    """Why these cards are not a legal group (code, explanation), or None. With `ratio=False`
    only the limit of wilds counts, not how they compare with the naturals (the classic laws'
    `wild-ratio=at-most-three`)."""

    def bad(code: str, why: str) -> tuple[str, str]:
        return code, msg("[{cards}]: {why}", cards=C.show(cards), why=why)

    kinds = set(cards)  # one pass, for the checks below (melds are checked at every addition)
    if C.BONUS in kinds or C.CALIENTE in kinds:
        return bad("meld-rank", msg("{laid} are laid beside the melds, never melded", laid=term(config.words.laid)))
    if C.STOP in kinds:
        if kinds != {C.STOP}:
            return bad(
                "stop-meld",
                msg(
                    "{stops} are melded only among themselves, with no wilds or other cards",
                    stops=config.words.stops(),
                ),
            )
        fewest, most = config.stop_meld_sizes
        if new and not fewest <= len(cards) <= most:
            values = {"stops": config.words.stops(), "fewest": C.number(fewest), "most": C.number(most)}
            if most == fewest + 1:
                return bad("stop-meld", msg("a meld of {stops} has {fewest} or {most} of them", **values))
            return bad("stop-meld", msg("a meld of {stops} has {fewest} to {most} of them", **values))
        return None
    ranks = kinds & C.NATURAL_SET
    natural_count = sum(map(cards.count, ranks))
    wilds = len(cards) - natural_count
    if not ranks:
        return bad("meld-wilds", msg("wild cards can never be melded on their own"))
    if len(ranks) > 1:
        named = " and ".join(sorted(ranks, key=C.ORDER.__getitem__))
        return bad("meld-rank", msg("a meld is cards of one rank; {ranks} cannot be melded together", ranks=named))
    if new and len(cards) < 3:
        return bad("meld-size", msg("a new meld needs at least three cards"))
    if wilds > config.max_wilds:
        return bad(
            "meld-wilds",
            msg("a meld may hold at most {most} wild cards, not {wilds}", most=config.max_wilds, wilds=wilds),
        )
    if not ratio:
        return None
    if config.naturals_must_outnumber_wilds and wilds >= natural_count:
        return bad(
            "meld-wilds",
            msg(
                "naturals must outnumber wilds ({naturals}, {wilds})",
                naturals=msg_n("{n} natural", "{n} naturals", natural_count),
                wilds=msg_n("{n} wild", "{n} wilds", wilds),
            ),
        )
    if not config.naturals_must_outnumber_wilds and wilds > natural_count:
        return bad("meld-wilds", msg("wilds may not outnumber naturals"))
    return None


GROUP_CODES = frozenset({"meld-rank", "stop-meld", "meld-wilds", "meld-size"})


def group_canasta_bonus(cards: Sequence[str], config: Config) -> tuple[Callable[[], str], int] | None:
    """A canasta of a group: natural without wilds, mixed with them."""
    if len(cards) < config.canasta_size:
        return None
    if not C.WILDS.isdisjoint(cards):
        return mixed_canasta, config.mixed_canasta_bonus
    return natural_canasta, config.natural_canasta_bonus


# The kinds of canasta, named when a score's breakdown is read (every hand scores its canastas).
def natural_canasta() -> str:
    return msg("natural canasta")


def mixed_canasta() -> str:
    return msg("mixed canasta")


def canastas_to_go_out(melds: Sequence[Sequence[str]], config: Config) -> str | None:
    """Going out needs `config.canastas_to_go_out` canastas of any kind."""
    have = sum(len(cards) >= config.canasta_size for cards in melds)
    need = config.canastas_to_go_out
    if have >= need:
        return None
    if need > 1:
        return msg_n(
            "has {n} canasta and needs {need} to go out: without them a player keeps a card after discarding",
            "has {n} canastas and needs {need} to go out: without them a player keeps a card after discarding",
            have,
            need=need,
        )
    return msg_n(
        "has {n} canasta and needs {need} to go out: without it a player keeps a card after discarding",
        "has {n} canastas and needs {need} to go out: without it a player keeps a card after discarding",
        have,
        need=need,
    )


def two_naturals_per_wild(cards: Sequence[str]) -> tuple[str, str] | None:
    """The stricter wild limit some clubs play (option wild-ratio=two-naturals-per-wild): a group
    holds two naturals for every wild."""
    wilds = sum(card in C.WILDS for card in cards)
    naturals = len(cards) - wilds
    if wilds and naturals < 2 * wilds:
        return "meld-wilds", msg(
            "[{cards}]: a group needs two naturals for every wild (option wild-ratio); it has {naturals} for {wilds}",
            cards=C.show(cards),
            naturals=C.number(naturals),
            wilds=C.number(wilds),
        )
    return None
