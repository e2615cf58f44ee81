"""Assembling games: the statements of a source's lines collected into games and hands, one game at
a time, with every problem a finding on the game it belongs to."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from ..i18n import Text, msg, msg_n
from ..rulings import Finding, Severity
from .findings import notation_finding
from .hands import HandParts, statement_keyword
from .lines import DEFAULT_LIMITS, SOURCE_START, Limits, LineProblem, Source, Start, raw_lines
from .reading import other_line, plain_turn
from .records import Game, HandRecord, HandStart, Note, Statement, Tag, Turn
from .words import NotationError


@dataclass(slots=True)
class ParsedGame:
    """One game of a file as read: the record, its syntax findings, and its source lines."""

    index: int
    line: int
    game: Game
    findings: list[Finding] = field(default_factory=list)
    lines: dict[int, str] = field(default_factory=dict, repr=False)
    """The text of each line that holds a syntax error, by line number (a statement's line is not
    kept: a long game's every line would cost memory in its length; a renderer reads the lines
    its findings name from the source, as arbiter.archive does)."""
    first_line: int = 0
    last_line: int = 0
    """The source lines this game takes, the comment and blank lines before it included."""

    @property
    def malformed(self) -> bool:
        return any(f.is_error for f in self.findings)


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
        self.hand: HandParts | None = None
        self.findings: list[Finding] = []
        self.errors = 0
        self.broken = False  # a line of this hand could not be read: placement findings would be noise
        self.lines: dict[int, str] = {}
        self.trailing: Note | None = None

    @property
    def empty(self) -> bool:
        return not (self.tags or self.hands or self.hand or self.findings)

    def starts_new_game(self, st: Statement) -> bool:
        return isinstance(st, Tag) and (bool(self.hands) or self.hand is not None)

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
                self.hand = HandParts(st)
                self.broken = False
                return
            if self.hand is None:
                if not self.broken:
                    self.error(
                        st.line,
                        st.column,
                        "out-of-place",
                        msg(
                            "`{word}` comes inside a hand: start the hand with `hand 1 dealer NAME` first",
                            word=statement_keyword(st),
                        ),
                    )
                return
        problem = self.hand.place(st)
        if problem and not self.broken:
            self.error(st.line, st.column, "out-of-place", problem)

    def error(self, line: int, column: int, code: str, message: Text | str) -> None:
        if not self.line:
            self.line = line
        self.last_line = max(self.last_line, line)
        self.errors += 1
        if self.errors <= self.limits.max_errors:
            self.findings.append(notation_finding(line, column, code, message))

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
                notation_finding(
                    self.findings[-1].line,
                    1,
                    "too-many-errors",
                    msg_n(
                        "{n:,} more line of this game cannot be read; only the first {limit:,} problems are listed",
                        "{n:,} more lines of this game cannot be read; only the first {limit:,} problems are listed",
                        hidden,
                        limit=self.limits.max_errors,
                    ),
                )
            )
        if self.index > 1 and self.tags and not self.hands:
            self.findings.append(
                notation_finding(
                    self.tags[0].line,
                    self.tags[0].column,
                    "tags-after-hands",
                    msg(
                        "these tags follow the hands of the game before, so they start a new game, which has no "
                        "hands: a game's tags go above its first hand"
                    ),
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
    in_play: list[Turn] | None = None  # where a turn goes straight to: HandParts.in_play of the game's hand
    number = start.line - 1
    for number, item in raw_lines(source, limits, start):
        if isinstance(item, LineProblem):
            game.error(number, item.column, item.code, item.message)
            game.broken = True
            notes = []  # the comments before a broken line stay with it
            if item.final:
                break
            continue
        try:
            turn = plain_turn(item, number)
            if turn is not None and in_play is not None and not notes:  # nearly every line
                in_play.append(turn)
                game.last_line = number
                continue
            statement: Statement | None = turn
            comments: Sequence[str] = ()
            if statement is None:
                statement, comments = other_line(item, number, game.explaining)
        except NotationError as error:
            game.lines[number] = item
            game.error(number, error.column, error.code, error.message)
            game.broken = True
            notes = []
            continue
        except Exception as bug:  # a bug of the arbiter's, not of the record: still a finding
            game.lines[number] = item
            game.error(
                number,
                1,
                "internal-error",
                msg("the arbiter failed to read this line ({error}); please report it", error=repr(bug)),
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
                    msg(
                        "the record holds more than {limit:,} games; the games from here on were not read",
                        limit=limits.max_games,
                    ),
                )
                yield rest.finish()
                return
            game = _GameAssembler(game.index + 1, game.last_line + 1, limits)
            in_play = None
        if notes or comments:
            statement.notes, statement.remark = tuple(notes), " ".join(comments)
            notes = []
        if in_play is not None and type(statement) is Turn:
            in_play.append(statement)
            game.last_line = number
        else:
            game.add(statement)
            in_play = None if game.hand is None else game.hand.in_play
    if notes:
        game.trailing = Note(line=0, column=1, notes=tuple(notes))
    if not game.empty or game.index == 1:
        yield game.finish(max(number, game.last_line))


def parse_text(text: str, limits: Limits = DEFAULT_LIMITS) -> list[ParsedGame]:
    """All the games of a text, for callers that want a list."""
    return list(parse(text, limits))
