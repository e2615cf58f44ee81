"""Makers: a line or an action read once, remembered as a small function that builds the same nodes
again at another line and column."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from functools import cache
from typing import Any

from .records import Add, Discard, Draw, Meld, MeldRef, MeldSpec, Points, TableSide, Take, Turn

# Reading a line is a pure function of its text, and archives repeat themselves: a line or an
# action read once is remembered as a *maker*, a small function that builds the same nodes again
# at another line and column. Building fresh nodes is what a remembered line costs, so a maker
# calls each node's constructor directly, with everything but the position worked out once.
Maker = Callable[[int, int], Any]
"""Builds remembered nodes at (line, shift): on that line, columns moved right by the shift."""


# The fields of each node class after its position, and those that hold nested nodes.
_NESTED: dict[type, tuple[str, ...]] = {
    Turn: ("actions",),
    Take: ("onto", "also"),
    Meld: ("melds",),
    Add: ("target",),
    TableSide: ("melds",),
    Points: ("entries",),
}


@cache
def _content_fields(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in fields(cls))[2:]  # every node starts with line and column


def maker_for(node: Any, shift: int = 0, column: int | None = None) -> Maker:
    """A maker for `node` as remembered (its columns moved right by `shift`, its own column
    `column` if given): the nodes it holds get makers of their own, everything else is shared."""
    cls: type = type(node)
    at = node.column + shift if column is None else column
    named = _named_maker(node, cls, at, shift)
    if named is not None:
        return named
    nested = _NESTED.get(cls, ())
    values = tuple(getattr(node, name) for name in _content_fields(cls))
    # The common shapes get a maker that passes each value by position: unpacking a tuple into the
    # call (`*values`) costs about a third of making the node.
    if not any(getattr(node, name) for name in nested):
        if len(values) == 1:
            (value,) = values
            return lambda line, more: cls(line, at + more, value)
        return lambda line, more: cls(line, at + more, *values)
    held = [name for name in nested if getattr(node, name)]
    if len(held) == 1:  # one field holds nodes: the rest is shared
        i = _content_fields(cls).index(held[0])
        before, inner, after = values[:i], _nested_maker(values[i], shift), values[i + 1 :]
        return lambda line, more: cls(line, at + more, *before, inner(line, more), *after)
    parts = [
        _nested_maker(value, shift) if name in nested else _constant(value)
        for name, value in zip(_content_fields(cls), values, strict=True)
    ]
    return lambda line, more: cls(line, at + more, *[part(line, more) for part in parts])


# The nodes made for nearly every action, each made by a maker that names its class: compiled
# (setup.py), that is a direct call of the class's own `__init__`, where `cls(...)` is a generic
# call that a compiled class answers no faster than an interpreted one.
def _named_maker(node: Any, cls: type, at: int, shift: int) -> Maker | None:
    """A maker that calls the node's class by name (a draw, a discard, a meld of plain brackets,
    an addition, a meld's name), or None for the generic one."""
    if cls is Draw:
        cards = node.cards
        return lambda line, more: Draw(line, at + more, cards)
    if cls is Discard:
        card = node.card
        return lambda line, more: Discard(line, at + more, card)
    if cls is MeldSpec:
        held = node.cards
        return lambda line, more: MeldSpec(line, at + more, held)
    if cls is MeldRef:
        rank, high, index = node.rank, node.high, node.index
        return lambda line, more: MeldRef(line, at + more, rank, high, index)
    if cls is Meld and len(node.melds) == 1:  # most melds lay one bracket
        only = maker_for(node.melds[0], shift)
        return lambda line, more: Meld(line, at + more, (only(line, more),))
    if cls is Meld and node.melds:
        specs = [maker_for(spec, shift) for spec in node.melds]
        return lambda line, more: Meld(line, at + more, tuple([make(line, more) for make in specs]))
    if cls is Add:
        cards, target = node.cards, maker_for(node.target, shift)
        return lambda line, more: Add(line, at + more, cards, target(line, more))
    return None


def _nested_maker(value: Any, shift: int) -> Maker:
    if type(value) is tuple:
        makers = [maker_for(item, shift) for item in value]
        if len(makers) == 1:  # most melds lay one bracket
            (only,) = makers
            return lambda line, more: (only(line, more),)
        return lambda line, more: tuple([make(line, more) for make in makers])
    return _constant(None) if value is None else maker_for(value, shift)


def _constant(value: Any) -> Maker:
    return lambda line, more: value
