"""Reading game records: text in, typed records (arbiter.records) and syntax findings out.

The grammar (grammar/canasta.lark) reads one line; this package feeds it the lines of a file
and assembles the statements into games and hands. Reading is separate from judging (like a PGN
reader and its visitor): `parse` yields one `ParsedGame` at a time, so a file of any size streams
in memory bounded by its largest game. Syntax errors are findings, never exceptions, and a broken
line or game does not stop the rest of the file from being read. The spec is docs/notation.md.

The parts, each importing only those above it:

- `lines`: the lines of a source, decoded and bounded, and the limits a record must keep;
- `words`: the notation's keywords and examples, how a message shows the record's text, card advice;
- `transformer`: the grammar's transformer, building the record's nodes from tokens;
- `parsers`: the Lark fallback, parsers built from the grammar and lent out one per reading;
- `tokens`: the token paths, plain lines and actions read with the grammar's own terminals;
- `makers`: a line or action read once, remembered as a function that builds it again;
- `explain`: a line the grammar rejects, explained to a card player;
- `reading`: one line, by the fastest path that reads it exactly as the grammar does;
- `findings`, `hands`, `games`: the reader's findings, a hand's statements in order, and games.
"""

from __future__ import annotations

from .explain import _explain
from .findings import _NOTATION_RULE, _SECTIONS, _finding
from .games import ParsedGame, _GameAssembler, parse, parse_text
from .hands import _HandParts, _keyword
from .lines import DEFAULT_LIMITS, SOURCE_START, Limits, Source, Start, _LineProblem, _raw_lines
from .makers import Maker, _maker
from .parsers import ACCELERATED, GRAMMAR_FILE, _borrow, _give_back, _new_reader, _read, _Reader, grammar_path
from .reading import (
    LINE_CACHE_SIZE,
    MEMORABLE_CHARS,
    _action_makers,
    _actions,
    _actions_seen_once,
    _not_notation,
    _pieces,
    _plain_turn,
    _seen_once,
    _template,
    forget_lines,
    parse_line,
)
from .tokens import _tokens_action, _tokens_line
from .transformer import _LightToken, _StatementBuilder
from .words import _ACTIONS, _EXAMPLES, _KEYWORDS, _STATEMENT_WORDS, NotationError, _card_advice, _shown, excerpt

NOTATION_VERSION = "1.0"

__all__ = [
    "ACCELERATED",
    "DEFAULT_LIMITS",
    "GRAMMAR_FILE",
    "LINE_CACHE_SIZE",
    "MEMORABLE_CHARS",
    "NOTATION_VERSION",
    "SOURCE_START",
    "_ACTIONS",
    "_EXAMPLES",
    "_KEYWORDS",
    "_NOTATION_RULE",
    "_SECTIONS",
    "_STATEMENT_WORDS",
    "Limits",
    "Maker",
    "NotationError",
    "ParsedGame",
    "Source",
    "Start",
    "_GameAssembler",
    "_HandParts",
    "_LightToken",
    "_LineProblem",
    "_Reader",
    "_StatementBuilder",
    "_action_makers",
    "_actions",
    "_actions_seen_once",
    "_borrow",
    "_card_advice",
    "_explain",
    "_finding",
    "_give_back",
    "_keyword",
    "_maker",
    "_new_reader",
    "_not_notation",
    "_pieces",
    "_plain_turn",
    "_raw_lines",
    "_read",
    "_seen_once",
    "_shown",
    "_template",
    "_tokens_action",
    "_tokens_line",
    "excerpt",
    "forget_lines",
    "grammar_path",
    "parse",
    "parse_line",
    "parse_text",
]
