"""The one way the arbiter reads TOML it is handed (event files, house rulebooks): bounded first.

Python's TOML reader spends time and memory quadratic in a dotted key's parts (`a.a.a...a = 1`:
every prefix of the key is looked up again) and recurses once per nested array (900 `[` are a
RecursionError). So before it reads, one linear pass over the text measures what would cost more
than reading it once: how deep arrays and inline tables nest, how many parts a dotted key or a
table's header has, how long a key is, and how many keys there are. A text past any bound is
refused with words naming the bound; only a text within all of them is given to the reader.

The size of the text is bounded by each caller before it is decoded (an event file, a rulebook),
so this pass is linear in a bounded length.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from typing import Any

from ..i18n import msg
from ..rules.base import UsageError

MAX_NESTING = 16  # arrays and inline tables within one another (a table's header counts one)
MAX_KEY_PARTS = 16  # parts of one dotted key or table header (`a.b.c` has three)
MAX_KEY_LENGTH = 200  # characters of one part of a key, quotes included
MAX_KEYS = 20_000  # keys and table headers in one text: a 400-pair event needs about 2,000

_PLAIN = re.compile(r"[^\s\"'#\[\]{}=,.]+")
_KEY, _VALUE = 0, 1


class TomlRefused(UsageError):
    """A TOML text that is not read: past a bound, or not valid TOML. Its message names `origin`."""


@dataclass(frozen=True, slots=True)
class TomlBounds:
    """What one TOML text may hold before it is read (the defaults suit every file the arbiter reads)."""

    nesting: int = MAX_NESTING
    key_parts: int = MAX_KEY_PARTS
    key_length: int = MAX_KEY_LENGTH
    keys: int = MAX_KEYS


def read_toml(text: str, origin: str, bounds: TomlBounds = TomlBounds()) -> dict[str, Any]:
    """The TOML document in `text`, read only once it is within `bounds`. Raises TomlRefused
    naming `origin` and what is wrong."""
    _Measure(text, origin, bounds).check()
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise TomlRefused(msg("{origin}: not valid TOML ({error})", origin=origin, error=str(error))) from None
    except RecursionError:  # the bounds above keep the reader far from Python's stack; never a traceback
        raise TomlRefused(
            msg("{origin}: values nest too deep (at most {limit} deep)", origin=origin, limit=bounds.nesting)
        ) from None


class _Measure:
    """One pass over the text outside its strings and comments, refusing it at the first bound
    passed, so that the pass itself costs no more than the text's length."""

    def __init__(self, text: str, origin: str, bounds: TomlBounds) -> None:
        self.text, self.origin, self.bounds = text, origin, bounds
        self.stack: list[str] = []  # "[" an array, "{" an inline table, "H" a table's header
        self.mode = _KEY
        self.parts = 1  # parts of the key being read
        self.dots = 0  # dots since the last `=`, `,`, bracket or line end, in keys and values alike
        self.keys = 0

    def check(self) -> None:
        text, at, end = self.text, 0, len(self.text)
        while at < end:
            char = text[at]
            if char == "#":
                newline = text.find("\n", at)
                at = end if newline < 0 else newline
                continue
            if char in "\"'":
                close = _string_end(text, at)
                if self.mode == _KEY:
                    self.key_part(close - at)
                at = close
                continue
            if char.isspace():
                if char == "\n":
                    self.line_end()
                at += 1
                continue
            if char in "[]{}=,.":
                at = self.punctuation(char, at)
                continue
            plain = _PLAIN.match(text, at)
            stop = plain.end() if plain else at + 1
            if self.mode == _KEY:
                self.key_part(stop - at)
            at = stop

    def punctuation(self, char: str, at: int) -> int:
        """Where to go on from the bracket, brace, `=`, `,` or `.` at `at`."""
        if char == ".":
            self.dots += 1
            if self.mode == _KEY:
                self.parts += 1
            if max(self.dots + 1, self.parts) > self.bounds.key_parts:
                raise self.refused(msg("a key has more than {limit} dotted parts", limit=self.bounds.key_parts))
            return at + 1
        self.dots = 0
        if char == "=":
            if self.mode == _KEY:
                self.count_key()
                self.mode = _VALUE
        elif char == "[":
            if self.mode == _KEY and not self.stack:
                self.count_key()
                self.open("H")
                return at + (2 if self.text.startswith("[[", at) else 1)
            self.open("[")
        elif char == "{":
            self.open("{")
            self.mode = _KEY
        elif char in "]}":
            if self.stack:
                closed = self.stack.pop()
                self.mode = _KEY if closed == "H" else _VALUE
        elif char == ",":
            self.mode = _KEY if self.stack and self.stack[-1] == "{" else _VALUE
        self.parts = 1
        return at + 1

    def line_end(self) -> None:
        self.dots = 0
        if not self.stack or self.stack[-1] == "H":
            self.stack.clear()
            self.mode = _KEY
            self.parts = 1

    def open(self, kind: str) -> None:
        self.stack.append(kind)
        if len(self.stack) > self.bounds.nesting:
            raise self.refused(msg("arrays and tables nest at most {limit} deep", limit=self.bounds.nesting))

    def key_part(self, length: int) -> None:
        if length > self.bounds.key_length:
            raise self.refused(msg("a key is at most {limit:,} characters", limit=self.bounds.key_length))

    def count_key(self) -> None:
        self.keys += 1
        if self.keys > self.bounds.keys:
            raise self.refused(msg("a file holds at most {limit:,} keys", limit=self.bounds.keys))

    def refused(self, problem: str) -> TomlRefused:
        return TomlRefused(msg("{origin}: {problem}", origin=self.origin, problem=problem))


def _string_end(text: str, at: int) -> int:
    """Where the TOML string opening at `at` ends (past its closing quotes; the text's end if it
    does not close). Basic strings (") have escapes; literal strings (') do not."""
    quote = text[at]
    close = quote * 3 if text.startswith(quote * 3, at) else quote
    stops = _STOPS[quote, len(close) == 1]
    at += len(close)
    while True:
        stop = stops.search(text, at)
        if stop is None:
            return len(text)
        at = stop.start()
        if text[at] == "\\":
            at += 2
        elif text[at] == "\n":
            return at  # a one-line string ends with its line (TOML says so; the reader reports it)
        elif text.startswith(close, at):
            return at + len(close)
        else:
            at += 1


_STOPS = {
    ('"', True): re.compile(r'[\\"\n]'),
    ('"', False): re.compile(r'[\\"]'),
    ("'", True): re.compile(r"['\n]"),
    ("'", False): re.compile(r"'"),
}
