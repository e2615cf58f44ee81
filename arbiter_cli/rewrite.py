"""What `arbiter fmt` does to each record: compare it with its canonical form, show the
difference, or rewrite it in place, atomically (a temporary file in the same folder, then
`os.replace`: a crash leaves the old record or the new one, never half of one)."""

from __future__ import annotations

import difflib
import os
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import arbiter
from arbiter.notation.formatter import format_source

from .text import shown_path

if TYPE_CHECKING:
    from arbiter.sheets.summarise import SheetNote


@dataclass(slots=True)
class Formatted:
    """A record and its canonical form, or the findings that keep it from having one."""

    path: str
    written: str
    canonical: str
    errors: list[arbiter.Finding] = field(default_factory=list)
    notes: list[SheetNote] = field(default_factory=list)
    """With --summary: why a hand stayed in moves (or a game was copied as it is)."""

    @property
    def changed(self) -> bool:
        return not self.errors and self.canonical != self.written

    @property
    def only_line_endings(self) -> bool:
        """The record differs from its canonical form only in ending its lines in CR LF (or CR):
        a diff of it would show every line unchanged to the eye."""
        return self.changed and self.written.replace("\r\n", "\n").replace("\r", "\n") == self.canonical


def format_record(path: str, data: bytes, summary: bool = False) -> Formatted:
    """The record in canonical form; with `summary`, written as its score sheet (ACN 1.1)."""
    text, findings = format_source(data, family_words=_family_words)
    written = data.decode("utf-8", "replace").lstrip("\ufeff")
    errors = [f for f in findings if f.is_error]
    notes: list[SheetNote] = []
    if summary and not errors:
        from arbiter.sheets.summarise import summarise_source  # it judges: the engine, only for --summary

        text, notes = summarise_source(data)
    return Formatted(path, written, text, errors, notes)


def unified_diff(record: Formatted) -> str:
    lines = difflib.unified_diff(
        record.written.splitlines(keepends=True),
        record.canonical.splitlines(keepends=True),
        fromfile=shown_path(record.path),
        tofile=shown_path(record.path),
    )
    return "".join(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n" for line in lines)


def write_atomically(path: str, text: str) -> None:
    """Replace the file at `path` by `text` (UTF-8), keeping its permissions."""
    folder = os.path.dirname(os.path.abspath(path))
    mode = os.stat(path).st_mode & 0o7777
    handle, temporary = tempfile.mkstemp(dir=folder, prefix=f".{os.path.basename(path)}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(text.encode("utf-8"))
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise


def _family_words() -> Mapping[str, bool]:
    """Every family's action words: loading the families (and the engine their actions play on) only
    for a record that writes a family's action."""
    from arbiter import families

    return families.WORDS
