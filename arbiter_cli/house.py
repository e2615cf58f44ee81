"""The command line's side of house rulebooks (docs/house-rules.md): `check --house FILE`, and
`rules --house FILE` and `rules --compare A B`."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

import click

from arbiter.i18n import msg
from arbiter.rules import UsageError

from .language import said, spoken
from .params import SpokenPath

if TYPE_CHECKING:
    from arbiter.house import Rulebook, Shelf

# The rulebooks and the rule sets (with the engine they play on) are imported when a rulebook is
# read: the option itself is declared for every command (tests/test_startup_imports.py).


def house_option(help: str):  # type: ignore[no-untyped-def]
    """`--house FILE`, repeatable: house rulebooks."""
    return click.option(
        "--house", "house_files", multiple=True, metavar="FILE", type=SpokenPath(dir_okay=False), help=help
    )


def load(path: str) -> Rulebook:
    """The rulebook in `path`, or a usage error (exit 2) saying what is wrong with it."""
    from arbiter import house

    try:
        return house.load(path)
    except house.RulebookError as error:
        raise click.UsageError(spoken(error)) from None


def books(files: tuple[str, ...]) -> tuple[Rulebook | None, Shelf | None]:
    """The rulebooks of `--house` (or the configuration's `house`), as `arbiter.Request` takes
    them: the first judges the records whose tags name none; every one is at hand (the shelf) for
    the records whose House tag names it."""
    if not files:
        return None, None
    from arbiter.house import Shelf

    loaded = [load(path) for path in files]
    return loaded[0], Shelf(loaded)


def rulebook_or_family(word: str) -> Rulebook:
    """A rulebook file, or a family's name standing for its defaults (`arbiter rules --compare`)."""
    from arbiter import families as rulesets
    from arbiter import house

    if word.endswith(house.SUFFIX) or os.path.isfile(word):
        return load(word)
    try:
        rulesets.get(word)
    except UsageError:
        names = ", ".join(rulesets.names())
        problem = msg(
            "{word} is neither a rulebook file (*.rules.toml) nor a rule set ({names})", word=repr(word), names=names
        )
        raise click.UsageError(said(problem)) from None
    return house.defaults(word)


def comparison(first: str, second: str, lang: str | None = None) -> str:
    from arbiter import house

    try:
        return house.comparison(rulebook_or_family(first), rulebook_or_family(second), lang)
    except house.RulebookError as error:
        raise click.UsageError(spoken(error)) from None
