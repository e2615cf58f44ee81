"""Reading game records: text in, typed records (arbiter.notation.records) and syntax findings out.

The grammar (grammar/canasta.lark) reads one line; this package feeds it the lines of a file
and assembles the statements into games and hands. Reading is separate from judging (like a PGN
reader and its visitor): `parse` yields one `ParsedGame` at a time, so a file of any size streams
in memory bounded by its largest game. Syntax errors are findings, never exceptions, and a broken
line or game does not stop the rest of the file from being read. The spec is docs/notation.md.

The parts, each importing only those above it:

- `records`: the typed records a reader makes and the engine reads, every node with its line;
- `lines`: the lines of a source, decoded and bounded, and the limits a record must keep;
- `words`: the notation's keywords and examples, how a message shows the record's text, card advice;
- `transformer`: the grammar's transformer, building the record's nodes from tokens;
- `parsers`: the Lark fallback, parsers built from the grammar and lent out one per reading;
- `family_words`: a family's own actions (`FamilyAction`), held to the families' words by those who know them;
- `tokens`: the token paths, plain lines and actions read with the grammar's own terminals;
- `makers`: a line or action read once, remembered as a function that builds it again;
- `explain`: a line the grammar rejects, explained to a card player;
- `reading`: one line, by the fastest path that reads it exactly as the grammar does;
- `findings`, `hands`, `games`: the reader's findings, a hand's statements in order, and games;
- `formatter`: records written back in canonical form (`arbiter fmt`);
- `actions`: `Action`, a step of a turn as the library hands it out and takes it back;
- `comment_languages`: a comment written in several languages, read in one.

This module names what the rest of the arbiter uses; the parts' own tests import the parts.
"""

from __future__ import annotations

from .family_words import family_word_findings
from .findings import SECTIONS, notation_finding
from .games import ParsedGame, parse, parse_text
from .lines import DEFAULT_LIMITS, SOURCE_START, Limits, Source, Start
from .parsers import ACCELERATED, GRAMMAR_FILE, grammar_path
from .reading import LINE_CACHE_SIZE, MEMORABLE_CHARS, forget_lines, parse_line, remembered
from .words import KEYWORDS, NotationError, excerpt

NOTATION_VERSION = "1.3"

__all__ = [
    "ACCELERATED",
    "DEFAULT_LIMITS",
    "GRAMMAR_FILE",
    "KEYWORDS",
    "LINE_CACHE_SIZE",
    "MEMORABLE_CHARS",
    "NOTATION_VERSION",
    "SECTIONS",
    "SOURCE_START",
    "Limits",
    "NotationError",
    "ParsedGame",
    "Source",
    "Start",
    "excerpt",
    "family_word_findings",
    "forget_lines",
    "grammar_path",
    "notation_finding",
    "parse",
    "parse_line",
    "parse_text",
    "remembered",
]
