"""The grammar's transformer: it builds the record's nodes while Lark parses a line (no parse tree
is kept), and the token paths (arbiter.notation.tokens) call the same methods with tokens they found
themselves, so both read a line alike."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple, Protocol, TypedDict

from lark import Token, Transformer, v_args

from .. import cards as C
from ..i18n import Text, msg
from .records import (
    Add,
    Ask,
    Deal,
    Discard,
    Draw,
    FamilyAction,
    GoOut,
    HandStart,
    Holding,
    LayBonus,
    Meld,
    Melded,
    MeldRef,
    MeldSpec,
    Pass,
    PilePosition,
    Points,
    PositionStart,
    SidePoints,
    Statement,
    Stock,
    Summary,
    SummaryItem,
    TableSide,
    Tag,
    Take,
    ToPlay,
    Turn,
    UpCard,
)
from .words import MAX_DIGITS, MELD_REF_PARTS, REF_ADVICE, UNESCAPE, NotationError, card_advice, quoted, suits_read


class _TokenLike(Protocol):
    """What the transformer reads of a token: Lark's own, or a `LightToken` the token paths make."""

    @property
    def value(self) -> Any: ...

    @property
    def column(self) -> int: ...  # Lark's lexer places every token it reads (Token allows None)


class LightToken(NamedTuple):
    """A token read by the token paths (`line_from_tokens`, `action_from_tokens`): its text and column,
    all the transformer reads of it, and a third of the cost of making a Lark token."""

    value: str
    column: int


# What a number on a line counts, for the message when it is too large.
_HAND_NUMBER = msg("a hand number")
_CARD_COUNT = msg("a number of cards")
_SIDE_POINTS = msg("points")
_SUMMARY_COUNT = msg("a summary's count")


def _number(token: _TokenLike, what: Text) -> int:
    digits = token.value.lstrip("+-")
    if len(digits.lstrip("0")) > MAX_DIGITS:
        raise NotationError(token.column, msg("{shown} is too large for {what}", shown=quoted(token.value), what=what))
    return int(token.value)


def _take_one(cards: str, count: int) -> Text:
    return msg(
        "the take names one card, the up card, not {count} (`{cards}`): write `take 9 with [9 9]`",
        count=count,
        cards=cards,
    )


def _discard_one(cards: str, count: int) -> Text:
    return msg("a discard is one card, not {count} (`{cards}`): write `discard 4`", count=count, cards=cards)


# --- the line grammar -------------------------------------------------------------------------


class _Place(TypedDict):
    """Where a node starts: its line and column, as keyword arguments."""

    line: int
    column: int


