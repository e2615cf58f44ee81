"""Reading game records: text in, typed records (arbiter.records) and syntax findings out.

The grammar (grammar/canasta.lark) reads one line; this module feeds it the lines of a file and
assembles the statements into games and hands. Reading is separate from judging (like a PGN
reader and its visitor): `parse` yields one `ParsedGame` at a time, so a file of any size streams
in memory bounded by its largest game. Syntax errors are findings, never exceptions, and a broken
line or game does not stop the rest of the file from being read.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import IO, Any

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from . import cards as C
from .records import (
    Add,
    Ask,
    Deal,
    Discard,
    Draw,
    Game,
    GoOut,
    HandRecord,
    HandStart,
    Holding,
    LayBonus,
    Meld,
    Melded,
    MeldRef,
    MeldSpec,
    Note,
    Pass,
    PickUpFoot,
    PilePosition,
    PlayCaliente,
    Points,
    Position,
    PositionStart,
    SidePoints,
    Statement,
    Stock,
    TableSide,
    Tag,
    Take,
    ToPlay,
    Turn,
    UpCard,
)
from .rulings import Finding, Severity

NOTATION_VERSION = "1.0"
GRAMMAR_FILE = "canasta.lark"


@dataclass(frozen=True, slots=True)
class Limits:
    """Bounds on what one record may be, so hostile input costs bounded time and memory."""

    max_bytes: int = 64 * 1024 * 1024
    max_line_chars: int = 10_000
    max_games: int = 100_000


DEFAULT_LIMITS = Limits()


@dataclass(slots=True)
class ParsedGame:
    """One game of a file as read: the record, its syntax findings, and its source lines."""

    index: int
    line: int
    game: Game
    findings: list[Finding] = field(default_factory=list)
    lines: dict[int, str] = field(default_factory=dict, repr=False)

    @property
    def malformed(self) -> bool:
        return any(f.is_error for f in self.findings)


class NotationError(Exception):
    """A line that is not notation: where, what was found, and what to write instead."""

    def __init__(self, column: int, message: str, code: str = "syntax-error") -> None:
        super().__init__(message)
        self.column = column
        self.message = message
        self.code = code


# --- the line grammar ---------------------------------------------------------------------------

_CARD_WORD = re.compile(r"\S+")
_MELD_REF = re.compile(r"(10|[2-9JQKASX])(?:-(10|[4-9JQKA]))?(?:#([0-9]+))?")
_UNESCAPE = re.compile(r"\\(.)")


def _unknown_card_hint(word: str) -> bool:
    """Whether a word that is not a card looks like a card someone meant to write."""
    return bool(re.fullmatch(r"[0-9]{1,2}|[a-z]|r3|b3|jk", word))


def _unknown_card(word: str) -> str:
    if word.upper() in C.CARD_SET or C.canonical(word.upper()):
        return f"`{word}` is not a card as written: cards are written in capitals, `{word.upper()}`"
    if word == "3":
        return "`3` is not a card: write B for a Bonus card (a red three) or S for a Stop card (a black three)"
    if word in ("1", "0", "T"):
        return f"`{word}` is not a card: write 10 for a ten"
    return (
        f"`{word}` is not a card: the cards are 4 5 6 7 8 9 10 J Q K A, "
        "2 (little wild), X (big wild), B (Bonus), S (Stop) and C (Caliente)"
    )


@v_args(inline=True)
class _StatementBuilder(Transformer):
    """Builds record nodes while Lark parses (no parse tree is kept). `line` is set by the
    reader before each line is parsed."""

    line = 0

    def _at(self, token: Token) -> dict[str, int]:
        return {"line": self.line, "column": token.column or 1}

    # cards
    def cards(self, *runs: Token) -> tuple[Token, ...]:
        return runs  # split by _split once the consumer knows what it expects

    @staticmethod
    def _split(runs: tuple[Token, ...]) -> tuple[str, ...]:
        out: list[str] = []
        for run in runs:
            for word in _CARD_WORD.finditer(run.value):
                card = C.canonical(word.group())
                if card is None:
                    raise NotationError(run.column + word.start(), _unknown_card(word.group()), "unknown-card")
                out.append(card)
        return tuple(out)

    def meld(self, bracket: Token, runs: tuple[Token, ...]) -> MeldSpec:
        return MeldSpec(**self._at(bracket), cards=self._split(runs))

    def _loose(self, value: Any) -> tuple[str, ...]:
        return value.cards if isinstance(value, MeldSpec) else self._split(value)

    def _one_card(self, runs: tuple[Token, ...], what: str) -> str:
        cards = self._split(runs)
        if len(cards) != 1:
            raise NotationError(runs[0].column, f"{what} names exactly one card, not {len(cards)}")
        return cards[0]

    def _ref(self, token: Token) -> MeldRef:
        match = _MELD_REF.fullmatch(token.value)
        assert match  # the terminal's pattern guarantees it
        low, high, index = match.groups()
        return MeldRef(**self._at(token), rank=low, high=high, index=int(index or 1))

    # statements
    def start(self, statement: Statement | None = None) -> Statement | None:
        return statement

    def tag(self, name: Token, value: Token) -> Tag:
        text = _UNESCAPE.sub(r"\1", value.value[1:-1])
        return Tag(**self._at(name), name=name.value, value=text)

    def hand_start(self, number: Token, dealer: Token, *sitting: Token) -> HandStart:
        return HandStart(
            line=self.line,
            column=1,
            number=int(number),
            dealer=dealer.value,
            sitting_out=tuple(t.value for t in sitting),
        )

    def deal(self, player: Token, cards: Any) -> Deal:
        return Deal(line=self.line, column=1, player=player.value, cards=self._split(cards))

    def foot(self, player: Token, cards: Any) -> Deal:
        return Deal(line=self.line, column=1, player=player.value, cards=self._split(cards), foot=True)

    def up(self, cards: Any) -> UpCard:
        return UpCard(line=self.line, column=1, cards=self._split(cards))

    def stock_cards(self, cards: Any) -> Stock:
        return Stock(line=self.line, column=1, cards=self._split(cards))

    def stock_count(self, cards: Any) -> Stock:
        token: Token = cards[0]
        if len(cards) > 1 or not token.value.isdigit():
            raise NotationError(
                token.column, "`stock N cards` gives the number of cards in the stock, such as `stock 40 cards`"
            )
        return Stock(line=self.line, column=1, count=int(token.value))

    def position(self) -> PositionStart:
        return PositionStart(line=self.line, column=1)

    def hold(self, player: Token, cards: Any = ()) -> Holding:
        return Holding(line=self.line, column=1, player=player.value, cards=self._split(cards))

    def table(self, side: Token, *rest: Any) -> TableSide:
        melds = tuple(r for r in rest if isinstance(r, MeldSpec))
        laid = next((self._split(r) for r in rest if not isinstance(r, MeldSpec)), ())
        return TableSide(line=self.line, column=1, side=side.value, melds=melds, laid=laid)

    def pile(self, cards: Any = ()) -> PilePosition:
        return PilePosition(line=self.line, column=1, cards=self._split(cards))

    def side_points(self, side: Token, points: Token) -> SidePoints:
        return SidePoints(**self._at(side), side=side.value, points=int(points))

    def score(self, *entries: SidePoints) -> Points:
        return Points(line=self.line, column=1, kind="score", entries=entries)

    def total(self, *entries: SidePoints) -> Points:
        return Points(line=self.line, column=1, kind="total", entries=entries)

    def melded(self, *players: Token) -> Melded:
        return Melded(line=self.line, column=1, players=tuple(p.value for p in players))

    def to_play(self, player: Token) -> ToPlay:
        return ToPlay(line=self.line, column=1, player=player.value)

    def turn(self, player: Token, *actions: Any) -> Turn:
        return Turn(line=self.line, column=1, player=player.value, actions=actions)

    # actions: positioned at their keywords by _fix_columns, which sees the whole line
    def draw(self, cards: Any) -> Draw:
        return Draw(line=self.line, cards=self._split(cards))

    def take_with(self, card: Any, loose: Any, *also: MeldSpec) -> Take:
        return Take(
            line=self.line,
            card=self._one_card(card, "`take` with its up card"),
            with_cards=self._loose(loose),
            also=also,
        )

    def take_onto(self, card: Any, ref: Token, *also: MeldSpec) -> Take:
        return Take(
            line=self.line,
            card=self._one_card(card, "`take` with its up card"),
            onto=self._ref(ref),
            also=also,
        )

    def meld_action(self, *melds: MeldSpec) -> Meld:
        return Meld(line=self.line, melds=melds)

    def add(self, loose: Any, ref: Token) -> Add:
        return Add(line=self.line, cards=self._loose(loose), target=self._ref(ref))

    def discard(self, cards: Any) -> Discard:
        return Discard(line=self.line, card=self._one_card(cards, "`discard`"))

    def bonus(self, cards: Any) -> LayBonus:
        return LayBonus(line=self.line, cards=self._split(cards))

    def caliente(self) -> PlayCaliente:
        return PlayCaliente(line=self.line)

    def ask(self, answer: Token) -> Ask:
        return Ask(line=self.line, answer=answer.value == "yes")

    def pass_(self) -> Pass:
        return Pass(line=self.line)

    def out(self) -> GoOut:
        return GoOut(line=self.line)

    def pick_up_foot(self) -> PickUpFoot:
        return PickUpFoot(line=self.line)


# Words a card player understands, for the terminals a line can expect.
_EXPECTED_WORDS: dict[str, str] = {
    "CARD_RUN": "cards (such as `7 7 2`)",
    "NAME": "a player's name",
    "SIDE": "a side (a player's name, or partners joined with +, such as ann+cid)",
    "SIGNED_INT": "points (a whole number, with - if negative)",
    "INT": "a number",
    "TAG_NAME": "a tag name",
    "STRING": 'a quoted value, such as "Thursday club"',
    "MELD_REF": "the meld to add to, named by its rank (such as Q, or Q#2, or 5-9 for a sequence)",
    "ANSWER": "the partner's answer, yes or no",
    "LSQB": "`[` to open a meld",
    "RSQB": "`]` to close the meld",
    "COLON": "`:` after the player's name",
    "COMMA": "`,` before the next action",
    "$END": "the end of the line",
}
_ACTIONS = ("draw", "take", "meld", "add", "discard", "bonus", "caliente", "ask", "pass", "out", "foot")
_STATEMENTS = ("hand", "deal", "up", "stock", "position", "score", "total")


def _describe_expected(expected: Iterable[str]) -> str:
    names = set(expected) - {"CARDS"} if "CARD_RUN" in expected else set(expected)
    words: list[str] = []
    if {a.upper() for a in _ACTIONS} <= names:
        words.append("an action (" + ", ".join(_ACTIONS) + ")")
        names -= {a.upper() for a in _ACTIONS}
    if {s.upper() for s in _STATEMENTS} <= names:
        words.append('a line such as `[Tag "value"]`, `hand 1 dealer NAME`, `deal NAME cards` or a turn `NAME: ...`')
        names = set()
    for name in sorted(names):
        words.append(_EXPECTED_WORDS.get(name, f"`{name.lower()}`" if name.isalpha() else name))
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " or " + words[-1]


@cache
def _parser() -> tuple[Lark, _StatementBuilder, list[str]]:
    comments: list[str] = []
    builder = _StatementBuilder()
    grammar = (Path(__file__).parent / GRAMMAR_FILE).read_text(encoding="utf-8")
    lark = Lark(
        grammar,
        parser="lalr",
        lexer="contextual",
        transformer=builder,
        lexer_callbacks={
            "COMMENT": lambda t: comments.append(t.value[1:].strip()),
            "BRACE_COMMENT": lambda t: comments.append(t.value[1:-1].strip()),
        },
    )
    return lark, builder, comments


def parse_line(text: str, line: int = 1) -> tuple[Statement | None, list[str]]:
    """One line as a statement (None for a blank or comment line) and the comments on it.
    Raises NotationError for text that is not notation."""
    lark, builder, comments = _parser()
    comments.clear()
    builder.line = line
    try:
        statement = lark.parse(text)
    except NotationError:
        raise
    except UnexpectedInput as error:
        raise _explain(error, text) from None
    if statement is not None:
        _fix_columns(statement, text)
    return statement, [c for c in comments if c]


_ACTION_START = re.compile(r"[:,]\s*([a-z]+)")


def _fix_columns(statement: Statement, text: str) -> None:
    """Point each action of a turn at its keyword (the transformer only sees operands)."""
    if isinstance(statement, Turn):
        colon = text.find(":")
        starts = [m.start(1) + 1 for m in _ACTION_START.finditer(text, colon)]
        for action, column in zip(statement.actions, starts, strict=False):
            action.column = column


_LINE_STARTS = (
    'a line such as `[Tag "value"]`, `hand 1 dealer NAME`, `deal NAME cards`, `up card` '
    "or a turn `NAME: draw card, ..., discard card`"
)


def _explain(error: UnexpectedInput, text: str) -> NotationError:
    column = error.column if isinstance(error.column, int) and error.column > 0 else len(text) + 1
    first = len(text) - len(text.lstrip()) + 1
    if column == first and not text.lstrip().startswith("["):
        word = text.split()[0]
        return NotationError(column, f"`{word}` does not start a line of notation: expected {_LINE_STARTS}")
    if isinstance(error, UnexpectedCharacters):
        char = text[error.pos_in_stream] if error.pos_in_stream < len(text) else ""
        if char == "{":
            return NotationError(column, "a `{` comment must be closed with `}` on the same line")
        word = re.match(r"\S+", text[error.pos_in_stream :])
        found = word.group() if word else char
        if "CARD_RUN" in error.allowed and _unknown_card_hint(found):
            return NotationError(column, _unknown_card(found), "unknown-card")
        shown = repr(found) if found and not found.isprintable() else f"`{found}`"
        return NotationError(column, f"{shown} is not understood here: expected {_describe_expected(error.allowed)}")
    if isinstance(error, UnexpectedToken):
        expected = error.interactive_parser.accepts() if error.interactive_parser else error.expected
        if "CARD_RUN" in expected and _unknown_card_hint(str(error.token.value)):
            return NotationError(column, _unknown_card(str(error.token.value)), "unknown-card")
        if error.token.type == "$END":
            return NotationError(column, f"the line ends too early: expected {_describe_expected(expected)}")
        return NotationError(
            column, f"`{error.token.value}` is not understood here: expected {_describe_expected(expected)}"
        )
    return NotationError(column, "this line is not understood")


# --- reading lines --------------------------------------------------------------------------


@dataclass(slots=True)
class _LineProblem:
    column: int
    code: str
    message: str


Source = str | bytes | IO[str] | IO[bytes]


def _raw_lines(source: Source, limits: Limits) -> Iterator[tuple[int, str | _LineProblem]]:
    """The lines of a source, each decoded and bounded, numbered from 1. Overlong lines and
    bytes that are not UTF-8 come back as problems; reading stops at the size limit."""
    stream: IO[Any]
    if isinstance(source, str):
        stream = io.StringIO(source)
    elif isinstance(source, bytes):
        stream = io.BytesIO(source)
    else:
        stream = source
    read = 0
    number = 0
    cap = limits.max_line_chars * 4 + 2  # enough bytes for the longest allowed line
    while True:
        chunk = stream.readline(cap)
        if not chunk:
            return
        number += 1
        read += len(chunk)
        if read > limits.max_bytes:
            yield (
                number,
                _LineProblem(
                    1,
                    "record-too-large",
                    f"the record is larger than {limits.max_bytes:,} bytes; the rest was not read",
                ),
            )
            return
        too_long = not _ends_line(chunk) and len(chunk) >= cap
        while not _ends_line(chunk) and len(chunk) >= cap:  # skip the rest of an overlong line
            more = stream.readline(cap)
            read += len(more)
            if not more or _ends_line(more) or len(more) < cap:
                break
            if read > limits.max_bytes:
                yield (
                    number,
                    _LineProblem(
                        1,
                        "record-too-large",
                        f"the record is larger than {limits.max_bytes:,} bytes; the rest was not read",
                    ),
                )
                return
        if isinstance(chunk, bytes):
            try:
                chunk = chunk.decode("utf-8")
            except UnicodeDecodeError as bad:
                column = len(chunk[: bad.start].decode("utf-8", "replace")) + 1
                yield (
                    number,
                    _LineProblem(
                        column,
                        "not-utf8",
                        "this line is not UTF-8 text (a byte that no UTF-8 character starts with); save the record as UTF-8",
                    ),
                )
                continue
        text = chunk.rstrip("\r\n")
        if too_long or len(text) > limits.max_line_chars:
            yield (
                number,
                _LineProblem(
                    limits.max_line_chars + 1,
                    "line-too-long",
                    f"this line is longer than {limits.max_line_chars:,} characters; one turn per line is plenty",
                ),
            )
            continue
        yield number, text.lstrip("\ufeff") if number == 1 else text


def _ends_line(chunk: str | bytes) -> bool:
    return chunk.endswith("\n" if isinstance(chunk, str) else b"\n")


# --- assembling games -------------------------------------------------------------------------

_NOTATION_RULE = "Notation ({section}, docs/notation.md)"


def _finding(line: int, column: int, code: str, message: str, section: str) -> Finding:
    return Finding(
        line=line,
        column=column,
        code=code,
        rule=_NOTATION_RULE.format(section=section),
        severity=Severity.ERROR,
        message=message,
    )


_SECTIONS = {
    "syntax-error": "Lines",
    "unknown-card": "Cards",
    "not-utf8": "Files",
    "line-too-long": "Files",
    "record-too-large": "Files",
    "too-many-games": "Files",
    "out-of-place": "Games and hands",
}

_SETUP = (Deal, UpCard, Stock)
_POSITION = (Holding, TableSide, PilePosition, Melded, ToPlay)


class _HandParts:
    """The statements of one hand as they arrive, in the order the notation requires."""

    def __init__(self, start: HandStart) -> None:
        self.start = start
        self.deals: list[Deal] = []
        self.feet: list[Deal] = []
        self.up: UpCard | None = None
        self.stock: Stock | None = None
        self.position: dict[str, Any] | None = None
        self.totals_before: Points | None = None
        self.setup_turns: list[Turn] = []
        self.turns: list[Turn] = []
        self.declared: list[Points] = []

    @property
    def playing(self) -> bool:
        return self.up is not None or self.position is not None

    def place(self, st: Statement) -> str | None:
        """File a statement, or say why it cannot stand here."""
        if self.declared and not isinstance(st, Points):
            return "the hand's `score` and `total` lines close it; start the next hand with `hand N dealer NAME`"
        if isinstance(st, Points):
            if st.kind == "total" and not self.turns and not self.setup_turns and not self.declared:
                if self.totals_before is not None:
                    return "the totals before this hand are already given"
                self.totals_before = st
            else:
                self.declared.append(st)
            return None
        if isinstance(st, Turn):
            if self.playing:
                self.turns.append(st)
            elif self.deals:
                self.setup_turns.append(st)
            else:
                return "a turn needs a deal or a position first (`deal NAME cards` or `position`)"
            return None
        if self.turns:
            return f"`{_keyword(st)}` belongs before the first turn of the hand"
        if isinstance(st, PositionStart):
            if self.deals or self.up or self.position is not None:
                return "a hand starts from a deal or from a position, not both"
            self.position = {"start": st}
            return None
        if isinstance(st, _POSITION):
            if self.position is None:
                return f"`{_keyword(st)}` belongs in a position block: write `position` first"
            return self._place_in_position(st)
        if isinstance(st, Deal):
            if st.foot:
                (self.position.setdefault("feet", []) if self.position is not None else self.feet).append(st)
            elif self.position is not None:
                return "a position gives each player's cards with `hold NAME cards`, not `deal`"
            elif self.up is not None:
                return "deal lines come before the up card"
            else:
                self.deals.append(st)
            return None
        if isinstance(st, UpCard):
            if self.position is not None:
                return "a position gives the Prize pile with `pile cards`, not `up`"
            if self.up is not None:
                return "the up card is already given for this hand"
            if not self.deals:
                return "the up card comes after the deal lines"
            self.up = st
            return None
        if isinstance(st, Stock):
            target = self.position if self.position is not None else None
            if target is not None:
                if "stock" in target:
                    return "the stock is already given for this position"
                target["stock"] = st
            elif self.stock is not None:
                return "the stock is already given for this hand"
            elif st.count is not None:
                return "`stock N cards` (a count) is for positions; after a deal, give the stock's cards"
            else:
                self.stock = st
            return None
        return f"`{_keyword(st)}` cannot stand inside a hand"

    def _place_in_position(self, st: Statement) -> str | None:
        assert self.position is not None
        if isinstance(st, (Holding, TableSide)):
            self.position.setdefault(type(st).__name__, []).append(st)
            return None
        key = type(st).__name__
        if key in self.position:
            return f"`{_keyword(st)}` is already given for this position"
        self.position[key] = st
        return None

    def build(self) -> HandRecord:
        position = None
        if self.position is not None:
            p = self.position
            position = Position(
                line=p["start"].line,
                column=1,
                start=p["start"],
                holdings=tuple(p.get("Holding", ())),
                feet=tuple(p.get("feet", ())),
                tables=tuple(p.get("TableSide", ())),
                pile=p.get("PilePosition"),
                stock=p.get("stock"),
                melded=p.get("Melded"),
                to_play=p.get("ToPlay"),
            )
        return HandRecord(
            line=self.start.line,
            column=1,
            start=self.start,
            deals=tuple(self.deals),
            feet=tuple(self.feet),
            up=self.up,
            stock=self.stock,
            position=position,
            totals_before=self.totals_before,
            setup_turns=tuple(self.setup_turns),
            turns=tuple(self.turns),
            declared=tuple(self.declared),
        )


_KEYWORDS = {
    Tag: "[tag]",
    HandStart: "hand",
    Deal: "deal",
    UpCard: "up",
    Stock: "stock",
    Turn: "turn",
    Points: "score",
    PositionStart: "position",
    Holding: "hold",
    TableSide: "table",
    PilePosition: "pile",
    Melded: "melded",
    ToPlay: "turn",
}


def _keyword(st: Statement) -> str:
    if isinstance(st, Deal) and st.foot:
        return "foot"
    if isinstance(st, Points):
        return st.kind
    return _KEYWORDS.get(type(st), type(st).__name__.lower())


class _GameAssembler:
    """Collects the statements of one game and says where a new game begins."""

    def __init__(self, index: int) -> None:
        self.index = index
        self.first_line = 0
        self.tags: list[Tag] = []
        self.hands: list[HandRecord] = []
        self.hand: _HandParts | None = None
        self.findings: list[Finding] = []
        self.lines: dict[int, str] = {}
        self.trailing: Note | None = None

    @property
    def empty(self) -> bool:
        return not (self.tags or self.hands or self.hand or self.findings)

    def starts_new_game(self, st: Statement) -> bool:
        return isinstance(st, Tag) and (self.hands or self.hand is not None)

    def add(self, st: Statement) -> None:
        if not self.first_line:
            self.first_line = st.line
        if isinstance(st, Tag):
            self.tags.append(st)
            return
        if isinstance(st, HandStart):
            self._close_hand()
            self.hand = _HandParts(st)
            return
        if self.hand is None:
            self.error(
                st.line, 1, "out-of-place", f"`{_keyword(st)}` comes inside a hand: write `hand 1 dealer NAME` first"
            )
            return
        problem = self.hand.place(st)
        if problem:
            self.error(st.line, 1, "out-of-place", problem)

    def error(self, line: int, column: int, code: str, message: str) -> None:
        if not self.first_line:
            self.first_line = line
        self.findings.append(_finding(line, column, code, message, _SECTIONS.get(code, "Lines")))

    def _close_hand(self) -> None:
        if self.hand is not None:
            self.hands.append(self.hand.build())
            self.hand = None

    def finish(self) -> ParsedGame:
        self._close_hand()
        game = Game(
            line=self.first_line, column=1, tags=tuple(self.tags), hands=tuple(self.hands), trailing=self.trailing
        )
        return ParsedGame(self.index, self.first_line, game, self.findings, self.lines)


def parse(source: Source, limits: Limits = DEFAULT_LIMITS) -> Iterator[ParsedGame]:
    """Read the games of a record one at a time. Never raises for bad input: every problem is
    a finding on the game it belongs to."""
    game = _GameAssembler(1)
    notes: list[str] = []
    for number, item in _raw_lines(source, limits):
        if isinstance(item, _LineProblem):
            game.error(number, item.column, item.code, item.message)
            if item.code == "record-too-large":
                break
            continue
        try:
            statement, comments = parse_line(item, number)
        except NotationError as error:
            game.lines[number] = item
            game.error(number, error.column, error.code, error.message)
            continue
        if statement is None:
            notes.extend(comments)
            continue
        if game.starts_new_game(statement):
            yield game.finish()
            if game.index >= limits.max_games:
                return
            game = _GameAssembler(game.index + 1)
        game.lines[number] = item
        statement.notes, statement.remark = tuple(notes), " ".join(comments)
        notes = []
        game.add(statement)
    if notes:
        game.trailing = Note(line=0, column=1, notes=tuple(notes))
    if not game.empty or game.index == 1:
        yield game.finish()


def parse_text(text: str, limits: Limits = DEFAULT_LIMITS) -> list[ParsedGame]:
    """All the games of a text, for callers that want a list."""
    return list(parse(text, limits))
