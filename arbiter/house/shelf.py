"""Rulebooks at hand: read from files (a base named by its path, relative to the rulebook's own
folder), and kept by digest so that a record naming one in its `House` tag finds it."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from ..files.regular_files import read_regular
from ..i18n import msg
from .rulebook import SHORT_DIGEST, SUFFIX, Rulebook, RulebookError, parse, unique_prefix

MAX_FILE = 256 * 1024  # bytes: a rulebook is a page of text


def load(path: str | Path, depth: int = 0) -> Rulebook:
    """The rulebook in the file `path`. Raises RulebookError saying what is wrong."""
    path = Path(path)
    try:
        data = read_regular(path, MAX_FILE)  # a pipe or a device beside a record is no file to wait on
    except OSError as error:
        raise RulebookError(
            msg("{path}: cannot be read ({problem})", path=str(path), problem=str(error.strerror or error))
        ) from None
    if len(data) > MAX_FILE:
        raise RulebookError(msg("{path}: a rulebook is at most {limit:,} bytes", path=str(path), limit=MAX_FILE))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise RulebookError(msg("{path}: not UTF-8 text", path=str(path))) from None

    def find_base(base: str) -> Rulebook | None:
        if not base.endswith(SUFFIX):
            return None
        return load(path.parent / base, depth + 1)

    return parse(text, str(path), find_base, depth)


class Shelf:
    """The rulebooks at hand, by digest."""

    def __init__(self, books: Iterable[Rulebook] = ()) -> None:
        self.books: dict[str, Rulebook] = {}
        for book in books:
            self.add(book)

    def add(self, book: Rulebook) -> None:
        self.books[book.digest] = book

    def get(self, digest: str) -> Rulebook | None:
        """The rulebook whose digest is or starts with `digest`; AmbiguousDigest when several do."""
        found = self.books.get(digest)
        if found is None and len(digest) >= SHORT_DIGEST:
            whole = unique_prefix(digest, self.books)
            found = self.books[whole] if whole else None
        return found

    def describe(self) -> str:
        if not self.books:
            return "no rulebook is at hand"
        return "at hand: " + "; ".join(f"{b.title}, #{b.short}" for b in self.books.values())
