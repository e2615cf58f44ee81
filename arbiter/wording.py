"""Lists of words said as one `Text`, so that each item is still translated where the list is put
into a sentence (a plain `", ".join(...)` would leave a list of translated sentences English)."""

from __future__ import annotations

from collections.abc import Sequence

from .i18n import Text, msg


def joined(items: Sequence[str], separator: str = ", ") -> str:
    """`items` one after another with `separator` (", " or "; "): a `Text` when an item is one."""
    if separator not in (", ", "; "):
        raise ValueError(f"joined() knows the separators ', ' and '; ', not {separator!r}")
    if not any(isinstance(item, Text) for item in items):
        return separator.join(items)
    said: str = items[-1]
    for item in reversed(items[:-1]):
        said = msg("{first}, {rest}", first=item, rest=said) if separator == ", " else _semicolon(item, said)
    return said


def _semicolon(first: str, rest: str) -> Text:
    return msg("{first}; {rest}", first=first, rest=rest)


def and_list(first: str, second: str) -> Text:
    """`1 ignored error and 2 ignored warnings`."""
    return msg("{first} and {second}", first=first, second=second)
