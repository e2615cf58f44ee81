"""The Lark fallback: the grammar file, and Lark parsers built from it with the transformer, lent
out one per reading so that threads reading at once never share one. Whatever the faster paths do
not read, a parser reads and explains."""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from lark import Lark, Token

from ..records import Statement
from .transformer import _StatementBuilder
from .words import _ACTION_TERMINALS, _first_column

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


_NAMED_CARDS = {"deal": "deal", "foot": "foot", "hold": "hold"}  # keyword: the grammar's rule
_CARDS = {"up": "up", "stock": "stock_cards"}
_POINTS = {"score": "score", "total": "total"}
_TOKEN_RULES = {**_NAMED_CARDS, **_CARDS, **_POINTS, "pair": "side_points"}
_ACTION_RULES = {"meld": "meld_action", "add": "add", "with": "take_with", "onto": "take_onto", "[": "meld"}


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
