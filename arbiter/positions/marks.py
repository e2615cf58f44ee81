"""What a drawn table says beside the cards: the family's own words for the pile and the laid
cards ("Prize pile" in Caliente, Samba and Hand & Foot, "discard pile" in classic and Hoyle), and a
mark on each canasta (natural, mixed, wild or sequence; closed where the family closes them), so
nobody counts to seven to see why an addition was refused. Used by `arbiter table` and the page.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .. import cards as C
from .. import families as rulesets
from ..i18n import Text, msg
from ..rules.base import Config, Seating, UsageError, Words
from .situation import default_seats

PLAIN = Words()
"""The words of a table whose family is not known."""


@dataclass(frozen=True, slots=True)
class TableWords:
    pile: str = PLAIN.pile
    laid: str = PLAIN.laid
    marks: dict[str, list[str | None]] = field(default_factory=dict)
    """Each side's melds in order: the canasta mark of each, None for a meld short of a canasta."""
    frozen: bool | None = None
    """Whether the pile is frozen for the player to move, as the family's take rule sees it
    (`pile_frozen`); None where the family is not known."""


def canasta_mark(cards: Sequence[str], config: Config) -> str | None:
    """`natural canasta`, `mixed canasta`, `wild canasta` or `sequence canasta` (with `closed`
    first where a completed canasta takes no more cards), or None short of a canasta."""
    naturals = {card for card in cards if C.is_natural(card)}
    wilds = sum(1 for card in cards if C.is_wild(card))
    if len(cards) < config.canasta_size or not (naturals or wilds):  # Stop cards never make one
        return None
    kind = "sequence" if len(naturals) > 1 else "wild" if not naturals else "mixed" if wilds else "natural"
    return MARKS[config.one_open_meld_per_rank, kind]


MARKS: dict[tuple[bool, str], Text] = {
    (False, "natural"): msg("natural canasta"),
    (False, "mixed"): msg("mixed canasta"),
    (False, "wild"): msg("wild canasta"),
    (False, "sequence"): msg("sequence canasta"),
    (True, "natural"): msg("closed natural canasta"),
    (True, "mixed"): msg("closed mixed canasta"),
    (True, "wild"): msg("closed wild canasta"),
    (True, "sequence"): msg("closed sequence canasta"),
}
"""Each canasta's mark, by whether the family closes a completed canasta and by its kind."""


def family_config(rules: str | None, options: Mapping[str, Any] | None = None) -> Config | None:
    """The family's configuration at its usual table (its words and canasta rules do not depend
    on who sits where); None for an unknown family or options."""
    if not rules:
        return None
    try:
        ruleset = rulesets.get(rules)
        seats, teams = default_seats(rules)
        sides = tuple(tuple(team.split("+")) for team in teams.split()) or tuple((seat,) for seat in seats)
        return ruleset.config_for(Seating(tuple(seats), sides), ruleset.resolve(options or {}))
    except UsageError:
        return None


def table_words(
    table: Mapping[str, Any], rules: str | None, options: Mapping[str, Any] | None = None, player: str | None = None
) -> TableWords:
    """The words and canasta marks for a table snapshot of a game played under `rules`, and the
    pile's state for `player`, the player to move (None: not known)."""
    config = family_config(rules, options)
    if config is None:
        return TableWords()
    melds = _melds(table)
    marks = {side: [canasta_mark(meld, config) for meld in side_melds] for side, side_melds in melds.items()}
    frozen = pile_frozen(table, config, player)
    return TableWords(pile=config.words.pile, laid=config.words.laid, marks=marks, frozen=frozen)


def pile_frozen(table: Mapping[str, Any], config: Config, player: str | None) -> bool:
    """Whether the pile is frozen for `player` as the take rule applies it: a card in it freezes it,
    the family or a house rule freezes it always (Hand & Foot, `always-frozen`), or the classic
    books freeze it against a side until its first meld (`Config.frozen_until_first_meld`)."""
    if table.get("frozen") or config.always_frozen:
        return True
    if not config.frozen_until_first_meld or player is None:
        return False
    melds = _melds(table)
    side = next((name for name in melds if player in str(name).split("+")), None)
    return side is not None and not melds[side]


def _melds(table: Mapping[str, Any]) -> Mapping[str, Any]:
    """The table's melds by side (none where the snapshot has none)."""
    melds = table.get("melds")
    return melds if isinstance(melds, Mapping) else {}
