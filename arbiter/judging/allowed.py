"""What was allowed instead of a disputed move, said for the adapters.

A finding on a move carries the legal alternatives at that moment (`Finding.alternatives`, ACN
action texts, most relevant first, and `Finding.alternatives_total`). This module says them two
ways: as notation for the command line and CI tools (`allowed_line`: one line, the texts as
written in a record), and in players' words for the page (`in_words`: "take the pile with the up
card 9 and 9 9 from the hand", said from each alternative's step, an `arbiter.Action` read once,
never from its text). Both are pure functions of the finding: no rule set is consulted,
so the words are the same for every family ("the pile" is the Prize pile of Caliente and the
discard pile of the classic books).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .. import families
from ..i18n import Text, msg, msg_n, pmsg
from ..notation import NotationError
from ..notation.actions import Action, Step, read_steps
from ..notation.records import (
    Add,
    Ask,
    Discard,
    Draw,
    FamilyAction,
    GoOut,
    LayBonus,
    Meld,
    MeldRef,
    Pass,
    Take,
)
from ..rulings.findings import Finding

NOTHING_ELSE = msg("nothing else was allowed")
SEPARATOR = "; "  # between two actions: an action may itself hold commas and spaces


_MELD_NAME = re.compile(r"^(?P<low>[^#\s-]+)(?:-(?P<high>[^#\s]+))?(?:#(?P<nth>\d+))?$")


@dataclass(frozen=True, slots=True)
class Alternative:
    """Actions allowed instead, for the page: what they are in players' words, and each as written
    in a record (several where they read the same in words: a draw of one card or another)."""

    words: str
    notations: tuple[str, ...]


def moment(finding: Finding) -> Text | None:
    """The moment of its turn a finding's alternatives hold (`Finding.action`): `at the start of
    turn 5`, `after 2 actions of turn 5`; None where the finding does not say."""
    if finding.action is None or finding.turn is None:
        return None
    if not finding.action:
        return msg("at the start of turn {turn}", turn=finding.turn)
    return msg_n(
        "after {n} action of turn {turn}", "after {n} actions of turn {turn}", finding.action, turn=finding.turn
    )


CUT_SHORT = msg("the search stopped at its work budget: more may have been allowed")


def _cut(said: Text | None, finding: Finding) -> Text | None:
    """`said`, and where the search for the alternatives was cut short (`--work-budget`), so."""
    if said is None or not finding.alternatives_partial:
        return said
    return msg("{allowed} ({cut})", allowed=said, cut=CUT_SHORT)


def allowed_line(finding: Finding) -> Text | None:
    """`_allowed_line`, saying where the search was cut short."""
    return _cut(_allowed_line(finding), finding)


def allowed_sentence(finding: Finding) -> Text | None:
    """`_allowed_sentence`, saying where the search was cut short."""
    return _cut(_allowed_sentence(finding), finding)


def _allowed_line(finding: Finding) -> Text | None:
    """The finding's alternatives on one line: `allowed instead (after 1 action of turn 5): draw 7;
    take 9 with [9 9] (and 3 more)`, or `nothing else was allowed (...)`, the moment they hold
    said where the finding gives it (`moment`); None for a finding that is not on a move."""
    if finding.alternatives_total is None:
        return None
    when = moment(finding)
    if not finding.alternatives_total:
        return NOTHING_ELSE if when is None else msg("nothing else was allowed ({moment})", moment=when)
    more, actions = more_count(finding), _shown(finding)
    if when is None:
        if more:
            return msg("allowed instead: {actions} (and {more} more)", actions=actions, more=more)
        return msg("allowed instead: {actions}", actions=actions)
    if more:
        return msg("allowed instead ({moment}): {actions} (and {more} more)", moment=when, actions=actions, more=more)
    return msg("allowed instead ({moment}): {actions}", moment=when, actions=actions)


def _allowed_sentence(finding: Finding) -> Text | None:
    """`allowed_line` as a sentence to append to a message: `Allowed instead: draw 7.`"""
    if finding.alternatives_total is None:
        return None
    when = moment(finding)
    if not finding.alternatives_total:
        if when is None:
            return msg("Nothing else was allowed.")
        return msg("Nothing else was allowed ({moment}).", moment=when)
    more, actions = more_count(finding), _shown(finding)
    if when is None:
        if more:
            return msg("Allowed instead: {actions} (and {more} more).", actions=actions, more=more)
        return msg("Allowed instead: {actions}.", actions=actions)
    if more:
        return msg("Allowed instead ({moment}): {actions} (and {more} more).", moment=when, actions=actions, more=more)
    return msg("Allowed instead ({moment}): {actions}.", moment=when, actions=actions)


def _shown(finding: Finding) -> str:
    """The alternatives as written in a record (notation: never translated)."""
    return SEPARATOR.join(" ".join(text.split()) for text in finding.alternatives)


def alternatives(finding: Finding) -> list[Alternative]:
    """The finding's alternatives for the page, each in players' words and in notation; actions
    that read the same in words (a draw of one card or another) are said once."""
    said: dict[str, list[str]] = {}
    for text in finding.alternatives:
        said.setdefault(in_words(text), []).append(" ".join(text.split()))
    return [Alternative(words, tuple(notations)) for words, notations in said.items()]


def more_count(finding: Finding) -> int:
    """How many allowed actions the finding counts but does not list."""
    return max((finding.alternatives_total or 0) - len(finding.alternatives), 0)


# --- one action in players' words ---------------------------------------------------------------


def in_words(text: str) -> str:
    """An action written in the notation, said as a player would: `draw 7` is "draw from the
    stock", `take 9 with [9 9]` "take the pile with the up card 9 and 9 9 from the hand". Several
    actions (`meld [K K K], discard 4`) are said one after the other. An `Action` is said from the
    step it was read as; other text is read once by the notation's reader, and text it cannot
    read is returned as it is. The words are a `Text` (cards stay as written), said in a reader's
    language by a `Translator`."""
    if isinstance(text, Action):
        steps: tuple[Step, ...] = (text.step,)
    else:
        try:
            steps = read_steps(text)
        except NotationError:
            return " ".join(text.split())
    said = step_words(steps[0])
    for step in steps[1:]:
        said = msg("{actions}, then {action}", actions=said, action=step_words(step))
    return said


FAMILY_WORDS = {kind.keyword: kind.said for kind in families.ACTIONS}
"""A family's own action in a player's words, as its family says it (`ActionKind.said`)."""


def step_words(step: Step) -> str:
    """One step in a player's words."""
    if type(step) is FamilyAction:
        return FAMILY_WORDS.get(step.keyword, step.keyword)
    match step:
        case Draw():
            return msg("draw from the stock")
        case Take():
            return _take(step)
        case Meld(melds=specs):
            return msg("meld {melds}", melds=_meld_list([spec.cards for spec in specs]))
        case Add(cards=cards, target=target):
            return msg("add {cards} to {meld}", cards=" ".join(cards), meld=ref_words(target))
        case Discard(card=card):
            return msg("discard {cards}", cards=card)
        case LayBonus(cards=cards):
            return msg("lay {cards} beside the melds", cards=" ".join(cards))
        case Ask():
            return msg("ask the partner whether to go out")
        case Pass():
            return msg("pass: decline the up card, which ends the hand")
        case GoOut():
            return msg("go out")
    return msg("end the turn keeping the last card")


def _take(take: Take) -> str:
    up, before = take.card, _meld_list([spec.cards for spec in take.also]) if take.also else None
    if take.onto is not None:
        meld = ref_words(take.onto)
        if before:
            return msg(
                "take the pile, putting the up card {up} onto {meld}, after melding {melds}",
                up=up,
                meld=meld,
                melds=before,
            )
        return msg("take the pile, putting the up card {up} onto {meld}", up=up, meld=meld)
    own = " ".join(take.with_cards or ())
    if before:
        return msg(
            "take the pile with the up card {up} and {cards} from the hand, after melding {melds}",
            up=up,
            cards=own,
            melds=before,
        )
    return msg("take the pile with the up card {up} and {cards} from the hand", up=up, cards=own)


def _meld_list(melds: list[tuple[str, ...]]) -> str:
    """Melds as written (cards, never translated), the last joined by the language's "and"."""
    written = [" ".join(cards) for cards in melds]
    if len(written) <= 1:
        return "".join(written)
    return msg("{melds} and {last}", melds=", ".join(written[:-1]), last=written[-1])


# A meld named in the notation, said with its article ("the Kings") where an action puts cards
# onto it; a translation says it as the preposition of those actions wants it ("a los reyes",
# "aos Reis", "ai re"). The ordinal forms are whole templates, so each language agrees the
# ordinal with its word for a meld or a sequence.
_THE_RANKS = {
    "J": lambda: msg("the Jacks"),
    "Q": lambda: msg("the Queens"),
    "K": lambda: msg("the Kings"),
    "A": lambda: msg("the Aces"),
    "2": lambda: msg("the wild cards"),
    "X": lambda: msg("the wild cards"),
    "S": lambda: msg("the Stop cards"),
}
_RANKS = {
    "J": lambda: msg("Jacks"),
    "Q": lambda: msg("Queens"),
    "K": lambda: msg("Kings"),
    "A": lambda: msg("Aces"),
    "2": lambda: msg("wild cards"),
    "X": lambda: msg("wild cards"),
    "S": lambda: pmsg("within a sentence", "Stop cards"),
}
_NTH_MELD = (
    lambda what: msg("the first meld of {what}", what=what),
    lambda what: msg("the second meld of {what}", what=what),
    lambda what: msg("the third meld of {what}", what=what),
    lambda what: msg("the fourth meld of {what}", what=what),
    lambda what: msg("the fifth meld of {what}", what=what),
    lambda what: msg("the sixth meld of {what}", what=what),
    lambda what: msg("the seventh meld of {what}", what=what),
    lambda what: msg("the eighth meld of {what}", what=what),
    lambda what: msg("the ninth meld of {what}", what=what),
    lambda what: msg("the tenth meld of {what}", what=what),
)
_NTH_SEQUENCE = (
    lambda low, high: msg("the first sequence from {low} to {high}", low=low, high=high),
    lambda low, high: msg("the second sequence from {low} to {high}", low=low, high=high),
    lambda low, high: msg("the third sequence from {low} to {high}", low=low, high=high),
    lambda low, high: msg("the fourth sequence from {low} to {high}", low=low, high=high),
    lambda low, high: msg("the fifth sequence from {low} to {high}", low=low, high=high),
    lambda low, high: msg("the sixth sequence from {low} to {high}", low=low, high=high),
    lambda low, high: msg("the seventh sequence from {low} to {high}", low=low, high=high),
    lambda low, high: msg("the eighth sequence from {low} to {high}", low=low, high=high),
    lambda low, high: msg("the ninth sequence from {low} to {high}", low=low, high=high),
    lambda low, high: msg("the tenth sequence from {low} to {high}", low=low, high=high),
)


def meld_name(name: str) -> str:
    """A meld's name in the notation, in words with its article: `Q` is "the Queens", `Q#2` "the
    second meld of Queens", `5-9` "the sequence from 5 to 9", `S` "the Stop cards"."""
    found = _MELD_NAME.match(name.strip())
    if not found:
        return name.strip()
    nth = found["nth"]
    return named(found["low"], found["high"], None if nth is None else int(nth))


def ref_words(ref: MeldRef) -> str:
    """A meld a record names (`add ... to Q#2`), in words with its article."""
    return named(ref.rank, ref.high, None if ref.index == 1 else ref.index)


def named(low: str, high: str | None, place: int | None) -> str:
    """A meld named by its rank (or a sequence's low and high cards) and its place among the
    side's melds of that name (None: the only one), in words with its article."""
    if high:
        if place is None:
            return msg("the sequence from {low} to {high}", low=low, high=high)
        if 1 <= place <= len(_NTH_SEQUENCE):
            return _NTH_SEQUENCE[place - 1](low, high)
        return msg("the sequence number {place} from {low} to {high}", place=place, low=low, high=high)
    if place is None:
        return _THE_RANKS[low]() if low in _THE_RANKS else msg("the {rank}s", rank=low)
    what = _RANKS[low]() if low in _RANKS else msg("{rank}s", rank=low)
    if 1 <= place <= len(_NTH_MELD):
        return _NTH_MELD[place - 1](what)
    return msg("the meld number {place} of {what}", place=place, what=what)
