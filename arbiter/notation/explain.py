"""Explaining a line that is not notation: Lark's complaint turned into a finding a card player can
act on (where, what was found, and what to write instead)."""

from __future__ import annotations

import difflib
import re
import unicodedata

from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from .. import cards as C
from .words import (
    _ACTION_TERMINALS,
    _ACTIONS,
    _EXAMPLES,
    _KEYWORDS,
    _LEADING_WORD,
    _LINE_KINDS,
    _REF_ADVICE,
    _STATEMENT_WORDS,
    NotationError,
    _card_advice,
    _char_name,
    _line_kind,
    _shown,
)


def _explain(error: UnexpectedInput, text: str) -> NotationError:
    """Turn Lark's complaint into a finding a card player can act on: where, what was found,
    and what to write instead."""
    kind, first, first_column = _line_kind(text)
    example = _EXAMPLES[kind]
    if isinstance(error, UnexpectedCharacters):
        pos = error.pos_in_stream
        expected = set(error.allowed)
        word = re.match(r"[^\s,\[\]]+|\S", text[pos:])
        found = word.group() if word else ""
        at_end = False
    elif isinstance(error, UnexpectedToken):
        token = error.token
        expected = set(error.interactive_parser.accepts() if error.interactive_parser else error.expected)
        at_end = token.type == "$END"
        if at_end:
            pos = len(re.sub(r"\s*(?:;.*)?$", "", text)) if token.end_pos is None else token.end_pos
            found = ""
        else:
            pos = token.start_pos or 0
            found = str(token.value)
    else:  # pragma: no cover - Lark raises only the two above for a line
        return NotationError(1, f"this line is not notation: {_LINE_KINDS}")
    column = pos + 1

    def error_at(message: str, code: str = "syntax-error", at: int = column) -> NotationError:
        return NotationError(at, message, code)

    # an invisible character or an unclosed comment or string
    char = text[pos] if pos < len(text) else ""
    if char and not char.isprintable():
        category = unicodedata.category(char)
        what = {"Zs": "an invisible space", "Cc": "a control character"}.get(category, "an invisible character")
        return error_at(f"{what} ({_char_name(char)}) is not allowed here: use ordinary spaces between words")
    if isinstance(error, UnexpectedCharacters) and char == "{":
        return error_at("this `{` comment is not closed: end it with `}` on the same line, or use `;` instead")
    if isinstance(error, UnexpectedCharacters) and char == '"' and "STRING" in expected:
        return error_at(f"the tag's value has no closing `\"`: write it as `{_EXAMPLES['tag']}`")

    # the line's first word
    rest = text[first_column - 1 + len(first) :].lstrip()
    if kind != "play" and kind != "tag" and rest.startswith(":"):
        return error_at(
            f"`{first}` is a word of the notation and cannot be a player's name: "
            "name the player otherwise in the [Seats] tag and the turns",
            at=first_column,
        )
    if kind == "play" and (pos <= first_column - 1 or expected == {"COLON"}):
        second = _LEADING_WORD.match(rest)
        if second and second.group() in _ACTIONS and _LEADING_WORD.fullmatch(first):
            return error_at(f"write a colon after the player's name: `{first}: {second.group()} ...`", at=pos + 1)
        close = difflib.get_close_matches(first, _STATEMENT_WORDS, n=1)
        hint = f" (did you mean `{close[0]}`?)" if close else ""
        return error_at(f"{_shown(first)} does not start a line of notation{hint}: {_LINE_KINDS}", at=first_column)

    # tags
    if kind == "tag":
        if "TAG_NAME" in expected:
            meld = " (a meld is written in a turn, after `meld`)" if C.canonical((found.split() or [""])[0]) else ""
            return error_at(f"a tag is a name and a quoted value in brackets, such as `{example}`{meld}")
        if "STRING" in expected:
            return error_at(f"a tag's value is written in double quotes, such as `{example}`")
        if "RSQB" in expected:
            return error_at(f"close the tag with `]`, as in `{example}`")
        return error_at(
            f"{_shown(found)} follows the tag: a tag stands alone on its line (a comment may follow after `;`)"
        )

    # cards that are not cards
    keyword = found in _KEYWORDS
    if "CARD_RUN" in expected and found and not keyword and re.match(r"\w", found):
        return error_at(_card_advice(found), "unknown-card")
    if keyword and found.upper() in _ACTION_TERMINALS and "COMMA" in expected:
        return error_at(f"write a comma before {_shown(found)}: the actions of a turn are separated by commas")

    # the actions of a turn
    if expected >= _ACTION_TERMINALS:
        if at_end:
            if text[:pos].rstrip().endswith(","):
                return error_at("the line ends after a comma: write the next action, or remove the comma")
            return error_at(f"write the turn's actions after the `:`, as in `{_EXAMPLES['play']}`")
        if found == ",":
            return error_at("two commas in a row: remove one")
        if C.canonical(found) is not None:
            return error_at(f"say what is done with {_shown(found)}: an action comes first, such as `draw {found}`")
        close = difflib.get_close_matches(found, _ACTIONS, n=1)
        hint = f" (did you mean `{close[0]}`?)" if close else ""
        return error_at(f"{_shown(found)} is not an action{hint}: the actions are {', '.join(_ACTIONS)}")
    if expected == {"WITH", "ONTO"}:
        return error_at(
            "say how the up card is used: `take 9 with [9 9]` (a new set with cards from the hand) "
            "or `take 9 onto 9` (onto a meld the side has)"
        )
    if expected == {"TO"}:
        return error_at("name the meld the cards go to after `to`, as in `add [Q] to Q`")
    if "MELD_REF" in expected:
        return error_at(f"{_REF_ADVICE}, as in `add [Q] to Q`")
    if expected == {"CARD_RUN", "LSQB"}:
        return error_at("give the cards from the hand that go with the up card, as in `take 9 with [9 9]`")
    if expected == {"LSQB"}:
        return error_at("put each meld in square brackets, as in `meld [7 7 7] [K K 2]`")
    if found == "[" and "CARD_RUN" in expected and "RSQB" not in expected:
        if kind == "table":
            return error_at(f"the side's melds come before its laid Bonus and Caliente cards, as in `{example}`")
        return error_at("a meld needs the word `meld` (or `take ... and`) before it, as in `draw 8, meld [7 7 7]`")
    if "RSQB" in expected:
        if found == "[":
            return error_at("melds are not nested: close this meld with `]` before opening the next")
        if at_end:
            return error_at("the meld is not closed: end it with `]`")
        return error_at(f"close the meld with `]` before {_shown(found)}")
    if found == "]" and expected == {"CARD_RUN"}:
        return error_at("a meld needs its cards, as in `[7 7 7]`")
    if found == "]":
        return error_at("this `]` closes no meld: remove it, or open the meld with `[`")
    if expected == {"ANSWER"}:
        return error_at("the partner's answer is `yes` or `no`, as in `ask yes`")
    if expected == {"SIGNED_INT"}:
        return error_at(f"give the side's points after its name, as a whole number: `{example}`")
    if expected == {"SIDE"}:
        return error_at(f"name the side, as in `{example}`")
    if expected == {"INT"}:
        return error_at(f"number the hand, as in `{example}`")
    if expected == {"DEALER"}:
        return error_at(f"name the dealer, as in `{example}`")
    if expected == {"NAME"} and kind == "hand":
        if re.search(r"\bsitout\b", text):
            return error_at("name the players who sit out this hand, as in `hand 2 dealer ann sitout bob`")
        return error_at(f"name the dealer, as in `{example}`")
    if expected == {"NAME"}:
        return error_at(f"name the player, as in `{example}`")
    if at_end and "CARD_RUN" in expected:
        return error_at(f"the line ends too early: write the cards, as in `{example}`")
    if "$END" in expected and found:
        advice = (
            "write a comma before the next action, or `;` before a comment"
            if kind == "play"
            else f"a `{kind}` line reads `{example}`; a comment starts with `;`"
        )
        return error_at(f"{_shown(found)} is left over at the end of this line: {advice}")
    what = "the line ends too early" if at_end else f"{_shown(found)} is not understood here"
    return error_at(f"{what}: a `{kind}` line reads `{example}`" if kind != "play" else f"{what}: {_LINE_KINDS}")
