"""Explaining a line that is not notation: Lark's complaint turned into a finding a card player can
act on (where, what was found, and what to write instead)."""

from __future__ import annotations

import difflib
import re
import unicodedata

from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from .. import cards as C
from ..i18n import Text, msg
from .family_words import not_an_action
from .words import (
    ACTION_TERMINALS,
    ACTIONS,
    EXAMPLES,
    KEYWORDS,
    LEADING_WORD,
    LINE_KINDS,
    REF_ADVICE,
    STATEMENT_WORDS,
    NotationError,
    card_advice,
    char_name,
    line_kind,
    quoted,
)

# The kinds of character a record may not hold, by Unicode category, for the message about one.
_INVISIBLE = {"Zs": msg("an invisible space"), "Cc": msg("a control character")}
_INVISIBLE_CHARACTER = msg("an invisible character")


def explanation(error: UnexpectedInput, text: str) -> NotationError:
    """Turn Lark's complaint into a finding a card player can act on: where, what was found,
    and what to write instead."""
    kind, first, first_column = line_kind(text)
    example = EXAMPLES[kind]
    if isinstance(error, UnexpectedCharacters):
        pos = error.pos_in_stream or 0  # always set for a character (Lark types it optional)
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
        return NotationError(1, msg("this line is not notation: {kinds}", kinds=LINE_KINDS))
    column = pos + 1

    def error_at(message: Text, code: str = "syntax-error", at: int = column) -> NotationError:
        return NotationError(at, message, code)

    # an invisible character or an unclosed comment or string
    char = text[pos] if pos < len(text) else ""
    if char and not char.isprintable():
        what = _INVISIBLE.get(unicodedata.category(char), _INVISIBLE_CHARACTER)
        return error_at(
            msg(
                "{what} ({name}) is not allowed here: use ordinary spaces between words",
                what=what,
                name=char_name(char),
            )
        )
    if isinstance(error, UnexpectedCharacters) and char == "{":
        return error_at(
            msg(
                "this `{open}` comment is not closed: end it with `{close}` on the same line, or use `;` instead",
                open="{",
                close="}",
            )
        )
    if isinstance(error, UnexpectedCharacters) and char == '"' and "STRING" in expected:
        return error_at(msg("the tag's value has no closing `\"`: write it as `{example}`", example=EXAMPLES["tag"]))

    # the line's first word
    rest = text[first_column - 1 + len(first) :].lstrip()
    if kind != "play" and kind != "tag" and rest.startswith(":"):
        return error_at(
            msg(
                "`{word}` is a word of the notation and cannot be a player's name: "
                "name the player otherwise in the [Seats] tag and the turns",
                word=first,
            ),
            at=first_column,
        )
    if kind == "play" and (pos <= first_column - 1 or expected == {"COLON"}):
        second = LEADING_WORD.match(rest)
        if second and second.group() in ACTIONS and LEADING_WORD.fullmatch(first):
            return error_at(
                msg(
                    "write a colon after the player's name: `{player}: {action} ...`",
                    player=first,
                    action=second.group(),
                ),
                at=pos + 1,
            )
        close = difflib.get_close_matches(first, STATEMENT_WORDS, n=1)
        if close:
            return error_at(
                msg(
                    "{shown} does not start a line of notation (did you mean `{word}`?): {kinds}",
                    shown=quoted(first),
                    word=close[0],
                    kinds=LINE_KINDS,
                ),
                at=first_column,
            )
        return error_at(
            msg("{shown} does not start a line of notation: {kinds}", shown=quoted(first), kinds=LINE_KINDS),
            at=first_column,
        )

    # tags
    if kind == "tag":
        if "TAG_NAME" in expected:
            if C.canonical((found.split() or [""])[0]):
                return error_at(
                    msg(
                        "a tag is a name and a quoted value in brackets, such as `{example}` "
                        "(a meld is written in a turn, after `meld`)",
                        example=example,
                    )
                )
            return error_at(msg("a tag is a name and a quoted value in brackets, such as `{example}`", example=example))
        if "STRING" in expected:
            return error_at(msg("a tag's value is written in double quotes, such as `{example}`", example=example))
        if "RSQB" in expected:
            return error_at(msg("close the tag with `]`, as in `{example}`", example=example))
        return error_at(
            msg(
                "{shown} follows the tag: a tag stands alone on its line (a comment may follow after `;`)",
                shown=quoted(found),
            )
        )

    # cards that are not cards
    keyword = found in KEYWORDS
    if "CARD_RUN" in expected and found and not keyword and re.match(r"\w", found):
        return error_at(card_advice(found), "unknown-card")
    if keyword and found.upper() in ACTION_TERMINALS and "COMMA" in expected:
        return error_at(
            msg(
                "write a comma before {shown}: the actions of a turn are separated by commas",
                shown=quoted(found),
            )
        )

    # the actions of a turn
    if expected >= ACTION_TERMINALS:
        return _not_an_action(text, pos, found, at_end, column)
    return NotationError(column, _said(text, kind, example, expected, found, at_end))


