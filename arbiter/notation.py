"""Reading game records: text in, typed records (arbiter.records) and syntax findings out.

The grammar (arbiter/grammar/canasta.lark) reads one line; this module feeds it the lines of a file and
assembles the statements into games and hands. Reading is separate from judging (like a PGN
reader and its visitor): `parse` yields one `ParsedGame` at a time, so a file of any size streams
in memory bounded by its largest game. Syntax errors are findings, never exceptions, and a broken
line or game does not stop the rest of the file from being read. The spec is docs/notation.md.
"""

from __future__ import annotations

import difflib
import io
import os
import re
import threading
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, fields
from functools import cache, lru_cache
from pathlib import Path
from typing import IO, Any, NamedTuple, Protocol

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from . import cards as C
from .records import (
    Action,
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


def grammar_path() -> Path:
    """The one grammar file, arbiter/grammar/canasta.lark (package data of `arbiter.grammar`)."""
    return Path(__file__).parent / "grammar" / GRAMMAR_FILE


@dataclass(frozen=True, slots=True)
class Limits:
    """Bounds on what a record may be, so hostile input costs bounded time and memory
    (docs/notation.md, "Files"). Whatever passes a bound is a finding, never an exception."""

    max_bytes: int = 64 * 1024 * 1024
    """The size of the whole source; reading stops there."""
    max_line_chars: int = 10_000
    """The length of one line; a longer line is reported and skipped."""
    max_games: int = 100_000
    """Games read from one source; reading stops after the last one."""
    max_errors: int = 100
    """Syntax findings listed for one game; the rest are counted in one last finding."""


DEFAULT_LIMITS = Limits()


@dataclass(frozen=True, slots=True)
class Start:
    """Where a piece of a larger source begins, so that it reads exactly as it would in the
    whole: a piece cut where a game begins, with the comment and blank lines before that game,
    carries the number of its first line, the index of its first game, and how much of the
    source came before it (counted against `Limits.max_bytes`). Used to check an archive in
    pieces on several machines (arbiter_cli/cluster.py)."""

    line: int = 1
    game: int = 1
    offset: int = 0  # bytes before the piece (characters for a text source)


SOURCE_START = Start()


@dataclass(slots=True)
class ParsedGame:
    """One game of a file as read: the record, its syntax findings, and its source lines."""

    index: int
    line: int
    game: Game
    findings: list[Finding] = field(default_factory=list)
    lines: dict[int, str] = field(default_factory=dict, repr=False)
    """The text of each line that holds a statement or a syntax error, by line number."""
    first_line: int = 0
    last_line: int = 0
    """The source lines this game takes, the comment and blank lines before it included."""

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


# --- showing the offending text -------------------------------------------------------------


def _shown(text: str, limit: int = 24) -> str:
    """Text from the record, quoted for a message: shortened, invisible characters named."""
    if len(text) > limit:
        text = text[:limit] + "…"
    if text.isprintable():
        return f"`{text}`"
    return "`" + "".join(ch if ch.isprintable() else f"\\u{ord(ch):04x}" for ch in text) + "`"


def _char_name(ch: str) -> str:
    name = unicodedata.name(ch, "")
    return f"U+{ord(ch):04X}" + (f" {name}" if name else "")


def excerpt(line_text: str, column: int, width: int = 80) -> str:
    """Two lines for showing a finding: the record's line and a caret under `column` (1-based).
    Long lines are cut to about `width` characters around the column (marked with …), tabs are
    kept so the caret lines up, and invisible characters are shown as `?`."""
    text = line_text.rstrip("\r\n")
    index = max(0, min(column - 1, len(text)))
    start, end = 0, len(text)
    if len(text) > width:
        start = max(0, min(index - width // 2, len(text) - width))
        end = min(len(text), start + width)
    shown = text[start:end]
    prefix = "…" if start > 0 else ""
    suffix = "…" if end < len(text) else ""
    visible = "".join(ch if ch == "\t" or ch.isprintable() else "?" for ch in shown)
    pad = "".join(
        "\t" if ch == "\t" else ("  " if unicodedata.east_asian_width(ch) in "WF" else " ")
        for ch in visible[: index - start]
    )
    return f"{prefix}{visible}{suffix}\n{' ' * len(prefix)}{pad}^"


# --- what cards and lines look like, for advice ----------------------------------------------

_CARD_LIST = "4 5 6 7 8 9 10 J Q K A, 2 (little wild), X (big wild), B (Bonus), S (Stop) and C (Caliente)"
_CARD_WORDS = {
    "joker": "X",
    "jokers": "X",
    "deuce": "2",
    "deuces": "2",
    "wild": "2",
    "ten": "10",
    "ace": "A",
    "king": "K",
    "queen": "Q",
    "jack": "J",
    "bonus": "B",
    "stop": "S",
}
_CARD_NAMES = {
    "X": "big wild (joker)",
    "2": "little wild (deuce)",
    "B": "Bonus card (red three)",
    "S": "Stop card (black three)",
    "10": "ten",
    "A": "ace",
    "K": "king",
    "Q": "queen",
    "J": "jack",
}
_GLUED = re.compile(r"(?:10|[2-9JQKAXBSCT])+")


def _card_advice(word: str) -> str:
    """Why `word` is not a card and what to write instead."""
    upper = word.upper()
    canon = C.canonical(upper)
    shown = _shown(word)
    if canon is not None:
        if canon == upper:
            return f"{shown} is not a card as written: cards are written in capitals, `{canon}`"
        return f"{shown} is not a card as written: write `{canon}` for the {_CARD_NAMES.get(canon, canon)}"
    if word.lower() in _CARD_WORDS:
        canon = _CARD_WORDS[word.lower()]
        return f"{shown} is not a card symbol: write `{canon}` for the {_CARD_NAMES.get(canon, canon)}"
    if word == "3":
        return f"{shown} is not a card: write B for a Bonus card (a red three) or S for a Stop card (a black three)"
    if word in ("1", "0"):
        return f"{shown} is not a card: write 10 for a ten"
    if word.isdigit() and len(word) > 1 and not _GLUED.fullmatch(word):
        return f"{shown} is not a card: the cards are {_CARD_LIST}"
    if len(word) > 1 and _GLUED.fullmatch(upper):
        split = " ".join(m.group() for m in re.finditer(r"10|.", upper))
        return f"{shown} is not a card: write one card per word, with spaces between them: `{split}`"
    return f"{shown} is not a card: the cards are {_CARD_LIST}"


# Statement keywords, each with an example line, for advice.
_EXAMPLES: dict[str, str] = {
    "tag": '[Event "Thursday club"]',
    "hand": "hand 1 dealer dee",
    "deal": "deal ann 4 5 7 7 9 J Q K A 2 S",
    "foot": "foot ann 4 5 7 7 9 J Q K A 2 S 6 6",
    "up": "up 9",
    "stock": "stock K 5 9 ...",
    "position": "position",
    "hold": "hold ann 4 5 7 K",
    "table": "table ann+cid [7 7 7] [K K K 2] B",
    "pile": "pile 4 9 2 7",
    "score": "score ann+cid 120 bob+dee -45",
    "total": "total ann+cid 1200 bob+dee 950",
    "melded": "melded ann bob",
    "turn": "turn ann",
    "play": "ann: draw 8, meld [7 7 7], discard 4",
}
_STATEMENT_WORDS = tuple(k for k in _EXAMPLES if k not in ("tag", "play"))
_ACTIONS = ("draw", "take", "meld", "add", "discard", "bonus", "caliente", "ask", "pass", "out", "foot")
_ACTION_TERMINALS = frozenset(a.upper() for a in _ACTIONS)
_KEYWORDS = frozenset(
    (*_STATEMENT_WORDS, *_ACTIONS, "dealer", "sitout", "cards", "with", "onto", "and", "to", "yes", "no")
)
_LINE_KINDS = (
    'a line starts with a tag `[Name "value"]`, with one of the words '
    + ", ".join(_STATEMENT_WORDS)
    + ", or with a player's name and `:` for a turn (`ann: draw 8, discard 4`)"
)
_LEADING_WORD = re.compile(r"[^\s:,\[\]{};]+")
_MELD_REF = re.compile(r"([0-9A-Za-z]+)(?:-([0-9A-Za-z]+))?(?:#([0-9]*))?")
_REF_ADVICE = (
    "name a meld by its rank (`Q`), a second set of that rank by its number (`Q#2`), a sequence by its lowest "
    "and highest cards (`5-9`), the Stop cards by `S` and a meld of wilds by `2`"
)
_MAX_DIGITS = 9
_UNESCAPE = re.compile(r"\\(.)")


def _line_kind(text: str) -> tuple[str, str, int]:
    """What a line means to be (a statement keyword, `tag` or `play`), its first word and that
    word's column."""
    head = text.lstrip()
    column = len(text) - len(head) + 1
    if head.startswith("["):
        return "tag", "[", column
    match = _LEADING_WORD.match(head)
    word = match.group() if match else head[:1]
    return (word if word in _STATEMENT_WORDS else "play"), word, column


def _first_column(text: str) -> int:
    """The column of a line's first character that is not blank: where its statement starts."""
    return len(text) - len(text.lstrip()) + 1


class _TokenLike(Protocol):
    """What the transformer reads of a token: Lark's own, or a `_LightToken` the token paths make."""

    @property
    def value(self) -> Any: ...

    @property
    def column(self) -> int | None: ...


class _LightToken(NamedTuple):
    """A token read by the token paths (`_tokens_line`, `_tokens_action`): its text and column,
    all the transformer reads of it, and a third of the cost of making a Lark token."""

    value: str
    column: int


def _number(token: _TokenLike, what: str) -> int:
    digits = token.value.lstrip("+-")
    if len(digits.lstrip("0")) > _MAX_DIGITS:
        raise NotationError(token.column, f"{_shown(token.value)} is too large for {what}")
    return int(token.value)


# --- the line grammar -------------------------------------------------------------------------


@v_args(inline=True)
class _StatementBuilder(Transformer):
    """Builds record nodes while Lark parses (no parse tree is kept). `line` is set by the
    reader before each line is parsed; `keywords` collects the columns of the action keywords
    as the lexer meets them."""

    line = 0

    def __init__(self) -> None:
        super().__init__()
        self.keywords: list[int] = []

    def _at(self, token: _TokenLike) -> dict[str, int]:
        return {"line": self.line, "column": token.column or 1}

    # cards
    def cards(self, *runs: _TokenLike) -> tuple[_TokenLike, ...]:
        return runs  # split by _split once the consumer knows what it expects

    @staticmethod
    def _split(runs: tuple[_TokenLike, ...]) -> tuple[str, ...]:
        out: list[str] = []
        for run in runs:
            words = run.value.split()
            if C.CARD_SET.issuperset(words):  # every card in its canonical spelling
                out += words
                continue
            for word in words:
                card = C.canonical(word)
                if card is None:
                    column = run.column + run.value.index(word)
                    raise NotationError(column, _card_advice(word), "unknown-card")
                out.append(card)
        return tuple(out)

    def meld(self, bracket: _TokenLike, runs: tuple[_TokenLike, ...]) -> MeldSpec:
        return MeldSpec(self.line, bracket.column or 1, self._split(runs))  # by position: hot

    def _loose(self, value: Any) -> tuple[str, ...]:
        return value.cards if isinstance(value, MeldSpec) else self._split(value)

    def _one_card(self, runs: tuple[_TokenLike, ...], advice: str) -> str:
        cards = self._split(runs)
        if len(cards) != 1:
            raise NotationError(runs[0].column, advice.format(cards=C.show(cards), count=len(cards)))
        return cards[0]

    def _ref(self, token: _TokenLike) -> MeldRef:
        match = _MELD_REF.fullmatch(token.value)
        low, high, index = match.groups() if match else (token.value, None, "")
        rank = C.canonical(low)
        if rank is None and C.canonical(low.upper()) is not None:
            raise NotationError(token.column, f"{_shown(low)}: melds are named in capitals, `{low.upper()}`")
        if low == "3":
            raise NotationError(token.column, "`3` names no meld: write S for the side's Stop cards")
        if rank == C.BIG_WILD:
            rank = C.LITTLE_WILD  # a meld of wilds goes by one name
        if high is not None:
            top = C.canonical(high)
            ok = rank in C.SEQUENCE_ORDER and top in C.SEQUENCE_ORDER
            if not ok or C.SEQUENCE_ORDER[top] - C.SEQUENCE_ORDER[rank] < 2:
                raise NotationError(
                    token.column,
                    f"{_shown(token.value)} is not a sequence: name a sequence by its lowest and highest cards, "
                    "at least three ranks apart from 4 up to A, such as `5-9`",
                )
            high = top
        elif rank is None or rank in (C.BONUS, C.CALIENTE):
            raise NotationError(token.column, f"{_shown(token.value)} names no meld: {_REF_ADVICE}")
        if index == "" and token.value.endswith("#"):
            raise NotationError(token.column, f"{_shown(token.value)} needs a set number after `#`, such as `Q#2`")
        number = int(index) if index and len(index) <= _MAX_DIGITS else 1
        if index and (len(index) > _MAX_DIGITS or number < 1):
            raise NotationError(token.column, f"{_shown(token.value)}: sets are numbered from 1, such as `Q#2`")
        return MeldRef(self.line, token.column or 1, rank, high, number)  # by position: hot

    # statements
    def start(self, statement: Statement | None = None) -> Statement | None:
        return statement

    def tag(self, bracket: _TokenLike, name: _TokenLike, value: _TokenLike) -> Tag:
        text = _UNESCAPE.sub(r"\1", value.value[1:-1])
        return Tag(**self._at(bracket), name=name.value, value=text)

    def hand_start(self, number: _TokenLike, dealer: _TokenLike, *sitting: _TokenLike) -> HandStart:
        return HandStart(
            line=self.line,
            number=_number(number, "a hand number"),
            dealer=dealer.value,
            sitting_out=tuple(t.value for t in sitting),
        )

    def deal(self, player: _TokenLike, cards: Any) -> Deal:
        return Deal(self.line, 0, (), "", player.value, self._split(cards))  # by position: a line a player

    def foot(self, player: _TokenLike, cards: Any) -> Deal:
        return Deal(line=self.line, player=player.value, cards=self._split(cards), foot=True)

    def up(self, cards: Any) -> UpCard:
        return UpCard(line=self.line, cards=self._split(cards))

    def stock_cards(self, cards: Any) -> Stock:
        first = cards[0].value.split()[0]
        if first.isdigit() and C.canonical(first) is None and len(cards[0].value.split()) == 1:
            raise NotationError(
                cards[0].column,
                f"{_shown(first)} is not a card: to say how many cards the stock holds, write `stock {first} cards`",
            )
        return Stock(line=self.line, cards=self._split(cards))

    def stock_count(self, cards: Any) -> Stock:
        token: _TokenLike = cards[0]
        if len(cards) > 1 or not token.value.isdigit():
            raise NotationError(
                token.column,
                f"{_shown(' '.join(t.value for t in cards))} is not a number of cards: write either the stock's cards, "
                "top first (`stock K 5 9`), or how many there are (`stock 40 cards`)",
            )
        return Stock(line=self.line, count=_number(token, "a number of cards"))

    def position(self) -> PositionStart:
        return PositionStart(line=self.line)

    def hold(self, player: _TokenLike, cards: Any = ()) -> Holding:
        return Holding(line=self.line, player=player.value, cards=self._split(cards))

    def table(self, side: _TokenLike, *rest: Any) -> TableSide:
        melds = tuple(r for r in rest if isinstance(r, MeldSpec))
        laid = next((self._split(r) for r in rest if not isinstance(r, MeldSpec)), ())
        return TableSide(line=self.line, side=side.value, melds=melds, laid=laid)

    def pile(self, cards: Any = ()) -> PilePosition:
        return PilePosition(line=self.line, cards=self._split(cards))

    def side_points(self, side: _TokenLike, points: _TokenLike) -> SidePoints:
        return SidePoints(**self._at(side), side=side.value, points=_number(points, "points"))

    def score(self, *entries: SidePoints) -> Points:
        return Points(line=self.line, kind="score", entries=entries)

    def total(self, *entries: SidePoints) -> Points:
        return Points(line=self.line, kind="total", entries=entries)

    def melded(self, *players: _TokenLike) -> Melded:
        return Melded(line=self.line, players=tuple(p.value for p in players))

    def to_play(self, player: _TokenLike) -> ToPlay:
        return ToPlay(line=self.line, player=player.value)

    def turn(self, player: _TokenLike, *actions: Any) -> Turn:
        for action, column in zip(actions, self.keywords, strict=False):
            action.column = column
        return Turn(line=self.line, player=player.value, actions=actions)

    # actions: turn() points each at its keyword
    def draw(self, cards: Any) -> Draw:
        return Draw(line=self.line, cards=self._split(cards))

    _TAKE_ONE = "the take names one card, the up card, not {count} (`{cards}`): write `take 9 with [9 9]`"

    def take_with(self, card: Any, loose: Any, *also: MeldSpec) -> Take:
        return Take(
            line=self.line,
            card=self._one_card(card, self._TAKE_ONE),
            with_cards=self._loose(loose),
            also=also,
        )

    def take_onto(self, card: Any, ref: _TokenLike, *also: MeldSpec) -> Take:
        return Take(line=self.line, card=self._one_card(card, self._TAKE_ONE), onto=self._ref(ref), also=also)

    def meld_action(self, *melds: MeldSpec) -> Meld:
        return Meld(self.line, 0, melds)  # by position: hot

    def add(self, loose: Any, ref: _TokenLike) -> Add:
        return Add(line=self.line, cards=self._loose(loose), target=self._ref(ref))

    def discard(self, cards: Any) -> Discard:
        advice = "a discard is one card, not {count} (`{cards}`): write `discard 4`"
        return Discard(line=self.line, card=self._one_card(cards, advice))

    def bonus(self, cards: Any) -> LayBonus:
        return LayBonus(line=self.line, cards=self._split(cards))

    def caliente(self) -> PlayCaliente:
        return PlayCaliente(line=self.line)

    def ask(self, answer: _TokenLike) -> Ask:
        return Ask(line=self.line, answer=answer.value == "yes")

    def pass_(self) -> Pass:
        return Pass(line=self.line)

    def out(self) -> GoOut:
        return GoOut(line=self.line)

    def pick_up_foot(self) -> PickUpFoot:
        return PickUpFoot(line=self.line)


# Lark's Cython plugin (lark-cython) parses about a third faster; the pure-Python parser stays the
# tested fallback, and it alone explains errors (the plugin has no interactive parser to ask what
# was expected). ARBITER_PURE_PARSER=1 turns the plugin off.
ACCELERATED = os.environ.get("ARBITER_PURE_PARSER", "") in ("", "0")
LINE_CACHE_SIZE = 16_384
"""Distinct lines remembered: most turn lines of an archive (`bob: draw 8, discard 8`) recur."""
MEMORABLE_CHARS = 400
"""The longest line or action remembered. Longer ones (rare in real records, common in junk) are
read afresh each time, so each memory below holds at most LINE_CACHE_SIZE entries of at most this
many characters, with their makers: bounded in bytes, not only in count."""


@dataclass(slots=True)
class _Reader:
    """One Lark parser with its own transformer and lexer callbacks: the state of one reading (the
    line, the keywords' columns, the comments) lives here, so a reader serves one call at a time.
    Readers are lent out from a pool (`_borrow`), so threads reading at once never share one."""

    lark: Lark
    builder: _StatementBuilder
    comments: list[str]
    accelerated: bool
    rules: dict[str, Any]
    """The transformer's method for each keyword a line may be read from its tokens with
    (`_tokens_line`), bound once: binding a Lark transformer's method costs a call of its own."""
    actions: dict[str, Any]
    """The same for the actions read from their tokens (`_tokens_action`)."""

    def read(self, text: str, line: int) -> tuple[Statement | None, list[str]]:
        """Parse one line; Lark's own exceptions pass through."""
        self.comments.clear()
        self.builder.keywords.clear()
        self.builder.line = line
        statement = self.lark.parse(text, start="start")
        if statement is not None:
            statement.column = _first_column(text)
        return statement, [c for c in self.comments if c]


@cache
def _grammar() -> str:
    return grammar_path().read_text(encoding="utf-8")


_building_a_parser = threading.Lock()
"""Held while Lark builds a parser from the grammar. Its grammar loader reads the grammar's
strings with `ast.literal_eval`, and CPython 3.11 counts the depth of the syntax trees it builds
in state its threads share (python/cpython#106905): two threads building at once, as threads
that start reading cold do, can fail with "AST constructor recursion depth mismatch". Readers are
built rarely (as many as threads ever read at once), so the lock costs nothing after that."""


def _new_reader(accelerated: bool) -> _Reader:
    plugins: dict[str, Any] = {}
    if accelerated:
        try:
            import lark_cython
        except ImportError:  # not installed: the pure-Python parser does the same work
            accelerated = False
        else:
            plugins = {"_plugins": lark_cython.plugins}
    comments: list[str] = []
    builder = _StatementBuilder()

    def keyword(token: Token) -> Token:
        builder.keywords.append(token.column)
        return token

    with _building_a_parser:
        lark = Lark(
            _grammar(),
            parser="lalr",
            lexer="contextual",
            start=["start", "action"],
            transformer=builder,
            lexer_callbacks={
                "COMMENT": lambda t: comments.append(t.value[1:].strip()),
                "BRACE_COMMENT": lambda t: comments.append(t.value[1:-1].strip()),
                **dict.fromkeys(_ACTION_TERMINALS, keyword),
            },
            **plugins,
        )
    rules = {keyword: _unwrapped(builder, rule) for keyword, rule in _TOKEN_RULES.items()}
    actions = {keyword: _unwrapped(builder, rule) for keyword, rule in _ACTION_RULES.items()}
    return _Reader(lark, builder, comments, accelerated, rules, actions)


def _unwrapped(builder: _StatementBuilder, rule: str) -> Any:
    """The transformer's method itself, bound to `builder`, without the wrapper `v_args` puts
    around it for Lark (a call of its own on every node the token paths build)."""
    method = getattr(builder, rule)
    return getattr(method, "base_func", method)


_idle_readers: dict[bool, list[_Reader]] = {True: [], False: []}
"""Readers not in use, by whether they are accelerated: as many as threads ever read at once."""


def _borrow(accelerated: bool) -> _Reader:
    try:
        return _idle_readers[accelerated].pop()  # atomic: two threads never get the same reader
    except IndexError:
        return _new_reader(accelerated)


def _give_back(reader: _Reader, accelerated: bool) -> None:
    _idle_readers[accelerated].append(reader)


def _read(text: str, line: int, accelerated: bool) -> tuple[Statement | None, list[str]]:
    """Parse one line with a reader of its own; Lark's own exceptions pass through."""
    reader = _borrow(accelerated)
    try:
        return reader.read(text, line)
    finally:
        _give_back(reader, accelerated)


# Reading a line is a pure function of its text, and archives repeat themselves: a line or an
# action read once is remembered as a *maker*, a small function that builds the same nodes again
# at another line and column. Building fresh nodes is what a remembered line costs, so a maker
# calls each node's constructor directly, with everything but the position worked out once.
Maker = Callable[[int, int], Any]
"""Builds remembered nodes at (line, shift): on that line, columns moved right by the shift."""


@lru_cache(maxsize=LINE_CACHE_SIZE)
def _template(text: str) -> tuple[Maker | None, tuple[str, ...]]:
    """A line seen before, remembered for every later time it recurs. Errors are not remembered."""
    statement, comments = _read(text, 0, ACCELERATED)
    return (None if statement is None else _maker(statement)), tuple(comments)


_seen_once: set[str] = set()
"""Lines read once: a line is remembered when it recurs, so the lines that never do (a deal, a
score) cost no maker. Bounded: forgotten all at once when full."""


def _statement(text: str, line: int) -> tuple[Statement | None, list[str]]:
    if text in _seen_once:
        make, comments = _template(text)
        return (None if make is None else make(line, 0)), list(comments)
    if len(text) <= MEMORABLE_CHARS:
        if len(_seen_once) >= LINE_CACHE_SIZE:
            _seen_once.clear()
        _seen_once.add(text)
    statement = _tokens_line(text, line)
    if statement is not None:
        return statement, []
    return _read(text, line, ACCELERATED)


# The lines that never recur are a deal (`deal ann 4 5 7 ...`) or another keyword with cards, or
# a score or total line: a fifth of a record's lines, and each would cost a Lark call of 13 to 25
# µs, mostly Lark's own cost per call. Their tokens are plain: a keyword, perhaps a name, then one
# card run, or sides and points. When a line is exactly that, its tokens are found with the
# grammar's own terminal patterns and handed to the grammar's own transformer, as the parser would
# hand them; anything else (a comment, a missing space, a card the transformer rejects) is read by
# Lark. tests/test_parser_paths.py checks the two read such lines alike.
_NAMED_CARDS = {"deal": "deal", "foot": "foot", "hold": "hold"}  # keyword: the grammar's rule
_CARDS = {"up": "up", "stock": "stock_cards"}
_POINTS = {"score": "score", "total": "total"}
_TOKEN_RULES = {**_NAMED_CARDS, **_CARDS, **_POINTS, "pair": "side_points"}
_ACTION_RULES = {"meld": "meld_action", "add": "add", "with": "take_with", "onto": "take_onto", "[": "meld"}


_SPACE, _GAP = r"[ \t\f\r]*", r"[ \t\f\r]+"  # what the grammar skips between tokens, none or some


def _terminals(*names: str) -> tuple[str, ...]:
    """The grammar's own regular expressions for these terminals, for reading from tokens."""
    reader = _borrow(ACCELERATED)
    try:
        return tuple(reader.lark.get_terminal(name).pattern.to_regexp() for name in names)
    finally:
        _give_back(reader, ACCELERATED)


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


def _tokens_action(text: str, line: int = 0, shift: int = 0) -> Action | None:
    """A meld, an addition or a take (`meld [4 5 6] [K K K]`, `add [9 10] to 4-8`, `take 9 with
    [9 9]`), the actions whose texts vary most (Samba's sequences), read from their tokens as the
    parser would read them, at `line` with its columns moved right by `shift`; None to read the
    action with Lark. `text` is one action, stripped."""
    forms = _token_actions()
    kind = text[:4]
    match = forms.meld_action.fullmatch(text) if kind == "meld" else None
    if match is None:
        form = forms.add_action if kind == "add " else forms.take_action if kind == "take" else None
        if form is None or (match := form.fullmatch(text)) is None:
            return None
    reader = _borrow(ACCELERATED)  # a reader of our own, whose transformer builds the nodes at this line
    reader.builder.line = line
    rules = reader.actions
    to_meld = rules["["]

    def melds(group: int) -> list[MeldSpec]:
        brackets = forms.bracket.finditer(text, match.start(group), match.end(group))
        return [to_meld(_token(b, 1, shift), (_token(b, 2, shift),)) for b in brackets]

    def loose(bracket: int) -> Any:
        if match.group(bracket):
            return to_meld(_token(match, bracket, shift), (_token(match, bracket + 1, shift),))
        return (_token(match, bracket + 2, shift),)

    try:
        if kind == "meld":
            return rules["meld"](*melds(1))
        if kind == "add ":
            return rules["add"](loose(1), _token(match, 4, shift))
        card = (_token(match, 1, shift),)
        also = melds(6) if match.group(6) else ()
        if match.group(5):
            return rules["onto"](card, _token(match, 5, shift), *also)
        return rules["with"](card, loose(2), *also)
    except NotationError:
        return None  # the Lark path gives the message
    finally:
        _give_back(reader, ACCELERATED)


@dataclass(frozen=True, slots=True)
class _TokenLines:
    cards_line: re.Pattern[str]
    points_line: re.Pattern[str]
    pair: re.Pattern[str]


@cache
def _token_lines() -> _TokenLines:
    name, cards, side, points = _terminals("NAME", "CARD_RUN", "SIDE", "SIGNED_INT")
    space, gap = _SPACE, _GAP
    return _TokenLines(
        cards_line=re.compile(
            rf"{space}(?:({'|'.join(_NAMED_CARDS)}){gap}({name})|({'|'.join(_CARDS)})){gap}({cards}){space}"
        ),
        points_line=re.compile(rf"{space}({'|'.join(_POINTS)})((?:{gap}{side}{gap}{points})+){space}"),
        pair=re.compile(rf"{gap}({side}){gap}({points})"),
    )


def _tokens_line(text: str, line: int) -> Statement | None:
    """A cards line or a points line read from its tokens, or None to read it with Lark."""
    forms = _token_lines()
    if match := forms.cards_line.fullmatch(text):
        keyword, name, bare = match.group(1, 2, 3)
        if name in _KEYWORDS:
            return None  # a keyword where a name should be: Lark says what it makes of it
    elif not (match := forms.points_line.fullmatch(text)):
        return None
    idle = _idle_readers[ACCELERATED]
    try:  # a reader of our own, whose transformer builds the nodes at this line (inlined: hot)
        reader = idle.pop()
    except IndexError:
        reader = _new_reader(ACCELERATED)
    reader.builder.line = line
    rules = reader.rules
    try:
        if match.re is forms.cards_line:
            runs = (_token(match, 4),)
            statement = rules[keyword](_token(match, 2), runs) if keyword else rules[bare](runs)
        else:
            pair = rules["pair"]
            entries = [
                pair(_token(found, 1), _token(found, 2))
                for found in forms.pair.finditer(text, match.start(2), match.end(2))
            ]
            statement = rules[match.group(1)](*entries)
    except NotationError:
        return None  # the whole-line path gives the message
    finally:
        idle.append(reader)
    statement.column = _first_column(text)
    return statement


def _token(match: re.Match[str], group: int, shift: int = 0) -> _LightToken:
    """The token a group of a match found, its column moved right by `shift`."""
    return _LightToken(match.group(group), match.start(group) + 1 + shift)


def _action_maker(text: str) -> Maker:
    """One action of a turn (`draw 8`, `meld [7 7 7]`), read with the grammar's `action` rule,
    its columns counted from the action's start."""
    action = _tokens_action(text)
    if action is not None:
        return _maker(action, column=1)
    reader = _borrow(ACCELERATED)
    try:
        reader.builder.line = 0
        return _maker(reader.lark.parse(text, start="action"), column=1)
    finally:
        _give_back(reader, ACCELERATED)


_action_makers: dict[str, Maker] = {}
"""The actions seen more than once, remembered: actions recur far more than lines do. Bounded:
forgotten all at once when full."""
_actions_seen_once: set[str] = set()
"""Actions read once (as _seen_once for lines): an action is remembered when it recurs, so the
melds and takes that never do (most of Samba's) cost no maker. Forgotten all at once when full."""


def _new_action(text: str, line: int, shift: int) -> Action:
    """An action not remembered yet, `text` stripped, at `line` with its columns moved right by
    `shift`: read straight from its tokens the first time, remembered the second (or at once, when
    Lark reads it)."""
    if text not in _actions_seen_once and (action := _tokens_action(text, line, shift)) is not None:
        if len(text) <= MEMORABLE_CHARS:
            if len(_actions_seen_once) >= LINE_CACHE_SIZE:
                _actions_seen_once.clear()
            _actions_seen_once.add(text)
        action.column = 1 + shift
        return action
    make = _action_maker(text)
    if len(text) <= MEMORABLE_CHARS:
        if len(_action_makers) >= LINE_CACHE_SIZE:
            _action_makers.clear()
        _action_makers[text] = make
    return make(line, shift)


_pieces: dict[str, tuple[Maker, int]] = {}
"""Remembered actions by the piece of a turn line that holds them, spaces around included
(` draw 8`), with the spaces before the action: most pieces are found with this one lookup.
Forgotten all at once when full."""


def _actions(text: str, line: int, shift: int) -> tuple[Action, ...] | None:
    """The actions of a plain turn line (`text` is the part after the colon, starting at index
    `shift` of the line), each made from its remembered reading; None if an action needs the
    whole-line path to be explained."""
    actions = []
    offset = shift
    pieces, remembered = _pieces, _action_makers
    for piece in text.split(","):
        known = pieces.get(piece)
        if known is not None:  # a maker never raises: the action was read without error before
            make, lead = known
            actions.append(make(line, offset + lead))
            offset += len(piece) + 1
            continue
        action_text = piece.strip()
        if not action_text:
            return None  # an empty action: the whole-line path says what is missing
        lead = piece.index(action_text[0])
        make = remembered.get(action_text)
        try:
            actions.append(
                make(line, offset + lead) if make is not None else _new_action(action_text, line, offset + lead)
            )
        except (UnexpectedInput, NotationError):
            return None
        if make is not None and len(piece) <= MEMORABLE_CHARS:  # spaces around a short action count too
            if len(pieces) >= LINE_CACHE_SIZE:
                pieces.clear()
            pieces[piece] = make, lead
        offset += len(piece) + 1
    return tuple(actions)


# A turn line with no comment in it: the player, then the actions separated by commas (no action
# holds a comma). Anything else, and any part the `action` rule rejects, takes the whole-line path.
_PLAIN_TURN = re.compile(r"[ \t]*([^\W\d]\w*)[ \t]*:([^;{}]*)")


def _plain_turn(text: str, line: int) -> Turn | None:
    match = _PLAIN_TURN.fullmatch(text)
    if match is None:
        return None
    player, text_of_actions = match.group(1, 2)
    actions = None if player in _KEYWORDS else _actions(text_of_actions, line, match.start(2))
    if actions is None:
        return None
    # By position, in the order of Turn's fields (line, column, notes, remark, player, actions):
    # made for nearly every line, and keyword arguments cost a good part of the call.
    return Turn(line, match.start(1) + 1, (), "", player, actions)


def forget_lines() -> None:
    """Empty the memory of lines and actions read (for measurements that must start cold)."""
    _seen_once.clear()
    _actions_seen_once.clear()
    _not_notation.clear()
    _template.cache_clear()
    _action_makers.clear()
    _pieces.clear()


def parse_line(text: str, line: int = 1, explain: bool = True) -> tuple[Statement | None, list[str]]:
    """One line as a statement (None for a blank or comment line) and the comments on it.
    Raises NotationError for text that is not notation (with no message if not `explain`)."""
    turn = _plain_turn(text, line)
    if turn is not None:
        return turn, []
    return _other_line(text, line, explain)


_not_notation: dict[str, NotationError] = {}
"""Lines found not to be notation, with what is wrong with them (a pure function of the text, as
reading is). A hostile record repeats one bad line thousands of times, and explaining it costs a
second parse and a search for the nearest word. Bounded: forgotten all at once when full."""


def _other_line(text: str, line: int, explain: bool) -> tuple[Statement | None, list[str]]:
    """Any line but a plain turn line."""
    known = _not_notation.get(text) if explain else None
    if known is not None:  # a fresh exception each time: threads may raise it at once
        raise NotationError(known.column, known.message, known.code)
    try:
        return _statement(text, line)
    except NotationError as error:
        problem = error
    except UnexpectedInput as error:
        if not explain:
            raise NotationError(error.column, "") from None
        problem = _explained(text, line) or _explain(error, text)
    if explain and len(text) <= MEMORABLE_CHARS:
        if len(_not_notation) >= LINE_CACHE_SIZE:
            _not_notation.clear()
        _not_notation[text] = problem
    raise problem from None


def _explained(text: str, line: int) -> NotationError | None:
    """What the pure-Python parser makes of a line the grammar rejects, said while its reader is
    still ours (explaining feeds the parser again). None if it reads the line (it never should:
    both parsers share the grammar)."""
    reader = _borrow(False)
    try:
        reader.read(text, line)
    except UnexpectedInput as explained:
        return _explain(explained, text)
    finally:
        _give_back(reader, False)
    return None  # pragma: no cover - both parsers share the grammar


# The fields of each node class after its position, and those that hold nested nodes.
_NESTED: dict[type, tuple[str, ...]] = {
    Turn: ("actions",),
    Take: ("onto", "also"),
    Meld: ("melds",),
    Add: ("target",),
    TableSide: ("melds",),
    Points: ("entries",),
}


@cache
def _content_fields(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in fields(cls))[2:]  # every node starts with line and column


def _maker(node: Any, shift: int = 0, column: int | None = None) -> Maker:
    """A maker for `node` as remembered (its columns moved right by `shift`, its own column
    `column` if given): the nodes it holds get makers of their own, everything else is shared."""
    cls = type(node)
    at = node.column + shift if column is None else column
    nested = _NESTED.get(cls, ())
    values = tuple(getattr(node, name) for name in _content_fields(cls))
    if not any(getattr(node, name) for name in nested):  # the common case: a draw, a discard
        if len(values) == 1:
            (value,) = values
            return lambda line, more: cls(line, at + more, value)
        return lambda line, more: cls(line, at + more, *values)
    held = [name for name in nested if getattr(node, name)]
    if len(held) == 1:  # one field holds nodes (an addition's meld name, a meld's brackets): the rest is shared
        i = _content_fields(cls).index(held[0])
        before, inner, after = values[:i], _nested_maker(values[i], shift), values[i + 1 :]
        return lambda line, more: cls(line, at + more, *before, inner(line, more), *after)
    parts = [
        _nested_maker(value, shift) if name in nested else _constant(value)
        for name, value in zip(_content_fields(cls), values, strict=True)
    ]
    return lambda line, more: cls(line, at + more, *[part(line, more) for part in parts])


def _nested_maker(value: Any, shift: int) -> Maker:
    if type(value) is tuple:
        makers = [_maker(item, shift) for item in value]
        return lambda line, more: tuple([make(line, more) for make in makers])
    return _constant(None) if value is None else _maker(value, shift)


def _constant(value: Any) -> Maker:
    return lambda line, more: value


# --- explaining a line that is not notation ----------------------------------------------------


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


# --- reading lines --------------------------------------------------------------------------


@dataclass(slots=True)
class _LineProblem:
    column: int
    code: str
    message: str
    final: bool = False  # nothing after it can be read


Source = str | bytes | IO[str] | IO[bytes]


def _raw_lines(source: Source, limits: Limits, start: Start = SOURCE_START) -> Iterator[tuple[int, str | _LineProblem]]:
    """The lines of a source, each decoded and bounded, numbered from 1. Overlong lines and
    bytes that are not UTF-8 come back as problems; reading stops at the size limit."""
    stream: IO[Any]
    if isinstance(source, str):
        stream = io.StringIO(source)
    elif isinstance(source, (bytes, bytearray, memoryview)):
        stream = io.BytesIO(bytes(source))
    else:
        stream = source
    too_large = _LineProblem(
        1, "record-too-large", f"the record is larger than {limits.max_bytes:,} bytes; the rest was not read", True
    )
    read = start.offset
    number = start.line - 1
    max_bytes, max_chars = limits.max_bytes, limits.max_line_chars
    cap = max_chars * 4 + 2  # enough bytes for the longest allowed line
    readline = stream.readline
    while True:
        try:
            chunk = readline(cap)
        except UnicodeDecodeError:  # a text stream that is not UTF-8: nothing more can be read
            yield number + 1, _LineProblem(1, "not-utf8", "the record is not UTF-8 text; save it as UTF-8", True)
            return
        if not chunk:
            return
        number += 1
        read += len(chunk)
        if read > max_bytes:
            yield number, too_large
            return
        too_long = len(chunk) >= cap and not _ends_line(chunk)
        while too_long:  # skip the rest of an overlong line
            more = readline(cap)
            read += len(more)
            if read > max_bytes:
                yield number, too_large
                return
            if not more or _ends_line(more) or len(more) < cap:
                break
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
                        f"this line is not UTF-8 text (byte 0x{chunk[bad.start]:02X} at column {column}); "
                        "save the record as UTF-8",
                    ),
                )
                continue
        text = chunk.rstrip("\r\n")
        if too_long or len(text) > max_chars:
            yield (
                number,
                _LineProblem(
                    limits.max_line_chars + 1,
                    "line-too-long",
                    f"this line is longer than {limits.max_line_chars:,} characters; write one turn per line",
                ),
            )
            continue
        yield number, text.lstrip("\ufeff") if number == 1 else text


def _ends_line(chunk: str | bytes) -> bool:
    return chunk.endswith("\n" if isinstance(chunk, str) else b"\n")


# --- assembling games -------------------------------------------------------------------------

_NOTATION_RULE = "Notation ({section}, docs/notation.md)"

_SECTIONS = {
    "syntax-error": "Lines",
    "unknown-card": "Cards",
    "not-utf8": "Files",
    "line-too-long": "Files",
    "record-too-large": "Files",
    "too-many-games": "Files",
    "too-many-errors": "Files",
    "out-of-place": "Games and hands",
    "tags-after-hands": "Games and hands",
    "internal-error": "Lines",
}


def _finding(line: int, column: int, code: str, message: str, severity: Severity = Severity.ERROR) -> Finding:
    return Finding(
        line=line,
        column=column,
        code=code,
        rule=_NOTATION_RULE.format(section=_SECTIONS.get(code, "Lines")),
        severity=severity,
        message=message,
    )


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
        if type(st) is Turn and (self.up is not None or self.position is not None) and not self.declared:  # playing
            self.turns.append(st)  # nearly every line: a turn of a hand in play
            return None
        word = _keyword(st)
        if self.declared and not isinstance(st, Points):
            return (
                f"`{word}` comes after the hand's score line (line {self.declared[0].line}), which ends the hand: "
                "start the next hand with `hand N dealer NAME` first"
            )
        if isinstance(st, Points):
            if st.kind == "total" and not self.turns and not self.setup_turns and not self.declared:
                if self.totals_before is not None:
                    return (
                        f"the totals this hand starts from are already given on line {self.totals_before.line}; "
                        "give them once"
                    )
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
                return (
                    f"the turn of {st.player} comes before the hand's deal: write the `deal NAME cards` lines "
                    "(or a `position` block) first"
                )
            return None
        if self.turns:
            return f"`{word}` belongs before the hand's first turn (line {self.turns[0].line})"
        if isinstance(st, PositionStart):
            if self.deals or self.up:
                return "a hand starts from a deal or from a position, not both: remove the `deal` and `up` lines"
            if self.position is not None:
                return f"the position is already started on line {self.position['start'].line}"
            self.position = {"start": st}
            return None
        if isinstance(st, _POSITION):
            if self.position is None:
                return f"`{word}` belongs in a position block: write `position` on the line before the block"
            return self._place_in_position(st, word)
        if isinstance(st, Deal):
            if st.foot:
                (self.position.setdefault("feet", []) if self.position is not None else self.feet).append(st)
            elif self.position is not None:
                return "a position gives each player's cards with `hold NAME cards`, not `deal`"
            elif self.up is not None:
                return f"the `deal` lines come before the up card (line {self.up.line})"
            else:
                self.deals.append(st)
            return None
        if isinstance(st, UpCard):
            if self.position is not None:
                return "a position gives the Prize pile with `pile cards` (bottom card first), not `up`"
            if self.up is not None:
                return f"the up card of this hand is already given on line {self.up.line}"
            if not self.deals:
                return "the up card comes after the `deal` lines"
            self.up = st
            return None
        if isinstance(st, Stock):
            return self._place_stock(st)
        return f"`{word}` cannot stand inside a hand"  # pragma: no cover - every statement is placed above

    def _place_stock(self, st: Stock) -> str | None:
        if self.position is not None:
            if "stock" in self.position:
                return f"the stock of this position is already given on line {self.position['stock'].line}"
            self.position["stock"] = st
        elif self.stock is not None:
            return f"the stock of this hand is already given on line {self.stock.line}"
        elif st.count is not None:
            return "`stock N cards` (a count) belongs in a position; after a deal, give the stock's cards, top first"
        else:
            self.stock = st
        return None

    def _place_in_position(self, st: Statement, word: str) -> str | None:
        assert self.position is not None
        if isinstance(st, (Holding, TableSide)):
            self.position.setdefault(type(st).__name__, []).append(st)
            return None
        key = type(st).__name__
        if key in self.position:
            return f"`{word}` is already given for this position on line {self.position[key].line}"
        self.position[key] = st
        return None

    def build(self) -> HandRecord:
        position = None
        if self.position is not None:
            p = self.position
            position = Position(
                line=p["start"].line,
                column=p["start"].column,
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
            column=self.start.column,
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


_STATEMENT_KEYWORDS = {
    Tag: "[tag]",
    HandStart: "hand",
    Deal: "deal",
    UpCard: "up",
    Stock: "stock",
    Turn: "turn",
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
    if isinstance(st, Turn):
        return f"{st.player}: ..."
    return _STATEMENT_KEYWORDS.get(type(st), type(st).__name__.lower())


class _GameAssembler:
    """Collects the statements of one game and says where a new game begins."""

    def __init__(self, index: int, first_line: int, limits: Limits) -> None:
        self.index = index
        self.limits = limits
        self.first_line = first_line
        self.last_line = first_line - 1
        self.line = 0
        self.tags: list[Tag] = []
        self.hands: list[HandRecord] = []
        self.hand: _HandParts | None = None
        self.findings: list[Finding] = []
        self.errors = 0
        self.broken = False  # a line of this hand could not be read: placement findings would be noise
        self.lines: dict[int, str] = {}
        self.trailing: Note | None = None

    @property
    def empty(self) -> bool:
        return not (self.tags or self.hands or self.hand or self.findings)

    def starts_new_game(self, st: Statement) -> bool:
        return isinstance(st, Tag) and (self.hands or self.hand is not None)

    def add(self, st: Statement) -> None:
        if not self.line:
            self.line = st.line
        self.last_line = st.line
        if type(st) is not Turn or self.hand is None:  # a turn, nearly every line, goes to its hand
            if isinstance(st, Tag):
                self.tags.append(st)
                return
            if isinstance(st, HandStart):
                self._close_hand()
                self.hand = _HandParts(st)
                self.broken = False
                return
            if self.hand is None:
                if not self.broken:
                    self.error(
                        st.line,
                        st.column,
                        "out-of-place",
                        f"`{_keyword(st)}` comes inside a hand: start the hand with `hand 1 dealer NAME` first",
                    )
                return
        problem = self.hand.place(st)
        if problem and not self.broken:
            self.error(st.line, st.column, "out-of-place", problem)

    def error(self, line: int, column: int, code: str, message: str) -> None:
        if not self.line:
            self.line = line
        self.last_line = max(self.last_line, line)
        self.errors += 1
        if self.errors <= self.limits.max_errors:
            self.findings.append(_finding(line, column, code, message))

    @property
    def explaining(self) -> bool:
        """Whether the next syntax error will be listed (explaining one costs more than reading)."""
        return self.errors < self.limits.max_errors

    def _close_hand(self) -> None:
        if self.hand is not None:
            self.hands.append(self.hand.build())
            self.hand = None

    def finish(self, last_line: int | None = None) -> ParsedGame:
        self._close_hand()
        if self.errors > self.limits.max_errors:
            hidden = self.errors - self.limits.max_errors
            self.findings.append(
                _finding(
                    self.findings[-1].line,
                    1,
                    "too-many-errors",
                    f"{hidden:,} more line{'s' * (hidden != 1)} of this game cannot be read; only the first "
                    f"{self.limits.max_errors:,} problems are listed",
                )
            )
        if self.index > 1 and self.tags and not self.hands:
            self.findings.append(
                _finding(
                    self.tags[0].line,
                    self.tags[0].column,
                    "tags-after-hands",
                    "these tags follow the hands of the game before, so they start a new game, which has no "
                    "hands: a game's tags go above its first hand",
                    Severity.WARNING,
                )
            )
        game = Game(line=self.line, column=1, tags=tuple(self.tags), hands=tuple(self.hands), trailing=self.trailing)
        last = self.last_line if last_line is None else last_line
        return ParsedGame(self.index, self.line, game, self.findings, self.lines, self.first_line, last)


def parse(source: Source, limits: Limits = DEFAULT_LIMITS, start: Start = SOURCE_START) -> Iterator[ParsedGame]:
    """Read the games of a record one at a time. Never raises for bad input: every problem is
    a finding on the game it belongs to. `start` says where the source begins in a larger one."""
    game = _GameAssembler(start.game, start.line, limits)
    notes: list[str] = []
    number = start.line - 1
    for number, item in _raw_lines(source, limits, start):
        if isinstance(item, _LineProblem):
            game.error(number, item.column, item.code, item.message)
            game.broken = True
            notes = []  # the comments before a broken line stay with it
            if item.final:
                break
            continue
        try:
            statement, comments = _plain_turn(item, number), ()  # nearly every line
            if statement is None:
                statement, comments = _other_line(item, number, game.explaining)
        except NotationError as error:
            game.lines[number] = item
            game.error(number, error.column, error.code, error.message)
            game.broken = True
            notes = []
            continue
        except Exception as error:  # a bug of the arbiter's, not of the record: still a finding
            game.lines[number] = item
            game.error(
                number, 1, "internal-error", f"the arbiter failed to read this line ({error!r}); please report it"
            )
            game.broken = True
            notes = []
            continue
        if statement is None:
            notes.extend(comments)
            continue
        if type(statement) is not Turn and game.starts_new_game(statement):  # nearly every line is a turn
            yield game.finish()
            if game.index >= limits.max_games:
                rest = _GameAssembler(game.index + 1, game.last_line + 1, limits)
                rest.error(
                    number,
                    statement.column,
                    "too-many-games",
                    f"the record holds more than {limits.max_games:,} games; the games from here on were not read",
                )
                yield rest.finish()
                return
            game = _GameAssembler(game.index + 1, game.last_line + 1, limits)
        game.lines[number] = item
        if notes or comments:
            statement.notes, statement.remark = tuple(notes), " ".join(comments)
            notes = []
        game.add(statement)
    if notes:
        game.trailing = Note(line=0, column=1, notes=tuple(notes))
    if not game.empty or game.index == 1:
        yield game.finish(max(number, game.last_line))


def parse_text(text: str, limits: Limits = DEFAULT_LIMITS) -> list[ParsedGame]:
    """All the games of a text, for callers that want a list."""
    return list(parse(text, limits))
