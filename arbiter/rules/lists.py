"""Lists in a sentence ("ann and cid", "bob or dee", "a, b, c"), each joining word a template a
translator sees: the names themselves are never translated."""

from __future__ import annotations

from collections.abc import Sequence

from ..i18n import msg


def all_of(names: Sequence[str]) -> str:
    """`ann and cid and eve`, as the engine's messages have always joined them."""
    if len(names) < 2:
        return names[0] if names else ""
    return msg("{first} and {rest}", first=names[0], rest=all_of(names[1:]))


def any_of(names: Sequence[str]) -> str:
    """`ann or cid or eve`."""
    if len(names) < 2:
        return names[0] if names else ""
    return msg("{first} or {rest}", first=names[0], rest=any_of(names[1:]))


def listed(items: Sequence[str]) -> str:
    """`a, b, c`: items (each perhaps a sentence to translate) one after another."""
    if len(items) < 2:
        return items[0] if items else ""
    return msg("{first}, {rest}", first=items[0], rest=listed(items[1:]))