def _not_an_action(text: str, pos: int, found: str, at_end: bool, column: int) -> NotationError:
    """Where a turn's next action should be, something else (or nothing) is."""
    if at_end:
        if text[:pos].rstrip().endswith(","):
            return NotationError(column, msg("the line ends after a comma: write the next action, or remove the comma"))
        return NotationError(
            column, msg("write the turn's actions after the `:`, as in `{example}`", example=EXAMPLES["play"])
        )
    if found == ",":
        return NotationError(column, msg("two commas in a row: remove one"))
    if C.canonical(found) is not None:
        return NotationError(
            column,
            msg(
                "say what is done with {shown}: an action comes first, such as `draw {card}`",
                shown=quoted(found),
                card=found,
            ),
        )
    return NotationError(column, not_an_action(found, {}))  # not a word: a word is read as a family's action


def _said(text: str, kind: str, example: str, expected: set[str], found: str, at_end: bool) -> Text:
    """What the grammar wanted where it met something else, said in the words of the notation."""
    if expected == {"WITH", "ONTO"}:
        return msg(
            "say how the up card is used: `take 9 with [9 9]` (a new set with cards from the hand) "
            "or `take 9 onto 9` (onto a meld the side has)"
        )
    if expected == {"TO"}:
        return msg("name the meld the cards go to after `to`, as in `add [Q] to Q`")
    if "MELD_REF" in expected:
        return msg("{advice}, as in `add [Q] to Q`", advice=REF_ADVICE)
    if expected == {"CARD_RUN", "LSQB"}:
        return msg("give the cards from the hand that go with the up card, as in `take 9 with [9 9]`")
    if expected == {"LSQB"}:
        return msg("put each meld in square brackets, as in `meld [7 7 7] [K K 2]`")
    if found == "[" and "CARD_RUN" in expected and "RSQB" not in expected:
        if kind == "table":
            return msg(
                "the side's melds come before its laid Bonus and Caliente cards, as in `{example}`", example=example
            )
        return msg("a meld needs the word `meld` (or `take ... and`) before it, as in `draw 8, meld [7 7 7]`")
    if "RSQB" in expected:
        if found == "[":
            return msg("melds are not nested: close this meld with `]` before opening the next")
        if at_end:
            return msg("the meld is not closed: end it with `]`")
        return msg("close the meld with `]` before {shown}", shown=quoted(found))
    if found == "]" and expected == {"CARD_RUN"}:
        return msg("a meld needs its cards, as in `[7 7 7]`")
    if found == "]":
        return msg("this `]` closes no meld: remove it, or open the meld with `[`")
    if expected == {"ANSWER"}:
        return msg("the partner's answer is `yes` or `no`, as in `ask yes`")
    if expected == {"SIGNED_INT"}:
        return msg("give the side's points after its name, as a whole number: `{example}`", example=example)
    if expected == {"SIDE"}:
        return msg("name the side, as in `{example}`", example=example)
    if expected == {"INT"}:
        return msg("number the hand, as in `{example}`", example=example)
    if expected == {"DEALER"}:
        return msg("name the dealer, as in `{example}`", example=example)
    if expected == {"NAME"} and kind == "hand":
        if re.search(r"\bsitout\b", text):
            return msg("name the players who sit out this hand, as in `hand 2 dealer ann sitout bob`")
        return msg("name the dealer, as in `{example}`", example=example)
    if expected == {"NAME"}:
        return msg("name the player, as in `{example}`", example=example)
    if at_end and "CARD_RUN" in expected:
        return msg("the line ends too early: write the cards, as in `{example}`", example=example)
    if "$END" in expected and found:
        if kind == "play":
            return msg(
                "{shown} is left over at the end of this line: "
                "write a comma before the next action, or `;` before a comment",
                shown=quoted(found),
            )
        return msg(
            "{shown} is left over at the end of this line: a `{kind}` line reads `{example}`; a comment starts with `;`",
            shown=quoted(found),
            kind=kind,
            example=example,
        )
    what = msg("the line ends too early") if at_end else msg("{shown} is not understood here", shown=quoted(found))
    if kind != "play":
        return msg("{what}: a `{kind}` line reads `{example}`", what=what, kind=kind, example=example)
    return msg("{what}: {kinds}", what=what, kinds=LINE_KINDS)
