"""The language the command line speaks: `--lang`, else `lang` in the configuration file, else the
environment (LANGUAGE, LC_ALL, LC_MESSAGES, LANG, as other command line tools read it), else
English. Codes, keys, option names and the notation stay as they are in every language."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator, Mapping
from contextvars import ContextVar
from pathlib import Path

import click

from arbiter.i18n import LANGUAGES, Text, Translator, language_from_environment, msg, translator

from . import config


def lang_option(command):  # type: ignore[no-untyped-def]
    """`--lang LANG`: the language of the words the command prints."""
    return click.option(
        "--lang",
        metavar="LANG",
        help=f"The language of the output: {', '.join(LANGUAGES)} [default: lang in [tool.arbiter], "
        "else the environment's LANGUAGE, LC_ALL, LC_MESSAGES or LANG, else en].",
    )(command)


def choose(
    flag: str | None, configured: str | None = None, source: Path | None = None, environ: Mapping[str, str] = os.environ
) -> str:
    """The language to speak: the flag, the configuration's `lang` (read from `source`), the
    environment, English; a flag or configured value the arbiter does not speak is a usage error."""
    if flag is not None:
        return _known(flag, "--lang", environ)
    if configured is not None:
        return _known(configured, f"lang ({source})" if source else "lang", environ)
    return language_from_environment(environ)


def _known(code: str, where: str, environ: Mapping[str, str]) -> str:
    language = code.strip().lower()
    if language not in LANGUAGES:
        problem = msg(
            "{where}: {code} is not a language the arbiter speaks (one of {known})",
            where=where,
            code=repr(code),
            known=", ".join(LANGUAGES),
        )
        raise click.UsageError(translator(language_from_environment(environ))(problem))  # not the one asked for
    return language


ENGLISH = translator()
"""What a renderer says outside a command, where no language was chosen."""

_CHOSEN: ContextVar[Translator | None] = ContextVar("arbiter_cli.language.chosen", default=None)
"""The one carrier of the reader's language on the command line: the translator of the language
found before click parsed the arguments (`chosen`), then of the one the command decided
(`speaker`). The renderers and every other part of a command say their words through it
(`current`, `said`, `spoken`); none is handed a translator of its own."""


def speaker(flag: str | None, configured: str | None = None, source: Path | None = None) -> Translator:
    """The translator of the language `choose` picks, made the run's (`_CHOSEN`, until the
    `chosen` block of the run ends) so that its usage errors are said in that language too (`spoken`)."""
    say = translator(choose(flag, configured, source))
    _CHOSEN.set(say)
    return say


@contextlib.contextmanager
def chosen(language: str) -> Iterator[None]:
    """`language` is the command line's for the time of the block, before a command's `speaker`
    decides: the usage errors of the callbacks that run while click parses are said in it; what
    `speaker` decides within the block is forgotten with it."""
    token = _CHOSEN.set(translator(language))
    try:
        yield
    finally:
        _CHOSEN.reset(token)


def current() -> Translator:
    """The translator of the command's language: the one `speaker` chose, else the one `chosen`
    before click parsed, else English (a renderer used outside a command)."""
    return _CHOSEN.get() or ENGLISH


def spoken(error: BaseException) -> str:
    """An error's message in the command's language (`current`); a message that is not a `Text`
    is given as it is."""
    message = error.args[0] if error.args and isinstance(error.args[0], Text) else str(error)
    return said(message)


def said(message: str) -> str:
    """`message` in the command's language (`current`)."""
    return current()(message)


def configured_language() -> tuple[str | None, Path | None]:
    """`lang` in the configuration file found from the current folder, and that file, for the
    commands that take no --config (a file that cannot be read leaves the choice to the others)."""
    try:
        found = config.load()
    except config.ConfigError:
        return None, None
    return found.lang, found.source
