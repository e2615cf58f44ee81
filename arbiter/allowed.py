"""What was allowed instead of a disputed move, said for the adapters.

A finding on a move carries the legal alternatives at that moment (`Finding.alternatives`, ACN
action texts, most relevant first, and `Finding.alternatives_total`). This module says them two
ways: as notation for the command line and CI tools (`allowed_line`: one line, the texts as
written in a record), and in players' words for the page (`in_words`: "take the pile with the up
card 9 and 9 9 from the hand"). Both are pure functions of the finding: no rule set is consulted,
so the words are the same for every family ("the pile" is the Prize pile of Caliente and the
discard pile of the classic books).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from .i18n import Text, msg
from .rulings import Finding

NOTHING_ELSE = msg("nothing else was allowed")
SEPARATOR = "; "  # between two actions: an action may itself hold commas and spaces

RANK_NAMES = {"J": "Jacks", "Q": "Queens", "K": "Kings", "A": "Aces", "2": "wild cards", "X": "wild cards"}
SPECIAL_NAMES = {"S": "Stop cards"}
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")

_MELDS = re.compile(r"\[([^\]]*)\]")
_MELD_NAME = re.compile(r"^(?P<low>[^#\s-]+)(?:-(?P<high>[^#\s]+))?(?:#(?P<nth>\d+))?$")


@dataclass(frozen=True, slots=True)
class Alternative:
    """Actions allowed instead, for the page: what they are in players' words, and each as written
    in a record (several where they read the same in words: a draw of one card or another)."""

    words: str
    notations: tuple[str, ...]


def allowed_line(finding: Finding) -> Text | None:
    """The finding's alternatives on one line: `allowed instead: draw 7; take 9 with [9 9] (and 3
    more)`, or `nothing else was allowed`; None for a finding that is not on a move."""
    if finding.alternatives_total is None:
        return None
    if not finding.alternatives_total:
        return NOTHING_ELSE
    more = more_count(finding)
    if more:
        return msg("allowed instead: {actions} (and {more} more)", actions=_shown(finding), more=more)
    return msg("allowed instead: {actions}", actions=_shown(finding))


def allowed_sentence(finding: Finding) -> Text | None:
    """`allowed_line` as a sentence to append to a message: `Allowed instead: draw 7.`"""
    if finding.alternatives_total is None:
        return None
    if not finding.alternatives_total:
        return msg("Nothing else was allowed.")
    more = more_count(finding)
    if more:
        return msg("Allowed instead: {actions} (and {more} more).", actions=_shown(finding), more=more)
    return msg("Allowed instead: {actions}.", actions=_shown(finding))


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
    actions (`meld [K K K], discard 4`) are said one after the other; a text this module does not
    know is returned as it is."""
    parts = [part.strip() for part in _split_actions(text) if part.strip()]
    if not parts:
        return " ".join(text.split())
    return ", then ".join(_action_words(part) for part in parts)


def _split_actions(text: str) -> list[str]:
    """The actions of a text, split at the commas that are not inside brackets."""
    parts, depth, start = [], 0, 0
    for index, char in enumerate(text):
        if char == "[":
            depth += 1
        elif char == "]":
            depth = max(depth - 1, 0)
        elif char == "," and depth == 0:
            parts.append(text[start:index])
            start = index + 1
    parts.append(text[start:])
    return parts


def _action_words(action: str) -> str:
    verb, _, rest = " ".join(action.split()).partition(" ")
    say = _SAYINGS.get(verb)
    words = say(rest) if say else None
    return words or " ".join(action.split())


def _draw(rest: str) -> str:
    return "draw from the stock"


def _take(rest: str) -> str | None:
    up, _, how = rest.partition(" ")
    main, _, before = how.partition(" and ")
    kind, _, what = main.partition(" ")
    after = f", after melding {_meld_list(before)}" if before else ""
    if kind == "with":
        own = _cards(what)
        return f"take the pile with the up card {up} and {own} from the hand{after}" if own else None
    if kind == "onto":
        return f"take the pile, putting the up card {up} onto the {meld_name(what)}{after}"
    return None


def _meld(rest: str) -> str | None:
    return f"meld {_meld_list(rest)}" if _MELDS.search(rest) else None


def _add(rest: str) -> str | None:
    cards, to, name = rest.rpartition(" to ")
    return f"add {_cards(cards)} to the {meld_name(name)}" if to and _cards(cards) else None


def _discard(rest: str) -> str | None:
    return f"discard {rest}" if rest else None


def _bonus(rest: str) -> str | None:
    return f"lay {rest} beside the melds" if rest else None


def _ask(rest: str) -> str:
    return "ask the partner whether to go out"


_SAYINGS = {
    "draw": _draw,
    "take": _take,
    "meld": _meld,
    "add": _add,
    "discard": _discard,
    "bonus": _bonus,
    "ask": _ask,
    "caliente": lambda rest: "play a Caliente card instead of drawing",
    "pass": lambda rest: "pass: decline the up card, which ends the hand",
    "out": lambda rest: "go out",
    "foot": lambda rest: "pick up the Foot",
}


def _cards(text: str) -> str:
    """Cards as written, without brackets: `[9 9]` and `9 9` are both `9 9`."""
    return " ".join(text.replace("[", " ").replace("]", " ").split())


def _meld_list(text: str) -> str:
    melds = [" ".join(m.split()) for m in _MELDS.findall(text)] or [_cards(text)]
    return _and(melds)


def _and(items: Sequence[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def meld_name(name: str) -> str:
    """A meld's name in the notation, in words: `Q` is "Queens", `Q#2` "second meld of Queens",
    `5-9` "sequence from 5 to 9", `S` "Stop cards"."""
    found = _MELD_NAME.match(name.strip())
    if not found:
        return name.strip()
    low, high, nth = found["low"], found["high"], found["nth"]
    what = f"sequence from {low} to {high}" if high else SPECIAL_NAMES.get(low) or RANK_NAMES.get(low) or f"{low}s"
    if nth is None:
        return what
    place, kind = int(nth), "sequence" if high else "meld"
    rest = f" from {low} to {high}" if high else f" of {what}"
    if 1 <= place <= len(ORDINALS):
        return f"{ORDINALS[place - 1]} {kind}{rest}"
    return f"{kind} number {place}{rest}"
