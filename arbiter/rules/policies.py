"""The rule set's policies as the engine calls them: what each policy of `Config` is given and
what it answers. A policy is a small pure function of the family's (rules/base.py's `Config` holds
them); the records given to some of them (`PileTake`, `DiscardTry`, `TurnEnd`) are made by the
engine at the moment it asks."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

Rules = TypeVar("Rules")
"""The rule set's configuration, rules/base.py's `Config`, which `Config` names as it declares each
policy (`TakeProblem[Config]`): a parameter here, so that this module never reads the one that reads it."""

__all__ = [
    "AdditionProblem",
    "CanastaBonus",
    "DiscardProblem",
    "DiscardTry",
    "EndOfHand",
    "ForgottenLaid",
    "GoOutProblem",
    "HandPenalty",
    "LaidOutValue",
    "LaidScore",
    "MeldProblem",
    "OpeningProblem",
    "OpeningWaiver",
    "OutOnlyProblem",
    "PileTake",
    "PileTaken",
    "SideHandPenalty",
    "TakeProblem",
    "Talon",
    "TurnEnd",
    "TurnEndProblem",
]


@dataclass(slots=True)  # not frozen: made on every take, and a frozen init costs several times more
class PileTake:
    """A take of the pile as the rule set's take policy sees it (`Config.take_problem`)."""

    top: str  # the up card
    own: Sequence[str]  # the cards from hand melded with it (none when it goes onto a meld)
    onto: bool  # onto one of the side's melds, rather than into a new one
    side: str
    side_has_melded: bool
    frozen: bool  # a card in the pile freezes it (a wild discarded, a wild or Bonus turned up)
    meld: Callable[[], Sequence[str]]
    """The cards of the meld the up card goes onto; naming a meld the side does not have, or one
    of another rank, is itself a finding, raised when this is called."""
    pile_size: int = 0  # cards in the pile, the up card included
    held: int = 0  # cards in the taker's hand before the take
    stock_left: int = 1  # cards left in the stock
    under: Sequence[str] = ()
    """The cards of the pile under the up card, bottom first: set once the take has passed its
    checks, for `pile_cards_taken` (Modern American Canasta's `pile-with-wild`)."""


TakeProblem = Callable[[PileTake, Rules], "tuple[str, str] | None"]
"""(the take, config) -> why the rule set does not allow it (code, explanation), or None. The
engine has already checked what every family shares: the turn, the up card, a blocked pile."""
MeldProblem = Callable[[Sequence[str], Rules, bool], "tuple[str, str] | None"]
"""(cards, config, new meld?) -> why they are not a legal meld (code, explanation), or None."""
CanastaBonus = Callable[[Sequence[str], Rules], "tuple[Callable[[], str], int] | None"]
"""(a meld's cards, config) -> what kind of canasta it is (its name, made when a score's breakdown
is read) and its bonus, or None if it is none. Never asked of a meld shorter than `canasta_size`,
which is no canasta in any family."""
GoOutProblem = Callable[[Sequence[Sequence[str]], Rules], "str | None"]
"""(a side's melds, config) -> what the side lacks to go out ('has 0 canastas and needs 1 to go
out: ...'), or None when it may go out."""
HandPenalty = Callable[[Counter[str], Rules], tuple[int, str]]
"""(cards left in one hand, config) -> what they cost, and how it was counted ('' if plainly)."""
LaidScore = Callable[[Sequence[str], Sequence[Sequence[str]], Rules], list[tuple[Callable[[], str], int]]]
"""(cards a side laid beside its melds, the side's melds, config) -> (label, points) lines."""
SideHandPenalty = Callable[[Sequence[Counter[str]], Rules], list[tuple[Callable[[], str], int]]]
OutOnlyProblem = Callable[[Sequence[Sequence[str]], Rules], "tuple[str, str] | None"]
ForgottenLaid = Callable[[int, bool, Rules], int]
LaidOutValue = Callable[[Sequence[str], Rules], "tuple[Callable[[], str], int, bool] | None"]
AdditionProblem = Callable[[Sequence[str], Sequence[str], Rules], "tuple[str, str] | None"]
"""(a meld's cards, the cards added to it, config) -> why they may not be added (code,
explanation), or None. What the whole meld must be is `MeldProblem`'s; this is for what depends
on the meld before the addition (Samba: no wild joins a finished canasta)."""
PileTaken = Callable[[PileTake, int, Rules], int]
"""(a take, the cards of the pile under the up card, config) -> how many of them, from the top,
the taker picks up with the up card (the rest stay as the pile)."""
EndOfHand = Callable[[str, Counter[str], Rules], list[tuple[str, str, str]]]
"""(player, cards left in hand, config) -> warnings as (code, coverage path, message)."""


@dataclass(slots=True)
class DiscardTry:
    """A discard as the rule set's discard policy sees it (`Config.discard_problem`)."""

    card: str
    pile_empty: bool  # nothing in the pile before it (the hand's first discard, or the pile just taken)
    going_out: bool  # the hand's last card
    held: Counter[str]  # the player's cards before the discard
    dead: frozenset[str]  # the ranks in which a side has completed a canasta


DiscardProblem = Callable[[DiscardTry, Rules], "tuple[str, str] | None"]
"""(a discard, config) -> why the rule set does not allow it (code, explanation), or None."""
OpeningProblem = Callable[[Sequence[Sequence[str]], Rules], "tuple[str, str] | None"]
"""(the melds of a side's first meld, from hand only, config) -> why they do not open the side
(code, explanation), or None. The minimum is checked apart (`first_meld_minimum`)."""
OpeningWaiver = Callable[[Sequence[Sequence[str]], Rules], bool]
"""(the melds of a side's first meld, from hand only, config) -> whether they open the side whatever
its minimum."""


@dataclass(slots=True)
class TurnEnd:
    """The end of a turn as the rule set's end-of-turn policy sees it (`Config.turn_end_problem`):
    what the turn did to the side's melds, as its discard leaves them (judged at the turn's end)."""

    melds_before: Sequence[Sequence[str]]  # the side's melds as the turn began
    melds: Sequence[Sequence[str]]  # the side's melds now
    taken: str | None  # the up card taken this turn, if the pile was taken
    opening: bool  # the side laid its first melds this turn
    emptied: bool  # the discard empties the hand: the player goes out (or, with a talon, has only the talon to come)
    talon: int  # the cards of the talon that follow the discard (0: none)


TurnEndProblem = Callable[[TurnEnd, Rules], "tuple[str, str] | None"]
"""(the turn's end, config) -> why the turn may not end so (code, explanation), or None. On the
side's opening turn the fault is a mismeld: the remedy of a first meld short of its minimum."""
TurnEndAsked = Callable[[Sequence[Sequence[str]], Rules], bool]
"""(the side's melds at a discard on a turn that is not its opening, none if it has not opened,
config) -> whether the end-of-turn policy has anything to ask of that turn. On the side's opening
turn it is always asked: a rule that binds only at the opening is so asked once, not at every
turn's end."""
Talon = Callable[[int, bool, int, Rules], int]
"""(sides that opened before this one, whether it opened by taking the pile, cards left in the
stock, config) -> how many cards the opener draws from the stock after the opening turn's discard."""
