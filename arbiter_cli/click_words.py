"""Click's own words in the command line's language: the frame around every error and help page
("Usage:", "Try 'arbiter check --help' for help.", "Error:", "Options:") and the usage errors click
finds itself ("No such option", "Missing argument", "'x' is not one of ...").

Click marks its messages with the standard library's gettext (`from gettext import gettext as _`
in each of its modules), whose language comes from the environment. So the language is found from
the arguments before click parses them (`language_of_arguments`: --lang, else the configuration's
`lang`, else the environment), and for that run click's modules say their words through that
language's `click` catalogue (`speaking`: their `_` and `ngettext` point at it, and are given back
the standard functions after). English installs nothing. Neither the process's environment nor its
gettext domain is changed: they are the user's, and the libraries'.

The catalogue is arbiter/locale/<lang>/LC_MESSAGES/click.po, its messages extracted from the
installed click by tools/messages.py (docs/translations.md).
"""

from __future__ import annotations

import contextlib
import gettext
import os
import sys
from collections.abc import Iterator, Mapping, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

import click

from arbiter.i18n import DEFAULT_LANGUAGE, LOCALE_DIR, language_from_environment

from . import config
from .language import choose, chosen

DOMAIN = "click"
"""The catalogue of click's messages, beside the arbiter's own domains (arbiter.i18n.DOMAINS)."""


@dataclass(frozen=True)
class _Flags:
    """What the arguments say of the language, read before click parses them."""

    lang: str | None = None
    config_file: str | None = None
    isolated: bool = False


def _scan(args: Sequence[str]) -> _Flags:
    """--lang, --config and --isolated as click would read them (the last one given wins; no
    option after `--`)."""
    values: dict[str, str | None] = {}
    isolated = False
    words = iter(args)
    for word in words:
        if word == "--":
            break
        name, equals, value = word.partition("=")
        if name in ("--lang", "--config"):
            values[name] = value if equals else next(words, None)
        isolated = isolated or word == "--isolated"
    return _Flags(values.get("--lang"), values.get("--config"), isolated)


def language_of_arguments(args: Sequence[str], environ: Mapping[str, str] = os.environ) -> str:
    """The language the command line will speak (`language.choose`'s rules), found before click
    parses `args`. Where the language asked for is not one the arbiter speaks, the environment's:
    the usage error that says so is said in it."""
    flags = _scan(args)
    try:
        if flags.lang is not None:
            return choose(flags.lang, environ=environ)
        settings = config.load(flags.config_file, flags.isolated)
        return choose(None, settings.lang, settings.source, environ)
    except (click.UsageError, config.ConfigError):  # the command says why, in the environment's language
        return language_from_environment(environ)


_STANDARD = {"_": (gettext.gettext, "gettext"), "ngettext": (gettext.ngettext, "ngettext")}
"""The names click's modules give the standard library's gettext functions, and the method of a
catalogue that says the same."""

_WORDS: ContextVar[gettext.NullTranslations | None] = ContextVar("arbiter_cli.click_words", default=None)


def click_says(message: str) -> str:
    """One of click's messages in the language of the run (`speaking`), for the words click fixes
    when an option is declared, before the language is known (`params.SpokenPath`)."""
    words = _WORDS.get()
    return words.gettext(message) if words is not None else message


def _click_gettext() -> list[tuple[Any, str]]:
    """Each (module of click, name) that holds one of the standard gettext functions."""
    return [
        (module, name)
        for module_name, module in list(sys.modules.items())
        if module_name == "click" or module_name.startswith("click.")
        for name, (standard, _method) in _STANDARD.items()
        if getattr(module, name, None) is standard
    ]


@contextlib.contextmanager
def speaking(language: str) -> Iterator[None]:
    """For the time of the block, click says its words in `language` (and so do the callbacks
    that run while click parses: `language.said`)."""
    with chosen(language):
        if language == DEFAULT_LANGUAGE:
            yield
            return
        words = gettext.translation(DOMAIN, LOCALE_DIR, [language], fallback=True)
        marked = _click_gettext()
        token = _WORDS.set(words)
        try:
            for module, name in marked:
                setattr(module, name, getattr(words, _STANDARD[name][1]))
            yield
        finally:
            for module, name in marked:
                setattr(module, name, _STANDARD[name][0])
            _WORDS.reset(token)


class SpokenHelp(click.Option):
    """An option whose help is one of click's own messages, said in the run's language: click
    writes it when the option is declared (`Show the version and exit.`), before that is known."""

    @property  # type: ignore[override]
    def help(self) -> str | None:
        return click_says(self.english_help) if self.english_help else self.english_help

    @help.setter
    def help(self, english: str | None) -> None:
        self.english_help = english


class SpokenGroup(click.Group):
    """The command group whose runs say click's words in the command line's language."""

    def main(self, args: Sequence[str] | None = None, *rest: Any, **extra: Any) -> Any:
        language = language_of_arguments(sys.argv[1:] if args is None else args)
        with speaking(language):
            return super().main(args, *rest, **extra)
