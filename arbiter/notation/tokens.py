"""The token paths: lines and actions whose tokens are plain (a deal, a score, a meld, an addition,
a take) read with the grammar's own terminal patterns and handed to the grammar's own transformer,
as the parser would hand them. Anything else is left to Lark (None)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from ..cards import CARD_SET
from .parsers import ACCELERATED, CARD_RULES, NAMED_CARD_RULES, POINT_RULES, borrow, give_back, idle_readers, new_reader
from .records import Action, Deal, Discard, Draw, Meld, MeldSpec, Points, SidePoints, Statement, Tag, UpCard
from .transformer import LightToken
from .words import KEYWORDS, MAX_DIGITS, NotationError

# The lines that never recur are a deal (`deal ann 4 5 7 ...`) or another keyword with cards, or
# a score or total line: a fifth of a record's lines, and each would cost a Lark call of 13 to 25
# µs, mostly Lark's own cost per call. Their tokens are plain: a keyword, perhaps a name, then one
# card run, or sides and points. When a line is exactly that, its tokens are found with the
# grammar's own terminal patterns and handed to the grammar's own transformer, as the parser would
# hand them; anything else (a comment, a missing space, a card the transformer rejects) is read by
# Lark. tests/test_parser_paths.py checks the two read such lines alike.


_SPACE, _GAP = r"[ \t\f\r]*", r"[ \t\f\r]+"  # what the grammar skips between tokens, none or some


def _terminals(*names: str) -> tuple[str, ...]:
    """The grammar's own regular expressions for these terminals, for reading from tokens."""
    reader = borrow(ACCELERATED)
    try:
        return tuple(reader.lark.get_terminal(name).pattern.to_regexp() for name in names)
    finally:
        give_back(reader, ACCELERATED)


@dataclass(frozen=True, slots=True)
class _TokenActions:
    meld_action: re.Pattern[str]
    bracket: re.Pattern[str]
    add_action: re.Pattern[str]
    take_action: re.Pattern[str]


@cache
def _token_actions() -> _TokenActions:
    run, ref = _terminals("CARD_RUN", "MELD_REF")
    space, gap = _SPACE, _GAP
    bracket = rf"(\[){space}({run}){space}\]"
    melds = rf"(?:{bracket}{space})*{bracket}"
    return _TokenActions(
        meld_action=re.compile(rf"meld{gap}({melds})"),
        bracket=re.compile(bracket),
        add_action=re.compile(rf"add{gap}(?:{bracket}|({run})){gap}to{gap}({ref})"),
        take_action=re.compile(
            rf"take{gap}({run}){gap}(?:with{gap}(?:{bracket}|({run}))|onto{gap}({ref}))(?:{gap}and{gap}({melds}))?"
        ),
    )


def action_from_tokens(text: str, line: int = 0, shift: int = 0) -> Action | None:
    """A meld, an addition or a take (`meld [4 5 6] [K K K]`, `add [9 10] to 4-8`, `take 9 with
    [9 9]`), the actions whose texts vary most (Samba's sequences), read from their tokens as the
    parser would read them, at `line` with its columns moved right by `shift`; None to read the
    action with Lark. `text` is one action, stripped."""
    if text[:6] == "meld [":
        meld = _plain_meld(text, line, shift)
        if meld is not None:
            return meld
    elif text[:5] == "draw " or text[:8] == "discard ":
        return _plain_draw_or_discard(text, line)
    forms = _token_actions()
    kind = text[:4]
    form = forms.meld_action if kind == "meld" else forms.add_action if kind == "add " else forms.take_action
    match = form.fullmatch(text) if kind in _TOKEN_ACTION_KINDS else None
    if match is None:
        return None
    reader = borrow(ACCELERATED)  # a reader of our own, whose transformer builds the nodes at this line
    reader.builder.line = line
    rules: dict[str, Callable[..., Action]] = reader.actions  # each keyword's action
    to_meld = reader.actions["["]
    try:
        if kind == "meld":
            return rules["meld"](*_melds(forms, to_meld, match, 1, shift))
        if kind == "add ":
            return rules["add"](_loose(to_meld, match, 1, shift), _token(match, 4, shift))
        card = (_token(match, 1, shift),)
        also = _melds(forms, to_meld, match, 6, shift) if match.group(6) else ()
        if match.group(5):
            return rules["onto"](card, _token(match, 5, shift), *also)
        return rules["with"](card, _loose(to_meld, match, 2, shift), *also)
    except NotationError:
        return None  # the Lark path gives the message
    finally:
        give_back(reader, ACCELERATED)


