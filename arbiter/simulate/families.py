"""The families the simulator plays, by name: each family package of the explicit list
(`arbiter.families.PACKAGES`) that has bots (a `bots` module declaring its `FAMILY`), found by the
names and aliases the family's rule set carries. Nothing else registers a family."""

from __future__ import annotations

import importlib
import importlib.util
from functools import cache

from ..bots.family import Family, SimOption, SimValue
from ..families import PACKAGES
from ..i18n import msg
from ..rules.base import UsageError


@cache
def _played() -> dict[str, Family]:
    """Each family the simulator plays, by its name and by each alias of its rule set."""
    found: dict[str, Family] = {}
    for package in PACKAGES:
        module = f"{package.__name__}.bots"
        if importlib.util.find_spec(module) is None:
            continue
        played: Family = importlib.import_module(module).FAMILY
        for name in (played.name, *package.RULES.aliases):
            found[name] = played
    return found


def family(name: str) -> Family:
    key = name.strip().lower()
    try:
        return _played()[key]
    except KeyError:
        raise UsageError(
            msg("unknown rule set {name}; the simulator plays: {known}", name=repr(name), known=", ".join(names()))
        ) from None


def registered() -> tuple[Family, ...]:
    """Every family the simulator plays, by name."""
    return tuple(family(name) for name in names())


def names() -> tuple[str, ...]:
    return tuple(sorted({played.name for played in _played().values()}))


__all__ = ["Family", "SimOption", "SimValue", "family", "names", "registered"]
