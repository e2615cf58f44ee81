"""Lists of words said as one `Text`, so that each item is still translated where the list is put
into a sentence (a plain `", ".join(...)` would leave a list of translated sentences English)."""

from __future__ import annotations

from collections.abc import Sequence

from .i18n import Text, msg


def joined(items: Sequence[str], separator: str = ", ") -> str:
    """`items` one after another with `separator` (", " or "; "): a `Text` when an item is one."""
    if not any(isinstance(item, Text) for item in items):
        return separator.join(items)
    said: str = items[-1]
    for item in reversed(items[:-1]):
        said = (
            msg("{first}; {rest}", first=item, rest=said)
            if separator == "; "
            else msg("{first}, {rest}", first=item, rest=said)
        )
    return said