_TOKEN_ACTION_KINDS = frozenset({"meld", "add ", "take"})  # how the actions read from tokens begin


# Most melds read the first time (nearly all of Samba's: its sequences make each meld action new)
# are written plainly: `meld [5 6 7] [9 10 J]`, one space between words, every card as the notation
# spells it. Such a meld is read by splitting it, at a quarter of the cost of the token path
# (regular expressions, tokens, the transformer); the nodes are the ones the transformer makes
# (`meld`, `meld_action`). Anything else (a tab, two spaces, a card in lower case) returns None.
def _plain_meld(text: str, line: int, shift: int) -> Meld | None:
    if text[-1] != "]":
        return None
    melds: list[MeldSpec] = []
    at = 6  # the first `[`'s column, counted from 1 (its cards' index, counted from 0)
    for inside in text[6:-1].split("] ["):
        cards = inside.split(" ")
        if not CARD_SET.issuperset(cards):
            return None
        melds.append(MeldSpec(line, at + shift, tuple(cards)))
        at += len(inside) + 3  # the cards, then `] [`
    return Meld(line, 0, tuple(melds))


# A draw or a discard read the first time (`draw 9 J`, `discard K`: Samba's two-card draws make
# many) would otherwise go to Lark, at 20 µs a call. Written plainly, it is read by splitting it,
# as the transformer would (`draw`, `discard`); anything else (a discard of two cards, a card
# misspelt) returns None, for Lark and its message.
def _plain_draw_or_discard(text: str, line: int) -> Action | None:
    keyword, _, rest = text.partition(" ")
    cards = rest.split(" ")
    if not CARD_SET.issuperset(cards):
        return None
    if keyword == "draw":
        return Draw(line, 0, tuple(cards))
    return Discard(line, 0, cards[0]) if len(cards) == 1 else None


def _melds(forms: _TokenActions, to_meld: Any, match: re.Match[str], group: int, shift: int) -> list[MeldSpec]:
    """The melds in brackets that a group of the match holds."""
    brackets = forms.bracket.finditer(match.string, match.start(group), match.end(group))
    return [to_meld(_token(b, 1, shift), (_token(b, 2, shift),)) for b in brackets]


def _loose(to_meld: Any, match: re.Match[str], bracket: int, shift: int) -> Any:
    """The cards of an addition or a take: a meld in brackets, or cards without them."""
    if match.group(bracket):
        return to_meld(_token(match, bracket, shift), (_token(match, bracket + 1, shift),))
    return (_token(match, bracket + 2, shift),)


@dataclass(frozen=True, slots=True)
class _TokenLines:
    cards_line: re.Pattern[str]
    points_line: re.Pattern[str]
    pair: re.Pattern[str]
    tag_line: re.Pattern[str]
    name: re.Pattern[str]
    side: re.Pattern[str]
    points: re.Pattern[str]


@cache
def _token_lines() -> _TokenLines:
    name, cards, side, points, tag, string = _terminals("NAME", "CARD_RUN", "SIDE", "SIGNED_INT", "TAG_NAME", "STRING")
    space, gap = _SPACE, _GAP
    return _TokenLines(
        tag_line=re.compile(rf"{space}(\[){space}({tag}){space}({string}){space}\]{space}"),
        cards_line=re.compile(
            rf"{space}(?:({'|'.join(NAMED_CARD_RULES)}){gap}({name})|({'|'.join(CARD_RULES)})){gap}({cards}){space}"
        ),
        points_line=re.compile(rf"{space}({'|'.join(POINT_RULES)})((?:{gap}{side}{gap}{points})+){space}"),
        pair=re.compile(rf"{gap}({side}){gap}({points})"),
        name=re.compile(name),
        side=re.compile(side),
        points=re.compile(points),
    )