@v_args(inline=True)
class StatementBuilder(Transformer[Token, Statement | None]):
    """Builds record nodes while Lark parses (no parse tree is kept). `line` is set by the
    reader before each line is parsed; `keywords` collects the columns of the action keywords
    as the lexer meets them."""

    line = 0

    def __init__(self) -> None:
        super().__init__()
        self.keywords: list[int] = []

    def _at(self, token: _TokenLike) -> _Place:
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
                if card is None and (card := C.suited_card(word)) is not None:  # with its suit: `7h` (ACN 1.3)
                    suits_read[0] += 1
                if card is None:
                    column = run.column + run.value.index(word)
                    raise NotationError(column, card_advice(word), "unknown-card")
                out.append(card)
        return tuple(out)

    def meld(self, bracket: _TokenLike, runs: tuple[_TokenLike, ...]) -> MeldSpec:
        return MeldSpec(self.line, bracket.column or 1, self._split(runs))  # by position: hot

    def _loose(self, value: Any) -> tuple[str, ...]:
        return value.cards if isinstance(value, MeldSpec) else self._split(value)

    def _one_card(self, runs: tuple[_TokenLike, ...], advice: Callable[[str, int], Text]) -> str:
        cards = self._split(runs)
        if len(cards) != 1:
            raise NotationError(runs[0].column, advice(C.show(cards), len(cards)))
        return cards[0]

    def _ref(self, token: _TokenLike) -> MeldRef:
        match = MELD_REF_PARTS.fullmatch(token.value)
        low, high, index = match.groups() if match else (token.value, None, "")
        rank = C.canonical(low)
        if rank is None and C.canonical(low.upper()) is not None:
            raise NotationError(
                token.column,
                msg("{shown}: melds are named in capitals, `{name}`", shown=quoted(low), name=low.upper()),
            )
        if low == "3":
            raise NotationError(token.column, msg("`3` names no meld: write S for the side's Stop cards"))
        if rank == C.BIG_WILD:
            rank = C.LITTLE_WILD  # a meld of wilds goes by one name
        if high is not None:
            top = C.canonical(high)
            ok = rank in C.SEQUENCE_ORDER and top in C.SEQUENCE_ORDER
            if rank is None or top is None or not ok or C.SEQUENCE_ORDER[top] - C.SEQUENCE_ORDER[rank] < 2:
                raise NotationError(
                    token.column,
                    msg(
                        "{shown} is not a sequence: name a sequence by its lowest and highest cards, "
                        "at least three ranks apart from 4 up to A, such as `5-9`",
                        shown=quoted(token.value),
                    ),
                )
            high = top
        elif rank is None or rank in (C.BONUS, C.CALIENTE):
            raise NotationError(
                token.column, msg("{shown} names no meld: {advice}", shown=quoted(token.value), advice=REF_ADVICE)
            )
        if index == "" and token.value.endswith("#"):
            raise NotationError(
                token.column, msg("{shown} needs a set number after `#`, such as `Q#2`", shown=quoted(token.value))
            )
        number = int(index) if index and len(index) <= MAX_DIGITS else 1
        if index and (len(index) > MAX_DIGITS or number < 1):
            raise NotationError(
                token.column, msg("{shown}: sets are numbered from 1, such as `Q#2`", shown=quoted(token.value))
            )
        return MeldRef(self.line, token.column or 1, rank, high, number)  # by position: hot

    # statements
    def start(self, statement: Statement | None = None) -> Statement | None:
        return statement

    def tag(self, bracket: _TokenLike, name: _TokenLike, value: _TokenLike) -> Tag:
        text = UNESCAPE.sub(r"\1", value.value[1:-1])
        return Tag(**self._at(bracket), name=name.value, value=text)

    def hand_start(self, number: _TokenLike, dealer: _TokenLike, *sitting: _TokenLike) -> HandStart:
        return HandStart(
            line=self.line,
            number=_number(number, _HAND_NUMBER),
            dealer=dealer.value,
            sitting_out=tuple(t.value for t in sitting),
        )

    def deal(self, player: _TokenLike, cards: Any) -> Deal:
        return Deal(self.line, 0, (), "", player.value, self._split(cards))  # by position: a line a player

    def packet(self, player: _TokenLike, cards: Any) -> Deal:  # the second packet, face down
        return Deal(line=self.line, player=player.value, cards=self._split(cards), foot=True)

    def up(self, cards: Any = None) -> UpCard:  # `up` alone: the pile starts empty
        return UpCard(self.line, 0, (), "", self._split(cards) if cards is not None else ())  # by position

    def stock_cards(self, cards: Any) -> Stock:
        first = cards[0].value.split()[0]
        if first.isdigit() and C.canonical(first) is None and len(cards[0].value.split()) == 1:
            raise NotationError(
                cards[0].column,
                msg(
                    "{shown} is not a card: to say how many cards the stock holds, write `stock {count} cards`",
                    shown=quoted(first),
                    count=first,
                ),
            )
        return Stock(line=self.line, cards=self._split(cards))

    def stock_count(self, cards: Any) -> Stock:
        token: _TokenLike = cards[0]
        if len(cards) > 1 or not token.value.isdigit():
            raise NotationError(
                token.column,
                msg(
                    "{shown} is not a number of cards: write either the stock's cards, "
                    "top first (`stock K 5 9`), or how many there are (`stock 40 cards`)",
                    shown=quoted(" ".join(t.value for t in cards)),
                ),
            )
        return Stock(line=self.line, count=_number(token, _CARD_COUNT))

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
        return SidePoints(self.line, side.column or 1, side.value, _number(points, _SIDE_POINTS))  # by position: hot

    def score(self, *entries: SidePoints) -> Points:
        return Points(self.line, 0, (), "", "score", entries)  # by position: a line a hand

    def total(self, *entries: SidePoints) -> Points:
        return Points(self.line, 0, (), "", "total", entries)

    def summary_item(self, word: _TokenLike, count: _TokenLike | None = None) -> SummaryItem:
        value = None if count is None else _number(count, _SUMMARY_COUNT)
        return SummaryItem(self.line, word.column or 1, word.value, value)

    def summary(self, side: _TokenLike, *items: SummaryItem) -> Summary:
        return Summary(line=self.line, side=side.value, items=items)

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

    def take_with(self, card: Any, loose: Any, *also: MeldSpec) -> Take:
        return Take(
            line=self.line,
            card=self._one_card(card, _take_one),
            with_cards=self._loose(loose),
            also=also,
        )

    def take_onto(self, card: Any, ref: _TokenLike, *also: MeldSpec) -> Take:
        return Take(line=self.line, card=self._one_card(card, _take_one), onto=self._ref(ref), also=also)

    def meld_action(self, *melds: MeldSpec) -> Meld:
        return Meld(self.line, 0, melds)  # by position: hot

    def add(self, loose: Any, ref: _TokenLike) -> Add:
        return Add(line=self.line, cards=self._loose(loose), target=self._ref(ref))

    def discard(self, cards: Any) -> Discard:
        return Discard(line=self.line, card=self._one_card(cards, _discard_one))

    def bonus(self, cards: Any) -> LayBonus:
        return LayBonus(line=self.line, cards=self._split(cards))

    def ask(self, answer: _TokenLike) -> Ask:
        return Ask(line=self.line, answer=answer.value == "yes")

    def pass_(self) -> Pass:
        return Pass(line=self.line)

    def out(self) -> GoOut:
        return GoOut(line=self.line)

    def family_action(self, word: _TokenLike, cards: Any = None) -> FamilyAction:
        return FamilyAction(line=self.line, keyword=word.value, cards=self._split(cards) if cards else ())


# Lark's Cython plugin (lark-cython) parses about a third faster; the pure-Python parser stays the
