"""The Lark fallback: the grammar file, and Lark parsers built from it with the transformer, lent
out one per reading so that threads reading at once never share one. Whatever the faster paths do
not read, a parser reads and explains."""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, cast

from lark import Lark, Token

from .records import Statement
from .transformer import StatementBuilder
from .words import ACTION_TERMINALS, FAMILY_WORD, PACKET_WORDS, first_column

GRAMMAR_FILE = "canasta.lark"


DISTRIBUTION = "canasta-arbiter"
INSTALLED_GRAMMAR = f"share/{DISTRIBUTION}/grammar/{GRAMMAR_FILE}"
"""Where an installed wheel keeps the grammar, under its install's prefix (pyproject's data-files)."""


@cache
def grammar_path() -> Path:
    """The one grammar file: grammar/canasta.lark at the top of a checkout, or the data file an
    installed wheel put it in (found through the distribution's record of its files, whatever the
    install's prefix: a virtual environment, the system, a user's base)."""
    top = Path(__file__).resolve().parent.parent.parent
    if (top / "pyproject.toml").is_file() and (top / "grammar" / GRAMMAR_FILE).is_file():
        return top / "grammar" / GRAMMAR_FILE
    from importlib.metadata import PackageNotFoundError, distribution

    try:
        files = distribution(DISTRIBUTION).files or []
    except PackageNotFoundError:
        files = []
    for file in files:
        if file.as_posix().endswith(INSTALLED_GRAMMAR):
            return Path(str(file.locate())).resolve()
    raise FileNotFoundError(f"the grammar {GRAMMAR_FILE} is neither in a checkout nor installed with {DISTRIBUTION}")


# Lark's Cython plugin (lark-cython) parses about a third faster; the pure-Python parser stays the
# tested fallback, and it alone explains errors (the plugin has no interactive parser to ask what
# was expected). ARBITER_PURE_PARSER=1 turns the plugin off.
ACCELERATED = os.environ.get("ARBITER_PURE_PARSER", "") in ("", "0")


NAMED_CARD_RULES = {
    PACKET_WORDS[False]: "deal",
    PACKET_WORDS[True]: "packet",
    "hold": "hold",
}  # keyword: the grammar's rule
CARD_RULES = {"up": "up", "stock": "stock_cards"}
POINT_RULES = {"score": "score", "total": "total"}
_TOKEN_RULES = {**NAMED_CARD_RULES, **CARD_RULES, **POINT_RULES, "pair": "side_points", "[": "tag"}
_ACTION_RULES = {"meld": "meld_action", "add": "add", "with": "take_with", "onto": "take_onto", "[": "meld"}


@dataclass(slots=True)
class Reader:
    """One Lark parser with its own transformer and lexer callbacks: the state of one reading (the
    line, the keywords' columns, the comments) lives here, so a reader serves one call at a time.
    Readers are lent out from a pool (`borrow`), so threads reading at once never share one."""

    lark: Lark
    builder: StatementBuilder
    comments: list[str]
    accelerated: bool
    rules: dict[str, Any]
    """The transformer's method for each keyword a line may be read from its tokens with
    (`line_from_tokens`), bound once: binding a Lark transformer's method costs a call of its own."""
    actions: dict[str, Any]
    """The same for the actions read from their tokens (`action_from_tokens`)."""

    def read(self, text: str, line: int) -> tuple[Statement | None, list[str]]:
        """Parse one line; Lark's own exceptions pass through."""
        self.comments.clear()
        self.builder.keywords.clear()
        self.builder.line = line
        # the transformer's node: Lark builds no tree when its transformer rides along
        statement = cast("Statement | None", self.lark.parse(text, start="start"))
        if statement is not None:
            statement.column = first_column(text)
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


def new_reader(accelerated: bool) -> Reader:
    """A reader of its own: a Lark parser built from the grammar, with the transformer and callbacks."""
    plugins: dict[str, Any] = {}
    if accelerated:
        try:
            import lark_cython
        except ImportError:  # not installed: the pure-Python parser does the same work
            accelerated = False
        else:
            plugins = {"_plugins": lark_cython.plugins}
    comments: list[str] = []
    builder = StatementBuilder()

    def keyword(token: Token) -> Token:
        builder.keywords.append(token.column or 1)  # the lexer places every token (Token allows None)
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
                **dict.fromkeys((*ACTION_TERMINALS, FAMILY_WORD), keyword),
            },
            **plugins,
        )
    rules = {keyword: _unwrapped(builder, rule) for keyword, rule in _TOKEN_RULES.items()}
    actions = {keyword: _unwrapped(builder, rule) for keyword, rule in _ACTION_RULES.items()}
    return Reader(lark, builder, comments, accelerated, rules, actions)


def _unwrapped(builder: StatementBuilder, rule: str) -> Any:
    """The transformer's method itself, bound to `builder`, without the wrapper `v_args` puts
    around it for Lark (a call of its own on every node the token paths build)."""
    method = getattr(builder, rule)
    return getattr(method, "base_func", method)


idle_readers: dict[bool, list[Reader]] = {True: [], False: []}
"""Readers not in use, by whether they are accelerated: as many as threads ever read at once."""


def borrow(accelerated: bool) -> Reader:
    """A reader for one reading, idle or new; `give_back` returns it to the pool."""
    try:
        return idle_readers[accelerated].pop()  # atomic: two threads never get the same reader
    except IndexError:
        return new_reader(accelerated)


def give_back(reader: Reader, accelerated: bool) -> None:
    idle_readers[accelerated].append(reader)


def read_with_lark(text: str, line: int, accelerated: bool) -> tuple[Statement | None, list[str]]:
    """Parse one line with a reader of its own; Lark's own exceptions pass through."""
    reader = borrow(accelerated)
    try:
        return reader.read(text, line)
    finally:
        give_back(reader, accelerated)