def line_from_tokens(text: str, line: int) -> Statement | None:
    """A cards line or a points line read from its tokens, or None to read it with Lark."""
    plain = _plain_cards_line(text, line)
    if plain is not None:
        return plain
    forms = _token_lines()
    if match := forms.cards_line.fullmatch(text):
        keyword, name, bare = match.group(1, 2, 3)
        if name in KEYWORDS:
            return None  # a keyword where a name should be: Lark says what it makes of it
    elif not (match := forms.points_line.fullmatch(text)):
        return None
    idle = idle_readers[ACCELERATED]
    try:  # a reader of our own, whose transformer builds the nodes at this line (inlined: hot)
        reader = idle.pop()
    except IndexError:
        reader = new_reader(ACCELERATED)
    reader.builder.line = line
    rules = reader.rules
    statement: Statement  # the transformer's node for the line's keyword
    try:
        if match.re is forms.cards_line:
            runs = (_token(match, 4),)
            statement = rules[keyword](_token(match, 2), runs) if keyword else rules[bare](runs)
            keyword_at = match.start(1 if keyword else 3)
        else:
            pair = rules["pair"]
            entries = [
                pair(_token(found, 1), _token(found, 2))
                for found in forms.pair.finditer(text, match.start(2), match.end(2))
            ]
            statement = rules[match.group(1)](*entries)
            keyword_at = match.start(1)
    except NotationError:
        return None  # the whole-line path gives the message
    finally:
        idle.append(reader)
    statement.column = keyword_at + 1  # the statement starts at its keyword: only blanks come before it
    return statement


# A deal (`deal ann 4 5 7 ...`, four to a hand), an up card and a score or total line are most of
# the lines that never recur. Written plainly (one space between words, every card as the notation
# spells it), such a line is read by splitting it, at a third of the cost of the token path; the
# nodes are the ones the transformer makes (`deal`, `up`, `score`, `total`), at column 1. Anything
# else (a tab, two spaces, a number too long) returns None, for the token path.
def _plain_cards_line(text: str, line: int) -> Statement | None:
    if text[:5] == "deal ":
        words = text.split(" ")
        player, cards = words[1], words[2:]
        if cards and CARD_SET.issuperset(cards) and _token_lines().name.fullmatch(player) and player not in KEYWORDS:
            return Deal(line, 1, (), "", player, tuple(cards))
    elif text[:3] == "up ":
        cards = text[3:].split(" ")
        if CARD_SET.issuperset(cards):
            return UpCard(line, 1, (), "", tuple(cards))
    elif text[:6] == "score " or text[:6] == "total ":
        return _plain_points_line(text, line)
    return None


def _plain_points_line(text: str, line: int) -> Points | None:
    words = text.split(" ")
    if len(words) % 2 == 0:
        return None
    forms = _token_lines()
    entries: list[SidePoints] = []
    at = 7  # the first side's column
    for i in range(1, len(words), 2):
        side, points = words[i], words[i + 1]
        if not (forms.side.fullmatch(side) and forms.points.fullmatch(points)):
            return None
        if len(points.lstrip("+-").lstrip("0")) > MAX_DIGITS:
            return None
        entries.append(SidePoints(line, at, side, int(points)))
        at += len(side) + len(points) + 2
    return Points(line, 1, (), "", words[0], tuple(entries))


_new_tuple = tuple.__new__  # a LightToken made as its tuple: its Python-level __new__ would double the cost


def _token(match: re.Match[str], group: int, shift: int = 0) -> LightToken:
    """The token a group of a match found, its column moved right by `shift`."""
    return _new_tuple(LightToken, (match.group(group), match.start(group) + 1 + shift))


def tag_from_tokens(text: str, line: int) -> Tag | None:
    """A tag (`[Event "Round 3"]`) read from its tokens, or None to read the line with Lark: the
    tags that change from game to game (the Event, the Round) would each cost a Lark call."""
    match = _token_lines().tag_line.fullmatch(text)
    if match is None:
        return None
    reader = borrow(ACCELERATED)  # a reader of our own, whose transformer builds the tag at this line
    reader.builder.line = line
    try:
        tag: Tag = reader.rules["["](_token(match, 1), _token(match, 2), _token(match, 3))
        return tag
    finally:
        give_back(reader, ACCELERATED)
