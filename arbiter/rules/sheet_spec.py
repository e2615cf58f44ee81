"""What a family's score sheet holds: its scoring categories, in its own words, as data.

A hand given as its summary (ACN 1.1, docs/notation.md "Hands given as summaries") names, for each
side, the family's categories with their counts. A family declares them here as a `SheetSpec` in
its own rules module (`Config.sheet`), and the one generic judge (arbiter/sheets/) reads every
family's sheet through it: what each category is worth comes from the family's own policies
(`canasta_bonus`, `laid_score`, the going-out bonuses), never from a second table of values.

- a **canasta** category is a word and a sample meld of that kind at the fewest points it can hold:
  the family's `canasta_bonus` says what the kind is worth (and names it), the sample's cards say
  how many naturals and wild cards each such canasta takes from the packs and the least points of
  melded cards it stands for;
- a **laid** category is a word and the card laid beside the melds (a Bonus card, a red three, a
  Caliente card played): the family's `laid_score` values them, with the side's melds;
- `out`, `concealed`, `melded`, `left` and `penalties` are every family's words: a concealed going
  out happens in every family's game (scored as the family scores it: Samba, Hand & Foot and Modern
  American Canasta give it nothing more than going out), and every family has penalties a hand's
  score carries (the remedies its options name: a wrong take of the pile, going out against the
  partner's answer, a mismeld; Modern American Canasta's unfinished melds and held aces or sevens).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

OUT, CONCEALED, MELDED, LEFT, PENALTIES = "out", "concealed", "melded", "left", "penalties"
"""The words every family's sheet shares: going out, going out concealed, the points of the cards
melded, what the cards left in hand (and in the Foot) cost, what the hand's penalties cost."""


SHARED_LABELS = {
    OUT: "Went out",
    CONCEALED: "Went out concealed",
    MELDED: "Points melded",
    LEFT: "Points left in hand",
    PENALTIES: "Penalties",
}
"""How a score sheet heads the shared words' rows (words of the rule sets' data, translated in the
`rulesets` catalogue)."""


@dataclass(frozen=True, slots=True)
class CanastaKind:
    word: str
    sample: tuple[str, ...]
    """A canasta of this kind at its fewest points: the kind is what `canasta_bonus` names it."""
    label: str = ""
    """How a score sheet heads its row: "Natural canastas"."""


@dataclass(frozen=True, slots=True)
class LaidKind:
    word: str
    card: str
    label: str = ""


@dataclass(frozen=True, slots=True)
class PenaltyKind:
    """One penalty a hand's score may carry, as often as it was incurred: its points and what it is
    for, in words (a sheet's `penalties N` is a sum of them)."""

    points: int
    label: Callable[[], str]
    option: str = ""
    """The option that sets its points, where one does (its source is the option's)."""


@dataclass(frozen=True, slots=True)
class SpecialKind:
    """A hand a side lays out whole at once (Modern American Canasta's special hands), written alone
    on the side's line: the family's `Config.laid_out_value` of the sample says what it is worth."""

    word: str
    sample: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SheetSpec:
    """A family's score sheet: its categories in its own words, in the order the sheet lists them."""

    canastas: tuple[CanastaKind, ...]
    laid: tuple[LaidKind, ...]
    penalties: Callable[[Mapping[str, Any]], tuple[PenaltyKind, ...]] = lambda options: ()
    """The penalties the family's scoring charges on the sheet, given the table's options, beyond
    the remedies every rule set prescribes (rules/sheet_penalties.py): Modern American Canasta's unfinished melds and aces or
    sevens held."""
    specials: tuple[SpecialKind, ...] = ()
    """The hands a side may lay out whole, each a word written alone on its line, which then holds
    nothing else: the hand's value is all the side scores (not a row of a score pad)."""

    def words(self) -> tuple[str, ...]:
        """Every category word, in the sheet's order."""
        return (
            *(kind.word for kind in self.canastas),
            *(kind.word for kind in self.laid),
            OUT,
            CONCEALED,
            MELDED,
            LEFT,
            PENALTIES,
        )

    def labels(self) -> dict[str, str]:
        """Each word's heading on a score sheet, in the sheet's order."""
        own = {kind.word: kind.label for kind in self.canastas} | {kind.word: kind.label for kind in self.laid}
        return {word: own.get(word) or SHARED_LABELS[word] for word in self.words()}

    def special_words(self) -> tuple[str, ...]:
        return tuple(kind.word for kind in self.specials)

    def counted(self) -> frozenset[str]:
        """The words written with a number (the others stand alone: `out`, `concealed`)."""
        return frozenset(self.words()) - {OUT, CONCEALED}


SUMMARY_CODES = frozenset({"summary-side", "summary-category", "summary-packs", "summary-points", "summary-going-out"})
"""The codes of a summary's checks, raised by every family (arbiter/engine/summaries.py)."""
